//! Playing every legal move of 25 game positions: `make_move` +
//! `unmake_move` against copy-make `play`. Throughput in moves; every run
//! asserts that the position came back and the number of moves played.

use std::hint::black_box;

use chess_movegen::{MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[allow(dead_code)]
#[path = "positions.rs"]
mod positions;

fn bench_make_unmake(c: &mut Criterion) {
    let games: Vec<(Position, MoveList)> = positions::GAMES
        .iter()
        .map(|(fen, _)| {
            let pos = Position::from_fen(fen).expect("valid FEN");
            (pos, pos.legal_moves())
        })
        .collect();
    let total: usize = games.iter().map(|g| g.1.len()).sum();
    let mut group = c.benchmark_group("make_unmake");
    group.throughput(Throughput::Elements(total as u64));
    group.bench_function("make_move + unmake_move", |b| {
        b.iter(|| {
            let mut played = 0;
            for (start, moves) in &games {
                let mut pos = *start;
                for &mv in moves {
                    let undo = pos.make_move(mv);
                    black_box(&pos);
                    pos.unmake_move(mv, undo);
                    played += 1;
                }
                assert_eq!(pos, *start);
            }
            assert_eq!(played, total);
        })
    });
    group.bench_function("play (copy-make)", |b| {
        b.iter(|| {
            let mut played = 0;
            for (pos, moves) in &games {
                for &mv in moves {
                    black_box(black_box(pos).play(mv));
                    played += 1;
                }
            }
            assert_eq!(played, total);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_make_unmake);
criterion_main!(benches);
