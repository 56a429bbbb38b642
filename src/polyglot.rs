//! Polyglot opening books: the position key, move encoding and a reader.
//!
//! A Polyglot book (`.bin`) is a sequence of 16-byte entries sorted by key,
//! all fields big-endian:
//!
//! | bytes | field | meaning |
//! | --- | --- | --- |
//! | 0..8 | key | [`Position::polyglot_key`] of the position |
//! | 8..10 | move | see [`decode_move`] |
//! | 10..12 | weight | how often the move should be chosen, relative to the other entries of the position |
//! | 12..16 | learn | free for tools (often 0) |
//!
//! [`Book`] reads one from a byte slice without copying or allocating
//! (the module works under `no_std`): [`Book::moves`] gives the legal book
//! moves of a position, [`Book::choose`] picks one by weight with a random
//! number you supply.
//!
//! ```
//! use chess_movegen::polyglot::{encode_move, Book};
//! use chess_movegen::Position;
//!
//! // A one-position book: 1. e4 (weight 3) and 1. d4 (weight 1).
//! let pos = Position::startpos();
//! let mut bytes = Vec::new();
//! for (uci, weight) in [("e2e4", 3u16), ("d2d4", 1)] {
//!     let mv = pos.parse_uci(uci)?;
//!     bytes.extend_from_slice(&pos.polyglot_key().to_be_bytes());
//!     bytes.extend_from_slice(&encode_move(mv).to_be_bytes());
//!     bytes.extend_from_slice(&weight.to_be_bytes());
//!     bytes.extend_from_slice(&0u32.to_be_bytes());
//! }
//! let book = Book::new(&bytes)?;
//! let moves: Vec<String> = book.moves(&pos).map(|m| pos.uci(m.mv)).collect();
//! assert_eq!(moves, ["e2e4", "d2d4"]);
//! // A random number in the lower three quarters of the u64 range picks e4.
//! assert_eq!(book.choose(&pos, u64::MAX / 2).map(|m| pos.uci(m.mv)), Some("e2e4".to_string()));
//! assert_eq!(book.choose(&pos, u64::MAX).map(|m| pos.uci(m.mv)), Some("d2d4".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use crate::attacks;
use crate::moves::Move;
use crate::polyglot_keys::POLYGLOT_RANDOM;
use crate::position::Position;
use crate::types::{CastlingRights, Color, Role, Square};

/// Size of one book entry in bytes.
pub const ENTRY_SIZE: usize = 16;

const CASTLING_OFFSET: usize = 768;
const EP_OFFSET: usize = 772;
const TURN_OFFSET: usize = 780;

/// # Engine helpers: the Polyglot key
impl Position {
    /// The Polyglot key of the position: the hash opening books are
    /// indexed by, computed with the format's published table of 781
    /// random numbers.
    ///
    /// It covers the pieces, the side to move, the four castling rights
    /// (by side, so a Chess960 right counts as the king- or queen-side
    /// right it is) and the en-passant file, the latter only when a pawn of
    /// the side to move stands next to the pawn that just made a double
    /// step (whether that capture would be legal is not asked, as the
    /// format specifies). Computed from scratch, in about 32 table look-ups.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// assert_eq!(Position::startpos().polyglot_key(), 0x463b96181691fc9c);
    /// let pos = Position::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")?;
    /// assert_eq!(pos.polyglot_key(), 0x22a48b5a8e47ff78);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn polyglot_key(&self) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            let white = (color == Color::White) as usize;
            for role in Role::ALL {
                let base = 64 * (2 * role.index() + white);
                for sq in self.pieces(color, role) {
                    key ^= POLYGLOT_RANDOM[base + sq.index()];
                }
            }
        }
        let rights = self.castling_rights();
        let flags = [
            CastlingRights::WHITE_KING_SIDE,
            CastlingRights::WHITE_QUEEN_SIDE,
            CastlingRights::BLACK_KING_SIDE,
            CastlingRights::BLACK_QUEEN_SIDE,
        ];
        for (i, flag) in flags.into_iter().enumerate() {
            if rights.contains(flag) {
                key ^= POLYGLOT_RANDOM[CASTLING_OFFSET + i];
            }
        }
        let side = self.side_to_move();
        if let Some(ep) = self.ep_square() {
            if (attacks::pawn_attacks(!side, ep) & self.pieces(side, Role::Pawn)).any() {
                key ^= POLYGLOT_RANDOM[EP_OFFSET + ep.file().index()];
            }
        }
        if side == Color::White {
            key ^= POLYGLOT_RANDOM[TURN_OFFSET];
        }
        key
    }
}

const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// The bit layout of a Polyglot move (the book format's own, not
/// [`Move`]'s), written down once: the destination in bits 0-5, the
/// origin in bits 6-11, the promotion in bits 12-14; bit 15 must be clear.
mod bits {
    /// Bits per square field.
    pub const SQUARE_MASK: u16 = 63;
    /// Where the origin square starts.
    pub const FROM_SHIFT: u16 = 6;
    /// Where the promotion (0 none, 1 knight … 4 queen) starts.
    pub const PROMOTION_SHIFT: u16 = 12;
    /// Bits of the promotion field.
    pub const PROMOTION_MASK: u16 = 7;
    /// A bit no valid move has.
    pub const INVALID: u16 = 1 << 15;
}

/// Decodes a Polyglot move in `pos` into a legal [`Move`], or `None` if it
/// is not a legal move there.
///
/// The 16 bits are: destination square (bits 0–5, a1 = 0 … h8 = 63),
/// origin square (bits 6–11), promotion role (bits 12–14: 0 none, 1
/// knight, 2 bishop, 3 rook, 4 queen); bit 15 must be clear. Castling is
/// written as the king taking its own rook (`e1h1`, `e8a8`, and so in
/// Chess960 too); a king's two-square step onto the castling square
/// (`e1g1`), which some tools write, is accepted as castling as well when
/// it is not an ordinary king move.
///
/// ```
/// use chess_movegen::polyglot::decode_move;
/// use chess_movegen::Position;
/// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
/// let e1h1 = (4 << 6) | 7; // from e1 (4) to h1 (7)
/// assert_eq!(decode_move(&pos, e1h1).map(|m| pos.uci(m)), Some("e1g1".to_string()));
/// assert_eq!(decode_move(&pos, (4 << 6) | 36), None); // e1e5 is no move
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
pub fn decode_move(pos: &Position, raw: u16) -> Option<Move> {
    if raw & bits::INVALID != 0 {
        return None;
    }
    let to = Square::from_index((raw & bits::SQUARE_MASK) as u8)?;
    let from = Square::from_index((raw >> bits::FROM_SHIFT & bits::SQUARE_MASK) as u8)?;
    let promotion = usize::from(raw >> bits::PROMOTION_SHIFT & bits::PROMOTION_MASK);
    let us = pos.side_to_move();
    let piece = pos.piece_at(from)?;
    if piece.color != us || from == to {
        return None;
    }
    let mv = match (promotion, piece.role) {
        (0, Role::King) if pos.pieces(us, Role::Rook).contains(to) => Move::castle(from, to),
        (0, Role::Pawn) if Some(to) == pos.ep_square() && from.file() != to.file() => Move::en_passant(from, to),
        (0, _) => Move::new(from, to),
        (1..=4, Role::Pawn) => Move::promotion(from, to, PROMOTIONS[promotion - 1]),
        _ => return None,
    };
    if pos.is_legal(mv) {
        return Some(mv);
    }
    if promotion == 0 && piece.role == Role::King {
        // The two-square step some tools write for castling.
        return pos.legal_moves_from(from).into_iter().find(|m| m.is_castle() && m.destination() == to);
    }
    None
}

/// Encodes a move as a Polyglot move (see [`decode_move`]);
/// castling becomes the king taking its rook, `e1h1`, whatever the
/// position's castling mode.
pub fn encode_move(mv: Move) -> u16 {
    let promotion = match mv.promotion_role() {
        Some(role) => PROMOTIONS.iter().position(|&r| r == role).map_or(0, |i| i as u16 + 1),
        None => 0,
    };
    // `Move::to` is the rook's square for castling already.
    mv.to() as u16 | (mv.from() as u16) << bits::FROM_SHIFT | promotion << bits::PROMOTION_SHIFT
}

/// One raw book entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The [`Position::polyglot_key`] of the position.
    pub key: u64,
    /// The move as stored (see [`decode_move`]).
    pub raw_move: u16,
    /// The relative weight of the move among its position's entries.
    pub weight: u16,
    /// Tool-specific data (learning information in some books).
    pub learn: u32,
}

impl Entry {
    fn read(bytes: &[u8]) -> Entry {
        let mut key = [0; 8];
        key.copy_from_slice(&bytes[0..8]);
        Entry {
            key: u64::from_be_bytes(key),
            raw_move: u16::from_be_bytes([bytes[8], bytes[9]]),
            weight: u16::from_be_bytes([bytes[10], bytes[11]]),
            learn: u32::from_be_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]),
        }
    }
}

/// A book move of a position: the decoded legal move and its entry's
/// weight and learn fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BookMove {
    /// The move, legal in the position it was looked up for.
    pub mv: Move,
    /// The entry's weight.
    pub weight: u16,
    /// The entry's learn field.
    pub learn: u32,
}

/// What is wrong with a malformed book ([`Book::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BookError {
    /// The length is not a multiple of 16 bytes: the last entry, which
    /// starts at [`BookError::offset`], is cut off.
    Truncated {
        /// Length of the data in bytes.
        len: usize,
    },
    /// Entry `index` has a smaller key than the entry before it, so the
    /// book cannot be binary-searched (Polyglot books are sorted by key).
    Unsorted {
        /// Index of the first entry out of order (its byte offset is
        /// `16 * index`).
        index: usize,
    },
}

impl BookError {
    /// Byte offset of the problem in the data: the start of the cut-off
    /// entry, or of the first entry out of order.
    pub fn offset(&self) -> usize {
        match *self {
            BookError::Truncated { len } => len - len % ENTRY_SIZE,
            BookError::Unsorted { index } => index * ENTRY_SIZE,
        }
    }
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BookError::Truncated { len } => write!(
                f,
                "invalid Polyglot book: length {len} is not a multiple of 16 (entry at byte {} has {} of 16 bytes)",
                self.offset(),
                len % ENTRY_SIZE
            ),
            BookError::Unsorted { index } => write!(
                f,
                "invalid Polyglot book: entry {index} (byte {}) has a smaller key than entry {}",
                self.offset(),
                index - 1
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BookError {}

/// A Polyglot opening book read from a byte slice (see the [module
/// docs](self)). Look-ups binary-search the sorted keys.
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    data: &'a [u8],
}

impl<'a> Book<'a> {
    /// Checks `data` (whole entries, keys in ascending order; one pass)
    /// and wraps it.
    ///
    /// # Errors
    ///
    /// [`BookError::Truncated`] if the length is not a multiple of 16,
    /// [`BookError::Unsorted`] at the first key smaller than the one before.
    pub fn new(data: &'a [u8]) -> Result<Book<'a>, BookError> {
        let book = Book::new_unsorted(data)?;
        let mut previous = 0;
        for index in 0..book.len() {
            let key = book.key(index);
            if key < previous {
                return Err(BookError::Unsorted { index });
            }
            previous = key;
        }
        Ok(book)
    }

    /// Wraps `data` checking only that it holds whole entries, not their
    /// order: a book as python-chess reads one. Look-ups binary-search it
    /// as if it were sorted, so in an unsorted book they find what such a
    /// search finds (some entries of a key may be missed); iterating with
    /// [`Book::entries`] sees every entry.
    ///
    /// # Errors
    ///
    /// [`BookError::Truncated`] if the length is not a multiple of 16.
    pub fn new_unsorted(data: &'a [u8]) -> Result<Book<'a>, BookError> {
        if data.len() % ENTRY_SIZE != 0 {
            return Err(BookError::Truncated { len: data.len() });
        }
        Ok(Book { data })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.data.len() / ENTRY_SIZE
    }

    /// True if the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Entry number `index`, if there is one.
    pub fn entry(&self, index: usize) -> Option<Entry> {
        let start = index.checked_mul(ENTRY_SIZE)?;
        self.data.get(start..start + ENTRY_SIZE).map(Entry::read)
    }

    fn key(&self, index: usize) -> u64 {
        let mut key = [0; 8];
        key.copy_from_slice(&self.data[index * ENTRY_SIZE..index * ENTRY_SIZE + 8]);
        u64::from_be_bytes(key)
    }

    /// Every entry, in book order.
    pub fn entries(&self) -> Entries<'a> {
        Entries { data: self.data, key: None }
    }

    /// The entries whose key is `key`, in book order, found by binary
    /// search.
    pub fn entries_for_key(&self, key: u64) -> Entries<'a> {
        Entries { data: &self.data[self.lower_bound(key) * ENTRY_SIZE..], key: Some(key) }
    }

    /// The index of the first entry whose key is not below `key` (the
    /// number of entries if there is none), found by binary search: where
    /// the entries of `key` start, or where an entry of `key` would go.
    ///
    /// ```
    /// use chess_movegen::polyglot::Book;
    /// let mut data = Vec::new();
    /// for key in [3u64, 5, 5, 9] {
    ///     data.extend(key.to_be_bytes());
    ///     data.extend([0; 8]); // move, weight, learn
    /// }
    /// let book = Book::new(&data)?;
    /// assert_eq!([0, 3, 5, 6, 9, 10].map(|key| book.lower_bound(key)), [0, 0, 1, 3, 3, 4]);
    /// # Ok::<(), chess_movegen::polyglot::BookError>(())
    /// ```
    pub fn lower_bound(&self, key: u64) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The book moves of `pos`: the entries of its
    /// [`polyglot_key`](Position::polyglot_key) whose move is legal in
    /// `pos`, decoded by [`decode_move`], in book order (entries whose move
    /// is not legal, as after a key collision, are left out; entries of
    /// weight 0 are kept).
    pub fn moves(&self, pos: &Position) -> BookMoves<'a> {
        BookMoves { entries: self.entries_for_key(pos.polyglot_key()), pos: *pos }
    }

    /// Picks a book move of `pos` with probability proportional to its
    /// weight, using `random` (any `u64`, uniformly distributed for a fair
    /// choice: the entry whose share of the total weight covers
    /// `random / 2^64` is taken). `None` if the position has no book move
    /// of non-zero weight.
    pub fn choose(&self, pos: &Position, random: u64) -> Option<BookMove> {
        let total: u64 = self.moves(pos).map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        // Scale to 0..total by the high bits of `random`.
        let mut point = ((u128::from(random) * u128::from(total)) >> 64) as u64;
        for m in self.moves(pos) {
            let weight = u64::from(m.weight);
            if point < weight {
                return Some(m);
            }
            point -= weight;
        }
        None
    }
}

/// Iterator over raw book entries ([`Book::entries`], [`Book::entries_for_key`]).
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    data: &'a [u8],
    key: Option<u64>,
}

impl Iterator for Entries<'_> {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        let bytes = self.data.get(..ENTRY_SIZE)?;
        let entry = Entry::read(bytes);
        if self.key.is_some_and(|key| key != entry.key) {
            self.data = &[];
            return None;
        }
        self.data = &self.data[ENTRY_SIZE..];
        Some(entry)
    }
}

/// Iterator over the legal book moves of a position ([`Book::moves`]).
#[derive(Clone, Debug)]
pub struct BookMoves<'a> {
    entries: Entries<'a>,
    pos: Position,
}

impl Iterator for BookMoves<'_> {
    type Item = BookMove;

    fn next(&mut self) -> Option<BookMove> {
        for entry in self.entries.by_ref() {
            if let Some(mv) = decode_move(&self.pos, entry.raw_move) {
                return Some(BookMove { mv, weight: entry.weight, learn: entry.learn });
            }
        }
        None
    }
}
