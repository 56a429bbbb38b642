//! Maintainer tool: searches magic multipliers for rook and bishop attack
//! lookups and prints them as the constants of `src/magic_numbers.rs`.
//!
//! The search is seeded, so it prints the same numbers on every run:
//!
//! ```text
//! cargo run --release --example find_magics > /tmp/magics.txt
//! ```
//!
//! The numbers are "fancy" magics: each square has its own shift, equal to
//! 64 minus the number of relevant occupancy bits, so its table slice has
//! exactly `2^bits` entries. `build.rs` re-verifies every number.

// The finder needs only the slider part of the geometry that build.rs
// and the library tests share.
#[allow(dead_code)]
#[path = "../src/geometry.rs"]
mod geometry;
#[path = "../src/prng.rs"]
mod prng;

use geometry::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use prng::SplitMix64;

/// A number with few bits set (the AND of three draws), the usual
/// starting point when searching for magic multipliers.
fn sparse_u64(rng: &mut SplitMix64) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

/// Finds a multiplier that maps every occupancy of `sq`'s relevant mask to
/// a slot holding only that occupancy's attack set.
fn find(sq: u8, directions: &[(i8, i8)], rng: &mut SplitMix64) -> (u64, u32) {
    let mask = geometry::relevant_mask(sq, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let size = 1usize << bits;
    let occupancies: Vec<u64> = (0..size as u64).map(|i| geometry::subset(mask, i)).collect();
    let attacks: Vec<u64> = occupancies.iter().map(|&occ| geometry::sliding_attacks(sq, occ, directions)).collect();
    let mut table = vec![0u64; size];
    let mut stamp = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = sparse_u64(rng);
        // A good multiplier moves enough mask bits into the top byte.
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let ok = occupancies.iter().zip(&attacks).all(|(&occ, &att)| {
            let index = (occ.wrapping_mul(magic) >> shift) as usize;
            if stamp[index] != attempt {
                stamp[index] = attempt;
                table[index] = att;
                true
            } else {
                table[index] == att
            }
        });
        if ok {
            return (magic, bits);
        }
    }
}

fn print_table(name: &str, magics: &[u64]) {
    println!("pub const {name}: [u64; 64] = [");
    for chunk in magics.chunks(4) {
        let row: Vec<String> = chunk.iter().map(|m| format!("0x{m:016x}")).collect();
        println!("    {},", row.join(", "));
    }
    println!("];");
}

const USAGE: &str = "usage: find_magics  (no arguments; prints the constants of src/magics.rs)";

fn main() -> std::process::ExitCode {
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("-h" | "--help") => {
            println!("{USAGE}\n\nSearches the rook and bishop magic multipliers with a fixed seed (about a second).");
            return std::process::ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("error: unexpected argument {other:?}\n{USAGE}");
            return std::process::ExitCode::from(2);
        }
    }
    let mut rng = SplitMix64::new(0x6d61_6769_6373_2d31);
    let mut rook = Vec::new();
    let mut bishop = Vec::new();
    let mut rook_entries = 0;
    let mut bishop_entries = 0;
    for sq in 0..64 {
        let (magic, bits) = find(sq, &ROOK_DIRECTIONS, &mut rng);
        rook.push(magic);
        rook_entries += 1usize << bits;
    }
    for sq in 0..64 {
        let (magic, bits) = find(sq, &BISHOP_DIRECTIONS, &mut rng);
        bishop.push(magic);
        bishop_entries += 1usize << bits;
    }
    println!("// Found by `cargo run --release --example find_magics`.");
    println!("// Table entries: rook {rook_entries}, bishop {bishop_entries}.");
    print_table("ROOK_MAGICS", &rook);
    print_table("BISHOP_MAGICS", &bishop);
    std::process::ExitCode::SUCCESS
}
