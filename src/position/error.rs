//! The errors of moves: why a move text could not be read
//! ([`SyntaxReason`]) or a move is not legal here ([`IllegalReason`]), as
//! one [`MoveError`]. They belong to the position: its checked moves
//! (`try_make_move`, `illegal_reason`) give them, and the notation, game
//! and PGN layers above pass them on.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::moves::Move;
use crate::outcome::Outcome;
use crate::types::{text_before, File, Quoted, Rank, Role, Square};

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
    /// Standard algebraic notation (`Nf3`, `exd5`, `O-O`), and the long
    /// algebraic and UCI forms [`Position::parse_san`](crate::Position::parse_san)
    /// reads with it.
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

/// Why a text is not a move in the notation expected (the reason of a
/// [`MoveError::Syntax`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxReason {
    /// The text is empty (or holds only check marks, annotations or
    /// spaces).
    Empty,
    /// A character that no move notation uses.
    NonAscii,
    /// A lower-case piece letter (`nf3`): SAN writes pieces in upper case.
    LowerCasePiece,
    /// A promotion to a king or a pawn (`e8=K`).
    PromotionToKingOrPawn,
    /// A promotion letter that names no piece (`e8=X`, `e7e8k` in UCI).
    BadPromotionPiece,
    /// A `=` (or `/`) with no promotion piece after it.
    MissingPromotionPiece,
    /// A promotion written for a piece other than a pawn (`Ke8=Q`).
    OnlyPawnsPromote,
    /// A pawn capture without the pawn's file (`xd5` for `exd5`).
    PawnCaptureWithoutFile,
    /// No destination square at the end (`N`).
    MissingDestination,
    /// The destination is not a square (`Nf9`, `e2e9`).
    BadDestination,
    /// The origin is not a square (`i2e4` in UCI).
    BadOrigin,
    /// The text does not have the shape of a move: piece letter, origin
    /// file and/or rank (or square), `x` or `-`, destination square.
    BadShape,
    /// Spaces around a UCI move.
    Whitespace,
    /// A UCI move is 4 or 5 characters long.
    BadLength,
    /// A UCI move from a square to itself.
    SameSquare,
    /// The UCI null move `0000` where a move of the game is wanted.
    NullMove,
}

impl fmt::Display for SyntaxReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SyntaxReason::Empty => "empty move",
            SyntaxReason::NonAscii => "unexpected non-ASCII character",
            SyntaxReason::LowerCasePiece => "piece letters are upper case (N, B, R, Q, K)",
            SyntaxReason::PromotionToKingOrPawn => {
                "a pawn promotes to a queen, rook, bishop or knight, not to a king or pawn"
            }
            SyntaxReason::BadPromotionPiece => "invalid promotion piece (Q, R, B or N)",
            SyntaxReason::MissingPromotionPiece => "missing promotion piece after '='",
            SyntaxReason::OnlyPawnsPromote => "only pawns promote",
            SyntaxReason::PawnCaptureWithoutFile => "a pawn capture names the pawn's file (exd5)",
            SyntaxReason::MissingDestination => "missing destination square",
            SyntaxReason::BadDestination => "the destination is not a square",
            SyntaxReason::BadOrigin => "the origin is not a square",
            SyntaxReason::BadShape => {
                "expected piece letter, origin file and/or rank (or square), x or -, destination square"
            }
            SyntaxReason::Whitespace => "leading or trailing whitespace (a UCI move has no spaces)",
            SyntaxReason::BadLength => "expected 4 or 5 characters: from square, to square, optional promotion letter",
            SyntaxReason::SameSquare => "origin and destination are the same square",
            SyntaxReason::NullMove => "the null move is not accepted here",
        })
    }
}

/// A move that could not be read or is not legal.
///
/// The `text` of each variant echoes the move text given, cut to its
/// first 32 characters, `…` and its length in bytes when it is longer
/// (a 10 MB token `e4e4e4…` becomes its first 32 characters followed by
/// `… (10485760 bytes)`): an error stays small whatever the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in that notation at all (for
    /// [`Notation::San`]: in none of the notations
    /// [`Position::parse_san`](crate::Position::parse_san) reads, SAN, long
    /// algebraic and UCI).
    Syntax {
        /// The notation expected.
        notation: Notation,
        /// The text given (shortened, see above).
        text: String,
        /// What is wrong with it.
        reason: SyntaxReason,
    },
    /// The text is a well-formed move, but not a legal one here.
    Illegal {
        /// The text given, shortened (or the move in UCI when no text was
        /// involved).
        text: String,
        /// Why the move is not legal.
        reason: IllegalReason,
    },
    /// A SAN move that fits more than one legal move.
    Ambiguous {
        /// The text given (shortened).
        text: String,
        /// Every legal move that fits it.
        candidates: Vec<Move>,
    },
    /// The game has ended by the rules, so no move can be played (see
    /// [`Game::push`](crate::Game::push)).
    GameOver {
        /// The text given, shortened (or the move in UCI when no text was
        /// involved).
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
}

/// How many characters of a move text an error keeps (see [`echo`]).
pub(crate) const ECHO_CHARS: usize = 32;

/// A move text as errors echo it: the text itself if it has at most
/// [`ECHO_CHARS`] characters, else its first [`ECHO_CHARS`] characters,
/// `…` and its length in bytes. Bytes that are not UTF-8 become U+FFFD.
pub(crate) fn echo(text: &[u8]) -> String {
    // No character takes more than 4 bytes, so this prefix holds the first
    // ECHO_CHARS characters whole (a character cut at its end comes later).
    let prefix = &text[..text.len().min(4 * ECHO_CHARS)];
    let lossy = String::from_utf8_lossy(prefix);
    match lossy.char_indices().nth(ECHO_CHARS) {
        None if prefix.len() == text.len() => lossy.into_owned(),
        cut => {
            let kept = cut.map_or(lossy.len(), |(i, _)| i);
            alloc::format!("{}\u{2026} ({} bytes)", text_before(&lossy, kept), text.len())
        }
    }
}

impl MoveError {
    /// The move text this error refused, as it keeps it (see above: cut
    /// to 32 characters); for a move given as a value, its UCI text.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let error = Position::startpos().parse_san("Ke2!?").unwrap_err();
    /// assert_eq!(error.text(), "Ke2!?");
    /// ```
    pub fn text(&self) -> &str {
        match self {
            MoveError::Syntax { text, .. }
            | MoveError::Illegal { text, .. }
            | MoveError::Ambiguous { text, .. }
            | MoveError::GameOver { text, .. } => text,
        }
    }

    /// What is wrong, without the move text: for the errors that name the
    /// move themselves ([`LineError`](crate::LineError), the PGN reader's
    /// errors), so that it appears once.
    pub(crate) fn without_text(&self) -> WithoutText<'_> {
        WithoutText(self)
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, with_text: bool) -> fmt::Result {
        let quoted =
            |f: &mut fmt::Formatter<'_>, text: &str| if with_text { write!(f, " {}", Quoted(text)) } else { Ok(()) };
        match self {
            MoveError::Syntax { notation, text, reason } => {
                if with_text {
                    write!(f, "{} is ", Quoted(text))?;
                }
                let notations = match notation {
                    Notation::San => "SAN, long algebraic or UCI",
                    Notation::Uci => "UCI",
                };
                write!(f, "not a move in {notations}: {reason}")
            }
            MoveError::Illegal { text, reason } => {
                f.write_str("illegal move")?;
                quoted(f, text)?;
                write!(f, ": {reason}")
            }
            MoveError::Ambiguous { text, candidates } => {
                f.write_str("ambiguous move")?;
                quoted(f, text)?;
                f.write_str(": it could be ")?;
                for (i, mv) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() { " or " } else { ", " })?;
                    }
                    write!(f, "{mv}")?;
                }
                Ok(())
            }
            MoveError::GameOver { text, outcome } => {
                if with_text {
                    write!(f, "cannot play {}: ", Quoted(text))?;
                } else {
                    f.write_str("cannot be played: ")?;
                }
                write!(f, "the game is over ({outcome})")
            }
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true)
    }
}

/// A [`MoveError`] shown without its move text (see
/// [`MoveError::without_text`]).
pub(crate) struct WithoutText<'a>(&'a MoveError);

impl fmt::Display for WithoutText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, false)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::echo;
    use alloc::format;
    use alloc::string::String;

    #[test]
    fn echo_keeps_short_texts_and_cuts_long_ones_at_a_character() {
        assert_eq!(echo(b""), "");
        assert_eq!(echo(b"Nf3"), "Nf3");
        let exact = "a".repeat(32);
        assert_eq!(echo(exact.as_bytes()), exact);
        let one_more = "a".repeat(33);
        assert_eq!(echo(one_more.as_bytes()), format!("{exact}\u{2026} (33 bytes)"));
        // Multi-byte characters count as one and are never split.
        let wide = "\u{e9}\u{1f600}".repeat(20);
        let kept: String = wide.chars().take(32).collect();
        assert_eq!(echo(wide.as_bytes()), format!("{kept}\u{2026} ({} bytes)", wide.len()));
        let four = "\u{1f600}".repeat(32);
        assert_eq!(echo(four.as_bytes()), four);
        let four_more = "\u{1f600}".repeat(33);
        assert_eq!(echo(four_more.as_bytes()), format!("{four}\u{2026} (132 bytes)"));
        // Bytes that are not UTF-8 are replaced, the length is the input's.
        assert_eq!(echo(b"e4\xff"), "e4\u{fffd}");
        let junk = [0xffu8; 1000];
        assert_eq!(echo(&junk), format!("{}\u{2026} (1000 bytes)", "\u{fffd}".repeat(32)));
    }
}
