//! Transforms: a position and its mirror are the same game seen from the
//! other side, so perft counts agree and legal moves map onto each other;
//! every transform of a `Setup` undoes itself.

use crate::common;

use chess_movegen::{perft, Move, MoveKind, Position, Setup, Square};
use proptest::prelude::*;

/// The move with both squares flipped top to bottom.
fn mirror_move(m: Move) -> Move {
    let (from, to) = (m.from().flip_vertical(), m.to().flip_vertical());
    match m.kind() {
        MoveKind::Normal => Move::new(from, to),
        MoveKind::Promotion => Move::promotion(from, to, m.promotion_role().unwrap()),
        MoveKind::EnPassant => Move::en_passant(from, to),
        MoveKind::Castle => Move::castle(from, to),
    }
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| m.to_bits());
    moves
}

/// True when the position is Black to move with a halfmove clock that
/// counts every half-move: the one case where `mirror` moves the clock.
fn clock_edge(pos: &Position) -> bool {
    let played = 2 * (u64::from(pos.fullmove_number()) - 1) + pos.side_to_move() as u64;
    pos.side_to_move() == chess_movegen::Color::Black && u64::from(pos.halfmove_clock()) == played
}

fn check_mirror(pos: &Position) {
    let mirrored = pos.mirror();
    assert!(mirrored.is_consistent(), "{pos:?} -> {mirrored:?}");
    assert_eq!(mirrored.side_to_move(), !pos.side_to_move());
    assert_eq!(mirrored.castling_mode(), pos.castling_mode());
    assert_eq!(mirrored.ep_square(), pos.ep_square().map(Square::flip_vertical));
    let expected = sorted(pos.legal_moves().into_iter().map(mirror_move).collect());
    assert_eq!(sorted(mirrored.legal_moves().to_vec()), expected, "{pos:?}");
    for depth in 1..=2 {
        assert_eq!(perft(&mirrored, depth), perft(pos, depth), "{pos:?} depth {depth}");
    }
    if clock_edge(pos) {
        let mut back = mirrored.mirror().to_setup();
        assert_eq!(back.fullmove_number(), pos.fullmove_number() + 1, "{pos:?}");
        back.set_fullmove_number(pos.fullmove_number());
        assert_eq!(back, pos.to_setup());
    } else {
        assert_eq!(mirrored.mirror(), *pos);
    }
}

fn check_setup_transforms(setup: &Setup) {
    assert_eq!(setup.mirror().mirror(), *setup);
    assert_eq!(setup.flip_vertical().flip_vertical(), *setup);
    assert_eq!(setup.flip_horizontal().flip_horizontal(), *setup);
    assert_eq!(setup.swap_colors().swap_colors(), *setup);
    assert_eq!(setup.flip_vertical().swap_colors(), setup.swap_colors().flip_vertical());
    assert_eq!(setup.iter().count(), setup.mirror().iter().count());
    for (sq, piece) in setup.iter() {
        let flipped = setup.flip_horizontal().piece_at(sq.flip_horizontal());
        assert_eq!(flipped, Some(piece));
        let mirrored = setup.mirror().piece_at(sq.flip_vertical()).unwrap();
        assert_eq!((mirrored.role, mirrored.color), (piece.role, !piece.color));
    }
}

/// Random playouts from a Chess960 start position, visiting every position.
fn walk_960(number: u32, choices: &[u16], mut visit: impl FnMut(&Position)) {
    let mut pos = Position::chess960(number).unwrap();
    visit(&pos);
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        pos = pos.play(moves[choice as usize % moves.len()]);
        visit(&pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mirror_is_the_same_game((start, choices) in common::playout()) {
        common::walk(start, &choices, |pos| {
            check_mirror(pos);
            check_setup_transforms(&pos.to_setup());
        });
    }

    #[test]
    fn mirror_is_the_same_game_in_chess960(number in 0u32..960, choices in proptest::collection::vec(any::<u16>(), 0..60)) {
        walk_960(number, &choices, |pos| {
            check_mirror(pos);
            check_setup_transforms(&pos.to_setup());
        });
    }

    #[test]
    fn flips_of_positions_are_valid_or_say_why((start, choices) in common::playout()) {
        common::walk(start, &choices, |pos| {
            for result in [pos.flip_vertical(), pos.flip_horizontal(), pos.swap_colors()] {
                match result {
                    Ok(flipped) => assert!(flipped.is_consistent()),
                    Err(reasons) => assert!(!reasons.is_empty()),
                }
            }
            // Without castling rights a horizontal flip keeps every rule.
            if pos.castling_rooks().is_empty() {
                let flipped = pos.flip_horizontal().unwrap();
                assert_eq!(perft(&flipped, 2), perft(pos, 2), "{pos:?}");
            }
        });
    }
}

#[test]
fn mirror_keeps_clocks_or_names_the_exception() {
    // After 1. Nf3 the halfmove clock counts the one half-move played; the
    // mirror has White to move, so its fullmove number rises to 2.
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1").unwrap();
    assert_eq!(pos.mirror().fen(), "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 2");
    check_mirror(&pos);
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 7").unwrap();
    assert_eq!(pos.mirror().fen(), "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 7");
}

#[test]
fn flips_that_break_a_rule_say_which() {
    use chess_movegen::PositionError;
    let start = Position::startpos();
    assert_eq!(start.flip_vertical().unwrap_err(), PositionError::INVALID_CASTLING_RIGHTS);
    assert_eq!(start.swap_colors().unwrap_err(), PositionError::INVALID_CASTLING_RIGHTS);
    let pos = Position::from_fen("4k3/8/8/8/8/8/3p4/K7 b - - 0 1").unwrap();
    assert_eq!(pos.swap_colors().unwrap().fen(), "4K3/8/8/8/8/8/3P4/k7 b - - 0 1");
    assert_eq!(pos.flip_vertical().unwrap().fen(), "K7/3p4/8/8/8/8/8/4k3 b - - 0 1");
    // Swapped, the pawn on d2 is Black's and attacks c1, where the king is
    // now White's: the side not to move is in check.
    let pos = Position::from_fen("8/8/8/8/8/8/3P4/K1k5 b - - 0 1").unwrap();
    assert_eq!(pos.swap_colors().unwrap_err(), PositionError::OPPOSITE_CHECK);
    // A Chess960 position keeps its castling rights when flipped left to right.
    let pos960 = Position::chess960(0).unwrap();
    let flipped = pos960.flip_horizontal().unwrap();
    assert_eq!(flipped.fen(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    assert_eq!(perft(&flipped, 3), perft(&pos960, 3));
}
