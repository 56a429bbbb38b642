//! The transposition table: one entry per slot, indexed by the low bits of
//! the Zobrist hash, with the full key kept to reject collisions.

use chess_movegen::Move;

use super::eval::{from_tt, to_tt};

/// One stored search result.
#[derive(Clone, Copy, Default)]
pub(super) struct TtEntry {
    key: u64,
    /// The best move in the crate's 16-bit format (`Move::to_bits`).
    best: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

impl TtEntry {
    /// The best move found (possibly from a key collision: check it).
    pub(super) fn best(&self) -> Move {
        Move::from_bits(self.best)
    }

    /// The score relative to the root, for a node `ply` plies deep.
    pub(super) fn score(&self, ply: usize) -> i32 {
        from_tt(i32::from(self.score), ply)
    }

    /// The depth searched.
    pub(super) fn depth(&self) -> i32 {
        i32::from(self.depth)
    }

    /// What the score is.
    pub(super) fn bound(&self) -> Bound {
        self.bound
    }
}

/// What a stored score is: exact, at least (a cut-off) or at most (no
/// move raised alpha).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) enum Bound {
    /// A slot never written.
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// A transposition table indexed by the low bits of the Zobrist hash; the
/// full key is stored to reject collisions.
pub(super) struct Tt {
    entries: Vec<TtEntry>,
}

impl Tt {
    /// A table of at most `mb` MB (at least 1024 entries), or `None` when
    /// the memory cannot be had.
    pub(super) fn new(mb: usize) -> Option<Tt> {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let n = ((bytes / std::mem::size_of::<TtEntry>()).next_power_of_two() / 2).max(1024);
        let mut entries = Vec::new();
        entries.try_reserve_exact(n).ok()?;
        entries.resize(n, TtEntry::default());
        Some(Tt { entries })
    }

    /// The table of 1024 entries kept when no larger one can be had.
    pub(super) fn smallest() -> Tt {
        Tt { entries: vec![TtEntry::default(); 1024] }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry stored for `key`, if any.
    pub(super) fn probe(&self, key: u64) -> Option<TtEntry> {
        let e = self.entries[self.index(key)];
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    /// Stores a result, unless the slot holds a deeper result for the
    /// same key and this one is not exact.
    pub(super) fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Move, ply: usize) {
        let i = self.index(key);
        let old = self.entries[i];
        if old.key == key && old.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        let score = to_tt(score, ply) as i16;
        self.entries[i] = TtEntry { key, best: best.to_bits(), score, depth: depth as i8, bound };
    }

    /// Empties every slot.
    pub(super) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = TtEntry::default());
    }
}
