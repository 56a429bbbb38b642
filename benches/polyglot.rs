//! Polyglot: `polyglot_key` (computed from scratch) over 25 game
//! positions, and book look-ups (`Book::moves`, `Book::choose`) in the
//! 9,182-entry test book for every position of its first games. Each run
//! asserts its results.

use std::hint::black_box;

use chess_movegen::polyglot::Book;
use chess_movegen::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[allow(dead_code)]
#[path = "positions.rs"]
mod positions;

const BOOK: &[u8] = include_bytes!("../tests/data/polyglot_book.bin");
const ENTRIES: &str = include_str!("../tests/data/polyglot_entries.txt");

fn bench_polyglot(c: &mut Criterion) {
    let games: Vec<Position> = positions::GAMES.iter().map(|(fen, _)| Position::from_fen(fen).unwrap()).collect();
    let keys: Vec<u64> = games.iter().map(Position::polyglot_key).collect();
    let book = Book::new(BOOK).unwrap();
    // 1,000 positions of the book's games, with their number of book moves.
    let lookups: Vec<(Position, usize)> = ENTRIES
        .lines()
        .take(1000)
        .map(|line| {
            let (fen, moves) = line.split_once(';').unwrap();
            (Position::from_fen(fen).unwrap(), moves.split_whitespace().count())
        })
        .collect();

    let mut group = c.benchmark_group("polyglot");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("polyglot_key", |b| {
        b.iter(|| {
            for (pos, key) in games.iter().zip(&keys) {
                assert_eq!(black_box(pos).polyglot_key(), *key);
            }
        })
    });
    group.throughput(Throughput::Elements(lookups.len() as u64));
    group.bench_function("Book::moves (1,000 positions)", |b| {
        b.iter(|| {
            for (pos, n) in &lookups {
                assert_eq!(black_box(&book).moves(pos).count(), *n);
            }
        })
    });
    group.bench_function("Book::choose (1,000 positions)", |b| {
        b.iter(|| {
            for (i, (pos, n)) in lookups.iter().enumerate() {
                let chosen = black_box(&book).choose(pos, (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                assert_eq!(chosen.is_some(), *n > 0);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_polyglot);
criterion_main!(benches);
