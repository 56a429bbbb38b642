//! Perft command-line tool: checks and times move generation.
//!
//! ```text
//! cargo run --release --bin perft                      # the six standard positions
//! cargo run --release --bin perft -- --fen FEN --depth 5 [--divide]
//! cargo run --release --bin perft -- --epd tests/data/standard.epd [--max-depth 4] [--chess960]
//! cargo run --release --bin perft -- --fen FEN --depth 6 --threads 2 --hash 256
//! cargo run --release --bin perft -- --stats [--fen FEN] --depth 5
//! ```
//!
//! See `HELP` below (or `--help`) for every flag.

use chess_movegen_tools::{cli, positions};

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use chess_movegen::{perft, perft_stats, PerftStats, Position};

/// The six positions of the chessprogramming.org perft page, with the
/// depth each is usually run to and the published count.
const STANDARD: [(&str, &str, u8, u64); 6] = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete", positions::KIWIPETE, 5, 193_690_690),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706_045_033),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164_075_551),
];

const USAGE: &str = "usage: perft [--threads N] [--hash MB]
       perft --fen FEN --depth N [--divide] [--chess960] [--threads N] [--hash MB]
       perft --epd FILE [--max-depth N] [--chess960] [--threads N] [--hash MB]
       perft --stats [--fen FEN] --depth N [--chess960]";

const HELP: &str = "\
Without --fen or --epd: perft of the six standard positions of the
chessprogramming.org perft page, each count checked.

  --fen FEN      perft of one position (clocks may be left out); needs --depth
  --depth N      the depth for --fen and --stats
  --divide       with --fen: the count below each legal move, in the
                 position's own UCI (Chess960 castling as king takes rook)
  --epd FILE     checks every line `FEN ;D1 n ;D2 n ...` of a perft suite
                 (or every block `epd FEN` + `perft DEPTH COUNT` lines),
                 prints the failing lines and `N passed, M failed`
  --max-depth N  with --epd: skip the depths above N
  --chess960     read castling rights as Chess960 (X-FEN, Shredder-FEN);
                 without it, a position whose castling rights fit only
                 Chess960 is read as Chess960 too, and the output says so
                 (a position that fits standard chess counts the same in
                 both)
  --threads N    worker threads, 1 or more (default 1; with --epd, all cores)
  --hash MB      a shared transposition table of MB megabytes
  --stats        captures, e.p., castles, promotions, checks and mates per
                 depth, for --fen or the start position

Exit status: 0 if every count is right, 1 if one is wrong or the input is
unreadable, 2 for a usage error. Runs longer than two seconds report
progress on standard error.";

enum Mode {
    Standard,
    Fen { fen: String, depth: u8, divide: bool },
    Epd { path: String, max_depth: u8 },
    Stats { fen: Option<String>, depth: u8 },
}

struct Args {
    mode: Mode,
    chess960: bool,
    threads: Option<usize>,
    hash_mb: usize,
}

fn parse_args(mut args: cli::Args) -> Result<Args, cli::Stop> {
    let (mut fen, mut depth, mut divide, mut epd, mut max_depth, mut stats) = (None, None, false, None, None, false);
    let (mut chess960, mut threads, mut hash_mb) = (false, None, None);
    // The argument read last, when it was the value of --fen.
    let mut after_fen = false;
    while let Some(arg) = args.next_arg()? {
        let fen_before = std::mem::take(&mut after_fen);
        match arg.as_str() {
            "--fen" => {
                fen = Some(args.value("--fen")?);
                after_fen = true;
            }
            "--depth" => depth = Some(args.parsed("--depth", "a depth 0-63")?),
            "--divide" => divide = true,
            "--epd" => epd = Some(args.value("--epd")?),
            "--max-depth" => max_depth = Some(args.parsed("--max-depth", "a depth")?),
            "--chess960" => chess960 = true,
            "--threads" => match args.parsed::<usize>("--threads", "a number of threads, at least 1")? {
                0 => return Err(cli::Stop::Usage("--threads 0: expected a number of threads, at least 1".into())),
                n => threads = Some(n),
            },
            "--hash" => hash_mb = Some(args.parsed("--hash", "megabytes")?),
            "--stats" => stats = true,
            other => match (&fen, fen_before) {
                (Some(fen), true) => return Err(cli::unknown_after_fen(other, fen, args.rest(), "--fen")),
                _ => return Err(cli::unknown(other)),
            },
        }
    }
    let usage = |message: &str| Err(cli::Stop::Usage(message.to_string()));
    if depth.is_some_and(|d: u8| d > 63) {
        return usage("--depth must be at most 63");
    }
    let mode = match (fen, epd) {
        (Some(_), Some(_)) => return usage("--fen and --epd do not go together"),
        (_, Some(path)) => {
            if stats || divide || depth.is_some() {
                return usage("--epd takes its depths from the file; --depth, --divide and --stats do not apply");
            }
            Mode::Epd { path, max_depth: max_depth.unwrap_or(u8::MAX) }
        }
        _ if max_depth.is_some() => return usage("--max-depth needs --epd"),
        (fen, None) if stats => {
            if divide || threads.is_some() || hash_mb.is_some() {
                return usage("--stats plays every move on one thread; --divide, --threads and --hash do not apply");
            }
            let Some(depth) = depth else { return usage("--stats needs --depth") };
            Mode::Stats { fen, depth }
        }
        (Some(fen), None) => {
            let Some(depth) = depth else { return usage("--fen needs --depth") };
            Mode::Fen { fen, depth, divide }
        }
        (None, None) => {
            if depth.is_some() || divide || chess960 {
                return usage("--depth, --divide and --chess960 need --fen (or --epd, --stats)");
            }
            Mode::Standard
        }
    };
    Ok(Args { mode, chess960, threads, hash_mb: hash_mb.unwrap_or(0) })
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
    /// A table of about `mb` megabytes (a power of two of 16-byte slots,
    /// at most `mb`); `None` for 0, an error when that memory cannot be
    /// had.
    fn new(mb: usize) -> Result<Option<Table>, String> {
        if mb == 0 {
            return Ok(None);
        }
        let too_large = || format!("--hash {mb}: cannot allocate {mb} MB");
        // 65,536 slots of 16 bytes to the megabyte.
        let wanted = mb.checked_mul(1 << 16).filter(|&n| n <= isize::MAX as usize / 16).ok_or_else(too_large)?;
        let len = 1 << wanted.ilog2();
        let mut slots = Vec::new();
        slots.try_reserve_exact(len).map_err(|_| too_large())?;
        slots.extend((0..len).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Ok(Some(Table { slots }))
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    fn get(&self, key: u64, depth: u8) -> Option<u64> {
        let slot = self.slot(key);
        let check = slot[0].load(Ordering::Relaxed);
        let data = slot[1].load(Ordering::Relaxed);
        (data != 0 && check ^ data == key && data & 0xff == u64::from(depth)).then_some(data >> 8)
    }

    fn put(&self, key: u64, depth: u8, nodes: u64) {
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
fn perft_hashed(pos: &mut Position, depth: u8, table: &Table) -> u64 {
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

fn count(pos: &Position, depth: u8, table: Option<&Table>) -> u64 {
    match table {
        Some(table) => perft_hashed(&mut pos.clone(), depth, table),
        None => perft(pos, depth),
    }
}

/// Counts each task to `depth` on `threads` workers, which take tasks one
/// at a time from a shared counter; returns the count of each task.
fn count_tasks(
    tasks: &[Position],
    depth: u8,
    threads: usize,
    table: Option<&Table>,
    progress: &cli::Progress,
) -> Vec<u64> {
    let next = AtomicUsize::new(0);
    let counts: Vec<AtomicU64> = tasks.iter().map(|_| AtomicU64::new(0)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, tasks.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(i) else { break };
                let nodes = count(task, depth, table);
                counts[i].store(nodes, Ordering::Relaxed);
                progress.add(nodes);
            });
        }
    });
    counts.into_iter().map(AtomicU64::into_inner).collect()
}

/// Perft split into the subtrees of the positions two plies down (one ply
/// for depth 2): hundreds of small tasks instead of a few dozen root
/// moves, so no thread is left alone with a big last task while the
/// others wait, and progress can be reported as subtrees done.
fn count_parallel(pos: &Position, depth: u8, threads: usize, table: Option<&Table>) -> u64 {
    if depth < 2 {
        return count(pos, depth, table);
    }
    let plies = if depth >= 3 { 2 } else { 1 };
    let mut tasks = vec![*pos];
    for _ in 0..plies {
        tasks = tasks.iter().flat_map(|p| p.legal_moves().into_iter().map(|mv| p.play(mv))).collect();
    }
    let progress = cli::Progress::start(tasks.len() as u64, "subtrees", "nodes");
    count_tasks(&tasks, depth - plies, threads, table, &progress).iter().sum()
}

fn threads_text(threads: usize) -> String {
    format!("{threads} thread{}", if threads == 1 { "" } else { "s" })
}

fn run_standard(threads: usize, table: Option<&Table>) -> ExitCode {
    cli::out!(
        "perft: {}; expected counts: the published ones of the chessprogramming.org \"Perft Results\" page",
        threads_text(threads)
    );
    let mut failed = 0;
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    cli::out!("{:<16} {:>5} {:>13} {:>9} {:>8}", "position", "depth", "nodes", "seconds", "Mnps");
    for (name, fen, depth, expected) in STANDARD {
        let pos = Position::from_fen(fen).expect("standard position");
        let start = Instant::now();
        let nodes = count_parallel(&pos, depth, threads, table);
        let secs = start.elapsed().as_secs_f64();
        total_nodes += nodes;
        total_secs += secs;
        let status = if nodes == expected { "" } else { "  WRONG" };
        cli::out!("{name:<16} {depth:>5} {nodes:>13} {secs:>9.3} {:>8.1}{status}", mnps(nodes, secs));
        if nodes != expected {
            cli::out!("    expected {expected}");
            failed += 1;
        }
    }
    cli::out!("{:<16} {:>5} {total_nodes:>13} {total_secs:>9.3} {:>8.1}", "total", "", mnps(total_nodes, total_secs));
    if failed == 0 {
        cli::out!("all {} counts correct", STANDARD.len());
        ExitCode::SUCCESS
    } else {
        cli::out!("{failed} wrong counts");
        ExitCode::FAILURE
    }
}

/// A suite's positions as EPD lines `FEN ;D1 n ;D2 n ...`, each with the
/// number of the line it starts on. Lines in that form are taken as they
/// are (blank lines and `#` comments skipped). The blocks of the `.perft`
/// form (`id NAME`, `epd FEN`, then `perft DEPTH COUNT` lines) are joined
/// into such a line, numbered by their `epd` line; a `perft` line that
/// belongs to no `epd` line or does not read is an error of its own.
fn suite_entries(text: &str) -> Vec<(usize, Result<String, String>)> {
    let mut entries: Vec<(usize, Result<String, String>)> = Vec::new();
    // The entry of the `.perft` block being read, which takes `perft` lines.
    let mut block: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        let (keyword, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match keyword {
            "" => {}
            _ if line.starts_with('#') => {}
            "id" => block = None,
            "epd" => {
                block = Some(entries.len());
                entries.push((i + 1, Ok(rest.trim().to_string())));
            }
            "perft" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                match (block.and_then(|b| entries[b].1.as_mut().ok()), words.as_slice()) {
                    (Some(entry), [depth, count]) => entry.push_str(&format!(" ;D{depth} {count}")),
                    (Some(_), _) => entries.push((i + 1, Err(format!("cannot read {line:?} (perft DEPTH COUNT)")))),
                    (None, _) => entries.push((i + 1, Err(format!("{line:?} follows no `epd FEN` line")))),
                }
            }
            _ => {
                block = None;
                entries.push((i + 1, Ok(line.to_string())));
            }
        }
    }
    entries
}

/// The `;Dn count` fields of an EPD line that can be read, with the
/// fields of depths above `max_depth` left out.
fn expected_counts(line: &str, max_depth: u8) -> impl Iterator<Item = (u8, u64)> + '_ {
    line.split(';').skip(1).filter_map(move |entry| {
        let mut words = entry.split_whitespace();
        let depth = words.next()?.strip_prefix('D')?.parse::<u8>().ok()?;
        let count = words.next()?.parse::<u64>().ok()?;
        (depth <= max_depth).then_some((depth, count))
    })
}

/// What checking one EPD line found.
struct LineResult {
    number: usize,
    nodes: u64,
    /// The report lines of failures (empty if the line passed).
    failures: Vec<String>,
    /// Read as Chess960 without `--chess960` ([`cli::read_fen_to_count`]).
    as_chess960: bool,
}

/// Checks one EPD line, adding each depth's count to `progress` as it is
/// counted.
fn check_line(
    number: usize,
    line: &str,
    max_depth: u8,
    chess960: bool,
    table: Option<&Table>,
    progress: &cli::Progress,
) -> LineResult {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim();
    let (pos, as_chess960) = match cli::read_fen_to_count(fen, chess960) {
        Ok(read) => read,
        Err(e) => {
            let failures = vec![format!("line {number}: {fen}: {e}")];
            return LineResult { number, nodes: 0, failures, as_chess960: false };
        }
    };
    let (mut nodes, mut failures) = (0, Vec::new());
    for entry in parts {
        let mut words = entry.split_whitespace();
        let (Some(d), Some(n)) = (words.next(), words.next()) else { continue };
        let (Some(depth), Ok(expected)) = (d.strip_prefix('D').and_then(|d| d.parse::<u8>().ok()), n.parse::<u64>())
        else {
            failures.push(format!("line {number}: cannot read {entry:?}"));
            continue;
        };
        if depth > max_depth {
            continue;
        }
        let actual = count(&pos, depth, table);
        progress.add_nodes(actual);
        nodes += actual;
        if actual != expected {
            failures.push(format!("line {number}: {fen} depth {depth}: expected {expected}, got {actual}"));
        }
    }
    LineResult { number, nodes, failures, as_chess960 }
}

fn run_epd(path: &str, max_depth: u8, chess960: bool, threads: usize, table: Option<&Table>) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    cli::out!("perft: {}; expected counts from {path}", threads_text(threads));
    let entries = suite_entries(&text);
    let lines: Vec<(usize, &str)> =
        entries.iter().filter_map(|(number, line)| Some((*number, line.as_deref().ok()?))).collect();
    let unread = entries.iter().filter_map(|(number, line)| {
        let failures = vec![format!("line {number}: {}", line.as_ref().err()?)];
        Some(LineResult { number: *number, nodes: 0, failures, as_chess960: false })
    });
    // The estimate of the time left goes by nodes: the lines' counts differ
    // by orders of magnitude, so lines done say little about time.
    let expected = lines.iter().flat_map(|(_, line)| expected_counts(line, max_depth)).map(|(_, n)| n).sum();
    let start = Instant::now();
    let progress = cli::Progress::start_with(lines.len() as u64, "lines", "nodes", Some(expected));
    // Workers take lines one at a time; results are reported in file order.
    let results: Mutex<Vec<LineResult>> = Mutex::new(Vec::with_capacity(lines.len()));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, lines.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(number, line)) = lines.get(i) else { break };
                let result = check_line(number, line, max_depth, chess960, table, &progress);
                progress.add(0); // the line is done; its nodes were added depth by depth
                results.lock().unwrap_or_else(|e| e.into_inner()).push(result);
            });
        }
    });
    drop(progress);
    let secs = start.elapsed().as_secs_f64();
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.extend(unread);
    results.sort_by_key(|r| r.number);
    let (mut passed, mut failed, mut nodes_total) = (0, 0, 0u64);
    for result in &results {
        nodes_total += result.nodes;
        if result.failures.is_empty() {
            passed += 1;
        } else {
            failed += 1;
            for failure in &result.failures {
                cli::out!("{failure}");
            }
        }
    }
    cli::out!("{nodes_total} nodes in {secs:.2} s ({:.1} Mnps, {})", mnps(nodes_total, secs), threads_text(threads));
    // The numbers of the lines read as Chess960, the first ten of them.
    let as_chess960: Vec<String> = results.iter().filter(|r| r.as_chess960).map(|r| r.number.to_string()).collect();
    if !as_chess960.is_empty() {
        let more = as_chess960.len().saturating_sub(10);
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let first = as_chess960[..as_chess960.len().min(10)].join(", ");
        cli::out!("read as Chess960 (castling rights that fit only Chess960): line {first}{more}");
    }
    cli::out!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// What the header line adds for a position read as Chess960 without
/// `--chess960` ([`cli::read_fen_to_count`]).
fn read_as_note(as_chess960: bool) -> &'static str {
    if as_chess960 {
        "; read as Chess960 (castling rights that fit only Chess960)"
    } else {
        ""
    }
}

fn run_fen(
    pos: &Position,
    as_chess960: bool,
    depth: u8,
    divide: bool,
    threads: usize,
    table: Option<&Table>,
) -> ExitCode {
    cli::out!(
        "perft: {}; no expected count (a position given by --fen){}",
        threads_text(threads),
        read_as_note(as_chess960)
    );
    let start = Instant::now();
    let (nodes, divided) = if divide && depth >= 1 {
        // Sorted by the move's text in the position's own notation, so the
        // output diffs against other programs' divide output.
        let mut moves: Vec<(String, Position)> =
            pos.legal_moves().into_iter().map(|mv| (pos.uci(mv), pos.play(mv))).collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        let children: Vec<Position> = moves.iter().map(|(_, child)| *child).collect();
        let progress = cli::Progress::start(children.len() as u64, "moves", "nodes");
        let counts = count_tasks(&children, depth - 1, threads, table, &progress);
        drop(progress);
        (counts.iter().sum(), moves.into_iter().map(|(uci, _)| uci).zip(counts).collect())
    } else {
        (count_parallel(pos, depth, threads, table), Vec::new())
    };
    // The time of the count alone, before any output.
    let secs = start.elapsed().as_secs_f64();
    for (uci, n) in divided {
        cli::out!("{uci}: {n}");
    }
    cli::out!("nodes {nodes}  time {secs:.3} s  {:.1} Mnps", mnps(nodes, secs));
    ExitCode::SUCCESS
}

fn add(total: &mut PerftStats, s: &PerftStats) {
    total.nodes += s.nodes;
    total.captures += s.captures;
    total.en_passant += s.en_passant;
    total.castles += s.castles;
    total.promotions += s.promotions;
    total.checks += s.checks;
    total.discovered_checks += s.discovered_checks;
    total.double_checks += s.double_checks;
    total.checkmates += s.checkmates;
}

/// The breakdown per depth, counted below each root move in turn so that
/// progress can be reported.
fn run_stats(pos: &Position, as_chess960: bool, depth: u8) -> ExitCode {
    cli::out!("perft --stats: 1 thread; no expected counts{}", read_as_note(as_chess960));
    let start = Instant::now();
    let mut stats = perft_stats(pos, depth.min(1));
    stats.resize(depth as usize, PerftStats::default());
    if depth >= 2 {
        let moves = pos.legal_moves();
        let progress = cli::Progress::start(moves.len() as u64, "root moves", "nodes");
        for &mv in &moves {
            let below = perft_stats(&pos.play(mv), depth - 1);
            for (total, s) in stats[1..].iter_mut().zip(&below) {
                add(total, s);
            }
            progress.add(below.last().map_or(0, |s| s.nodes));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    cli::out!(
        "{:>5} {:>13} {:>11} {:>8} {:>9} {:>10} {:>10} {:>10} {:>8} {:>10}",
        "depth",
        "nodes",
        "captures",
        "e.p.",
        "castles",
        "promotions",
        "checks",
        "disc.chk",
        "dbl.chk",
        "mates"
    );
    for (i, s) in stats.iter().enumerate() {
        cli::out!(
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
    cli::out!("time {secs:.3} s");
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args = match parse_args(cli::Args::from_env()) {
        Ok(args) => args,
        Err(stop) => return stop.report(USAGE, HELP),
    };
    let table = match Table::new(args.hash_mb) {
        Ok(table) => table,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let table = table.as_ref();
    let read = |fen: &str| {
        cli::read_fen_to_count(fen, args.chess960).map_err(|e| {
            eprintln!("{e}");
            ExitCode::FAILURE
        })
    };
    match args.mode {
        Mode::Standard => run_standard(args.threads.unwrap_or(1), table),
        Mode::Epd { path, max_depth } => {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            run_epd(&path, max_depth, args.chess960, args.threads.unwrap_or(cores), table)
        }
        Mode::Fen { fen, depth, divide } => match read(&fen) {
            Ok((pos, as_chess960)) => run_fen(&pos, as_chess960, depth, divide, args.threads.unwrap_or(1), table),
            Err(code) => code,
        },
        Mode::Stats { fen, depth } => match fen.as_deref().map_or(Ok((Position::startpos(), false)), read) {
            Ok((pos, as_chess960)) => run_stats(&pos, as_chess960, depth),
            Err(code) => code,
        },
    }
}
