//! What a position holds: pieces, side to move, castling, en passant,
//! clocks and the Zobrist key, and the consistency check.

use crate::position::{CastlingMode, CastlingModeError, Position, PositionError};
use crate::types::castling::{held_castling_rook, is_standard_castling};
use crate::types::{Bitboard, CastlingRights, CastlingSide, Color, Piece, Rank, Role, Square};

/// # Queries: pieces, rights and clocks
///
/// What stands where, who moves, castling and en passant, the clocks, the Zobrist key.
impl Position {
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.board[sq.index()]?;
        let color = if self.bb.by_color[0].contains(sq) { Color::White } else { Color::Black };
        Some(Piece::new(color, role))
    }

    /// The role of the piece on `sq`, if any (cheaper than [`Position::piece_at`]).
    #[cfg_attr(hot_inline, inline(always))]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.board[sq.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.bb.by_role[role.index()] & self.bb.by_color[color.index()]
    }

    /// The squares of all pieces of `role`, both colors.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn pieces_of_role(&self, role: Role) -> Bitboard {
        self.bb.by_role[role.index()]
    }

    /// Bishops and queens of both colors: the pieces that move diagonally.
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn diagonal_sliders(&self) -> Bitboard {
        self.bb.diagonal_sliders()
    }

    /// Rooks and queens of both colors: the pieces that move along ranks and files.
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn orthogonal_sliders(&self) -> Bitboard {
        self.bb.orthogonal_sliders()
    }

    /// The squares of all of `color`'s pieces.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn pieces_of_color(&self, color: Color) -> Bitboard {
        self.bb.by_color[color.index()]
    }

    /// All occupied squares.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn occupied(&self) -> Bitboard {
        self.bb.by_color[0] | self.bb.by_color[1]
    }

    /// The square of `color`'s king.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn king(&self, color: Color) -> Square {
        // A valid position has exactly one king per side. Without one the
        // index is 64, which wraps to a1: one mask, no test.
        Square::from_index_wrapping(self.pieces(color, Role::King).0.trailing_zeros() as u8)
    }

    /// The side to move.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Which castlings are still allowed (not whether they are legal now).
    pub fn castling_rights(&self) -> CastlingRights {
        let mut rights = CastlingRights::empty();
        for color in Color::ALL {
            let king = self.king(color);
            for rook in self.castling & Rank::First.relative_to(color).bitboard() {
                rights |= CastlingRights::of(color, CastlingSide::of_rook(king, rook));
            }
        }
        rights
    }

    /// The rook `color` castles with on `side`, if that right is still held.
    ///
    /// ```
    /// use chess_movegen::{CastlingSide, Color, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.castling_rook(Color::Black, CastlingSide::QueenSide), Some(Square::A8));
    /// ```
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        held_castling_rook(self.castling, self.king(color), color, side)
    }

    /// The squares of all rooks that still have a castling right.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// The castling mode (standard chess or Chess960).
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Sets the castling mode, which decides how castling moves are written
    /// in UCI and how castling rights are written in FEN. Switching to
    /// [`CastlingMode::Chess960`] always succeeds.
    ///
    /// # Errors
    ///
    /// Switching to [`CastlingMode::Standard`] fails, and leaves the
    /// position unchanged, while a castling right is held whose king and
    /// rook are not on standard squares (king on the e-file, rook on the
    /// a- or h-file): standard chess has no such castling, and its
    /// notation could not tell it from a king move.
    ///
    /// ```
    /// use chess_movegen::{CastlingMode, FenOptions, Position};
    /// let options = FenOptions::new().castling(CastlingMode::Chess960);
    /// let (mut pos, _) = Position::from_fen_with("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", options)?;
    /// let err = pos.set_castling_mode(CastlingMode::Standard).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot switch to standard castling: white's castling with the king on b1 and the rook on a1 is not standard (king on the e-file, rook on the a- or h-file)");
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn set_castling_mode(&mut self, mode: CastlingMode) -> Result<(), CastlingModeError> {
        if mode == CastlingMode::Standard {
            for color in Color::ALL {
                let king = self.king(color);
                let rooks = self.castling & Rank::First.relative_to(color).bitboard();
                if let Some(rook) = rooks.into_iter().find(|&rook| !is_standard_castling(king, rook)) {
                    return Err(CastlingModeError { color, king, rook });
                }
            }
        }
        self.mode = mode;
        Ok(())
    }

    /// The en-passant target square (the square a pawn just skipped with its
    /// double step), as written in FEN; `None` if the last move was not a
    /// double step. Set after every double step, even when no pawn can
    /// capture: see [`Position::legal_ep_square`].
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square only if some legal move captures en passant.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let pawns = self.pieces(self.side, Role::Pawn);
        let any = (crate::attacks::pawn_attacks(!self.side, ep) & pawns)
            .into_iter()
            .any(|from| self.is_legal(crate::moves::Move::en_passant(from, ep)));
        any.then_some(ep)
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        // At `u32::MAX` the number stays.
        u32::try_from(self.ply.wrapping_add(2) / 2).unwrap_or(u32::MAX)
    }

    /// The Zobrist key of the position, kept up to date incrementally.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// Checks every internal invariant from scratch: bitboards agree with
    /// the mailbox, color and role boards partition the occupancy, hash
    /// equals the recomputed hash, and every rule of [`PositionError`]
    /// holds (one king each, castling rooks and en-passant square sane, the
    /// side not to move not in check, possible clocks; all but
    /// [`PositionError::IMPOSSIBLE_CHECK`]). Returns a
    /// description of the first broken invariant (for a broken rule, its
    /// [`PositionError`] text).
    ///
    /// Used by tests and fuzzing after every make and unmake; cheap enough
    /// for debug assertions, not for hot paths.
    #[doc(hidden)]
    pub fn check_consistency(&self) -> Result<(), &'static str> {
        if (self.bb.by_color[0] & self.bb.by_color[1]).any() {
            return Err("a square belongs to both colors");
        }
        let mut roles = Bitboard::EMPTY;
        for (i, bb) in self.bb.by_role.iter().enumerate() {
            if (roles & *bb).any() {
                return Err("a square holds two roles");
            }
            roles |= *bb;
            for sq in *bb {
                if self.board[sq.index()] != Some(Role::ALL[i]) {
                    return Err("mailbox disagrees with the role bitboards");
                }
            }
        }
        if roles != self.occupied() {
            return Err("role boards and color boards cover different squares");
        }
        if self.board.iter().filter(|r| r.is_some()).count() != roles.len() {
            return Err("mailbox has pieces the bitboards do not");
        }
        if self.hash != self.compute_hash() {
            return Err("incremental hash differs from the recomputed hash");
        }
        // An impossible check is about the game's past, not about this
        // position's state, and `FenOptions::impossible_check` allows it.
        let errors = self.validate() - PositionError::IMPOSSIBLE_CHECK;
        if !errors.is_empty() {
            return Err(errors.first_reason());
        }
        Ok(())
    }

    /// True if every internal invariant holds (see `check_consistency`).
    #[doc(hidden)]
    pub fn is_consistent(&self) -> bool {
        self.check_consistency().is_ok()
    }
}
