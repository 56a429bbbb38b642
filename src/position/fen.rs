//! FEN parsing and writing.

use alloc::string::String;
use core::fmt::{self, Write as _};

use bitflags::bitflags;

use crate::position::validate::back_rank;
use crate::position::{CastlingMode, Position, PositionError};
use crate::types::castling::is_standard_castling;
use crate::types::{Bitboard, CastlingSide, Color, File, Piece, Rank, Role, Square};

/// The six fields of a FEN record, for error reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// Not six space-separated fields (four or five are accepted by the
    /// lenient parser, which then assumes `0 1` for the clocks).
    FieldCount {
        /// How many fields the text has.
        found: usize,
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
    /// The en-passant field is neither a square nor `-`.
    InvalidEpSquare,
    /// A clock that is not a decimal number that fits in 32 bits.
    InvalidNumber,
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
/// assert_eq!(err.offset(), 41);
/// assert_eq!(err.to_string(), "invalid FEN (board field, byte 41): invalid character 'X'");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        write!(f, "invalid FEN ({} field, byte {}): ", self.field, self.offset)?;
        match self.kind {
            FenErrorKind::FieldCount { found } => write!(f, "expected 6 fields, found {found}"),
            FenErrorKind::InvalidBoardChar(c) => write!(f, "invalid character {c:?}"),
            FenErrorKind::RankTooLong { rank } => write!(f, "rank {rank} has more than 8 squares"),
            FenErrorKind::RankTooShort { rank } => write!(f, "rank {rank} has fewer than 8 squares"),
            FenErrorKind::RankCount { found } => write!(f, "expected 8 ranks, found {found}"),
            FenErrorKind::InvalidSideToMove => f.write_str("side to move must be 'w' or 'b'"),
            FenErrorKind::InvalidCastlingChar(c) => write!(f, "invalid castling character {c:?}"),
            FenErrorKind::DuplicateCastling(c) => write!(f, "castling right {c:?} given twice"),
            FenErrorKind::InvalidEpSquare => f.write_str("en-passant square must be a square like e3, or '-'"),
            FenErrorKind::InvalidNumber => f.write_str("expected a non-negative decimal number"),
            FenErrorKind::Illegal(reasons) => write!(f, "{reasons}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for FenError {}

bitflags! {
    /// What the lenient parser ([`Position::from_fen_lenient`]) changed to
    /// make a real-world FEN valid.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Repairs: u8 {
        /// Castling rights whose king or rook is not in place were dropped.
        const CASTLING_RIGHTS = 1;
        /// An en-passant square that no pawn can use (no double step just
        /// happened there) was dropped.
        const EP_SQUARE = 1 << 1;
        /// Missing halfmove clock and/or fullmove number were set to `0 1`.
        const MISSING_CLOCKS = 1 << 2;
        /// Impossible clocks were corrected: fullmove 0 became 1, a halfmove
        /// clock after a double step became 0, and a fullmove number too
        /// small for the halfmove clock was raised.
        const COUNTERS = 1 << 3;
    }
}

/// How to read a FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct FenOptions {
    /// Standard chess (castling rights must name a1/h1/a8/h8 rooks and an
    /// e-file king) or Chess960 (X-FEN and Shredder-FEN castling rights).
    pub castling: CastlingMode,
    /// Repair what real-world FENs often get wrong instead of rejecting it
    /// (see [`Repairs`]).
    pub lenient: bool,
}

impl FenOptions {
    /// Options for standard chess, strict.
    pub const fn new() -> FenOptions {
        FenOptions { castling: CastlingMode::Standard, lenient: false }
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
}

/// The text and byte offset of each field present.
fn split_fields(text: &str) -> ([(&str, usize); 7], usize) {
    let mut fields = [("", text.len()); 7];
    let mut count = 0;
    let mut start = None;
    for (i, b) in text.bytes().enumerate().chain(core::iter::once((text.len(), b' '))) {
        if b.is_ascii_whitespace() {
            if let Some(s) = start.take() {
                if count < fields.len() {
                    fields[count] = (&text[s..i], s);
                }
                count += 1;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    (fields, count)
}

fn error(kind: FenErrorKind, field: FenField, offset: usize) -> FenError {
    FenError { kind, field, offset }
}

fn parse_number(text: &str, field: FenField, offset: usize) -> Result<u32, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(FenErrorKind::InvalidNumber, field, offset));
    }
    text.parse().map_err(|_| error(FenErrorKind::InvalidNumber, field, offset))
}

fn parse_board(pos: &mut Position, text: &str, offset: usize) -> Result<(), FenError> {
    let ranks = text.split('/').count();
    if ranks != 8 {
        let at = if ranks > 8 { text.match_indices('/').nth(7).map_or(0, |(i, _)| i) } else { text.len() };
        return Err(error(FenErrorKind::RankCount { found: ranks }, FenField::Board, offset + at));
    }
    let mut rank_start = 0;
    for (row, rank_text) in text.split('/').enumerate() {
        let rank = Rank::ALL[7 - row];
        let mut file = 0u32;
        for (i, c) in rank_text.char_indices() {
            let at = offset + rank_start + i;
            if file >= 8 {
                return Err(error(FenErrorKind::RankTooLong { rank }, FenField::Board, at));
            }
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if file + d > 8 {
                    return Err(error(FenErrorKind::RankTooLong { rank }, FenField::Board, at));
                }
                file += d;
            } else if let Some(piece) = Piece::from_char(c) {
                pos.put(Square::new(File::ALL[file as usize], rank), piece);
                file += 1;
            } else {
                return Err(error(FenErrorKind::InvalidBoardChar(c), FenField::Board, at));
            }
        }
        if file < 8 {
            let at = offset + rank_start + rank_text.len();
            return Err(error(FenErrorKind::RankTooShort { rank }, FenField::Board, at));
        }
        rank_start += rank_text.len() + 1;
    }
    Ok(())
}

/// The rook a castling character refers to, if the king and rook are there.
fn castling_rook(pos: &Position, c: char, mode: CastlingMode) -> Option<Square> {
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    let back = back_rank(color);
    let king = (pos.pieces(color, Role::King) & back).single()?;
    let rooks = pos.pieces(color, Role::Rook) & back;
    let rook = match c.to_ascii_lowercase() {
        'k' => rooks.into_iter().rev().find(|&r| r > king)?,
        'q' => rooks.into_iter().find(|&r| r < king)?,
        letter => {
            let file = File::from_char(letter)?;
            Some(Square::new(file, Rank::First.relative_to(color))).filter(|&r| rooks.contains(r) && r != king)?
        }
    };
    if mode == CastlingMode::Standard && !is_standard_castling(king, rook) {
        return None;
    }
    Some(rook)
}

impl Position {
    /// Parses a FEN of a standard chess position, strictly.
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
    /// Anything else (missing kings, pawns on the back rank, the side not to
    /// move in check, syntax errors) is still an error.
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
        let (fields, count) = split_fields(fen);
        let min_fields = if options.lenient { 4 } else { 6 };
        if count < min_fields || count > 6 {
            let at = if count > 6 { fields[6].1 } else { fen.len() };
            let field = FenField::ALL[count.min(5)];
            return Err(error(FenErrorKind::FieldCount { found: count }, field, at));
        }
        let mut repairs = Repairs::empty();
        let mut pos = Position::empty();
        pos.mode = options.castling;
        let [board, side, castling, ep, halfmove, fullmove, _] = fields;

        parse_board(&mut pos, board.0, board.1)?;

        pos.side = match side.0 {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(error(FenErrorKind::InvalidSideToMove, FenField::SideToMove, side.1)),
        };

        // Castling: syntax errors now, rights without king or rook later.
        let mut castling_invalid = false;
        if castling.0 != "-" {
            let mut seen = alloc::vec::Vec::with_capacity(4);
            for (i, c) in castling.0.char_indices() {
                let at = castling.1 + i;
                if !matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h') {
                    return Err(error(FenErrorKind::InvalidCastlingChar(c), FenField::Castling, at));
                }
                if seen.contains(&c) {
                    return Err(error(FenErrorKind::DuplicateCastling(c), FenField::Castling, at));
                }
                seen.push(c);
                match castling_rook(&pos, c, options.castling) {
                    Some(rook) if !pos.castling.contains(rook) => pos.castling = pos.castling.with(rook),
                    Some(_) => return Err(error(FenErrorKind::DuplicateCastling(c), FenField::Castling, at)),
                    None => castling_invalid = true,
                }
            }
        }

        pos.ep_square = match ep.0 {
            "-" => None,
            text => Some(
                text.parse::<Square>().map_err(|_| error(FenErrorKind::InvalidEpSquare, FenField::EnPassant, ep.1))?,
            ),
        };

        if count >= 5 {
            pos.halfmove = parse_number(halfmove.0, FenField::HalfmoveClock, halfmove.1)?;
        }
        if count >= 6 {
            pos.fullmove = parse_number(fullmove.0, FenField::FullmoveNumber, fullmove.1)?;
        } else {
            repairs |= Repairs::MISSING_CLOCKS;
        }

        let mut errors = pos.validate();
        if castling_invalid {
            errors |= PositionError::INVALID_CASTLING_RIGHTS;
        }
        if options.lenient {
            if errors.contains(PositionError::INVALID_CASTLING_RIGHTS) {
                pos.castling = pos.castling_rooks_repaired();
                repairs |= Repairs::CASTLING_RIGHTS;
            }
            if errors.contains(PositionError::INVALID_EP_SQUARE) {
                pos.ep_square = None;
                repairs |= Repairs::EP_SQUARE;
            }
            if !pos.counters_valid() {
                pos.repair_counters();
                repairs |= Repairs::COUNTERS;
            }
            errors = pos.validate();
        }
        if !errors.is_empty() {
            let (field, offset) = if errors.intersects(
                PositionError::MISSING_KING
                    | PositionError::TOO_MANY_KINGS
                    | PositionError::PAWNS_ON_BACK_RANK
                    | PositionError::OPPOSITE_CHECK
                    | PositionError::TOO_MUCH_MATERIAL,
            ) {
                (FenField::Board, board.1)
            } else if errors.contains(PositionError::INVALID_CASTLING_RIGHTS) {
                (FenField::Castling, castling.1)
            } else if errors.contains(PositionError::INVALID_EP_SQUARE) {
                (FenField::EnPassant, ep.1)
            } else {
                (FenField::HalfmoveClock, halfmove.1)
            };
            return Err(error(FenErrorKind::Illegal(errors), field, offset));
        }
        pos.hash = pos.compute_hash();
        Ok((pos, repairs))
    }

    /// The castling rooks that are valid, one per side at most.
    fn castling_rooks_repaired(&self) -> Bitboard {
        let mut kept = Bitboard::EMPTY;
        for color in Color::ALL {
            let back = back_rank(color);
            let Some(king) = (self.pieces(color, Role::King) & back).single() else {
                continue;
            };
            for side in CastlingSide::ALL {
                let wanted = self
                    .castling
                    .into_iter()
                    .filter(|&r| back.contains(r) && self.pieces(color, Role::Rook).contains(r))
                    .filter(|&r| CastlingSide::of_rook(king, r) == side && r != king)
                    .find(|&r| self.mode == CastlingMode::Chess960 || is_standard_castling(king, r));
                if let Some(rook) = wanted {
                    kept = kept.with(rook);
                }
            }
        }
        kept
    }

    fn repair_counters(&mut self) {
        if self.ep_square.is_some() {
            self.halfmove = 0;
        }
        let played = u64::from(self.halfmove);
        let needed = (played.saturating_sub(self.side as u64)).div_ceil(2) + 1;
        self.fullmove = u32::try_from(needed.max(u64::from(self.fullmove))).unwrap_or(u32::MAX);
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
        let mut out = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::new(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if *rank != Rank::First {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.side.char());
        out.push(' ');
        let mut any = false;
        for color in Color::ALL {
            let rooks = self.pieces(color, Role::Rook) & back_rank(color);
            for side in CastlingSide::ALL {
                let Some(rook) = self.castling_rook(color, side) else {
                    continue;
                };
                let outermost = match side {
                    CastlingSide::KingSide => rooks.last() == Some(rook),
                    CastlingSide::QueenSide => rooks.first() == Some(rook),
                };
                let c = if outermost {
                    if side == CastlingSide::KingSide {
                        'k'
                    } else {
                        'q'
                    }
                } else {
                    rook.file().char()
                };
                out.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        match self.ep_square {
            Some(ep) => {
                let _ = write!(out, " {ep}");
            }
            None => out.push_str(" -"),
        }
        let _ = write!(out, " {} {}", self.halfmove, self.fullmove);
        out
    }
}

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
        if self.ep_square.is_some() && self.legal_ep_square().is_none() {
            let mut without = *self;
            without.ep_square = None;
            without.fen()
        } else {
            self.fen()
        }
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
        f.write_str(&self.fen())
    }
}
