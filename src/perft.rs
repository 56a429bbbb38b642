//! Perft: counting the leaves of the legal move tree, the standard test
//! (and benchmark) of a move generator.

use alloc::vec::Vec;

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`
/// (`perft(pos, 0) == 1`). The last ply is counted, not played ("bulk
/// counting"), so this measures generation speed.
///
/// Any `depth` is safe: the recursion is at most `depth` frames deep, so
/// this never overflows the stack and never panics (see [Depth](#depth)).
/// Deep counts of an ordinary position take longer than any machine has.
///
/// # Examples
///
/// ```
/// use chess_movegen::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
///
/// // A checkmate ends every line: no leaves below it at any depth.
/// let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")?;
/// assert_eq!(perft(&mated, u8::MAX), 0);
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
///
/// # Depth
///
/// Depths are `u8`. [`perft`], [`perft_divide`] and [`perft_stats`] walk
/// the tree depth first, one stack frame per ply, so the depth type is
/// what bounds the stack: at most 255 frames, about 200 KB in an optimised
/// build and about 1.1 MB without optimisation (measured on x86-64),
/// within the 2 MiB stack of a spawned thread. A wider type would let one
/// call recurse without bound: where the game can go on for ever (king and
/// rook against king, `4k3/8/8/8/8/8/8/4K2R w - -`), the first line of a
/// depth-20,000 perft is 20,000 plies long, and the stack runs out within
/// a fraction of a second, long before any count could finish. A wider
/// depth does not compile:
///
/// ```compile_fail
/// use chess_movegen::{perft, Position};
/// let depth: u32 = 20_000;
/// perft(&Position::startpos(), depth);
/// ```
///
/// ```compile_fail
/// use chess_movegen::{perft_divide, Position};
/// perft_divide(&Position::startpos(), u32::MAX);
/// ```
///
/// ```compile_fail
/// use chess_movegen::{perft_stats, Position};
/// let depth: u32 = 20_000;
/// perft_stats(&Position::startpos(), depth);
/// ```
///
/// A depth held in a wider integer converts with `u8::try_from`, which
/// refuses what these functions could not count:
///
/// ```
/// use chess_movegen::{perft, Position};
/// let asked: u32 = 20_000;
/// assert!(u8::try_from(asked).is_err());
/// let asked: u32 = 3;
/// assert_eq!(perft(&Position::startpos(), u8::try_from(asked)?), 8_902);
/// # Ok::<(), core::num::TryFromIntError>(())
/// ```
pub fn perft(pos: &Position, depth: u8) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut pos = *pos;
            perft_inner(&mut pos, u32::from(depth))
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
/// finding where two move generators disagree. Like [`perft`], safe for
/// any `depth`: it never overflows the stack and never panics.
///
/// # Examples
///
/// ```
/// use chess_movegen::{perft_divide, Position};
/// let divide = perft_divide(&Position::startpos(), 2);
/// assert_eq!(divide.len(), 20);
/// assert!(divide.iter().all(|&(_, n)| n == 20));
/// ```
pub fn perft_divide(pos: &Position, depth: u8) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves().iter().map(|&mv| (mv, perft(&pos.play(mv), depth - 1))).collect()
}

/// What the moves of one perft depth did, as in the standard perft tables
/// (chessprogramming.org "Perft Results"): each field counts the leaf
/// moves at that depth with the property.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerftStats {
    /// Leaf nodes (the perft count).
    pub nodes: u64,
    /// Captures, en passant included.
    pub captures: u64,
    /// En-passant captures.
    pub en_passant: u64,
    /// Castlings.
    pub castles: u64,
    /// Promotions (each promotion role counts).
    pub promotions: u64,
    /// Moves that give check.
    pub checks: u64,
    /// Checks by a single piece that is not the one that moved (the
    /// castling rook counts as moved); double checks are counted apart,
    /// as in the published tables.
    pub discovered_checks: u64,
    /// Checks by two pieces at once.
    pub double_checks: u64,
    /// Moves that checkmate.
    pub checkmates: u64,
}

/// The standard perft breakdown for every depth from 1 to `depth`:
/// element `i` describes the moves at depth `i + 1`. Every move is played
/// (no bulk counting), so this is much slower than [`perft`].
///
/// The list stops at the deepest depth the tree reaches: it has `depth`
/// elements, or fewer when every line ends in checkmate or stalemate
/// sooner (none at all for a position without legal moves). Memory is
/// only taken for depths reached and the recursion is at most `depth`
/// frames deep, so any `depth` is safe to ask for: this never overflows
/// the stack and never panics.
///
/// # Examples
///
/// ```
/// use chess_movegen::{perft_stats, Position};
/// let stats = perft_stats(&Position::startpos(), 3);
/// assert_eq!(stats[2].nodes, 8_902);
/// assert_eq!(stats[2].captures, 34);
/// assert_eq!(stats[2].checks, 12);
///
/// let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")?;
/// assert!(perft_stats(&mated, u8::MAX).is_empty());
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
pub fn perft_stats(pos: &Position, depth: u8) -> Vec<PerftStats> {
    let mut stats = Vec::new();
    let mut pos = *pos;
    stats_walk(&mut pos, &mut stats, 0, depth);
    stats
}

/// Adds the moves at `ply + 1` below `pos` to `stats[ply]` and recurses
/// while `remaining` depths are left; `stats` grows as depths are reached.
fn stats_walk(pos: &mut Position, stats: &mut Vec<PerftStats>, ply: usize, remaining: u8) {
    if remaining == 0 {
        return;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return;
    }
    if stats.len() == ply {
        stats.push(PerftStats::default());
    }
    for &mv in &moves {
        let capture = pos.is_capture(mv);
        let undo = pos.make_move(mv);
        let here = &mut stats[ply];
        here.nodes += 1;
        here.captures += u64::from(capture);
        here.en_passant += u64::from(mv.is_en_passant());
        here.castles += u64::from(mv.is_castle());
        here.promotions += u64::from(mv.is_promotion());
        let checkers = pos.checkers();
        if checkers.any() {
            here.checks += 1;
            let moved = match mv.castling_side() {
                Some(side) => {
                    side.king_to(!pos.side_to_move()).bitboard() | side.rook_to(!pos.side_to_move()).bitboard()
                }
                None => mv.to().bitboard(),
            };
            here.discovered_checks += u64::from(!checkers.more_than_one() && (checkers & moved).is_empty());
            here.double_checks += u64::from(checkers.more_than_one());
            here.checkmates += u64::from(!pos.has_legal_moves());
        }
        stats_walk(pos, stats, ply + 1, remaining - 1);
        pos.unmake_move(mv, undo);
    }
}
