//! The engine between commands: its position, options and table, and the
//! handling of each UCI command. A search runs on a thread of its own;
//! this side answers `isready`, `stop`, `ponderhit` and `quit` meanwhile.

use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use chess_movegen::polyglot::Book;
use chess_movegen::{perft_divide, CastlingMode, FenOptions, KeyHistory, Move, Position};

use super::correction::Correction;
use super::go::{parse_go, parse_perft, GoCommand};
use super::input::MAX_LINE;
use super::options::{HASH, MOVE_OVERHEAD, SYZYGY_PROBE_LIMIT};
use super::search::{think, Limits, Shared};
use super::tablebase::Tablebases;
use super::text::{escaped, shown, Output, SHOWN_ERROR_CHARS};
use super::time::budget;
use super::tt::Tt;

/// How long `stop` waits for the search thread to end before it answers
/// for it: far above the few milliseconds a search takes to notice `stop`.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// The engine state between commands.
pub(super) struct Engine {
    /// `None` after a `position` command that failed.
    pub(super) position: Option<Position>,
    /// Keys of the positions before the current one, for repetitions.
    pub(super) path: KeyHistory,
    pub(super) chess960: bool,
    pub(super) move_overhead: u64,
    pub(super) own_book: bool,
    pub(super) ponder: bool,
    pub(super) book: Option<Book<'static>>,
    /// Syzygy tables (`SyzygyPath`), and `SyzygyProbeLimit`.
    pub(super) tablebases: Option<Tablebases>,
    pub(super) probe_limit: usize,
    pub(super) tt: Arc<Mutex<Tt>>,
    /// The correction history, kept from move to move of a game.
    pub(super) correction: Arc<Mutex<Correction>>,
    /// The size of `tt` in MB, as set by `Hash`.
    pub(super) hash_mb: u64,
    /// A `Hash` change or table clear asked for during a search.
    pub(super) pending_hash: Option<u64>,
    pub(super) pending_clear: bool,
    pub(super) shared: Arc<Shared>,
    pub(super) search: Option<JoinHandle<()>>,
    /// The position of the running (or last) search.
    pub(super) search_position: Position,
    /// Start of the running search and its clock budget (soft, hard), kept
    /// for `ponderhit`.
    pub(super) search_start: Instant,
    pub(super) ponder_budget: (u64, u64),
    pub(super) out: Output,
    pub(super) random: u64,
}

impl Engine {
    /// An engine at the start position with default options, writing
    /// to `out`.
    pub(super) fn new(out: Box<dyn Write + Send>) -> Engine {
        Engine {
            position: Some(Position::startpos()),
            path: KeyHistory::new(),
            chess960: false,
            move_overhead: MOVE_OVERHEAD.default,
            own_book: false,
            ponder: false,
            book: None,
            tablebases: None,
            probe_limit: SYZYGY_PROBE_LIMIT.default as usize,
            tt: Arc::new(Mutex::new(Tt::new(HASH.default as usize).unwrap_or_else(Tt::smallest))),
            correction: Arc::new(Mutex::new(Correction::new())),
            hash_mb: HASH.default,
            pending_hash: None,
            pending_clear: false,
            shared: Arc::new(Shared::new()),
            search: None,
            search_position: Position::startpos(),
            search_start: Instant::now(),
            ponder_budget: (u64::MAX, u64::MAX),
            out: Output(Arc::new(Mutex::new(out))),
            random: 0x9E37_79B9_7F4A_7C15 ^ u64::from(std::process::id()),
        }
    }

    /// True while a search thread runs.
    fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Stops the running search (it prints its `bestmove`) and waits for
    /// it, at most `STOP_GRACE`: a search that does not end by then is
    /// left behind (see `abandon_search`).
    pub(super) fn stop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.shared.pondering.store(false, Ordering::Relaxed);
        if let Some(handle) = self.search.take() {
            let deadline = Instant::now() + STOP_GRACE;
            while !handle.is_finished() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            if handle.is_finished() {
                let _ = handle.join();
            } else {
                self.abandon_search();
            }
        }
        self.apply_pending();
    }

    /// Answers for a search thread that did not stop in time (a tablebase
    /// probe waiting on a slow file can hold it): `bestmove` with its best
    /// move so far (the first legal move if it has none yet), unless it
    /// answered meanwhile. The thread keeps its flags, table and correction
    /// history; the engine goes on with new ones, so that nothing waits for
    /// the thread again.
    fn abandon_search(&mut self) {
        if !self.shared.answered.swap(true, Ordering::SeqCst) {
            let pos = self.search_position;
            let (best, reply) = match self.shared.best() {
                (best, reply) if !best.is_null() => (best, reply),
                _ => (pos.legal_moves().first().copied().unwrap_or(Move::NULL), Move::NULL),
            };
            self.out.line(&format!(
                "info string the search did not stop within {} ms: answering with its best move so far",
                STOP_GRACE.as_millis()
            ));
            answer(&pos, best, reply, &self.out);
        }
        self.shared = Arc::new(Shared::new());
        self.tt = Arc::new(Mutex::new(Tt::new(self.hash_mb as usize).unwrap_or_else(Tt::smallest)));
        self.correction = Arc::new(Mutex::new(Correction::new()));
    }

    /// Applies what had to wait for the transposition table to be free.
    pub(super) fn apply_pending(&mut self) {
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
            *self.correction.lock().unwrap_or_else(|e| e.into_inner()) = Correction::new();
        }
    }

    /// Handles one line of input (numbered from 1); false after `quit`.
    pub(super) fn handle_input(&mut self, bytes: &[u8], cut: bool, number: u64) -> bool {
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

    /// Handles one command line; false after `quit`.
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
                self.declare_options();
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

    /// Handles `position`: on any error the engine is left without a
    /// position.
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
        let mut path = KeyHistory::new();
        for (i, text) in args.iter().skip(moves_at + 1).enumerate() {
            match pos.parse_uci(text) {
                Ok(mv) => {
                    path.push(pos.zobrist_hash(), pos.halfmove_clock());
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

    /// Handles `go`: reads it, then starts the search thread (`go perft`
    /// counts instead).
    fn go(&mut self, args: &[&str]) {
        if args.first() == Some(&"perft") {
            self.perft(&args[1..]);
            return;
        }
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
        match parsed {
            Ok(go) => self.start_search(pos, go),
            Err(e) => {
                self.out.line(&format!("info string go refused: {e}; not searching"));
                self.refuse("go");
            }
        }
    }

    /// Handles `go perft DEPTH` as Stockfish writes it: the leaves below
    /// each legal move (`e2e4: 20`, in the position's own UCI), a blank
    /// line, `Nodes searched: N` and a blank line. It counts before the
    /// next command is read, and answers no `bestmove`.
    fn perft(&mut self, args: &[&str]) {
        let Some(pos) = self.position else {
            self.out.line("info string no valid position (the last 'position' command failed): no perft");
            return;
        };
        let depth = match parse_perft(args) {
            Ok(depth) => depth,
            Err(e) => {
                self.out.line(&format!("info string go perft refused: {e}"));
                return;
            }
        };
        let divided = perft_divide(&pos, depth);
        for &(mv, nodes) in &divided {
            self.out.line(&format!("{}: {nodes}", pos.uci(mv)));
        }
        // Depth 0 is the position itself: one node, no moves.
        let total = if depth == 0 { 1 } else { divided.iter().map(|&(_, nodes)| nodes).sum() };
        self.out.line("");
        self.out.line(&format!("Nodes searched: {total}"));
        self.out.line("");
    }

    /// Sets the clock of a read `go` and starts the search (or the book
    /// move) on its own thread, which prints `bestmove`.
    fn start_search(&mut self, pos: Position, go: GoCommand) {
        let mate = go.mate.map(|m| m as i32);
        let default_depth = mate.map_or(100, |m| 2 * m + 1);
        let (soft, hard) = budget(&go, pos.side_to_move(), self.move_overhead);
        let limits = Limits {
            depth: go.depth.map_or(default_depth, |d| d as i32),
            nodes: go.nodes.unwrap_or(u64::MAX),
            mate,
            wait_for_stop: go.infinite || go.ponder,
            searchmoves: go.searchmoves,
            tablebases: self.tablebases.clone(),
        };
        self.ponder_budget = (soft, hard);
        // Flags of this search's own: nothing answered, no best move yet.
        self.shared = Arc::new(Shared::new());
        self.shared.pondering.store(go.ponder, Ordering::Relaxed);
        self.shared.soft_ms.store(soft, Ordering::Relaxed);
        self.shared.hard_ms.store(hard, Ordering::Relaxed);
        self.search_start = Instant::now();
        self.search_position = pos;
        let book_move = self.book_move(&pos, &limits.searchmoves);
        let path = self.path.clone();
        let (tt, shared, out) = (Arc::clone(&self.tt), Arc::clone(&self.shared), self.out.clone());
        let correction = Arc::clone(&self.correction);
        let infinite = go.infinite;
        self.search = Some(std::thread::spawn(move || {
            let (best, reply) = match book_move {
                Some(mv) => (mv, Move::NULL),
                None => {
                    let mut tt = tt.lock().unwrap_or_else(|e| e.into_inner());
                    let mut correction = correction.lock().unwrap_or_else(|e| e.into_inner());
                    think(&pos, path, &limits, &mut tt, &mut correction, &shared, &out)
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
            // Unless `stop` gave up waiting and answered for this search.
            if !shared.answered.swap(true, Ordering::SeqCst) {
                answer(&pos, best, reply, &out);
            }
        }));
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

    /// Handles `ponderhit`: the pondering search goes on under the clock
    /// limits of its `go ponder`, counted from now.
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

/// Prints `bestmove` (with the expected reply as `ponder`, when there is
/// one); `bestmove 0000` for no move.
fn answer(pos: &Position, best: Move, reply: Move, out: &Output) {
    let text = if best.is_null() { "0000".to_string() } else { pos.uci(best) };
    match reply {
        r if r.is_null() => out.line(&format!("bestmove {text}")),
        r => out.line(&format!("bestmove {text} ponder {}", pos.play(best).uci(r))),
    }
}
