// Chess960 side by side with chessops (its ESM build) in one process:
// random games from random start positions, the Chess960 perft suite,
// PGN trees with side lines read and written by both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Chess as Ops, makeUci, parseUci } from 'chessops';
import { parseFen, makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parsePgn, makePgn, startingPosition } from 'chessops/pgn';
import { Chess, readPgn, writePgn } from '../src/index.js';
import { rng } from './support.mjs';

const opsFrom = (fen) => Ops.fromSetup(parseFen(fen).unwrap()).unwrap();

/** chessops's legal moves as UCI (castling as king takes rook) with SAN. */
function opsMoves(pos) {
  const out = [];
  for (const [from, dests] of pos.allDests()) {
    for (const to of dests) {
      const promo = pos.board.get(from).role === 'pawn' && (to >> 3 === 7 || to >> 3 === 0);
      for (const promotion of promo ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) {
        const move = { from, to, promotion };
        out.push(`${makeUci(move)} ${makeSan(pos, move)}`);
      }
    }
  }
  return out.sort();
}

function ourMoves(game) {
  return game.moves({ verbose: true }).map((m) => `${m.lan} ${m.san}`).sort();
}

test('Chess960 random games agree with chessops at every ply', () => {
  const random = rng(960);
  for (let game = 0; game < 40; game++) {
    const n = Math.floor(random() * 960);
    const ours = Chess.chess960(n);
    const pos = opsFrom(ours.fen());
    for (let ply = 0; ply < 200; ply++) {
      const where = `start ${n} ply ${ply} (${ours.fen()})`;
      assert.equal(ours.fen(), makeFen(pos.toSetup()), `fen ${where}`);
      const legal = opsMoves(pos);
      assert.deepEqual(ourMoves(ours), legal, `moves ${where}`);
      const outcome = pos.outcome();
      assert.equal(ours.isCheckmate(), pos.isCheckmate(), `checkmate ${where}`);
      assert.equal(ours.isStalemate(), pos.isStalemate(), `stalemate ${where}`);
      assert.equal(ours.isInsufficientMaterial(), pos.isInsufficientMaterial(), `insufficient ${where}`);
      assert.equal(ours.inCheck(), pos.isCheck(), `check ${where}`);
      if (outcome || ours.isGameOver()) break;
      const [uci, san] = legal[Math.floor(random() * legal.length)].split(' ');
      // UCI and SAN both ways, then the move by one or the other.
      assert.equal(ours.toUci(san), uci, where);
      assert.equal(ours.toSan(uci), san, where);
      assert.equal(ours.move(random() < 0.5 ? san : uci).san, san, where);
      pos.play(parseUci(uci));
    }
  }
});

test('the Chess960 perft suite, against its counts and chessops', () => {
  const epd = readFileSync(new URL('../../tests/data/quick960.epd', import.meta.url), 'utf8');
  let n = 0;
  for (const line of epd.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const [fen, ...counts] = line.split(';').map((s) => s.trim());
    const ours = new Chess(fen, { chess960: true });
    for (const c of counts) {
      const [d, expected] = c.split(' ');
      if (Number(d.slice(1)) <= 3) assert.equal(ours.perft(Number(d.slice(1))), Number(expected), `${fen} ${d}`);
    }
    const pos = opsFrom(fen.split(' ').length === 4 ? `${fen} 0 1` : fen);
    assert.deepEqual(ourMoves(ours), opsMoves(pos), fen);
    const divide = ours.perftDivide(2);
    assert.equal(Object.values(divide).reduce((a, b) => a + b, 0), ours.perft(2));
    n++;
  }
  assert.ok(n > 100);
});

const TREE_PGN = `[Event "Tree"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]

{ Opening notes } 1. e4 $1 { king's pawn } 1... c5 (1... e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 $2) (1... c6) 2. Nf3 d6 *`;

/** The mainline and every side line of a chessops game, as SAN lists. */
function opsLines(game) {
  const lines = [];
  const stack = [[game.moves, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop();
    for (const child of node.children) {
      const here = [...path, child.data.san];
      lines.push(here.join(' '));
      stack.push([child, here]);
    }
  }
  return lines.sort();
}

function ourLines(tree) {
  const lines = [];
  const stack = [[tree.moves, []]];
  while (stack.length > 0) {
    const [line, before] = stack.pop();
    let path = before;
    for (const node of line) {
      for (const v of node.variations) stack.push([v, path]);
      path = [...path, node.san];
      lines.push(path.join(' '));
    }
  }
  return lines.sort();
}

test('PGN trees: side lines, comments and NAGs, read and written by both', () => {
  const tree = readPgn(TREE_PGN);
  assert.equal(tree.headers.Event, 'Tree');
  assert.deepEqual(tree.comments, ['Opening notes']);
  assert.deepEqual(tree.moves[0].nags, [1]);
  assert.deepEqual(tree.moves[0].comments, ["king's pawn"]);
  assert.equal(tree.moves[1].variations.length, 2);
  assert.equal(tree.moves[1].variations[0][1].variations[0][0].san, 'Bc4');
  const [opsGame] = parsePgn(TREE_PGN);
  assert.deepEqual(ourLines(tree), opsLines(opsGame));
  // Our writer's text, read by chessops, and chessops's, read by us.
  const written = writePgn(tree);
  assert.deepEqual(opsLines(parsePgn(written)[0]), opsLines(opsGame));
  assert.deepEqual(ourLines(readPgn(makePgn(opsGame))), ourLines(tree));
  assert.deepEqual(readPgn(written), tree, 'read, write, read gives the same tree');
  // Edit: a new side line and a comment, then write and read back.
  tree.moves[2].variations.push([{ san: 'Nc3', comments: ['quieter'] }, { san: 'Nc6' }]);
  tree.moves[3].nags.push(6);
  const edited = readPgn(writePgn(tree));
  assert.equal(edited.moves[2].variations[0][0].comments[0], 'quieter');
  assert.deepEqual(edited.moves[3].nags, [6]);
  assert.throws(() => writePgn({ headers: {}, moves: [{ san: 'e5' }] }), /Invalid move in tree: e5/);
  assert.throws(() => readPgn('1. e4 e5 2. Ke3'), /Invalid PGN/);
});

test('Chess960 PGN: castling written as O-O, FEN and Variant tags', () => {
  const ours = Chess.chess960(518);
  for (const san of ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O']) ours.move(san);
  const tree = readPgn(ours.pgn());
  assert.equal(tree.headers.Variant, 'Chess960');
  assert.equal(tree.chess960, true);
  assert.deepEqual(tree.moves.map((m) => m.san), ours.history());
  const [opsGame] = parsePgn(ours.pgn());
  const pos = startingPosition(opsGame.headers).unwrap();
  for (const node of opsGame.moves.mainline()) pos.play(parseUci(ourMovesFromSan(pos, node.san)));
  assert.equal(makeFen(pos.toSetup()), ours.fen());
  assert.equal(ours.history({ verbose: true }).at(-1).lan, 'e1h1', 'castling is king takes rook in UCI');
});

function ourMovesFromSan(pos, san) {
  const fen = makeFen(pos.toSetup());
  return new Chess(fen, { chess960: true }).toUci(san);
}
