//! Ranking the legal moves at the root by their tablebase result.

use chess_movegen::{Move, Position};

use crate::{Dtz, ProbeError, Tablebase, Wdl};

/// One legal move of the root position with its tablebase result, from the
/// side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The result after the move, for the mover, with the root position's
    /// halfmove clock taken into account: a win that cannot reach its next
    /// zeroing move before the fifty-move rule is a [`Wdl::CursedWin`]
    /// (and the loss of such a win a [`Wdl::BlessedLoss`]).
    pub wdl: Wdl,
    /// Distance to zeroing counted from the root position, in plies: 1 for
    /// a winning capture, pawn move or mate, `n + 1` for a move into a
    /// position whose DTZ is `n`. Positive wins, negative loses. With
    /// [`Tablebase::rank_root_moves_wdl`]: the DTZ of a zeroing move for
    /// the WDL (±1, ±101 or 0).
    pub dtz: Dtz,
    /// Higher is better. 1000: a win within the fifty-move rule; below
    /// that down to 1: a win that the halfmove clock puts in danger (lower
    /// is worse); 0: a draw; negative: losses, -1000 for a loss the
    /// opponent can complete in time. Moves of the best rank are the ones an
    /// engine should search.
    pub rank: i32,
}

impl Tablebase {
    /// Every legal move of `pos` with its result, best first: by rank, then
    /// (among wins) the shortest distance to zeroing, (among losses) the
    /// longest. Uses the DTZ tables and `pos`'s halfmove clock.
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_dtz`] for any position after a move.
    pub fn rank_root_moves(&self, pos: &Position) -> Result<Vec<RootMove>, ProbeError> {
        self.check_probe(pos)?;
        let cnt50 = pos.halfmove_clock() as i32;
        let mut out = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let next = pos.play(mv);
            let v = if next.halfmove_clock() == 0 {
                let (w, _) = self.probe_wdl_after(&next)?;
                [-1, -101, 0, 101, 1][(2 - w) as usize]
            } else {
                let d = -self.probe_dtz(&next)?.0;
                d + d.signum()
            };
            // A mating move: 1, not 2.
            let v = if v == 2 && next.is_check() && !next.has_legal_moves() { 1 } else { v };
            let rank = if v > 0 {
                if v + cnt50 <= 99 {
                    1000
                } else {
                    1000 - (v + cnt50)
                }
            } else if v < 0 {
                if -v * 2 + cnt50 < 100 {
                    -1000
                } else {
                    -1000 + (-v + cnt50)
                }
            } else {
                0
            };
            let wdl = if v > 0 {
                if v + cnt50 <= 100 {
                    Wdl::Win
                } else {
                    Wdl::CursedWin
                }
            } else if v < 0 {
                if -v + cnt50 <= 100 {
                    Wdl::Loss
                } else {
                    Wdl::BlessedLoss
                }
            } else {
                Wdl::Draw
            };
            out.push(RootMove { mv, wdl, dtz: Dtz(v), rank });
        }
        sort(&mut out);
        Ok(out)
    }

    /// Every legal move of `pos` ranked by WDL alone, best first: for when
    /// the DTZ tables are missing. A cursed win ranks 899 (below a win, 1000,
    /// above a draw), a blessed loss -899. The halfmove clock is not used
    /// (WDL cannot tell how far the next zeroing move is).
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_wdl`] for any position after a move.
    pub fn rank_root_moves_wdl(&self, pos: &Position) -> Result<Vec<RootMove>, ProbeError> {
        self.check_probe(pos)?;
        let mut out = Vec::new();
        for &mv in pos.legal_moves().iter() {
            let (w, _) = self.probe_wdl_after(&pos.play(mv))?;
            let wdl = Wdl::from_i8(-w);
            let rank = [-1000, -899, 0, 899, 1000][(wdl.to_i8() + 2) as usize];
            let dtz = Dtz([-1, -101, 0, 101, 1][(wdl.to_i8() + 2) as usize]);
            out.push(RootMove { mv, wdl, dtz, rank });
        }
        sort(&mut out);
        Ok(out)
    }

    /// WDL of a position reached by a move (castling rights may remain
    /// only if the root had them, which it has not).
    fn probe_wdl_after(&self, pos: &Position) -> Result<(i8, bool), ProbeError> {
        self.probe_wdl(pos).map(|w| (w.to_i8(), false))
    }
}

fn sort(moves: &mut [RootMove]) {
    moves.sort_by_key(|m| {
        let tiebreak = if m.dtz.0 > 0 { m.dtz.0 } else { -m.dtz.0.abs() };
        (-m.rank, tiebreak)
    });
}
