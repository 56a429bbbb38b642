//! Reads PGN files (plain or zstd) into both tables (or only the one
//! `--table games` or `--table positions` names), keeping no batch, and
//! prints games per second: the speed of the conversion without Parquet.
//! `--batch-size GAMES` sets [`Options::batch_size`].
//!
//! ```text
//! cargo run --release -p chess-movegen-arrow --example throughput -- [--table games] [--batch-size GAMES] FILE...
//! ```

use std::time::Instant;

use chess_movegen_arrow::{open, Converter, Options};

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let (mut games_table, mut positions_table) = (true, true);
    let mut options = Options::default();
    while paths.len() >= 2 && paths[0].starts_with("--") {
        match (paths[0].as_str(), paths[1].as_str()) {
            ("--table", "games") => positions_table = false,
            ("--table", "positions") => games_table = false,
            ("--table", "both") => {}
            ("--batch-size", n) if n.parse::<usize>().is_ok_and(|n| n > 0) => options.batch_size = n.parse().unwrap(),
            (option, value) => {
                eprintln!("error: {option} does not take {value:?}");
                std::process::exit(2);
            }
        }
        paths.drain(..2);
    }
    if paths.is_empty() {
        eprintln!("usage: throughput [--table games|positions|both] [--batch-size GAMES] FILE...");
        std::process::exit(2);
    }
    let start = Instant::now();
    let (mut games, mut positions, mut bytes) = (0u64, 0u64, 0u64);
    for path in &paths {
        let read = match open(path) {
            Ok(read) => read,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        };
        let mut converter = Converter::new(read, path, games_table, positions_table, &options);
        while let Some(batches) = converter.next_batches() {
            games += batches.games.map_or(0, |b| b.num_rows() as u64);
            positions += batches.positions.map_or(0, |b| b.num_rows() as u64);
        }
        bytes += converter.bytes_read();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games, {positions} positions, {:.1} MB of PGN in {secs:.2} s: {:.0} games/s, {:.1} MB/s",
        bytes as f64 / 1e6,
        games as f64 / secs,
        bytes as f64 / 1e6 / secs
    );
}
