//! How a game ends.

use core::fmt;
use core::str::FromStr;

use crate::types::{Color, ParseValueError};

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

const DRAW_REASONS: [(DrawReason, &str); 4] = [
    (DrawReason::Stalemate, "stalemate"),
    (DrawReason::InsufficientMaterial, "insufficient material"),
    (DrawReason::SeventyFiveMoves, "seventy-five-move rule"),
    (DrawReason::FivefoldRepetition, "fivefold repetition"),
];

impl fmt::Display for DrawReason {
    /// `stalemate`, `insufficient material`, `seventy-five-move rule` or
    /// `fivefold repetition`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = DRAW_REASONS.iter().find(|(reason, _)| reason == self).map_or("draw", |(_, text)| text);
        f.write_str(text)
    }
}

impl FromStr for DrawReason {
    type Err = ParseValueError;

    /// Reads what `Display` writes.
    fn from_str(s: &str) -> Result<DrawReason, ParseValueError> {
        DRAW_REASONS.iter().find(|(_, text)| *text == s).map(|(reason, _)| *reason).ok_or(ParseValueError::new(
            "draw reason",
            "stalemate, insufficient material, seventy-five-move rule or fivefold repetition",
        ))
    }
}

/// The end of a game by the rules (not by resignation, time or agreement).
///
/// When several endings hold at once the first of this order is given:
/// checkmate, stalemate, insufficient material, seventy-five moves,
/// fivefold repetition.
///
/// `Display` says how the game ended (`white wins by checkmate`, `draw by
/// stalemate`) and `FromStr` reads that text back. The PGN result (`1-0`,
/// `0-1`, `1/2-1/2`), which cannot say why a game was drawn, is a
/// [`GameResult`]: [`Outcome::game_result`], or the text from
/// [`Outcome::result`].
///
/// ```
/// use chess_movegen::{Color, DrawReason, GameResult, Outcome};
/// let mate = Outcome::Checkmate { winner: Color::Black };
/// assert_eq!(mate.to_string(), "black wins by checkmate");
/// assert_eq!("black wins by checkmate".parse(), Ok(mate));
/// assert_eq!(mate.game_result(), GameResult::BlackWins);
/// assert_eq!(Outcome::Draw(DrawReason::Stalemate).game_result().to_string(), "1/2-1/2");
/// ```
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

    /// The PGN result text: `1-0`, `0-1` or `1/2-1/2` (the text of
    /// [`Outcome::game_result`]).
    pub fn result(self) -> &'static str {
        self.game_result().as_str()
    }

    /// The PGN result: who won, or a draw (the reason is left out).
    pub fn game_result(self) -> GameResult {
        match self {
            Outcome::Checkmate { winner: Color::White } => GameResult::WhiteWins,
            Outcome::Checkmate { winner: Color::Black } => GameResult::BlackWins,
            Outcome::Draw(_) => GameResult::Draw,
        }
    }
}

impl FromStr for Outcome {
    type Err = ParseValueError;

    /// Reads what `Display` writes: `white wins by checkmate`, `black wins
    /// by checkmate`, or `draw by ` and a [`DrawReason`].
    fn from_str(s: &str) -> Result<Outcome, ParseValueError> {
        match s {
            "white wins by checkmate" => Ok(Outcome::Checkmate { winner: Color::White }),
            "black wins by checkmate" => Ok(Outcome::Checkmate { winner: Color::Black }),
            _ => s.strip_prefix("draw by ").and_then(|reason| reason.parse().ok()).map(Outcome::Draw).ok_or(
                ParseValueError::new("outcome", "white wins by checkmate, black wins by checkmate or draw by <reason>"),
            ),
        }
    }
}

/// The result of a game as PGN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*`
/// for a game not finished (or whose result is unknown). `Display` and
/// `FromStr` use exactly these texts.
///
/// ```
/// use chess_movegen::GameResult;
/// assert_eq!("1/2-1/2".parse(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.to_string(), "1-0");
/// assert_eq!("*".parse::<GameResult>()?.winner(), None);
/// # Ok::<(), chess_movegen::ParseValueError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game goes on, or its result is unknown.
    Unfinished,
}

impl GameResult {
    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The winner, if the result is decisive.
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unfinished => None,
        }
    }
}

impl From<Outcome> for GameResult {
    /// Same as [`Outcome::game_result`].
    fn from(outcome: Outcome) -> GameResult {
        outcome.game_result()
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ParseValueError;

    /// Reads `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn from_str(s: &str) -> Result<GameResult, ParseValueError> {
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unfinished]
            .into_iter()
            .find(|result| result.as_str() == s)
            .ok_or(ParseValueError::new("game result", "1-0, 0-1, 1/2-1/2 or *"))
    }
}

impl fmt::Display for Outcome {
    /// `white wins by checkmate`, `black wins by checkmate` or `draw by `
    /// and the reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate { winner } => write!(f, "{winner} wins by checkmate"),
            Outcome::Draw(reason) => write!(f, "draw by {reason}"),
        }
    }
}
