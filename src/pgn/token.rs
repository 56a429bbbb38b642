//! Movetext tokens as the reader's hot loop sees them: the kind of token
//! a byte starts, move numbers, and the annotation glyph at the end of a
//! move. What a move text means is read by the crate's one SAN reader
//! (`notation/san.rs`).

/// The kind of token a byte starts: [`KIND_OTHER`], [`KIND_NUMBER`],
/// [`KIND_MOVE`] (a file letter, a piece letter or the `O` of castling)
/// or [`KIND_COMMENT`] (`{`).
/// One table lookup, so that the reader branches once per token.
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn token_kind(b: u8) -> u8 {
    KINDS[b as usize]
}

/// See [`token_kind`].
pub(crate) const KIND_OTHER: u8 = 0;
/// See [`token_kind`].
pub(crate) const KIND_NUMBER: u8 = 1;
/// See [`token_kind`].
pub(crate) const KIND_MOVE: u8 = 2;
/// See [`token_kind`].
pub(crate) const KIND_COMMENT: u8 = 3;

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
    t[b'{' as usize] = KIND_COMMENT;
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
#[cfg_attr(hot_inline, inline(always))]
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
/// `?!`) as its NAG, [`GLYPH_RUN`] for a longer run of marks (`!!?`, see
/// [`glyph_nags`]), and the length of the move without it.
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn split_annotation(token: &[u8]) -> (usize, Option<u8>) {
    let n = token.len();
    let is_mark = |b: u8| b == b'!' || b == b'?';
    if n == 0 || !is_mark(token[n - 1]) {
        return (n, None);
    }
    if n >= 2 && is_mark(token[n - 2]) {
        if n >= 3 && is_mark(token[n - 3]) {
            return (n - trailing_marks(token).len(), Some(GLYPH_RUN));
        }
        return (n - 2, glyph_nags(&token[n - 2..]).next());
    }
    (n - 1, glyph_nags(&token[n - 1..]).next())
}

/// What [`split_annotation`] gives for three marks or more.
pub(crate) const GLYPH_RUN: u8 = 0;

/// The run of annotation marks at the end of `text`.
pub(crate) fn trailing_marks(text: &[u8]) -> &[u8] {
    let mut n = text.len();
    while n > 0 && matches!(text[n - 1], b'!' | b'?') {
        n -= 1;
    }
    &text[n..]
}

/// The NAGs of a run of annotation marks, read two marks at a time from
/// the left as PGN readers do (`!!?` is `!!` then `?`): `!` 1, `?` 2,
/// `!!` 3, `??` 4, `!?` 5, `?!` 6.
pub(crate) fn glyph_nags(marks: &[u8]) -> impl Iterator<Item = u8> + '_ {
    marks.chunks(2).map(|pair| match pair {
        [b'!'] => 1,
        [b'?'] => 2,
        [b'!', b'!'] => 3,
        [b'?', b'?'] => 4,
        [b'!', _] => 5,
        _ => 6,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn annotation_glyphs() {
        let cases: [(&str, usize, &[u8]); 11] = [
            ("e4", 2, &[]),
            ("e4!", 2, &[1]),
            ("e4?", 2, &[2]),
            ("e4!!", 2, &[3]),
            ("e4??", 2, &[4]),
            ("Nf3!?", 3, &[5]),
            ("Nf3?!", 3, &[6]),
            ("e4!!?", 2, &[3, 2]),
            ("e4!!!", 2, &[3, 1]),
            ("e4?!?!?", 2, &[6, 6, 2]),
            ("!?", 0, &[5]),
        ];
        for (text, len, nags) in cases {
            let (n, glyph) = split_annotation(text.as_bytes());
            let found: Vec<u8> = match glyph {
                Some(GLYPH_RUN) => glyph_nags(trailing_marks(text.as_bytes())).collect(),
                glyph => glyph.into_iter().collect(),
            };
            assert_eq!((n, found), (len, nags.to_vec()), "{text}");
        }
    }

    #[test]
    fn token_kinds_and_move_numbers() {
        for (b, kind) in [
            (b'e', KIND_MOVE),
            (b'N', KIND_MOVE),
            (b'O', KIND_MOVE),
            (b'7', KIND_NUMBER),
            (b'{', KIND_COMMENT),
            (b'(', KIND_OTHER),
        ] {
            assert_eq!(token_kind(b), kind, "{}", b as char);
        }
        assert_eq!(token_kind(b'i'), KIND_OTHER);
        assert_eq!(scan_number(b"12. e4", 0), Some(3));
        assert_eq!(scan_number(b"12...", 0), Some(5));
        assert_eq!(scan_number(b"1-0", 0), None);
        assert_eq!(scan_number(b"12", 0), None);
    }
}
