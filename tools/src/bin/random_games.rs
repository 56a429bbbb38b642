//! Plays random games to the end and prints how they ended.
//!
//! ```text
//! cargo run --release --bin random_games -- [GAMES] [--seed N] [--fen FEN]
//! ```
//!
//! Each side picks a uniformly random legal move until the game ends by
//! the rules (checkmate, stalemate, insufficient material, the
//! seventy-five-move rule or fivefold repetition). Prints the distribution
//! of outcomes and the average game length; reports progress on standard
//! error every two seconds.

use chess_movegen_tools::cli;

use std::process::ExitCode;
use std::time::Instant;

use chess_movegen::{Color, DrawReason, Game, Outcome, Position};

const USAGE: &str = "usage: random_games [GAMES] [--seed N] [--fen FEN]";

const HELP: &str = "\
Plays GAMES (default 1000) games of uniformly random legal moves to the end
by the rules and prints how they ended and how long they were.

  GAMES       the number of games
  --seed N    the seed of the move choices (a number; default fixed)
  --fen FEN   start every game from FEN (clocks may be left out)

Exit status: 0, 1 for an invalid FEN, 2 for a usage error.";

struct Args {
    games: u64,
    seed: u64,
    fen: Option<String>,
}

fn parse_args(mut args: cli::Args) -> Result<Args, cli::Stop> {
    let (mut games, mut seed, mut fen) = (None, 0x9e37_79b9_7f4a_7c15u64, None);
    // Whether the argument read last was the value of --fen.
    let mut after_fen = false;
    while let Some(arg) = args.next_arg()? {
        let fen_before = std::mem::take(&mut after_fen);
        match arg.as_str() {
            "--seed" => seed = args.parsed("--seed", "a number 0-18446744073709551615")?,
            "--fen" => {
                fen = Some(args.value("--fen")?);
                after_fen = true;
            }
            other if other.starts_with('-') => return Err(cli::unknown(other)),
            other if fen_before => {
                return Err(cli::unknown_after_fen(other, fen.as_deref().unwrap_or_default(), args.rest(), "--fen"))
            }
            n => match n.parse() {
                Ok(n) if games.is_none() => games = Some(n),
                Ok(_) => return Err(cli::unknown(n)),
                Err(_) => return Err(cli::Stop::Usage(format!("{n:?} is not a number of games"))),
            },
        }
    }
    Ok(Args { games: games.unwrap_or(1000), seed, fen })
}

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

fn main() -> ExitCode {
    let Args { games, seed, fen } = match parse_args(cli::Args::from_env()) {
        Ok(args) => args,
        Err(stop) => return stop.report(USAGE, HELP),
    };
    let start_position = match fen.as_deref().map_or(Ok(Position::startpos()), |fen| cli::read_fen(fen, false)) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
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
    let progress = cli::Progress::start(games, "games", "plies");
    let start = Instant::now();
    for _ in 0..games {
        let mut game = Game::from_position(start_position);
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
        progress.add(game.moves().len() as u64);
    }
    drop(progress);
    let secs = start.elapsed().as_secs_f64();
    cli::out!("{games} random games in {secs:.2} s ({:.0} plies/s)", plies as f64 / secs.max(1e-9));
    for (label, count) in labels.iter().zip(counts) {
        if count > 0 || *label != "other" {
            cli::out!("  {label:<24} {count:>8}  {:5.1}%", 100.0 * count as f64 / games.max(1) as f64);
        }
    }
    cli::out!("average length: {:.1} plies", plies as f64 / games.max(1) as f64);
    ExitCode::SUCCESS
}
