//! FEN parsing and writing.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::position::{CastlingMode, Position, PositionError, Repairs, Setup};
use crate::types::castling::back_rank;
use crate::types::{
    text_before, text_from, Bitboard, CastlingSide, Color, File, Piece, QuotedChar, Rank, Role, Square,
};

/// The six fields of a FEN record, for error reports; ordered as in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FenField {
    /// Piece placement (`rnbqkbnr/pppppppp/8/...`).
    Board,
    /// Side to move (`w` or `b`).
    SideToMove,
    /// Castling rights (`KQkq`, `-`, Shredder letters `HAha`).
    Castling,
    /// En-passant square (`e3` or `-`).
    EnPassant,
    /// Halfmove clock.
    HalfmoveClock,
    /// Fullmove number.
    FullmoveNumber,
}

impl FenField {
    const ALL: [FenField; 6] = [
        FenField::Board,
        FenField::SideToMove,
        FenField::Castling,
        FenField::EnPassant,
        FenField::HalfmoveClock,
        FenField::FullmoveNumber,
    ];
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        })
    }
}

/// What is wrong with a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// Not six space-separated fields (four or five are accepted by the
    /// lenient parser, which then assumes `0 1` for the clocks).
    /// [`FenError::field`] is the first missing field, or the fullmove
    /// number when there are too many.
    FieldCount {
        /// How many fields the text has.
        found: usize,
        /// The fewest fields accepted (6, or 4 when lenient).
        min: usize,
        /// The most fields accepted (6).
        max: usize,
    },
    /// A character that is not a piece letter, a digit 1-8 or `/`.
    InvalidBoardChar(char),
    /// A rank describes more than 8 squares.
    RankTooLong {
        /// The rank, as in the FEN (`Eighth` is described first).
        rank: Rank,
    },
    /// A rank describes fewer than 8 squares.
    RankTooShort {
        /// The rank.
        rank: Rank,
    },
    /// The board does not have exactly 8 ranks.
    RankCount {
        /// How many ranks the board field has.
        found: usize,
    },
    /// The side to move is not `w` or `b`.
    InvalidSideToMove,
    /// A castling character that is not `K Q k q` or a file letter (`-`
    /// stands alone, for no rights).
    InvalidCastlingChar(char),
    /// A castling right given twice (`KK`, or `K` and `H` for the same rook).
    DuplicateCastling(char),
    /// A White castling right after a Black one (`kK`): FEN lists White's
    /// rights first. Only the strict parser refuses this; the lenient one
    /// reads the letters in any order.
    CastlingOrder(char),
    /// Two digits in a row on a rank (`44` for `8`): FEN counts a run of
    /// empty squares with one digit. Only the strict parser refuses this;
    /// the lenient one adds the digits up.
    AdjacentDigits,
    /// The en-passant field is neither a square nor `-`.
    InvalidEpSquare,
    /// A clock that is not a decimal number that fits in 32 bits.
    InvalidNumber,
    /// A character that has no place anywhere in a FEN: whitespace other
    /// than the ASCII separators (a no-break space U+00A0, an ideographic
    /// space U+3000, a vertical tab), a control character (such as NUL),
    /// or an invisible zero-width space (U+200B) or byte-order mark (U+FEFF).
    /// Fields are separated by runs of ASCII spaces, tabs, line feeds,
    /// carriage returns or form feeds; anything else that looks like a
    /// separator would make the field boundaries a guess, so the text is
    /// refused at this character before its fields are read.
    /// [`FenError::field`] is the field the character stands in (or
    /// follows), [`FenError::offset`] its byte offset.
    UnexpectedChar(char),
    /// The text is well-formed but the position breaks the rules of chess;
    /// every reason is listed.
    Illegal(PositionError),
}

/// Why a FEN was rejected: what is wrong, in which field, at which byte.
///
/// ```
/// use chess_movegen::{FenErrorKind, FenField, Position};
/// let err = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBXR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err.kind(), FenErrorKind::InvalidBoardChar('X'));
/// assert_eq!(err.field(), FenField::Board);
/// assert_eq!(
///     err.to_string(),
///     "invalid FEN (board field, byte 41): invalid character 'X' (expected a piece letter PNBRQK or pnbrqk, a digit 1-8 or '/')"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FenError {
    kind: FenErrorKind,
    field: FenField,
    offset: usize,
}

impl FenError {
    /// What is wrong.
    pub fn kind(&self) -> FenErrorKind {
        self.kind
    }

    /// The field where the problem is (for [`FenErrorKind::Illegal`], the
    /// first field involved in any of the reasons).
    pub fn field(&self) -> FenField {
        self.field
    }

    /// Byte offset into the text where the problem starts.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let FenErrorKind::FieldCount { found, min, max } = self.kind {
            return field_count_message(f, self.offset, found, min, max);
        }
        write!(f, "invalid FEN ({} field, byte {}): ", self.field, self.offset)?;
        match self.kind {
            FenErrorKind::FieldCount { .. } => Ok(()),
            FenErrorKind::InvalidBoardChar(c) => {
                write!(
                    f,
                    "invalid character {} (expected a piece letter PNBRQK or pnbrqk, a digit 1-8 or '/')",
                    QuotedChar(c)
                )
            }
            FenErrorKind::RankTooLong { rank } => write!(f, "rank {rank} has more than 8 squares"),
            FenErrorKind::RankTooShort { rank } => write!(f, "rank {rank} has fewer than 8 squares"),
            FenErrorKind::RankCount { found } => write!(f, "found {found} ranks, expected 8 separated by '/'"),
            FenErrorKind::InvalidSideToMove => f.write_str("side to move must be 'w' or 'b'"),
            FenErrorKind::InvalidCastlingChar(c) => {
                write!(
                    f,
                    "invalid castling character {} (expected KQkq, file letters A-H or a-h, or '-')",
                    QuotedChar(c)
                )
            }
            FenErrorKind::DuplicateCastling(c) => write!(f, "castling right {} given twice", QuotedChar(c)),
            FenErrorKind::CastlingOrder(c) => {
                write!(f, "White's castling right {} after a Black one (White's rights come first)", QuotedChar(c))
            }
            FenErrorKind::AdjacentDigits => {
                f.write_str("two digits in a row (a run of empty squares is one digit, 1-8)")
            }
            FenErrorKind::InvalidEpSquare => f.write_str("en-passant square must be a square like e3, or '-'"),
            FenErrorKind::InvalidNumber => f.write_str("expected a decimal number from 0 to 4294967295"),
            FenErrorKind::UnexpectedChar(c) => write!(
                f,
                "unexpected character {} (U+{:04X}); fields are separated by ASCII spaces or tabs",
                QuotedChar(c),
                u32::from(c)
            ),
            FenErrorKind::Illegal(reasons) => write!(f, "{reasons}"),
        }
    }
}

/// `invalid FEN (byte 52): found 4 fields, expected 6; missing: halfmove
/// clock, fullmove number`.
fn field_count_message(f: &mut fmt::Formatter<'_>, offset: usize, found: usize, min: usize, max: usize) -> fmt::Result {
    write!(f, "invalid FEN (byte {offset}): found {found} field{}, expected ", if found == 1 { "" } else { "s" })?;
    if min == max {
        write!(f, "{max}")?;
    } else {
        write!(f, "{min} to {max}")?;
    }
    if found > max {
        return write!(f, "; text after the {} field", FenField::ALL[max - 1]);
    }
    f.write_str("; missing: ")?;
    for (i, field) in FenField::ALL[found.min(min)..min].iter().enumerate() {
        write!(f, "{}{field}", if i == 0 { "" } else { ", " })?;
    }
    if found >= 4 && min == max {
        f.write_str(" (Position::from_fen_lenient reads FENs without clocks)")?;
    }
    Ok(())
}

#[cfg(feature = "std")]
impl std::error::Error for FenError {}

/// How to read a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct FenOptions {
    /// Standard chess (castling rights must name a1/h1/a8/h8 rooks and an
    /// e-file king) or Chess960 (X-FEN and Shredder-FEN castling rights).
    pub castling: CastlingMode,
    /// Repair what real-world FENs often get wrong instead of rejecting it
    /// (see [`Repairs`]).
    pub lenient: bool,
    /// Accept a check that no last move can have given
    /// ([`PositionError::IMPOSSIBLE_CHECK`]): composed positions and perft
    /// test suites hold such positions, and the move generator handles
    /// them (with two checkers only the king moves). Off by default.
    pub impossible_check: bool,
}

impl FenOptions {
    /// Options for standard chess, strict.
    pub const fn new() -> FenOptions {
        FenOptions { castling: CastlingMode::Standard, lenient: false, impossible_check: false }
    }

    /// With the given castling mode.
    pub const fn castling(mut self, castling: CastlingMode) -> FenOptions {
        self.castling = castling;
        self
    }

    /// With lenient parsing on or off.
    pub const fn lenient(mut self, lenient: bool) -> FenOptions {
        self.lenient = lenient;
        self
    }

    /// With impossible checks accepted or not (see
    /// [`FenOptions::impossible_check`]).
    ///
    /// ```
    /// use chess_movegen::{FenOptions, Position};
    /// // Two bishops on the long diagonal both give check.
    /// let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    /// assert!(Position::from_fen(fen).is_err());
    /// let (pos, _) = Position::from_fen_with(fen, FenOptions::new().impossible_check(true))?;
    /// assert_eq!(pos.legal_moves().len(), 6);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub const fn impossible_check(mut self, accept: bool) -> FenOptions {
        self.impossible_check = accept;
        self
    }
}

/// The text and byte offset of each field present, and how many there are.
fn split_fields(text: &str) -> ([(&str, usize); 7], usize) {
    split_fields_from(text, [("", text.len()); 7], 0, 0)
}

/// [`split_fields`] from byte `from` on, after the `count` fields already
/// in `fields` (all before `from`).
fn split_fields_from<'a>(
    text: &'a str,
    mut fields: [(&'a str, usize); 7],
    mut count: usize,
    from: usize,
) -> ([(&'a str, usize); 7], usize) {
    // Only text that `check_chars` passes comes here (a whole FEN, or the
    // part before the first character it refuses): its only bytes up to
    // the space are ASCII whitespace, so one compare tells a separator.
    let bytes = text.as_bytes();
    let mut start = None;
    for i in from..=bytes.len() {
        let separator = bytes.get(i).is_none_or(|&b| b <= b' ');
        match (start, separator) {
            (None, false) => start = Some(i),
            (Some(first), true) => {
                if count < fields.len() {
                    // Both ends are at an ASCII byte or the text's end.
                    fields[count] = (text.get(first..i).unwrap_or(""), first);
                }
                count += 1;
                start = None;
            }
            _ => {}
        }
    }
    (fields, count)
}

/// The first character that no FEN may hold (see
/// [`FenErrorKind::UnexpectedChar`]), with the field it stands in.
fn check_chars(text: &str) -> Result<(), FenError> {
    // Printable ASCII and ASCII whitespace, as nearly every FEN is: nothing
    // to report.
    if text.bytes().all(|b| matches!(b, b' '..=b'~' | b'\t' | b'\n' | b'\x0c' | b'\r')) {
        return Ok(());
    }
    let Some((at, c)) = text.char_indices().find(|&(_, c)| {
        !c.is_ascii_whitespace() && (c.is_whitespace() || c.is_control() || matches!(c, '\u{200b}' | '\u{feff}'))
    }) else {
        return Ok(());
    };
    // The field: how many fields start before the character (it stands
    // in the last of them), or the next one if none.
    let (_, started) = split_fields(text_before(text, at));
    let inside = at > 0 && !text.as_bytes()[at - 1].is_ascii_whitespace();
    let index = if inside { started.saturating_sub(1) } else { started };
    Err(error(FenErrorKind::UnexpectedChar(c), FenField::ALL[index.min(5)], at))
}

fn error(kind: FenErrorKind, field: FenField, offset: usize) -> FenError {
    FenError { kind, field, offset }
}

/// A FEN read for its syntax: the setup, where each field starts (for
/// errors found later), and whether the clocks were left out.
pub(crate) struct ParsedFen {
    pub(crate) setup: Setup,
    starts: [usize; 6],
    missing_clocks: bool,
}

impl ParsedFen {
    /// The error for a setup that breaks the rules: the field of the first
    /// reason, in FEN order.
    fn illegal(&self, errors: PositionError) -> FenError {
        let field = if errors.intersects(
            PositionError::MISSING_KING
                | PositionError::TOO_MANY_KINGS
                | PositionError::PAWNS_ON_BACK_RANK
                | PositionError::OPPOSITE_CHECK
                | PositionError::TOO_MUCH_MATERIAL
                | PositionError::TOO_MANY_CHECKERS
                | PositionError::IMPOSSIBLE_CHECK,
        ) {
            FenField::Board
        } else if errors.contains(PositionError::INVALID_CASTLING_RIGHTS) {
            FenField::Castling
        } else if errors.contains(PositionError::INVALID_EP_SQUARE) {
            FenField::EnPassant
        } else if self.setup.fullmove_number() == 0 {
            FenField::FullmoveNumber
        } else {
            FenField::HalfmoveClock
        };
        error(FenErrorKind::Illegal(errors), field, self.starts[field as usize])
    }
}

/// Reads the six (or, lenient, four to six) fields of a FEN into a
/// [`Setup`], checking syntax only.
pub(crate) fn parse_setup(fen: &str, options: FenOptions) -> Result<ParsedFen, FenError> {
    check_chars(fen)?;
    let mut setup = Setup::empty();
    setup.set_castling_mode(options.castling);
    // The board is read in the pass that finds its end; an error in it
    // is reported after a wrong number of fields.
    let start = fen.bytes().position(|b| b > b' ').unwrap_or(fen.len());
    let board = read_board(&mut setup, fen, start, options.lenient);
    let end = board.unwrap_or_else(|_| field_end(fen, start));
    let mut first = [("", fen.len()); 7];
    if start < end {
        first[0] = (fen.get(start..end).unwrap_or(""), start);
    }
    let (fields, count) = split_fields_from(fen, first, usize::from(start < end), end);
    check_field_count(fen, &fields, count, options.lenient)?;
    if let Err((kind, at)) = board {
        return Err(board_error(fen, start, kind, at));
    }
    let [board, side, castling, ep, halfmove, fullmove, _] = fields;
    setup.set_side_to_move(parse_side(side.0, side.1)?);
    setup.set_castling_rooks(parse_castling(&setup, castling.0, castling.1, options.lenient)?);
    setup.set_ep_square(parse_ep_square(ep.0, ep.1)?);
    if count >= 5 {
        setup.set_halfmove_clock(parse_number(halfmove.0, FenField::HalfmoveClock, halfmove.1)?);
    }
    if count >= 6 {
        setup.set_fullmove_number(parse_number(fullmove.0, FenField::FullmoveNumber, fullmove.1)?);
    }
    let starts = [board.1, side.1, castling.1, ep.1, halfmove.1, fullmove.1];
    Ok(ParsedFen { setup, starts, missing_clocks: count < 6 })
}

fn check_field_count(fen: &str, fields: &[(&str, usize); 7], count: usize, lenient: bool) -> Result<(), FenError> {
    let min = if lenient { 4 } else { 6 };
    if (min..=6).contains(&count) {
        return Ok(());
    }
    let (field, at) =
        if count > 6 { (FenField::FullmoveNumber, fields[6].1) } else { (FenField::ALL[count], fen.len()) };
    Err(error(FenErrorKind::FieldCount { found: count, min, max: 6 }, field, at))
}

fn parse_number(text: &str, field: FenField, offset: usize) -> Result<u32, FenError> {
    let invalid = || error(FenErrorKind::InvalidNumber, field, offset);
    if text.is_empty() {
        return Err(invalid());
    }
    text.bytes().try_fold(0u32, |n, b| {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            return Err(invalid());
        }
        n.checked_mul(10).and_then(|n| n.checked_add(u32::from(digit))).ok_or_else(invalid)
    })
}

/// Reads the board field, which starts at byte `start` of `text`, into
/// `setup` (empty); answers where the field ends (at a separator or the
/// text's end), or the first error and its byte.
fn read_board(setup: &mut Setup, text: &str, start: usize, lenient: bool) -> Result<usize, (FenErrorKind, usize)> {
    let bytes = text.as_bytes();
    // Row 0 is the eighth rank, described first; `!row & 7` is `7 - row`
    // for rows 0 to 7, with no bounds check to compile.
    let (mut row, mut file) = (0u8, 0u8);
    let rank = |row: u8| Rank::ALL[usize::from(!row & 7)];
    let mut after_digit = false;
    let mut i = start;
    // A character outside ASCII is never valid here and is reported
    // whole, from its first byte.
    while let Some(&b) = bytes.get(i) {
        if b <= b' ' {
            break;
        }
        if b == b'/' {
            if file < 8 {
                return Err((FenErrorKind::RankTooShort { rank: rank(row) }, i));
            }
            if row == 7 {
                // A ninth rank.
                return Err((FenErrorKind::RankCount { found: 9 }, i));
            }
            (row, file, after_digit) = (row + 1, 0, false);
        } else if file >= 8 {
            return Err((FenErrorKind::RankTooLong { rank: rank(row) }, i));
        } else if let b'1'..=b'8' = b {
            file += b - b'0';
            if file > 8 {
                return Err((FenErrorKind::RankTooLong { rank: rank(row) }, i));
            }
            if !lenient && after_digit {
                return Err((FenErrorKind::AdjacentDigits, i));
            }
            after_digit = true;
        } else if let Some(piece) = PIECE_OF_BYTE.get(usize::from(b)).copied().flatten() {
            // Each square is reached once, on a board that starts empty
            // (row and file are below 8 here).
            setup.place(Square::from_index_wrapping(((7 - row) << 3) | file), piece);
            file += 1;
            after_digit = false;
        } else {
            let c = text_from(text, i).chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
            return Err((FenErrorKind::InvalidBoardChar(c), i));
        }
        i += 1;
    }
    if row < 7 {
        return Err((FenErrorKind::RankCount { found: usize::from(row) + 1 }, i));
    }
    if file < 8 {
        return Err((FenErrorKind::RankTooShort { rank: Rank::First }, i));
    }
    Ok(i)
}

/// Where the field that starts at byte `start` of `text` ends.
fn field_end(text: &str, start: usize) -> usize {
    let rest = text.as_bytes().get(start..).unwrap_or_default();
    start + rest.iter().position(|&b| b <= b' ').unwrap_or(rest.len())
}

/// The error of the board field that starts at byte `start` of `text`,
/// where [`read_board`] found the error `kind` at byte `at`: a wrong
/// number of ranks instead, wherever it is in the field, since it makes
/// every rank's error a guess.
#[cold]
fn board_error(text: &str, start: usize, kind: FenErrorKind, at: usize) -> FenError {
    let field = text.as_bytes().get(start..field_end(text, start)).unwrap_or_default();
    let slashes = || field.iter().enumerate().filter(|&(_, &b)| b == b'/');
    let ranks = 1 + slashes().count();
    let (kind, at) = match ranks {
        8 => (kind, at),
        // At the slash that starts the ninth rank.
        9.. => (FenErrorKind::RankCount { found: ranks }, start + slashes().nth(7).map_or(0, |(i, _)| i)),
        _ => (FenErrorKind::RankCount { found: ranks }, start + field.len()),
    };
    error(kind, FenField::Board, at)
}

/// The piece each ASCII letter stands for on a FEN board
/// ([`Piece::from_char`]), one lookup per byte.
const PIECE_OF_BYTE: [Option<Piece>; 128] = {
    let mut table = [None; 128];
    let mut b = 0;
    while b < 128 {
        table[b] = Piece::from_char(b as u8 as char);
        b += 1;
    }
    table
};

fn parse_side(text: &str, offset: usize) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(error(FenErrorKind::InvalidSideToMove, FenField::SideToMove, offset)),
    }
}

/// The castling rooks the letters name (see [`Setup::from_fen`]): syntax
/// errors here, rights without their king or rook at validation, where
/// the square a letter would name fails the rook check.
fn parse_castling(setup: &Setup, text: &str, offset: usize, lenient: bool) -> Result<Bitboard, FenError> {
    let mut rooks = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rooks);
    }
    let mut seen = [false; 128];
    let mut black_seen = false;
    for (i, c) in text.char_indices() {
        let at = offset + i;
        if !matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h') {
            return Err(error(FenErrorKind::InvalidCastlingChar(c), FenField::Castling, at));
        }
        if core::mem::replace(&mut seen[c as usize], true) {
            return Err(error(FenErrorKind::DuplicateCastling(c), FenField::Castling, at));
        }
        if !lenient && black_seen && c.is_ascii_uppercase() {
            return Err(error(FenErrorKind::CastlingOrder(c), FenField::Castling, at));
        }
        black_seen |= c.is_ascii_lowercase();
        match castling_rook(setup, c) {
            Some(rook) if rooks.contains(rook) => {
                return Err(error(FenErrorKind::DuplicateCastling(c), FenField::Castling, at))
            }
            Some(rook) => rooks = rooks.with(rook),
            None => rooks = rooks.with(unresolved_castling_square(c)),
        }
    }
    Ok(rooks)
}

/// The square a castling letter names when no king and rook fit it: the
/// h-file for `K`, the a-file for `Q`, the letter's file otherwise.
fn unresolved_castling_square(c: char) -> Square {
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    let file = match c.to_ascii_lowercase() {
        'k' => File::H,
        'q' => File::A,
        letter => File::from_char(letter).unwrap_or(File::A),
    };
    Square::new(file, Rank::First.relative_to(color))
}

fn parse_ep_square(text: &str, offset: usize) -> Result<Option<Square>, FenError> {
    match text {
        "-" => Ok(None),
        text => text.parse().map(Some).map_err(|_| error(FenErrorKind::InvalidEpSquare, FenField::EnPassant, offset)),
    }
}

/// The rook a castling character refers to, if the king and rook are there
/// (in the setup's castling mode).
fn castling_rook(setup: &Setup, c: char) -> Option<Square> {
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    match c.to_ascii_lowercase() {
        'k' => setup.outer_castling_rook(color, CastlingSide::KingSide),
        'q' => setup.outer_castling_rook(color, CastlingSide::QueenSide),
        letter => {
            let file = File::from_char(letter)?;
            setup.castling_rook_where(color, |king, rooks| {
                Some(Square::new(file, Rank::First.relative_to(color))).filter(|&r| rooks.contains(r) && r != king)
            })
        }
    }
}

/// # Construction: FEN
///
/// The start position, FEN in (strict, lenient, with options) and out.
impl Position {
    /// The standard start position.
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back =
            [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
        for (file, role) in back.into_iter().enumerate() {
            pos.put(Square::ALL[file], Piece::new(Color::White, role));
            pos.put(Square::ALL[8 + file], Piece::new(Color::White, Role::Pawn));
            pos.put(Square::ALL[48 + file], Piece::new(Color::Black, Role::Pawn));
            pos.put(Square::ALL[56 + file], Piece::new(Color::Black, role));
        }
        pos.castling = Square::A1.bitboard() | Square::H1.bitboard() | Square::A8.bitboard() | Square::H8.bitboard();
        pos.hash = pos.compute_hash();
        pos
    }

    /// Parses a FEN of a standard chess position, strictly.
    ///
    /// Fields are separated by runs of ASCII whitespace (spaces, tabs, line
    /// feeds, carriage returns, form feeds), and ASCII whitespace before
    /// and after the FEN is ignored. Other whitespace (U+00A0, U+3000, ...)
    /// and control characters are refused wherever they stand, as
    /// [`FenErrorKind::UnexpectedChar`] at their byte offset.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming what is wrong, the field, and the byte offset:
    /// a syntax error, or [`FenErrorKind::Illegal`] with every rule the
    /// position breaks.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    /// assert_eq!(Position::from_fen(fen)?.fen(), fen);
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err()); // no kings
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, FenOptions::new()).map(|(pos, _)| pos)
    }

    /// Parses a FEN of a standard chess position, repairing what real-world
    /// FENs often get wrong, and says what was repaired:
    /// - castling rights whose king or rook is not in place are dropped;
    /// - an en-passant square that does not follow a double step is dropped;
    /// - missing clocks (4- or 5-field FEN, as in EPD) become `0 1`;
    /// - impossible clocks are corrected.
    ///
    /// It also reads two digits in a row on a rank (`44`) and castling
    /// letters in any order (`kK`), which the strict parser refuses; the
    /// position is the same, so they are not reported as repairs.
    ///
    /// Anything else (missing kings, pawns on the back rank, the side not to
    /// move in check, more than two checkers, a check that no last move can
    /// have given, syntax errors) is still an error; an impossible check is
    /// repaired only when it is the en-passant square that makes it so (see
    /// [`Repairs::EP_SQUARE`]).
    ///
    /// ```
    /// use chess_movegen::{Position, Repairs};
    /// let (pos, repairs) = Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 w KQkq e6")?;
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// assert_eq!(repairs, Repairs::CASTLING_RIGHTS | Repairs::EP_SQUARE | Repairs::MISSING_CLOCKS);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn from_fen_lenient(fen: &str) -> Result<(Position, Repairs), FenError> {
        Position::from_fen_with(fen, FenOptions::new().lenient(true))
    }

    /// Parses a FEN with the given options; returns the position and what
    /// was repaired (always empty unless `options.lenient`).
    ///
    /// ```
    /// use chess_movegen::{CastlingMode, FenOptions, Position};
    /// let options = FenOptions::new().castling(CastlingMode::Chess960);
    /// let (pos, _) = Position::from_fen_with("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", options)?;
    /// assert_eq!(pos.legal_moves().len(), 21);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<(Position, Repairs), FenError> {
        let parsed = parse_setup(fen, options)?;
        let (pos, mut repairs) = Position::validated_with(&parsed.setup, options.lenient, options.impossible_check)
            .map_err(|errors| parsed.illegal(errors))?;
        if parsed.missing_clocks {
            repairs |= Repairs::MISSING_CLOCKS;
        }
        Ok((pos, repairs))
    }

    /// The position of a [`Setup`] read with the options the
    /// FEN readers take: `options.lenient` repairs what
    /// [`Position::from_setup_lenient`] repairs, `options.impossible_check`
    /// accepts a check no last move can have given. `options.castling` is
    /// not looked at: the setup has its own castling mode. Board editors
    /// use it to play a setup exactly when [`Position::from_fen_with`]
    /// would play its FEN.
    ///
    /// # Errors
    ///
    /// Every rule the setup still breaks.
    ///
    /// ```
    /// use chess_movegen::{FenOptions, Position, PositionError, Setup};
    /// // A double check by two knights: no move gives it.
    /// let setup = Setup::from_fen("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1")?;
    /// assert_eq!(Position::from_setup(&setup).unwrap_err(), PositionError::IMPOSSIBLE_CHECK);
    /// let options = FenOptions::new().impossible_check(true);
    /// let (pos, _) = Position::from_setup_with(&setup, options)?;
    /// assert!(pos.is_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup_with(setup: &Setup, options: FenOptions) -> Result<(Position, Repairs), PositionError> {
        Position::validated_with(setup, options.lenient, options.impossible_check)
    }

    /// The position as FEN. Castling rights are written `KQkq` when they
    /// name the outermost rook on their side (always so in standard chess)
    /// and as the rook's file letter otherwise (X-FEN).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// assert_eq!(Position::startpos().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn fen(&self) -> String {
        String::from(FenBuffer::new(&self.to_setup(), &mut FenWriter::new()).as_str())
    }

    /// Writes the FEN (the text of [`Position::fen`]) to `out` with one
    /// `write_str` and no allocation: the way to write many FENs into one
    /// buffer (a `String`, a table column's bytes). [`FenWriter`] does the
    /// same faster for the positions of a game, one after the other.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let mut out = String::from("fen: ");
    /// Position::startpos().write_fen(&mut out)?;
    /// assert_eq!(out, "fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// # Ok::<(), std::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_fen<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        // Through a setup, as `Position::fen`: one instance of the writer
        // for both.
        out.write_str(FenBuffer::new(&self.to_setup(), &mut FenWriter::new()).as_str())
    }
}

/// Writes the FENs of many positions, keeping the text of each rank (and
/// of the castling rights) from one FEN to the next: a move changes one
/// or two ranks, so a game's positions in order are written several times
/// faster than each on its own. The text is that of [`Position::fen`].
///
/// ```
/// use chess_movegen::{FenWriter, Position};
/// let mut writer = FenWriter::new();
/// let mut pos = Position::startpos();
/// let mut column = String::new();
/// for uci in ["e2e4", "c7c5", "g1f3"] {
///     writer.write(&pos, &mut column)?;
///     column.push('\n');
///     pos = pos.play(pos.parse_uci(uci).unwrap());
/// }
/// writer.write(&pos, &mut column)?;
/// assert_eq!(column.lines().last(), Some(pos.fen().as_str()));
/// assert_eq!(column.lines().nth(1), Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
/// # Ok::<(), std::fmt::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct FenWriter {
    /// The placement the ranks were written from: the squares of each
    /// role, then of White's pieces.
    placement: [u64; 7],
    /// Ranks whose text is not written yet (bit `r` for rank `r`).
    stale: u8,
    /// Each rank's text and a slash (a1's rank first), its bytes in the
    /// order of a little-endian word, padded with zeros to 8 bytes; the
    /// slash is left out of a text of 8 bytes (see [`FenText::board`]).
    ranks: [u64; 8],
    /// The length of each rank's text and its slash.
    lens: [u8; 8],
    /// What the castling text was written from (rooks with rights; kings,
    /// rooks and White's pieces on the back ranks; castling mode), and the
    /// text.
    castling_key: Option<(u64, u64, u64, u64, CastlingMode)>,
    castling: [u8; 16],
    castling_len: u8,
}

impl Default for FenWriter {
    fn default() -> FenWriter {
        FenWriter::new()
    }
}

impl FenWriter {
    /// A writer that remembers nothing yet.
    pub const fn new() -> FenWriter {
        FenWriter {
            placement: [0; 7],
            stale: 0xff,
            ranks: [0; 8],
            lens: [0; 8],
            castling_key: None,
            castling: [0; 16],
            castling_len: 0,
        }
    }

    /// Writes the FEN of `pos` (the text of [`Position::fen`]) to `out`
    /// with one `write_str`.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write<W: fmt::Write + ?Sized>(&mut self, pos: &Position, out: &mut W) -> fmt::Result {
        out.write_str(FenBuffer::new(pos, self).as_str())
    }

    /// Writes the FEN of `setup` (the text of [`Setup::fen`]) to `out`
    /// with one `write_str`.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_setup<W: fmt::Write + ?Sized>(&mut self, setup: &Setup, out: &mut W) -> fmt::Result {
        out.write_str(FenBuffer::new(setup, self).as_str())
    }

    /// Appends the FEN of `pos` (the text of [`Position::fen`]) to `out`
    /// as bytes (ASCII): for buffers whose text is checked once for all
    /// values (the value buffer of an Arrow string column), where
    /// [`FenWriter::write`] would check each FEN's text as it hands it
    /// over as a `&str`.
    ///
    /// ```
    /// use chess_movegen::{FenWriter, Position};
    /// let mut writer = FenWriter::new();
    /// let mut bytes = b"fen: ".to_vec();
    /// writer.write_bytes(&Position::startpos(), &mut bytes);
    /// assert_eq!(bytes, b"fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn write_bytes(&mut self, pos: &Position, out: &mut Vec<u8>) {
        // Written in place: the room the writer may touch, then cut to
        // the text.
        let start = out.len();
        out.resize(start + TEXT_ROOM, 0);
        let room: &mut [u8; TEXT_ROOM] = (&mut out[start..start + TEXT_ROOM]).try_into().expect("TEXT_ROOM bytes");
        let len = FenText::write(room, pos, self);
        out.truncate(start + len);
    }

    /// Appends the FEN of `pos` as [`Position::normalized_fen`] writes
    /// it: with the en-passant square only when an en-passant capture is
    /// legal.
    ///
    /// ```
    /// use chess_movegen::{FenWriter, Position};
    /// let pos = Position::startpos().play(Position::startpos().parse_uci("e2e4").unwrap());
    /// let mut bytes = Vec::new();
    /// FenWriter::new().write_normalized_bytes(&pos, &mut bytes);
    /// assert_eq!(bytes, pos.normalized_fen().as_bytes());
    /// assert_eq!(bytes, b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// ```
    pub fn write_normalized_bytes(&mut self, pos: &Position, out: &mut Vec<u8>) {
        self.write_bytes(&pos.normalized(), out);
    }

    /// Marks the ranks whose pieces differ from those last written.
    #[inline(always)]
    fn note_placement<S: FenSource>(&mut self, setup: &S) {
        let mut now = [0u64; 7];
        for role in Role::ALL {
            now[role.index()] = setup.pieces_of_role(role).0;
        }
        now[6] = setup.pieces_of_color(Color::White).0;
        let changed = now.iter().zip(&self.placement).fold(0, |acc, (a, b)| acc | (a ^ b));
        self.stale |= nonzero_bytes(changed);
        self.placement = now;
    }

    /// Writes the text of `rank` (0 for the first).
    fn write_rank<S: FenSource>(&mut self, setup: &S, rank: usize) {
        // The letter index of each square of the rank, a byte each: the
        // role's index (6 where empty), 8 more for Black.
        let mailbox = setup.mailbox();
        let roles: [u8; 8] = core::array::from_fn(|file| mailbox[8 * rank + file].map_or(6, |role| role as u8));
        let black = (setup.pieces_of_color(Color::Black).0 >> (8 * rank)) as u8;
        let codes = u64::from_le_bytes(roles) | spread_bits(black) << 3;
        let row = (setup.occupied().0 >> (8 * rank)) as u8;
        let text = rank_text(codes, row);
        // The text's bytes are not zero, those after it are.
        let len = 8 - text.leading_zeros() / 8;
        self.ranks[rank] = text | u64::from(b'/').checked_shl(8 * len).unwrap_or(0);
        self.lens[rank] = len as u8 + 1;
    }
}

/// The text of a rank whose squares have the letter indices `codes` (a
/// byte each, see [`LETTERS`]) and the occupancy bits `row`: each piece's
/// letter, each run of empty squares as its length (work per piece, not
/// per square), the first square in the lowest byte. A rank has at most
/// 8 characters: one word.
fn rank_text(codes: u64, mut row: u8) -> u64 {
    let (mut text, mut shift, mut file) = (0u64, 0u32, 0u8);
    while row != 0 {
        let next = row.trailing_zeros() as u8;
        if next > file {
            text |= u64::from(b'0' + next - file) << shift;
            shift += 8;
        }
        let letter = LETTERS[((codes >> (8 * next)) & 15) as usize];
        text |= u64::from(letter) << shift;
        shift += 8;
        file = next + 1;
        row &= row - 1;
    }
    if file < 8 {
        text |= u64::from(b'0' + 8 - file) << shift;
    }
    text
}

/// The FEN letter of each role (by index) for White, then for Black
/// (index + 8); `?` for a square the occupancy and the mailbox disagree
/// on, which a valid setup never has.
const LETTERS: [u8; 16] = *b"PNBRQK??pnbrqk??";

/// Bit `i` of `bits` moved to the lowest bit of byte `i` of a word: each
/// byte of the repeated byte keeps its own bit, and adding `0x7F` carries
/// a set bit into the byte's top bit.
#[inline(always)]
const fn spread_bits(bits: u8) -> u64 {
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    let own = (bits as u64 * LOW_BITS) & 0x8040_2010_0804_0201;
    ((own + 0x7F7F_7F7F_7F7F_7F7F) >> 7) & LOW_BITS
}

/// Bit `i` set for each byte `i` of `word` that is not zero: the high bit
/// of each byte that is not zero (the low seven bits added to `0x7F`
/// carry into it), then those eight bits gathered into the top byte by
/// one multiplication (each lands on its own bit: no carries).
#[inline(always)]
const fn nonzero_bytes(word: u64) -> u8 {
    const LOW_SEVEN: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let high = ((word & LOW_SEVEN).wrapping_add(LOW_SEVEN) | word) & !LOW_SEVEN;
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The longest FEN a setup can have: 64 pieces and 7 slashes, the side,
/// castling letters for up to 16 rooks, an en-passant square, two `u32`
/// clocks and the 5 spaces between the fields.
const FEN_CAPACITY: usize = 71 + 1 + 16 + 2 + 10 + 10 + 5;

/// The room a FEN is written in: any index under 128 and 16 bytes from
/// it fit, so that indices masked with [`INDEX_MASK`] (all the text's are
/// under 128) need no bounds check, and a rank (8 bytes) or the castling
/// text (16) is copied whole, whatever its length.
const TEXT_ROOM: usize = 144;
const INDEX_MASK: usize = 127;
const _: () = assert!(FEN_CAPACITY <= INDEX_MASK + 1 && INDEX_MASK + 1 + 16 <= TEXT_ROOM);

/// What the FEN writer reads: a [`Setup`] or a [`Position`], which have
/// these accessors alike, so that a position's FEN is written without
/// first copying the position into a setup.
pub(crate) trait FenSource {
    fn mailbox(&self) -> &[Option<Role>; 64];
    fn pieces_of_role(&self, role: Role) -> Bitboard;
    fn pieces_of_color(&self, color: Color) -> Bitboard;
    fn occupied(&self) -> Bitboard;
    fn side_to_move(&self) -> Color;
    fn castling_rooks(&self) -> Bitboard;
    fn castling_mode(&self) -> CastlingMode;
    fn ep_square(&self) -> Option<Square>;
    fn halfmove_clock(&self) -> u32;
    fn fullmove_number(&self) -> u32;
    /// The setup, for the castling letters (written only when the
    /// writer's cached text does not fit).
    fn setup(&self) -> Setup;
}

/// The accessors of [`FenSource`] as the type's own.
macro_rules! fen_source {
    ($type:ty, $setup:expr) => {
        impl FenSource for $type {
            #[inline(always)]
            fn mailbox(&self) -> &[Option<Role>; 64] {
                <$type>::mailbox(self)
            }
            #[inline(always)]
            fn pieces_of_role(&self, role: Role) -> Bitboard {
                <$type>::pieces_of_role(self, role)
            }
            #[inline(always)]
            fn pieces_of_color(&self, color: Color) -> Bitboard {
                <$type>::pieces_of_color(self, color)
            }
            #[inline(always)]
            fn occupied(&self) -> Bitboard {
                <$type>::occupied(self)
            }
            #[inline(always)]
            fn side_to_move(&self) -> Color {
                <$type>::side_to_move(self)
            }
            #[inline(always)]
            fn castling_rooks(&self) -> Bitboard {
                <$type>::castling_rooks(self)
            }
            #[inline(always)]
            fn castling_mode(&self) -> CastlingMode {
                <$type>::castling_mode(self)
            }
            #[inline(always)]
            fn ep_square(&self) -> Option<Square> {
                <$type>::ep_square(self)
            }
            #[inline(always)]
            fn halfmove_clock(&self) -> u32 {
                <$type>::halfmove_clock(self)
            }
            #[inline(always)]
            fn fullmove_number(&self) -> u32 {
                <$type>::fullmove_number(self)
            }
            fn setup(&self) -> Setup {
                $setup(self)
            }
        }
    };
}

fen_source!(Setup, Setup::clone);
fen_source!(Position, Position::to_setup);

/// A FEN written into a buffer on the stack: behind [`Position::fen`],
/// [`Setup::fen`] and the writers to a `fmt::Write`.
pub(crate) struct FenBuffer {
    bytes: [u8; TEXT_ROOM],
    len: usize,
}

impl FenBuffer {
    /// The FEN of `source`, with the ranks and castling text `writer`
    /// still has from the FEN before.
    #[inline(always)]
    pub(crate) fn new<S: FenSource>(source: &S, writer: &mut FenWriter) -> FenBuffer {
        let mut bytes = [0; TEXT_ROOM];
        let len = FenText::write(&mut bytes, source, writer);
        FenBuffer { bytes, len }
    }

    /// The text (ASCII).
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

/// A FEN as it is written: the one FEN writer, behind every way out
/// ([`FenBuffer`], [`FenWriter::write_bytes`]).
struct FenText<'a> {
    /// The text, then room for 16 bytes more (see [`TEXT_ROOM`]).
    bytes: &'a mut [u8; TEXT_ROOM],
    len: usize,
}

impl FenText<'_> {
    /// Writes the FEN of `source` at the start of `room`, with the ranks
    /// and castling text `writer` still has from the FEN before, and
    /// returns its length (the bytes after it are left changed).
    #[inline(never)]
    fn write<S: FenSource>(room: &mut [u8; TEXT_ROOM], source: &S, writer: &mut FenWriter) -> usize {
        let mut text = FenText { bytes: room, len: 0 };
        text.board(source, writer);
        text.put(u64::from_le_bytes([b' ', source.side_to_move().char() as u8, b' ', 0, 0, 0, 0, 0]), 3);
        text.castling(source, writer);
        match source.ep_square() {
            Some(ep) => text
                .put(u64::from_le_bytes([b' ', ep.file().char() as u8, ep.rank().char() as u8, b' ', 0, 0, 0, 0]), 4),
            None => text.put(u64::from_le_bytes(*b" - \0\0\0\0\0"), 3),
        }
        text.number(source.halfmove_clock());
        text.push(b' ');
        text.number(source.fullmove_number());
        text.len
    }

    /// Appends the first `n` bytes of `word` (its lowest byte first):
    /// the pieces of a FEN's tail in one store each.
    #[inline(always)]
    fn put(&mut self, word: u64, n: usize) {
        let at = self.len & INDEX_MASK;
        self.bytes[at..at + 8].copy_from_slice(&word.to_le_bytes());
        self.len += n;
    }

    #[inline(always)]
    fn push(&mut self, byte: u8) {
        // The mask changes no index (the text is shorter) and lets the
        // compiler drop the bounds check.
        self.bytes[self.len & INDEX_MASK] = byte;
        self.len += 1;
    }

    /// The ranks from the eighth down, those the writer has not changed
    /// copied from it.
    #[inline(always)]
    fn board<S: FenSource>(&mut self, source: &S, writer: &mut FenWriter) {
        writer.note_placement(source);
        let mut stale = writer.stale;
        while stale != 0 {
            writer.write_rank(source, stale.trailing_zeros() as usize);
            stale &= stale - 1;
        }
        writer.stale = 0;
        // Each rank and its slash, stored as 16 bytes: the rank's word,
        // then a slash, which a text of 8 bytes needs there and any
        // shorter one leaves to the next rank's bytes to overwrite. The
        // last slash is then taken back.
        for rank in (0..8).rev() {
            let at = self.len & INDEX_MASK;
            let word = u128::from(writer.ranks[rank]) | u128::from(b'/') << 64;
            self.bytes[at..at + 16].copy_from_slice(&word.to_le_bytes());
            self.len += usize::from(writer.lens[rank]);
        }
        self.len -= 1;
    }

    /// The castling text, from the writer when what it depends on is as
    /// in the FEN before (see [`castling_letters`]).
    #[inline(always)]
    fn castling<S: FenSource>(&mut self, source: &S, writer: &mut FenWriter) {
        if source.castling_rooks().is_empty() {
            self.push(b'-');
            return;
        }
        // The letters depend on the kings and rooks on the back ranks and
        // their colours (see `castling_rook`), nothing else of the board.
        let back = back_rank(Color::White) | back_rank(Color::Black);
        let kings = source.pieces_of_role(Role::King) & back;
        let kings_and_rooks = kings | (source.pieces_of_role(Role::Rook) & back);
        let white = source.pieces_of_color(Color::White) & kings_and_rooks;
        let key = Some((source.castling_rooks().0, kings.0, kings_and_rooks.0, white.0, source.castling_mode()));
        if writer.castling_key != key {
            writer.castling_len = castling_letters(&source.setup(), &mut writer.castling) as u8;
            writer.castling_key = key;
        }
        let at = self.len & INDEX_MASK;
        self.bytes[at..at + 16].copy_from_slice(&writer.castling);
        self.len += usize::from(writer.castling_len);
    }

    /// `n` in decimal.
    #[inline(always)]
    fn number(&mut self, n: u32) {
        // Clocks and move numbers of real games: one or two digits, three
        // at most, without the loop.
        if n < 10 {
            self.push(b'0' + n as u8);
        } else if n < 100 {
            self.put(u64::from(b'0' + (n / 10) as u8) | u64::from(b'0' + (n % 10) as u8) << 8, 2);
        } else if n < 1000 {
            self.push(b'0' + (n / 100) as u8);
            self.push(b'0' + (n / 10 % 10) as u8);
            self.push(b'0' + (n % 10) as u8);
        } else {
            self.long_number(n);
        }
    }

    /// [`FenText::number`] for any number of digits.
    fn long_number(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.push(d);
        }
    }
}

/// Writes the castling rights of `setup` (which has some) to `out` and
/// returns their length, as the reader reads them back (see
/// [`Setup::from_fen`]): `K`/`Q` (`k`/`q`) where that letter names the
/// castling rook in the setup's castling mode (the outermost rook on its
/// side of the king: always so in standard chess), the rook's file letter
/// otherwise (X-FEN, or Shredder-FEN where `K`/`Q` would name another
/// rook). Rooks of each color from the h-file down; castling rooks off
/// the back ranks cannot be written and are left out (`-` when none is
/// left).
fn castling_letters(setup: &Setup, out: &mut [u8; 16]) -> usize {
    let mut len = 0;
    for color in Color::ALL {
        let rooks = setup.castling_rooks() & back_rank(color);
        if rooks.is_empty() {
            continue;
        }
        // The rooks `K` and `Q` (`k` and `q`) name, found once per
        // colour.
        let (k, q) = if color == Color::White { ('K', 'Q') } else { ('k', 'q') };
        let (king_side, queen_side) = (castling_rook(setup, k), castling_rook(setup, q));
        for rook in rooks.into_iter().rev() {
            let letter = if Some(rook) == king_side {
                k
            } else if Some(rook) == queen_side {
                q
            } else if color == Color::White {
                rook.file().char().to_ascii_uppercase()
            } else {
                rook.file().char()
            };
            // At most 16 letters: one for each back-rank square.
            out[len] = letter as u8;
            len += 1;
        }
    }
    if len == 0 {
        out[0] = b'-';
        len = 1;
    }
    len
}

/// # Construction: FEN for comparison
impl Position {
    /// The FEN with the en-passant square written only when an en-passant
    /// capture is legal, the form used to compare positions (two FENs of
    /// the same position then match whether or not the writer recorded an
    /// unusable en-passant square).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert_eq!(pos.normalized_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn normalized_fen(&self) -> String {
        self.normalized().fen()
    }

    /// The position without its en-passant square when no en-passant
    /// capture is legal (see [`Position::normalized_fen`]).
    fn normalized(&self) -> Position {
        let mut pos = *self;
        if pos.ep_square.is_some() && pos.legal_ep_square().is_none() {
            pos.ep_square = None;
        }
        pos
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;

    /// Same as [`Position::from_fen`].
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_fen_fits() {
        // Every square taken, a castling rook on each back-rank square,
        // the largest clocks: the longest text the writer can be asked for.
        let mut setup = Setup::empty();
        for sq in Square::ALL {
            let color = if sq.rank() <= Rank::Fourth { Color::White } else { Color::Black };
            setup.put(sq, Piece::new(color, Role::Rook));
        }
        setup.set_castling_rooks(Bitboard(0xff00_0000_0000_00ff));
        setup.set_halfmove_clock(u32::MAX);
        setup.set_fullmove_number(u32::MAX);
        let fen = setup.fen();
        assert_eq!(fen.len(), FEN_CAPACITY - 1, "{fen}");
        assert!(fen.starts_with("rrrrrrrr/rrrrrrrr/rrrrrrrr/rrrrrrrr/RRRRRRRR/RRRRRRRR/RRRRRRRR/RRRRRRRR w "));
        assert!(fen.ends_with(" w HGFEDCBAhgfedcba - 4294967295 4294967295"), "{fen}");
        setup.set_ep_square(Some(Square::E3));
        assert_eq!(setup.fen().len(), FEN_CAPACITY);
    }

    #[test]
    fn one_writer_writes_each_fen_as_fen_does() {
        // Random games (a fixed linear congruential sequence), standard
        // and Chess960, written by one writer in order and interleaved.
        let mut seed = 7u64;
        let mut next = move |n: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let starts = [
            Position::startpos(),
            Position::from_fen_with(
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                FenOptions::new().castling(CastlingMode::Chess960),
            )
            .unwrap()
            .0,
        ];
        let (mut writer, mut shared) = (FenWriter::new(), FenWriter::new());
        for start in starts {
            let (mut a, mut b) = (start, start);
            for _ in 0..300 {
                for pos in [&a, &b] {
                    let mut text = String::new();
                    writer.write(pos, &mut text).unwrap();
                    assert_eq!(text, pos.fen());
                }
                let mut text = String::new();
                shared.write(&a, &mut text).unwrap();
                assert_eq!(text, a.fen());
                for pos in [&mut a, &mut b] {
                    let moves = pos.legal_moves();
                    *pos = if moves.is_empty() { start } else { pos.play(moves[next(moves.len())]) };
                }
            }
        }
        // The same back-rank squares, with the kings' colours swapped: the
        // castling text is not taken from the setup before.
        let one = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let mut other = one.clone();
        other.put(Square::E1, Piece::new(Color::Black, Role::King));
        other.put(Square::E8, Piece::new(Color::White, Role::King));
        for setup in [&one, &other, &one] {
            let mut text = String::new();
            writer.write_setup(setup, &mut text).unwrap();
            assert_eq!(text, setup.fen());
        }
        assert_ne!(one.fen(), other.fen());
    }

    #[test]
    fn nonzero_bytes_of_words() {
        for (word, bits) in [
            (0u64, 0u8),
            (u64::MAX, 0xff),
            (0x80, 1),
            (0x0100, 2),
            (0x8000_0000_0000_0000, 0x80),
            (0x0101_0101_0101_0101, 0xff),
            (0x00ff_0000_7f00_0001, 0b0100_1001),
        ] {
            assert_eq!(nonzero_bytes(word), bits, "{word:#x}");
        }
        let mut word = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            word ^= word << 13;
            word ^= word >> 7;
            word ^= word << 17;
            // Some bytes cleared, so that both kinds are seen.
            let masked = word & (word >> 3) & 0x00ff_ff00_ff00_00ff;
            let expected = (0..8).fold(0u8, |acc, i| acc | u8::from((masked >> (8 * i)) as u8 != 0) << i);
            assert_eq!(nonzero_bytes(masked), expected, "{masked:#x}");
        }
    }

    #[test]
    fn write_bytes_writes_the_fen() {
        let mut writer = FenWriter::new();
        let mut pos = Position::startpos();
        let mut bytes = Vec::new();
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
            bytes.clear();
            writer.write_bytes(&pos, &mut bytes);
            assert_eq!(bytes, pos.fen().as_bytes());
            pos = pos.play(pos.parse_uci(uci).unwrap());
        }
        bytes.clear();
        writer.write_bytes(&pos, &mut bytes);
        assert_eq!(
            core::str::from_utf8(&bytes),
            Ok("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4")
        );
    }

    #[test]
    fn runs_of_empty_squares() {
        for fen in [
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "k7/7K/8/3pP3/8/1n4N1/8/r6R b - d6 12 345",
            "1r4r1/8/8/8/8/8/8/R1K4R w HAha - 0 1",
        ] {
            let setup = Setup::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)).unwrap();
            let mut out = String::new();
            setup.write_fen(&mut out).unwrap();
            assert_eq!(out, setup.fen());
            assert_eq!(Setup::from_fen_with(&out, FenOptions::new().castling(CastlingMode::Chess960)).unwrap(), setup);
        }
    }
}
