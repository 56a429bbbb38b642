//! The engine helpers over the 25 game positions and the positions one
//! move after them (about 900 positions, some in check): `gives_check`
//! against playing the move and asking `is_check`, SEE and `see_ge` on
//! every capture, each generation kind, and `hash_after` against
//! `play(m).zobrist_hash()`, threat maps against asking `attackers_to`
//! square by square, and the scored list's `pick_best` against sorting.
//! Every run asserts a count or a checksum
//! worked out at setup the slow way.

use std::hint::black_box;
use std::ops::ControlFlow;

use chess_movegen::{
    Bitboard, Color, Game, GameResult, GenKind, Legality, Move, MoveList, MoveVisitor, PackedPosition, Position, Role,
    ScoredMoveList, Square,
};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[allow(dead_code)]
#[path = "positions.rs"]
mod positions;

fn positions() -> Vec<Position> {
    let mut all = Vec::new();
    for (fen, _) in positions::GAMES {
        let pos = Position::from_fen(fen).expect("valid FEN");
        all.push(pos);
        all.extend(pos.legal_moves().iter().map(|&m| pos.play(m)));
    }
    all
}

/// Counts moves set by set (promotions as one each: enough for a checksum).
struct Count(usize);

impl MoveVisitor for Count {
    fn moves(&mut self, _from: Square, to: Bitboard) -> ControlFlow<()> {
        self.0 += to.len();
        ControlFlow::Continue(())
    }
    fn pawn_moves(&mut self, to: Bitboard, _offset: i8) -> ControlFlow<()> {
        self.0 += to.len();
        ControlFlow::Continue(())
    }
    fn special(&mut self, _mv: Move) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

/// The bench positions with their legal moves.
fn positions_with_moves() -> Vec<(Position, MoveList)> {
    positions().iter().map(|p| (*p, p.legal_moves())).collect()
}

/// `gives_check` against playing each move and asking `is_check`.
fn bench_gives_check(c: &mut Criterion) {
    let moves = positions_with_moves();
    let total_moves: usize = moves.iter().map(|m| m.1.len()).sum();
    let checks = moves.iter().map(|(p, ms)| ms.iter().filter(|&&m| p.play(m).is_check()).count()).sum::<usize>();

    let mut group = c.benchmark_group("gives_check");
    group.throughput(Throughput::Elements(total_moves as u64));
    // The played position goes through `black_box`, as a search uses it:
    // otherwise the compiler keeps only the part of `play` that decides
    // the check, which is `gives_check` again.
    group.bench_function("play + is_check", |b| {
        b.iter(|| {
            let n: usize = moves
                .iter()
                .map(|(p, ms)| ms.iter().filter(|&&m| black_box(black_box(p).play(m)).is_check()).count())
                .sum();
            assert_eq!(n, checks);
        })
    });
    group.bench_function("gives_check", |b| {
        b.iter(|| {
            let n: usize =
                moves.iter().map(|(p, ms)| ms.iter().filter(|&&m| black_box(p).gives_check(m)).count()).sum();
            assert_eq!(n, checks);
        })
    });
    group.bench_function("check_info + gives_check_with", |b| {
        b.iter(|| {
            let n: usize = moves
                .iter()
                .map(|(p, ms)| {
                    let info = black_box(p).check_info();
                    ms.iter().filter(|&&m| p.gives_check_with(&info, m)).count()
                })
                .sum();
            assert_eq!(n, checks);
        })
    });
    group.finish();
}

/// SEE and `see_ge(mv, 0)` on every capture (en passant included).
fn bench_see(c: &mut Criterion) {
    let captures: Vec<(Position, Vec<Move>)> = positions_with_moves()
        .iter()
        .map(|(p, ms)| {
            (*p, ms.iter().copied().filter(|&m| m.is_en_passant() || p.piece_at(m.to()).is_some()).collect())
        })
        .collect();
    let total_captures: usize = captures.iter().map(|c| c.1.len()).sum();
    let see_sum: i64 = captures.iter().flat_map(|(p, ms)| ms.iter().map(move |&m| i64::from(p.see(m)))).sum();
    let winning = captures.iter().flat_map(|(p, ms)| ms.iter().filter(move |&&m| p.see(m) >= 0)).count();
    let mut group = c.benchmark_group("see");
    group.throughput(Throughput::Elements(total_captures as u64));
    group.bench_function("see", |b| {
        b.iter(|| {
            let sum: i64 =
                captures.iter().flat_map(|(p, ms)| ms.iter().map(move |&m| i64::from(black_box(p).see(m)))).sum();
            assert_eq!(sum, see_sum);
        })
    });
    group.bench_function("see_ge 0", |b| {
        b.iter(|| {
            let n = captures.iter().flat_map(|(p, ms)| ms.iter().filter(move |&&m| black_box(p).see_ge(m, 0))).count();
            assert_eq!(n, winning);
        })
    });
    group.finish();
}

/// Each generation kind into a reused list, and the counting visitor.
fn bench_generate(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("generate_into");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut list = MoveList::new();
    for legality in [Legality::Legal, Legality::PseudoLegal] {
        for kind in [
            GenKind::All,
            GenKind::Noisy,
            GenKind::Quiet,
            GenKind::Evasions,
            GenKind::NonEvasions,
            GenKind::QuietChecks,
        ] {
            let expected: usize = positions
                .iter()
                .map(|p| {
                    p.generate_into(kind, legality, &mut list);
                    list.len()
                })
                .sum();
            assert!(expected > 0 || kind == GenKind::Evasions);
            group.bench_function(format!("{kind:?} {legality:?}"), |b| {
                b.iter(|| {
                    let mut n = 0;
                    for p in &positions {
                        black_box(p).generate_into(kind, legality, &mut list);
                        n += list.len();
                    }
                    assert_eq!(n, expected);
                })
            });
        }
    }
    let sets: usize = positions
        .iter()
        .map(|p| {
            let mut count = Count(0);
            let _ = p.visit_moves(GenKind::All, Legality::Legal, &mut count);
            count.0
        })
        .sum();
    group.bench_function("visit_moves All Legal (counting)", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                let mut count = Count(0);
                let _ = black_box(p).visit_moves(GenKind::All, Legality::Legal, &mut count);
                n += count.0;
            }
            assert_eq!(n, sets);
        })
    });
    group.finish();
}

/// `hash_after` against `play(m).zobrist_hash()`.
fn bench_hash_after(c: &mut Criterion) {
    let names = ["hash_after", "play + zobrist_hash", "hash_after"];
    bench_key_after(c, &positions_with_moves(), names, Position::zobrist_hash, Position::hash_after);
}

/// A key of the position after each move, read from the played position
/// (`names[1]`) against computed without playing it (`names[2]`), in the
/// benchmark group `names[0]`.
fn bench_key_after(
    c: &mut Criterion,
    moves: &[(Position, MoveList)],
    names: [&str; 3],
    key: impl Fn(&Position) -> u64,
    key_after: impl Fn(&Position, Move) -> u64,
) {
    let (key, key_after) = (&key, &key_after);
    let total_moves: usize = moves.iter().map(|(_, ms)| ms.len()).sum();
    let checksum = moves.iter().flat_map(|(p, ms)| ms.iter().map(move |&m| key(&p.play(m)))).fold(0, |a, h| a ^ h);
    let mut group = c.benchmark_group(names[0]);
    group.throughput(Throughput::Elements(total_moves as u64));
    // The played position goes through `black_box`, as a search uses it:
    // otherwise the compiler keeps only the key's update of `play`.
    group.bench_function(names[1], |b| {
        b.iter(|| {
            let x = moves
                .iter()
                .flat_map(|(p, ms)| ms.iter().map(move |&m| key(&black_box(black_box(p).play(m)))))
                .fold(0, |a, h| a ^ h);
            assert_eq!(x, checksum);
        })
    });
    group.bench_function(names[2], |b| {
        b.iter(|| {
            let x = moves
                .iter()
                .flat_map(|(p, ms)| ms.iter().map(move |&m| key_after(black_box(p), m)))
                .fold(0, |a, h| a ^ h);
            assert_eq!(x, checksum);
        })
    });
    group.finish();
}

/// Side-wide attack maps set by set, against the union of per-square
/// attacker queries.
fn bench_threats(c: &mut Criterion) {
    let all = positions();
    let per_square = |pos: &Position, color: Color| {
        Square::ALL.into_iter().filter(|&sq| pos.is_attacked(sq, color)).fold(Bitboard::EMPTY, |a, sq| a.with(sq))
    };
    let checksum =
        all.iter().fold(0u64, |a, p| a ^ per_square(p, Color::White).0 ^ per_square(p, Color::Black).0.rotate_left(1));
    let mut group = c.benchmark_group("threats");
    group.throughput(Throughput::Elements(2 * all.len() as u64));
    group.bench_function("attacks_by", |b| {
        b.iter(|| {
            let x = all.iter().fold(0u64, |a, p| {
                let p = black_box(p);
                a ^ p.attacks_by(Color::White).0 ^ p.attacks_by(Color::Black).0.rotate_left(1)
            });
            assert_eq!(x, checksum);
        })
    });
    group.bench_function("per-square is_attacked", |b| {
        b.iter(|| {
            let x = all.iter().fold(0u64, |a, p| {
                let p = black_box(p);
                a ^ per_square(p, Color::White).0 ^ per_square(p, Color::Black).0.rotate_left(1)
            });
            assert_eq!(x, checksum);
        })
    });
    group.bench_function("threats (side to move)", |b| {
        b.iter(|| {
            let x = all.iter().fold(0u64, |a, p| {
                let t = black_box(p).threats(p.side_to_move());
                a ^ t.attacked_by_lesser().0 ^ t.all().0
            });
            black_box(x);
        })
    });
    group.finish();
}

/// Taking the three best moves of each list by `pick_best` against
/// sorting the whole list first.
fn bench_scored(c: &mut Criterion) {
    let all = positions();
    let score = |mv: Move| i32::from(mv.to_bits().wrapping_mul(40_503) >> 4);
    let expected: u64 = all
        .iter()
        .map(|p| {
            // The slow way: every score, sorted.
            let mut scores: Vec<i32> = p.legal_moves().iter().map(|&m| score(m)).collect();
            scores.sort_unstable_by(|a, b| b.cmp(a));
            scores.iter().take(3).fold(0, |a: u64, &s| a.wrapping_add(s as i64 as u64))
        })
        .fold(0, u64::wrapping_add);
    let mut group = c.benchmark_group("scored list");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("generate + score + pick_best x3", |b| {
        let mut list = ScoredMoveList::new();
        b.iter(|| {
            let mut sum = 0u64;
            for p in &all {
                black_box(p).generate_into(GenKind::All, Legality::Legal, &mut list);
                list.score_with(score);
                for i in 0..3 {
                    if let Some((_, s)) = list.pick_best(i) {
                        sum = sum.wrapping_add(s as i64 as u64);
                    }
                }
            }
            assert_eq!(sum, expected);
        })
    });
    group.bench_function("generate + score + sort", |b| {
        let mut list = ScoredMoveList::new();
        b.iter(|| {
            let mut sum = 0u64;
            for p in &all {
                black_box(p).generate_into(GenKind::All, Legality::Legal, &mut list);
                list.score_with(score);
                list.sort();
                sum = list.scores().iter().take(3).fold(sum, |a, &s| a.wrapping_add(s as i64 as u64));
            }
            assert_eq!(sum, expected);
        })
    });
    group.finish();
}

/// The keys of piece sets, computed on demand, against the full hash read
/// from the position; and the pawn key after each move against playing it.
fn bench_keys(c: &mut Criterion) {
    let all = positions();
    let mut group = c.benchmark_group("keys");
    group.throughput(Throughput::Elements(all.len() as u64));
    type KeyFn = fn(&Position) -> u64;
    let cases: [(&str, KeyFn); 5] = [
        ("zobrist_hash (stored)", Position::zobrist_hash),
        ("pawn_key", Position::pawn_key),
        ("non_pawn_key x2", |p| p.non_pawn_key(Color::White) ^ p.non_pawn_key(Color::Black).rotate_left(1)),
        ("minor_key", Position::minor_key),
        ("material_key", Position::material_key),
    ];
    for (name, key) in cases {
        let checksum = all.iter().fold(0u64, |a, p| a.rotate_left(3) ^ key(p));
        group.bench_function(name, |b| {
            b.iter(|| {
                let x = all.iter().fold(0u64, |a, p| a.rotate_left(3) ^ key(black_box(p)));
                assert_eq!(x, checksum);
            })
        });
    }
    group.finish();

    let moves: Vec<(Position, MoveList)> = all.iter().map(|p| (*p, p.legal_moves())).collect();
    let names = ["pawn_key_after", "play + pawn_key", "pawn_key_after"];
    bench_key_after(c, &moves, names, Position::pawn_key, Position::pawn_key_after);
}

/// Packing and unpacking 32-byte positions.
fn bench_packed(c: &mut Criterion) {
    let all = positions();
    let packed: Vec<PackedPosition> = all.iter().map(|p| PackedPosition::pack(p, 0, GameResult::Draw)).collect();
    let checksum =
        packed.iter().fold(0u64, |a, p| a.rotate_left(5) ^ u64::from_le_bytes(p.as_bytes()[8..16].try_into().unwrap()));
    let mut group = c.benchmark_group("packed");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("pack", |b| {
        b.iter(|| {
            let x = all.iter().fold(0u64, |a, p| {
                let bytes = PackedPosition::pack(black_box(p), 0, GameResult::Draw).to_bytes();
                a.rotate_left(5) ^ u64::from_le_bytes(bytes[8..16].try_into().unwrap())
            });
            assert_eq!(x, checksum);
        })
    });
    group.bench_function("unpack", |b| {
        b.iter(|| {
            let n = packed.iter().filter(|p| black_box(p).unpack().is_ok()).count();
            assert_eq!(n, all.len());
        })
    });
    group.finish();
}

/// Games from the bench positions continued by 90 plies of random
/// reversible moves (knight, bishop, rook, queen and king moves that
/// capture nothing), with the repetition keys of their positions.
fn reversible_games() -> Vec<(Game, Vec<u64>)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut games = Vec::new();
    for (fen, _) in positions::GAMES {
        let mut game = Game::from_fen(fen).expect("valid FEN");
        let mut keys = vec![game.position().repetition_key()];
        for _ in 0..90 {
            let pos = *game.position();
            let quiet: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&mv| !pos.is_capture(mv) && pos.piece_at(mv.from()).is_some_and(|p| p.role != Role::Pawn))
                .collect();
            if quiet.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if game.push(quiet[(state % quiet.len() as u64) as usize]).is_err() {
                break;
            }
            keys.push(game.position().repetition_key());
        }
        games.push((game, keys));
    }
    games
}

/// Upcoming repetitions by brute force: every legal move played and its
/// key looked up in the window since the last irreversible move.
fn upcoming_brute_force(pos: &Position, keys: &[u64]) -> usize {
    pos.legal_moves()
        .into_iter()
        .filter(|&mv| {
            let after = pos.play(mv);
            let window = (after.halfmove_clock() as usize).min(keys.len());
            keys[keys.len() - window..].contains(&after.repetition_key())
        })
        .count()
}

fn bench_upcoming(c: &mut Criterion) {
    let games = reversible_games();
    let expected: usize = games.iter().map(|(g, keys)| upcoming_brute_force(g.position(), keys)).sum();
    let cuckoo: usize = games.iter().map(|(g, _)| g.upcoming_repetition_moves().len()).sum();
    assert_eq!(cuckoo, expected);
    let mut group = c.benchmark_group("upcoming_repetition");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("game_cuckoo", |b| {
        b.iter(|| games.iter().filter(|(g, _)| black_box(g).has_upcoming_repetition()).count())
    });
    group.bench_function("game_cuckoo_moves", |b| {
        b.iter(|| games.iter().map(|(g, _)| black_box(g).upcoming_repetition_moves().len()).sum::<usize>())
    });
    group.bench_function("brute_force", |b| {
        b.iter(|| games.iter().map(|(g, keys)| upcoming_brute_force(black_box(g.position()), keys)).sum::<usize>())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench_gives_check, bench_see, bench_generate, bench_hash_after, bench_threats, bench_scored, bench_keys, bench_packed, bench_upcoming
}
criterion_main!(benches);
