//! Castling moves: which castlings are candidates (right held, squares
//! free), the rule that the king's path may not be attacked (one form,
//! [`Position::castling_path_safe`], for the generator and for
//! `legality.rs`), and the legal listing specialised on what the position
//! shows of the side to move's castling.

use crate::geometry;
use crate::position::movegen::{
    CastlingKnown, Evasions, ListAnyCastling, ListNoCastling, ListStandard, Nothing, Targets, Visitor,
};
use crate::position::Position;
use crate::types::castling::{back_rank, corners_for_king_to, king_path, CASTLING_PATHS, CORNERS, FREE_CORNERS};
use crate::types::{Bitboard, CastlingSide, Color, Square};

/// True if `color`'s king on `king` stands on its own half of the board
/// (its first four ranks): from there, before and after any move of its
/// side, it attacks none of the opponent's first two ranks, where the
/// opponent's king steps from e1 (e8) and its castling paths lie. The
/// condition of [`CastlingKnown::Standard`] on the enemy king.
#[cfg_attr(hot_inline, inline(always))]
pub(super) fn king_on_own_half(color: Color, king: Square) -> bool {
    Bitboard(color.fold(0x0000_0000_ffff_ffff, 0xffff_ffff_0000_0000)).contains(king)
}

/// The squares one step (or, with `slide`, any number of steps on the
/// empty board) from `sq` in each of `directions`.
const fn reach_from(sq: u8, directions: &[(i8, i8)], slide: bool) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < directions.len() {
        let (file_step, rank_step) = directions[i];
        let mut at = sq;
        while let Some(next) = geometry::offset(at, file_step, rank_step) {
            mask |= 1 << next;
            if !slide {
                break;
            }
            at = next;
        }
        i += 1;
    }
    mask
}

/// For each side, king file and rook file, the squares from which a
/// knight, a bishop or a rook (`[0]`, `[1]`, `[2]`) could attack a square
/// of that castling's king path on the empty board: the reach (as in
/// `attacks::king_zone_reach`) with which an attack map is exact on the
/// path. A table, so that where the king's square is known (bulk perft's
/// last ply) the reach is a constant.
static CASTLING_REACH: [[[[u64; 3]; 8]; 8]; 2] = {
    let mut table = [[[[0; 3]; 8]; 8]; 2];
    let mut side = 0;
    while side < 2 {
        let base = if side == 0 { 0 } else { 56 };
        let mut king = 0;
        while king < 8 {
            let mut rook = 0;
            while rook < 8 {
                let path = CASTLING_PATHS[king][rook].king_path;
                let mut file = 0;
                while file < 8 {
                    if path >> file & 1 != 0 {
                        let sq = base + file;
                        let reach = &mut table[side][king][rook];
                        reach[0] |= reach_from(sq, &geometry::KNIGHT_STEPS, false);
                        reach[1] |= reach_from(sq, &geometry::BISHOP_DIRECTIONS, true);
                        reach[2] |= reach_from(sq, &geometry::ROOK_DIRECTIONS, true);
                    }
                    file += 1;
                }
                rook += 1;
            }
            king += 1;
        }
        side += 1;
    }
    table
};

/// The reach (see [`CASTLING_REACH`]) of the king's path of `us`'s
/// castling with the king on `king` and the rook on `rook`.
#[cfg_attr(hot_inline, inline(always))]
pub(super) fn castling_reach(us: Color, king: Square, rook: Square) -> [Bitboard; 3] {
    CASTLING_REACH[us.index()][usize::from(king as u8 & 7)][usize::from(rook as u8 & 7)].map(Bitboard)
}

/// # Castling moves
///
/// Candidates, the king's path, and the legal listing specialised on castling.
impl Position {
    /// The castling rule of king safety: none of the squares of `path`
    /// (squares of the king's path of castling the king on `king` with the
    /// rook on `rook`) is attacked by `them` with both castling pieces
    /// lifted off the board `occupied`, as `them`'s attack map made exact
    /// on the path ([`castling_reach`]) shows; `path` is the king's path
    /// or a part of it. The generator's standard castlings read the same
    /// map, shared with the king's steps (see `Position::king_moves`).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn castling_path_safe(
        &self,
        them: Color,
        (king, rook): (Square, Square),
        path: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        let lifted = occupied & !(king.bitboard() | rook.bitboard());
        (path & self.attacked_squares(them, lifted, castling_reach(!them, king, rook), true)).is_empty()
    }

    /// The rooks among `candidates` (see
    /// [`Position::castling_candidates`]) whose castling path is safe; the
    /// side to move is known not to be in check. Out of line (rare: every
    /// castling but standard chess's with the enemy king far, see
    /// `Position::king_moves`) and free of the visitor: one copy.
    #[inline(never)]
    pub(super) fn legal_castling_rooks(&self, king: Square, candidates: Bitboard) -> Bitboard {
        let mut rooks = Bitboard::EMPTY;
        for rook in candidates {
            if self.castling_path_safe(!self.side, (king, rook), king_path(king, rook), self.occupied()) {
                rooks = rooks.with(rook);
            }
        }
        rooks
    }

    /// The castling rooks of `us` (king on `king`) whose castling is
    /// wanted (the king's destination is in `castle_to`) and whose squares
    /// are free: the rook's and king's paths empty but for the two of
    /// them. `castling` is what the caller knows.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn castling_candidates(
        &self,
        us: Color,
        king: Square,
        castle_to: Bitboard,
        castling: CastlingKnown,
    ) -> Bitboard {
        let rights = self.castling & back_rank(us);
        match castling {
            CastlingKnown::None => Bitboard::EMPTY,
            CastlingKnown::Standard => self.corner_candidates(us, castle_to),
            CastlingKnown::Any if rights.is_empty() => Bitboard::EMPTY,
            CastlingKnown::Any if king == Square::E1.relative_to(us) && (rights & !CORNERS).is_empty() => {
                self.corner_candidates(us, castle_to)
            }
            CastlingKnown::Any => {
                let base = us.fold(0u8, 56);
                let occupancy = (self.occupied().0 >> base) as u8;
                let wanted = (castle_to.0 >> base) as u8;
                let king_file = usize::from(king as u8 & 7);
                let mut candidates = Bitboard::EMPTY;
                for rook in rights {
                    let must_be_empty = CASTLING_PATHS[king_file][usize::from(rook as u8 & 7)].must_be_empty;
                    let king_to = CastlingSide::of_rook(king, rook).king_to_file() as u8;
                    if wanted & 1 << king_to != 0 && must_be_empty & occupancy == 0 {
                        candidates = candidates.with(rook);
                    }
                }
                candidates
            }
        }
    }

    /// The candidates of standard chess (`us`'s king on e1 (e8), rights
    /// only on rooks in the corners): b-d or f-g must be empty and the
    /// king go to c or g. One table look-up by the back rank's occupancy.
    #[cfg_attr(hot_inline, inline(always))]
    fn corner_candidates(&self, us: Color, castle_to: Bitboard) -> Bitboard {
        let base = us.fold(0u8, 56);
        let occupancy = (self.occupied().0 >> base) as u8;
        let wanted = corners_for_king_to((castle_to.0 >> base) as u8);
        let rights = (self.castling.0 >> base) as u8;
        Bitboard(u64::from(rights & wanted & FREE_CORNERS[usize::from(occupancy)]) << base)
    }

    /// Every legal move into `v`, by a generator specialised on what the
    /// position shows of the side to move's castling (as bulk perft's last
    /// ply is on what its parent shows): with no castling right, no
    /// castling code runs; with the king on e1 (e8), rights only on rooks
    /// in the corners and the enemy king on its own half of the board,
    /// [`CastlingKnown::Standard`]; otherwise the general one.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn generate_legal<V: Visitor>(&self, v: &mut V) {
        if cfg!(feature = "compact") {
            return self.generate_compact::<true, Nothing, V>(self.side, self.king(self.side), &Targets::ALL, v);
        }
        match self.side {
            Color::White => self.legal_for_side::<true, V>(v),
            Color::Black => self.legal_for_side::<false, V>(v),
        }
    }

    /// [`Position::generate_legal`] for one side to move.
    #[cfg_attr(hot_inline, inline(always))]
    fn legal_for_side<const WHITE: bool, V: Visitor>(&self, v: &mut V) {
        let us = if WHITE { Color::White } else { Color::Black };
        let king = self.king(us);
        let rights = self.castling & back_rank(us);
        if rights.is_empty() {
            self.generate_for_side::<true, WHITE, ListNoCastling, V>(king, &Targets::ALL, v);
        } else if king == Square::E1.relative_to(us)
            && (rights & !CORNERS).is_empty()
            && king_on_own_half(!us, self.king(!us))
        {
            self.generate_for_side::<true, WHITE, ListStandard, V>(king, &Targets::ALL, v);
        } else {
            self.generate_for_side::<true, WHITE, ListAnyCastling, V>(king, &Targets::ALL, v);
        }
    }

    /// Every legal move of the side to move, in check (so no castling):
    /// one body for every castling kind of [`Position::generate_legal`].
    /// Positions in check are few, and their frame is made again here.
    #[inline(never)]
    pub(super) fn legal_evasions<const WHITE: bool, V: Visitor>(&self, king: Square, v: &mut V) {
        let f = self.frame::<true, WHITE>(king);
        self.frame_moves::<true, true, Evasions, V>(&f, &Targets::ALL, v);
    }
}

#[cfg(test)]
mod tests {
    use super::castling_reach;
    use crate::attacks;
    use crate::types::castling::king_path;
    use crate::types::{Color, Square};

    /// Every castling's reach holds exactly the squares from which a
    /// knight, a bishop or a rook attacks a square of its king's path on
    /// the empty board.
    #[test]
    fn castling_reach_is_exactly_the_squares_that_attack_the_path() {
        for us in Color::ALL {
            for king in Square::ALL.into_iter().filter(|sq| sq.rank() == crate::Rank::First.relative_to(us)) {
                for rook in Square::ALL.into_iter().filter(|sq| sq.rank() == king.rank() && *sq != king) {
                    let path = king_path(king, rook);
                    let reach = castling_reach(us, king, rook);
                    for from in Square::ALL {
                        let attacks = [
                            attacks::knight_attacks(from),
                            attacks::bishop_attacks(from, crate::Bitboard::EMPTY),
                            attacks::rook_attacks(from, crate::Bitboard::EMPTY),
                        ];
                        for (role, attacked) in attacks.into_iter().enumerate() {
                            assert_eq!(
                                reach[role].contains(from),
                                (attacked & path).any(),
                                "{us:?} king {king:?} rook {rook:?}, piece {role} on {from:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}
