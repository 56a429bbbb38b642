//! WDL and DTZ probes per second on 2,000 random positions of the committed
//! 4-piece tables (random placement, colors and side to move), through a
//! memory map and through positioned reads; and a probe of a position that
//! has no table. Each run asserts a checksum of the results worked out at
//! setup.
//!
//! `SYZYGY_BENCH_FENS=FILE cargo bench -p chess-movegen-syzygy` also writes
//! the positions to FILE (for the side-by-side run with Fathom, see the
//! crate's README).

use std::hint::black_box;
use std::path::Path;

use chess_movegen::{FenOptions, Position};
use chess_movegen_syzygy::{FileAccess, Tablebase};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const TABLES: [&str; 7] = ["KNNvK", "KRvKR", "KRvKN", "KQvKR", "KPPvK", "KBvKP", "KPvKP"];
const COUNT: usize = 2000;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A legal position of the table `name`, colors exchanged half the time.
fn random_position(rng: &mut Rng, name: &str) -> Position {
    let (white, black) = name.split_once('v').unwrap();
    loop {
        let swap = rng.below(2) == 1;
        let mut board = ['.'; 64];
        for (side, upper) in [(white, !swap), (black, swap)] {
            for ch in side.chars() {
                let sq = loop {
                    let sq = rng.below(64);
                    if board[sq] == '.' && (ch != 'P' || (8..56).contains(&sq)) {
                        break sq;
                    }
                };
                board[sq] = if upper { ch } else { ch.to_ascii_lowercase() };
            }
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    '.' => empty += 1,
                    c => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(c);
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if rng.below(2) == 0 { " w - - 0 1" } else { " b - - 0 1" });
        if let Ok((pos, _)) = Position::from_fen_with(&fen, FenOptions::new().impossible_check(true)) {
            return pos;
        }
    }
}

fn positions() -> Vec<Position> {
    let mut rng = Rng(0x5359_5a59_4759);
    (0..COUNT).map(|i| random_position(&mut rng, TABLES[i % TABLES.len()])).collect()
}

fn bench_probe(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
    let positions = positions();
    if let Ok(file) = std::env::var("SYZYGY_BENCH_FENS") {
        let text: String = positions.iter().map(|p| format!("{}\n", p.fen())).collect();
        std::fs::write(file, text).unwrap();
    }
    let mut group = c.benchmark_group("syzygy");
    group.throughput(Throughput::Elements(positions.len() as u64));
    for access in [FileAccess::Mmap, FileAccess::Read] {
        let mut tb = Tablebase::with_access(access);
        tb.add_directory(&dir).unwrap();
        let wdl_sum: i64 = positions.iter().map(|p| tb.probe_wdl(p).unwrap().to_i8() as i64).sum();
        let dtz_sum: i64 = positions.iter().map(|p| tb.probe_dtz(p).unwrap().0 as i64).sum();
        group.bench_function(format!("probe_wdl/{access:?}"), |b| {
            b.iter(|| {
                let sum: i64 = positions.iter().map(|p| tb.probe_wdl(black_box(p)).unwrap().to_i8() as i64).sum();
                assert_eq!(sum, wdl_sum);
            })
        });
        group.bench_function(format!("probe_dtz/{access:?}"), |b| {
            b.iter(|| {
                let sum: i64 = positions.iter().map(|p| tb.probe_dtz(black_box(p)).unwrap().0 as i64).sum();
                assert_eq!(sum, dtz_sum);
            })
        });
    }
    group.finish();

    // No table: an error after one hash lookup, no file touched.
    let mut tb = Tablebase::new();
    tb.add_directory(&dir).unwrap();
    let kbnk = Position::from_fen("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1").unwrap();
    let five = Position::from_fen("8/8/8/4k3/8/8/8/RNB1K3 w - - 0 1").unwrap();
    let mut group = c.benchmark_group("syzygy_no_table");
    group.bench_function("missing_table", |b| b.iter(|| assert!(tb.probe_wdl(black_box(&kbnk)).is_err())));
    group.bench_function("too_many_pieces", |b| b.iter(|| assert!(tb.probe_wdl(black_box(&five)).is_err())));
    group.finish();
}

criterion_group!(benches, bench_probe);
criterion_main!(benches);
