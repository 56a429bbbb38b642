//! Invariant: any text either fails to parse as FEN with an error that
//! points inside the text, or parses to a consistent position whose `fen()`
//! parses back (strictly) to an equal position and is a fixed point; a
//! strictly accepted FEN is accepted by the lenient parser unchanged.
//! Never a panic, under strict, lenient and Chess960 options.
#![no_main]

use chess_movegen::{CastlingMode, FenOptions, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for castling in [CastlingMode::Standard, CastlingMode::Chess960] {
        let strict = FenOptions::new().castling(castling);
        let lenient = strict.lenient(true);
        let strict_result = Position::from_fen_with(&text, strict);
        for (options, result) in [(strict, strict_result), (lenient, Position::from_fen_with(&text, lenient))] {
            match result {
                Err(e) => {
                    assert!(e.offset() <= text.len(), "offset {} past the end: {e}", e.offset());
                    assert!(text.is_char_boundary(e.offset()), "offset {} inside a character: {e}", e.offset());
                    assert!(!e.to_string().is_empty());
                }
                Ok((pos, repairs)) => {
                    if let Err(reason) = pos.check_consistency() {
                        panic!("{text:?} with {options:?}: inconsistent position: {reason}");
                    }
                    assert!(options.lenient || repairs.is_empty());
                    let fen = pos.fen();
                    let again = match Position::from_fen_with(&fen, strict) {
                        Ok((again, _)) => again,
                        Err(e) => panic!("{text:?} with {options:?}: fen() {fen:?} does not parse back: {e}"),
                    };
                    assert_eq!(again, pos, "{text:?} with {options:?}: fen() {fen:?} parses to another position");
                    assert_eq!(again.fen(), fen, "{text:?}: fen() is not a fixed point");
                    assert_eq!(again.zobrist_hash(), pos.zobrist_hash());
                }
            }
        }
        if let Ok((pos, _)) = strict_result {
            match Position::from_fen_with(&text, lenient) {
                Ok((same, repairs)) => {
                    assert_eq!(same, pos, "{text:?}: lenient parse differs from strict");
                    assert!(repairs.is_empty(), "{text:?}: lenient repaired a valid FEN: {repairs:?}");
                }
                Err(e) => panic!("{text:?}: strict accepts, lenient rejects: {e}"),
            }
        }
    }
});
