//! Helpers shared by the integration tests.
#![allow(dead_code)]

use chess_movegen::{CastlingMode, FenOptions, Move, Position};
use proptest::prelude::*;

#[path = "../../benches/positions.rs"]
mod positions;
pub use positions::KIWIPETE;

/// The position with the most legal moves known (218), White to move.
pub const MOST_MOVES: &str = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";

/// One line of an EPD perft file: `FEN ;D1 n ;D2 n ...`.
pub struct EpdLine {
    pub fen: String,
    pub depths: Vec<(u8, u64)>,
}

pub fn read_epd(text: &str) -> Vec<EpdLine> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let mut words = p.split_whitespace();
                    let d = words.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let n = words.next().unwrap().parse().unwrap();
                    (d, n)
                })
                .collect();
            EpdLine { fen, depths }
        })
        .collect()
}

pub fn parse(fen: &str, chess960: bool) -> Position {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    Position::from_fen_with(fen, FenOptions::new().castling(mode)).unwrap_or_else(|e| panic!("{fen}: {e}")).0
}

/// Positions with castling, en passant, promotions, pins and checks, to
/// start random playouts from.
pub const START_FENS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
];

/// A start position index and a list of move choices (each taken modulo
/// the number of legal moves), for playouts driven by proptest.
pub fn playout() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (0..START_FENS.len(), proptest::collection::vec(any::<u16>(), 0..120))
}

/// Plays the playout, calling `visit` on every position reached (the start
/// included) before choosing the next move. Stops at mate or stalemate.
pub fn walk(start: usize, choices: &[u16], mut visit: impl FnMut(&Position)) {
    let mut pos = Position::from_fen(START_FENS[start]).unwrap();
    visit(&pos);
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv: Move = moves[choice as usize % moves.len()];
        pos = pos.play(mv);
        visit(&pos);
    }
}

/// xorshift64*, for deterministic streams of random choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
