//! How a game ends.

use core::fmt;

use crate::types::Color;

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can checkmate by any series of legal moves (a dead
    /// position by material).
    InsufficientMaterial,
    /// 75 moves by each side without a capture or pawn move (automatic
    /// draw, unless the last move mated).
    SeventyFiveMoves,
    /// The same position for the fifth time (automatic draw).
    FivefoldRepetition,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::SeventyFiveMoves => "seventy-five-move rule",
            DrawReason::FivefoldRepetition => "fivefold repetition",
        })
    }
}

/// The end of a game by the rules (not by resignation, time or agreement).
///
/// When several endings hold at once the first of this order is given:
/// checkmate, stalemate, insufficient material, seventy-five moves,
/// fivefold repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Outcome {
    /// `winner` has checkmated the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The game is drawn.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if the game is decisive.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// True for draws.
    pub fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw(_))
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Checkmate { winner: Color::White } => "1-0",
            Outcome::Checkmate { winner: Color::Black } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "{winner} wins by checkmate"),
            Outcome::Draw(reason) => write!(f, "draw by {reason}"),
        }
    }
}
