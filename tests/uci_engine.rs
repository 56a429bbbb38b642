//! Drives the example UCI engine (examples/uci_engine/) over pipes: each
//! test starts the engine as a child process (this test binary run again,
//! see `engine_process`) and talks to it through its standard input and
//! output, with a timeout on every answer so that a hang fails the test.

#[path = "../examples/uci_engine/main.rs"]
#[allow(dead_code)]
mod engine;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use chess_movegen::polyglot::Book;
use chess_movegen::Position;

const CHILD: &str = "CHESS_MOVEGEN_UCI_ENGINE_PROCESS";

/// The engine process of the other tests: with the variable set, this test
/// binary runs the example's `main` on its own standard input and output.
#[test]
#[ignore = "the engine process of the other tests, started by them"]
fn engine_process() {
    if std::env::var_os(CHILD).is_some() {
        engine::main();
        std::process::exit(0);
    }
}

/// Long enough for any answer on a loaded machine; a hang takes this long
/// to fail.
const PATIENCE: Duration = Duration::from_secs(10);

struct Uci {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Vec<String>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["uci_engine::engine_process", "--exact", "--ignored", "--nocapture", "--quiet", "--test-threads=1"])
            .env(CHILD, "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut engine_started = false;
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // The test harness's own first lines ("running 1 test").
                if !engine_started && (line.is_empty() || line.starts_with("running ")) {
                    continue;
                }
                engine_started = true;
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Uci { stdin: child.stdin.take(), child, lines, log: Vec::new() }
    }

    fn send(&mut self, command: &str) {
        self.log.push(format!("> {command}"));
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
    }

    /// Sends raw bytes, line ending included (to test bytes that are not
    /// UTF-8, NULs and CR LF line endings).
    fn send_bytes(&mut self, bytes: &[u8]) {
        self.log.push(format!("> {}", String::from_utf8_lossy(bytes).escape_debug()));
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The lines received since the last command sent.
    fn since_last_command(&self) -> Vec<&String> {
        let mut tail: Vec<_> = self.log.iter().rev().take_while(|l| !l.starts_with("> ")).collect();
        tail.reverse();
        tail
    }

    /// The next line for which `want` holds, within `timeout`; the lines
    /// before it are kept in the log.
    fn expect_within(&mut self, timeout: Duration, what: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no {what} within {timeout:?}:\n{}", self.log.join("\n")),
                Err(RecvTimeoutError::Disconnected) => panic!("engine ended before {what}:\n{}", self.log.join("\n")),
            }
        }
    }

    fn expect(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        self.expect_within(PATIENCE, what, want)
    }

    /// The move of the next `bestmove` line.
    fn bestmove(&mut self) -> String {
        self.bestmove_within(PATIENCE)
    }

    fn bestmove_within(&mut self, timeout: Duration) -> String {
        let line = self.expect_within(timeout, "bestmove", |l| l.starts_with("bestmove "));
        line.split_whitespace().nth(1).unwrap().to_string()
    }

    /// Nothing but `info` lines for `wait`.
    fn quiet_for(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Ok(line) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            self.log.push(line.clone());
            assert!(line.starts_with("info "), "unexpected {line:?}:\n{}", self.log.join("\n"));
        }
    }

    /// Answers `isready` promptly.
    fn ready(&mut self) {
        self.ready_within(Duration::from_secs(2));
    }

    fn ready_within(&mut self, timeout: Duration) {
        self.send("isready");
        self.expect_within(timeout, "readyok", |l| l == "readyok");
    }

    /// Waits for the process to end.
    fn exits_within(&mut self, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("engine still running after {timeout:?}:\n{}", self.log.join("\n"));
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn position_after(fen: Option<&str>, moves: &[&str]) -> Position {
    let mut pos = fen.map_or_else(Position::startpos, |f| Position::from_fen(f).unwrap());
    for m in moves {
        pos = pos.play(pos.parse_uci(m).unwrap());
    }
    pos
}

fn assert_legal(pos: &Position, uci: &str) {
    assert!(pos.parse_uci(uci).is_ok(), "{uci} is not legal in {}", pos.fen());
}

const MATE_IN_TWO: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

#[test]
fn handshake_options_and_ready() {
    let mut uci = Uci::start();
    uci.send("uci");
    uci.expect("id name", |l| l.starts_with("id name "));
    let overhead = uci.expect("Move Overhead option", |l| l.starts_with("option name Move Overhead "));
    let default: u64 = overhead.split(" default ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(default >= 30, "{overhead}");
    uci.expect("OwnBook option", |l| l.starts_with("option name OwnBook type check"));
    uci.expect("BookFile option", |l| l.starts_with("option name BookFile type string"));
    uci.expect("uciok", |l| l == "uciok");
    uci.ready();
    uci.send("quit");
    uci.exits_within(Duration::from_secs(2));
}

#[test]
fn depth_finds_the_mate_and_reports_it() {
    let mut uci = Uci::start();
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go depth 5");
    uci.expect("mate score", |l| l.starts_with("info depth") && l.contains("score mate 2") && l.contains(" pv a1a6"));
    assert_eq!(uci.bestmove(), "a1a6");
    // A depth limit is kept.
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go depth 3");
    let best = uci.bestmove();
    assert_legal(&position_after(None, &["e2e4", "e7e5"]), &best);
    let depths: Vec<u32> = uci
        .log
        .iter()
        .skip_while(|l| !l.contains("go depth 3"))
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(depths, [1, 2, 3]);
}

#[test]
fn go_mate_stops_at_the_mate() {
    let mut uci = Uci::start();
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go mate 2");
    assert_eq!(uci.bestmove(), "a1a6");
    assert!(uci.log.iter().any(|l| l.contains("score mate 2")), "{:?}", uci.log);
    // Being mated: the losing side reports a negative mate.
    uci.send("position fen kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1");
    uci.send("go depth 4");
    let best = uci.bestmove();
    assert_legal(&Position::from_fen("kbK5/pp6/RP6/8/8/8/8/8 b - - 1 1").unwrap(), &best);
    assert!(uci.log.iter().any(|l| l.contains("score mate -1")), "{:?}", uci.log);
}

#[test]
fn go_nodes_keeps_the_node_limit() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go nodes 5000");
    let best = uci.bestmove();
    assert_legal(&Position::startpos(), &best);
    for line in uci.log.iter().filter(|l| l.starts_with("info depth")) {
        let nodes: u64 = line.split(" nodes ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!(nodes <= 5000, "{line}");
    }
    // A limit smaller than one iteration still gives a legal move.
    uci.send("go nodes 1");
    assert_legal(&Position::startpos(), &uci.bestmove());
}

#[test]
fn movetime_and_clock_limits() {
    let mut uci = Uci::start();
    uci.send("position startpos moves d2d4");
    let pos = position_after(None, &["d2d4"]);
    let start = Instant::now();
    uci.send("go movetime 300");
    assert_legal(&pos, &uci.bestmove());
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(250) && took < Duration::from_secs(5), "{took:?}");
    // The last move before the time control: at most the clock minus the
    // move overhead (1000 - 700 ms here), and some time is used.
    uci.send("setoption name Move Overhead value 700");
    let start = Instant::now();
    uci.send("go wtime 1000 btime 1000 movestogo 1");
    assert_legal(&pos, &uci.bestmove());
    let took = start.elapsed();
    assert!(took < Duration::from_millis(700), "{took:?}");
    // Less time on the clock than the overhead: a move at once.
    uci.send("setoption name Move Overhead value 50");
    let start = Instant::now();
    uci.send("go wtime 20 btime 20 winc 0 binc 0");
    assert_legal(&pos, &uci.bestmove());
    assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());
    // An ordinary clock.
    uci.send("go wtime 3000 btime 3000 winc 30 binc 30");
    assert_legal(&pos, &uci.bestmove_within(Duration::from_millis(3000)));
}

#[test]
fn infinite_answers_everything_and_waits_for_stop() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go infinite");
    uci.quiet_for(Duration::from_millis(200));
    uci.ready();
    // Other commands meanwhile: none ends the search, none blocks.
    uci.send("position startpos moves g1f3");
    uci.send("setoption name Hash value 8");
    uci.send("ucinewgame");
    uci.send("debug on");
    uci.send("foo bar");
    uci.expect("unknown command", |l| l.starts_with("info string unknown command"));
    uci.ready();
    uci.quiet_for(Duration::from_millis(100));
    uci.send("stop");
    // The move is for the position the search started from.
    assert_legal(&position_after(None, &["e2e4"]), &uci.bestmove_within(Duration::from_secs(2)));
    // The new position is used by the next search.
    uci.send("go depth 2");
    assert_legal(&position_after(None, &["g1f3"]), &uci.bestmove());
    // A new go during go infinite ends the old search with its move first.
    uci.send("go infinite");
    uci.quiet_for(Duration::from_millis(50));
    uci.send("go depth 1");
    let first = uci.bestmove();
    let second = uci.bestmove();
    assert_legal(&position_after(None, &["g1f3"]), &first);
    assert_legal(&position_after(None, &["g1f3"]), &second);
}

#[test]
fn stop_and_quit_during_a_long_search() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go depth 100");
    std::thread::sleep(Duration::from_millis(100));
    uci.ready();
    uci.send("stop");
    assert_legal(&Position::startpos(), &uci.bestmove_within(Duration::from_secs(2)));
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    uci.send("quit");
    uci.exits_within(Duration::from_secs(2));
}

#[test]
fn end_of_input_during_a_search_ends_the_engine() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    drop(uci.stdin.take());
    uci.exits_within(Duration::from_secs(2));
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let mut uci = Uci::start();
    let pos = position_after(None, &["e2e4", "e7e5"]);
    uci.send("position startpos moves e2e4 e7e5");
    uci.send("go ponder wtime 3000 btime 3000");
    // Pondering does not end by itself, whatever the clock says.
    uci.quiet_for(Duration::from_millis(400));
    uci.ready();
    let hit = Instant::now();
    uci.send("ponderhit");
    // Now the clock counts: 3000 ms less overhead, 30 moves to go.
    assert_legal(&pos, &uci.bestmove_within(Duration::from_secs(2)));
    assert!(hit.elapsed() < Duration::from_millis(1000), "{:?}", hit.elapsed());
    // A ponder search that is stopped gives its move too.
    uci.send("go ponder wtime 3000 btime 3000");
    uci.quiet_for(Duration::from_millis(100));
    uci.send("stop");
    assert_legal(&pos, &uci.bestmove_within(Duration::from_secs(2)));
    // A search that finishes early (here a mate) still waits for ponderhit.
    uci.send(&format!("position fen {MATE_IN_TWO}"));
    uci.send("go ponder depth 5");
    uci.quiet_for(Duration::from_millis(300));
    uci.send("ponderhit");
    assert_eq!(uci.bestmove_within(Duration::from_secs(2)), "a1a6");
}

/// `go perft DEPTH` answers as Stockfish does: a line `move: count` per
/// legal move, in the position's own UCI, a blank line and `Nodes searched:
/// N`; bad depths are refused with `info string`, and no `bestmove` comes.
#[test]
fn go_perft_divides_like_stockfish() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    uci.send("go perft 3");
    let total = uci.expect("the total", |l| l.starts_with("Nodes searched: "));
    let pos = position_after(None, &["e2e4"]);
    assert_eq!(total, format!("Nodes searched: {}", chess_movegen::perft(&pos, 3)));
    let answer: Vec<&String> = uci.since_last_command();
    let (divide, end) = answer.split_at(answer.len() - 2);
    assert_eq!(end[0], "");
    let mut expected: Vec<String> =
        chess_movegen::perft_divide(&pos, 3).iter().map(|&(mv, n)| format!("{}: {n}", pos.uci(mv))).collect();
    let mut divide: Vec<String> = divide.iter().map(|l| l.to_string()).collect();
    expected.sort();
    divide.sort();
    assert_eq!(divide, expected);

    // Chess960: castling is written as the king taking its rook.
    uci.send("setoption name UCI_Chess960 value true");
    uci.send("position fen r3k2r/8/8/8/8/8/8/R3K1R1 w Kkq - 0 1");
    uci.send("go perft 1");
    uci.expect("the total", |l| l == "Nodes searched: 25");
    assert!(uci.since_last_command().iter().any(|l| *l == "e1g1: 1"), "{:?}", uci.log);
    uci.send("go perft 0");
    uci.expect("depth 0", |l| l == "Nodes searched: 1");
    uci.expect("the blank line after the total", str::is_empty);

    for (bad, why) in [
        ("go perft", "needs a depth"),
        ("go perft -1", "is negative"),
        ("go perft 256", "is above 255"),
        ("go perft x", "is not a whole number"),
        ("go perft 2 3", "takes one depth"),
    ] {
        uci.send(bad);
        let line = uci.expect("the refusal", |l| l.starts_with("info string go perft refused: "));
        assert!(line.contains(why), "{bad}: {line}");
    }
    uci.ready();
    assert!(!uci.log.iter().any(|l| l.starts_with("bestmove")), "{:?}", uci.log);
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    uci.send("go depth 4 searchmoves a2a3 h2h3 z9z9");
    uci.expect("note on the bad move", |l| l.starts_with("info string searchmoves: z9z9"));
    let best = uci.bestmove();
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    for line in uci.log.iter().filter(|l| l.starts_with("info depth")) {
        let first = line.split(" pv ").nth(1).unwrap().split(' ').next().unwrap();
        assert!(first == "a2a3" || first == "h2h3", "{line}");
    }
}

#[test]
fn invalid_positions_are_reported_and_never_searched() {
    let mut uci = Uci::start();
    for bad in [
        "position fen not a fen",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 e2e4",
        "position sideways",
    ] {
        uci.send("position startpos moves e2e4");
        uci.send(bad);
        uci.expect("info string", |l| l.starts_with("info string invalid position"));
        uci.send("go depth 3");
        // No search: neither of the old position nor of a prefix of the moves.
        assert_eq!(uci.bestmove(), "0000", "{bad}");
        let tail: Vec<_> = uci.log.iter().rev().take_while(|l| !l.starts_with("> go")).collect();
        assert!(!tail.iter().any(|l| l.starts_with("info depth")), "{tail:?}");
    }
    uci.send("position startpos moves e2e4");
    uci.send("go depth 2");
    assert_legal(&position_after(None, &["e2e4"]), &uci.bestmove());
}

#[test]
fn mated_and_stalemated_positions() {
    let mut uci = Uci::start();
    uci.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    uci.send("go depth 3");
    uci.expect("mate 0", |l| l.starts_with("info") && l.contains("score mate 0"));
    assert_eq!(uci.bestmove(), "0000");
    uci.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    uci.send("go wtime 1000 btime 1000");
    uci.expect("draw score", |l| l.starts_with("info") && l.contains("score cp 0"));
    assert_eq!(uci.bestmove(), "0000");
    // Even then, go infinite waits for stop.
    uci.send("go infinite");
    uci.quiet_for(Duration::from_millis(150));
    uci.send("stop");
    assert_eq!(uci.bestmove(), "0000");
}

#[test]
fn own_book_plays_book_moves() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/polyglot_book.bin");
    let bytes = std::fs::read(path).unwrap();
    let book = Book::new(&bytes).unwrap();
    let pos = Position::startpos();
    let book_moves: Vec<String> = book.moves(&pos).filter(|m| m.weight > 0).map(|m| pos.uci(m.mv)).collect();
    assert!(book_moves.len() > 3);

    let mut uci = Uci::start();
    uci.send(&format!("setoption name BookFile value {path}"));
    uci.send("setoption name OwnBook value true");
    uci.expect("book loaded", |l| l.starts_with("info string book ") && l.contains(&format!("{} entries", book.len())));
    uci.send("position startpos");
    let mut seen = std::collections::HashSet::new();
    for _ in 0..12 {
        uci.send("go wtime 10000 btime 10000");
        uci.expect("book move note", |l| l.starts_with("info string book move"));
        let best = uci.bestmove();
        assert!(book_moves.contains(&best), "{best} not in {book_moves:?}");
        seen.insert(best);
    }
    // The choice is random by weight, not always the same move.
    assert!(seen.len() > 1, "{seen:?}");
    // Off the book the engine searches.
    uci.send("position fen 7k/8/8/8/8/8/8/K5Q1 w - - 0 1");
    uci.send("go depth 2");
    uci.expect("search output", |l| l.starts_with("info depth"));
    uci.bestmove();
    // A malformed book is refused with the reason.
    let bad = std::env::temp_dir().join(format!("chess-movegen-bad-book-{}.bin", std::process::id()));
    std::fs::write(&bad, &bytes[..40]).unwrap();
    uci.send(&format!("setoption name BookFile value {}", bad.display()));
    uci.expect("refusal", |l| l.starts_with("info string book") && l.contains("not a multiple of 16"));
    let _ = std::fs::remove_file(&bad);
    uci.send("position startpos");
    uci.send("go depth 1");
    uci.expect("search output", |l| l.starts_with("info depth"));
    uci.bestmove();
}

#[test]
fn movetime_is_not_reduced_by_the_move_overhead() {
    let mut uci = Uci::start();
    let pos = position_after(None, &["e2e4"]);
    uci.send("position startpos moves e2e4");
    // Move Overhead is for clocks: with the largest one, a fixed time per
    // move is still used in full.
    uci.send("setoption name Move Overhead value 5000");
    uci.ready();
    let start = Instant::now();
    uci.send("go movetime 300");
    assert_legal(&pos, &uci.bestmove());
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(250) && took < Duration::from_secs(5), "{took:?}");
    // The same overhead does apply to a clock: 4000 ms less 5000 ms leaves
    // nothing, so the move comes after depth 1.
    uci.send("go wtime 4000 btime 4000");
    assert_legal(&pos, &uci.bestmove());
    let depths =
        uci.log.iter().rev().take_while(|l| !l.starts_with("> go")).filter(|l| l.starts_with("info depth")).count();
    assert_eq!(depths, 1, "{:?}", uci.log);
}

#[test]
fn input_that_is_not_utf8_is_reported_and_the_engine_goes_on() {
    let mut uci = Uci::start();
    uci.send_bytes(b"\xff\xfe garbage\n");
    let note = uci.expect("note on the bad line", |l| l.starts_with("info string input line 1 "));
    assert!(note.contains("not valid UTF-8") && note.contains("0xff") && note.contains("column 1"), "{note}");
    uci.ready();
    // A position line with a bad byte is not half-applied: the position is
    // refused, and so is go.
    uci.send_bytes(b"position startpos moves e2e4 e7\xe9e5\n");
    uci.expect("UTF-8 note", |l| l.starts_with("info string input line 3 ") && l.contains("not valid UTF-8"));
    uci.expect("refusal", |l| l.starts_with("info string invalid position: move 2"));
    uci.send("go depth 2");
    assert_eq!(uci.bestmove(), "0000");
    // Good lines after bad ones are read as usual.
    uci.send("position startpos moves e2e4");
    uci.send("go depth 2");
    assert_legal(&position_after(None, &["e2e4"]), &uci.bestmove());
    uci.send("quit");
    uci.exits_within(Duration::from_secs(2));
}

#[test]
fn crlf_line_endings() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/polyglot_book.bin");
    let entries = Book::new(&std::fs::read(path).unwrap()).unwrap().len();
    let mut uci = Uci::start();
    uci.send_bytes(b"uci\r\nisready\r\n");
    uci.expect("uciok", |l| l == "uciok");
    uci.expect("readyok", |l| l == "readyok");
    // The carriage return is not part of the value.
    uci.send_bytes(format!("setoption name BookFile value {path}\r\n").as_bytes());
    uci.expect("book loaded", |l| l == format!("info string book {path}: {entries} entries"));
    uci.send_bytes(b"position startpos moves e2e4 e7e5\r\ngo depth 2\r\n");
    assert_legal(&position_after(None, &["e2e4", "e7e5"]), &uci.bestmove());
}

#[test]
fn malformed_go_numbers_are_refused() {
    let mut uci = Uci::start();
    uci.send("position startpos");
    for (command, reason) in [
        ("go depth x", "depth 'x' is not a whole number"),
        ("go depth", "'depth' needs a number after it"),
        ("go depth infinite", "depth 'infinite' is not a whole number"),
        ("go nodes 1e5", "nodes '1e5' is not a whole number"),
        ("go movetime 3.5", "movetime '3.5' is not a whole number"),
        ("go movetime -100", "movetime -100 is negative"),
        ("go mate -2", "mate -2 is negative"),
        ("go wtime 1000 btime 1000 movestogo x", "movestogo 'x' is not a whole number"),
        ("go wtime abc btime 1000", "wtime 'abc' is not a whole number"),
        ("go binc 10ms", "binc '10ms' is not a whole number"),
    ] {
        uci.send(command);
        uci.expect("refusal", |l| l.starts_with("info string go refused: "));
        assert_eq!(uci.bestmove(), "0000", "{command}");
        let tail = uci.since_last_command();
        assert!(tail.iter().any(|l| l.contains(reason)), "{command}: {tail:?}");
        assert!(!tail.iter().any(|l| l.starts_with("info depth")), "{command}: {tail:?}");
    }
    // A negative clock is out of time, not malformed: a move at once.
    uci.send("go wtime -50 btime -50 winc -10 binc 0");
    assert_legal(&Position::startpos(), &uci.bestmove());
    assert!(!uci.since_last_command().iter().any(|l| l.starts_with("info string")), "{:?}", uci.log);
    // A huge number is a number: it is clamped, not refused.
    uci.send("go depth 99999999999999999999999 nodes 2000");
    uci.expect("clamp note", |l| {
        l == "info string go: depth 99999999999999999999999 is above the maximum 100: 100 used"
    });
    assert_legal(&Position::startpos(), &uci.bestmove());
    uci.send("go depth 0");
    uci.expect("clamp note", |l| l == "info string go: depth 0 is below the minimum 1: 1 used");
    assert_legal(&Position::startpos(), &uci.bestmove());
    // An unknown word is noted and left out; the rest of the command holds.
    uci.send("go depth 2 sideways");
    uci.expect("note", |l| l == "info string go: unknown word 'sideways' ignored");
    assert_legal(&Position::startpos(), &uci.bestmove());
    uci.ready();
}

#[test]
fn option_values_are_checked_and_clamped() {
    let mut uci = Uci::start();
    uci.send("setoption name Hash value 99999999999");
    uci.expect("clamp note", |l| l == "info string Hash 99999999999 is above the maximum 1024: set to 1024");
    // The engine fills its new table of 512 MiB before it answers: seconds
    // on a loaded machine.
    uci.ready_within(PATIENCE);
    uci.send("setoption name Hash value 0");
    uci.expect("clamp note", |l| l == "info string Hash 0 is below the minimum 1: set to 1");
    uci.send("setoption name Hash value lots");
    uci.expect("refusal", |l| {
        l == "info string setoption refused: Hash value 'lots' is not a whole number; Hash stays 1"
    });
    uci.send("setoption name Hash");
    uci.expect("refusal", |l| l == "info string setoption refused: Hash value '' is not a whole number; Hash stays 1");
    uci.send("setoption name Move Overhead value -20");
    uci.expect("clamp note", |l| l == "info string Move Overhead -20 is below the minimum 0: set to 0");
    // Names are read without regard to case or spacing.
    uci.send("setoption name  move   OVERHEAD  value 123456");
    uci.expect("clamp note", |l| l == "info string Move Overhead 123456 is above the maximum 5000: set to 5000");
    uci.send("setoption name OwnBook value yes");
    uci.expect("refusal", |l| {
        l == "info string setoption refused: OwnBook value 'yes' is neither 'true' nor 'false'; OwnBook stays false"
    });
    uci.send("setoption name UCI_Chess960 value TRUE");
    uci.send("setoption name Ponder value maybe");
    uci.expect("refusal", |l| l.starts_with("info string setoption refused: Ponder value 'maybe'"));
    uci.send("setoption name Strength value 11");
    uci.expect("note", |l| l == "info string unknown option 'Strength' (value '11')");
    uci.send("setoption Hash 8");
    uci.expect("note", |l| l == "info string expected 'setoption name N value V', got 'Hash 8'");
    // UCI_Chess960 took `TRUE`: castling is written king takes rook.
    uci.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1");
    uci.send("go depth 1");
    assert_legal(&Position::from_fen("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1").unwrap(), &uci.bestmove());
    uci.ready();
}

#[test]
fn echoed_text_is_escaped_and_shortened() {
    let mut uci = Uci::start();
    uci.send_bytes(b"foo\0bar\x1b[2J\x07\n");
    let line = uci.expect("unknown command", |l| l.starts_with("info string unknown command"));
    assert_eq!(line, r"info string unknown command: foo\0bar\u{1b}[2J\u{7}");
    uci.send_bytes(b"position startpos moves e2e4 e7e5\0\n");
    let line = uci.expect("refusal", |l| l.starts_with("info string invalid position: move 2"));
    assert!(line.starts_with(r"info string invalid position: move 2 (e7e5\0)"), "{line}");
    let long = "x".repeat(100_000);
    uci.send(&long);
    let line = uci.expect("unknown command", |l| l.starts_with("info string unknown command"));
    assert!(line.len() < 200 && line.ends_with("... (99920 more characters)"), "{line}");
    uci.send(&format!("position startpos moves e2e4 {long}"));
    let line = uci.expect("refusal", |l| l.starts_with("info string invalid position: move 2"));
    assert!(line.len() < 600, "{line}");
    uci.send(&format!("setoption name Hash value {long}"));
    let line = uci.expect("refusal", |l| l.starts_with("info string setoption refused: Hash"));
    assert!(line.len() < 300, "{line}");
    // No control character reached the output.
    for line in &uci.log {
        if !line.starts_with("> ") {
            assert!(!line.chars().any(char::is_control), "{line:?}");
        }
    }
    uci.ready();
}

#[test]
fn an_overlong_line_is_refused() {
    let mut uci = Uci::start();
    uci.send("position startpos moves e2e4");
    // 1.5 MB: more than the engine reads of one line.
    let moves = "g1f3 f6g8 ".repeat(150_000);
    uci.send(&format!("position startpos moves e2e4 g8f6 {moves}"));
    uci.expect("refusal", |l| l == "info string input line 2 is longer than 1048576 bytes: 'position' refused");
    // The old position is gone, not searched.
    uci.send("go depth 2");
    assert_eq!(uci.bestmove(), "0000");
    uci.send(&format!("go depth 2 {moves}"));
    uci.expect("refusal", |l| l == "info string input line 4 is longer than 1048576 bytes: 'go' refused");
    assert_eq!(uci.bestmove(), "0000");
    uci.ready();
    uci.send("position startpos");
    uci.send("go depth 2");
    assert_legal(&Position::startpos(), &uci.bestmove());
}

#[test]
fn syzygy_tables_rank_the_root_and_score_the_search() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/syzygy/tests/data/syzygy");
    let mut tables = chess_movegen_syzygy::Tablebase::new();
    tables.add_directory(dir).unwrap();
    let mut uci = Uci::start();
    uci.send("uci");
    uci.expect("SyzygyProbeLimit option", |l| l.starts_with("option name SyzygyProbeLimit type spin default 7"));
    uci.expect("SyzygyPath option", |l| l.starts_with("option name SyzygyPath type string"));
    uci.send("setoption name SyzygyPath value /nonexistent/syzygy");
    uci.expect("refusal", |l| l.starts_with("info string syzygy /nonexistent/syzygy not used"));
    uci.send(&format!("setoption name SyzygyPath value {dir}"));
    uci.expect("tables loaded", |l| l.starts_with("info string syzygy") && l.ends_with("tables, up to 4 pieces"));

    // The root keeps the moves of the best rank (by WDL when a DTZ table
    // is missing), and the search takes the WDL value of the position
    // after the pawn's capture.
    let fen = "8/8/8/4k3/8/8/1p6/K1Q5 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    // The tables in the repository have no KQvKP.rtbz: ranked by WDL.
    assert!(tables.rank_root_moves(&pos).is_err());
    let ranked = tables.rank_root_moves_wdl(&pos).unwrap();
    let best_rank = ranked.iter().map(|r| r.rank).max().unwrap();
    let mut best: Vec<String> = ranked.iter().filter(|r| r.rank == best_rank).map(|r| pos.uci(r.mv)).collect();
    best.sort();
    uci.send(&format!("position fen {fen}"));
    uci.send("go depth 4");
    let line = uci.expect("root moves", |l| l.starts_with("info string tablebase root moves: "));
    let mut kept: Vec<String> = line.rsplit(": ").next().unwrap().split(' ').map(String::from).collect();
    kept.sort();
    assert_eq!(kept, best);
    let info = uci.expect("depth 4", |l| l.starts_with("info depth 4 "));
    let hits: u64 = info.split(" tbhits ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(hits > 0, "{info}");
    let score: i32 = info.split(" score cp ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(score > 20_000, "a tablebase win scores above any evaluation: {info}");
    assert!(best.contains(&uci.bestmove()));

    // A probe limit below the position's pieces turns the tables off.
    uci.send("setoption name SyzygyProbeLimit value 2");
    uci.send("go depth 2");
    uci.bestmove();
    let since_go: Vec<&String> = uci.log.iter().rev().take_while(|l| !l.starts_with("> go depth 2")).collect();
    let infos: Vec<&&String> = since_go.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty() && infos.iter().all(|l| l.contains(" tbhits 0 ")), "{since_go:?}");
    assert!(since_go.iter().all(|l| !l.contains("tablebase root moves")), "{since_go:?}");
}

/// A table that turns into a FIFO after `SyzygyPath` listed it (opening a
/// FIFO waits for a writer): the engine still answers `isready`, `stop`,
/// `go` and `quit`, and a new listing skips the FIFOs.
#[cfg(unix)]
#[test]
fn a_fifo_among_the_syzygy_tables_never_blocks_the_engine() {
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/syzygy/tests/data/syzygy");
    let dir = std::env::temp_dir().join(format!("chess-movegen-uci-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(tables).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    let mut uci = Uci::start();
    uci.send(&format!("setoption name SyzygyPath value {}", dir.display()));
    uci.expect("tables loaded", |l| l.starts_with("info string syzygy") && l.ends_with(": 35 tables, up to 4 pieces"));
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        std::fs::remove_file(dir.join(name)).unwrap();
        assert!(Command::new("mkfifo").arg(dir.join(name)).status().unwrap().success());
    }
    let fen = "8/8/8/8/8/4k3/8/4K2Q w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    uci.send(&format!("position fen {fen}"));
    // `go infinite`: a search that ends only at `stop`, so that the
    // bestmove read below is the answer to `stop` (a short search could
    // end, and print its bestmove, before `readyok`).
    uci.send("go infinite");
    uci.ready();
    uci.send("stop");
    assert_legal(&pos, &uci.bestmove());
    uci.ready();

    // Listed again, the FIFOs are left out.
    uci.send(&format!("setoption name SyzygyPath value {}", dir.display()));
    uci.expect("tables listed", |l| l.starts_with("info string syzygy") && l.ends_with(": 33 tables, up to 4 pieces"));
    uci.send("go depth 3");
    assert_legal(&pos, &uci.bestmove());
    uci.send("go infinite");
    uci.ready();
    uci.send("quit");
    uci.exits_within(PATIENCE);
    std::fs::remove_dir_all(dir).unwrap();
}
