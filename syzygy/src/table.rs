//! One table file: its header, read once, and the decompression of the
//! value at an index.
//!
//! A file starts with a magic number and a flags byte, then per sub-table
//! (one per side to move in split WDL tables, one per file of the leading
//! pawn in tables with pawns) the piece order and group order, then each
//! sub-table's Huffman and pair-substitution data, the DTZ value maps, the
//! sparse block index, the block lengths and the compressed blocks.
//! Every field read from the file is checked before it is used: a file that
//! does not follow the format gives [`ProbeError::Corrupt`] with the byte
//! offset, never a panic, an endless loop or a huge allocation.

use std::path::{Path, PathBuf};

use chess_movegen::{Color, Role};

use crate::board::Board;
use crate::encoding::{enc_info, encode, leading_pawn, EncInfo, Layout, MAX_PIECES};
use crate::material::Material;
use crate::source::{slice, FileAccess, Source};
use crate::ProbeError;

/// Kind of table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Wdl,
    Dtz,
}

impl Kind {
    pub(crate) fn suffix(self) -> &'static str {
        match self {
            Kind::Wdl => "rtbw",
            Kind::Dtz => "rtbz",
        }
    }

    fn magic(self) -> [u8; 4] {
        match self {
            Kind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            Kind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

/// Longest Huffman code the decoder accepts (it refills 32 bits at a time).
const MAX_CODE_LEN: u8 = 32;
/// Symbols of one sub-table (12-bit symbol numbers).
const MAX_SYMBOLS: usize = 4095;
/// Longest run of values one symbol may stand for.
const MAX_SYMBOL_RUN: u32 = 1 << 16;
/// Steps the block search may take from a sparse index entry.
const MAX_BLOCK_STEPS: u32 = 1 << 20;

/// The compressed data of one sub-table.
#[derive(Debug)]
struct Pairs {
    /// A sub-table where every position has one value.
    single: Option<u16>,
    /// log2 of the block size in bytes.
    block_log: u8,
    /// log2 of the positions between two sparse index entries.
    idx_bits: u8,
    num_indices: u64,
    /// Block lengths stored (real blocks plus padding).
    num_blocks: u64,
    real_blocks: u64,
    min_len: u8,
    /// Lowest symbol of each code length (from `min_len`).
    lowest: [u16; 33],
    /// Canonical Huffman bases, left-aligned to 64 bits; 0 from the
    /// longest length on, so the length search stops there.
    base: [u64; 33],
    /// Pair substitution: a symbol's two halves, or a leaf value.
    pairs: Vec<(u16, u16)>,
    /// Values a symbol stands for, minus one.
    sym_len: Vec<u32>,
    /// Codes by their first byte, where it decides them: the symbol's
    /// number of values in bits 16..32, the symbol in bits 4..16, the
    /// code's length in bits 0..4. Where the first byte does not decide:
    /// bits 0..4 are 0, bits 4..10 the shortest length it allows (minus
    /// `min_len`), where the length search starts.
    fast: [u32; 256],
    /// The codes that lie whole within a first byte, together: their
    /// values in total in bits 8..32, their bits in bits 0..8 (0: none).
    /// Decoding skips them in one step when the value sought is past them.
    whole: [u32; 256],
    index_offset: u64,
    sizes_offset: u64,
    data_offset: u64,
    /// Where this sub-table's header starts (for error messages).
    header_offset: u64,
}

/// DTZ value maps of one file of the leading pawn.
#[derive(Debug, Default)]
struct DtzMap {
    /// Indexed by [`WDL_TO_MAP`]: win, loss, cursed win, blessed loss.
    maps: [Vec<u16>; 4],
}

#[derive(Debug)]
struct SubTable {
    ei: EncInfo,
    pairs: Pairs,
    /// The kinds of piece in encoding order after the leading pawns, one
    /// per group: whether black's in the table's colors, the role, and
    /// where the group starts.
    groups: [(bool, Role, u8); MAX_PIECES],
    num_groups: usize,
}

impl SubTable {
    fn new(ei: EncInfo, pairs: Pairs, layout: &Layout) -> SubTable {
        let mut groups = [(false, Role::Pawn, 0); MAX_PIECES];
        let mut num_groups = 0;
        let mut i = if layout.has_pawns { layout.pawns[0] as usize } else { 0 };
        while i < layout.num {
            let code = ei.pieces[i];
            // The format's piece codes: 1 pawn .. 6 king, plus 8 for black.
            let role = Role::ALL[((code & 7).clamp(1, 6) - 1) as usize];
            groups[num_groups] = (code & 8 != 0, role, i as u8);
            num_groups += 1;
            // Pieces of one kind are consecutive in the order.
            while i < layout.num && ei.pieces[i] == code {
                i += 1;
            }
        }
        SubTable { ei, pairs, groups, num_groups }
    }
}

/// A table file, parsed.
#[derive(Debug)]
pub(crate) struct Table {
    path: PathBuf,
    source: Source,
    layout: Layout,
    kind: Kind,
    /// The material of the table's white and black.
    material: Material,
    symmetric: bool,
    /// `subs[file * sides + side]`.
    subs: Vec<SubTable>,
    sides: usize,
    /// DTZ: flags per file (bit 0: black to move stored; 2: mapped; 4/8:
    /// win/loss values in plies; 16: 16-bit map).
    dtz_flags: [u8; 4],
    dtz_maps: Vec<DtzMap>,
}

/// `WDL + 2` to the DTZ map stored for it.
const WDL_TO_MAP: [usize; 5] = [1, 3, 0, 2, 0];
/// `WDL + 2` to the flag that says DTZ is stored in plies.
const PLY_FLAG: [u8; 5] = [8, 0, 0, 0, 4];

/// A reader of the header with bounds and error offsets.
struct Cursor<'a> {
    source: &'a Source,
    path: &'a Path,
    pos: u64,
}

impl Cursor<'_> {
    fn corrupt(&self, what: &'static str) -> ProbeError {
        ProbeError::Corrupt { path: self.path.to_path_buf(), offset: self.pos, what }
    }

    fn bytes<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], ProbeError> {
        let mut b = [0u8; N];
        match self.source.read_at(self.pos, &mut b) {
            Ok(true) => {
                self.pos += N as u64;
                Ok(b)
            }
            Ok(false) => Err(self.corrupt(what)),
            Err(e) => Err(ProbeError::io(self.path, &e)),
        }
    }

    fn u8(&mut self, what: &'static str) -> Result<u8, ProbeError> {
        Ok(self.bytes::<1>(what)?[0])
    }

    fn u16(&mut self, what: &'static str) -> Result<u16, ProbeError> {
        Ok(u16::from_le_bytes(self.bytes::<2>(what)?))
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, ProbeError> {
        Ok(u32::from_le_bytes(self.bytes::<4>(what)?))
    }

    fn vec(&mut self, len: u64, what: &'static str) -> Result<Vec<u8>, ProbeError> {
        // The length is checked against the file before anything is allocated.
        match self.pos.checked_add(len) {
            Some(end) if end <= self.source.len() => {}
            _ => return Err(self.corrupt(what)),
        }
        let mut v = vec![0u8; len as usize];
        match self.source.read_at(self.pos, &mut v) {
            Ok(true) => {
                self.pos += len;
                Ok(v)
            }
            Ok(false) => Err(self.corrupt(what)),
            Err(e) => Err(ProbeError::io(self.path, &e)),
        }
    }

    fn align(&mut self, to: u64) {
        self.pos = self.pos.div_ceil(to) * to;
    }

    fn skip(&mut self, len: u64, what: &'static str) -> Result<(), ProbeError> {
        match self.pos.checked_add(len) {
            Some(end) if end <= self.source.len() => {
                self.pos = end;
                Ok(())
            }
            _ => Err(self.corrupt(what)),
        }
    }
}

/// Sizes of a sub-table's index, block lengths and blocks, in bytes.
struct Sizes {
    index: u64,
    lengths: u64,
    blocks: u64,
}

/// Reads one sub-table's compression header: its flags, then either its
/// single value or its block layout, Huffman code and symbol pairs; with
/// the sizes of its index, block lengths and blocks (`tb_size`: the
/// positions it holds).
fn read_pairs(cur: &mut Cursor<'_>, tb_size: u64, kind: Kind) -> Result<(Pairs, u8, Sizes), ProbeError> {
    let mut p = Pairs::empty(cur.pos);
    let flags = cur.u8("sub-table flags cut short")?;
    if flags & 0x80 != 0 {
        let v = cur.u8("single value cut short")?;
        p.single = Some(if kind == Kind::Wdl { v as u16 } else { 0 });
        return Ok((p, flags, Sizes { index: 0, lengths: 0, blocks: 0 }));
    }
    p.block_log = cur.u8("block size cut short")?;
    p.idx_bits = cur.u8("index span cut short")?;
    if p.block_log > 30 {
        return Err(cur.corrupt("block size above 2^30 bytes"));
    }
    if p.idx_bits == 0 || p.idx_bits > 62 {
        return Err(cur.corrupt("index span out of range"));
    }
    let padding = cur.u8("block padding cut short")? as u64;
    p.real_blocks = cur.u32("block count cut short")? as u64;
    p.num_blocks = p.real_blocks + padding;
    read_code(cur, &mut p)?;
    read_symbols(cur, &mut p)?;
    p.fast = fast_codes(&p);
    p.whole = whole_codes(&p);
    p.num_indices = tb_size.div_ceil(1u64 << p.idx_bits);
    let sizes = Sizes { index: 6 * p.num_indices, lengths: 2 * p.num_blocks, blocks: p.real_blocks << p.block_log };
    Ok((p, flags, sizes))
}

/// Reads the canonical Huffman code: the code lengths and the lowest
/// symbol of each, from which the bases of each length follow.
fn read_code(cur: &mut Cursor<'_>, p: &mut Pairs) -> Result<(), ProbeError> {
    let max_len = cur.u8("longest code length cut short")?;
    p.min_len = cur.u8("shortest code length cut short")?;
    if p.min_len == 0 || p.min_len > max_len || max_len > MAX_CODE_LEN {
        return Err(cur.corrupt("code lengths out of range"));
    }
    let h = (max_len - p.min_len + 1) as usize;
    let raw = cur.vec(2 * h as u64, "lowest symbols cut short")?;
    for (l, c) in p.lowest.iter_mut().zip(raw.chunks_exact(2)) {
        *l = u16::from_le_bytes([c[0], c[1]]);
    }
    // The base of each length, from the longest up.
    let mut base = [0u64; 33];
    for i in (0..h - 1).rev() {
        base[i] = base[i + 1].wrapping_add(p.lowest[i] as u64).wrapping_sub(p.lowest[i + 1] as u64) / 2;
    }
    for (i, b) in base.iter_mut().enumerate().take(h) {
        *b <<= 64 - (p.min_len as u32 + i as u32);
    }
    p.base = base;
    Ok(())
}

/// Reads the symbol pairs (12 bits each half) and works out how many
/// values each symbol stands for.
fn read_symbols(cur: &mut Cursor<'_>, p: &mut Pairs) -> Result<(), ProbeError> {
    let num_syms = cur.u16("symbol count cut short")? as usize;
    if num_syms > MAX_SYMBOLS {
        return Err(cur.corrupt("more than 4095 symbols"));
    }
    let pairs_at = cur.pos;
    let raw = cur.vec(3 * num_syms as u64, "symbol pairs cut short")?;
    p.pairs = raw
        .chunks_exact(3)
        .map(|w| (((w[1] as u16 & 0xf) << 8) | w[0] as u16, ((w[2] as u16) << 4) | (w[1] as u16 >> 4)))
        .collect();
    if num_syms & 1 == 1 {
        cur.skip(1, "symbol padding cut short")?;
    }
    p.sym_len = symbol_lengths(&p.pairs).map_err(|(sym, what)| ProbeError::Corrupt {
        path: cur.path.to_path_buf(),
        offset: pairs_at + 3 * sym as u64,
        what,
    })?;
    Ok(())
}

impl Pairs {
    /// Nothing read yet of the sub-table whose header starts at
    /// `header_offset`.
    fn empty(header_offset: u64) -> Pairs {
        Pairs {
            single: None,
            block_log: 0,
            idx_bits: 0,
            num_indices: 0,
            num_blocks: 0,
            real_blocks: 0,
            min_len: 0,
            lowest: [0; 33],
            base: [0; 33],
            pairs: Vec::new(),
            sym_len: Vec::new(),
            fast: [0; 256],
            whole: [0; 256],
            index_offset: 0,
            sizes_offset: 0,
            data_offset: 0,
            header_offset,
        }
    }
}

/// How many values each symbol stands for (minus one), checking that the
/// pair tree has no cycle and no symbol out of range, so that expanding a
/// symbol always ends.
fn symbol_lengths(pairs: &[(u16, u16)]) -> Result<Vec<u32>, (usize, &'static str)> {
    const TODO: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = pairs.len();
    let mut len = vec![0u32; n];
    let mut state = vec![TODO; n];
    let mut stack: Vec<usize> = Vec::new();
    for root in 0..n {
        if state[root] == DONE {
            continue;
        }
        stack.push(root);
        while let Some(&s) = stack.last() {
            let (l, r) = pairs[s];
            if r == 0xfff {
                len[s] = 0;
                state[s] = DONE;
                stack.pop();
                continue;
            }
            let (l, r) = (l as usize, r as usize);
            if l >= n || r >= n {
                return Err((s, "symbol pair names a missing symbol"));
            }
            if state[s] == TODO {
                state[s] = OPEN;
                for c in [l, r] {
                    match state[c] {
                        TODO => stack.push(c),
                        OPEN => return Err((s, "symbol pairs form a cycle")),
                        _ => {}
                    }
                }
            } else {
                let total = len[l] + len[r] + 1;
                if total >= MAX_SYMBOL_RUN {
                    return Err((s, "symbol stands for too many values"));
                }
                len[s] = total;
                state[s] = DONE;
                stack.pop();
            }
        }
    }
    Ok(len)
}

/// What the start of a table file and its name say about its layout.
struct Header {
    layout: Layout,
    symmetric: bool,
    /// Sub-tables per file of the leading pawn: 2 for a WDL table split by
    /// side to move, else 1.
    sides: usize,
    /// Files of the leading pawn with their own sub-tables: 4 with pawns,
    /// else 1.
    files: usize,
    /// Whether the leading pawns are black's in the table's colors.
    lead_black: bool,
}

/// Reads the magic number and the flags byte and checks them against the
/// file name.
fn read_header(cur: &mut Cursor<'_>, material: Material, kind: Kind) -> Result<Header, ProbeError> {
    if cur.bytes::<4>("file shorter than its magic number")? != kind.magic() {
        cur.pos = 0;
        return Err(cur.corrupt("wrong magic number"));
    }
    let flags = cur.u8("header flags cut short")?;
    let num = material.total();
    let has_pawns = material.has_pawns();
    let symmetric = material == material.swapped();
    if !(3..=MAX_PIECES).contains(&num) {
        return Err(cur.corrupt("table has too many or too few pieces"));
    }
    if (flags & 2 != 0) != has_pawns {
        cur.pos -= 1;
        return Err(cur.corrupt("pawn flag disagrees with the file name"));
    }
    let split = kind == Kind::Wdl && flags & 1 != 0;
    if kind == Kind::Wdl && split == symmetric {
        cur.pos -= 1;
        return Err(cur.corrupt("side split flag disagrees with the file name"));
    }
    let (wp, bp) = (material.count(0, 0) as u8, material.count(1, 0) as u8);
    // The leading pawns are those of the side with fewer (but some) pawns,
    // white on a tie.
    let (lead_black, pawns) = if bp > 0 && (wp == 0 || wp > bp) { (true, [bp, wp]) } else { (false, [wp, bp]) };
    let unique = (0..2).flat_map(|c| (0..6).map(move |r| (c, r))).filter(|&(c, r)| material.count(c, r) == 1).count();
    Ok(Header {
        layout: Layout { num, pawns, kk: unique == 2, has_pawns },
        symmetric,
        sides: if split { 2 } else { 1 },
        files: if has_pawns { 4 } else { 1 },
        lead_black,
    })
}

/// Reads the piece and group orders of every sub-table, `files × sides`
/// of them, and checks them against the file name.
fn read_piece_orders(cur: &mut Cursor<'_>, header: &Header, material: Material) -> Result<Vec<EncInfo>, ProbeError> {
    let layout = &header.layout;
    let num = layout.num;
    let more_pawns = layout.has_pawns && layout.pawns[1] > 0;
    let mut eis: Vec<EncInfo> = Vec::with_capacity(header.files * header.sides);
    let path = cur.path;
    for file in 0..header.files {
        let at = cur.pos;
        let corrupt = |what| ProbeError::Corrupt { path: path.to_path_buf(), offset: at, what };
        let order_byte = cur.u8("group order cut short")?;
        let order2_byte = if more_pawns { cur.u8("pawn group order cut short")? } else { 0xff };
        let mut raw = [0u8; MAX_PIECES];
        for r in raw.iter_mut().take(num) {
            *r = cur.u8("piece order cut short")?;
        }
        // The low nibbles are the first side's, the high ones the second's.
        for side in 0..header.sides {
            let shift = 4 * side;
            let mut pieces = [0u8; MAX_PIECES];
            for i in 0..num {
                pieces[i] = (raw[i] >> shift) & 15;
            }
            check_pieces(&pieces[..num], material, layout, header.lead_black).map_err(corrupt)?;
            let order2 = if more_pawns { (order2_byte >> shift) & 15 } else { 15 };
            let ei = enc_info(layout, pieces, (order_byte >> shift) & 15, order2, file).map_err(corrupt)?;
            eis.push(ei);
        }
    }
    Ok(eis)
}

/// Reads the DTZ value maps, one set per file of the leading pawn, where
/// its flags say it has one.
fn read_dtz_maps(cur: &mut Cursor<'_>, flags: &[u8]) -> Result<Vec<DtzMap>, ProbeError> {
    let mut dtz_maps = Vec::with_capacity(flags.len());
    for &flags in flags {
        let mut map = DtzMap::default();
        if flags & 2 != 0 {
            if flags & 16 == 0 {
                for m in map.maps.iter_mut() {
                    let n = cur.u8("DTZ map length cut short")? as u64;
                    *m = cur.vec(n, "DTZ map cut short")?.into_iter().map(u16::from).collect();
                }
            } else {
                cur.align(2);
                for m in map.maps.iter_mut() {
                    let n = cur.u16("DTZ map length cut short")? as u64;
                    let raw = cur.vec(2 * n, "DTZ map cut short")?;
                    *m = raw.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
                }
            }
        }
        dtz_maps.push(map);
    }
    cur.align(2);
    Ok(dtz_maps)
}

/// Places each sub-table's sparse index, block lengths and blocks (in
/// that order, each kind for all sub-tables together), checking that they
/// lie inside the file.
fn locate_data(cur: &mut Cursor<'_>, subs: &mut [SubTable], sizes: &[Sizes]) -> Result<(), ProbeError> {
    for (sub, size) in subs.iter_mut().zip(sizes) {
        sub.pairs.index_offset = cur.pos;
        cur.skip(size.index, "sparse index cut short")?;
    }
    for (sub, size) in subs.iter_mut().zip(sizes) {
        sub.pairs.sizes_offset = cur.pos;
        cur.skip(size.lengths, "block lengths cut short")?;
    }
    for (sub, size) in subs.iter_mut().zip(sizes) {
        if sub.pairs.single.is_none() {
            cur.align(64);
        }
        sub.pairs.data_offset = cur.pos;
        cur.skip(size.blocks, "compressed blocks cut short")?;
    }
    Ok(())
}

impl Table {
    /// Opens and parses the header of the table of `material` (the file's
    /// own colors) at `path`.
    pub(crate) fn open(path: &Path, material: Material, kind: Kind, access: FileAccess) -> Result<Table, ProbeError> {
        let source = Source::open(path, access).map_err(|e| ProbeError::io(path, &e))?;
        Table::parse(path, source, material, kind)
    }

    /// Parses the header of a table file of `material` (the file's own
    /// colors): every field checked, the compressed data located.
    pub(crate) fn parse(path: &Path, source: Source, material: Material, kind: Kind) -> Result<Table, ProbeError> {
        let mut cur = Cursor { source: &source, path, pos: 0 };
        let header = read_header(&mut cur, material, kind)?;
        let eis = read_piece_orders(&mut cur, &header, material)?;
        cur.align(2);
        // Compression data of each sub-table.
        let mut subs = Vec::with_capacity(eis.len());
        let mut sizes = Vec::with_capacity(eis.len());
        let mut dtz_flags = [0u8; 4];
        for (i, ei) in eis.into_iter().enumerate() {
            let (pairs, flags, size) = read_pairs(&mut cur, ei.size, kind)?;
            if kind == Kind::Dtz {
                dtz_flags[i] = flags;
            }
            subs.push(SubTable::new(ei, pairs, &header.layout));
            sizes.push(size);
        }
        let dtz_maps = match kind {
            Kind::Dtz => read_dtz_maps(&mut cur, &dtz_flags[..header.files])?,
            Kind::Wdl => Vec::new(),
        };
        locate_data(&mut cur, &mut subs, &sizes)?;
        Ok(Table {
            path: path.to_path_buf(),
            source,
            layout: header.layout,
            kind,
            material,
            symmetric: header.symmetric,
            subs,
            sides: header.sides,
            dtz_flags,
            dtz_maps,
        })
    }

    fn corrupt(&self, offset: u64, what: &'static str) -> ProbeError {
        ProbeError::Corrupt { path: self.path.clone(), offset, what }
    }

    /// Probes the position. `wdl` is needed for DTZ (the value maps and the
    /// unit depend on it). `Ok(None)`: a DTZ table that stores the other
    /// side to move.
    pub(crate) fn probe(&self, pos: &Board, wdl: i8) -> Result<Option<i32>, ProbeError> {
        let material = pos.material;
        let stm_black = pos.side_to_move() == Color::Black;
        let (flip, bside) = if self.symmetric {
            (stm_black, false)
        } else {
            let flip = material != self.material;
            (flip, stm_black != flip)
        };
        let mirror = if flip && self.layout.has_pawns { 0x38 } else { 0 };
        let n = self.layout.num;
        let mut p = [0u8; MAX_PIECES];
        let (sub_index, file) = if !self.layout.has_pawns {
            (if self.kind == Kind::Wdl && bside { 1 } else { 0 }, 0)
        } else {
            // The leading pawns come first in every file's order.
            let lead = self.layout.pawns[0] as usize;
            let code = self.subs[0].ei.pieces[0];
            let color = if (code & 8 != 0) != flip { Color::Black } else { Color::White };
            for (i, sq) in pos.pieces(color, Role::Pawn).into_iter().take(lead).enumerate() {
                p[i] = sq.index() as u8 ^ mirror;
            }
            let file = leading_pawn(&mut p[..lead], lead);
            (file * self.sides + if self.kind == Kind::Wdl && bside { 1 } else { 0 }, file)
        };
        if self.kind == Kind::Dtz && !self.symmetric && ((self.dtz_flags[file] & 1 != 0) != bside) {
            return Ok(None);
        }
        let sub = &self.subs[sub_index];
        for &(black, role, at) in &sub.groups[..sub.num_groups] {
            let color = if black != flip { Color::Black } else { Color::White };
            for (i, sq) in (at as usize..n).zip(pos.pieces(color, role)) {
                p[i] = sq.index() as u8 ^ mirror;
            }
        }
        let idx = encode(&mut p, &sub.ei, &self.layout);
        if idx >= sub.ei.size {
            return Err(self.corrupt(sub.pairs.header_offset, "piece order gives an index outside the table"));
        }
        let v = self.decompress(&sub.pairs, idx)?;
        match self.kind {
            Kind::Wdl => {
                if v > 4 {
                    return Err(self.corrupt(sub.pairs.header_offset, "WDL value out of range"));
                }
                Ok(Some(v as i32 - 2))
            }
            Kind::Dtz => {
                let flags = self.dtz_flags[file];
                let w = (wdl + 2) as usize;
                let mut v = v as i32;
                if flags & 2 != 0 {
                    let map = &self.dtz_maps[file].maps[WDL_TO_MAP[w]];
                    v = match map.get(v as usize) {
                        Some(&m) => m as i32,
                        None => return Err(self.corrupt(sub.pairs.header_offset, "DTZ value outside its map")),
                    };
                }
                if flags & PLY_FLAG[w] == 0 || wdl & 1 != 0 {
                    v *= 2;
                }
                Ok(Some(v))
            }
        }
    }

    #[inline]
    fn array<const N: usize>(&self, offset: u64, what: &'static str) -> Result<[u8; N], ProbeError> {
        match self.source.array::<N>(offset) {
            Ok(Some(a)) => Ok(a),
            Ok(None) => Err(self.corrupt(offset, what)),
            Err(e) => Err(ProbeError::io(&self.path, &e)),
        }
    }

    /// The value stored at `idx` (< the sub-table's size).
    fn decompress(&self, d: &Pairs, idx: u64) -> Result<u16, ProbeError> {
        if let Some(v) = d.single {
            return Ok(v);
        }
        match self.source.as_slice() {
            Some(file) => self.decompress_in(d, idx, file),
            None => self.decompress_read(d, idx),
        }
    }

    /// [`Table::decompress`] for a file in memory (mapped or read): each
    /// region is sliced once, with one bounds check.
    fn decompress_in(&self, d: &Pairs, idx: u64, file: &[u8]) -> Result<u16, ProbeError> {
        let (main, lit) = split_index(d, idx);
        let entry_at = d.index_offset.saturating_add(main.saturating_mul(6));
        let entry =
            slice(file, entry_at, 6).ok_or_else(|| self.corrupt(entry_at, "sparse index entry outside the file"))?;
        let entry = [entry[0], entry[1], entry[2], entry[3], entry[4], entry[5]];
        let sizes = usize::try_from(d.num_blocks)
            .ok()
            .and_then(|n| slice(file, d.sizes_offset, n.checked_mul(2)?))
            .ok_or_else(|| self.corrupt(d.sizes_offset, "block lengths outside the file"))?;
        let (block, lit) = self.find_block(d, entry, entry_at, lit, |b| {
            let at = usize::try_from(b).ok().and_then(|b| b.checked_mul(2));
            match at.and_then(|at| sizes.get(at..at + 2)) {
                Some(l) => Ok(u16::from_le_bytes([l[0], l[1]]) as i64),
                None => Err(self.corrupt(entry_at, "sparse index leads past the last block")),
            }
        })?;
        let block_at = d.data_offset + (block << d.block_log);
        let bytes = slice(file, block_at, 1usize << d.block_log)
            .ok_or_else(|| self.corrupt(block_at, "compressed block outside the file"))?;
        decode_block(d, bytes, lit).ok_or_else(|| self.corrupt(block_at, "compressed block ends before the value"))
    }

    /// [`Table::decompress`] through positioned reads.
    fn decompress_read(&self, d: &Pairs, idx: u64) -> Result<u16, ProbeError> {
        let (main, lit) = split_index(d, idx);
        let entry_at = d.index_offset.saturating_add(main.saturating_mul(6));
        let entry: [u8; 6] = self.array(entry_at, "sparse index entry outside the file")?;
        let (block, lit) = self.find_block(d, entry, entry_at, lit, |b| {
            if b >= d.num_blocks {
                return Err(self.corrupt(entry_at, "sparse index leads past the last block"));
            }
            let l: [u8; 2] = self.array(d.sizes_offset + 2 * b, "block length outside the file")?;
            Ok(u16::from_le_bytes(l) as i64)
        })?;
        let block_at = d.data_offset + (block << d.block_log);
        let found = self
            .source
            .with_bytes(block_at, 1usize << d.block_log, |bytes| decode_block(d, bytes, lit))
            .map_err(|e| ProbeError::io(&self.path, &e))?;
        match found {
            Some(Some(v)) => Ok(v),
            Some(None) => Err(self.corrupt(block_at, "compressed block ends before the value")),
            None => Err(self.corrupt(block_at, "compressed block outside the file")),
        }
    }

    /// The block that holds the value `lit` places from the sparse index
    /// entry's, and the value's place in it. `block_len(b)`: the values of
    /// block `b`, minus one. At most [`MAX_BLOCK_STEPS`] steps.
    #[inline(always)]
    fn find_block(
        &self,
        d: &Pairs,
        entry: [u8; 6],
        entry_at: u64,
        mut lit: i64,
        mut block_len: impl FnMut(u64) -> Result<i64, ProbeError>,
    ) -> Result<(u64, u32), ProbeError> {
        let mut block = u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]) as u64;
        lit += u16::from_le_bytes([entry[4], entry[5]]) as i64;
        let mut steps = 0;
        if lit < 0 {
            while lit < 0 {
                if block == 0 || steps > MAX_BLOCK_STEPS {
                    return Err(self.corrupt(entry_at, "sparse index leads before the first block"));
                }
                block -= 1;
                steps += 1;
                lit += block_len(block)? + 1;
            }
        } else {
            loop {
                let l = block_len(block)?;
                if lit <= l {
                    break;
                }
                if steps > MAX_BLOCK_STEPS {
                    return Err(self.corrupt(entry_at, "sparse index too far from its block"));
                }
                lit -= l + 1;
                block += 1;
                steps += 1;
            }
        }
        if block >= d.real_blocks {
            return Err(self.corrupt(entry_at, "sparse index leads to a padding block"));
        }
        Ok((block, lit as u32))
    }
}

/// The sparse index entry of `idx` and its distance from the entry's
/// position (negative: before it).
#[inline]
fn split_index(d: &Pairs, idx: u64) -> (u64, i64) {
    let main = idx >> d.idx_bits;
    let half = 1i64 << (d.idx_bits - 1);
    (main, (idx & ((1u64 << d.idx_bits) - 1)) as i64 - half)
}

/// The big-endian 32-bit word at `at`, zero-padded past the block's end.
#[inline]
fn word(bytes: &[u8], at: usize) -> u64 {
    match bytes.get(at..at + 4) {
        Some(s) => u32::from_be_bytes([s[0], s[1], s[2], s[3]]) as u64,
        None => word_padded(bytes, at),
    }
}

#[cold]
fn word_padded(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 4];
    if let Some(s) = bytes.get(at..) {
        w[..s.len()].copy_from_slice(s);
    }
    u32::from_be_bytes(w) as u64
}

/// The symbol whose code starts `code` (left-aligned) and the code's
/// length, by the canonical Huffman bases, searching from the length
/// `min_len + from` on (0 or the shortest its first byte allows).
#[inline]
fn slow_symbol(d: &Pairs, code: u64, from: usize) -> (u64, u32) {
    let mut l = from;
    // The base of the longest length is 0, so this stops there.
    while l < 32 && code < d.base[l] {
        l += 1;
    }
    let len = d.min_len as u32 + l as u32;
    (d.lowest[l] as u64 + ((code - d.base[l]) >> (64 - len)), len)
}

/// The table of codes by their first byte (see [`Pairs::fast`]): an entry
/// wherever every code that starts with that byte decodes to the same
/// symbol and length, so the table gives what [`slow_symbol`] would; the
/// shortest length the byte allows elsewhere.
fn fast_codes(d: &Pairs) -> [u32; 256] {
    let mut fast = [0u32; 256];
    for (byte, e) in fast.iter_mut().enumerate() {
        let lo = (byte as u64) << 56;
        let hi = lo | ((1u64 << 56) - 1);
        let (sym, len) = slow_symbol(d, lo, 0);
        let (hi_sym, hi_len) = slow_symbol(d, hi, 0);
        // The highest code of the byte has the shortest length (bases fall
        // as lengths grow): no code of the byte is shorter.
        *e = (hi_len - d.min_len as u32) << 4;
        if (hi_sym, hi_len) != (sym, len) || !(1..=15).contains(&len) {
            continue;
        }
        if let Some(&run) = usize::try_from(sym).ok().and_then(|s| d.sym_len.get(s)) {
            if run < 0xffff {
                *e = (run + 1) << 16 | (sym as u32) << 4 | len;
            }
        }
    }
    fast
}

/// The table of whole codes by first byte (see [`Pairs::whole`]): from
/// the byte's first bit on, each code whose symbol and length the byte's
/// remaining bits decide and that ends inside the byte.
fn whole_codes(d: &Pairs) -> [u32; 256] {
    let mut whole = [0u32; 256];
    for (byte, w) in whole.iter_mut().enumerate() {
        let (mut bits, mut count) = (0u32, 0u32);
        while bits < 8 {
            // The byte's bits from `bits` on, then all zeros or all ones.
            let lo = ((byte as u64) << 56) << bits;
            let hi = lo | (u64::MAX >> (8 - bits));
            let (sym, len) = slow_symbol(d, lo, 0);
            if slow_symbol(d, hi, 0) != (sym, len) || len == 0 || len > 8 - bits {
                break;
            }
            let Some(&run) = usize::try_from(sym).ok().and_then(|s| d.sym_len.get(s)) else { break };
            // At most 8 codes of at most 2^16 values each: no overflow.
            count += run + 1;
            bits += len;
        }
        *w = count << 8 | bits;
    }
    whole
}

/// Shifts `used` decoded bits out of `code` (`empty` counts the bits not
/// yet refilled) and refills 32 bits from `bytes` at `next` once 32 are
/// empty; `None` when the refills would run more than 8 bytes past the
/// block.
#[inline(always)]
fn consume(bytes: &[u8], used: u32, code: &mut u64, empty: &mut u32, next: &mut usize) -> Option<()> {
    *code <<= used;
    *empty += used;
    if *empty >= 32 {
        if *next >= bytes.len() + 8 {
            return None;
        }
        *empty -= 32;
        *code |= word(bytes, *next) << *empty;
        *next += 4;
    }
    Some(())
}

/// Finds the `lit`-th value of a block: Huffman-decodes symbols until the
/// one that covers it, then expands that symbol's pairs. `None` if the
/// block's bits run out first or a symbol is out of range.
#[inline]
fn decode_block(d: &Pairs, bytes: &[u8], lit: u32) -> Option<u16> {
    let mut code = (word(bytes, 0) << 32) | word(bytes, 4);
    let mut next = 8;
    let mut empty = 0u32; // bits of `code` not yet refilled
                          // Counted down: `lit` stays below 2^16 (a block's values), so it
                          // goes negative exactly at the symbol that covers it.
    let mut left = lit as i32;
    let sym = loop {
        let w = d.whole[(code >> 56) as usize];
        let whole = (w >> 8) as i32;
        if w & 0xff != 0 && left >= whole {
            // The value is past every code that ends in this byte.
            left -= whole;
            consume(bytes, w & 0xff, &mut code, &mut empty, &mut next)?;
            continue;
        }
        let e = d.fast[(code >> 56) as usize];
        let len = if e & 15 != 0 {
            let count = (e >> 16) as i32;
            left -= count;
            if left < 0 {
                left += count;
                break ((e >> 4) & 0xfff) as usize;
            }
            e & 15
        } else {
            let (sym, l) = slow_symbol(d, code, (e >> 4) as usize);
            let sym = usize::try_from(sym).ok()?;
            let count = *d.sym_len.get(sym)? as i32 + 1;
            left -= count;
            if left < 0 {
                left += count;
                break sym;
            }
            l
        };
        // Every code is at least one bit long: the refills come at least
        // every 32 steps, and end 8 bytes past the block's end. (A step of
        // whole codes may leave up to 39 bits empty: one refill still
        // leaves more than 32 filled.)
        consume(bytes, len, &mut code, &mut empty, &mut next)?;
    };
    let mut lit = left as u32;
    // Expand pairs: each half stands for fewer values than the whole
    // (checked when the table was opened), so this ends.
    let mut sym = sym;
    while d.sym_len[sym] != 0 {
        let (left, right) = d.pairs[sym];
        let left_run = d.sym_len[left as usize];
        if lit <= left_run {
            sym = left as usize;
        } else {
            lit -= left_run + 1;
            sym = right as usize;
        }
    }
    Some(d.pairs[sym].0)
}

/// Checks a sub-table's piece order against the file name: the right
/// pieces, each kind together, leading pawns first.
fn check_pieces(pieces: &[u8], material: Material, layout: &Layout, lead_black: bool) -> Result<(), &'static str> {
    let mut seen = [0usize; 16];
    for (i, &c) in pieces.iter().enumerate() {
        let role = c & 7;
        if !(1..=6).contains(&role) {
            return Err("piece order names an unknown piece");
        }
        if i > 0 && c != pieces[i - 1] && seen[c as usize] > 0 {
            return Err("piece order splits a kind of piece");
        }
        seen[c as usize] += 1;
    }
    for (c, &count) in seen.iter().enumerate() {
        let role = c & 7;
        let expected = if (1..=6).contains(&role) { material.count(c >> 3, role - 1) } else { 0 };
        if count != expected {
            return Err("piece order disagrees with the file name");
        }
    }
    if layout.has_pawns {
        let lead_code = if lead_black { 9 } else { 1 };
        let other_code = if lead_black { 1 } else { 9 };
        let lead = layout.pawns[0] as usize;
        let other = layout.pawns[1] as usize;
        if pieces[..lead].iter().any(|&c| c != lead_code) || pieces[lead..lead + other].iter().any(|&c| c != other_code)
        {
            return Err("piece order does not start with the pawns");
        }
    } else if layout.kk && (pieces[0] & 7 != 6 || pieces[1] & 7 != 6) {
        return Err("piece order does not start with the kings");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every table of the test data, both kinds, parsed.
    fn test_tables() -> Vec<Table> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
        let mut tables = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            let (stem, kind) = match name.split_once('.') {
                Some((stem, "rtbw")) => (stem.to_owned(), Kind::Wdl),
                Some((stem, "rtbz")) => (stem.to_owned(), Kind::Dtz),
                _ => continue,
            };
            let material = Material::from_name(&stem).unwrap();
            tables.push(Table::open(&path, material, kind, FileAccess::Mmap).unwrap());
        }
        tables
    }

    /// Calls `f` with 2,000 random codes (xorshift from `seed`) for each
    /// sub-table of the test data that has a pair tree.
    fn for_each_random_code(seed: u64, mut f: impl FnMut(&Table, &Pairs, u64)) {
        let mut rng = seed;
        for table in test_tables() {
            for sub in &table.subs {
                if sub.pairs.single.is_some() {
                    continue;
                }
                for _ in 0..2000 {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    f(&table, &sub.pairs, rng);
                }
            }
        }
    }

    #[test]
    fn fast_codes_agree_with_the_canonical_decode() {
        let (mut fast, mut slow) = (0, 0);
        for_each_random_code(0x9e37_79b9_7f4a_7c15, |table, d, rng| {
            let e = d.fast[(rng >> 56) as usize];
            let (sym, len) = slow_symbol(d, rng, 0);
            if e & 15 == 0 {
                // The search from the byte's shortest length finds the same.
                assert_eq!(slow_symbol(d, rng, (e >> 4) as usize), (sym, len));
                slow += 1;
                return;
            }
            fast += 1;
            assert_eq!((((e >> 4) & 0xfff) as u64, e & 15), (sym, len), "{:?} code {rng:#x}", table.path);
            assert_eq!(e >> 16, d.sym_len[sym as usize] + 1);
        });
        // Both ways are taken on these tables.
        assert!(fast > 0 && slow > 0, "fast {fast}, slow {slow}");
    }

    #[test]
    fn whole_codes_agree_with_decoding_one_by_one() {
        let mut skips = 0;
        for_each_random_code(0x2545_f491_4f6c_dd1d, |table, d, rng| {
            let w = d.whole[(rng >> 56) as usize];
            // Decode one by one while the codes end inside the first byte.
            let (mut bits, mut count, mut code) = (0, 0, rng);
            loop {
                let (sym, len) = slow_symbol(d, code, 0);
                if bits + len > 8 {
                    break;
                }
                bits += len;
                count += d.sym_len[sym as usize] + 1;
                code <<= len;
            }
            assert_eq!((w >> 8, w & 0xff), (count, bits), "{:?} code {rng:#x}", table.path);
            skips += (bits > 0) as usize;
        });
        assert!(skips > 0);
    }
}
