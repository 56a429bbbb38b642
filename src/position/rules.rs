//! The rules that end a game: mate, stalemate, dead positions by
//! material, the fifty- and seventy-five-move rules.

use crate::outcome::{DrawReason, Outcome};
use crate::position::Position;
use crate::types::{Bitboard, Color, Role};

/// The halfmove clock from which a draw may be claimed (FIDE article 9.3).
pub(crate) const FIFTY_MOVES: u32 = 100;
/// The halfmove clock from which the game is drawn (FIDE article 9.6.2).
pub(crate) const SEVENTY_FIVE_MOVES: u32 = 150;

/// # Rules: the end of the game
///
/// Insufficient material, the fifty- and seventy-five-move rules, the outcome.
impl Position {
    /// True if neither side can ever checkmate, whatever is played: a dead
    /// position by material (FIDE article 5.2.2), so the game is drawn.
    /// The cases are king against king, king and one knight against king,
    /// king and one bishop against king, and any number of bishops (of
    /// either side) standing on squares of one colour with no other pieces:
    /// bishops on one colour can never attack the squares a king would
    /// need to be mated on, and a lone minor piece cannot cover enough
    /// squares.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// assert!(Position::from_fen("8/8/4k3/8/8/8/8/1B2K3 w - - 0 1")?.is_insufficient_material());
    /// assert!(!Position::from_fen("8/8/4k3/8/8/8/5N2/1B2K3 w - - 0 1")?.is_insufficient_material());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let kings = self.pieces_of_role(Role::King);
        let others = self.occupied() & !kings;
        let bishops = self.pieces_of_role(Role::Bishop);
        match others.len() {
            0 => true,
            1 => (others & (bishops | self.pieces_of_role(Role::Knight))).any(),
            _ => {
                others == bishops
                    && ((bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
            }
        }
    }

    /// True if `color` alone cannot checkmate by any series of legal moves,
    /// whatever the opponent plays: the question the flag-fall rule
    /// (FIDE article 6.9) asks. The opponent's pieces matter, because they
    /// can block their own king's flight squares:
    ///
    /// - a lone king never mates: true;
    /// - king and one knight: true only if the opponent has nothing but
    ///   king and queens (any pawn, knight, bishop or rook of the
    ///   opponent could block a flight square and allow a smothered mate);
    /// - king and bishops, all on squares of one colour: true if the
    ///   opponent has no pawns, no knights and no bishop on the other
    ///   colour (those could block or be forced onto a square of the other
    ///   colour, or be captured to change the picture);
    /// - anything else (a pawn, rook or queen; two knights; bishops on both
    ///   colours; knight and bishop): false.
    ///
    /// This is the rule used by the main online servers and by
    /// python-chess. It is a convention, not a proof: in rare positions an
    /// opponent's rook or queen can block its own king next to a corner so
    /// that a single bishop mates (helpmate), which this rule still calls
    /// insufficient.
    ///
    /// ```
    /// use chess_movegen::{Color, Position};
    /// let pos = Position::from_fen("8/8/4k3/8/8/8/5N2/4K2q w - - 0 1")?; // K+N against K+Q
    /// assert!(pos.has_insufficient_material(Color::White));
    /// assert!(!pos.has_insufficient_material(Color::Black));
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.pieces_of_color(color);
        let theirs = self.pieces_of_color(!color);
        let pawns = self.pieces_of_role(Role::Pawn);
        let knights = self.pieces_of_role(Role::Knight);
        let bishops = self.pieces_of_role(Role::Bishop);
        if (ours & (pawns | self.pieces_of_role(Role::Rook) | self.pieces_of_role(Role::Queen))).any() {
            return false;
        }
        if (ours & knights).any() {
            let opponent_has_only_queens =
                (theirs & !self.pieces_of_role(Role::King) & !self.pieces_of_role(Role::Queen)).is_empty();
            return ours.len() <= 2 && opponent_has_only_queens;
        }
        if (ours & bishops).any() {
            let one_colour =
                (bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour && (pawns | knights).is_empty();
        }
        true
    }

    /// True if the halfmove clock has reached 100 and the side to move has
    /// a legal move: either player may claim a draw by the fifty-move rule
    /// (FIDE article 9.3). A checkmate or stalemate ends the game first
    /// (articles 5.1.1 and 5.2.1), so there the answer is false.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// assert!(Position::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 100 120")?.is_fifty_move_rule());
    /// // Mate on the hundredth half-move: no claim.
    /// assert!(!Position::from_fen("R6k/8/6K1/8/8/8/8/8 b - - 100 120")?.is_fifty_move_rule());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn is_fifty_move_rule(&self) -> bool {
        self.fifty_moves_at(self.halfmove_clock())
    }

    /// True if the halfmove clock has reached 150 and the side to move has
    /// a legal move: the game is drawn automatically by the
    /// seventy-five-move rule (FIDE article 9.6.2). A checkmate by the last
    /// move takes precedence, and a stalemate is a draw of its own (see
    /// [`Position::outcome`]); there the answer is false.
    pub fn is_seventy_five_move_rule(&self) -> bool {
        self.seventy_five_moves_at(self.halfmove_clock())
    }

    /// The fifty-move rule by the clock `halfmove_clock` (the position's
    /// own, or a game's that a FEN stated, see [`crate::GameState`]).
    pub(crate) fn fifty_moves_at(&self, halfmove_clock: u32) -> bool {
        halfmove_clock >= FIFTY_MOVES && self.has_legal_moves()
    }

    /// The seventy-five-move rule by the clock `halfmove_clock`.
    pub(crate) fn seventy_five_moves_at(&self, halfmove_clock: u32) -> bool {
        halfmove_clock >= SEVENTY_FIVE_MOVES && self.has_legal_moves()
    }

    /// How the game has ended in this position by the rules that need no
    /// history: checkmate, stalemate, insufficient material or the
    /// seventy-five-move rule, in that order of precedence (so a mate on
    /// the 150th half-move is a mate). Repetition needs the game's history:
    /// see [`Game::outcome`](crate::Game::outcome).
    ///
    /// ```
    /// use chess_movegen::{Color, Outcome, Position};
    /// let mate = Position::from_fen("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")?;
    /// assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    /// assert_eq!(Position::startpos().outcome(), None);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.has_legal_moves(), self.halfmove_clock())
    }

    /// [`Position::outcome`] with whether the side to move has a legal
    /// move already known (a move about to be played is one, sparing a
    /// move generation) and the clock `halfmove_clock` (a game's may
    /// differ from the position's, see [`crate::GameState`]).
    pub(crate) fn outcome_at(&self, has_legal_moves: bool, halfmove_clock: u32) -> Option<Outcome> {
        if !has_legal_moves {
            return Some(if self.is_check() {
                Outcome::Checkmate { winner: !self.side_to_move() }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if self.is_insufficient_material() {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        } else if halfmove_clock >= SEVENTY_FIVE_MOVES {
            Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
        } else {
            None
        }
    }
}
