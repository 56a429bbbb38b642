//! Position inspector.
//!
//! ```text
//! cargo run --example inspect -- "<FEN>"            # a diagram and everything about the position
//! cargo run --example inspect -- --json < fens.txt  # one JSON object per input line
//! cargo run --example inspect -- --chess960 ...     # castling written king-takes-rook
//! ```
//!
//! FENs may use Chess960 castling rights (Shredder-FEN `HAha` or X-FEN),
//! and may leave out the clocks (then `0 1`).
//! In `--json` mode each line of standard input is one FEN and each output
//! line is `{"fen" (normalised: en-passant square only when a capture is
//! legal), "in_check", "checkers", "legal_moves", "san", "outcome",
//! "insufficient_material"}`, or `{"input", "error"}` for a line that is not
//! a valid position.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use chess_movegen::{CastlingMode, Color, DrawReason, FenError, FenOptions, Outcome, Position, Rank, Square};

fn parse(fen: &str, chess960: bool) -> Result<Position, FenError> {
    // EPD-style FENs without clocks are common: read them as "0 1".
    let fields = fen.split_whitespace().count();
    let fen = match fields {
        4 => format!("{fen} 0 1"),
        5 => format!("{fen} 1"),
        _ => fen.to_string(),
    };
    let fen = fen.as_str();
    let standard = Position::from_fen_with(fen, FenOptions::new()).map(|(pos, _)| pos);
    let mut pos = match standard {
        Ok(pos) => pos,
        // A FEN whose castling rights only make sense in Chess960.
        Err(e) => match Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)) {
            Ok((pos, _)) => pos,
            Err(_) => return Err(e),
        },
    };
    // A setup that is not standard chess stays in Chess960 mode.
    let _ = pos.set_castling_mode(if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard });
    Ok(pos)
}

fn outcome_name(outcome: Option<Outcome>) -> Option<&'static str> {
    match outcome? {
        Outcome::Checkmate { .. } => Some("checkmate"),
        Outcome::Draw(DrawReason::Stalemate) => Some("stalemate"),
        Outcome::Draw(DrawReason::InsufficientMaterial) => Some("insufficient_material"),
        Outcome::Draw(DrawReason::SeventyFiveMoves) => Some("seventy_five_moves"),
        _ => Some("other"),
    }
}

/// Legal moves as (UCI, SAN), sorted by UCI.
fn moves(pos: &Position) -> Vec<(String, String)> {
    let mut moves: Vec<(String, String)> = pos.legal_moves().iter().map(|&m| (pos.uci(m), pos.san(m))).collect();
    moves.sort();
    moves
}

fn squares(bb: chess_movegen::Bitboard) -> Vec<String> {
    bb.into_iter().map(|sq| sq.to_string()).collect()
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| json_string(s)).collect();
    format!("[{}]", quoted.join(","))
}

fn json_line(line: &str, chess960: bool) -> String {
    let pos = match parse(line.trim(), chess960) {
        Ok(pos) => pos,
        Err(e) => return format!("{{\"input\":{},\"error\":{}}}", json_string(line), json_string(&e.to_string())),
    };
    let (uci, san): (Vec<String>, Vec<String>) = moves(&pos).into_iter().unzip();
    let outcome = outcome_name(pos.outcome()).map_or("null".to_string(), json_string);
    format!(
        "{{\"fen\":{},\"in_check\":{},\"checkers\":{},\"legal_moves\":{},\"san\":{},\"outcome\":{},\"insufficient_material\":{{\"white\":{},\"black\":{}}}}}",
        json_string(&pos.normalized_fen()),
        pos.is_check(),
        json_list(&squares(pos.checkers())),
        json_list(&uci),
        json_list(&san),
        outcome,
        pos.has_insufficient_material(Color::White),
        pos.has_insufficient_material(Color::Black),
    )
}

fn describe(pos: &Position) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.iter().rev() {
        out.push_str(&format!("{} ", rank.char()));
        for file in chess_movegen::File::ALL {
            let sq = Square::new(file, *rank);
            let c = pos.piece_at(sq).map_or(if sq.is_dark() { '·' } else { ' ' }, |p| p.symbol());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n\n");
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    out.push_str(&format!("FEN:            {fen}\n"));
    out.push_str(&format!("side to move:   {}\n", pos.side_to_move()));
    out.push_str(&format!("castling:       {}\n", fields[2]));
    out.push_str(&format!("en passant:     {}\n", pos.ep_square().map_or("-".to_string(), |s| s.to_string())));
    out.push_str(&format!("clocks:         halfmove {}, fullmove {}\n", pos.halfmove_clock(), pos.fullmove_number()));
    out.push_str(&format!("hash:           {:016x}\n", pos.zobrist_hash()));
    out.push_str(&format!("checkers:       {}\n", squares(pos.checkers()).join(" ")));
    out.push_str(&format!("pinned:         {}\n", squares(pos.pinned()).join(" ")));
    let moves = moves(pos);
    out.push_str(&format!("legal moves ({}):\n", moves.len()));
    for chunk in moves.chunks(8) {
        let row: Vec<String> = chunk.iter().map(|(uci, san)| format!("{uci:<6}{san:<9}")).collect();
        out.push_str(&format!("  {}\n", row.join("").trim_end()));
    }
    let outcome = pos.outcome().map_or("none (game goes on)".to_string(), |o| o.to_string());
    out.push_str(&format!("outcome:        {outcome}\n"));
    out.push_str(&format!(
        "insufficient material: white {}, black {}\n",
        pos.has_insufficient_material(Color::White),
        pos.has_insufficient_material(Color::Black)
    ));
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let chess960 = args.iter().any(|a| a == "--chess960");
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("usage: inspect [--chess960] \"<FEN>\" | inspect --json [--chess960] < fens.txt");
        return ExitCode::SUCCESS;
    }
    if json {
        let stdin = io::stdin();
        let mut out = BufWriter::new(io::stdout().lock());
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if writeln!(out, "{}", json_line(&line, chess960)).is_err() {
                break;
            }
        }
        let _ = out.flush();
        return ExitCode::SUCCESS;
    }
    let fens: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let fen = fens.first().map_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", |s| s.as_str());
    match parse(fen, chess960) {
        Ok(pos) => {
            print!("{}", describe(&pos));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
