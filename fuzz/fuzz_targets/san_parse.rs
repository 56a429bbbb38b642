//! Invariant: in positions reached by legal moves, any text that
//! `parse_san` accepts is a legal move whose `san()` parses back to it;
//! `Game::push_san` gives the same move or the same error (one SAN
//! reader), and every error hands back the text it refused;
//! an ambiguous text lists at least two candidates, all legal; every
//! legal move's SAN is unique and round-trips; no text makes the parser
//! (or `san` / `lan`) panic. The same text as a move list for
//! `Game::push_line` plays only legal moves, and stops at the failing one
//! with the moves before it played.
#![no_main]

use std::collections::HashSet;

use chess_movegen::{Game, MoveError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((pos, text)) = chess_movegen_fuzz::position_and_text(data) else {
        return;
    };
    let legal = pos.legal_moves();
    let parsed = pos.parse_san(&text);
    let mut game = Game::from_position(pos);
    if game.outcome().is_none() {
        assert_eq!(game.push_san(&text), parsed, "{text:?} in {}", pos.fen());
    }
    if let Err(e) = &parsed {
        assert_eq!(e.text(), chess_movegen_fuzz::echo(&text));
    }
    match parsed {
        Ok(mv) => {
            assert!(legal.contains(&mv), "{text:?} gave {mv:?}, not legal in {}", pos.fen());
            let san = pos.san(mv);
            assert_eq!(pos.parse_san(&san), Ok(mv), "{text:?} -> {san} in {}", pos.fen());
            let _ = pos.lan(mv);
        }
        Err(MoveError::Ambiguous { text: echoed, candidates }) => {
            assert_eq!(echoed, chess_movegen_fuzz::echo(&text));
            assert!(candidates.len() >= 2, "{text:?}: ambiguous with {candidates:?}");
            assert!(candidates.iter().all(|m| legal.contains(m)), "{text:?}: {candidates:?} in {}", pos.fen());
        }
        Err(MoveError::Illegal { text: echoed, .. } | MoveError::Syntax { text: echoed, .. }) => {
            assert_eq!(echoed, chess_movegen_fuzz::echo(&text));
        }
        Err(e) => panic!("unexpected error {e}"),
    }
    let mut seen = HashSet::new();
    for mv in legal {
        let san = pos.san(mv);
        assert_eq!(pos.parse_san(&san), Ok(mv), "{san} in {}", pos.fen());
        assert!(seen.insert(san), "two legal moves share a SAN in {}", pos.fen());
    }
    let mut game = Game::from_position(pos);
    let played = match game.push_line(&text) {
        Ok(n) => n,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e.index
        }
    };
    assert_eq!(game.moves().len(), played, "{text:?} from {}", pos.fen());
    let mut replay = pos;
    for &mv in game.moves() {
        assert!(replay.is_legal(mv), "{text:?}: {mv:?} in {}", replay.fen());
        replay = replay.play(mv);
    }
    assert_eq!(&replay, game.position(), "{text:?} from {}", pos.fen());
    if let Err(reason) = replay.check_consistency() {
        panic!("{text:?} from {}: {reason}", pos.fen());
    }
});
