// Shared by the tests (no tests of its own).
import assert from 'node:assert/strict';

/** A small seeded generator (mulberry32), so that failures repeat. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fields of chess.js's move objects. */
export const FIELDS = ['color', 'from', 'to', 'piece', 'captured', 'promotion', 'flags', 'san', 'lan', 'before', 'after'];
/** A move's chess.js fields, as a plain object. */
export const shape = (m) => Object.fromEntries(FIELDS.map((f) => [f, m[f]]));
/** Moves in the order of their SAN. */
export const bySan = (a, b) => (a.san < b.san ? -1 : a.san > b.san ? 1 : 0);

/** Every query chess.js answers, compared in the current position. */
export function compareState(ours, ref, where, verbose = true) {
  assert.equal(ours.fen(), ref.fen(), `fen ${where}`);
  assert.equal(ours.turn(), ref.turn(), `turn ${where}`);
  assert.deepEqual(ours.moves().sort(), ref.moves().sort(), `moves ${where}`);
  if (verbose) {
    assert.deepEqual(
      ours.moves({ verbose: true }).map(shape).sort(bySan),
      ref.moves({ verbose: true }).map(shape).sort(bySan),
      `verbose moves ${where}`,
    );
  }
  for (const q of ['inCheck', 'isCheckmate', 'isStalemate', 'isDraw', 'isInsufficientMaterial', 'isThreefoldRepetition', 'isDrawByFiftyMoves', 'isGameOver']) {
    assert.equal(ours[q](), ref[q](), `${q} ${where}`);
  }
  assert.deepEqual(ours.board(), ref.board(), `board ${where}`);
  for (const color of ['w', 'b']) {
    assert.deepEqual(ours.getCastlingRights(color), ref.getCastlingRights(color), `castling ${color} ${where}`);
  }
  for (const sq of ['e4', 'd5', 'f7', 'e1', 'e8']) {
    for (const color of ['w', 'b']) {
      assert.deepEqual(ours.attackers(sq, color).sort(), ref.attackers(sq, color).sort(), `attackers ${sq} ${color} ${where}`);
    }
  }
  assert.equal(ours.ascii(), ref.ascii(), `ascii ${where}`);
}
