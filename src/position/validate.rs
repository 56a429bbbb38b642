//! What makes a position valid, checked on every position built from
//! outside (FEN).

use core::fmt;

use bitflags::bitflags;

use crate::position::{CastlingMode, Position};
use crate::types::castling::is_standard_castling;
use crate::types::{Bitboard, CastlingSide, Color, Rank, Role};

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
    }
}

const REASONS: [(PositionError, &str); 8] = [
    (PositionError::MISSING_KING, "missing king"),
    (PositionError::TOO_MANY_KINGS, "too many kings"),
    (PositionError::PAWNS_ON_BACK_RANK, "pawns on the first or eighth rank"),
    (PositionError::OPPOSITE_CHECK, "the side not to move is in check"),
    (PositionError::TOO_MUCH_MATERIAL, "too much material"),
    (PositionError::INVALID_CASTLING_RIGHTS, "castling right without its king or rook on the castling square"),
    (PositionError::INVALID_EP_SQUARE, "en-passant square without a pawn that just made a double step"),
    (PositionError::IMPOSSIBLE_COUNTERS, "impossible move counters"),
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

    pub(crate) fn counters_valid(&self) -> bool {
        if self.fullmove == 0 {
            return false;
        }
        let played = 2 * (u64::from(self.fullmove) - 1) + self.side as u64;
        u64::from(self.halfmove) <= played && (self.ep_square.is_none() || self.halfmove == 0)
    }
}

/// Bitboard of the squares a castling right may name, for parsing.
pub(crate) fn back_rank(color: Color) -> Bitboard {
    Rank::First.relative_to(color).bitboard()
}
