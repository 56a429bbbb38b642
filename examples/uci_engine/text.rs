//! Text in and out: the engine's output lines, how a client's text is
//! echoed in an `info string` (escaped and shortened), and the numbers of
//! `go` and `setoption`.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// How many characters of a client's text an `info string` echoes.
pub(super) const SHOWN_CHARS: usize = 80;

/// How many characters of an error message about a client's text (which
/// may quote that text) an `info string` shows.
pub(super) const SHOWN_ERROR_CHARS: usize = 240;

/// Where the engine writes: one whole line at a time, flushed, from either
/// thread.
#[derive(Clone)]
pub(super) struct Output(pub(super) Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Writes `text` as one line and flushes it.
    pub(super) fn line(&self, text: &str) {
        // A control character (a NUL, a line break) would break the line
        // protocol: none leaves the engine raw.
        let text = if text.chars().any(char::is_control) { escaped(text, usize::MAX) } else { text.to_string() };
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

/// A client's text as an `info string` echoes it: shortened to
/// `SHOWN_CHARS` characters, with what is not printable escaped.
pub(super) fn shown(text: &str) -> String {
    escaped(text, SHOWN_CHARS)
}

/// `text` with the characters that are not printable (NUL, escape,
/// carriage return, ...) written as Rust escapes (`\0`, `\u{1b}`, `\r`),
/// and cut after `max` characters with a note of how many more there were.
pub(super) fn escaped(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (n, (i, c)) in text.char_indices().enumerate() {
        if n == max {
            out.push_str(&format!("... ({} more characters)", text[i..].chars().count()));
            break;
        }
        match c {
            '\\' | '\'' | '"' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    out
}

/// A whole number as `go` and `setoption` read it: an optional sign, then
/// ASCII digits. Gives whether it is below zero and its magnitude, which
/// saturates at `u64::MAX` (a huge number is still a number). `None` when
/// the text is not a number at all.
pub(super) fn parse_number(text: &str) -> Option<(bool, u64)> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.parse().unwrap_or(u64::MAX);
    Some((negative && magnitude > 0, magnitude))
}
