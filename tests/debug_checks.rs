//! The unchecked fast path catches realistic misuse in debug builds
//! (`cargo test` builds with debug assertions; these tests are left out of
//! builds without them).
#![cfg(debug_assertions)]

use chess_movegen::{Move, Position, Square};

use crate::common;

#[test]
#[should_panic(expected = "is not legal")]
fn make_move_refuses_blocked_castling() {
    Position::startpos().make_move(Move::castle(Square::E1, Square::H1));
}

#[test]
#[should_panic(expected = "is not legal")]
fn make_move_refuses_a_rook_sliding_through_its_own_pawn() {
    Position::startpos().make_move(Move::new(Square::A1, Square::A7));
}

#[test]
#[should_panic(expected = "is not legal")]
fn make_move_refuses_a_move_into_check() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1").unwrap();
    pos.make_move(Move::new(Square::E1, Square::E2));
}

#[test]
#[should_panic(expected = "is not legal")]
fn play_refuses_a_pinned_piece_leaving_its_line() {
    let pos = Position::from_fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    let _ = pos.play(Move::new(Square::E2, Square::C3));
}

#[test]
fn make_and_unmake_of_legal_moves_pass_the_checks() {
    let mut pos = Position::from_fen(common::KIWIPETE).unwrap();
    let before = pos;
    for &mv in &before.legal_moves() {
        let undo = pos.make_move(mv);
        pos.unmake_move(mv, undo);
        assert_eq!(pos, before);
    }
}

#[test]
#[should_panic(expected = "unmake_move")]
fn unmake_move_refuses_an_undo_of_another_position() {
    let mut pos = Position::startpos();
    let mut other = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let mv = Move::new(Square::E2, Square::E4);
    let foreign = other.make_move(mv);
    pos.make_move(mv);
    pos.unmake_move(mv, foreign);
}

#[test]
#[should_panic(expected = "unmake_move")]
fn unmake_move_refuses_a_move_that_was_not_made() {
    let mut pos = Position::startpos();
    let undo = pos.make_move(Move::new(Square::E2, Square::E4));
    pos.unmake_move(Move::new(Square::D2, Square::D4), undo);
}

#[test]
#[should_panic(expected = "unmake_move")]
fn unmake_move_refuses_a_stale_undo() {
    let mut pos = Position::startpos();
    let first = pos.make_move(Move::new(Square::E2, Square::E4));
    pos.make_move(Move::new(Square::E7, Square::E5));
    pos.unmake_move(Move::new(Square::E2, Square::E4), first);
}

#[test]
#[should_panic(expected = "make_null_move while in check")]
fn null_move_is_refused_in_check() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    pos.make_null_move();
}

#[test]
#[should_panic(expected = "unmake_null_move")]
fn unmake_null_move_refuses_an_undo_of_another_position() {
    let mut pos = Position::startpos();
    let foreign = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap().make_null_move();
    pos.make_null_move();
    pos.unmake_null_move(foreign);
}
