//! EPD records: a position (the first four FEN fields) followed by
//! operations, `opcode operand;`, kept in the order they were read.
//!
//! ```
//! use chess_movegen::epd::{Epd, Operand};
//!
//! let text = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;
//! let mut epd = Epd::parse(text)?;
//! let best: Vec<String> = epd.best_moves()?.iter().map(|&m| epd.position().san(m)).collect();
//! assert_eq!(best, ["Qg6"]);
//! assert_eq!(epd.id(), Some("WAC.001"));
//!
//! // Operations keep their order; unknown ones are kept verbatim.
//! epd.set("acd", Operand::Integer(12))?;
//! assert_eq!(epd.to_string(), format!("{text} acd 12;"));
//! assert_eq!(Epd::parse(&epd.to_string())?, epd);
//! # Ok::<(), chess_movegen::epd::EpdError>(())
//! ```
//!
//! # Grammar
//!
//! - The record starts with the board, side to move, castling and
//!   en-passant fields of FEN. Two decimal numbers after them are read as
//!   the halfmove clock and fullmove number (the form of perft suites,
//!   `FEN 0 1 ;D1 20 ;D2 400`), and are written back in the same place.
//! - Operations follow, each ended by `;` (the last one may leave it out).
//!   Empty operations (`;;`) are skipped, and so is a lone `-` where an
//!   opcode would be. An opcode starts with a letter and runs to the next
//!   white space, `;` or end; it may not contain `"`. An opcode given twice
//!   keeps its first place and its last operand.
//! - The operand is everything up to the `;` that ends the operation, with
//!   `;` inside double quotes not ending it. It is read as an
//!   [`Operand`]: nothing, one quoted string (escapes `\"`, `\\`, `\n`,
//!   `\t`, `\r`; any other escaped character stands for itself), one
//!   integer, one finite decimal number with `.` or an exponent, or else
//!   the text verbatim ([`Operand::Tokens`]: SAN moves, or anything else).
//! - Moves (`bm`, `am`, `pv` and any other opcode read by
//!   [`Epd::moves`]) are resolved only when asked for, in SAN or, failing
//!   that, UCI; a bad move is reported with its text, the reason and its
//!   byte offset.
//! - `hmvc` and `fmvn` set the clocks of [`Epd::position`].
//!
//! The writer puts one space between fields and operations and ends each
//! operation with `;`; strings are quoted with `\`, `"`, tab, carriage
//! return and line feed escaped, and decimal numbers are written the way
//! Python writes floats, so that python-chess reads back the same values.
//!
//! # Differences from python-chess
//!
//! The tests check the reader and the writer against python-chess 1.11.2
//! (`Board.set_epd` and `Board.epd`) on records in the styles of the WAC,
//! STS and ERET suites. Where they differ:
//! - the position must be legal, clocks included (python-chess takes any
//!   board, and `hmvc 10` without `fmvn`); see [`EpdErrorKind`];
//! - moves are checked when asked for, not while reading, and an unknown
//!   opcode's unquoted operand is kept as text, not read as a move;
//! - an operand that is more than one string or number (`c0 "a" "b"`,
//!   `xx 1 2`), or a malformed number, is kept as [`Operand::Tokens`]
//!   (python-chess reads text after a closing quote as the next opcode,
//!   and rejects the numbers);
//! - an unterminated string is an error (python-chess ends it at the end
//!   of the record);
//! - `bm` and `am` are written in the order given (python-chess sorts them
//!   by SAN);
//! - the clock fields of `FEN 0 1 ;D1 20` records are read as clocks
//!   (python-chess cannot read such records).

use alloc::borrow::ToOwned;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use crate::moves::Move;
use crate::position::error::echo;
use crate::position::{FenOptions, MoveError, Position};

mod error;
mod read;
mod write;

pub use error::{EpdError, EpdErrorKind, EpdField};
use read::{fen_error, leading_fields, parse_operations, valid_opcode, words, writable, FEN_FIELDS};
use write::{write_float, write_quoted};

/// The operand of an EPD operation.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Operand {
    /// No operand (`noop;`).
    None,
    /// One quoted string, unescaped (`id "WAC.001";`).
    String(String),
    /// One integer (`acd 12;`, `ce -35;`, `D3 8902;`).
    Integer(i64),
    /// One finite decimal number written with `.` or an exponent
    /// (`acs 1.5;`).
    Float(f64),
    /// Anything else, verbatim and trimmed: one or more SAN moves
    /// (`bm Qg6 Rf7;`) or other tokens. It must not be empty and may not
    /// contain `;` outside double quotes or a line break.
    Tokens(String),
}

impl Operand {
    /// The string of an [`Operand::String`], or the text of
    /// [`Operand::Tokens`] (some files leave `id` unquoted).
    ///
    /// ```
    /// use chess_movegen::epd::Operand;
    /// assert_eq!(Operand::String("x y".into()).as_str(), Some("x y"));
    /// assert_eq!(Operand::Integer(3).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Operand::String(s) | Operand::Tokens(s) => Some(s),
            _ => None,
        }
    }

    /// The value of an [`Operand::Integer`].
    ///
    /// ```
    /// use chess_movegen::epd::Operand;
    /// assert_eq!(Operand::Integer(-35).as_integer(), Some(-35));
    /// assert_eq!(Operand::Tokens("e4".into()).as_integer(), None);
    /// ```
    pub fn as_integer(&self) -> Option<i64> {
        match *self {
            Operand::Integer(n) => Some(n),
            _ => None,
        }
    }
}

impl fmt::Display for Operand {
    /// The operand as written in a record (nothing for [`Operand::None`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::None => Ok(()),
            Operand::String(s) => write_quoted(f, s),
            Operand::Integer(n) => write!(f, "{n}"),
            Operand::Float(x) => write_float(f, *x),
            Operand::Tokens(t) => f.write_str(t),
        }
    }
}

#[derive(Clone, Debug)]
struct Operation {
    opcode: String,
    operand: Operand,
    /// Byte offset of the operand (of the opcode when there is none) in the
    /// text it was read from.
    offset: Option<usize>,
}

/// An EPD record: a position and its operations in order.
///
/// Two records are equal when their positions (clocks included) and their
/// operations, in order, are equal; where they were read from does not
/// matter.
///
/// # Examples
///
/// ```
/// use chess_movegen::epd::Epd;
/// let epd = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")?;
/// assert_eq!(epd.perft(2), Some(400));
/// assert_eq!(epd.perft_depths(), [(1, 20), (2, 400)]);
/// # Ok::<(), chess_movegen::epd::EpdError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Epd {
    /// The position of the FEN fields, clocks from fields five and six or
    /// `0 1`.
    base: Position,
    /// `base` with the clocks of `hmvc` / `fmvn`.
    position: Position,
    /// The record had the two clock fields after the four FEN fields.
    clock_fields: bool,
    ops: Vec<Operation>,
}

impl PartialEq for Epd {
    fn eq(&self, other: &Epd) -> bool {
        self.position == other.position
            && self.base.halfmove_clock() == other.base.halfmove_clock()
            && self.base.fullmove_number() == other.base.fullmove_number()
            && self.clock_fields == other.clock_fields
            && self.ops.len() == other.ops.len()
            && self.ops.iter().zip(&other.ops).all(|(a, b)| a.opcode == b.opcode && a.operand == b.operand)
    }
}

impl Epd {
    /// A record of the position with no operations. Written, it has the
    /// four FEN fields only; use `hmvc` and `fmvn` to keep the clocks.
    ///
    /// ```
    /// use chess_movegen::{epd::Epd, Position};
    /// assert_eq!(Epd::new(Position::startpos()).to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn new(position: Position) -> Epd {
        Epd { base: position, position, clock_fields: false, ops: Vec::new() }
    }

    /// Reads one record of standard chess (strict FEN rules).
    ///
    /// # Errors
    ///
    /// An [`EpdError`] with the field or opcode and the byte offset: fewer
    /// than four fields, an invalid position, an invalid opcode, an
    /// unterminated string, or bad `hmvc`/`fmvn` clocks. Moves are checked
    /// only when asked for ([`Epd::best_moves`] and the like).
    ///
    /// ```
    /// use chess_movegen::epd::{Epd, EpdErrorKind};
    /// let err = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - id \"open").unwrap_err();
    /// assert_eq!(err.kind(), &EpdErrorKind::UnterminatedString);
    /// assert_eq!(err.offset(), Some(29));
    /// ```
    pub fn parse(text: &str) -> Result<Epd, EpdError> {
        Epd::parse_with(text, FenOptions::new())
    }

    /// Reads one record with the given FEN options (Chess960 castling
    /// rights, lenient repairs).
    ///
    /// # Errors
    ///
    /// As [`Epd::parse`].
    ///
    /// ```
    /// use chess_movegen::{epd::Epd, CastlingMode, FenOptions};
    /// let options = FenOptions::new().castling(CastlingMode::Chess960);
    /// let epd = Epd::parse_with("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21", options)?;
    /// assert_eq!(epd.perft(1), Some(21));
    /// assert_eq!(epd.position().fullmove_number(), 9);
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn parse_with(text: &str, options: FenOptions) -> Result<Epd, EpdError> {
        let fields = leading_fields(text, 6);
        let found = fields.len().min(4);
        if found < 4 {
            return Err(EpdError::new(
                EpdErrorKind::MissingFields { found },
                EpdField::Fen(FEN_FIELDS[found]),
                Some(fields.last().map_or(text.len(), |&(start, word)| start + word.len())),
            ));
        }
        let is_number = |i: usize| fields.get(i).is_some_and(|&(_, w)| w.bytes().all(|b| b.is_ascii_digit()));
        let clock_fields = is_number(4) && is_number(5);
        let used = if clock_fields { 6 } else { 4 };
        let mut fen = String::new();
        for (i, &(_, word)) in fields[..used].iter().enumerate() {
            if i > 0 {
                fen.push(' ');
            }
            fen.push_str(word);
        }
        if !clock_fields {
            fen.push_str(" 0 1");
        }
        let base = Position::from_fen_with(&fen, options).map_err(|err| fen_error(err, &fields[..used], text.len()))?.0;
        let rest_start = fields[used - 1].0 + fields[used - 1].1.len();
        let ops = dedup_operations(parse_operations(text, rest_start)?);
        let mut epd = Epd { base, position: base, clock_fields, ops };
        epd.apply_clocks()?;
        Ok(epd)
    }

    /// The position, with the clocks from `hmvc` and `fmvn` where given
    /// (otherwise from the clock fields, or `0 1`).
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 b - - hmvc 7; fmvn 30;")?;
    /// assert_eq!(epd.position().fen(), "4k3/8/8/8/8/8/8/4K3 b - - 7 30");
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The operations in order.
    ///
    /// ```
    /// use chess_movegen::epd::{Epd, Operand};
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - xyz; acd 3; c0 \"a;b\";")?;
    /// let ops: Vec<(&str, &Operand)> = epd.ops().collect();
    /// assert_eq!(ops, [("xyz", &Operand::None), ("acd", &Operand::Integer(3)), ("c0", &Operand::String("a;b".into()))]);
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn ops(&self) -> impl ExactSizeIterator<Item = (&str, &Operand)> + '_ {
        self.ops.iter().map(|op| (op.opcode.as_str(), &op.operand))
    }

    /// The operand of `opcode`, if the record has that operation.
    ///
    /// ```
    /// use chess_movegen::epd::{Epd, Operand};
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - ce -12;")?;
    /// assert_eq!(epd.get("ce"), Some(&Operand::Integer(-12)));
    /// assert_eq!(epd.get("bm"), None);
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn get(&self, opcode: &str) -> Option<&Operand> {
        self.find(opcode).map(|op| &op.operand)
    }

    /// Sets the operand of `opcode`: in its place if the record has it,
    /// else as the last operation. `hmvc` and `fmvn` change the clocks of
    /// [`Epd::position`].
    ///
    /// # Errors
    ///
    /// An invalid opcode ([`EpdErrorKind::InvalidOpcode`]), an operand
    /// that cannot be written ([`EpdErrorKind::InvalidOperand`]), or
    /// clocks that are not valid here; the record is then unchanged.
    ///
    /// ```
    /// use chess_movegen::epd::{Epd, Operand};
    /// let mut epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - id \"old\"; acd 3;")?;
    /// epd.set("id", Operand::String("new \"one\"".into()))?;
    /// assert_eq!(epd.to_string(), r#"4k3/8/8/8/8/8/8/4K3 w - - id "new \"one\""; acd 3;"#);
    /// assert!(epd.set("bad op", Operand::None).is_err());
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn set(&mut self, opcode: &str, operand: Operand) -> Result<(), EpdError> {
        if !valid_opcode(opcode) {
            return Err(EpdError::op(EpdErrorKind::InvalidOpcode, opcode, None));
        }
        if !writable(&operand) {
            return Err(EpdError::op(EpdErrorKind::InvalidOperand, opcode, None));
        }
        let before = self.clone();
        self.insert(Operation { opcode: opcode.to_owned(), operand, offset: None });
        if let Err(err) = self.apply_clocks() {
            *self = before;
            return Err(err);
        }
        Ok(())
    }

    /// Sets `opcode` to moves of the position, written in SAN in the order
    /// given (for `bm` and `am`).
    ///
    /// # Errors
    ///
    /// [`EpdErrorKind::Move`] if a move is not legal in the position (the
    /// text is the move in UCI); the record is then unchanged.
    ///
    /// ```
    /// use chess_movegen::{epd::Epd, Position};
    /// let mut epd = Epd::new(Position::startpos());
    /// let moves = [epd.position().parse_san("e4")?, epd.position().parse_san("Nf3")?];
    /// epd.set_moves("bm", &moves)?;
    /// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 Nf3;");
    /// assert_eq!(epd.best_moves()?, moves);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_moves(&mut self, opcode: &str, moves: &[Move]) -> Result<(), EpdError> {
        let text = self.san_text(opcode, moves, false)?;
        self.set(opcode, text)
    }

    /// Sets `opcode` to a line of moves played one after the other from the
    /// position, written in SAN (for `pv`).
    ///
    /// # Errors
    ///
    /// [`EpdErrorKind::Move`] if a move is not legal where it is played;
    /// the record is then unchanged.
    ///
    /// ```
    /// use chess_movegen::{epd::Epd, Position};
    /// let mut epd = Epd::new(Position::startpos());
    /// let start = Position::startpos();
    /// let e4 = start.parse_san("e4")?;
    /// let e5 = start.play(e4).parse_san("e5")?;
    /// epd.set_line("pv", &[e4, e5])?;
    /// assert_eq!(epd.get("pv").unwrap().to_string(), "e4 e5");
    /// assert_eq!(epd.pv()?, [e4, e5]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_line(&mut self, opcode: &str, moves: &[Move]) -> Result<(), EpdError> {
        let text = self.san_text(opcode, moves, true)?;
        self.set(opcode, text)
    }

    fn san_text(&self, opcode: &str, moves: &[Move], line: bool) -> Result<Operand, EpdError> {
        if moves.is_empty() {
            return Ok(Operand::None);
        }
        let mut pos = self.position;
        let mut text = String::new();
        for &mv in moves {
            if !pos.is_legal(mv) {
                let error = pos.try_play(mv).err().unwrap_or(MoveError::Illegal {
                    text: mv.to_string(),
                    reason: crate::position::IllegalReason::CannotMoveThatWay,
                });
                return Err(EpdError::op(EpdErrorKind::Move { text: pos.uci(mv), error }, opcode, None));
            }
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&pos.san(mv));
            if line {
                pos = pos.play(mv);
            }
        }
        Ok(Operand::Tokens(text))
    }

    /// Removes the operation `opcode` and returns its operand (`None` if
    /// the record has no such operation).
    ///
    /// # Errors
    ///
    /// [`EpdErrorKind::ImpossibleClocks`] if removing `fmvn` or `hmvc`
    /// leaves clocks that are impossible in the position (`hmvc 40` with
    /// the fullmove number back at 1); the record is then unchanged.
    ///
    /// ```
    /// use chess_movegen::epd::{Epd, Operand};
    /// let mut epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - hmvc 4; fmvn 9; id \"x\";")?;
    /// assert!(epd.remove("fmvn").is_err());
    /// assert_eq!(epd.remove("hmvc")?, Some(Operand::Integer(4)));
    /// assert_eq!(epd.position().halfmove_clock(), 0);
    /// assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - fmvn 9; id \"x\";");
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn remove(&mut self, opcode: &str) -> Result<Option<Operand>, EpdError> {
        let Some(index) = self.ops.iter().position(|op| op.opcode == opcode) else {
            return Ok(None);
        };
        let op = self.ops.remove(index);
        if let Err(err) = self.apply_clocks() {
            self.ops.insert(index, op);
            return Err(err);
        }
        Ok(Some(op.operand))
    }

    /// The best moves (`bm`), resolved in the position; empty if the record
    /// has no `bm`.
    ///
    /// # Errors
    ///
    /// [`EpdErrorKind::Move`] for the first move that is not legal, with
    /// its text and byte offset.
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/R3K3 w Q - bm Ra8+ O-O-O;")?;
    /// let uci: Vec<String> = epd.best_moves()?.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(uci, ["a1a8", "e1c1"]);
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn best_moves(&self) -> Result<Vec<Move>, EpdError> {
        self.moves("bm")
    }

    /// The moves to avoid (`am`); as [`Epd::best_moves`].
    ///
    /// # Errors
    ///
    /// As [`Epd::best_moves`].
    pub fn avoid_moves(&self) -> Result<Vec<Move>, EpdError> {
        self.moves("am")
    }

    /// The predicted variation (`pv`): each move resolved in the position
    /// after the ones before it; empty if the record has no `pv`.
    ///
    /// # Errors
    ///
    /// [`EpdErrorKind::Move`] for the first move that is not legal where it
    /// is played.
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3 Nc6;")?;
    /// assert_eq!(epd.pv()?.len(), 4);
    /// let bad = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e4;")?;
    /// assert_eq!(bad.pv().unwrap_err().offset(), Some(59));
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn pv(&self) -> Result<Vec<Move>, EpdError> {
        self.line("pv")
    }

    /// The moves of `opcode`, each resolved in the position (a set of
    /// alternatives, as `bm` and `am`). Moves are read as SAN, or as UCI if
    /// they are not SAN. Empty if the record has no such operation or it
    /// has no operand.
    ///
    /// # Errors
    ///
    /// [`EpdErrorKind::Move`] for the first token that is not a legal move
    /// (a string or a number is one token).
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - sm e1g1;")?;
    /// assert_eq!(epd.moves("sm")?[0].to_string(), "e1g1");
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn moves(&self, opcode: &str) -> Result<Vec<Move>, EpdError> {
        self.resolve(opcode, false)
    }

    /// The moves of `opcode` played one after the other from the position
    /// (a line, as `pv`); see [`Epd::moves`].
    ///
    /// # Errors
    ///
    /// As [`Epd::pv`].
    pub fn line(&self, opcode: &str) -> Result<Vec<Move>, EpdError> {
        self.resolve(opcode, true)
    }

    fn resolve(&self, opcode: &str, line: bool) -> Result<Vec<Move>, EpdError> {
        let Some(op) = self.find(opcode) else {
            return Ok(Vec::new());
        };
        let text = match &op.operand {
            Operand::None => return Ok(Vec::new()),
            Operand::Tokens(text) => text.clone(),
            other => other.to_string(),
        };
        let mut pos = self.position;
        let mut moves = Vec::new();
        for (start, token) in words(&text, 0) {
            // SAN, or its long forms and UCI (which the SAN reader reads too).
            let mv = pos.parse_san(token);
            let mv = mv.map_err(|error| {
                EpdError::op(
                    EpdErrorKind::Move { text: echo(token.as_bytes()), error },
                    opcode,
                    op.offset.map(|o| o + start),
                )
            })?;
            moves.push(mv);
            if line {
                pos = pos.play(mv);
            }
        }
        Ok(moves)
    }

    /// The identifier (`id`).
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse(r#"4k3/8/8/8/8/8/8/4K3 w - - id "STS(v1.0) \"a\"; b";"#)?;
    /// assert_eq!(epd.id(), Some(r#"STS(v1.0) "a"; b"#));
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn id(&self) -> Option<&str> {
        self.get("id").and_then(Operand::as_str)
    }

    /// The comment `c0` to `c9` (`None` for `n > 9`).
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse(r#"4k3/8/8/8/8/8/8/4K3 w - - c0 "Nf5=10, Rf8=6"; c9 "x";"#)?;
    /// assert_eq!(epd.comment(0), Some("Nf5=10, Rf8=6"));
    /// assert_eq!(epd.comment(9), Some("x"));
    /// assert_eq!(epd.comment(1), None);
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn comment(&self, n: u8) -> Option<&str> {
        const NAMES: [&str; 10] = ["c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"];
        NAMES.get(usize::from(n)).and_then(|name| self.get(name)).and_then(Operand::as_str)
    }

    fn integer<T: TryFrom<i64>>(&self, opcode: &str) -> Option<T> {
        self.get(opcode).and_then(Operand::as_integer).and_then(|n| T::try_from(n).ok())
    }

    /// The analysis depth in plies (`acd`), if it is a number from 0 to
    /// 4294967295.
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - acd 18; acn 123456789; ce -35; dm 3;")?;
    /// assert_eq!((epd.acd(), epd.acn(), epd.ce(), epd.dm()), (Some(18), Some(123456789), Some(-35), Some(3)));
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn acd(&self) -> Option<u32> {
        self.integer("acd")
    }

    /// The number of nodes analysed (`acn`), if it is a non-negative integer.
    pub fn acn(&self) -> Option<u64> {
        self.integer("acn")
    }

    /// The centipawn evaluation for the side to move (`ce`), if it is an
    /// integer.
    pub fn ce(&self) -> Option<i64> {
        self.integer("ce")
    }

    /// Direct mate in this many moves (`dm`; negative: the side to move is
    /// mated), if it is an integer.
    pub fn dm(&self) -> Option<i64> {
        self.integer("dm")
    }

    /// The halfmove clock operation (`hmvc`); [`Epd::position`] has it.
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 12;")?;
    /// assert_eq!((epd.hmvc(), epd.fmvn()), (Some(3), Some(12)));
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn hmvc(&self) -> Option<u32> {
        self.integer("hmvc")
    }

    /// The fullmove number operation (`fmvn`); [`Epd::position`] has it.
    pub fn fmvn(&self) -> Option<u32> {
        self.integer("fmvn")
    }

    /// The perft count at `depth` (operation `D1`, `D2`, …), if it is a
    /// non-negative integer.
    ///
    /// ```
    /// use chess_movegen::epd::Epd;
    /// let epd = Epd::parse("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - D1 14; D2 191;")?;
    /// assert_eq!(epd.perft(2), Some(191));
    /// assert_eq!(epd.perft(3), None);
    /// # Ok::<(), chess_movegen::epd::EpdError>(())
    /// ```
    pub fn perft(&self, depth: u32) -> Option<u64> {
        self.integer(&format!("D{depth}"))
    }

    /// Every perft count of the record, `(depth, nodes)` in the order of
    /// the operations (opcodes `D` and a decimal depth, with a non-negative
    /// integer operand).
    pub fn perft_depths(&self) -> Vec<(u32, u64)> {
        self.ops
            .iter()
            .filter_map(|op| {
                let digits = op.opcode.strip_prefix('D')?;
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let depth = digits.parse().ok()?;
                let nodes = u64::try_from(op.operand.as_integer()?).ok()?;
                Some((depth, nodes))
            })
            .collect()
    }

    fn find(&self, opcode: &str) -> Option<&Operation> {
        self.ops.iter().find(|op| op.opcode == opcode)
    }

    /// Adds an operation, replacing the operand of an earlier one with the
    /// same opcode in its place (see [`dedup_operations`] for a whole
    /// record).
    fn insert(&mut self, op: Operation) {
        match self.ops.iter_mut().find(|o| o.opcode == op.opcode) {
            Some(existing) => *existing = op,
            None => self.ops.push(op),
        }
    }

    /// Recomputes `position` from `base` and the `hmvc`/`fmvn` operations.
    fn apply_clocks(&mut self) -> Result<(), EpdError> {
        let clock = |name: &str, min: i64| -> Result<Option<u32>, EpdError> {
            let Some(op) = self.find(name) else { return Ok(None) };
            match op.operand {
                Operand::Integer(n) if n >= min => {
                    u32::try_from(n).map(Some).map_err(|_| EpdError::op(EpdErrorKind::InvalidClock, name, op.offset))
                }
                _ => Err(EpdError::op(EpdErrorKind::InvalidClock, name, op.offset)),
            }
        };
        let halfmove = clock("hmvc", 0)?;
        let fullmove = clock("fmvn", 1)?;
        if halfmove.is_none() && fullmove.is_none() {
            self.position = self.base;
            return Ok(());
        }
        let mut setup = self.base.to_setup();
        if let Some(h) = halfmove {
            setup.set_halfmove_clock(h);
        }
        if let Some(f) = fullmove {
            setup.set_fullmove_number(f);
        }
        match Position::from_setup(&setup) {
            Ok(pos) => {
                self.position = pos;
                Ok(())
            }
            Err(reasons) => {
                let name = if halfmove.is_some() { "hmvc" } else { "fmvn" };
                let offset = self.find(name).and_then(|op| op.offset);
                Err(EpdError::op(EpdErrorKind::ImpossibleClocks(reasons), name, offset))
            }
        }
    }
}

/// The operations as [`Epd::insert`] would leave them one by one: a later
/// operation with an opcode already seen replaces the operand of the
/// earlier one in its place. An index by opcode keeps this linear in the
/// number of operations (a scan per operation made a record of many
/// distinct opcodes take time quadratic in its length).
fn dedup_operations(ops: Vec<Operation>) -> Vec<Operation> {
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    // For each operation, the place of the first one with its opcode.
    let places: Vec<usize> =
        ops.iter().enumerate().map(|(i, op)| *index.entry(op.opcode.as_str()).or_insert(i)).collect();
    let mut kept: Vec<Option<Operation>> = Vec::with_capacity(ops.len());
    for (op, place) in ops.into_iter().zip(places) {
        if place == kept.len() {
            kept.push(Some(op));
        } else {
            kept[place] = Some(op);
            kept.push(None);
        }
    }
    kept.into_iter().flatten().collect()
}

impl core::str::FromStr for Epd {
    type Err = EpdError;

    /// Same as [`Epd::parse`].
    fn from_str(text: &str) -> Result<Epd, EpdError> {
        Epd::parse(text)
    }
}

impl fmt::Display for Epd {
    /// The record: the four FEN fields (and the clocks if the record was
    /// read with them), then each operation as `opcode operand;`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.base.fen();
        let fields = if self.clock_fields { 6 } else { 4 };
        for (i, word) in fen.split(' ').take(fields).enumerate() {
            if i > 0 {
                f.write_char(' ')?;
            }
            f.write_str(word)?;
        }
        for op in &self.ops {
            write!(f, " {}", op.opcode)?;
            if op.operand != Operand::None {
                write!(f, " {}", op.operand)?;
            }
            f.write_char(';')?;
        }
        Ok(())
    }
}
