//! Tabulates the attack and ray tables into `OUT_DIR/tables.rs` (included
//! by `src/attacks.rs`) and the Zobrist and cuckoo key tables into
//! `OUT_DIR/zobrist_tables.rs` (included by `src/position/zobrist.rs`).
//!
//! The build script only verifies and tabulates: the magic numbers are
//! checked in (`src/magic_numbers.rs`) and every one is re-checked here against the
//! slow ray walking of `src/geometry.rs`. Nothing is searched, nothing is
//! random (Zobrist keys come from a fixed-seed generator), nothing is
//! downloaded. The generated file holds only data; its types live in `src/`.

#[path = "src/geometry.rs"]
mod geometry;
#[path = "src/magic_numbers.rs"]
mod magic_numbers;
#[path = "src/magics.rs"]
mod magics;
#[path = "src/prng.rs"]
mod prng;

use std::env;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use geometry::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use magic_numbers::{ATTACK_TABLE_LEN, BISHOP_MAGICS, ROOK_MAGICS};
use magics::Magic;

/// Seed of the Zobrist key generator. Changing it changes every hash value.
const ZOBRIST_SEED: u64 = 0x7a6f_6272_6973_7431;

fn main() {
    for path in ["build.rs", "src/geometry.rs", "src/magics.rs", "src/magic_numbers.rs", "src/prng.rs"] {
        println!("cargo:rerun-if-changed={path}");
    }
    // The `small-tables` feature swaps the slider table for per-square
    // line masks (see `attacks`), so there is no table to index by PEXT.
    let small = env::var_os("CARGO_FEATURE_SMALL_TABLES").is_some();
    let pext = pext_lookup() && !small;
    println!("cargo::rustc-check-cfg=cfg(pext_lookup)");
    if pext {
        println!("cargo::rustc-cfg=pext_lookup");
    }
    println!("cargo::rustc-check-cfg=cfg(wide_lists)");
    if wide_lists() {
        println!("cargo::rustc-cfg=wide_lists");
    }
    println!("cargo::rustc-check-cfg=cfg(hot_inline)");
    if hot_inline() {
        println!("cargo::rustc-cfg=hot_inline");
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let file = File::create(out.join("zobrist_tables.rs")).expect("cannot create zobrist_tables.rs");
    let mut w = BufWriter::new(file);
    let key_bytes = write_key_tables(&mut w).expect("cannot write zobrist_tables.rs");
    w.flush().expect("cannot write zobrist_tables.rs");
    let file = File::create(out.join("tables.rs")).expect("cannot create tables.rs");
    let mut w = BufWriter::new(file);
    if small {
        write_small_tables(&mut w, key_bytes).expect("cannot write tables.rs");
    } else {
        write_tables(&mut w, key_bytes, pext).expect("cannot write tables.rs");
    }
    w.flush().expect("cannot write tables.rs");
}

/// Whether the slider lookups use the BMI2 `PEXT` instruction (the
/// `pext_lookup` cfg): with the `pext` feature, and without it when the
/// target is an x86-64 processor model whose `PEXT` is fast. That is read
/// from the target features: BMI2 with ADX (a model from Broadwell or Zen
/// on, not a generic level such as x86-64-v3, whose binaries also run on
/// processors where `PEXT` is slow), and not SSE4a without VAES (AMD before
/// Zen 3, and Excavator, where `PEXT` is microcoded and takes tens of
/// cycles).
fn pext_lookup() -> bool {
    if env::var_os("CARGO_FEATURE_PEXT").is_some() {
        return true;
    }
    let Some(has) = x86_64_features() else {
        return false;
    };
    let slow_amd = has("sse4a") && !has("vaes");
    has("bmi2") && has("adx") && !slow_amd
}

/// On an x86-64 target, a test for its target features (by their `rustc`
/// names); `None` on other architectures.
fn x86_64_features() -> Option<impl Fn(&str) -> bool> {
    if env::var("CARGO_CFG_TARGET_ARCH").ok()? != "x86_64" {
        return None;
    }
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    Some(move |feature: &str| features.split(',').any(|f| f == feature))
}

/// Whether move lists are written a whole set at a time with AVX-512 (the
/// `wide_lists` cfg, see `position::movegen`): when the target has VBMI2's
/// compress (with AVX-512 F and BW, which it implies) and the compiler is
/// Rust 1.89 or later, where those intrinsics are stable (the crate's
/// minimum is older).
fn wide_lists() -> bool {
    x86_64_features().is_some_and(|has| has("avx512vbmi2") && has("avx512bw"))
        && rustc_minor().is_some_and(|minor| minor >= 89)
}

/// Whether the hot functions of the move generator and of the PGN lexer
/// and reader are always inlined (the `hot_inline` cfg, which their
/// `#[cfg_attr(hot_inline, inline(always))]` reads): in optimised builds
/// without the `compact` feature. An unoptimised build (`opt-level = 0`,
/// a debug build) inlines them too when asked, but does not optimise what
/// it inlined: the generator's entry points grow into huge functions that
/// multiply the build's time and run no faster.
fn hot_inline() -> bool {
    let compact = env::var_os("CARGO_FEATURE_COMPACT").is_some();
    let unoptimised = env::var("OPT_LEVEL").is_ok_and(|level| level == "0");
    !compact && !unoptimised
}

/// The minor version of the compiler building the crate (`rustc 1.MINOR.…`).
fn rustc_minor() -> Option<u32> {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let output = std::process::Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    text.strip_prefix("rustc 1.")?.split('.').next()?.parse().ok()
}

/// Writes the attack and ray tables (with `pext`, the PEXT-indexed slider
/// table too), and `KEY_TABLE_BYTES`, the size of the key tables (so that
/// `attacks::TABLE_BYTES` can count them without importing from the
/// position layer).
fn write_tables(w: &mut impl Write, key_bytes: usize, pext: bool) -> std::io::Result<()> {
    writeln!(w, "// @generated by build.rs; do not edit.")?;
    write_slider_magics(w, pext)?;
    write_common_tables(w, key_bytes, true)
}

/// The `small-tables` build: the line masks of `attacks::small` instead of
/// the magic slider table, then the same step, ray and key tables.
fn write_small_tables(w: &mut impl Write, key_bytes: usize) -> std::io::Result<()> {
    writeln!(w, "// @generated by build.rs; do not edit.")?;
    // Per square, four lines (rank, file, diagonal, anti-diagonal), each as
    // its squares below the slider and its squares above it.
    let lines: [[(i8, i8); 2]; 4] = [[(-1, 0), (1, 0)], [(0, -1), (0, 1)], [(-1, -1), (1, 1)], [(1, -1), (-1, 1)]];
    let mut masks = Vec::with_capacity(64 * 8);
    for sq in 0..64u8 {
        for [below, above] in lines {
            masks.push(geometry::sliding_attacks(sq, 0, &[below]));
            masks.push(geometry::sliding_attacks(sq, 0, &[above]));
        }
    }
    write_u64s(w, "SLIDER_LINES", "[[[u64; 2]; 4]; 64]", &masks)?;
    // `between` and `line` are computed from the line masks there.
    write_common_tables(w, key_bytes, false)
}

/// The magic numbers and the slider table they index (and, with `pext`,
/// the same slices indexed by PEXT).
fn write_slider_magics(w: &mut impl Write, pext: bool) -> std::io::Result<()> {
    // Sliders: rook slices first, then bishop slices, in one table.
    let mut table = vec![0u64; ATTACK_TABLE_LEN];
    let mut offset = 0usize;
    let rook = fill_sliders("rook", &ROOK_MAGICS, &ROOK_DIRECTIONS, &mut table, &mut offset);
    let bishop = fill_sliders("bishop", &BISHOP_MAGICS, &BISHOP_DIRECTIONS, &mut table, &mut offset);
    assert_eq!(offset, ATTACK_TABLE_LEN, "magic_numbers.rs ATTACK_TABLE_LEN is stale");
    write_magics(w, "ROOK_MAGIC", &rook)?;
    write_magics(w, "BISHOP_MAGIC", &bishop)?;
    // Zeros after the slices, up to a power of two, let a lookup mask its
    // index instead of checking it (see `attacks::in_table`).
    let padded = ATTACK_TABLE_LEN.next_power_of_two();
    table.resize(padded, 0);
    write_u64s(w, "SLIDER_ATTACKS", &format!("[u64; {padded}]"), &table)?;
    if pext {
        // The same slices indexed by PEXT of the occupancy with the mask:
        // the i-th subset of the mask (bits of i deposited into it) is
        // exactly the occupancy whose PEXT is i.
        let mut pext = vec![0u64; padded];
        for (entries, directions) in [(&rook, &ROOK_DIRECTIONS), (&bishop, &BISHOP_DIRECTIONS)] {
            for (sq, e) in entries.iter().enumerate() {
                for i in 0..1u64 << (64 - e.shift) {
                    let occupied = geometry::subset(e.mask, i);
                    pext[e.offset as usize + i as usize] = geometry::sliding_attacks(sq as u8, occupied, directions);
                }
            }
        }
        write_u64s(w, "PEXT_ATTACKS", &format!("[u64; {padded}]"), &pext)?;
    }
    Ok(())
}

/// The step, ray and line tables every build uses, and the key tables'
/// size.
/// The step, ray and key-size tables both builds share; `pair_tables`:
/// also the 64 × 64 tables of `attacks::between` and `attacks::line`.
fn write_common_tables(w: &mut impl Write, key_bytes: usize, pair_tables: bool) -> std::io::Result<()> {
    let squares = 0..64u8;
    let knight: Vec<u64> = squares.clone().map(|s| geometry::step_attacks(s, &geometry::KNIGHT_STEPS)).collect();
    let king: Vec<u64> = squares.clone().map(|s| geometry::step_attacks(s, &geometry::KING_STEPS)).collect();
    write_u64s(w, "KNIGHT_ATTACKS", "[u64; 64]", &knight)?;
    write_u64s(w, "KING_ATTACKS", "[u64; 64]", &king)?;
    let mut pawn = Vec::with_capacity(128);
    pawn.extend(squares.clone().map(|s| geometry::step_attacks(s, &geometry::WHITE_PAWN_STEPS)));
    pawn.extend(squares.clone().map(|s| geometry::step_attacks(s, &geometry::BLACK_PAWN_STEPS)));
    write_u64s(w, "PAWN_ATTACKS", "[[u64; 64]; 2]", &pawn)?;

    // For each king square, the squares from which a knight, a bishop or a
    // rook could attack a square next to the king on an otherwise empty
    // board: enemy pieces elsewhere cannot stop the king from stepping.
    let mut reach = Vec::with_capacity(3 * 64);
    let near = |k: u8, attacks: &dyn Fn(u8) -> u64| {
        let zone = king[k as usize];
        (0..64u8).filter(|&z| zone & 1 << z != 0).fold(0, |acc, z| acc | attacks(z))
    };
    reach.extend(squares.clone().map(|k| near(k, &|z| knight[z as usize])));
    reach.extend(squares.clone().map(|k| near(k, &|z| geometry::bishop_attacks(z, 0))));
    reach.extend(squares.clone().map(|k| near(k, &|z| geometry::rook_attacks(z, 0))));
    write_u64s(w, "KING_ZONE_REACH", "[[u64; 64]; 3]", &reach)?;
    // Slider attacks on the empty board: bishops, then rooks.
    let mut rays = Vec::with_capacity(2 * 64);
    rays.extend(squares.clone().map(|s| geometry::bishop_attacks(s, 0)));
    rays.extend(squares.clone().map(|s| geometry::rook_attacks(s, 0)));
    write_u64s(w, "SLIDER_RAYS", "[[u64; 64]; 2]", &rays)?;

    if pair_tables {
        let pairs = || squares.clone().flat_map(|a| (0..64u8).map(move |b| (a, b)));
        let between: Vec<u64> = pairs().map(|(a, b)| geometry::between(a, b)).collect();
        let line: Vec<u64> = pairs().map(|(a, b)| geometry::line(a, b)).collect();
        write_u64s(w, "BETWEEN", "[[u64; 64]; 64]", &between)?;
        write_u64s(w, "LINE", "[[u64; 64]; 64]", &line)?;
    }
    writeln!(w, "pub(crate) const KEY_TABLE_BYTES: usize = {key_bytes};")?;
    Ok(())
}

/// Writes the Zobrist keys and the cuckoo tables built from them; returns
/// their size in bytes.
fn write_key_tables(w: &mut impl Write) -> std::io::Result<usize> {
    writeln!(w, "// @generated by build.rs; do not edit.")?;
    writeln!(w, "pub(crate) const ZOBRIST_SEED: u64 = {ZOBRIST_SEED:#x};")?;
    let mut rng = prng::SplitMix64::new(ZOBRIST_SEED);
    let pieces: Vec<u64> = (0..2 * 6 * 64).map(|_| rng.next_u64()).collect();
    let side = rng.next_u64();
    let castling: Vec<u64> = (0..64).map(|_| rng.next_u64()).collect();
    let ep: Vec<u64> = (0..8).map(|_| rng.next_u64()).collect();
    write_u64s(w, "ZOBRIST_PIECES", "[[[u64; 64]; 6]; 2]", &pieces)?;
    writeln!(w, "pub(crate) static ZOBRIST_SIDE: u64 = {side:#x};")?;
    write_u64s(w, "ZOBRIST_CASTLING", "[u64; 64]", &castling)?;
    write_u64s(w, "ZOBRIST_EP_FILE", "[u64; 8]", &ep)?;
    // Drawn after the others, so that adding it changed no other key.
    let no_pawns = rng.next_u64();
    writeln!(w, "pub(crate) static ZOBRIST_NO_PAWNS: u64 = {no_pawns:#x};")?;

    let (keys, moves) = cuckoo_tables(&pieces, side);
    write_u64s(w, "CUCKOO_KEYS", "[u64; 8192]", &keys)?;
    writeln!(w, "pub(crate) static CUCKOO_MOVES: [u16; 8192] = [")?;
    for chunk in moves.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|m| m.to_string()).collect();
        writeln!(w, "{},", line.join(","))?;
    }
    writeln!(w, "];")?;
    Ok(8 * (pieces.len() + 2 + castling.len() + ep.len() + keys.len()) + 2 * moves.len())
}

/// Number of reversible non-pawn moves on an empty board, counting each
/// unordered square pair once per piece (both colours).
const CUCKOO_MOVE_COUNT: usize = 3668;

/// The cuckoo tables of reversible moves: for every knight, bishop, rook,
/// queen and king of either colour and every pair of squares `s1 < s2` it
/// attacks from `s1` on an empty board, the key
/// `piece(s1) ^ piece(s2) ^ side` in one of two slots (`key & 0x1fff` or
/// `(key >> 16) & 0x1fff`), with the move `s1 | s2 << 6` beside it. An
/// empty slot holds key 0 and move 0. `pieces` are the Zobrist piece keys
/// in `[color][role][square]` order.
fn cuckoo_tables(pieces: &[u64], side: u64) -> (Vec<u64>, Vec<u16>) {
    let h1 = |key: u64| (key & 0x1fff) as usize;
    let h2 = |key: u64| ((key >> 16) & 0x1fff) as usize;
    let mut keys = vec![0u64; 8192];
    let mut moves = vec![0u16; 8192];
    let mut count = 0;
    for color in 0..2 {
        // Roles 1..=5: knight, bishop, rook, queen, king.
        for role in 1..6usize {
            let key_of = |sq: u8| pieces[(color * 6 + role) * 64 + sq as usize];
            for s1 in 0..64u8 {
                let attacks = match role {
                    1 => geometry::step_attacks(s1, &geometry::KNIGHT_STEPS),
                    2 => geometry::bishop_attacks(s1, 0),
                    3 => geometry::rook_attacks(s1, 0),
                    4 => geometry::bishop_attacks(s1, 0) | geometry::rook_attacks(s1, 0),
                    _ => geometry::step_attacks(s1, &geometry::KING_STEPS),
                };
                for s2 in (s1 + 1)..64 {
                    if attacks & (1u64 << s2) == 0 {
                        continue;
                    }
                    let mut key = key_of(s1) ^ key_of(s2) ^ side;
                    let mut mv = u16::from(s1) | u16::from(s2) << 6;
                    let mut slot = h1(key);
                    // Insert by displacement: take the slot, move its
                    // occupant to its other slot, until a slot is empty.
                    for _ in 0..8192 {
                        core::mem::swap(&mut keys[slot], &mut key);
                        core::mem::swap(&mut moves[slot], &mut mv);
                        if key == 0 {
                            break;
                        }
                        slot = if slot == h1(key) { h2(key) } else { h1(key) };
                    }
                    assert_eq!(key, 0, "cuckoo table: insertion of {s1}-{s2} does not terminate");
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, CUCKOO_MOVE_COUNT, "cuckoo table: wrong number of reversible moves");
    (keys, moves)
}

/// Fills one slider's slices of `table`, verifying each magic number.
fn fill_sliders(
    piece: &str,
    magics: &[u64; 64],
    directions: &[(i8, i8)],
    table: &mut [u64],
    offset: &mut usize,
) -> Vec<Magic> {
    let mut entries = Vec::with_capacity(64);
    for sq in 0..64u8 {
        let mask = geometry::relevant_mask(sq, directions);
        let bits = mask.count_ones();
        let entry = Magic { mask, magic: magics[sq as usize], offset: *offset as u32, shift: (64 - bits) as u8 };
        let mut filled = vec![false; 1 << bits];
        for i in 0..1u64 << bits {
            let occupied = geometry::subset(mask, i);
            let attacks = geometry::sliding_attacks(sq, occupied, directions);
            let index = entry.index(occupied);
            let slot = index - *offset;
            if filled[slot] && table[index] != attacks {
                panic!(
                    "magic collision: the {piece} magic {:#018x} for square {} maps two \
                     occupancies with different attacks to one slot; run \
                     `cargo run --release --example find_magics` and update src/magic_numbers.rs",
                    magics[sq as usize],
                    square_name(sq)
                );
            }
            filled[slot] = true;
            table[index] = attacks;
        }
        *offset += 1 << bits;
        entries.push(entry);
    }
    entries
}

fn square_name(sq: u8) -> String {
    format!("{}{}", (b'a' + (sq & 7)) as char, (sq >> 3) + 1)
}

fn write_magics(w: &mut impl Write, name: &str, entries: &[Magic]) -> std::io::Result<()> {
    writeln!(w, "pub(crate) static {name}: [Magic; 64] = [")?;
    for e in entries {
        writeln!(
            w,
            "Magic {{ mask: {:#x}, magic: {:#x}, offset: {}, shift: {} }},",
            e.mask, e.magic, e.offset, e.shift
        )?;
    }
    writeln!(w, "];")
}

/// Writes a (possibly nested) `u64` array literal of the given type from
/// its values in row-major order, eight values a line.
fn write_u64s(w: &mut impl Write, name: &str, ty: &str, values: &[u64]) -> std::io::Result<()> {
    // Dimensions from the type text, outermost first: "[[u64; 64]; 2]" -> [2, 64].
    let mut dims: Vec<usize> = ty
        .split(';')
        .skip(1)
        .map(|part| part.trim_matches(|c: char| c == ']' || c.is_whitespace()).parse().expect("array length"))
        .collect();
    dims.reverse();
    assert_eq!(dims.iter().product::<usize>(), values.len(), "{name}: size mismatch");
    writeln!(w, "pub(crate) static {name}: {ty} = ")?;
    write_nested(w, &dims, values)?;
    writeln!(w, ";")
}

fn write_nested(w: &mut impl Write, dims: &[usize], values: &[u64]) -> std::io::Result<()> {
    write!(w, "[")?;
    if dims.len() == 1 {
        for (i, v) in values.iter().enumerate() {
            if i % 8 == 0 {
                writeln!(w)?;
            }
            write!(w, "{v:#x},")?;
        }
    } else {
        let inner = values.len() / dims[0];
        for chunk in values.chunks(inner) {
            write_nested(w, &dims[1..], chunk)?;
            writeln!(w, ",")?;
        }
    }
    write!(w, "]")
}
