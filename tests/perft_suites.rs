//! Perft suites from `tests/data` (see `tests/data/SOURCES.md`).
//!
//! The default run checks every entry of the quick suites and every entry
//! of the full suites up to a node budget. The deep runs are ignored by
//! default; run them with
//! `cargo test --release --test integration perft_suites:: -- --ignored`
//! (or, faster and in parallel, with `cargo run --profile tools --bin perft -- --epd`).

use crate::common;

use chess_movegen::{perft, CastlingMode, FenErrorKind, FenOptions, Position, PositionError};
use common::{parse, read_epd};

/// Checks every depth entry of `file` with at most `budget` nodes.
/// Returns the number of entries checked.
fn check_suite(file: &str, chess960: bool, budget: u64) -> usize {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in read_epd(&text) {
        let pos = parse(&line.fen, chess960);
        for &(depth, expected) in &line.depths {
            if expected > budget {
                continue;
            }
            let actual = perft(&pos, depth);
            if actual != expected {
                failures.push(format!("{} depth {depth}: expected {expected}, got {actual}", line.fen));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    checked
}

#[test]
fn quick_suite() {
    assert_eq!(check_suite("quick.epd", false, u64::MAX), 1295);
}

#[test]
fn quick960_suite() {
    assert_eq!(check_suite("quick960.epd", true, u64::MAX), 622);
}

#[test]
fn standard_suite_up_to_1m_nodes() {
    // 27,352 of the 41,297 entries (2.5 billion nodes): all D1-D3, most D4.
    assert_eq!(check_suite("standard.epd", false, 1_000_000), 27_352);
}

#[test]
fn chess960_suite_up_to_1m_nodes() {
    // 3,798 of the 5,791 entries (0.5 billion nodes).
    assert_eq!(check_suite("chess960.epd", true, 1_000_000), 3_798);
}

#[test]
fn unusual_positions() {
    // Unreachable positions (impossible checks, odd en-passant alignments)
    // must count right; the one with 17 queens breaks the material rule
    // and is refused with that reason.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/unusual.epd")).unwrap();
    let mut counted = 0;
    let mut impossible = 0;
    for line in read_epd(&text) {
        if line.fen.starts_with("kBQQQQQQ") {
            let err = Position::from_fen(&line.fen).unwrap_err();
            assert_eq!(err.kind(), FenErrorKind::Illegal(PositionError::TOO_MUCH_MATERIAL));
            continue;
        }
        // One line has a Chess960 castling right (king c1, rook f1).
        let mode = if line.fen.contains(" K - ") { CastlingMode::Chess960 } else { CastlingMode::Standard };
        // Ten have a check that no last move can have given (python-chess
        // refuses seven; the other three have two knights, two pawns, or a
        // knight and a pawn giving check): refused unless asked for.
        let options = FenOptions::new().castling(mode);
        if let Err(err) = Position::from_fen_with(&line.fen, options) {
            assert_eq!(err.kind(), FenErrorKind::Illegal(PositionError::IMPOSSIBLE_CHECK), "{}", line.fen);
            impossible += 1;
        }
        let pos = Position::from_fen_with(&line.fen, options.impossible_check(true)).unwrap().0;
        for &(depth, expected) in &line.depths {
            if expected <= 2_000_000 {
                assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", line.fen);
                counted += 1;
            }
        }
    }
    assert_eq!(counted, 32);
    assert_eq!(impossible, 10);
}

#[test]
#[ignore = "deep: about 137 billion nodes; run in --release"]
fn standard_suite_to_depth_5() {
    check_suite("standard.epd", false, 200_000_000_000);
}

#[test]
#[ignore = "deep: about 17.6 billion nodes; run in --release"]
fn chess960_suite_to_depth_5() {
    check_suite("chess960.epd", true, 30_000_000_000);
}
