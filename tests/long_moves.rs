//! Move text as real files write it besides SAN: long algebraic (`e2-e4`,
//! `Ng1-f3`, `e7-e8=Q`) and UCI (`g1f3`, `e7e8q`, castling `e1g1` or king
//! takes rook). Each form through `Position::parse_san`, the PGN reader and
//! `Game::push_line`, written back as SAN; the errors for texts that are
//! no move, and their length for huge tokens.

use crate::common;

use chess_movegen::pgn::{Nag, PgnGame, ReadOptions, Reader};
use chess_movegen::{CastlingMode, Game, IllegalReason, MoveError, Position, SyntaxReason};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const BLACK: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const PROMOTE: &str = "r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1";
const EN_PASSANT: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
const CHESS960: &str = "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1";

/// Each text and the SAN of the move it names, as python-chess 1.11.2
/// reads it (`Board.parse_san`, and its PGN reader for the glyph).
const FORMS: [(&str, &str, &str); 35] = [
    (START, "g1f3", "Nf3"),
    (START, "g1-f3", "Nf3"),
    (START, "Ng1-f3", "Nf3"),
    (START, "Ng1xf3", "Nf3"),
    (START, "Ng1f3", "Nf3"),
    (START, "e2-e4", "e4"),
    (START, "e2e4", "e4"),
    (START, "e2xe4", "e4"),
    (START, "b1c3", "Nc3"),
    (START, "Nb1-c3", "Nc3"),
    (START, "g1f3+", "Nf3"),
    (START, "e2-e4!?", "e4"),
    (PROMOTE, "b7b8q", "b8=Q+"),
    (PROMOTE, "b7-b8=Q", "b8=Q+"),
    (PROMOTE, "b7b8=N", "b8=N"),
    (PROMOTE, "b7xa8=Q", "bxa8=Q+"),
    (PROMOTE, "b7xa8q", "bxa8=Q+"),
    (PROMOTE, "b7a8r", "bxa8=R+"),
    (PROMOTE, "b7-a8=R+", "bxa8=R+"),
    (PROMOTE, "e1g1", "O-O"),
    (PROMOTE, "e1-g1", "O-O"),
    (PROMOTE, "e1h1", "O-O"),
    (PROMOTE, "Rh1-h8+", "Rh8+"),
    (PROMOTE, "h1h8", "Rh8+"),
    (EN_PASSANT, "e5xd6", "exd6"),
    (EN_PASSANT, "e5d6", "exd6"),
    (EN_PASSANT, "e5-d6", "exd6"),
    (EN_PASSANT, "e5d6+", "exd6"),
    (BLACK, "b8c6", "Nc6"),
    (BLACK, "Nb8-c6", "Nc6"),
    (BLACK, "g8f6", "Nf6"),
    (BLACK, "d7-d5", "d5"),
    (BLACK, "e8e7", "Ke7"),
    (BLACK, "Ke8-e7", "Ke7"),
    (BLACK, "d8h4", "Qh4"),
];

/// Chess960 castling is the king taking its own rook; `b1c1` is a king
/// step there, not castling.
const FORMS_960: [(&str, &str); 4] = [("b1h1", "O-O"), ("b1-h1", "O-O"), ("b1a1", "O-O-O"), ("b1c1", "Kc1")];

fn pgn_with_fen(fen: &str, chess960: bool, movetext: &str) -> String {
    let variant = if chess960 { "[Variant \"Chess960\"]\n" } else { "" };
    let number = if fen.contains(" b ") { "2..." } else { "1." };
    format!("[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n{variant}\n{number} {movetext} *\n")
}

/// The text read three ways gives the move whose SAN is `san`, and the
/// writer writes that SAN.
fn check_form(fen: &str, chess960: bool, text: &str, san: &str) {
    let pos = common::parse(fen, chess960);
    let mv = pos.parse_san(text).unwrap_or_else(|e| panic!("{text:?} in {fen}: {e}"));
    assert_eq!(pos.san(mv), san, "{text:?} in {fen}");

    let pgn = pgn_with_fen(fen, chess960, text);
    let tree: PgnGame = pgn.parse().unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!(tree.mainline().collect::<Vec<_>>(), [mv], "{pgn}");
    let written = tree.to_pgn();
    let number = if fen.contains(" b ") { "2..." } else { "1." };
    assert!(written.contains(&format!("\n{number} {san}")), "{text:?}: {written}");
    assert_eq!(written.parse::<PgnGame>().unwrap(), tree, "{written}");

    let mut game = Game::from_position(pos);
    assert_eq!(game.push_line(&format!("{number} {text}")), Ok(1), "{text:?} in {fen}");
    assert_eq!(game.moves(), [mv]);
    assert!(game.to_pgn().contains(&format!("\n{number} {san}")), "{text:?}");
}

#[test]
fn each_form_is_read_by_parse_san_the_reader_and_push_line_and_written_as_san() {
    for (fen, text, san) in FORMS {
        check_form(fen, false, text, san);
    }
    for (text, san) in FORMS_960 {
        check_form(CHESS960, true, text, san);
    }
}

#[test]
fn a_whole_game_in_long_algebraic_and_uci() {
    let text = "1. g1f3 c7c5 2. e2-e4 Nb8-c6 3. Nb1-c3 g8f6 4. f1c4 e7e6 5. e1g1 d7d5 6. e4xd5 e6xd5 \
                7. Bc4-b5 Bf8-e7 8. Rf1-e1 e8g8 9. d2d4 c5xd4 10. Nf3xd4 Qd8-b6 *";
    let sans = "1. Nf3 c5 2. e4 Nc6 3. Nc3 Nf6 4. Bc4 e6 5. O-O d5 6. exd5 exd5 7. Bb5 Be7 8. Re1 O-O 9. d4 cxd4 \
                10. Nxd4 Qb6 *";
    let tree: PgnGame = text.parse().unwrap();
    let expected: PgnGame = sans.parse().unwrap();
    assert_eq!(tree, expected);
    assert_eq!(tree.to_pgn(), expected.to_pgn());
    let written = tree.to_pgn();
    assert!(
        written.starts_with("1. Nf3 c5 2. e4 Nc6 3. Nc3 Nf6 4. Bc4 e6 5. O-O d5 6. exd5 exd5 7. Bb5 Be7"),
        "{written:?}"
    );
    let mut game = Game::new();
    assert_eq!(game.push_line(text), Ok(20));
    assert_eq!(game.moves(), expected.to_game().moves());
    // Glyphs after long forms are NAGs, as after SAN.
    let tree: PgnGame = "1. e2-e4!? e7e5?! 2. Ng1-f3!! *".parse().unwrap();
    let nags: Vec<Vec<Nag>> = tree.moves.iter().map(|n| n.nags.clone()).collect();
    assert_eq!(nags, [vec![Nag::SPECULATIVE], vec![Nag::DUBIOUS], vec![Nag::BRILLIANT]]);
}

/// Every legal move's UCI and long algebraic text, in random games from
/// positions with castling (both modes), en passant, promotions and pins,
/// reads back as that move, in `parse_san` and in the reader.
#[test]
fn every_legal_moves_uci_and_lan_read_back() {
    let mut rng = common::Rng(0x10c0_4a1e_9b7d_3f21);
    let starts = [(START, false), (common::KIWIPETE, false), (EN_PASSANT, false), (PROMOTE, false), (CHESS960, true)];
    let mut checked = 0;
    for game in 0..40 {
        let (fen, chess960) = starts[game % starts.len()];
        let start = common::parse(fen, chess960);
        let mut pos = start;
        let (mut ucis, mut lans) = (Vec::new(), Vec::new());
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                assert_eq!(pos.parse_san(&pos.uci(mv)), Ok(mv), "{} in {}", pos.uci(mv), pos.fen());
                assert_eq!(pos.parse_san(&pos.lan(mv)), Ok(mv), "{} in {}", pos.lan(mv), pos.fen());
                checked += 2;
            }
            let mv = moves[rng.below(moves.len())];
            ucis.push(pos.uci(mv));
            lans.push(pos.lan(mv));
            pos = pos.play(mv);
        }
        for line in [ucis.join(" "), lans.join(" ")] {
            let pgn = pgn_with_fen(&start.fen(), chess960, &line);
            let tree: PgnGame = pgn.parse().unwrap_or_else(|e| panic!("{e}\n{pgn}"));
            let mut replay = start;
            for mv in tree.mainline() {
                replay = replay.play(mv);
            }
            assert_eq!(replay, pos, "{pgn}");
        }
    }
    assert!(checked > 10_000, "only {checked} texts");
}

#[test]
fn a_text_that_is_no_move_says_so() {
    let pos = Position::startpos();
    for (text, reason) in [
        ("g1f3x", "the destination is not a square"),
        ("g1-f3-", "the destination is not a square"),
        ("g1--f3", "expected piece letter, origin file and/or rank (or square), x or -, destination square"),
        ("Pe2-e4", "expected piece letter, origin file and/or rank (or square), x or -, destination square"),
        ("e2e4e5", "expected piece letter, origin file and/or rank (or square), x or -, destination square"),
        ("e7e8k", "a pawn promotes to a queen, rook, bishop or knight, not to a king or pawn"),
    ] {
        let error = pos.parse_san(text).unwrap_err();
        assert!(matches!(error, MoveError::Syntax { .. }), "{text}: {error:?}");
        assert_eq!(error.to_string(), format!("{text:?} is not a move in SAN, long algebraic or UCI: {reason}"));
    }
    let error = Reader::from_str("1. e4 g1f3x *").read_tree().unwrap().unwrap_err();
    assert_eq!(
        error.to_string(),
        "game 1, line 1, column 7: 1... g1f3x: not a move in SAN, long algebraic or UCI: the destination is not a square"
    );
}

/// A well-formed long or UCI move that is not legal says why, with the
/// reasons of UCI, not "no pawn on g1".
#[test]
fn a_well_formed_illegal_long_move_says_why() {
    use IllegalReason::*;
    for (fen, text, reason) in [
        (START, "g1f4", CannotMoveThatWay),
        (START, "g1-e2", CaptureOwnPiece),
        (START, "e3e4", NoPiece),
        (START, "g8f6", OpponentPiece),
        (START, "f1c4", PathBlocked),
        (START, "e1g1", PathBlocked),
        (PROMOTE, "b7b8", MissingPromotion),
        ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "e1c1", CastlingRightLost),
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", ExposesKing),
        ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2", KingIntoCheck),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.parse_san(text), Err(MoveError::Illegal { text: text.into(), reason }), "{text} in {fen}");
    }
    let error = Game::new().push_line("1. e4 e5 2. g1f4").unwrap_err();
    assert_eq!(error.to_string(), "2. g1f4: illegal move: the piece cannot move that way");
    // A piece letter that does not fit the piece on the square.
    let error = Position::startpos().parse_san("Bg1-f3").unwrap_err();
    assert_eq!(error.to_string(), "illegal move \"Bg1-f3\": no bishop on g1 can reach f3");
    // Chess960: the king's two-square step is no castling there.
    let pos = common::parse(CHESS960, true);
    assert!(matches!(pos.parse_san("b1g1"), Err(MoveError::Illegal { reason: CannotMoveThatWay, .. })));
    assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
}

/// The move text appears once in an error's display.
#[test]
fn errors_name_the_move_once() {
    fn count(haystack: &str, needle: &str) -> usize {
        haystack.matches(needle).count()
    }
    for (movetext, token) in [("1. e4 e5 2. Ke3", "Ke3"), ("1. Qxf7", "Qxf7"), ("1. Xy5", "Xy5"), ("1. g1f4", "g1f4")] {
        let error = Reader::from_str(movetext).read_tree().unwrap().unwrap_err();
        assert_eq!(count(&error.to_string(), token), 1, "{error}");
        let error = Game::new().push_line(movetext).unwrap_err();
        assert_eq!(count(&error.to_string(), token), 1, "{error}");
    }
    let error =
        Reader::from_str("[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *").read_tree().unwrap().unwrap_err();
    assert_eq!(error.to_string(), "game 1, line 3, column 4: 1. Rd1: ambiguous move: it could be a1d1 or h1d1");
}

/// The echo of a long move text: its first 32 characters, `…`, its length.
fn shortened(text: &str) -> String {
    format!("{}… ({} bytes)", &text[..32], text.len())
}

#[test]
fn a_10_mb_token_makes_a_short_error_in_the_reader() {
    let token = "e4".repeat(5 << 20);
    let pgn = format!("1. e4 e5 2. {token} *\n\n1. d4 *\n");
    // Longer than the reader's token limit: said so, at the token.
    let mut reader = Reader::from_str(&pgn);
    let error = reader.read_tree().unwrap().unwrap_err();
    assert_eq!(error.to_string(), "game 1, line 1, column 13: token longer than 65536 bytes");
    assert_eq!(reader.read_tree().unwrap().unwrap().mainline().count(), 1);
    // Without the limit, the move error echoes the token shortened.
    let options = ReadOptions::new().max_token(usize::MAX);
    let mut reader = Reader::from_str(&pgn).with_options(options);
    let error = reader.read_tree().unwrap().unwrap_err();
    let shown = error.to_string();
    assert_eq!(shown, format!("game 1, line 1, column 13: 2. {}: not a move in SAN, long algebraic or UCI: expected piece letter, origin file and/or rank (or square), x or -, destination square", shortened(&token)));
    assert!(shown.len() < 250, "{} bytes", shown.len());
    // The reader goes on with the next game.
    assert_eq!(reader.read_tree().unwrap().unwrap().mainline().count(), 1);
    // The same through a reader of an io::Read, and for a token that is
    // no word of the lexer's at all.
    let error = Reader::from_bytes(pgn.as_bytes()).with_options(options).read_tree().unwrap().unwrap_err();
    assert_eq!(error.to_string(), shown);
    let junk = "\u{e9}".repeat(5 << 20);
    let error = Reader::from_str(&format!("1. e4 {junk} *")).read_tree().unwrap().unwrap_err();
    assert!(error.to_string().len() < 250, "{} bytes", error.to_string().len());
}

#[test]
fn a_50_mb_junk_word_makes_a_short_error_in_push_line() {
    let word = "Nf3".repeat((50 << 20) / 3);
    let mut game = Game::new();
    let error = game.push_line(&format!("1. e4 e5 2. {word}")).unwrap_err();
    assert_eq!((error.index, error.offset), (2, 12));
    assert_eq!(error.text, shortened(&word));
    assert_eq!(
        error.error,
        MoveError::Syntax {
            notation: chess_movegen::Notation::San,
            text: shortened(&word),
            reason: SyntaxReason::BadShape
        }
    );
    let shown = error.to_string();
    assert!(shown.len() < 250, "{} bytes", shown.len());
    assert_eq!(shown.matches("… (").count(), 1, "{shown}");
    assert_eq!(game.moves().len(), 2);
    // A long glyph run and a long annotation are cut the same way.
    let long_glyphs = format!("Ke2{}", "!".repeat(1 << 20));
    let error = Game::new().push_line(&long_glyphs).unwrap_err();
    assert!(error.to_string().len() < 250, "{} bytes", error.to_string().len());
    let error = Position::startpos().parse_uci(&word).unwrap_err();
    assert!(error.to_string().len() < 250);
    let error = Position::startpos().parse_san(&word).unwrap_err();
    assert!(error.to_string().len() < 250);
}
