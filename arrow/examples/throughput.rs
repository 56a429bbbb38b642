//! Reads PGN files (plain or zstd) into both tables (or only the one
//! `--table games` or `--table positions` names), keeping no batch, and
//! prints games per second: the speed of the conversion without Parquet.
//!
//! ```text
//! cargo run --release -p chess-movegen-arrow --example throughput -- [--table games] FILE...
//! ```

use std::time::Instant;

use chess_movegen_arrow::{open, Converter, Options};

fn main() {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    let (mut games_table, mut positions_table) = (true, true);
    if paths.first().map(String::as_str) == Some("--table") && paths.len() >= 2 {
        match paths[1].as_str() {
            "games" => positions_table = false,
            "positions" => games_table = false,
            "both" => {}
            other => {
                eprintln!("error: --table takes games, positions or both, not {other:?}");
                std::process::exit(2);
            }
        }
        paths.drain(..2);
    }
    if paths.is_empty() {
        eprintln!("usage: throughput [--table games|positions|both] FILE...");
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
        let mut converter = Converter::new(read, path, games_table, positions_table, &Options::default());
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
