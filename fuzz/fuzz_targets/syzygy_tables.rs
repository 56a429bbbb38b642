//! Invariant: a Syzygy table file with any bytes changed, cut short or
//! extended never makes the prober panic, loop without end or allocate
//! beyond the file's size: opening it and probing positions of its
//! material either answers or fails with `ProbeError::Corrupt` naming the
//! file; the unchanged file answers every position. Run with `-timeout=10
//! -rss_limit_mb=512` so that a hang or a large allocation fails too.
//!
//! Input: byte 0 picks a committed table file, byte 1 says how to resize
//! it (0: keep; otherwise cut to that many 256ths of its length, or with
//! the top bit set append that many bytes), bytes 2..10 place the pieces
//! of one more position, then (3-byte little-endian offset, xor mask)
//! quadruples change bytes.
#![no_main]

use chess_movegen::{FenOptions, Position};
use chess_movegen_syzygy::{probe_bytes, ProbeError};
use libfuzzer_sys::fuzz_target;

macro_rules! table {
    ($name:literal) => {
        ($name, include_bytes!(concat!("../../syzygy/tests/data/syzygy/", $name)).as_slice())
    };
}

const TABLES: [(&str, &[u8]); 10] = [
    table!("KQvKR.rtbw"),
    table!("KQvKR.rtbz"),
    table!("KPvK.rtbw"),
    table!("KPvK.rtbz"),
    table!("KPPvK.rtbw"),
    table!("KPPvK.rtbz"),
    table!("KRvKR.rtbw"),
    table!("KNNvK.rtbw"),
    table!("KBvKP.rtbz"),
    table!("KPvKP.rtbw"),
];

/// Fixed positions of each material (both colors, both sides to move).
const FENS: [&str; 12] = [
    "8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1",
    "8/8/2K5/8/8/8/R7/3qk3 b - - 0 1",
    "8/8/8/8/3k4/8/4P3/4K3 w - - 0 1",
    "8/8/8/8/3k4/8/4P3/4K3 b - - 0 1",
    "8/8/8/2k5/8/8/1P3P2/4K3 b - - 0 1",
    "8/8/8/2K5/8/8/1p3p2/4k3 w - - 0 1",
    "8/8/3k4/8/8/1r6/6R1/4K3 w - - 0 1",
    "8/8/3k4/8/8/1N6/6N1/4K3 b - - 0 1",
    "8/8/3k4/8/8/1B6/6p1/4K3 w - - 0 1",
    "8/8/3K4/8/8/1b6/6P1/4k3 b - - 0 1",
    "8/8/3k4/8/2pP4/8/8/4K3 b - d3 0 1",
    "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1",
];

/// A position with the file's material on squares taken from `bytes`.
fn placed(name: &str, bytes: &[u8]) -> Option<Position> {
    let stem = name.split('.').next()?;
    let (white, black) = stem.split_once('v')?;
    let mut board = ['.'; 64];
    let mut i = 0;
    for (side, upper) in [(white, true), (black, false)] {
        for ch in side.chars() {
            let sq = *bytes.get(i)? as usize % 64;
            i += 1;
            if board[sq] != '.' {
                return None;
            }
            board[sq] = if upper { ch } else { ch.to_ascii_lowercase() };
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => fen.push('1'),
                c => fen.push(c),
            }
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if bytes.get(7).is_some_and(|b| b & 1 == 1) { " b - - 0 1" } else { " w - - 0 1" });
    Position::from_fen_with(&fen, FenOptions::new().impossible_check(true)).ok().map(|(p, _)| p)
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 10 {
        return;
    }
    let (name, original) = TABLES[data[0] as usize % TABLES.len()];
    let mut positions: Vec<Position> =
        FENS.iter().map(|f| Position::from_fen(f).expect("valid fixed position")).collect();
    positions.extend(placed(name, &data[2..10]));
    let mut bytes = original.to_vec();
    let resize = data[1];
    if resize & 0x80 != 0 {
        bytes.extend(std::iter::repeat_n(0xa5, (resize & 0x7f) as usize));
    } else if resize != 0 {
        bytes.truncate(original.len() * resize as usize / 256);
    }
    let mut changed = resize != 0;
    for quad in data[10..].chunks_exact(4) {
        if bytes.is_empty() {
            break;
        }
        let offset = u32::from_le_bytes([quad[0], quad[1], quad[2], 0]) as usize % bytes.len();
        bytes[offset] ^= quad[3];
        changed |= quad[3] != 0;
    }
    match probe_bytes(name, bytes, &positions) {
        Ok(_) => {}
        Err(ProbeError::Corrupt { path, .. }) => {
            assert!(changed, "{name}: the unchanged file is reported corrupt");
            assert!(path.ends_with(name), "{name}: error names {}", path.display());
        }
        Err(other) => panic!("{name}: unexpected error {other}"),
    }
});
