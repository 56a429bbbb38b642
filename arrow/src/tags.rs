//! A game's tags, and the typed tag values: ratings, the UTC date and
//! time, the time control. Each parser returns `None` for a value it
//! cannot read (`?`, `-`, text), and the games table then keeps that
//! value's text in its `other_tags` column, so no tag is lost.

use std::borrow::Cow;

use chess_movegen::pgn::TagValue;

use crate::games::{known, KNOWN, KNOWN_NAMES};

/// In [`Tags::kinds`]: a tag without a column of its own.
const OTHER: u8 = u8::MAX;
/// In [`Tags::kinds`]: a tag whose name comes again later (the last
/// value counts, as python-chess keeps it).
const GONE: u8 = u8::MAX - 1;

/// A game's tags in file order, each tag with a column found once, by
/// its name, as it is read.
#[derive(Default)]
pub(crate) struct Tags {
    /// The values (their escapes resolved after [`Tags::finish`]).
    values: Pieces,
    /// The names of the tags without a column (empty for the others:
    /// their names are in [`KNOWN_NAMES`]).
    names: Pieces,
    /// Each tag's place in [`KNOWN_NAMES`], or [`OTHER`] or [`GONE`].
    kinds: Vec<u8>,
    /// Where each tag with a column is in the list.
    at: [Option<u32>; KNOWN],
    /// Whether the text is made (a game that stops before its first tag
    /// leaves the tags of the game before, which are made already).
    finished: bool,
}

impl Tags {
    /// Empties the list (the buffers are kept).
    pub fn clear(&mut self) {
        self.values.clear();
        self.names.clear();
        self.kinds.clear();
        self.at = [None; KNOWN];
        self.finished = false;
    }

    /// Adds a tag; an earlier one of the same name is dropped.
    pub fn push(&mut self, name: &[u8], value: TagValue<'_>) {
        let i = self.kinds.len() as u32;
        let kind = match known(name) {
            Some(k) => {
                if let Some(earlier) = self.at[k].replace(i) {
                    self.kinds[earlier as usize] = GONE;
                }
                self.names.push(b"");
                k as u8
            }
            None => {
                // The reader's names are ASCII (its grammar's), so their
                // bytes compare as their text does.
                let earlier = (0..self.kinds.len()).find(|&j| self.kinds[j] == OTHER && self.names.raw(j) == name);
                if let Some(j) = earlier {
                    self.kinds[j] = GONE;
                }
                self.names.push(name);
                OTHER
            }
        };
        self.kinds.push(kind);
        self.values.push(value.as_bytes());
    }

    /// Makes the text of the names and values: after the last tag, before
    /// any is looked at.
    pub fn finish(&mut self) {
        if std::mem::replace(&mut self.finished, true) {
            return;
        }
        self.values.finish(decode, Some(b'\\'));
        self.names.finish(String::from_utf8_lossy, None);
    }

    /// The value of the tag with a column at place `k` of
    /// [`KNOWN_NAMES`].
    #[inline]
    pub fn known(&self, k: usize) -> Option<&str> {
        self.at[k].map(|i| self.values.get(i as usize))
    }

    /// The tags in file order (a repeated one once): the place in
    /// [`KNOWN_NAMES`] of those with a column, and the tag's index for
    /// [`Tags::name`] and [`Tags::value`] (text looked at only for the
    /// tags that need it).
    pub fn iter(&self) -> impl Iterator<Item = (Option<usize>, usize)> + '_ {
        self.kinds.iter().enumerate().filter(|&(_, &kind)| kind != GONE).map(|(i, &kind)| match kind {
            OTHER => (None, i),
            k => (Some(usize::from(k)), i),
        })
    }

    /// The name of tag `i`.
    pub fn name(&self, i: usize) -> &str {
        match self.kinds[i] {
            OTHER | GONE => self.names.get(i),
            k => KNOWN_NAMES[usize::from(k)],
        }
    }

    /// The value of tag `i`.
    pub fn value(&self, i: usize) -> &str {
        self.values.get(i)
    }
}

/// A tag value's text, its escapes resolved.
fn decode(raw: &[u8]) -> Cow<'_, str> {
    TagValue::new(raw).decode()
}

/// Byte strings back to back in one buffer, then their text: checked as
/// UTF-8 once for a game's tags, not once for each (most tags are a few
/// ASCII bytes, where a check's setup costs more than its loop).
#[derive(Default)]
struct Pieces {
    raw: Vec<u8>,
    text: String,
    /// Where each piece ends, in `raw` and then in `text`.
    ends: Vec<usize>,
}

impl Pieces {
    fn clear(&mut self) {
        let mut raw = std::mem::take(&mut self.text).into_bytes();
        raw.clear();
        self.raw = raw;
        self.ends.clear();
    }

    fn push(&mut self, piece: &[u8]) {
        self.raw.extend_from_slice(piece);
        self.ends.push(self.raw.len());
    }

    fn start(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.ends[i - 1]
        }
    }

    /// The `i`-th piece's bytes (before [`Pieces::finish`]).
    fn raw(&self, i: usize) -> &[u8] {
        &self.raw[self.start(i)..self.ends[i]]
    }

    /// Turns the bytes into text: as they are when they are UTF-8 without
    /// `special` (and no piece ends inside a character), otherwise piece
    /// by piece through `text`.
    fn finish(&mut self, text: impl Fn(&[u8]) -> Cow<'_, str>, special: Option<u8>) {
        let raw = std::mem::take(&mut self.raw);
        match String::from_utf8(raw) {
            Ok(whole)
                if special.is_none_or(|b| !whole.as_bytes().contains(&b))
                    && self.ends.iter().all(|&e| whole.is_char_boundary(e)) =>
            {
                self.text = whole;
            }
            Ok(whole) => self.rebuild(whole.into_bytes(), text),
            Err(e) => self.rebuild(e.into_bytes(), text),
        }
    }

    #[cold]
    fn rebuild(&mut self, raw: Vec<u8>, text: impl Fn(&[u8]) -> Cow<'_, str>) {
        self.text.clear();
        let mut start = 0;
        for end in self.ends.iter_mut() {
            self.text.push_str(&text(&raw[start..*end]));
            start = *end;
            *end = self.text.len();
        }
        self.raw = raw;
    }

    /// The `i`-th piece's text (after [`Pieces::finish`]).
    #[inline]
    fn get(&self, i: usize) -> &str {
        &self.text[self.start(i)..self.ends[i]]
    }
}

/// Days from 0001-01-01 to 1970-01-01 in the proleptic Gregorian calendar.
const UNIX_EPOCH_DAYS: i32 = 719_162;

/// An integer tag (`WhiteElo`, `WhiteRatingDiff`): optional sign, digits,
/// surrounding spaces allowed (as Python's `int()` allows them).
pub fn integer(value: &str) -> Option<i32> {
    let v = value.trim();
    let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse().ok()
}

/// `UTCDate` as `YYYY.MM.DD`: days since 1970-01-01 (Arrow's `date32`);
/// `None` for unknown parts (`????.??.??`) or an impossible date. Read as
/// Python's `datetime.strptime(value, "%Y.%m.%d")` reads it (what one
/// compares the column with): the month and the day in one digit or two
/// (`2017.4.1`), nothing before or after.
pub fn date(value: &str) -> Option<i32> {
    let mut parts = value.split('.');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || !all_digits(y) {
        return None;
    }
    let (y, m, d): (i32, u32, u32) = (y.parse().ok()?, one_or_two_digits(m)?, one_or_two_digits(d)?);
    if y == 0 || !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) {
        return None;
    }
    Some(days_from_civil(y, m, d) - UNIX_EPOCH_DAYS)
}

fn all_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

/// A field of one or two ASCII digits (as `strptime`'s `%m`, `%d`, `%H`,
/// `%M`, `%S` take them).
fn one_or_two_digits(s: &str) -> Option<u32> {
    if (1..=2).contains(&s.len()) && all_digits(s) {
        s.parse().ok()
    } else {
        None
    }
}

fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i32, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 0001-01-01 (day 0) to the date.
fn days_from_civil(y: i32, m: u32, d: u32) -> i32 {
    let before = y - 1;
    let mut days = before * 365 + before / 4 - before / 100 + before / 400;
    for month in 1..m {
        days += days_in_month(y, month) as i32;
    }
    days + d as i32 - 1
}

/// `UTCTime` as `HH:MM:SS`: seconds since midnight (Arrow's
/// `time32(second)`), read as `strptime(value, "%H:%M:%S")` reads it (one
/// digit or two each, nothing around them).
pub fn time(value: &str) -> Option<i32> {
    let mut parts = value.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (h, m, s) = (one_or_two_digits(h)?, one_or_two_digits(m)?, one_or_two_digits(s)?);
    (h < 24 && m < 60 && s < 60).then_some((h * 3600 + m * 60 + s) as i32)
}

/// `TimeControl` as `base+increment` in seconds (`600+5`, or `600`
/// without increment, which is 0); `None` for `-` (no clock), `?` and the
/// multi-period forms (`40/7200:3600`).
pub fn time_control(value: &str) -> Option<(i32, i32)> {
    let v = value.trim();
    let (base, inc) = match v.split_once('+') {
        Some((b, i)) => (b, i),
        None => (v, "0"),
    };
    let plain = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !(plain(base) && plain(inc)) {
        return None;
    }
    Some((base.parse().ok()?, inc.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::RESULT;

    fn tags(pairs: &[(&[u8], &[u8])]) -> Tags {
        let mut tags = Tags::default();
        for (name, value) in pairs {
            tags.push(name, TagValue::new(value));
        }
        tags.finish();
        tags
    }

    fn listed(tags: &Tags) -> Vec<(Option<usize>, &str, &str)> {
        tags.iter().map(|(kind, i)| (kind, tags.name(i), tags.value(i))).collect()
    }

    #[test]
    fn a_repeated_tag_keeps_its_last_value_at_its_last_place() {
        let t = tags(&[
            (b"Result", b"1-0"),
            (b"Annotator", b"a"),
            (b"Event", b"e"),
            (b"Result", b"0-1"),
            (b"Annotator", b"b"),
        ]);
        assert_eq!(t.known(RESULT), Some("0-1"));
        assert_eq!(t.known(0), Some("e"));
        assert_eq!(t.known(1), None);
        assert_eq!(listed(&t), [(Some(0), "Event", "e"), (Some(RESULT), "Result", "0-1"), (None, "Annotator", "b")]);
    }

    #[test]
    fn values_are_decoded_as_the_reader_decodes_them() {
        // Escapes, bytes that are not UTF-8, and a character split between
        // two values (valid UTF-8 only when the bytes are put together).
        let raw: [&[u8]; 4] = [br#"a\"b\\c"#, b"caf\xe9", b"x\xc3", b"\xa9y"];
        let mut t = tags(&[(b"White", raw[0]), (b"Black", raw[1]), (b"Site", raw[2]), (b"Date", raw[3])]);
        for (i, raw) in raw.iter().enumerate() {
            assert_eq!(t.value(i), TagValue::new(raw).decode(), "{raw:?}");
        }
        assert_eq!((t.value(0), t.value(2), t.value(3)), (r#"a"b\c"#, "x\u{fffd}", "\u{fffd}y"));
        // Made once: a second finish (after a game that stops before its
        // first tag) leaves the text as it is.
        t.finish();
        assert_eq!(t.value(0), r#"a"b\c"#);
        // The split character alone (the bytes put together are UTF-8).
        let split = tags(&[(b"Site", b"x\xc3"), (b"Date", b"\xa9y")]);
        assert_eq!((split.value(0), split.value(1)), ("x\u{fffd}", "\u{fffd}y"));
        let plain = tags(&[(b"Site", "é".as_bytes()), (b"X\xff", b"1")]);
        assert_eq!(listed(&plain), [(Some(1), "Site", "é"), (None, "X\u{fffd}", "1")]);
    }

    #[test]
    fn integers() {
        assert_eq!(integer("1500"), Some(1500));
        assert_eq!(integer("-12"), Some(-12));
        assert_eq!(integer("+7"), Some(7));
        for bad in ["?", "-", "", "15a", "99999999999"] {
            assert_eq!(integer(bad), None, "{bad}");
        }
    }

    #[test]
    fn dates() {
        assert_eq!(date("1970.01.01"), Some(0));
        assert_eq!(date("2017.04.01"), Some(17_257));
        assert_eq!(date("2000.03.01"), Some(11_017));
        assert_eq!(date("1969.12.31"), Some(-1));
        // As Python's `strptime(value, "%Y.%m.%d")` reads them: the month
        // and day in one digit or two, nothing around them.
        assert_eq!(date("2017.4.1"), Some(17_257));
        assert_eq!(date("2017.04.1"), Some(17_257));
        for bad in [
            "????.??.??",
            "2017.02.29",
            "2017.13.01",
            "2017.04.01.01",
            "0000.01.01",
            "17.04.01",
            "02017.04.01",
            "2017.004.01",
            "2017.00.01",
            " 2017.04.01",
            "2017.04.01 ",
            "+2017.04.01",
            "2017.+4.01",
        ] {
            assert_eq!(date(bad), None, "{bad}");
        }
        assert_eq!(date("2016.02.29"), Some(16_860));
    }

    #[test]
    fn times() {
        assert_eq!(time("00:00:00"), Some(0));
        assert_eq!(time("23:59:59"), Some(86_399));
        // As `strptime(value, "%H:%M:%S")`: one digit or two each.
        assert_eq!(time("1:2:3"), Some(3723));
        assert_eq!(time("1:00:00"), Some(3600));
        for bad in
            ["24:00:00", "12:60:00", "23:59:60", "??:??:??", "001:00:00", "12:34", "12:34:56.5", " 12:34:56", "1:+2:03"]
        {
            assert_eq!(time(bad), None, "{bad}");
        }
    }

    #[test]
    fn time_controls() {
        assert_eq!(time_control("600+5"), Some((600, 5)));
        assert_eq!(time_control("60+0"), Some((60, 0)));
        assert_eq!(time_control("300"), Some((300, 0)));
        for bad in ["-", "?", "40/7200:3600", "+5", "600+"] {
            assert_eq!(time_control(bad), None, "{bad}");
        }
    }
}
