//! Invariant: every position reached (from the start positions or a
//! fuzzer-made FEN, in standard chess and Chess960) reads back, in its own
//! castling mode, to an equal position (`==`, mode included) through
//! `fen` / `from_fen_with`, `Display` / `from_fen_with` and serde (JSON);
//! and every legal move reads back to itself through `uci` / `parse_uci`
//! and `san` / `parse_san`.
//!
//! Byte 0: bit 7 set means the bytes up to the first newline are a FEN
//! (lenient; bit 6 picks Chess960); otherwise it picks a start position.
//! The remaining bytes are move choices.
#![no_main]

use chess_movegen::{FenOptions, Position};
use libfuzzer_sys::fuzz_target;

fn check(pos: &Position) {
    let options = FenOptions::new().castling(pos.castling_mode());
    let fen = pos.fen();
    assert_eq!(Position::from_fen_with(&fen, options).map(|(p, _)| p), Ok(*pos), "fen {fen}");
    let shown = pos.to_string();
    assert_eq!(Position::from_fen_with(&shown, options).map(|(p, _)| p), Ok(*pos), "Display {shown}");
    let json = serde_json::to_string(pos).expect("serializes");
    let back: Position = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(back, *pos, "serde {json}");
    for &mv in &pos.legal_moves() {
        let uci = pos.uci(mv);
        assert_eq!(pos.parse_uci(&uci), Ok(mv), "uci {uci} in {fen}");
        let san = pos.san(mv);
        assert_eq!(pos.parse_san(&san), Ok(mv), "san {san} in {fen}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((mut pos, choices)) = chess_movegen_fuzz::start(data) else {
        return;
    };
    check(&pos);
    for &choice in choices.iter().take(200) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[usize::from(choice) % moves.len()]);
        check(&pos);
    }
});
