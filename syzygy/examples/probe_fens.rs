//! Reads FENs (one a line) on standard input and prints `wdl dtz` for each
//! with the tables of the directory given as the first argument.
use std::io::BufRead;

use chess_movegen::Position;
use chess_movegen_syzygy::Tablebase;

fn main() {
    let dir = std::env::args().nth(1).expect("usage: probe_fens DIR < fens");
    let mut tb = Tablebase::new();
    tb.add_directory(&dir).expect("cannot list the directory");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("read error");
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        match Position::from_fen(fen) {
            Ok(pos) => {
                let wdl = tb.probe_wdl(&pos).map(|w| w.to_i8().to_string()).unwrap_or_else(|e| format!("E({e})"));
                let dtz = tb.probe_dtz(&pos).map(|d| d.0.to_string()).unwrap_or_else(|e| format!("E({e})"));
                println!("{fen}; {wdl} {dtz}");
            }
            Err(e) => println!("{fen}; bad fen {e}"),
        }
    }
}
