//! Zobrist keys: the from-scratch hash, and the key of each part of a move
//! that the incremental updates (`make.rs`: `make_move` and the copy-make
//! `apply_move!`) and [`Position::hash_after`] all use, so that each hash
//! rule is written once.

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

/// The en-passant rule of the hash: the key of `ep`'s file if a pawn of
/// `capturer` (the side to move, whose pawns are `pawns`) attacks `ep`,
/// else 0. (Whether the capture is also legal is not asked: that would
/// cost a legality test on every double step.)
#[inline(always)]
pub(crate) fn ep_file_key(ep: Square, capturer: Color, pawns: Bitboard) -> u64 {
    if (attacks::pawn_attacks(!capturer, ep) & pawns).any() {
        ZOBRIST_EP_FILE[ep.file().index()]
    } else {
        0
    }
}

/// The key change of `us`'s normal move or promotion from square index
/// `from` to `to` of a `role` that lands as `placed` (the capture, if
/// any, is a [`piece_key`] of its own).
#[inline(always)]
pub(crate) fn piece_move_keys(us: Color, role: Role, placed: Role, from: usize, to: usize) -> u64 {
    let our_keys = &ZOBRIST_PIECES[us.index()];
    our_keys[role.index()][from] ^ our_keys[placed.index()][to]
}

/// The key change of `us`'s en-passant capture from `from` to `to`, taking
/// the pawn on `victim`.
#[inline(always)]
pub(crate) fn en_passant_keys(us: Color, from: Square, to: Square, victim: Square) -> u64 {
    piece_key(!us, Role::Pawn, victim) ^ piece_key(us, Role::Pawn, from) ^ piece_key(us, Role::Pawn, to)
}

/// The key change of `us`'s castling: king and rook from `king` and `rook`
/// to `king_to` and `rook_to`.
#[inline(always)]
pub(crate) fn castle_keys(us: Color, king: Square, rook: Square, king_to: Square, rook_to: Square) -> u64 {
    piece_key(us, Role::King, king)
        ^ piece_key(us, Role::Rook, rook)
        ^ piece_key(us, Role::King, king_to)
        ^ piece_key(us, Role::Rook, rook_to)
}

impl Position {
    /// The en-passant part of the hash ([`ep_file_key`] of the en-passant
    /// square, if one is set, for the side to move).
    #[inline(always)]
    pub(crate) fn ep_key(&self) -> u64 {
        match self.ep_square {
            Some(ep) => ep_file_key(ep, self.side, self.pieces(self.side, Role::Pawn)),
            None => 0,
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
