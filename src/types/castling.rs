//! Castling rights and castling geometry.

use bitflags::bitflags;

use crate::types::{Color, File, Square};

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

    /// Where the king ends: g1/g8 or c1/c8.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        };
        Square::new(file, crate::types::Rank::First.relative_to(color))
    }

    /// Where the rook ends: f1/f8 or d1/d8.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        };
        Square::new(file, crate::types::Rank::First.relative_to(color))
    }

    /// The side of a castling with the king on `king` and the rook on
    /// `rook` (same rank): king side if the rook is on a higher file.
    #[inline]
    pub const fn of_rook(king: Square, rook: Square) -> CastlingSide {
        if (rook as u8) > (king as u8) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
}
