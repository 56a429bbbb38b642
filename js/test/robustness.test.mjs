// Bad input gives an Error with a message, never a WebAssembly trap, and
// leaves the module working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, DEFAULT_POSITION, readPgn, validateFen, writePgn } from '../src/index.js';
import { rng } from './support.mjs';

const ALPHABET = 'KQRBNPkqrbnp12345678/ -abcdefgh0x+#=O{}()[]$;."\n\u00e9\u{1f600}\u0000';

function garbage(random, max) {
  let s = '';
  const len = Math.floor(random() * max);
  for (let i = 0; i < len; i++) s += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return s;
}

/** Runs `f`; an exception must be a plain Error with a message. */
function failsCleanly(f, what) {
  try {
    f();
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${what}: trapped: ${e}`);
    assert.ok(e instanceof Error && e.message.length > 0 && e.message.length < 400, `${what}: ${e}`);
  }
}

test('random text into every entry point', () => {
  const random = rng(7);
  const game = new Chess();
  for (let i = 0; i < 3000; i++) {
    const text = garbage(random, 80);
    const what = JSON.stringify(text);
    failsCleanly(() => new Chess(text), `new Chess ${what}`);
    failsCleanly(() => new Chess(text, { skipValidation: true, chess960: true }).moves(), `skipValidation ${what}`);
    failsCleanly(() => game.move(text), `move ${what}`);
    failsCleanly(() => game.move({ from: text.slice(0, 2), to: text.slice(2, 4), promotion: text.slice(4, 5) }), `move obj ${what}`);
    failsCleanly(() => game.toUci(text), `toUci ${what}`);
    failsCleanly(() => readPgn(text), `readPgn ${what}`);
    failsCleanly(() => new Chess().loadPgn(text), `loadPgn ${what}`);
    failsCleanly(() => writePgn({ headers: { [text.slice(0, 5) || 'X']: text }, fen: text, moves: [{ san: text }] }), `writePgn ${what}`);
    failsCleanly(() => game.setHeader(text, text), `setHeader ${what}`);
    failsCleanly(() => game.moveBits(Math.floor(random() * 65536)), 'moveBits');
    assert.equal(typeof validateFen(text).ok, 'boolean');
    failsCleanly(() => game.put({ type: text[0], color: text[1] }, text.slice(2, 4)), `put ${what}`);
  }
  // Still working, and the failed moves left no trace.
  assert.ok(game.history().length < 3000);
  game.reset();
  assert.equal(game.perft(3), 8902);
});

test('a deep tree of side lines reads and writes without recursion', () => {
  let pgn = '1. e4 e5';
  for (let i = 0; i < 2000; i++) pgn += ' (1... d5';
  for (let i = 0; i < 2000; i++) pgn += ')';
  const tree = readPgn(`${pgn} *`);
  // Each side line's first move holds the next one.
  let depth = 0;
  for (let node = tree.moves[1]; node?.variations.length; node = node.variations[0][0]) depth++;
  assert.equal(depth, 2000);
  assert.ok(writePgn(tree).length > 8000);
});

test('null moves in trees: written as --, refused in check', () => {
  assert.equal(writePgn({ headers: {}, moves: [{ san: 'e4' }, { san: '--' }, { san: 'd4' }] }).trim(), '1. e4 -- 2. d4 *');
  assert.deepEqual(readPgn('1. e4 -- 2. d4 *').moves.map((m) => m.uci), ['e2e4', '0000', 'd2d4']);
  assert.throws(() => writePgn({ headers: {}, fen: '4k3/8/8/8/8/8/8/R3K2r w - - 0 1', moves: [{ san: '--' }] }), /null move in check/);
});

test('a null move in check and over-long input are refused with a message', () => {
  const game = new Chess('rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3');
  assert.throws(() => game.move(null), /Null move not allowed when in check/);
  assert.throws(() => game.moveBits(0), /null move/);
  game.load('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  failsCleanly(() => game.move('e4'.repeat(100000)), 'long move');
  assert.equal(game.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
});

test("the module's allocator reuses freed memory: games made, played and freed over and over do not grow it", async () => {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(new URL('../src/chess_movegen.wasm', import.meta.url));
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const w = instance.exports;
  const text = (s) => {
    const room = s.length;
    const ptr = w.io_reserve(room);
    new Uint8Array(w.memory.buffer, ptr, room).set(Buffer.from(s, 'latin1'));
    return room;
  };
  const pgn = '[Event "x"]\n\n1. e4 (1. d4 d5 {a comment} 2. c4) e5 2. Nf3 $1 Nc6 3. Bb5 a6 *\n';
  const round = () => {
    const h = w.session_new();
    assert.ok(w.load(h, text('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'), 0) >= 0);
    assert.ok(w.moves(h, 64, 0, 1) > 0);
    assert.ok(w.play(h, text('Nxd7'), 0) > 0);
    assert.ok(w.history(h, 1) > 0);
    assert.ok(w.pgn_tree_read(text(pgn)) > 0);
    assert.ok(w.pgn(h) > 0);
    w.session_free(h);
  };
  for (let i = 0; i < 2000; i++) round();
  const settled = w.memory.buffer.byteLength;
  for (let i = 0; i < 20000; i++) round();
  assert.equal(w.memory.buffer.byteLength, settled, 'memory grew while the same work was repeated');
});

test('a freed game throws, and never reaches the game that reuses its memory', () => {
  for (const changed of [false, true]) {
    const a = new Chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    if (changed) a.move('Nxd7');
    a.fen();
    a.moves();
    a.free();
    a.free();
    const b = new Chess();
    b.move('e4');
    for (const f of [() => a.fen(), () => a.moves(), () => a.move('e5'), () => a.undo(), () => a.load(DEFAULT_POSITION), () => a.board()]) {
      assert.throws(f, /freed/);
    }
    assert.equal(b.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    assert.deepEqual(b.history(), ['e4']);
  }
});

test('a comment before a side line\'s first move stays on that move when written', () => {
  const tree = readPgn('1. e4 ( { start } 1. d4 d5 ) 1... e5 *');
  assert.deepEqual(tree.moves[0].variations[0][0].startingComments, ['start']);
  assert.deepEqual(tree.moves[0].startingComments, []);
  assert.deepEqual(readPgn(writePgn(tree)), tree);
});

test('Polyglot keys: the book format\'s published examples', () => {
  const game = new Chess();
  assert.equal(game.polyglotKey(), '463b96181691fc9c');
  game.move('e4');
  assert.equal(game.polyglotKey(), '823c9b50fd114196');
  game.move('d5');
  assert.equal(game.polyglotKey(), '0756b94461c50fb0');
});

test('move() with what is neither a text nor { from, to } throws an Error naming it, as chess.js does', () => {
  const cyclic = { from: 'e2' };
  cyclic.self = cyclic;
  const cases = [
    [undefined, 'undefined'], [42, '42'], [true, 'true'], [{}, '{}'], [{ to: 'e4' }, '{"to":"e4"}'],
    [{ from: 'e2', to: 4 }, '{"from":"e2","to":4}'], [Symbol('x'), 'Symbol(x)'], [cyclic, '[object Object]'],
  ];
  for (const [bad, shown] of cases) {
    const game = new Chess();
    assert.throws(() => game.move(bad), (e) => e.constructor === Error && e.message.startsWith(`Invalid move: ${shown}: `), String(shown));
    assert.equal(game.fen(), DEFAULT_POSITION);
  }
});

test("the package keeps reading and writing the module's memory after it grows", () => {
  const game = new Chess();
  const played = game.move('e4');
  // Far more text than the module has room for yet: sending it grows the
  // memory, which detaches the buffer every earlier view was made on.
  const other = new Chess();
  assert.throws(() => other.loadPgn(`[Event "x"]\n\n1. e4 {${'x'.repeat(48 << 20)}} e5 *\n`), (e) => e instanceof Error && /comment/i.test(e.message));
  other.loadPgn('1. d4 d5 2. c4 *');
  assert.equal(other.history().join(' '), 'd4 d5 c4');
  assert.equal(played.san, 'e4');
  assert.equal(played.after, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  game.move({ from: 'e7', to: 'e5' });
  assert.equal(game.fen(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
});

test('loadPgn with strict reads side lines nested to any depth in one pass', async () => {
  // 64,000 side lines, each inside the one before: a pass per level of
  // nesting takes over a minute here, one pass a fraction of a second.
  // Run in a worker, so that a deadline can stop it.
  const { Worker } = await import('node:worker_threads');
  const source = `
    import { parentPort } from 'node:worker_threads';
    import { Chess } from ${JSON.stringify(new URL('../src/index.js', import.meta.url).href)};
    const depth = 64000;
    const line = (last) => \`1. e4 \${'(1. d4 '.repeat(depth)}d5\${')'.repeat(depth)} \${last} *\`;
    const game = new Chess();
    game.loadPgn(line('e5'), { strict: true });
    let error = '';
    try { game.loadPgn(line('e7e5'), { strict: true }); } catch (e) { error = e.message; }
    parentPort.postMessage({ history: game.history().join(' '), error });
  `;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`));
  let deadline;
  const answer = await Promise.race([
    new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); }),
    new Promise((resolve) => { deadline = setTimeout(() => resolve(null), 30000); }),
  ]);
  clearTimeout(deadline);
  await worker.terminate();
  assert.ok(answer, 'loadPgn did not finish within 30 s');
  assert.equal(answer.history, 'e4 e5');
  assert.match(answer.error, /Invalid move in PGN: e7e5/);
});
