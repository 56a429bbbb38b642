//! [`MoveList`]'s side of move generation: the list takes the
//! generator's sets of moves (see [`Visitor`]) and writes them in. Every
//! `unsafe` block of the move generator is here: writing a whole set
//! into the list's spare room with one capacity test (or, with AVX-512
//! VBMI2, with the `wide` writer's compress stores), where a push per
//! move tests the capacity for each.

use crate::moves::{Move, MoveList};
use crate::position::movegen::{origin, Visitor};
use crate::types::{Bitboard, Role, Square};

/// A list takes the generated moves one at a time, promotions four times;
/// a set of piece moves or pawn steps in one go (with one test of the
/// list's room, or with the `wide_lists` writer, for the whole set).
impl Visitor for MoveList {
    #[cfg_attr(hot_inline, inline(always))]
    fn piece(&mut self, from: Square, to: Bitboard) {
        let make = |to| Move::new(from, to);
        #[cfg(wide_lists)]
        if !wide::append(self, &wide::TO_SHIFTED, from as i16, to) {
            self.extend(to.into_iter().map(make));
        }
        #[cfg(not(wide_lists))]
        append_set(self, to, make);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        for to in to {
            if Bitboard::BACK_RANKS.contains(to) {
                for role in Role::PROMOTIONS {
                    self.push(Move::promotion(from, to, role));
                }
            } else {
                self.push(Move::new(from, to));
            }
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        let make = |to| Move::new(origin(to, step), to);
        #[cfg(wide_lists)]
        if !wide::append(self, &wide::TO_BOTH, -i16::from(step), to) {
            self.extend(to.into_iter().map(make));
        }
        #[cfg(not(wide_lists))]
        append_set(self, to, |to| {
            let mv = Move::by_step(to, step);
            debug_assert_eq!(mv, make(to));
            mv
        });
    }
    #[cfg(not(wide_lists))]
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, up: i8) {
        self.pawn_set(single, up);
        // The compact build writes the double steps as any set of pawn
        // steps, without the 6 KiB table of the eight-at-once writer.
        #[cfg(feature = "compact")]
        self.pawn_set(double, 2 * up);
        #[cfg(not(feature = "compact"))]
        append_double_steps(self, double, up);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        for to in to {
            for role in Role::PROMOTIONS {
                self.push(Move::promotion(origin(to, step), to, role));
            }
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// For each byte value, its set bits' files `f` in order as the lanes
/// `65 × f` of eight 16-bit lanes (two words), and their number.
#[cfg(all(not(wide_lists), not(feature = "compact")))]
static BYTE_LANES: [([u64; 2], u8); 256] = {
    let mut v = [([0u64; 2], 0u8); 256];
    let mut b = 0;
    while b < 256 {
        let mut n = 0;
        let mut f = 0;
        while f < 8 {
            if b >> f & 1 != 0 {
                v[b].0[n / 4] |= (65 * f as u64) << (16 * (n % 4));
                n += 1;
            }
            f += 1;
        }
        v[b].1 = n as u8;
        b += 1;
    }
    v
};

/// Appends the double steps to the squares of `double` (all on one rank,
/// the fourth of the side whose step is `up`) to `list`, where the
/// `wide_lists` writer is not compiled: eight moves written at once from
/// the rank's byte (`BYTE_LANES`), of which the first as many as the byte
/// has bits are kept. No loop over the set: the eight double steps of the
/// start position would take eight turns of the one-move loop.
#[cfg(all(not(wide_lists), not(feature = "compact")))]
#[cfg_attr(hot_inline, inline(always))]
fn append_double_steps(list: &mut MoveList, double: Bitboard, up: i8) {
    let make = |to| Move::new(origin(to, 2 * up), to);
    let shift = if up > 0 { 24 } else { 32 };
    debug_assert_eq!(double.0 & !(0xff << shift), 0);
    let len = list.len();
    if len > list.capacity() - 8 {
        list.extend(double.into_iter().map(make));
        return;
    }
    let (lanes, n) = BYTE_LANES[(double.0 >> shift) as u8 as usize];
    // The move to the rank's square of file `f` is `65 × (shift + f) −
    // 2 × up`, at least 65 × 24 − 16 and below 2^16 in every lane: no
    // carry from lane to lane.
    let base = (65 * shift as u64).wrapping_add_signed(-2 * i64::from(up)) * 0x0001_0001_0001_0001;
    let at = list.as_mut_ptr().cast::<u16>();
    // SAFETY: `len + 8 <= capacity` (above), so the eight places from
    // `len` are inside the list's buffer; `Move` is a transparent `u16`,
    // and the first `n` of those places are the double steps' moves.
    unsafe {
        at.add(len).cast::<u64>().write_unaligned(lanes[0] + base);
        at.add(len + 4).cast::<u64>().write_unaligned(lanes[1] + base);
        list.set_len(len + n as usize);
    }
    debug_assert!(list[len..].iter().copied().eq(double.into_iter().map(make)));
}

/// Appends `make(t)` for each square `t` of `to`, in square order, to
/// `list` (where the `wide_lists` writer is not compiled). A set has at
/// most 64 squares: with that much room left (the usual case, as no
/// position has more than 218 legal moves) the moves are written with no
/// test of the capacity per move; otherwise they are added by `extend`,
/// which tests it for each.
#[cfg(not(wide_lists))]
#[cfg_attr(hot_inline, inline(always))]
fn append_set(list: &mut MoveList, to: Bitboard, make: impl Fn(Square) -> Move) {
    let len = list.len();
    if len > list.capacity() - 64 {
        list.extend(to.into_iter().map(make));
        return;
    }
    let at = list.as_mut_ptr();
    let mut end = len;
    for t in to {
        // SAFETY: `end < len + 64 <= capacity` (a set has at most 64
        // squares, and `len + 64 <= capacity` above), so the place is
        // inside the list's buffer; `Move` is `Copy`, so nothing there
        // needs dropping.
        unsafe { at.add(end).write(make(t)) };
        end += 1;
    }
    // SAFETY: the places `len..end` were written above, and `end <=
    // capacity`.
    unsafe { list.set_len(end) };
}

/// Moves written into a list a whole set at a time, with AVX-512
/// (VBMI2's compress): the 64 possible moves of a set are two vectors of
/// 32 (`base[t] + add` for the destination `t`), and the set's bits pick
/// the lanes that are stored, in order, with no loop over the set.
/// Compiled where `build.rs` sets the cfg `wide_lists`: an x86-64 target
/// with AVX-512 VBMI2, built by Rust 1.89 or later (the lint below reads
/// the crate's older minimum version).
#[cfg(wide_lists)]
#[allow(clippy::incompatible_msrv)]
mod wide {
    use super::*;
    use core::arch::x86_64::{
        __m512i, _mm512_add_epi16, _mm512_maskz_compress_epi16, _mm512_set1_epi16, _mm512_storeu_epi16,
    };

    /// Two vectors of 32 lanes, destinations 0..32 and 32..64.
    pub(super) struct Lanes([__m512i; 2]);

    /// The lanes `t << 6`, plus `t` if `with_to`.
    const fn lanes(with_to: bool) -> Lanes {
        let mut v = [0i16; 64];
        let mut t = 0;
        while t < 64 {
            v[t] = (t as i16) << 6 | if with_to { t as i16 } else { 0 };
            t += 1;
        }
        // SAFETY: `[i16; 64]` and `[__m512i; 2]` have the same size (128
        // bytes), and every bit pattern is a valid `__m512i`.
        Lanes(unsafe { core::mem::transmute::<[i16; 64], [__m512i; 2]>(v) })
    }

    /// `t << 6`: a move to `t` from square 0 (add the origin).
    pub(super) static TO_SHIFTED: Lanes = lanes(false);
    /// `t << 6 | t`: a move from `t` to `t` (subtract the step).
    pub(super) static TO_BOTH: Lanes = lanes(true);

    /// Appends the moves `base[t] + add` for each square `t` of `to`, in
    /// square order, to `list`; false (and nothing written) if the list
    /// has fewer than 64 free places.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn append(list: &mut MoveList, base: &Lanes, add: i16, to: Bitboard) -> bool {
        let len = list.len();
        // Each of the two stores writes 32 lanes from its start.
        if len > list.capacity() - 64 {
            return false;
        }
        let low = to.0 as u32;
        let high = (to.0 >> 32) as u32;
        let split = low.count_ones() as usize;
        // SAFETY: the intrinsics' target features (AVX-512 F, BW, VBMI2)
        // are enabled at compile time (the cfg of this module). `Move` is
        // a transparent `u16`, any bits of which are a `Move`; `len + 64
        // <= capacity` (above), so both stores, of 32 lanes at `len` and
        // at `len + split` (split <= 32), stay inside the list's buffer;
        // the first `to.len()` lanes written are the set's moves, and only
        // those are taken into the length.
        unsafe {
            let add = _mm512_set1_epi16(add);
            let first = _mm512_maskz_compress_epi16(low, _mm512_add_epi16(base.0[0], add));
            let second = _mm512_maskz_compress_epi16(high, _mm512_add_epi16(base.0[1], add));
            let at = list.as_mut_ptr().add(len).cast::<i16>();
            _mm512_storeu_epi16(at, first);
            _mm512_storeu_epi16(at.add(split), second);
            list.set_len(len + to.len());
        }
        true
    }
}
