//! Drives the example UCI engine (examples/uci_engine.rs) through scripted
//! sessions.

#[path = "../examples/uci_engine.rs"]
#[allow(dead_code)]
mod engine;

use std::io::Write;
use std::sync::{Arc, Mutex};

use chess_movegen::Position;

#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn session(script: &str) -> String {
    let out = Output::default();
    engine::run(script.as_bytes(), Box::new(out.clone()));
    let bytes = out.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

const MATE_IN_TWO: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

#[test]
fn the_puzzle_is_a_mate_in_two() {
    // 1. Ra6 and every reply allows mate in one; no mate in one exists now.
    let pos = Position::from_fen(MATE_IN_TWO).unwrap();
    assert!(pos.legal_moves().iter().all(|&m| !pos.play(m).is_checkmate()));
    let after = pos.play(pos.parse_uci("a1a6").unwrap());
    assert!(!after.legal_moves().is_empty());
    for reply in after.legal_moves() {
        let p = after.play(reply);
        assert!(p.legal_moves().iter().any(|&m| p.play(m).is_checkmate()), "no mate after {reply}");
    }
}

#[test]
fn finds_mate_in_two() {
    let out = session(&format!("uci\nisready\nucinewgame\nposition fen {MATE_IN_TWO}\ngo depth 5\nquit\n"));
    assert!(out.contains("uciok") && out.contains("readyok"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("info depth") && l.contains("score mate 2") && l.contains(" pv a1a6")),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "bestmove a1a6"), "{out}");
}

#[test]
fn plays_from_move_list_and_respects_limits() {
    let out = session("position startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("a bestmove line");
    let pos = Position::startpos().play(Position::startpos().parse_uci("e2e4").unwrap());
    let pos = pos.play(pos.parse_uci("e7e5").unwrap());
    let pos = pos.play(pos.parse_uci("g1f3").unwrap());
    assert!(pos.parse_uci(best).is_ok(), "{best} is not legal for Black here");
    assert!(out.lines().filter(|l| l.starts_with("info depth")).count() <= 3);
    // Clock-based limits finish with a move too; go infinite waits for stop.
    let out = session("position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10\n");
    assert!(out.contains("bestmove "), "{out}");
    let out = session("position startpos\ngo infinite\nstop\n");
    assert!(out.contains("bestmove "), "{out}");
    // A mated side has no move to give.
    let out = session("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo depth 2\n");
    assert!(out.contains("bestmove 0000"), "{out}");
    // Bad input is reported, not fatal.
    let out = session("position fen not a fen\nfoo\nposition startpos moves e2e5\nisready\n");
    assert!(out.contains("info string invalid position") && out.contains("readyok"), "{out}");
}
