// Side by side with chess.js in one process: random games (every query
// at every ply), the perft suite's positions, PGN both ways, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Chess as Ref, validateFen as refValidateFen } from 'chess.js';
import { Chess, validateFen } from '../src/index.js';
import { FIELDS, bySan, compareState, rng, shape } from './support.mjs';

test('random games agree with chess.js at every ply', () => {
  const random = rng(52);
  for (let game = 0; game < 25; game++) {
    const ours = new Chess();
    const ref = new Ref();
    for (let ply = 0; ply < 300 && !ref.isGameOver(); ply++) {
      const where = `game ${game} ply ${ply} (${ref.fen()})`;
      // chess.js's verbose moves cost it milliseconds: every fourth ply.
      compareState(ours, ref, where, ply % 4 === 0);
      const legal = ref.moves();
      const san = legal[Math.floor(random() * legal.length)];
      // Half the moves by SAN, half as chess.js's { from, to, promotion }.
      if (random() < 0.5) {
        assert.deepEqual(shape(ours.move(san)), shape(ref.move(san)), `move ${san} ${where}`);
      } else {
        const m = ref.moves({ verbose: true }).find((x) => x.san === san);
        const obj = { from: m.from, to: m.to, promotion: m.promotion ?? 'q' };
        assert.deepEqual(shape(ours.move(obj)), shape(ref.move(obj)), `move ${JSON.stringify(obj)} ${where}`);
      }
      if (random() < 0.05) {
        assert.deepEqual(shape(ours.undo()), shape(ref.undo()), `undo ${where}`);
      }
    }
    compareState(ours, ref, `game ${game} end`);
    assert.deepEqual(ours.history(), ref.history(), `history of game ${game}`);
    assert.deepEqual(ours.history({ verbose: true }).map(shape), ref.history({ verbose: true }).map(shape));
    // PGN both ways: each reads the other's.
    const fromOurs = new Ref();
    fromOurs.loadPgn(ours.pgn());
    assert.deepEqual(fromOurs.history(), ref.history(), `chess.js reads our PGN of game ${game}`);
    const fromRef = new Chess();
    fromRef.loadPgn(ref.pgn());
    assert.deepEqual(fromRef.history(), ref.history(), `we read chess.js's PGN of game ${game}`);
    assert.equal(fromRef.fen(), ref.fen());
  }
});

test('draw rules: threefold repetition, fifty moves, insufficient material, stalemate', () => {
  const lines = [
    [undefined, ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']],
    ['7k/8/8/8/8/8/8/K5R1 w - - 98 80', ['Rg2', 'Kh7']],
    ['6k1/8/8/8/4b3/8/8/K6R w - - 0 1', ['Rh7', 'Bxh7']],
    ['6k1/5ppp/8/8/8/8/8/K3R3 w - - 0 1', ['Re8#']],
    ['k7/2Q5/8/8/8/8/8/K7 w - - 0 1', ['Qb6']],
  ];
  for (const [fen, moves] of lines) {
    const ours = new Chess(fen);
    const ref = new Ref(fen);
    for (const san of moves) {
      ours.move(san);
      ref.move(san);
      compareState(ours, ref, `${fen} after ${san}`);
    }
  }
});

test('the perft suite: moves, verbose moves and perft agree with chess.js', () => {
  const epd = readFileSync(new URL('../../tests/data/quick.epd', import.meta.url), 'utf8');
  let n = 0;
  for (const line of epd.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [fen, ...counts] = line.split(';').map((s) => s.trim());
    const full = fen.split(' ').length === 4 ? `${fen} 0 1` : fen;
    let ref;
    try {
      ref = new Ref(full);
    } catch {
      continue; // chess.js refuses some legal positions the suite holds
    }
    const ours = new Chess(full, { skipValidation: true });
    compareState(ours, ref, `suite line ${n}: ${full}`);
    for (const c of counts) {
      const [d, expected] = c.split(' ');
      const depth = Number(d.slice(1));
      if (depth <= 3) assert.equal(ours.perft(depth), Number(expected), `perft ${depth} of ${full}`);
    }
    if (n % 40 === 0) assert.equal(ours.perft(2), ref.perft(2), `perft 2 vs chess.js of ${full}`);
    n++;
  }
  assert.ok(n > 300, `${n} positions compared`);
});

test('errors are thrown as chess.js throws them, with the library message', () => {
  assert.throws(() => new Chess('not a fen'), /^Error: Invalid FEN: /);
  assert.throws(() => new Ref('not a fen'), /^Error: Invalid FEN/);
  const ours = new Chess();
  assert.throws(() => ours.move('Ke2'), (e) => e.message.startsWith('Invalid move: Ke2') && /own side/.test(e.message));
  assert.throws(() => ours.move({ from: 'e2', to: 'e5' }), /^Error: Invalid move: \{"from":"e2","to":"e5"\}/);
  assert.throws(() => ours.loadPgn('1. e4 e5 2. Ke3'), /Invalid PGN: .*Ke3/);
  assert.equal(ours.fen(), new Ref().fen(), 'a failed move leaves the game as it was');
  for (const fen of ['8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1']) {
    assert.equal(validateFen(fen).ok, refValidateFen(fen).ok, fen);
  }
  assert.match(validateFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1').error, /side to move/);
});

test('setTurn as chess.js does it', () => {
  for (const fen of ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '4k3/8/8/8/8/8/8/4K2R w K - 0 1', '4k3/4R3/8/8/8/8/8/4K3 b - - 0 1']) {
    const ours = new Chess(fen);
    const ref = new Ref(fen);
    for (const color of ['w', 'b']) {
      let expected;
      try {
        expected = ref.setTurn(color);
      } catch (e) {
        assert.throws(() => ours.setTurn(color), { message: e.message });
        continue;
      }
      assert.equal(ours.setTurn(color), expected, `setTurn ${color} in ${fen}`);
      assert.equal(ours.fen(), ref.fen(), `after setTurn ${color} in ${fen}`);
      // chess.js's setTurn is its null move, in the history.
      assert.deepEqual(ours.history(), ref.history(), `history after setTurn ${color} in ${fen}`);
      assert.equal(ours.pgn(), ref.pgn(), `pgn after setTurn ${color} in ${fen}`);
    }
    const [a, b] = [ours.undo(), ref.undo()];
    assert.equal(a?.san, b?.san, `undo after setTurn in ${fen}`);
    assert.equal(ours.fen(), ref.fen(), `undo after setTurn in ${fen}`);
  }
});

test('setCastlingRights as chess.js does it', () => {
  const fens = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1',
    '4k3/8/8/8/8/8/8/4K2R w K - 0 1',
    'r3k3/8/8/8/8/8/8/R4K1R b - - 0 1',
  ];
  const asks = [{ k: false }, { q: false }, { k: true }, { q: true }, { k: true, q: true }, { k: false, q: true }, {}];
  for (const fen of fens) {
    for (const color of ['w', 'b']) {
      for (const rights of asks) {
        const ours = new Chess(fen);
        const ref = new Ref(fen);
        const where = `setCastlingRights(${color}, ${JSON.stringify(rights)}) in ${fen}`;
        assert.equal(ours.setCastlingRights(color, rights), ref.setCastlingRights(color, rights), where);
        assert.deepEqual(ours.getCastlingRights(color), ref.getCastlingRights(color), where);
        assert.equal(ours.fen(), ref.fen(), where);
        assert.deepEqual(ours.moves().sort(), ref.moves().sort(), where);
      }
    }
  }
  // In Chess960 a right is given with the outermost rook on its side
  // (king takes rook in UCI; the kingside castling is into the g8 rook's file).
  const game = new Chess('1r2k1r1/8/8/8/8/8/8/1R2K1R1 w - - 0 1', { chess960: true });
  assert.equal(game.setCastlingRights('w', { k: true, q: true }), true);
  assert.equal(game.fen(), '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1');
  assert.ok(game.moves({ verbose: true }).some((m) => m.lan === 'e1b1' && m.flags === 'q'));
});

test('board editing: get, put, remove, clear', () => {
  const ours = new Chess();
  const ref = new Ref();
  assert.deepEqual(ours.get('e1'), ref.get('e1'));
  assert.equal(ours.get('e4'), ref.get('e4'));
  assert.deepEqual(ours.remove('d8'), ref.remove('d8'));
  assert.equal(ours.put({ type: 'q', color: 'b' }, 'h4'), ref.put({ type: 'q', color: 'b' }, 'h4'));
  assert.equal(ours.fen(), ref.fen());
  assert.deepEqual(ours.moves().sort(), ref.moves().sort());
  ours.clear();
  ref.clear();
  assert.equal(ours.fen(), ref.fen());
  assert.deepEqual(ours.moves(), []);
  ours.put({ type: 'k', color: 'w' }, 'e1');
  ours.put({ type: 'k', color: 'b' }, 'e8');
  ours.put({ type: 'r', color: 'w' }, 'a1');
  assert.equal(ours.fen(), '4k3/8/8/8/8/8/8/R3K3 w - - 0 1');
  assert.equal(ours.moves().length, 15);
});

test('PGN headers and comments as chess.js keeps them', () => {
  const ours = new Chess();
  const ref = new Ref();
  for (const g of [ours, ref]) {
    g.setHeader('White', 'Morphy');
    g.move('e4');
    g.setComment('best by test');
    g.move('e5');
  }
  assert.equal(ours.getHeaders().White, 'Morphy');
  assert.deepEqual(ours.getComments(), ref.getComments());
  assert.equal(ours.getComment(), ref.getComment());
  assert.equal(ours.pgn(), ref.pgn());
  const back = new Ref();
  back.loadPgn(ours.pgn());
  assert.deepEqual(back.getComments(), ref.getComments());
  assert.equal(back.getHeaders().White, 'Morphy');
  assert.deepEqual(ours.removeComments(), ref.removeComments());
  assert.deepEqual(ours.getComments(), []);
});

test('a move played keeps its texts: read later, after more moves or an undo, they are as chess.js gave them at once', () => {
  const ours = new Chess();
  const ref = new Ref();
  const line = ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qa5', 'd4', 'c6', 'Nf3', 'Bg4', 'Bf4', 'e6', 'h3', 'Bxf3', 'Qxf3', 'Bb4', 'Be2', 'Nd7', 'a3', 'O-O-O'];
  const kept = line.map((san) => [ours.move(san), shape(ref.move(san))]);
  const undone = [ours.undo(), shape(ref.undo())];
  for (const [move, expected] of [...kept, undone]) {
    assert.deepEqual(shape(move), expected, `the move ${expected.san}`);
    const json = JSON.parse(JSON.stringify(move));
    for (const f of FIELDS) assert.equal(json[f], expected[f], `the move ${expected.san} as JSON: ${f}`);
  }
});

test('undo() answers the move taken back, after any change of the game since it was played', () => {
  const line = ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6'];
  const ours = new Chess();
  const ref = new Ref();
  // Undone at once, after more moves, twice in a row, and after an undo and another move.
  for (const [i, san] of line.entries()) {
    assert.deepEqual(shape(ours.move(san)), shape(ref.move(san)));
    if (i % 3 === 2) {
      assert.deepEqual(shape(ours.undo()), shape(ref.undo()), `undo after ${san}`);
      assert.deepEqual(shape(ours.undo()), shape(ref.undo()), `second undo after ${san}`);
      for (const again of line.slice(i - 1, i + 1)) assert.deepEqual(shape(ours.move(again)), shape(ref.move(again)));
    }
  }
  // A game read from PGN, then undone.
  const pgn = new Chess();
  const pgnRef = new Ref();
  pgn.loadPgn(ref.pgn());
  pgnRef.loadPgn(ref.pgn());
  assert.deepEqual(shape(pgn.undo()), shape(pgnRef.undo()), 'undo after loadPgn');
  // A move then a new position: nothing to take back, as chess.js.
  for (const change of [(g) => g.load('8/8/8/4k3/8/8/4P3/4K3 w - - 0 1'), (g) => g.reset(), (g) => g.clear()]) {
    const g = new Chess();
    const r = new Ref();
    g.move('e4');
    r.move('e4');
    change(g);
    change(r);
    assert.equal(g.undo(), r.undo(), `undo after ${change}`);
    assert.equal(g.fen(), r.fen());
  }
  // The board edited after a move: the history starts again from it here
  // (js/README: where this package differs), so nothing is taken back.
  for (const edit of [(g) => g.put({ type: 'p', color: 'w' }, 'a3'), (g) => g.remove('h2'), (g) => g.setCastlingRights('w', { k: false })]) {
    const g = new Chess();
    g.move('e4');
    const fen = g.fen();
    edit(g);
    assert.equal(g.undo(), null, `undo after ${edit}`);
    assert.notEqual(g.fen(), fen);
  }
  // By 16-bit move, and the null move.
  const bits = new Chess();
  const played = bits.move('e4');
  bits.undo();
  assert.deepEqual(shape(bits.moveBits(played.bits)), shape(played));
  assert.deepEqual(shape(bits.undo()), shape(played));
  const nullRef = new Ref();
  const nullOurs = new Chess();
  assert.deepEqual(shape(nullOurs.move(null)), shape(nullRef.move(null)));
  assert.deepEqual(shape(nullOurs.undo()), shape(nullRef.undo()));
});

test('games not changed since made or loaded (which share one game in the module) answer for themselves', () => {
  const fens = [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  ];
  const ours = fens.map((fen) => new Chess(fen));
  const refs = fens.map((fen) => new Ref(fen));
  const agree = (where) => {
    for (let i = 0; i < ours.length; i++) {
      assert.deepEqual(ours[i].board(), refs[i].board(), `board of game ${i} ${where}`);
      assert.deepEqual(ours[i].moves({ verbose: true }).map(shape).sort(bySan), refs[i].moves({ verbose: true }).map(shape).sort(bySan), `moves of game ${i} ${where}`);
      assert.equal(ours[i].fen(), refs[i].fen(), `fen of game ${i} ${where}`);
      assert.deepEqual(ours[i].history(), refs[i].history(), `history of game ${i} ${where}`);
    }
  };
  agree('as made');
  agree('asked again, in turn');
  for (const g of [ours[1], refs[1]]) g.move('Nxd7');
  agree('after a move in game 1');
  assert.throws(() => ours[2].load('8/8/8 w - - 0 1'));
  assert.throws(() => refs[2].load('8/8/8 w - - 0 1'));
  agree('after a failed load in game 2');
  for (const g of [ours[0], refs[0]]) g.load(fens[2]);
  for (const g of [ours[2], refs[2]]) g.setHeader('White', 'Ann');
  assert.equal(ours[2].getHeaders().White, 'Ann');
  agree('after a load in game 0 and a header in game 2');
  const san = refs[0].moves()[0];
  for (const g of [ours[0], refs[0]]) g.move(san);
  for (const g of [ours[1], refs[1]]) g.undo();
  agree('after a move in game 0 and an undo in game 1');
});
