//! Bulk perft's last two plies: every legal move of a position is played
//! (bitboards only) and the replies are counted without building them.

use crate::moves::MoveList;
use crate::position::movegen::{CastlingKnown, Counter, Known, Nothing, Targets};
use crate::position::Position;
use crate::types::{Color, Square};
#[cfg(not(feature = "compact"))]
use crate::{
    attacks::between,
    moves::Move,
    position::castling_moves::king_on_own_half,
    position::movegen::Visitor,
    position::movegen::{shift, LeafAnyCastling, LeafNoCastling, LeafStandard},
    types::castling::{back_rank, CORNERS},
    types::Bitboard,
    types::{Rank, Role},
};

/// Bulk perft's list of a parent's moves: the double steps landing on
/// `enabling` (squares beside a pawn of the opponent, which may then
/// capture en passant) go to `double_steps`, every other move to `main`.
#[cfg(not(feature = "compact"))]
struct SplitDoubleSteps<'a> {
    us: Color,
    main: &'a mut MoveList,
    double_steps: &'a mut MoveList,
    enabling: Bitboard,
}

#[cfg(not(feature = "compact"))]
impl Visitor for SplitDoubleSteps<'_> {
    #[cfg_attr(hot_inline, inline(always))]
    fn piece(&mut self, from: Square, to: Bitboard) {
        self.main.piece(from, to);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        // A pinned pawn, one by one: its double step is the square two
        // ahead (from the second rank only can that square be on the
        // fourth, where `enabling` lies).
        let double = to & self.enabling & from.bitboard().forward(self.us).forward(self.us);
        self.main.pawn(from, to & !double);
        if double.any() {
            self.double_steps.pawn(from, double);
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        self.main.pawn_set(to, step);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        self.main.promotion_set(to, step);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, up: i8) {
        self.main.pawn_pushes(single, double & !self.enabling, up);
        if (double & self.enabling).any() {
            self.double_steps.pawn_set(double & self.enabling, 2 * up);
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn special(&mut self, mv: Move) {
        self.main.special(mv);
    }
}

/// # Bulk perft
///
/// The count of the last two plies, for [`crate::perft`].
impl Position {
    /// Bulk perft to depth 2: every legal move is played (bitboards only)
    /// and the replies are counted. The moves are listed first and then
    /// played in one loop, in which the counting generator of the side to
    /// move after them is inlined: no call per move.
    pub(crate) fn perft_2(&self) -> u64 {
        match self.side {
            Color::White => self.perft_2_for::<true>(),
            Color::Black => self.perft_2_for::<false>(),
        }
    }

    /// Under `compact`: the moves in one list and one counting loop that
    /// knows nothing of the children (less code; the general loop's
    /// castling and en-passant checks at every child).
    #[cfg(feature = "compact")]
    fn perft_2_for<const WHITE: bool>(&self) -> u64 {
        let us = if WHITE { Color::White } else { Color::Black };
        let mut moves = MoveList::new();
        self.generate_for_side::<true, WHITE, Nothing, _>(self.king(us), &Targets::ALL, &mut moves);
        self.count_replies::<WHITE, Nothing>(&moves, self.king(!us))
    }

    #[cfg(not(feature = "compact"))]
    #[cfg_attr(hot_inline, inline(always))]
    fn perft_2_for<const WHITE: bool>(&self) -> u64 {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        // An en-passant capture in a child needs a double step of ours
        // landing beside a pawn of theirs: such moves go to a list of
        // their own, so that the children of the others are counted
        // without en-passant code.
        let fourth = Rank::Fourth.relative_to(us).bitboard();
        let their_pawns = self.pieces(them, Role::Pawn) & fourth;
        let enabling = shift(their_pawns & !Bitboard::FILE_H, 1) | shift(their_pawns & !Bitboard::FILE_A, -1);
        let mut moves = MoveList::new();
        let mut double_steps = MoveList::new();
        let mut split = SplitDoubleSteps { us, main: &mut moves, double_steps: &mut double_steps, enabling };
        self.generate_for_side::<true, WHITE, Nothing, _>(self.king(us), &Targets::ALL, &mut split);
        // The side to move after every move keeps its king where it is,
        // and its castling rights or fewer: what is known of its castling
        // here holds for every child.
        let their_king = self.king(them);
        let rights = self.castling & back_rank(them);
        let corners = their_king == Square::E1.relative_to(them) && (rights & !CORNERS).is_empty();
        let standard = corners && king_on_own_half(us, self.king(us));
        // A piece of theirs between their king and a castling rook stays
        // there or is captured, and the square stays occupied: with every
        // standard castling blocked so, none is possible in any child.
        let theirs = self.bb.by_color[them.index()];
        let blocked = corners && rights.into_iter().all(|rook| (between(their_king, rook) & theirs).any());
        let nodes = if rights.is_empty() || blocked {
            self.count_replies::<WHITE, LeafNoCastling>(&moves, their_king)
        } else if standard {
            self.count_replies::<WHITE, LeafStandard>(&moves, their_king)
        } else {
            self.count_replies::<WHITE, LeafAnyCastling>(&moves, their_king)
        };
        // The few double steps: one general loop (any castling, en passant).
        if double_steps.is_empty() {
            nodes
        } else {
            nodes + self.count_double_steps::<WHITE>(&double_steps, their_king)
        }
    }

    /// [`Position::count_replies`] for the double steps that may enable
    /// an en-passant capture (nothing known of the children): rare, so
    /// out of line, leaving the common loops the registers.
    #[cfg(not(feature = "compact"))]
    #[inline(never)]
    fn count_double_steps<const WHITE: bool>(&self, moves: &MoveList, their_king: Square) -> u64 {
        self.count_replies::<WHITE, Nothing>(moves, their_king)
    }

    /// The replies to each of `moves` (of the side to move, `WHITE`),
    /// counted; `their_king` is the opponent's king and `K` what is known
    /// of the opponent's castling and en passant in every child.
    #[cfg_attr(hot_inline, inline(always))]
    fn count_replies<const WHITE: bool, K: Known>(&self, moves: &MoveList, their_king: Square) -> u64 {
        let castling = K::CASTLING;
        // With standard castling the king is on e1 (e8): a constant, and
        // with it every table entry its square decides.
        let their_king = if castling == CastlingKnown::Standard {
            Square::E1.relative_to(if WHITE { Color::Black } else { Color::White })
        } else {
            their_king
        };
        // One child serves every move (see `Position::play_for_count`).
        let mut child = self.child_for_count();
        let mut nodes = 0;
        for &mv in moves {
            self.play_for_count::<WHITE>(mv, &mut child, castling != CastlingKnown::None, K::EN_PASSANT);
            let mut counter = Counter::default();
            if WHITE {
                child.generate_for_side::<true, false, K, _>(their_king, &Targets::ALL, &mut counter);
            } else {
                child.generate_for_side::<true, true, K, _>(their_king, &Targets::ALL, &mut counter);
            }
            nodes += counter.total() as u64;
        }
        nodes
    }
}
