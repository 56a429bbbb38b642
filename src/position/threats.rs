//! Side-wide attack maps and the threats engines index move ordering and
//! evaluation inputs by, computed set by set: pawn attacks as two shifts
//! of the whole pawn set, one table lookup per knight and king, one magic
//! lookup per slider.

use crate::attacks;
use crate::position::Position;
use crate::types::{Bitboard, Color, Role};

/// The attacks of one side, by the kind of attacker, and what they
/// threaten among the other side's pieces (see [`Position::threats`]).
///
/// Attack sets are taken on the current board: a slider's ray stops at the
/// first piece of either colour, which it attacks (x-rays are not
/// counted), and squares holding the attacker's own pieces are included
/// (they are defended).
///
/// ```
/// use chess_movegen::{Color, Position, Square};
/// // Black's pawn on e6 attacks White's knight on d5, its knight on f6
/// // attacks the knight and White's queen on h5.
/// let pos = Position::from_fen("k7/8/4pn2/3N3Q/8/8/8/4K3 w - - 0 1")?;
/// let threats = pos.threats(Color::White);
/// assert_eq!(threats.attacked_by_pawn(), Square::D5.bitboard());
/// assert_eq!(threats.attacked_by_minor(), Square::D5.bitboard() | Square::H5.bitboard());
/// assert_eq!(threats.attacked_by_lesser(), Square::D5.bitboard() | Square::H5.bitboard());
/// assert!(threats.by_minor().contains(Square::F5));
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Threats {
    pawn: Bitboard,
    minor: Bitboard,
    rook: Bitboard,
    queen: Bitboard,
    king: Bitboard,
    /// The threatened side's pieces: all, knights and bishops, rooks, queens.
    targets: [Bitboard; 4],
}

impl Threats {
    /// Squares the attacking side's pawns attack.
    #[inline]
    pub fn pawn_attacks(&self) -> Bitboard {
        self.pawn
    }

    /// Squares its knights and bishops attack.
    #[inline]
    pub fn minor_attacks(&self) -> Bitboard {
        self.minor
    }

    /// Squares its rooks attack.
    #[inline]
    pub fn rook_attacks(&self) -> Bitboard {
        self.rook
    }

    /// Squares its queens attack.
    #[inline]
    pub fn queen_attacks(&self) -> Bitboard {
        self.queen
    }

    /// Squares its king attacks.
    #[inline]
    pub fn king_attacks(&self) -> Bitboard {
        self.king
    }

    /// Every square the attacking side attacks ([`Position::attacks_by`]).
    #[inline]
    pub fn all(&self) -> Bitboard {
        self.pawn | self.minor | self.rook | self.queen | self.king
    }

    /// The threatened side's pieces (king included) that an enemy pawn
    /// attacks.
    #[inline]
    pub fn attacked_by_pawn(&self) -> Bitboard {
        self.targets[0] & self.pawn
    }

    /// The threatened side's pieces that an enemy knight or bishop attacks.
    #[inline]
    pub fn attacked_by_minor(&self) -> Bitboard {
        self.targets[0] & self.minor
    }

    /// The threatened side's pieces that an enemy rook attacks.
    #[inline]
    pub fn attacked_by_rook(&self) -> Bitboard {
        self.targets[0] & self.rook
    }

    /// Squares attacked by an enemy pawn or minor piece (what a rook must
    /// not stand on).
    #[inline]
    pub fn by_minor(&self) -> Bitboard {
        self.pawn | self.minor
    }

    /// Squares attacked by an enemy pawn, minor piece or rook (what a queen
    /// must not stand on).
    #[inline]
    pub fn by_rook(&self) -> Bitboard {
        self.pawn | self.minor | self.rook
    }

    /// The threatened side's pieces attacked by an enemy piece of lower
    /// value: knights and bishops attacked by a pawn, rooks by a pawn or a
    /// minor piece, queens by a pawn, a minor piece or a rook. The king and
    /// pawns are never in it.
    #[inline]
    pub fn attacked_by_lesser(&self) -> Bitboard {
        (self.targets[1] & self.pawn) | (self.targets[2] & self.by_minor()) | (self.targets[3] & self.by_rook())
    }
}

/// # Engine helpers: threat maps
///
/// Side-wide attack sets, computed set-wise.
impl Position {
    /// Squares the pieces of `color` and `role` attack on the current board
    /// (every pawn's two diagonal captures, whatever stands there; sliders
    /// up to and including the first piece on each ray).
    ///
    /// Cost: two shifts for pawns; one table lookup per knight or king; one
    /// magic lookup per slider (two per queen).
    ///
    /// ```
    /// use chess_movegen::{Color, Position, Rank, Role};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.attacks_by_role(Color::White, Role::Pawn), Rank::Third.bitboard());
    /// assert_eq!(pos.attacks_by_role(Color::Black, Role::Knight).len(), 6); // a6 c6 d7, e7 f6 h6
    /// ```
    #[inline]
    pub fn attacks_by_role(&self, color: Color, role: Role) -> Bitboard {
        let pieces = self.pieces(color, role);
        let occupied = self.occupied();
        match role {
            Role::Pawn => attacks::pawn_attacks_set(color, pieces),
            Role::Knight => union(pieces, attacks::knight_attacks),
            Role::Bishop => union(pieces, |sq| attacks::bishop_attacks(sq, occupied)),
            Role::Rook => union(pieces, |sq| attacks::rook_attacks(sq, occupied)),
            Role::Queen => union(pieces, |sq| attacks::queen_attacks(sq, occupied)),
            Role::King => union(pieces, attacks::king_attacks),
        }
    }

    /// Every square a piece of `color` attacks on the current board: the
    /// union of [`Position::attacks_by_role`] over the six roles, and the
    /// set of squares `sq` with `attackers_to(sq, color)` not empty.
    ///
    /// ```
    /// use chess_movegen::{Color, Position, Rank};
    /// let pos = Position::startpos();
    /// let attacked = pos.attacks_by(Color::White);
    /// assert_eq!(attacked & Rank::Third.bitboard(), Rank::Third.bitboard());
    /// assert_eq!(attacked.len(), 22);
    /// ```
    #[inline]
    pub fn attacks_by(&self, color: Color) -> Bitboard {
        self.threats(!color).all()
    }

    /// The attacks of `color`'s opponent, by kind of attacker, and what
    /// they threaten among `color`'s pieces (see [`Threats`]). Engines
    /// usually ask for the side to move (`pos.threats(pos.side_to_move())`).
    ///
    /// Cost: that of [`Position::attacks_by`] (sliders of both kinds share
    /// the queen's lookups).
    #[inline]
    pub fn threats(&self, color: Color) -> Threats {
        let them = !color;
        let occupied = self.occupied();
        let theirs = self.pieces_of_color(them);
        let bishops = self.pieces_of_role(Role::Bishop) & theirs;
        let rooks = self.pieces_of_role(Role::Rook) & theirs;
        let queens = self.pieces_of_role(Role::Queen) & theirs;
        let ours = self.pieces_of_color(color);
        Threats {
            pawn: self.attacks_by_role(them, Role::Pawn),
            minor: self.attacks_by_role(them, Role::Knight)
                | union(bishops, |sq| attacks::bishop_attacks(sq, occupied)),
            rook: union(rooks, |sq| attacks::rook_attacks(sq, occupied)),
            queen: union(queens, |sq| attacks::queen_attacks(sq, occupied)),
            king: attacks::king_attacks(self.king(them)),
            targets: [
                ours,
                (self.pieces_of_role(Role::Knight) | self.pieces_of_role(Role::Bishop)) & ours,
                self.pieces_of_role(Role::Rook) & ours,
                self.pieces_of_role(Role::Queen) & ours,
            ],
        }
    }
}

/// The union of `attack(sq)` over the squares of `pieces`.
#[cfg_attr(hot_inline, inline(always))]
fn union(pieces: Bitboard, attack: impl Fn(crate::types::Square) -> Bitboard) -> Bitboard {
    pieces.into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | attack(sq))
}
