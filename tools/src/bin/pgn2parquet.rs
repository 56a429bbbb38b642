//! Converts PGN files (plain or `.pgn.zst`) to Parquet: the games table,
//! the positions table, or both (see the chess-movegen-arrow crate for the
//! schemas).
//!
//! ```text
//! cargo run -p chess-movegen-tools --features arrow --profile tools --bin pgn2parquet -- IN... OUT
//! ```

use chess_movegen_tools::cli;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use chess_movegen_arrow::{write_parquet, Compression, Table, WriteOptions, WriteSummary};

const USAGE: &str = "usage: pgn2parquet IN... OUT [--table games|positions|both] [--threads N] \
[--compression zstd|snappy|none] [--row-group-size ROWS] [--batch-size GAMES] [--piece-size BYTES] [--uci] [--san] [--quiet]";

const HELP: &str = "\
Reads the PGN files IN (plain, or zstd-compressed whatever their name) and
writes their games to the Parquet file OUT. A game with an error is a row
with its error column set; reading goes on with the next game.

  --table T             games (one row per game, the default), positions (one
                        row per move), or both: then OUT names two files,
                        OUT with .games and .positions before its extension
  --threads N           threads converting (default 1); with more than one,
                        each file is cut into pieces at the starts of games
  --compression C       zstd (default), snappy or none
  --row-group-size ROWS rows per Parquet row group (default 131072)
  --batch-size GAMES    games per record batch (default 1024)
  --piece-size BYTES    with several threads, the size of the pieces (default
                        4194304)
  --uci, --san          add the moves as UCI or SAN text
  --quiet               no progress on standard error (reported every 2 s)

Exit status: 0, 1 when an input or OUT cannot be opened, read or written,
2 for a usage error.";

struct Args {
    inputs: Vec<PathBuf>,
    output: PathBuf,
    tables: Vec<Table>,
    options: WriteOptions,
    quiet: bool,
}

fn parse_args(mut args: cli::Args) -> Result<Args, cli::Stop> {
    let mut options = WriteOptions::default();
    let (mut paths, mut tables, mut quiet) = (Vec::new(), vec![Table::Games], false);
    while let Some(arg) = args.next_arg()? {
        match arg.as_str() {
            "--table" => {
                tables = match args.value("--table")?.as_str() {
                    "games" => vec![Table::Games],
                    "positions" => vec![Table::Positions],
                    "both" => vec![Table::Games, Table::Positions],
                    other => {
                        return Err(cli::Stop::Usage(format!("--table {other:?}: expected games, positions or both")))
                    }
                }
            }
            "--threads" => options.threads = positive(&mut args, "--threads")?,
            "--row-group-size" => options.row_group_size = positive(&mut args, "--row-group-size")?,
            "--batch-size" => options.read.batch_size = positive(&mut args, "--batch-size")?,
            "--piece-size" => options.piece_size = positive(&mut args, "--piece-size")?,
            "--compression" => {
                options.compression = match args.value("--compression")?.as_str() {
                    "zstd" => Compression::Zstd,
                    "snappy" => Compression::Snappy,
                    "none" => Compression::None,
                    other => {
                        return Err(cli::Stop::Usage(format!("--compression {other:?}: expected zstd, snappy or none")))
                    }
                }
            }
            "--uci" => options.read.uci = true,
            "--san" => options.read.san = true,
            "--quiet" => quiet = true,
            _ if arg.starts_with('-') && arg != "-" => return Err(cli::unknown(&arg)),
            _ => paths.push(PathBuf::from(arg)),
        }
    }
    let Some(output) = paths.pop().filter(|_| !paths.is_empty()) else {
        return Err(cli::Stop::Usage("expected at least one input and the output".into()));
    };
    Ok(Args { inputs: paths, output, tables, options, quiet })
}

fn positive(args: &mut cli::Args, name: &str) -> Result<usize, cli::Stop> {
    match args.parsed::<usize>(name, "a positive number")? {
        0 => Err(cli::Stop::Usage(format!("{name} 0: expected a positive number"))),
        n => Ok(n),
    }
}

/// `out.parquet` with `.games` or `.positions` before the extension.
fn with_table(output: &Path, table: Table) -> PathBuf {
    let name = if table == Table::Games { "games" } else { "positions" };
    let stem = output.file_stem().unwrap_or_default().to_string_lossy();
    let file = match output.extension() {
        Some(ext) => format!("{stem}.{name}.{}", ext.to_string_lossy()),
        None => format!("{stem}.{name}"),
    };
    output.with_file_name(file)
}

fn report(summary: &WriteSummary, secs: f64, done: bool) {
    let rate = summary.games as f64 / secs.max(1e-9);
    eprintln!(
        "{}: {} games ({} with errors), {} positions, {:.1} MB of PGN, {}, {:.0} games/s",
        if done { "done" } else { "progress" },
        summary.games,
        summary.errors,
        summary.positions,
        summary.bytes as f64 / 1e6,
        cli::duration(secs),
        rate
    );
}

fn main() -> ExitCode {
    let args = match parse_args(cli::Args::from_env()) {
        Ok(args) => args,
        Err(stop) => return stop.report(USAGE, HELP),
    };
    let outputs: Vec<(Table, PathBuf)> = if args.tables.len() == 1 {
        vec![(args.tables[0], args.output.clone())]
    } else {
        args.tables.iter().map(|&t| (t, with_table(&args.output, t))).collect()
    };
    let every = std::env::var("CHESS_MOVEGEN_PROGRESS_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let start = Instant::now();
    let mut next = Duration::from_millis(every);
    let progress = |summary: &WriteSummary| {
        if !args.quiet && start.elapsed() >= next {
            next += Duration::from_millis(every);
            report(summary, start.elapsed().as_secs_f64(), false);
        }
    };
    match write_parquet(&args.inputs, &outputs, &args.options, progress) {
        Ok(summary) => {
            if !args.quiet {
                report(&summary, start.elapsed().as_secs_f64(), true);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
