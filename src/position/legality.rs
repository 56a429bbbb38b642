//! Checked moves: why a move is not legal, and the checked counterparts
//! of `make_move` and `play`.

use crate::attacks;
use crate::moves::{Move, MoveKind};
use crate::position::error::{IllegalReason, MoveError};
use crate::position::{Position, Undo};
use crate::types::castling::castling_path;
use crate::types::{Bitboard, CastlingSide, Rank, Role, Square};

/// # Playing moves: checked
///
/// Why a move is illegal, and the make and copy-make that refuse illegal moves.
impl Position {
    /// Why `mv` is not legal here, or `None` if it is legal. Any `Move`
    /// value may be asked about.
    ///
    /// ```
    /// use chess_movegen::{IllegalReason, Move, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.illegal_reason(Move::new(Square::E2, Square::E4)), None);
    /// assert_eq!(pos.illegal_reason(Move::new(Square::E3, Square::E4)), Some(IllegalReason::NoPiece));
    /// assert_eq!(pos.illegal_reason(Move::new(Square::E7, Square::E5)), Some(IllegalReason::OpponentPiece));
    /// assert_eq!(pos.illegal_reason(Move::new(Square::F1, Square::C4)), Some(IllegalReason::PathBlocked));
    /// assert_eq!(pos.illegal_reason(Move::new(Square::G1, Square::G3)), Some(IllegalReason::CannotMoveThatWay));
    /// ```
    pub fn illegal_reason(&self, mv: Move) -> Option<IllegalReason> {
        if self.is_legal(mv) {
            return None;
        }
        Some(self.explain_illegal(mv))
    }

    /// Checks `mv` and plays it in place, or says why it is not legal and
    /// leaves the position untouched. The checked counterpart of
    /// [`Position::make_move`], for moves from outside.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with the reason; its text is the move in
    /// this position's UCI notation ([`Position::uci`]).
    pub fn try_make_move(&mut self, mv: Move) -> Result<Undo, MoveError> {
        match self.illegal_reason(mv) {
            None => Ok(self.make_move(mv)),
            Some(reason) => Err(MoveError::Illegal { text: self.uci(mv), reason }),
        }
    }

    /// Checks `mv` and returns the position after it (copy-make), or says
    /// why it is not legal.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with the reason.
    pub fn try_play(&self, mv: Move) -> Result<Position, MoveError> {
        let mut next = *self;
        next.try_make_move(mv)?;
        Ok(next)
    }

    /// The reason for a move known not to be legal: whose piece it is, then
    /// what the kind of move requires, then the piece's geometry, and last
    /// king safety.
    fn explain_illegal(&self, mv: Move) -> IllegalReason {
        if mv.is_null() {
            return IllegalReason::NullMove;
        }
        let Some(piece) = self.piece_at(mv.from()) else {
            return IllegalReason::NoPiece;
        };
        if piece.color != self.side_to_move() {
            return IllegalReason::OpponentPiece;
        }
        if !mv.is_promotion() && mv.promotion_field() != 0 {
            // Promotion bits on a move of another kind.
            return IllegalReason::NeedlessPromotion;
        }
        let kind_reason = match mv.kind() {
            MoveKind::Castle => return self.castling_reason(piece.role, mv.from(), mv.to()),
            MoveKind::EnPassant => self.en_passant_reason(piece.role, mv.from(), mv.to()),
            MoveKind::Promotion => self.promotion_reason(piece.role, mv.to()),
            MoveKind::Normal => self.missing_promotion_reason(piece.role, mv.from(), mv.to()),
        };
        if let Some(reason) = kind_reason {
            return reason;
        }
        if mv.kind() != MoveKind::EnPassant {
            if self.pieces_of_color(self.side_to_move()).contains(mv.to()) {
                return IllegalReason::CaptureOwnPiece;
            }
            if let Some(reason) = self.geometry_reason(piece.role, mv.from(), mv.to()) {
                return reason;
            }
        }
        // The move is pseudo-legal: it fails on king safety.
        self.king_safety_reason(piece.role, mv.from())
    }

    /// Why castling of the `role` on `king` with the piece on `rook` is
    /// not legal (a castling's every requirement, in the order a player
    /// would check them).
    fn castling_reason(&self, role: Role, king: Square, rook: Square) -> IllegalReason {
        let us = self.side_to_move();
        if role != Role::King || king.rank() != Rank::First.relative_to(us) || rook.rank() != king.rank() {
            return IllegalReason::CannotMoveThatWay;
        }
        let side = CastlingSide::of_rook(king, rook);
        if self.castling_rook(us, side) != Some(rook) {
            return IllegalReason::CastlingRightLost;
        }
        if self.is_check() {
            return IllegalReason::CastleOutOfCheck;
        }
        let (must_be_empty, _) = castling_path(king, rook);
        if (must_be_empty & self.occupied()).any() {
            return IllegalReason::PathBlocked;
        }
        // The path is attacked (else the castling would be legal): into
        // check if the king's destination is.
        if self.castling_path_safe(!us, (king, rook), side.king_to(us).bitboard(), self.occupied()) {
            IllegalReason::CastleThroughCheck
        } else {
            IllegalReason::CastleIntoCheck
        }
    }

    /// What is wrong with an en-passant capture by the `role` on `from`
    /// to `to`, if its kind is the problem.
    fn en_passant_reason(&self, role: Role, from: Square, to: Square) -> Option<IllegalReason> {
        if role != Role::Pawn || self.ep_square() != Some(to) {
            Some(IllegalReason::NoEnPassant)
        } else if !attacks::pawn_attacks(self.side_to_move(), from).contains(to) {
            Some(IllegalReason::CannotMoveThatWay)
        } else {
            None
        }
    }

    /// A promotion needs a pawn reaching the last rank.
    fn promotion_reason(&self, role: Role, to: Square) -> Option<IllegalReason> {
        let last_rank = Rank::Eighth.relative_to(self.side_to_move());
        (role != Role::Pawn || to.rank() != last_rank).then_some(IllegalReason::NeedlessPromotion)
    }

    /// A pawn move to the last rank must say what it promotes to.
    fn missing_promotion_reason(&self, role: Role, from: Square, to: Square) -> Option<IllegalReason> {
        let last_rank = Rank::Eighth.relative_to(self.side_to_move());
        let reaches =
            role == Role::Pawn && to.rank() == last_rank && self.geometry_reason(Role::Pawn, from, to).is_none();
        reaches.then_some(IllegalReason::MissingPromotion)
    }

    /// Why a pseudo-legal move of the `role` on `from` is not legal: the
    /// king walks into check, a check is not answered, or a pin is broken.
    fn king_safety_reason(&self, role: Role, from: Square) -> IllegalReason {
        if role == Role::King {
            IllegalReason::KingIntoCheck
        } else if self.is_check() && !self.pinned().contains(from) {
            IllegalReason::LeavesKingInCheck
        } else {
            IllegalReason::ExposesKing
        }
    }

    /// Why a piece of `role` on `from` cannot go to `to` (not occupied by
    /// its own side) on this board, ignoring king safety; `None` if it can.
    fn geometry_reason(&self, role: Role, from: Square, to: Square) -> Option<IllegalReason> {
        let occupied = self.occupied();
        let reaches = |empty_board: Bitboard, board: Bitboard| {
            if !empty_board.contains(to) {
                Some(IllegalReason::CannotMoveThatWay)
            } else if !board.contains(to) {
                Some(IllegalReason::PathBlocked)
            } else {
                None
            }
        };
        match role {
            Role::Knight => reaches(attacks::knight_attacks(from), attacks::knight_attacks(from)),
            Role::King => reaches(attacks::king_attacks(from), attacks::king_attacks(from)),
            Role::Bishop => reaches(attacks::bishop_rays(from), attacks::bishop_attacks(from, occupied)),
            Role::Rook => reaches(attacks::rook_rays(from), attacks::rook_attacks(from, occupied)),
            Role::Queen => {
                reaches(attacks::rook_rays(from) | attacks::bishop_rays(from), attacks::queen_attacks(from, occupied))
            }
            Role::Pawn => self.pawn_geometry_reason(from, to),
        }
    }

    /// [`Position::geometry_reason`] for a pawn: a diagonal step needs an
    /// enemy piece, a push an empty path, a double push the start rank.
    fn pawn_geometry_reason(&self, from: Square, to: Square) -> Option<IllegalReason> {
        let us = self.side_to_move();
        let occupied = self.occupied();
        if attacks::pawn_attacks(us, from).contains(to) {
            return if self.pieces_of_color(!us).contains(to) { None } else { Some(IllegalReason::CannotMoveThatWay) };
        }
        let up = us.fold(1, -1);
        let one = from.offset(0, up)?;
        if to == one {
            return occupied.contains(to).then_some(IllegalReason::PathBlocked);
        }
        if from.rank() == Rank::Second.relative_to(us) && Some(to) == one.offset(0, up) {
            return (occupied.contains(one) || occupied.contains(to)).then_some(IllegalReason::PathBlocked);
        }
        Some(IllegalReason::CannotMoveThatWay)
    }
}
