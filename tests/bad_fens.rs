//! Bad input: FENs that must be rejected with the right error kind and
//! field, UCI and SAN texts that must be rejected with the right
//! `MoveError`, and a corpus of invalid FENs made with python-chess as an
//! independent reference (`tests/data/make_invalid_fens.py`).

use chess_movegen::{
    CastlingMode, FenError, FenErrorKind, FenField, FenOptions, File, IllegalReason, MoveError, Position, Role, Square,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn options(name: &str) -> FenOptions {
    match name {
        "strict" => FenOptions::new(),
        "lenient" => FenOptions::new().lenient(true),
        "960" => FenOptions::new().castling(CastlingMode::Chess960),
        other => panic!("unknown options {other:?}"),
    }
}

/// Parses with every option set that must reject `text`, checks the error
/// is well-formed (offset inside the text, on a character boundary, a
/// message), and returns the error of the first.
fn reject(text: &str, with: FenOptions) -> FenError {
    let err = match Position::from_fen_with(text, with) {
        Ok((pos, _)) => panic!("{text:?} accepted as {}", pos.fen()),
        Err(e) => e,
    };
    assert!(err.offset() <= text.len() && text.is_char_boundary(err.offset()), "{text:?}: {err:?}");
    assert!(err.to_string().starts_with("invalid FEN ("), "{err}");
    err
}

#[test]
fn every_field_wrong_in_turn() {
    let text = data("bad_fens.txt");
    let mut cases = 0;
    let mut fields = std::collections::HashSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.splitn(4, '\t').collect();
        let [kind, field, with, fen] = parts[..] else { panic!("bad line {line:?}") };
        let err = reject(fen, options(with));
        assert_eq!(format!("{:?}", err.kind()), kind, "{fen:?}");
        assert_eq!(format!("{:?}", err.field()), field, "{fen:?}");
        // Strict parsing rejects whatever lenient parsing rejects.
        if with == "lenient" {
            reject(fen, FenOptions::new());
        }
        fields.insert(field);
        cases += 1;
    }
    assert_eq!(cases, 73);
    assert_eq!(fields.len(), 6, "every field has cases: {fields:?}");
}

#[test]
fn offsets_point_at_the_fault() {
    let at = |text: &str| reject(text, FenOptions::new()).offset();
    assert_eq!(at(""), 0);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), 45);
    assert_eq!(at(&format!("{START} extra")), START.len() + 1);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/08/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 22);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8p/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 21);
    assert_eq!(at("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 18);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1"), 47);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"), 51);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one"), 55);
    // Offsets count bytes and fall on character boundaries.
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq – 0 1"), 51);
    assert_eq!(at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq – 0 1 é"), 59);
    let lenient = |text: &str| reject(text, FenOptions::new().lenient(true)).offset();
    assert_eq!(lenient("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u{a0}w KQkq - 0 1"), 43);
    assert_eq!(lenient("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\u{3000}1"), 54);
}

#[test]
fn non_ascii_and_nul_bytes() {
    use FenErrorKind::*;
    let kind = |text: &str| {
        let err = reject(text, FenOptions::new());
        (err.kind(), err.field())
    };
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBé w KQkq - 0 1"),
        (InvalidBoardChar('é'), FenField::Board)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/８/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (InvalidBoardChar('８'), FenField::Board)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN♖ w KQkq - 0 1"),
        (InvalidBoardChar('♖'), FenField::Board)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkＱ - 0 1"),
        (InvalidCastlingChar('Ｑ'), FenField::Castling)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq – 0 1"),
        (InvalidEpSquare, FenField::EnPassant)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ｗ KQkq - 0 1"),
        (InvalidSideToMove, FenField::SideToMove)
    );
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ١"),
        (InvalidNumber, FenField::FullmoveNumber)
    );
    // Whitespace that is not an ASCII separator, and control characters,
    // are reported as themselves where they stand, strict or lenient.
    let nbsp = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u{a0}w KQkq - 0 1";
    assert_eq!(kind(nbsp), (UnexpectedChar('\u{a0}'), FenField::Board));
    let err = reject(nbsp, FenOptions::new().lenient(true));
    assert_eq!((err.kind(), err.field(), err.offset()), (UnexpectedChar('\u{a0}'), FenField::Board, 43));
    let ideographic = format!("{}\u{3000}1", START.strip_suffix(" 1").unwrap());
    let err = reject(&ideographic, FenOptions::new());
    assert_eq!((err.kind(), err.field(), err.offset()), (UnexpectedChar('\u{3000}'), FenField::HalfmoveClock, 54));
    assert_eq!(
        err.to_string(),
        "invalid FEN (halfmove clock field, byte 54): unexpected character '\\u{3000}' (U+3000); \
         fields are separated by ASCII spaces or tabs"
    );
    for c in ['\u{2003}', '\u{2009}', '\u{202f}', '\u{85}', '\u{b}', '\u{200b}', '\u{feff}', '\u{7f}'] {
        let text = START.replacen(' ', &c.to_string(), 2);
        let err = reject(&text, FenOptions::new().lenient(true));
        assert_eq!((err.kind(), err.field(), err.offset()), (UnexpectedChar(c), FenField::Board, 43), "{c:?}");
    }
    // After a separator, the character starts the next field.
    let err = reject(&START.replacen(" w", " \u{3000}w", 1), FenOptions::new());
    assert_eq!((err.kind(), err.field(), err.offset()), (UnexpectedChar('\u{3000}'), FenField::SideToMove, 44));
    // A leading byte-order mark is refused too.
    let err = reject(&format!("\u{feff}{START}"), FenOptions::new());
    assert_eq!((err.kind(), err.field(), err.offset()), (UnexpectedChar('\u{feff}'), FenField::Board, 0));
    // NUL bytes are control characters like the others.
    assert_eq!(kind("\0"), (UnexpectedChar('\0'), FenField::Board));
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\0 w KQkq - 0 1"),
        (UnexpectedChar('\0'), FenField::Board)
    );
    assert_eq!(kind(&format!("{START}\0")), (UnexpectedChar('\0'), FenField::FullmoveNumber));
    assert_eq!(
        kind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\0KQkq - 0 1"),
        (UnexpectedChar('\0'), FenField::SideToMove)
    );
    assert_eq!(kind(&START.replace(' ', "\0")), (UnexpectedChar('\0'), FenField::Board));
    // Other ASCII whitespace does separate fields.
    assert!(Position::from_fen(&START.replace(' ', "\t")).is_ok());
    assert!(Position::from_fen(&format!("\n  {}  \r\n", START.replace(' ', "   "))).is_ok());
}

#[test]
fn overlong_input() {
    use FenErrorKind::*;
    const MB: usize = 1 << 20;
    let started = std::time::Instant::now();
    let kind = |text: &str| {
        let err = reject(text, FenOptions::new().lenient(true));
        (err.kind(), err.field())
    };
    assert_eq!(kind(&"p".repeat(MB)), (FieldCount { found: 1, min: 4, max: 6 }, FenField::SideToMove));
    assert_eq!(kind(&"p ".repeat(MB / 2)), (FieldCount { found: MB / 2, min: 4, max: 6 }, FenField::FullmoveNumber));
    assert_eq!(kind(&format!("{} w - - 0 1", "/".repeat(MB))), (RankCount { found: MB + 1 }, FenField::Board));
    assert_eq!(kind(&format!("{} w - - 0 1", "p".repeat(MB))), (RankCount { found: 1 }, FenField::Board));
    let long_rank = format!("4k3/8/8/8/8/8/8/4K3{} w - - 0 1", "1".repeat(MB));
    assert_eq!(kind(&long_rank), (RankTooLong { rank: chess_movegen::Rank::First }, FenField::Board));
    let long_clock = format!("4k3/8/8/8/8/8/8/4K3 w - - {} 1", "9".repeat(MB));
    assert_eq!(kind(&long_clock), (InvalidNumber, FenField::HalfmoveClock));
    let long_castling = format!("4k3/8/8/8/8/8/8/4K3 w {} - 0 1", "K".repeat(MB));
    assert_eq!(kind(&long_castling), (DuplicateCastling('K'), FenField::Castling));
    let long_ep = format!("4k3/8/8/8/8/8/8/4K3 w - {} 0 1", "e".repeat(MB));
    assert_eq!(kind(&long_ep), (InvalidEpSquare, FenField::EnPassant));
    // Leading zeros are still a number: only the value must fit.
    let zeros = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {}1", "0".repeat(MB));
    assert_eq!(Position::from_fen(&zeros).unwrap().fullmove_number(), 1);
    // Whitespace padding around a valid FEN is accepted.
    let padded = format!("{}{START}{}", " ".repeat(MB), "\n".repeat(MB));
    assert_eq!(Position::from_fen(&padded).unwrap(), Position::startpos());
    // Linear time: about ten megabytes of input in all, in well under ten seconds.
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

/// Invalid FENs that python-chess refuses (see make_invalid_fens.py for
/// how they were made and which rules are left out); each must be
/// rejected here too by the strict parser, without a panic. The lenient
/// parser may accept one only by repairing it into a valid position.
#[test]
fn python_chess_rejects_and_so_do_we() {
    let text = data("invalid_fens.txt");
    let mut total = 0;
    let mut by_kind = std::collections::BTreeMap::new();
    let mut accepted = Vec::new();
    let mut repaired = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (reason, fen) = line.split_once('\t').unwrap();
        // Standard chess only: python-chess reads these as standard FENs
        // (a g8 rook with the right `k` is fine in Chess960).
        match Position::from_fen(fen) {
            Ok(_) => accepted.push(format!("{reason}: {fen}")),
            Err(err) => {
                assert!(err.offset() <= fen.len() && fen.is_char_boundary(err.offset()), "{fen:?}: {err:?}");
                let name = format!("{:?}", err.kind());
                *by_kind.entry(name.split(['(', ' ']).next().unwrap().to_string()).or_insert(0) += 1;
            }
        }
        // Lenient parsing may repair castling and en passant, and reads
        // adjacent digits and castling letters in any order; what it
        // accepts must then be a consistent, valid position.
        if let (Err(err), Ok((pos, repairs))) = (Position::from_fen(fen), Position::from_fen_lenient(fen)) {
            let unrepaired = matches!(err.kind(), FenErrorKind::AdjacentDigits | FenErrorKind::CastlingOrder(_));
            assert!(unrepaired || !repairs.is_empty(), "{fen:?} ({reason}) accepted unrepaired");
            assert!(pos.is_consistent(), "{fen:?}");
            repaired += 1;
        }
        total += 1;
    }
    assert_eq!(total, 4000);
    assert!(accepted.is_empty(), "{} accepted:\n{}", accepted.len(), accepted.join("\n"));
    println!("{total} invalid FENs rejected: {by_kind:?}; {repaired} accepted by the lenient parser after repairs");
}

fn uci_error(fen: &str, text: &str) -> MoveError {
    let pos = Position::from_fen(fen).unwrap();
    match pos.parse_uci(text) {
        Ok(mv) => panic!("{text:?} accepted as {mv:?} in {fen}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

/// A move text as errors echo it: whole up to 32 characters, else its
/// first 32 characters, `…` and its length in bytes.
fn echo(text: &str) -> String {
    if text.chars().count() <= 32 {
        text.to_string()
    } else {
        format!("{}… ({} bytes)", text.chars().take(32).collect::<String>(), text.len())
    }
}

fn san_error(fen: &str, text: &str) -> MoveError {
    let pos = Position::from_fen(fen).unwrap();
    match pos.parse_san(text) {
        Ok(mv) => panic!("{text:?} accepted as {mv:?} in {fen}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn bad_uci_texts() {
    let long = "e2e4".repeat(1 << 18);
    for text in [
        "", " ", "e", "e2", "e2e", "e2e4qq", " e2e4", "e2e4 ", "e2-e4", "E2E4", "e2E4", "i2e4", "e0e4", "e9e4",
        "e2e4k", "e2e4p", "e2e4x", "e2e2", "a1a1q", "é2e4", "e2é4", "\0\0\0\0", "e2e4\0", "0000", "00000", "--",
        "e2 e4", "1234", &long,
    ] {
        match uci_error(START, text) {
            MoveError::Syntax { notation: chess_movegen::Notation::Uci, text: echoed, reason } => {
                assert_eq!(echoed, echo(text));
                assert!(!reason.to_string().is_empty());
            }
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
    use IllegalReason::*;
    for (fen, text, expected) in [
        (START, "e2e5", CannotMoveThatWay),
        (START, "e3e4", NoPiece),
        (START, "e7e5", OpponentPiece),
        (START, "d1d2", CaptureOwnPiece),
        (START, "a1a3", PathBlocked),
        (START, "e1g1", PathBlocked),
        (START, "e2e4q", NeedlessPromotion),
        (START, "b1d2n", NeedlessPromotion),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8", MissingPromotion),
        ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "e1g1", CastlingRightLost),
        ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1e2", KingIntoCheck),
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", ExposesKing),
    ] {
        match uci_error(fen, text) {
            MoveError::Illegal { text: echoed, reason } => {
                assert_eq!((echoed.as_str(), reason), (text, expected), "{fen}");
            }
            other => panic!("{text:?} in {fen}: expected {expected:?}, got {other:?}"),
        }
    }
}

#[test]
fn bad_san_texts() {
    let long = "N".repeat(1 << 20);
    let long_annotation = format!("Nf3{}", "!".repeat(1 << 20));
    for text in [
        "",
        "   ",
        "+",
        "#",
        "!?",
        "N",
        "Nf",
        "Nf9",
        "Ni3",
        "Z4",
        "e",
        "e9",
        "x",
        "Nxxf3",
        "e4=K",
        "e8=P",
        "Ke8=Q",
        "e4e5e6",
        "N1f",
        "O-O-O-O",
        "0-0-0-0",
        "O-0",
        "o-o",
        "Ñf3",
        "Nf3\0",
        "\0",
        "e.p.",
        "exd6e.p.x",
        "=Q",
        "(Q)",
        &long,
    ] {
        match san_error(START, text) {
            MoveError::Syntax { notation: chess_movegen::Notation::San, text: echoed, .. } => {
                assert_eq!(echoed, echo(text))
            }
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
    // Annotations are stripped however many there are.
    assert!(Position::startpos().parse_san(&long_annotation).is_ok());
    use IllegalReason::*;
    for (fen, text, expected) in [
        (START, "Nf4", NoPieceCanReach { role: Role::Knight, file: None, rank: None, to: Square::F4 }),
        (START, "Bc4", PathBlocked),
        (START, "Qd2", CaptureOwnPiece),
        (START, "O-O", PathBlocked),
        (START, "e5", NoPieceCanReach { role: Role::Pawn, file: None, rank: None, to: Square::E5 }),
        (START, "e4=Q", NeedlessPromotion),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "Nf3",
            NoPieceCanReach { role: Role::Knight, file: None, rank: None, to: Square::F3 },
        ),
        (START, "Nbd2", CaptureOwnPiece),
        (START, "Ncd3", NoPieceCanReach { role: Role::Knight, file: Some(File::C), rank: None, to: Square::D3 }),
        ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", CastlingRightLost),
        ("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", MissingPromotion),
        ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", ExposesKing),
    ] {
        match san_error(fen, text) {
            MoveError::Illegal { text: echoed, reason } => {
                assert_eq!((echoed.as_str(), reason), (text, expected), "{fen}");
            }
            other => panic!("{text:?} in {fen}: expected {expected:?}, got {other:?}"),
        }
    }
    match san_error("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2") {
        MoveError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
}
