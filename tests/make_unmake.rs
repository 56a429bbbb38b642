//! make/unmake restores the exact position, and the incremental hash
//! always equals the hash computed from scratch.

use crate::common;

use chess_movegen::{perft, Move, Position};
use proptest::prelude::*;

/// Every legal move from `pos`: make, check invariants, unmake, compare.
fn check_all_moves(pos: &Position) -> u64 {
    let mut work = *pos;
    let mut plies = 0;
    for mv in pos.legal_moves() {
        let undo = work.make_move(mv);
        if let Err(e) = work.check_consistency() {
            panic!("after {mv:?} from {}: {e}", pos.fen());
        }
        assert_eq!(work, pos.play(mv), "make_move and play disagree on {mv:?} from {}", pos.fen());
        work.unmake_move(mv, undo);
        assert_eq!(work, *pos, "unmake of {mv:?} did not restore {}", pos.fen());
        assert_eq!(work.zobrist_hash(), pos.zobrist_hash());
        plies += 1;
    }
    plies
}

/// Full-width tree walk with make/unmake (no bulk counting), checking the
/// invariants at every node; returns the number of plies made.
fn walk_tree(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 0;
    }
    let mut plies = 0;
    for mv in pos.legal_moves() {
        let before = *pos;
        let undo = pos.make_move(mv);
        assert!(pos.is_consistent(), "after {mv:?} from {}", before.fen());
        plies += 1 + walk_tree(pos, depth - 1);
        pos.unmake_move(mv, undo);
        assert_eq!(*pos, before);
    }
    plies
}

#[test]
fn million_plies_of_make_unmake() {
    let mut plies = 0;
    for (fen, depth) in common::START_FENS.iter().zip([4, 3, 5, 3, 3, 3, 4, 5, 5, 4]) {
        let mut pos = Position::from_fen(fen).unwrap();
        plies += walk_tree(&mut pos, depth);
    }
    assert!(plies > 1_000_000, "{plies}");
}

#[test]
fn null_move_round_trip() {
    let mut pos = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").unwrap();
    let before = pos;
    let undo = pos.make_null_move();
    assert!(pos.is_consistent());
    assert_eq!(pos.ep_square(), None);
    assert_ne!(pos.zobrist_hash(), before.zobrist_hash());
    assert_eq!(pos.side_to_move(), !before.side_to_move());
    pos.unmake_null_move(undo);
    assert_eq!(pos, before);
}

#[test]
fn hash_ignores_unusable_ep_square() {
    // After 1. e4 no black pawn can take on e3, so the hash equals that of
    // the same position without an en-passant square.
    let after_e4 = Position::startpos().play(Move::new(chess_movegen::Square::E2, chess_movegen::Square::E4));
    let without = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(after_e4.ep_square(), Some(chess_movegen::Square::E3));
    assert_eq!(after_e4.zobrist_hash(), without.zobrist_hash());
    // Where a pawn can capture, the en-passant square is part of the hash.
    let ep = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").unwrap();
    let no_ep = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").unwrap();
    assert_ne!(ep.zobrist_hash(), no_ep.zobrist_hash());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_playouts_restore_position_and_hash((start, choices) in common::playout()) {
        let mut positions = 0;
        let mut last = None;
        common::walk(start, &choices, |pos| {
            // Every legal move was made and unmade: as many as the bulk
            // count (a different code path) says there are.
            assert_eq!(check_all_moves(pos), perft(pos, 1), "{}", pos.fen());
            positions += 1;
            last = Some(*pos);
        });
        // The walk played every choice, or stopped at a position without moves.
        let ended = last.is_some_and(|pos| !pos.has_legal_moves());
        prop_assert!(positions == choices.len() + 1 || ended, "{positions} positions for {} choices", choices.len());
    }
}

/// Breaks the contract of `make_move` / `unmake_move` on a copy of `pos`.
/// Debug builds refuse that with a panic (`None`); release builds do not
/// check and return the corrupted position.
fn misuse(pos: &Position, f: impl FnOnce(&mut Position)) -> Option<Position> {
    let mut pos = *pos;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut pos)));
    if cfg!(debug_assertions) {
        assert!(result.is_err(), "a debug build lets the misuse through: {pos:?}");
        None
    } else {
        assert!(result.is_ok());
        Some(pos)
    }
}

/// The checker is not vacuous: corrupting a position through the public
/// API (breaking the contracts of `make_move` / `unmake_move`) is detected,
/// and the report names the broken invariant; debug builds refuse the
/// corruption before it happens.
#[test]
fn consistency_checker_detects_corruption() {
    use chess_movegen::Square;
    let start = Position::startpos();
    let e4 = Move::new(Square::E2, Square::E4);

    // Unmake with the undo of a move made in another position: everything
    // is restored but the hash, which belongs to the other position.
    let mut other = Position::from_fen(common::START_FENS[1]).unwrap();
    let foreign = other.make_move(Move::new(Square::A2, Square::A3));
    if let Some(pos) = misuse(&start.play(e4), |pos| pos.unmake_move(e4, foreign)) {
        assert_eq!(pos.check_consistency(), Err("incremental hash differs from the recomputed hash"));
        assert!(!pos.is_consistent());
    }

    // Unmake of a move that was never made: the board no longer matches
    // its bitboards.
    let undo = start.play(e4).make_move(Move::new(Square::E7, Square::E5));
    if let Some(pos) = misuse(&start, |pos| pos.unmake_move(Move::new(Square::D7, Square::D5), undo)) {
        assert!(pos.check_consistency().is_err_and(|e| e.contains("mailbox") || e.contains("boards")), "{pos:?}");
    }

    // Illegal moves: the king walks into check; a pawn reaches the last
    // rank without promoting.
    let pos = Position::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1").unwrap();
    if let Some(pos) = misuse(&pos, |pos| {
        pos.make_move(Move::new(Square::E1, Square::E2));
    }) {
        assert_eq!(pos.check_consistency(), Err("the side not to move is in check"));
    }
    let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    if let Some(pos) = misuse(&pos, |pos| {
        pos.make_move(Move::new(Square::B7, Square::B8));
    }) {
        assert_eq!(pos.check_consistency(), Err("pawns on the first or eighth rank"));
    }

    // Legal play stays consistent.
    let mut pos = start;
    pos.make_move(e4);
    assert_eq!(pos.check_consistency(), Ok(()));
}
