//! Text forms of the value types: `FromStr` that reads back what `Display`
//! writes, and the conversions from indexes.

use core::fmt;
use core::str::FromStr;

use crate::types::{CastlingRights, Color, File, Piece, Rank, Role, Square};

/// The error returned when text is not the name of a value: which type was
/// expected and what text it accepts.
///
/// ```
/// use chess_movegen::Color;
/// let err = "green".parse::<Color>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid color: expected white, black, w or b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseValueError {
    what: &'static str,
    expected: &'static str,
}

impl ParseValueError {
    pub(crate) const fn new(what: &'static str, expected: &'static str) -> ParseValueError {
        ParseValueError { what, expected }
    }

    /// The kind of value that was expected (`"color"`, `"role"`, …).
    pub fn what(&self) -> &'static str {
        self.what
    }

    /// The texts accepted, in words.
    pub fn expected(&self) -> &'static str {
        self.expected
    }
}

impl fmt::Display for ParseValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: expected {}", self.what, self.expected)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseValueError {}

/// Text quoted for an error message: in double quotes, with `\\`, `"`,
/// tab, carriage return, line feed and NUL escaped as `Debug` escapes
/// them, and the other characters that cannot be seen or that move the
/// text (controls, whitespace other than the space, invisible formatting
/// and direction marks) as `\u{…}`. Ordinary text reads as `Debug` quotes
/// it; `Debug` itself is not used, so that its Unicode tables of printable
/// characters stay out of the WebAssembly module.
pub(crate) struct Quoted<'a>(pub(crate) &'a str);

/// One character quoted as [`Quoted`] quotes text, in single quotes.
pub(crate) struct QuotedChar(pub(crate) char);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quoted(f, self.0, '"')
    }
}

impl fmt::Display for QuotedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quoted(f, self.0.encode_utf8(&mut [0; 4]), '\'')
    }
}

/// Writes `text` between two `quote`s, escaped (see [`Quoted`]).
fn write_quoted(f: &mut fmt::Formatter<'_>, text: &str, quote: char) -> fmt::Result {
    use fmt::Write;
    f.write_char(quote)?;
    for c in text.chars() {
        match c {
            '\t' => f.write_str("\\t")?,
            '\r' => f.write_str("\\r")?,
            '\n' => f.write_str("\\n")?,
            '\0' => f.write_str("\\0")?,
            '\\' => f.write_str("\\\\")?,
            _ if c == quote => {
                f.write_char('\\')?;
                f.write_char(c)?;
            }
            _ if unseen(c) => write!(f, "\\u{{{:x}}}", u32::from(c))?,
            _ => f.write_char(c)?,
        }
    }
    f.write_char(quote)
}

/// Whether [`Quoted`] writes `c` as its code: a control character,
/// whitespace other than the space, or an invisible formatting or
/// direction mark.
fn unseen(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

/// `text` before byte `end`, a character boundary the caller found (all
/// of `text` if it is not one). This and [`text_from`] slice text where
/// `[..]` would do, because even a slice that cannot fail brings core's
/// panic message, with its Unicode tables, into the WebAssembly module.
pub(crate) fn text_before(text: &str, end: usize) -> &str {
    text.get(..end).unwrap_or(text)
}

/// `text` from byte `start`, a character boundary the caller found (empty
/// if it is not one); see [`text_before`].
pub(crate) fn text_from(text: &str, start: usize) -> &str {
    text.get(start..).unwrap_or("")
}

/// A single character, or `None`.
fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

impl FromStr for Color {
    type Err = ParseValueError;

    /// Reads `white` or `black` (as `Display` writes them) or the FEN
    /// letters `w` and `b`.
    ///
    /// ```
    /// use chess_movegen::Color;
    /// assert_eq!("black".parse(), Ok(Color::Black));
    /// assert_eq!(Color::White.to_string().parse(), Ok(Color::White));
    /// assert_eq!("w".parse(), Ok(Color::White));
    /// ```
    fn from_str(s: &str) -> Result<Color, ParseValueError> {
        match s {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(ParseValueError::new("color", "white, black, w or b")),
        }
    }
}

impl FromStr for Role {
    type Err = ParseValueError;

    /// Reads the name `Display` writes (`pawn` … `king`) or a letter of
    /// either case (`p n b r q k`, `P N B R Q K`).
    ///
    /// ```
    /// use chess_movegen::Role;
    /// assert_eq!("knight".parse(), Ok(Role::Knight));
    /// assert_eq!("Q".parse(), Ok(Role::Queen));
    /// ```
    fn from_str(s: &str) -> Result<Role, ParseValueError> {
        let error = ParseValueError::new("role", "pawn, knight, bishop, rook, queen, king or a letter PNBRQK");
        if let Some(c) = single_char(s) {
            return Role::from_char(c).ok_or(error);
        }
        Role::ALL.into_iter().find(|role| name(*role) == s).ok_or(error)
    }
}

/// The name of a role, as `Display` writes it.
pub(crate) const fn name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

impl FromStr for Piece {
    type Err = ParseValueError;

    /// Reads a FEN letter, as `Display` writes it: `P`…`K` for White,
    /// `p`…`k` for Black.
    ///
    /// ```
    /// use chess_movegen::{Color, Piece, Role};
    /// assert_eq!("n".parse(), Ok(Piece::new(Color::Black, Role::Knight)));
    /// ```
    fn from_str(s: &str) -> Result<Piece, ParseValueError> {
        single_char(s)
            .and_then(Piece::from_char)
            .ok_or(ParseValueError::new("piece", "a FEN letter PNBRQK (White) or pnbrqk (Black)"))
    }
}

impl FromStr for File {
    type Err = ParseValueError;

    /// Reads `a` … `h`.
    ///
    /// ```
    /// use chess_movegen::File;
    /// assert_eq!("e".parse(), Ok(File::E));
    /// ```
    fn from_str(s: &str) -> Result<File, ParseValueError> {
        single_char(s).and_then(File::from_char).ok_or(ParseValueError::new("file", "a letter a-h"))
    }
}

impl FromStr for Rank {
    type Err = ParseValueError;

    /// Reads `1` … `8`.
    ///
    /// ```
    /// use chess_movegen::Rank;
    /// assert_eq!("8".parse(), Ok(Rank::Eighth));
    /// ```
    fn from_str(s: &str) -> Result<Rank, ParseValueError> {
        single_char(s).and_then(Rank::from_char).ok_or(ParseValueError::new("rank", "a digit 1-8"))
    }
}

const CASTLING_LETTERS: [(char, CastlingRights); 4] = [
    ('K', CastlingRights::WHITE_KING_SIDE),
    ('Q', CastlingRights::WHITE_QUEEN_SIDE),
    ('k', CastlingRights::BLACK_KING_SIDE),
    ('q', CastlingRights::BLACK_QUEEN_SIDE),
];

impl fmt::Display for CastlingRights {
    /// The rights as in FEN: `KQkq`, a subset of it in that order, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (c, right) in CASTLING_LETTERS {
            if self.contains(right) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl FromStr for CastlingRights {
    type Err = ParseValueError;

    /// Reads `-` or the letters `K Q k q`, each at most once, in any order.
    ///
    /// ```
    /// use chess_movegen::CastlingRights;
    /// let rights: CastlingRights = "Kq".parse()?;
    /// assert_eq!(rights, CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE);
    /// assert_eq!(rights.to_string(), "Kq");
    /// assert_eq!(CastlingRights::empty().to_string(), "-");
    /// # Ok::<(), chess_movegen::ParseValueError>(())
    /// ```
    fn from_str(s: &str) -> Result<CastlingRights, ParseValueError> {
        let error = ParseValueError::new("castling rights", "'-' or the letters KQkq, each at most once");
        if s == "-" {
            return Ok(CastlingRights::empty());
        }
        let mut rights = CastlingRights::empty();
        for c in s.chars() {
            let (_, right) = CASTLING_LETTERS.iter().find(|(letter, _)| *letter == c).ok_or(error)?;
            if rights.contains(*right) {
                return Err(error);
            }
            rights |= *right;
        }
        if rights.is_empty() {
            return Err(error);
        }
        Ok(rights)
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseValueError;

    /// The square with index 0..64 (see [`Square::from_index`]).
    fn try_from(index: u8) -> Result<Square, ParseValueError> {
        Square::from_index(index).ok_or(ParseValueError::new("square index", "0 to 63"))
    }
}

impl TryFrom<u8> for File {
    type Error = ParseValueError;

    /// The file with index 0..8.
    fn try_from(index: u8) -> Result<File, ParseValueError> {
        File::from_index(index).ok_or(ParseValueError::new("file index", "0 to 7"))
    }
}

impl TryFrom<u8> for Rank {
    type Error = ParseValueError;

    /// The rank with index 0..8.
    fn try_from(index: u8) -> Result<Rank, ParseValueError> {
        Rank::from_index(index).ok_or(ParseValueError::new("rank index", "0 to 7"))
    }
}

impl From<Square> for u8 {
    /// The index 0..64.
    fn from(sq: Square) -> u8 {
        sq as u8
    }
}

#[cfg(test)]
mod tests {
    use super::{Quoted, QuotedChar};
    use alloc::format;

    #[test]
    fn quoted_text_reads_as_debug_quotes_ordinary_text() {
        for text in ["", "e4", "Nf3 \"x\" \\ 'y'", "tab\there\r\n\0", "\u{1b}[31m", "Ünïcödé ♞ 漢字", "\u{7f}"]
        {
            assert_eq!(format!("{}", Quoted(text)), format!("{text:?}"));
            for c in text.chars() {
                assert_eq!(format!("{}", QuotedChar(c)), format!("{c:?}"));
            }
        }
    }

    #[test]
    fn quoted_text_shows_invisible_characters_by_code() {
        assert_eq!(
            format!("{}", Quoted("a\u{a0}b\u{200b}c\u{202e}d\u{feff}\u{2028}")),
            r#""a\u{a0}b\u{200b}c\u{202e}d\u{feff}\u{2028}""#
        );
        assert_eq!(format!("{}", QuotedChar('\u{3000}')), r"'\u{3000}'");
        assert_eq!(format!("{}", QuotedChar('"')), "'\"'");
    }
}
