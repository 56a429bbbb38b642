//! Move generation over 25 game positions: `legal_moves`,
//! `legal_move_count`, `pseudo_legal_moves` and `is_legal` (every
//! pseudo-legal move tested). Throughput in positions; every run asserts
//! the number of legal moves.

use std::hint::black_box;

use chess_movegen::{MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[allow(dead_code)]
#[path = "positions.rs"]
mod positions;

fn bench_movegen(c: &mut Criterion) {
    let games: Vec<(Position, usize)> = positions::GAMES
        .iter()
        .map(|(fen, counts)| (Position::from_fen(fen).expect("valid FEN"), counts[0] as usize))
        .collect();
    let pseudo: Vec<MoveList> = games.iter().map(|(pos, _)| pos.pseudo_legal_moves()).collect();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            for (pos, n) in &games {
                assert_eq!(black_box(pos).legal_moves().len(), *n);
            }
        })
    });
    group.bench_function("legal_move_count", |b| {
        b.iter(|| {
            for (pos, n) in &games {
                assert_eq!(black_box(pos).legal_move_count(), *n);
            }
        })
    });
    group.bench_function("pseudo_legal_moves", |b| {
        b.iter(|| {
            for ((pos, n), list) in games.iter().zip(&pseudo) {
                let moves = black_box(pos).pseudo_legal_moves();
                assert!(moves.len() >= *n);
                assert_eq!(moves.len(), list.len());
            }
        })
    });
    group.bench_function("is_legal (every pseudo-legal move)", |b| {
        b.iter(|| {
            for ((pos, n), list) in games.iter().zip(&pseudo) {
                let legal = list.iter().filter(|&&mv| black_box(pos).is_legal(mv)).count();
                assert_eq!(legal, *n);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
