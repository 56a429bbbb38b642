//! A game: a position with its history, for repetition and undo.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::moves::{Move, MoveList};
use crate::outcome::{DrawReason, Outcome};
use crate::position::error::echo;
use crate::position::rules::FIFTY_MOVES;
use crate::position::{FenError, MoveError, Position, Undo};
use crate::types::Color;

/// A game from a start position: the current position, the moves played,
/// and what is needed to take them back and to detect repetitions.
///
/// A game that has ended by the rules (see [`Game::outcome`]: checkmate,
/// stalemate, a dead position, seventy-five moves, fivefold repetition)
/// refuses further moves with [`MoveError::GameOver`]; [`Game::pop`] still
/// takes moves back.
///
/// The rules follow the FIDE Laws; where python-chess answers differently
/// the method says so. In short: [`Game::can_claim_draw`] is false once
/// the game has ended and does not count claims on the move (python-chess
/// counts both); [`Game::can_claim_threefold_repetition`] and
/// [`Game::can_claim_fifty_moves`] mean exactly what python-chess means;
/// a stalemate with insufficient material is reported as stalemate. Like
/// python-chess, only dead positions by material are detected (FIDE
/// 5.2.2 also covers, for example, fully blocked pawn walls).
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
    /// Every position so far, the start included, for repetitions.
    repetitions: Repetitions,
}

/// How many times each position of a game has occurred: the one home of
/// the repetition count, used by [`Game`] and by front ends that keep
/// their own move stack (the Python `Board`, which also plays null moves
/// and moves after the game has ended).
///
/// Push every position reached with [`Repetitions::push`] (its
/// [`Position::repetition_key`] and halfmove clock; a null move too, as
/// python-chess counts positions across null moves) and pop on unmake.
/// Positions are compared by repetition key within the halfmove clock's
/// window (only positions since the last capture or pawn move can be
/// equal), with the same side to move. Each push looks back over that
/// window once, so the counts are O(1) to read.
///
/// ```
/// use chess_movegen::{Position, Repetitions};
/// let mut pos = Position::startpos();
/// let mut repetitions = Repetitions::new(pos.repetition_key());
/// for _ in 0..2 {
///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         pos = pos.play(pos.parse_uci(uci)?);
///         repetitions.push(pos.repetition_key(), pos.halfmove_clock());
///     }
/// }
/// assert_eq!(repetitions.count(), 3);
/// // Nf3 would bring that position back a third time.
/// let after = pos.play(pos.parse_uci("g1f3")?);
/// assert_eq!(repetitions.count_after(after.repetition_key(), after.halfmove_clock()), 3);
/// # Ok::<(), chess_movegen::MoveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Repetitions {
    /// Repetition key of every position so far, the first included.
    keys: Vec<u64>,
    /// For every position so far, how many times it had occurred when it
    /// was reached (itself included).
    counts: Vec<u32>,
}

impl Repetitions {
    /// The counts of a game starting at the position with repetition key
    /// `key`.
    pub fn new(key: u64) -> Repetitions {
        Repetitions { keys: alloc::vec![key], counts: alloc::vec![1] }
    }

    /// Starts the counts again at the position with repetition key `key`,
    /// keeping the room already allocated (for a front end that loads one
    /// position after another).
    pub fn reset(&mut self, key: u64) {
        self.keys.clear();
        self.counts.clear();
        self.keys.push(key);
        self.counts.push(1);
    }

    /// Adds the position just reached: its repetition key and halfmove
    /// clock.
    pub fn push(&mut self, key: u64, halfmove_clock: u32) {
        let count = self.count_after(key, halfmove_clock) as u32;
        self.keys.push(key);
        self.counts.push(count);
    }

    /// Takes back the latest position (never the first one); false if
    /// only the first is left.
    pub fn pop(&mut self) -> bool {
        if self.keys.len() == 1 {
            return false;
        }
        self.keys.pop();
        self.counts.pop();
        true
    }

    /// How many times the latest position has occurred, itself included.
    pub fn count(&self) -> usize {
        self.counts[self.counts.len() - 1] as usize
    }

    /// How many times a position reached next, with repetition key `key`
    /// and halfmove clock `halfmove_clock`, would have occurred, itself
    /// included.
    pub fn count_after(&self, key: u64, halfmove_clock: u32) -> usize {
        self.earlier_occurrence(key, halfmove_clock).map_or(1, |i| self.counts[i] as usize + 1)
    }

    /// The repetition keys of the positions so far, the first included.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// The index in `keys` of the latest position with `key` that could
    /// be a repetition of a position about to be added after the current
    /// one, with halfmove clock `clock`: only positions since the last
    /// capture or pawn move can be equal, so the search covers the
    /// halfmove clock's window, with the same side to move.
    fn earlier_occurrence(&self, key: u64, clock: u32) -> Option<usize> {
        let target = self.keys.len();
        let first = target - (clock as usize).min(target);
        // Same side to move: every second position back from the target.
        (first..target).rev().skip(1).step_by(2).find(|&i| self.keys[i] == key)
    }
}

/// A game as it stands: its position, the repetition counts that led to
/// it and its halfmove clock. The one home of the rules that need more
/// than the position: repetitions, the fifty- and seventy-five-move rules
/// by the game's clock, the draws that may be claimed, and how the game
/// has ended. [`Game`] answers through it ([`Game::state`]).
///
/// The clock is the game's, which is the position's own
/// ([`Position::halfmove_clock`]) unless a front end keeps a clock a FEN
/// stated and the position could not hold: the Python `Board`, like
/// python-chess, keeps a halfmove clock written beside an en-passant
/// square, where the library's position has 0 (a double step resets the
/// clock). The claims here follow that clock.
///
/// ```
/// use chess_movegen::{GameState, Position, Repetitions};
/// // A FEN that states 99 half-moves beside an en-passant square: the
/// // position corrects its clock to 0, the game keeps 99.
/// let (pos, _) = Position::from_fen_lenient("4k3/8/8/3pP3/8/8/8/4K2R w - d6 99 80")?;
/// assert_eq!(pos.halfmove_clock(), 0);
/// let repetitions = Repetitions::new(pos.repetition_key());
/// let state = GameState::new(&pos, &repetitions, 99);
/// assert!(state.can_claim_fifty_moves()); // Rh2, for example, is the hundredth half-move
/// assert!(!GameState::new(&pos, &repetitions, pos.halfmove_clock()).can_claim_fifty_moves());
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GameState<'a> {
    position: &'a Position,
    repetitions: &'a Repetitions,
    halfmove_clock: u32,
}

impl<'a> GameState<'a> {
    /// The game at `position`, reached with the counts `repetitions`
    /// (their latest position is `position`) and the game's halfmove
    /// clock `halfmove_clock`.
    pub fn new(position: &'a Position, repetitions: &'a Repetitions, halfmove_clock: u32) -> GameState<'a> {
        GameState { position, repetitions, halfmove_clock }
    }

    /// The current position.
    pub fn position(&self) -> &'a Position {
        self.position
    }

    /// The game's halfmove clock: half-moves since the last capture or
    /// pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// How many times the current position has occurred, now included
    /// (see [`Repetitions`]).
    pub fn repetition_count(&self) -> usize {
        self.repetitions.count()
    }

    /// True if the current position has occurred three times (see
    /// [`Game::is_threefold_repetition`]).
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions.count() >= 3
    }

    /// True if the current position has occurred five times: the game is
    /// drawn automatically (FIDE article 9.6.1).
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions.count() >= 5
    }

    /// True if the clock has reached 100 and the side to move has a legal
    /// move: either player may claim a draw (FIDE article 9.3.2). After
    /// checkmate or stalemate there is nothing to claim.
    pub fn is_fifty_moves(&self) -> bool {
        self.position.fifty_moves_at(self.halfmove_clock)
    }

    /// True if the clock has reached 150 and the side to move has a legal
    /// move: the game is drawn automatically (FIDE article 9.6.2), unless
    /// the last move mated.
    pub fn is_seventy_five_moves(&self) -> bool {
        self.position.seventy_five_moves_at(self.halfmove_clock)
    }

    /// How the game has ended by the rules, if it has: checkmate,
    /// stalemate, a dead position by material, seventy-five moves by the
    /// game's clock, fivefold repetition (the first that holds is given;
    /// see [`Game::outcome`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(self.position.has_legal_moves())
    }

    /// [`GameState::outcome`] with whether the side to move has a legal
    /// move already known (a move about to be played is one): the other
    /// endings need no move generation.
    fn outcome_given(&self, has_legal_moves: bool) -> Option<Outcome> {
        self.position
            .outcome_at(has_legal_moves, self.halfmove_clock)
            .or_else(|| self.is_fivefold_repetition().then_some(Outcome::Draw(DrawReason::FivefoldRepetition)))
    }

    /// True if a draw by the fifty-move rule may be claimed, now or by
    /// writing down a move that brings the clock to 100 (see
    /// [`Game::can_claim_fifty_moves`]).
    pub fn can_claim_fifty_moves(&self) -> bool {
        if self.halfmove_clock >= FIFTY_MOVES {
            return self.is_fifty_moves();
        }
        self.halfmove_clock == FIFTY_MOVES - 1 && self.position.legal_moves().iter().any(|&mv| self.claims_fifty(mv))
    }

    /// The legal moves after which the fifty-move rule holds (see
    /// [`Game::moves_claiming_fifty`]).
    pub fn moves_claiming_fifty(&self) -> MoveList {
        if self.halfmove_clock < FIFTY_MOVES - 1 {
            return MoveList::new();
        }
        self.position.legal_moves().into_iter().filter(|&mv| self.claims_fifty(mv)).collect()
    }

    /// True if the legal move `mv` brings the fifty-move rule about: it
    /// is neither a capture nor a pawn move (after it the position's clock
    /// is not 0), the game's clock reaches 100, and the opponent has a
    /// legal move.
    fn claims_fifty(&self, mv: Move) -> bool {
        let after = self.position.play(mv);
        after.halfmove_clock() != 0 && after.fifty_moves_at(self.halfmove_clock.saturating_add(1))
    }

    /// True if a draw by threefold repetition may be claimed, now or by
    /// writing down a move that makes a position occur for the third time
    /// (see [`Game::can_claim_threefold_repetition`]).
    pub fn can_claim_threefold_repetition(&self) -> bool {
        self.is_threefold_repetition() || self.position.legal_moves().iter().any(|&mv| self.claims_threefold(mv))
    }

    /// The legal moves that would make a position occur for the third (or
    /// later) time (see [`Game::moves_claiming_threefold`]).
    pub fn moves_claiming_threefold(&self) -> MoveList {
        self.position.legal_moves().into_iter().filter(|&mv| self.claims_threefold(mv)).collect()
    }

    /// True if the legal move `mv` makes a position occur for the third time.
    fn claims_threefold(&self, mv: Move) -> bool {
        let after = self.position.play(mv);
        self.repetitions.count_after(after.repetition_key(), after.halfmove_clock()) >= 3
    }
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
    /// The move's text, cut to its first 32 characters, `…` and its
    /// length in bytes if it is longer (as [`MoveError`] echoes it).
    pub text: String,
    /// Where the move starts in the text (a byte offset).
    pub offset: usize,
    /// Why it could not be played.
    pub error: MoveError,
}

impl fmt::Display for LineError {
    /// `23... Nf6: illegal move: …`, the move text once (the error's
    /// own echo of it is left out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dots = if self.color == Color::White { "." } else { "..." };
        write!(f, "{}{dots} {}: {}", self.fullmove_number, self.text, self.error.without_text())
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
            repetitions: Repetitions::new(position.repetition_key()),
        }
    }

    /// Starts the game again from `position`: no moves played, as
    /// [`Game::from_position`] makes it, keeping the room already
    /// allocated (for a front end that loads one position after
    /// another).
    ///
    /// ```
    /// use chess_movegen::{Game, Position};
    /// let mut game = Game::new();
    /// game.push_san("e4")?;
    /// let kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// game.restart(kiwipete);
    /// assert!(game.moves().is_empty());
    /// assert_eq!(game.start_position(), &kiwipete);
    /// assert_eq!(game.repetition_count(), 1);
    /// // Repetitions count from the new start only.
    /// for san in ["Nb1", "Nc8", "Nc3", "Nb6"] {
    ///     game.push_san(san)?;
    /// }
    /// assert_eq!(game.repetition_count(), 2);
    /// assert_eq!(game.repetitions().keys().len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn restart(&mut self, position: Position) {
        self.start = position;
        self.position = position;
        self.moves.clear();
        self.undos.clear();
        self.repetitions.reset(position.repetition_key());
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

    /// Plays `mv` if it is legal and the game has not ended.
    ///
    /// # Errors
    ///
    /// [`MoveError::GameOver`] with the [`Outcome`] if the game has ended
    /// by the rules (see [`Game::outcome`]: after fivefold repetition, the
    /// seventy-five-move rule or a dead position the board may still have
    /// legal moves, but the game is over); [`MoveError::Illegal`] with the
    /// reason for an illegal move. The game is left untouched.
    ///
    /// ```
    /// use chess_movegen::{DrawReason, Game, MoveError, Outcome};
    /// let mut game = Game::from_fen("8/8/4k3/8/8/8/8/R3K3 w - - 149 120")?;
    /// game.push_uci("a1a2")?; // the 150th half-move without capture or pawn move
    /// let err = game.push_uci("e6e5").unwrap_err();
    /// assert!(matches!(err, MoveError::GameOver { outcome: Outcome::Draw(DrawReason::SeventyFiveMoves), .. }));
    /// assert_eq!(err.to_string(), "cannot play \"e6e5\": the game is over (draw by seventy-five-move rule)");
    /// assert!(game.pop().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        let legal = self.position.is_legal(mv);
        self.check_not_over(legal, || alloc::format!("{mv}"))?;
        if !legal {
            // The error that says why, from the checked applier.
            return self.position.try_play(mv).map(|_| ());
        }
        self.push_legal(mv);
        Ok(())
    }

    /// Plays `mv`, legal here, in a game known not to have ended.
    fn push_legal(&mut self, mv: Move) {
        let undo = self.position.make_move(mv);
        self.moves.push(mv);
        self.undos.push(undo);
        self.repetitions.push(self.position.repetition_key(), self.position.halfmove_clock());
    }

    /// Reads a UCI move and plays it (see [`Position::parse_uci`]).
    ///
    /// # Errors
    ///
    /// [`MoveError::GameOver`] if the game has ended, else the
    /// [`MoveError`] of parsing; the game is left untouched.
    pub fn push_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let parsed = self.position.parse_uci(text);
        self.check_not_over(parsed.is_ok(), || echo(text.as_bytes()))?;
        let mv = parsed?;
        self.push_legal(mv);
        Ok(mv)
    }

    /// Reads a SAN move and plays it (see [`Position::parse_san`]).
    ///
    /// # Errors
    ///
    /// [`MoveError::GameOver`] if the game has ended, else the
    /// [`MoveError`] of parsing; the game is left untouched.
    pub fn push_san(&mut self, text: &str) -> Result<Move, MoveError> {
        self.push_san_bytes(text.as_bytes())
    }

    /// [`Game::push_san`] on bytes (for move texts cut from a larger
    /// text, such as [`Game::push_line`]'s).
    pub(crate) fn push_san_bytes(&mut self, text: &[u8]) -> Result<Move, MoveError> {
        let parsed = self.position.read_san(text);
        self.check_not_over(parsed.is_ok(), || echo(text))?;
        let mv = parsed?;
        self.push_legal(mv);
        Ok(mv)
    }

    /// `Err(GameOver)` naming the move text if the game has ended.
    /// `legal_move` tells that the move about to be played is legal: the
    /// side to move is then neither mated nor stalemated, which spares a
    /// move generation. (An illegal or unreadable move still reports
    /// `GameOver` first when the game has ended.)
    fn check_not_over(&self, legal_move: bool, text: impl FnOnce() -> String) -> Result<(), MoveError> {
        match self.state().outcome_given(legal_move || self.position.has_legal_moves()) {
            None => Ok(()),
            Some(outcome) => Err(MoveError::GameOver { text: text(), outcome }),
        }
    }

    /// Takes back the last move and returns it (`None` at the start).
    /// This works on an ended game too.
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let undo = self.undos.pop()?;
        self.repetitions.pop();
        self.position.unmake_move(mv, undo);
        Some(mv)
    }

    /// How many times the current position has occurred in this game, now
    /// included: same side to move, same pieces on the same squares, same
    /// castling rights and same en-passant possibility (FIDE article 9.2.2;
    /// an en-passant square that no legal move can use does not count).
    /// Positions are compared by [`Position::repetition_key`], a 64-bit
    /// hash. O(1): each position's count is found when it is pushed.
    pub fn repetition_count(&self) -> usize {
        self.repetitions.count()
    }

    /// The repetition counts of the game's positions (see [`Repetitions`]).
    /// An ended game takes no more moves, so the halfmove clock, and the
    /// window the counts look back over, stays at 150 half-moves or less
    /// for every position reached by [`Game::push`].
    pub fn repetitions(&self) -> &Repetitions {
        &self.repetitions
    }

    /// True if the current position has occurred three times: a draw that
    /// either player may claim (FIDE article 9.2).
    pub fn is_threefold_repetition(&self) -> bool {
        self.state().is_threefold_repetition()
    }

    /// True if the current position has occurred five times: the game is
    /// drawn automatically (FIDE article 9.6.1).
    pub fn is_fivefold_repetition(&self) -> bool {
        self.state().is_fivefold_repetition()
    }

    /// True if the player to move may claim a draw now, without making a
    /// move: the position has occurred three times (FIDE article 9.2.2) or
    /// the last fifty moves of each side had no capture and no pawn move
    /// (article 9.3.2). Always false once the game has ended (see
    /// [`Game::outcome`]): after checkmate, stalemate, a dead position,
    /// seventy-five moves or fivefold repetition there is nothing to claim.
    ///
    /// Claims made by writing down a move (articles 9.2.1.1 and 9.3.1) are
    /// [`Game::can_claim_threefold_repetition`] and
    /// [`Game::can_claim_fifty_moves`]. python-chess's `can_claim_draw`
    /// includes those and does not look at whether the game has ended.
    ///
    /// ```
    /// use chess_movegen::Game;
    /// let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 100")?;
    /// assert!(!game.can_claim_draw());
    /// assert!(game.can_claim_fifty_moves()); // Rb1, for example, would make the fiftieth move
    /// game.push_uci("a1a8")?; // mate on the hundredth half-move
    /// assert!(!game.can_claim_draw());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn can_claim_draw(&self) -> bool {
        let state = self.state();
        (self.is_threefold_repetition() || state.is_fifty_moves()) && state.outcome().is_none()
    }

    /// True if a draw by threefold repetition may be claimed: the current
    /// position has occurred three times, or one of the legal moves would
    /// make a position occur for the third time (the player writes that
    /// move down and claims, FIDE article 9.2.1.1). The moves are
    /// [`Game::moves_claiming_threefold`].
    ///
    /// The meaning is python-chess's `can_claim_threefold_repetition`:
    /// it answers for the board even when the game has already ended by
    /// fivefold repetition or otherwise; [`Game::can_claim_draw`] is the
    /// question "may a draw be claimed in this game now".
    pub fn can_claim_threefold_repetition(&self) -> bool {
        self.state().can_claim_threefold_repetition()
    }

    /// The legal moves that would make a position occur for the third (or
    /// later) time, so that the player may claim a draw by writing one of
    /// them down (FIDE article 9.2.1.1).
    ///
    /// ```
    /// use chess_movegen::Game;
    /// let mut game = Game::new();
    /// game.push_line("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")?;
    /// // ...Ng8 would bring the start position back for the third time.
    /// let claims = game.moves_claiming_threefold();
    /// assert_eq!(claims.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["f6g8"]);
    /// assert!(game.can_claim_threefold_repetition() && !game.can_claim_draw());
    /// # Ok::<(), chess_movegen::LineError>(())
    /// ```
    pub fn moves_claiming_threefold(&self) -> MoveList {
        self.state().moves_claiming_threefold()
    }

    /// True if some legal move leads to a position that occurred earlier
    /// since the last capture or pawn move (compared as in
    /// [`Game::repetition_count`]): an upcoming repetition.
    ///
    /// The candidates come from the cuckoo table of reversible moves, one
    /// lookup for every second earlier position of the window; a hit is
    /// confirmed (legal, and the position after it has the earlier key),
    /// so the answer is exact, without generating moves. (A key match with
    /// a position of this game already implies both, up to a 64-bit key
    /// collision: the earlier position was legal, and castling rights
    /// belong to pieces on their home squares, which a reversible move
    /// back to it cannot lose.)
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_movegen::Game;
    ///
    /// let mut game = Game::new();
    /// game.push_line("Nf3 Nf6 Ng1")?;
    /// assert!(game.has_upcoming_repetition()); // ...Ng8
    /// assert_eq!(game.upcoming_repetition_moves().len(), 1);
    /// # Ok::<(), chess_movegen::LineError>(())
    /// ```
    pub fn has_upcoming_repetition(&self) -> bool {
        self.repetition_candidates().next().is_some()
    }

    /// The legal moves that lead to a position that occurred earlier since
    /// the last capture or pawn move (see [`Game::has_upcoming_repetition`]),
    /// each once, in no particular order.
    pub fn upcoming_repetition_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for mv in self.repetition_candidates() {
            if !list.contains(&mv) {
                list.push(mv);
            }
        }
        list
    }

    /// The confirmed moves back to an earlier position of the window, one
    /// per earlier position matched.
    fn repetition_candidates(&self) -> impl Iterator<Item = Move> + '_ {
        let keys = self.repetitions.keys();
        let now = keys.len() - 1;
        let window = (self.position.halfmove_clock() as usize).min(now);
        let key = keys[now];
        // The earlier position has the other side to move: odd distances
        // 1, 3, 5, ... back, so every second key before the current one.
        keys[now - window..now].iter().rev().step_by(2).filter_map(move |&earlier| {
            let mv = self.position.cuckoo_move(key ^ earlier)?;
            // A reversible non-pawn move leaves no en-passant square, so
            // the hash after it is its repetition key.
            (self.position.is_legal(mv) && self.position.hash_after(mv) == earlier).then_some(mv)
        })
    }

    /// True if a draw by the fifty-move rule may be claimed: the last fifty
    /// moves of each side had no capture and no pawn move and the player
    /// to move has a legal move (FIDE article 9.3.2), or one of the legal
    /// moves would make it so without checkmating (the player writes that
    /// move down and claims, article 9.3.1). The moves are
    /// [`Game::moves_claiming_fifty`].
    ///
    /// The meaning is python-chess's `can_claim_fifty_moves`: it answers
    /// for the board even when the game has already ended by the
    /// seventy-five-move rule or otherwise; [`Game::can_claim_draw`] is the
    /// question "may a draw be claimed in this game now".
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.state().can_claim_fifty_moves()
    }

    /// The legal moves after which the fifty-move rule holds (the
    /// halfmove clock reaches 100 and the opponent has a legal move), so
    /// that the player may claim a draw by writing one of them down
    /// (FIDE article 9.3.1). Empty unless the clock is 99 or more.
    pub fn moves_claiming_fifty(&self) -> MoveList {
        self.state().moves_claiming_fifty()
    }

    /// How the game has ended by the rules, if it has: checkmate,
    /// stalemate, a dead position by material, seventy-five moves, fivefold
    /// repetition (the first that holds is given). Each of these ends the
    /// game at once (FIDE articles 5.1.1, 5.2.1, 5.2.2, 9.6), so an ended
    /// game takes no more moves.
    ///
    /// The order differs from python-chess's `outcome()` in one case:
    /// a stalemate with insufficient material is a stalemate here and
    /// insufficient material there.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    /// The game as it stands, for the rules that need its history (see
    /// [`GameState`]); its clock is the position's.
    pub fn state(&self) -> GameState<'_> {
        GameState::new(&self.position, &self.repetitions, self.position.halfmove_clock())
    }
}
