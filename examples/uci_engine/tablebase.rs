//! Syzygy endgame tablebases (the `chess-movegen-syzygy` crate): the
//! `SyzygyPath` and `SyzygyProbeLimit` options, WDL probes inside the
//! search and the root moves ranked by DTZ.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use chess_movegen::{MoveList, Position};
use chess_movegen_syzygy::{Tablebase, Wdl};

use super::eval::MATE_BOUND;

/// The score of a tablebase win at the root: below every mate score, above
/// every evaluation; a win found `ply` plies deep scores `TB_WIN - ply`.
pub(super) const TB_WIN: i32 = MATE_BOUND - 1_000;

/// The loaded tables and how far to trust them, shared with the search
/// thread.
#[derive(Clone)]
pub(super) struct Tablebases {
    tables: Arc<Tablebase>,
    /// Probe positions of at most this many pieces (`SyzygyProbeLimit`).
    limit: usize,
    /// Successful probes of the running search (`tbhits`).
    hits: Arc<AtomicU64>,
}

impl Tablebases {
    /// The tables of every directory in `path` (separated by `:`, or `;`
    /// on Windows): the tables and a report line, or why none are used.
    pub(super) fn load(path: &str, limit: usize) -> Result<(Tablebases, String), String> {
        let mut tables = Tablebase::new();
        let separator = if cfg!(windows) { ';' } else { ':' };
        let mut found = 0;
        for dir in path.split(separator).filter(|d| !d.is_empty()) {
            found += tables.add_directory(dir).map_err(|e| format!("cannot read {dir}: {e}"))?;
        }
        if found == 0 {
            return Err("no tables found".to_string());
        }
        let report = format!("{found} tables, up to {} pieces", tables.max_pieces());
        Ok((Tablebases { tables: Arc::new(tables), limit, hits: Arc::new(AtomicU64::new(0)) }, report))
    }

    /// Sets `SyzygyProbeLimit`.
    pub(super) fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// Successful probes since the last `reset_hits`.
    pub(super) fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    pub(super) fn reset_hits(&self) {
        self.hits.store(0, Ordering::Relaxed);
    }

    /// True if `pos` is small enough to probe: no castling rights, at most
    /// the probe limit's pieces and the largest table's.
    fn covers(&self, pos: &Position) -> bool {
        let pieces = pos.occupied().len();
        pos.castling_rights().is_empty() && pieces <= self.limit.min(self.tables.max_pieces())
    }

    /// The score of `pos`, `ply` plies below the root, from its WDL table;
    /// probed only right after a capture or pawn move (a zeroing move), as
    /// the WDL value assumes a fresh fifty-move count. A cursed win or a
    /// blessed loss is a draw under the fifty-move rule: scored ±1.
    pub(super) fn score(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.halfmove_clock() != 0 || !self.covers(pos) {
            return None;
        }
        let wdl = self.tables.probe_wdl(pos).ok()?;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(match wdl {
            Wdl::Win => TB_WIN - ply as i32,
            Wdl::CursedWin => 1,
            Wdl::Draw => 0,
            Wdl::BlessedLoss => -1,
            Wdl::Loss => -TB_WIN + ply as i32,
        })
    }

    /// The root moves that keep the best tablebase result (by DTZ and the
    /// halfmove clock, or by WDL alone when a DTZ table is missing), in
    /// their ranking's order; `moves` unchanged when the tables do not
    /// cover the root.
    pub(super) fn filter_root(&self, pos: &Position, moves: &MoveList) -> Option<MoveList> {
        if !self.covers(pos) {
            return None;
        }
        let ranked = self.tables.rank_root_moves(pos).or_else(|_| self.tables.rank_root_moves_wdl(pos)).ok()?;
        self.hits.fetch_add(ranked.len() as u64, Ordering::Relaxed);
        let best = ranked.iter().filter(|r| moves.contains(&r.mv)).map(|r| r.rank).max()?;
        let kept: MoveList = ranked.iter().filter(|r| r.rank == best && moves.contains(&r.mv)).map(|r| r.mv).collect();
        Some(kept)
    }
}
