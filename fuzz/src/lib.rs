//! Helpers shared by the fuzz targets: start positions and the walk that
//! turns fuzzer bytes into a sequence of legal moves.

use chess_movegen::{CastlingMode, FenOptions, Position};

/// Start positions with castling (standard and Chess960), en passant,
/// promotions, pins and checks.
pub const START_FENS: [(&str, CastlingMode); 10] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", CastlingMode::Standard),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", CastlingMode::Standard),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", CastlingMode::Standard),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", CastlingMode::Standard),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", CastlingMode::Standard),
    ("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", CastlingMode::Standard),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", CastlingMode::Chess960),
    ("1r2kr2/8/8/8/8/8/8/1R2KR2 w BFbf - 0 1", CastlingMode::Chess960),
    ("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", CastlingMode::Chess960),
];

/// The start position `selector` picks (modulo the list length).
pub fn start_position(selector: u8) -> Position {
    let (fen, castling) = START_FENS[usize::from(selector) % START_FENS.len()];
    Position::from_fen_with(fen, FenOptions::new().castling(castling)).expect("start FENs are valid").0
}

/// Plays one legal move per choice byte (index modulo the number of legal
/// moves), stopping early at mate or stalemate.
pub fn walk(mut pos: Position, choices: &[u8]) -> Position {
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[usize::from(choice) % moves.len()]);
    }
    pos
}

/// Splits fuzzer input into a start position, a move sequence leading from
/// it, and the remaining bytes as text: byte 0 picks the start, byte 1 the
/// number of plies (at most 63), then one byte per ply.
pub fn position_and_text(data: &[u8]) -> Option<(Position, String)> {
    let (&selector, rest) = data.split_first()?;
    let (&plies, rest) = rest.split_first()?;
    let plies = usize::from(plies & 63).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    let pos = walk(start_position(selector), choices);
    Some((pos, String::from_utf8_lossy(text).into_owned()))
}
