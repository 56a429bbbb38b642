//! UCI move notation: `e2e4`, `e7e8q`, castling as `e1g1` (standard) or
//! `e1h1` (Chess960, king takes own rook), `0000` for the null move.

use alloc::string::String;

use crate::moves::Move;
use crate::position::error::echo;
use crate::position::{CastlingMode, MoveError, Notation, Position, SyntaxReason};
use crate::types::castling::STANDARD_KING_FILE;
use crate::types::{CastlingSide, Rank, Role, Square};

fn syntax(text: &str, reason: SyntaxReason) -> MoveError {
    MoveError::Syntax { notation: Notation::Uci, text: echo(text.as_bytes()), reason }
}
/// # Notation: UCI
impl Position {
    /// The move in UCI notation for this position's castling mode:
    /// castling is the king's two-square step (`e1g1`) in standard chess
    /// and king-takes-rook (`e1h1`) in Chess960, as the UCI_Chess960
    /// option specifies. Any move value is written, legal or not (the
    /// position only decides how castling looks); a castling value that is
    /// not standard castling (king on the e-file, rook on the a- or h-file)
    /// is written king-takes-rook in both modes, as [`Move`]'s `Display`
    /// does, so that no two moves share a text.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.uci(Move::castle(Square::E1, Square::H1)), "e1g1");
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn uci(&self, mv: Move) -> String {
        String::from(mv.uci_text(self.castling_mode() == CastlingMode::Chess960).as_str())
    }

    /// Reads a UCI move and returns it if it is legal here. Castling is
    /// accepted as the king's two-square step (standard mode only) and as
    /// king-takes-own-rook (both modes, as several GUIs send it).
    ///
    /// # Errors
    ///
    /// [`MoveError::Syntax`] for text that is not a UCI move (and for
    /// `0000`, see [`Position::parse_uci_or_null`]);
    /// [`MoveError::Illegal`] with the reason for a move that is not legal.
    ///
    /// ```
    /// use chess_movegen::{IllegalReason, MoveError, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_uci("g1f3")?.to_string(), "g1f3");
    /// assert!(matches!(pos.parse_uci("e2e5"), Err(MoveError::Illegal { reason: IllegalReason::CannotMoveThatWay, .. })));
    /// assert!(matches!(pos.parse_uci("e2"), Err(MoveError::Syntax { .. })));
    /// # Ok::<(), MoveError>(())
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        if text == "0000" {
            return Err(syntax(text, SyntaxReason::NullMove));
        }
        let mv = self.uci_to_move(text)?;
        match self.illegal_reason(mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveError::Illegal { text: echo(text.as_bytes()), reason }),
        }
    }

    /// Like [`Position::parse_uci`], but `0000` gives [`Move::NULL`] (for
    /// [`Position::make_null_move`]).
    ///
    /// # Errors
    ///
    /// As [`Position::parse_uci`].
    pub fn parse_uci_or_null(&self, text: &str) -> Result<Move, MoveError> {
        if text == "0000" {
            Ok(Move::NULL)
        } else {
            self.parse_uci(text)
        }
    }

    /// The move a UCI text denotes here, legal or not.
    fn uci_to_move(&self, text: &str) -> Result<Move, MoveError> {
        let bytes = text.as_bytes();
        if text.trim() != text {
            return Err(syntax(text, SyntaxReason::Whitespace));
        }
        if !text.is_ascii() {
            return Err(syntax(text, SyntaxReason::NonAscii));
        }
        if !(bytes.len() == 4 || bytes.len() == 5) {
            return Err(syntax(text, SyntaxReason::BadLength));
        }
        let from = Square::from_ascii(&bytes[0..2]).map_err(|_| syntax(text, SyntaxReason::BadOrigin))?;
        let to = Square::from_ascii(&bytes[2..4]).map_err(|_| syntax(text, SyntaxReason::BadDestination))?;
        let promotion = match bytes.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
                Some(Role::King | Role::Pawn) => return Err(syntax(text, SyntaxReason::PromotionToKingOrPawn)),
                None => return Err(syntax(text, SyntaxReason::BadPromotionPiece)),
            },
        };
        if from == to {
            return Err(syntax(text, SyntaxReason::SameSquare));
        }
        Ok(self.move_from_squares(from, to, promotion))
    }

    /// The move from `from` to `to` as UCI means it here, legal or not:
    /// a promotion if a piece is given; castling for the king taking its
    /// own rook (both modes) or, in standard chess, for the king's
    /// two-square step from its start square; en passant for a pawn's
    /// diagonal step onto the en-passant square; else a normal move. Also
    /// what [`Position::parse_san`] makes of a long algebraic or UCI text.
    pub(crate) fn move_from_squares(&self, from: Square, to: Square, promotion: Option<Role>) -> Move {
        if let Some(role) = promotion {
            return Move::promotion(from, to, role);
        }
        let us = self.side_to_move();
        let piece = self.piece_at(from);
        let is_ours = |role| piece == Some(crate::types::Piece::new(us, role));
        if is_ours(Role::King) {
            // King takes own rook: castling, in both modes.
            if self.piece_at(to) == Some(crate::types::Piece::new(us, Role::Rook)) {
                return Move::castle(from, to);
            }
            // The king's two-square step, in standard chess.
            let back = Rank::First.relative_to(us);
            if self.castling_mode() == CastlingMode::Standard && from == Square::new(STANDARD_KING_FILE, back) {
                if let Some(side) = CastlingSide::ALL.into_iter().find(|side| side.king_to(us) == to) {
                    return Move::castle(from, Square::new(side.standard_rook_file(), back));
                }
            }
        }
        if is_ours(Role::Pawn) && Some(to) == self.ep_square() && from.file() != to.file() {
            return Move::en_passant(from, to);
        }
        Move::new(from, to)
    }
}
