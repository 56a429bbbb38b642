// The core module (`chess-movegen/core`, the full one without PGN reading,
// PGN trees and Polyglot keys): random games compared with chess.js at
// every ply, and what it leaves out failing with an error that names the
// full module. Node runs each test file in its own process, so this one
// has the core module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess as Ref } from 'chess.js';
import { Chess, readPgn, writePgn } from 'chess-movegen/core';
import { compareState, rng, shape } from './support.mjs';

test('random games on the core module agree with chess.js at every ply, pgn() too', () => {
  const random = rng(960);
  for (let game = 0; game < 8; game++) {
    const ours = new Chess();
    const ref = new Ref();
    for (let ply = 0; ply < 200 && !ref.isGameOver(); ply++) {
      const where = `game ${game} ply ${ply} (${ref.fen()})`;
      compareState(ours, ref, where, ply % 8 === 0);
      const legal = ref.moves();
      const san = legal[Math.floor(random() * legal.length)];
      assert.deepEqual(shape(ours.move(san)), shape(ref.move(san)), `move ${san} ${where}`);
      if (random() < 0.05) assert.deepEqual(shape(ours.undo()), shape(ref.undo()), `undo ${where}`);
    }
    compareState(ours, ref, `game ${game} end`);
    assert.deepEqual(ours.history({ verbose: true }).map(shape), ref.history({ verbose: true }).map(shape));
    ours.setComment('written by the core module');
    ref.setComment('written by the core module');
    assert.equal(ours.pgn(), ref.pgn(), `pgn() of game ${game}`);
  }
});

test('Chess960, hashes, conversions and perft on the core module', () => {
  const game = Chess.chess960(518);
  assert.equal(game.perft(3), 8902);
  assert.equal(game.toUci('Nf3'), 'g1f3');
  const start = new Chess().hash();
  assert.match(start, /^[0-9a-f]{16}$/);
  const back = new Chess();
  for (const san of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) back.move(san);
  assert.equal(back.hash(), start);
});

test('PGN reading, PGN trees and Polyglot keys need the full module, and say so', () => {
  const game = new Chess();
  game.move('e4');
  const full = /needs the full module: import from 'chess-movegen', not 'chess-movegen\/core'/;
  assert.throws(() => game.loadPgn('1. d4 d5 *'), full);
  assert.throws(() => game.loadPgn('1. d4 d5 *', { strict: true }), full);
  assert.throws(() => readPgn('1. e4 (1. d4) e5 *'), full);
  assert.throws(() => writePgn({ headers: {}, moves: [{ san: 'e4' }] }), full);
  assert.throws(() => game.polyglotKey(), full);
  assert.equal(game.history().join(), 'e4', 'the game is as it was');
  // An empty PGN is an empty game, as chess.js reads it, with no reader.
  game.loadPgn('');
  assert.equal(game.history().length, 0);
});
