//! Position inspector.
//!
//! ```text
//! cargo run --bin inspect -- "<FEN>"              # a diagram and everything about the position
//! cargo run --bin inspect -- --json < fens.txt    # one JSON object per input line
//! cargo run --bin inspect -- --chess960 "<FEN>"   # read as Chess960, castling king-takes-rook
//! cargo run --bin inspect -- --syzygy DIR "<FEN>" # with the Syzygy tablebase result
//! ```
//!
//! FENs are read as standard chess unless `--chess960` is given; a FEN
//! whose castling rights only make sense in Chess960 is refused with the
//! standard-chess error (and a hint to use `--chess960`), never re-read
//! silently. Clocks may be left out (then `0 1`). In `--json` mode each
//! line of standard input is one FEN and each output line is `{"fen"
//! (normalised: en-passant square only when a capture is legal),
//! "chess960", "in_check", "checkers", "legal_moves", "san", "outcome",
//! "insufficient_material"}` (and `"tablebase"` with `--syzygy`), or
//! `{"input", "error"}` for a line that is
//! not a valid position. Blank lines are skipped; the exit status is 1
//! when any line was not a valid position.

use chess_movegen_tools::cli;

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use chess_movegen::{Color, DrawReason, FenError, Outcome, Position, Rank, Square};
use chess_movegen_syzygy::{ProbeError, Tablebase, Wdl};

const USAGE: &str = "usage: inspect [--chess960] [--syzygy DIR] [FEN]
       inspect --json [--chess960] [--syzygy DIR] < fens.txt";

const HELP: &str = "\
Prints a diagram, the state, checkers, pins, the legal moves (UCI and SAN)
and the outcome of a position (default: the start position).

  FEN         the position, one argument (quote it); clocks may be left out
  --json      read one FEN per line of standard input, write one JSON
              object per line
  --chess960  read castling rights as Chess960 (X-FEN, Shredder-FEN) and
              write castling as the king taking its rook (e1h1)
  --syzygy DIR  also show the Syzygy tablebase result (WDL, DTZ and the
              best moves by tablebase rank) from the tables in DIR; a
              position the tables cannot answer says why

Without --chess960 a FEN is read as standard chess only. With --json,
blank lines are skipped.
Exit status: 0, 1 for an invalid FEN (with --json: any line), 2 for a
usage error.";

struct Args {
    fen: Option<String>,
    json: bool,
    chess960: bool,
    syzygy: Option<String>,
}

fn parse_args(mut args: cli::Args) -> Result<Args, cli::Stop> {
    let mut parsed = Args { fen: None, json: false, chess960: false, syzygy: None };
    while let Some(arg) = args.next_arg()? {
        match arg.as_str() {
            "--json" => parsed.json = true,
            "--chess960" => parsed.chess960 = true,
            "--syzygy" => parsed.syzygy = Some(args.value("--syzygy")?),
            other if other.starts_with('-') => return Err(cli::unknown(other)),
            _ if parsed.fen.is_some() => {
                let fen = parsed.fen.as_deref().unwrap_or_default();
                return Err(cli::unknown_after_fen(&arg, fen, args.rest(), "inspect"));
            }
            _ => parsed.fen = Some(arg),
        }
    }
    if parsed.json && parsed.fen.is_some() {
        return Err(cli::Stop::Usage("--json reads FENs from standard input, not from the arguments".into()));
    }
    Ok(parsed)
}

/// The FEN read in the mode asked for; a standard-chess error says when
/// the FEN would be valid in Chess960.
fn parse(fen: &str, chess960: bool) -> Result<Position, String> {
    cli::read_fen(fen, chess960).map_err(|e: FenError| {
        if !chess960 && cli::read_fen(fen, true).is_ok() {
            format!("{e} (valid as Chess960: use --chess960)")
        } else {
            e.to_string()
        }
    })
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

/// The JSON object of one input line; `Err` holds the error object of a
/// line that is not a valid position.
fn json_line(line: &str, chess960: bool, tb: Option<&Tablebase>) -> Result<String, String> {
    let pos = match parse(line.trim(), chess960) {
        Ok(pos) => pos,
        Err(e) => return Err(format!("{{\"input\":{},\"error\":{}}}", json_string(line), json_string(&e))),
    };
    let (uci, san): (Vec<String>, Vec<String>) = moves(&pos).into_iter().unzip();
    let outcome = outcome_name(pos.outcome()).map_or("null".to_string(), json_string);
    let tablebase = tb.map_or(String::new(), |tb| format!(",\"tablebase\":{}", tablebase_json(tb, &pos)));
    Ok(format!(
        "{{\"fen\":{},\"chess960\":{},\"in_check\":{},\"checkers\":{},\"legal_moves\":{},\"san\":{},\"outcome\":{},\"insufficient_material\":{{\"white\":{},\"black\":{}}}{}}}",
        json_string(&pos.normalized_fen()),
        chess960,
        pos.is_check(),
        json_list(&squares(pos.checkers())),
        json_list(&uci),
        json_list(&san),
        outcome,
        pos.has_insufficient_material(Color::White),
        pos.has_insufficient_material(Color::Black),
        tablebase,
    ))
}

fn wdl_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Loss => "loss",
        Wdl::BlessedLoss => "blessed loss",
        Wdl::Draw => "draw",
        Wdl::CursedWin => "cursed win",
        Wdl::Win => "win",
    }
}

/// `{"wdl", "dtz", "best"}` or `{"error"}`.
fn tablebase_json(tb: &Tablebase, pos: &Position) -> String {
    let result = (|| Ok::<_, ProbeError>((tb.probe_wdl(pos)?, tb.probe_dtz(pos)?, tb.rank_root_moves(pos)?)))();
    match result {
        Ok((wdl, dtz, ranked)) => {
            let best: Vec<String> =
                ranked.iter().take_while(|m| m.rank == ranked[0].rank).map(|m| pos.uci(m.mv)).collect();
            format!("{{\"wdl\":{},\"dtz\":{},\"best\":{}}}", json_string(wdl_name(wdl)), dtz.0, json_list(&best))
        }
        Err(e) => format!("{{\"error\":{}}}", json_string(&e.to_string())),
    }
}

/// The tablebase lines of the text description.
fn tablebase_text(tb: &Tablebase, pos: &Position) -> String {
    let (wdl, dtz) = match (tb.probe_wdl(pos), tb.probe_dtz(pos)) {
        (Ok(wdl), Ok(dtz)) => (wdl, dtz),
        (Err(e), _) | (_, Err(e)) => return format!("tablebase:      {e}\n"),
    };
    let mut out = format!("tablebase:      {}, DTZ {} (plies to a capture or pawn move)\n", wdl_name(wdl), dtz.0);
    if let Ok(ranked) = tb.rank_root_moves(pos) {
        let moves: Vec<String> = ranked
            .iter()
            .take(8)
            .map(|m| format!("{} ({}, dtz {})", pos.san(m.mv), wdl_name(m.wdl), m.dtz.0))
            .collect();
        if !moves.is_empty() {
            out.push_str(&format!("tablebase moves: {}\n", moves.join(", ")));
        }
    }
    out
}

/// Squares as text, `none` for the empty set.
fn square_list(bb: chess_movegen::Bitboard) -> String {
    if bb.is_empty() {
        "none".to_string()
    } else {
        squares(bb).join(" ")
    }
}

fn describe(pos: &Position, chess960: bool) -> String {
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
    let rules = if chess960 { "Chess960 (castling written as king takes rook)" } else { "standard chess" };
    out.push_str(&format!("read as:        {rules}\n"));
    out.push_str(&format!("side to move:   {}\n", pos.side_to_move()));
    out.push_str(&format!("castling:       {}\n", fields[2]));
    out.push_str(&format!("en passant:     {}\n", pos.ep_square().map_or("-".to_string(), |s| s.to_string())));
    out.push_str(&format!("clocks:         halfmove {}, fullmove {}\n", pos.halfmove_clock(), pos.fullmove_number()));
    out.push_str(&format!("hash:           {:016x}\n", pos.zobrist_hash()));
    out.push_str(&format!("checkers:       {}\n", square_list(pos.checkers())));
    out.push_str(&format!("pinned:         {}\n", square_list(pos.pinned())));
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
    let args = match parse_args(cli::Args::from_env()) {
        Ok(args) => args,
        Err(stop) => return stop.report(USAGE, HELP),
    };
    let tablebase = match &args.syzygy {
        None => None,
        Some(dir) => {
            let mut tb = Tablebase::new();
            match tb.add_directory(dir) {
                Ok(_) => Some(tb),
                Err(e) => {
                    eprintln!("--syzygy {dir}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    if args.json {
        let stdin = io::stdin();
        let mut out = BufWriter::new(io::stdout().lock());
        let mut failed = 0usize;
        // Lines as bytes: one that is not UTF-8 is read with replacement
        // characters, so that it fails as a position and the rest go on.
        for (number, line) in stdin.lock().split(b'\n').enumerate() {
            let line = match line {
                Ok(line) => line,
                Err(e) => {
                    let _ = out.flush();
                    eprintln!("standard input, line {}: {e}", number + 1);
                    return ExitCode::FAILURE;
                }
            };
            let line = String::from_utf8_lossy(line.strip_suffix(b"\r").unwrap_or(&line));
            if line.trim().is_empty() {
                continue;
            }
            let object = json_line(&line, args.chess960, tablebase.as_ref()).unwrap_or_else(|error| {
                failed += 1;
                error
            });
            if writeln!(out, "{object}").is_err() {
                return if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE };
            }
        }
        let _ = out.flush();
        if failed > 0 {
            eprintln!("{failed} line{} not a valid position", if failed == 1 { " was" } else { "s were" });
            return ExitCode::FAILURE;
        }
        return ExitCode::SUCCESS;
    }
    let fen = args.fen.as_deref().unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    match parse(fen, args.chess960) {
        Ok(pos) => {
            let mut text = describe(&pos, args.chess960);
            if let Some(tb) = &tablebase {
                text.push_str(&tablebase_text(tb, &pos));
            }
            cli::out!("{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
