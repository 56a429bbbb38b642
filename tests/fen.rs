//! FEN round trips, error reports, the lenient mode, and no panics.

use crate::common;

use chess_movegen::{CastlingMode, FenErrorKind, FenField, FenOptions, Position, PositionError, Rank, Repairs, Square};
use proptest::prelude::*;

#[test]
fn suites_round_trip_exactly() {
    for (file, chess960) in [("standard.epd", false), ("chess960.epd", true), ("quick.epd", false)] {
        let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for line in common::read_epd(&text) {
            let pos = common::parse(&line.fen, chess960);
            let fen = pos.fen();
            // X-FEN letters and KQkq are both written back as read, except
            // that Shredder letters naming the outermost rook become K/Q.
            let reparsed = common::parse(&fen, chess960);
            assert_eq!(reparsed, pos, "{}", line.fen);
            if !chess960 {
                assert_eq!(fen, line.fen);
            }
            assert!(pos.is_consistent());
        }
    }
}

#[test]
fn all_six_fields_round_trip() {
    for fen in [
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
        "8/8/8/8/8/8/8/K6k w - - 99 1000",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    }
}

fn kind(fen: &str) -> (FenErrorKind, FenField, usize) {
    let e = Position::from_fen(fen).unwrap_err();
    assert!(!e.to_string().is_empty());
    (e.kind(), e.field(), e.offset())
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn syntax_errors_name_field_and_offset() {
    use FenErrorKind::*;
    assert_eq!(kind(""), (FieldCount { found: 0, min: 6, max: 6 }, FenField::Board, 0));
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
        (FieldCount { found: 4, min: 6, max: 6 }, FenField::HalfmoveClock, 52)
    );
    assert_eq!(kind(&format!("{START} extra")).0, FieldCount { found: 7, min: 6, max: 6 });
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
        (InvalidBoardChar('X'), FenField::Board, 42)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (InvalidBoardChar('9'), FenField::Board, 18)
    );
    assert_eq!(
        kind("rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (RankTooLong { rank: Rank::Eighth }, FenField::Board, 8)
    );
    assert_eq!(
        kind("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (RankTooShort { rank: Rank::Seventh }, FenField::Board, 16)
    );
    assert_eq!(kind("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").0, RankCount { found: 7 });
    assert_eq!(kind("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").0, RankCount { found: 9 });
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        (InvalidSideToMove, FenField::SideToMove, 44)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1"),
        (InvalidCastlingChar('x'), FenField::Castling, 49)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkk - 0 1"),
        (DuplicateCastling('k'), FenField::Castling, 49)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
        (InvalidEpSquare, FenField::EnPassant, 51)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1"),
        (InvalidNumber, FenField::HalfmoveClock, 53)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999"),
        (InvalidNumber, FenField::FullmoveNumber, 55)
    );
    assert_eq!(kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBé w KQkq - 0 1").0, InvalidBoardChar('é'));
}

fn illegal(fen: &str) -> (PositionError, FenField) {
    let e = Position::from_fen(fen).unwrap_err();
    match e.kind() {
        FenErrorKind::Illegal(reasons) => (reasons, e.field()),
        other => panic!("{fen}: expected an illegal-position error, got {other:?}"),
    }
}

#[test]
fn semantic_errors_list_every_reason() {
    assert_eq!(illegal("8/8/8/8/8/8/8/8 w - - 0 1"), (PositionError::MISSING_KING, FenField::Board));
    assert_eq!(illegal("k7/8/8/8/8/8/8/KK6 w - - 0 1").0, PositionError::TOO_MANY_KINGS);
    assert_eq!(illegal("k6P/8/8/8/8/8/8/K7 w - - 0 1").0, PositionError::PAWNS_ON_BACK_RANK);
    assert_eq!(illegal("k7/8/8/8/8/8/8/K6p w - - 0 1").0, PositionError::PAWNS_ON_BACK_RANK);
    assert_eq!(illegal("k6R/8/8/8/8/8/8/K7 w - - 0 1").0, PositionError::OPPOSITE_CHECK);
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), (PositionError::INVALID_CASTLING_RIGHTS, FenField::Castling));
    assert_eq!(illegal("4k3/8/8/8/8/8/8/R3K3 w K - 0 1").0, PositionError::INVALID_CASTLING_RIGHTS);
    assert_eq!(illegal("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1").0, PositionError::INVALID_CASTLING_RIGHTS);
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"), (PositionError::INVALID_EP_SQUARE, FenField::EnPassant));
    assert_eq!(illegal("4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1").0, PositionError::INVALID_EP_SQUARE);
    assert_eq!(illegal("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1").0, PositionError::INVALID_EP_SQUARE);
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        (PositionError::IMPOSSIBLE_COUNTERS, FenField::FullmoveNumber)
    );
    assert_eq!(illegal("4k3/8/8/8/8/8/8/4K3 w - - 5 1"), (PositionError::IMPOSSIBLE_COUNTERS, FenField::HalfmoveClock));
    assert_eq!(illegal("4k3/8/8/3pP3/8/8/8/4K3 w - d6 3 10").0, PositionError::IMPOSSIBLE_COUNTERS);
    // Several reasons at once, all reported.
    let (reasons, field) = illegal("8/8/8/8/8/8/8/K6P w K e6 0 0");
    assert_eq!(
        reasons,
        PositionError::MISSING_KING
            | PositionError::PAWNS_ON_BACK_RANK
            | PositionError::INVALID_CASTLING_RIGHTS
            | PositionError::INVALID_EP_SQUARE
            | PositionError::IMPOSSIBLE_COUNTERS
    );
    assert_eq!(field, FenField::Board);
    let message = Position::from_fen("8/8/8/8/8/8/8/K6P w - - 0 1").unwrap_err().to_string();
    assert_eq!(
        message,
        "invalid FEN (board field, byte 0): illegal position: missing king, pawns on the first or eighth rank"
    );
}

#[test]
fn lenient_mode_repairs_and_reports() {
    let (pos, repairs) = Position::from_fen_lenient("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1").unwrap();
    assert_eq!(repairs, Repairs::CASTLING_RIGHTS);
    assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    let (pos, repairs) = Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 b - e3 5 1").unwrap();
    assert_eq!(repairs, Repairs::EP_SQUARE | Repairs::COUNTERS);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 5 3");
    let (pos, repairs) = Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!(repairs, Repairs::MISSING_CLOCKS);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let (_, repairs) = Position::from_fen_lenient(START).unwrap();
    assert!(repairs.is_empty());
    // What cannot be repaired is still an error.
    assert!(Position::from_fen_lenient("8/8/8/8/8/8/8/K7 w - - 0 1").is_err());
}

#[test]
fn chess960_castling_rights() {
    let options = FenOptions::new().castling(CastlingMode::Chess960);
    // Shredder-FEN and X-FEN for the same position.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (shredder, _) = Position::from_fen_with(fen, options).unwrap();
    let (xfen, _) = Position::from_fen_with(&fen.replace("HFhf", "KFkf"), options).unwrap();
    assert_eq!(shredder, xfen);
    assert_eq!(shredder.fen(), fen.replace("HFhf", "KQkq"));
    assert_eq!(
        shredder.castling_rook(chess_movegen::Color::White, chess_movegen::CastlingSide::QueenSide),
        Some(Square::F1)
    );
    // In standard mode the same rights are refused.
    assert!(Position::from_fen(fen).is_err());
}

fn check_parse_never_panics(text: &str) {
    for options in [
        FenOptions::new(),
        FenOptions::new().lenient(true),
        FenOptions::new().castling(CastlingMode::Chess960),
        FenOptions::new().castling(CastlingMode::Chess960).lenient(true),
    ] {
        if let Ok((pos, _)) = Position::from_fen_with(text, options) {
            assert!(pos.is_consistent(), "{text}");
            let again = Position::from_fen_with(&pos.fen(), FenOptions::new().castling(options.castling)).unwrap().0;
            assert_eq!(again, pos, "{text}");
            let _ = pos.legal_moves();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,100}") {
        check_parse_never_panics(&text);
    }

    #[test]
    fn fen_like_strings_never_panic(text in "[rnbqkpRNBQKP1-9/]{0,70} [wb-] [KQkqA-Ha-h-]{0,5} [a-h1-8-]{1,2} [0-9]{1,3} [0-9]{1,3}") {
        check_parse_never_panics(&text);
    }

    #[test]
    fn mutated_valid_fens_never_panic(
        index in 0..common::START_FENS.len(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>(), 0..3u8), 1..4),
    ) {
        let mut chars: Vec<char> = common::START_FENS[index].chars().collect();
        for (at, c, op) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 if i < chars.len() => chars[i] = c,
                1 => chars.insert(i, c),
                _ if i < chars.len() => { chars.remove(i); }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        check_parse_never_panics(&text);
    }

    #[test]
    fn playout_positions_round_trip((start, choices) in common::playout()) {
        common::walk(start, &choices, |pos| {
            assert_eq!(&Position::from_fen(&pos.fen()).unwrap(), pos);
        });
    }
}

/// Every `FenError` text, one per kind: what is wrong, where, and what
/// was expected.
#[test]
fn every_error_text() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let strict = |fen: &str| Position::from_fen(fen).unwrap_err().to_string();
    let lenient = |fen: &str| Position::from_fen_lenient(fen).unwrap_err().to_string();
    let cases = [
        (strict(""), "invalid FEN (byte 0): found 0 fields, expected 6; missing: board, side to move, castling, en passant, halfmove clock, fullmove number"),
        (strict("8/8/8/8/8/8/8/8 w"), "invalid FEN (byte 17): found 2 fields, expected 6; missing: castling, en passant, halfmove clock, fullmove number"),
        (strict(&start[..start.len() - 4]), "invalid FEN (byte 52): found 4 fields, expected 6; missing: halfmove clock, fullmove number (Position::from_fen_lenient reads FENs without clocks)"),
        (lenient("8/8/8/8/8/8/8/8 w KQkq"), "invalid FEN (byte 22): found 3 fields, expected 4 to 6; missing: en passant"),
        (strict(&format!("{start} extra")), "invalid FEN (byte 57): found 7 fields, expected 6; text after the fullmove number field"),
        (strict("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "invalid FEN (board field, byte 13): invalid character 'x' (expected a piece letter PNBRQK or pnbrqk, a digit 1-8 or '/')"),
        (strict("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "invalid FEN (board field, byte 17): rank 7 has more than 8 squares"),
        (strict("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "invalid FEN (board field, byte 19): rank 6 has fewer than 8 squares"),
        (strict("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "invalid FEN (board field, byte 41): found 7 ranks, expected 8 separated by '/'"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), "invalid FEN (side to move field, byte 44): side to move must be 'w' or 'b'"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"), "invalid FEN (castling field, byte 48): invalid castling character 'x' (expected KQkq, file letters A-H or a-h, or '-')"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1"), "invalid FEN (castling field, byte 47): castling right 'K' given twice"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"), "invalid FEN (en passant field, byte 51): en-passant square must be a square like e3, or '-'"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1"), "invalid FEN (halfmove clock field, byte 53): expected a decimal number from 0 to 4294967295"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4294967296"), "invalid FEN (fullmove number field, byte 55): expected a decimal number from 0 to 4294967295"),
        (strict("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"), "invalid FEN (fullmove number field, byte 55): illegal position: impossible move counters"),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}

#[test]
fn strict_refuses_adjacent_digits_and_black_castling_first() {
    use chess_movegen::FenErrorKind::{AdjacentDigits, CastlingOrder};
    let cases = [
        ("4k3/8/8/8/8/8/8/K43 w - - 0 1", AdjacentDigits, FenField::Board, 18),
        ("4k3/8/8/8/8/8/8/4K111 w - - 0 1", AdjacentDigits, FenField::Board, 19),
        ("4k3/8/8/8/8/8/8/124K w - - 0 1", AdjacentDigits, FenField::Board, 17),
        ("r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1", CastlingOrder('K'), FenField::Castling, 28),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KkQq - 0 1", CastlingOrder('Q'), FenField::Castling, 28),
    ];
    for (fen, kind, field, offset) in cases {
        let err = Position::from_fen(fen).unwrap_err();
        assert_eq!((err.kind(), err.field(), err.offset()), (kind, field, offset), "{fen}");
        // The lenient parser reads the same position as the canonical FEN.
        let (pos, repairs) = Position::from_fen_lenient(fen).unwrap();
        assert!(repairs.is_empty(), "{fen}");
        assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos, "{fen}");
    }
    assert_eq!(
        Position::from_fen_lenient("4k3/8/8/8/8/8/8/124K w - - 0 1").unwrap().0.fen(),
        "4k3/8/8/8/8/8/8/7K w - - 0 1"
    );
    // Either order within one colour, and Shredder letters, stay accepted.
    for fen in ["r3k2r/8/8/8/8/8/8/R3K2R w QKqk - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"] {
        assert_eq!(Position::from_fen(fen).unwrap().fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    }
    let err = Position::from_fen("4k3/8/8/8/8/8/8/K43 w - - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN (board field, byte 18): two digits in a row (a run of empty squares is one digit, 1-8)"
    );
}
