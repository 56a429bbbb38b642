//! `Setup`: building positions without FEN, syntax-only FEN reading,
//! validation with every reason, lenient repair, and the way back.

use crate::common;

use chess_movegen::{
    CastlingMode, Color, FenErrorKind, FenOptions, Piece, Position, PositionError, Repairs, Role, Setup, Square,
};
use proptest::prelude::*;

fn piece(c: char) -> Piece {
    Piece::from_char(c).unwrap()
}

#[test]
fn put_remove_clear_and_setters() {
    let mut setup = Setup::empty();
    assert_eq!(setup, Setup::default());
    assert_eq!(setup.put(Square::E1, piece('K')), None);
    assert_eq!(setup.put(Square::E1, piece('Q')), Some(piece('K')));
    assert_eq!(setup.remove(Square::E1), Some(piece('Q')));
    assert_eq!(setup.remove(Square::E1), None);
    setup.put(Square::E1, piece('K'));
    setup.put(Square::H1, piece('R'));
    setup.put(Square::E8, piece('k'));
    setup.put(Square::D4, piece('P'));
    setup.put(Square::E4, piece('p'));
    setup.set_side_to_move(Color::White);
    setup.set_castling_rooks(Square::H1.bitboard());
    setup.set_ep_square(Some(Square::E3));
    setup.set_side_to_move(Color::Black);
    setup.set_halfmove_clock(0);
    setup.set_fullmove_number(12);
    assert_eq!(setup.fen(), "4k3/8/8/8/3Pp3/8/8/4K2R b K e3 0 12");
    // The ep square e3 lies behind White's pawn only if it stands on e4:
    // here it is d4, so validation refuses it.
    assert_eq!(Position::try_from(setup.clone()).unwrap_err(), PositionError::INVALID_EP_SQUARE);
    setup.set_ep_square(Some(Square::D3));
    let pos = Position::try_from(setup.clone()).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/3Pp3/8/8/4K2R b K d3 0 12");
    assert_eq!(pos.legal_ep_square(), Some(Square::D3));
    assert_eq!(pos.to_setup(), setup);
    assert_eq!(Setup::from(pos), setup);
    setup.clear();
    assert_eq!(setup.iter().count(), 0);
    assert_eq!(setup.fullmove_number(), 12);
    assert_eq!(setup.fen(), "8/8/8/8/8/8/8/8 b H d3 0 12");
}

#[test]
fn every_reason_at_once() {
    let mut setup = Setup::empty();
    setup.put(Square::A1, piece('K'));
    setup.put(Square::B1, piece('K'));
    setup.put(Square::A8, piece('P'));
    setup.put(Square::C2, piece('q'));
    setup.set_castling_rooks(Square::H8.bitboard());
    setup.set_ep_square(Some(Square::E4));
    setup.set_fullmove_number(0);
    let errors = Position::try_from(setup.clone()).unwrap_err();
    assert_eq!(
        errors,
        PositionError::MISSING_KING
            | PositionError::TOO_MANY_KINGS
            | PositionError::PAWNS_ON_BACK_RANK
            | PositionError::INVALID_CASTLING_RIGHTS
            | PositionError::INVALID_EP_SQUARE
            | PositionError::IMPOSSIBLE_COUNTERS
    );
    // Lenient repair fixes castling, en passant and clocks, not the kings.
    let still = Position::from_setup_lenient(&setup).unwrap_err();
    assert_eq!(still, PositionError::MISSING_KING | PositionError::TOO_MANY_KINGS | PositionError::PAWNS_ON_BACK_RANK);
}

#[test]
fn lenient_repairs_what_the_lenient_fen_reader_repairs() {
    let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 30 2").unwrap();
    setup.set_castling_rooks(Square::A1.bitboard() | Square::H8.bitboard());
    let (pos, repairs) = Position::from_setup_lenient(&setup).unwrap();
    assert_eq!(repairs, Repairs::CASTLING_RIGHTS | Repairs::COUNTERS);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 30 16");
    let (same, _) = Position::from_fen_lenient(&setup.fen()).unwrap();
    assert_eq!(same, pos);
}

#[test]
fn setup_from_fen_is_syntax_only() {
    // Pawns on the back rank and no kings read fine as a setup.
    let setup: Setup = "P7/8/8/8/8/8/8/7p w KQkq e3 0 1".parse().unwrap();
    assert_eq!(setup.piece_at(Square::A8), Some(piece('P')));
    assert_eq!(
        setup.castling_rooks(),
        Square::A1.bitboard() | Square::H1.bitboard() | Square::A8.bitboard() | Square::H8.bitboard()
    );
    assert_eq!(setup.fen(), "P7/8/8/8/8/8/8/7p w HAha e3 0 1");
    // Syntax errors are still errors, with field and offset.
    let err = Setup::from_fen("8/8/8/8/8/8/8/4p4 w - - 0 1").unwrap_err();
    assert_eq!(err.kind(), FenErrorKind::RankTooLong { rank: chess_movegen::Rank::First });
    // The castling mode comes from the options.
    let options = FenOptions::new().castling(CastlingMode::Chess960).lenient(true);
    let setup = Setup::from_fen_with("4k3/8/8/8/8/8/8/1R2K3 w B -", options).unwrap();
    assert_eq!(setup.castling_mode(), CastlingMode::Chess960);
    assert_eq!(setup.fullmove_number(), 1);
    assert!(Position::from_setup(&setup).is_ok());
    let mut standard = setup.clone();
    standard.set_castling_mode(CastlingMode::Standard);
    assert_eq!(Position::from_setup(&standard).unwrap_err(), PositionError::INVALID_CASTLING_RIGHTS);
}

#[test]
fn position_from_str_is_strict_fen() {
    let pos: Position = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
    assert_eq!(pos, Position::startpos());
    assert!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -".parse::<Position>().is_err());
    assert_eq!(Setup::startpos().to_string(), Position::startpos().fen());
}

#[test]
fn iteration_is_in_square_order_and_matches_piece_at() {
    let pos = Position::from_fen(common::START_FENS[1]).unwrap();
    let pieces: Vec<(Square, Piece)> = pos.iter().collect();
    assert_eq!(pieces.len(), pos.occupied().len());
    assert_eq!(pos.iter().len(), 32);
    assert!(pieces.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(pos.iter().next_back(), Some((Square::H8, piece('r'))));
    for (sq, p) in &pos {
        assert_eq!(pos.piece_at(sq), Some(p));
    }
    assert_eq!(pos.to_setup().iter().collect::<Vec<_>>(), pieces);
    let kings: Vec<Square> = pos.iter().filter(|(_, p)| p.role == Role::King).map(|(sq, _)| sq).collect();
    assert_eq!(kings, [Square::E1, Square::E8]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every position reached goes to a setup and back, unchanged, and
    /// its FEN reads as the same setup.
    #[test]
    fn setup_round_trip((start, choices) in common::playout()) {
        common::walk(start, &choices, |pos| {
            let setup = pos.to_setup();
            assert_eq!(Position::try_from(setup.clone()).unwrap(), *pos);
            assert_eq!(Setup::from_fen(&pos.fen()).unwrap(), setup);
            assert_eq!(setup.fen(), pos.fen());
        });
    }
}

proptest! {
    /// `Setup::attackers_to` on any board (no kings, several, pawns on
    /// the back ranks) against the oracle's square-by-square walk: a piece
    /// attacks the target when, with the side's other pieces turned into
    /// the other side's (still standing in the way), the oracle finds the
    /// target attacked.
    #[test]
    fn attackers_on_any_board(cells in proptest::collection::vec((0..64usize, 0..12usize), 0..24)) {
        let mut setup = Setup::empty();
        for &(sq, p) in &cells {
            setup.put(Square::ALL[sq], Piece::new(Color::ALL[p / 6], Role::ALL[p % 6]));
        }
        let slow = |board| crate::oracle::Slow { board, side: Color::White, castling: Default::default(), ep: None };
        let mut board = [None; 64];
        for (sq, p) in setup.iter() {
            board[sq.index()] = Some((p.color, p.role));
        }
        for by in Color::ALL {
            for target in Square::ALL {
                let mut expected = chess_movegen::Bitboard::EMPTY;
                for from in setup.pieces_of_color(by) {
                    let mut alone = board;
                    for other in setup.pieces_of_color(by).without(from) {
                        alone[other.index()] = alone[other.index()].map(|(_, role)| (!by, role));
                    }
                    if slow(alone).attacked(target.index(), by) {
                        expected |= from.bitboard();
                    }
                }
                prop_assert_eq!(setup.attackers_to(target, by), expected, "{:?} by {:?}", target, by);
            }
        }
    }
}
