//! `Setup`: a position that is not necessarily legal, to build and edit
//! positions piece by piece, and the transforms shared with `Position`.

use core::fmt;

use crate::position::validate::held_castling_rooks;
use crate::position::{ply_of, Boards, CastlingMode, FenError, FenOptions, Position, PositionError, Repairs};
use crate::types::castling::{back_rank, held_castling_rook, is_standard_castling};
use crate::types::{Bitboard, CastlingSide, Color, Piece, Role, Square};

/// A position as plain data, not necessarily legal: what is on each square,
/// the side to move, the castling rooks, the en-passant square, the clocks
/// and the castling mode.
///
/// Build one square by square ([`Setup::put`], [`Setup::remove`],
/// [`Setup::clear`] and the setters) or from a FEN ([`Setup::from_fen`],
/// syntax only), then turn it into a [`Position`], which checks every rule
/// at once: [`Position::try_from`] (strict) or
/// [`Position::from_setup_lenient`] (repairs castling rights, the
/// en-passant square and the clocks). [`Position::to_setup`] goes back.
///
/// `Default` is the empty board with White to move, no castling rights,
/// clocks `0 1`, standard castling mode.
///
/// ```
/// use chess_movegen::{Color, Piece, Position, PositionError, Role, Setup, Square};
///
/// let mut setup = Setup::empty();
/// setup.put(Square::E1, Piece::new(Color::White, Role::King));
/// setup.put(Square::E8, Piece::new(Color::Black, Role::King));
/// setup.put(Square::A7, Piece::new(Color::White, Role::Pawn));
/// let pos = Position::try_from(setup.clone())?;
/// assert_eq!(pos.fen(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
///
/// // Every broken rule is reported at once.
/// setup.remove(Square::E8);
/// setup.put(Square::A8, Piece::new(Color::Black, Role::Pawn));
/// assert_eq!(
///     Position::try_from(setup).unwrap_err(),
///     PositionError::MISSING_KING | PositionError::PAWNS_ON_BACK_RANK
/// );
/// # Ok::<(), PositionError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    // The placement as `Position` holds it (so that validation copies it
    // whole): the squares of each role and each colour, and the role on
    // each square. `put` and `remove` keep the three in step, so equal
    // placements have equal fields.
    bb: Boards,
    board: [Option<Role>; 64],
    side: Color,
    castling: Bitboard,
    ep_square: Option<Square>,
    halfmove: u32,
    fullmove: u32,
    mode: CastlingMode,
}

impl Default for Setup {
    /// The empty board (see [`Setup::empty`]).
    fn default() -> Setup {
        Setup::empty()
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Setup(")?;
        self.write_fen(f)?;
        f.write_str(")")
    }
}

impl fmt::Display for Setup {
    /// The FEN (see [`Setup::fen`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

impl core::str::FromStr for Setup {
    type Err = FenError;

    /// Same as [`Setup::from_fen`].
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

impl Setup {
    /// The empty board: no pieces, White to move, no castling rights, no
    /// en-passant square, clocks `0 1`, standard castling mode.
    pub const fn empty() -> Setup {
        Setup {
            bb: Boards::EMPTY,
            board: [None; 64],
            side: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmove: 0,
            fullmove: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// The standard start position.
    pub fn startpos() -> Setup {
        Position::startpos().to_setup()
    }

    /// Reads a FEN for its syntax only: six fields, pieces, side, castling
    /// letters (`KQkq`, X-FEN or Shredder-FEN file letters), en-passant
    /// square and clocks. Nothing is checked against the rules of chess;
    /// that happens when the setup becomes a [`Position`]. The castling
    /// mode is [`CastlingMode::Standard`]; use [`Setup::from_fen_with`] or
    /// [`Setup::set_castling_mode`] for Chess960.
    ///
    /// A castling letter names a rook: `K`/`k` the outermost rook on the
    /// king's right on the back rank, `Q`/`q` the outermost on its left, a
    /// file letter the rook on that file. A letter without such a king and
    /// rook is kept as the square it would name (the h-file for `K`, the
    /// a-file for `Q`), which validation then refuses.
    ///
    /// # Errors
    ///
    /// A [`FenError`] with the field and byte offset of the syntax error;
    /// never [`FenErrorKind::Illegal`](crate::FenErrorKind::Illegal).
    ///
    /// ```
    /// use chess_movegen::{Position, PositionError, Setup, Square};
    /// // Two white kings: readable, but not a position.
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1")?;
    /// assert_eq!(setup.piece_at(Square::D1).map(|p| p.char()), Some('K'));
    /// assert_eq!(Position::try_from(setup).unwrap_err(), PositionError::TOO_MANY_KINGS);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        Setup::from_fen_with(fen, FenOptions::new())
    }

    /// Reads a FEN for its syntax with the given options: the castling mode
    /// is `options.castling`; with `options.lenient` the clocks may be left
    /// out (4 or 5 fields), and become `0 1`.
    ///
    /// # Errors
    ///
    /// As [`Setup::from_fen`].
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Setup, FenError> {
        crate::position::fen::parse_setup(fen, options).map(|parsed| parsed.setup)
    }

    /// The setup as FEN, written as [`Position::fen`] writes it. The
    /// castling letters read back ([`Setup::from_fen_with`], in the
    /// setup's castling mode) as the same castling rooks: `K`/`Q` only
    /// where that letter names the rook, the file letter otherwise (a
    /// castling square without its rook, or one of several rooks on a
    /// side). Castling rooks off the back ranks have no letter and are
    /// left out.
    ///
    /// ```
    /// use chess_movegen::{CastlingMode, FenOptions, Setup, Square};
    /// let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/3K1R1R w - - 0 1")?;
    /// setup.set_castling_rooks(Square::F1.bitboard());
    /// // `K` would name the outermost rook, h1: the f1 rook is `F`.
    /// assert_eq!(setup.fen(), "4k3/8/8/8/8/8/8/3K1R1R w F - 0 1");
    /// let back = Setup::from_fen_with(&setup.fen(), FenOptions::new().castling(setup.castling_mode()))?;
    /// assert_eq!(back.castling_rooks(), setup.castling_rooks());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn fen(&self) -> alloc::string::String {
        alloc::string::String::from(
            crate::position::fen::FenBuffer::new(self, &mut crate::position::fen::FenWriter::new()).as_str(),
        )
    }

    /// Writes the FEN (the text of [`Setup::fen`]) to `out` with one
    /// `write_str` and no allocation.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_fen<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        out.write_str(crate::position::fen::FenBuffer::new(self, &mut crate::position::fen::FenWriter::new()).as_str())
    }

    /// The role on each square (a1 first), whatever its colour.
    #[inline]
    pub(crate) fn mailbox(&self) -> &[Option<Role>; 64] {
        &self.board
    }

    /// The squares of the pieces of `role`, both colours.
    #[inline]
    pub(crate) fn pieces_of_role(&self, role: Role) -> Bitboard {
        self.bb.by_role[role.index()]
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.board[sq.index()]?;
        let color = if self.bb.by_color[Color::White.index()].contains(sq) { Color::White } else { Color::Black };
        Some(Piece::new(color, role))
    }

    /// Puts `piece` on `sq` and returns the piece that stood there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(sq);
        self.place(sq, piece);
        old
    }

    /// Puts `piece` on the empty square `sq` (what a reader filling an
    /// empty board does, without asking what stood there).
    #[inline]
    pub(crate) fn place(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none(), "{sq} is not empty");
        let bb = sq.bitboard();
        self.bb.by_role[piece.role.index()] |= bb;
        self.bb.by_color[piece.color.index()] |= bb;
        self.board[sq.index()] = Some(piece.role);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        let bb = sq.bitboard();
        self.bb.by_role[piece.role.index()] ^= bb;
        self.bb.by_color[piece.color.index()] ^= bb;
        self.board[sq.index()] = None;
        Some(piece)
    }

    /// Removes every piece. Side to move, castling rooks, en-passant square,
    /// clocks and castling mode stay as they are.
    pub fn clear(&mut self) {
        self.bb = Boards::EMPTY;
        self.board = [None; 64];
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.bb.by_role[role.index()] & self.bb.by_color[color.index()]
    }

    /// The squares of all of `color`'s pieces.
    #[inline]
    pub fn pieces_of_color(&self, color: Color) -> Bitboard {
        self.bb.by_color[color.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.bb.by_color[0] | self.bb.by_color[1]
    }

    /// Pieces of `color` that attack `sq`, on any board: the attacks of
    /// [`Position::attackers_to`], also where the board is no legal
    /// position (a king missing, the side not to move in check, ...).
    ///
    /// ```
    /// use chess_movegen::{Bitboard, Color, Piece, Role, Setup, Square};
    /// // No kings: no legal position, but the attacks are those of any board.
    /// let mut setup = Setup::empty();
    /// setup.put(Square::E4, Piece::new(Color::White, Role::Queen));
    /// setup.put(Square::E6, Piece::new(Color::Black, Role::Pawn));
    /// assert_eq!(setup.attackers_to(Square::E5, Color::White), Square::E4.bitboard());
    /// assert_eq!(setup.attackers_to(Square::E7, Color::White), Bitboard::EMPTY); // the pawn blocks
    /// assert_eq!(setup.attackers_to(Square::D5, Color::Black), Square::E6.bitboard());
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_with(sq, color, self.occupied())
    }

    /// Pieces of `color` that attack `sq` with `occupied` as the board's
    /// occupancy (as [`Position::attackers_with`], on any board).
    #[inline]
    pub fn attackers_with(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.bb.attackers(sq, color, occupied)
    }

    /// The pieces and their squares, a1 first (see [`Pieces`]).
    ///
    /// ```
    /// use chess_movegen::{Setup, Square};
    /// let setup = Setup::startpos();
    /// assert_eq!(setup.iter().count(), 32);
    /// assert_eq!(setup.iter().next().map(|(sq, p)| (sq, p.char())), Some((Square::A1, 'R')));
    /// ```
    pub fn iter(&self) -> Pieces {
        Pieces::new(self.board, self.bb.by_color[Color::Black.index()], self.occupied())
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the side to move.
    #[inline]
    pub fn set_side_to_move(&mut self, side: Color) {
        self.side = side;
    }

    /// The squares of the rooks that keep a castling right (each right is
    /// named by its rook, as in Shredder-FEN).
    #[inline]
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// The rook that holds `color`'s castling right on `side`, if any (as
    /// [`Position::castling_rook`]; `None` without a king).
    ///
    /// ```
    /// use chess_movegen::{CastlingSide, Color, Setup, Square};
    /// let setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1")?;
    /// assert_eq!(setup.castling_rook(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// assert_eq!(setup.castling_rook(Color::White, CastlingSide::QueenSide), None);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.pieces(color, Role::King).single()?;
        held_castling_rook(self.castling, king, color, side)
    }

    /// The rook a `K` or `Q` castling right (`k`, `q` for Black) names in
    /// this setup: `color`'s outermost rook on its back rank on `side` of
    /// its king there; in standard chess only an a- or h-file rook, with
    /// the king on the e-file. Board editors give a right with it, as the
    /// FEN readers read `KQkq`.
    ///
    /// ```
    /// use chess_movegen::{CastlingMode, CastlingSide, Color, Setup, Square};
    /// let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/1R2K1RR w - - 0 1")?;
    /// assert_eq!(setup.outer_castling_rook(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// // b1 is no standard castling rook; in Chess960 it is.
    /// assert_eq!(setup.outer_castling_rook(Color::White, CastlingSide::QueenSide), None);
    /// setup.set_castling_mode(CastlingMode::Chess960);
    /// assert_eq!(setup.outer_castling_rook(Color::White, CastlingSide::QueenSide), Some(Square::B1));
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn outer_castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castling_rook_where(color, |king, rooks| match side {
            CastlingSide::KingSide => rooks.into_iter().rev().find(|&r| r > king),
            CastlingSide::QueenSide => rooks.into_iter().find(|&r| r < king),
        })
    }

    /// The rook `pick` chooses among `color`'s rooks on its back rank,
    /// given its king there, if castling with it fits the castling mode.
    pub(crate) fn castling_rook_where(
        &self,
        color: Color,
        pick: impl FnOnce(Square, Bitboard) -> Option<Square>,
    ) -> Option<Square> {
        let back = back_rank(color);
        let king = (self.pieces(color, Role::King) & back).single()?;
        let rook = pick(king, self.pieces(color, Role::Rook) & back)?;
        if self.mode == CastlingMode::Standard && !is_standard_castling(king, rook) {
            return None;
        }
        Some(rook)
    }

    /// Sets the castling rooks: `Square::H1.bitboard() | Square::A1.bitboard()`
    /// gives White both standard rights. Validation requires a rook of the
    /// back rank's colour on each square and its king between them (on the
    /// e-file with a- and h-file rooks in standard chess).
    #[inline]
    pub fn set_castling_rooks(&mut self, rooks: Bitboard) {
        self.castling = rooks;
    }

    /// Drops the castling rights without their king or rook in place, as
    /// the lenient FEN reader does, also on a board that is no legal
    /// position (a board editor's, while a king is off the board).
    ///
    /// ```
    /// use chess_movegen::{Setup, Square};
    /// let mut setup = Setup::startpos();
    /// setup.remove(Square::E8);
    /// setup.remove(Square::A1);
    /// setup.drop_invalid_castling_rights();
    /// assert_eq!(setup.fen(), "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w K - 0 1");
    /// ```
    pub fn drop_invalid_castling_rights(&mut self) {
        let by_color = |role| Color::ALL.map(|color| self.pieces(color, role));
        self.castling = held_castling_rooks(self.castling, self.mode, by_color(Role::King), by_color(Role::Rook));
    }

    /// The en-passant square (the square a pawn just skipped), if any.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Sets the en-passant square.
    #[inline]
    pub fn set_ep_square(&mut self, ep_square: Option<Square>) {
        self.ep_square = ep_square;
    }

    /// Half-moves since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Sets the halfmove clock.
    #[inline]
    pub fn set_halfmove_clock(&mut self, halfmove: u32) {
        self.halfmove = halfmove;
    }

    /// The move number (starts at 1, incremented after Black's move).
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Sets the fullmove number.
    #[inline]
    pub fn set_fullmove_number(&mut self, fullmove: u32) {
        self.fullmove = fullmove;
    }

    /// The castling mode.
    #[inline]
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Sets the castling mode: which castling rooks validation accepts, and
    /// how the resulting position writes castling moves in UCI.
    #[inline]
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The setup with the colours of all pieces swapped and the board
    /// flipped top to bottom, the other side to move, castling rooks and the
    /// en-passant square flipped with the board: the same game seen from the
    /// other side. Clocks and castling mode are kept. `mirror` undoes itself.
    ///
    /// ```
    /// use chess_movegen::Setup;
    /// let setup = Setup::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
    /// assert_eq!(setup.mirror().fen(), "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1");
    /// assert_eq!(setup.mirror().mirror(), setup);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn mirror(&self) -> Setup {
        let mut mirrored = self.flip_vertical().swap_colors();
        mirrored.side = !self.side;
        mirrored
    }

    /// The setup with the board flipped top to bottom (a1 ↔ a8), castling
    /// rooks and en-passant square with it; colours, side to move, clocks
    /// and mode unchanged.
    pub fn flip_vertical(&self) -> Setup {
        self.map_squares(Square::flip_vertical, Bitboard::flip_vertical)
    }

    /// The setup with the board flipped left to right (a1 ↔ h1), castling
    /// rooks and en-passant square with it; colours, side to move, clocks
    /// and mode unchanged.
    pub fn flip_horizontal(&self) -> Setup {
        self.map_squares(Square::flip_horizontal, Bitboard::flip_horizontal)
    }

    /// The setup with the colour of every piece swapped; squares, side to
    /// move, castling rooks, en-passant square, clocks and mode unchanged.
    pub fn swap_colors(&self) -> Setup {
        let mut swapped = self.clone();
        swapped.bb.by_color.swap(0, 1);
        swapped
    }

    fn map_squares(&self, square: fn(Square) -> Square, bitboard: fn(Bitboard) -> Bitboard) -> Setup {
        let mut mapped = self.clone();
        mapped.bb.by_role = self.bb.by_role.map(bitboard);
        mapped.bb.by_color = self.bb.by_color.map(bitboard);
        for sq in Square::ALL {
            mapped.board[square(sq).index()] = self.board[sq.index()];
        }
        mapped.castling = bitboard(self.castling);
        mapped.ep_square = self.ep_square.map(square);
        mapped
    }
}

/// Iterator over the pieces of a [`Position`] or [`Setup`] with their
/// squares, a1 first (rank by rank, a-file first in each rank).
///
/// Returned by [`Position::iter`] and [`Setup::iter`]; holds a copy of
/// the board, so it borrows nothing.
#[derive(Clone, Debug)]
pub struct Pieces {
    board: [Option<Role>; 64],
    black: Bitboard,
    squares: crate::types::Squares,
}

impl Pieces {
    /// The pieces of a placement: the role on each square, Black's
    /// squares, and the occupied squares (those with a role).
    pub(crate) fn new(board: [Option<Role>; 64], black: Bitboard, occupied: Bitboard) -> Pieces {
        Pieces { board, black, squares: occupied.into_iter() }
    }

    fn item(&self, sq: Square) -> Option<(Square, Piece)> {
        let color = if self.black.contains(sq) { Color::Black } else { Color::White };
        self.board[sq.index()].map(|role| (sq, Piece::new(color, role)))
    }
}

impl Iterator for Pieces {
    type Item = (Square, Piece);

    fn next(&mut self) -> Option<(Square, Piece)> {
        let sq = self.squares.next()?;
        self.item(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.squares.size_hint()
    }
}

impl DoubleEndedIterator for Pieces {
    fn next_back(&mut self) -> Option<(Square, Piece)> {
        let sq = self.squares.next_back()?;
        self.item(sq)
    }
}

impl ExactSizeIterator for Pieces {}
impl core::iter::FusedIterator for Pieces {}

impl IntoIterator for &Setup {
    type Item = (Square, Piece);
    type IntoIter = Pieces;

    fn into_iter(self) -> Pieces {
        self.iter()
    }
}

impl IntoIterator for &Position {
    type Item = (Square, Piece);
    type IntoIter = Pieces;

    fn into_iter(self) -> Pieces {
        self.iter()
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    /// Same as [`Position::from_setup`].
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(&setup)
    }
}

impl From<Position> for Setup {
    /// Same as [`Position::to_setup`].
    fn from(pos: Position) -> Setup {
        pos.to_setup()
    }
}

impl From<&Position> for Setup {
    /// Same as [`Position::to_setup`].
    fn from(pos: &Position) -> Setup {
        pos.to_setup()
    }
}

/// # Construction: from a `Setup`
///
/// Validation of a position given square by square, and back.
impl Position {
    /// The position of a [`Setup`], if it follows every rule of
    /// [`PositionError`]. Also available as `Position::try_from(setup)`.
    ///
    /// # Errors
    ///
    /// Every rule the setup breaks, at once.
    ///
    /// ```
    /// use chess_movegen::{Position, Setup};
    /// let setup = Position::startpos().to_setup();
    /// assert_eq!(Position::from_setup(&setup)?, Position::startpos());
    /// # Ok::<(), chess_movegen::PositionError>(())
    /// ```
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        Position::validated(setup, false).map(|(pos, _)| pos)
    }

    /// The position of a [`Setup`], repairing what
    /// [`Position::from_fen_lenient`] repairs (castling rights without their
    /// king or rook, an en-passant square that no double step explains,
    /// impossible clocks), and what was repaired.
    ///
    /// # Errors
    ///
    /// Every rule the setup still breaks after the repairs.
    ///
    /// ```
    /// use chess_movegen::{Position, Repairs, Setup, Square};
    /// let mut setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")?;
    /// setup.set_castling_rooks(Square::H1.bitboard());
    /// setup.set_fullmove_number(0);
    /// let (pos, repairs) = Position::from_setup_lenient(&setup)?;
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// assert_eq!(repairs, Repairs::CASTLING_RIGHTS | Repairs::COUNTERS);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup_lenient(setup: &Setup) -> Result<(Position, Repairs), PositionError> {
        Position::validated(setup, true)
    }

    /// Validates (and with `lenient`, repairs) the position of `setup`.
    pub(crate) fn validated(setup: &Setup, lenient: bool) -> Result<(Position, Repairs), PositionError> {
        Position::validated_with(setup, lenient, false)
    }

    /// As [`Position::validated`], not counting
    /// [`PositionError::IMPOSSIBLE_CHECK`] when `impossible_check`.
    pub(crate) fn validated_with(
        setup: &Setup,
        lenient: bool,
        impossible_check: bool,
    ) -> Result<(Position, Repairs), PositionError> {
        let mut pos = Position::empty();
        pos.bb = setup.bb;
        pos.board = setup.board;
        pos.side = setup.side;
        pos.castling = setup.castling;
        pos.ep_square = setup.ep_square;
        pos.halfmove = setup.halfmove;
        pos.ply = ply_of(setup.fullmove, setup.side);
        pos.mode = setup.mode;
        let mut errors = pos.validate();
        let mut repairs = Repairs::empty();
        if lenient {
            repairs = pos.repair(errors);
            errors = pos.validate();
        }
        if impossible_check {
            errors -= PositionError::IMPOSSIBLE_CHECK;
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        pos.hash = pos.compute_hash();
        Ok((pos, repairs))
    }

    /// The position as a [`Setup`], to edit it or to transform it.
    ///
    /// ```
    /// use chess_movegen::{Position, Square};
    /// let mut setup = Position::startpos().to_setup();
    /// setup.remove(Square::D1);
    /// let queenless = Position::try_from(setup)?;
    /// assert_eq!(queenless.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    /// # Ok::<(), chess_movegen::PositionError>(())
    /// ```
    pub fn to_setup(&self) -> Setup {
        Setup {
            bb: self.bb,
            board: self.board,
            side: self.side,
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove: self.halfmove,
            fullmove: self.fullmove_number(),
            mode: self.mode,
        }
    }
}
