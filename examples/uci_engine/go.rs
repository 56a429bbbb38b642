//! Reading `go`: its parameters, checked and clamped to what the search
//! supports.

use chess_movegen::{Move, Position};

use super::text::{escaped, parse_number, shown, SHOWN_ERROR_CHARS};

/// The words of `go` that start a parameter; `searchmoves` takes the moves
/// up to the next of them.
pub(super) const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// A `go` command as read.
#[derive(Default)]
pub(super) struct GoCommand {
    pub(super) depth: Option<u64>,
    pub(super) nodes: Option<u64>,
    pub(super) mate: Option<u64>,
    pub(super) movetime: Option<u64>,
    pub(super) movestogo: Option<u64>,
    /// `wtime`, `btime`: a negative time (out of time) reads as 0.
    pub(super) time: [Option<u64>; 2],
    /// `winc`, `binc`: as the times.
    pub(super) inc: [Option<u64>; 2],
    pub(super) infinite: bool,
    pub(super) ponder: bool,
    pub(super) searchmoves: Vec<Move>,
}

/// Reads the arguments of `go`. A missing, malformed or (apart from the
/// clocks) negative number refuses the whole command: the `Err` says which
/// parameter and why. An illegal `searchmoves` move or an unknown word is
/// left out, and `depth`, `mate` or `nodes` beyond what the search supports
/// is clamped, each with a note in `notes`.
pub(super) fn parse_go(args: &[&str], pos: &Position, notes: &mut Vec<String>) -> Result<GoCommand, String> {
    let mut go = GoCommand::default();
    let mut i = 0;
    while let Some(&word) = args.get(i) {
        i += 1;
        let slot = match word {
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "searchmoves" => {
                i += searchmoves(&args[i..], pos, &mut go.searchmoves, notes);
                continue;
            }
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "mate" => &mut go.mate,
            "movetime" => &mut go.movetime,
            "movestogo" => &mut go.movestogo,
            "wtime" => &mut go.time[0],
            "btime" => &mut go.time[1],
            "winc" => &mut go.inc[0],
            "binc" => &mut go.inc[1],
            _ => {
                notes.push(format!("go: unknown word '{}' ignored", shown(word)));
                continue;
            }
        };
        let Some(&text) = args.get(i) else {
            return Err(format!("'{word}' needs a number after it"));
        };
        i += 1;
        *slot = Some(value(word, text, notes)?);
    }
    Ok(go)
}

/// Reads the moves after `searchmoves` up to the next keyword of `go`
/// into `moves`, leaving out (with a note) the ones that are not legal.
/// Gives how many words it read.
fn searchmoves(args: &[&str], pos: &Position, moves: &mut Vec<Move>, notes: &mut Vec<String>) -> usize {
    let words = args.iter().take_while(|w| !GO_KEYWORDS.contains(w));
    let mut count = 0;
    for &text in words {
        count += 1;
        match pos.parse_uci(text) {
            Ok(mv) => moves.push(mv),
            Err(e) => notes.push(format!(
                "searchmoves: {} ignored: {}",
                shown(text),
                escaped(&e.to_string(), SHOWN_ERROR_CHARS)
            )),
        }
    }
    count
}

/// The number `text` given to the parameter `word`: a negative clock reads
/// as 0, and a value beyond what the search supports is clamped (with a
/// note).
///
/// # Errors
///
/// What is wrong when `text` is not a whole number, or is negative for a
/// parameter other than a clock.
fn value(word: &str, text: &str, notes: &mut Vec<String>) -> Result<u64, String> {
    let clock = matches!(word, "wtime" | "btime" | "winc" | "binc");
    let value = match parse_number(text) {
        // Real clients send `wtime -50` when the flag has fallen.
        Some((true, _)) if clock => 0,
        Some((true, _)) => return Err(format!("{word} {} is negative", shown(text))),
        Some((false, n)) => n,
        None => return Err(format!("{word} '{}' is not a whole number", shown(text))),
    };
    // What the search supports.
    let (min, max) = match word {
        "depth" => (1, 100),
        "mate" => (1, 50),
        "nodes" => (1, u64::MAX),
        _ => (0, u64::MAX),
    };
    if value < min {
        notes.push(format!("go: {word} {} is below the minimum {min}: {min} used", shown(text)));
    } else if value > max {
        notes.push(format!("go: {word} {} is above the maximum {max}: {max} used", shown(text)));
    }
    Ok(value.clamp(min, max))
}

/// The depth of `go perft DEPTH`, a whole number from 0 to 255.
///
/// # Errors
///
/// What is wrong when the depth is missing, is not a whole number, is
/// negative or above 255, or is followed by more words.
pub(super) fn parse_perft(args: &[&str]) -> Result<u8, String> {
    let text = match args {
        [] => return Err("'go perft' needs a depth".into()),
        [text] => *text,
        [_, more, ..] => return Err(format!("'go perft' takes one depth; '{}' follows it", shown(more))),
    };
    match parse_number(text) {
        Some((false, depth)) => u8::try_from(depth).map_err(|_| format!("perft depth {} is above 255", shown(text))),
        Some((true, _)) => Err(format!("perft depth {} is negative", shown(text))),
        None => Err(format!("perft depth '{}' is not a whole number", shown(text))),
    }
}
