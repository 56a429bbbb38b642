//! `gives_check` and `gives_check_with` against playing the move, on the
//! perft suites and on random playouts (standard and Chess960); blockers,
//! pinners and discovered-check candidates against ray walking.

use crate::common;

use chess_movegen::{Bitboard, CastlingMode, Color, FenOptions, Move, MoveKind, Position, Role, Square};
use common::{read_epd, Rng, START_FENS};

/// Every position of a suite file that this crate accepts (standard
/// castling first, then Chess960 castling rights).
fn suite(file: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    read_epd(&text)
        .iter()
        .filter_map(|line| {
            // Composed positions with impossible checks included.
            let options = FenOptions::new().impossible_check(true);
            Position::from_fen_with(&line.fen, options)
                .or_else(|_| Position::from_fen_with(&line.fen, options.castling(CastlingMode::Chess960)))
                .ok()
                .map(|p| p.0)
        })
        .collect()
}

/// Blockers of `color`'s king and the pinners of its pieces, by walking
/// the eight rays from the king square by square.
fn ray_blockers(pos: &Position, color: Color) -> (Bitboard, Bitboard) {
    let king = pos.king(color);
    let mut blockers = Bitboard::EMPTY;
    let mut pinners = Bitboard::EMPTY;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let diagonal = df != 0 && dr != 0;
        let mut sq = king;
        let mut first: Option<Square> = None;
        while let Some(next) = sq.offset(df, dr) {
            sq = next;
            let Some(piece) = pos.piece_at(sq) else { continue };
            match first {
                None => first = Some(sq),
                Some(blocker) => {
                    let slider = match piece.role {
                        Role::Queen => true,
                        Role::Bishop => diagonal,
                        Role::Rook => !diagonal,
                        _ => false,
                    };
                    if piece.color != color && slider {
                        blockers = blockers.with(blocker);
                        if pos.piece_at(blocker).map(|p| p.color) == Some(color) {
                            pinners = pinners.with(sq);
                        }
                    }
                    break;
                }
            }
        }
    }
    (blockers, pinners)
}

#[derive(Default, Debug)]
struct Tally {
    moves: u64,
    checks: u64,
    discovered: u64,
    en_passant: u64,
    castling: u64,
    promotion: u64,
    knight_promotion: u64,
}

/// Checks every legal move of `pos` and the pin queries.
fn check_position(pos: &Position, tally: &mut Tally) {
    let info = pos.check_info();
    let candidates = pos.discovered_check_candidates();
    assert_eq!(info.discovered_check_candidates(), candidates);
    for mv in pos.legal_moves() {
        let expected = pos.play(mv).is_check();
        assert_eq!(pos.gives_check(mv), expected, "gives_check {} in {}", pos.uci(mv), pos.fen());
        assert_eq!(pos.gives_check_with(&info, mv), expected, "gives_check_with {} in {}", pos.uci(mv), pos.fen());
        tally.moves += 1;
        if expected {
            tally.checks += 1;
            tally.discovered += u64::from(candidates.contains(mv.from()));
            match mv.kind() {
                MoveKind::EnPassant => tally.en_passant += 1,
                MoveKind::Castle => tally.castling += 1,
                MoveKind::Promotion => {
                    tally.promotion += 1;
                    tally.knight_promotion += u64::from(mv.promotion_role() == Some(Role::Knight));
                }
                MoveKind::Normal => {}
            }
        }
    }
    let us = pos.side_to_move();
    for color in Color::ALL {
        let (blockers, pinners) = ray_blockers(pos, color);
        assert_eq!(pos.blockers_for_king(color), blockers, "blockers of {color:?} in {}", pos.fen());
        assert_eq!(pos.pinners(color), pinners, "pinners of {color:?} in {}", pos.fen());
    }
    assert_eq!(candidates, ray_blockers(pos, !us).0 & pos.pieces_of_color(us), "{}", pos.fen());
    assert_eq!(pos.pinned(), ray_blockers(pos, us).0 & pos.pieces_of_color(us), "{}", pos.fen());
}

/// Checks `pos` and its subtree to `depth`, at most `budget` positions.
fn check_tree(pos: &Position, depth: u32, budget: &mut u32, tally: &mut Tally) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    check_position(pos, tally);
    if depth > 0 {
        for mv in pos.legal_moves() {
            check_tree(&pos.play(mv), depth - 1, budget, tally);
        }
    }
}

fn check_suite(file: &str, per_line: u32) -> Tally {
    let mut tally = Tally::default();
    let positions = suite(file);
    assert!(positions.len() > 5, "{file}");
    for pos in positions {
        let mut budget = per_line;
        check_tree(&pos, 3, &mut budget, &mut tally);
    }
    tally
}

#[test]
fn perft_suites() {
    let mut total = Tally::default();
    for (file, per_line) in
        [("standard.epd", 60), ("quick.epd", 200), ("unusual.epd", 2000), ("chess960.epd", 150), ("quick960.epd", 200)]
    {
        let t = check_suite(file, per_line);
        total.moves += t.moves;
        total.checks += t.checks;
        total.discovered += t.discovered;
        total.en_passant += t.en_passant;
        total.castling += t.castling;
        total.promotion += t.promotion;
        total.knight_promotion += t.knight_promotion;
    }
    // The suites reach every kind of check.
    assert!(total.moves > 5_000_000, "{total:?}");
    assert!(total.discovered > 1000 && total.en_passant > 0 && total.castling > 0, "{total:?}");
    assert!(total.knight_promotion > 0, "{total:?}");
}

/// Random playouts from the shared start positions and from Chess960
/// start positions, every legal move of every position checked.
#[test]
fn random_playouts() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut tally = Tally::default();
    for game in 0..600 {
        let mut pos = if game % 2 == 0 {
            Position::from_fen(START_FENS[game / 2 % START_FENS.len()]).unwrap()
        } else {
            Position::chess960((rng.next() % 960) as u32).unwrap()
        };
        for _ in 0..200 {
            check_position(&pos, &mut tally);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
        }
    }
    assert!(tally.castling > 0 && tally.en_passant > 0 && tally.knight_promotion > 10, "{tally:?}");
}

fn uci(pos: &Position, text: &str) -> Move {
    pos.parse_uci(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.fen()))
}

/// Named cases, with the expected answer written down (and checked
/// against playing the move too).
#[test]
fn hand_cases() {
    let chess960 = FenOptions::new().castling(CastlingMode::Chess960);
    let cases: [(&str, bool, &str, bool); 14] = [
        // En passant removes e5 and d5: the rook on h5 checks along the rank.
        ("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", false, "e5d6", true),
        // The same capture with the king off the rank: no check.
        ("8/k7/8/3pP2R/8/8/8/4K3 w - d6 0 1", false, "e5d6", false),
        // En passant uncovers a bishop's diagonal through the capturing pawn's square.
        ("8/1k6/8/3pP3/8/8/8/4K2B w - d6 0 1", false, "e5d6", true),
        ("8/8/8/3pP1k1/8/8/8/B3K3 w - d6 0 1", false, "e5d6", false),
        ("7k/8/8/3pP3/8/8/8/B3K3 w - d6 0 1", false, "e5d6", true),
        // Castling: the rook checks from f1.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", false, "e1g1", true),
        ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false, "e1g1", false),
        // Chess960: king b1 and rook a1 castle long; the rook lands on d1.
        ("3k4/8/8/8/8/8/8/RK6 w A - 0 1", true, "b1a1", true),
        // Chess960: the king does not move (g1), the rook goes h1 -> f1.
        ("5k2/8/8/8/8/8/8/6KR w H - 0 1", true, "g1h1", true),
        // Knight promotion checks, queen promotion does not.
        ("8/1P1k4/8/8/8/8/8/4K3 w - - 0 1", false, "b7b8n", true),
        ("8/1P1k4/8/8/8/8/8/4K3 w - - 0 1", false, "b7b8q", false),
        // Capturing promotion: the new queen sees f5 through the square the pawn left.
        ("2r5/3P4/8/5k2/8/8/8/4K3 w - - 0 1", false, "d7c8q", true),
        ("2r5/3P4/8/5k2/8/8/8/4K3 w - - 0 1", false, "d7c8r", false),
        // A king move that uncovers a rook: discovered check by the king.
        ("4k3/8/8/8/4K3/8/8/4R3 w - - 0 1", false, "e4d4", true),
    ];
    for (fen, is960, text, expected) in cases {
        let pos = if is960 {
            Position::from_fen_with(fen, chess960).unwrap().0
        } else {
            Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
        };
        let mv = uci(&pos, text);
        assert_eq!(pos.play(mv).is_check(), expected, "{fen} {text}: the case itself");
        assert_eq!(pos.gives_check(mv), expected, "{fen} {text}");
        assert_eq!(pos.gives_check_with(&pos.check_info(), mv), expected, "{fen} {text}");
    }
}
