//! What makes a position valid, checked on every position built from
//! outside (FEN).

use core::fmt;

use bitflags::bitflags;

use crate::attacks;
use crate::position::{CastlingMode, Position};
use crate::types::castling::is_standard_castling;
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
        let mut first = true;
        for (flag, text) in REASONS {
            if self.contains(flag) {
                if !first {
                    f.write_str(", ")?;
                }
                f.write_str(text)?;
                first = false;
            }
        }
        Ok(())
    }
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
        before.by_role[role_now.index()] ^= to.bitboard();
        before.by_role[role.index()] ^= from.bitboard();
        before.by_color[them.index()] ^= to.bitboard() | from.bitboard();
        let occupied = before.occupied() | restored;
        (before.attackers_with(king, them, occupied) & !before.pieces_of_role(Role::King)).any()
    }

    pub(crate) fn counters_valid(&self) -> bool {
        if self.fullmove == 0 {
            return false;
        }
        let played = 2 * (u64::from(self.fullmove) - 1) + self.side as u64;
        u64::from(self.halfmove) <= played && (self.ep_square.is_none() || self.halfmove == 0)
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

/// Bitboard of the squares a castling right may name, for parsing.
pub(crate) fn back_rank(color: Color) -> Bitboard {
    Rank::First.relative_to(color).bitboard()
}
