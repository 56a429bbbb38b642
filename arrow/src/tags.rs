//! The typed tag values: ratings, the UTC date and time, the time
//! control. Each parser returns `None` for a value it cannot read (`?`,
//! `-`, text), and the games table then keeps that value's text in its
//! `other_tags` column, so no tag is lost.

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
/// `None` for unknown parts (`????.??.??`) or an impossible date.
pub fn date(value: &str) -> Option<i32> {
    let mut parts = value.trim().split('.');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !(all_digits(y) && all_digits(m) && all_digits(d)) {
        return None;
    }
    let (y, m, d): (i32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    if y == 0 || !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) {
        return None;
    }
    Some(days_from_civil(y, m, d) - UNIX_EPOCH_DAYS)
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
/// `time32(second)`).
pub fn time(value: &str) -> Option<i32> {
    let b = value.trim().as_bytes();
    if b.len() != 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let two = |i: usize| -> Option<i32> {
        let (a, c) = (b[i], b[i + 1]);
        (a.is_ascii_digit() && c.is_ascii_digit()).then(|| i32::from(a - b'0') * 10 + i32::from(c - b'0'))
    };
    let (h, m, s) = (two(0)?, two(3)?, two(6)?);
    (h < 24 && m < 60 && s < 60).then_some(h * 3600 + m * 60 + s)
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
        for bad in ["????.??.??", "2017.02.29", "2017.13.01", "2017.4.1", "2017.04.01.01", "0000.01.01"] {
            assert_eq!(date(bad), None, "{bad}");
        }
        assert_eq!(date("2016.02.29"), Some(16_860));
    }

    #[test]
    fn times() {
        assert_eq!(time("00:00:00"), Some(0));
        assert_eq!(time("23:59:59"), Some(86_399));
        for bad in ["24:00:00", "1:00:00", "12:60:00", "??:??:??"] {
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
