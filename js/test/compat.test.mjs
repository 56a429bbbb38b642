// What a chess.js program sees, side by side with chess.js in one
// process: headers, FENs chess.js reads, move objects as printed and
// serialised, the move helpers, strict SAN, and PGN loading corners.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepEqual as looseDeepEqual } from 'node:assert';
import { inspect } from 'node:util';
import refDefault, { Chess as Ref, validateFen as refValidateFen } from 'chess.js';
import ours, { Chess, SQUARES, validateFen } from '../src/index.js';
import * as ourNames from '../src/index.js';
import oursInNode from '../src/node.js';
import { rng } from './support.mjs';

/** Runs `f` on a fresh game of each library; returns [ours, chess.js's] answers. */
const both = (f, fen) => [f(fen === undefined ? new Chess() : new Chess(fen)), f(fen === undefined ? new Ref() : new Ref(fen))];

test('the default import is the exports as one object, as chess.js\'s in Node: a program written `import chess from ...` runs', () => {
  for (const pkg of [ours, oursInNode]) {
    const game = new pkg.Chess();
    game.move('e4');
    assert.deepEqual(game.moves().slice(0, 3), new refDefault.Chess('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1').moves().slice(0, 3));
    assert.equal(pkg.validateFen(pkg.DEFAULT_POSITION).ok, true);
    // Every named export is in it, and every public name chess.js's has.
    assert.deepEqual(Object.keys(pkg).sort(), Object.keys(ourNames).filter((k) => k !== 'default').sort());
    for (const name of Object.keys(refDefault)) if (name !== 'xoroshiro128' && name !== 'default') assert.ok(name in pkg, name);
  }
});

test('getHeaders: the seven-tag roster always, SetUp and FEN for a set-up start, as chess.js', () => {
  const setUp = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  const cases = [
    ['a new game', (g) => g.getHeaders()],
    ['a game from a FEN', (g) => g.getHeaders(), setUp],
    ['a FEN game after a move', (g) => (g.move('e5'), g.getHeaders()), setUp],
    ['setHeader answers', (g) => g.setHeader('Event', 'Test')],
    ['setHeader with null', (g) => (g.setHeader('Round', '5'), g.setHeader('Opening', 'x'), g.setHeader('Round', null), g.setHeader('Opening', null))],
    ['removeHeader', (g) => [g.removeHeader('White'), g.setHeader('ECO', 'C20') && g.removeHeader('ECO'), g.removeHeader('NoSuchTag'), g.getHeaders()]],
    // chess.js's deprecated header() also lists its null placeholders.
    ['header()', (g) => Object.fromEntries(Object.entries(g.header('White', 'Ann', 'Black', 'Bob')).filter(([, v]) => v !== null))],
    ['clear', (g) => (g.setHeader('White', 'Ann'), g.clear(), g.getHeaders()), setUp],
    ['clear keeping headers', (g) => (g.setHeader('White', 'Ann'), g.clear({ preserveHeaders: true }), g.getHeaders())],
    ['load', (g) => (g.setHeader('White', 'Ann'), g.load(setUp), g.getHeaders())],
    ['load keeping headers', (g) => (g.setHeader('White', 'Ann'), g.load(setUp, { preserveHeaders: true }), g.getHeaders())],
    ['reset', (g) => (g.setHeader('White', 'Ann'), g.reset(), g.getHeaders()), setUp],
    ['put and remove back to the start position', (g) => (g.put({ type: 'p', color: 'w' }, 'e2'), g.remove('e4'), g.getHeaders()), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1'],
    ['put and remove to another position', (g) => (g.remove('a2'), g.getHeaders())],
  ];
  for (const [what, f, fen] of cases) {
    const [ours, ref] = both(f, fen);
    assert.deepEqual(ours, ref, what);
  }
});

test('loadPgn: headers, the result of the movetext, an empty text, a FEN tag in any case', () => {
  const texts = [
    '[Event "Test Olympiad"]\n[Round "6"]\n[FEN "rnbqkb1r/1p3ppp/p2ppn2/6B1/3NP3/2N5/PPP2PPP/R2QKB1R w KQkq - 0 1"]\n[SetUp "1"]\n\n1.Qd2 Be7 *',
    '1. e4 e5 2. Nf3 {comment}',
    '[White "name"]\n\n1. e4 e5 2. Nf3 1/2-1/2 {comment}',
    '[Result "1-0"]\n\n1. e4 e5',
    '[Result "1-0"]\n\n1. e4 e5 *',
    '',
    '\n[White "W"]\n[Black "B"]\n',
    '[White "Paul Morphy"]\n[fEn "1n2kb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2KR4 w k - 0 17"]\n\n17.Rd8# 1-0',
  ];
  for (const text of texts) {
    const [ours, ref] = both((g) => {
      g.move('d4');
      g.loadPgn(text);
      const headers = g.getHeaders();
      // chess.js keeps a FEN tag under the name it was read with.
      if (headers.fEn) {
        headers.FEN = headers.fEn;
        delete headers.fEn;
        headers.SetUp = '1';
      }
      return [g.fen(), g.history(), headers];
    });
    assert.deepEqual(ours, ref, JSON.stringify(text));
  }
});

test('FENs chess.js reads: missing fields, castling rights without their king or rook, rights in any order', () => {
  // Each FEN, and the FEN chess.js is compared on: castling rights
  // without their king or rook in place are dropped, as chess.js's next
  // version does (1.4 keeps them, and castles with a king off its square).
  const fens = [
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b'],
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq'],
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3'],
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1'],
    ['r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1', 'r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1'],
    ['r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1', 'r3k2r/8/8/8/8/8/8/R3K1R1 w Qkq - 0 1'],
    ['1r2k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', '1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1'],
    ['4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - 0 1'],
  ];
  for (const [fen, refFen = fen] of fens) {
    const ask = (g) => [g.fen(), g.getCastlingRights('w'), g.getCastlingRights('b'), g.moves().sort()];
    assert.deepEqual(ask(new Chess(fen)), ask(new Ref(refFen)), fen);
    if (fen.split(' ').length === 6) assert.deepEqual(validateFen(fen), refValidateFen(fen), `validateFen ${fen}`);
  }
  // Also with whitespace around (ASCII or Unicode's, which chess.js
  // refuses), and into a game that has its own (one that has moved).
  const short = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq';
  for (const fen of [` ${short} `, `\u00a0${short}\u3000`, `\t${short} - 0 1\n`]) {
    assert.equal(new Chess(fen).fen(), new Ref(short).fen(), JSON.stringify(fen));
    const moved = new Chess();
    moved.move('d4');
    moved.load(fen);
    assert.deepEqual([moved.fen(), moved.history()], [new Ref(short).fen(), []], JSON.stringify(fen));
  }
  // A short FEN's error is its board's, not the number of its fields.
  assert.throws(() => new Chess('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w'), /invalid character 'X'/);
  // What chess.js refuses stays refused: a bad en-passant square, two digits in a row.
  for (const fen of ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e2 0 1', 'rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1']) {
    assert.equal(validateFen(fen).ok, false, fen);
    assert.equal(refValidateFen(fen).ok, false, fen);
    assert.throws(() => new Chess(fen), /Invalid FEN/);
  }
});

test("a move is an object of chess.js's own fields: printed, serialised, copied, cloned and compared as chess.js's", () => {
  const ours = new Chess();
  const ref = new Ref();
  for (const san of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qe5+', 'Be2', 'Qxe2#']) {
    const [a, b] = [ours.move(san), ref.move(san)];
    assert.equal(inspect(a), inspect(b), `console.log of ${san}`);
    assert.equal(JSON.stringify(a), JSON.stringify(b), `JSON of ${san}`);
    assert.deepEqual(Object.keys(a), Object.keys(b));
    // As test runners and state stores compare and copy them (chess.js's
    // class is not this one: compared without their prototypes).
    looseDeepEqual(a, b, san);
    assert.deepEqual({ ...a }, { ...b }, san);
    assert.deepEqual(structuredClone(a), structuredClone(b), san);
    assert.equal(typeof a.bits, 'number');
    assert.equal(Object.keys(a).includes('bits'), false);
  }
  looseDeepEqual(ours.history({ verbose: true }), ref.history({ verbose: true }));
  assert.equal(inspect(ours.history({ verbose: true })), inspect(ref.history({ verbose: true })));
  ours.undo();
  ref.undo();
  looseDeepEqual(ours.moves({ verbose: true }), ref.moves({ verbose: true }));
  // undo() answers the move as move() did, also when it was changed since.
  const played = ours.move('Qxe2');
  played.san = 'changed';
  ref.move('Qxe2');
  looseDeepEqual(ours.undo(), ref.undo());
  looseDeepEqual(ours.undo(), ref.undo());
});

test('move helpers and strict SAN as chess.js has them', () => {
  const cases = [
    ['rnbqkbnr/pp3ppp/2pp4/4pP2/4P3/8/PPPP2PP/RNBQKBNR w KQkq e6 0 1', 'fxe6'],
    ['rnbqkbnr/pppp2pp/8/4p3/4Pp2/2PP4/PP3PPP/RNBQKBNR b KQkq e3 0 1', 'fxe3'],
    ['r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 3', 'exd4'],
    ['4k3/1P6/8/8/8/8/8/4K3 w - - 0 1', 'b8=N'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'O-O-O'],
  ];
  const helpers = ['isCapture', 'isPromotion', 'isEnPassant', 'isKingsideCastle', 'isQueensideCastle', 'isBigPawn'];
  for (const [fen, san] of cases) {
    const [ours, ref] = both((g) => {
      const m = g.move(san);
      return helpers.map((h) => m[h]());
    }, fen);
    assert.deepEqual(ours, ref, `${san} in ${fen}`);
  }
  // Over-disambiguated: the permissive parser plays it, the strict one refuses it.
  const fen = 'r2qkbnr/ppp2ppp/2n5/1B2pQ2/4P3/8/PPP2PPP/RNB1K2R b KQkq - 3 7';
  for (const Game of [Chess, Ref]) {
    const g = new Game(fen);
    assert.throws(() => g.move('Nge7', { strict: true }), /Nge7/, Game.name);
    assert.equal(g.fen(), fen, `${Game.name}: nothing played`);
    assert.equal(g.move('Ne7', { strict: true }).san, 'Ne7');
    g.undo();
    assert.equal(g.move('Nge7').san, 'Ne7');
  }
  const [ours, ref] = both((g) => [g.move('exf8=Q+', { strict: true }).san, g.history()], '5r1k/4P3/8/8/8/8/8/4K3 w - - 0 1');
  assert.deepEqual(ours, ref);
});

test('fen({ forceEnpassantSquare }) as chess.js: after a double step that a pinned pawn cannot take, and none without a pawn beside', () => {
  const fen = 'rnb1kbn1/p1p1pp2/PpPp2qr/5Pp1/8/R1P4p/1PK1P1PP/1NBQ1BNR b - - 0 1';
  const [ours, ref] = both((g) => (g.move('e5'), [g.fen(), g.fen({ forceEnpassantSquare: true })]), fen);
  assert.deepEqual(ours, ref);
  assert.match(ours[1], / e6 /);
  // A double step with no pawn beside it leaves no square, as chess.js
  // keeps it; a FEN's square stays as loaded.
  const force = (g) => g.fen({ forceEnpassantSquare: true });
  for (const [start, line] of [[undefined, ['h4']], [undefined, ['e4', 'd5', 'e5', 'f5', 'a3', 'a6', 'd4']], [undefined, ['e4', 'd5', 'e5', 'f5']], ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', []]]) {
    const [a, b] = both((g) => (line.forEach((m) => g.move(m)), force(g)), start);
    assert.equal(a, b, `${start} ${line}`);
  }
});

test('moves() in the order chess.js lists them: a game that picks moves by index is the same game', () => {
  const random = rng(960);
  // chess.js's verbose lists cost it milliseconds: a few games, and the
  // filtered lists every 16th ply.
  for (let game = 0; game < 10; game++) {
    const ours = new Chess();
    const ref = new Ref();
    for (let ply = 0; ply < 300 && !ref.isGameOver(); ply++) {
      const where = `game ${game} ply ${ply} (${ref.fen()})`;
      const legal = ref.moves();
      assert.deepEqual(ours.moves(), legal, where);
      if (ply % 16 === 0) {
        const lans = (g, options) => g.moves({ verbose: true, ...options }).map((m) => m.lan);
        assert.deepEqual(lans(ours), lans(ref), `verbose ${where}`);
        const from = ref.moves({ verbose: true })[0].from;
        assert.deepEqual(lans(ours, { square: from }), lans(ref, { square: from }), `from ${from} ${where}`);
        for (const piece of ['p', 'n', 'b', 'r', 'q', 'k']) assert.deepEqual(lans(ours, { piece }), lans(ref, { piece }), `${piece} ${where}`);
      }
      const san = legal[Math.floor(random() * legal.length)];
      ours.move(san);
      ref.move(san);
    }
  }
  // Promotions (N, B, R, Q), en passant, castling (king's side first).
  for (const fen of ['r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1', 'r3k2r/1P6/8/8/3pP3/8/6p1/R3K2R b KQkq e3 0 1']) {
    assert.deepEqual(new Chess(fen).moves(), new Ref(fen).moves(), fen);
  }
});

test('attackers in the order chess.js lists them, and a square in either case', () => {
  const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  for (const [sq, color] of [['d5', 'w'], ['d5', 'b'], ['e4', 'b'], ['f6', 'w'], ['g2', 'b'], ['d7', 'w']]) {
    const [ours, ref] = both((g) => [g.attackers(sq, color), g.isAttacked(sq, color)], fen);
    assert.deepEqual(ours, ref, `${sq} ${color}`);
  }
  const [ours, ref] = both((g) => [g.moves({ square: 'E2' }), g.moves({ square: 'G1', verbose: true }).map((m) => m.san)]);
  assert.deepEqual(ours, ref);
});

test('attackers, isAttacked and inCheck on boards built with put(): also before they are legal positions, as chess.js', () => {
  // A board editor's states: no kings yet, one king, the side not to
  // move in check, pawns on the back rank; random boards of that kind.
  const random = rng(11);
  const types = 'pnbrqk';
  for (let round = 0; round < 300; round++) {
    const empty = `8/8/8/8/8/8/8/8 ${round % 2 ? 'b' : 'w'} - - 0 1`;
    const ours = new Chess(empty, { skipValidation: true });
    const chessjs = new Ref(empty, { skipValidation: true });
    for (let k = 0, n = 1 + Math.floor(random() * 12); k < n; k++) {
      const piece = { type: types[Math.floor(random() * 6)], color: random() < 0.5 ? 'w' : 'b' };
      const sq = SQUARES[Math.floor(random() * 64)];
      assert.equal(ours.put(piece, sq), chessjs.put(piece, sq), `put ${piece.color}${piece.type} ${sq}`);
      assert.equal(ours.inCheck(), chessjs.inCheck(), `inCheck after ${ours.fen()}`);
      for (const sq2 of SQUARES) {
        for (const color of ['w', 'b']) {
          assert.deepEqual(ours.attackers(sq2, color), chessjs.attackers(sq2, color), `attackers ${sq2} ${color} in ${ours.fen()}`);
          assert.equal(ours.isAttacked(sq2, color), chessjs.isAttacked(sq2, color), `isAttacked ${sq2} ${color} in ${ours.fen()}`);
        }
      }
    }
  }
});

test('pgn() as chess.js writes it: headers in its order, one line or maxWidth, comments, a game from Black, the result', () => {
  const random = rng(4);
  const starts = [
    undefined,
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '4r3/8/2p2PPk/1p6/pP2p1R1/P1B5/2P2K2/3r4 b - - 1 45',
    'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
  ];
  const tags = [['Opening', 'Ruy Lopez'], ['White', 'Ann'], ['Zeta', 'z'], ['ECO', 'C60'], ['WhiteElo', '2100'], ['Annotator', 'me'], ['Event', 'Club']];
  for (let game = 0; game < 40; game++) {
    const start = starts[game % starts.length];
    const ours = start ? new Chess(start) : new Chess();
    const ref = start ? new Ref(start) : new Ref();
    for (const [name, value] of tags) {
      if (random() < 0.4) for (const g of [ours, ref]) g.setHeader(name, value);
    }
    const plies = Math.floor(random() * 60);
    for (let ply = 0; ply < plies && !ref.isGameOver(); ply++) {
      if (random() < 0.15) {
        const text = `note ${ply}${random() < 0.3 ? ' with more words in it' : ''}`;
        for (const g of [ours, ref]) g.setComment(text);
      }
      const legal = ref.moves();
      const san = legal[Math.floor(random() * legal.length)];
      ours.move(san);
      ref.move(san);
    }
    if (random() < 0.3) for (const g of [ours, ref]) g.setComment('the end');
    if (random() < 0.2) for (const g of [ours, ref]) g.setHeader('Result', '1/2-1/2');
    const options = [{}, { maxWidth: 40 }, { maxWidth: 12, newline: '<br />' }, { newline: '\r\n' }, { maxWidth: 80 }][game % 5];
    assert.equal(ours.pgn(options), ref.pgn(options), `game ${game} ${JSON.stringify(options)}`);
    // chess.js's maxWidth can join a move number to the move before a
    // comment it wraps (`3... exd54.`), which no reader reads: read back
    // what it writes on one line.
    if (!options.maxWidth) {
      const back = new Chess();
      back.loadPgn(ref.pgn(options), options.newline ? { newlineChar: '\r\n' } : {});
      assert.equal(back.pgn(), ref.pgn(), `game ${game} read back`);
    }
  }
  // Braces in a comment set by a program, as chess.js changes them.
  const braces = both((g) => (g.move('e4'), g.setComment('{best} by {test}'), [g.getComment(), g.pgn()]));
  assert.deepEqual(braces[0], braces[1]);
  // Without moves, with and without a comment.
  const [ours, ref] = both((g) => [g.pgn(), (g.setComment('start'), g.pgn()), (g.setHeader('White', 'W'), g.pgn({ maxWidth: 3 }))]);
  assert.deepEqual(ours, ref);
});

test('a copy of a move made from its prototype (as cloning libraries make them) reads and writes its fields without a TypeError', () => {
  const move = new Chess().move('e4');
  const copy = Object.assign(Object.create(Object.getPrototypeOf(move)), move);
  assert.deepEqual([copy.from, copy.san, copy.bits, copy.isBigPawn()], ['e2', 'e4', undefined, true]);
  copy.after = 'x';
  assert.equal(copy.after, 'x');
  assert.equal(move.after, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  assert.equal(inspect(copy).includes("from: 'e2'"), true);
});

test('a game plays on after it ended by the rules (dead position, seventy-five moves, fivefold repetition), as chess.js does', () => {
  // Random games played until no move is left or 500 plies, whatever
  // the queries say: many reach insufficient material and play on.
  const random = rng(75);
  for (let game = 0; game < 6; game++) {
    const ours = new Chess();
    const ref = new Ref();
    for (let ply = 0; ply < 500; ply++) {
      const legal = ref.moves();
      assert.deepEqual(ours.moves(), legal, `game ${game} ply ${ply}`);
      if (legal.length === 0) break;
      const san = legal[Math.floor(random() * legal.length)];
      assert.equal(ours.move(san).san, ref.move(san).san);
      if (ply % 25 === 0) {
        for (const q of ['isDraw', 'isGameOver', 'isThreefoldRepetition', 'isInsufficientMaterial', 'isDrawByFiftyMoves']) assert.equal(ours[q](), ref[q](), `${q} game ${game} ply ${ply}`);
        assert.equal(ours.fen(), ref.fen());
      }
    }
    assert.deepEqual(ours.history(), ref.history());
    assert.equal(ours.pgn(), ref.pgn());
    for (let i = 0; i < 30; i++) assert.equal(ours.undo()?.san, ref.undo()?.san);
    assert.equal(ours.fen(), ref.fen());
  }
  // Fivefold repetition, then on: repetitions still counted.
  const [ours, ref] = both((g) => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) g.move(san);
      answers.push(g.isThreefoldRepetition(), g.isDraw());
    }
    g.move('e4');
    answers.push(g.isThreefoldRepetition(), g.undo().san, g.isThreefoldRepetition(), g.history().length);
    return answers;
  });
  assert.deepEqual(ours, ref);
  // Seventy-five moves without a capture or a pawn move, then on.
  const fen = '8/8/4k3/8/8/8/8/R3K3 w - - 148 120';
  const [a, b] = both((g) => {
    for (const san of ['Ra2', 'Kd6', 'Ra3', 'Kc6']) g.move(san);
    return [g.fen(), g.isDrawByFiftyMoves(), g.isGameOver()];
  }, fen);
  assert.deepEqual(a, b);
});

test('put refuses a second king of a colour, as chess.js does', () => {
  const [ours, ref] = both((g) => [
    g.put({ type: 'k', color: 'w' }, 'a1'),
    g.put({ type: 'k', color: 'w' }, 'e1'),
    g.put({ type: 'k', color: 'b' }, 'h5'),
    g.put({ type: 'q', color: 'w' }, 'a3'),
    g.remove('a3'),
    g.fen(),
    g.moves(),
  ], 'N3k3/8/8/8/8/8/5b2/4K3 w - - 0 1');
  assert.deepEqual(ours, ref);
  const [a, b] = both((g) => (g.clear(), [g.put({ type: 'k', color: 'w' }, 'e1'), g.put({ type: 'k', color: 'w' }, 'd1'), g.remove('e1'), g.put({ type: 'k', color: 'w' }, 'd1'), g.fen()]));
  assert.deepEqual(a, b);
});

test('hash() of a board that is not a legal position: no error, equal boards have equal keys', () => {
  const game = new Chess();
  game.clear();
  assert.equal(game.hash(), new Chess('8/8/8/8/8/8/8/8 w - - 0 1', { skipValidation: true }).hash());
  game.put({ type: 'r', color: 'b' }, 'a1');
  assert.notEqual(game.hash(), new Chess('8/8/8/8/8/8/8/8 w - - 0 1', { skipValidation: true }).hash());
  const kingless = new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  kingless.remove('e1');
  assert.equal(kingless.hash(), new Chess(kingless.fen(), { skipValidation: true }).hash());
  assert.match(kingless.hash(), /^[0-9a-f]{16}$/);
  // A legal position's key is the library's Zobrist key: the position's,
  // not the game's (a transposition has it too), and as the core module
  // gives it.
  const start = new Chess().hash();
  assert.match(start, /^[0-9a-f]{16}$/);
  const back = new Chess();
  for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) back.move(san);
  assert.equal(back.hash(), start);
  back.move('e4');
  assert.notEqual(back.hash(), start);
  assert.equal(new Chess(back.fen()).hash(), back.hash());
});

test('null moves as chess.js plays them: move(null) and move("--"), history, pgn, undo, repetitions', () => {
  const [ours, ref] = both((g) => {
    const out = ['e4', 'e5', '--', 'Nf6', null, '--', 'Nf3'].map((m) => JSON.stringify(g.move(m)));
    out.push(g.fen(), g.pgn(), g.history(), JSON.stringify(g.history({ verbose: true })));
    out.push(JSON.stringify(g.undo()), JSON.stringify(g.undo()), g.fen(), g.turn(), g.moves());
    return out;
  });
  assert.deepEqual(ours, ref);
  const [a, b] = both((g) => {
    for (let i = 0; i < 6; i++) g.move('--');
    return [g.isThreefoldRepetition(), g.isDraw(), g.fen()];
  });
  assert.deepEqual(a, b);
  const check = 'rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3';
  for (const Game of [Chess, Ref]) assert.throws(() => new Game(check).move('--'), /Null move not allowed when in check/);
  // chess.js writes null moves but cannot read them back; this package reads them.
  const game = new Chess();
  for (const m of ['e4', '--', 'd4']) game.move(m);
  const back = new Chess();
  back.loadPgn(game.pgn());
  assert.deepEqual([back.history(), back.fen()], [game.history(), game.fen()]);
});

test('a king taken off the board takes its castling rights with it, also when it comes back, as chess.js', () => {
  const [ours, ref] = both((g) => [
    g.remove('e8'), g.fen(), g.getCastlingRights('b'),
    g.put({ type: 'k', color: 'b' }, 'e8'), g.fen(),
    g.put({ type: 'p', color: 'w' }, 'a8'), g.remove('e1'), g.fen(),
    g.put({ type: 'k', color: 'w' }, 'e1'), g.fen(),
  ]);
  assert.deepEqual(ours, ref);
  // A rook taken while its king is away: the other side's right stays.
  const [a, b] = both((g) => [g.remove('e1'), g.remove('h1'), g.put({ type: 'k', color: 'w' }, 'e1'), g.fen()], 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.deepEqual(a, b);
});

test('on a board that is no legal position, castling rights read and set and setTurn passes the move, as chess.js', () => {
  // A third white knight with all eight pawns: no legal position, but a board chess.js edits as any other.
  const [ours, ref] = both((g) => [
    g.put({ type: 'n', color: 'w' }, 'e4'), g.fen(), g.getCastlingRights('w'), g.getCastlingRights('b'),
    g.setCastlingRights('w', { k: false }), g.getCastlingRights('w'), g.setCastlingRights('b', { q: false, k: true }), g.fen(),
    g.setTurn('b'), g.turn(), g.setTurn('b'), g.setTurn('w'), g.turn(), g.fen().split(' ').slice(0, 4).join(' '),
  ]);
  assert.deepEqual(ours, ref);
  // An empty board: the turn set before the pieces stays.
  const [a, b] = both((g) => (g.clear(), [g.setTurn('b'), g.turn(), g.put({ type: 'k', color: 'w' }, 'e1'), g.put({ type: 'k', color: 'b' }, 'e8'), g.turn(), g.moves()]));
  assert.deepEqual(a, b);
});

test('move objects as chess.js reads them: squares and promotion letters as its moves name them', () => {
  const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const promote = '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1';
  for (const [fen, move] of [[undefined, { from: 'N', to: 'f3' }], [castle, { from: 'O-', to: 'O' }], [undefined, { from: 'E2', to: 'e4' }],
    [undefined, { from: 'e2', to: 'e4 ' }], [promote, { from: 'b7', to: 'b8', promotion: 'Q' }], [promote, { from: 'b7', to: 'b8', promotion: 'x' }],
    [promote, { from: 'b7', to: 'b8' }], [promote, { from: 'b7', to: 'b8', promotion: 'n' }], [undefined, { from: 'e2', to: 'e4', promotion: 'Q' }],
    [undefined, { from: 'g1', to: 'f3', promotion: 'k' }], [castle, { from: 'e1', to: 'g1' }]]) {
    const [a, b] = both((g) => {
      try {
        return g.move(move).san;
      } catch (e) {
        return e.constructor === Error && e.message.startsWith(`Invalid move: ${JSON.stringify(move)}`) ? 'refused' : e;
      }
    }, fen);
    assert.equal(a, b, JSON.stringify(move));
  }
});

test('clear() and a FEN loaded without validation start the history again, as chess.js; so does an edit that leaves no legal position', () => {
  const [ours, ref] = both((g) => {
    g.move('e4');
    g.setComment('x');
    g.clear();
    return [g.history(), g.pgn(), g.getComments(), g.undo()];
  });
  assert.deepEqual(ours, ref);
  const [a, b] = both((g) => (g.move('e4'), g.load('4k3/8/8/8/8/8/8/8 w - - 0 1', { skipValidation: true }), [g.history(), g.pgn(), g.undo()]));
  assert.deepEqual(a, b);
  // chess.js keeps the moves played before put/remove; the package starts
  // again from the new board (README), legal or not.
  const game = new Chess();
  game.move('e4');
  game.remove('e1');
  assert.deepEqual([game.history(), game.undo(), game.pgn().endsWith('\n *')], [[], null, true]);
});

test('an empty comment is one, apart from none, as chess.js keeps it', () => {
  const [ours, ref] = both((g) => {
    const out = [g.getComment(), g.removeComment()];
    g.setComment('');
    out.push(g.getComment(), g.getComments(), g.pgn());
    g.move('e4');
    out.push(g.getComment());
    g.setComment('x');
    out.push(g.removeComment(), g.getComment());
    g.undo();
    out.push(g.removeComment(), g.getComment());
    return out;
  });
  assert.deepEqual(ours, ref);
});

test('threefold repetition by the FIDE rule: an en-passant square no legal move takes does not tell positions apart', () => {
  // After 1... e5 the f5 pawn is pinned: the position is the one the
  // knights come back to twice, so the third time is a repetition.
  // chess.js 1.4 keys the position with the square and sees it a move later.
  const fen = 'rnb1kbn1/p1p1pp2/PpPp2qr/5Pp1/8/R1P4p/1PK1P1PP/1NBQ1BNR b - - 0 1';
  const line = ['e5', 'Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const [ours, ref] = both((g) => line.map((m) => (g.move(m), g.isThreefoldRepetition())), fen);
  assert.deepEqual(ours, [false, false, false, false, false, false, false, false, true]);
  assert.deepEqual(ref, [false, false, false, false, false, false, false, false, false]);
});

test('a mate on the hundredth half-move is a mate, not a draw by the fifty-move rule (chess.js 1.4 calls it both)', () => {
  const queries = (g) => (g.move('Rh8#'), ['isCheckmate', 'isDrawByFiftyMoves', 'isDraw', 'isGameOver'].map((q) => g[q]()));
  const [ours, ref] = both(queries, 'k7/8/1K6/8/8/8/8/7R w - - 99 80');
  assert.deepEqual(ours, [true, false, false, true]);
  assert.deepEqual(ref, [true, true, true, true]);
  // Without the mate the rule draws, in both.
  const [a, b] = both((g) => (g.move('Rh2'), [g.isDrawByFiftyMoves(), g.isDraw()]), 'k7/8/1K6/8/8/8/8/7R w - - 99 80');
  assert.deepEqual([a, b], [[true, true], [true, true]]);
});

test('what is not a square, a piece or a side: the answers chess.js gives', () => {
  const fen = 'r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1';
  const [ours, ref] = both((g) => {
    const out = [];
    for (const sq of ['E4', 'e9', '', null, 'a8']) {
      for (const side of ['W', 'white', undefined, null, 'w', 'b']) out.push(g.attackers(sq, side), g.isAttacked(sq, side));
    }
    for (const square of ['', null, 'E1', 'e9']) out.push(g.moves({ square }).length);
    for (const piece of ['x', 'K', null, 'q']) out.push(g.moves({ piece }).length);
    for (const piece of [{ type: 'K', color: 'w' }, { type: 'p', color: 'W' }, { type: undefined, color: 'w' }, { type: 'r', color: 'b' }]) out.push(g.findPiece(piece));
    for (const side of ['W', undefined, 'b']) out.push(g.getCastlingRights(side), g.setCastlingRights(side, { k: false }), g.fen());
    return out;
  }, fen);
  assert.deepEqual(ours, ref);
});

test('move texts read by one library only, as the README lists them', () => {
  const plays = (Game, fen, move) => {
    try {
      return new Game(fen).move(move).san;
    } catch {
      return null;
    }
  };
  const start = undefined;
  const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const promote = '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1';
  // Ours only.
  for (const [fen, move, san] of [[start, ' e4 ', 'e4'], [start, 'Nf3 e.p.', 'Nf3'], [start, 'Nf3++', 'Nf3'], [start, 'Nxf3', 'Nf3'], [start, 'bb3', 'b3'],
    [promote, 'b8=n', 'b8=N'], [castle, 'e1h1', 'O-O'], [castle, { from: 'e1', to: 'h1' }, 'O-O']]) {
    assert.deepEqual([plays(Chess, fen, move), plays(Ref, fen, move)], [san, null], JSON.stringify(move));
  }
  // chess.js's permissive parser only.
  for (const [fen, move] of [[start, 'Pe2-e4'], [start, 'ng1f3'], [start, 'Nf3='], [promote, 'b7b8']]) {
    assert.equal(plays(Chess, fen, move), null, move);
    assert.notEqual(plays(Ref, fen, move), null, move);
  }
});

test('loadPgn keeps the spaces inside a comment\'s braces, and a run of line breaks is one space, as chess.js', () => {
  const texts = [
    '{ great game }\n1. e4 e5',
    '[Event "a {b} c"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } e5 {[%clk 0:02:59]} 2. Nf3 {} Nc6 {  } *',
    '1. e4 {good\r\n\r\nmove} e5 { a classic; well-studied } 1-0',
  ];
  for (const text of texts) {
    const [ours, ref] = both((g) => (g.loadPgn(text), [g.getComments(), g.pgn()]));
    assert.deepEqual(ours, ref);
  }
  // An error names its place in the text as written.
  assert.throws(() => new Chess().loadPgn('1. e4 {x} e5 {y} Ke3'), /line 1, column 18: 2\. Ke3/);
});

test('loadPgn reads rest-of-line (;) comments after the tags as chess.js, and skips those among the tags', () => {
  const texts = [
    '1. e4 e5; romantic era\n 2. Nf3 Nc6; common continuation',
    '; before the first move\n1. e4;\ne5 ; a {b\n2. Nf3 ; ($1) 2. d4 is good\n2... Nc6 {c} *',
    '[Event "x;y"]\n\n1. e4 e5 1-0 ; after the result',
  ];
  for (const text of texts) {
    const [ours, ref] = both((g) => (g.loadPgn(text), [g.getComments(), g.pgn()]));
    assert.deepEqual(ours, ref);
  }
  // chess.js cannot read these; the tags around a ';' line stay tags.
  const game = new Chess();
  game.loadPgn('[Event "a]b"]\n; a note\n[Site "s"]\n\n1. e4 *');
  assert.deepEqual([game.getHeaders().Event, game.getHeaders().Site, game.getComments()], ['a]b', 's', []]);
});

test('loadPgn strict: each move in its own SAN and a set-up start with its FEN, as chess.js', () => {
  const setUp = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1"]\n\n';
  const texts = [
    '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O! Be7+? 1-0',
    '1. e4 {a (b) ; c} e5 $1 2. Nf3 ; d\n2... Nc6 *',
    `${setUp}1. e4 Kd7 2. O-O-O+ Ke6 *`,
    '1. e2e4 e5 *', '1. e4 e5 2. Ng1f3 *', '1. e4 e5 2. Ng1-f3 *', '1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 *',
    '1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nfd4 *', '1. Nf3 d5 2. Ng1 *',
    '[SetUp "1"]\n\n1. e4 *', '[FEN "4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1"]\n\n1. Ke2 *', '[fen "4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1"]\n\n1. Ke2 *',
  ];
  for (const text of texts) {
    const run = (g) => {
      try {
        g.loadPgn(text, { strict: true });
        return [g.fen(), g.history()];
      } catch (e) {
        // The messages differ where the library's reader refuses a move.
        return e.constructor === Error && /^Invalid (move in )?PGN/.test(e.message) ? 'refused' : e;
      }
    };
    const [ours, ref] = both(run);
    assert.deepEqual(ours, ref, text);
  }
  assert.throws(() => new Chess().loadPgn('[SetUp "1"]\n\n1. e4 *', { strict: true }), /^Error: Invalid PGN: FEN tag must be supplied with SetUp tag$/);
});
