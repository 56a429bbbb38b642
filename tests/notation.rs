//! UCI, SAN and LAN: round trips, every disambiguation and annotation
//! form, every error kind, and real games played to their final positions.

use crate::common;

use std::collections::HashSet;

use chess_movegen::{CastlingMode, FenOptions, Game, IllegalReason, Move, MoveError, Position, Role, Square};
use proptest::prelude::*;

/// The starting position, for the error tests.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// LAN written from the board directly: piece letter (none for pawns),
/// origin, `x` for a capture or `-`, destination, `=` and the promotion
/// letter, and the check mark the SAN carries; castling as in SAN.
fn expected_lan(pos: &Position, mv: Move, san: &str) -> String {
    if mv.is_castle() {
        return san.to_string();
    }
    let piece = pos.piece_at(mv.from()).expect("a legal move has a piece");
    let letter = match piece.role {
        Role::Pawn => String::new(),
        role => role.upper_char().to_string(),
    };
    let capture = mv.is_en_passant() || pos.piece_at(mv.to()).is_some();
    let promotion = mv.promotion_role().map(|r| format!("={}", r.upper_char())).unwrap_or_default();
    let check = &san[san.trim_end_matches(['+', '#']).len()..];
    format!("{letter}{}{}{}{promotion}{check}", mv.from(), if capture { 'x' } else { '-' }, mv.to())
}

fn check_round_trips(pos: &Position) {
    let mut sans = HashSet::new();
    for mv in pos.legal_moves() {
        let san = pos.san(mv);
        assert_eq!(pos.parse_san(&san), Ok(mv), "{san} in {}", pos.fen());
        assert!(sans.insert(san.clone()), "two moves share the SAN {san} in {}", pos.fen());
        let uci = pos.uci(mv);
        assert_eq!(pos.parse_uci(&uci), Ok(mv), "{uci} in {}", pos.fen());
        // The SAN reader reads UCI too (both castling forms), so that
        // callers given either notation need one reader.
        assert_eq!(pos.parse_san(&uci), Ok(mv), "{uci} in {}", pos.fen());
        assert_eq!(pos.parse_san(&mv.to_string()), Ok(mv), "{mv} in {}", pos.fen());
        assert_eq!(pos.lan(mv), expected_lan(pos, mv, &san), "{mv:?} in {}", pos.fen());
    }
}

#[test]
fn round_trip_over_many_random_positions() {
    let mut rng = common::Rng(0x5eed_1234_abcd_ef01);
    let mut positions = 0;
    let mut moves = 0;
    while positions < 100_000 {
        let mut pos = pos(common::START_FENS[(rng.next() % common::START_FENS.len() as u64) as usize]);
        for _ in 0..200 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            check_round_trips(&pos);
            positions += 1;
            moves += legal.len();
            pos = pos.play(legal[(rng.next() % legal.len() as u64) as usize]);
        }
    }
    assert!(moves > 1_000_000, "{moves}");
}

/// `san_all` of a list of moves equals `san` move by move: the legal
/// moves, the moves of one piece, and moves that are not legal (written
/// in UCI by both).
fn check_san_all(pos: &Position) {
    let legal = pos.legal_moves();
    let one_by_one: Vec<String> = legal.iter().map(|&mv| pos.san(mv)).collect();
    assert_eq!(pos.san_all(&legal), one_by_one, "{}", pos.fen());
    if let Some(first) = legal.first() {
        let some: Vec<Move> = legal.iter().copied().filter(|m| m.from() == first.from()).collect();
        assert_eq!(pos.san_all(&some), some.iter().map(|&mv| pos.san(mv)).collect::<Vec<_>>());
    }
    let illegal =
        [Move::new(Square::A1, Square::A1), Move::new(Square::E1, Square::E8), Move::new(Square::H7, Square::H8)];
    let illegal: Vec<Move> = illegal.into_iter().filter(|&mv| !pos.is_legal(mv)).collect();
    assert_eq!(pos.san_all(&illegal), illegal.iter().map(|&mv| pos.uci(mv)).collect::<Vec<_>>());
}

#[test]
fn san_all_is_san_for_every_move_of_the_perft_suites() {
    let suites = [(include_str!("data/standard.epd"), false), (include_str!("data/chess960.epd"), true)];
    let mut positions = 0;
    for (text, chess960) in suites {
        for line in common::read_epd(text) {
            let pos = common::parse(&line.fen, chess960);
            check_san_all(&pos);
            // The children too: checks, mates and replies to checks.
            for mv in pos.legal_moves() {
                check_san_all(&pos.play(mv));
                positions += 1;
            }
        }
    }
    assert!(positions > 100_000, "{positions}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn san_all_is_san_in_random_games((start, choices) in common::playout()) {
        common::walk(start, &choices, check_san_all);
    }

    #[test]
    fn san_and_uci_round_trip((start, choices) in common::playout()) {
        common::walk(start, &choices, check_round_trips);
    }

    #[test]
    fn garbage_never_panics(text in ".{0,12}", start in 0..common::START_FENS.len()) {
        let pos = pos(common::START_FENS[start]);
        let _ = pos.parse_san(&text);
        let _ = pos.parse_uci(&text);
        if let Ok(mv) = pos.parse_san(&text) {
            prop_assert!(pos.is_legal(mv));
        }
        if let Ok(mv) = pos.parse_uci(&text) {
            prop_assert_eq!(pos.parse_san(&text), Ok(mv));
        }
    }
}

#[test]
fn san_disambiguation() {
    // Knights on b1 and f3 can both reach d2: file.
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(p.san(Move::new(Square::B1, Square::D2)), "Nbd2");
    assert_eq!(p.san(Move::new(Square::F3, Square::D4)), "Nd4");
    // Rooks on a1 and a5: rank.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.san(Move::new(Square::A1, Square::A3)), "R1a3");
    assert_eq!(p.san(Move::new(Square::A5, Square::A3)), "R5a3");
    // Queens on h4, e4 and h1 all reach e1: file and rank.
    let p = pos("6k1/8/8/8/4Q2Q/8/8/1K5Q w - - 0 1");
    assert_eq!(p.san(Move::new(Square::H4, Square::E1)), "Qh4e1");
    assert_eq!(p.san(Move::new(Square::E4, Square::E1)), "Qee1");
    assert_eq!(p.san(Move::new(Square::H1, Square::E1)), "Q1e1");
    // A pinned rival does not need disambiguation (only legal moves count).
    let p = pos("4k3/8/8/b7/8/6N1/3N4/4K3 w - - 0 1");
    assert_eq!(p.san(Move::new(Square::G3, Square::E4)), "Ne4");
    let p = pos("4k3/4r3/8/8/8/2N1N3/8/4K3 w - - 0 1");
    assert_eq!(p.san(Move::new(Square::C3, Square::D5)), "Nd5");
}

#[test]
fn san_forms() {
    let p = pos("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    assert_eq!(p.san(Move::castle(Square::E1, Square::H1)), "O-O");
    assert_eq!(p.san(Move::castle(Square::E1, Square::A1)), "O-O-O");
    assert_eq!(p.san(Move::en_passant(Square::E5, Square::D6)), "exd6");
    assert_eq!(p.san(Move::promotion(Square::B7, Square::A8, chess_movegen::Role::Queen)), "bxa8=Q+");
    assert_eq!(p.san(Move::promotion(Square::B7, Square::B8, chess_movegen::Role::Knight)), "b8=N");
    assert_eq!(p.lan(Move::promotion(Square::B7, Square::A8, chess_movegen::Role::Queen)), "b7xa8=Q+");
    assert_eq!(p.lan(Move::new(Square::A1, Square::A7)), "Ra1-a7");
    let bxa8q = Move::promotion(Square::B7, Square::A8, chess_movegen::Role::Queen);
    for text in ["bxa8=Q", "bxa8Q", "bxa8=Q+", "ba8=Q", "bxa8(Q)", "bxa8=Q!?", "b7xa8=Q", "bxa8=q"] {
        assert_eq!(p.parse_san(text), Ok(bxa8q), "{text}");
    }
    for text in ["O-O", "0-0", "O-O+", "O-O!"] {
        assert_eq!(p.parse_san(text), Ok(Move::castle(Square::E1, Square::H1)), "{text}");
    }
    for text in ["O-O-O", "0-0-0"] {
        assert_eq!(p.parse_san(text), Ok(Move::castle(Square::E1, Square::A1)), "{text}");
    }
    for text in ["exd6", "ed6", "exd6 e.p.", "e5xd6"] {
        assert_eq!(p.parse_san(text), Ok(Move::en_passant(Square::E5, Square::D6)), "{text}");
    }
    let p = Position::startpos();
    for text in ["Nf3", "Ng1f3", "Ngf3", "N1f3", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3?!", "Nf3+"] {
        assert_eq!(p.parse_san(text), Ok(Move::new(Square::G1, Square::F3)), "{text}");
    }
    // Mate is marked '#'.
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4");
    assert_eq!(p.san(Move::new(Square::H5, Square::F7)), "Qxf7#");
}

fn san_err(fen: &str, text: &str) -> MoveError {
    pos(fen).parse_san(text).unwrap_err()
}

fn uci_reason(fen: &str, text: &str) -> IllegalReason {
    match pos(fen).parse_uci(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text} in {fen}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn every_error_kind() {
    use IllegalReason::*;
    assert_eq!(uci_reason(START, "e3e4"), NoPiece);
    assert_eq!(uci_reason(START, "e7e5"), OpponentPiece);
    assert_eq!(uci_reason(START, "g1g3"), CannotMoveThatWay);
    assert_eq!(uci_reason(START, "d1e2"), CaptureOwnPiece);
    assert_eq!(uci_reason(START, "f1c4"), PathBlocked);
    assert_eq!(uci_reason("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d1"), KingIntoCheck);
    assert_eq!(uci_reason("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2"), KingIntoCheck);
    assert_eq!(uci_reason("4k3/4r3/8/8/8/8/8/N3K3 w - - 0 1", "a1b3"), LeavesKingInCheck);
    assert_eq!(uci_reason("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3"), ExposesKing);
    assert_eq!(uci_reason("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2", "b5c6"), ExposesKing);
    assert_eq!(uci_reason("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), CastleOutOfCheck);
    assert_eq!(uci_reason("4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), CastleThroughCheck);
    assert_eq!(uci_reason("4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), CastleIntoCheck);
    assert_eq!(uci_reason("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1"), CastlingRightLost);
    assert_eq!(uci_reason("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1h1"), CastlingRightLost);
    assert_eq!(uci_reason("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1"), PathBlocked);
    assert_eq!(uci_reason("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8"), MissingPromotion);
    assert_eq!(uci_reason(START, "e2e4q"), NeedlessPromotion);
    assert_eq!(uci_reason(START, "g1f3q"), NeedlessPromotion);
    assert_eq!(pos(START).illegal_reason(Move::en_passant(Square::E2, Square::D3)), Some(NoEnPassant));
    assert_eq!(pos(START).illegal_reason(Move::NULL), Some(NullMove));

    // Syntax errors.
    for text in ["", "e2", "e2e4qq", "e9e4", "i2e4", "e2e4k", "e2e2", "é2e4"] {
        assert!(matches!(pos(START).parse_uci(text), Err(MoveError::Syntax { .. })), "{text:?}");
    }
    assert!(matches!(pos(START).parse_uci("0000"), Err(MoveError::Syntax { .. })));
    assert_eq!(pos(START).parse_uci_or_null("0000"), Ok(Move::NULL));
    for text in ["", "Z4", "Nf", "Nf9", "N", "e4=K", "Ke8=Q", "Nxxf3"] {
        assert!(matches!(pos(START).parse_san(text), Err(MoveError::Syntax { .. })), "{text:?}");
    }

    // SAN: illegal with the reason, ambiguous with the candidates.
    assert!(matches!(san_err(START, "Nf4"), MoveError::Illegal { reason: NoPieceCanReach { .. }, .. }));
    assert!(matches!(san_err(START, "Bc4"), MoveError::Illegal { reason: PathBlocked, .. }));
    assert!(matches!(san_err(START, "O-O"), MoveError::Illegal { reason: PathBlocked, .. }));
    assert!(matches!(
        san_err("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3"),
        MoveError::Illegal { reason: ExposesKing, .. }
    ));
    assert!(matches!(
        san_err("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8"),
        MoveError::Illegal { reason: MissingPromotion, .. }
    ));
    assert!(matches!(san_err(START, "e4=Q"), MoveError::Illegal { reason: NeedlessPromotion, .. }));
    let err = san_err("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2");
    match &err {
        MoveError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(err.to_string(), "ambiguous move \"Nd2\": it could be b1d2 or f3d2");
    assert_eq!(
        pos(START).parse_uci("e2e5").unwrap_err().to_string(),
        "illegal move \"e2e5\": the piece cannot move that way"
    );
}

#[test]
fn illegal_reason_agrees_with_is_legal_for_every_move_value() {
    for fen in common::START_FENS {
        let p = pos(fen);
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            assert_eq!(p.illegal_reason(mv).is_none(), p.is_legal(mv), "{mv:?} in {fen}");
        }
    }
}

#[test]
fn uci_castling_forms() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = Move::castle(Square::E1, Square::H1);
    assert_eq!(p.parse_uci("e1g1"), Ok(short));
    assert_eq!(p.parse_uci("e1h1"), Ok(short));
    assert_eq!(p.uci(short), "e1g1");
    let (p960, _) = Position::from_fen_with(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        FenOptions::new().castling(CastlingMode::Chess960),
    )
    .unwrap();
    assert_eq!(p960.uci(short), "e1h1");
    assert_eq!(p960.parse_uci("e1h1"), Ok(short));
    // In Chess960 the king's two-square step is not castling.
    assert!(p960.parse_uci("e1g1").is_err());
}

/// Famous games typed from their published scores; the final positions
/// were checked with an independent implementation.
#[test]
fn real_games_reach_their_final_positions() {
    let games = [
        (
            "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 \
             10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 \
             17. Rd8# 1-0",
            33,
            "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17",
        ),
        (
            "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 \
             10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 \
             18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0",
            45,
            "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23",
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 Qf6 9. e5 Qg6 \
             10. Re1 Nge7 11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15. Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 \
             18. exf6 Rg8 19. Rad1 Qxf3 20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0",
            47,
            "1r3kr1/pbpBBp1p/1b3P2/8/8/2P2q2/P4PPP/3R2K1 b - - 0 24",
        ),
        (
            "1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 7. Qxc4 c6 8. e4 Nbd7 9. Rd1 Nb6 \
             10. Qc5 Bg4 11. Bg5 Na4 12. Qa3 Nxc3 13. bxc3 Nxe4 14. Bxe7 Qb6 15. Bc4 Nxc3 16. Bc5 Rfe8+ 17. Kf1 Be6 \
             18. Bxb6 Bxc4+ 19. Kg1 Ne2+ 20. Kf1 Nxd4+ 21. Kg1 Ne2+ 22. Kf1 Nc3+ 23. Kg1 axb6 24. Qb4 Ra4 \
             25. Qxb6 Nxd1 26. h3 Rxa2 27. Kh2 Nxf2 28. Re1 Rxe1 29. Qd8+ Bf8 30. Nxe1 Bd5 31. Nf3 Ne4 32. Qb8 b5 \
             33. h4 h5 34. Ne5 Kg7 35. Kg1 Bc5+ 36. Kf1 Ng3+ 37. Ke1 Bb4+ 38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ \
             41. Kc1 Rc2# 0-1",
            82,
            "1Q6/5pk1/2p3p1/1p2N2p/1b5P/1bn5/2r3P1/2K5 w - - 16 42",
        ),
    ];
    for (score, plies, fen) in games {
        let mut game = Game::new();
        assert_eq!(game.push_line(score), Ok(plies));
        assert_eq!(game.position().fen(), fen);
        assert!(game.position().is_checkmate());
        // Each move's SAN, written back, gives the same score.
        let mut replay = Game::new();
        for &mv in game.moves() {
            let san = replay.position().san(mv);
            assert!(score.contains(&san), "{san} not in the score");
            replay.push(mv).unwrap();
        }
    }
}

/// The error text of `Position::parse_uci(text)` in `fen`.
fn uci_error(fen: &str, text: &str) -> String {
    pos(fen).parse_uci(text).unwrap_err().to_string()
}

/// The error text of `Position::parse_san(text)` in `fen`.
fn san_error(fen: &str, text: &str) -> String {
    pos(fen).parse_san(text).unwrap_err().to_string()
}

// Every text a `MoveError` can show, each from a case that produces it:
// the texts name the real cause (the four tests below).

/// Illegal UCI moves: one text per reason.
#[test]
fn error_texts_of_illegal_moves() {
    for (fen, text, expected) in [
        (START, "e3e4", "there is no piece on the origin square"),
        (START, "e7e5", "that piece belongs to the opponent"),
        (START, "g1g3", "the piece cannot move that way"),
        (START, "d1e2", "a piece cannot capture a piece of its own side"),
        (START, "f1c4", "the path is blocked"),
        ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2", "the king would move into check"),
        ("4k3/4r3/8/8/8/8/8/N3K3 w - - 0 1", "a1b3", "the king is in check and the move does not get it out of check"),
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", "the piece is pinned: moving it would expose the king to check"),
        ("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "cannot castle out of check"),
        ("4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "cannot castle through an attacked square"),
        ("4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "cannot castle into check"),
        ("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", "the castling right has been lost"),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", "a pawn reaching the last rank must promote: say to which piece"),
        (START, "e2e4q", "only a pawn reaching the last rank can promote"),
    ] {
        assert_eq!(uci_error(fen, text), format!("illegal move {text:?}: {expected}"), "{fen}");
    }
    let p = pos(START);
    assert_eq!(p.illegal_reason(Move::NULL).unwrap().to_string(), "the null move is not a legal move");
    assert_eq!(
        p.illegal_reason(Move::en_passant(Square::E2, Square::D3)).unwrap().to_string(),
        "en passant is not possible here"
    );
}

/// UCI syntax: the real fault, not the first check that fails.
#[test]
fn error_texts_of_uci_syntax() {
    for (text, expected) in [
        ("e2e4 ", "leading or trailing whitespace (a UCI move has no spaces)"),
        (" e2e4", "leading or trailing whitespace (a UCI move has no spaces)"),
        ("e2e4\n", "leading or trailing whitespace (a UCI move has no spaces)"),
        ("é2e4", "unexpected non-ASCII character"),
        ("e2", "expected 4 or 5 characters: from square, to square, optional promotion letter"),
        ("e2e4qq", "expected 4 or 5 characters: from square, to square, optional promotion letter"),
        ("i2e4", "the origin is not a square"),
        ("e2e9", "the destination is not a square"),
        ("e7e8k", "a pawn promotes to a queen, rook, bishop or knight, not to a king or pawn"),
        ("e7e8x", "invalid promotion piece (Q, R, B or N)"),
        ("e2e2", "origin and destination are the same square"),
        ("0000", "the null move is not accepted here"),
    ] {
        assert_eq!(uci_error(START, text), format!("{text:?} is not a move in UCI: {expected}"));
    }
}

/// SAN: a piece that is not there, or cannot get there, is named; and
/// the syntax errors.
#[test]
fn error_texts_of_san_error() {
    let bare = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_error(bare, "Nf3"), "illegal move \"Nf3\": no knight can reach f3");
    assert_eq!(san_error(START, "Nf4"), "illegal move \"Nf4\": no knight can reach f4");
    assert_eq!(san_error(START, "e5"), "illegal move \"e5\": no pawn can reach e5");
    assert_eq!(san_error(START, "Ncd3"), "illegal move \"Ncd3\": no knight on the c-file can reach d3");
    assert_eq!(san_error(START, "N2d3"), "illegal move \"N2d3\": no knight on rank 2 can reach d3");
    assert_eq!(san_error(START, "Nb2d3"), "illegal move \"Nb2d3\": no knight on b2 can reach d3");
    assert_eq!(san_error(START, "exd3"), "illegal move \"exd3\": no pawn on the e-file can reach d3");
    assert_eq!(san_error(START, "Nd2"), "illegal move \"Nd2\": a piece cannot capture a piece of its own side");
    // SAN syntax.
    for (text, expected) in [
        ("", "empty move"),
        ("Ñf3", "unexpected non-ASCII character"),
        ("nf3", "piece letters are upper case (N, B, R, Q, K)"),
        ("N", "missing destination square"),
        ("Nf9", "the destination is not a square"),
        ("Nxxf3", "expected piece letter, origin file and/or rank (or square), x or -, destination square"),
        ("e8=K", "a pawn promotes to a queen, rook, bishop or knight, not to a king or pawn"),
        ("e8=X", "invalid promotion piece (Q, R, B or N)"),
        ("e8=", "missing promotion piece after '='"),
        ("exd8(X)", "invalid promotion piece (Q, R, B or N)"),
        ("Ke8=Q", "only pawns promote"),
    ] {
        assert_eq!(san_error(START, text), format!("{text:?} is not a move in SAN, long algebraic or UCI: {expected}"));
    }
}

/// Ambiguity lists the candidates; a move text names the failing move as
/// a score does; an ended game says how it ended.
#[test]
fn error_texts_of_ambiguity_and_games() {
    assert_eq!(
        san_error("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2"),
        "ambiguous move \"Nd2\": it could be b1d2 or f3d2"
    );
    let mut game = Game::new();
    let err = game.push_line("1. e4 e5 2. Ke3").unwrap_err();
    assert_eq!(err.to_string(), "2. Ke3: illegal move: no king can reach e3");
    // An ended game says how it ended.
    let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 100").unwrap();
    game.push_uci("a1a8").unwrap();
    assert_eq!(
        game.push_uci("h8h7").unwrap_err().to_string(),
        "cannot play \"h8h7\": the game is over (white wins by checkmate)"
    );
}

/// `Position::parse_san`, `Game::push_san`, `Game::push_line` and the PGN
/// reader share one SAN reader: over random games, for the SAN, LAN and
/// UCI of every legal move and for texts that are ambiguous, illegal or
/// no move at all, all four play the same move or give the same error.
#[test]
fn one_san_reader_for_parse_san_push_line_and_pgn() {
    use chess_movegen::pgn::{PgnErrorKind, Reader};
    let mut rng = common::Rng(0x5eed_0f5a_4e11);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        common::KIWIPETE,
        "1k6/8/8/2N1N3/8/2N1N3/8/4K3 w - - 0 1",
        "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    ];
    let junk = [
        "Nd3", "Nxd3", "N", "Nf9", "e8=K", "e8=", "e8=X", "Ke8=Q", "Xy5", "nf3", "Ncd3", "N2d3", "O-O", "O-O-O",
        "e1h1", "e1c1", "exd6", "exd6e.p.", "bxa8=Q", "b8", "Kd1", "e9", "--", "Z0", "0000", "e4e4", "g1f3x",
    ];
    let mut checked = 0;
    for (game, fen) in starts.iter().cycle().take(12).enumerate() {
        let mut position = pos(fen);
        for _ in 0..40 + game {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut texts: Vec<String> = junk.iter().map(|t| t.to_string()).collect();
            for &mv in moves.iter().take(12) {
                texts.extend([position.san(mv), position.lan(mv), position.uci(mv)]);
            }
            for text in &texts {
                let expected = position.parse_san(text);
                let mut game = Game::from_position(position);
                if game.outcome().is_some() {
                    continue;
                }
                assert_eq!(game.push_san(text), expected, "{text} in {}", position.fen());
                let mut game = Game::from_position(position);
                let line = game.push_line(text).map(|_| game.moves()[0]).map_err(|e| e.error);
                assert_eq!(line, expected, "push_line {text} in {}", position.fen());
                let pgn = format!("[FEN \"{}\"]\n\n{text} *\n", position.fen());
                let read = match Reader::from_str(&pgn).read_tree().expect("a game") {
                    Ok(tree) => Ok(tree.moves[0].mv),
                    Err(e) => match e.kind {
                        PgnErrorKind::Move { error, .. } => Err(error),
                        PgnErrorKind::NullMoveInCheck { .. } => {
                            Err(MoveError::Illegal { text: text.clone(), reason: IllegalReason::NullMove })
                        }
                        other => panic!("{text} in {}: {other:?}", position.fen()),
                    },
                };
                match (&read, &expected) {
                    // The reader plays null moves; the others refuse them.
                    (Ok(mv), Err(MoveError::Illegal { reason: IllegalReason::NullMove, .. })) => assert!(mv.is_null()),
                    _ => assert_eq!(read, expected, "reader {text} in {}", position.fen()),
                }
                checked += 1;
            }
            position = position.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(checked > 10_000, "only {checked} texts");
}
