//! `perft_stats` against the published breakdown tables
//! (chessprogramming.org "Perft Results") for the start position and
//! Kiwipete.

use crate::common;

use chess_movegen::{perft_stats, PerftStats, Position};

/// nodes, captures, e.p., castles, promotions, checks, discovered checks,
/// double checks, checkmates.
fn row(v: [u64; 9]) -> PerftStats {
    PerftStats {
        nodes: v[0],
        captures: v[1],
        en_passant: v[2],
        castles: v[3],
        promotions: v[4],
        checks: v[5],
        discovered_checks: v[6],
        double_checks: v[7],
        checkmates: v[8],
    }
}

#[test]
fn start_position_to_depth_5() {
    let expected = [
        [20, 0, 0, 0, 0, 0, 0, 0, 0],
        [400, 0, 0, 0, 0, 0, 0, 0, 0],
        [8_902, 34, 0, 0, 0, 12, 0, 0, 0],
        [197_281, 1_576, 0, 0, 0, 469, 0, 0, 8],
        [4_865_609, 82_719, 258, 0, 0, 27_351, 6, 0, 347],
    ];
    let stats = perft_stats(&Position::startpos(), 5);
    for (depth, (got, want)) in stats.iter().zip(expected).enumerate() {
        assert_eq!(*got, row(want), "depth {}", depth + 1);
    }
}

#[test]
fn kiwipete_to_depth_4() {
    let pos = Position::from_fen(common::KIWIPETE).unwrap();
    let expected = [
        [48, 8, 0, 2, 0, 0, 0, 0, 0],
        [2_039, 351, 1, 91, 0, 3, 0, 0, 0],
        [97_862, 17_102, 45, 3_162, 0, 993, 0, 0, 1],
        [4_085_603, 757_163, 1_929, 128_013, 15_172, 25_523, 42, 6, 43],
    ];
    let stats = perft_stats(&pos, 4);
    for (depth, (got, want)) in stats.iter().zip(expected).enumerate() {
        assert_eq!(*got, row(want), "depth {}", depth + 1);
    }
}

#[test]
#[ignore = "deep: 119 million moves played; run in --release"]
fn start_position_depth_6() {
    let stats = perft_stats(&Position::startpos(), 6);
    assert_eq!(stats[5], row([119_060_324, 2_812_008, 5_248, 0, 0, 809_099, 329, 46, 10_828]));
}
