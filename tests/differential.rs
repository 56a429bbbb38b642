//! Differential test: random games played to the end, comparing at every
//! ply the crate's legal moves (as a set) with the slow, independent move
//! generator of `tests/oracle/mod.rs`. The oracle applies moves by its own
//! rules, so the crate's board after `play` is compared too.
//!
//! `cargo test --test integration differential::` plays a few hundred games (and checks
//! bulk perft against counting by play along sixty more);
//! `cargo test --release --test integration differential:: -- --ignored` plays 20,000
//! (set `DIFFERENTIAL_GAMES` to change the number).

use crate::common;
use crate::oracle;

use std::collections::HashSet;

use chess_movegen::{CastlingMode, Color, FenOptions, Move, Piece, Position, Role, Setup, Square};
use common::Rng;
use oracle::Slow;

#[derive(Default, Debug)]
struct Totals {
    games: u64,
    plies: u64,
    mates: u64,
    stalemates: u64,
    castles: u64,
    en_passants: u64,
    promotions: u64,
}

/// The start of game `n`: the standard position, a Chess960 position, or
/// one of the shared test positions.
fn start(n: u64, rng: &mut Rng) -> Position {
    match n % 4 {
        0 | 1 => Position::startpos(),
        2 => Position::chess960(rng.below(960) as u32).expect("0..960 are Chess960 numbers"),
        _ => {
            let fen = common::START_FENS[rng.below(common::START_FENS.len())];
            let (pos, _) = Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Standard)).unwrap();
            pos
        }
    }
}

/// Plays one random game to its end (mate, stalemate, dead material, the
/// fifty-move rule, or 600 plies), checking every ply.
fn play_game(mut pos: Position, rng: &mut Rng, totals: &mut Totals) {
    let mut slow = Slow::from_position(&pos);
    let mut trail = Vec::new();
    for _ in 0..600 {
        let expected = slow.legal();
        let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
        if actual != expected {
            let missing: Vec<_> = expected.difference(&actual).collect();
            let extra: Vec<_> = actual.difference(&expected).collect();
            panic!("{}: missing {missing:?}, extra {extra:?} (after {trail:?})", pos.fen());
        }
        assert_eq!(pos.legal_move_count(), expected.len(), "{}", pos.fen());
        assert_eq!(pos.has_legal_moves(), !expected.is_empty(), "{}", pos.fen());
        assert_eq!(pos.is_check(), slow.in_check(), "{}", pos.fen());
        if expected.is_empty() {
            if slow.in_check() {
                totals.mates += 1;
            } else {
                totals.stalemates += 1;
            }
            break;
        }
        if slow.dead() || pos.halfmove_clock() >= 100 {
            break;
        }
        let mut moves: Vec<Move> = expected.into_iter().collect();
        moves.sort_by_key(|m| m.to_bits());
        let mv = moves[rng.below(moves.len())];
        totals.castles += u64::from(mv.is_castle());
        totals.en_passants += u64::from(mv.is_en_passant());
        totals.promotions += u64::from(mv.is_promotion());
        trail.push(mv);
        pos = pos.play(mv);
        slow = slow.apply(mv);
        totals.plies += 1;
        assert_eq!(Slow::from_position(&pos), slow, "board after {trail:?}");
    }
    totals.games += 1;
}

fn run(games: u64, seed: u64) -> Totals {
    let mut rng = Rng(seed);
    let mut totals = Totals::default();
    for n in 0..games {
        let pos = start(n, &mut rng);
        play_game(pos, &mut rng, &mut totals);
    }
    totals
}

#[test]
fn reference_agrees_on_special_positions() {
    // Positions where a hand-made reference could itself go wrong.
    for fen in [
        "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
        "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
        "1r2k3/P7/8/8/8/8/6p1/4K2R b K - 0 1",
        common::MOST_MOVES,
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
        assert_eq!(actual, Slow::from_position(&pos).legal(), "{fen}");
    }
    let record = Slow::from_position(&Position::from_fen(common::MOST_MOVES).unwrap()).legal();
    assert_eq!(record.len(), 218, "the record position has 218 legal moves");
    // Chess960: the king stays on g1; king and rook swap sides; a rook
    // already on its destination; a rook blocking the other rook's
    // destination (no castling there).
    let options = FenOptions::new().castling(CastlingMode::Chess960);
    for (fen, castles) in [
        ("4k3/8/8/8/8/8/8/6KR w H - 0 1", 1),
        ("4k3/8/8/8/8/8/8/1R2K1R1 w BG - 0 1", 2),
        ("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", 2),
        ("4k3/8/8/8/8/8/8/3RK2R w DH - 0 1", 2),
        ("4k3/8/8/8/8/8/8/5RKR w H - 0 1", 0),
        ("4k3/8/8/8/8/8/8/1R1K3r w B - 0 1", 0),
    ] {
        let (pos, _) = Position::from_fen_with(fen, options).unwrap();
        let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
        let expected = Slow::from_position(&pos).legal();
        assert_eq!(actual, expected, "{fen}");
        assert_eq!(expected.iter().filter(|m| m.is_castle()).count(), castles, "{fen}");
    }
}

fn slow_perft(state: &Slow, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    state.legal().into_iter().map(|mv| slow_perft(&state.apply(mv), depth - 1)).sum()
}

/// The reference is right on its own: it reproduces published perft
/// counts without the crate's move generator.
#[test]
fn reference_perft_matches_published_counts() {
    for (fen, depth, nodes) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8_902),
        (common::KIWIPETE, 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 2, 2_079),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(slow_perft(&Slow::from_position(&pos), depth), nodes, "{fen}");
    }
    // Chess960, first line of tests/data/chess960.epd, depth 3.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (pos, _) = Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)).unwrap();
    assert_eq!(slow_perft(&Slow::from_position(&pos), 3), 12_189);
}

#[test]
fn random_games_agree_with_reference() {
    let totals = run(300, 0x5eed_0001);
    println!("{totals:?}");
    assert_eq!(totals.games, 300);
    assert!(totals.plies > 30_000, "{totals:?}");
    assert!(totals.castles > 0 && totals.en_passants > 0 && totals.promotions > 0, "{totals:?}");
}

#[test]
#[ignore = "deep: 20,000 games; run with --release -- --ignored"]
fn many_random_games_agree_with_reference() {
    let games = std::env::var("DIFFERENTIAL_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let started = std::time::Instant::now();
    let totals = run(games, 0x5eed_0002);
    println!("{totals:?} in {:.1} s", started.elapsed().as_secs_f64());
    assert_eq!(totals.games, games);
}

/// `has_legal_moves` stops at the first step of the generator that finds
/// a move: positions whose one legal move comes from each step (the king,
/// a knight, a slider, a pinned or unpinned pawn, a promotion, en passant,
/// castling, and the same in check), and positions with none.
#[test]
fn has_legal_moves_finds_a_lone_move_of_every_kind() {
    for (fen, chess960, count) in [
        ("8/8/r7/6r1/8/8/4k3/7K w - - 0 1", false, 1),
        ("N7/3r4/1K1k4/8/8/8/4q3/4b3 w - - 0 1", false, 1),
        ("2q2q2/3B4/4K3/8/3q4/8/5pk1/8 w - - 0 1", false, 1),
        ("1q6/5k1K/7R/7q/8/8/8/8 w - - 0 1", false, 1),
        ("8/8/8/5k2/8/rr6/Q7/K7 w - - 0 1", false, 1),
        ("5K2/8/5k2/8/2b5/6P1/8/4q3 w - - 0 1", false, 1),
        ("8/8/8/r2r4/2r5/8/k1P1b3/2K5 w - - 0 1", false, 1),
        ("8/1q3P2/8/8/2r5/2k5/5q2/K7 w - - 0 1", false, 4),
        ("k1K5/8/1P6/8/3Pp3/4N3/8/8 b - d3 0 1", false, 1),
        ("k7/8/b7/8/8/7p/r6P/6KR w H - 0 1", true, 1),
        ("7k/nr6/8/q7/8/8/2P5/1r1K4 w - - 0 1", false, 1),
        ("8/1B6/2n4k/8/8/5N2/7r/1K3r2 w - - 0 1", false, 1),
        ("2B1N3/q7/5K2/N4q2/6k1/8/8/8 w - - 0 1", false, 1),
        ("8/5b1K/k3n3/3R4/6p1/8/7r/8 w - - 0 1", false, 1),
        ("Q3K3/2k5/8/8/4r3/5r2/8/8 w - - 0 1", false, 1),
        ("4K3/8/5q2/2P5/q1k5/8/8/8 w - - 0 1", false, 1),
        ("n7/8/1b6/b2pP3/2b1K1k1/8/8/8 w - d6 0 1", false, 1),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, 0),
        ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false, 0),
        ("k7/8/b7/8/8/7p/r6P/6KR w - - 0 1", true, 0),
    ] {
        let pos = common::parse(fen, chess960);
        assert_eq!(Slow::from_position(&pos).legal().len(), count, "{fen}");
        assert_eq!(pos.legal_move_count(), count, "{fen}");
        assert_eq!(pos.has_legal_moves(), count > 0, "{fen}");
    }
}

/// Leaves counted by playing every move: the definition bulk perft must
/// meet.
fn perft_by_play(pos: &Position, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves().into_iter().map(|mv| perft_by_play(&pos.play(mv), depth - 1)).sum()
}

/// Bulk perft (`chess_movegen::perft`, whose last plies count replies
/// without playing them, specialised on castling, en passant and checks)
/// equals counting by play at depths 1 to 3, at every ply of random games
/// from the standard, Chess960 and shared test positions: kings anywhere,
/// rights and en-passant squares in every combination the games reach.
#[test]
fn bulk_perft_equals_counting_by_play_along_random_games() {
    let mut rng = Rng(0x5eed_0003);
    let (mut positions, mut with_ep, mut with_rights) = (0u64, 0u64, 0u64);
    for n in 0..60 {
        let mut pos = start(n, &mut rng);
        for ply in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.halfmove_clock() >= 100 {
                break;
            }
            let deepest = if ply % 8 == 0 { 3 } else { 2 };
            for depth in 1..=deepest {
                assert_eq!(
                    chess_movegen::perft(&pos, depth),
                    perft_by_play(&pos, depth),
                    "{} depth {depth}",
                    pos.fen()
                );
            }
            positions += 1;
            with_ep += u64::from(pos.ep_square().is_some());
            with_rights += u64::from(pos.castling_rooks().any());
            pos = pos.play(moves[rng.below(moves.len())]);
        }
    }
    println!("{positions} positions, {with_ep} with an en-passant square, {with_rights} with castling rights");
    assert!(positions > 5_000 && with_ep > 50 && with_rights > 1_000, "{positions} {with_ep} {with_rights}");
}

/// Bulk perft equals counting by play on made-up positions where the side
/// that does not move keeps castling rights on its back rank and the
/// mover's king stands anywhere (often close to that side's castling
/// path), and up to six more pieces of either side: the cases the reply
/// counter's castling shortcuts are about.
#[test]
fn bulk_perft_equals_counting_by_play_near_castling_kings() {
    let mut rng = Rng(0x5eed_0004);
    let (mut checked, mut tried) = (0u64, 0u64);
    let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    while checked < 1_500 {
        tried += 1;
        // The castling side is Black (White to move) or White (Black to move).
        let castler = if rng.below(2) == 0 { Color::Black } else { Color::White };
        let back = if castler == Color::Black { 7 } else { 0 };
        let sq = |file: usize, rank: usize| Square::ALL[rank * 8 + file];
        let mut setup = Setup::empty();
        setup.put(sq(4, back), Piece::new(castler, Role::King));
        setup.put(sq(0, back), Piece::new(castler, Role::Rook));
        setup.put(sq(7, back), Piece::new(castler, Role::Rook));
        let mut rooks = sq(0, back).bitboard() | sq(7, back).bitboard();
        if rng.below(3) == 0 {
            rooks = if rng.below(2) == 0 { sq(0, back).bitboard() } else { sq(7, back).bitboard() };
        }
        let empty = |setup: &Setup, s: Square| setup.piece_at(s).is_none();
        let mover_king = Square::ALL[rng.below(64)];
        if !empty(&setup, mover_king) {
            continue;
        }
        setup.put(mover_king, Piece::new(!castler, Role::King));
        for _ in 0..rng.below(7) {
            let s = Square::ALL[rng.below(64)];
            let role = roles[rng.below(roles.len())];
            let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
            if empty(&setup, s) && !(role == Role::Pawn && (s.index() < 8 || s.index() >= 56)) {
                setup.put(s, Piece::new(color, role));
            }
        }
        setup.set_castling_rooks(rooks);
        setup.set_side_to_move(!castler);
        let Ok(pos) = Position::try_from(setup) else { continue };
        for depth in 1..=3 {
            assert_eq!(chess_movegen::perft(&pos, depth), perft_by_play(&pos, depth), "{} depth {depth}", pos.fen());
        }
        checked += 1;
    }
    println!("{checked} positions of {tried} made up");
}
