//! Standard algebraic notation (SAN) and long algebraic notation (LAN):
//! the writers, and the crate's one SAN reader, which
//! [`Position::parse_san`], the PGN reader and `Game::push_line` share.
//!
//! Reading is two steps. [`parse`] takes the text apart ([`San`]) from its
//! bytes, without allocating; [`Position::find_san`] asks the legal move
//! generator for the moves it names: the origins the text allows (pieces
//! of the role, on the file or rank it gives, that reach the destination
//! on an empty board) and the destination are masks of one generation
//! call, which stops at the second candidate. No rule of legality is
//! written here. When that finds no single move, [`Position::san_error`]
//! says why, with the same generator and [`Position::illegal_reason`].

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use crate::attacks;
use crate::moves::Move;
use crate::position::error::echo;
use crate::position::{IllegalReason, MoveError, Notation, Position, SyntaxReason};
use crate::types::{Bitboard, CastlingSide, File, Piece, Rank, Role, Square};

/// A move text taken apart: what the text says, before any position is
/// looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum San {
    /// `O-O` or `O-O-O` (also with zeros).
    Castle(CastlingSide),
    /// `--`, `Z0`, `0000` or `@@@@`: the null move, which only the PGN
    /// reader plays.
    Null,
    /// Any other move: SAN, long algebraic or UCI.
    Normal(SanMove),
}

/// A normal move as the text gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SanMove {
    /// The piece letter's role (a pawn without one).
    pub role: Role,
    /// The origin file, if the text gives it.
    pub file: Option<File>,
    /// The origin rank, if the text gives it.
    pub rank: Option<Rank>,
    /// The destination.
    pub to: Square,
    /// The promotion piece, if any.
    pub promotion: Option<Role>,
}

/// A move text of one of the common shapes (see [`parse_common`]): a
/// normal move without a rank or a promotion, which a caller that plays
/// it gives the rest of [`SanMove`] as constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CommonSan {
    role: Role,
    file: Option<File>,
    to: Square,
}

impl CommonSan {
    /// The move as [`SanMove`].
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) const fn san(self) -> SanMove {
        SanMove { role: self.role, file: self.file, rank: None, to: self.to, promotion: None }
    }
}

#[cfg_attr(hot_inline, inline(always))]
const fn simple(role: Role, file: Option<File>, to: Square) -> CommonSan {
    CommonSan { role, file, to }
}

/// A legal move's SAN taken apart: what [`Position::san`] writes, packed
/// in a number ([`Position::for_each_legal_san_parts`] gives one per legal
/// move). Equal SANs have equal parts, from whatever position, and
/// different SANs different parts, so a caller can key its own copies of
/// the texts by [`SanParts::to_bits`] (a table of strings in another
/// language, each made once); [`fmt::Display`] writes the SAN.
///
/// ```
/// use chess_movegen::{CheckMark, File, Position, Role, Square};
/// let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")?;
/// let mut sans = Vec::new();
/// pos.for_each_legal_san_parts(|mv, san| sans.push((mv, san)));
/// let (_, rad1) = sans.iter().find(|(mv, _)| mv.from() == Square::A1 && mv.to() == Square::D1).unwrap();
/// assert_eq!((rad1.role(), rad1.file(), rad1.rank(), rad1.to()), (Role::Rook, Some(File::A), None, Square::D1));
/// assert_eq!((rad1.is_capture(), rad1.mark()), (false, CheckMark::None));
/// assert_eq!(rad1.to_string(), "Rad1");
/// assert_eq!(chess_movegen::SanParts::from_bits(rad1.to_bits()), Some(*rad1));
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanParts(u32);

/// The mark a SAN ends with (see [`SanParts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// No check.
    None,
    /// `+`: check.
    Check,
    /// `#`: checkmate.
    Mate,
}

// The fields of `SanParts`: the destination in bits 0-5, the capture in
// bit 6, the mark in 7-8, the promotion's role index in 9-11 (0 for none:
// a pawn is no promotion), the origin file in 12-14 and bit 15 set when it
// is shown, the rank likewise in 16-19, the role's index in 20-22 (6 for
// `O-O`, 7 for `O-O-O`, which have only a mark besides). A field not
// shown is 0, so that equal texts have equal bits.
const CAPTURE: u32 = 1 << 6;
const FILE_SHOWN: u32 = 1 << 15;
const RANK_SHOWN: u32 = 1 << 19;
const CASTLE_ROLE: u32 = 6;

/// What the rule of SAN ([`Position::san_body_with`]) decides for a
/// legal move, without its check mark, handed to one of two makers: the
/// text writer ([`SanWriter`]) and the packer into [`SanParts`]
/// ([`SanPacker`]), each working from the fields without the other.
trait SanMaker {
    /// What is made.
    type Output;

    /// `O-O` or `O-O-O`.
    fn castle(self, side: CastlingSide) -> Self::Output;

    /// Any other move: the moving piece's `role`, its origin `from`, of
    /// which the SAN shows the file if `shown.0` and the rank if
    /// `shown.1`, `capture`, the destination `to` and the promotion.
    fn normal(
        self,
        role: Role,
        from: Square,
        shown: (bool, bool),
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> Self::Output;
}

/// The one writer of SAN text (without the check mark, see
/// [`write_mark`]), which [`Position::san`], [`Position::for_each_san`]
/// and [`SanParts`]'s [`fmt::Display`] share.
struct SanWriter<'a>(&'a mut String);

impl SanMaker for SanWriter<'_> {
    type Output = fmt::Result;

    #[cfg_attr(hot_inline, inline(always))]
    fn castle(self, side: CastlingSide) -> fmt::Result {
        self.0.write_str(match side {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        })
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn normal(
        self,
        role: Role,
        from: Square,
        shown: (bool, bool),
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> fmt::Result {
        let out = self.0;
        if role != Role::Pawn {
            out.write_char(role.upper_char())?;
        }
        if shown.0 {
            out.write_char(from.file().char())?;
        }
        if shown.1 {
            out.write_char(from.rank().char())?;
        }
        if capture {
            out.write_char('x')?;
        }
        out.write_char(to.file().char())?;
        out.write_char(to.rank().char())?;
        if let Some(promotion) = promotion {
            out.write_char('=')?;
            out.write_char(promotion.upper_char())?;
        }
        Ok(())
    }
}

/// The packer of a SAN into [`SanParts`], with its check mark.
struct SanPacker(CheckMark);

impl SanMaker for SanPacker {
    type Output = SanParts;

    #[cfg_attr(hot_inline, inline(always))]
    fn castle(self, side: CastlingSide) -> SanParts {
        SanParts((CASTLE_ROLE + side as u32) << 20 | (self.0 as u32) << 7)
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn normal(
        self,
        role: Role,
        from: Square,
        shown: (bool, bool),
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> SanParts {
        let mut bits = to.index() as u32 | (role.index() as u32) << 20 | u32::from(capture) << 6;
        bits |= promotion.map_or(0, |role| role.index() as u32) << 9 | (self.0 as u32) << 7;
        if shown.0 {
            bits |= FILE_SHOWN | (from.file().index() as u32) << 12;
        }
        if shown.1 {
            bits |= RANK_SHOWN | (from.rank().index() as u32) << 16;
        }
        SanParts(bits)
    }
}

impl SanParts {
    /// Hands the SAN without its check mark to `maker`.
    fn make<M: SanMaker>(self, maker: M) -> M::Output {
        match self.castling_side() {
            Some(side) => maker.castle(side),
            None => {
                let (file, rank) = (self.file(), self.rank());
                let from = Square::new(file.unwrap_or(File::A), rank.unwrap_or(Rank::First));
                let shown = (file.is_some(), rank.is_some());
                maker.normal(self.role(), from, shown, self.is_capture(), self.to(), self.promotion())
            }
        }
    }

    /// `O-O` or `O-O-O`'s side, `None` for any other move.
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.0 >> 20 {
            6 => Some(CastlingSide::KingSide),
            7 => Some(CastlingSide::QueenSide),
            _ => None,
        }
    }

    /// The moving piece's role (the king for castling).
    pub const fn role(self) -> Role {
        match self.0 >> 20 {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }

    /// The origin file, if the SAN shows it (a pawn's capture, a piece
    /// told apart from another of its kind).
    pub const fn file(self) -> Option<File> {
        if self.0 & FILE_SHOWN == 0 {
            None
        } else {
            File::from_index((self.0 >> 12) as u8 & 7)
        }
    }

    /// The origin rank, if the SAN shows it.
    pub const fn rank(self) -> Option<Rank> {
        if self.0 & RANK_SHOWN == 0 {
            None
        } else {
            Rank::from_index((self.0 >> 16) as u8 & 7)
        }
    }

    /// True for a capture (en passant too); false for castling.
    pub const fn is_capture(self) -> bool {
        self.0 & CAPTURE != 0
    }

    /// The destination (a1 for castling, whose SAN shows none).
    pub const fn to(self) -> Square {
        Square::from_index_wrapping(self.0 as u8 & 63)
    }

    /// The promotion piece, if any.
    pub const fn promotion(self) -> Option<Role> {
        match (self.0 >> 9) & 7 {
            1 => Some(Role::Knight),
            2 => Some(Role::Bishop),
            3 => Some(Role::Rook),
            4 => Some(Role::Queen),
            _ => None,
        }
    }

    /// The check mark.
    pub const fn mark(self) -> CheckMark {
        match (self.0 >> 7) & 3 {
            0 => CheckMark::None,
            1 => CheckMark::Check,
            _ => CheckMark::Mate,
        }
    }

    /// The parts as a number below 2<sup>23</sup>: equal for equal SANs,
    /// different for different ones.
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// The parts of [`SanParts::to_bits`]'s number; `None` for a number
    /// it never gives. (Parts that no legal move has, a knight's
    /// promotion, are read and written as they are.)
    pub const fn from_bits(bits: u32) -> Option<SanParts> {
        let kind = bits >> 20;
        let mark = (bits >> 7) & 3;
        let fields_ok = if kind >= CASTLE_ROLE {
            // Only the kind and the mark.
            bits & !(7 << 20 | 3 << 7) == 0
        } else {
            (bits >> 9) & 7 <= 4
                && (bits & FILE_SHOWN != 0 || (bits >> 12) & 7 == 0)
                && (bits & RANK_SHOWN != 0 || (bits >> 16) & 7 == 0)
        };
        if bits >> 23 == 0 && mark <= 2 && fields_ok {
            Some(SanParts(bits))
        } else {
            None
        }
    }
}

/// Writes a check mark (SAN's and long algebraic's).
#[cfg_attr(hot_inline, inline(always))]
fn write_mark<W: fmt::Write>(mark: CheckMark, out: &mut W) -> fmt::Result {
    match mark {
        CheckMark::None => Ok(()),
        CheckMark::Check => out.write_char('+'),
        CheckMark::Mate => out.write_char('#'),
    }
}

impl fmt::Display for SanParts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Through a string: one writer in the code, for strings.
        let mut text = String::with_capacity(8);
        let _ = self.make(SanWriter(&mut text));
        let _ = write_mark(self.mark(), &mut text);
        f.write_str(&text)
    }
}

/// The role of an upper-case piece letter (not the pawn).
#[cfg_attr(hot_inline, inline(always))]
fn piece_role(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

/// The role of a promotion letter, either case.
fn promotion_role(b: u8) -> Option<Role> {
    piece_role(b.to_ascii_uppercase()).filter(|&role| role != Role::King)
}

#[cfg_attr(hot_inline, inline(always))]
fn file_of(b: u8) -> Option<File> {
    File::from_index(b.wrapping_sub(b'a'))
}

#[cfg_attr(hot_inline, inline(always))]
fn rank_of(b: u8) -> Option<Rank> {
    Rank::from_index(b.wrapping_sub(b'1'))
}

/// The square named by a file letter and a rank digit.
#[cfg_attr(hot_inline, inline(always))]
fn square(file: u8, rank: u8) -> Option<Square> {
    let (f, r) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    (f < 8 && r < 8).then(|| Square::from_index_wrapping(f + 8 * r))
}

/// Takes a move text apart. Reads what real files contain: SAN with or
/// without `+`, `#` and `!?`-style marks, `0-0`, promotions as `e8=Q`,
/// `e8Q`, `e8q`, `e8/Q` or `e8(Q)`, over-disambiguated moves, captures with
/// `x`, `:` or nothing, `e.p.`, long algebraic (`Ng1-f3`, `e2-e4`) and UCI
/// (`g1f3`), the null move, and spaces around the text.
///
/// The shapes that make up almost all move texts (`e4`, `Nf3`, `exd5`,
/// `Nxf3`, with a check mark) are read first, with one look at their bytes
/// ([`parse_common`]); not under `compact`, where the general reader
/// alone reads every shape (less code).
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn parse(text: &[u8]) -> Result<San, SyntaxReason> {
    match parse_common(text) {
        Some(m) if !cfg!(feature = "compact") => Ok(San::Normal(m.san())),
        _ => parse_general(text),
    }
}

/// [`parse`] for the common shapes only (`e4`, `Nf3`, `exd5`, `Nxf3`,
/// with a check mark): `None` for any other text. A reader that plays
/// these without the rest of [`San`] (castling, null moves, a rank or a
/// promotion to look at) reads the others with [`parse`].
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn parse_common(text: &[u8]) -> Option<CommonSan> {
    let t = match text {
        [rest @ .., b'+' | b'#'] => rest,
        _ => text,
    };
    match *t {
        [f, r] => square(f, r).map(|to| simple(Role::Pawn, None, to)),
        [p, f, r] => match (piece_role(p), square(f, r)) {
            (Some(role), Some(to)) => Some(simple(role, None, to)),
            _ => None,
        },
        [a, b'x', f, r] => {
            let to = square(f, r)?;
            if let Some(file) = file_of(a) {
                return Some(simple(Role::Pawn, Some(file), to));
            }
            piece_role(a).map(|role| simple(role, None, to))
        }
        _ => None,
    }
}

/// `text` without the check marks and glyphs at its end.
fn without_marks(mut text: &[u8]) -> &[u8] {
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = text {
        text = rest;
    }
    text
}

/// [`parse`] for every shape: the text without spaces, marks and `e.p.`,
/// then castling and null moves, then piece letter, promotion, destination
/// and origin from the end.
#[inline(never)]
fn parse_general(text: &[u8]) -> Result<San, SyntaxReason> {
    let mut core = without_marks(text.trim_ascii());
    if let Some(rest) = core.strip_suffix(b"e.p.") {
        // Check marks before `e.p.` too (`exd6+e.p.`).
        core = without_marks(rest.trim_ascii_end());
    }
    match core {
        b"O-O" | b"0-0" => return Ok(San::Castle(CastlingSide::KingSide)),
        b"O-O-O" | b"0-0-0" => return Ok(San::Castle(CastlingSide::QueenSide)),
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Ok(San::Null),
        [] => return Err(SyntaxReason::Empty),
        _ if !core.is_ascii() => return Err(SyntaxReason::NonAscii),
        [b'n' | b'r' | b'q' | b'k', ..] => return Err(SyntaxReason::LowerCasePiece),
        _ => {}
    }
    let (role, body) = match piece_role(core[0]) {
        Some(role) => (role, &core[1..]),
        None => (Role::Pawn, core),
    };
    let (body, promotion) = split_promotion(body)?;
    if body.len() < 2 {
        return Err(SyntaxReason::MissingDestination);
    }
    let (head, dest) = body.split_at(body.len() - 2);
    let to = square(dest[0], dest[1]).ok_or(SyntaxReason::BadDestination)?;
    if role == Role::Pawn && matches!(head, b"x" | b":") {
        return Err(SyntaxReason::PawnCaptureWithoutFile);
    }
    let (file, rank) = origin(head)?;
    if promotion.is_some() && role != Role::Pawn {
        return Err(SyntaxReason::OnlyPawnsPromote);
    }
    Ok(San::Normal(SanMove { role, file, rank, to, promotion }))
}

/// The promotion suffix of a move without its piece letter (`=Q`, `Q`,
/// `q`, `/Q`, `(Q)`), split off.
fn split_promotion(body: &[u8]) -> Result<(&[u8], Option<Role>), SyntaxReason> {
    let (body, promotion) = match body {
        [rest @ .., b'(', p, b')'] => (rest, Some(promotion_role(*p).ok_or(SyntaxReason::BadPromotionPiece)?)),
        [rest @ .., b'=' | b'/', p] if promotion_role(*p).is_some() => (rest, promotion_role(*p)),
        [rest @ .., p] if promotion_role(*p).is_some() => (rest, promotion_role(*p)),
        _ => (body, None),
    };
    match body {
        [.., b'1'..=b'8', b'K' | b'k' | b'P' | b'p'] | [.., b'=' | b'/', b'K' | b'k' | b'P' | b'p'] => {
            Err(SyntaxReason::PromotionToKingOrPawn)
        }
        [.., b'=' | b'/', _] => Err(SyntaxReason::BadPromotionPiece),
        [.., b'=' | b'/'] => Err(SyntaxReason::MissingPromotionPiece),
        _ => Ok((body, promotion)),
    }
}

/// The origin file and/or rank before the destination, without the
/// capture mark or the hyphen of long algebraic notation.
fn origin(head: &[u8]) -> Result<(Option<File>, Option<Rank>), SyntaxReason> {
    let head = match head {
        [rest @ .., b'x' | b':' | b'-'] => rest,
        _ => head,
    };
    match *head {
        [] => Ok((None, None)),
        [c] if file_of(c).is_some() => Ok((file_of(c), None)),
        [c] if rank_of(c).is_some() => Ok((None, rank_of(c))),
        [f, r] if file_of(f).is_some() && rank_of(r).is_some() => Ok((file_of(f), rank_of(r))),
        _ => Err(SyntaxReason::BadShape),
    }
}

/// The squares from which a piece of `role` reaches `to` on an empty
/// board (for a pawn: every square; the generator decides).
#[cfg_attr(hot_inline, inline(always))]
fn reach(role: Role, to: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_rays(to),
        Role::Rook => attacks::rook_rays(to),
        Role::Queen => attacks::bishop_rays(to) | attacks::rook_rays(to),
        Role::King => attacks::king_attacks(to),
        Role::Pawn => Bitboard::FULL,
    }
}

/// # Notation: SAN and long algebraic
impl Position {
    /// The move in standard algebraic notation: piece letter, origin file
    /// and/or rank only when another legal move of the same kind of piece
    /// reaches the same square, `x` for captures, `=Q` for promotions,
    /// `O-O` / `O-O-O` for castling, and `+` or `#` after checks and mates.
    ///
    /// A move that is not legal here is written in UCI instead.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")?;
    /// assert_eq!(pos.san(Move::new(Square::F1, Square::B5)), "Bb5");
    /// assert_eq!(pos.san(Move::new(Square::F3, Square::E5)), "Nxe5");
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn san(&self, mv: Move) -> String {
        if !self.is_legal(mv) {
            return self.uci(mv);
        }
        let mut out = String::with_capacity(8);
        self.write_san_body(mv, self.san_rivals(mv), &mut out);
        let _ = write_mark(self.check_mark(mv), &mut out);
        out
    }

    /// The SAN of `mv` as [`SanParts`] (the number [`Position::san`]'s
    /// text is made from); `None` if `mv` is not legal here.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")?;
    /// let nxe5 = pos.san_parts(Move::new(Square::F3, Square::E5)).unwrap();
    /// assert_eq!(nxe5.to_string(), "Nxe5");
    /// assert_eq!(pos.san_parts(Move::new(Square::F3, Square::F5)), None);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn san_parts(&self, mv: Move) -> Option<SanParts> {
        self.is_legal(mv).then(|| self.san_parts_with(mv, self.san_rivals(mv), self.check_mark(mv)))
    }

    /// [`Position::san_parts`] of `mv`, a legal move here that leads to
    /// `after` (as a game that has just played it holds): without the
    /// legality test and without playing the move again for its check
    /// mark. For a move that is not legal here, or an `after` it does not
    /// lead to, the parts are meaningless (never a panic).
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3")?;
    /// let mate = Move::new(Square::H5, Square::F7);
    /// let after = pos.play(mate);
    /// assert_eq!(pos.san_parts_played(mate, &after), pos.san_parts(mate).unwrap());
    /// assert_eq!(pos.san_parts_played(mate, &after).to_string(), "Qxf7#");
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn san_parts_played(&self, mv: Move, after: &Position) -> SanParts {
        self.san_parts_with(mv, self.san_rivals(mv), check_mark_of(after))
    }

    /// The move in long algebraic notation, for move lists shown to people:
    /// piece letter, origin, `-` or `x`, destination, promotion, check
    /// mark (`Ng1-f3`, `e7xd8=Q+`, `O-O`). A move that is not legal here is
    /// written in UCI instead.
    pub fn lan(&self, mv: Move) -> String {
        if !self.is_legal(mv) {
            return self.uci(mv);
        }
        let mut out = String::new();
        match mv.castling_side() {
            Some(CastlingSide::KingSide) => out.push_str("O-O"),
            Some(CastlingSide::QueenSide) => out.push_str("O-O-O"),
            None => {
                let role = self.role_at(mv.from()).unwrap_or(Role::Pawn);
                if role != Role::Pawn {
                    out.push(role.upper_char());
                }
                let capture = if self.is_capture(mv) { 'x' } else { '-' };
                let _ = write!(out, "{}{capture}{}", mv.from(), mv.to());
                if let Some(promotion) = mv.promotion_role() {
                    let _ = write!(out, "={}", promotion.upper_char());
                }
            }
        }
        let _ = write_mark(self.check_mark(mv), &mut out);
        out
    }

    /// The check mark of legal `mv`.
    fn check_mark(&self, mv: Move) -> CheckMark {
        check_mark_of(&self.play(mv))
    }

    /// The SAN of every move of `moves`, in their order: the same texts as
    /// [`Position::san`] gives one by one, from one legal-move generation
    /// for all of them (the rivals a move must be told apart from are the
    /// listed legal moves of its kind to its square), and a mate test only
    /// for the moves that give check. For a whole move list, such as
    /// [`Position::legal_moves`], it costs a fraction of calling `san` for
    /// each move. Moves that are not legal here are written in UCI.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")?;
    /// let moves = pos.legal_moves();
    /// let sans = pos.san_all(&moves);
    /// assert!(sans.contains(&String::from("Rad1")) && sans.contains(&String::from("Rh8+")));
    /// assert_eq!(sans, moves.iter().map(|&mv| pos.san(mv)).collect::<Vec<_>>());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn san_all(&self, moves: &[Move]) -> Vec<String> {
        let mut all = Vec::with_capacity(moves.len());
        self.for_each_san(moves, |_, san| all.push(String::from(san)));
        all
    }

    /// Calls `f` with each move of `moves` and its SAN, in their order: the
    /// texts of [`Position::san_all`], written into one buffer that is
    /// reused from move to move (no allocation per move), for callers that
    /// copy them on (into one string, a column, another language's
    /// strings).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::startpos();
    /// let mut line = String::new();
    /// pos.for_each_san(&pos.legal_moves()[..3], |_, san| {
    ///     line.push_str(san);
    ///     line.push(' ');
    /// });
    /// assert_eq!(line, "Na3 Nc3 Nf3 ");
    /// ```
    pub fn for_each_san(&self, moves: &[Move], mut f: impl FnMut(Move, &str)) {
        let mut out = String::with_capacity(16);
        let legal = self.legal_moves();
        self.each_san(&legal, moves, true, |mv, san| match san {
            Some((rivals, mark)) => {
                out.clear();
                self.write_san_body(mv, rivals, &mut out);
                let _ = write_mark(mark, &mut out);
                f(mv, &out);
            }
            None => f(mv, &self.uci(mv)),
        });
    }

    /// Calls `f` with every legal move and its SAN as [`SanParts`], from
    /// one legal-move generation, in the order of
    /// [`Position::legal_moves`]: what [`Position::for_each_san`] writes
    /// for the whole list, without the text, for callers that keep their
    /// own texts by SAN (see [`SanParts`]).
    ///
    /// ```
    /// use chess_movegen::{CheckMark, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")?;
    /// let mut texts = Vec::new();
    /// let mut checks = 0;
    /// pos.for_each_legal_san_parts(|_, san| {
    ///     texts.push(san.to_string());
    ///     checks += usize::from(san.mark() == CheckMark::Check);
    /// });
    /// assert_eq!(texts, pos.san_all(&pos.legal_moves()));
    /// assert_eq!(checks, 2); // Ra8+, Rh8+
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn for_each_legal_san_parts(&self, mut f: impl FnMut(Move, SanParts)) {
        let legal = self.legal_moves();
        self.each_san(&legal, &legal, false, |mv, san| {
            if let Some((rivals, mark)) = san {
                f(mv, self.san_parts_with(mv, rivals, mark));
            }
        });
    }

    /// What the SAN of each move of `moves` is made from: the origins of
    /// its rivals (see [`Position::san_body_with`]) and its check mark,
    /// given the position's legal moves `legal` (one generation for all:
    /// the rivals a move must be told apart from are the listed legal
    /// moves of its kind to its square), and a mate test only for the moves
    /// that give check; `None` for a move that is not legal here, which
    /// `check` tells apart (else every move is one of `legal`).
    #[cfg_attr(hot_inline, inline(always))]
    fn each_san(
        &self,
        legal: &[Move],
        moves: &[Move],
        check: bool,
        mut f: impl FnMut(Move, Option<(Bitboard, CheckMark)>),
    ) {
        // The origins of the legal normal moves (no promotion, en passant
        // or castling) to each square: whether a normal move is legal, and
        // its rivals (those of its piece's role, its own square taken
        // out), each one lookup instead of a pass over the list.
        let normal = |m: Move| m == Move::new(m.from(), m.to());
        let mut origins = [Bitboard::EMPTY; 64];
        for &m in legal.iter().filter(|&&m| normal(m)) {
            origins[m.to().index()] |= m.from().bitboard();
        }
        let us = self.side_to_move();
        let checks = self.check_info();
        for &mv in moves {
            if check {
                let is_legal =
                    if normal(mv) { origins[mv.to().index()].contains(mv.from()) } else { legal.contains(&mv) };
                if !is_legal {
                    f(mv, None);
                    continue;
                }
            }
            let (from, to) = (mv.from(), mv.to());
            let pieces = self.role_at(from).map_or(Bitboard::EMPTY, |role| self.pieces(us, role));
            let rivals = origins[to.index()] & pieces.without(from);
            let mark = if !self.gives_check_with(&checks, mv) {
                CheckMark::None
            } else if self.play(mv).has_legal_moves() {
                CheckMark::Check
            } else {
                CheckMark::Mate
            };
            f(mv, Some((rivals, mark)));
        }
    }

    /// The SAN parts of legal `mv`, told apart from `rivals` (see
    /// [`Position::san_body_with`]), with `mark`.
    #[cfg_attr(hot_inline, inline(always))]
    fn san_parts_with(&self, mv: Move, rivals: Bitboard, mark: CheckMark) -> SanParts {
        self.san_body_with(mv, rivals, SanPacker(mark))
    }

    /// Appends the SAN of legal `mv` without its check mark to `out`, told
    /// apart from `rivals` (see [`Position::san_body_with`]).
    #[cfg_attr(hot_inline, inline(always))]
    fn write_san_body(&self, mv: Move, rivals: Bitboard, out: &mut String) {
        let _ = self.san_body_with(mv, rivals, SanWriter(out));
    }

    /// The origins of the other pieces of legal `mv`'s role that can move
    /// to its square (empty for pawns and castling), found by the generator.
    fn san_rivals(&self, mv: Move) -> Bitboard {
        let (from, to) = (mv.from(), mv.to());
        let role = self.role_at(from).unwrap_or(Role::Pawn);
        if role == Role::Pawn || mv.is_castle() {
            Bitboard::EMPTY
        } else {
            let pieces = self.pieces(self.side_to_move(), role);
            let rivals = self.legal_moves_masked(pieces.without(from), to.bitboard());
            rivals.iter().filter(|m| !m.is_castle()).fold(Bitboard::EMPTY, |b, m| b.with(m.from()))
        }
    }

    /// The SAN of legal `mv` without its check mark, told apart from the
    /// moves of other pieces of its role to its square, which start on
    /// `rivals` (ignored for pawns and castling): the rule of SAN's
    /// disambiguation. `maker` writes or packs it from the fields (a
    /// compact build keeps a copy of the rule for each maker).
    #[cfg_attr(hot_inline, inline(always))]
    fn san_body_with<M: SanMaker>(&self, mv: Move, rivals: Bitboard, maker: M) -> M::Output {
        if let Some(side) = mv.castling_side() {
            return maker.castle(side);
        }
        let (from, to) = (mv.from(), mv.to());
        let role = self.role_at(from).unwrap_or(Role::Pawn);
        let capture = self.is_capture(mv);
        let (file, rank) = if role == Role::Pawn {
            (capture, false)
        } else if rivals.is_empty() {
            (false, false)
        } else if (rivals & from.file().bitboard()).is_empty() {
            // The file if it tells the rivals apart, else the rank, else both.
            (true, false)
        } else if (rivals & from.rank().bitboard()).is_empty() {
            (false, true)
        } else {
            (true, true)
        };
        maker.normal(role, from, (file, rank), capture, to, mv.promotion_role())
    }

    /// Reads a move in standard algebraic notation and returns it if it is
    /// legal here. Accepts what real PGN files contain: `+`, `#`, `!`, `?`
    /// annotations or none, `0-0` with zeros, promotions with or without
    /// `=` (`e8=Q`, `e8Q`, `e8q`, `e8/Q`, `e8(Q)`), over-disambiguated moves
    /// (`Ng1f3`), captures with or without `x` (so pawn captures like
    /// `ed5`), en passant marked or not (`exf6`, `exf6e.p.`, `exf6 e.p.`),
    /// spaces around the move, any run of check and mate signs, and the
    /// long forms some files use instead:
    ///
    /// - long algebraic notation, with a hyphen or `x` between the squares
    ///   (`e2-e4`, `Ng1-f3`, `Nb1xc3`, `e7-e8=Q`, `e5xd6` en passant);
    /// - UCI moves (`g1f3`, `e7e8q`), where castling is the king's
    ///   two-square step in standard chess (`e1g1`) or the king taking its
    ///   own rook (`e1h1`, the Chess960 form, read in both modes): every
    ///   text [`Position::parse_uci`] reads, as the same move.
    ///
    /// SAN is read first; a text that names an origin square without a
    /// piece letter (`g1f3`, `g1-f3`, `e1g1`) is read as the move of
    /// whatever piece of the side to move stands there, as UCI means it.
    ///
    /// # Errors
    ///
    /// [`MoveError::Syntax`] for text that is no move in any of these
    /// notations, [`MoveError::Ambiguous`] (with every legal move that
    /// fits) and [`MoveError::Illegal`] (with the reason) for moves that do
    /// not denote exactly one legal move. The error echoes the text, cut
    /// to its first 32 characters if it is longer.
    ///
    /// ```
    /// use chess_movegen::{MoveError, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// assert_eq!(pos.parse_san("O-O")?.to_string(), "e1g1");
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")?;
    /// assert_eq!(pos.parse_san("Rad1")?.to_string(), "a1d1");
    /// assert!(matches!(pos.parse_san("Rd1"), Err(MoveError::Ambiguous { .. })));
    /// let pos = Position::startpos();
    /// assert_eq!(pos.san(pos.parse_san("g1f3")?), "Nf3");
    /// assert_eq!(pos.san(pos.parse_san("Ng1-f3")?), "Nf3");
    /// assert_eq!(pos.san(pos.parse_san("e2-e4")?), "e4");
    /// let ep = Position::from_fen("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2")?;
    /// for text in ["exf6", "exf6e.p.", "exf6 e.p.", " exf6 ", "exf6!?"] {
    ///     assert_eq!(ep.parse_san(text)?.to_string(), "e5f6");
    /// }
    /// assert_eq!(pos.parse_san("g1f3x").unwrap_err().to_string(),
    ///     "\"g1f3x\" is not a move in SAN, long algebraic or UCI: the destination is not a square");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        self.read_san(text.as_bytes())
    }

    /// [`Position::parse_san`] on bytes: the one path from a move text to
    /// a move or its error.
    pub(crate) fn read_san(&self, text: &[u8]) -> Result<Move, MoveError> {
        let san = parse(text).map_err(|reason| san_syntax(text, reason))?;
        self.find_san(san).ok_or_else(|| self.san_error(san, text))
    }

    /// The one legal move `san` names, or `None` when it names none or
    /// more than one (then [`Position::san_error`] says which).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn find_san(&self, san: San) -> Option<Move> {
        let m = match san {
            San::Normal(m) => m,
            San::Castle(side) => {
                let mv = self.castle_for(side)?;
                return self.is_legal(mv).then_some(mv);
            }
            San::Null => return None,
        };
        self.find_normal(m)
    }

    /// [`Position::find_san`] for a normal move (what
    /// [`parse_common`] reads).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn find_normal(&self, m: SanMove) -> Option<Move> {
        if let Some(mv) = self.long_move(m) {
            return self.is_legal(mv).then_some(mv);
        }
        let origins = self.san_origins(m) & reach(m.role, m.to);
        if origins.is_empty() {
            return None;
        }
        let mv = self.single_legal_move_to(origins, m.to, m.role == Role::Pawn)?;
        let promotes = m.role == Role::Pawn && Bitboard::BACK_RANKS.contains(m.to);
        match (promotes, m.promotion) {
            (false, None) => Some(mv),
            (true, Some(role)) => Some(Move::promotion(mv.from(), m.to, role)),
            _ => None,
        }
    }

    /// Castling on `side`, if the side to move still has that right.
    fn castle_for(&self, side: CastlingSide) -> Option<Move> {
        let us = self.side_to_move();
        Some(Move::castle(self.king(us), self.castling_rook(us, side)?))
    }

    /// A text with a whole origin square and no piece letter, where no
    /// pawn of the side to move stands: long algebraic or UCI for another
    /// piece (`g1f3`, `e1g1`), as UCI means it.
    #[cfg_attr(hot_inline, inline(always))]
    fn long_move(&self, m: SanMove) -> Option<Move> {
        let (Role::Pawn, Some(file), Some(rank)) = (m.role, m.file, m.rank) else {
            return None;
        };
        let from = Square::new(file, rank);
        let pawn = Piece::new(self.side_to_move(), Role::Pawn);
        (self.piece_at(from) != Some(pawn)).then(|| self.move_from_squares(from, m.to, m.promotion))
    }

    /// The pieces the text may mean: of its role, on the file and rank it
    /// gives; a pawn move without an origin file is a push.
    #[cfg_attr(hot_inline, inline(always))]
    fn san_origins(&self, m: SanMove) -> Bitboard {
        let mut origins = self.pieces(self.side_to_move(), m.role);
        if let Some(file) = m.file {
            origins &= file.bitboard();
        }
        if let Some(rank) = m.rank {
            origins &= rank.bitboard();
        }
        if m.role == Role::Pawn && m.file.is_none() {
            origins &= m.to.file().bitboard();
        }
        origins
    }

    /// Why `san` (read from `text`) names no single legal move: the
    /// legal moves that fit it if there are several, else the most telling
    /// reason why none does.
    #[cold]
    #[inline(never)]
    pub(crate) fn san_error(&self, san: San, text: &[u8]) -> MoveError {
        let illegal = |reason| MoveError::Illegal { text: echo(text), reason };
        let mv = match san {
            San::Null => return illegal(IllegalReason::NullMove),
            San::Castle(side) => match self.castle_for(side) {
                Some(mv) => mv,
                None => return illegal(IllegalReason::CastlingRightLost),
            },
            San::Normal(m) => match self.long_move(m) {
                Some(mv) => mv,
                None => return self.normal_san_error(m, text),
            },
        };
        illegal(self.illegal_reason(mv).unwrap_or(IllegalReason::CannotMoveThatWay))
    }

    /// [`Position::san_error`] for a normal SAN move.
    fn normal_san_error(&self, m: SanMove, text: &[u8]) -> MoveError {
        let illegal = |reason| MoveError::Illegal { text: echo(text), reason };
        let from_mask = self.san_origins(m);
        let candidates: Vec<Move> =
            self.legal_moves_masked(from_mask, m.to.bitboard()).into_iter().filter(|mv| !mv.is_castle()).collect();
        let matching: Vec<Move> = candidates.iter().copied().filter(|mv| mv.promotion_role() == m.promotion).collect();
        if matching.len() > 1 {
            return MoveError::Ambiguous { text: echo(text), candidates: matching };
        }
        if !candidates.is_empty() {
            return illegal(if m.promotion.is_some() {
                IllegalReason::NeedlessPromotion
            } else {
                IllegalReason::MissingPromotion
            });
        }
        // No legal move fits: explain with the most telling reason among
        // the pieces that match the text; if none of them moves that way
        // (or there is none), say that no such piece reaches the square.
        let reason = from_mask
            .into_iter()
            .map(|from| {
                let mv = match m.promotion {
                    Some(role) => Move::promotion(from, m.to, role),
                    None if m.role == Role::Pawn && Some(m.to) == self.ep_square() && from.file() != m.to.file() => {
                        Move::en_passant(from, m.to)
                    }
                    None => Move::new(from, m.to),
                };
                self.illegal_reason(mv).unwrap_or(IllegalReason::CannotMoveThatWay)
            })
            .min_by_key(|reason| match reason {
                IllegalReason::CannotMoveThatWay => 2,
                IllegalReason::CaptureOwnPiece => 1,
                _ => 0,
            });
        illegal(match reason {
            None | Some(IllegalReason::CannotMoveThatWay) => {
                IllegalReason::NoPieceCanReach { role: m.role, file: m.file, rank: m.rank, to: m.to }
            }
            Some(reason) => reason,
        })
    }
}

/// The error for a text that is no move in SAN (or the long forms read
/// with it).
#[cold]
pub(crate) fn san_syntax(text: &[u8], reason: SyntaxReason) -> MoveError {
    MoveError::Syntax { notation: Notation::San, text: echo(text), reason }
}

/// The check mark of the move that led to `after`.
fn check_mark_of(after: &Position) -> CheckMark {
    if !after.is_check() {
        CheckMark::None
    } else if after.has_legal_moves() {
        CheckMark::Check
    } else {
        CheckMark::Mate
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    fn normal(role: Role, file: Option<File>, rank: Option<Rank>, to: Square, promotion: Option<Role>) -> San {
        San::Normal(SanMove { role, file, rank, to, promotion })
    }

    #[test]
    fn parses_real_world_spellings() {
        assert_eq!(parse(b"0-0"), Ok(San::Castle(CastlingSide::KingSide)));
        assert_eq!(parse(b"O-O-O+"), Ok(San::Castle(CastlingSide::QueenSide)));
        for null in ["Z0", "--", "0000", "@@@@"] {
            assert_eq!(parse(null.as_bytes()), Ok(San::Null), "{null}");
        }
        let exd6 = normal(Role::Pawn, Some(File::E), None, Square::D6, None);
        for text in ["exd6", "exd6e.p.", "exd6 e.p.", "ed6", "e:d6", "exd6+", " exd6!? ", "exd6+e.p.", "exd6+ e.p.+"] {
            assert_eq!(parse(text.as_bytes()), Ok(exd6), "{text}");
        }
        let promo = normal(Role::Pawn, None, None, Square::E8, Some(Role::Queen));
        for text in ["e8=Q#", "e8Q", "e8q", "e8/Q", "e8(Q)"] {
            assert_eq!(parse(text.as_bytes()), Ok(promo), "{text}");
        }
        let nf3 = |file, rank| normal(Role::Knight, file, rank, Square::F3, None);
        assert_eq!(parse(b"Nf3"), Ok(nf3(None, None)));
        assert_eq!(parse(b"Nxf3"), Ok(nf3(None, None)));
        assert_eq!(parse(b"Ngf3"), Ok(nf3(Some(File::G), None)));
        assert_eq!(parse(b"N1f3"), Ok(nf3(None, Some(Rank::First))));
        assert_eq!(parse(b"Ng1-f3"), Ok(nf3(Some(File::G), Some(Rank::First))));
        let g1f3 = normal(Role::Pawn, Some(File::G), Some(Rank::First), Square::F3, None);
        assert_eq!(parse(b"g1f3"), Ok(g1f3));
        assert_eq!(parse(b"g1-f3"), Ok(g1f3));
        for (text, reason) in [
            ("", SyntaxReason::Empty),
            ("+!", SyntaxReason::Empty),
            ("Xe4", SyntaxReason::BadShape),
            ("nf3", SyntaxReason::LowerCasePiece),
            ("N", SyntaxReason::MissingDestination),
            ("Nf9", SyntaxReason::BadDestination),
            ("e8=K", SyntaxReason::PromotionToKingOrPawn),
            ("e8=X", SyntaxReason::BadPromotionPiece),
            ("e8(K)", SyntaxReason::BadPromotionPiece),
            ("e8=", SyntaxReason::MissingPromotionPiece),
            ("Ke8=Q", SyntaxReason::OnlyPawnsPromote),
            ("xd5", SyntaxReason::PawnCaptureWithoutFile),
            (":d5+", SyntaxReason::PawnCaptureWithoutFile),
            ("xd8=Q", SyntaxReason::PawnCaptureWithoutFile),
            ("N\u{e9}3", SyntaxReason::NonAscii),
        ] {
            assert_eq!(parse(text.as_bytes()), Err(reason), "{text:?}");
        }
    }

    /// The legal moves a normal SAN names, from the full move list: the
    /// oracle [`Position::read_san`] is checked against.
    fn fitting(pos: &Position, m: SanMove) -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|mv| {
                !mv.is_castle()
                    && pos.role_at(mv.from()) == Some(m.role)
                    && mv.to() == m.to
                    && m.file.is_none_or(|f| mv.from().file() == f)
                    && m.rank.is_none_or(|r| mv.from().rank() == r)
                    && (m.role != Role::Pawn || m.file.is_some() || mv.from().file() == m.to.file())
                    && mv.promotion_role() == m.promotion
            })
            .collect()
    }

    /// Positions with the edge cases of SAN: promotions, en passant,
    /// castling, three knights or queens on one square, mates.
    const STARTS: [&str; 7] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        crate::test_positions::KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "1k6/8/8/2N1N3/8/2N1N3/8/4K3 w - - 0 1",
        "7k/8/8/8/8/8/Q1Q5/K1Q5 w - - 0 1",
    ];

    /// Calls `f` with each position of `games` random games of at most
    /// `plies` plies from [`STARTS`] that has legal moves, its legal
    /// moves and the games' random numbers.
    fn random_games(seed: u64, games: usize, plies: usize, mut f: impl FnMut(&Position, &[Move], &mut Rng)) {
        let mut rng = Rng(seed);
        for game in 0..games {
            let mut pos = Position::from_fen(STARTS[game % STARTS.len()]).unwrap();
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                f(&pos, &moves, &mut rng);
                pos = pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
    }

    /// Over random games (checks and mates among them): the SAN parts of
    /// a move given the position it leads to are those `san_parts` finds.
    #[test]
    fn san_parts_played_is_san_parts() {
        let mut marks = [0; 3];
        random_games(0x0f1e_2d3c_4b5a_6978, 30, 80, |pos, moves, _| {
            for &mv in moves {
                let parts = pos.san_parts(mv).unwrap();
                assert_eq!(pos.san_parts_played(mv, &pos.play(mv)), parts, "{} in {}", parts, pos.fen());
                marks[parts.mark() as usize] += 1;
            }
        });
        assert!(marks.iter().all(|&n| n > 0), "{marks:?}");
    }

    /// Over random games: every text of a piece letter (or none), an
    /// optional origin file or rank and a destination resolves to the one
    /// legal move that fits it, is ambiguous with exactly the moves that
    /// fit, or is illegal when none does; the SAN and LAN of every legal
    /// move read back as that move.
    #[test]
    fn read_san_finds_exactly_the_fitting_moves() {
        let (mut found, mut ambiguous) = (0, 0);
        random_games(0x1234_5678_9abc_def1, 30, 80, |pos, moves, rng| {
            for &mv in moves {
                assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv), "{} in {}", pos.san(mv), pos.fen());
                assert_eq!(pos.parse_san(&pos.lan(mv)), Ok(mv), "{} in {}", pos.lan(mv), pos.fen());
            }
            for role in Role::ALL {
                let letter = if role == Role::Pawn { String::new() } else { format!("{}", role.upper_char()) };
                for to in Square::ALL {
                    let hint = match rng.next() % 3 {
                        0 => String::new(),
                        1 => format!("{}", File::ALL[(rng.next() % 8) as usize].char()),
                        _ => format!("{}", Rank::ALL[(rng.next() % 8) as usize].char()),
                    };
                    let promotion = if role == Role::Pawn && Bitboard::BACK_RANKS.contains(to) { "=N" } else { "" };
                    let text = format!("{letter}{hint}{to}{promotion}");
                    let Ok(San::Normal(m)) = parse(text.as_bytes()) else { panic!("{text}") };
                    let fits = fitting(pos, m);
                    match (pos.read_san(text.as_bytes()), fits.len()) {
                        (Ok(mv), 1) => {
                            assert_eq!(mv, fits[0], "{text} in {}", pos.fen());
                            found += 1;
                        }
                        (Err(MoveError::Ambiguous { candidates, .. }), n) if n > 1 => {
                            assert_eq!(candidates, fits, "{text} in {}", pos.fen());
                            ambiguous += 1;
                        }
                        (Err(MoveError::Illegal { .. }), 0) => {}
                        (other, _) => panic!("{text} in {}: {other:?}, fitting {fits:?}", pos.fen()),
                    }
                }
            }
        });
        assert!(found > 10_000 && ambiguous > 100, "{found} found, {ambiguous} ambiguous");
    }

    /// Over random games: every legal move's [`SanParts`], in the order of
    /// the legal moves, writes what [`Position::san`] writes, and reads
    /// back from its number; equal numbers have equal texts and equal
    /// texts equal numbers, from whatever position.
    #[test]
    fn san_parts_write_the_san_and_number_it() {
        use alloc::collections::BTreeMap;
        let (mut text_of, mut bits_of) = (BTreeMap::new(), BTreeMap::new());
        let mut marks = [0; 3];
        random_games(0x0bad_cafe_1234_5678, 40, 100, |pos, moves, _| {
            let mut seen = 0;
            pos.for_each_legal_san_parts(|mv, san| {
                assert_eq!(mv, moves[seen]);
                seen += 1;
                let text = pos.san(mv);
                assert_eq!(san.to_string(), text, "{}", pos.fen());
                assert_eq!(pos.san_parts(mv), Some(san));
                assert_eq!(SanParts::from_bits(san.to_bits()), Some(san));
                assert!(san.to_bits() < 1 << 23);
                marks[san.mark() as usize] += 1;
                assert_eq!(text_of.entry(san.to_bits()).or_insert_with(|| text.clone()), &text);
                assert_eq!(bits_of.entry(text).or_insert(san.to_bits()), &san.to_bits());
            });
            assert_eq!(seen, moves.len());
        });
        assert!(text_of.len() > 1000 && marks.iter().all(|&n| n > 0), "{} texts, marks {marks:?}", text_of.len());
        // Each kind of disambiguation was met: file, rank, both.
        let parts: Vec<SanParts> = text_of.keys().filter_map(|&bits| SanParts::from_bits(bits)).collect();
        for (file, rank) in [(true, false), (false, true), (true, true)] {
            let shown =
                |s: &SanParts| s.role() != Role::Pawn && s.file().is_some() == file && s.rank().is_some() == rank;
            assert!(parts.iter().any(shown), "no SAN with file {file}, rank {rank}");
        }
    }

    #[test]
    fn san_parts_from_bits_refuses_numbers_never_given() {
        let castle = 6 << 20;
        assert_eq!(SanParts::from_bits(castle).map(|s| s.to_string()), Some(String::from("O-O")));
        assert_eq!(SanParts::from_bits(7 << 20 | 2 << 7).map(|s| s.to_string()), Some(String::from("O-O-O#")));
        for bits in [1 << 23, u32::MAX, 3 << 7, castle | 1, castle | CAPTURE, 1 << 12, 1 << 16, 5 << 9] {
            assert_eq!(SanParts::from_bits(bits), None, "{bits:#x}");
        }
    }
}
