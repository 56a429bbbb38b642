//! Too many checkers and impossible checks, against a corpus made with
//! python-chess 1.11.2 as the reference (`scripts/make_check_fixtures.py`),
//! and every position a game reaches in the perft suites still loads.

use crate::common;

use chess_movegen::{FenErrorKind, Position, PositionError, Repairs};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The check reasons the strict reader gives for `fen` (empty if it accepts it).
fn check_reasons(fen: &str) -> PositionError {
    match Position::from_fen(fen) {
        Ok(_) => PositionError::empty(),
        Err(err) => match err.kind() {
            FenErrorKind::Illegal(reasons) => reasons,
            other => panic!("{fen}: {other:?}"),
        },
    }
}

#[test]
fn verdicts_match_the_python_chess_corpus() {
    let text = data("impossible_checks.txt");
    let mut counts = std::collections::BTreeMap::new();
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [fen, python, expected, origin] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line:?}")
        };
        let reasons = check_reasons(fen);
        let wanted = match expected {
            "ok" => PositionError::empty(),
            "too_many_checkers" => PositionError::TOO_MANY_CHECKERS,
            "impossible_check" => PositionError::IMPOSSIBLE_CHECK,
            other => panic!("bad verdict {other:?}"),
        };
        if reasons != wanted {
            failures.push(format!("{fen} ({origin}): expected {expected}, got {reasons}"));
        }
        // At least as strict as python-chess, and the same on too many checkers.
        assert_eq!(python.contains('T'), reasons.contains(PositionError::TOO_MANY_CHECKERS), "{fen}");
        if python.contains('I') {
            assert!(!reasons.is_empty(), "{fen}: python-chess refuses it");
        }
        *counts.entry((origin, expected)).or_insert(0) += 1;
        // The lenient reader refuses these too, unless dropping the
        // en-passant square is what explains the check.
        match Position::from_fen_lenient(fen) {
            Ok((pos, repairs)) if !wanted.is_empty() => {
                assert_eq!(wanted, PositionError::IMPOSSIBLE_CHECK, "{fen}");
                assert_eq!(repairs, Repairs::EP_SQUARE, "{fen}");
                assert_eq!(pos.ep_square(), None, "{fen}");
                assert!(!fen.contains(" - 0 ") || fen.split(' ').nth(3) != Some("-"), "{fen}");
            }
            Ok((_, repairs)) => assert!(repairs.is_empty(), "{fen}: {repairs}"),
            Err(err) => {
                assert!(!wanted.is_empty(), "{fen}: {err}");
                assert_eq!(err.kind(), FenErrorKind::Illegal(wanted), "{fen}");
            }
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    let count = |origin, verdict| counts.get(&(origin, verdict)).copied().unwrap_or(0);
    assert_eq!(count("played", "ok"), 600);
    assert_eq!(count("game", "ok"), 700);
    assert!(count("constructed", "impossible_check") > 800, "{counts:?}");
    assert!(count("ep", "impossible_check") > 500, "{counts:?}");
    assert!(count("constructed", "too_many_checkers") > 400, "{counts:?}");
    assert_eq!(counts.values().sum::<usize>(), 5100);
}

#[test]
fn examples() {
    let impossible = PositionError::IMPOSSIBLE_CHECK;
    // Two rooks on one line with the king.
    assert_eq!(check_reasons("r6r/4K3/8/2B5/3N4/8/8/R4kRR b - - 19 45"), impossible);
    assert_eq!(check_reasons("r6r/4K3/8/2B5/8/8/3N4/R4kRR b - - 19 45"), PositionError::TOO_MANY_CHECKERS);
    assert_eq!(check_reasons("4k2R/8/8/8/8/8/8/K3R3 b - - 0 1"), impossible);
    // Two knights; a knight and a pawn.
    assert_eq!(check_reasons("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"), impossible);
    assert_eq!(check_reasons("4k3/5P2/5N2/8/8/8/8/4K3 b - - 0 1"), impossible);
    // The knight came from e4 or g4 and uncovered the rook: possible.
    assert_eq!(check_reasons("4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1"), PositionError::empty());
    // A rook next to the king cannot have been uncovered, and the knight's
    // origins are off the file.
    assert_eq!(check_reasons("4k3/4R3/5N2/8/8/8/8/5K2 b - - 0 1"), impossible);
    // A knight on c8 cannot have come off the e-file, not even promoting.
    assert_eq!(check_reasons("2N5/4k3/8/8/8/8/8/K3R3 b - - 0 1"), impossible);
    // d7-d8=R uncovered the bishop.
    assert_eq!(check_reasons("3Rk3/8/8/1B6/8/8/8/K7 b - - 0 1"), PositionError::empty());
    // The knight came from e5 and uncovered the rook.
    assert_eq!(check_reasons("2n1k3/3N4/8/8/8/8/8/K3R3 b - - 0 1"), PositionError::empty());
    // The queen moved from e4, where it already gave check: impossible.
    assert_eq!(check_reasons("4k3/8/8/8/Q7/8/8/K3R3 b - - 0 1"), impossible);
    // En passant exd6 uncovered the rook e8 and the bishop b7.
    assert_eq!(check_reasons("4R3/1B6/3P4/8/4k3/8/8/7K b - - 0 1"), PositionError::empty());
    // ... not if the black pawn cannot have come from d7.
    assert_eq!(check_reasons("4R3/1B1p4/3P4/8/4k3/8/8/7K b - - 0 1"), impossible);
    // With an en-passant square the double step gave the check, or nothing did.
    assert_eq!(check_reasons("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1"), PositionError::empty());
    assert_eq!(check_reasons("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"), PositionError::empty());
    assert_eq!(check_reasons("4k3/8/5N2/8/4P3/8/8/4K3 b - e3 0 1"), impossible);
    assert_eq!(check_reasons("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"), PositionError::empty());
    let (pos, repairs) = Position::from_fen_lenient("4k3/8/5N2/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!((pos.fen().as_str(), repairs), ("4k3/8/5N2/8/4P3/8/8/4K3 b - - 0 1", Repairs::EP_SQUARE));
    // Display names each reason.
    assert_eq!(PositionError::TOO_MANY_CHECKERS.to_string(), "illegal position: more than two pieces give check");
    assert_eq!(impossible.to_string(), "illegal position: a check that no last move can have given");
}

/// Every position of the perft suites and every position one legal move
/// from them is a position a game can reach, or close to one: all load.
#[test]
fn suite_positions_and_their_children_load() {
    let mut loaded = 0;
    for (file, chess960) in
        [("quick.epd", false), ("quick960.epd", true), ("standard.epd", false), ("chess960.epd", true)]
    {
        for line in common::read_epd(&data(file)) {
            let pos = common::parse(&line.fen, chess960);
            for mv in pos.legal_moves() {
                let child = pos.play(mv);
                if let Err(err) = Position::from_setup(&child.to_setup()) {
                    panic!("{} after {mv:?}: {err}", line.fen);
                }
                loaded += 1;
            }
        }
    }
    assert_eq!(loaded, 219_997);
}

/// A position read with `FenOptions::impossible_check` mirrors to the
/// position with the same impossible check, seen from the other side.
#[test]
fn impossible_checks_mirror() {
    use chess_movegen::FenOptions;
    let read = |fen: &str| Position::from_fen_with(fen, FenOptions::new().impossible_check(true)).map(|(pos, _)| pos);
    let pos = read("4k3/8/8/8/8/8/8/r3K2r w - - 0 1").unwrap();
    assert_eq!(pos.mirror().fen(), "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1");
    let text = data("impossible_checks.txt");
    let mut mirrored = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && l.contains("\timpossible_check\t")) {
        let fen = line.split('\t').next().unwrap();
        let pos = read(fen).unwrap_or_else(|err| panic!("{fen}: {err}"));
        let mirror = pos.mirror();
        assert_ne!(mirror.side_to_move(), pos.side_to_move(), "{fen}");
        assert_eq!(mirror.checkers().len(), pos.checkers().len(), "{fen}");
        assert_eq!(mirror.legal_move_count(), pos.legal_move_count(), "{fen}");
        assert_eq!(check_reasons(&mirror.fen()), PositionError::IMPOSSIBLE_CHECK, "{fen}");
        assert_eq!(mirror.mirror(), pos, "{fen}");
        mirrored += 1;
    }
    assert!(mirrored > 1300, "{mirrored}");
}
