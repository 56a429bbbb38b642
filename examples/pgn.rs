//! Reads PGN files (or standard input), checks every game, and prints the
//! counts and each error with its game, line and column; optionally
//! converts each game's mainline to a UCI move list or to the FEN after
//! every move.
//!
//! ```text
//! cargo run --release --example pgn -- [--uci | --fens] [--quiet] [FILE ...]
//! ```
//!
//! Every move is checked, side lines included. Without FILE (or with `-`)
//! standard input is read. `--uci` prints one line per valid game: its
//! mainline in UCI; `--fens` prints the FEN after each mainline move, a
//! blank line after each game. Errors go to standard error (`--quiet`
//! keeps only the summary). Runs of more than two seconds print progress
//! to standard error. Exits with 1 if any game had an error, 2 for bad
//! arguments.

use std::io::{self, BufWriter, Read, Write};
use std::time::{Duration, Instant};

use chess_movegen::pgn::{Reader, Skip, Visitor};
use chess_movegen::{Move, Position};

const USAGE: &str = "usage: pgn [--uci | --fens] [--quiet] [FILE ...]   (no FILE or '-': standard input)";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    Summary,
    Uci,
    Fens,
}

/// Collects a game's mainline as UCI moves or FENs, and counts moves.
struct Collect {
    output: Output,
    depth: usize,
    lines: Vec<String>,
    moves: u64,
}

impl Visitor for Collect {
    type Output = (Vec<String>, u64);

    fn begin_game(&mut self) {
        self.depth = 0;
        self.lines.clear();
        self.moves = 0;
    }

    fn play(&mut self, before: &Position, mv: Move) -> Skip {
        self.moves += 1;
        if self.depth == 0 {
            match self.output {
                Output::Summary => {}
                Output::Uci => self.lines.push(if mv.is_null() { "0000".to_string() } else { before.uci(mv) }),
                Output::Fens => {
                    let mut after = *before;
                    if mv.is_null() {
                        after.make_null_move();
                    } else {
                        after.make_move(mv);
                    }
                    self.lines.push(after.fen());
                }
            }
        }
        Skip(false)
    }

    fn begin_variation(&mut self) -> Skip {
        self.depth += 1;
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.depth -= 1;
    }

    fn end_game(&mut self) -> (Vec<String>, u64) {
        (std::mem::take(&mut self.lines), self.moves)
    }
}

#[derive(Default)]
struct Totals {
    games: u64,
    errors: u64,
    moves: u64,
    bytes: u64,
}

fn read_all<R: Read>(
    name: &str,
    input: R,
    visitor: &mut Collect,
    quiet: bool,
    out: &mut impl Write,
    totals: &mut Totals,
    progress: &mut Progress,
) -> io::Result<()> {
    let mut reader = Reader::new(input);
    let before = totals.bytes;
    while let Some(game) = reader.read_game(visitor) {
        totals.games += 1;
        match game {
            Ok((lines, moves)) => {
                totals.moves += moves;
                match visitor.output {
                    Output::Summary => {}
                    Output::Uci => writeln!(out, "{}", lines.join(" "))?,
                    Output::Fens => {
                        for line in &lines {
                            writeln!(out, "{line}")?;
                        }
                        writeln!(out)?;
                    }
                }
            }
            Err(e) => {
                totals.errors += 1;
                if !quiet {
                    eprintln!("{name}: {e}");
                }
            }
        }
        if totals.games % 1024 == 0 {
            totals.bytes = before + reader.bytes_read();
            progress.tick(totals);
        }
    }
    totals.bytes = before + reader.bytes_read();
    Ok(())
}

struct Progress {
    start: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    fn tick(&mut self, totals: &Totals) {
        if self.last.elapsed() >= Duration::from_secs(2) {
            self.last = Instant::now();
            self.shown = true;
            let secs = self.start.elapsed().as_secs_f64();
            eprint!(
                "\r{} games, {} errors, {:.1} MB in {secs:.0} s ({:.0} games/s)   ",
                totals.games,
                totals.errors,
                totals.bytes as f64 / 1e6,
                totals.games as f64 / secs
            );
        }
    }
}

fn main() {
    let mut output = Output::Summary;
    let mut quiet = false;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                println!("Checks every game (side lines included) and prints the number of games, moves and errors;");
                println!("errors name the game, line and column. --uci: each valid game's mainline in UCI, one line");
                println!("per game. --fens: the FEN after each mainline move, a blank line after each game.");
                println!("--quiet: no error lines, only the summary. Exit status 1 if any game had an error.");
                return;
            }
            "--uci" | "--fens" if output != Output::Summary => {
                eprintln!("--uci and --fens exclude each other\n{USAGE}");
                std::process::exit(2);
            }
            "--uci" => output = Output::Uci,
            "--fens" => output = Output::Fens,
            "--quiet" => quiet = true,
            "-" => files.push(arg),
            flag if flag.starts_with('-') => {
                eprintln!("unknown option {flag}\n{USAGE}");
                std::process::exit(2);
            }
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        files.push("-".to_string());
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut visitor = Collect { output, depth: 0, lines: Vec::new(), moves: 0 };
    let mut totals = Totals::default();
    let now = Instant::now();
    let mut progress = Progress { start: now, last: now, shown: false };
    for name in &files {
        let result = if name == "-" {
            read_all("<stdin>", io::stdin().lock(), &mut visitor, quiet, &mut out, &mut totals, &mut progress)
        } else {
            match std::fs::File::open(name) {
                Ok(file) => read_all(name, file, &mut visitor, quiet, &mut out, &mut totals, &mut progress),
                Err(e) => {
                    eprintln!("{name}: {e}");
                    std::process::exit(1);
                }
            }
        };
        if let Err(e) = result {
            eprintln!("writing the output: {e}");
            std::process::exit(1);
        }
    }
    let _ = out.flush();
    if progress.shown {
        eprintln!();
    }
    let secs = progress.start.elapsed().as_secs_f64();
    let summary = format!(
        "{} games, {} valid, {} with errors, {} moves, {:.1} MB in {secs:.2} s",
        totals.games,
        totals.games - totals.errors,
        totals.errors,
        totals.moves,
        totals.bytes as f64 / 1e6
    );
    // The summary goes to stdout unless stdout carries the conversion.
    if output == Output::Summary {
        println!("{summary}");
    } else {
        eprintln!("{summary}");
    }
    if totals.errors > 0 {
        std::process::exit(1);
    }
}
