//! Invariant: in positions reached by legal moves, any text that
//! `parse_uci` / `parse_uci_or_null` accepts is a legal move (or the null
//! move, for `0000` only) that `uci` writes back to text parsing to the
//! same move; every legal move of the position round-trips the same way;
//! no text makes the parser panic.
#![no_main]

use chess_movegen::{Move, MoveError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((pos, text)) = chess_movegen_fuzz::position_and_text(data) else {
        return;
    };
    let legal = pos.legal_moves();
    match pos.parse_uci(&text) {
        Ok(mv) => {
            assert!(legal.contains(&mv), "{text:?} gave {mv:?}, not legal in {}", pos.fen());
            assert_eq!(pos.illegal_reason(mv), None);
            assert_eq!(pos.parse_uci(&pos.uci(mv)), Ok(mv), "{text:?} in {}", pos.fen());
        }
        Err(MoveError::Illegal { text: echoed, .. } | MoveError::Syntax { text: echoed, .. }) => {
            assert_eq!(echoed, chess_movegen_fuzz::echo(&text));
        }
        Err(e @ MoveError::Ambiguous { .. }) => panic!("UCI cannot be ambiguous: {e}"),
        Err(e) => panic!("unexpected error {e}"),
    }
    match pos.parse_uci_or_null(&text) {
        Ok(Move::NULL) => assert_eq!(text, "0000"),
        Ok(mv) => assert!(legal.contains(&mv)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    for mv in legal {
        let uci = pos.uci(mv);
        assert_eq!(pos.parse_uci(&uci), Ok(mv), "{uci} in {}", pos.fen());
    }
});
