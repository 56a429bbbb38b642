//! WDL and DTZ of a position: the tables plus the small searches the format
//! needs around them.
//!
//! The tables store positions without en-passant rights, and where a
//! capture is the best move they may store any value (that keeps them
//! small). So a WDL probe first resolves the captures (a search over
//! captures only, en passant included), and a DTZ probe checks for zeroing
//! moves that win, and, where a DTZ file stores only the other side to move,
//! searches one ply.

use chess_movegen::{Move, Position, Role};

use crate::board::{nothing_to_capture, Board};
use crate::table::{Kind, Table};
use crate::{Dtz, ProbeError, Tablebase, Wdl};

/// DTZ of a position whose best move zeroes, by WDL + 2.
const WDL_TO_DTZ: [i32; 5] = [-1, -101, 0, 101, 1];

/// A position's table of one kind, looked up once (`None`: only the kings).
type Own<'a> = Option<&'a Table>;

fn is_zeroing(pos: &Position, mv: Move) -> bool {
    pos.is_capture(mv) || pos.role_at(mv.from()) == Some(Role::Pawn)
}

fn is_mate(pos: &Position) -> bool {
    pos.is_check() && !pos.has_legal_moves()
}

impl Tablebase {
    /// Refuses positions the tables cannot cover: castling rights, or more
    /// pieces than the largest loaded table.
    pub(crate) fn check_probe(&self, pos: &Position) -> Result<(), ProbeError> {
        if !pos.castling_rights().is_empty() {
            return Err(ProbeError::Castling);
        }
        let pieces = pos.occupied().len();
        if pieces > self.max_pieces {
            return Err(ProbeError::TooManyPieces { pieces, max: self.max_pieces });
        }
        Ok(())
    }

    /// Whether `pos` has one piece more than the largest loaded table, no
    /// castling rights and something to capture: its result is then known
    /// if a capture wins, which [`Tablebase::capture_wins`] finds.
    #[inline]
    fn one_beyond(&self, pos: &Position) -> bool {
        pos.occupied().len() == self.max_pieces + 1
            && self.max_pieces > 0
            && pos.castling_rights().is_empty()
            && !nothing_to_capture(pos)
    }

    /// For a position one piece beyond the tables: `Ok` if a capture (en
    /// passant included) wins, read from the tables of the materials the
    /// captures reach; else [`ProbeError::TooManyPieces`], since only the
    /// position's own table could tell.
    ///
    /// One piece beyond is as far as captures can reach: a win by capture
    /// needs the position after it to be lost, which only its table says.
    #[cold]
    fn capture_wins(&self, pos: &Position) -> Result<(), ProbeError> {
        let mut won = false;
        Board::of(pos).captures(|c| {
            // Lost (-2) or better (fails high at -1) for the opponent.
            won = self.probe_ab(&c.board, -2, -1)? == -2;
            Ok(won)
        })?;
        match won {
            true => Ok(()),
            false => Err(ProbeError::TooManyPieces { pieces: pos.occupied().len(), max: self.max_pieces }),
        }
    }

    /// The board's table of `kind` (`None`: only the two kings are left,
    /// a draw).
    fn lookup(&self, b: &Board, kind: Kind) -> Result<Own<'_>, ProbeError> {
        if b.kings_only() {
            return Ok(None);
        }
        Ok(Some(self.table(b.material, kind)?))
    }

    /// The value the WDL table stores for the position (which may be wrong
    /// where a capture is best; see the module docs), its table already
    /// looked up.
    fn wdl_stored(b: &Board, table: Own<'_>) -> Result<i8, ProbeError> {
        match table {
            Some(table) => Ok(table.probe(b, 0)?.unwrap_or(0) as i8),
            None => Ok(0),
        }
    }

    /// The value the WDL table stores for the position.
    fn wdl_table(&self, b: &Board) -> Result<i8, ProbeError> {
        Self::wdl_stored(b, self.lookup(b, Kind::Wdl)?)
    }

    /// Alpha-beta over captures, for positions without en-passant rights.
    fn probe_ab(&self, b: &Board, mut alpha: i8, beta: i8) -> Result<i8, ProbeError> {
        let mut cut = None;
        b.captures(|c| {
            let v = -self.probe_ab(&c.board, -beta, -alpha)?;
            if v > alpha {
                if v >= beta {
                    cut = Some(v);
                    return Ok(true);
                }
                alpha = v;
            }
            Ok(false)
        })?;
        if let Some(v) = cut {
            return Ok(v);
        }
        let v = self.wdl_table(b)?;
        Ok(alpha.max(v))
    }

    /// WDL, and whether the best move zeroes (a winning capture, or an en
    /// passant capture as the only best move): then the DTZ table must not
    /// be read. `b` is `pos`'s board; `own`: its WDL table if already
    /// looked up.
    fn probe_wdl_inner(&self, pos: &Position, b: &Board, own: Option<Own<'_>>) -> Result<(i8, bool), ProbeError> {
        let mut best_cap = -3i8;
        let mut best_ep = -3i8;
        let mut won = false;
        b.captures(|c| {
            let v = -self.probe_ab(&c.board, -2, -best_cap)?;
            if v > best_cap {
                if v == 2 {
                    won = true;
                    return Ok(true);
                }
                if !c.en_passant {
                    best_cap = v;
                } else if v > best_ep {
                    best_ep = v;
                }
            }
            Ok(false)
        })?;
        if won {
            return Ok((2, true));
        }
        let v = match own {
            Some(own) => Self::wdl_stored(b, own)?,
            None => self.wdl_table(b)?,
        };
        // max(v, best_cap) is the value without en-passant rights.
        if best_ep > best_cap {
            if best_ep > v {
                return Ok((best_ep, true));
            }
            best_cap = best_ep;
        }
        if best_cap >= v {
            return Ok((best_cap, best_cap > 0));
        }
        // Without its en-passant capture the position would be stalemate:
        // the table says draw, the capture decides.
        if best_ep > -3 && v == 0 && !pos.is_check() && pos.legal_moves().iter().all(|m| m.is_en_passant()) {
            return Ok((best_ep, true));
        }
        Ok((v, false))
    }

    /// Win, draw or loss for the side to move.
    ///
    /// Needs the WDL tables of the position's material and of every
    /// material a sequence of captures can reach. A position with one piece
    /// more than the largest table is answered when a capture wins (en
    /// passant included): the tables of the materials the captures reach
    /// say so, and the answer is [`Wdl::Win`] (as python-chess answers).
    ///
    /// # Errors
    ///
    /// Castling rights, more pieces than the largest table (one more and no
    /// capture wins), a missing table (named), a corrupt or unreadable file
    /// (named, with the offset).
    pub fn probe_wdl(&self, pos: &Position) -> Result<Wdl, ProbeError> {
        if self.one_beyond(pos) {
            return self.capture_wins(pos).map(|()| Wdl::Win);
        }
        self.check_probe(pos)?;
        let b = Board::of(pos);
        // The position's own table first: a missing one fails before any search.
        let own = self.lookup(&b, Kind::Wdl)?;
        Ok(Wdl::from_i8(self.probe_wdl_inner(pos, &b, Some(own))?.0))
    }

    /// Distance to zeroing in plies (see [`Dtz`]): positive when the side to
    /// move wins, negative when it loses, 0 for a draw; -1 when checkmated.
    ///
    /// Needs the WDL and DTZ tables of the position's material, and the WDL
    /// tables of the materials its captures reach. One piece beyond the
    /// tables, a position where a capture wins is answered as by
    /// [`Tablebase::probe_wdl`]: 1 (the winning capture zeroes).
    ///
    /// # Errors
    ///
    /// As [`Tablebase::probe_wdl`], and a missing DTZ table.
    pub fn probe_dtz(&self, pos: &Position) -> Result<Dtz, ProbeError> {
        if self.one_beyond(pos) {
            // The winning capture zeroes at once.
            return self.capture_wins(pos).map(|()| Dtz(WDL_TO_DTZ[4]));
        }
        self.check_probe(pos)?;
        let b = Board::of(pos);
        let wdl_own = self.lookup(&b, Kind::Wdl)?;
        let dtz_own = self.lookup(&b, Kind::Dtz)?;
        self.probe_dtz_inner(pos, Some((wdl_own, dtz_own))).map(Dtz)
    }

    /// `own`: the position's WDL and DTZ tables if already looked up.
    pub(crate) fn probe_dtz_inner(&self, pos: &Position, own: Option<(Own<'_>, Own<'_>)>) -> Result<i32, ProbeError> {
        let b = Board::of(pos);
        let (wdl, zeroing_best) = self.probe_wdl_inner(pos, &b, own.map(|o| o.0))?;
        if wdl == 0 {
            return Ok(0);
        }
        if zeroing_best {
            return Ok(WDL_TO_DTZ[(wdl + 2) as usize]);
        }
        let moves = pos.legal_moves();
        // A winning pawn move zeroes at once.
        if wdl > 0 {
            for &mv in moves.iter() {
                if pos.role_at(mv.from()) != Some(Role::Pawn) || pos.is_capture(mv) {
                    continue;
                }
                let next = pos.play(mv);
                let v = -self.probe_wdl_inner(&next, &Board::of(&next), None)?.0;
                if v == wdl {
                    return Ok(WDL_TO_DTZ[(wdl + 2) as usize]);
                }
            }
        }
        // The best move is not an en-passant capture, so the position's WDL
        // is that of the position without en-passant rights: the DTZ table's
        // value for it holds.
        let table = match own {
            Some((_, own)) => own,
            None => self.lookup(&b, Kind::Dtz)?,
        };
        // Not only the kings: the WDL is not a draw.
        let Some(table) = table else { return Ok(0) };
        if let Some(dtz) = table.probe(&b, wdl)? {
            let base = WDL_TO_DTZ[(wdl + 2) as usize];
            return Ok(if wdl > 0 { base + dtz } else { base - dtz });
        }
        // The DTZ table stores the other side to move: one ply of search
        // over the moves that do not zero (zeroing ones are accounted for).
        let mut best = if wdl > 0 { i32::MAX } else { WDL_TO_DTZ[(wdl + 2) as usize] };
        for &mv in moves.iter() {
            if is_zeroing(pos, mv) {
                continue;
            }
            let next = pos.play(mv);
            let v = -self.probe_dtz_inner(&next, None)?;
            if v == 1 && is_mate(&next) {
                best = 1;
            } else if wdl > 0 {
                if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            } else if v - 1 < best {
                best = v - 1;
            }
        }
        Ok(best)
    }
}
