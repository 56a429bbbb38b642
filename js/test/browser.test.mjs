// The demo page in headless Chromium (Debian's, driven by playwright-core):
// load, play a line by clicking, read a PGN with side lines, walk it, run
// perft; a screenshot lands in js/test-results/demo.png. Then the core
// entry (src/core.js) in a page of its own, its module sent as
// application/wasm and as another type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { noChromium, origin, serve, withChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the demo page in headless Chromium', { skip: noChromium }, async () => {
  const server = await serve(root, { '/empty.html': '<!doctype html><title>empty</title>' });
  try {
    await withChromium(async (browser) => {
      const page = await browser.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${origin(server)}/demo/index.html`);
      await page.waitForSelector('#board [data-square="e2"]');
      assert.equal(await page.textContent('#status'), 'White to move');

      // Hints: a click on e2 marks e3 and e4.
      await page.click('[data-square="e2"]');
      assert.deepEqual(await page.$$eval('.hint', (els) => els.map((e) => e.dataset.square).sort()), ['e3', 'e4']);
      // Play 1. e4 e5 2. Nf3 Nc6 3. Bb5 by clicks.
      for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5']]) {
        await page.click(`[data-square="${from}"]`);
        await page.click(`[data-square="${to}"]`);
      }
      assert.equal(await page.textContent('#moves'), '1. e4 e5 2. Nf3 Nc6 3. Bb5');
      assert.equal(await page.textContent('#status'), 'Black to move');
      assert.equal(await page.textContent('[data-square="b5"]'), '♗');
      assert.equal(await page.getAttribute('#board', 'data-fen'), 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');

      // Perft of the position on the board.
      await page.fill('#depth', '3');
      await page.click('#perft');
      assert.equal(await page.getAttribute('#perftResult', 'data-nodes'), '28579');

      // The PGN viewer: side lines and comments shown, a side line's move clicked.
      await page.click('#loadPgn');
      const tree = await page.textContent('#tree');
      assert.match(tree, /1\. e4 e5 \( 1\.\.\. c5 \{the Sicilian\} 2\. Nf3 d6 \( 2\.\.\. Nc6 3\. d4 \) \) 2\. Nf3! Nc6 3\. Bb5 a6 \*/);
      await page.click('#tree .mv:text("3. d4")');
      assert.equal(await page.getAttribute('#board', 'data-fen'), 'r1bqkbnr/pp1ppppp/2n5/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3');
      assert.equal(await page.textContent('[data-square="d4"]'), '♙');
      // A bad PGN shows the library's message.
      await page.fill('#pgn', '1. e4 e5 2. Ke3');
      await page.click('#loadPgn');
      assert.match(await page.textContent('#pgnError'), /Invalid PGN: .*Ke3/);
      await page.fill('#pgn', '1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 *');
      await page.click('#loadPgn');
      await page.click('#tree .mv:text("3. Bb5")');

      mkdirSync(join(root, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(root, 'test-results', 'demo.png') });
      assert.deepEqual(errors, []);

      // The core entry in a page of its own: it loads its module, plays,
      // and its PGN reading says it needs the full module. Then again from
      // a server that sends the module as application/octet-stream, which
      // streaming compilation refuses: the entry reads it whole instead.
      const plain = await serve(root, { '/empty.html': '<!doctype html><title>empty</title>' }, { '.wasm': 'application/octet-stream' });
      try {
        for (const at of [server, plain]) {
          const core = await browser.newPage();
          await core.goto(`${origin(at)}/empty.html`);
          const answers = await core.evaluate(async () => {
            const { Chess } = await import('/src/core.js');
            const game = new Chess();
            game.move('e4');
            let error = '';
            try {
              game.loadPgn('1. d4 *');
            } catch (e) {
              error = e.message;
            }
            return { moves: game.moves().length, fen: game.fen(), error };
          });
          assert.deepEqual(answers, {
            moves: 20,
            fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
            error: "Reading PGN (loadPgn, readPgn) needs the full module: import from 'chess-movegen', not 'chess-movegen/core' (a program has the module of the entry it loads first)",
          });
        }
      } finally {
        plain.close();
      }
    });
  } finally {
    server.close();
  }
});
