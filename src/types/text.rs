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
