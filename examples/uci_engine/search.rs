//! The search: iterative deepening over a principal-variation alpha-beta
//! with a transposition table, check extensions, killer moves and history,
//! and a quiescence search over the noisy moves that do not lose material.
//! Draws by repetition, fifty moves and insufficient material are scored
//! 0 below the root.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

use chess_movegen::{KeyHistory, Move, MoveList, Position};

use super::correction::Correction;
use super::eval::{score_text, INFINITY, MATE, MATE_BOUND};
use super::picker::{is_noisy, History, Picker};
use super::tablebase::Tablebases;
use super::text::Output;
use super::tt::{Bound, Tt};

/// The deepest a search path goes, in plies.
pub(super) const MAX_PLY: usize = 128;

/// State shared by the command loop and the search thread.
pub(super) struct Shared {
    /// Set by `stop`, `quit` or a new `go`.
    pub(super) stop: AtomicBool,
    /// True while a `go ponder` search waits for `ponderhit`.
    pub(super) pondering: AtomicBool,
    /// Milliseconds after the search's start after which no new iteration
    /// starts, and after which the search is cut off (`u64::MAX`: none).
    pub(super) soft_ms: AtomicU64,
    pub(super) hard_ms: AtomicU64,
    /// The best root move so far and its expected reply, as move bits
    /// (best in the high half; 0: none yet), for a `stop` that cannot wait
    /// for the search thread.
    best: AtomicU32,
    /// Set by whoever prints the search's `bestmove`: the search thread
    /// when it ends, or the command loop when it stops waiting for it.
    pub(super) answered: AtomicBool,
}

impl Shared {
    /// Nothing stopped, no clock limit.
    pub(super) fn new() -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            soft_ms: AtomicU64::new(u64::MAX),
            hard_ms: AtomicU64::new(u64::MAX),
            best: AtomicU32::new(0),
            answered: AtomicBool::new(false),
        }
    }

    /// Records the best root move so far and its expected reply.
    fn set_best(&self, best: Move, reply: Move) {
        let bits = (u32::from(best.to_bits()) << 16) | u32::from(reply.to_bits());
        self.best.store(bits, Ordering::Relaxed);
    }

    /// The best root move so far and its expected reply (null: none yet).
    pub(super) fn best(&self) -> (Move, Move) {
        let bits = self.best.load(Ordering::Relaxed);
        (Move::from_bits((bits >> 16) as u16), Move::from_bits(bits as u16))
    }
}

/// What `go` asked for, apart from the clock (kept in `Shared`).
pub(super) struct Limits {
    pub(super) depth: i32,
    pub(super) nodes: u64,
    /// Stop at a mate in at most this many moves.
    pub(super) mate: Option<i32>,
    /// `infinite` or `ponder`: the best move waits for `stop`.
    pub(super) wait_for_stop: bool,
    pub(super) searchmoves: Vec<Move>,
    /// Syzygy tables (`SyzygyPath`), when loaded.
    pub(super) tablebases: Option<Tablebases>,
}

/// One search's state: the table, counters, the path for repetitions and
/// the move-ordering tables.
struct Search<'a> {
    tt: &'a mut Tt,
    shared: &'a Shared,
    start: Instant,
    limits: &'a Limits,
    /// The root moves to search: `searchmoves`, and of those the ones that
    /// keep the best tablebase result.
    root: MoveList,
    nodes: u64,
    seldepth: usize,
    /// Keys of the game's positions and of the current search path, the
    /// node's own last.
    keys: KeyHistory,
    killers: [[Move; 2]; MAX_PLY],
    history: Box<History>,
    correction: &'a mut Correction,
    /// Set once depth 1 is complete: only then may the clock cut a search.
    may_time_out: bool,
    aborted: bool,
}

impl Search<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Counts a node and tells whether the search must stop now.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limits.nodes {
            self.aborted = true;
        }
        if self.nodes & 255 == 0 {
            let out_of_time = self.may_time_out
                && !self.shared.pondering.load(Ordering::Relaxed)
                && self.elapsed_ms() >= self.shared.hard_ms.load(Ordering::Relaxed);
            if self.shared.stop.load(Ordering::Relaxed) || out_of_time {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// A repetition of any earlier position since the last capture or pawn
    /// move, fifty moves or insufficient material. (A repetition counts at
    /// once even before the root: asking `KeyHistory` at a ply beyond its
    /// length.)
    fn is_draw(&self, pos: &Position) -> bool {
        self.keys.is_repetition(self.keys.len()) || pos.is_fifty_move_rule() || pos.is_insufficient_material()
    }

    /// `alpha`, raised to the draw score when the side to move has a move
    /// back to an earlier position (below the root, where a draw is a
    /// result the node can choose).
    fn repetition_floor(&self, pos: &Position, alpha: i32, ply: usize) -> i32 {
        if ply > 0 && alpha < 0 && self.keys.upcoming_repetition(pos, self.keys.len()) {
            0
        } else {
            alpha
        }
    }

    /// The tablebase score of a node below the root, if the tables cover
    /// it (see `Tablebases::score`).
    fn tablebase_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        let tablebases = self.limits.tablebases.as_ref().filter(|_| ply > 0)?;
        tablebases.score(pos, ply)
    }

    /// Plays `mv` for the search below: the child position, its key pushed.
    fn make(&mut self, pos: &Position, mv: Move) -> Position {
        let next = pos.play(mv);
        self.keys.push(next.zobrist_hash(), next.halfmove_clock());
        next
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if !in_check {
            let stand_pat = self.correction.evaluate(pos);
            if stand_pat >= beta || ply >= MAX_PLY - 1 {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        // In check every evasion is searched; otherwise only noisy moves
        // that do not lose material.
        let mut picker = Picker::new(Move::NULL, [Move::NULL; 2], !in_check);
        let mut any = false;
        while let Some(mv) = picker.next(pos, &self.history) {
            any = true;
            let score = -self.quiesce(&pos.play(mv), -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        if in_check && !any {
            return -MATE + ply as i32;
        }
        alpha
    }

    /// The table's move for `key`, and its score when that score decides
    /// the node (never at the root).
    fn probe(&self, key: u64, depth: i32, alpha: i32, beta: i32, ply: usize) -> (Move, Option<i32>) {
        let Some(e) = self.tt.probe(key) else { return (Move::NULL, None) };
        let score = e.score(ply);
        let cut = ply > 0
            && e.depth() >= depth
            && match e.bound() {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
                Bound::Empty => false,
            };
        (e.best(), cut.then_some(score))
    }

    fn negamax(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize, pv: &mut Vec<Move>) -> i32 {
        pv.clear();
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 && self.is_draw(pos) {
            return 0;
        }
        if let Some(score) = self.tablebase_score(pos, ply) {
            return score;
        }
        let alpha = self.repetition_floor(pos, alpha, ply);
        if alpha >= beta {
            return alpha;
        }
        let key = pos.zobrist_hash();
        let (tt_move, cut) = self.probe(key, depth, alpha, beta, ply);
        if let Some(score) = cut {
            return score;
        }
        let (best, best_move, searched) = self.search_moves(pos, tt_move, depth, alpha, beta, ply, pv);
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            // No legal move (`searchmoves` never empties the root: see `think`).
            return if pos.is_check() { -MATE + ply as i32 } else { 0 };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, depth, best, bound, best_move, ply);
        if self.corrects(pos, bound, best_move, best) {
            self.correction.update(pos, depth, best);
        }
        best
    }

    /// Searches the moves of a node in the picker's order until a
    /// cut-off: gives the best score, its move and how many moves were
    /// searched. `pv` receives the principal variation.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &Position,
        tt_move: Move,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
    ) -> (i32, Move, usize) {
        let killers = if ply < MAX_PLY { self.killers[ply] } else { [Move::NULL; 2] };
        let mut picker = Picker::new(tt_move, killers, false);
        let (mut best, mut best_move, mut searched) = (-INFINITY, Move::NULL, 0);
        let mut child_pv = Vec::new();
        while let Some(mv) = picker.next(pos, &self.history) {
            if ply == 0 && !self.root.contains(&mv) {
                continue;
            }
            // Check extension: a move that gives check is searched a ply deeper.
            let child_depth = depth - 1 + i32::from(pos.gives_check(mv));
            let next = self.make(pos, mv);
            let score = if searched == 0 {
                -self.negamax(&next, child_depth, -beta, -alpha, ply + 1, &mut child_pv)
            } else {
                self.null_window_first(&next, child_depth, alpha, beta, ply, &mut child_pv)
            };
            self.keys.pop();
            searched += 1;
            if self.aborted {
                break;
            }
            if score > best {
                (best, best_move) = (score, mv);
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(mv);
                    pv.extend_from_slice(&child_pv);
                }
            }
            if alpha >= beta {
                self.record_cutoff(pos, mv, depth, ply);
                break;
            }
        }
        (best, best_move, searched)
    }

    /// Principal-variation search of a later move: a null window first,
    /// the full window only when the move may raise alpha.
    fn null_window_first(
        &mut self,
        next: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
    ) -> i32 {
        let score = -self.negamax(next, depth, -alpha - 1, -alpha, ply + 1, pv);
        if score > alpha && score < beta && !self.aborted {
            return -self.negamax(next, depth, -beta, -alpha, ply + 1, pv);
        }
        score
    }

    /// Whether a node's result tells the static evaluation's error: not
    /// in check, no capture or promotion as the best move (its score is
    /// the exchange's, not the position's), and an exact score or a bound
    /// beyond the evaluation on the bound's side.
    fn corrects(&mut self, pos: &Position, bound: Bound, best_move: Move, best: i32) -> bool {
        if pos.is_check() || (!best_move.is_null() && is_noisy(pos, best_move)) {
            return false;
        }
        match bound {
            Bound::Lower => best > self.correction.evaluate(pos),
            Bound::Upper => best < self.correction.evaluate(pos),
            _ => true,
        }
    }

    /// A quiet move that caused a cut-off becomes a killer of its ply and
    /// gains history.
    fn record_cutoff(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize) {
        if is_noisy(pos, mv) {
            return;
        }
        if ply < MAX_PLY && self.killers[ply][0] != mv {
            self.killers[ply] = [mv, self.killers[ply][0]];
        }
        self.history.reward(pos.side_to_move(), mv, depth);
    }

    /// The `info` line of a completed iteration.
    fn report(&self, pos: &Position, depth: i32, score: i32, pv: &[Move], out: &Output) {
        let ms = self.elapsed_ms();
        let nps = self.nodes * 1000 / ms.max(1);
        let tbhits = self.limits.tablebases.as_ref().map_or(String::new(), |tb| format!(" tbhits {}", tb.hits()));
        out.line(&format!(
            "info depth {depth} seldepth {} score {} nodes {} nps {nps}{tbhits} time {ms} pv {}",
            self.seldepth.max(depth as usize),
            score_text(score),
            self.nodes,
            pv_text(pos, pv)
        ));
    }

    /// True if no further iteration should start after `depth` returned
    /// `score`: a mate found (short enough for `go mate`, or one that
    /// cannot get shorter), the soft clock limit passed, or a single legal
    /// move under a clock.
    fn iteration_ends_search(&self, depth: i32, score: i32, root_moves: usize) -> bool {
        let mate_moves = (score.abs() > MATE_BOUND).then(|| (MATE - score.abs() + 1) / 2);
        if let (Some(limit), Some(found)) = (self.limits.mate, mate_moves) {
            if score > 0 && found <= limit {
                return true;
            }
        }
        // A forced mate found within this depth will not get shorter.
        if mate_moves.is_some() && MATE - score.abs() <= depth {
            return true;
        }
        let pondering = self.shared.pondering.load(Ordering::Relaxed);
        let soft_ms = self.shared.soft_ms.load(Ordering::Relaxed);
        if !pondering && self.elapsed_ms() >= soft_ms {
            return true;
        }
        root_moves == 1 && !pondering && soft_ms != u64::MAX
    }
}

/// The principal variation in UCI notation, up to its first move that is
/// not legal (a table move from a key collision).
fn pv_text(pos: &Position, pv: &[Move]) -> String {
    let mut p = *pos;
    let mut words = Vec::new();
    for &mv in pv {
        if !p.is_legal(mv) {
            break;
        }
        words.push(p.uci(mv));
        p = p.play(mv);
    }
    words.join(" ")
}

/// The legal moves the search may choose among: `searchmoves`, when
/// given, and of those the ones that keep the best tablebase result when
/// the tables cover the root (reported).
fn root_moves(pos: &Position, limits: &Limits, out: &Output) -> MoveList {
    let mut moves = pos.legal_moves();
    if !limits.searchmoves.is_empty() {
        moves.retain(|m| limits.searchmoves.contains(m));
    }
    let Some(tablebases) = &limits.tablebases else { return moves };
    tablebases.reset_hits();
    match tablebases.filter_root(pos, &moves) {
        Some(kept) if !kept.is_empty() => {
            let names: Vec<String> = kept.iter().map(|&m| pos.uci(m)).collect();
            out.line(&format!("info string tablebase root moves: {}", names.join(" ")));
            kept
        }
        _ => moves,
    }
}

/// Iterative deepening: prints an `info` line per completed depth and
/// returns the best move and the expected reply (both null when there is
/// no legal move, which is reported).
pub(super) fn think(
    pos: &Position,
    mut keys: KeyHistory,
    limits: &Limits,
    tt: &mut Tt,
    correction: &mut Correction,
    shared: &Shared,
    out: &Output,
) -> (Move, Move) {
    let start = Instant::now();
    let root_moves = root_moves(pos, limits, out);
    let Some(&first) = root_moves.first() else {
        let text = if pos.is_check() { "mate 0" } else { "cp 0" };
        out.line(&format!("info depth 0 score {text}"));
        out.line(&format!("info string no legal move: {}", if pos.is_check() { "checkmate" } else { "stalemate" }));
        return (Move::NULL, Move::NULL);
    };
    keys.push(pos.zobrist_hash(), pos.halfmove_clock());
    let mut search = Search {
        tt,
        shared,
        start,
        limits,
        root: root_moves.clone(),
        nodes: 0,
        seldepth: 0,
        keys,
        killers: [[Move::NULL; 2]; MAX_PLY],
        history: History::new(),
        correction,
        may_time_out: false,
        aborted: false,
    };
    let (mut best, mut ponder) = (first, Move::NULL);
    shared.set_best(best, ponder);
    let mut pv = Vec::new();
    for depth in 1..=limits.depth {
        search.seldepth = 0;
        let score = search.negamax(pos, depth, -INFINITY, INFINITY, 0, &mut pv);
        if search.aborted {
            // Cut during depth 1: keep the best root move found so far.
            // Deeper, the last complete iteration's move stands.
            if let Some(&mv) = pv.first().filter(|_| depth == 1) {
                best = mv;
            }
            break;
        }
        search.may_time_out = true;
        if let Some(&mv) = pv.first() {
            best = mv;
            ponder = pv.get(1).copied().unwrap_or(Move::NULL);
            shared.set_best(best, ponder);
        }
        search.report(pos, depth, score, &pv, out);
        if search.iteration_ends_search(depth, score, root_moves.len()) {
            break;
        }
    }
    (best, ponder)
}
