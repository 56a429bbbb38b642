//! `--see REPS` and `--see-ge REPS`: SEE over the captures of the engine
//! bench (`benches/engine.rs`: the 25 game positions and the positions one
//! move after them, every capture and en passant), `REPS` times, the sum of
//! the values (or the count of `see_ge(mv, 0)`) printed. The workload for
//! an instruction count per call under callgrind:
//! (Ir(REPS = b) − Ir(REPS = a)) / ((b − a) × captures), `captures` printed
//! on the first line.

use std::hint::black_box;

use chess_movegen::{Move, Position};

use crate::positions;

/// The engine bench's captures, by position.
fn captures() -> Vec<(Position, Vec<Move>)> {
    let mut all = Vec::new();
    for (fen, _) in positions::GAMES {
        let pos = Position::from_fen(fen).expect("valid FEN");
        all.push(pos);
        all.extend(pos.legal_moves().iter().map(|&m| pos.play(m)));
    }
    all.iter()
        .map(|p| {
            (
                *p,
                p.legal_moves()
                    .iter()
                    .copied()
                    .filter(|&m| m.is_en_passant() || p.piece_at(m.to()).is_some())
                    .collect(),
            )
        })
        .collect()
}

/// Runs the workload; `ge` picks `see_ge(mv, 0)` instead of `see(mv)`.
pub fn run(reps: u32, ge: bool) {
    let captures = captures();
    let calls: usize = captures.iter().map(|c| c.1.len()).sum();
    println!("{calls} captures");
    // One loop per function, so that each is measured on its own (the
    // compiler fits each loop's registers to the one function inlined in it).
    let total = if ge {
        sum(&captures, reps, |pos, mv| i64::from(pos.see_ge(mv, 0)))
    } else {
        sum(&captures, reps, |pos, mv| i64::from(pos.see(mv)))
    };
    println!("{total}");
}

/// `f` over every capture, `reps` times, summed.
#[inline(never)]
fn sum(captures: &[(Position, Vec<Move>)], reps: u32, f: impl Fn(&Position, Move) -> i64) -> i64 {
    let mut total = 0i64;
    for _ in 0..reps {
        for (pos, moves) in captures {
            for &mv in moves {
                total += f(black_box(pos), mv);
            }
        }
    }
    total
}
