//! Zobrist keys: the from-scratch hash and the pieces the incremental
//! update in `make.rs` uses.

use crate::attacks::{self, ZOBRIST_CASTLING, ZOBRIST_EP_FILE, ZOBRIST_PIECES, ZOBRIST_SIDE};
use crate::position::Position;
use crate::types::{Bitboard, Color, Role, Square};

/// Key of `color`'s `role` on `sq`.
#[inline(always)]
pub(crate) fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    ZOBRIST_PIECES[color.index()][role.index()][sq.index()]
}

/// Key of the side to move: included when Black is to move.
#[inline(always)]
pub(crate) fn side_key() -> u64 {
    ZOBRIST_SIDE
}

/// XOR of the keys of the castling rooks in `rooks`.
#[inline]
pub(crate) fn castling_key(rooks: Bitboard) -> u64 {
    rooks.into_iter().fold(0, |key, sq| key ^ ZOBRIST_CASTLING[sq.index()])
}

impl Position {
    /// The en-passant part of the hash: the file's key if an en-passant
    /// square is set and a pawn of the side to move attacks it, else 0.
    /// (Whether the capture is also legal is not asked: that would cost a
    /// legality test on every double step.)
    #[inline(always)]
    pub(crate) fn ep_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) if (attacks::pawn_attacks(!self.side, ep) & self.pieces(self.side, Role::Pawn)).any() => {
                ZOBRIST_EP_FILE[ep.file().index()]
            }
            _ => 0,
        }
    }

    /// The hash computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in self.pieces(color, role) {
                    key ^= piece_key(color, role, sq);
                }
            }
        }
        if self.side == Color::Black {
            key ^= side_key();
        }
        key ^ castling_key(self.castling) ^ self.ep_key()
    }
}
