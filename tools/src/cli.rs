//! What the command-line tools share: one argument convention, FENs with or
//! without clocks, progress reports on standard error.
//!
//! The convention: `-h`/`--help` prints the usage and help to standard
//! output and exits 0; an unknown flag, a missing or bad value, a stray
//! argument or flags that do not go together print the problem and the
//! usage line to standard error and exit 2.
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use chess_movegen::{CastlingMode, FenError, FenErrorKind, FenOptions, Position, PositionError};

/// `println!` that ends the program quietly when standard output is
/// closed (`perft ... | head`) instead of panicking.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub use crate::out;

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
    /// The first argument that is not UTF-8, as a usage error for
    /// [`Args::next_arg`] to give.
    invalid: Option<String>,
}

impl Args {
    /// The arguments of this process, program name left out.
    pub fn from_env() -> Args {
        let mut invalid = None;
        let args = std::env::args_os()
            .skip(1)
            .map(|arg| {
                arg.into_string().unwrap_or_else(|arg| {
                    let text = arg.to_string_lossy().into_owned();
                    invalid.get_or_insert_with(|| format!("argument {text:?} is not valid UTF-8"));
                    text
                })
            })
            .collect();
        Args { invalid, ..Args::new(args) }
    }

    /// The given arguments.
    pub fn new(args: Vec<String>) -> Args {
        Args { args: args.into_iter(), invalid: None }
    }

    /// The next argument; `--help` and `-h` stop with [`Stop::Help`], and
    /// any argument that is not UTF-8 with a usage error.
    pub fn next_arg(&mut self) -> Result<Option<String>, Stop> {
        if let Some(message) = self.invalid.take() {
            return Err(Stop::Usage(message));
        }
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

    /// The arguments not read yet.
    pub fn rest(&self) -> &[String] {
        self.args.as_slice()
    }

    /// The value after `name`, parsed.
    pub fn parsed<T: std::str::FromStr>(&mut self, name: &str, what: &str) -> Result<T, Stop> {
        let value = self.value(name)?;
        value.parse().map_err(|_| Stop::Usage(format!("{name} {value:?}: expected {what}")))
    }
}

/// The usage error for an argument the tool does not know.
pub fn unknown(arg: &str) -> Stop {
    Stop::Usage(unknown_message(arg))
}

fn unknown_message(arg: &str) -> String {
    if arg.starts_with('-') {
        format!("unknown flag {arg:?}")
    } else {
        format!("unexpected argument {arg:?}")
    }
}

/// The usage error for a stray argument `arg` that came right after
/// `fen`, the value of a FEN argument: when `fen` is a bare board field (a
/// FEN split at its spaces by the shell), the error says to quote it and
/// shows the whole FEN quoted, as `flag "FEN"` (`flag` may be empty).
pub fn unknown_after_fen(arg: &str, fen: &str, rest: &[String], flag: &str) -> Stop {
    let message = unknown_message(arg);
    if arg.starts_with('-') || !fen.contains('/') || fen.contains(' ') {
        return Stop::Usage(message);
    }
    let mut fields = vec![fen, arg];
    fields.extend(rest.iter().map(String::as_str).take_while(|a| *a == "-" || !a.starts_with('-')).take(4));
    let flag = if flag.is_empty() { String::new() } else { format!("{flag} ") };
    Stop::Usage(format!("{message}: FEN has spaces: quote it, e.g. {flag}\"{}\"", fields.join(" ")))
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

/// Reads a FEN, with or without clocks, strictly otherwise, except that a
/// check no last move can have given is accepted (perft suites hold such
/// positions, and counting or listing moves does not depend on the past).
pub fn read_fen(fen: &str, chess960: bool) -> Result<Position, FenError> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let options = FenOptions::new().castling(mode).impossible_check(true);
    Position::from_fen_with(&with_clocks(fen), options).map(|(pos, _)| pos)
}

/// Reads a position to count its moves: as [`read_fen`] does, except that
/// without `chess960` a FEN whose castling rights fit only Chess960 (the one
/// thing standard chess refuses in it) is read as Chess960; the flag says
/// it was. A position that fits standard chess has the same castling moves
/// in both modes, so this changes no count and reads suites that mix the
/// two.
pub fn read_fen_to_count(fen: &str, chess960: bool) -> Result<(Position, bool), FenError> {
    match read_fen(fen, chess960) {
        Ok(pos) => Ok((pos, false)),
        Err(e) if !chess960 && e.kind() == FenErrorKind::Illegal(PositionError::INVALID_CASTLING_RIGHTS) => {
            read_fen(fen, true).map(|pos| (pos, true)).map_err(|_| e)
        }
        Err(e) => Err(e),
    }
}

/// A progress report on standard error every two seconds while the work
/// runs: units done of the total, nodes, time elapsed and an estimate of
/// the time left. Quiet for work that ends within the first two seconds.
///
/// The reporter thread waits on a condition variable, not in sleeps, so
/// dropping the `Progress` wakes it at once: a caller that times its work
/// around a `Progress` measures the work, not the reporter's wake-up.
pub struct Progress {
    shared: Arc<Shared>,
    reporter: Option<std::thread::JoinHandle<()>>,
}

/// What the worker threads and the reporter share.
struct Shared {
    done: AtomicU64,
    nodes: AtomicU64,
    stopped: Mutex<bool>,
    wake: Condvar,
}

/// How often progress is reported: every two seconds, or every
/// `CHESS_MOVEGEN_PROGRESS_MS` milliseconds (for the tests of the tools).
fn every() -> Duration {
    let ms = std::env::var("CHESS_MOVEGEN_PROGRESS_MS").ok().and_then(|v| v.parse().ok());
    Duration::from_millis(ms.unwrap_or(2000).max(1))
}

/// The estimate of the time left, from the share of the work done.
///
/// The share is `nodes / expected_nodes` when the total number of nodes is
/// known in advance (a perft suite states its counts), else `done / total`
/// units. Work is reported in lumps (a line, a depth, a subtree), so the
/// share stands still between lumps while time goes on: the rate is taken
/// as of the moment the share last moved, and the time since counts down
/// from the estimate made then. Each new estimate then moves the previous
/// one (counted down by the time since) a third of the way, so a lump that
/// ran faster or slower than the rest does not halve or double the figure.
#[derive(Default)]
pub struct Estimate {
    /// When the share last moved (seconds) and what it was.
    moved: (f64, f64),
    /// The last estimate: when it was made and the seconds left.
    smoothed: Option<(f64, f64)>,
}

impl Estimate {
    /// The share of the work done, `0.0..=1.0`, at `elapsed` seconds.
    /// Returns the estimated seconds left, or `None` while nothing is done.
    pub fn update(&mut self, elapsed: f64, share: f64) -> Option<f64> {
        let share = share.clamp(0.0, 1.0);
        if share != self.moved.1 {
            self.moved = (elapsed, share);
        }
        if share <= 0.0 {
            return None;
        }
        let at = self.moved.0;
        let raw = (at * (1.0 - share) / share - (elapsed - at)).max(0.0);
        let next = match self.smoothed {
            None => raw,
            Some((then, left)) => {
                let aged = (left - (elapsed - then)).max(0.0);
                aged + (raw - aged) / 3.0
            }
        };
        self.smoothed = Some((elapsed, next));
        Some(next)
    }
}

impl Progress {
    /// Starts reporting on `total` units called `unit` ("lines",
    /// "subtrees"), each adding to a count called `counted` ("nodes").
    pub fn start(total: u64, unit: &'static str, counted: &'static str) -> Progress {
        Progress::start_with(total, unit, counted, None)
    }

    /// [`Progress::start`] with the total count known in advance, which
    /// the estimate of the time left is then made from.
    pub fn start_with(total: u64, unit: &'static str, counted: &'static str, expected: Option<u64>) -> Progress {
        let shared = Arc::new(Shared {
            done: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
            stopped: Mutex::new(false),
            wake: Condvar::new(),
        });
        let theirs = shared.clone();
        let every = every();
        let reporter = std::thread::spawn(move || {
            let start = Instant::now();
            let mut next = every;
            let mut estimate = Estimate::default();
            let mut stopped = theirs.stopped.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                // Checked before every wait: a stop that came before the
                // first wait has already sent its notification.
                if *stopped {
                    return;
                }
                let elapsed = start.elapsed();
                if elapsed < next {
                    let (guard, _) =
                        theirs.wake.wait_timeout(stopped, next - elapsed).unwrap_or_else(|e| e.into_inner());
                    stopped = guard;
                    continue;
                }
                next += every;
                let (done, nodes) = (theirs.done.load(Ordering::Relaxed), theirs.nodes.load(Ordering::Relaxed));
                let secs = elapsed.as_secs_f64();
                let share = match expected {
                    Some(expected) if expected > 0 => nodes as f64 / expected as f64,
                    _ => done as f64 / total.max(1) as f64,
                };
                let left = estimate.update(secs, share).map_or("unknown".to_string(), duration);
                let of = expected.map_or(String::new(), |e| format!(" of {e}"));
                eprintln!(
                    "progress: {done}/{total} {unit}, {nodes}{of} {counted}, {} elapsed, about {left} left",
                    duration(secs)
                );
                let _ = std::io::stderr().flush();
            }
        });
        Progress { shared, reporter: Some(reporter) }
    }

    /// Records one unit done with its count.
    pub fn add(&self, nodes: u64) {
        self.add_nodes(nodes);
        self.shared.done.fetch_add(1, Ordering::Relaxed);
    }

    /// Records a count within a unit that is not done yet.
    pub fn add_nodes(&self, nodes: u64) {
        self.shared.nodes.fetch_add(nodes, Ordering::Relaxed);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        *self.shared.stopped.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.shared.wake.notify_all();
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

#[cfg(test)]
mod tests {
    use super::Estimate;

    /// Work done at a steady rate but reported in lumps: 6,000 s in all,
    /// each lump 300 s of it, a report every 2 s. Dividing the time so far
    /// by the share done would overshoot by up to double just before each
    /// lump lands; the estimate stays within 5 % of the true time left.
    #[test]
    fn estimate_is_steady_when_work_arrives_in_lumps() {
        let mut estimate = Estimate::default();
        for report in 1..3000 {
            let t = 2.0 * f64::from(report);
            let share = (t / 300.0).floor() * 300.0 / 6000.0;
            let left = estimate.update(t, share);
            if t < 300.0 {
                assert_eq!(left, None, "nothing done at {t} s");
            } else if t < 5700.0 {
                let truth = 6000.0 - t;
                let left = left.unwrap();
                assert!((left - truth).abs() <= 0.05 * truth, "at {t} s: {left:.0} s left, truly {truth} s");
            }
        }
    }

    /// A lump that ran three times faster than the rest moves the
    /// estimate a third of the way towards what it implies, not all of it.
    #[test]
    fn estimate_moves_a_third_of_the_way_on_an_outlier() {
        let mut estimate = Estimate::default();
        assert_eq!(estimate.update(100.0, 0.1), Some(900.0));
        // 0.1 more in 100/3 s: alone that says 0.8 / (0.2 / 133.3) = 533 s.
        let left = estimate.update(100.0 + 100.0 / 3.0, 0.2).unwrap();
        let aged = 900.0 - 100.0 / 3.0;
        let raw = (100.0 + 100.0 / 3.0) * 0.8 / 0.2;
        assert!((left - (aged + (raw - aged) / 3.0)).abs() < 1e-9, "{left}");
    }
}
