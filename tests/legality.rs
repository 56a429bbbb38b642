//! Legal generation agrees with "pseudo-legal minus the moves that leave
//! the king attacked", and every query agrees with the full list.

use crate::common;

use std::collections::HashSet;

use chess_movegen::{Bitboard, Move, Position, Role, Square};
use proptest::prelude::*;

/// Whether the pseudo-legal `mv` leaves the mover's king attacked, worked
/// out on the occupancy after the move (`make_move` takes legal moves only).
fn mover_king_attacked(pos: &Position, mv: Move) -> bool {
    let us = pos.side_to_move();
    let (from, to) = (mv.from().bitboard(), mv.to().bitboard());
    let (king, vacated, filled, captured) = match mv.castling_side() {
        Some(side) => {
            (mv.destination(), from | to, mv.destination().bitboard() | side.rook_to(us).bitboard(), Bitboard::EMPTY)
        }
        None if mv.is_en_passant() => {
            let victim = Square::new(mv.to().file(), mv.from().rank()).bitboard();
            (pos.king(us), from | victim, to, victim)
        }
        None if mv.from() == pos.king(us) => (mv.to(), from, to, to),
        None => (pos.king(us), from, to, to),
    };
    let occupied = (pos.occupied() & !vacated) | filled;
    (pos.attackers_with(king, !us, occupied) & !captured).any()
}

fn check_position(pos: &Position) {
    let legal: HashSet<Move> = pos.legal_moves().into_iter().collect();
    let pseudo: HashSet<Move> = pos.pseudo_legal_moves().into_iter().collect();
    assert_eq!(legal.len(), pos.legal_moves().len(), "duplicate moves in {}", pos.fen());
    assert_eq!(pos.legal_move_count(), legal.len(), "{}", pos.fen());
    // Filling a used list gives the same list, in the same order.
    let mut reused = pos.pseudo_legal_moves();
    pos.legal_moves_into(&mut reused);
    assert_eq!(reused, pos.legal_moves(), "{}", pos.fen());
    assert!(legal.is_subset(&pseudo), "{}", pos.fen());
    for &mv in &pseudo {
        let exposes = mover_king_attacked(pos, mv);
        assert_eq!(legal.contains(&mv), !exposes, "{mv:?} in {}", pos.fen());
        assert_eq!(pos.is_legal(mv), !exposes, "is_legal({mv:?}) in {}", pos.fen());
        assert!(pos.is_pseudo_legal(mv), "is_pseudo_legal({mv:?}) in {}", pos.fen());
    }

    // Captures and quiets split the legal moves.
    let captures: HashSet<Move> = pos.legal_captures().into_iter().collect();
    let quiets: HashSet<Move> = pos.legal_non_captures().into_iter().collect();
    assert!(captures.is_disjoint(&quiets));
    assert_eq!(&captures | &quiets, legal);
    for mv in &captures {
        assert!(mv.is_en_passant() || pos.piece_at(mv.to()).is_some_and(|p| p.color != pos.side_to_move()));
    }

    // From-square and to-square queries partition the list.
    let mut by_from = 0;
    let mut by_to = 0;
    for sq in Square::ALL {
        let from = pos.legal_moves_from(sq);
        assert!(from.iter().all(|m| m.from() == sq && legal.contains(m)));
        by_from += from.len();
        let to = pos.legal_moves_to(sq);
        assert!(to.iter().all(|m| m.destination() == sq && legal.contains(m)));
        by_to += to.len();
    }
    assert_eq!(by_from, legal.len());
    assert_eq!(by_to, legal.len());

    // Masks by piece: knights only.
    let knights = pos.pieces(pos.side_to_move(), Role::Knight);
    let knight_moves = pos.legal_moves_masked(knights, Bitboard::FULL);
    assert_eq!(knight_moves.len(), legal.iter().filter(|m| knights.contains(m.from())).count());
}

#[test]
fn special_cases() {
    for fen in [
        // En passant that would expose the king along the rank.
        "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
        // En passant that resolves a check by the double-stepped pawn.
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        // Castling through an attacked square and out of check.
        "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",
        // Promotions with and without capture, pinned pawn on a diagonal.
        "1r2k3/P7/8/8/8/8/6p1/4K2R b K - 0 1",
        "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",
        // Double check: only king moves.
        "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
    ] {
        check_position(&Position::from_fen(fen).unwrap());
    }
    // The horizontal en-passant pin: b5xc6 would leave the king on a5 to the h5 rook.
    let pos = Position::from_fen("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2").unwrap();
    assert!(!pos.is_legal(Move::en_passant(Square::B5, Square::C6)));
    assert!(pos.is_pseudo_legal(Move::en_passant(Square::B5, Square::C6)));
    // Castling: out of check is never legal; through an attacked square neither.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1").unwrap();
    assert!(!pos.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(!pos.is_legal(Move::castle(Square::E1, Square::A1)));
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(pos.is_legal(Move::castle(Square::E1, Square::H1)));
    assert!(pos.is_legal(Move::castle(Square::E1, Square::A1)));
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1").unwrap();
    assert!(!pos.is_legal(Move::castle(Square::E1, Square::A1)));
}

#[test]
fn any_move_bits_can_be_asked() {
    // is_legal must agree with the list for every 16-bit value.
    let pos = Position::from_fen(common::KIWIPETE).unwrap();
    let legal: HashSet<Move> = pos.legal_moves().into_iter().collect();
    let pseudo: HashSet<Move> = pos.pseudo_legal_moves().into_iter().collect();
    for bits in 0..=u16::MAX {
        let mv = Move::from_bits(bits);
        assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{mv:?}");
        assert_eq!(pos.is_pseudo_legal(mv), pseudo.contains(&mv), "{mv:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn legal_is_pseudo_legal_minus_king_exposing((start, choices) in common::playout()) {
        common::walk(start, &choices, check_position);
    }
}
