//! Invariant: any text either fails to read as an EPD record with an error
//! whose byte offset lies inside the text on a character boundary, or reads
//! to a record whose writing reads back to an equal record (position,
//! clocks and operations in order) and is a fixed point. Resolving the
//! moves of every operation never panics, and a move error points inside
//! the text too. Standard and Chess960 options.
#![no_main]

use chess_movegen::epd::Epd;
use chess_movegen::{CastlingMode, FenOptions};
use libfuzzer_sys::fuzz_target;

fn check_offset(text: &str, offset: Option<usize>, err: &dyn std::fmt::Display) {
    let offset = offset.unwrap_or_else(|| panic!("{text:?}: error without offset: {err}"));
    assert!(offset <= text.len(), "{text:?}: offset {offset} past the end: {err}");
    assert!(text.is_char_boundary(offset), "{text:?}: offset {offset} inside a character: {err}");
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for castling in [CastlingMode::Standard, CastlingMode::Chess960] {
        let options = FenOptions::new().castling(castling);
        match Epd::parse_with(&text, options) {
            Err(e) => check_offset(&text, e.offset(), &e),
            Ok(epd) => {
                let written = epd.to_string();
                let again = match Epd::parse_with(&written, options) {
                    Ok(again) => again,
                    Err(e) => panic!("{text:?}: writing {written:?} does not read back: {e}"),
                };
                assert_eq!(again, epd, "{text:?}: writing {written:?} reads back to another record");
                assert_eq!(again.to_string(), written, "{text:?}: the writing is not a fixed point");
                for (opcode, _) in epd.ops() {
                    for result in [epd.moves(opcode), epd.line(opcode)] {
                        if let Err(e) = result {
                            check_offset(&text, e.offset(), &e);
                        }
                    }
                }
                let _ = (epd.perft_depths(), epd.id(), epd.acd(), epd.ce());
            }
        }
    }
});
