//! Probes every FEN of a file (one a line) REPS times and prints probes per
//! second and a checksum: the Rust side of the comparison with Fathom (see
//! the crate's README).
//!
//! `cargo run --release -p chess-movegen-syzygy --example probe_speed -- DIR FENS wdl|dtz REPS [read]`

use std::time::Instant;

use chess_movegen::{FenOptions, Position};
use chess_movegen_syzygy::{FileAccess, Tablebase};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: probe_speed DIR FENS wdl|dtz REPS [read]");
        std::process::exit(2);
    }
    let access = if args.get(5).map(String::as_str) == Some("read") { FileAccess::Read } else { FileAccess::Mmap };
    let mut tb = Tablebase::with_access(access);
    tb.add_directory(&args[1]).expect("cannot list the directory");
    let text = std::fs::read_to_string(&args[2]).expect("cannot read the FEN file");
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::from_fen_with(l.trim(), FenOptions::new().impossible_check(true)).expect("bad FEN").0)
        .collect();
    let dtz = args[3] == "dtz";
    let reps: usize = args[4].parse().expect("REPS");
    let (mut sum, mut fails) = (0i64, 0u64);
    let start = Instant::now();
    for _ in 0..reps {
        for (i, pos) in positions.iter().enumerate() {
            let v = if dtz { tb.probe_dtz(pos).map(|d| d.0) } else { tb.probe_wdl(pos).map(|w| w.to_i8() as i32) };
            match v {
                Ok(v) => sum += v as i64 * (i as i64 % 7 + 1),
                Err(_) => fails += 1,
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "chess-movegen-syzygy {} ({access:?}): {} positions x {reps}: {:.0} probes/s, checksum {sum}, failures {fails}",
        args[3],
        positions.len(),
        (positions.len() * reps) as f64 / secs
    );
}
