//! Writing operands as python-chess reads them.

use alloc::format;
use alloc::string::String;
use core::fmt::{self, Write as _};

pub(super) fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_char('"')?;
    for c in s.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '"' => f.write_str("\\\"")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            '\r' => f.write_str("\\r")?,
            c => f.write_char(c)?,
        }
    }
    f.write_char('"')
}

/// Writes a finite float as Python's `repr` does: the shortest digits that
/// read back the same, positional for exponents from -4 to 15 (always with
/// a `.`), else `d.ddde+XX`.
pub(super) fn write_float(f: &mut fmt::Formatter<'_>, x: f64) -> fmt::Result {
    let sci = format!("{x:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    f.write_str(sign)?;
    if (-4..16).contains(&exp) {
        if exp < 0 {
            f.write_str("0.")?;
            for _ in 0..(-exp - 1) {
                f.write_char('0')?;
            }
            f.write_str(&digits)
        } else {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                f.write_str(&digits)?;
                for _ in digits.len()..int_len {
                    f.write_char('0')?;
                }
                f.write_str(".0")
            } else {
                write!(f, "{}.{}", &digits[..int_len], &digits[int_len..])
            }
        }
    } else {
        f.write_str(&digits[..1])?;
        if digits.len() > 1 {
            write!(f, ".{}", &digits[1..])?;
        }
        write!(f, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}
