//! `Game` against python-chess on recorded games (tests/data/game_records.txt,
//! written by scripts/make_game_records.py): at every ply the repetition
//! count, the claims now and on the move (and which moves make them), the
//! fivefold and seventy-five-move rules and the outcome.
//!
//! Where the crate means something else by design, the comparison says so:
//! - `Game::can_claim_draw` is "claimable now, without a move, in a game
//!   that has not ended"; python-chess's `can_claim_draw` is
//!   `can_claim_threefold_repetition() or can_claim_fifty_moves()`.
//! - `Position::is_seventy_five_move_rule` is the clock alone;
//!   python-chess's `is_seventyfive_moves` also wants a legal move.
//! - A stalemate with insufficient material is `Stalemate` here and
//!   `INSUFFICIENT_MATERIAL` in python-chess's `outcome()`.

use std::collections::BTreeSet;

use chess_movegen::{CastlingMode, Color, DrawReason, FenOptions, Game, MoveError, MoveList, Outcome, Position};

const RECORDS: &str = include_str!("data/game_records.txt");

/// One recorded position.
struct Ply<'a> {
    line: usize,
    mv: &'a str,
    repetitions: usize,
    claim_threefold: bool,
    claim_fifty: bool,
    claim_draw: bool,
    fivefold: bool,
    seventy_five: bool,
    outcome: &'a str,
    moves_threefold: BTreeSet<&'a str>,
    moves_fifty: BTreeSet<&'a str>,
}

fn parse_ply(line: usize, text: &str) -> Ply<'_> {
    let f: Vec<&str> = text.split(' ').collect();
    assert_eq!(f.len(), 10, "line {line}: {text}");
    let flag = |s: &str| match s {
        "0" => false,
        "1" => true,
        _ => panic!("line {line}: bad flag {s:?}"),
    };
    Ply {
        line,
        mv: f[0],
        repetitions: f[1].parse().unwrap(),
        claim_threefold: flag(f[2]),
        claim_fifty: flag(f[3]),
        claim_draw: flag(f[4]),
        fivefold: flag(f[5]),
        seventy_five: flag(f[6]),
        outcome: f[7],
        moves_threefold: if f[8] == "-" { BTreeSet::new() } else { f[8].split(',').collect() },
        moves_fifty: if f[9] == "-" { BTreeSet::new() } else { f[9].split(',').collect() },
    }
}

fn outcome_code(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        None => "none",
        Some(Outcome::Checkmate { winner: Color::White }) => "1-0",
        Some(Outcome::Checkmate { winner: Color::Black }) => "0-1",
        Some(Outcome::Draw(DrawReason::Stalemate)) => "stalemate",
        Some(Outcome::Draw(DrawReason::InsufficientMaterial)) => "insufficient",
        Some(Outcome::Draw(DrawReason::SeventyFiveMoves)) => "seventyfive",
        Some(Outcome::Draw(DrawReason::FivefoldRepetition)) => "fivefold",
        Some(other) => panic!("unexpected outcome {other:?}"),
    }
}

fn uci_set(game: &Game, moves: &MoveList) -> BTreeSet<String> {
    moves.iter().map(|&mv| game.position().uci(mv)).collect()
}

fn compare(game: &Game, ply: &Ply) {
    let pos = game.position();
    let at = format!("line {} ({})", ply.line, pos.fen());
    assert_eq!(game.repetition_count(), ply.repetitions, "repetitions, {at}");
    assert_eq!(game.is_threefold_repetition(), ply.repetitions >= 3, "{at}");
    assert_eq!(game.can_claim_threefold_repetition(), ply.claim_threefold, "claim threefold, {at}");
    assert_eq!(game.can_claim_fifty_moves(), ply.claim_fifty, "claim fifty, {at}");
    let threefold: BTreeSet<String> = ply.moves_threefold.iter().map(|s| s.to_string()).collect();
    let fifty: BTreeSet<String> = ply.moves_fifty.iter().map(|s| s.to_string()).collect();
    assert_eq!(uci_set(game, &game.moves_claiming_threefold()), threefold, "moves claiming threefold, {at}");
    assert_eq!(uci_set(game, &game.moves_claiming_fifty()), fifty, "moves claiming fifty, {at}");
    assert_eq!(game.is_fivefold_repetition(), ply.fivefold, "fivefold, {at}");
    assert_eq!(pos.is_seventy_five_move_rule() && pos.has_legal_moves(), ply.seventy_five, "seventy-five, {at}");
    // python-chess gives insufficient material first, this crate stalemate.
    let expected = if ply.outcome == "insufficient" && !pos.has_legal_moves() { "stalemate" } else { ply.outcome };
    assert_eq!(outcome_code(game.outcome()), expected, "outcome, {at}");
    // python-chess's can_claim_draw is the union of the two claims.
    assert_eq!(ply.claim_draw, ply.claim_threefold || ply.claim_fifty, "record itself, {at}");
    let now = (ply.repetitions >= 3 || pos.halfmove_clock() >= 100) && game.outcome().is_none();
    assert_eq!(game.can_claim_draw(), now, "can_claim_draw, {at}");
    assert!(!game.can_claim_draw() || ply.claim_draw, "{at}");
}

#[test]
fn game_layer_agrees_with_python_chess_at_every_ply() {
    let mut game: Option<Game> = None;
    let (mut games, mut plies, mut ended) = (0, 0, 0);
    let finish = |game: &mut Game, ended: &mut usize| {
        // An ended game refuses every legal move, naming how it ended.
        if let Some(outcome) = game.outcome() {
            *ended += 1;
            let before = *game.position();
            for mv in before.legal_moves() {
                assert_eq!(game.push(mv), Err(MoveError::GameOver { text: mv.to_string(), outcome }));
            }
            assert_eq!(*game.position(), before);
        }
    };
    for (i, line) in RECORDS.lines().enumerate() {
        let line_no = i + 1;
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("game ") {
            if let Some(g) = game.as_mut() {
                finish(g, &mut ended);
            }
            let (mode, fen) = rest.split_once(' ').unwrap();
            let mode = match mode {
                "standard" => CastlingMode::Standard,
                "chess960" => CastlingMode::Chess960,
                _ => panic!("line {line_no}: mode {mode}"),
            };
            let (pos, _) = Position::from_fen_with(fen, FenOptions::new().castling(mode)).unwrap();
            game = Some(Game::from_position(pos));
            games += 1;
            continue;
        }
        let ply = parse_ply(line_no, line);
        let g = game.as_mut().expect("a game line first");
        if ply.mv != "-" {
            g.push_uci(ply.mv).unwrap_or_else(|e| panic!("line {line_no}: {e}"));
            plies += 1;
        }
        compare(g, &ply);
    }
    if let Some(g) = game.as_mut() {
        finish(g, &mut ended);
    }
    assert!(games >= 30 && plies >= 3000 && ended >= 20, "{games} games, {plies} plies, {ended} ended");
}
