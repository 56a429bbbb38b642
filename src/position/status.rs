//! Check queries.

use crate::attacks::{self, between};
use crate::position::Position;
use crate::types::{Bitboard, Color, Role, Square};

impl Position {
    /// Pieces of `color` that attack `sq`, with `occupied` as the board's
    /// occupancy (pass [`Position::occupied`] for the real board).
    #[inline]
    pub fn attackers_with(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        ((attacks::pawn_attacks(!color, sq) & self.by_role[Role::Pawn.index()])
            | (attacks::knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.by_role[Role::King.index()])
            | (attacks::rook_attacks(sq, occupied) & self.orthogonal_sliders())
            | (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders()))
            & self.by_color[color.index()]
    }

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
        self.checkers_and_pinned(self.side, self.king(self.side), self.occupied()).0
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The side to move's pieces that are pinned to their king: moving them
    /// off the line between king and enemy slider would expose the king.
    pub fn pinned(&self) -> Bitboard {
        self.checkers_and_pinned(self.side, self.king(self.side), self.occupied()).1
    }

    /// Checkers of `us`'s king on `king` and `us`'s pinned pieces, from one
    /// pair of slider lookups: enemy sliders that see the king through our
    /// pieces give check when nothing stands between, and pin the piece
    /// when exactly one of ours does. (A king never gives check in a valid
    /// position, so kings are not looked at.) The move generator's first
    /// step.
    #[inline(always)]
    pub(crate) fn checkers_and_pinned(&self, us: Color, king: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let theirs = self.by_color[(!us).index()];
        let orthogonal = self.orthogonal_sliders() & theirs;
        let diagonal = self.diagonal_sliders() & theirs;
        let mut checkers = ((attacks::knight_attacks(king) & self.by_role[Role::Knight.index()])
            | (attacks::pawn_attacks(us, king) & self.by_role[Role::Pawn.index()]))
            & theirs;
        // Often no enemy slider stands on the king's lines at all: then
        // there are no slider checks or pins, and no occupancy lookups.
        if ((attacks::rook_rays(king) & orthogonal) | (attacks::bishop_rays(king) & diagonal)).is_empty() {
            return (checkers, Bitboard::EMPTY);
        }
        let snipers =
            (attacks::rook_attacks(king, theirs) & orthogonal) | (attacks::bishop_attacks(king, theirs) & diagonal);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers;
            }
        }
        (checkers, pinned & self.by_color[us.index()])
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
