//! The position: pieces, side to move, castling rights, en passant and clocks.

use crate::types::{Bitboard, Color, Piece, Role, Square};

pub use check::CheckInfo;
pub use cuckoo::KeyHistory;
pub use effects::MoveEffects;
pub use error::{IllegalReason, MoveError, Notation, SyntaxReason};
pub use fen::{FenError, FenErrorKind, FenField, FenOptions, FenWriter};
pub use kinds::{GenKind, Legality, MoveBuffer, MoveVisitor};
pub use make::Undo;
pub use scored::ScoredMoveList;
pub use see::SEE_VALUES;
pub use setup::{Pieces, Setup};
pub use threats::Threats;
pub use validate::{PositionError, Repairs};

/// How castling moves are written and how castling rights are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingMode {
    /// Standard chess: the king starts on the e-file and the rooks on the
    /// a- and h-files; UCI writes castling as the king's two-square step
    /// (`e1g1`).
    #[default]
    Standard,
    /// Chess960 (Fischer random): king and rooks may start on any back-rank
    /// files with the king between the rooks; UCI writes castling as the
    /// king taking its own rook (`e1h1`).
    Chess960,
}

impl core::fmt::Display for CastlingMode {
    /// `standard` or `chess960`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            CastlingMode::Standard => "standard",
            CastlingMode::Chess960 => "chess960",
        })
    }
}

impl core::str::FromStr for CastlingMode {
    type Err = crate::types::ParseValueError;

    /// Reads `standard` or `chess960`, as `Display` writes them.
    ///
    /// ```
    /// use chess_movegen::CastlingMode;
    /// assert_eq!("chess960".parse(), Ok(CastlingMode::Chess960));
    /// assert_eq!(CastlingMode::Standard.to_string(), "standard");
    /// ```
    fn from_str(s: &str) -> Result<CastlingMode, Self::Err> {
        match s {
            "standard" => Ok(CastlingMode::Standard),
            "chess960" => Ok(CastlingMode::Chess960),
            _ => Err(crate::types::ParseValueError::new("castling mode", "standard or chess960")),
        }
    }
}

/// Why [`Position::set_castling_mode`] cannot switch a position to
/// standard chess: it holds a castling right that standard chess does not
/// have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingModeError {
    /// The side holding the right.
    pub color: Color,
    /// Its king's square.
    pub king: Square,
    /// The square of the rook the right belongs to.
    pub rook: Square,
}

impl core::fmt::Display for CastlingModeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "cannot switch to standard castling: {}'s castling with the king on {} and the rook on {} \
             is not standard (king on the e-file, rook on the a- or h-file)",
            self.color, self.king, self.rook
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CastlingModeError {}

/// A chess position: what is on each square, whose turn it is, castling
/// rights, the en-passant square and the move clocks.
///
/// What is guaranteed: a `Position` built by the checked constructors
/// ([`Position::from_fen`] and the other FEN readers, [`Position::from_setup`],
/// [`Position::startpos`], [`Position::chess960`], the transforms) follows
/// every rule of [`PositionError`]: exactly one king per side, no pawns on
/// the back ranks, the side not to move not in check, no impossible
/// material or checks, consistent castling and en-passant state, possible
/// clocks. (With [`FenOptions::impossible_check`], a check no last move
/// can have given is let through; nothing else is.) Changed only by legal
/// moves ([`Position::try_play`], [`Position::try_make_move`], or
/// [`Position::make_move`] / [`Position::play`] with a move of
/// [`Position::legal_moves`]), it stays so. `make_move` and `play` are the
/// fast path and do not check their move in release builds: an illegal
/// move there leaves a position whose state may be wrong (never undefined
/// behaviour); debug builds assert legality and panic instead.
/// It is `Copy` (160 bytes), so copy-make ([`Position::play`]) and
/// make/unmake ([`Position::make_move`]) are both cheap.
///
/// The methods below come in this order: construction ([`startpos`],
/// [`from_fen`], [`from_setup`] and [`Setup`], [`chess960`]), queries
/// (pieces, side, castling, clocks, [`iter`]), transforms ([`mirror`]),
/// move generation ([`legal_moves`] and its filters), playing moves
/// ([`make_move`], [`play`]), the rules ([`is_check`], [`outcome`]) and
/// notation ([`uci`], [`san`]; [`fen`] is with construction).
///
/// `==` compares the whole state, clocks included.
/// [`Position::zobrist_hash`] is a Zobrist key of the game state (pieces,
/// side to move, castling rights, and the en-passant file only when a pawn
/// of the side to move can capture there); the `Hash` impl feeds that key.
///
/// ```
/// use chess_movegen::{Color, Position, Role, Square};
/// let pos = Position::startpos();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.piece_at(Square::E1).map(|p| p.role), Some(Role::King));
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert_eq!(core::mem::size_of::<Position>(), 160);
/// ```
///
/// [`startpos`]: Position::startpos
/// [`from_fen`]: Position::from_fen
/// [`from_setup`]: Position::from_setup
/// [`chess960`]: Position::chess960
/// [`iter`]: Position::iter
/// [`mirror`]: Position::mirror
/// [`legal_moves`]: Position::legal_moves
/// [`make_move`]: Position::make_move
/// [`play`]: Position::play
/// [`uci`]: Position::uci
/// [`san`]: Position::san
/// [`fen`]: Position::fen
/// [`is_check`]: Position::is_check
/// [`outcome`]: Position::outcome
#[derive(Clone, Copy)]
// Where copies move 64 bytes at a time (AVX-512), a position on a 32-byte
// boundary is copied and read back much faster (bulk perft and copy-make,
// in the commit that added this); elsewhere the stack realignment it needs
// costs more than it gives.
#[cfg_attr(target_feature = "avx512f", repr(align(32)))]
pub struct Position {
    bb: Boards,
    board: [Option<Role>; 64],
    /// Squares of the rooks that still have a castling right.
    castling: Bitboard,
    hash: u64,
    ep_square: Option<Square>,
    side: Color,
    mode: CastlingMode,
    halfmove: u32,
    /// The plies played since move 1 with White to move, `2 × (fullmove
    /// number − 1) + side` ([`ply_of`]), so that a move adds one whatever
    /// the side (the fullmove number is read from it).
    ply: u64,
}

/// The bitboards of a position (and of a [`Setup`]), one field so that
/// bulk perft's leaf step copies them as one block of 64 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Boards {
    /// The pieces of each role, both colours.
    by_role: [Bitboard; 6],
    /// The pieces of each colour.
    by_color: [Bitboard; 2],
}

impl Boards {
    /// No pieces.
    const EMPTY: Boards = Boards { by_role: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2] };
}

/// Equal positions have the same FEN: the same pieces, side to move,
/// castling rights, en-passant square, clocks and castling mode. The
/// fullmove number is compared, not the ply count behind it, which goes
/// on counting where the number stays at its largest value.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.bb == other.bb
            && self.board == other.board
            && self.castling == other.castling
            && self.hash == other.hash
            && self.ep_square == other.ep_square
            && self.side == other.side
            && self.mode == other.mode
            && self.halfmove == other.halfmove
            && self.fullmove_number() == other.fullmove_number()
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl Default for Position {
    /// The standard start position.
    fn default() -> Position {
        Position::startpos()
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// [`Position`]'s ply count for the fullmove number `fullmove` with `side`
/// to move: `2 × (fullmove − 1) + side`. Wrapping, so that the invalid
/// number 0 (which validation rejects or repairs) reads back as 0.
#[inline]
pub(crate) const fn ply_of(fullmove: u32, side: Color) -> u64 {
    (2 * fullmove as u64 + side as u64).wrapping_sub(2)
}

impl Position {
    /// An empty board, White to move, used while building positions.
    pub(crate) const fn empty() -> Position {
        Position {
            bb: Boards::EMPTY,
            board: [None; 64],
            castling: Bitboard::EMPTY,
            hash: 0,
            ep_square: None,
            side: Color::White,
            mode: CastlingMode::Standard,
            halfmove: 0,
            ply: 0,
        }
    }

    /// The mailbox: the role on each square (for `PackedPosition::pack`,
    /// which reads it whole).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn mailbox(&self) -> &[Option<Role>; 64] {
        &self.board
    }

    /// Puts `piece` on an empty square (no hash update).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = sq.bitboard();
        self.bb.by_role[piece.role.index()] |= bb;
        self.bb.by_color[piece.color.index()] |= bb;
        self.board[sq.index()] = Some(piece.role);
    }
}

// The modules are declared in the order their methods appear on the
// documentation page of `Position` (rustdoc lists impl blocks in module
// order, each under the heading its doc comment gives): construction,
// queries, generation, playing moves, the rules, then the engine helpers.
// Notation (`crate::notation`, a layer above) follows them on the page.
// The impl blocks of this file come last, so it holds only private helpers.

// Construction.
pub(crate) mod fen;

mod setup;

mod chess960;

mod transform;

// Queries.
mod board;
mod status;

// Generation.
mod bulk;
mod castling_moves;
mod list_writer;
mod movegen;

mod kinds;
mod scored;

// Playing moves (and the errors of moves refused).
pub(crate) mod error;

mod make;

mod legality;

// The rules.
pub(crate) mod rules;
mod touch;
mod validate;

// Engine helpers.
mod check;
mod cuckoo;
mod effects;
mod see;
mod threats;
mod zobrist;

/// The prefix of a serialized Chess960 position.
#[cfg(feature = "serde")]
const CHESS960_PREFIX: &str = "chess960:";

/// A position serializes as a string: its FEN (X-FEN castling rights) in
/// standard chess, and `chess960:` followed by its FEN in Chess960 mode, so
/// that the castling mode comes back too (`Position::chess960(518)`, the
/// standard setup, is then still a Chess960 position). Both are plain
/// strings, so every serde format can hold them.
///
/// ```
/// use chess_movegen::Position;
/// let json = serde_json::to_string(&Position::chess960(518).unwrap())?;
/// assert_eq!(json, r#""chess960:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#);
/// assert_eq!(serde_json::from_str::<Position>(&json)?, Position::chess960(518).unwrap());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.mode {
            CastlingMode::Standard => serializer.serialize_str(&self.fen()),
            CastlingMode::Chess960 => serializer.serialize_str(&alloc::format!("{CHESS960_PREFIX}{}", self.fen())),
        }
    }
}

/// A position deserializes from what [`Serialize`](serde::Serialize)
/// writes, strictly: `chess960:` and a FEN in Chess960 mode (X-FEN or
/// Shredder-FEN castling rights), or a FEN of standard chess. A FEN without
/// the prefix whose castling rights only make sense in Chess960 is read in
/// Chess960 mode, as earlier versions wrote such positions without it.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = <alloc::string::String as serde::Deserialize>::deserialize(deserializer)?;
        let chess960 = FenOptions::new().castling(CastlingMode::Chess960);
        if let Some(fen) = text.strip_prefix(CHESS960_PREFIX) {
            return Position::from_fen_with(fen, chess960).map(|(p, _)| p).map_err(serde::de::Error::custom);
        }
        Position::from_fen(&text)
            .or_else(|e| Position::from_fen_with(&text, chess960).map(|(p, _)| p).map_err(|_| e))
            .map_err(serde::de::Error::custom)
    }
}
