//! Castling modes cannot be mixed up: a position stays valid when its mode
//! changes, and every castling has a text of its own.

use chess_movegen::{CastlingMode, Color, FenOptions, IllegalReason, Move, MoveError, Position, Square};

fn chess960(fen: &str) -> Position {
    Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)).unwrap().0
}

#[test]
fn standard_mode_is_refused_for_a_chess960_castling_setup() {
    let mut pos = chess960("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
    let before = pos;
    let err = pos.set_castling_mode(CastlingMode::Standard).unwrap_err();
    assert_eq!((err.color, err.king, err.rook), (Color::White, Square::B1, Square::A1));
    assert!(err.to_string().contains("b1") && err.to_string().contains("a1"), "{err}");
    // Nothing changed: the position is still the valid Chess960 one.
    assert_eq!(pos, before);
    assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    assert!(pos.is_consistent());
    let reread = chess960(&pos.fen());
    assert_eq!(reread, pos);
}

#[test]
fn standard_mode_is_refused_for_a_black_right_alone() {
    let mut pos = chess960("1r4kr/8/8/8/8/8/8/4K3 w h - 0 1");
    let err = pos.set_castling_mode(CastlingMode::Standard).unwrap_err();
    assert_eq!((err.color, err.king, err.rook), (Color::Black, Square::G8, Square::H8));
}

#[test]
fn standard_mode_is_accepted_where_standard_chess_allows_it() {
    // Standard castling squares, or a Chess960 setup without castling rights.
    for fen in ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "rk5r/8/8/8/8/8/8/RK5R w - - 0 1"] {
        let mut pos = chess960(fen);
        assert_eq!(pos.set_castling_mode(CastlingMode::Standard), Ok(()), "{fen}");
        assert_eq!(pos.castling_mode(), CastlingMode::Standard);
        assert!(pos.is_consistent(), "{fen}");
        assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos, "{fen}");
    }
}

#[test]
fn castling_with_a_king_beside_its_rook_is_not_a_king_move() {
    // King b1, rook a1: queen-side castling takes the king to c1, as Kc1 does.
    let pos = chess960("1k6/8/8/8/8/8/8/RK6 w A - 0 1");
    let castle = Move::castle(Square::B1, Square::A1);
    let step = Move::new(Square::B1, Square::C1);
    assert!(pos.is_legal(castle) && pos.is_legal(step));
    assert_eq!(castle.to_string(), "b1a1");
    assert_eq!(pos.uci(castle), "b1a1");
    assert_eq!(step.to_string(), "b1c1");
    assert_eq!(pos.parse_uci("b1a1"), Ok(castle));
    assert_eq!(pos.parse_uci("b1c1"), Ok(step));
}

#[test]
fn castling_that_is_not_standard_displays_king_takes_rook() {
    assert_eq!(Move::castle(Square::E1, Square::H1).to_string(), "e1g1");
    assert_eq!(Move::castle(Square::E8, Square::A8).to_string(), "e8c8");
    // b1g1 and g1g1 are no UCI text of any move.
    assert_eq!(Move::castle(Square::B1, Square::H1).to_string(), "b1h1");
    assert_eq!(Move::castle(Square::G1, Square::H1).to_string(), "g1h1");
    assert_eq!(Move::castle(Square::C8, Square::A8).to_string(), "c8a8");
    assert_eq!(Move::castle(Square::E1, Square::G1).to_string(), "e1g1");
}

#[test]
fn every_legal_move_reads_back_from_its_texts() {
    for fen in [
        "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        "r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1",
        "1k6/8/8/8/8/8/8/RK6 w A - 0 1",
        "rkr5/8/8/8/8/8/8/1K6 b kq - 0 1",
    ] {
        let pos = chess960(fen);
        assert!(pos.legal_moves().iter().any(|m| m.is_castle()), "{fen}");
        for &mv in &pos.legal_moves() {
            assert_eq!(pos.parse_uci(&mv.to_string()), Ok(mv), "{fen}: {mv:?}");
            assert_eq!(pos.parse_uci(&pos.uci(mv)), Ok(mv), "{fen}: {mv:?}");
        }
    }
}

#[test]
fn illegal_castling_errors_name_the_move_in_the_positions_notation() {
    // King g1 already on its destination, f1 blocked.
    let mut pos = chess960("6kr/8/8/8/8/8/8/5BKR w H - 0 1");
    let err = pos.try_make_move(Move::castle(Square::G1, Square::H1)).unwrap_err();
    assert_eq!(err, MoveError::Illegal { text: "g1h1".into(), reason: IllegalReason::PathBlocked });
    // Chess960 notation also for a castling on standard squares.
    let mut pos = chess960("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1");
    let err = pos.try_make_move(Move::castle(Square::E1, Square::H1)).unwrap_err();
    assert_eq!(err, MoveError::Illegal { text: "e1h1".into(), reason: IllegalReason::PathBlocked });
    let mut pos = Position::startpos();
    let err = pos.try_make_move(Move::castle(Square::E1, Square::H1)).unwrap_err();
    assert_eq!(err, MoveError::Illegal { text: "e1g1".into(), reason: IllegalReason::PathBlocked });
}
