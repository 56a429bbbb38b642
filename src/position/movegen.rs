//! Legal and pseudo-legal move generation.
//!
//! One generator serves every query. It is parameterised by
//! - a `const LEGAL: bool`: pin- and check-aware legal generation, or
//!   pseudo-legal generation (moves that may leave the king attacked);
//! - [`Targets`]: which origin and destination squares are wanted
//!   (all moves, captures, quiets, from a square, to a square);
//! - a [`Visitor`] that receives the moves as sets (one origin and a
//!   bitboard of destinations, or a set of pawn moves sharing one step), so
//!   counting is a popcount and no list is built unless one is wanted.
//!
//! Legal generation works out the checkers and pinned pieces once. In
//! double check only the king moves. Otherwise every non-king move must land
//! on the check mask (the checker or a square between it and the king), and
//! a pinned piece must stay on the line through its king. King moves are
//! tested against the attacks with the king taken off the board (so it
//! cannot hide behind itself from a slider). En passant, which removes two
//! pieces from one rank, is tested by looking at the king's slider lines on
//! the board as it would be after the capture.

use crate::attacks::{self, between, line};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::types::castling::{
    back_rank, corners_for_king_to, king_path, CASTLING_PATHS, CORNERS, CORNER_FILES, FREE_CORNERS,
};
use crate::types::{Bitboard, CastlingSide, Color, Rank, Role, Square};

/// Which moves a generation call wants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Targets {
    /// Origins (the king's square for castling).
    pub from: Bitboard,
    /// Destinations of normal moves and promotions.
    pub to: Bitboard,
    /// En-passant captures are wanted if this contains the en-passant square.
    pub ep_to: Bitboard,
    /// Castlings are wanted if this contains the king's destination.
    pub castle_to: Bitboard,
}

impl Targets {
    pub const ALL: Targets =
        Targets { from: Bitboard::FULL, to: Bitboard::FULL, ep_to: Bitboard::FULL, castle_to: Bitboard::FULL };

    /// Moves from a square in `from` to a square in `to`; en passant counts
    /// as going to the en-passant square, castling to the king's destination.
    pub const fn masked(from: Bitboard, to: Bitboard) -> Targets {
        Targets { from, to, ep_to: to, castle_to: to }
    }
}

/// Receives generated moves as sets.
pub(crate) trait Visitor {
    /// Non-pawn moves (and castling-free king moves) from `from` to each square of `to`.
    fn piece(&mut self, from: Square, to: Bitboard);
    /// Pawn moves from `from` to each square of `to`; those reaching the
    /// last rank are four promotions each.
    fn pawn(&mut self, from: Square, to: Bitboard);
    /// Pawn moves (not promotions) to each square of `to` from `to - step`.
    fn pawn_set(&mut self, to: Bitboard, step: i8);
    /// Promotions (four each) to each square of `to` from `to - step`.
    fn promotion_set(&mut self, to: Bitboard, step: i8);
    /// The single pushes (not promotions) to `single`, from one rank
    /// behind (`up` is the step), and the double pushes to `double`: two
    /// [`Visitor::pawn_set`]s, which a counter adds up in one (the sets
    /// are on different ranks).
    #[inline(always)]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, up: i8) {
        self.pawn_set(single, up);
        self.pawn_set(double, 2 * up);
    }
    /// One special move: en passant or castling.
    fn special(&mut self, mv: Move);
    /// True for visitors of a few origins (a move text's candidates): the
    /// slider and pawn steps are skipped when none of those pieces is
    /// among them. `false` for the
    /// others, whose code is then unchanged.
    const SPARSE: bool = false;
    /// True once the visitor wants no more moves: the generator then stops
    /// at the next step (king, knights, sliders, pawns, en passant). A
    /// constant `false` for the visitors that never stop, so their code is
    /// unchanged.
    #[inline(always)]
    fn done(&self) -> bool {
        false
    }
}

/// Counts moves without building them.
///
/// With a hardware popcount each set is counted as it comes. Without one
/// (baseline x86-64), the sets are counted per byte, three steps of the
/// usual bit-parallel popcount, into `bytes`, and the bytes are added up
/// once at the end, saving the final multiply and shift of every count.
/// No byte can overflow: a byte gathers the moves that land on one rank,
/// and at most 29 legal moves land on one square (8 sliders, one per
/// direction, 8 knights, the king, and 3 pawn moves counted 4 times as
/// promotions), so at most 8 × 29 = 232 per byte.
#[derive(Default)]
pub(crate) struct Counter {
    moves: usize,
    bytes: u64,
}

impl Counter {
    #[inline(always)]
    fn add(&mut self, to: Bitboard, times: u64) {
        if cfg!(target_feature = "popcnt") {
            self.moves += (times * to.len() as u64) as usize;
        } else {
            let x = to.0;
            let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
            let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
            self.bytes += times * ((x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f);
        }
    }

    #[inline(always)]
    fn total(&self) -> usize {
        let pairs = (self.bytes & 0x00ff_00ff_00ff_00ff) + ((self.bytes >> 8) & 0x00ff_00ff_00ff_00ff);
        self.moves + (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    }
}

impl Visitor for Counter {
    #[inline(always)]
    fn piece(&mut self, _from: Square, to: Bitboard) {
        self.add(to, 1);
    }
    #[inline(always)]
    fn pawn(&mut self, _from: Square, to: Bitboard) {
        self.add(to, 1);
        self.add(to & BACK_RANKS, 3);
    }
    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, _step: i8) {
        self.add(to, 1);
    }
    #[inline(always)]
    fn promotion_set(&mut self, to: Bitboard, _step: i8) {
        self.add(to, 4);
    }
    #[inline(always)]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, _up: i8) {
        self.add(single | double, 1);
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.moves += 1;
    }
}

const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

/// The squares from which a knight, a bishop or a rook of the opponent of
/// `us` could attack, on an empty board, a square next to `us`'s king on
/// e1 (e8) or c1 or g1 (c8, g8): the reach (as in
/// `attacks::king_zone_reach`) that makes the danger map exact on every
/// square of a standard castling's king path. The castling rook, in its
/// corner, shields none of those squares.
#[inline(always)]
fn castling_reach(us: Color) -> [Bitboard; 3] {
    let [e, c, g] = [Square::E1, Square::C1, Square::G1].map(|sq| sq.relative_to(us));
    let zone = attacks::king_zone_reach(e);
    [
        zone[0] | attacks::knight_attacks(c) | attacks::knight_attacks(g),
        zone[1] | attacks::bishop_rays(c) | attacks::bishop_rays(g),
        zone[2] | attacks::rook_rays(c) | attacks::rook_rays(g),
    ]
}

/// What a generator knows of the side to move's castling (its `CASTLING`
/// parameter): nothing, so the rights are looked at;
const CASTLING_ANY: u8 = 0;
/// no castling rights;
const CASTLING_NONE: u8 = 1;
/// the king on e1 (e8) and castling rights, if any, only on rooks in the
/// corners, as in standard chess; and the opponent's king on its own
/// half of the board (its first four ranks) before its move, so that it
/// attacks neither of our first two ranks, where our king's steps and
/// castling paths lie (its attacks are not looked at).
const CASTLING_STANDARD: u8 = 2;

#[inline(always)]
fn origin(to: Square, step: i8) -> Square {
    Square::from_index_wrapping((to as i8).wrapping_sub(step) as u8)
}

/// A list takes the generated moves one at a time, promotions four times;
/// a set of piece moves or pawn steps in one go (with one test of the
/// list's room, or with the `wide_lists` writer, for the whole set).
impl Visitor for MoveList {
    #[inline(always)]
    fn piece(&mut self, from: Square, to: Bitboard) {
        let make = |to| Move::new(from, to);
        #[cfg(wide_lists)]
        if !wide::append(self, &wide::TO_SHIFTED, from as i16, to) {
            self.extend(to.into_iter().map(make));
        }
        #[cfg(all(not(wide_lists), target_feature = "bmi1"))]
        append_set(self, to, make);
        #[cfg(all(not(wide_lists), not(target_feature = "bmi1")))]
        {
            let row = &FROM_TO[from as usize];
            append_set(self, to, |t| {
                let mv = Move::from_bits(row[t as usize]);
                debug_assert_eq!(mv, make(t));
                mv
            });
        }
    }
    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        for to in to {
            if BACK_RANKS.contains(to) {
                for role in Role::PROMOTIONS {
                    self.push(Move::promotion(from, to, role));
                }
            } else {
                self.push(Move::new(from, to));
            }
        }
    }
    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        let make = |to| Move::new(origin(to, step), to);
        #[cfg(wide_lists)]
        if !wide::append(self, &wide::TO_BOTH, -i16::from(step), to) {
            self.extend(to.into_iter().map(make));
        }
        #[cfg(not(wide_lists))]
        {
            let row = &PAWN_STEPS[(step as isize + 16) as usize];
            append_set(self, to, |to| {
                let mv = Move::from_bits(row[to as usize]);
                debug_assert_eq!(mv, make(to));
                mv
            });
        }
    }
    #[cfg(not(wide_lists))]
    #[inline(always)]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, up: i8) {
        self.pawn_set(single, up);
        append_double_steps(self, double, up);
    }
    #[inline(always)]
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        for to in to {
            for role in Role::PROMOTIONS {
                self.push(Move::promotion(origin(to, step), to, role));
            }
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// The bits of a pawn's step of `step` (−16 to 16, row `step + 16`) to
/// each square index `t`: the normal move from `t − step` to `t`
/// (`from | to << 6`), that is `65 × t − step`. `MoveList::pawn_set`
/// writes a move with one load from its step's row, where packing the
/// fields took four instructions. On the default target, AMD EPYC Zen 4:
/// list building 2.4 % faster at startpos d6 and Kiwipete d5 with one
/// row of `65 × t` and a subtraction after the load; a row per step,
/// without the subtraction, took startpos d6 another 2.7 % (x86-64-v3
/// too). Entries whose origin is off the board are never read.
#[cfg(not(wide_lists))]
static PAWN_STEPS: [[u16; 64]; 33] = {
    let mut v = [[0; 64]; 33];
    let mut row = 0;
    while row < 33 {
        let step = row as i16 - 16;
        let mut t = 0;
        while t < 64 {
            v[row][t] = (65 * t as i16).wrapping_sub(step) as u16;
            t += 1;
        }
        row += 1;
    }
    v
};

/// The bits of every normal move, `FROM_TO[from][to]`, for
/// `MoveList::piece` on targets without BMI1 (the default x86-64 target):
/// a move is one load from its origin's row, where packing the fields took
/// a shift and an OR on top of the three instructions that take a square
/// off the set without `blsr` (list building 393 → 403 Mnps on the
/// default target, AMD EPYC Zen 4, `compare --only list --align-sweep`:
/// 1.94–1.95× → 2.02–2.03× cozy-chess). With BMI1 the compiler unrolled
/// the loop by the set's population count around the load, and list
/// building ran 3–5 % slower (x86-64-v3: 88.7 → 100.5 M instructions
/// at Kiwipete d4), so those targets pack the fields.
#[cfg(all(not(wide_lists), not(target_feature = "bmi1")))]
static FROM_TO: [[u16; 64]; 64] = {
    let mut v = [[0; 64]; 64];
    let mut f = 0;
    while f < 64 {
        let mut t = 0;
        while t < 64 {
            v[f][t] = (t as u16) << 6 | f as u16;
            t += 1;
        }
        f += 1;
    }
    v
};

/// For each byte value, its set bits' files `f` in order as the lanes
/// `65 × f` of eight 16-bit lanes (two words), and their number.
#[cfg(not(wide_lists))]
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
/// start position took eight turns of the one-move loop. List building on
/// the default target, AMD EPYC Zen 4: startpos d6 244 → 227 ms, position
/// 3 d7 539 → 521 ms, Kiwipete d5 329 → 325 ms (interleaved medians);
/// `compare --only list --align-sweep` 1.98–2.01× → 2.04–2.07× cozy-chess.
#[cfg(not(wide_lists))]
#[inline(always)]
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
#[inline(always)]
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
    #[inline(always)]
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

/// Bulk perft's list of a parent's moves: the double steps landing on
/// `enabling` (squares beside a pawn of the opponent, which may then
/// capture en passant) go to `double_steps`, every other move to `main`.
struct SplitDoubleSteps<'a> {
    us: Color,
    main: &'a mut MoveList,
    double_steps: &'a mut MoveList,
    enabling: Bitboard,
}

impl Visitor for SplitDoubleSteps<'_> {
    #[inline(always)]
    fn piece(&mut self, from: Square, to: Bitboard) {
        self.main.piece(from, to);
    }
    #[inline(always)]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        // A pinned pawn, one by one: its double step is the square two
        // ahead (from the second rank only can that square be on the
        // fourth, where `enabling` lies).
        let double = to & self.enabling & from.bitboard().forward(self.us).forward(self.us);
        self.main.pawn(from, to & !double);
        if double.any() {
            self.double_steps.pawn(from, double);
        }
    }
    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        self.main.pawn_set(to, step);
    }
    #[inline(always)]
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        self.main.promotion_set(to, step);
    }
    #[inline(always)]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, up: i8) {
        self.main.pawn_pushes(single, double & !self.enabling, up);
        if (double & self.enabling).any() {
            self.double_steps.pawn_set(double & self.enabling, 2 * up);
        }
    }
    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.main.special(mv);
    }
}

/// Notes whether any move is generated, and stops the generator at the
/// first step that has one ([`Position::has_legal_moves`]).
#[derive(Default)]
struct AnyMove {
    found: bool,
}

impl Visitor for AnyMove {
    #[inline(always)]
    fn piece(&mut self, _from: Square, to: Bitboard) {
        self.found |= to.any();
    }
    #[inline(always)]
    fn pawn(&mut self, _from: Square, to: Bitboard) {
        self.found |= to.any();
    }
    #[inline(always)]
    fn pawn_set(&mut self, to: Bitboard, _step: i8) {
        self.found |= to.any();
    }
    #[inline(always)]
    fn promotion_set(&mut self, to: Bitboard, _step: i8) {
        self.found |= to.any();
    }
    #[inline(always)]
    fn special(&mut self, _mv: Move) {
        self.found = true;
    }
    #[inline(always)]
    fn done(&self) -> bool {
        self.found
    }
}

/// Looks for one move among the generated ones.
struct Finder {
    wanted: Move,
    found: bool,
}

impl Visitor for Finder {
    fn piece(&mut self, from: Square, to: Bitboard) {
        self.found |= Move::new(from, self.wanted.to()) == self.wanted && to.contains(self.wanted.to());
    }
    fn pawn(&mut self, from: Square, to: Bitboard) {
        let target = self.wanted.to();
        if from == self.wanted.from() && to.contains(target) {
            self.found |= match self.wanted.promotion_role() {
                Some(role) => BACK_RANKS.contains(target) && Move::promotion(from, target, role) == self.wanted,
                None => !BACK_RANKS.contains(target) && Move::new(from, target) == self.wanted,
            };
        }
    }
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        let target = self.wanted.to();
        self.found |= to.contains(target) && Move::new(origin(target, step), target) == self.wanted;
    }
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        let target = self.wanted.to();
        if let Some(role) = self.wanted.promotion_role() {
            self.found |= to.contains(target) && Move::promotion(origin(target, step), target, role) == self.wanted;
        }
    }
    fn special(&mut self, mv: Move) {
        self.found |= mv == self.wanted;
    }
}

/// The squares a non-king move must land on: the checker or a square
/// between it and the king when in (single) check, anywhere otherwise.
#[inline(always)]
fn check_mask(f: &Frame) -> Bitboard {
    match f.checkers.first() {
        Some(checker) => between(f.king, checker).with(checker),
        None => Bitboard::FULL,
    }
}

/// `bb` shifted by `step` squares (positive: towards h8).
#[inline(always)]
fn shift(bb: Bitboard, step: i8) -> Bitboard {
    if step >= 0 {
        Bitboard(bb.0 << step)
    } else {
        Bitboard(bb.0 >> -step)
    }
}

/// What every step of one generation call needs, worked out once.
struct Frame {
    us: Color,
    king: Square,
    ours: Bitboard,
    theirs: Bitboard,
    occupied: Bitboard,
    /// Enemy pieces giving check.
    checkers: Bitboard,
    /// Our pieces pinned to our king (legal generation only; empty otherwise).
    pinned: Bitboard,
}

/// # Generation
///
/// Legal and pseudo-legal moves, counts without a list, moves from, to and between masks, captures and non-captures, and legality tests.
impl Position {
    /// The squares `color` attacks, with `occupied` as the occupancy,
    /// counting only the knights, diagonal and orthogonal sliders in
    /// `reach[0]`, `reach[1]` and `reach[2]` (pawns always count, the
    /// king if `king`).
    /// Exact on every square that the left-out pieces cannot attack.
    #[inline(always)]
    fn attacked_squares(&self, color: Color, occupied: Bitboard, reach: [Bitboard; 3], king: bool) -> Bitboard {
        let theirs = self.bb.by_color[color.index()];
        let pawns = self.bb.by_role[Role::Pawn.index()] & theirs;
        let up: i8 = color.fold(8, -8);
        let mut attacked = shift(pawns & !crate::types::File::A.bitboard(), up - 1)
            | shift(pawns & !crate::types::File::H.bitboard(), up + 1);
        if king {
            attacked |= attacks::king_attacks(self.king_square(color));
        }
        for from in self.bb.by_role[Role::Knight.index()] & theirs & reach[0] {
            attacked |= attacks::knight_attacks(from);
        }
        for from in self.diagonal_sliders() & theirs & reach[1] {
            attacked |= attacks::bishop_attacks(from, occupied);
        }
        for from in self.orthogonal_sliders() & theirs & reach[2] {
            attacked |= attacks::rook_attacks(from, occupied);
        }
        attacked
    }

    /// The squares `them` attacks among those our king on `king` could step
    /// to, with the king lifted off the board so that it cannot hide behind
    /// itself from a slider. Only the enemy pieces that could reach one of
    /// those squares on an empty board are looked at, so the map is exact
    /// on the king's neighbours; its pawn and king attacks are exact
    /// everywhere.
    #[inline(always)]
    pub(crate) fn king_danger(&self, them: Color, king: Square, occupied: Bitboard) -> Bitboard {
        self.attacked_squares(them, occupied.without(king), attacks::king_zone_reach(king), true)
    }

    /// True if `them` attacks `sq` with `occupied` as the occupancy. The
    /// sliders are looked up only if one stands on `sq`'s lines of the
    /// empty board.
    #[inline(always)]
    fn attacked_with(&self, sq: Square, them: Color, occupied: Bitboard) -> bool {
        let theirs = self.bb.by_color[them.index()];
        (((attacks::pawn_attacks(!them, sq) & self.bb.by_role[Role::Pawn.index()])
            | (attacks::knight_attacks(sq) & self.bb.by_role[Role::Knight.index()])
            | (attacks::king_attacks(sq) & self.bb.by_role[Role::King.index()]))
            & theirs)
            .any()
            || self.slider_attacks(sq, them, occupied)
    }

    /// The castling rule of king safety: none of the squares of `path`
    /// (squares of the king's path of castling the king on `king` with the
    /// rook on `rook`) is attacked by `them` with both castling pieces
    /// lifted off the board `occupied`. `danger` is `them`'s attack map
    /// with the king lifted ([`Position::king_danger`]): exact for pawns
    /// and the king everywhere and for every piece next to the king, so
    /// only knights and sliders are looked at on the squares left. With
    /// `CORNER` (the rook in a corner, which can stand between no attacker
    /// and the path) the squares next to the king are left to `danger`;
    /// otherwise (Chess960) they are tested again, since the rook may
    /// shield one of them before it moves.
    #[inline(always)]
    pub(crate) fn castling_path_safe<const CORNER: bool>(
        &self,
        them: Color,
        (king, rook): (Square, Square),
        path: Bitboard,
        occupied: Bitboard,
        danger: Bitboard,
    ) -> bool {
        if (path & danger).any() {
            return false;
        }
        let lifted = occupied & !(king.bitboard() | rook.bitboard());
        let rest = if CORNER { path & !attacks::king_attacks(king) } else { path };
        for sq in rest {
            if (attacks::knight_attacks(sq) & self.pieces(them, Role::Knight)).any()
                || self.slider_attacks(sq, them, lifted)
            {
                return false;
            }
        }
        true
    }

    /// The generator. See the module documentation.
    #[inline(always)]
    pub(crate) fn generate<const LEGAL: bool, V: Visitor>(&self, t: &Targets, v: &mut V) {
        // One copy per side to move, so that every color-dependent step
        // (pawn direction, back rank, castling rank) is a constant.
        match self.side {
            Color::White => self.generate_for::<LEGAL, true, V>(self.king(Color::White), t, v),
            Color::Black => self.generate_for::<LEGAL, false, V>(self.king(Color::Black), t, v),
        }
    }

    /// The generator for one side to move: king moves and castling, then
    /// (unless in double check, where only the king moves) knights,
    /// sliders, pawns and en passant, every non-king move limited to the
    /// check mask. `king` is the side to move's king square, passed in so
    /// that a loop over positions with the same king (bulk perft's last
    /// ply) looks it up once, and with it everything the king's square
    /// decides (its steps, rays and zone).
    #[inline(always)]
    fn generate_for<const LEGAL: bool, const WHITE: bool, V: Visitor>(&self, king: Square, t: &Targets, v: &mut V) {
        self.generate_with::<LEGAL, WHITE, CASTLING_ANY, true, false, V>(king, t, v);
    }

    /// [`Position::generate_for`] with what is known of the side to move's
    /// castling in `CASTLING` (one of the `CASTLING_*` constants), so that
    /// a caller that knows it (bulk perft's last ply) runs no code for the
    /// castlings that cannot happen; without `EN_PASSANT` it knows that
    /// no en-passant capture is possible, and the en-passant square is
    /// not read. With `SHARED_EVASIONS` (legal generation), a position in
    /// check is handed to [`Position::legal_evasions`], out of line, so
    /// that a caller with several of these generators compiles one body
    /// for check evasions instead of one per generator.
    #[inline(always)]
    fn generate_with<
        const LEGAL: bool,
        const WHITE: bool,
        const CASTLING: u8,
        const EN_PASSANT: bool,
        const SHARED_EVASIONS: bool,
        V: Visitor,
    >(
        &self,
        king: Square,
        t: &Targets,
        v: &mut V,
    ) {
        let f = self.frame::<LEGAL, WHITE>(king);
        // One copy for positions in check and one for the others, so that
        // the second tests nothing about checks.
        if LEGAL && f.checkers.any() {
            if SHARED_EVASIONS {
                return self.legal_evasions::<WHITE, V>(king, v);
            }
            self.generate_from_frame::<LEGAL, CASTLING, true, EN_PASSANT, V>(&f, t, v);
        } else {
            self.generate_from_frame::<LEGAL, CASTLING, false, EN_PASSANT, V>(&f, t, v);
        }
    }

    /// The body of [`Position::generate_with`] once the frame is made;
    /// `IN_CHECK` (legal generation only) is whether the side to move is
    /// in check; `EN_PASSANT` as there.
    #[inline(always)]
    fn generate_from_frame<
        const LEGAL: bool,
        const CASTLING: u8,
        const IN_CHECK: bool,
        const EN_PASSANT: bool,
        V: Visitor,
    >(
        &self,
        f: &Frame,
        t: &Targets,
        v: &mut V,
    ) {
        if t.from.contains(f.king) {
            self.king_moves::<LEGAL, CASTLING, IN_CHECK, V>(f, t, v);
        }
        if (LEGAL && IN_CHECK && f.checkers.more_than_one()) || v.done() {
            return;
        }
        let check_mask = if LEGAL && IN_CHECK { check_mask(f) } else { Bitboard::FULL };
        let target = !f.ours & check_mask & t.to;
        let unpinned = t.from & !f.pinned;
        self.knight_moves(f, target, unpinned, v);
        if v.done() {
            return;
        }
        self.slider_moves::<LEGAL, V>(f, target, t.from, v);
        if v.done() {
            return;
        }
        self.pawn_moves(f, target, unpinned, v);
        if LEGAL && !IN_CHECK {
            self.pinned_pawn_moves(f, t, v);
        }
        if v.done() {
            return;
        }
        if !EN_PASSANT {
            return;
        }
        if let Some(ep) = self.ep_square {
            // Most en-passant squares have no pawn of ours beside them:
            // tested here, before the call.
            let capturers = attacks::pawn_attacks(!f.us, ep) & self.pieces(f.us, Role::Pawn) & t.from;
            if t.ep_to.contains(ep) && capturers.any() {
                for from in self.en_passant_origins::<LEGAL>(ep, f.king, check_mask, capturers) {
                    v.special(Move::en_passant(from, ep));
                }
            }
        }
    }

    /// The side to move's pieces, king, checkers and (in legal generation)
    /// pinned pieces.
    #[inline(always)]
    fn frame<const LEGAL: bool, const WHITE: bool>(&self, king: Square) -> Frame {
        let us = if WHITE { Color::White } else { Color::Black };
        let ours = self.bb.by_color[us.index()];
        let theirs = self.bb.by_color[(!us).index()];
        let occupied = ours | theirs;
        let (checkers, pinned) = self.checkers_and_pinned(us, king, occupied);
        let pinned = if LEGAL { pinned } else { Bitboard::EMPTY };
        Frame { us, king, ours, theirs, occupied, checkers, pinned }
    }

    /// King steps and castling. The king may not step onto an attacked
    /// square (in legal generation), and castling may not cross one
    /// (always, also in pseudo-legal generation).
    #[inline(always)]
    fn king_moves<const LEGAL: bool, const CASTLING: u8, const IN_CHECK: bool, V: Visitor>(
        &self,
        f: &Frame,
        t: &Targets,
        v: &mut V,
    ) {
        let to = attacks::king_attacks(f.king) & !f.ours & t.to;
        // In pseudo-legal generation the checks are not known in advance.
        let not_in_check = if LEGAL { !IN_CHECK } else { f.checkers.is_empty() };
        let castles = if CASTLING == CASTLING_NONE {
            Bitboard::EMPTY
        } else if CASTLING == CASTLING_STANDARD {
            if not_in_check {
                self.standard_castling_candidates(f.us, t.castle_to)
            } else {
                Bitboard::EMPTY
            }
        } else if not_in_check && (self.castling & f.ours).any() {
            self.castling_candidates(f.us, f.king, t.castle_to)
        } else {
            Bitboard::EMPTY
        };
        if CASTLING == CASTLING_STANDARD {
            if castles.any() {
                // The danger map made exact on c1 and g1 too, so that it
                // decides the whole path (see `castling_reach`).
                let reach = castling_reach(f.us);
                let danger = self.attacked_squares(!f.us, f.occupied.without(f.king), reach, false);
                v.piece(f.king, if LEGAL { to & !danger } else { to });
                for rook in [Square::H1.relative_to(f.us), Square::A1.relative_to(f.us)] {
                    if castles.contains(rook) && (king_path(f.king, rook) & danger).is_empty() {
                        v.special(Move::castle(f.king, rook));
                    }
                }
                return;
            }
            // The enemy king is far (see `CASTLING_STANDARD`).
            let danger = if LEGAL && to.any() {
                let occupied = f.occupied.without(f.king);
                self.attacked_squares(!f.us, occupied, attacks::king_zone_reach(f.king), false)
            } else {
                Bitboard::EMPTY
            };
            v.piece(f.king, if LEGAL { to & !danger } else { to });
            return;
        }
        let danger = if (LEGAL && to.any()) || castles.any() {
            self.king_danger(!f.us, f.king, f.occupied)
        } else {
            Bitboard::EMPTY
        };
        v.piece(f.king, if LEGAL { to & !danger } else { to });
        // A rook in the corner cannot block an attack on the king's path,
        // so the path's squares next to the king are decided by the danger
        // map and the others (one in standard chess) one by one, with the
        // king lifted. Other rooks (Chess960) go the long way.
        let corners = castles & CORNERS;
        if corners.any() {
            let home = Square::E1.relative_to(f.us);
            if f.king == home {
                // The king on e1 (e8), as in standard chess: the two corners
                // by name, so that every square and mask is a constant.
                for rook in [Square::H1.relative_to(f.us), Square::A1.relative_to(f.us)] {
                    if corners.contains(rook) {
                        self.castle_from_home(f, home, rook, danger, v);
                    }
                }
            } else {
                for rook in corners {
                    self.castle_from_corner(f, f.king, rook, danger, v);
                }
            }
        }
        if (castles & !CORNERS).any() {
            for rook in self.legal_castling_rooks(f.king, castles & !CORNERS, danger) {
                v.special(Move::castle(f.king, rook));
            }
        }
    }

    /// The castling of the king on `home`, e1 (e8), with the rook in the
    /// corner on `rook` (a candidate), if its path is safe: the rule of
    /// [`Position::castling_path_safe`] with `CORNER` (the squares next to
    /// the king by the danger map, the square it lands on by the danger
    /// map's pawn and king attacks, the knights and, with the king lifted,
    /// the sliders), written out here and in
    /// [`Position::castle_from_corner`]: with both calling the helper
    /// instead, the bulk-perft leaf ran 1.1 % more instructions at startpos
    /// (callgrind, x86-64-v3), though neither runs there. `tests/chess960.rs`
    /// and the perft suites check all three forms.
    #[inline(always)]
    fn castle_from_home<V: Visitor>(&self, f: &Frame, home: Square, rook: Square, danger: Bitboard, v: &mut V) {
        let path = king_path(home, rook);
        if (path & danger).any() {
            return;
        }
        let them = !f.us;
        for sq in path & !attacks::king_attacks(home) {
            if (attacks::knight_attacks(sq) & self.pieces(them, Role::Knight)).any()
                || self.slider_attacks(sq, them, f.occupied.without(home))
            {
                return;
            }
        }
        v.special(Move::castle(home, rook));
    }

    /// The castling of the king on `king` with the rook in the corner on
    /// `rook` (a candidate, see [`Position::castling_candidates`]), if its
    /// path is safe: the squares next to the king by the danger map, the
    /// others one by one, with the king lifted (the rule of
    /// [`Position::castling_path_safe`] with `CORNER`, written out as in
    /// [`Position::castle_from_home`]).
    #[inline(always)]
    fn castle_from_corner<V: Visitor>(&self, f: &Frame, king: Square, rook: Square, danger: Bitboard, v: &mut V) {
        let path = king_path(king, rook);
        if (path & danger).any() {
            return;
        }
        let lifted = f.occupied.without(king);
        for sq in path & !attacks::king_attacks(king) {
            if self.attacked_with(sq, !f.us, lifted) {
                return;
            }
        }
        v.special(Move::castle(king, rook));
    }

    /// Moves of the knights on `unpinned` (a pinned knight never moves).
    #[inline(always)]
    fn knight_moves<V: Visitor>(&self, f: &Frame, target: Bitboard, unpinned: Bitboard, v: &mut V) {
        for from in self.pieces(f.us, Role::Knight) & unpinned {
            v.piece(from, attacks::knight_attacks(from) & target);
        }
    }

    /// Slider moves: diagonal and orthogonal moves in separate loops (a
    /// queen's two sets are disjoint, so counting them apart is exact);
    /// pinned sliders, rare, move along the pin line only.
    #[inline(always)]
    fn slider_moves<const LEGAL: bool, V: Visitor>(&self, f: &Frame, target: Bitboard, from: Bitboard, v: &mut V) {
        let diagonal = self.diagonal_sliders() & f.ours & from;
        let orthogonal = self.orthogonal_sliders() & f.ours & from;
        if V::SPARSE && (diagonal | orthogonal).is_empty() {
            return;
        }
        for from in diagonal & !f.pinned {
            v.piece(from, attacks::bishop_attacks(from, f.occupied) & target);
        }
        for from in orthogonal & !f.pinned {
            v.piece(from, attacks::rook_attacks(from, f.occupied) & target);
        }
        if LEGAL && ((diagonal | orthogonal) & f.pinned).any() {
            for from in diagonal & f.pinned {
                v.piece(from, attacks::bishop_attacks(from, f.occupied) & target & line(f.king, from));
            }
            for from in orthogonal & f.pinned {
                v.piece(from, attacks::rook_attacks(from, f.occupied) & target & line(f.king, from));
            }
        }
    }

    /// Pushes, double pushes, captures and promotions of the pawns on
    /// `unpinned`, set-wise.
    #[inline(always)]
    fn pawn_moves<V: Visitor>(&self, f: &Frame, target: Bitboard, unpinned: Bitboard, v: &mut V) {
        let us = f.us;
        let free = self.pieces(us, Role::Pawn) & unpinned;
        if V::SPARSE && free.is_empty() {
            return;
        }
        let up: i8 = us.fold(8, -8);
        let empty = !f.occupied;
        let single = free.forward(us) & empty;
        let double = (single & Rank::Third.relative_to(us).bitboard()).forward(us) & empty & target;
        let single = single & target;
        let capturable = f.theirs & target;
        let sides = [(!crate::types::File::A.bitboard(), up - 1), (!crate::types::File::H.bitboard(), up + 1)];
        if (free & Rank::Seventh.relative_to(us).bitboard()).is_empty() {
            // Most often no pawn can promote: no back-rank masks.
            v.pawn_pushes(single, double, up);
            for (files, step) in sides {
                v.pawn_set(shift(free & files, step) & capturable, step);
            }
            return;
        }
        // Single pushes and double pushes land on different squares.
        v.pawn_pushes(single & !BACK_RANKS, double, up);
        let promotions = single & BACK_RANKS;
        if promotions.any() {
            v.promotion_set(promotions, up);
        }
        // Captures towards the a-file and towards the h-file.
        for (files, step) in sides {
            let to = shift(free & files, step) & capturable;
            v.pawn_set(to & !BACK_RANKS, step);
            if (to & BACK_RANKS).any() {
                v.promotion_set(to & BACK_RANKS, step);
            }
        }
    }

    /// Pinned pawns, one by one, along the pin line (only when not in
    /// check: a pinned piece cannot resolve a check).
    #[inline(always)]
    fn pinned_pawn_moves<V: Visitor>(&self, f: &Frame, t: &Targets, v: &mut V) {
        let us = f.us;
        for from in self.pieces(us, Role::Pawn) & t.from & f.pinned {
            let single = from.bitboard().forward(us) & !f.occupied;
            let double = (single & Rank::Third.relative_to(us).bitboard()).forward(us) & !f.occupied;
            let captures = attacks::pawn_attacks(us, from) & f.theirs;
            v.pawn(from, (single | double | captures) & line(f.king, from) & t.to);
        }
    }

    /// The pawns among `capturers` (ours, beside the en-passant square)
    /// that may capture en passant on `ep`.
    /// Out of line (en passant is rare) and, like
    /// [`Position::legal_castling_rooks`], free of the visitor: one copy,
    /// not one per kind of visitor.
    #[inline(never)]
    fn en_passant_origins<const LEGAL: bool>(
        &self,
        ep: Square,
        king: Square,
        check_mask: Bitboard,
        capturers: Bitboard,
    ) -> Bitboard {
        let us = self.side;
        let them = !us;
        let victim = ep.offset(0, us.fold(-1, 1)).unwrap_or(ep);
        if LEGAL && !check_mask.contains(ep) && !check_mask.contains(victim) {
            return Bitboard::EMPTY;
        }
        let mut origins = Bitboard::EMPTY;
        for from in capturers {
            if LEGAL {
                let after = (self.occupied() ^ from.bitboard() ^ victim.bitboard()) | ep.bitboard();
                if self.slider_attackers(king, them, after).any() {
                    continue;
                }
            }
            origins = origins.with(from);
        }
        origins
    }

    /// [`Position::castling_candidates`] when the king of `us` stands on
    /// e1 (e8) and its castling rights, if any, are on rooks in the
    /// corners: one table look-up by the back rank's occupancy.
    #[inline(always)]
    fn standard_castling_candidates(&self, us: Color, castle_to: Bitboard) -> Bitboard {
        let base = us.fold(0u8, 56);
        let occupancy = (self.occupied().0 >> base) as u8;
        let wanted = corners_for_king_to((castle_to.0 >> base) as u8);
        let rights = (self.castling.0 >> base) as u8;
        Bitboard(u64::from(rights & wanted & FREE_CORNERS[usize::from(occupancy)]) << base)
    }

    /// The castling rooks of the side to move whose castling is wanted
    /// (the king's destination is in `castle_to`) and whose squares are
    /// free: the rook's and king's paths empty but for the two of them.
    #[inline(always)]
    fn castling_candidates(&self, us: Color, king: Square, castle_to: Bitboard) -> Bitboard {
        let base = us.fold(0u8, 56);
        let occupancy = (self.occupied().0 >> base) as u8;
        let wanted = (castle_to.0 >> base) as u8;
        let king_file = king as u8 & 7;
        let rights = (self.castling.0 >> base) as u8;
        if king == Square::E1.relative_to(us) && rights & !CORNER_FILES == 0 {
            // Standard chess (king on e1, rooks in the corners): b-d or f-g
            // must be empty and the king go to c or g. One table look-up
            // by the back rank's occupancy.
            let wanted = corners_for_king_to(wanted);
            return Bitboard(u64::from(rights & wanted & FREE_CORNERS[usize::from(occupancy)]) << base);
        }
        let mut candidates = Bitboard::EMPTY;
        for rook in self.castling & back_rank(us) {
            let rook_file = rook as u8 & 7;
            let must_be_empty = CASTLING_PATHS[usize::from(king_file)][usize::from(rook_file)].must_be_empty;
            let king_to = CastlingSide::of_rook(king, rook).king_to_file() as u8;
            if wanted & 1 << king_to != 0 && must_be_empty & occupancy == 0 {
                candidates = candidates.with(rook);
            }
        }
        candidates
    }

    /// The rooks among `candidates` (see [`Position::castling_candidates`]),
    /// none of them in a corner, whose castling is legal: the king's path is
    /// not attacked ([`Position::castling_path_safe`], which tests the path
    /// with both castling pieces lifted, so that a rook leaving the back
    /// rank cannot hide an attack on it); the side to move is known not to
    /// be in check. `danger` is the king's danger map. Out of line: rare.
    #[inline(never)]
    fn legal_castling_rooks(&self, king: Square, candidates: Bitboard, danger: Bitboard) -> Bitboard {
        let mut rooks = Bitboard::EMPTY;
        for rook in candidates {
            if self.castling_path_safe::<false>(
                !self.side,
                (king, rook),
                king_path(king, rook),
                self.occupied(),
                danger,
            ) {
                rooks = rooks.with(rook);
            }
        }
        rooks
    }

    /// [`Position::generate`] for targets that want no castling
    /// (`t.castle_to` empty: captures, quiet promotions), by the generator
    /// compiled without castling code.
    #[inline(always)]
    pub(crate) fn generate_without_castling<const LEGAL: bool, V: Visitor>(&self, t: &Targets, v: &mut V) {
        debug_assert!(t.castle_to.is_empty(), "castlings wanted: {t:?}");
        match self.side {
            Color::White => {
                self.generate_with::<LEGAL, true, CASTLING_NONE, true, false, V>(self.king(Color::White), t, v);
            }
            Color::Black => {
                self.generate_with::<LEGAL, false, CASTLING_NONE, true, false, V>(self.king(Color::Black), t, v);
            }
        }
    }

    fn collect<const LEGAL: bool>(&self, t: &Targets) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<LEGAL, _>(t, &mut list);
        list
    }

    /// Clears `moves` and fills it with the legal moves, in the same order
    /// as [`Position::legal_moves`]. Returning a list by value copies it
    /// (516 bytes); a loop that keeps one list per ply, as a search or
    /// perft does, saves that copy with this.
    ///
    /// ```
    /// use chess_movegen::{MoveList, Position};
    /// let mut moves = MoveList::new();
    /// Position::startpos().legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate_legal(moves);
    }

    /// Every legal move into `v`, by a generator specialised on what the
    /// position shows of the side to move's castling (as bulk perft's last
    /// ply is on what its parent shows): with no castling right, no
    /// castling code runs; with the king on e1 (e8), rights only on rooks
    /// in the corners and the enemy king on its own half of the board, the
    /// standard castling path (`CASTLING_STANDARD`) runs; otherwise the
    /// general one.
    #[inline(always)]
    fn generate_legal<V: Visitor>(&self, v: &mut V) {
        match self.side {
            Color::White => self.generate_legal_for::<true, V>(v),
            Color::Black => self.generate_legal_for::<false, V>(v),
        }
    }

    #[inline(always)]
    fn generate_legal_for<const WHITE: bool, V: Visitor>(&self, v: &mut V) {
        let us = if WHITE { Color::White } else { Color::Black };
        let king = self.king_square(us);
        let rights = self.castling & back_rank(us);
        // The enemy king on its first four ranks attacks none of our first
        // two: the rule of `CASTLING_STANDARD`, which `perft_2_for` applies
        // to its children, in its own words (written with a shared helper,
        // bulk perft's leaf loop compiled to more instructions: 13.94 /
        // 8.94 → 14.00 / 9.07 per leaf).
        let far = Bitboard(us.fold(0xffff_ffff_0000_0000, 0x0000_0000_ffff_ffff));
        if rights.is_empty() {
            self.generate_with::<true, WHITE, CASTLING_NONE, true, true, V>(king, &Targets::ALL, v);
        } else if king == Square::E1.relative_to(us)
            && (rights & !CORNERS).is_empty()
            && far.contains(self.king_square(!us))
        {
            self.generate_with::<true, WHITE, CASTLING_STANDARD, true, true, V>(king, &Targets::ALL, v);
        } else {
            self.generate_with::<true, WHITE, CASTLING_ANY, true, true, V>(king, &Targets::ALL, v);
        }
    }

    /// Every legal move of the side to move, in check (so no castling):
    /// one body for every castling kind of [`Position::generate_legal`].
    /// Positions in check are few, and their frame is made again here.
    #[inline(never)]
    fn legal_evasions<const WHITE: bool, V: Visitor>(&self, king: Square, v: &mut V) {
        let f = self.frame::<true, WHITE>(king);
        self.generate_from_frame::<true, CASTLING_NONE, true, true, V>(&f, &Targets::ALL, v);
    }

    /// All legal moves.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        moves
    }

    /// The number of legal moves, counted without building a list.
    pub fn legal_move_count(&self) -> usize {
        let mut counter = Counter::default();
        self.generate_legal(&mut counter);
        counter.total()
    }

    /// Bulk perft to depth 2: every legal move is played (bitboards only)
    /// and the replies are counted. The moves are listed first and then
    /// played in one loop, in which the counting generator of the side to
    /// move after them is inlined: no call per move.
    pub(crate) fn perft_2(&self) -> u64 {
        match self.side {
            Color::White => self.perft_2_for::<true>(),
            Color::Black => self.perft_2_for::<false>(),
        }
    }

    #[inline(always)]
    fn perft_2_for<const WHITE: bool>(&self) -> u64 {
        let us = if WHITE { Color::White } else { Color::Black };
        let them = !us;
        // An en-passant capture in a child needs a double step of ours
        // landing beside a pawn of theirs: such moves go to a list of
        // their own, so that the children of the others are counted
        // without en-passant code.
        let fourth = Rank::Fourth.relative_to(us).bitboard();
        let their_pawns = self.pieces(them, Role::Pawn) & fourth;
        let enabling = shift(their_pawns & !crate::types::File::H.bitboard(), 1)
            | shift(their_pawns & !crate::types::File::A.bitboard(), -1);
        let mut moves = MoveList::new();
        let mut double_steps = MoveList::new();
        let mut split = SplitDoubleSteps { us, main: &mut moves, double_steps: &mut double_steps, enabling };
        self.generate_for::<true, WHITE, _>(self.king_square(us), &Targets::ALL, &mut split);
        // The side to move after every move keeps its king where it is,
        // and its castling rights or fewer: what is known of its castling
        // here holds for every child.
        let their_king = self.king_square(them);
        let rights = self.castling & back_rank(them);
        // Our king on our first four ranks attacks, after any move, none
        // of their first two.
        let near = Bitboard(us.fold(0x0000_0000_ffff_ffff, 0xffff_ffff_0000_0000));
        let corners = their_king == Square::E1.relative_to(them) && (rights & !CORNERS).is_empty();
        let standard = corners && near.contains(self.king_square(us));
        // A piece of theirs between their king and a castling rook stays
        // there or is captured, and the square stays occupied: with every
        // standard castling blocked so, none is possible in any child.
        let theirs = self.bb.by_color[them.index()];
        let blocked = corners && rights.into_iter().all(|rook| (between(their_king, rook) & theirs).any());
        let nodes = if rights.is_empty() || blocked {
            self.count_replies::<WHITE, CASTLING_NONE, false>(&moves, their_king)
        } else if standard {
            self.count_replies::<WHITE, CASTLING_STANDARD, false>(&moves, their_king)
        } else {
            self.count_replies::<WHITE, CASTLING_ANY, false>(&moves, their_king)
        };
        // The few double steps: one general loop (any castling, en passant).
        if double_steps.is_empty() {
            nodes
        } else {
            nodes + self.count_replies::<WHITE, CASTLING_ANY, true>(&double_steps, their_king)
        }
    }

    /// The replies to each of `moves` (of the side to move, `WHITE`),
    /// counted; `their_king` is the opponent's king and `CASTLING` what is
    /// known of the opponent's castling in every child; without
    /// `EN_PASSANT` no child has an en-passant capture.
    #[inline(always)]
    fn count_replies<const WHITE: bool, const CASTLING: u8, const EN_PASSANT: bool>(
        &self,
        moves: &MoveList,
        their_king: Square,
    ) -> u64 {
        // With standard castling the king is on e1 (e8): a constant, and
        // with it every table entry its square decides.
        let their_king = if CASTLING == CASTLING_STANDARD {
            Square::E1.relative_to(if WHITE { Color::Black } else { Color::White })
        } else {
            their_king
        };
        // One child serves every move (see `Position::play_for_count`).
        let mut child = self.child_for_count();
        let mut nodes = 0;
        for &mv in moves {
            if CASTLING == CASTLING_NONE {
                self.play_for_count::<false, EN_PASSANT, WHITE>(mv, &mut child);
            } else {
                self.play_for_count::<true, EN_PASSANT, WHITE>(mv, &mut child);
            }
            let mut counter = Counter::default();
            if WHITE {
                child.generate_with::<true, false, CASTLING, EN_PASSANT, false, _>(
                    their_king,
                    &Targets::ALL,
                    &mut counter,
                );
            } else {
                child.generate_with::<true, true, CASTLING, EN_PASSANT, false, _>(
                    their_king,
                    &Targets::ALL,
                    &mut counter,
                );
            }
            nodes += counter.total() as u64;
        }
        nodes
    }

    /// True if the side to move has at least one legal move. The
    /// generator stops at the first of its steps (king, knights, sliders,
    /// pawns, en passant) that finds one.
    pub fn has_legal_moves(&self) -> bool {
        let mut any = AnyMove::default();
        self.generate::<true, _>(&Targets::ALL, &mut any);
        any.found
    }

    /// Legal moves that capture a piece: ordinary captures, capturing
    /// promotions and en passant. With [`Position::legal_non_captures`]
    /// they split the legal moves in two. (An engine's split is different:
    /// [`GenKind::Noisy`](crate::GenKind::Noisy) adds the promotions that capture nothing, and
    /// [`GenKind::Quiet`](crate::GenKind::Quiet) leaves them out; see
    /// [`Position::generate_into`].)
    pub fn legal_captures(&self) -> MoveList {
        let t = Targets {
            to: self.bb.by_color[(!self.side).index()],
            ep_to: Bitboard::FULL,
            castle_to: Bitboard::EMPTY,
            ..Targets::ALL
        };
        self.collect::<true>(&t)
    }

    /// Legal moves that capture nothing: ordinary moves, promotions that
    /// capture nothing, and castling (the complement of
    /// [`Position::legal_captures`]).
    pub fn legal_non_captures(&self) -> MoveList {
        let t = Targets { to: !self.occupied(), ep_to: Bitboard::EMPTY, castle_to: Bitboard::FULL, ..Targets::ALL };
        self.collect::<true>(&t)
    }

    /// Legal moves of the piece on `from` (none if it is not the side to
    /// move's piece). Castling counts as a king move.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.collect::<true>(&Targets::masked(from.bitboard(), Bitboard::FULL))
    }

    /// Legal moves that end on `to`: en passant ends on the en-passant
    /// square, castling on the king's destination.
    pub fn legal_moves_to(&self, to: Square) -> MoveList {
        self.collect::<true>(&Targets::masked(Bitboard::FULL, to.bitboard()))
    }

    /// Legal moves starting on a square of `from` and ending on a square of
    /// `to` (en passant ends on the en-passant square, castling on the
    /// king's destination). `legal_moves_masked(pos.pieces(c, Role::Knight), Bitboard::FULL)`
    /// gives the knight moves, for example.
    pub fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList {
        self.collect::<true>(&Targets::masked(from, to))
    }

    /// Pseudo-legal moves: like [`Position::legal_moves`], but including
    /// moves that leave the mover's own king attacked (by ignoring pins and
    /// checks). Castling is only generated when fully legal. Engines that
    /// test legality late use this with [`Position::is_legal`].
    pub fn pseudo_legal_moves(&self) -> MoveList {
        self.collect::<false>(&Targets::ALL)
    }

    fn contains<const LEGAL: bool>(&self, mv: Move) -> bool {
        let mut finder = Finder { wanted: mv, found: false };
        let t = if mv.is_castle() {
            Targets::masked(mv.from().bitboard(), mv.destination().bitboard())
        } else {
            Targets::masked(mv.from().bitboard(), mv.to().bitboard())
        };
        self.generate::<LEGAL, _>(&t, &mut finder);
        finder.found
    }

    /// True if `mv` is legal here. Any `Move` value may be asked about,
    /// including ones built from untrusted input.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_legal(Move::new(Square::E2, Square::E4)));
    /// assert!(!pos.is_legal(Move::new(Square::E2, Square::E5)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.contains::<true>(mv)
    }

    /// True if `mv` is pseudo-legal here (see [`Position::pseudo_legal_moves`]).
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        self.contains::<false>(mv)
    }
}
