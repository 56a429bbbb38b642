//! Rook and bishop attack lookups on all 64 squares over the occupancies
//! of 25 game positions: the crate's lookup, and where it uses `PEXT`
//! ([`attacks::PEXT_LOOKUP`]) magics against PEXT side by side. Throughput in lookups; every run
//! asserts a checksum computed beforehand with the magic lookups (with
//! `small-tables`, which has no magics, with the crate's lookup).

use std::hint::black_box;

use chess_movegen::{attacks, Bitboard, Position, Square};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[allow(dead_code)]
#[path = "positions.rs"]
mod positions;

type Lookup = fn(Square, Bitboard) -> Bitboard;

fn checksum(occupancies: &[Bitboard], rook: Lookup, bishop: Lookup) -> u64 {
    let mut sum = 0u64;
    for &occ in occupancies {
        for sq in Square::ALL {
            sum = sum.wrapping_add(rook(sq, black_box(occ)).0 ^ bishop(sq, black_box(occ)).0.rotate_left(7));
        }
    }
    sum
}

fn bench_attacks(c: &mut Criterion) {
    let occupancies: Vec<Bitboard> =
        positions::GAMES.iter().map(|(fen, _)| Position::from_fen(fen).expect("valid FEN").occupied()).collect();
    #[cfg(not(feature = "small-tables"))]
    let expected = checksum(&occupancies, attacks::rook_attacks_magic, attacks::bishop_attacks_magic);
    #[cfg(feature = "small-tables")]
    let expected = checksum(&occupancies, attacks::rook_attacks, attacks::bishop_attacks);
    let mut group = c.benchmark_group("attacks");
    group.throughput(Throughput::Elements(2 * 64 * occupancies.len() as u64));
    let mut lookups: Vec<(&str, Lookup, Lookup)> =
        vec![("rook + bishop (crate default)", attacks::rook_attacks, attacks::bishop_attacks)];
    #[cfg(not(feature = "small-tables"))]
    lookups.push(("rook + bishop (magic)", attacks::rook_attacks_magic, attacks::bishop_attacks_magic));
    #[cfg(pext_lookup)]
    lookups.push(("rook + bishop (pext)", attacks::rook_attacks_pext, attacks::bishop_attacks_pext));
    lookups.dedup_by_key(|l| l.0);
    for (name, rook, bishop) in lookups {
        group.bench_function(name, |b| b.iter(|| assert_eq!(checksum(&occupancies, rook, bishop), expected)));
    }
    group.finish();
}

criterion_group!(benches, bench_attacks);
criterion_main!(benches);
