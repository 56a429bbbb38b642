//! The `[%clk …]` and `[%eval …]` commands in move comments, as Lichess
//! writes them (`{ [%eval 0.17] [%clk 0:03:00] }`).
//!
//! The grammar is python-chess's (`GameNode.clock()` and `.eval()`), so
//! that the same comment gives the same value in both: the first match in
//! the comments after a move counts, and a command that does not match the
//! grammar is ignored (the value is then absent, not an error).

/// An engine evaluation from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns (`[%eval 0.17]` is 17; `[%eval -1.5]` is -150).
    Cp(i32),
    /// Mate in that many moves, positive when White mates (`[%eval #-3]`
    /// is -3). `#0` (the side to move is mated) is 0.
    Mate(i32),
}

/// What the comments after one move say.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Annotations {
    /// The clock after the move, in seconds.
    pub clock: Option<f64>,
    /// The evaluation after the move.
    pub eval: Option<Eval>,
}

impl Annotations {
    /// Takes the commands of one more comment after the same move; values
    /// already found stay (the first one counts).
    pub fn read(&mut self, comment: &[u8]) {
        // Lichess's comments end in its clock: read at once, what is
        // before it as any comment. No command that starts before that
        // clock can match into it (the clock starts with ` [`, and no
        // grammar takes a `[` after a command's first space), so the
        // values are those of the whole comment.
        if let Some((head, clock)) = split_clock(comment) {
            if !head.is_empty() {
                self.read_head(head);
            }
            self.clock.get_or_insert(clock);
            return;
        }
        self.read_commands(comment);
    }

    /// What comes before Lichess's clock: most often its evaluation,
    /// ` [%eval E]`, read at once when that is all there is. (Kept out of
    /// [`Annotations::read`], whose clock-only path stays small.)
    #[inline(never)]
    fn read_head(&mut self, head: &[u8]) {
        if self.eval.is_none() {
            if let Some(body) = head.strip_prefix(b" [%eval") {
                if let Some((eval, _)) = eval(body).filter(|&(_, len)| len == body.len()) {
                    self.eval = Some(eval);
                    return;
                }
            }
        }
        self.read_commands(head);
    }

    /// [`Annotations::read`] for any comment.
    #[inline(never)]
    fn read_commands(&mut self, comment: &[u8]) {
        let mut rest = comment;
        while self.clock.is_none() || self.eval.is_none() {
            let Some(at) = find_bracket(rest) else { return };
            rest = &rest[at..];
            let mut skip = 1;
            if self.clock.is_none() && rest.starts_with(b"[%clk") {
                if let Some((clock, len)) = clock(&rest[5..]) {
                    self.clock = Some(clock);
                    // No command starts inside a matched one (it has no
                    // `[`): the search goes on after it.
                    skip = 5 + len;
                }
            } else if self.eval.is_none() && rest.starts_with(b"[%eval") {
                self.eval = eval(&rest[6..]).map(|(eval, _)| eval);
            }
            rest = &rest[skip..];
        }
    }
}

/// The clock that ends a comment as Lichess writes it,
/// ` [%clk H:MM:SS] ` (after an evaluation, or alone: most comments of its
/// files), as [`clock`] reads it, and the comment before it. The last 16
/// bytes are compared with that shape at once: the fixed bytes equal, the
/// five digits each `'0'..='9'`.
fn split_clock(comment: &[u8]) -> Option<(&[u8], f64)> {
    const SHAPE: u128 = u128::from_le_bytes(*b" [%clk 0:00:00] ");
    /// The bytes of the digits (`H`, `MM` and `SS`).
    const DIGITS: u128 = 0xff << 56 | 0xffff << 72 | 0xffff << 96;
    /// In each digit's byte: 0x76, which carries into the high bit of
    /// that byte exactly when the byte (a digit minus `'0'`) is over 9.
    const NINE: u128 = 0x76 * (DIGITS / 0xff);
    const HIGH: u128 = 0x80 * (DIGITS / 0xff);
    let (head, tail) = comment.split_at(comment.len().checked_sub(16)?);
    // The digits' values in their bytes, every other byte 0.
    let x = u128::from_le_bytes(tail.try_into().ok()?) ^ SHAPE;
    if x & !DIGITS != 0 || (x | (x + NINE)) & HIGH != 0 {
        return None;
    }
    let d = x.to_le_bytes().map(u32::from);
    Some((head, f64::from(d[7] * 3600 + (d[9] * 10 + d[10]) * 60 + d[12] * 10 + d[13])))
}

/// Where the first `[` of `s` is: eight bytes a step (a comment's text
/// is mostly other bytes), then byte by byte for the last few.
fn find_bracket(s: &[u8]) -> Option<usize> {
    const BRACKETS: u64 = 0x5b5b_5b5b_5b5b_5b5b;
    let mut words = s.chunks_exact(8);
    for (i, word) in words.by_ref().enumerate() {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes")) ^ BRACKETS;
        // The high bit of the first zero byte (a `[`) is the lowest set.
        let zeros = word.wrapping_sub(0x0101_0101_0101_0101) & !word & 0x8080_8080_8080_8080;
        if zeros != 0 {
            return Some(8 * i + (zeros.trailing_zeros() / 8) as usize);
        }
    }
    let tail = words.remainder();
    tail.iter().position(|&b| b == b'[').map(|i| s.len() - tail.len() + i)
}

/// The annotations of a game's moves as columns, filled as the moves and
/// comments are read: the values, and a bit for each telling whether it
/// is there (packed, the first move's in the lowest bit of the first
/// byte: what Arrow's validity bitmaps hold).
#[derive(Default)]
pub(crate) struct NoteColumns {
    pub clock: Vec<f64>,
    pub has_clock: Vec<u8>,
    pub cp: Vec<i32>,
    pub has_cp: Vec<u8>,
    pub mate: Vec<i32>,
    pub has_mate: Vec<u8>,
    /// What the comments after the last move said so far.
    last: Annotations,
}

impl NoteColumns {
    /// Empties the columns (the buffers are kept).
    pub fn clear(&mut self) {
        self.clock.clear();
        self.has_clock.clear();
        self.cp.clear();
        self.has_cp.clear();
        self.mate.clear();
        self.has_mate.clear();
        self.last = Annotations::default();
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.clock.len()
    }

    /// A move is played: the notes of the one before are final, and the
    /// new one has none yet.
    pub fn next_move(&mut self) {
        self.finish();
        if self.len().is_multiple_of(8) {
            self.has_clock.push(0);
            self.has_cp.push(0);
            self.has_mate.push(0);
        }
        self.clock.push(0.0);
        self.cp.push(0);
        self.mate.push(0);
    }

    /// Takes a comment after the last move (none before the first move).
    pub fn read(&mut self, comment: &[u8]) {
        if self.len() > 0 {
            self.last.read(comment);
        }
    }

    /// Puts what the comments after the last move said into the columns
    /// (again after more comments: a value found stays).
    #[inline]
    pub fn finish(&mut self) {
        let last = std::mem::take(&mut self.last);
        // The last move's values are the last ones, and its bits are in
        // the last bytes: no index to check.
        let bit = 1 << (self.len().wrapping_sub(1) % 8);
        if let Some(clock) = last.clock {
            if let (Some(value), Some(bits)) = (self.clock.last_mut(), self.has_clock.last_mut()) {
                *value = clock;
                *bits |= bit;
            }
        }
        let (values, bits, value) = match last.eval {
            Some(Eval::Cp(cp)) => (&mut self.cp, &mut self.has_cp, cp),
            Some(Eval::Mate(m)) => (&mut self.mate, &mut self.has_mate, m),
            None => return,
        };
        if let (Some(v), Some(b)) = (values.last_mut(), bits.last_mut()) {
            *v = value;
            *b |= bit;
        }
    }

    /// The evaluation after move `i` (after [`NoteColumns::finish`]).
    pub fn eval(&self, i: usize) -> Option<Eval> {
        let (byte, bit) = (i / 8, 1 << (i % 8));
        if self.has_cp[byte] & bit != 0 {
            Some(Eval::Cp(self.cp[i]))
        } else if self.has_mate[byte] & bit != 0 {
            Some(Eval::Mate(self.mate[i]))
        } else {
            None
        }
    }
}

/// The length in bytes of the whitespace character `s` starts with, as
/// Python's `\s` matches it in text (python-chess reads decoded text):
/// ASCII's six, its separators 0x1c to 0x1f, and the UTF-8 of U+0085,
/// U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F and
/// U+3000. `None` for anything else.
fn space_len(s: &[u8]) -> Option<usize> {
    match s {
        [b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | 0x1c..=0x1f, ..] => Some(1),
        [0xc2, 0x85 | 0xa0, ..] => Some(2),
        [0xe1, 0x9a, 0x80, ..]
        | [0xe2, 0x80, 0x80..=0x8a | 0xa8 | 0xa9 | 0xaf, ..]
        | [0xe2, 0x81, 0x9f, ..]
        | [0xe3, 0x80, 0x80, ..] => Some(3),
        _ => None,
    }
}

/// The run of ASCII digits at the start of `s`: its length.
fn digits(s: &[u8]) -> usize {
    s.iter().take_while(|b| b.is_ascii_digit()).count()
}

/// `\s(\d+):(\d+):(\d+(?:\.\d*)?)\]` after `[%clk`: hours * 3600 +
/// minutes * 60 as an integer, then plus the seconds as a float, as
/// Python computes it; and the length of the match.
fn clock(s: &[u8]) -> Option<(f64, usize)> {
    // Lichess writes ` H:MM:SS]`: read that shape at once.
    if let Some(&[b' ', h, b':', m1, m2, b':', s1, s2, b']']) = s.get(..9) {
        let d = [h, m1, m2, s1, s2];
        if d.iter().all(u8::is_ascii_digit) {
            let [h, m1, m2, s1, s2] = d.map(|b| u32::from(b - b'0'));
            return Some((f64::from(h * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2), 9));
        }
    }
    let space = space_len(s)?;
    let after_space = &s[space..];
    let h = digits(after_space);
    let s_minutes = after_space[h..].strip_prefix(b":")?;
    let m = digits(s_minutes);
    let s_seconds = s_minutes[m..].strip_prefix(b":")?;
    let whole = digits(s_seconds);
    let mut len = whole;
    if s_seconds.get(len) == Some(&b'.') {
        len += 1 + digits(&s_seconds[len + 1..]);
    }
    if h == 0 || m == 0 || whole == 0 || s_seconds.get(len) != Some(&b']') {
        return None;
    }
    let minutes = match (integer(&after_space[..h]), integer(&s_minutes[..m])) {
        // Exact as an integer, rounded once to a float as Python's int is.
        (Some(hours), Some(minutes)) => to_float(hours * 3600 + minutes * 60),
        _ => number(&after_space[..h])? * 3600.0 + number(&s_minutes[..m])? * 60.0,
    };
    let seconds = match integer(&s_seconds[..len]) {
        Some(seconds) => to_float(seconds),
        None => core::str::from_utf8(&s_seconds[..len]).ok()?.parse().ok()?,
    };
    // The space, the three numbers, two colons and the bracket.
    Some((minutes + seconds, space + h + m + len + 3))
}

/// An integer as the nearest float (a u64's conversion is the cheaper
/// one, and rounds the same).
fn to_float(n: u128) -> f64 {
    match u64::try_from(n) {
        Ok(n) => n as f64,
        Err(_) => n as f64,
    }
}

/// A run of at most 34 ASCII digits as an integer (`None` for a longer
/// run or another byte): small enough for `hours * 3600 + minutes * 60`
/// in a u128.
fn integer(d: &[u8]) -> Option<u128> {
    match d.len() {
        // Most clocks: the sum fits a u64.
        0..=19 => {
            d.iter().try_fold(0u64, |n, &b| b.is_ascii_digit().then(|| n * 10 + u64::from(b - b'0'))).map(u128::from)
        }
        20..=34 => d.iter().try_fold(0u128, |n, &b| b.is_ascii_digit().then(|| n * 10 + u128::from(b - b'0'))),
        _ => None,
    }
}

/// A run of digits as a float (for runs too long for [`integer`]).
fn number(d: &[u8]) -> Option<f64> {
    core::str::from_utf8(d).ok()?.parse().ok()
}

/// `\s(?:\#([+-]?\d+)|([+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))(?:,(\d+))?\]`
/// after `[%eval`: the evaluation, and the length of the match.
fn eval(s: &[u8]) -> Option<(Eval, usize)> {
    let space = space_len(s)?;
    let body = &s[space..];
    let (value, len) = match body.split_first() {
        Some((b'#', moves)) => {
            let (negative, digits_at) = sign(moves);
            let n = digits(&moves[digits_at..]);
            if n == 0 {
                return None;
            }
            (Eval::Mate(saturate(&moves[digits_at..digits_at + n], negative)), 1 + digits_at + n)
        }
        _ => {
            let (cp, len) = pawns(body)?;
            (Eval::Cp(cp), len)
        }
    };
    let mut end = space + len;
    if s.get(end) == Some(&b',') {
        let n = digits(&s[end + 1..]);
        if n == 0 {
            return None;
        }
        end += 1 + n;
    }
    (s.get(end) == Some(&b']')).then_some((value, end + 1))
}

/// `[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)`: pawns in centipawns,
/// exactly (`0.29` is 29), read in one pass; and the length of the match.
fn pawns(s: &[u8]) -> Option<(i32, usize)> {
    let (negative, start) = sign(s);
    let mut at = start;
    let mut cp: i64 = 0;
    while let Some(d) = s.get(at).and_then(|b| digit(*b)) {
        // Eleven digits are already too many: no overflow.
        if at - start == 10 {
            return None;
        }
        cp = cp * 10 + d;
        at += 1;
    }
    let whole = at - start;
    cp *= 100;
    if s.get(at) == Some(&b'.') {
        at += 1;
        let frac = digits(&s[at..]);
        match frac {
            1 | 2 => {
                cp += 10 * i64::from(s[at] - b'0');
                if frac == 2 {
                    cp += i64::from(s[at + 1] - b'0');
                }
                at += frac;
            }
            0 if whole > 0 => {}
            _ => return None,
        }
    } else if whole == 0 {
        return None;
    }
    let cp = cp.min(i64::from(i32::MAX)) as i32;
    Some((if negative { -cp } else { cp }, at))
}

/// A digit's value.
fn digit(b: u8) -> Option<i64> {
    b.is_ascii_digit().then(|| i64::from(b - b'0'))
}

/// An optional sign: whether it is `-`, and where what follows it starts.
fn sign(s: &[u8]) -> (bool, usize) {
    match s.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    }
}

/// Digits as an `i32`, saturating (a mate in billions of moves is no
/// position anyone reaches).
fn saturate(d: &[u8], negative: bool) -> i32 {
    let mut n: i64 = 0;
    for &b in d {
        n = (n * 10 + i64::from(b - b'0')).min(i64::from(i32::MAX));
    }
    (if negative { -n } else { n }) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(comment: &str) -> Annotations {
        Annotations::default().tap(comment.as_bytes())
    }

    impl Annotations {
        /// The annotations after reading `comment` too.
        fn tap(mut self, comment: &[u8]) -> Annotations {
            self.read(comment);
            self
        }
    }

    #[test]
    fn lichess_comments() {
        let a = read(" [%eval 0.17] [%clk 0:03:00] ");
        assert_eq!(a, Annotations { clock: Some(180.0), eval: Some(Eval::Cp(17)) });
        assert_eq!(read("[%clk 1:02:03.5]").clock, Some(3723.5));
        assert_eq!(read("[%eval #-3]").eval, Some(Eval::Mate(-3)));
        assert_eq!(read("[%eval #+2,30]").eval, Some(Eval::Mate(2)));
        assert_eq!(read("[%eval -1.5]").eval, Some(Eval::Cp(-150)));
        assert_eq!(read("[%eval 0.29]").eval, Some(Eval::Cp(29)));
        assert_eq!(read("[%eval 3.]").eval, Some(Eval::Cp(300)));
        assert_eq!(read("[%eval .5]").eval, Some(Eval::Cp(50)));
        assert_eq!(read("[%eval 12,20]").eval, Some(Eval::Cp(1200)));
    }

    #[test]
    fn clocks_as_python_computes_them() {
        // Values from python-chess 1.11.2's `GameNode.clock()`: the hours
        // and minutes are summed as exact integers, then rounded once.
        assert_eq!(read("[%clk 99999999999999999:59:59]").clock, Some(3.6e20));
        assert_eq!(read("[%clk 123456789012345678901:0:0.5]").clock, Some(4.444444404444444e23));
        assert_eq!(read("[%clk 0:00:05.25]").clock, Some(5.25));
        assert_eq!(read("[%clk 1:2:3.]").clock, Some(3723.0));
        assert_eq!(read("[%clk\t0:00:09]").clock, Some(9.0));
    }

    #[test]
    fn unicode_whitespace_after_the_command_as_python_matches_it() {
        // python-chess reads text: its `\s` is any character Python calls
        // whitespace, in ASCII (the separators 0x1c to 0x1f) and beyond.
        assert_eq!(read("[%clk\u{a0}0:00:05]").clock, Some(5.0));
        assert_eq!(read("[%eval\u{1c}0.17]").eval, Some(Eval::Cp(17)));
        assert_eq!(read("[%eval\u{2003}#-3,4]").eval, Some(Eval::Mate(-3)));
        let both = read("[%clk\u{3000}1:00:00] [%eval\u{85}1]");
        assert_eq!(both, Annotations { clock: Some(3600.0), eval: Some(Eval::Cp(100)) });
        let after = read("[%clk\u{2029}0:00:01][%eval\u{1680}2]");
        assert_eq!(after, Annotations { clock: Some(1.0), eval: Some(Eval::Cp(200)) });
        // Not whitespace to Python (a zero-width space, a lone byte).
        assert_eq!(read("[%clk\u{200b}0:00:05]").clock, None);
        assert_eq!(Annotations::default().tap(b"[%clk\xc20:00:05]").clock, None);
        assert_eq!(read("[%eval\u{a0}]").eval, None);
    }

    #[test]
    fn malformed_commands_are_absent() {
        for c in ["[%clk 0:03]", "[%clk0:03:00]", "[%clk 0:03:00", "[%clk a:03:00]", "[%clk 0:03:.5]"] {
            assert_eq!(read(c).clock, None, "{c}");
        }
        for c in ["[%eval 0.123]", "[%eval #]", "[%eval]", "[%eval 1.5,]", "[%eval 12345678901]", "[%eval x]"] {
            assert_eq!(read(c).eval, None, "{c}");
        }
    }

    #[test]
    fn find_bracket_finds_the_first() {
        for len in 0..40 {
            for at in 0..=len {
                // Brackets at `at` and after it (none if `at` is the end),
                // other bytes before, some with the high bit set.
                let s: Vec<u8> =
                    (0..len).map(|i| if i >= at { b'[' } else { [b'x', 0x80, 0xdb, b']', 0][i % 5] }).collect();
                assert_eq!(find_bracket(&s), (at < len).then_some(at), "{s:?}");
            }
        }
    }

    #[test]
    fn note_columns_take_each_move_s_comments() {
        let mut c = NoteColumns::default();
        c.read(b"[%clk 0:00:01]"); // before the first move: no move to annotate
        for i in 0..10 {
            c.next_move();
            if i % 3 == 0 {
                c.read(format!("[%clk 0:00:{i:02}]").as_bytes());
                c.read(b"[%clk 0:09:00] [%eval #-2]");
            }
        }
        c.read(b"[%eval 0.5]");
        c.finish();
        c.finish();
        assert_eq!(c.len(), 10);
        assert_eq!(c.clock, [0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 6.0, 0.0, 0.0, 9.0]);
        assert_eq!(c.has_clock, [0b0100_1001, 0b10]);
        assert_eq!((c.eval(0), c.eval(1), c.eval(9)), (Some(Eval::Mate(-2)), None, Some(Eval::Mate(-2))));
        assert_eq!(c.has_mate, [0b0100_1001, 0b10]);
        assert_eq!(c.has_cp, [0, 0]);
        c.clear();
        c.next_move();
        c.read(b"[%eval 0.5]");
        c.finish();
        assert_eq!((c.eval(0), c.has_clock.as_slice()), (Some(Eval::Cp(50)), &[0][..]));
    }

    #[test]
    fn lichess_comments_read_as_any_comment() {
        // Lichess's comments and near misses of their shapes, after
        // comments that gave nothing, a clock or an evaluation: read at
        // once (when they have those shapes) and by the general grammar.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let shapes: [&[u8]; 9] = [
            b" [%clk 1:02:03] ",
            b" [%eval -0.12] [%clk 0:15:10] ",
            b" [%eval #-3] [%clk 0:00:09] ",
            b" [%eval 12.5,20] [%clk 1:00:00] ",
            b"[%eval 3.] [%clk 0:00:01] ",
            b" [%eval 1234567.89] [%clk 0:00:01] ",
            b" [%eval -12345678] [%clk 0:00:01] ",
            b" [%eval 9999999999] [%clk 0:00:01] ",
            b" [%eval .5] [%clk 0:00:01] ",
        ];
        let earlier = [Annotations::default(), read("[%clk 0:00:05]"), read("[%eval 0.5]")];
        let alphabet = b" [%clkev0123456789:.#,]-+x\n";
        for round in 0..60_000 {
            let mut c = shapes[round % shapes.len()].to_vec();
            for _ in 0..next(4) {
                let at = next(c.len());
                c[at] = alphabet[next(alphabet.len())];
            }
            let before = earlier[round / shapes.len() % earlier.len()];
            let (mut fast, mut general) = (before, before);
            fast.read(&c);
            general.read_commands(&c);
            assert_eq!(fast, general, "{:?} after {before:?}", String::from_utf8_lossy(&c));
        }
        assert_eq!(split_clock(b" [%clk 9:59:58] "), Some((&b""[..], 35_998.0)));
        assert_eq!(split_clock(b"x [%clk 0:03:07] "), Some((&b"x"[..], 187.0)));
        assert_eq!(split_clock(b" [%clk 0:03:00]"), None);
        for bad in [b'/', b':', 0xb0, 0x80, 0xff] {
            let mut c = *b" [%clk 0:03:00] ";
            for at in [7, 9, 10, 12, 13] {
                let digit = c[at];
                c[at] = bad;
                assert_eq!(split_clock(&c), None, "{:?}", String::from_utf8_lossy(&c));
                c[at] = digit;
            }
        }
    }

    #[test]
    fn first_match_counts() {
        let mut a = read("[%clk bad] [%clk 0:00:05]");
        assert_eq!(a.clock, Some(5.0));
        a.read(b"[%clk 0:00:07] [%eval 1]");
        assert_eq!(a, Annotations { clock: Some(5.0), eval: Some(Eval::Cp(100)) });
    }
}
