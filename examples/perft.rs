//! Perft command-line tool: checks and times move generation.
//!
//! ```text
//! cargo run --release --example perft                       # the six standard positions
//! cargo run --release --example perft -- --fen "FEN" --depth 5 [--divide]
//! cargo run --release --example perft -- --epd tests/data/standard.epd [--max-depth 4] [--chess960]
//! ```
//!
//! `--epd` reads lines `FEN ;D1 n ;D2 n ...`, checks every depth (up to
//! `--max-depth`), prints each failing line with expected and actual
//! counts, ends with `N passed, M failed` and exits non-zero on failure.
//! `--chess960` reads castling rights as Chess960 (X-FEN / Shredder-FEN).

use std::process::ExitCode;
use std::time::Instant;

use chess_movegen::{perft, perft_divide, Castling, FenOptions, Position};

/// The six positions of the chessprogramming.org perft page, with the
/// depth each is usually run to and the published count.
const STANDARD: [(&str, &str, u32, u64); 6] = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706_045_033),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164_075_551),
];

struct Args {
    fen: Option<String>,
    depth: Option<u32>,
    divide: bool,
    epd: Option<String>,
    max_depth: u32,
    chess960: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args { fen: None, depth: None, divide: false, epd: None, max_depth: u32::MAX, chess960: false };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--fen" => args.fen = Some(value("--fen")?),
            "--depth" => args.depth = Some(value("--depth")?.parse().map_err(|e| format!("--depth: {e}"))?),
            "--divide" => args.divide = true,
            "--epd" => args.epd = Some(value("--epd")?),
            "--max-depth" => args.max_depth = value("--max-depth")?.parse().map_err(|e| format!("--max-depth: {e}"))?,
            "--chess960" => args.chess960 = true,
            "-h" | "--help" => {
                return Err(
                    "usage: perft [--fen FEN --depth N [--divide]] [--epd FILE [--max-depth N]] [--chess960]".into()
                )
            }
            other => return Err(format!("unknown argument {other:?}; try --help")),
        }
    }
    Ok(args)
}

fn options(chess960: bool) -> FenOptions {
    FenOptions::new().castling(if chess960 { Castling::Chess960 } else { Castling::Standard })
}

fn mnps(nodes: u64, secs: f64) -> f64 {
    nodes as f64 / secs.max(1e-9) / 1e6
}

fn run_standard() -> ExitCode {
    let mut failed = 0;
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    println!("{:<16} {:>5} {:>13} {:>9} {:>8}", "position", "depth", "nodes", "seconds", "Mnps");
    for (name, fen, depth, expected) in STANDARD {
        let pos = Position::from_fen(fen).expect("standard position");
        let start = Instant::now();
        let nodes = perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_secs += secs;
        let status = if nodes == expected { "" } else { "  WRONG" };
        println!("{name:<16} {depth:>5} {nodes:>13} {secs:>9.3} {:>8.1}{status}", mnps(nodes, secs));
        if nodes != expected {
            println!("    expected {expected}");
            failed += 1;
        }
    }
    println!("{:<16} {:>5} {total_nodes:>13} {total_secs:>9.3} {:>8.1}", "total", "", mnps(total_nodes, total_secs));
    if failed == 0 {
        println!("all {} counts correct", STANDARD.len());
        ExitCode::SUCCESS
    } else {
        println!("{failed} wrong counts");
        ExitCode::FAILURE
    }
}

fn run_epd(path: &str, max_depth: u32, chess960: bool) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut passed, mut failed, mut nodes_total) = (0, 0, 0u64);
    let start = Instant::now();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim();
        let pos = match Position::from_fen_with(fen, options(chess960)) {
            Ok((pos, _)) => pos,
            Err(e) => {
                println!("line {}: {fen}: {e}", number + 1);
                failed += 1;
                continue;
            }
        };
        let mut ok = true;
        for entry in parts {
            let mut words = entry.split_whitespace();
            let (Some(d), Some(n)) = (words.next(), words.next()) else { continue };
            let (Some(depth), Ok(expected)) =
                (d.strip_prefix('D').and_then(|d| d.parse::<u32>().ok()), n.parse::<u64>())
            else {
                println!("line {}: cannot read {entry:?}", number + 1);
                ok = false;
                continue;
            };
            if depth > max_depth {
                continue;
            }
            let actual = perft(&pos, depth);
            nodes_total += actual;
            if actual != expected {
                println!("line {}: {fen} depth {depth}: expected {expected}, got {actual}", number + 1);
                ok = false;
            }
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{nodes_total} nodes in {secs:.2} s ({:.1} Mnps)", mnps(nodes_total, secs));
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &args.epd {
        return run_epd(path, args.max_depth, args.chess960);
    }
    let Some(fen) = &args.fen else {
        return run_standard();
    };
    let pos = match Position::from_fen_with(fen, options(args.chess960)) {
        Ok((pos, _)) => pos,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let depth = args.depth.unwrap_or(1);
    let start = Instant::now();
    let nodes = if args.divide {
        let divide = perft_divide(&pos, depth);
        for (mv, n) in &divide {
            println!("{mv}: {n}");
        }
        divide.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}  time {secs:.3} s  {:.1} Mnps", mnps(nodes, secs));
    ExitCode::SUCCESS
}
