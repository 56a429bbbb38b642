// The package from CommonJS: `require('chess-movegen')` resolves to the
// Node entry (src/node.js), which loads the module synchronously. Its
// exports must be the browser entry's, and games from both must work side
// by side on the one module they share.
const test = require('node:test');
const assert = require('node:assert/strict');

const required = require('chess-movegen');

test('require() gives the package, games play', () => {
  const chess = new required.Chess();
  assert.equal(chess.moves().length, 20);
  chess.move('e4');
  chess.move({ from: 'e7', to: 'e5' });
  assert.equal(chess.fen(), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  assert.equal(required.validateFen('8/8/8/8/8/8/8/8 w - - 0 1').ok, false);
  assert.equal(new required.Chess(undefined, { chess960: true }).moves().length, 20);
});

test('the Node and the browser entries export the same names and share one module', async () => {
  // A game that changed owns a handle in the module: it must stay valid
  // after the second entry loads (both attach; the first module is kept).
  const early = new required.Chess();
  early.move('d4');
  const imported = await import('../src/index.js');
  // (Node's require() of a module with a default export adds the
  // interop flag `__esModule`.)
  assert.deepEqual(Object.keys(required).filter((k) => k !== '__esModule').sort(), Object.keys(imported).sort());
  assert.equal(required.default.Chess, required.Chess);
  const late = new imported.Chess();
  late.move('Nf3');
  early.move('d5');
  assert.equal(early.history().join(' '), 'd4 d5');
  assert.equal(late.history().join(' '), 'Nf3');
  assert.equal(required.Chess, imported.Chess);
});
