//! What the command-line tools share: one argument convention, FENs with or
//! without clocks, progress reports on standard error.
//!
//! The convention: `-h`/`--help` prints the usage and help to standard
//! output and exits 0; an unknown flag, a missing or bad value, a stray
//! argument or flags that do not go together print the problem and the
//! usage line to standard error and exit 2.
#![allow(dead_code)]

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chess_movegen::{CastlingMode, FenError, FenOptions, Position};

/// `println!` that ends the program quietly when standard output is
/// closed (`perft ... | head`) instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use out;

/// Why the arguments were not run: help asked for, or a usage error.
pub enum Stop {
    /// `--help`: print the help to standard output, exit 0.
    Help,
    /// A usage error: print it and the usage line to standard error, exit 2.
    Usage(String),
}

impl Stop {
    /// Prints what `self` calls for and returns the exit code.
    pub fn report(self, usage: &str, help: &str) -> ExitCode {
        match self {
            Stop::Help => {
                out!("{usage}\n\n{help}");
                ExitCode::SUCCESS
            }
            Stop::Usage(message) => {
                eprintln!("error: {message}\n{usage}\n(--help for more)");
                ExitCode::from(2)
            }
        }
    }
}

/// The command-line arguments, read one at a time.
pub struct Args {
    args: std::vec::IntoIter<String>,
}

impl Args {
    /// The arguments of this process, program name left out.
    pub fn from_env() -> Args {
        Args::new(std::env::args().skip(1).collect())
    }

    /// The given arguments.
    pub fn new(args: Vec<String>) -> Args {
        Args { args: args.into_iter() }
    }

    /// The next argument; `--help` and `-h` stop with [`Stop::Help`].
    pub fn next(&mut self) -> Result<Option<String>, Stop> {
        match self.args.next() {
            Some(arg) if arg == "-h" || arg == "--help" => Err(Stop::Help),
            other => Ok(other),
        }
    }

    /// The value after the flag `name`.
    pub fn value(&mut self, name: &str) -> Result<String, Stop> {
        match self.args.next() {
            Some(value) if !value.starts_with("--") => Ok(value),
            _ => Err(Stop::Usage(format!("{name} needs a value"))),
        }
    }

    /// The value after `name`, parsed.
    pub fn parsed<T: std::str::FromStr>(&mut self, name: &str, what: &str) -> Result<T, Stop> {
        let value = self.value(name)?;
        value.parse().map_err(|_| Stop::Usage(format!("{name} {value:?}: expected {what}")))
    }
}

/// The usage error for an argument the tool does not know.
pub fn unknown(arg: &str) -> Stop {
    if arg.starts_with('-') {
        Stop::Usage(format!("unknown flag {arg:?}"))
    } else {
        Stop::Usage(format!("unexpected argument {arg:?}"))
    }
}

/// A FEN with its clocks completed (`0 1`) when it has only four or five
/// fields, as EPD lines and many tools write it.
pub fn with_clocks(fen: &str) -> String {
    let fen = fen.trim();
    match fen.split_whitespace().count() {
        4 => format!("{fen} 0 1"),
        5 => format!("{fen} 1"),
        _ => fen.to_string(),
    }
}

/// Reads a FEN, with or without clocks, strictly otherwise.
pub fn read_fen(fen: &str, chess960: bool) -> Result<Position, FenError> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    Position::from_fen_with(&with_clocks(fen), FenOptions::new().castling(mode)).map(|(pos, _)| pos)
}

/// A progress report on standard error every two seconds while the work
/// runs: units done of the total, nodes, time elapsed and an estimate of
/// the time left. Quiet for work that ends within the first two seconds.
pub struct Progress {
    done: Arc<AtomicU64>,
    nodes: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    reporter: Option<std::thread::JoinHandle<()>>,
}

/// How often progress is reported: every two seconds, or every
/// `CHESS_MOVEGEN_PROGRESS_MS` milliseconds (for the tests of the tools).
fn every() -> Duration {
    let ms = std::env::var("CHESS_MOVEGEN_PROGRESS_MS").ok().and_then(|v| v.parse().ok());
    Duration::from_millis(ms.unwrap_or(2000))
}

impl Progress {
    /// Starts reporting on `total` units called `unit` ("lines",
    /// "subtrees"), each adding to a count called `counted` ("nodes").
    pub fn start(total: u64, unit: &'static str, counted: &'static str) -> Progress {
        let done = Arc::new(AtomicU64::new(0));
        let nodes = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (d, n, s) = (done.clone(), nodes.clone(), stop.clone());
        let every = every();
        let reporter = std::thread::spawn(move || {
            let start = Instant::now();
            let mut next = every;
            while !s.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(every.as_millis().clamp(1, 50) as u64));
                let elapsed = start.elapsed();
                if elapsed < next {
                    continue;
                }
                next += every;
                let (done, nodes) = (d.load(Ordering::Relaxed), n.load(Ordering::Relaxed));
                let secs = elapsed.as_secs_f64();
                let left = if done == 0 {
                    "unknown".to_string()
                } else {
                    duration(secs * (total - done.min(total)) as f64 / done as f64)
                };
                eprintln!(
                    "progress: {done}/{total} {unit}, {nodes} {counted}, {} elapsed, about {left} left",
                    duration(secs)
                );
                let _ = std::io::stderr().flush();
            }
        });
        Progress { done, nodes, stop, reporter: Some(reporter) }
    }

    /// Records one unit done with its count.
    pub fn add(&self, nodes: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(reporter) = self.reporter.take() {
            let _ = reporter.join();
        }
    }
}

/// `12.3 s`, `4 min 05 s`, `1 h 02 min`.
pub fn duration(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if secs < 60.0 {
        format!("{secs:.1} s")
    } else if s < 3600 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{} h {:02} min", s / 3600, s % 3600 / 60)
    }
}
