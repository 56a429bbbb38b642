//! Moves and move lists.

use core::fmt;

use arrayvec::ArrayVec;

use crate::types::castling::is_standard_castling;
use crate::types::{CastlingSide, Role, Square};

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum MoveKind {
    /// A move or capture that is none of the others (double pawn pushes included).
    Normal = 0,
    /// A pawn reaching the last rank and becoming [`Move::promotion`].
    Promotion = 1,
    /// A pawn capturing a pawn that has just made a double step, landing
    /// behind it.
    EnPassant = 2,
    /// Castling, encoded as the king moving onto its own rook's square, so
    /// that Chess960 castlings are unambiguous too.
    Castle = 3,
}

/// A move in 16 bits: from square (6), to square (6), promotion role (2)
/// and [`MoveKind`] (2).
///
/// A move only makes sense together with the position it is played in.
/// Castling is encoded as "king takes own rook" ([`Move::to`] is the rook's
/// square); [`Move::destination`] gives the king's destination and `Display`
/// prints standard UCI (`e1g1`), or king-takes-rook for a castling that is
/// not the standard one (see [`Position::uci`](crate::Position::uci) for
/// the text in a position's own notation).
///
/// ```
/// use chess_movegen::{Move, Role, Square};
/// let m = Move::promotion(Square::E7, Square::E8, Role::Queen);
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!(core::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(transparent)]
pub struct Move(u16);

const PROMOTION_ROLES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The bit layout of a [`Move`], written down once: bits 0-5 the from
/// square, 6-11 the to square, 12-13 the promotion role (an index into
/// `PROMOTION_ROLES`), 14-15 the [`MoveKind`]. Code that works on raw bits
/// (the hot paths in `position/make.rs`) goes through the `Move` methods
/// built on these, never through literal masks.
mod layout {
    /// Bits per square field.
    pub const SQUARE_MASK: u16 = 63;
    /// Where the to square starts.
    pub const TO_SHIFT: u32 = 6;
    /// Where the promotion role starts (two bits).
    pub const PROMOTION_SHIFT: u32 = 12;
    /// Where the kind starts (two bits).
    pub const KIND_SHIFT: u32 = 14;
    /// Bit 15 of the kind field: set for en passant and castling (kinds 2
    /// and 3), the two moves that do not move one piece from `from` to `to`.
    pub const SPECIAL_BIT: u16 = 1 << 15;
}

impl Move {
    /// The null move (`0000` in UCI): passes the turn. Only
    /// [`Position::make_null_move`](crate::Position::make_null_move) accepts it.
    pub const NULL: Move = Move(0);

    #[inline(always)]
    const fn pack(from: Square, to: Square, promo: u16, kind: MoveKind) -> Move {
        Move(
            from as u16
                | (to as u16) << layout::TO_SHIFT
                | promo << layout::PROMOTION_SHIFT
                | (kind as u16) << layout::KIND_SHIFT,
        )
    }

    /// A normal move or capture (also a pawn's double step).
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0, MoveKind::Normal)
    }

    /// The normal move that lands on `to` by a step of `step` squares
    /// (from `to − step`, which must be on the board): `from | to << 6`
    /// is `(to << 6) + to − step`, two instructions where packing the
    /// fields takes four.
    #[inline(always)]
    pub(crate) const fn by_step(to: Square, step: i8) -> Move {
        debug_assert!((to as i16 - step as i16) >= 0 && (to as i16 - step as i16) < 64);
        Move(((to as u16) << layout::TO_SHIFT | to as u16).wrapping_sub(step as i16 as u16))
    }

    /// A promotion (with or without capture) to `role`, which must be a
    /// knight, bishop, rook or queen; any other role makes a queen promotion.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role) -> Move {
        let promo = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            _ => 3,
        };
        Move::pack(from, to, promo, MoveKind::Promotion)
    }

    /// An en-passant capture: `to` is the empty square the pawn lands on.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, 0, MoveKind::EnPassant)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline(always)]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::pack(king, rook, 0, MoveKind::Castle)
    }

    /// The square the moving piece leaves (the king's, for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_wrapping(self.origin_index() as u8)
    }

    /// The target square; for castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_wrapping(self.target_index() as u8)
    }

    /// For en passant: the square of the captured pawn, beside
    /// [`Move::from`] on [`Move::to`]'s file.
    #[inline(always)]
    pub(crate) const fn en_passant_victim(self) -> Square {
        Square::new(self.to().file(), self.from().rank())
    }

    /// The index (0-63) of [`Move::from`], read straight from the bits.
    #[inline(always)]
    pub(crate) const fn origin_index(self) -> usize {
        (self.0 & layout::SQUARE_MASK) as usize
    }

    /// The index (0-63) of [`Move::to`], read straight from the bits.
    #[inline(always)]
    pub(crate) const fn target_index(self) -> usize {
        ((self.0 >> layout::TO_SHIFT) & layout::SQUARE_MASK) as usize
    }

    /// True for en passant and castling: one bit test, where the hot path
    /// separates them from the moves of one piece (normal and promotion).
    #[inline(always)]
    pub(crate) const fn is_special(self) -> bool {
        self.0 & layout::SPECIAL_BIT != 0
    }

    /// The low bit of the kind: set for promotions and for castling, so
    /// that among the special moves ([`Move::is_special`]) it tells
    /// castling from en passant with one bit test.
    #[inline(always)]
    pub(crate) const fn kind_low_bit(self) -> bool {
        self.0 & 1 << layout::KIND_SHIFT != 0
    }

    /// The role the promotion-role bits name, whatever the kind (the role
    /// placed, on a promotion).
    #[inline(always)]
    pub(crate) const fn promotion_bits_role(self) -> Role {
        PROMOTION_ROLES[self.promotion_field() as usize]
    }

    /// The two promotion-role bits, whatever the kind (nonzero on a move
    /// that is not a promotion only if it was built from foreign bits).
    #[inline(always)]
    pub(crate) const fn promotion_field(self) -> u16 {
        (self.0 >> layout::PROMOTION_SHIFT) & 3
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> layout::KIND_SHIFT {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castle,
        }
    }

    /// The role a pawn promotes to, for promotions.
    #[inline(always)]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion => Some(self.promotion_bits_role()),
            _ => None,
        }
    }

    /// True for promotions.
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        matches!(self.kind(), MoveKind::Promotion)
    }

    /// True for en-passant captures.
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind(), MoveKind::EnPassant)
    }

    /// True for castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::Castle)
    }

    /// True for [`Move::NULL`].
    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// For castling, which side; `None` for other moves.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        if self.is_castle() {
            Some(CastlingSide::of_rook(self.from(), self.to()))
        } else {
            None
        }
    }

    /// Where the moving piece ends: [`Move::to`], except for castling, where
    /// it is the king's destination (g- or c-file).
    #[inline]
    pub const fn destination(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::new(side.king_to_file(), self.from().rank()),
            None => self.to(),
        }
    }

    /// The raw 16 bits, for storage: the transposition-table format of a
    /// move. Bits 0–5 from square, 6–11 to square (the rook's for
    /// castling), 12–13 promotion role (knight, bishop, rook, queen),
    /// 14–15 [`MoveKind`]; 0 is [`Move::NULL`], which no position accepts
    /// as a move, so it can mark an empty entry.
    ///
    /// A table entry may hold bits from another position (a key
    /// collision): validate them with [`Position::is_legal`](crate::Position::is_legal)
    /// (or [`Position::is_pseudo_legal`](crate::Position::is_pseudo_legal)) before playing
    /// them. Both accept every `u16` and are true exactly for the moves of
    /// the legal (pseudo-legal) move list.
    ///
    /// ```
    /// use chess_movegen::{Move, Position};
    /// let pos = Position::startpos();
    /// let stored: u16 = pos.parse_uci("g1f3")?.to_bits();
    /// let mv = Move::from_bits(stored);
    /// assert!(pos.is_legal(mv));
    /// assert!(!pos.is_legal(Move::from_bits(0xffff)));
    /// # Ok::<(), chess_movegen::MoveError>(())
    /// ```
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// A move from raw bits made by [`Move::to_bits`]. Every `u16` decodes to
    /// some move; whether it is legal is up to the position.
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Display for Move {
    /// Standard UCI: `e2e4`, `e7e8q`, standard castling (king on the
    /// e-file, rook on the a- or h-file) as the king's two-square step
    /// (`e1g1`), any other castling as king-takes-rook (`b1a1`, as
    /// Chess960 UCI writes it: `b1c1` would be a king move, and a king
    /// already on its destination would give `g1g1`), `0000` for the null
    /// move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uci_text(false).as_str())
    }
}

/// A move's UCI text, at most five ASCII bytes, made without the
/// formatting machinery (UCI is written for every move an engine or a
/// GUI reports).
pub(crate) struct UciText {
    bytes: [u8; 5],
    len: usize,
}

impl UciText {
    /// The text.
    pub(crate) fn as_str(&self) -> &str {
        // Only ASCII letters and digits are written.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl Move {
    /// The move's UCI text as [`Move`]'s `Display` writes it, or with
    /// every castling move as king-takes-rook (`king_takes_rook`, UCI's
    /// Chess960 form).
    pub(crate) fn uci_text(self, king_takes_rook: bool) -> UciText {
        if self.is_null() {
            return UciText { bytes: *b"0000\0", len: 4 };
        }
        let square = |sq: Square| [b'a' + sq.file() as u8, b'1' + sq.rank() as u8];
        let castle_to_rook = self.is_castle() && (king_takes_rook || !is_standard_castling(self.from(), self.to()));
        let [a, b] = square(self.from());
        let [c, d] = square(if castle_to_rook { self.to() } else { self.destination() });
        match self.promotion_role() {
            Some(role) if !castle_to_rook => UciText { bytes: [a, b, c, d, role.char() as u8], len: 5 },
            _ => UciText { bytes: [a, b, c, d, 0], len: 4 },
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            MoveKind::Normal | MoveKind::Promotion => write!(f, "Move({self})"),
            MoveKind::EnPassant => write!(f, "Move({self} e.p.)"),
            MoveKind::Castle => write!(f, "Move({self} castle {}{})", self.from(), self.to()),
        }
    }
}

/// A list of moves on the stack; 256 is more than the largest number of
/// legal moves in any chess position (218). 516 bytes (two per move and
/// the length).
///
/// It is an [`ArrayVec`](arrayvec::ArrayVec), so it has the methods of a
/// `Vec` without the heap: [`len`](arrayvec::ArrayVec::len),
/// [`is_empty`](arrayvec::ArrayVec::is_empty),
/// [`push`](arrayvec::ArrayVec::push), [`pop`](arrayvec::ArrayVec::pop),
/// [`clear`](arrayvec::ArrayVec::clear),
/// [`retain`](arrayvec::ArrayVec::retain),
/// [`truncate`](arrayvec::ArrayVec::truncate), and through `Deref` those
/// of a slice of moves: [`iter`](slice::iter), [`contains`](slice::contains),
/// indexing, [`sort_unstable_by_key`](slice::sort_unstable_by_key) and so
/// on. It iterates by value (`for mv in list`) or by reference (`for &mv in
/// &list`). Filled by [`Position::legal_moves`](crate::Position::legal_moves),
/// [`Position::legal_moves_into`](crate::Position::legal_moves_into) (reusing
/// one list) and the other generators.
///
/// ```
/// use chess_movegen::{Move, MoveList, Position, Square};
/// let moves: MoveList = Position::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.contains(&Move::new(Square::E2, Square::E4)));
/// assert_eq!(core::mem::size_of::<MoveList>(), 516);
/// ```
pub type MoveList = ArrayVec<Move, 256>;
