//! Boards a board editor makes. python-chess lets a `Board` hold any
//! placement (no king, pawns on the back rank, castling rights without
//! their rook); the library's `Position` holds only positions it can play.
//! So an edited board keeps the library's `Setup` (the board as given) and,
//! when the library can play it after its lenient repairs, the repaired
//! `Position` that moves are generated from. `status()` says what is
//! wrong, with python-chess's flags.

use chess_movegen::{
    attacks, Bitboard, CastlingMode, Color, FenOptions, Piece, Position, Rank, Repairs, Role, Setup, Square,
};

/// The board as edited, when it is not exactly a position the library
/// holds (see the module text). Only in force while the move stack is
/// empty: a move played on it is played on the repaired position.
#[derive(Clone)]
pub(crate) struct Edited {
    /// The board as edited, with the stated clocks.
    pub setup: Setup,
    /// True if the library plays the setup (after repairs): the board's
    /// `pos` is then that position.
    pub playable: bool,
}

/// What the library makes of a setup: the position it plays (with
/// castling rights and an en-passant square that do not fit dropped, and
/// a check no move can have given accepted, as `Board(fen)` reads a FEN),
/// and whether the setup must be kept beside it because something was
/// dropped. None if the library cannot play it at all.
pub(crate) fn playable(setup: &Setup) -> Option<(Position, bool)> {
    let options = FenOptions::new().lenient(true).impossible_check(true);
    let (pos, repairs) = Position::from_setup_with(setup, options).ok()?;
    Some((pos, repairs.intersects(Repairs::CASTLING_RIGHTS | Repairs::EP_SQUARE)))
}

/// A board's placement and state, whichever of the two forms holds it.
#[derive(Clone, Copy)]
pub(crate) enum View<'a> {
    Pos(&'a Position),
    Setup(&'a Setup),
}

impl View<'_> {
    pub fn piece_at(self, sq: Square) -> Option<Piece> {
        match self {
            View::Pos(p) => p.piece_at(sq),
            View::Setup(s) => s.piece_at(sq),
        }
    }

    pub fn pieces(self, color: Color, role: Role) -> Bitboard {
        match self {
            View::Pos(p) => p.pieces(color, role),
            View::Setup(s) => s.pieces(color, role),
        }
    }

    pub fn role(self, role: Role) -> Bitboard {
        self.pieces(Color::White, role) | self.pieces(Color::Black, role)
    }

    pub fn color(self, color: Color) -> Bitboard {
        match self {
            View::Pos(p) => p.pieces_of_color(color),
            View::Setup(s) => s.pieces_of_color(color),
        }
    }

    pub fn occupied(self) -> Bitboard {
        self.color(Color::White) | self.color(Color::Black)
    }

    pub fn side(self) -> Color {
        match self {
            View::Pos(p) => p.side_to_move(),
            View::Setup(s) => s.side_to_move(),
        }
    }

    /// The castling rooks as held (python-chess's `castling_rights`).
    pub fn castling(self) -> Bitboard {
        match self {
            View::Pos(p) => p.castling_rooks(),
            View::Setup(s) => s.castling_rooks(),
        }
    }

    pub fn ep(self) -> Option<Square> {
        match self {
            View::Pos(p) => p.ep_square(),
            View::Setup(s) => s.ep_square(),
        }
    }

    /// python-chess's `king(color)`: the highest square of `color`'s kings.
    pub fn king(self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).last()
    }

    /// The pieces of `color` attacking `sq` with the board's pieces on
    /// `occupied` (kings included).
    pub fn attackers_with(self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_through(sq, color, occupied) & occupied
    }

    /// python-chess's `attackers_mask(color, square, occupied)`: the pieces
    /// of `color` attacking `sq` when sliders are blocked only by
    /// `occupied`; a piece outside `occupied` still attacks (kings included).
    pub fn attackers_through(self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        match self {
            View::Pos(p) => p.attackers_with(sq, color, occupied),
            View::Setup(s) => s.attackers_with(sq, color, occupied),
        }
    }

    /// python-chess's `attackers_mask(color, square)`: the pieces of
    /// `color` attacking `sq` on the board as it stands.
    pub fn attackers(self, sq: Square, color: Color) -> Bitboard {
        self.attackers_with(sq, color, self.occupied())
    }

    /// python-chess's `checkers_mask`: the pieces attacking the side to
    /// move's king (its highest king), kings included.
    pub fn checkers(self) -> Bitboard {
        let us = self.side();
        self.king(us).map_or(Bitboard::EMPTY, |king| self.attackers(king, !us))
    }

    /// python-chess's `was_into_check`: the side not to move's king is
    /// attacked.
    pub fn was_into_check(self) -> bool {
        let them = !self.side();
        self.king(them).is_some_and(|king| self.attackers(king, self.side()).any())
    }

    /// python-chess's `clean_castling_rights()` of a board without a move
    /// stack: the castling rooks that have their king on the back rank
    /// beside them (on e1/e8 with a- and h-file rooks in standard chess),
    /// at most one on each side of the king.
    pub fn clean_castling(self, chess960: bool) -> Bitboard {
        let held = self.castling() & self.role(Role::Rook);
        let mut clean = Bitboard::EMPTY;
        for color in Color::ALL {
            let back = Rank::First.relative_to(color).bitboard();
            let rooks = held & back & self.color(color);
            let kings = self.pieces(color, Role::King) & back;
            if chess960 {
                let Some(king) = kings.last() else { continue };
                let (low, high) = (rooks.first(), rooks.last());
                clean |= low.filter(|&r| r < king).map_or(Bitboard::EMPTY, Square::bitboard);
                clean |= high.filter(|&r| r > king).map_or(Bitboard::EMPTY, Square::bitboard);
            } else {
                let home = if color == Color::White { Square::E1 } else { Square::E8 };
                if kings.contains(home) {
                    clean |= rooks & (Bitboard::FILE_A | Bitboard::FILE_H);
                }
            }
        }
        clean
    }

    /// python-chess's `_valid_ep_square`: the en-passant square if a pawn
    /// of the side not to move can just have made a double step over it.
    pub fn valid_ep(self) -> Option<Square> {
        let ep = self.ep().filter(|&ep| ep != Square::A1)?;
        let us = self.side();
        let (rank, up) = if us == Color::White { (5, 1) } else { (2, -1) };
        let pawn = ep.offset(0, -up)?;
        let start = ep.offset(0, up)?;
        let occupied = self.occupied();
        let fits = ep.rank().index() == rank
            && self.pieces(!us, Role::Pawn).contains(pawn)
            && !occupied.contains(ep)
            && !occupied.contains(start);
        fits.then_some(ep)
    }
}

/// python-chess's status flags (`chess.Status`), and the library's
/// stricter checks as extra flags.
pub(crate) mod flags {
    pub const NO_WHITE_KING: u32 = 1;
    pub const NO_BLACK_KING: u32 = 1 << 1;
    pub const TOO_MANY_KINGS: u32 = 1 << 2;
    pub const TOO_MANY_WHITE_PAWNS: u32 = 1 << 3;
    pub const TOO_MANY_BLACK_PAWNS: u32 = 1 << 4;
    pub const PAWNS_ON_BACKRANK: u32 = 1 << 5;
    pub const TOO_MANY_WHITE_PIECES: u32 = 1 << 6;
    pub const TOO_MANY_BLACK_PIECES: u32 = 1 << 7;
    pub const BAD_CASTLING_RIGHTS: u32 = 1 << 8;
    pub const INVALID_EP_SQUARE: u32 = 1 << 9;
    pub const OPPOSITE_CHECK: u32 = 1 << 10;
    pub const EMPTY: u32 = 1 << 11;
    pub const TOO_MANY_CHECKERS: u32 = 1 << 15;
    pub const IMPOSSIBLE_CHECK: u32 = 1 << 16;
    /// The library's: more promoted pieces than missing pawns (a side
    /// with 8 pawns and two queens). The library does not play it.
    pub const TOO_MUCH_MATERIAL: u32 = 1 << 20;
    /// The library's: a check no last move can have given, by its
    /// stricter rule, that python-chess's `IMPOSSIBLE_CHECK` lets pass.
    /// The board plays it (as `Board(fen)` reads such FENs).
    pub const UNREACHABLE_CHECK: u32 = 1 << 21;
}

/// python-chess's `status()` of the board, with the library's stricter
/// checks as the extra flags of `flags`. `setup` is the board as a setup
/// (for the library's checks).
pub(crate) fn status(view: View<'_>, setup: &Setup, chess960: bool) -> u32 {
    use flags::*;
    let mut s = 0;
    let kings = view.role(Role::King);
    let side = |color: Color, too_many_pawns: u32, too_many_pieces: u32, no_king: u32| {
        let mut s = 0;
        if (view.color(color) & kings).is_empty() {
            s |= no_king;
        }
        if view.color(color).len() > 16 {
            s |= too_many_pieces;
        }
        if view.pieces(color, Role::Pawn).len() > 8 {
            s |= too_many_pawns;
        }
        s
    };
    s |= side(Color::White, TOO_MANY_WHITE_PAWNS, TOO_MANY_WHITE_PIECES, NO_WHITE_KING);
    s |= side(Color::Black, TOO_MANY_BLACK_PAWNS, TOO_MANY_BLACK_PIECES, NO_BLACK_KING);
    if view.occupied().is_empty() {
        s |= EMPTY;
    }
    if kings.len() > 2 {
        s |= TOO_MANY_KINGS;
    }
    if (view.role(Role::Pawn) & Bitboard::BACK_RANKS).any() {
        s |= PAWNS_ON_BACKRANK;
    }
    if view.castling() != view.clean_castling(chess960) {
        s |= BAD_CASTLING_RIGHTS;
    }
    let valid_ep = view.valid_ep();
    if view.ep() != valid_ep {
        s |= INVALID_EP_SQUARE;
    }
    if view.was_into_check() {
        s |= OPPOSITE_CHECK;
    }
    s |= check_status(view, valid_ep);
    s | library_extras(setup, s)
}

/// python-chess's `TOO_MANY_CHECKERS` and `IMPOSSIBLE_CHECK`.
fn check_status(view: View<'_>, valid_ep: Option<Square>) -> u32 {
    let checkers = view.checkers();
    if checkers.is_empty() {
        return 0;
    }
    let mut s = 0;
    let count = checkers.len();
    if count > 2 {
        s |= flags::TOO_MANY_CHECKERS;
    }
    let our_kings = view.pieces(view.side(), Role::King);
    let impossible = match valid_ep {
        Some(ep) => {
            // The double step's pawn and its square before the step.
            let pushed_to = Square::from_index(ep as u8 ^ 8).expect("a square");
            let pushed_from = Square::from_index(ep as u8 ^ 24).expect("a square");
            let before = (view.occupied() & !pushed_to.bitboard()) | pushed_from.bitboard();
            let attacked_before = our_kings.into_iter().any(|k| view.attackers_with(k, !view.side(), before).any());
            count > 1 || (checkers.last() != Some(pushed_to) && attacked_before)
        }
        None => {
            let (a, b) = (checkers.first(), checkers.last());
            let aligned = match (a, b) {
                (Some(a), Some(b)) if a != b => (attacks::line(a, b) & our_kings).any(),
                _ => false,
            };
            count > 2 || (count == 2 && aligned)
        }
    };
    if impossible {
        s |= flags::IMPOSSIBLE_CHECK;
    }
    s
}

/// The library's checks that python-chess's flags in `found` do not
/// cover, as the extra flags.
fn library_extras(setup: &Setup, found: u32) -> u32 {
    use chess_movegen::PositionError as E;
    let options = FenOptions::new().lenient(true);
    let Err(errors) = Position::from_setup_with(setup, options) else { return 0 };
    let mut extra = 0;
    let counted = flags::TOO_MANY_WHITE_PAWNS
        | flags::TOO_MANY_BLACK_PAWNS
        | flags::TOO_MANY_WHITE_PIECES
        | flags::TOO_MANY_BLACK_PIECES;
    if errors.contains(E::TOO_MUCH_MATERIAL) && found & counted == 0 {
        extra |= flags::TOO_MUCH_MATERIAL;
    }
    let checks = flags::IMPOSSIBLE_CHECK | flags::TOO_MANY_CHECKERS | flags::OPPOSITE_CHECK;
    if errors.contains(E::IMPOSSIBLE_CHECK) && found & checks == 0 {
        extra |= flags::UNREACHABLE_CHECK;
    }
    extra
}

/// The setup of `view` (the placement, side, castling rooks, en-passant
/// square as held), with the given clocks and castling mode.
pub(crate) fn setup_of(view: View<'_>, halfmove: u64, fullmove: u64, chess960: bool) -> Setup {
    let mut setup = match view {
        View::Pos(p) => p.to_setup(),
        View::Setup(s) => s.clone(),
    };
    setup.set_halfmove_clock(u32::try_from(halfmove).unwrap_or(u32::MAX));
    setup.set_fullmove_number(u32::try_from(fullmove).unwrap_or(u32::MAX));
    setup.set_castling_mode(if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard });
    setup
}
