//! The position: pieces, side to move, castling rights, en passant and clocks.

mod chess960;
mod fen;
mod legality;
mod make;
mod movegen;
mod rules;
mod status;
mod touch;
mod validate;
mod zobrist;

use crate::types::castling::is_standard_castling;
use crate::types::{Bitboard, CastlingRights, CastlingSide, Color, Piece, Rank, Role, Square};

pub use fen::{FenError, FenErrorKind, FenField, FenOptions, Repairs};
pub use make::Undo;
pub use validate::PositionError;

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
/// A `Position` is always valid (see [`PositionError`] for what that
/// means): exactly one king per side, no pawns on the back ranks, the side
/// not to move not in check, consistent castling and en-passant state.
/// It is `Copy` (about 150 bytes), so copy-make ([`Position::play`]) and
/// make/unmake ([`Position::make_move`]) are both cheap.
///
/// `==` compares the whole state, clocks included. [`Position::zobrist_hash`] is a
/// Zobrist key of the game state (pieces, side to move, castling rights,
/// and the en-passant file only when a pawn of the side to move can
/// capture there); the `Hash` impl feeds that key.
///
/// ```
/// use chess_movegen::{Color, Position, Role, Square};
/// let pos = Position::startpos();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.piece_at(Square::E1).map(|p| p.role), Some(Role::King));
/// assert_eq!(pos.legal_moves().len(), 20);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    board: [Option<Role>; 64],
    /// Squares of the rooks that still have a castling right.
    castling: Bitboard,
    hash: u64,
    ep_square: Option<Square>,
    side: Color,
    mode: CastlingMode,
    halfmove: u32,
    fullmove: u32,
}

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

    /// An empty board, White to move, used while building positions.
    pub(crate) const fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            board: [None; 64],
            castling: Bitboard::EMPTY,
            hash: 0,
            ep_square: None,
            side: Color::White,
            mode: CastlingMode::Standard,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Puts `piece` on an empty square (no hash update).
    #[inline(always)]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let bb = sq.bitboard();
        self.by_role[piece.role.index()] |= bb;
        self.by_color[piece.color.index()] |= bb;
        self.board[sq.index()] = Some(piece.role);
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.board[sq.index()]?;
        let color = if self.by_color[0].contains(sq) { Color::White } else { Color::Black };
        Some(Piece::new(color, role))
    }

    /// The role of the piece on `sq`, if any (cheaper than [`Position::piece_at`]).
    #[inline(always)]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.board[sq.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// The squares of all pieces of `role`, both colors.
    #[inline(always)]
    pub fn pieces_of_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Bishops and queens of both colors: the pieces that move diagonally.
    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    /// Rooks and queens of both colors: the pieces that move along ranks and files.
    #[inline(always)]
    pub(crate) fn orthogonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }

    /// The squares of all of `color`'s pieces.
    #[inline(always)]
    pub fn pieces_of_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        // A valid position has exactly one king per side.
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Which castlings are still allowed (not whether they are legal now).
    pub fn castling_rights(&self) -> CastlingRights {
        let mut rights = CastlingRights::empty();
        for color in Color::ALL {
            let king = self.king(color);
            for rook in self.castling & Rank::First.relative_to(color).bitboard() {
                rights |= CastlingRights::of(color, CastlingSide::of_rook(king, rook));
            }
        }
        rights
    }

    /// The rook `color` castles with on `side`, if that right is still held.
    ///
    /// ```
    /// use chess_movegen::{CastlingSide, Color, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.castling_rook(Color::Black, CastlingSide::QueenSide), Some(Square::A8));
    /// ```
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color);
        (self.castling & Rank::First.relative_to(color).bitboard())
            .into_iter()
            .find(|&rook| CastlingSide::of_rook(king, rook) == side)
    }

    /// The squares of all rooks that still have a castling right.
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// The castling mode (standard chess or Chess960).
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Sets the castling mode, which decides how castling moves are written
    /// in UCI and how castling rights are written in FEN. Switching to
    /// [`CastlingMode::Chess960`] always succeeds.
    ///
    /// # Errors
    ///
    /// Switching to [`CastlingMode::Standard`] fails, and leaves the
    /// position unchanged, while a castling right is held whose king and
    /// rook are not on standard squares (king on the e-file, rook on the
    /// a- or h-file): standard chess has no such castling, and its
    /// notation could not tell it from a king move.
    ///
    /// ```
    /// use chess_movegen::{CastlingMode, FenOptions, Position};
    /// let options = FenOptions::new().castling(CastlingMode::Chess960);
    /// let (mut pos, _) = Position::from_fen_with("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", options)?;
    /// let err = pos.set_castling_mode(CastlingMode::Standard).unwrap_err();
    /// assert_eq!(err.to_string(), "cannot switch to standard castling: white's castling with the king on b1 and the rook on a1 is not standard (king on the e-file, rook on the a- or h-file)");
    /// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn set_castling_mode(&mut self, mode: CastlingMode) -> Result<(), CastlingModeError> {
        if mode == CastlingMode::Standard {
            for color in Color::ALL {
                let king = self.king(color);
                let rooks = self.castling & Rank::First.relative_to(color).bitboard();
                if let Some(rook) = rooks.into_iter().find(|&rook| !is_standard_castling(king, rook)) {
                    return Err(CastlingModeError { color, king, rook });
                }
            }
        }
        self.mode = mode;
        Ok(())
    }

    /// The en-passant target square (the square a pawn just skipped with its
    /// double step), as written in FEN; `None` if the last move was not a
    /// double step. Set after every double step, even when no pawn can
    /// capture: see [`Position::legal_ep_square`].
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en-passant square only if some legal move captures en passant.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let pawns = self.pieces(self.side, Role::Pawn);
        let any = (crate::attacks::pawn_attacks(!self.side, ep) & pawns)
            .into_iter()
            .any(|from| self.is_legal(crate::Move::en_passant(from, ep)));
        any.then_some(ep)
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key of the position, kept up to date incrementally.
    #[inline(always)]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// Checks every internal invariant from scratch: bitboards agree with
    /// the mailbox, color and role boards partition the occupancy, hash
    /// equals the recomputed hash, and every rule of [`PositionError`]
    /// holds (one king each, castling rooks and en-passant square sane, the
    /// side not to move not in check, possible clocks). Returns a
    /// description of the first broken invariant (for a broken rule, its
    /// [`PositionError`] text).
    ///
    /// Used by tests and fuzzing after every make and unmake; cheap enough
    /// for debug assertions, not for hot paths.
    #[doc(hidden)]
    pub fn check_consistency(&self) -> Result<(), &'static str> {
        if (self.by_color[0] & self.by_color[1]).any() {
            return Err("a square belongs to both colors");
        }
        let mut roles = Bitboard::EMPTY;
        for (i, bb) in self.by_role.iter().enumerate() {
            if (roles & *bb).any() {
                return Err("a square holds two roles");
            }
            roles |= *bb;
            for sq in *bb {
                if self.board[sq.index()] != Some(Role::ALL[i]) {
                    return Err("mailbox disagrees with the role bitboards");
                }
            }
        }
        if roles != self.occupied() {
            return Err("role boards and color boards cover different squares");
        }
        if self.board.iter().filter(|r| r.is_some()).count() != roles.len() as usize {
            return Err("mailbox has pieces the bitboards do not");
        }
        if self.hash != self.compute_hash() {
            return Err("incremental hash differs from the recomputed hash");
        }
        let errors = self.validate();
        if !errors.is_empty() {
            return Err(errors.first_reason());
        }
        Ok(())
    }

    /// True if every internal invariant holds (see `check_consistency`).
    #[doc(hidden)]
    pub fn is_consistent(&self) -> bool {
        self.check_consistency().is_ok()
    }
}

/// A position serializes as its FEN (X-FEN castling rights).
#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.fen())
    }
}

/// A position deserializes from a FEN, strictly. Castling rights that only
/// make sense in Chess960 give a position in [`CastlingMode::Chess960`] mode.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let fen = <alloc::string::String as serde::Deserialize>::deserialize(deserializer)?;
        Position::from_fen(&fen)
            .or_else(|e| {
                Position::from_fen_with(&fen, FenOptions::new().castling(CastlingMode::Chess960))
                    .map(|(p, _)| p)
                    .map_err(|_| e)
            })
            .map_err(serde::de::Error::custom)
    }
}
