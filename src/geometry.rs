//! Board geometry computed the slow, obviously correct way.
//!
//! This file is shared between the library and `build.rs` (which mounts it
//! with `#[path]`), so it uses only `core` and works on raw `u8` square
//! indexes (`a1 = 0`, `b1 = 1`, …, `h8 = 63`) and `u64` masks. The build
//! script tabulates these functions; the library's tests use them as the
//! oracle for the fast lookups.

/// File (0..8) and rank (0..8) steps of a rook.
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// File and rank steps of a bishop.
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// File and rank steps of a knight.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// File and rank steps of a king.
pub const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
/// Capture steps of a white pawn.
pub const WHITE_PAWN_STEPS: [(i8, i8); 2] = [(-1, 1), (1, 1)];
/// Capture steps of a black pawn.
pub const BLACK_PAWN_STEPS: [(i8, i8); 2] = [(-1, -1), (1, -1)];

/// The square `(file, rank)` steps away from `sq`, if it is on the board.
pub const fn offset(sq: u8, file_step: i8, rank_step: i8) -> Option<u8> {
    let file = (sq & 7) as i8 + file_step;
    let rank = (sq >> 3) as i8 + rank_step;
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        Some((rank * 8 + file) as u8)
    } else {
        None
    }
}

/// The squares one step away from `sq` in each of `steps`.
pub fn step_attacks(sq: u8, steps: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in steps {
        if let Some(to) = offset(sq, df, dr) {
            mask |= 1 << to;
        }
    }
    mask
}

/// The squares a slider on `sq` attacks along `directions`, each ray
/// stopping at (and including) the first square set in `occupied`.
pub fn sliding_attacks(sq: u8, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            mask |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    mask
}

/// Rook attacks from `sq` for the given occupancy, by ray walking.
pub fn rook_attacks(sq: u8, occupied: u64) -> u64 {
    sliding_attacks(sq, occupied, &ROOK_DIRECTIONS)
}

/// Bishop attacks from `sq` for the given occupancy, by ray walking.
pub fn bishop_attacks(sq: u8, occupied: u64) -> u64 {
    sliding_attacks(sq, occupied, &BISHOP_DIRECTIONS)
}

/// The occupancy bits that can change a slider's attacks from `sq`: every
/// ray square except the last one before the board edge.
pub fn relevant_mask(sq: u8, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
    }
    mask
}

/// The `index`-th subset of `mask` (bits of `index` select bits of `mask`,
/// lowest first). Enumerates all occupancies of a relevant mask.
pub fn subset(mask: u64, index: u64) -> u64 {
    let mut result = 0;
    let mut rest = mask;
    let mut bit = 0;
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if index & (1 << bit) != 0 {
            result |= lowest;
        }
        rest &= rest - 1;
        bit += 1;
    }
    result
}

/// The direction `(file step, rank step)` from `a` to `b` if they share a
/// rank, file or diagonal, else `None` (also for `a == b`).
pub fn direction(a: u8, b: u8) -> Option<(i8, i8)> {
    if a == b {
        return None;
    }
    let df = (b & 7) as i8 - (a & 7) as i8;
    let dr = (b >> 3) as i8 - (a >> 3) as i8;
    if df == 0 || dr == 0 || df.abs() == dr.abs() {
        Some((df.signum(), dr.signum()))
    } else {
        None
    }
}

/// The squares strictly between `a` and `b` when they are aligned, else 0.
pub fn between(a: u8, b: u8) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    let mut mask = 0;
    let mut cur = a;
    while let Some(next) = offset(cur, df, dr) {
        if next == b {
            break;
        }
        mask |= 1 << next;
        cur = next;
    }
    mask
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned,
/// including both squares, else 0.
pub fn line(a: u8, b: u8) -> u64 {
    let Some((df, dr)) = direction(a, b) else {
        return 0;
    };
    sliding_attacks(a, 0, &[(df, dr), (-df, -dr)]) | (1 << a)
}
