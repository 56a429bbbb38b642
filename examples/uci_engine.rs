//! A small but real chess engine speaking the UCI protocol, to show how an
//! engine embeds chess-movegen.
//!
//! ```text
//! cargo run --release --example uci_engine
//! ```
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name Hash value MB`,
//! `setoption name UCI_Chess960 value true|false`,
//! `position startpos|fen FEN [moves m1 m2 ...]`,
//! `go [depth N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N] [infinite]`,
//! `stop`, `quit`. While searching it prints `info depth .. score .. nodes ..
//! nps .. time .. pv ..` after each iteration and `bestmove` at the end.
//!
//! The search is iterative deepening alpha-beta (principal-variation
//! search) with a transposition table keyed by the crate's Zobrist hash,
//! quiescence search over captures and promotions, MVV-LVA capture
//! ordering, killer moves, check extensions, and repetition and
//! fifty-move draw detection. The evaluation is material plus
//! piece-square tables.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use chess_movegen::{CastlingMode, Color, Move, MoveList, Position, Role};

const INFINITY: i32 = 32_000;
const MATE: i32 = 31_000;
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

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    best: u16,
    score: i16,
    depth: i8,
    bound: u8, // 0 empty, 1 exact, 2 lower, 3 upper
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// A transposition table indexed by the low bits of the Zobrist hash; the
/// full key is stored to reject collisions.
struct Tt {
    entries: Vec<TtEntry>,
}

impl Tt {
    fn new(mb: usize) -> Tt {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<TtEntry>()).next_power_of_two() / 2;
        Tt { entries: vec![TtEntry::default(); n.max(1024)] }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        let e = self.entries[self.index(key)];
        (e.bound != 0 && e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: u8, best: Move, ply: usize) {
        let i = self.index(key);
        let old = self.entries[i];
        if old.key == key && old.depth as i32 > depth && bound != EXACT {
            return;
        }
        self.entries[i] =
            TtEntry { key, best: best.to_bits(), score: to_tt(score, ply) as i16, depth: depth as i8, bound };
    }

    fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = TtEntry::default());
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - 1000 {
        score + ply as i32
    } else if score < -MATE + 1000 {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE - 1000 {
        score - ply as i32
    } else if score < -MATE + 1000 {
        score + ply as i32
    } else {
        score
    }
}

struct Limits {
    depth: i32,
    deadline: Option<Instant>,
}

struct Search<'a> {
    tt: &'a mut Tt,
    stop: &'a AtomicBool,
    limits: Limits,
    nodes: u64,
    /// Hashes of the game's positions and of the current search path.
    history: Vec<u64>,
    killers: [[Move; 2]; MAX_PLY],
    aborted: bool,
}

impl Search<'_> {
    fn should_stop(&mut self) -> bool {
        if self.nodes & 2047 == 0
            && (self.stop.load(Ordering::Relaxed) || self.limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn is_repetition(&self, pos: &Position) -> bool {
        let window = (pos.halfmove_clock() as usize).min(self.history.len());
        self.history[self.history.len() - window..].iter().rev().skip(1).step_by(2).any(|&h| h == pos.zobrist_hash())
    }

    /// Orders moves: hash move, captures by MVV-LVA, promotions, killers, quiets.
    fn order(&self, pos: &Position, moves: &mut MoveList, hash_move: Option<Move>, ply: usize) {
        let score = |&m: &Move| -> i32 {
            if Some(m) == hash_move {
                return 1_000_000;
            }
            let mut s = 0;
            if pos.is_capture(m) {
                let victim = if m.is_en_passant() { Role::Pawn } else { pos.role_at(m.to()).unwrap_or(Role::Pawn) };
                let attacker = pos.role_at(m.from()).unwrap_or(Role::Pawn);
                s += 100_000 + 10 * VALUE[victim.index()] - VALUE[attacker.index()] / 10;
            }
            if let Some(role) = m.promotion_role() {
                s += 90_000 + VALUE[role.index()];
            }
            if s == 0 && ply < MAX_PLY && self.killers[ply].contains(&m) {
                s = 50_000;
            }
            s
        };
        moves.sort_by_cached_key(|m| -score(m));
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let in_check = pos.is_check();
        let mut moves = if in_check { pos.legal_moves() } else { pos.legal_captures() };
        if !in_check {
            // Quiet promotions are tactical too.
            moves.extend(pos.legal_quiets().into_iter().filter(|m| m.promotion_role() == Some(Role::Queen)));
            let stand_pat = evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        } else if moves.is_empty() {
            return -MATE + ply as i32;
        }
        self.order(pos, &mut moves, None, MAX_PLY);
        for mv in moves {
            let score = -self.quiesce(&pos.play(mv), -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
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
        let in_check = pos.is_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if ply > 0 && (self.is_repetition(pos) || pos.is_fifty_move_rule() || pos.is_insufficient_material()) {
            return 0;
        }
        let key = pos.zobrist_hash();
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = Some(Move::from_bits(e.best));
            let score = from_tt(e.score as i32, ply);
            if ply > 0 && e.depth as i32 >= depth {
                let cut = match e.bound {
                    EXACT => true,
                    LOWER => score >= beta,
                    _ => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.order(pos, &mut moves, hash_move, ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = moves[0];
        let mut child_pv = Vec::new();
        self.history.push(key);
        for (i, &mv) in moves.iter().enumerate() {
            let next = pos.play(mv);
            let mut score;
            if i == 0 {
                score = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, &mut child_pv);
            } else {
                // Principal-variation search: a null window first.
                score = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1, &mut child_pv);
                if score > alpha && score < beta {
                    score = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, &mut child_pv);
                }
            }
            if self.aborted {
                self.history.pop();
                return 0;
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
                if !pos.is_capture(mv) && ply < MAX_PLY && self.killers[ply][0] != mv {
                    self.killers[ply] = [mv, self.killers[ply][0]];
                }
                break;
            }
        }
        self.history.pop();
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(key, depth, best, bound, best_move, ply);
        best
    }
}

fn score_text(score: i32) -> String {
    if score > MATE - 1000 {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE + 1000 {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}

/// Iterative deepening; prints `info` lines and returns the best move.
fn think(
    pos: &Position,
    history: Vec<u64>,
    limits: Limits,
    tt: &mut Tt,
    stop: &AtomicBool,
    out: &Mutex<Box<dyn Write + Send>>,
) -> Option<Move> {
    let start = Instant::now();
    let root_moves = pos.legal_moves();
    let mut best = root_moves.first().copied();
    let max_depth = limits.depth;
    let mut search =
        Search { tt, stop, limits, nodes: 0, history, killers: [[Move::NULL; 2]; MAX_PLY], aborted: false };
    let mut pv = Vec::new();
    for depth in 1..=max_depth {
        let score = search.negamax(pos, depth, -INFINITY, INFINITY, 0, &mut pv);
        if search.aborted {
            break;
        }
        if let Some(&first) = pv.first() {
            best = Some(first);
        }
        let elapsed = start.elapsed();
        let nps = (search.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
        let pv_text: Vec<String> = {
            let mut p = *pos;
            pv.iter()
                .map(|&m| {
                    let text = p.uci(m);
                    p = p.play(m);
                    text
                })
                .collect()
        };
        let line = format!(
            "info depth {depth} score {} nodes {} nps {nps} time {} pv {}",
            score_text(score),
            search.nodes,
            elapsed.as_millis(),
            pv_text.join(" ")
        );
        emit(out, &line);
        // A forced mate found within this depth will not get shorter.
        if score.abs() > MATE - 1000 && (MATE - score.abs()) <= depth {
            break;
        }
        if root_moves.len() == 1 && search.limits.deadline.is_some() {
            break;
        }
    }
    best
}

fn emit(out: &Mutex<Box<dyn Write + Send>>, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// The engine state between commands.
struct Engine {
    position: Position,
    history: Vec<u64>,
    chess960: bool,
    tt: Arc<Mutex<Tt>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    out: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Engine {
    fn wait(&mut self) {
        if let Some(handle) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn set_position(&mut self, args: &[&str]) {
        let mut position = None;
        let mut rest = args;
        match args.first() {
            Some(&"startpos") => {
                position = Some(Position::startpos());
                rest = &args[1..];
            }
            Some(&"fen") => {
                let end = args.iter().position(|&w| w == "moves").unwrap_or(args.len());
                let fen = args[1..end].join(" ");
                let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
                let options = chess_movegen::FenOptions::new().castling(mode).lenient(true);
                match Position::from_fen_with(&fen, options) {
                    Ok((pos, _)) => position = Some(pos),
                    Err(e) => emit(&self.out, &format!("info string invalid position: {e}")),
                }
                rest = &args[end..];
            }
            _ => emit(&self.out, "info string expected 'position startpos' or 'position fen ...'"),
        }
        let Some(mut pos) = position else { return };
        if self.chess960 {
            // Every position is valid in Chess960 mode: this cannot fail.
            let _ = pos.set_castling_mode(CastlingMode::Chess960);
        }
        let mut history = vec![pos.zobrist_hash()];
        if rest.first() == Some(&"moves") {
            for text in &rest[1..] {
                match pos.parse_uci(text) {
                    Ok(mv) => {
                        pos.make_move(mv);
                        history.push(pos.zobrist_hash());
                    }
                    Err(e) => {
                        emit(&self.out, &format!("info string {e}"));
                        break;
                    }
                }
            }
        }
        history.pop();
        self.position = pos;
        self.history = history;
    }

    fn go(&mut self, args: &[&str]) {
        self.wait();
        let value = |name: &str| -> Option<u64> {
            args.iter().position(|&w| w == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok())
        };
        let infinite = args.contains(&"infinite");
        let depth = value("depth").map_or(64, |d| d.clamp(1, 64) as i32);
        let us = self.position.side_to_move();
        let (time, inc) = match us {
            Color::White => (value("wtime"), value("winc").unwrap_or(0)),
            Color::Black => (value("btime"), value("binc").unwrap_or(0)),
        };
        let budget = if let Some(ms) = value("movetime") {
            Some(ms)
        } else {
            time.map(|t| {
                let moves_to_go = value("movestogo").unwrap_or(30).max(1);
                (t / moves_to_go + inc * 3 / 4).min(t.saturating_sub(50)).max(1)
            })
        };
        let deadline = if infinite { None } else { budget.map(|ms| Instant::now() + Duration::from_millis(ms)) };
        let limits = Limits { depth, deadline };
        self.stop.store(false, Ordering::Relaxed);
        let (pos, history) = (self.position, self.history.clone());
        let (tt, stop, out) = (Arc::clone(&self.tt), Arc::clone(&self.stop), Arc::clone(&self.out));
        self.search = Some(std::thread::spawn(move || {
            let best = {
                let mut tt = tt.lock().unwrap_or_else(|e| e.into_inner());
                think(&pos, history, limits, &mut tt, &stop, &out)
            };
            // With "go infinite" the best move waits for "stop".
            while infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(5));
            }
            let text = best.map_or("0000".to_string(), |m| pos.uci(m));
            emit(&out, &format!("bestmove {text}"));
        }));
    }
}

/// Runs the UCI loop over `input`, writing to `output`, until `quit` or
/// the end of the input (a search in progress is finished first).
pub fn run(input: impl BufRead, output: Box<dyn Write + Send>) {
    let mut engine = Engine {
        position: Position::startpos(),
        history: Vec::new(),
        chess960: false,
        tt: Arc::new(Mutex::new(Tt::new(16))),
        stop: Arc::new(AtomicBool::new(false)),
        search: None,
        out: Arc::new(Mutex::new(output)),
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { continue };
        match command {
            "uci" => {
                emit(&engine.out, "id name chess-movegen example engine");
                emit(&engine.out, "id author the chess-movegen authors");
                emit(&engine.out, "option name Hash type spin default 16 min 1 max 1024");
                emit(&engine.out, "option name UCI_Chess960 type check default false");
                emit(&engine.out, "uciok");
            }
            "isready" => emit(&engine.out, "readyok"),
            "ucinewgame" => {
                engine.wait();
                engine.tt.lock().unwrap_or_else(|e| e.into_inner()).clear();
                engine.position = Position::startpos();
                engine.history.clear();
            }
            "setoption" => {
                engine.wait();
                let text = args.join(" ");
                if let Some(v) = text.strip_prefix("name Hash value ") {
                    if let Ok(mb) = v.trim().parse::<usize>() {
                        *engine.tt.lock().unwrap_or_else(|e| e.into_inner()) = Tt::new(mb.clamp(1, 1024));
                    }
                } else if let Some(v) = text.strip_prefix("name UCI_Chess960 value ") {
                    engine.chess960 = v.trim() == "true";
                }
            }
            "position" => {
                engine.wait();
                engine.set_position(args);
            }
            "go" => engine.go(args),
            "stop" => {
                engine.stop.store(true, Ordering::Relaxed);
                engine.wait();
            }
            "quit" => {
                engine.stop.store(true, Ordering::Relaxed);
                break;
            }
            _ => emit(&engine.out, &format!("info string unknown command {command}")),
        }
    }
    engine.wait();
}

#[allow(dead_code)]
fn main() {
    let stdin = io::stdin();
    run(stdin.lock(), Box::new(io::stdout()));
}
