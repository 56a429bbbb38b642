//! Root move ranking: consistent with probing each move, ordered, and
//! aware of the halfmove clock.

use std::path::Path;

use chess_movegen::{FenOptions, Position};
use chess_movegen_syzygy::{Tablebase, Wdl};

fn tables() -> Tablebase {
    let mut tb = Tablebase::new();
    tb.add_directory(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy")).unwrap();
    tb
}

fn parse(fen: &str) -> Position {
    Position::from_fen_with(fen, FenOptions::new().impossible_check(true)).unwrap().0
}

/// Sampled positions of the expected values file (every 25th).
fn sample_positions() -> Vec<Position> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/expected.txt")).unwrap();
    text.lines().filter_map(|l| l.strip_prefix("P ")).step_by(25).map(|l| parse(l.split(';').next().unwrap())).collect()
}

#[test]
fn every_move_is_ranked_as_probing_it_says() {
    let tb = tables();
    let mut checked = 0;
    for pos in sample_positions() {
        let ranked = tb.rank_root_moves(&pos).unwrap();
        assert_eq!(ranked.len(), pos.legal_moves().len());
        let root_wdl = tb.probe_wdl(&pos).unwrap();
        let root_dtz = tb.probe_dtz(&pos).unwrap().0;
        if ranked.is_empty() {
            continue;
        }
        // Halfmove clock 0: the best move keeps the root's result.
        assert_eq!(ranked[0].wdl, root_wdl, "{}", pos.fen());
        if root_dtz > 0 {
            // The reference prober's DTZ may be one ply long.
            assert!((ranked[0].dtz.0 - root_dtz).abs() <= 1, "{}: {:?} vs {root_dtz}", pos.fen(), ranked[0]);
        }
        for m in &ranked {
            let child = tb.probe_wdl(&pos.play(m.mv)).unwrap();
            assert_eq!(m.wdl, child.neg(), "{} {}", pos.fen(), m.mv);
        }
        // Best first: ranks never increase.
        assert!(ranked.windows(2).all(|w| w[0].rank >= w[1].rank));
        let by_wdl = tb.rank_root_moves_wdl(&pos).unwrap();
        assert_eq!(by_wdl[0].wdl, root_wdl);
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_fifty_move_rule_counts_from_the_halfmove_clock() {
    let tb = tables();
    // KQvKR, white wins; the next zeroing move is some plies away.
    let fen = "8/8/8/8/8/2k5/1r6/K2Q4 w - - {} 80";
    let fresh = parse(&fen.replace("{}", "0"));
    let dtz = tb.probe_dtz(&fresh).unwrap().0;
    assert!(dtz > 2, "{dtz}");
    let best = tb.rank_root_moves(&fresh).unwrap()[0];
    assert_eq!((best.wdl, best.rank), (Wdl::Win, 1000));
    // With the clock so high that the win cannot be completed in time.
    let late = parse(&fen.replace("{}", &(101 - dtz).to_string()));
    let best = tb.rank_root_moves(&late).unwrap()[0];
    assert_eq!(best.wdl, Wdl::CursedWin);
    assert!(best.rank < 1000 && best.rank > 0, "{best:?}");
    // Just in time.
    let just = parse(&fen.replace("{}", &(99 - dtz).to_string()));
    let best = tb.rank_root_moves(&just).unwrap()[0];
    assert_eq!((best.wdl, best.rank), (Wdl::Win, 1000), "{best:?}");
}

#[test]
fn a_mating_move_ranks_first_with_dtz_one() {
    let tb = tables();
    // Qb8 is mate.
    let pos = parse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    let best = tb.rank_root_moves(&pos).unwrap()[0];
    assert_eq!(best.mv.to_string(), "b1b8");
    assert_eq!(best.dtz.0, 1);
}
