//! Runs the same perft work on chess-movegen and on shakmaty, cozy-chess and
//! chess, interleaved position by position (A B C D A B C D …, the order
//! turning each round), and prints median million nodes per second with
//! each crate's ratio to chess-movegen.
//!
//! ```text
//! cargo run --release -p compare [-- --rounds N] [--deep] [--only bulk|full|list] [--crate NAME]
//! cargo run --release -p compare -- --check-games
//! cargo run --release -p compare -- --check-960 4
//! cargo run --release -p compare -- --align-sweep [--pads 0,16,32,48] [other options]
//! cargo run --release -p compare -- --once bulk|full|play|list POSITION DEPTH [--crate NAME]
//! cargo run --release -p compare -- pgn --help
//! cargo run --release -p compare -- --see|--see-ge REPS
//! RUSTFLAGS="-C target-cpu=native" cargo run --release -p compare
//! ```
//!
//! `--crate NAME` runs chess-movegen against that one crate only.
//!
//! `--align-sweep` runs this binary again for each padding (`--passes`
//! times, the paddings taking turns), with address
//! space randomisation off and an environment of only `PAD=` and that many
//! bytes, so that the stack starts at the same address every run and moves
//! by the padding (see [`sweep`]); it prints every figure per padding and
//! the spread, because a speed that depends on the stack's alignment would
//! otherwise come out as one of its values at random.
//!
//! `--stack-offsets` does the same inside one process: every crate runs at
//! each stack offset (0 to 112 bytes, multiples of 16) in turn, position by
//! position, so that the offsets share every slow spell of a busy machine
//! and differ only in where the stack stands (see
//! [`sweep::with_stack_offset`]).
//!
//! `--once` runs one perft of one crate (chess-movegen unless `--crate`
//! names another; `play` is chess-movegen's copy-make `full`) and prints the
//! node count: the workload for an instruction count under callgrind
//! (`scripts/instructions_per_leaf.sh`). POSITION is a name of the table
//! below without spaces (`startpos`, `kiwipete`, `position3`, ...).
//!
//! Three kinds of work, each summed over the standard positions (start
//! position, Kiwipete, positions 3, 4 and 5):
//! - `bulk`: perft with the last ply counted, not played (each crate's
//!   fastest counting: popcounts where it has them, list lengths otherwise);
//! - `full`: perft with every leaf move played and taken back (unmake where
//!   the crate has it, copy-make otherwise);
//! - `list`: perft with a legal move list built at every node, leaves
//!   included (the list is built, its length counted, no leaf move played).
//!
//! Lists are built each crate's way for a loop: chess-movegen fills one
//! list per ply with `legal_moves_into` (in `full` and `list`). In `list`
//! every crate's moves end in a list that starts empty and is pushed to
//! (cozy-chess's and chess's into an `ArrayVec`, as shakmaty's own list
//! is), so that none pays for setting up 256 entries it does not use.
//!
//! `bulk` runs startpos d6, Kiwipete d5, position 3 d7, position 4 d5,
//! position 5 d5. `full` and `list` run one ply less unless `--deep` is
//! given (rates hardly change with depth; the run takes minutes instead of
//! a quarter of an hour). Every node count is asserted.
//!
//! Speeds are nodes per second of the thread's on-CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`; wall clock where there is none), so that
//! waiting for a core on a busy machine does not count against a crate.

use std::hint::black_box;
use std::str::FromStr;
use std::time::Instant;

mod sweep;

/// Standard positions: FEN and perft counts for depths 1..=7 (0 = not listed).
const POSITIONS: [(&str, &str, [u64; 7], u32); 5] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        [20, 400, 8_902, 197_281, 4_865_609, 119_060_324, 3_195_901_860],
        6,
    ),
    ("kiwipete", positions::KIWIPETE, [48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685, 0], 5),
    (
        "position 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        [14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
        7,
    ),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        [6, 264, 9_467, 422_333, 15_833_292, 706_045_033, 0],
        5,
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        [44, 1_486, 62_379, 2_103_487, 89_941_194, 0, 0],
        5,
    ),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Bulk,
    Full,
    List,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Bulk => "bulk",
            Mode::Full => "full",
            Mode::List => "list",
        }
    }
}

/// One crate's perft, in the three modes, over positions it parsed itself.
trait Engine {
    fn name(&self) -> &'static str;
    /// Leaf count of `mode` perft of position `index` to `depth`.
    fn run(&self, index: usize, depth: u32, mode: Mode) -> u64;
}

mod ours {
    use super::*;
    use chess_movegen::{perft, MoveList, Position};

    pub struct Ours(pub Vec<Position>, pub bool);

    fn full(pos: &mut Position, depth: u32) -> u64 {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        let mut nodes = 0;
        for &mv in &moves {
            let undo = pos.make_move(mv);
            nodes += if depth == 1 {
                black_box(&*pos);
                1
            } else {
                full(pos, depth - 1)
            };
            pos.unmake_move(mv, undo);
        }
        nodes
    }

    pub fn full_copy(pos: &Position, depth: u32) -> u64 {
        let moves = pos.legal_moves();
        moves
            .iter()
            .map(|&mv| {
                let child = pos.play(mv);
                if depth == 1 {
                    // By reference, as for the other crates' copy-made children.
                    black_box(&child);
                    1
                } else {
                    full_copy(&child, depth - 1)
                }
            })
            .sum()
    }

    fn list(pos: &mut Position, depth: u32) -> u64 {
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        black_box(&moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut nodes = 0;
        for &mv in &moves {
            let undo = pos.make_move(mv);
            nodes += list(pos, depth - 1);
            pos.unmake_move(mv, undo);
        }
        nodes
    }

    impl Engine for Ours {
        fn name(&self) -> &'static str {
            if self.1 {
                "chess-movegen (play)"
            } else {
                "chess-movegen"
            }
        }
        fn run(&self, index: usize, depth: u32, mode: Mode) -> u64 {
            let mut pos = self.0[index];
            match (mode, self.1) {
                (Mode::Bulk, _) => perft(&pos, u8::try_from(depth).expect("a perft depth of at most 255")),
                (Mode::Full, false) => full(&mut pos, depth),
                (Mode::Full, true) => full_copy(&pos, depth),
                (Mode::List, _) => list(&mut pos, depth),
            }
        }
    }
}

mod cozy {
    use super::*;
    use arrayvec::ArrayVec;
    use cozy_chess::{Board, Move};

    pub struct Cozy(pub Vec<Board>);

    pub fn bulk_of(board: &Board, depth: u32) -> u64 {
        bulk(board, depth)
    }

    fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth == 1 {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        } else {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += bulk(&child, depth - 1);
                }
                false
            });
        }
        nodes
    }

    fn full(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += if depth == 1 {
                    black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                };
            }
            false
        });
        nodes
    }

    fn list(board: &Board, depth: u32) -> u64 {
        let mut moves = ArrayVec::<Move, 256>::new();
        board.generate_moves(|piece_moves| {
            moves.extend(piece_moves);
            false
        });
        let moves = black_box(&moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                list(&child, depth - 1)
            })
            .sum()
    }

    impl Engine for Cozy {
        fn name(&self) -> &'static str {
            "cozy-chess 0.3.4"
        }
        fn run(&self, index: usize, depth: u32, mode: Mode) -> u64 {
            let board = &self.0[index];
            match mode {
                Mode::Bulk => bulk(board, depth),
                Mode::Full => full(board, depth),
                Mode::List => list(board, depth),
            }
        }
    }
}

mod shak {
    use super::*;
    use shakmaty::{Chess, Position};

    pub struct Shak(pub Vec<Chess>);

    fn bulk(pos: &Chess, depth: u32) -> u64 {
        let moves = pos.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                bulk(&child, depth - 1)
            })
            .sum()
    }

    fn full(pos: &Chess, depth: u32) -> u64 {
        let moves = pos.legal_moves();
        moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                if depth == 1 {
                    black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                }
            })
            .sum()
    }

    fn list(pos: &Chess, depth: u32) -> u64 {
        let moves = pos.legal_moves();
        black_box(&moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                list(&child, depth - 1)
            })
            .sum()
    }

    impl Engine for Shak {
        fn name(&self) -> &'static str {
            "shakmaty 0.30.1"
        }
        fn run(&self, index: usize, depth: u32, mode: Mode) -> u64 {
            let pos = &self.0[index];
            match mode {
                Mode::Bulk => bulk(pos, depth),
                Mode::Full => full(pos, depth),
                Mode::List => list(pos, depth),
            }
        }
    }
}

mod jordan {
    use super::*;
    use arrayvec::ArrayVec;
    use chess::{Board, ChessMove, MoveGen};

    pub struct Jordan(pub Vec<Board>);

    fn bulk(board: &Board, depth: u32) -> u64 {
        let moves = MoveGen::new_legal(board);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.map(|mv| bulk(&board.make_move_new(mv), depth - 1)).sum()
    }

    fn full(board: &Board, depth: u32) -> u64 {
        MoveGen::new_legal(board)
            .map(|mv| {
                let child = board.make_move_new(mv);
                if depth == 1 {
                    black_box(&child);
                    1
                } else {
                    full(&child, depth - 1)
                }
            })
            .sum()
    }

    fn list(board: &Board, depth: u32) -> u64 {
        let mut moves = ArrayVec::<ChessMove, 256>::new();
        moves.extend(MoveGen::new_legal(board));
        let moves = black_box(&moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&mv| list(&board.make_move_new(mv), depth - 1)).sum()
    }

    impl Engine for Jordan {
        fn name(&self) -> &'static str {
            "chess 3.2.0"
        }
        fn run(&self, index: usize, depth: u32, mode: Mode) -> u64 {
            let board = &self.0[index];
            match mode {
                Mode::Bulk => bulk(board, depth),
                Mode::Full => full(board, depth),
                Mode::List => list(board, depth),
            }
        }
    }
}

#[allow(dead_code)]
mod positions {
    include!("../../benches/positions.rs");
}

/// Perft of the 25 game positions of the benchmarks to depth 4 with every
/// crate, each count checked against the table in `benches/positions.rs`.
fn check_games() {
    for (fen, counts) in positions::GAMES {
        let ours = chess_movegen::Position::from_fen(fen).expect("fen");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("fen");
        let shak: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("position");
        let jordan = chess::Board::from_str(fen).expect("fen");
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let got = [
                chess_movegen::perft(&ours, depth as u8),
                cozy::bulk_of(&cozy, depth),
                shakmaty::perft(&shak, depth),
                chess::MoveGen::movegen_perft_test(&jordan, depth as usize) as u64,
            ];
            assert!(got.iter().all(|&n| n == expected), "{fen} depth {depth}: table {expected}, crates {got:?}");
        }
    }
    println!("25 game positions: perft 1-4 agree with chess-movegen, cozy-chess, shakmaty and chess");
}

/// Perft of all 960 Chess960 start positions to `depth` with chess-movegen
/// (bulk counting and copy-make), shakmaty and cozy-chess, every count
/// compared; each position is given to the peers by its number (cozy-chess)
/// or by chess-movegen's FEN (shakmaty). Prints the nodes per depth.
fn check_960(depth: u32) {
    let mut totals = vec![0u64; depth as usize];
    for n in 0..960 {
        let ours = chess_movegen::Position::chess960(n).expect("0..960");
        let fen = ours.fen();
        let shak: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .expect("fen")
            .into_position(shakmaty::CastlingMode::Chess960)
            .expect("position");
        let cozy = cozy_chess::Board::chess960_startpos(n);
        for d in 1..=depth {
            let got = [
                chess_movegen::perft(&ours, u8::try_from(d).expect("--check-960 DEPTH at most 255")),
                ours::full_copy(&ours, d),
                shakmaty::perft(&shak, d),
                cozy::bulk_of(&cozy, d),
            ];
            assert!(got.iter().all(|&x| x == got[0]), "Chess960 #{n} ({fen}) depth {d}: crates {got:?}");
            totals[d as usize - 1] += got[0];
        }
    }
    println!(
        "960 Chess960 start positions, depths 1-{depth}: chess-movegen (bulk and play), shakmaty and cozy-chess agree"
    );
    for (i, t) in totals.iter().enumerate() {
        println!("  depth {}: {t} nodes", i + 1);
    }
}

/// Nanoseconds this thread has run on a CPU, so that time spent waiting
/// for a core on a shared machine is not counted; `None` where that is not
/// available (then wall time is used). From `CLOCK_THREAD_CPUTIME_ID`,
/// which is exact to the nanosecond: Linux's `/proc/thread-self/schedstat`
/// moves only at scheduler ticks (4 ms steps here), far too coarse for runs
/// of a few milliseconds.
#[cfg(unix)]
fn cpu_nanos() -> Option<u64> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `clock_gettime` writes one `timespec` through the pointer,
    // which points to a live, writable, properly aligned `timespec`.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(unix))]
fn cpu_nanos() -> Option<u64> {
    None
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

mod pgn;
mod see;

/// The options of a perft comparison run.
struct Options {
    rounds: usize,
    deep: bool,
    only: Option<Mode>,
    engine_filter: Option<String>,
    games: bool,
    check960: Option<u32>,
    tsv: bool,
    offsets: Vec<usize>,
    once: Option<(String, String, u32)>,
}

const USAGE: &str =
    "usage: compare [--rounds N] [--deep] [--only bulk|full|list] [--crate NAME] [--check-games] [--check-960 DEPTH]
       compare --align-sweep [--pads 0,16,32,48] [--passes 3] [options]
       compare --stack-offsets 0,16,32,48 [options]
       compare --once bulk|full|play|list POSITION DEPTH [--crate NAME]
       compare --see|--see-ge REPS";

/// The options from the command line; `None` when the run is over already
/// (`--help`, `--see`).
fn parse_args(all: Vec<String>) -> Option<Options> {
    let mut o = Options {
        rounds: 5,
        deep: false,
        only: None,
        engine_filter: None,
        games: false,
        check960: None,
        tsv: false,
        offsets: vec![0],
        once: None,
    };
    let mut args = all.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => o.rounds = args.next().and_then(|v| v.parse().ok()).expect("--rounds N"),
            "--deep" => o.deep = true,
            "--only" => {
                o.only = Some(match args.next().as_deref() {
                    Some("bulk") => Mode::Bulk,
                    Some("full") => Mode::Full,
                    Some("list") => Mode::List,
                    other => panic!("--only bulk|full|list, not {other:?}"),
                })
            }
            "--crate" => o.engine_filter = args.next(),
            "--check-games" => o.games = true,
            "--check-960" => o.check960 = Some(args.next().map_or(4, |d| d.parse().expect("--check-960 DEPTH"))),
            "--tsv" => o.tsv = true,
            "--see" | "--see-ge" => {
                let reps = args.next().and_then(|v| v.parse().ok()).expect("--see REPS");
                see::run(reps, arg == "--see-ge");
                return None;
            }
            "--stack-offsets" => o.offsets = sweep::parse_offsets(&args.next().expect("--stack-offsets N,N,...")),
            "--once" => {
                let mut next = || args.next().expect("--once MODE POSITION DEPTH");
                o.once = Some((next(), next(), next().parse().expect("--once: depth")));
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return None;
            }
            other => panic!("unknown argument {other:?}; try --help"),
        }
    }
    Some(o)
}

/// Every crate, each with the standard positions parsed its own way (the
/// last is chess-movegen's copy-make).
fn engines() -> Vec<Box<dyn Engine>> {
    let ours = || POSITIONS.iter().map(|p| chess_movegen::Position::from_fen(p.1).expect("fen")).collect();
    let shak = POSITIONS
        .iter()
        .map(|p| {
            shakmaty::fen::Fen::from_ascii(p.1.as_bytes())
                .expect("fen")
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("position")
        })
        .collect();
    vec![
        Box::new(ours::Ours(ours(), false)),
        Box::new(cozy::Cozy(POSITIONS.iter().map(|p| cozy_chess::Board::from_fen(p.1, false).expect("fen")).collect())),
        Box::new(shak::Shak(shak)),
        Box::new(jordan::Jordan(POSITIONS.iter().map(|p| chess::Board::from_str(p.1).expect("fen")).collect())),
        Box::new(ours::Ours(ours(), true)),
    ]
}

fn main() {
    // `compare pgn ...`: the PGN reading benchmark (src/pgn.rs).
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().map(String::as_str) == Some("pgn") {
        pgn::main(&all[1..]);
        return;
    }
    if all.iter().any(|a| a == "--align-sweep") {
        sweep::run(&all);
        return;
    }
    let Some(o) = parse_args(all) else { return };
    let engines = engines();
    if o.games {
        check_games();
        return;
    }
    if let Some(depth) = o.check960 {
        check_960(depth);
        return;
    }
    if let Some((mode, position, depth)) = &o.once {
        run_once(&engines, mode, position, *depth, o.engine_filter.as_deref());
        return;
    }
    print_setup(o.rounds);
    let mut table = Vec::new();
    let mut offset_table = Vec::new();
    for mode in [Mode::Bulk, Mode::Full, Mode::List] {
        if o.only.is_none_or(|m| m == mode) {
            measure(&engines, mode, &o, &mut table, &mut offset_table);
        }
    }
    if o.offsets.len() > 1 {
        sweep::print_offset_table(&o.offsets, &offset_table);
    } else if o.tsv {
        // For `--align-sweep`, which reads these lines back.
        for (mode, name, mnps, _) in &table {
            println!("{}{}\t{name}\t{mnps}", sweep::TSV_TAG, mode.name());
        }
    } else {
        print_table(&table);
    }
}

/// The sizes, the clock and the build of the run.
fn print_setup(rounds: usize) {
    println!("size_of::<Position>() = {} bytes", std::mem::size_of::<chess_movegen::Position>());
    println!("size_of::<Move>()     = {} bytes", std::mem::size_of::<chess_movegen::Move>());
    println!("size_of::<Undo>()     = {} bytes", std::mem::size_of::<chess_movegen::Undo>());
    println!("attacks::TABLE_BYTES  = {} bytes", chess_movegen::attacks::TABLE_BYTES);
    println!(
        "time: {}",
        if cpu_nanos().is_some() { "on-CPU time of the thread (CLOCK_THREAD_CPUTIME_ID)" } else { "wall clock" }
    );
    println!(
        "target: {}; chess-movegen slider lookup: {}; rounds: {rounds}",
        if cfg!(target_feature = "bmi2") { "with BMI2 (native)" } else { "default x86-64" },
        if chess_movegen::attacks::PEXT_LOOKUP { "PEXT" } else { "magic" }
    );
    println!();
}

/// One row of the results: mode, crate, median Mnps, chess-movegen's
/// rate divided by the crate's.
type Row = (Mode, &'static str, f64, f64);

/// Runs `mode` on the crates `o` selects, `o.rounds` times, and adds each
/// crate's median rate to `table` (and per stack offset to `offset_table`).
fn measure(
    engines: &[Box<dyn Engine>],
    mode: Mode,
    o: &Options,
    table: &mut Vec<Row>,
    offset_table: &mut Vec<(Mode, &'static str, Vec<f64>)>,
) {
    let less = if mode == Mode::Bulk || o.deep { 0 } else { 1 };
    let work: Vec<(usize, u32, u64)> = POSITIONS
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let depth = p.3 - less;
            (i, depth, p.2[depth as usize - 1])
        })
        .collect();
    let total: u64 = work.iter().map(|w| w.2).sum();
    let depths: Vec<String> = work.iter().map(|w| format!("{} d{}", POSITIONS[w.0].0, w.1)).collect();
    println!("{}: {} ({total} nodes)", mode.name(), depths.join(", "));
    // Only "full" shows the copy-make variant of chess-movegen.
    let active: Vec<&dyn Engine> = engines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 4 || mode == Mode::Full)
        .filter(|(i, e)| {
            let bare = e.name().trim_end_matches(|c: char| c.is_ascii_digit() || c == '.').trim_end();
            *i == 0 || o.engine_filter.as_ref().is_none_or(|f| bare == f)
        })
        .map(|(_, e)| e.as_ref())
        .collect();
    let offsets = &o.offsets;
    let mut rates = vec![Vec::new(); active.len() * offsets.len()];
    for round in 0..o.rounds {
        let secs = run_round(&active, offsets, &work, mode, round);
        for (slot, secs) in secs.iter().enumerate() {
            rates[slot].push(total as f64 / secs / 1e6);
        }
        eprint!("\r{} round {}/{}", mode.name(), round + 1, o.rounds);
    }
    eprintln!();
    let medians: Vec<f64> = rates.iter_mut().map(|r| median(r)).collect();
    for (e, engine) in active.iter().enumerate() {
        let per_offset = medians[e * offsets.len()..(e + 1) * offsets.len()].to_vec();
        let ours = median(&mut medians[..offsets.len()].to_vec());
        let mnps = median(&mut per_offset.clone());
        table.push((mode, engine.name(), mnps, ours / mnps));
        offset_table.push((mode, engine.name(), per_offset));
    }
}

/// One round of `work`: the seconds of each slot (one per crate and stack
/// offset, `--stack-offsets`), every node count asserted. Interleaved per
/// position, not per round, so that a slow spell of the shared machine
/// hits every crate alike; the order of the crates turns by one each
/// round.
fn run_round(
    active: &[&dyn Engine],
    offsets: &[usize],
    work: &[(usize, u32, u64)],
    mode: Mode,
    round: usize,
) -> Vec<f64> {
    let slots = active.len() * offsets.len();
    let mut secs = vec![0f64; slots];
    for &(i, depth, expected) in work {
        for k in 0..slots {
            let slot = (k + round) % slots;
            let engine = active[slot / offsets.len()];
            let start = Instant::now();
            let cpu_start = cpu_nanos();
            let nodes = sweep::with_stack_offset(offsets[slot % offsets.len()], &mut || engine.run(i, depth, mode));
            secs[slot] += match (cpu_start, cpu_nanos()) {
                (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
                _ => start.elapsed().as_secs_f64(),
            };
            assert_eq!(nodes, expected, "{} {} {} d{depth}", engine.name(), mode.name(), POSITIONS[i].0);
        }
    }
    secs
}

/// The results as a Markdown table, and the copy-make ratio.
fn print_table(table: &[Row]) {
    println!();
    println!("| mode | crate | median Mnps | chess-movegen ÷ crate |");
    println!("|---|---|---:|---:|");
    for (mode, name, mnps, ratio) in table {
        println!("| {} | {name} | {mnps:.1} | {ratio:.2} |", mode.name());
    }
    let rate = |name: &str| table.iter().find(|r| r.0 == Mode::Full && r.1.starts_with(name)).map(|r| r.2);
    if let (Some(play), Some(shak)) = (rate("chess-movegen (play)"), rate("shakmaty")) {
        println!();
        println!("copy-make: chess-movegen (play) ÷ shakmaty = {:.2}", play / shak);
    }
}

/// `--once`: one perft of one crate, its node count printed.
fn run_once(engines: &[Box<dyn Engine>], mode: &str, position: &str, depth: u32, filter: Option<&str>) {
    let (mode, wanted) = match (mode, filter) {
        ("play", _) => (Mode::Full, "chess-movegen (play)"),
        (m, f) => (
            match m {
                "bulk" => Mode::Bulk,
                "full" => Mode::Full,
                "list" => Mode::List,
                other => panic!("--once bulk|full|play|list, not {other:?}"),
            },
            f.unwrap_or("chess-movegen"),
        ),
    };
    let engine = engines
        .iter()
        .find(|e| e.name() == wanted || e.name().split(' ').next() == Some(wanted))
        .unwrap_or_else(|| panic!("no crate {wanted:?}"));
    let index = POSITIONS
        .iter()
        .position(|p| p.0.replace(' ', "") == position)
        .unwrap_or_else(|| panic!("no position {position:?}"));
    let nodes = engine.run(index, depth, mode);
    let expected = (depth as usize).checked_sub(1).and_then(|i| POSITIONS[index].2.get(i)).copied().unwrap_or(0);
    assert!(expected == 0 || nodes == expected, "{wanted} {position} d{depth}: {nodes}, expected {expected}");
    println!("{nodes}");
}
