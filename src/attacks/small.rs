//! Rook and bishop attacks without the slider table (the `small-tables`
//! feature): 4 KiB of line masks instead of 1 MiB of magic slices, for
//! downloads such as WebAssembly where size counts more than the last
//! nanosecond.
//!
//! Each line through the slider (rank, file, diagonal, anti-diagonal) is
//! split into its squares below the slider (lower indexes) and above it.
//! The attacks along the line run from the nearest blocker below to the
//! nearest blocker above, both included: the highest set bit of the
//! occupied squares below and the lowest of those above. Their difference
//! ("obstruction difference") gives that range in three arithmetic steps
//! and two bit scans, which every target has as single instructions
//! (WebAssembly's `i64.clz` among them), with no byte swaps and no loops.

use super::tables::SLIDER_LINES;
use crate::types::{Bitboard, Square};

/// Squares attacked along one line from the slider whose squares below
/// and above it are `below` and `above`, for occupancy `occupied`.
#[inline(always)]
fn line_attacks(occupied: u64, [below, above]: [u64; 2]) -> u64 {
    // Minus the highest blocker below, 2^k, in two's complement: every bit
    // from k up (k = 0 when nothing blocks below: bit 0 is then outside the
    // line or the slider's own square, both masked off at the end).
    let minus_blocker_below = u64::MAX << (63 - (occupied & below | 1).leading_zeros());
    let above_occupied = occupied & above;
    // The lowest blocker above, doubled: 2^(u + 1), the range's end,
    // exclusive (0, the board's end, when nothing blocks above).
    let past_blocker_above = (above_occupied & above_occupied.wrapping_neg()).wrapping_mul(2);
    // 2^(u + 1) - 2^k: the bits k..=u.
    past_blocker_above.wrapping_add(minus_blocker_below) & (below | above)
}

/// Squares a rook on `sq` attacks, each ray stopping at the first occupied
/// square (which is included).
#[inline(never)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let lines = &SLIDER_LINES[sq.index()];
    Bitboard(line_attacks(occupied.0, lines[0]) | line_attacks(occupied.0, lines[1]))
}

/// Squares a bishop on `sq` attacks, each ray stopping at the first
/// occupied square (which is included).
#[inline(never)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let lines = &SLIDER_LINES[sq.index()];
    Bitboard(line_attacks(occupied.0, lines[2]) | line_attacks(occupied.0, lines[3]))
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; empty otherwise (from the line masks: the attacks of a slider
/// on `a` toward `b` when only `b` is occupied, `b` left out).
pub fn between(a: Square, b: Square) -> Bitboard {
    let target = b.bitboard().0;
    for [below, above] in SLIDER_LINES[a.index()] {
        if (below | above) & target != 0 {
            let toward = if b.index() > a.index() { above } else { below };
            return Bitboard(line_attacks(target, [below, above]) & toward & !target);
        }
    }
    Bitboard(0)
}

/// The whole line (edge to edge, both squares included) through `a` and
/// `b` if they share a rank, file or diagonal; empty otherwise.
pub fn line(a: Square, b: Square) -> Bitboard {
    let target = b.bitboard().0;
    for [below, above] in SLIDER_LINES[a.index()] {
        if (below | above) & target != 0 {
            return Bitboard(below | above | a.bitboard().0);
        }
    }
    Bitboard(0)
}
