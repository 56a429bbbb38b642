//! EPD records against python-chess 1.11.2 (fixtures from
//! `scripts/make_epd_fixtures.py`), the suite files, errors, and arbitrary
//! input.

use std::fs;

use chess_movegen::epd::{Epd, EpdErrorKind, EpdField, Operand};
use chess_movegen::{CastlingMode, FenErrorKind, FenField, FenOptions, MoveError, Position, PositionError};
use proptest::prelude::*;
use serde_json::Value;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn options(chess960: bool) -> FenOptions {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    FenOptions::new().castling(mode)
}

fn records() -> Vec<Value> {
    let text = fs::read_to_string(format!("{DATA}/epd/records.jsonl")).expect("records.jsonl");
    text.lines().map(|line| serde_json::from_str(line).expect("a JSON record")).collect()
}

fn parse_record(record: &Value) -> Epd {
    let input = record["input"].as_str().unwrap();
    let chess960 = record["chess960"].as_bool().unwrap();
    Epd::parse_with(input, options(chess960)).unwrap_or_else(|err| panic!("{input:?}: {err}"))
}

fn uci_list(epd: &Epd, moves: &[chess_movegen::Move], line: bool) -> Vec<String> {
    let mut pos = *epd.position();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.uci(mv);
            if line {
                pos = pos.play(mv);
            }
            text
        })
        .collect()
}

/// Checks that our reading of a record has python-chess's operations.
fn assert_same_ops(epd: &Epd, expected: &Value, context: &str) {
    let expected = expected.as_array().unwrap();
    let ours: Vec<(&str, &Operand)> = epd.ops().collect();
    assert_eq!(ours.len(), expected.len(), "{context}: operation count");
    for ((opcode, operand), want) in ours.iter().zip(expected) {
        let (name, kind, value) = (want[0].as_str().unwrap(), want[1].as_str().unwrap(), &want[2]);
        assert_eq!(*opcode, name, "{context}");
        match kind {
            "none" => assert_eq!(**operand, Operand::None, "{context}: {name}"),
            "string" => assert_eq!(**operand, Operand::String(value.as_str().unwrap().into()), "{context}: {name}"),
            "integer" => assert_eq!(**operand, Operand::Integer(value.as_i64().unwrap()), "{context}: {name}"),
            "float" => assert_eq!(**operand, Operand::Float(value.as_f64().unwrap()), "{context}: {name}"),
            "move" | "moves" => {
                let line = name == "pv";
                let moves = if line { epd.line(name) } else { epd.moves(name) };
                let moves = moves.unwrap_or_else(|err| panic!("{context}: {err}"));
                let want: Vec<String> = match value {
                    Value::String(s) => vec![s.clone()],
                    other => other.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect(),
                };
                assert_eq!(uci_list(epd, &moves, line), want, "{context}: {name}");
            }
            other => panic!("unknown kind {other}"),
        }
    }
}

#[test]
fn reads_what_python_chess_reads() {
    let records = records();
    assert!(records.len() >= 500);
    for record in &records {
        let input = record["input"].as_str().unwrap();
        let epd = parse_record(record);
        assert_eq!(epd.position().fen(), record["fen"].as_str().unwrap(), "{input:?}");
        assert_same_ops(&epd, &record["ops"], input);
        // Typed accessors agree with the operations.
        if let Some(Operand::String(id)) = epd.get("id") {
            assert_eq!(epd.id(), Some(id.as_str()));
        }
        if let Some(&Operand::Integer(n)) = epd.get("acd") {
            assert_eq!(epd.acd().map(i64::from), Some(n));
        }
        assert_eq!(epd.best_moves().unwrap(), epd.moves("bm").unwrap());
        assert_eq!(epd.pv().unwrap(), epd.line("pv").unwrap());
    }
}

#[test]
fn writes_what_python_chess_writes() {
    for record in records() {
        let written = record["written"].as_str().unwrap();
        let chess960 = record["chess960"].as_bool().unwrap();
        let epd = Epd::parse_with(written, options(chess960)).unwrap();
        assert_eq!(epd.to_string(), written);
        assert_same_ops(&epd, &record["ops"].clone().sorted_moves(&epd), written);
    }
}

/// python-chess writes `bm` and `am` sorted by SAN: the expected UCI lists
/// in that order.
trait SortedMoves {
    fn sorted_moves(self, epd: &Epd) -> Value;
}

impl SortedMoves for Value {
    fn sorted_moves(mut self, epd: &Epd) -> Value {
        for op in self.as_array_mut().unwrap() {
            let name = op[0].as_str().unwrap().to_string();
            if name == "bm" || name == "am" {
                let mut pairs: Vec<(String, String)> = op[2]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|uci| {
                        let uci = uci.as_str().unwrap();
                        let mv = epd.position().parse_uci(uci).unwrap();
                        (epd.position().san(mv), uci.to_string())
                    })
                    .collect();
                pairs.sort();
                op[2] = Value::from(pairs.into_iter().map(|(_, uci)| uci).collect::<Vec<_>>());
            }
        }
        self
    }
}

/// Our writing of every record is the text that python-chess was checked
/// to read back to the record's operations and position ("ours", step 2 of
/// the fixture script); and it reads back equal here.
#[test]
fn python_chess_reads_what_we_write() {
    for record in records() {
        let epd = parse_record(&record);
        let ours = epd.to_string();
        let checked = record["ours"].as_str().expect("fixture step 2 was run");
        assert_eq!(ours, checked, "{}", record["input"]);
        let chess960 = record["chess960"].as_bool().unwrap();
        assert_eq!(Epd::parse_with(&ours, options(chess960)).unwrap(), epd);
    }
}

/// Step 2 of `scripts/make_epd_fixtures.py`: writes our writing of every
/// record, one a line, to the file named by `EPD_WRITE_OURS`.
#[test]
#[ignore = "fixture tool: EPD_WRITE_OURS=/tmp/ours.txt cargo test --test integration epd::write_ours_for_python -- --ignored"]
fn write_ours_for_python() {
    let path = std::env::var("EPD_WRITE_OURS").expect("EPD_WRITE_OURS");
    let lines: Vec<String> = records().iter().map(|r| parse_record(r).to_string()).collect();
    fs::write(path, lines.join("\n") + "\n").unwrap();
}

#[test]
fn suite_styles_read_without_error() {
    for style in ["wac", "sts", "eret"] {
        let text = fs::read_to_string(format!("{DATA}/epd/{style}_style.epd")).unwrap();
        let mut count = 0;
        for line in text.lines() {
            let epd = Epd::parse(line).unwrap_or_else(|err| panic!("{line}: {err}"));
            let best = epd.best_moves().unwrap();
            assert!(!best.is_empty(), "{line}");
            assert!(best.iter().all(|&m| epd.position().is_legal(m)));
            epd.avoid_moves().unwrap();
            assert!(epd.id().is_some_and(|id| id.contains(&format!("{:03}", count + 1))), "{line}");
            if style == "sts" {
                // c9 holds the best moves in UCI, c7 in SAN.
                let uci: Vec<String> = best.iter().map(|m| m.to_string()).collect();
                let mut c9: Vec<&str> = epd.comment(9).unwrap().split(' ').collect();
                c9.sort_unstable();
                let mut uci_sorted: Vec<&str> = uci.iter().map(String::as_str).collect();
                uci_sorted.sort_unstable();
                assert_eq!(c9, uci_sorted, "{line}");
                assert!(epd.comment(0).unwrap().contains("=10"));
            }
            count += 1;
        }
        assert_eq!(count, 40, "{style}");
    }
}

#[test]
fn perft_suites_read_without_error() {
    for (file, chess960) in [
        ("quick.epd", false),
        ("standard.epd", false),
        ("unusual.epd", false),
        ("quick960.epd", true),
        ("chess960.epd", true),
    ] {
        let text = fs::read_to_string(format!("{DATA}/{file}")).unwrap();
        let mut lines = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
            // As in tests/perft_suites.rs: unusual.epd has one position with
            // 17 queens, which is refused, and one Chess960 castling right.
            if line.starts_with("kBQQQQQQ") {
                let err = Epd::parse(line).unwrap_err();
                assert!(
                    matches!(err.kind(), EpdErrorKind::Fen(e) if e.kind() == FenErrorKind::Illegal(PositionError::TOO_MUCH_MATERIAL))
                );
                assert_eq!(err.field(), &EpdField::Fen(FenField::Board));
                continue;
            }
            let chess960 = chess960 || line.contains(" K - ");
            // unusual.epd also holds positions whose check no last move can
            // have given: perft counts do not depend on the past.
            let options = |chess960| options(chess960).impossible_check(true);
            let epd = Epd::parse_with(line, options(chess960)).unwrap_or_else(|err| panic!("{file}: {line}: {err}"));
            let depths = epd.perft_depths();
            assert!(!depths.is_empty(), "{line}");
            if let Some(nodes) = epd.perft(1) {
                assert_eq!(epd.position().legal_move_count() as u64, nodes, "{line}");
            }
            if let Some(nodes) = epd.perft(2) {
                assert_eq!(chess_movegen::perft(epd.position(), 2), nodes, "{line}");
            }
            // The clock fields are kept and written back.
            let fen: Vec<&str> = line.split_whitespace().take(6).collect();
            let (pos, _) = Position::from_fen_with(&fen.join(" "), options(chess960)).unwrap();
            assert_eq!(epd.position(), &pos);
            assert_eq!(
                (pos.halfmove_clock(), pos.fullmove_number()),
                (fen[4].parse().unwrap(), fen[5].parse().unwrap())
            );
            let again = Epd::parse_with(&epd.to_string(), options(chess960)).unwrap();
            assert_eq!(again, epd);
            lines += 1;
        }
        assert!(lines > 0, "{file}");
    }
}

#[test]
fn missing_fields_name_the_first_missing_one() {
    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w").unwrap_err();
    assert_eq!(err.kind(), &EpdErrorKind::MissingFields { found: 2 });
    assert_eq!(err.field(), &EpdField::Fen(FenField::Castling));
    assert_eq!(err.offset(), Some(21));
    assert!(Epd::parse("").is_err());
}

#[test]
fn fen_errors_point_into_the_record() {
    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - e9 bm Kd1;").unwrap_err();
    assert!(matches!(err.kind(), EpdErrorKind::Fen(_)));
    assert_eq!(err.field(), &EpdField::Fen(FenField::EnPassant));
    assert_eq!(err.offset(), Some(24));
    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3   w  X - bm Kd1;").unwrap_err();
    assert_eq!(err.field(), &EpdField::Fen(FenField::Castling));
    assert_eq!(err.offset(), Some(25));
    assert_eq!(
        err.to_string(),
        "invalid EPD (castling field, byte 25): invalid castling character 'X' (expected KQkq, file letters A-H or a-h, or '-')"
    );
}

#[test]
fn operation_errors_name_the_opcode_and_byte() {
    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - acd 3; 9x 1;").unwrap_err();
    assert_eq!(err.kind(), &EpdErrorKind::InvalidOpcode);
    assert_eq!(err.field(), &EpdField::Operation("9x".into()));
    assert_eq!(err.offset(), Some(33));

    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - id \"x; c0 \"y\";").unwrap_err();
    // The string is closed by the quote of c0's operand, so the last one is open.
    assert_eq!(err.kind(), &EpdErrorKind::UnterminatedString);
    assert_eq!(err.offset(), Some(38));

    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - hmvc x;").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&EpdErrorKind::InvalidClock, Some(31)));
    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - fmvn 0;").unwrap_err();
    assert_eq!(err.kind(), &EpdErrorKind::InvalidClock);
    let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - hmvc 10;").unwrap_err();
    assert!(matches!(err.kind(), EpdErrorKind::ImpossibleClocks(_)), "{err}");
    assert_eq!(err.field(), &EpdField::Operation("hmvc".into()));
    assert!(Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - hmvc 10; fmvn 6;").is_ok());
}

#[test]
fn bad_moves_name_the_move_and_the_reason() {
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 Ke2 Nf3; am Qxf7; pv e4 e5 Nf3 Nf6 Bb5 Nc3;";
    let epd = Epd::parse(text).unwrap();
    let err = epd.best_moves().unwrap_err();
    let EpdErrorKind::Move { text: mv, error } = err.kind() else { panic!("{err}") };
    assert_eq!(mv, "Ke2");
    assert!(matches!(error, MoveError::Illegal { .. }), "{error}");
    assert_eq!(err.offset(), Some(text.find("Ke2").unwrap()));
    assert_eq!(err.field(), &EpdField::Operation("bm".into()));
    assert!(err.to_string().contains("move \"Ke2\": illegal move"), "{err}");

    let err = epd.avoid_moves().unwrap_err();
    assert_eq!(err.offset(), Some(text.find("Qxf7").unwrap()));
    // In the line, Nc3 is White's move after Bb5 Nf6?: no, Black is to move.
    let err = epd.pv().unwrap_err();
    let EpdErrorKind::Move { text: mv, .. } = err.kind() else { panic!("{err}") };
    assert_eq!(mv, "Nc3");
    assert_eq!(err.offset(), Some(text.rfind("Nc3").unwrap()));

    let epd = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm \"e4\" zz;").unwrap();
    let err = epd.best_moves().unwrap_err();
    assert!(matches!(err.kind(), EpdErrorKind::Move { text, error: MoveError::Syntax { .. } } if text == "\"e4\""));
}

#[test]
fn operations_keep_order_and_replace_in_place() {
    let mut epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - zz 1 2 3; acd 3; acd 4; id x y;").unwrap();
    let ops: Vec<(&str, &Operand)> = epd.ops().collect();
    assert_eq!(
        ops,
        [
            ("zz", &Operand::Tokens("1 2 3".into())),
            ("acd", &Operand::Integer(4)),
            ("id", &Operand::Tokens("x y".into()))
        ]
    );
    assert_eq!(epd.id(), Some("x y"));
    epd.set("zz", Operand::Float(1e-5)).unwrap();
    epd.set("new", Operand::None).unwrap();
    assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - zz 1e-05; acd 4; id x y; new;");
    assert_eq!(epd.remove("acd"), Ok(Some(Operand::Integer(4))));
    assert_eq!(epd.remove("acd"), Ok(None));
    assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - zz 1e-05; id x y; new;");

    // Rejected operands leave the record as it was.
    let before = epd.clone();
    for bad in [
        Operand::Float(f64::NAN),
        Operand::Tokens("a; b".into()),
        Operand::Tokens(" a".into()),
        Operand::Tokens("12".into()),
    ] {
        assert_eq!(epd.set("zz", bad).unwrap_err().kind(), &EpdErrorKind::InvalidOperand);
    }
    assert!(epd.set("-", Operand::None).is_err());
    assert!(epd.set("hmvc", Operand::Integer(40)).is_err());
    assert_eq!(epd, before);
    epd.set("fmvn", Operand::Integer(30)).unwrap();
    epd.set("hmvc", Operand::Integer(40)).unwrap();
    assert_eq!(epd.position().fen(), "4k3/8/8/8/8/8/8/4K3 w - - 40 30");
    // Without fmvn the halfmove clock would be impossible.
    let err = epd.remove("fmvn").unwrap_err();
    assert!(matches!(err.kind(), EpdErrorKind::ImpossibleClocks(_)), "{err}");
    assert_eq!(epd.fmvn(), Some(30));
    assert_eq!(epd.remove("hmvc"), Ok(Some(Operand::Integer(40))));
    assert_eq!(epd.remove("fmvn"), Ok(Some(Operand::Integer(30))));
    assert_eq!(epd.position().fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// A record of many distinct opcodes, some repeated: read in one pass (a
/// scan of the operations read so far for each one took minutes here),
/// each repeat replacing the operand of the first in its place, as
/// [`Epd::set`] does one at a time.
#[test]
fn many_opcodes_read_in_linear_time_and_replace_in_place() {
    let n = 40_000;
    let mut text = String::from("4k3/8/8/8/8/8/8/4K3 w - -");
    for i in 0..n {
        text.push_str(&format!(" o{i} {i};"));
    }
    // Repeats of every 1000th opcode, out of order.
    for i in (0..n).step_by(1000).rev() {
        text.push_str(&format!(" o{i} r{i};"));
    }
    let epd = Epd::parse(&text).unwrap();
    assert_eq!(epd.ops().len(), n);
    let mut one_by_one = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    for (i, (opcode, operand)) in epd.ops().enumerate() {
        assert_eq!(opcode, format!("o{i}"));
        let expected = if i % 1000 == 0 { Operand::Tokens(format!("r{i}")) } else { Operand::Integer(i as i64) };
        assert_eq!(operand, &expected, "o{i}");
        if i < 50 {
            one_by_one.set(opcode, operand.clone()).unwrap();
        }
    }
    assert_eq!(epd.get("o39000"), Some(&Operand::Tokens("r39000".into())));
    let prefix: Vec<_> = epd.ops().take(50).collect();
    assert_eq!(one_by_one.ops().collect::<Vec<_>>(), prefix);
}

/// Errors echo at most a short piece of the record, however long the
/// opcode or move that is wrong.
#[test]
fn errors_echo_long_opcodes_and_moves_shortened() {
    let long = "x".repeat(10_000_000);
    let err = Epd::parse(&format!("4k3/8/8/8/8/8/8/4K3 w - - 1{long};")).unwrap_err();
    assert_eq!(err.kind(), &EpdErrorKind::InvalidOpcode);
    assert_eq!(err.offset(), Some(26));
    let EpdField::Operation(opcode) = err.field() else { panic!("{err:?}") };
    assert!(opcode.starts_with("1xxx") && opcode.ends_with("(10000001 bytes)"), "{opcode}");
    assert!(err.to_string().len() < 300, "{} bytes", err.to_string().len());
    let err = Epd::parse(&format!("4k3/8/8/8/8/8/8/4K3 w - - c{long} \"open")).unwrap_err();
    assert_eq!(err.kind(), &EpdErrorKind::UnterminatedString);
    assert!(err.to_string().len() < 300, "{} bytes", err.to_string().len());

    let epd = Epd::parse(&format!("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 {long};")).unwrap();
    let err = epd.best_moves().unwrap_err();
    assert_eq!(err.offset(), Some(33));
    let EpdErrorKind::Move { text, .. } = err.kind() else { panic!("{err:?}") };
    assert!(text.starts_with("xxx") && text.ends_with("(10000000 bytes)"), "{text}");
    assert!(err.to_string().len() < 300, "{} bytes", err.to_string().len());
    // Short texts are kept whole.
    let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd9;").unwrap();
    assert!(matches!(epd.best_moves().unwrap_err().kind(), EpdErrorKind::Move { text, .. } if text == "Kd9"));
}

#[test]
fn set_moves_and_line_write_san() {
    let mut epd = Epd::new(Position::startpos());
    let pos = *epd.position();
    let e4 = pos.parse_san("e4").unwrap();
    let nf3 = pos.parse_san("Nf3").unwrap();
    epd.set_moves("bm", &[nf3, e4]).unwrap();
    epd.set_line("pv", &[e4, pos.play(e4).parse_san("c5").unwrap()]).unwrap();
    assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3 e4; pv e4 c5;");
    // e4 twice in a line is not legal the second time.
    let err = epd.set_line("pv", &[e4, e4]).unwrap_err();
    assert!(matches!(err.kind(), EpdErrorKind::Move { text, .. } if text == "e2e4"));
    assert_eq!(epd.pv().unwrap().len(), 2);
}

#[test]
fn floats_are_written_as_python_writes_them() {
    let mut epd = Epd::new(Position::startpos());
    for (x, text) in [
        (1.5, "1.5"),
        (100000.0, "100000.0"),
        (0.0001, "0.0001"),
        (0.00001, "1e-05"),
        (1e16, "1e+16"),
        (1.2345e15, "1234500000000000.0"),
        (-2.5e-7, "-2.5e-07"),
        (-0.0, "-0.0"),
    ] {
        epd.set("x", Operand::Float(x)).unwrap();
        assert_eq!(epd.get("x").unwrap().to_string(), text);
        assert_eq!(Epd::parse(&epd.to_string()).unwrap().get("x"), Some(&Operand::Float(x)));
    }
}

fn epd_like() -> impl Strategy<Value = String> {
    let fen = prop::sample::select(vec![
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "4k3/8/8/8/8/8/8/4K2R w K -",
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    ]);
    (fen, "[ a-zA-Z0-9;\"\\\\.+\\-=\t]{0,60}").prop_map(|(f, ops)| format!("{f} {ops}"))
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,120}") {
        let _ = Epd::parse(&text);
    }

    #[test]
    fn records_read_back_what_they_write(text in epd_like()) {
        if let Ok(epd) = Epd::parse(&text) {
            let written = epd.to_string();
            let again = Epd::parse(&written).map_err(|e| TestCaseError::fail(format!("{written:?}: {e}")))?;
            prop_assert_eq!(&again, &epd);
            prop_assert_eq!(again.to_string(), written);
            let _ = (epd.best_moves(), epd.pv(), epd.perft_depths());
        }
    }
}
