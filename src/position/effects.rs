//! What a move changes, without playing it: the pieces it removes and
//! adds (for incremental evaluation) and the hash of the position after
//! it (for prefetching a transposition-table slot).

use crate::moves::{Move, MoveKind};
use crate::position::make::{double_step_square, lost_rights};
use crate::position::zobrist::{castling_key, ep_file_key, piece_key, side_key};
use crate::position::Position;
use crate::types::{Bitboard, CastlingSide, Color, Piece, Role, Square};

/// The pieces a move takes off the board and puts on it: at most two
/// each. Apply the removals first, then the additions (a square may be in
/// both, for example the king's in a Chess960 castling where the king does
/// not move).
///
/// | move | removed | added |
/// | --- | --- | --- |
/// | normal | the mover on `from` | the mover on `to` |
/// | capture | the mover on `from`, the captured piece on `to` | the mover on `to` |
/// | promotion | the pawn on `from` (and a captured piece on `to`) | the new piece on `to` |
/// | en passant | the pawn on `from`, the captured pawn (beside `from`, on `to`'s file) | the pawn on `to` |
/// | castling | the king and the rook | the king and the rook on their destinations |
///
/// ```
/// use chess_movegen::{Color, Piece, Position, Role, Square};
/// let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")?;
/// let fx = pos.move_effects(pos.parse_uci("e5d6")?);
/// assert_eq!(fx.removed(), &[
///     (Square::E5, Piece::new(Color::White, Role::Pawn)),
///     (Square::D5, Piece::new(Color::Black, Role::Pawn)),
/// ]);
/// assert_eq!(fx.added(), &[(Square::D6, Piece::new(Color::White, Role::Pawn))]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEffects {
    removed: [(Square, Piece); 2],
    added: [(Square, Piece); 2],
    removed_len: u8,
    added_len: u8,
}

impl MoveEffects {
    const NONE: MoveEffects = MoveEffects {
        removed: [(Square::A1, Piece::new(crate::types::Color::White, Role::Pawn)); 2],
        added: [(Square::A1, Piece::new(crate::types::Color::White, Role::Pawn)); 2],
        removed_len: 0,
        added_len: 0,
    };

    /// The pieces taken off the board, with their squares (the mover
    /// first).
    #[inline]
    pub fn removed(&self) -> &[(Square, Piece)] {
        &self.removed[..usize::from(self.removed_len)]
    }

    /// The pieces put on the board, with their squares (the mover first).
    #[inline]
    pub fn added(&self) -> &[(Square, Piece)] {
        &self.added[..usize::from(self.added_len)]
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn remove(&mut self, sq: Square, piece: Piece) {
        self.removed[usize::from(self.removed_len)] = (sq, piece);
        self.removed_len += 1;
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn add(&mut self, sq: Square, piece: Piece) {
        self.added[usize::from(self.added_len)] = (sq, piece);
        self.added_len += 1;
    }
}

/// # Engine helpers: move effects and child keys
impl Position {
    /// The pieces `mv` removes and adds (see [`MoveEffects`]). `mv` must be
    /// pseudo-legal; for a move that does not start on a piece of the side
    /// to move the effects are empty.
    pub fn move_effects(&self, mv: Move) -> MoveEffects {
        let us = self.side_to_move();
        match self.role_at(mv.from()).filter(|_| self.pieces_of_color(us).contains(mv.from())) {
            Some(role) => effects_of(us, role, self.piece_at(mv.to()), mv),
            None => MoveEffects::NONE,
        }
    }

    /// The [`Position::zobrist_hash`] of the position after the legal move
    /// `mv`, computed without playing it (to prefetch a
    /// transposition-table slot before making the move). Equal to
    /// `self.play(mv).zobrist_hash()`.
    ///
    /// The keys of the pieces come from the move's [`MoveEffects`]; the
    /// side, en-passant and castling keys from the rules `make_move` and
    /// `play` use (`double_step_square`, `ep_file_key`, `lost_rights`).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::startpos();
    /// for mv in pos.legal_moves() {
    ///     assert_eq!(pos.hash_after(mv), pos.play(mv).zobrist_hash());
    /// }
    /// ```
    pub fn hash_after(&self, mv: Move) -> u64 {
        let us = self.side_to_move();
        let mut hash = self.zobrist_hash() ^ side_key() ^ self.ep_key();
        let (from, to) = (mv.origin_index(), mv.target_index());
        let Some(role) = self.role_at(mv.from()) else {
            return hash;
        };
        let fx = effects_of(us, role, self.piece_at(mv.to()), mv);
        for &(sq, piece) in fx.removed().iter().chain(fx.added()) {
            hash ^= piece_key(piece.color, piece.role, sq);
        }
        if role == Role::Pawn {
            if let Some(ep) = double_step_square(from, to) {
                hash ^= ep_file_key(ep, !us, self.pieces(!us, Role::Pawn));
            }
        }
        let lost = lost_rights(self.castling_rooks().0, 1 << from | 1 << to, role == Role::King, us);
        if lost != 0 {
            hash ^= castling_key(Bitboard(lost));
        }
        hash
    }
}

/// The effects of `us`'s move `mv` of a `role`, with `target` on the
/// move's target square (for a castling, `us`'s own rook).
#[inline]
fn effects_of(us: Color, role: Role, target: Option<Piece>, mv: Move) -> MoveEffects {
    let mut fx = MoveEffects::NONE;
    let (from, to) = (mv.from(), mv.to());
    match mv.kind() {
        MoveKind::Castle => {
            let side = CastlingSide::of_rook(from, to);
            fx.remove(from, Piece::new(us, Role::King));
            fx.remove(to, Piece::new(us, Role::Rook));
            fx.add(side.king_to(us), Piece::new(us, Role::King));
            fx.add(side.rook_to(us), Piece::new(us, Role::Rook));
        }
        MoveKind::EnPassant => {
            fx.remove(from, Piece::new(us, Role::Pawn));
            fx.remove(mv.en_passant_victim(), Piece::new(!us, Role::Pawn));
            fx.add(to, Piece::new(us, Role::Pawn));
        }
        MoveKind::Normal | MoveKind::Promotion => {
            fx.remove(from, Piece::new(us, role));
            if let Some(captured) = target {
                fx.remove(to, captured);
            }
            fx.add(to, Piece::new(us, mv.promotion_role().unwrap_or(role)));
        }
    }
    fx
}
