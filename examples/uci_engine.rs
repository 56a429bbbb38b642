//! A small chess engine speaking UCI, built on chess-movegen's engine
//! layer: legal move generation split into noisy and quiet moves for a
//! staged move picker, static exchange evaluation to order captures,
//! `gives_check` for check extensions, the Zobrist hash for the
//! transposition table and repetitions, and a Polyglot opening book.
//!
//! ```text
//! cargo run --release --example uci_engine
//! ```
//!
//! # Protocol
//!
//! Standard input is read on its own thread, so the engine answers
//! `isready`, `stop`, `ponderhit` and `quit` at once while it searches.
//! Lines end in `\n` or `\r\n`. A line that is not UTF-8 is reported with
//! `info string` (line number, byte, column) and read with U+FFFD in place
//! of each bad sequence, so a `position` with a bad byte fails like any bad
//! `position`; a line longer than 1 MiB is refused. Text of the client that
//! an `info string` echoes has its control characters escaped (`\0`,
//! `\u{1b}`) and is shortened.
//!
//! - `uci`, `isready`, `ucinewgame`, `debug`, `quit`.
//! - `setoption name N value V` (names in any case and spacing): `Hash`
//!   (MB), `Move Overhead` (ms kept in reserve on every clock-based move,
//!   default 100; not taken from `movetime`), `OwnBook`, `BookFile` (a
//!   Polyglot `.bin`), `UCI_Chess960`, `Ponder`. A spin value outside its
//!   declared `min`..`max` is clamped to it and reported; a value that is
//!   not a number, or a check value other than `true`/`false`, is refused
//!   with `info string` and the option keeps its value.
//! - `position startpos|fen FEN [moves ...]`. A bad FEN or an illegal move
//!   is answered with `info string` and leaves the engine without a
//!   position: `go` is then refused (`bestmove 0000`) until a valid
//!   `position` arrives, so it never searches a stale position.
//! - `go` with any of `depth`, `nodes`, `mate`, `movetime`, `wtime`,
//!   `btime`, `winc`, `binc`, `movestogo`, `infinite`, `ponder`,
//!   `searchmoves m1 m2 ...`; `stop`; `ponderhit`. With `infinite` or
//!   `ponder` the best move waits for `stop` (or `ponderhit`, after which
//!   the clock limits apply from that moment). A missing, malformed or
//!   negative number refuses the whole `go`: `info string go refused: ...`
//!   and `bestmove 0000`. Negative `wtime`/`btime`/`winc`/`binc` (a fallen
//!   flag) read as 0; `depth`, `mate` and `nodes` beyond what the search
//!   supports are clamped and said so; an illegal `searchmoves` move or an
//!   unknown word is reported and left out. `movetime N` searches N ms
//!   less 5 ms for the answer to travel.
//! - During a search, `position` and `setoption` take effect for the next
//!   search (a `Hash` change and `ucinewgame`'s table clear wait until the
//!   search ends); `go` stops the running search first.
//!
//! With no legal move the engine reports `score mate 0` (checkmated) or
//! `score cp 0` (stalemate) and answers `bestmove 0000`.
//!
//! # Search
//!
//! Iterative deepening, principal-variation alpha-beta with a
//! transposition table, quiescence search over captures and promotions
//! that do not lose material, check extensions, killer moves and a history
//! table for quiet moves, and draws by repetition, fifty moves and
//! insufficient material. Moves come from a staged picker: the
//! transposition-table move, then noisy moves (captures, en passant,
//! promotions) that win or hold material by SEE in MVV-LVA order, then the
//! killers, then quiet moves by history, then the losing captures. The
//! evaluation is material plus piece-square tables.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use chess_movegen::polyglot::Book;
use chess_movegen::{CastlingMode, Color, FenOptions, Move, MoveList, Position, Role};

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

const INFINITY: i32 = 32_000;
const MATE: i32 = 31_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
const MAX_PLY: usize = 128;

/// Material values in centipawns, by role index.
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Piece-square bonus from White's point of view, a8 first (read like a
/// diagram); Black uses the mirrored square.
#[rustfmt::skip]
const PST: [[i32; 64]; 6] = [
    // pawn
    [ 0,  0,  0,  0,  0,  0,  0,  0,
     50, 50, 50, 50, 50, 50, 50, 50,
     10, 10, 20, 30, 30, 20, 10, 10,
      5,  5, 10, 25, 25, 10,  5,  5,
      0,  0,  0, 20, 20,  0,  0,  0,
      5, -5,-10,  0,  0,-10, -5,  5,
      5, 10, 10,-20,-20, 10, 10,  5,
      0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-50,-40,-30,-30,-30,-30,-40,-50,
     -40,-20,  0,  0,  0,  0,-20,-40,
     -30,  0, 10, 15, 15, 10,  0,-30,
     -30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,
     -30,  5, 10, 15, 15, 10,  5,-30,
     -40,-20,  0,  5,  5,  0,-20,-40,
     -50,-40,-30,-30,-30,-30,-40,-50],
    // bishop
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5, 10, 10,  5,  0,-10,
     -10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,
     -10, 10, 10, 10, 10, 10, 10,-10,
     -10,  5,  0,  0,  0,  0,  5,-10,
     -20,-10,-10,-10,-10,-10,-10,-20],
    // rook
    [ 0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0],
    // queen
    [-20,-10,-10, -5, -5,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5,  5,  5,  5,  0,-10,
      -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,
     -10,  5,  5,  5,  5,  5,  0,-10,
     -10,  0,  5,  0,  0,  0,  0,-10,
     -20,-10,-10, -5, -5,-10,-10,-20],
    // king (middlegame: stay sheltered)
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,
     -10,-20,-20,-20,-20,-20,-20,-10,
      20, 20,  0,  0,  0,  0, 20, 20,
      20, 30, 10,  0,  0, 10, 30, 20],
];

/// Static evaluation from the side to move's point of view.
fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                // PST rows run from rank 8 down: flip for White.
                let index = if color == Color::White { sq.flip_vertical() } else { sq }.index();
                score += sign * (VALUE[role.index()] + PST[role.index()][index]);
            }
        }
    }
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

// ---------------------------------------------------------------------------
// Move classes
// ---------------------------------------------------------------------------

/// Captures, en passant and promotions.
fn is_noisy(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() || mv.is_en_passant() || (!mv.is_castle() && pos.role_at(mv.to()).is_some())
}

// ---------------------------------------------------------------------------
// Transposition table
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    /// The best move in the crate's 16-bit format (`Move::to_bits`).
    best: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// A transposition table indexed by the low bits of the Zobrist hash; the
/// full key is stored to reject collisions.
struct Tt {
    entries: Vec<TtEntry>,
}

impl Tt {
    /// A table of at most `mb` MB (at least 1024 entries), or `None` when
    /// the memory cannot be had.
    fn new(mb: usize) -> Option<Tt> {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let n = ((bytes / std::mem::size_of::<TtEntry>()).next_power_of_two() / 2).max(1024);
        let mut entries = Vec::new();
        entries.try_reserve_exact(n).ok()?;
        entries.resize(n, TtEntry::default());
        Some(Tt { entries })
    }

    /// The table of 1024 entries kept when no larger one can be had.
    fn smallest() -> Tt {
        Tt { entries: vec![TtEntry::default(); 1024] }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        let e = self.entries[self.index(key)];
        (e.bound != Bound::Empty && e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Move, ply: usize) {
        let i = self.index(key);
        let old = self.entries[i];
        if old.key == key && old.depth as i32 > depth && bound != Bound::Exact {
            return;
        }
        let score = to_tt(score, ply) as i16;
        self.entries[i] = TtEntry { key, best: best.to_bits(), score, depth: depth as i8, bound };
    }

    fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = TtEntry::default());
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s + ply as i32,
        s if s < -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s - ply as i32,
        s if s < -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

// ---------------------------------------------------------------------------
// Staged move picker
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    Killers,
    GenerateQuiets,
    Quiets,
    BadNoisy,
    Done,
}

/// Hands out the legal moves of a position one at a time, best guess
/// first, generating each group only when the previous one is used up (a
/// cut-off on the TT move generates nothing).
struct Picker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    killer_index: usize,
    /// Only noisy moves that do not lose material (quiescence search).
    noisy_only: bool,
    moves: MoveList,
    scores: ArrayVec<i32, 256>,
    bad_noisy: MoveList,
}

impl Picker {
    fn new(tt_move: Move, killers: [Move; 2], noisy_only: bool) -> Picker {
        Picker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            killer_index: 0,
            noisy_only,
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            bad_noisy: MoveList::new(),
        }
    }

    /// Removes and returns the highest-scored move of `moves`.
    fn take_best(&mut self) -> Option<Move> {
        let best = (0..self.moves.len()).max_by_key(|&i| self.scores[i])?;
        self.scores.swap_remove(best);
        Some(self.moves.swap_remove(best))
    }

    fn is_special(&self, mv: Move) -> bool {
        mv == self.tt_move || (!self.noisy_only && self.killers.contains(&mv))
    }

    fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    // A table move may come from a key collision: check it.
                    let usable = !self.noisy_only || is_noisy(pos, self.tt_move);
                    if !self.tt_move.is_null() && usable && pos.is_legal(self.tt_move) {
                        return Some(self.tt_move);
                    }
                }
                Stage::GenerateNoisy => {
                    pos.legal_noisy_into(&mut self.moves);
                    let all = std::mem::take(&mut self.moves);
                    self.scores.clear();
                    for mv in all {
                        if mv == self.tt_move {
                            continue;
                        }
                        if pos.see_ge(mv, 0) {
                            self.moves.push(mv);
                            self.scores.push(mvv_lva(pos, mv));
                        } else {
                            self.bad_noisy.push(mv);
                        }
                    }
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => match self.take_best() {
                    Some(mv) => return Some(mv),
                    None => self.stage = if self.noisy_only { Stage::Done } else { Stage::Killers },
                },
                Stage::Killers => {
                    let Some(&killer) = self.killers.get(self.killer_index) else {
                        self.stage = Stage::GenerateQuiets;
                        continue;
                    };
                    self.killer_index += 1;
                    if !killer.is_null() && killer != self.tt_move && !is_noisy(pos, killer) && pos.is_legal(killer) {
                        return Some(killer);
                    }
                }
                Stage::GenerateQuiets => {
                    pos.legal_quiet_into(&mut self.moves);
                    let all = std::mem::take(&mut self.moves);
                    self.scores.clear();
                    for mv in all {
                        if !self.is_special(mv) {
                            self.moves.push(mv);
                            self.scores.push(history.score(pos.side_to_move(), mv));
                        }
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => match self.take_best() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::BadNoisy,
                },
                Stage::BadNoisy => match self.bad_noisy.pop() {
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

/// Most valuable victim first, least valuable attacker among equals.
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = if mv.is_en_passant() { VALUE[0] } else { pos.role_at(mv.to()).map_or(0, |r| VALUE[r.index()]) };
    let attacker = pos.role_at(mv.from()).map_or(0, |r| VALUE[r.index()]);
    let promotion = mv.promotion_role().map_or(0, |r| VALUE[r.index()]);
    10 * (victim + promotion) - attacker / 10
}

/// How often a quiet move caused a cut-off, by side, origin and
/// destination.
struct History([[[i32; 64]; 64]; 2]);

impl History {
    fn score(&self, side: Color, mv: Move) -> i32 {
        self.0[side.index()][mv.from().index()][mv.to().index()]
    }

    fn reward(&mut self, side: Color, mv: Move, depth: i32) {
        let entry = &mut self.0[side.index()][mv.from().index()][mv.to().index()];
        *entry = (*entry + depth * depth).min(1 << 20);
    }
}

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

/// State shared by the command loop and the search thread.
struct Shared {
    /// Set by `stop`, `quit` or a new `go`.
    stop: AtomicBool,
    /// True while a `go ponder` search waits for `ponderhit`.
    pondering: AtomicBool,
    /// Milliseconds after the search's start after which no new iteration
    /// starts, and after which the search is cut off (`u64::MAX`: none).
    soft_ms: AtomicU64,
    hard_ms: AtomicU64,
}

/// What `go` asked for, apart from the clock (kept in `Shared`).
struct Limits {
    depth: i32,
    nodes: u64,
    /// Stop at a mate in at most this many moves.
    mate: Option<i32>,
    /// `infinite` or `ponder`: the best move waits for `stop`.
    wait_for_stop: bool,
    searchmoves: Vec<Move>,
}

struct Search<'a> {
    tt: &'a mut Tt,
    shared: &'a Shared,
    start: Instant,
    limits: &'a Limits,
    nodes: u64,
    seldepth: usize,
    /// Hashes of the game's positions and of the current search path.
    path: Vec<u64>,
    killers: [[Move; 2]; MAX_PLY],
    history: Box<History>,
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

    fn is_repetition(&self, pos: &Position) -> bool {
        let window = (pos.halfmove_clock() as usize).min(self.path.len());
        let key = pos.zobrist_hash();
        self.path[self.path.len() - window..].iter().rev().skip(1).step_by(2).any(|&h| h == key)
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if !in_check {
            let stand_pat = evaluate(pos);
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

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
    ) -> i32 {
        pv.clear();
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let root = ply == 0;
        if !root && (self.is_repetition(pos) || pos.is_fifty_move_rule() || pos.is_insufficient_material()) {
            return 0;
        }
        let key = pos.zobrist_hash();
        let mut tt_move = Move::NULL;
        if let Some(e) = self.tt.probe(key) {
            tt_move = Move::from_bits(e.best);
            let score = from_tt(e.score as i32, ply);
            if !root && e.depth as i32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::Empty => false,
                };
                if cut {
                    return score;
                }
            }
        }
        let killers = if ply < MAX_PLY { self.killers[ply] } else { [Move::NULL; 2] };
        let mut picker = Picker::new(tt_move, killers, false);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut child_pv = Vec::new();
        let mut searched = 0;
        self.path.push(key);
        while let Some(mv) = picker.next(pos, &self.history) {
            if root && !self.limits.searchmoves.is_empty() && !self.limits.searchmoves.contains(&mv) {
                continue;
            }
            // Check extension: a move that gives check is searched a ply deeper.
            let extension = i32::from(pos.gives_check(mv));
            let next = pos.play(mv);
            let child_depth = depth - 1 + extension;
            let mut score;
            if searched == 0 {
                score = -self.negamax(&next, child_depth, -beta, -alpha, ply + 1, &mut child_pv);
            } else {
                // Principal-variation search: a null window first.
                score = -self.negamax(&next, child_depth, -alpha - 1, -alpha, ply + 1, &mut child_pv);
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(&next, child_depth, -beta, -alpha, ply + 1, &mut child_pv);
                }
            }
            searched += 1;
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(mv);
                    pv.extend_from_slice(&child_pv);
                }
            }
            if alpha >= beta {
                if !is_noisy(pos, mv) {
                    if ply < MAX_PLY && self.killers[ply][0] != mv {
                        self.killers[ply] = [mv, self.killers[ply][0]];
                    }
                    self.history.reward(pos.side_to_move(), mv, depth);
                }
                break;
            }
        }
        self.path.pop();
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            // No legal move (`searchmoves` never empties the root: see `think`).
            return if pos.is_check() { -MATE + ply as i32 } else { 0 };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, depth, best, bound, best_move, ply);
        best
    }
}

/// `score cp N` or `score mate N` (moves, negative when being mated).
fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

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

/// Iterative deepening: prints an `info` line per completed depth and
/// returns the best move and the expected reply.
fn think(pos: &Position, path: Vec<u64>, limits: &Limits, tt: &mut Tt, shared: &Shared, out: &Output) -> (Move, Move) {
    let start = Instant::now();
    let mut root_moves = pos.legal_moves();
    if !limits.searchmoves.is_empty() {
        root_moves.retain(|m| limits.searchmoves.contains(m));
    }
    let Some(&first) = root_moves.first() else {
        let text = if pos.is_check() { "mate 0" } else { "cp 0" };
        out.line(&format!("info depth 0 score {text}"));
        out.line(&format!("info string no legal move: {}", if pos.is_check() { "checkmate" } else { "stalemate" }));
        return (Move::NULL, Move::NULL);
    };
    let mut search = Search {
        tt,
        shared,
        start,
        limits,
        nodes: 0,
        seldepth: 0,
        path,
        killers: [[Move::NULL; 2]; MAX_PLY],
        history: Box::new(History([[[0; 64]; 64]; 2])),
        may_time_out: false,
        aborted: false,
    };
    let (mut best, mut ponder) = (first, Move::NULL);
    let mut pv = Vec::new();
    for depth in 1..=limits.depth {
        search.seldepth = 0;
        let score = search.negamax(pos, depth, -INFINITY, INFINITY, 0, &mut pv);
        if search.aborted {
            // Cut during depth 1: keep the best root move found so far.
            // Deeper, the last complete iteration's move stands.
            if depth == 1 {
                if let Some(&mv) = pv.first() {
                    best = mv;
                }
            }
            break;
        }
        search.may_time_out = true;
        if let Some(&mv) = pv.first() {
            best = mv;
            ponder = pv.get(1).copied().unwrap_or(Move::NULL);
        }
        let ms = search.elapsed_ms();
        let nps = search.nodes * 1000 / ms.max(1);
        out.line(&format!(
            "info depth {depth} seldepth {} score {} nodes {} nps {nps} time {ms} pv {}",
            search.seldepth.max(depth as usize),
            score_text(score),
            search.nodes,
            pv_text(pos, &pv)
        ));
        let mate_moves = (score.abs() > MATE_BOUND).then(|| (MATE - score.abs() + 1) / 2);
        if let (Some(limit), Some(found)) = (limits.mate, mate_moves) {
            if score > 0 && found <= limit {
                break;
            }
        }
        // A forced mate found within this depth will not get shorter.
        if mate_moves.is_some() && MATE - score.abs() <= depth {
            break;
        }
        let pondering = shared.pondering.load(Ordering::Relaxed);
        if !pondering && search.elapsed_ms() >= shared.soft_ms.load(Ordering::Relaxed) {
            break;
        }
        if root_moves.len() == 1 && !pondering && shared.soft_ms.load(Ordering::Relaxed) != u64::MAX {
            break;
        }
    }
    (best, ponder)
}

// ---------------------------------------------------------------------------
// The command loop
// ---------------------------------------------------------------------------

/// The longest input line read, in bytes (1 MiB holds a `position` line of
/// some 200,000 moves): the rest of a longer line is dropped and its
/// command refused.
const MAX_LINE: usize = 1 << 20;

/// How many characters of a client's text an `info string` echoes.
const SHOWN_CHARS: usize = 80;

/// How many characters of an error message about a client's text (which
/// may quote that text) an `info string` shows.
const SHOWN_ERROR_CHARS: usize = 240;

/// A spin option as declared by `uci`: default, minimum, maximum.
struct Spin {
    name: &'static str,
    default: u64,
    min: u64,
    max: u64,
}

const HASH: Spin = Spin { name: "Hash", default: 16, min: 1, max: 1024 };
const MOVE_OVERHEAD: Spin = Spin { name: "Move Overhead", default: 100, min: 0, max: 5000 };

/// Kept from a `go movetime` budget for the answer to reach the client.
/// `Move Overhead` is for clock-based time only: a fixed time per move is
/// used in full.
const MOVETIME_MARGIN_MS: u64 = 5;

/// Where the engine writes: one whole line at a time, flushed, from either
/// thread.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    fn line(&self, text: &str) {
        // A control character (a NUL, a line break) would break the line
        // protocol: none leaves the engine raw.
        let text = if text.chars().any(char::is_control) { escaped(text, usize::MAX) } else { text.to_string() };
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

/// A client's text as an `info string` echoes it: shortened to
/// `SHOWN_CHARS` characters, with what is not printable escaped.
fn shown(text: &str) -> String {
    escaped(text, SHOWN_CHARS)
}

/// `text` with the characters that are not printable (NUL, escape,
/// carriage return, ...) written as Rust escapes (`\0`, `\u{1b}`, `\r`),
/// and cut after `max` characters with a note of how many more there were.
fn escaped(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (n, (i, c)) in text.char_indices().enumerate() {
        if n == max {
            out.push_str(&format!("... ({} more characters)", text[i..].chars().count()));
            break;
        }
        match c {
            '\\' | '\'' | '"' => out.push(c),
            c => out.extend(c.escape_debug()),
        }
    }
    out
}

/// A whole number as `go` and `setoption` read it: an optional sign, then
/// ASCII digits. Gives whether it is below zero and its magnitude, which
/// saturates at `u64::MAX` (a huge number is still a number). `None` when
/// the text is not a number at all.
fn parse_number(text: &str) -> Option<(bool, u64)> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.parse().unwrap_or(u64::MAX);
    Some((negative && magnitude > 0, magnitude))
}

/// The words of `go` that start a parameter; `searchmoves` takes the moves
/// up to the next of them.
const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// A `go` command as read.
#[derive(Default)]
struct GoCommand {
    depth: Option<u64>,
    nodes: Option<u64>,
    mate: Option<u64>,
    movetime: Option<u64>,
    movestogo: Option<u64>,
    /// `wtime`, `btime`: a negative time (out of time) reads as 0.
    time: [Option<u64>; 2],
    /// `winc`, `binc`: as the times.
    inc: [Option<u64>; 2],
    infinite: bool,
    ponder: bool,
    searchmoves: Vec<Move>,
}

/// Reads the arguments of `go`. A missing, malformed or (apart from the
/// clocks) negative number refuses the whole command: the `Err` says which
/// parameter and why. An illegal `searchmoves` move or an unknown word is
/// left out, and `depth`, `mate` or `nodes` beyond what the search supports
/// is clamped, each with a note in `notes`.
fn parse_go(args: &[&str], pos: &Position, notes: &mut Vec<String>) -> Result<GoCommand, String> {
    let mut go = GoCommand::default();
    let mut i = 0;
    while let Some(&word) = args.get(i) {
        i += 1;
        let slot = match word {
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "searchmoves" => {
                while let Some(&text) = args.get(i).filter(|w| !GO_KEYWORDS.contains(w)) {
                    i += 1;
                    match pos.parse_uci(text) {
                        Ok(mv) => go.searchmoves.push(mv),
                        Err(e) => notes.push(format!(
                            "searchmoves: {} ignored: {}",
                            shown(text),
                            escaped(&e.to_string(), SHOWN_ERROR_CHARS)
                        )),
                    }
                }
                continue;
            }
            "depth" => &mut go.depth,
            "nodes" => &mut go.nodes,
            "mate" => &mut go.mate,
            "movetime" => &mut go.movetime,
            "movestogo" => &mut go.movestogo,
            "wtime" => &mut go.time[0],
            "btime" => &mut go.time[1],
            "winc" => &mut go.inc[0],
            "binc" => &mut go.inc[1],
            _ => {
                notes.push(format!("go: unknown word '{}' ignored", shown(word)));
                continue;
            }
        };
        let clock = matches!(word, "wtime" | "btime" | "winc" | "binc");
        let Some(&text) = args.get(i) else {
            return Err(format!("'{word}' needs a number after it"));
        };
        i += 1;
        let value = match parse_number(text) {
            // Real clients send `wtime -50` when the flag has fallen.
            Some((true, _)) if clock => 0,
            Some((true, _)) => return Err(format!("{word} {} is negative", shown(text))),
            Some((false, n)) => n,
            None => return Err(format!("{word} '{}' is not a whole number", shown(text))),
        };
        // What the search supports.
        let (min, max) = match word {
            "depth" => (1, 100),
            "mate" => (1, 50),
            "nodes" => (1, u64::MAX),
            _ => (0, u64::MAX),
        };
        if value < min {
            notes.push(format!("go: {word} {} is below the minimum {min}: {min} used", shown(text)));
        } else if value > max {
            notes.push(format!("go: {word} {} is above the maximum {max}: {max} used", shown(text)));
        }
        *slot = Some(value.clamp(min, max));
    }
    Ok(go)
}

/// The option name and value of `setoption` text after `name`: the name
/// with its spaces normalised, the value as given (a book path may hold
/// spaces). The value is empty when there is none.
fn split_option(rest: &str) -> (String, &str) {
    let boundary = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let at = rest
        .match_indices("value")
        .map(|(i, _)| i)
        .find(|&i| boundary(rest[..i].chars().next_back()) && boundary(rest[i + "value".len()..].chars().next()));
    let (name, value) = match at {
        Some(i) => (&rest[..i], rest[i + "value".len()..].trim()),
        None => (rest, ""),
    };
    (name.split_whitespace().collect::<Vec<_>>().join(" "), value)
}

/// One line of standard input, or why it could not be read.
enum Input {
    /// The line's bytes without the line ending (`\n` or `\r\n`); `cut`
    /// when it was longer than `MAX_LINE` and the rest was dropped.
    Line { bytes: Vec<u8>, cut: bool },
    /// Reading failed: the engine reports it and ends.
    Failed(String),
}

/// Reads one line of bytes into `line` (cleared first), without its line
/// ending, keeping at most `MAX_LINE` bytes. `Ok(None)` at the end of
/// input; `Ok(Some(true))` for a line that was cut.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut cut = false;
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let end = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..end.unwrap_or(buf.len())];
        let room = MAX_LINE.saturating_sub(line.len());
        cut |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = end.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(cut))
}

/// The engine state between commands.
struct Engine {
    /// `None` after a `position` command that failed.
    position: Option<Position>,
    /// Zobrist hashes of the positions before the current one.
    path: Vec<u64>,
    chess960: bool,
    move_overhead: u64,
    own_book: bool,
    ponder: bool,
    book: Option<Book<'static>>,
    tt: Arc<Mutex<Tt>>,
    /// The size of `tt` in MB, as set by `Hash`.
    hash_mb: u64,
    /// A `Hash` change or table clear asked for during a search.
    pending_hash: Option<u64>,
    pending_clear: bool,
    shared: Arc<Shared>,
    search: Option<JoinHandle<()>>,
    /// Start of the running search and its clock budget (soft, hard), kept
    /// for `ponderhit`.
    search_start: Instant,
    ponder_budget: (u64, u64),
    out: Output,
    random: u64,
}

impl Engine {
    fn new(out: Box<dyn Write + Send>) -> Engine {
        Engine {
            position: Some(Position::startpos()),
            path: Vec::new(),
            chess960: false,
            move_overhead: MOVE_OVERHEAD.default,
            own_book: false,
            ponder: false,
            book: None,
            tt: Arc::new(Mutex::new(Tt::new(HASH.default as usize).unwrap_or_else(Tt::smallest))),
            hash_mb: HASH.default,
            pending_hash: None,
            pending_clear: false,
            shared: Arc::new(Shared {
                stop: AtomicBool::new(false),
                pondering: AtomicBool::new(false),
                soft_ms: AtomicU64::new(u64::MAX),
                hard_ms: AtomicU64::new(u64::MAX),
            }),
            search: None,
            search_start: Instant::now(),
            ponder_budget: (u64::MAX, u64::MAX),
            out: Output(Arc::new(Mutex::new(out))),
            random: 0x9E37_79B9_7F4A_7C15 ^ u64::from(std::process::id()),
        }
    }

    fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Stops the running search (it prints its `bestmove`) and waits for it.
    fn stop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.pondering.store(false, Ordering::Relaxed);
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
        self.apply_pending();
    }

    /// Applies what had to wait for the transposition table to be free.
    fn apply_pending(&mut self) {
        if self.searching() {
            return;
        }
        let mut tt = self.tt.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(mb) = self.pending_hash.take() {
            match Tt::new(mb as usize) {
                Some(table) => {
                    *tt = table;
                    self.hash_mb = mb;
                }
                None => self
                    .out
                    .line(&format!("info string cannot allocate {mb} MB for Hash: it stays {} MB", self.hash_mb)),
            }
        }
        if std::mem::take(&mut self.pending_clear) {
            tt.clear();
        }
    }

    /// Handles one line of input (numbered from 1); false after `quit`.
    fn handle_input(&mut self, bytes: &[u8], cut: bool, number: u64) -> bool {
        let text = String::from_utf8_lossy(bytes);
        if cut {
            let command = text.split_whitespace().next().unwrap_or("");
            self.out.line(&format!(
                "info string input line {number} is longer than {MAX_LINE} bytes: '{}' refused",
                shown(command)
            ));
            self.refuse(command);
            return true;
        }
        if let Err(e) = std::str::from_utf8(bytes) {
            let at = e.valid_up_to();
            self.out.line(&format!(
                "info string input line {number} is not valid UTF-8 (byte 0x{:02x} at column {}): read with U+FFFD for each bad sequence",
                bytes[at],
                at + 1
            ));
        }
        self.handle(&text)
    }

    /// What a refused command leaves: a refused `position` leaves no
    /// position (so `go` never searches a stale one), a refused `go` is
    /// still answered with `bestmove 0000`.
    fn refuse(&mut self, command: &str) {
        match command {
            "position" => {
                self.position = None;
                self.out.line("info string 'go' is refused until a valid 'position'");
            }
            "go" => {
                self.stop();
                self.out.line("bestmove 0000");
            }
            _ => {}
        }
    }

    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { return true };
        if !self.searching() {
            self.apply_pending();
        }
        match command {
            "uci" => {
                self.out.line("id name chess-movegen example engine");
                self.out.line("id author the chess-movegen authors");
                for spin in [HASH, MOVE_OVERHEAD] {
                    self.out.line(&format!(
                        "option name {} type spin default {} min {} max {}",
                        spin.name, spin.default, spin.min, spin.max
                    ));
                }
                for text in [
                    "option name OwnBook type check default false",
                    "option name BookFile type string default <empty>",
                    "option name Ponder type check default false",
                    "option name UCI_Chess960 type check default false",
                    "uciok",
                ] {
                    self.out.line(text);
                }
            }
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.pending_clear = true;
                self.apply_pending();
            }
            "setoption" => self.set_option(&line[line.find("setoption").unwrap_or(0) + "setoption".len()..]),
            "position" => self.set_position(args),
            "go" => {
                self.stop();
                self.go(args);
            }
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "quit" => {
                self.stop();
                return false;
            }
            "debug" | "register" => {}
            _ => self.out.line(&format!("info string unknown command: {}", shown(command))),
        }
        true
    }

    fn set_option(&mut self, text: &str) {
        let text = text.trim();
        let Some(rest) = text.strip_prefix("name").filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        else {
            self.out.line(&format!("info string expected 'setoption name N value V', got '{}'", shown(text)));
            return;
        };
        let (name, value) = split_option(rest);
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let current = self.pending_hash.unwrap_or(self.hash_mb);
                if let Some(mb) = self.spin(&HASH, value, current) {
                    self.pending_hash = Some(mb);
                    self.apply_pending();
                }
            }
            "move overhead" => {
                if let Some(ms) = self.spin(&MOVE_OVERHEAD, value, self.move_overhead) {
                    self.move_overhead = ms;
                }
            }
            "ownbook" => {
                if let Some(on) = self.check("OwnBook", value, self.own_book) {
                    self.own_book = on;
                }
            }
            "ponder" => {
                if let Some(on) = self.check("Ponder", value, self.ponder) {
                    self.ponder = on;
                }
            }
            "uci_chess960" => {
                if let Some(on) = self.check("UCI_Chess960", value, self.chess960) {
                    self.chess960 = on;
                }
            }
            "bookfile" => self.load_book(value),
            _ => self.out.line(&format!("info string unknown option '{}' (value '{}')", shown(&name), shown(value))),
        }
    }

    /// The value of a spin option: a malformed one is refused (`None`, the
    /// option keeps `current`), one outside the declared range is clamped
    /// to it; both are reported.
    fn spin(&self, spin: &Spin, value: &str, current: u64) -> Option<u64> {
        let name = spin.name;
        let Some((negative, n)) = parse_number(value) else {
            self.out.line(&format!(
                "info string setoption refused: {name} value '{}' is not a whole number; {name} stays {current}",
                shown(value)
            ));
            return None;
        };
        if negative || n < spin.min {
            self.out.line(&format!(
                "info string {name} {} is below the minimum {min}: set to {min}",
                shown(value),
                min = spin.min
            ));
            return Some(spin.min);
        }
        if n > spin.max {
            self.out.line(&format!(
                "info string {name} {} is above the maximum {max}: set to {max}",
                shown(value),
                max = spin.max
            ));
            return Some(spin.max);
        }
        Some(n)
    }

    /// The value of a check option: `true` or `false` (in any case);
    /// anything else is refused and reported (`None`, the option keeps
    /// `current`).
    fn check(&self, name: &str, value: &str, current: bool) -> Option<bool> {
        if value.eq_ignore_ascii_case("true") {
            Some(true)
        } else if value.eq_ignore_ascii_case("false") {
            Some(false)
        } else {
            self.out.line(&format!(
                "info string setoption refused: {name} value '{}' is neither 'true' nor 'false'; {name} stays {current}",
                shown(value)
            ));
            None
        }
    }

    fn load_book(&mut self, path: &str) {
        self.book = None;
        if path.is_empty() || path == "<empty>" {
            return;
        }
        let shown_path = shown(path);
        match std::fs::read(path) {
            // The book lives as long as the engine: leak it to borrow it
            // for 'static (once per BookFile change).
            Ok(bytes) => match Book::new(Box::leak(bytes.into_boxed_slice())) {
                Ok(book) => {
                    self.out.line(&format!("info string book {shown_path}: {} entries", book.len()));
                    self.book = Some(book);
                }
                Err(e) => self.out.line(&format!("info string book {shown_path} not used: {e}")),
            },
            Err(e) => self.out.line(&format!("info string cannot read book {shown_path}: {e}")),
        }
    }

    fn set_position(&mut self, args: &[&str]) {
        // Until this command succeeds there is no position to search.
        self.position = None;
        let moves_at = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
        let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let mut pos = match args.first() {
            Some(&"startpos") if moves_at == 1 => Position::startpos(),
            Some(&"fen") => {
                let fen = args[1..moves_at].join(" ");
                match Position::from_fen_with(&fen, FenOptions::new().castling(mode).lenient(true)) {
                    Ok((pos, _)) => pos,
                    Err(e) => {
                        self.out.line(&format!(
                            "info string invalid position ({}); 'go' is refused until a valid 'position'",
                            escaped(&e.to_string(), SHOWN_ERROR_CHARS)
                        ));
                        return;
                    }
                }
            }
            _ => {
                let text = args.join(" ");
                self.out.line(&format!(
                    "info string invalid position command 'position {}': expected 'startpos' or 'fen FEN', then optionally 'moves ...'; 'go' is refused until a valid 'position'",
                    shown(&text)
                ));
                return;
            }
        };
        if let Err(e) = pos.set_castling_mode(mode) {
            self.out.line(&format!("info string invalid position ({e}); 'go' is refused until a valid 'position'"));
            return;
        }
        let mut path = Vec::new();
        for (i, text) in args.iter().skip(moves_at + 1).enumerate() {
            match pos.parse_uci(text) {
                Ok(mv) => {
                    path.push(pos.zobrist_hash());
                    pos.make_move(mv);
                }
                Err(e) => {
                    self.out.line(&format!(
                        "info string invalid position: move {} ({}): {}; 'go' is refused until a valid 'position'",
                        i + 1,
                        shown(text),
                        escaped(&e.to_string(), SHOWN_ERROR_CHARS)
                    ));
                    return;
                }
            }
        }
        self.position = Some(pos);
        self.path = path;
    }

    fn go(&mut self, args: &[&str]) {
        let Some(pos) = self.position else {
            self.out.line("info string no valid position (the last 'position' command failed): not searching");
            self.out.line("bestmove 0000");
            return;
        };
        let mut notes = Vec::new();
        let parsed = parse_go(args, &pos, &mut notes);
        for note in notes {
            self.out.line(&format!("info string {note}"));
        }
        let go = match parsed {
            Ok(go) => go,
            Err(e) => {
                self.out.line(&format!("info string go refused: {e}; not searching"));
                self.refuse("go");
                return;
            }
        };
        let mate = go.mate.map(|m| m as i32);
        let default_depth = mate.map_or(100, |m| 2 * m + 1);
        let limits = Limits {
            depth: go.depth.map_or(default_depth, |d| d as i32),
            nodes: go.nodes.unwrap_or(u64::MAX),
            mate,
            wait_for_stop: go.infinite || go.ponder,
            searchmoves: go.searchmoves,
        };
        let infinite = go.infinite;
        let (soft, hard) = self.budget(&pos, &go.time, &go.inc, go.movetime, go.movestogo, infinite);
        self.ponder_budget = (soft, hard);
        self.shared.stop.store(false, Ordering::Relaxed);
        self.shared.pondering.store(go.ponder, Ordering::Relaxed);
        self.shared.soft_ms.store(soft, Ordering::Relaxed);
        self.shared.hard_ms.store(hard, Ordering::Relaxed);
        self.search_start = Instant::now();

        let book_move = self.book_move(&pos, &limits.searchmoves);
        let path = self.path.clone();
        let (tt, shared, out) = (Arc::clone(&self.tt), Arc::clone(&self.shared), self.out.clone());
        self.search = Some(std::thread::spawn(move || {
            let (best, reply) = match book_move {
                Some(mv) => (mv, Move::NULL),
                None => {
                    let mut tt = tt.lock().unwrap_or_else(|e| e.into_inner());
                    think(&pos, path, &limits, &mut tt, &shared, &out)
                }
            };
            // With `infinite` and `ponder` the best move waits for `stop`
            // (or `ponderhit`).
            while limits.wait_for_stop
                && !shared.stop.load(Ordering::Relaxed)
                && (infinite || shared.pondering.load(Ordering::Relaxed))
            {
                std::thread::sleep(Duration::from_millis(1));
            }
            let text = if best.is_null() { "0000".to_string() } else { pos.uci(best) };
            match reply {
                r if r.is_null() => out.line(&format!("bestmove {text}")),
                r => out.line(&format!("bestmove {text} ponder {}", pos.play(best).uci(r))),
            }
        }));
    }

    /// The time budget in milliseconds from the search's start: (no new
    /// iteration after, cut off at). `movetime` is used in full (less
    /// `MOVETIME_MARGIN_MS`); a clock budget is never more than the
    /// remaining time minus the move overhead.
    fn budget(
        &self,
        pos: &Position,
        time: &[Option<u64>; 2],
        inc: &[Option<u64>; 2],
        movetime: Option<u64>,
        movestogo: Option<u64>,
        infinite: bool,
    ) -> (u64, u64) {
        if infinite {
            return (u64::MAX, u64::MAX);
        }
        if let Some(ms) = movetime {
            let ms = ms.saturating_sub(MOVETIME_MARGIN_MS).max(1);
            return (ms, ms);
        }
        let side = match pos.side_to_move() {
            Color::White => 0,
            Color::Black => 1,
        };
        let Some(time) = time[side] else { return (u64::MAX, u64::MAX) };
        let inc = inc[side].unwrap_or(0);
        let available = time.saturating_sub(self.move_overhead);
        let moves_to_go = movestogo.unwrap_or(30).clamp(1, 50);
        let target = (available / moves_to_go).saturating_add(inc / 4 * 3).min(available);
        // The soft limit stops before a new iteration; the hard one cuts a
        // running iteration and is never above what the clock allows.
        let soft = target / 2;
        let hard = target.saturating_mul(2).min(available);
        (soft, hard)
    }

    /// A weighted random book move, if `OwnBook` is on and the book has one
    /// (among `searchmoves`, when given).
    fn book_move(&mut self, pos: &Position, searchmoves: &[Move]) -> Option<Move> {
        let book = self.book.filter(|_| self.own_book)?;
        // xorshift64: a new random number for every look-up.
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        let choice = if searchmoves.is_empty() {
            book.choose(pos, self.random)?
        } else {
            book.moves(pos).filter(|m| searchmoves.contains(&m.mv) && m.weight > 0).max_by_key(|m| m.weight)?
        };
        let total: u32 = book.moves(pos).map(|m| u32::from(m.weight)).sum();
        self.out.line(&format!("info string book move {} (weight {} of {total})", pos.uci(choice.mv), choice.weight));
        Some(choice.mv)
    }

    fn ponderhit(&mut self) {
        if !self.shared.pondering.load(Ordering::Relaxed) {
            return;
        }
        // The clock limits of the `go ponder` command count from now.
        let now = self.search_start.elapsed().as_millis() as u64;
        let (soft, hard) = self.ponder_budget;
        self.shared.soft_ms.store(now.saturating_add(soft), Ordering::Relaxed);
        self.shared.hard_ms.store(now.saturating_add(hard), Ordering::Relaxed);
        self.shared.pondering.store(false, Ordering::Relaxed);
    }
}

/// Runs the UCI loop on the lines of `input` until `quit` or until the
/// input ends (which stops a running search first).
fn run(input: Receiver<Input>, output: Box<dyn Write + Send>) {
    let mut engine = Engine::new(output);
    for (number, line) in (1..).zip(input) {
        match line {
            Input::Line { bytes, cut } => {
                if !engine.handle_input(&bytes, cut, number) {
                    return;
                }
            }
            Input::Failed(e) => {
                engine.out.line(&format!("info string cannot read standard input (line {number}): {e}; ending"));
                break;
            }
        }
    }
    engine.stop();
}

pub fn main() {
    // Standard input on its own thread: commands reach the loop while a
    // search runs. Lines are read as bytes, so a line that is not UTF-8 is
    // reported instead of ending the input.
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        loop {
            let mut bytes = Vec::new();
            let input = match read_line(&mut stdin, &mut bytes) {
                Ok(Some(cut)) => Input::Line { bytes, cut },
                Ok(None) => break,
                Err(e) => Input::Failed(e.to_string()),
            };
            let failed = matches!(input, Input::Failed(_));
            if sender.send(input).is_err() || failed {
                break;
            }
        }
    });
    run(receiver, Box::new(io::stdout()));
}
