//! EPD errors: what is wrong, in which field or operation, at which byte.

use alloc::string::{String, ToString};
use core::fmt;

use crate::position::error::echo;
use crate::position::{FenError, FenField, MoveError, PositionError};
use crate::types::Quoted;

/// Where an EPD error is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EpdField {
    /// One of the FEN fields at the start of the record.
    Fen(FenField),
    /// The operation with this opcode (its opcode or its operand); an
    /// opcode of more than 32 characters is cut as move errors echo text.
    Operation(String),
}

impl fmt::Display for EpdField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdField::Fen(field) => write!(f, "{field} field"),
            EpdField::Operation(op) => write!(f, "operation {}", Quoted(op)),
        }
    }
}

/// What is wrong with an EPD record or operation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EpdErrorKind {
    /// Fewer than the four FEN fields.
    MissingFields {
        /// How many fields there are.
        found: usize,
    },
    /// The FEN fields do not give a valid position. The [`FenError`]'s
    /// own offset is into the FEN rebuilt from the fields (one space
    /// between them, and ` 0 1` for a record without clocks);
    /// [`EpdError::offset`] is the byte in the record.
    Fen(FenError),
    /// An opcode that does not start with a letter, or contains `"`,
    /// white space or `;`.
    InvalidOpcode,
    /// A quoted string without its closing `"`.
    UnterminatedString,
    /// An operand that cannot be written in a record: an empty or
    /// multi-line [`Operand::Tokens`](super::Operand::Tokens), `;` outside quotes, a control
    /// character or a float that is not finite.
    InvalidOperand,
    /// `hmvc` or `fmvn` is not a number from 0 (1 for `fmvn`) to 4294967295.
    InvalidClock,
    /// The clocks from `hmvc`/`fmvn` are impossible in the position (more
    /// halfmoves than moves played, or a halfmove clock after a double
    /// step).
    ImpossibleClocks(PositionError),
    /// A move of the operand is not a legal move (in SAN or UCI) where it
    /// is played.
    Move {
        /// The move as written (more than 32 characters cut as
        /// [`MoveError`] echoes text).
        text: String,
        /// Why it was rejected.
        error: MoveError,
    },
}

/// Why an EPD record or operation was rejected: what, where, at which byte.
///
/// ```
/// use chess_movegen::epd::{Epd, EpdErrorKind, EpdField};
/// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - bm Rh9; id \"x\";")?;
/// let err = epd.best_moves().unwrap_err();
/// assert_eq!(err.field(), &EpdField::Operation("bm".into()));
/// assert_eq!(err.offset(), Some(30));
/// assert!(matches!(err.kind(), EpdErrorKind::Move { text, .. } if text == "Rh9"));
/// assert!(err.to_string().starts_with("invalid EPD (operation \"bm\", byte 30): move \"Rh9\": "));
/// # Ok::<(), chess_movegen::epd::EpdError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    kind: EpdErrorKind,
    field: EpdField,
    offset: Option<usize>,
}

impl EpdError {
    pub(super) fn new(kind: EpdErrorKind, field: EpdField, offset: Option<usize>) -> EpdError {
        EpdError { kind, field, offset }
    }

    /// An error of the operation `opcode`, named as errors echo text (an
    /// invalid opcode may be megabytes long).
    pub(super) fn op(kind: EpdErrorKind, opcode: &str, offset: Option<usize>) -> EpdError {
        EpdError::new(kind, EpdField::Operation(echo(opcode.as_bytes())), offset)
    }

    /// What is wrong.
    pub fn kind(&self) -> &EpdErrorKind {
        &self.kind
    }

    /// The field or operation where the problem is.
    pub fn field(&self) -> &EpdField {
        &self.field
    }

    /// Byte offset into the record text where the problem starts; `None`
    /// for operations that were not read from text (set by
    /// [`Epd::set`](super::Epd::set)).
    pub fn offset(&self) -> Option<usize> {
        self.offset
    }
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "invalid EPD ({}, byte {offset}): ", self.field)?,
            None => write!(f, "invalid EPD ({}): ", self.field)?,
        }
        match &self.kind {
            EpdErrorKind::MissingFields { found } => {
                write!(f, "found {found} fields, expected board, side to move, castling and en passant")
            }
            EpdErrorKind::Fen(err) => {
                // The FEN error's own prefix names a byte of the FEN rebuilt
                // from the fields; the record's byte is given above.
                let text = err.to_string();
                f.write_str(text.split_once("): ").map_or(text.as_str(), |(_, reason)| reason))
            }
            EpdErrorKind::InvalidOpcode => {
                f.write_str("an opcode starts with a letter and contains no '\"', ';' or white space")
            }
            EpdErrorKind::UnterminatedString => f.write_str("string without its closing '\"'"),
            EpdErrorKind::InvalidOperand => f.write_str(
                "operand cannot be written: empty or multi-line tokens, ';' outside quotes, or a float that is not finite",
            ),
            EpdErrorKind::InvalidClock => {
                f.write_str("expected a decimal number from 0 (1 for fmvn) to 4294967295")
            }
            EpdErrorKind::ImpossibleClocks(reasons) => write!(f, "{reasons}"),
            EpdErrorKind::Move { text, error } => write!(f, "move {}: {error}", Quoted(text)),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for EpdError {}
