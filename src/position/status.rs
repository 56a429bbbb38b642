//! Check queries.

use crate::attacks::{self, between};
use crate::position::{Boards, Position};
use crate::types::{Bitboard, Color, Role, Square};

/// # Queries: attacks, checks and pins
impl Position {
    /// Pieces of `color` that attack `sq`, with `occupied` as the board's
    /// occupancy (pass [`Position::occupied`] for the real board).
    #[inline]
    pub fn attackers_with(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.bb.attackers(sq, color, occupied)
    }

    /// Pieces of `color` that attack `sq` on the current board.
    ///
    /// ```
    /// use chess_movegen::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.attackers_to(Square::F3, Color::White).len(), 3); // e2, g2 pawns, g1 knight
    /// ```
    #[inline]
    pub fn attackers_to(&self, sq: Square, color: Color) -> Bitboard {
        self.attackers_with(sq, color, self.occupied())
    }

    /// True if a piece of `by` attacks `sq` on the current board.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers_to(sq, by).any()
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers_and_pinned(self.side, self.king(self.side), self.occupied()).0
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The side to move's pieces that are pinned to their king: moving them
    /// off the line between king and enemy slider would expose the king.
    pub fn pinned(&self) -> Bitboard {
        self.checkers_and_pinned(self.side, self.king(self.side), self.occupied()).1
    }

    /// Checkers of `us`'s king on `king` and `us`'s pinned pieces, from one
    /// sniper scan ([`scan_snipers`]): enemy sliders that see the king
    /// through our pieces ([`Position::slider_attackers`] on the board of
    /// their pieces alone) give check when nothing stands between, and pin
    /// the piece when exactly one of ours does. (A king never gives check
    /// in a valid position, so kings are not looked at.) The move
    /// generator's first step.
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn checkers_and_pinned(&self, us: Color, king: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let theirs = self.bb.by_color[(!us).index()];
        let orthogonal = self.orthogonal_sliders() & theirs;
        let diagonal = self.diagonal_sliders() & theirs;
        let checkers = ((attacks::knight_attacks(king) & self.bb.by_role[Role::Knight.index()])
            | (attacks::pawn_attacks(us, king) & self.bb.by_role[Role::Pawn.index()]))
            & theirs;
        // Often no enemy slider stands on the king's lines at all: then
        // there are no slider checks or pins, and no occupancy lookups.
        if snipers_among(king, orthogonal, diagonal).is_empty() {
            return (checkers, Bitboard::EMPTY);
        }
        let snipers = slider_attackers_among(king, theirs, orthogonal, diagonal);
        let ours = self.bb.by_color[us.index()];
        let scan = scan_snipers(king, snipers, occupied, ours);
        (checkers | scan.checkers, scan.blockers & ours)
    }

    /// The sliders of `color` on `sq`'s lines of the empty board: rooks
    /// and queens on its rank and file, bishops and queens on its
    /// diagonals. They attack `sq`, or would once the pieces between are
    /// gone: the candidates for checks, pins and x-rays ("snipers").
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn snipers(&self, sq: Square, color: Color) -> Bitboard {
        let theirs = self.bb.by_color[color.index()];
        snipers_among(sq, self.orthogonal_sliders() & theirs, self.diagonal_sliders() & theirs)
    }

    /// The sliders of `color` that attack `sq` with `occupied` as the
    /// occupancy (the snipers with nothing of `occupied` between).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn slider_attackers(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.bb.slider_attackers(sq, color, occupied)
    }

    /// True if the side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// True if the side to move is not in check and has no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}

/// The sliders among `orthogonal` (rooks and queens) and `diagonal`
/// (bishops and queens) on `sq`'s lines of the empty board
/// ([`Position::snipers`] of given slider sets).
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn snipers_among(sq: Square, orthogonal: Bitboard, diagonal: Bitboard) -> Bitboard {
    (attacks::rook_rays(sq) & orthogonal) | (attacks::bishop_rays(sq) & diagonal)
}

/// The sliders among `orthogonal` and `diagonal` that attack `sq` with
/// `occupied` as the occupancy ([`Position::slider_attackers`] of given
/// slider sets).
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn slider_attackers_among(
    sq: Square,
    occupied: Bitboard,
    orthogonal: Bitboard,
    diagonal: Bitboard,
) -> Bitboard {
    (attacks::rook_attacks(sq, occupied) & orthogonal) | (attacks::bishop_attacks(sq, occupied) & diagonal)
}

/// What stands between a king and the sliders aiming at it (see
/// [`scan_snipers`]).
pub(crate) struct SniperScan {
    /// The snipers with nothing between them and the king: they give check.
    pub checkers: Bitboard,
    /// The pieces (of either colour) that stand alone between a sniper and
    /// the king.
    pub blockers: Bitboard,
    /// The snipers whose lone blocker is one of `ours`: they pin it.
    pub pinners: Bitboard,
}

/// The one sniper scan: for each of `snipers` (sliders on the lines of
/// `king`), the pieces of `occupied` between it and the king. None: the
/// sniper gives check; exactly one: that piece blocks it, and the sniper
/// pins it if it is one of `ours`. Used for the blockers and pinners of
/// [`Position::blockers_for_king`] and [`Position::pinners`] (and so SEE's
/// and the checks' discovered-check candidates) and for the move
/// generator's checkers and pinned pieces
/// ([`Position::checkers_and_pinned`]).
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn scan_snipers(king: Square, snipers: Bitboard, occupied: Bitboard, ours: Bitboard) -> SniperScan {
    let mut scan = SniperScan { checkers: Bitboard::EMPTY, blockers: Bitboard::EMPTY, pinners: Bitboard::EMPTY };
    for sniper in snipers {
        let between = between(king, sniper) & occupied;
        if between.is_empty() {
            scan.checkers = scan.checkers.with(sniper);
        } else if !between.more_than_one() {
            scan.blockers |= between;
            if (between & ours).any() {
                scan.pinners = scan.pinners.with(sniper);
            }
        }
    }
    scan
}

impl Boards {
    /// Pieces of `color` that attack `sq`, with `occupied` as the
    /// occupancy: the attack rule of every board, a [`Position`]'s and
    /// that of a [`crate::Setup`] that is no legal position.
    #[inline]
    pub(super) fn attackers(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let role = |role: Role| self.by_role[role.index()];
        ((attacks::pawn_attacks(!color, sq) & role(Role::Pawn))
            | (attacks::knight_attacks(sq) & role(Role::Knight))
            | (attacks::king_attacks(sq) & role(Role::King)))
            & self.by_color[color.index()]
            | self.slider_attackers(sq, color, occupied)
    }

    /// The sliders of `color` that attack `sq` with `occupied` as the
    /// occupancy.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn slider_attackers(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let theirs = self.by_color[color.index()];
        slider_attackers_among(sq, occupied, self.orthogonal_sliders() & theirs, self.diagonal_sliders() & theirs)
    }

    /// Bishops and queens of both colours.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn diagonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    /// Rooks and queens of both colours.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn orthogonal_sliders(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::scan_snipers;
    use crate::Position;

    /// The generator's written-out scan agrees with the sniper vocabulary
    /// for both kings of every position two plies from a few busy roots.
    #[test]
    fn checkers_and_pinned_is_the_sniper_scan() {
        let fens = [
            crate::test_positions::KIWIPETE,
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/8/8/b7/7q/6n1/3B4/4K3 w - - 0 1",
        ];
        let mut checked = 0;
        for fen in fens {
            let root = Position::from_fen(fen).expect("fen");
            for first in root.legal_moves() {
                let pos = root.play(first);
                for mv in pos.legal_moves() {
                    let next = pos.play(mv);
                    for us in crate::Color::ALL {
                        let king = next.king(us);
                        let occupied = next.occupied();
                        let theirs = next.pieces_of_color(!us);
                        let ours = next.pieces_of_color(us);
                        let scan = scan_snipers(king, next.slider_attackers(king, !us, theirs), occupied, ours);
                        let steppers = next.attackers_to(king, !us) & !next.slider_attackers(king, !us, occupied);
                        let expected = (steppers | scan.checkers, scan.blockers & ours);
                        assert_eq!(next.checkers_and_pinned(us, king, occupied), expected, "{}", next.fen());
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} checked");
    }
}
