//! Perft: counting the leaves of the legal move tree, the standard test
//! (and benchmark) of a move generator.

use alloc::vec::Vec;

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`
/// (`perft(pos, 0) == 1`). The last ply is counted, not played ("bulk
/// counting"), so this measures generation speed.
///
/// ```
/// use chess_movegen::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut pos = *pos;
            perft_inner(&mut pos, depth)
        }
    }
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 2 {
        return pos.perft_2();
    }
    let moves = pos.legal_moves();
    let mut nodes = 0;
    for &mv in &moves {
        let undo = pos.make_move(mv);
        nodes += perft_inner(pos, depth - 1);
        pos.unmake_move(mv, undo);
    }
    nodes
}

/// Perft split by the first move: each legal move with the number of
/// leaves below it (depth 0 gives an empty list). The standard tool for
/// finding where two move generators disagree.
///
/// ```
/// use chess_movegen::{perft_divide, Position};
/// let divide = perft_divide(&Position::startpos(), 2);
/// assert_eq!(divide.len(), 20);
/// assert!(divide.iter().all(|&(_, n)| n == 20));
/// ```
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves().iter().map(|&mv| (mv, perft(&pos.play(mv), depth - 1))).collect()
}
