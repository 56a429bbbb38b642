//! Reading PGN: the visitor with legality checking, trees, and writing,
//! on random games written by the crate (with comments, NAGs and side
//! lines in one game out of four); throughput in bytes. Every run asserts
//! the numbers of games and moves it read against those generated.

use std::hint::black_box;

use chess_movegen::pgn::{Nag, Node, PgnGame, Reader, Skip, Visitor};
use chess_movegen::{Game, Move, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `games` random games of up to 160 plies as PGN, with the number of
/// moves they hold (side lines included).
fn input(games: usize) -> (String, u64) {
    let mut rng = Rng(0x05ee_d0f9_a3e5);
    let mut text = String::new();
    let mut total = 0;
    for i in 0..games {
        let mut game = Game::new();
        while game.moves().len() < 160 && game.outcome().is_none() {
            let moves = game.position().legal_moves();
            game.push(moves[rng.below(moves.len())]).unwrap();
        }
        let mut tree = PgnGame::from_game(&game);
        total += tree.moves.len() as u64;
        if i % 4 == 0 {
            let mut pos = tree.start;
            for k in 0..tree.moves.len() {
                if rng.below(5) == 0 {
                    tree.moves[k].comments.push(format!("[%clk 0:0{}:00] comment {k}", rng.below(10)));
                    tree.moves[k].nags.push(Nag(1 + rng.below(6) as u8));
                }
                let alternatives = pos.legal_moves();
                let alt = alternatives[rng.below(alternatives.len())];
                if rng.below(8) == 0 && alt != tree.moves[k].mv {
                    tree.moves[k].variations.push(vec![Node::new(alt)]);
                    total += 1;
                }
                pos = pos.play(tree.moves[k].mv);
            }
        }
        text.push_str(&tree.to_pgn());
        text.push('\n');
    }
    (text, total)
}

struct Count(u64, u64);

impl Visitor for Count {
    type Output = ();
    fn play(&mut self, _: &Position, mv: Move) -> Skip {
        black_box(mv);
        self.1 += 1;
        Skip(false)
    }
    fn end_game(&mut self) {
        self.0 += 1;
    }
}

fn bench_pgn(c: &mut Criterion) {
    let games = 1000;
    let (text, moves) = input(games);
    let mut group = c.benchmark_group("pgn");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("visitor", |b| {
        b.iter(|| {
            let mut reader = Reader::from_str(black_box(&text));
            let mut count = Count(0, 0);
            while let Some(game) = reader.read_game(&mut count) {
                game.unwrap();
            }
            assert_eq!((count.0, count.1), (games as u64, moves));
        })
    });
    group.bench_function("visitor from io::Read", |b| {
        b.iter(|| {
            let mut reader = Reader::new(black_box(text.as_bytes()));
            let mut count = Count(0, 0);
            while let Some(game) = reader.read_game(&mut count) {
                game.unwrap();
            }
            assert_eq!((count.0, count.1), (games as u64, moves));
        })
    });
    group.bench_function("trees", |b| {
        b.iter(|| {
            let trees: Vec<PgnGame> = Reader::from_str(black_box(&text)).trees().map(Result::unwrap).collect();
            assert_eq!(trees.len(), games);
            black_box(trees);
        })
    });
    let trees: Vec<PgnGame> = Reader::from_str(&text).trees().map(Result::unwrap).collect();
    group.bench_function("write", |b| {
        b.iter(|| {
            let mut out = String::with_capacity(text.len());
            for tree in &trees {
                tree.write_pgn(&mut out).unwrap();
                out.push('\n');
            }
            assert_eq!(out.len(), text.len());
        })
    });
    group.finish();
}

criterion_group!(benches, bench_pgn);
criterion_main!(benches);
