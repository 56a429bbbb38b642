//! What makes a position valid, checked on every position built from
//! outside (FEN, `Setup`), and the repairs of the lenient readers.

use core::fmt;

use bitflags::bitflags;

use crate::attacks;
use crate::position::{ply_of, CastlingMode, Position};
use crate::types::castling::{back_rank, is_standard_castling};
use crate::types::{Bitboard, CastlingSide, Color, Rank, Role, Square};

bitflags! {
    /// Every reason a position is not accepted, all at once.
    ///
    /// Move generation relies on these rules: without them a position could
    /// lead to moves that capture a king, pawns that cannot move, or more
    /// moves than a [`MoveList`](crate::MoveList) holds.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct PositionError: u16 {
        /// A side has no king. Check and mate are defined by the king.
        const MISSING_KING = 1;
        /// A side has more than one king; the game knows only one.
        const TOO_MANY_KINGS = 1 << 1;
        /// A pawn stands on the first or eighth rank: pawns start on their
        /// second rank and promote on reaching the last, so this cannot arise.
        const PAWNS_ON_BACK_RANK = 1 << 2;
        /// The side not to move is in check: the side to move could capture
        /// the king, so the last move was illegal.
        const OPPOSITE_CHECK = 1 << 3;
        /// More than 16 pieces or 8 pawns for one side, or more promoted
        /// pieces than missing pawns: no game reaches this (and it could
        /// produce more moves than any real position has).
        const TOO_MUCH_MATERIAL = 1 << 4;
        /// A castling right whose king is not on its back rank (on the
        /// e-file in standard chess), or whose rook is not on its square
        /// (a- or h-file in standard chess), or two rights on one side: the
        /// right is lost as soon as king or rook moves.
        const INVALID_CASTLING_RIGHTS = 1 << 5;
        /// The en-passant square is not on the third (sixth) rank behind a
        /// pawn that could just have made a double step, with the squares it
        /// crossed empty: en passant exists only right after a double step.
        const INVALID_EP_SQUARE = 1 << 6;
        /// The clocks cannot be: a fullmove number of 0, a halfmove clock
        /// larger than the number of half-moves played, or a non-zero
        /// halfmove clock right after a double step (a pawn move resets it).
        const IMPOSSIBLE_COUNTERS = 1 << 7;
        /// The side to move is in check by more than two pieces. A move
        /// gives check with the piece it moves and at most one piece it
        /// uncovers (en passant can uncover two, but then the capturing
        /// pawn cannot give check as well), so no game gets past a double
        /// check. Never accepted, not even by the lenient readers.
        const TOO_MANY_CHECKERS = 1 << 8;
        /// The side to move is in check in a way that no move of the other
        /// side can have given: the check was there before the last move,
        /// so the side that made it left the side to move in check while it
        /// was its own turn. Two cases are looked at.
        ///
        /// With an en-passant square (one that passes
        /// [`INVALID_EP_SQUARE`](Self::INVALID_EP_SQUARE)), the last move
        /// was that double step: there can be only one checker, and the
        /// check must not be there with the pawn back on its starting
        /// square (the pawn gives it, or it is uncovered by the pawn).
        ///
        /// Without one, a double check needs a last move that gives one
        /// check and uncovers the other: one checker stepped off the line
        /// between the other checker (a slider) and the king, by a move
        /// of its kind from an empty square, a promotion included; or an
        /// en-passant capture uncovered two sliders at once, through the
        /// capturing pawn's square and the captured pawn's. Two checkers on
        /// one line with the king, two knights, a knight and a pawn, or a
        /// slider next to the king with any other checker cannot be
        /// explained so. Castling and king moves give at most one check.
        ///
        /// Kings do not count as checkers here: a king next to the other
        /// king is [`OPPOSITE_CHECK`](Self::OPPOSITE_CHECK) for one of them.
        ///
        /// The rule is at least as strict as python-chess's
        /// `STATUS_IMPOSSIBLE_CHECK` and refuses no position a game can
        /// reach. Composed positions and perft suites hold such checks:
        /// [`FenOptions::impossible_check`](crate::FenOptions::impossible_check)
        /// reads them.
        const IMPOSSIBLE_CHECK = 1 << 9;
    }
}

const REASONS: [(PositionError, &str); 10] = [
    (PositionError::MISSING_KING, "missing king"),
    (PositionError::TOO_MANY_KINGS, "too many kings"),
    (PositionError::PAWNS_ON_BACK_RANK, "pawns on the first or eighth rank"),
    (PositionError::OPPOSITE_CHECK, "the side not to move is in check"),
    (PositionError::TOO_MUCH_MATERIAL, "too much material"),
    (PositionError::INVALID_CASTLING_RIGHTS, "castling right without its king or rook on the castling square"),
    (PositionError::INVALID_EP_SQUARE, "en-passant square without a pawn that just made a double step"),
    (PositionError::IMPOSSIBLE_COUNTERS, "impossible move counters"),
    (PositionError::TOO_MANY_CHECKERS, "more than two pieces give check"),
    (PositionError::IMPOSSIBLE_CHECK, "a check that no last move can have given"),
];

impl fmt::Display for PositionError {
    /// `illegal position: missing king, pawns on the first or eighth rank`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        write_flags(f, REASONS.iter().filter(|(flag, _)| self.contains(*flag)).map(|&(_, text)| text))
    }
}

/// Writes `texts` separated by commas: the `Display` of a flag set.
fn write_flags<'a>(f: &mut fmt::Formatter<'_>, texts: impl Iterator<Item = &'a str>) -> fmt::Result {
    for (i, text) in texts.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(text)?;
    }
    Ok(())
}

impl PositionError {
    /// The description of the first reason set, for `check_consistency`.
    pub(crate) fn first_reason(self) -> &'static str {
        REASONS.iter().find(|(flag, _)| self.contains(*flag)).map_or("no reason", |&(_, text)| text)
    }
}

impl fmt::Debug for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PositionError({self})")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PositionError {}

bitflags! {
    /// What the lenient parser ([`Position::from_fen_lenient`]) changed to
    /// make a real-world FEN valid.
    ///
    /// Only the castling rights, the en-passant square and the clocks are
    /// repaired: they are the fields writers get wrong, and each has one
    /// natural repair. Nothing is repaired on the board, so a position
    /// with a missing or extra king, pawns on a back rank, the side not to
    /// move in check, too much material, more than two checkers
    /// ([`PositionError::TOO_MANY_CHECKERS`]) or a check no move can have
    /// given ([`PositionError::IMPOSSIBLE_CHECK`], unless dropping the
    /// en-passant square explains it) is still refused.
    ///
    /// `Display` lists what was repaired in words.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct Repairs: u8 {
        /// Castling rights whose king or rook is not in place were dropped.
        const CASTLING_RIGHTS = 1;
        /// An en-passant square that no double step explains was dropped:
        /// no pawn of the side not to move stands in front of it with the
        /// square and the one behind it empty
        /// ([`PositionError::INVALID_EP_SQUARE`]), or the side to move is
        /// in check and the double step cannot have given that check while
        /// another move can ([`PositionError::IMPOSSIBLE_CHECK`]).
        const EP_SQUARE = 1 << 1;
        /// Missing halfmove clock and/or fullmove number were set to `0 1`.
        const MISSING_CLOCKS = 1 << 2;
        /// Impossible clocks were corrected: fullmove 0 became 1, a halfmove
        /// clock after a double step became 0, and a fullmove number too
        /// small for the halfmove clock was raised.
        const COUNTERS = 1 << 3;
    }
}

const REPAIRS: [(Repairs, &str); 4] = [
    (Repairs::CASTLING_RIGHTS, "dropped castling rights without their king or rook"),
    (Repairs::EP_SQUARE, "dropped an en-passant square that the last move cannot have left"),
    (Repairs::MISSING_CLOCKS, "set the missing clocks to 0 1"),
    (Repairs::COUNTERS, "corrected impossible move counters"),
];

impl fmt::Display for Repairs {
    /// What was repaired, in words, separated by commas:
    /// `dropped castling rights without their king or rook, set the missing
    /// clocks to 0 1`; `nothing repaired` when empty.
    ///
    /// ```
    /// use chess_movegen::{Position, Repairs};
    /// let (_, repairs) = Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K3 w K -")?;
    /// assert_eq!(repairs.to_string(), "dropped castling rights without their king or rook, set the missing clocks to 0 1");
    /// assert_eq!(Repairs::empty().to_string(), "nothing repaired");
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing repaired");
        }
        write_flags(f, REPAIRS.iter().filter(|(flag, _)| self.contains(*flag)).map(|&(_, text)| text))
    }
}

/// # Validation and repair (crate-internal)
impl Position {
    /// Every rule of [`PositionError`] this position breaks (empty if valid).
    pub(crate) fn validate(&self) -> PositionError {
        let mut errors = PositionError::empty();
        for color in Color::ALL {
            let kings = self.pieces(color, Role::King).len();
            if kings == 0 {
                errors |= PositionError::MISSING_KING;
            } else if kings > 1 {
                errors |= PositionError::TOO_MANY_KINGS;
            }
            let pawns = self.pieces(color, Role::Pawn).len();
            let pieces = self.pieces_of_color(color).len();
            let promoted = [(Role::Knight, 2), (Role::Bishop, 2), (Role::Rook, 2), (Role::Queen, 1)]
                .iter()
                .map(|&(role, start)| self.pieces(color, role).len().saturating_sub(start))
                .sum::<usize>();
            if pieces > 16 || pawns > 8 || promoted > 8 - pawns.min(8) {
                errors |= PositionError::TOO_MUCH_MATERIAL;
            }
        }
        if (self.pieces_of_role(Role::Pawn) & (Rank::First.bitboard() | Rank::Eighth.bitboard())).any() {
            errors |= PositionError::PAWNS_ON_BACK_RANK;
        }
        if !errors.intersects(PositionError::MISSING_KING | PositionError::TOO_MANY_KINGS)
            && self.is_attacked(self.king(!self.side), self.side)
        {
            errors |= PositionError::OPPOSITE_CHECK;
        }
        if !errors.intersects(PositionError::MISSING_KING | PositionError::TOO_MANY_KINGS) {
            errors |= self.check_errors();
        }
        if !self.castling_rooks_valid() {
            errors |= PositionError::INVALID_CASTLING_RIGHTS;
        }
        if self.ep_square.is_some() && !self.ep_square_valid() {
            errors |= PositionError::INVALID_EP_SQUARE;
        }
        if !self.counters_valid() {
            errors |= PositionError::IMPOSSIBLE_COUNTERS;
        }
        errors
    }

    fn castling_rooks_valid(&self) -> bool {
        let backs = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if (self.castling & !backs).any() {
            return false;
        }
        for color in Color::ALL {
            let back = Rank::First.relative_to(color).bitboard();
            let rooks = self.castling & back;
            if rooks.is_empty() {
                continue;
            }
            if (rooks & !self.pieces(color, Role::Rook)).any() {
                return false;
            }
            let kings = self.pieces(color, Role::King) & back;
            let Some(king) = kings.single() else {
                return false;
            };
            let mut sides = [0; 2];
            for rook in rooks {
                sides[CastlingSide::of_rook(king, rook) as usize] += 1;
            }
            if sides.iter().any(|&n| n > 1) {
                return false;
            }
            if self.mode == CastlingMode::Standard && rooks.into_iter().any(|rook| !is_standard_castling(king, rook)) {
                return false;
            }
        }
        true
    }

    fn ep_square_valid(&self) -> bool {
        let Some(ep) = self.ep_square else {
            return true;
        };
        let us = self.side;
        let them = !us;
        if ep.rank() != Rank::Sixth.relative_to(us) {
            return false;
        }
        let up = us.fold(1, -1);
        let (Some(pawn), Some(start)) = (ep.offset(0, -up), ep.offset(0, up)) else {
            return false;
        };
        self.pieces(them, Role::Pawn).contains(pawn)
            && (self.occupied() & (ep.bitboard() | start.bitboard())).is_empty()
    }

    /// [`PositionError::TOO_MANY_CHECKERS`] and
    /// [`PositionError::IMPOSSIBLE_CHECK`] for the side to move, whose king
    /// is known to be there, once.
    pub(crate) fn check_errors(&self) -> PositionError {
        let us = self.side;
        let king = self.king(us);
        let checkers = self.attackers_to(king, !us) & !self.pieces_of_role(Role::King);
        if checkers.is_empty() {
            return PositionError::empty();
        }
        if checkers.len() > 2 {
            return PositionError::TOO_MANY_CHECKERS;
        }
        let possible = match self.ep_square.filter(|_| self.ep_square_valid()) {
            Some(ep) => !checkers.more_than_one() && self.check_follows_double_step(ep, king),
            None => !checkers.more_than_one() || self.double_check_possible(king, checkers),
        };
        if possible {
            PositionError::empty()
        } else {
            PositionError::IMPOSSIBLE_CHECK
        }
    }

    /// Whether the check on `king` can come from the double step that the
    /// (valid) en-passant square `ep` says was the last move: it must not
    /// be there with the pawn back on its starting square.
    fn check_follows_double_step(&self, ep: Square, king: Square) -> bool {
        let up = self.side.fold(1, -1);
        let (Some(pawn), Some(start)) = (ep.offset(0, -up), ep.offset(0, up)) else {
            return false;
        };
        !self.attacked_before(king, Retraction { from: start, to: pawn, role: Role::Pawn, restored: Bitboard::EMPTY })
    }

    /// Whether some move of the side not to move can have given the two
    /// checks of `checkers` on `king`: a move of one checker (the other is
    /// then uncovered) or an en-passant capture, after which the checks
    /// are new, as found by taking the move back.
    fn double_check_possible(&self, king: Square, checkers: Bitboard) -> bool {
        let them = !self.side;
        let occupied = self.occupied();
        let empty = !occupied;
        let back = them.fold(-1, 1);
        let single = |sq: Option<Square>| sq.filter(|&sq| empty.contains(sq)).map_or(Bitboard::EMPTY, Square::bitboard);
        // Some origin in `origins` from which the piece on `to` (a `role`
        // before the move) can have come, with or without a capture.
        let from_any = |origins: Bitboard, to: Square, role: Role, capture: bool| {
            let restored = if capture { to.bitboard() } else { Bitboard::EMPTY };
            origins.into_iter().any(|from| !self.attacked_before(king, Retraction { from, to, role, restored }))
        };
        for to in checkers {
            let Some(role) = self.role_at(to) else { continue };
            let capture_origins = attacks::pawn_attacks(self.side, to) & empty;
            let explained = match role {
                Role::Pawn => {
                    let push = single(to.offset(0, back));
                    let double = if push.any() && to.rank() == Rank::Fourth.relative_to(them) {
                        single(to.offset(0, 2 * back))
                    } else {
                        Bitboard::EMPTY
                    };
                    from_any(push | double, to, role, false) || from_any(capture_origins, to, role, true)
                }
                Role::King => false,
                _ => {
                    let origins = match role {
                        Role::Knight => attacks::knight_attacks(to),
                        Role::Bishop => attacks::bishop_attacks(to, occupied),
                        Role::Rook => attacks::rook_attacks(to, occupied),
                        _ => attacks::queen_attacks(to, occupied),
                    } & empty;
                    let promoted = to.rank() == Rank::Eighth.relative_to(them);
                    from_any(origins, to, role, false)
                        || from_any(origins, to, role, true)
                        || (promoted
                            && (from_any(single(to.offset(0, back)), to, Role::Pawn, false)
                                || from_any(capture_origins, to, Role::Pawn, true)))
                }
            };
            if explained {
                return true;
            }
        }
        // En passant: a pawn on its sixth rank, with the square of the
        // pawn it took (behind it) and that pawn's starting square empty.
        for to in self.pieces(them, Role::Pawn) & Rank::Sixth.relative_to(them).bitboard() {
            let (Some(victim), Some(start)) = (to.offset(0, back), to.offset(0, -back)) else { continue };
            if occupied.contains(victim) || occupied.contains(start) {
                continue;
            }
            for from in attacks::pawn_attacks(self.side, to) & empty {
                if !self.attacked_before(king, Retraction { from, to, role: Role::Pawn, restored: victim.bitboard() }) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `king` (the side to move's) was attacked, kings aside,
    /// before the side not to move made the move `retraction` takes back.
    fn attacked_before(&self, king: Square, retraction: Retraction) -> bool {
        let Retraction { from, to, role, restored } = retraction;
        let them = !self.side;
        let Some(role_now) = self.role_at(to) else {
            return true;
        };
        let mut before = *self;
        before.bb.by_role[role_now.index()] ^= to.bitboard();
        before.bb.by_role[role.index()] ^= from.bitboard();
        before.bb.by_color[them.index()] ^= to.bitboard() | from.bitboard();
        let occupied = before.occupied() | restored;
        (before.attackers_with(king, them, occupied) & !before.pieces_of_role(Role::King)).any()
    }

    pub(crate) fn counters_valid(&self) -> bool {
        if self.fullmove_number() == 0 {
            return false;
        }
        let played = self.ply;
        u64::from(self.halfmove) <= played && (self.ep_square.is_none() || self.halfmove == 0)
    }

    /// Repairs what the lenient readers repair, given the rules broken.
    pub(crate) fn repair(&mut self, errors: PositionError) -> Repairs {
        let mut repairs = Repairs::empty();
        if errors.contains(PositionError::INVALID_CASTLING_RIGHTS) {
            self.castling = self.castling_rooks_repaired();
            repairs |= Repairs::CASTLING_RIGHTS;
        }
        if errors.contains(PositionError::INVALID_EP_SQUARE) {
            self.ep_square = None;
            repairs |= Repairs::EP_SQUARE;
        }
        // A check that the double step of the en-passant square cannot
        // have given, but another move can: the square is what is wrong.
        if errors.contains(PositionError::IMPOSSIBLE_CHECK) && self.ep_square.is_some() {
            let mut without = *self;
            without.ep_square = None;
            if !without.check_errors().contains(PositionError::IMPOSSIBLE_CHECK) {
                *self = without;
                repairs |= Repairs::EP_SQUARE;
            }
        }
        if !self.counters_valid() {
            self.repair_counters();
            repairs |= Repairs::COUNTERS;
        }
        repairs
    }

    /// The castling rooks that are valid, one per side at most.
    fn castling_rooks_repaired(&self) -> Bitboard {
        let by_color = |role| Color::ALL.map(|color| self.pieces(color, role));
        held_castling_rooks(self.castling, self.mode, by_color(Role::King), by_color(Role::Rook))
    }

    fn repair_counters(&mut self) {
        if self.ep_square.is_some() {
            self.halfmove = 0;
        }
        let played = u64::from(self.halfmove);
        let needed = (played.saturating_sub(self.side as u64)).div_ceil(2) + 1;
        let fullmove = u32::try_from(needed.max(u64::from(self.fullmove_number()))).unwrap_or(u32::MAX);
        self.ply = ply_of(fullmove, self.side);
    }
}

/// A move of the side not to move, taken back: the piece on `to` goes
/// back to `from` as a `role` (a pawn, if it promoted), and `restored`
/// (the captured piece's square) is occupied again by a piece of the side
/// to move.
#[derive(Clone, Copy)]
struct Retraction {
    from: Square,
    to: Square,
    role: Role,
    restored: Bitboard,
}

/// The rooks of `castling` that keep their right on a board with these
/// kings and rooks (by colour): each with its king on their back rank,
/// one per side at most, and in standard chess only with the king on the
/// e-file and the rook on the a- or h-file. One rule for a position's repair and a
/// [`Setup`](crate::Setup)'s, which may be no legal position.
pub(crate) fn held_castling_rooks(
    castling: Bitboard,
    mode: CastlingMode,
    kings: [Bitboard; 2],
    rooks: [Bitboard; 2],
) -> Bitboard {
    let mut kept = Bitboard::EMPTY;
    for color in Color::ALL {
        let back = back_rank(color);
        let Some(king) = (kings[color.index()] & back).single() else {
            continue;
        };
        // The first rook in square order on each side of the king.
        let mut taken = [false; 2];
        for rook in castling & back & rooks[color.index()] {
            let side = CastlingSide::of_rook(king, rook) as usize;
            if rook != king && !taken[side] && (mode == CastlingMode::Chess960 || is_standard_castling(king, rook)) {
                taken[side] = true;
                kept = kept.with(rook);
            }
        }
    }
    kept
}
