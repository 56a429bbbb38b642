//! chess.js's order of the legal moves, so that a program that picks a
//! move by its index in `moves()` (a seeded random game, "the first
//! move") plays the same game with this package as with chess.js.

use chess_movegen::{Move, Role};

/// Where chess.js lists `mv`, a legal move of a piece of `role`, among
/// the legal moves, as a sort key: by the square moved from, a8 to h1
/// rank by rank; a piece's moves by direction, clockwise from the left
/// (chess.js tries a knight's jumps and a sliding piece's or king's steps
/// in that order), then outward; a pawn's push, double push, then
/// captures (White's toward the a-file first, Black's toward the
/// h-file); promotions to knight, bishop, rook, queen; castling last,
/// the king's side first.
pub(crate) fn chessjs_key(mv: Move, role: Role) -> u32 {
    let (from, to) = (mv.from(), mv.to());
    if mv.is_castle() {
        // The king takes its rook: toward the a-file for the queen's side.
        return 1 << 20 | u32::from(to < from);
    }
    let (mut y, mut x) = (to.rank() as i32 - from.rank() as i32, to.file() as i32 - from.file() as i32);
    let distance = y.abs().max(x.abs());
    let way = if role == Role::Pawn {
        if x == 0 {
            distance - 1
        } else {
            2 + i32::from((x > 0) == (y > 0))
        }
    } else {
        // A slide or a step by its direction; a knight's jump as it is.
        if x == 0 || y == 0 || x.abs() == y.abs() {
            (y, x) = (y.signum(), x.signum());
        }
        i32::from(ANGLES[(5 * (y + 2) + x + 2) as usize])
    };
    let promotion = mv.promotion_role().map_or(0, |r| r.index() as u32);
    let scan = (7 - from.rank() as u32) * 8 + from.file() as u32;
    scan << 12 | (way as u32) << 6 | (distance as u32) << 3 | promotion
}

/// The clockwise angle from the left of each step `(y, x)` with both in
/// `-2..=2` (index `5 * (y + 2) + x + 2`), as a number from 0 to 24:
/// above, 6 at up-left to 18 at up-right; right 12; below, back from 12
/// to 24; left itself 24 (chess.js tries it last). A table, made once
/// from the formula, because a division per move costs more than the
/// rest of a key.
const ANGLES: [u8; 25] = {
    let mut angles = [0u8; 25];
    let mut i = 0;
    while i < 25 {
        let (y, x) = (i as i32 / 5 - 2, i as i32 % 5 - 2);
        if x != 0 || y != 0 {
            let slope = 6 * x / (x.abs() + y.abs());
            angles[i] = match y.signum() {
                1 => 6 + slope,
                -1 => 18 - slope,
                _ if x > 0 => 12,
                _ => 24,
            } as u8;
        }
        i += 1;
    }
    angles
};

/// Sorts moves keyed by [`chessjs_key`] in their bits 39 and up: a
/// Shell sort (insertion sorts over every 13th, 4th, then every move),
/// since the generator lists the moves by kind of piece and a lone
/// insertion sort would move most of them far; the core library's sorts
/// would add kilobytes to the module.
pub(crate) fn sort(keyed: &mut [u64]) {
    for gap in [13, 4, 1] {
        for i in gap..keyed.len() {
            let x = keyed[i];
            let mut j = i;
            while j >= gap && keyed[j - gap] > x {
                keyed[j] = keyed[j - gap];
                j -= gap;
            }
            keyed[j] = x;
        }
    }
}
