//! Reading the parts of an EPD record.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;

use super::{EpdError, EpdErrorKind, EpdField, Operand, Operation};
use crate::position::{FenError, FenField};

/// The fields of an EPD record's FEN part, for reports of missing ones.
pub(super) const FEN_FIELDS: [FenField; 4] =
    [FenField::Board, FenField::SideToMove, FenField::Castling, FenField::EnPassant];

/// Maps an error of the FEN built from the fields back onto the record.
pub(super) fn fen_error(err: FenError, fields: &[(usize, &str)], end: usize) -> EpdError {
    // `fen` is the fields joined by single spaces (and maybe " 0 1").
    let mut at = 0;
    let mut offset = None;
    for &(start, word) in fields {
        if err.offset() >= at && err.offset() <= at + word.len() {
            offset = Some(start + (err.offset() - at));
            break;
        }
        at += word.len() + 1;
    }
    // Past the fields (the clocks added for a record without them).
    let offset = offset.unwrap_or_else(|| fields.last().map_or(end, |&(start, word)| start + word.len()));
    EpdError::new(EpdErrorKind::Fen(err), EpdField::Fen(err.field()), Some(offset))
}

/// The first `n` white-space separated words of `text` with their offsets.
pub(super) fn leading_fields(text: &str, n: usize) -> Vec<(usize, &str)> {
    words(text, 0).take(n).collect()
}

/// The white-space separated words of `text`, with offsets plus `base`.
pub(super) fn words(text: &str, base: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = 0;
    core::iter::from_fn(move || {
        let tail = &text[rest..];
        let start = rest + tail.find(|c: char| !c.is_whitespace())?;
        let len = text[start..].find(char::is_whitespace).unwrap_or(text.len() - start);
        rest = start + len;
        Some((base + start, &text[start..start + len]))
    })
}

pub(super) fn valid_opcode(opcode: &str) -> bool {
    opcode.chars().next().is_some_and(|c| c.is_alphabetic())
        && !opcode.contains(|c: char| c.is_whitespace() || c == ';' || c == '"')
}

/// Whether the writer can write `operand` so that it reads back the same.
pub(super) fn writable(operand: &Operand) -> bool {
    match operand {
        Operand::Float(x) => x.is_finite(),
        Operand::Tokens(text) => {
            let trimmed = !text.is_empty() && text.trim() == text;
            let mut quoted = false;
            let mut escaped = false;
            let mut ok = true;
            for c in text.chars() {
                if c == '\n' || c == '\r' {
                    ok = false;
                } else if escaped {
                    escaped = false;
                } else if quoted && c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    quoted = !quoted;
                } else if c == ';' && !quoted {
                    ok = false;
                }
            }
            // Tokens that would read back as another kind of operand.
            trimmed && ok && !quoted && matches!(classify(text), Operand::Tokens(_))
        }
        _ => true,
    }
}

/// Reads the operations after the FEN part (`start` is the byte where
/// they begin).
pub(super) fn parse_operations(text: &str, start: usize) -> Result<Vec<Operation>, EpdError> {
    let bytes = text.as_bytes();
    let mut ops = Vec::new();
    let mut i = start;
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b';') {
            i += 1;
        }
        if i >= bytes.len() {
            return Ok(ops);
        }
        // The opcode.
        let op_start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b';' {
            i += 1;
        }
        let opcode = &text[op_start..i];
        if opcode == "-" {
            continue;
        }
        if !valid_opcode(opcode) {
            return Err(EpdError::op(EpdErrorKind::InvalidOpcode, opcode, Some(op_start)));
        }
        // The operand: up to the `;` outside quotes.
        let operand_start = i;
        let mut quote = None;
        while i < bytes.len() {
            match (bytes[i], quote) {
                (b';', None) => break,
                (b'"', None) => quote = Some(i),
                (b'"', Some(_)) => quote = None,
                (b'\\', Some(_)) => i += 1,
                _ => {}
            }
            i += 1;
        }
        if let Some(open) = quote {
            return Err(EpdError::op(EpdErrorKind::UnterminatedString, opcode, Some(open)));
        }
        let end = i.min(bytes.len());
        let raw = &text[operand_start..end];
        let lead = raw.len() - raw.trim_start().len();
        let at = operand_start + lead;
        let operand = classify(raw.trim());
        let offset = if operand == Operand::None { op_start } else { at };
        ops.push(Operation { opcode: opcode.to_owned(), operand, offset: Some(offset) });
    }
}

/// The operand that the trimmed text `raw` stands for.
pub(super) fn classify(raw: &str) -> Operand {
    if raw.is_empty() {
        return Operand::None;
    }
    if let Some(s) = single_string(raw) {
        return Operand::String(s);
    }
    if raw.contains(char::is_whitespace) || raw.contains('"') {
        return Operand::Tokens(raw.to_owned());
    }
    let first = raw.as_bytes()[0];
    if matches!(first, b'+' | b'-' | b'.' | b'0'..=b'9') {
        let digits = raw.strip_prefix(['+', '-']).unwrap_or(raw);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(n) = raw.parse::<i64>() {
                return Operand::Integer(n);
            }
        } else if raw.contains(['.', 'e', 'E']) && digits.bytes().all(|b| b.is_ascii_digit() || b".eE+-".contains(&b)) {
            if let Ok(x) = raw.parse::<f64>() {
                if x.is_finite() {
                    return Operand::Float(x);
                }
            }
        }
    }
    Operand::Tokens(raw.to_owned())
}

/// The unescaped content if `raw` is exactly one quoted string.
pub(super) fn single_string(raw: &str) -> Option<String> {
    let inner = raw.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = inner.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (i + 1 == inner.len()).then_some(out),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}
