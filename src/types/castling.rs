//! Castling: the rights, and every fact of castling geometry, each
//! defined once here.
//!
//! - where king and rook end: [`CastlingSide::king_to`] and
//!   [`CastlingSide::rook_to`] (g/c and f/d files, in standard chess and
//!   Chess960 alike);
//! - which side a castling goes to: [`CastlingSide::of_rook`];
//! - the squares that must be empty and the squares the king crosses:
//!   `castling_path` (and the `CASTLING_PATHS` table the move generator
//!   reads);
//! - the standard-chess setup (king on the e-file, rook in a corner):
//!   `is_standard_castling`, and the corner masks the move generator's
//!   standard-chess path reads (`CORNER_FILES`, `CORNERS`, `FREE_CORNERS`,
//!   `corners_for_king_to`);
//! - the back rank: `back_rank`.
//!
//! The rules that use these facts: castling moves are generated in
//! `position/movegen.rs` and `position/castling_moves.rs` (where
//! `castling_path_safe` states the rule that the king's path may not be
//! attacked, for the generator and for `position/legality.rs`), played in
//! `position/make.rs`, explained when
//! illegal in `position/legality.rs`, and castling rights are read and
//! checked in `position/fen.rs` and `position/validate.rs`.

use bitflags::bitflags;

use crate::types::{Bitboard, Color, File, Rank, Square};

bitflags! {
    /// Which castlings are still allowed: the king and that rook have not
    /// moved (and the rook has not been captured).
    ///
    /// The flags say which side; the rook each right refers to is given by
    /// [`Position::castling_rook`](crate::Position::castling_rook), so the
    /// same type serves Chess960, where the rooks may start on any file.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct CastlingRights: u8 {
        /// White may castle with the rook on the king's side (`K`).
        const WHITE_KING_SIDE = 1;
        /// White may castle with the rook on the queen's side (`Q`).
        const WHITE_QUEEN_SIDE = 2;
        /// Black may castle with the rook on the king's side (`k`).
        const BLACK_KING_SIDE = 4;
        /// Black may castle with the rook on the queen's side (`q`).
        const BLACK_QUEEN_SIDE = 8;
    }
}

impl CastlingRights {
    /// The right of `color` to castle on `side`.
    #[inline]
    pub const fn of(color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights::from_bits_truncate(1 << (2 * color as u8 + side as u8))
    }

    /// Both rights of `color`.
    #[inline]
    pub const fn color(color: Color) -> CastlingRights {
        CastlingRights::from_bits_truncate(3 << (2 * color as u8))
    }
}

/// The side of the board a castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`, the king ends on g1/g8, the rook on f1/f8.
    KingSide,
    /// Towards the a-file: `O-O-O`, the king ends on c1/c8, the rook on d1/d8.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king ends on: g or c.
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on: f or d.
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// Where the king ends: g1/g8 or c1/c8.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        Square::new(self.king_to_file(), Rank::First.relative_to(color))
    }

    /// Where the rook ends: f1/f8 or d1/d8.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::new(self.rook_to_file(), Rank::First.relative_to(color))
    }

    /// The side of a castling with the king on `king` and the rook on
    /// `rook` (same rank): king side if the rook is on a higher file.
    #[inline]
    pub const fn of_rook(king: Square, rook: Square) -> CastlingSide {
        CastlingSide::of_files(king as u8 & 7, rook as u8 & 7)
    }

    /// [`CastlingSide::of_rook`] by file indexes (0 = a).
    #[inline]
    const fn of_files(king_file: u8, rook_file: u8) -> CastlingSide {
        if rook_file > king_file {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The rook's file in the standard setup: h or a.
    #[inline]
    pub(crate) const fn standard_rook_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }
}

/// `color`'s back rank, where its king and castling rooks start: a shift
/// of the first rank, not a select on the colour.
#[inline(always)]
pub(crate) const fn back_rank(color: Color) -> Bitboard {
    Bitboard(0xff << (56 * color as u8))
}

/// The rook among the castling rooks `castling` that holds `color`'s right
/// on `side` of its king on `king`.
pub(crate) fn held_castling_rook(castling: Bitboard, king: Square, color: Color, side: CastlingSide) -> Option<Square> {
    (castling & back_rank(color)).into_iter().find(|&rook| CastlingSide::of_rook(king, rook) == side)
}

/// The king's file in the standard setup.
pub(crate) const STANDARD_KING_FILE: File = File::E;

/// The standard-chess castling rule: the king on the e-file and the rook
/// on the a- or h-file of the same rank. Standard chess allows castling
/// (and castling rights) only in that setup; Chess960 allows any king
/// file between the rooks.
#[inline]
pub(crate) const fn is_standard_castling(king: Square, rook: Square) -> bool {
    king.file() as u8 == STANDARD_KING_FILE as u8
        && rook.rank() as u8 == king.rank() as u8
        && matches!(rook.file(), File::A | File::H)
}

/// The squares of one rank from file `a` to file `b`, both included, as a
/// rank mask (bit `i` for file `i`).
const fn rank_span(a: u8, b: u8) -> u8 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    ((0xffu16 << low) & (0xffu16 >> (7 - high))) as u8
}

/// The two square sets of one castling, as rank masks (bit `i` for file `i`).
#[derive(Clone, Copy)]
pub(crate) struct CastlingPath {
    /// The squares that must be empty: both pieces' paths, destinations
    /// included, but for the king and rook themselves.
    pub must_be_empty: u8,
    /// The squares the king crosses and lands on (not the one it starts
    /// on), none of which may be attacked.
    pub king_path: u8,
}

impl CastlingPath {
    /// The path of castling with the king on file `king` and the rook on
    /// file `rook`.
    const fn of_files(king: u8, rook: u8) -> CastlingPath {
        let side = CastlingSide::of_files(king, rook);
        let (king_to, rook_to) = (side.king_to_file() as u8, side.rook_to_file() as u8);
        let king_path = (rank_span(king, king_to) & !(1 << king)) | 1 << king_to;
        let must_be_empty = (king_path | rank_span(rook, rook_to)) & !(1 << king | 1 << rook);
        CastlingPath { must_be_empty, king_path }
    }
}

/// Every castling path, by king file and rook file. The same on both back
/// ranks and for every Chess960 setup; the move generator reads one entry
/// instead of working out the destinations and two rays at every node of a
/// position with castling rights.
pub(crate) const CASTLING_PATHS: [[CastlingPath; 8]; 8] = {
    let mut table = [[CastlingPath { must_be_empty: 0, king_path: 0 }; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            table[king as usize][rook as usize] = CastlingPath::of_files(king, rook);
            rook += 1;
        }
        king += 1;
    }
    table
};

/// The squares that must be empty and the king's path of castling with the
/// king on `king` and the rook on `rook` (same rank), as squares of that rank.
#[inline(always)]
pub(crate) fn castling_path(king: Square, rook: Square) -> (Bitboard, Bitboard) {
    let path = CASTLING_PATHS[usize::from(king as u8 & 7)][usize::from(rook as u8 & 7)];
    let on_rank = |mask: u8| Bitboard(u64::from(mask) << (king as u8 & 56));
    (on_rank(path.must_be_empty), on_rank(path.king_path))
}

/// The squares the king crosses and lands on when it castles with `rook`
/// (the second half of [`castling_path`]): none may be attacked.
#[inline(always)]
pub(crate) fn king_path(king: Square, rook: Square) -> Bitboard {
    castling_path(king, rook).1
}

/// The corner files, a and h, as a rank mask (bit `f` for file `f`): where
/// the castling rooks of standard chess stand.
pub(crate) const CORNER_FILES: u8 = 1 << File::A as u8 | 1 << File::H as u8;

/// The four corners.
pub(crate) const CORNERS: Bitboard = Bitboard(CORNER_FILES as u64 | (CORNER_FILES as u64) << 56);

/// For each occupancy of a back rank (bit `f` for file `f`), the corners
/// (as in [`CORNER_FILES`]) that a king on the e-file can castle with as
/// far as empty squares go: the `must_be_empty` squares of
/// [`CASTLING_PATHS`] (b-d for the a-rook, f-g for the h-rook) are free.
pub(crate) const FREE_CORNERS: [u8; 256] = {
    let king = STANDARD_KING_FILE as usize;
    let queen_side = CASTLING_PATHS[king][File::A as usize].must_be_empty;
    let king_side = CASTLING_PATHS[king][File::H as usize].must_be_empty;
    let mut table = [0; 256];
    let mut occupancy = 0;
    while occupancy < 256 {
        let mut corners = 0;
        if occupancy as u8 & queen_side == 0 {
            corners |= 1 << File::A as u8;
        }
        if occupancy as u8 & king_side == 0 {
            corners |= 1 << File::H as u8;
        }
        table[occupancy] = corners;
        occupancy += 1;
    }
    table
};

/// The corner rooks (as in [`CORNER_FILES`]) of the castlings whose king
/// destinations are in `king_to` (a rank mask) with the king on the
/// e-file: g for the h-rook, c for the a-rook.
#[inline(always)]
pub(crate) const fn corners_for_king_to(king_to: u8) -> u8 {
    let king_side = (king_to >> CastlingSide::KingSide.king_to_file() as u8 & 1) << File::H as u8;
    let queen_side = (king_to >> CastlingSide::QueenSide.king_to_file() as u8 & 1) << File::A as u8;
    king_side | queen_side
}
