//! A game: a position with its history, for repetition and undo.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::moves::Move;
use crate::notation::MoveError;
use crate::outcome::{DrawReason, Outcome};
use crate::position::{FenError, Position, Undo};
use crate::types::Color;

/// A game from a start position: the current position, the moves played,
/// and what is needed to take them back and to detect repetitions.
///
/// ```
/// use chess_movegen::Game;
/// let mut game = Game::new();
/// for _ in 0..2 {
///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         game.push_uci(uci)?;
///     }
/// }
/// assert_eq!(game.repetition_count(), 3);
/// assert!(game.is_threefold_repetition());
/// assert!(game.can_claim_draw());
/// assert_eq!(game.outcome(), None); // threefold is claimed, not automatic
/// # Ok::<(), chess_movegen::MoveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    undos: Vec<Undo>,
    /// Repetition key of every position so far, the start included.
    keys: Vec<u64>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// A move of a move text that could not be played (see [`Game::push_line`]),
/// named as a move list names it: `23... Nf6` is black's 23rd move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// How many moves of the text were played before it.
    pub index: usize,
    /// The move's number (the fullmove number of the position it was
    /// tried in).
    pub fullmove_number: u32,
    /// The side whose move it is.
    pub color: Color,
    /// The move's text.
    pub text: String,
    /// Where the move starts in the text (a byte offset).
    pub offset: usize,
    /// Why it could not be played.
    pub error: MoveError,
}

impl fmt::Display for LineError {
    /// `23... Nf6: illegal move "Nf6": …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.color == Color::White { "." } else { "..." };
        write!(f, "{}{dots} {}: {}", self.fullmove_number, self.text, self.error)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LineError {}

impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from the position of a FEN (standard chess, strict parsing).
    ///
    /// # Errors
    ///
    /// The [`FenError`] of [`Position::from_fen`].
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Position::from_fen(fen).map(Game::from_position)
    }

    /// A game from any position.
    pub fn from_position(position: Position) -> Game {
        Game {
            start: position,
            position,
            moves: Vec::new(),
            undos: Vec::new(),
            keys: alloc::vec![position.repetition_key()],
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] with the reason; the game is left untouched.
    pub fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        let undo = self.position.try_make_move(mv)?;
        self.moves.push(mv);
        self.undos.push(undo);
        self.keys.push(self.position.repetition_key());
        Ok(())
    }

    /// Reads a UCI move and plays it (see [`Position::parse_uci`]).
    ///
    /// # Errors
    ///
    /// The [`MoveError`] of parsing; the game is left untouched.
    pub fn push_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.position.parse_uci(text)?;
        self.push(mv).map(|()| mv)
    }

    /// Reads a SAN move and plays it (see [`Position::parse_san`]).
    ///
    /// # Errors
    ///
    /// The [`MoveError`] of parsing; the game is left untouched.
    pub fn push_san(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.position.parse_san(text)?;
        self.push(mv).map(|()| mv)
    }

    /// Plays a whole move text in SAN, such as `"1. e4 e5 2. Nf3 Nc6"`,
    /// or a whole game pasted from a PGN file: `[Tag "..."]` lines, move
    /// numbers (`1.`, `1...`), results (`1-0`, `0-1`, `1/2-1/2`, `*`),
    /// `{}` and `;` comments, `%` escape lines, variations in parentheses,
    /// `$n` NAGs and `!?`-style glyphs are skipped (the tags do not change
    /// the start position: the moves are played from the current one).
    /// Returns the number of moves played.
    ///
    /// # Errors
    ///
    /// Stops at the first move that cannot be played and names it as the
    /// text does (`4... Nf6`), with its offset and the error; the moves
    /// before it stay played.
    ///
    /// ```
    /// use chess_movegen::{Color, Game};
    /// let mut game = Game::new();
    /// let pasted = "[Event \"Casual\"]\n[Result \"*\"]\n\n1. e4 e5 ; the open game\n2. Nf3 {main line} Nc6 3. Bb5 a6 *";
    /// assert_eq!(game.push_line(pasted)?, 6);
    /// let err = game.push_line("4. Ba4 Nf6 5. O-O-O").unwrap_err();
    /// assert_eq!((err.fullmove_number, err.color, err.text.as_str()), (5, Color::White, "O-O-O"));
    /// assert_eq!(err.index, 2);
    /// assert!(err.to_string().starts_with("5. O-O-O: illegal move"));
    /// assert_eq!(game.moves().len(), 8);
    /// # Ok::<(), chess_movegen::LineError>(())
    /// ```
    pub fn push_line(&mut self, text: &str) -> Result<usize, LineError> {
        crate::pgn::push_line(self, text)
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.keys.pop();
        self.position.unmake_move(mv, undo);
        Some(mv)
    }

    /// How many times the current position has occurred in this game, now
    /// included: same side to move, same pieces on the same squares, same
    /// castling rights and same en-passant possibility (FIDE article 9.2.2;
    /// an en-passant square that no legal move can use does not count).
    pub fn repetition_count(&self) -> usize {
        let current = self.position.repetition_key();
        // Positions before the last capture, pawn move or loss of castling
        // rights differ from the current one; the halfmove clock bounds the
        // search.
        let window = (self.position.halfmove_clock() as usize).min(self.keys.len() - 1);
        self.keys[self.keys.len() - 1 - window..].iter().filter(|&&key| key == current).count()
    }

    /// True if the current position has occurred three times: a draw that
    /// either player may claim (FIDE article 9.2).
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetition_count() >= 3
    }

    /// True if the current position has occurred five times: the game is
    /// drawn automatically (FIDE article 9.6.1).
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetition_count() >= 5
    }

    /// True if the player to move may claim a draw now: threefold
    /// repetition or the fifty-move rule.
    pub fn can_claim_draw(&self) -> bool {
        self.is_threefold_repetition() || self.position.is_fifty_move_rule()
    }

    /// How the game has ended by the rules, if it has: checkmate,
    /// stalemate, insufficient material, seventy-five moves, fivefold
    /// repetition (the first that holds is given).
    pub fn outcome(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| self.is_fivefold_repetition().then_some(Outcome::Draw(DrawReason::FivefoldRepetition)))
    }
}

impl Position {
    /// The hash used for repetition: [`Position::hash`] without the
    /// en-passant part when no legal move can capture en passant.
    pub fn repetition_key(&self) -> u64 {
        let ep_key = self.ep_key();
        if ep_key != 0 && self.legal_ep_square().is_none() {
            self.zobrist_hash() ^ ep_key
        } else {
            self.zobrist_hash()
        }
    }
}
