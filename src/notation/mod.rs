//! Move notation (UCI, SAN, long algebraic) and the reasons a move is
//! rejected.

mod san;
mod uci;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::moves::Move;
use crate::outcome::Outcome;
use crate::types::{File, Rank, Role, Square};

/// Why a move is not legal in a position, as a GUI or UCI front end would
/// tell its user. See [`Position::illegal_reason`](crate::Position::illegal_reason).
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
    /// A SAN move names a piece that is not there or cannot go there: no
    /// piece of that role (on the origin file and/or rank the text gives)
    /// reaches the destination, even ignoring checks and pins.
    NoPieceCanReach {
        /// The role the text names.
        role: Role,
        /// The origin file the text gives, if any.
        file: Option<File>,
        /// The origin rank the text gives, if any.
        rank: Option<Rank>,
        /// The destination.
        to: Square,
    },
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match *self {
            IllegalReason::NoPieceCanReach { role, file, rank, to } => {
                write!(f, "no {role} ")?;
                match (file, rank) {
                    (Some(file), Some(rank)) => write!(f, "on {file}{rank} ")?,
                    (Some(file), None) => write!(f, "on the {file}-file ")?,
                    (None, Some(rank)) => write!(f, "on rank {rank} ")?,
                    (None, None) => {}
                }
                return write!(f, "can reach {to}");
            }
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
    /// The game has ended by the rules, so no move can be played (see
    /// [`Game::push`](crate::Game::push)).
    GameOver {
        /// The text given (or the move in UCI when no text was involved).
        text: String,
        /// How the game ended.
        outcome: Outcome,
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
            MoveError::GameOver { text, outcome } => write!(f, "cannot play {text:?}: the game is over ({outcome})"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}
