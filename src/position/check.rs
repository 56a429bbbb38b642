//! Checks a move would give, without playing it; pins and blockers.
//!
//! [`Position::gives_check`] answers for one move from the board alone.
//! [`CheckInfo`] holds what makes the answer a mask test for most moves
//! (the squares from which each role would check the enemy king, and the
//! pieces whose departure uncovers a check); an engine computes it once per
//! node and asks [`Position::gives_check_with`] for every move.

use crate::attacks::{self, aligned};
use crate::moves::{Move, MoveKind};
use crate::position::status::scan_snipers;
use crate::position::Position;
use crate::types::{Bitboard, CastlingSide, Color, Role, Square};

/// What makes "does this move give check?" cheap for every move of one
/// position: computed by [`Position::check_info`], used by
/// [`Position::gives_check_with`].
///
/// ```
/// use chess_movegen::{Position, Role, Square};
/// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
/// let info = pos.check_info();
/// assert_eq!(info.king(), Square::E8);
/// assert!(info.check_squares(Role::Rook).contains(Square::E2));
/// assert!(info.check_squares(Role::Rook).contains(Square::A8));
/// assert!(info.check_squares(Role::Knight).contains(Square::D6));
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckInfo {
    king: Square,
    squares: [Bitboard; 6],
    discoverers: Bitboard,
}

impl CheckInfo {
    /// The enemy king's square (the king of the side not to move).
    #[inline]
    pub fn king(&self) -> Square {
        self.king
    }

    /// The squares from which a piece of `role` of the side to move would
    /// attack the enemy king on the current board (empty for the king).
    /// A piece of that role landing there gives a direct check, because a
    /// move never opens a line to its own destination.
    #[inline]
    pub fn check_squares(&self, role: Role) -> Bitboard {
        self.squares[role.index()]
    }

    /// The side to move's pieces that stand alone between one of its own
    /// sliders and the enemy king: moving one off that line gives a
    /// discovered check. Same as [`Position::discovered_check_candidates`].
    #[inline]
    pub fn discovered_check_candidates(&self) -> Bitboard {
        self.discoverers
    }
}

/// # Engine helpers: checks
///
/// Which moves give check, and the squares and pieces that tell.
impl Position {
    /// The pieces of either colour that stand alone between `color`'s king
    /// and an enemy slider aiming at it along a rank, file or diagonal:
    /// removing one of them would expose that king to the slider. `color`'s
    /// own blockers are its pinned pieces ([`Position::pinned`] for the side
    /// to move); the enemy's blockers are its discovered-check candidates.
    ///
    /// ```
    /// use chess_movegen::{Color, Position, Square};
    /// // A white bishop on d2 and a black knight on g3: each alone on a line
    /// // from a black slider to the white king on e1.
    /// let pos = Position::from_fen("4k3/8/8/b7/7q/6n1/3B4/4K3 w - - 0 1")?;
    /// let blockers = pos.blockers_for_king(Color::White);
    /// assert_eq!(blockers, Square::D2.bitboard() | Square::G3.bitboard());
    /// assert_eq!(pos.pinners(Color::White), Square::A5.bitboard());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn blockers_for_king(&self, color: Color) -> Bitboard {
        self.slider_blockers(color).0
    }

    /// The enemy sliders that pin a piece of `color` to `color`'s king:
    /// those with exactly one piece between them and the king, that piece
    /// being `color`'s (see [`Position::blockers_for_king`]).
    pub fn pinners(&self, color: Color) -> Bitboard {
        self.slider_blockers(color).1
    }

    /// The side to move's pieces whose move off their line gives a
    /// discovered check: its pieces among
    /// `blockers_for_king(!side_to_move)`.
    ///
    /// ```
    /// use chess_movegen::{Position, Square};
    /// // The knight on e4 stands between the rook on e1 and the king on e8.
    /// let pos = Position::from_fen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1")?;
    /// assert_eq!(pos.discovered_check_candidates(), Square::E4.bitboard());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn discovered_check_candidates(&self) -> Bitboard {
        let us = self.side_to_move();
        self.blockers_for_king(!us) & self.pieces_of_color(us)
    }

    /// Blockers of `color`'s king (either colour) and the enemy sliders
    /// that pin one of `color`'s pieces.
    #[inline]
    pub(crate) fn slider_blockers(&self, color: Color) -> (Bitboard, Bitboard) {
        let king = self.king(color);
        let scan = scan_snipers(king, self.snipers(king, !color), self.occupied(), self.pieces_of_color(color));
        (scan.blockers, scan.pinners)
    }

    /// What [`Position::gives_check_with`] needs, computed once for all the
    /// moves of this position.
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move();
        let king = self.king(!us);
        let occupied = self.occupied();
        let bishop = attacks::bishop_attacks(king, occupied);
        let rook = attacks::rook_attacks(king, occupied);
        let squares = [
            attacks::pawn_attacks(!us, king),
            attacks::knight_attacks(king),
            bishop,
            rook,
            bishop | rook,
            Bitboard::EMPTY,
        ];
        CheckInfo { king, squares, discoverers: self.discovered_check_candidates() }
    }

    /// True if the legal move `mv` gives check, worked out without playing
    /// it: direct checks, discovered checks (also by en passant, which
    /// removes two pawns from one rank, and by castling, whose rook may
    /// check), and promotions (the new piece checks, a knight's too).
    ///
    /// For many moves of one position, [`Position::gives_check_with`] with
    /// one [`CheckInfo`] is cheaper. The answer is also right for
    /// pseudo-legal moves, where a king never gives check (not even a
    /// pseudo-legal king step next to the other king); for moves that are
    /// not even pseudo-legal it is meaningless (but never a panic).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("8/1P1k4/8/8/8/8/8/4K3 w - - 0 1")?;
    /// assert!(pos.gives_check(pos.parse_uci("b7b8n")?)); // the knight checks d7
    /// assert!(!pos.gives_check(pos.parse_uci("b7b8q")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let them = !us;
        let king = self.king(them);
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            return false;
        };
        let ours = self.pieces_of_color(us);
        let mut occupied = self.occupied();
        let mut rooks = (self.pieces_of_role(Role::Rook) | self.pieces_of_role(Role::Queen)) & ours;
        let mut bishops = (self.pieces_of_role(Role::Bishop) | self.pieces_of_role(Role::Queen)) & ours;
        let mut knights = self.pieces(us, Role::Knight);
        let mut pawns = self.pieces(us, Role::Pawn);
        match mv.kind() {
            MoveKind::Castle => {
                let side = CastlingSide::of_rook(from, to);
                let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
                occupied = (occupied & !from.bitboard() & !to.bitboard()) | king_to.bitboard() | rook_to.bitboard();
                rooks = rooks.without(to).with(rook_to);
            }
            kind => {
                let placed = mv.promotion_role().unwrap_or(role);
                occupied = occupied.without(from).with(to);
                if kind == MoveKind::EnPassant {
                    occupied = occupied.without(mv.en_passant_victim());
                }
                for set in [&mut rooks, &mut bishops, &mut knights, &mut pawns] {
                    *set = set.without(from);
                }
                match placed {
                    Role::Pawn => pawns = pawns.with(to),
                    Role::Knight => knights = knights.with(to),
                    Role::Bishop => bishops = bishops.with(to),
                    Role::Rook => rooks = rooks.with(to),
                    Role::Queen => {
                        rooks = rooks.with(to);
                        bishops = bishops.with(to);
                    }
                    Role::King => {}
                }
            }
        }
        ((attacks::pawn_attacks(them, king) & pawns)
            | (attacks::knight_attacks(king) & knights)
            | (attacks::rook_attacks(king, occupied) & rooks)
            | (attacks::bishop_attacks(king, occupied) & bishops))
            .any()
    }

    /// [`Position::gives_check`] with the [`CheckInfo`] of this position
    /// (from [`Position::check_info`]): for normal moves a mask test (a
    /// direct check square, or a discovered-check candidate leaving its
    /// line); promotions, en passant and castling are worked out in full.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1")?;
    /// let info = pos.check_info();
    /// let checks = pos.legal_moves().iter().filter(|&&m| pos.gives_check_with(&info, m)).count();
    /// assert_eq!(checks, 8); // every knight move uncovers the rook
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    #[inline]
    pub fn gives_check_with(&self, info: &CheckInfo, mv: Move) -> bool {
        if mv.kind() != MoveKind::Normal {
            return self.gives_check(mv);
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            return false;
        };
        info.squares[role.index()].contains(to) || (info.discoverers.contains(from) && !aligned(from, to, info.king))
    }
}
