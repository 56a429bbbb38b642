//! Check queries.

use crate::position::Position;
use crate::types::{Bitboard, Color, Square};

impl Position {
    /// Pieces of `color` that attack `sq` on the current board.
    ///
    /// ```
    /// use chess_movegen::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.attackers_to(Square::F3, Color::White).len(), 3); // e2, g2 pawns, g1 knight
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_with(sq, color, self.occupied())
    }

    /// True if a piece of `by` attacks `sq` on the current board.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers_to(sq, by).any()
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king(self.side), !self.side)
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The side to move's pieces that are pinned to their king: moving them
    /// off the line between king and enemy slider would expose the king.
    pub fn pinned(&self) -> Bitboard {
        self.pinned_of(self.side, self.king(self.side))
    }

    /// True if the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// True if the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}
