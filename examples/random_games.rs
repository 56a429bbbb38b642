//! Plays random games to the end and prints how they ended.
//!
//! ```text
//! cargo run --release --example random_games -- [GAMES] [--seed N]
//! ```
//!
//! Each side picks a uniformly random legal move until the game ends by
//! the rules (checkmate, stalemate, insufficient material, the
//! seventy-five-move rule or fivefold repetition). Prints the distribution
//! of outcomes and the average game length; shows a progress bar on
//! standard error for 1000 games or more.

use std::io::Write;
use std::time::Instant;

use chess_movegen::{Color, DrawReason, Game, Outcome};

/// xorshift64*: small, fast, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn label(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Checkmate { winner: Color::White } => "white mates",
        Outcome::Checkmate { winner: Color::Black } => "black mates",
        Outcome::Draw(DrawReason::Stalemate) => "stalemate",
        Outcome::Draw(DrawReason::InsufficientMaterial) => "insufficient material",
        Outcome::Draw(DrawReason::SeventyFiveMoves) => "seventy-five-move rule",
        Outcome::Draw(DrawReason::FivefoldRepetition) => "fivefold repetition",
        _ => "other",
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut games = 1000u64;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--seed" => {
                seed = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(seed);
                i += 1;
            }
            "-h" | "--help" => {
                println!("usage: random_games [GAMES] [--seed N]");
                return;
            }
            n => match n.parse() {
                Ok(n) => games = n,
                Err(_) => {
                    eprintln!("not a number of games: {n}");
                    std::process::exit(2);
                }
            },
        }
        i += 1;
    }
    let mut rng = Rng(seed.max(1));
    let labels = [
        "white mates",
        "black mates",
        "stalemate",
        "insufficient material",
        "seventy-five-move rule",
        "fivefold repetition",
        "other",
    ];
    let mut counts = [0u64; 7];
    let mut plies = 0u64;
    let progress = games >= 1000;
    let start = Instant::now();
    for n in 0..games {
        let mut game = Game::new();
        let outcome = loop {
            if let Some(outcome) = game.outcome() {
                break outcome;
            }
            let moves = game.position().legal_moves();
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            game.push(mv).expect("a generated move is legal");
        };
        plies += game.moves().len() as u64;
        counts[labels.iter().position(|&l| l == label(outcome)).unwrap_or(6)] += 1;
        if progress && (n + 1) % (games / 100).max(1) == 0 {
            let done = (n + 1) * 40 / games;
            eprint!("\r[{}{}] {:3}%", "#".repeat(done as usize), " ".repeat(40 - done as usize), (n + 1) * 100 / games);
            let _ = std::io::stderr().flush();
        }
    }
    if progress {
        eprintln!();
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{games} random games in {secs:.2} s ({:.0} plies/s)", plies as f64 / secs.max(1e-9));
    for (label, count) in labels.iter().zip(counts) {
        if count > 0 || *label != "other" {
            println!("  {label:<24} {count:>8}  {:5.1}%", 100.0 * count as f64 / games.max(1) as f64);
        }
    }
    println!("average length: {:.1} plies", plies as f64 / games.max(1) as f64);
}
