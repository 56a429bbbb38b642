//! Sets of squares as 64-bit masks.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::types::{Color, Square};

/// A set of squares: bit `i` is [`Square`] `i` (a1 = bit 0, h8 = bit 63).
///
/// `Display` draws the set as an 8x8 grid, rank 8 at the top, `X` for a
/// member and `.` otherwise.
///
/// ```
/// use chess_movegen::{Bitboard, Square};
/// let bb = Square::E4.bitboard() | Square::D5.bitboard();
/// assert_eq!(bb.len(), 2);
/// assert!(bb.contains(Square::E4));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::E4, Square::D5]);
/// assert_eq!(
///     Bitboard::from_grid([
///         "........",
///         "........",
///         "........",
///         "...X....",
///         "....X...",
///         "........",
///         "........",
///         "........",
///     ]),
///     bb
/// );
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 32 dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The 32 light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!0xaa55_aa55_aa55_aa55);
    /// The first and eighth ranks, where pawns promote.
    ///
    /// ```
    /// use chess_movegen::{Bitboard, Rank};
    /// assert_eq!(Bitboard::BACK_RANKS, Rank::First.bitboard() | Rank::Eighth.bitboard());
    /// ```
    pub const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    /// The a-file.
    ///
    /// ```
    /// use chess_movegen::{Bitboard, File};
    /// assert_eq!(Bitboard::FILE_A, File::A.bitboard());
    /// ```
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    ///
    /// ```
    /// use chess_movegen::{Bitboard, File};
    /// assert_eq!(Bitboard::FILE_H, File::H.bitboard());
    /// ```
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

    /// A set from an 8x8 picture, rank 8 first; any byte other than `.` is
    /// a member. Usable in `const` context, for doc examples and tests.
    ///
    /// # Panics
    ///
    /// If a row is not 8 bytes long.
    pub const fn from_grid(rows: [&str; 8]) -> Bitboard {
        let mut bits = 0u64;
        let mut r = 0;
        while r < 8 {
            let row = rows[r].as_bytes();
            assert!(row.len() == 8, "each grid row must have 8 squares");
            let mut f = 0;
            while f < 8 {
                if row[f] != b'.' {
                    bits |= 1 << ((7 - r) * 8 + f);
                }
                f += 1;
            }
            r += 1;
        }
        Bitboard(bits)
    }

    /// Number of squares in the set (a popcount), as `usize` like the
    /// `len` of every Rust collection.
    #[inline(always)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the set is not empty.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// True if the set has two or more squares (cheaper than `len() > 1`).
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// True if `sq` is in the set.
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u8) != 0
    }

    /// The set with `sq` added.
    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u8)
    }

    /// The set with `sq` removed.
    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u8))
    }

    /// The lowest square in the set (a1 first), if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square in the set (h8 first), if any.
    #[inline(always)]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The only square of a one-square set, or `None` for any other size.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// The set moved one rank towards `color`'s opponent (up for White),
    /// squares falling off the board dropped.
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }

    /// The set mirrored top to bottom (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set mirrored left to right (a1 ↔ h1).
    ///
    /// ```
    /// use chess_movegen::{Bitboard, Square};
    /// let bb = Square::A1.bitboard() | Square::C4.bitboard();
    /// assert_eq!(bb.flip_horizontal(), Square::H1.bitboard() | Square::F4.bitboard());
    /// ```
    #[inline]
    pub const fn flip_horizontal(self) -> Bitboard {
        // Reverse the bits of each byte (one rank): swap halves, quarters, bits.
        let x = self.0;
        let x = (x >> 4) & 0x0f0f_0f0f_0f0f_0f0f | (x & 0x0f0f_0f0f_0f0f_0f0f) << 4;
        let x = (x >> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) << 2;
        let x = (x >> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) << 1;
        Bitboard(x)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = if self.0 & (1 << (rank * 8 + file)) != 0 { 'X' } else { '.' };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

macro_rules! bit_ops {
    ($($trait:ident $fn:ident $assign_trait:ident $assign_fn:ident $op:tt),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        sq.bitboard()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest (a1) first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_wrapping(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl core::iter::FusedIterator for Squares {}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let index = 63 - self.0.leading_zeros() as u8;
            self.0 ^= 1 << index;
            Some(Square::from_index_wrapping(index))
        }
    }
}
