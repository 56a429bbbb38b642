//! The index of a position inside one table: the square maps of the Syzygy
//! format, computed at compile time, and the encoder that turns the
//! squares of a position (in the table's piece order) into an index.
//!
//! Squares are `0..64` (a1 = 0, h8 = 63). The format removes the board's
//! symmetries before counting: pawnless tables put the first piece in the
//! a1-d1-d4 triangle (mirroring files, ranks and the a1-h8 diagonal);
//! tables with pawns mirror files so the leading pawn is on files a-d and
//! keep one sub-table per file of that pawn.

/// `C(n, k)` for `k < 8`, `n < 64`: `BINOMIAL[k][n]`.
pub(crate) const BINOMIAL: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut n = 0;
    while n < 64 {
        t[0][n] = 1;
        let mut k = 1;
        while k < 8 {
            t[k][n] = if n == 0 { 0 } else { t[k - 1][n - 1] + t[k][n - 1] };
            k += 1;
        }
        n += 1;
    }
    t
};

const fn file_of(sq: usize) -> usize {
    sq & 7
}

const fn rank_of(sq: usize) -> usize {
    sq >> 3
}

/// Rank minus file: negative below the a1-h8 diagonal, 0 on it.
pub(crate) const fn off_diagonal(sq: usize) -> i32 {
    rank_of(sq) as i32 - file_of(sq) as i32
}

/// The square mirrored in the a1-h8 diagonal.
const fn flip_diagonal(sq: usize) -> usize {
    ((sq >> 3) | (sq << 3)) & 63
}

/// The ten squares of the a1-d1-d4 triangle numbered: the six below the
/// diagonal first (b1, c1, d1, c2, d2, d3), then a1, b2, c3, d4.
const TRIANGLE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 64 {
        if file_of(sq) < 4 && rank_of(sq) < 4 && off_diagonal(sq) < 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    let mut d = 0;
    while d < 4 {
        t[d * 9] = code;
        code += 1;
        d += 1;
    }
    t
};

/// The 28 squares below the a1-h8 diagonal numbered in square order.
const LOWER: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 64 {
        if off_diagonal(sq) < 0 {
            t[sq] = code;
            code += 1;
        }
        sq += 1;
    }
    t
};

const fn king_adjacent(a: usize, b: usize) -> bool {
    let df = file_of(a) as i32 - file_of(b) as i32;
    let dr = rank_of(a) as i32 - rank_of(b) as i32;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// The 462 placements of two kings, the first in the a1-d1-d4 triangle
/// (indexed by its `TRIANGLE` number) and not above the diagonal when the
/// first is on it; both on the diagonal come last. `-1`: not a placement.
const KK_INDEX: [[i16; 64]; 10] = {
    let mut t = [[-1i16; 64]; 10];
    let mut tri_square = [0usize; 10];
    let mut sq = 0;
    while sq < 64 {
        if file_of(sq) < 4 && rank_of(sq) < 4 && off_diagonal(sq) <= 0 {
            tri_square[TRIANGLE[sq] as usize] = sq;
        }
        sq += 1;
    }
    let mut code: i16 = 0;
    let mut i = 0;
    while i < 10 {
        let s1 = tri_square[i];
        let mut s2 = 0;
        while s2 < 64 {
            let on = off_diagonal(s1) == 0;
            if !king_adjacent(s1, s2) && !(on && off_diagonal(s2) >= 0) {
                t[i][s2] = code;
                code += 1;
            }
            s2 += 1;
        }
        i += 1;
    }
    // Both kings on the diagonal.
    let mut i = 0;
    while i < 10 {
        let s1 = tri_square[i];
        if off_diagonal(s1) == 0 {
            let mut s2 = 0;
            while s2 < 64 {
                if !king_adjacent(s1, s2) && off_diagonal(s2) == 0 {
                    t[i][s2] = code;
                    code += 1;
                }
                s2 += 1;
            }
        }
        i += 1;
    }
    t
};

/// Pawn squares a2-h7 numbered 47 down to 0 so that the highest number is
/// nearest the a- or h-file and, on one file, lowest in rank: the leading
/// pawn is the one with the highest number.
pub(crate) const PAWN_TWIST: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut avail = 47u8;
    let mut f = 0;
    while f < 4 {
        let mut r = 1;
        while r < 7 {
            t[r * 8 + f] = avail;
            t[r * 8 + 7 - f] = avail - 1;
            avail = avail.wrapping_sub(2);
            r += 1;
        }
        f += 1;
    }
    t
};

/// The file of the leading pawn (files e-h mirrored to d-a) times 6 plus
/// its rank minus 1: the order of leading-pawn squares within a file.
const FLAP: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 8;
    while sq < 56 {
        let f = file_of(sq);
        let ef = if f < 4 { f } else { 7 - f };
        t[sq] = (ef * 6 + rank_of(sq) - 1) as u8;
        sq += 1;
    }
    t
};

/// Both pawn tables, from one walk over the leading pawn's squares of each
/// file: `.0` is [`PAWN_INDEX`], `.1` is [`PAWN_FACTOR`].
const PAWN_TABLES: ([[u64; 24]; 6], [[u64; 4]; 6]) = {
    let mut index = [[0u64; 24]; 6];
    let mut factor = [[0u64; 4]; 6];
    let mut k = 0;
    while k < 6 {
        let mut f = 0;
        while f < 4 {
            let mut s = 0;
            let mut r = 1;
            while r < 7 {
                let sq = r * 8 + f;
                index[k][FLAP[sq] as usize] = s;
                s += BINOMIAL[k][PAWN_TWIST[sq] as usize];
                r += 1;
            }
            factor[k][f] = s;
            f += 1;
        }
        k += 1;
    }
    (index, factor)
};

/// `PAWN_INDEX[k - 1][FLAP[sq]]`: where the placements of `k` leading pawns
/// with the first on `sq` start within the sub-table of its file.
const PAWN_INDEX: [[u64; 24]; 6] = PAWN_TABLES.0;

/// `PAWN_FACTOR[k - 1][file]`: how many placements of `k` leading pawns a
/// file's sub-table has.
pub(crate) const PAWN_FACTOR: [[u64; 4]; 6] = PAWN_TABLES.1;

/// The most pieces of a table the crate reads.
pub(crate) const MAX_PIECES: usize = 7;

/// How one sub-table numbers its positions (read from the table's header).
#[derive(Clone, Debug, Default)]
pub(crate) struct EncInfo {
    /// Piece codes in encoding order (`1..=6` white pawn..king, `9..=14`
    /// black), relative to the table's own colors.
    pub pieces: [u8; MAX_PIECES],
    /// At the first square of each group, the group's size; 0 elsewhere.
    pub norm: [u8; MAX_PIECES],
    /// At the first square of each group, its multiplier in the index.
    pub factor: [u64; MAX_PIECES],
    /// Number of positions of the sub-table.
    pub size: u64,
}

/// The layout of a table: what the encoder needs besides the header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Number of pieces.
    pub num: usize,
    /// Tables with pawns: leading pawns and the other color's pawns.
    pub pawns: [u8; 2],
    /// Pawnless: only the two kings are unique, so they lead (462 placements).
    pub kk: bool,
    /// Whether the table has pawns.
    pub has_pawns: bool,
}

impl Layout {
    /// Size of the leading group: leading pawns, the kings or three unique pieces.
    pub fn lead(&self) -> usize {
        if self.has_pawns {
            self.pawns[0] as usize
        } else if self.kk {
            2
        } else {
            3
        }
    }
}

/// Why a header's encoding bytes cannot describe the table.
pub(crate) type EncError = &'static str;

/// Reads one side's encoding information: `pieces` as stored (already
/// shifted to the side's nibble), the group order nibbles and the file of
/// the leading pawn (0 for pawnless tables).
pub(crate) fn enc_info(
    layout: &Layout,
    pieces: [u8; MAX_PIECES],
    order: u8,
    order2: u8,
    file: usize,
) -> Result<EncInfo, EncError> {
    let n = layout.num;
    let mut ei = EncInfo { pieces, ..EncInfo::default() };
    let more_pawns = layout.has_pawns && layout.pawns[1] > 0;
    let lead = layout.lead();
    ei.norm[0] = lead as u8;
    let mut k = lead;
    if more_pawns {
        ei.norm[k] = layout.pawns[1];
        k += layout.pawns[1] as usize;
    }
    let mut i = k;
    while i < n {
        let mut j = i;
        while j < n && ei.pieces[j] == ei.pieces[i] {
            j += 1;
        }
        ei.norm[i] = (j - i) as u8;
        i = j;
    }
    let mut free = 64 - k;
    let mut f: u64 = 1;
    let mut i = 0u8;
    while k < n || i == order || i == order2 {
        if i > 15 {
            return Err("group order out of range");
        }
        if i == order {
            ei.factor[0] = f;
            let m = if layout.has_pawns {
                PAWN_FACTOR[lead - 1][file]
            } else if layout.kk {
                462
            } else {
                31332
            };
            f = f.checked_mul(m).ok_or("index overflow")?;
        } else if i == order2 {
            ei.factor[lead] = f;
            let np = layout.pawns[1] as usize;
            f = f.checked_mul(BINOMIAL[np][48 - lead]).ok_or("index overflow")?;
        } else {
            if k >= n {
                return Err("group order names a missing group");
            }
            ei.factor[k] = f;
            let g = ei.norm[k] as usize;
            f = f.checked_mul(BINOMIAL[g][free]).ok_or("index overflow")?;
            free -= g;
            k += g;
        }
        i += 1;
    }
    ei.size = f;
    Ok(ei)
}

/// Whether a table with pawns keeps the file of this leading pawn (after
/// choosing it among `squares[..count]`) and which one: moves the leading
/// pawn to `squares[0]` and returns its file mirrored to `0..4`.
pub(crate) fn leading_pawn(squares: &mut [u8], count: usize) -> usize {
    for i in 1..count {
        if FLAP[squares[i] as usize] < FLAP[squares[0] as usize] {
            squares.swap(0, i);
        }
    }
    let f = file_of(squares[0] as usize);
    if f < 4 {
        f
    } else {
        7 - f
    }
}

/// The index of the position with pieces on `p` (in the order of
/// `ei.pieces`; for pawn tables the leading pawn already first, see
/// [`leading_pawn`]). Reorders `p`.
#[inline]
pub(crate) fn encode(p: &mut [u8; MAX_PIECES], ei: &EncInfo, layout: &Layout) -> u64 {
    let n = layout.num;
    // Mirror left to right so that the first piece is on files a-d.
    if p[0] & 4 != 0 {
        for s in p.iter_mut().take(n) {
            *s ^= 7;
        }
    }
    let (mut idx, mut k) =
        if layout.has_pawns { pawn_lead_index(p, ei, layout) } else { pawnless_lead_index(p, ei, layout) };
    while k < n {
        let t = k + ei.norm[k] as usize;
        idx = idx.wrapping_add(group_index(p, k, t, 0).wrapping_mul(ei.factor[k]));
        k = t;
    }
    idx
}

/// The index of the leading pieces of a pawnless table (the two kings, or
/// three unique pieces), times their factor, after the board is turned
/// so that they lie in the a1-d1-d4 triangle; and how many they are.
#[inline]
fn pawnless_lead_index(p: &mut [u8; MAX_PIECES], ei: &EncInfo, layout: &Layout) -> (u64, usize) {
    let n = layout.num;
    // Mirror top to bottom so that the first piece is on ranks 1-4.
    if p[0] & 0x20 != 0 {
        for s in p.iter_mut().take(n) {
            *s ^= 0x38;
        }
    }
    // Mirror along the a1-h8 diagonal if the first leading piece off it
    // is above it.
    let lead = layout.lead();
    for i in 0..n {
        let d = off_diagonal(p[i] as usize);
        if d != 0 {
            if d > 0 && i < lead {
                for s in p.iter_mut().take(n) {
                    *s = flip_diagonal(*s as usize) as u8;
                }
            }
            break;
        }
    }
    let (p0, p1) = (p[0] as usize, p[1] as usize);
    if layout.kk {
        // -1 (no such placement) wraps to an index past the table's end,
        // which the caller refuses.
        let idx = KK_INDEX[TRIANGLE[p0] as usize][p1] as u64;
        return (idx.wrapping_mul(ei.factor[0]), 2);
    }
    let p2 = p[2] as usize;
    let s1 = (p1 > p0) as usize;
    let s2 = (p2 > p0) as usize + (p2 > p1) as usize;
    let idx = if off_diagonal(p0) != 0 {
        TRIANGLE[p0] as usize * 63 * 62 + (p1 - s1) * 62 + (p2 - s2)
    } else if off_diagonal(p1) != 0 {
        6 * 63 * 62 + rank_of(p0) * 28 * 62 + LOWER[p1] as usize * 62 + p2 - s2
    } else if off_diagonal(p2) != 0 {
        6 * 63 * 62 + 4 * 28 * 62 + rank_of(p0) * 7 * 28 + (rank_of(p1) - s1) * 28 + LOWER[p2] as usize
    } else {
        6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + rank_of(p0) * 7 * 6 + (rank_of(p1) - s1) * 6 + (rank_of(p2) - s2)
    } as u64;
    (idx.wrapping_mul(ei.factor[0]), 3)
}

/// The index of the pawns of a pawn table (the leading pawns, then the
/// other side's pawns), each group times its factor; and how many they
/// are.
#[inline]
fn pawn_lead_index(p: &mut [u8; MAX_PIECES], ei: &EncInfo, layout: &Layout) -> (u64, usize) {
    let lead = layout.pawns[0] as usize;
    // The other leading pawns, highest twist number first.
    insertion_sort(&mut p[1..lead], |a, b| PAWN_TWIST[a as usize] > PAWN_TWIST[b as usize]);
    let mut idx = PAWN_INDEX[lead - 1][FLAP[p[0] as usize] as usize];
    for i in 1..lead {
        idx = idx.wrapping_add(BINOMIAL[lead - i][PAWN_TWIST[p[i] as usize] as usize]);
    }
    idx = idx.wrapping_mul(ei.factor[0]);
    let other = layout.pawns[1] as usize;
    if other == 0 {
        return (idx, lead);
    }
    let t = lead + other;
    // Pawns stand on 48 squares: ranks 2-7, counted from a2.
    idx = idx.wrapping_add(group_index(p, lead, t, 8).wrapping_mul(ei.factor[lead]));
    (idx, t)
}

/// The rank of the set of squares `p[k..t]` (pieces of one kind, sorted
/// here) among the sets of as many squares not taken by `p[..k]`, the
/// squares counted from `first`.
#[inline]
fn group_index(p: &mut [u8; MAX_PIECES], k: usize, t: usize, first: usize) -> u64 {
    insertion_sort(&mut p[k..t], |a, b| a < b);
    let mut s = 0;
    for i in k..t {
        let sq = p[i] as usize;
        let skips = p[..k].iter().filter(|&&q| (q as usize) < sq).count();
        s += BINOMIAL[i - k + 1][sq - skips - first];
    }
    s
}

/// Sorts a few squares (at most 7) so that `before(a, b)` holds for
/// neighbours: cheaper than a library sort call on such short slices.
#[inline]
fn insertion_sort(v: &mut [u8], before: impl Fn(u8, u8) -> bool) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && before(x, v[j - 1]) {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_maps_have_the_published_sizes() {
        // 462 king placements, the last one numbered 461.
        let max = KK_INDEX.iter().flatten().copied().max().unwrap();
        assert_eq!(max, 461);
        assert_eq!(KK_INDEX.iter().flatten().filter(|&&v| v >= 0).count(), 462);
        assert_eq!(TRIANGLE[1], 0);
        assert_eq!(TRIANGLE[0], 6);
        assert_eq!(TRIANGLE[27], 9);
        assert_eq!(LOWER[63 - 7 - 1], 27);
        // a2 leads (47), then h2, a3, h3...
        assert_eq!(PAWN_TWIST[8], 47);
        assert_eq!(PAWN_TWIST[15], 46);
        assert_eq!(PAWN_TWIST[16], 45);
        assert_eq!(PAWN_TWIST[11], 11);
        assert_eq!(PAWN_TWIST[12], 10);
        assert_eq!(PAWN_TWIST[52], 0);
        // One leading pawn: six squares per file.
        assert_eq!(PAWN_FACTOR[0], [6, 6, 6, 6]);
        assert_eq!(BINOMIAL[2][5], 10);
        assert_eq!(BINOMIAL[0][0], 1);
    }
}
