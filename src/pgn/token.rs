//! Movetext tokens as the reader's hot loop sees them: the kind of token
//! a byte starts, move numbers, and the annotation glyph at the end of a
//! move. What a move text means is read by the crate's one SAN reader
//! (`notation/san.rs`).

/// The kind of token a byte starts: [`KIND_OTHER`], [`KIND_NUMBER`] or
/// [`KIND_MOVE`] (a file letter, a piece letter or the `O` of castling).
/// One table lookup, so that the reader branches once per token.
#[inline(always)]
pub(crate) fn token_kind(b: u8) -> u8 {
    KINDS[b as usize]
}

/// See [`token_kind`].
pub(crate) const KIND_OTHER: u8 = 0;
/// See [`token_kind`].
pub(crate) const KIND_NUMBER: u8 = 1;
/// See [`token_kind`].
pub(crate) const KIND_MOVE: u8 = 2;

static KINDS: [u8; 256] = {
    let mut t = [KIND_OTHER; 256];
    let mut b = b'a';
    while b <= b'h' {
        t[b as usize] = KIND_MOVE;
        b += 1;
    }
    let mut b = b'0';
    while b <= b'9' {
        t[b as usize] = KIND_NUMBER;
        b += 1;
    }
    let pieces = b"NBRQKO";
    let mut i = 0;
    while i < pieces.len() {
        t[pieces[i] as usize] = KIND_MOVE;
        i += 1;
    }
    t
};

/// A move number with its dots at `data[p]` (a digit): the end of the
/// token, or `None` if it is not one (the lexer then reads it: a result,
/// `0-0`, a number without dots).
#[inline(always)]
pub(crate) fn scan_number(data: &[u8], p: usize) -> Option<usize> {
    let at = |i: usize| data.get(i).copied().unwrap_or(b' ');
    let mut i = p + 1;
    while at(i).is_ascii_digit() {
        i += 1;
    }
    if at(i) != b'.' {
        return None;
    }
    while at(i) == b'.' {
        i += 1;
    }
    Some(i)
}

/// The annotation glyph at the end of a move (`!`, `?`, `!!`, `??`, `!?`,
/// `?!`) as its NAG, and the length of the move without it.
#[inline(always)]
pub(crate) fn split_annotation(token: &[u8]) -> (usize, Option<u8>) {
    let n = token.len();
    let glyph = |a: u8, b: Option<u8>| match (a, b) {
        (b'!', None) => Some(1),
        (b'?', None) => Some(2),
        (b'!', Some(b'!')) => Some(3),
        (b'?', Some(b'?')) => Some(4),
        (b'!', Some(b'?')) => Some(5),
        (b'?', Some(b'!')) => Some(6),
        _ => None,
    };
    let is_mark = |b: u8| b == b'!' || b == b'?';
    if n == 0 || !is_mark(token[n - 1]) {
        return (n, None);
    }
    if n >= 2 && is_mark(token[n - 2]) {
        if n >= 3 && is_mark(token[n - 3]) {
            return (n, None); // three glyph characters: not an annotation we know
        }
        return (n - 2, glyph(token[n - 2], Some(token[n - 1])));
    }
    (n - 1, glyph(token[n - 1], None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotation_glyphs() {
        let cases: [(&str, usize, Option<u8>); 8] = [
            ("e4", 2, None),
            ("e4!", 2, Some(1)),
            ("e4?", 2, Some(2)),
            ("e4!!", 2, Some(3)),
            ("e4??", 2, Some(4)),
            ("Nf3!?", 3, Some(5)),
            ("Nf3?!", 3, Some(6)),
            ("e4!!!", 5, None),
        ];
        for (text, len, nag) in cases {
            assert_eq!(split_annotation(text.as_bytes()), (len, nag), "{text}");
        }
    }

    #[test]
    fn token_kinds_and_move_numbers() {
        for (b, kind) in
            [(b'e', KIND_MOVE), (b'N', KIND_MOVE), (b'O', KIND_MOVE), (b'7', KIND_NUMBER), (b'{', KIND_OTHER)]
        {
            assert_eq!(token_kind(b), kind, "{}", b as char);
        }
        assert_eq!(token_kind(b'i'), KIND_OTHER);
        assert_eq!(scan_number(b"12. e4", 0), Some(3));
        assert_eq!(scan_number(b"12...", 0), Some(5));
        assert_eq!(scan_number(b"1-0", 0), None);
        assert_eq!(scan_number(b"12", 0), None);
    }
}
