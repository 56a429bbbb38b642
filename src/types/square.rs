//! Squares, files and ranks.

use core::fmt;
use core::str::FromStr;

use crate::types::{Bitboard, Color};

macro_rules! squares {
    ($($name:ident = $index:expr),* $(,)?) => {
        /// One of the 64 squares, `A1 = 0`, `B1 = 1`, …, `H8 = 63`.
        ///
        /// `#[repr(u8)]`, so arrays of 64 entries indexed by a `Square` need
        /// no bounds check.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square {
            $($name = $index,)*
        }

        impl Square {
            /// All squares in index order (a1, b1, …, h8).
            pub const ALL: [Square; 64] = [$(Square::$name,)*];

            /// The square with index `index & 63`. A `match` on the value
            /// compiles to nothing (the discriminants are the indexes),
            /// where an array lookup would cost a load.
            #[inline(always)]
            pub const fn from_index_wrapping(index: u8) -> Square {
                match index & 63 {
                    $($index => Square::$name,)*
                    _ => Square::A1,
                }
            }
        }
    };
}

squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with this index (0..64), or `None`.
    ///
    /// ```
    /// use chess_movegen::Square;
    /// assert_eq!(Square::from_index(28), Some(Square::E4));
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank as usize * 8 + file as usize]
    }

    /// Index 0..64 (a1 = 0, h8 = 63).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file (column) of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank (row) of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// A bitboard with just this square.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// The square `files` to the right and `ranks` up, if it is on the board.
    ///
    /// ```
    /// use chess_movegen::Square;
    /// assert_eq!(Square::E2.offset(0, 2), Some(Square::E4));
    /// assert_eq!(Square::H1.offset(1, 0), None);
    /// assert_eq!(Square::H8.offset(i8::MAX, i8::MAX), None);
    /// ```
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        // In i16, so that no offset of the i8 range can overflow.
        let file = (self as u8 & 7) as i16 + files as i16;
        let rank = (self as u8 >> 3) as i16 + ranks as i16;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::ALL[(rank * 8 + file) as usize])
        } else {
            None
        }
    }

    /// The square mirrored top to bottom (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square mirrored left to right (a1 ↔ h1).
    #[inline]
    pub const fn flip_horizontal(self) -> Square {
        Square::ALL[self as usize ^ 7]
    }

    /// The square as seen from `color`'s side: unchanged for White, mirrored
    /// top to bottom for Black (so `E1.relative_to(Black) == E8`).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// True if the square is dark (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self as u8 & 7) % 2 == (self as u8 >> 3) % 2
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

/// The error returned when text is not a square name like `e4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square: expected a file a-h followed by a rank 1-8")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseSquareError {}

impl Square {
    /// Parses a square from its two ASCII bytes (`b"e4"`).
    pub fn from_ascii(bytes: &[u8]) -> Result<Square, ParseSquareError> {
        match bytes {
            &[f, r] => match (File::from_char(f as char), Rank::from_char(r as char)) {
                (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1` … `h8` (lower case, as in FEN and UCI).
    ///
    /// ```
    /// use chess_movegen::Square;
    /// assert_eq!("e4".parse(), Ok(Square::E4));
    /// assert!("e9".parse::<Square>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

/// A file (column), `A` to `H`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files from A to H.
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index 0..8, or `None`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }

    /// Index 0..8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file from its lower-case letter `a`-`h`.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::ALL[c as usize - 'a' as usize]),
            _ => None,
        }
    }

    /// The lower-case letter of the file.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// All squares of this file.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row), `First` (White's back rank) to `Eighth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// All ranks from first to eighth.
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    /// The rank with index 0..8, or `None`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// Index 0..8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank from its digit `1`-`8`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::ALL[c as usize - '1' as usize]),
            _ => None,
        }
    }

    /// The digit of the rank.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank as seen from `color`'s side (`First.relative_to(Black)` is the eighth rank).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }

    /// All squares of this rank.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xff << (8 * self as u8))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Squares serialize as their names (`"e4"`).
#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = [self.file().char() as u8, self.rank().char() as u8];
        serializer.serialize_str(core::str::from_utf8(&name).unwrap_or("a1"))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let name = <alloc::string::String as serde::Deserialize>::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
