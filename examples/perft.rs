//! Perft command-line tool: checks and times move generation.
//!
//! ```text
//! cargo run --release --example perft                       # the six standard positions
//! cargo run --release --example perft -- --fen "FEN" --depth 5 [--divide]
//! cargo run --release --example perft -- --epd tests/data/standard.epd [--max-depth 4] [--chess960]
//! cargo run --release --example perft -- --fen "FEN" --depth 6 --threads 2 --hash 256
//! cargo run --release --example perft -- --stats [--fen "FEN"] --depth 5
//! ```
//!
//! `--epd` reads lines `FEN ;D1 n ;D2 n ...`, checks every depth (up to
//! `--max-depth`), prints each failing line with expected and actual
//! counts, ends with `N passed, M failed` and exits non-zero on failure.
//! `--chess960` reads castling rights as Chess960 (X-FEN / Shredder-FEN).
//!
//! `--threads N` spreads the subtrees two plies below each position over N
//! threads (default 1); with `--epd` the lines are spread over the threads instead
//! (default: all available cores). `--hash MB` adds a shared transposition
//! table of that many megabytes, keyed by the full 64-bit Zobrist key and
//! the remaining depth. `--stats` prints the standard breakdown per depth
//! (captures, en passant, castles, promotions, checks, discovered and
//! double checks, checkmates) for `--fen` (default: the start position).

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use chess_movegen::{perft, perft_divide, perft_stats, CastlingMode, FenOptions, Position};

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
    threads: Option<usize>,
    hash_mb: usize,
    stats: bool,
}

const USAGE: &str = "usage: perft [--fen FEN --depth N [--divide]] [--epd FILE [--max-depth N]] [--chess960] \
                     [--threads N] [--hash MB] [--stats]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        fen: None,
        depth: None,
        divide: false,
        epd: None,
        max_depth: u32::MAX,
        chess960: false,
        threads: None,
        hash_mb: 0,
        stats: false,
    };
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
            "--threads" => {
                let n: usize = value("--threads")?.parse().map_err(|e| format!("--threads: {e}"))?;
                args.threads = Some(n.max(1));
            }
            "--hash" => args.hash_mb = value("--hash")?.parse().map_err(|e| format!("--hash: {e}"))?,
            "--stats" => args.stats = true,
            "-h" | "--help" => return Err(USAGE.into()),
            other => return Err(format!("unknown argument {other:?}; try --help")),
        }
    }
    Ok(args)
}

fn options(chess960: bool) -> FenOptions {
    FenOptions::new().castling(if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard })
}

fn mnps(nodes: u64, secs: f64) -> f64 {
    nodes as f64 / secs.max(1e-9) / 1e6
}

/// A transposition table of perft counts shared by all threads, without
/// locks: each slot holds `key ^ data` and `data`, so a slot torn by two
/// threads writing at once fails the key check instead of giving a wrong
/// count. `data` packs the count (upper 56 bits) and the depth (lower 8).
/// A hit needs the full 64-bit key and the same depth.
struct Table {
    slots: Vec<[AtomicU64; 2]>,
}

impl Table {
    /// A table of about `mb` megabytes (a power of two of 16-byte slots);
    /// `None` for 0.
    fn new(mb: usize) -> Option<Table> {
        if mb == 0 {
            return None;
        }
        let wanted = mb * 1024 * 1024 / 16;
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        Some(Table { slots: (0..len).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect() })
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    fn get(&self, key: u64, depth: u32) -> Option<u64> {
        let slot = self.slot(key);
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (data != 0 && check ^ data == key && data & 0xff == u64::from(depth)).then_some(data >> 8)
    }

    fn put(&self, key: u64, depth: u32, nodes: u64) {
        if nodes >= 1 << 56 {
            return;
        }
        let data = nodes << 8 | u64::from(depth);
        let slot = self.slot(key);
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

/// Perft with the table: positions from depth 3 up are looked up and
/// stored; the last two plies are bulk-counted.
fn perft_hashed(pos: &mut Position, depth: u32, table: &Table) -> u64 {
    if depth <= 2 {
        return perft(pos, depth);
    }
    if let Some(nodes) = table.get(pos.zobrist_hash(), depth) {
        return nodes;
    }
    let mut nodes = 0;
    for &mv in &pos.legal_moves() {
        let undo = pos.make_move(mv);
        nodes += perft_hashed(pos, depth - 1, table);
        pos.unmake_move(mv, undo);
    }
    table.put(pos.zobrist_hash(), depth, nodes);
    nodes
}

fn count(pos: &Position, depth: u32, table: Option<&Table>) -> u64 {
    match table {
        Some(table) => perft_hashed(&mut pos.clone(), depth, table),
        None => perft(pos, depth),
    }
}

/// Perft split over `threads` workers, which take subtrees one at a time
/// from a shared counter. The subtrees are those of the positions two plies
/// down (one ply for depth 2): hundreds of small tasks instead of a few
/// dozen root moves, so no thread is left alone with a big last task while
/// the others wait.
fn count_parallel(pos: &Position, depth: u32, threads: usize, table: Option<&Table>) -> u64 {
    if threads <= 1 || depth < 2 {
        return count(pos, depth, table);
    }
    let plies = if depth >= 3 { 2 } else { 1 };
    let mut tasks = vec![*pos];
    for _ in 0..plies {
        tasks = tasks.iter().flat_map(|p| p.legal_moves().into_iter().map(|mv| p.play(mv))).collect();
    }
    let next = AtomicUsize::new(0);
    let total = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(tasks.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(i) else { break };
                total.fetch_add(count(task, depth - plies, table), Ordering::Relaxed);
            });
        }
    });
    total.into_inner()
}

fn run_standard(threads: usize, table: Option<&Table>) -> ExitCode {
    let mut failed = 0;
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    println!("{:<16} {:>5} {:>13} {:>9} {:>8}", "position", "depth", "nodes", "seconds", "Mnps");
    for (name, fen, depth, expected) in STANDARD {
        let pos = Position::from_fen(fen).expect("standard position");
        let start = Instant::now();
        let nodes = count_parallel(&pos, depth, threads, table);
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

/// Checks one EPD line; returns the nodes counted and the report lines of
/// failures (empty if it passed).
fn check_line(number: usize, line: &str, max_depth: u32, chess960: bool, table: Option<&Table>) -> (u64, Vec<String>) {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim();
    let pos = match Position::from_fen_with(fen, options(chess960)) {
        Ok((pos, _)) => pos,
        Err(e) => return (0, vec![format!("line {number}: {fen}: {e}")]),
    };
    let (mut nodes, mut failures) = (0, Vec::new());
    for entry in parts {
        let mut words = entry.split_whitespace();
        let (Some(d), Some(n)) = (words.next(), words.next()) else { continue };
        let (Some(depth), Ok(expected)) = (d.strip_prefix('D').and_then(|d| d.parse::<u32>().ok()), n.parse::<u64>())
        else {
            failures.push(format!("line {number}: cannot read {entry:?}"));
            continue;
        };
        if depth > max_depth {
            continue;
        }
        let actual = count(&pos, depth, table);
        nodes += actual;
        if actual != expected {
            failures.push(format!("line {number}: {fen} depth {depth}: expected {expected}, got {actual}"));
        }
    }
    (nodes, failures)
}

fn run_epd(path: &str, max_depth: u32, chess960: bool, threads: usize, table: Option<&Table>) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let start = Instant::now();
    // Workers take lines one at a time; results are reported in file order.
    let results: Mutex<Vec<(usize, u64, Vec<String>)>> = Mutex::new(Vec::with_capacity(lines.len()));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, lines.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(number, line)) = lines.get(i) else { break };
                let (nodes, failures) = check_line(number, line, max_depth, chess960, table);
                results.lock().unwrap_or_else(|e| e.into_inner()).push((number, nodes, failures));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| r.0);
    let (mut passed, mut failed, mut nodes_total) = (0, 0, 0u64);
    for (_, nodes, failures) in &results {
        nodes_total += nodes;
        if failures.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            for failure in failures {
                println!("{failure}");
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{nodes_total} nodes in {secs:.2} s ({:.1} Mnps, {threads} threads)", mnps(nodes_total, secs));
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run_stats(pos: &Position, depth: u32) -> ExitCode {
    println!(
        "{:>5} {:>13} {:>11} {:>8} {:>9} {:>10} {:>10} {:>10} {:>8} {:>10}",
        "depth", "nodes", "captures", "e.p.", "castles", "promotions", "checks", "disc.chk", "dbl.chk", "mates"
    );
    let start = Instant::now();
    for (i, s) in perft_stats(pos, depth).iter().enumerate() {
        println!(
            "{:>5} {:>13} {:>11} {:>8} {:>9} {:>10} {:>10} {:>10} {:>8} {:>10}",
            i + 1,
            s.nodes,
            s.captures,
            s.en_passant,
            s.castles,
            s.promotions,
            s.checks,
            s.discovered_checks,
            s.double_checks,
            s.checkmates
        );
    }
    println!("time {:.3} s", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let table = Table::new(args.hash_mb);
    let table = table.as_ref();
    if let Some(path) = &args.epd {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        return run_epd(path, args.max_depth, args.chess960, args.threads.unwrap_or(cores), table);
    }
    let threads = args.threads.unwrap_or(1);
    let Some(fen) = &args.fen else {
        if args.stats {
            return run_stats(&Position::startpos(), args.depth.unwrap_or(5));
        }
        return run_standard(threads, table);
    };
    let pos = match Position::from_fen_with(fen, options(args.chess960)) {
        Ok((pos, _)) => pos,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let depth = args.depth.unwrap_or(1);
    if args.stats {
        return run_stats(&pos, depth);
    }
    let start = Instant::now();
    let nodes = if args.divide {
        let divide = perft_divide(&pos, depth);
        for (mv, n) in &divide {
            println!("{mv}: {n}");
        }
        divide.iter().map(|(_, n)| n).sum()
    } else {
        count_parallel(&pos, depth, threads, table)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}  time {secs:.3} s  {:.1} Mnps", mnps(nodes, secs));
    ExitCode::SUCCESS
}
