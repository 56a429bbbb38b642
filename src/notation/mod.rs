//! Move notation (UCI, SAN, long algebraic) and the reasons a move is
//! rejected.

mod san;
mod uci;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::attacks;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Bitboard, CastlingSide, Rank, Role};

/// Why a move is not legal in a position, as a GUI or UCI front end would
/// tell its user. See [`Position::illegal_reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The null move is not a move of the game.
    NullMove,
    /// There is no piece on the origin square.
    NoPiece,
    /// The piece on the origin square belongs to the side not to move.
    OpponentPiece,
    /// The piece does not move that way (wrong geometry, or a move kind
    /// that does not fit the piece, e.g. en passant by a knight).
    CannotMoveThatWay,
    /// The destination holds a piece of the mover's own side.
    CaptureOwnPiece,
    /// Another piece stands in the way.
    PathBlocked,
    /// The king would move to an attacked square.
    KingIntoCheck,
    /// The side to move is in check and the move does not resolve it.
    LeavesKingInCheck,
    /// The piece is pinned: moving it would expose the king (this includes
    /// an en-passant capture that uncovers an attack along the rank).
    ExposesKing,
    /// Castling while in check.
    CastleOutOfCheck,
    /// Castling across a square that an enemy piece attacks.
    CastleThroughCheck,
    /// Castling onto a square that an enemy piece attacks.
    CastleIntoCheck,
    /// The king or that rook has moved (or the rook was captured): the
    /// castling right is gone.
    CastlingRightLost,
    /// A pawn reaching the last rank must say what it promotes to.
    MissingPromotion,
    /// A promotion piece was given for a move that is not a promotion.
    NeedlessPromotion,
    /// En passant is only possible right after the enemy pawn's double
    /// step, onto the square it skipped.
    NoEnPassant,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalReason::NullMove => "the null move is not a legal move",
            IllegalReason::NoPiece => "there is no piece on the origin square",
            IllegalReason::OpponentPiece => "that piece belongs to the opponent",
            IllegalReason::CannotMoveThatWay => "the piece cannot move that way",
            IllegalReason::CaptureOwnPiece => "a piece cannot capture a piece of its own side",
            IllegalReason::PathBlocked => "the path is blocked",
            IllegalReason::KingIntoCheck => "the king would move into check",
            IllegalReason::LeavesKingInCheck => "the king is in check and the move does not get it out of check",
            IllegalReason::ExposesKing => "the piece is pinned: moving it would expose the king to check",
            IllegalReason::CastleOutOfCheck => "cannot castle out of check",
            IllegalReason::CastleThroughCheck => "cannot castle through an attacked square",
            IllegalReason::CastleIntoCheck => "cannot castle into check",
            IllegalReason::CastlingRightLost => "the castling right has been lost",
            IllegalReason::MissingPromotion => "a pawn reaching the last rank must promote: say to which piece",
            IllegalReason::NeedlessPromotion => "only a pawn reaching the last rank can promote",
            IllegalReason::NoEnPassant => "en passant is not possible here",
        })
    }
}

/// Which notation a move text was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// UCI long algebraic (`e2e4`, `e7e8q`).
    Uci,
    /// Standard algebraic notation (`Nf3`, `exd5`, `O-O`).
    San,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Uci => "UCI",
            Notation::San => "SAN",
        })
    }
}

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in that notation at all.
    Syntax {
        /// The notation expected.
        notation: Notation,
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The text is a well-formed move, but not a legal one here.
    Illegal {
        /// The text given (or the move in UCI when no text was involved).
        text: String,
        /// Why the move is not legal.
        reason: IllegalReason,
    },
    /// A SAN move that fits more than one legal move.
    Ambiguous {
        /// The text given.
        text: String,
        /// Every legal move that fits it.
        candidates: Vec<Move>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { notation, text, reason } => write!(f, "invalid {notation} move {text:?}: {reason}"),
            MoveError::Illegal { text, reason } => write!(f, "illegal move {text:?}: {reason}"),
            MoveError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move {text:?}: it could be ")?;
                for (i, mv) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() { " or " } else { ", " })?;
                    }
                    write!(f, "{mv}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

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

    /// The reason for a move known not to be legal.
    fn explain_illegal(&self, mv: Move) -> IllegalReason {
        if mv.is_null() {
            return IllegalReason::NullMove;
        }
        let us = self.side_to_move();
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.piece_at(from) else {
            return IllegalReason::NoPiece;
        };
        if piece.color != us {
            return IllegalReason::OpponentPiece;
        }
        if !mv.is_promotion() && mv.promotion_field() != 0 {
            // Promotion bits on a move of another kind.
            return IllegalReason::NeedlessPromotion;
        }
        let occupied = self.occupied();
        let last_rank = Rank::Eighth.relative_to(us);
        match mv.kind() {
            MoveKind::Castle => {
                if piece.role != Role::King || from.rank() != Rank::First.relative_to(us) || to.rank() != from.rank() {
                    return IllegalReason::CannotMoveThatWay;
                }
                let side = CastlingSide::of_rook(from, to);
                if self.castling_rook(us, side) != Some(to) {
                    return IllegalReason::CastlingRightLost;
                }
                if self.is_check() {
                    return IllegalReason::CastleOutOfCheck;
                }
                let king_to = side.king_to(us);
                let path = attacks::between(from, king_to).with(king_to);
                let movers = from.bitboard() | to.bitboard();
                let must_be_empty = (path | attacks::between(to, side.rook_to(us)).with(side.rook_to(us))) & !movers;
                if (must_be_empty & occupied).any() {
                    return IllegalReason::PathBlocked;
                }
                let lifted = occupied & !movers;
                if self.attackers_with(king_to, !us, lifted).any() {
                    return IllegalReason::CastleIntoCheck;
                }
                return IllegalReason::CastleThroughCheck;
            }
            MoveKind::EnPassant => {
                if piece.role != Role::Pawn || self.ep_square() != Some(to) {
                    return IllegalReason::NoEnPassant;
                }
                if !attacks::pawn_attacks(us, from).contains(to) {
                    return IllegalReason::CannotMoveThatWay;
                }
            }
            MoveKind::Promotion => {
                if piece.role != Role::Pawn || to.rank() != last_rank {
                    return IllegalReason::NeedlessPromotion;
                }
            }
            MoveKind::Normal => {
                if piece.role == Role::Pawn && to.rank() == last_rank && self.pawn_reaches(from, to) {
                    return IllegalReason::MissingPromotion;
                }
            }
        }
        if mv.kind() != MoveKind::EnPassant {
            if self.pieces_of_color(us).contains(to) {
                return IllegalReason::CaptureOwnPiece;
            }
            if let Some(reason) = self.geometry_reason(piece.role, from, to) {
                return reason;
            }
        }
        // The move is pseudo-legal: it fails on king safety.
        if piece.role == Role::King {
            IllegalReason::KingIntoCheck
        } else if self.is_check() && !self.pinned().contains(from) {
            IllegalReason::LeavesKingInCheck
        } else {
            IllegalReason::ExposesKing
        }
    }

    /// True if a pawn on `from` moves to `to` by its geometry on this board.
    fn pawn_reaches(&self, from: crate::Square, to: crate::Square) -> bool {
        self.geometry_reason(Role::Pawn, from, to).is_none()
    }

    /// Why a piece of `role` on `from` cannot go to `to` (not occupied by
    /// its own side) on this board, ignoring king safety; `None` if it can.
    fn geometry_reason(&self, role: Role, from: crate::Square, to: crate::Square) -> Option<IllegalReason> {
        let us = self.side_to_move();
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
            Role::Bishop => {
                reaches(attacks::bishop_attacks(from, Bitboard::EMPTY), attacks::bishop_attacks(from, occupied))
            }
            Role::Rook => reaches(attacks::rook_attacks(from, Bitboard::EMPTY), attacks::rook_attacks(from, occupied)),
            Role::Queen => {
                reaches(attacks::queen_attacks(from, Bitboard::EMPTY), attacks::queen_attacks(from, occupied))
            }
            Role::Pawn => {
                if attacks::pawn_attacks(us, from).contains(to) {
                    return if self.pieces_of_color(!us).contains(to) {
                        None
                    } else {
                        Some(IllegalReason::CannotMoveThatWay)
                    };
                }
                let up = us.fold(1, -1);
                let one = from.offset(0, up)?;
                if to == one {
                    return if occupied.contains(to) { Some(IllegalReason::PathBlocked) } else { None };
                }
                if from.rank() == Rank::Second.relative_to(us) && Some(to) == one.offset(0, up) {
                    return if occupied.contains(one) || occupied.contains(to) {
                        Some(IllegalReason::PathBlocked)
                    } else {
                        None
                    };
                }
                Some(IllegalReason::CannotMoveThatWay)
            }
        }
    }

    /// Checks `mv` and plays it in place, or says why it is not legal and
    /// leaves the position untouched. The checked counterpart of
    /// [`Position::make_move`], for moves from outside.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with the reason.
    pub fn try_make_move(&mut self, mv: Move) -> Result<crate::Undo, MoveError> {
        match self.illegal_reason(mv) {
            None => Ok(self.make_move(mv)),
            Some(reason) => Err(MoveError::Illegal { text: alloc::format!("{mv}"), reason }),
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
}
