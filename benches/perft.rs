//! Bulk perft of the six standard positions and of 25 game positions;
//! throughput in leaf nodes. Every run asserts its node count.

use std::hint::black_box;

use chess_movegen::{perft, Position};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

#[allow(dead_code)]
#[path = "positions.rs"]
mod positions;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in positions::STANDARD {
        let pos = Position::from_fen(fen).expect("valid FEN");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(name, depth), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes))
        });
    }
    let games: Vec<(Position, u64)> =
        positions::GAMES.iter().map(|(fen, counts)| (Position::from_fen(fen).expect("valid FEN"), counts[3])).collect();
    let total = games.iter().map(|g| g.1).sum();
    group.throughput(Throughput::Elements(total));
    group.bench_function(BenchmarkId::new("25 games", 4), |b| {
        b.iter(|| {
            for (pos, nodes) in &games {
                assert_eq!(perft(black_box(pos), 4), *nodes);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
