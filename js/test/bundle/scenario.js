// What each bundled page of bundlers.test.mjs runs, and the test in Node
// for the answer it expects: a game played and written, a PGN tree read,
// perft, a Chess960 start. `Chess` and `readPgn` are the entry's.
export function scenario(Chess, readPgn) {
  const game = new Chess();
  for (const san of ['e4', 'c5', 'Nf3', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6']) game.move(san);
  let tree;
  try {
    const { moves } = readPgn('1. e4 (1. d4 d5 (1... Nf6) 2. c4) 1... e5 {open} 2. Nf3 $1 *');
    tree = { mainline: moves.map((m) => m.san), sideLine: moves[0].variations[0].map((m) => m.san), comment: moves[1].comments };
  } catch (e) {
    tree = e.message;
  }
  return {
    fen: game.fen(),
    moves: game.moves(),
    pgn: game.pgn(),
    perft: new Chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1').perft(2),
    chess960: Chess.chess960(0).fen(),
    tree,
  };
}
