//! A move list with a score per move, for staged move pickers: filled by
//! [`Position::generate_into`](crate::Position::generate_into), scored by
//! the engine, then taken best first by selection ([`ScoredMoveList::pick_best`])
//! or sorted in part ([`ScoredMoveList::sort_partial`]). No heap
//! allocation: 256 moves and 256 scores inline.

use core::fmt;

use crate::moves::{Move, MoveList};

/// Moves with an `i32` score each, up to 256 (more than any position has,
/// legal or pseudo-legal), stored inline (1,540 bytes).
///
/// ```
/// use chess_movegen::{GenKind, Legality, Position, Role, ScoredMoveList};
///
/// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// let mut list = ScoredMoveList::new();
/// pos.generate_into(GenKind::Noisy, Legality::Legal, &mut list);
/// // Most valuable victim first, then least valuable attacker.
/// let value = |role: Option<Role>| role.map_or(0, |r| [1, 3, 3, 5, 9, 0][r.index()]);
/// list.score_with(|mv| 10 * value(pos.role_at(mv.to())) - value(pos.role_at(mv.from())));
/// let mut order = Vec::new();
/// let mut next = 0;
/// while let Some((mv, score)) = list.pick_best(next) {
///     order.push((pos.san(mv), score));
///     next += 1;
/// }
/// assert_eq!(order.len(), 8);
/// assert_eq!(order[0], ("Bxa6".to_string(), 27)); // bishop takes bishop
/// assert!(order.windows(2).all(|w| w[0].1 >= w[1].1));
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
#[derive(Clone)]
pub struct ScoredMoveList {
    moves: MoveList,
    scores: [i32; 256],
}

impl ScoredMoveList {
    /// An empty list.
    pub const fn new() -> ScoredMoveList {
        ScoredMoveList { moves: MoveList::new_const(), scores: [0; 256] }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True if the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Appends `mv` with `score`, or hands the move back if the list is
    /// full.
    ///
    /// # Errors
    ///
    /// `Err((mv, score))` when the list already holds 256 moves.
    #[inline]
    pub fn try_push(&mut self, mv: Move, score: i32) -> Result<(), (Move, i32)> {
        let index = self.moves.len();
        match self.moves.try_push(mv) {
            Ok(()) => {
                self.scores[index] = score;
                Ok(())
            }
            Err(_) => Err((mv, score)),
        }
    }

    /// The moves, in list order.
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The scores, one per move in list order.
    #[inline]
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.moves.len()]
    }

    /// The scores, to set them one by one.
    #[inline]
    pub fn scores_mut(&mut self) -> &mut [i32] {
        &mut self.scores[..self.moves.len()]
    }

    /// The move and score at `index`, or `None` past the end.
    #[inline]
    pub fn get(&self, index: usize) -> Option<(Move, i32)> {
        self.moves.get(index).map(|&mv| (mv, self.scores[index]))
    }

    /// The moves with their scores, in list order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Move, i32)> + '_ {
        self.moves.iter().zip(&self.scores).map(|(&mv, &score)| (mv, score))
    }

    /// Sets each move's score to `score(mv)`.
    #[inline]
    pub fn score_with(&mut self, mut score: impl FnMut(Move) -> i32) {
        for (slot, &mv) in self.scores.iter_mut().zip(self.moves.iter()) {
            *slot = score(mv);
        }
    }

    /// One step of selection sort: finds the highest score among the moves
    /// from `start` on (the first of equal scores), swaps it to `start` and
    /// returns it; `None` when `start` is past the last move. Calling it
    /// with `start` = 0, 1, 2, … yields the moves best first, and costs
    /// one scan of the remaining moves per call, which beats a full sort
    /// when a cutoff comes after a few moves.
    #[inline]
    pub fn pick_best(&mut self, start: usize) -> Option<(Move, i32)> {
        let len = self.moves.len();
        if start >= len {
            return None;
        }
        let mut best = start;
        for i in start + 1..len {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.swap(start, best);
        Some((self.moves[start], self.scores[start]))
    }

    /// Moves every move scored `limit` or more to the front, in descending
    /// order of score (equal scores in list order); the others follow in an
    /// unspecified order. An insertion sort over the moves that pass, as
    /// pickers use it for quiet moves with `limit` set so that only the
    /// promising ones are ordered.
    pub fn sort_partial(&mut self, limit: i32) {
        let len = self.moves.len();
        let moves = &mut self.moves[..len];
        let scores = &mut self.scores[..len];
        let mut sorted = 0;
        for i in 0..len {
            let (mv, score) = (moves[i], scores[i]);
            if score < limit {
                continue;
            }
            // The first unsorted move takes this one's place; this one is
            // inserted into the sorted front, shifting lower scores back.
            moves[i] = moves[sorted];
            scores[i] = scores[sorted];
            let mut j = sorted;
            while j > 0 && scores[j - 1] < score {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j -= 1;
            }
            moves[j] = mv;
            scores[j] = score;
            sorted += 1;
        }
    }

    /// Sorts all moves by descending score (equal scores keep list order).
    pub fn sort(&mut self) {
        self.sort_partial(i32::MIN);
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn swap(&mut self, a: usize, b: usize) {
        self.moves.swap(a, b);
        self.scores.swap(a, b);
    }

    /// The move list the generator fills; the scores of its moves are set
    /// to 0 by [`ScoredMoveList::filled`].
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn move_list(&mut self) -> &mut MoveList {
        &mut self.moves
    }

    /// Sets the scores of freshly generated moves to 0.
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn filled(&mut self) {
        let len = self.moves.len();
        self.scores[..len].fill(0);
    }
}

impl Default for ScoredMoveList {
    fn default() -> ScoredMoveList {
        ScoredMoveList::new()
    }
}

impl fmt::Debug for ScoredMoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for ScoredMoveList {
    fn eq(&self, other: &ScoredMoveList) -> bool {
        self.moves == other.moves && self.scores() == other.scores()
    }
}

impl Eq for ScoredMoveList {}

impl Extend<(Move, i32)> for ScoredMoveList {
    /// Appends moves with their scores.
    ///
    /// # Panics
    ///
    /// If the list would hold more than 256 moves.
    #[track_caller]
    fn extend<I: IntoIterator<Item = (Move, i32)>>(&mut self, iter: I) {
        for (mv, score) in iter {
            assert!(self.try_push(mv, score).is_ok(), "ScoredMoveList holds at most 256 moves");
        }
    }
}

impl FromIterator<(Move, i32)> for ScoredMoveList {
    /// Collects moves with their scores.
    ///
    /// # Panics
    ///
    /// If there are more than 256.
    #[track_caller]
    fn from_iter<I: IntoIterator<Item = (Move, i32)>>(iter: I) -> ScoredMoveList {
        let mut list = ScoredMoveList::new();
        list.extend(iter);
        list
    }
}
