//! Syzygy endgame tablebase probing for [`chess_movegen`] positions, in
//! safe Rust (the one `unsafe` block maps a table file into memory).
//!
//! ```no_run
//! use chess_movegen::Position;
//! use chess_movegen_syzygy::{Tablebase, Wdl};
//!
//! let mut tb = Tablebase::new();
//! let found = tb.add_directory("/path/to/syzygy")?;
//! println!("{found} table files, up to {} pieces", tb.max_pieces());
//!
//! let pos = Position::from_fen("8/8/8/8/8/4k3/8/4K2Q w - - 0 1").expect("valid FEN");
//! assert_eq!(tb.probe_wdl(&pos)?, Wdl::Win);
//! let dtz = tb.probe_dtz(&pos)?; // plies to the next capture or pawn move
//! assert!(dtz.0 > 0);
//!
//! // At the root: the legal moves, best first, with the fifty-move rule.
//! let ranked = tb.rank_root_moves(&pos)?;
//! println!("best: {} ({:?}, dtz {})", ranked[0].mv, ranked[0].wdl, ranked[0].dtz.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the tables answer
//!
//! * [`Tablebase::probe_wdl`]: win, draw or loss with best play, and whether
//!   the fifty-move rule turns the win into a draw ([`Wdl::CursedWin`],
//!   [`Wdl::BlessedLoss`]). It needs the WDL files (`.rtbw`) only and is
//!   cheap enough to call inside a search.
//! * [`Tablebase::probe_dtz`]: distance to zeroing in plies (the next capture
//!   or pawn move of the winning line). It also reads DTZ files (`.rtbz`).
//! * [`Tablebase::rank_root_moves`]: every legal move with its result from
//!   the mover's side, taking the position's halfmove clock into account, best
//!   first: what an engine needs at the root (it then searches only among the
//!   moves of the best rank) and what a GUI shows as "best move".
//!
//! En passant is handled as the format requires: the tables store positions
//! without en-passant rights, and the prober resolves captures (en passant
//! included) by a small search before it reads a table. Positions with
//! castling rights are refused ([`ProbeError::Castling`]).
//!
//! # Engines
//!
//! A [`Tablebase`] is `Send + Sync`: share one (for example in an `Arc`)
//! between search threads; several may live at once. Probe WDL in the search
//! when the piece count is at most [`Tablebase::max_pieces`] and the
//! halfmove clock is 0 (the result then holds exactly), and rank the root
//! moves with [`Tablebase::rank_root_moves`]. Counting hits is the caller's:
//! every `Ok` of a probe is one.
//!
//! # Safety of table files
//!
//! A table file is untrusted input: every field is checked before use, and a
//! file that does not follow the format (or is cut short) gives
//! [`ProbeError::Corrupt`] with the file and the byte offset. No file
//! contents can make a probe panic, loop without end or allocate more than
//! the file's size. Only regular files are opened, and never in a way that
//! waits: a FIFO or device named like a table is skipped by
//! [`Tablebase::add_directory`], and one put in a table's place later gives
//! [`ProbeError::Io`].
//!
//! What the checks cannot cover is a file that changes while a
//! [`Tablebase`] has it open. With the default [`FileAccess::Mmap`], a
//! table file truncated after it was opened kills the process with `SIGBUS`
//! (on unix; an access violation on Windows) at the first probe that reads
//! a page past its new end, and a file rewritten in place is read as its
//! new bytes; with [`FileAccess::Read`], the same probes return
//! [`ProbeError::Io`] or [`ProbeError::Corrupt`]. Choose `Mmap` (probes
//! 2.9–4.8× faster) when the files stay as they are while loaded, `Read`
//! when they may be truncated or replaced under a running program.

#![deny(missing_docs)]

mod board;
mod encoding;
mod error;
mod material;
mod probe;
mod root;
mod source;
mod table;

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub use error::{ProbeError, TableName};
pub use root::RootMove;
pub use source::FileAccess;

use material::Material;
use table::{Kind, Table};

/// Win, draw or loss for the side to move, with best play by both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(i8)]
pub enum Wdl {
    /// Lost.
    Loss = -2,
    /// Lost with best play, but the opponent cannot win before the
    /// fifty-move rule makes it a draw.
    BlessedLoss = -1,
    /// Drawn.
    Draw = 0,
    /// Won with best play, but not before the fifty-move rule makes it a draw.
    CursedWin = 1,
    /// Won.
    Win = 2,
}

impl Wdl {
    /// The value as the format stores it: -2 (loss) to 2 (win).
    pub fn to_i8(self) -> i8 {
        self as i8
    }

    /// The WDL of a value -2..=2 (anything else clamps to the nearest).
    pub fn from_i8(v: i8) -> Wdl {
        match v {
            i8::MIN..=-2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            _ => Wdl::Win,
        }
    }

    /// The result for the other side.
    #[allow(clippy::should_implement_trait)]
    pub fn neg(self) -> Wdl {
        Wdl::from_i8(-self.to_i8())
    }
}

/// Distance to zeroing, in plies, from the side to move's view: positive
/// when winning, negative when losing, 0 for a draw.
///
/// `n` plies until a capture or pawn move that keeps the result (the
/// fifty-move counter then restarts). Beyond 100 in absolute value, the win
/// or loss is cursed or blessed: the fifty-move rule turns it into a draw.
/// As in the format's reference prober, a value may be one ply more than the
/// true distance (`n` can mean `n + 1`), except where that would change the
/// result under the fifty-move rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dtz(pub i32);

/// Syzygy tablebase files of up to 7 pieces, loaded lazily.
///
/// `add_directory` only lists file names; a file is opened and its header
/// read the first time a position of its material is probed.
pub struct Tablebase {
    tables: HashMap<u64, Arc<Entry>, BuildHasherDefault<KeyHasher>>,
    max_pieces: usize,
    access: FileAccess,
}

struct Entry {
    /// The material of the file's white and black (stronger side first).
    material: Material,
    wdl_path: PathBuf,
    dtz_path: Option<PathBuf>,
    wdl: OnceLock<Result<Table, ProbeError>>,
    dtz: OnceLock<Result<Table, ProbeError>>,
}

/// A hash for material keys (the keys are not chosen by an adversary).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = v.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(26);
    }
}

impl Default for Tablebase {
    fn default() -> Tablebase {
        Tablebase::new()
    }
}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebase")
            .field("materials", &self.tables.len())
            .field("max_pieces", &self.max_pieces)
            .field("access", &self.access)
            .finish()
    }
}

impl Tablebase {
    /// An empty tablebase that reads files through memory maps
    /// ([`FileAccess::Mmap`]).
    ///
    /// The table files must then stay unchanged while the tablebase is
    /// alive: a file truncated under the map kills the process with `SIGBUS`
    /// at the next probe that reads past its new end (see the crate docs,
    /// "Safety of table files"). Memory maps probe 2.9–4.8× faster than
    /// [`FileAccess::Read`], which returns an error instead: use
    /// [`Tablebase::with_access`] with it when the files may change.
    pub fn new() -> Tablebase {
        Tablebase::with_access(FileAccess::default())
    }

    /// An empty tablebase that reads files the given way.
    pub fn with_access(access: FileAccess) -> Tablebase {
        Tablebase { tables: HashMap::default(), max_pieces: 0, access }
    }

    /// Adds the tables in a directory (not its subdirectories): every
    /// `*.rtbw` file named like `KQvKR.rtbw` with up to 7 pieces, with its
    /// `.rtbz` file if present. Returns how many table files it found (WDL
    /// and DTZ counted separately). A material already added keeps its
    /// first files.
    ///
    /// Only regular files count (symbolic links to them included): a FIFO,
    /// device or directory named like a table is skipped, as if absent, so
    /// that no probe ever waits on one. A table file replaced by such a
    /// thing after this call gives [`ProbeError::Io`] when it is opened.
    ///
    /// # Errors
    ///
    /// The directory cannot be listed.
    pub fn add_directory(&mut self, path: impl AsRef<Path>) -> io::Result<usize> {
        let dir = path.as_ref();
        let mut names: Vec<String> = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            if let Ok(name) = entry.file_name().into_string() {
                names.push(name);
            }
        }
        names.sort();
        let mut found = 0;
        for name in &names {
            let Some(stem) = name.strip_suffix(".rtbw") else { continue };
            let Some(material) = Material::from_name(stem) else { continue };
            let pieces = material.total();
            if pieces > encoding_max() || pieces < 3 {
                continue;
            }
            if self.tables.contains_key(&material.0) || !source::is_regular(&dir.join(name)) {
                continue;
            }
            let dtz_name = format!("{stem}.rtbz");
            let dtz_path = names
                .binary_search(&dtz_name)
                .ok()
                .map(|_| dir.join(&dtz_name))
                .filter(|path| source::is_regular(path));
            found += 1 + dtz_path.is_some() as usize;
            let entry = Arc::new(Entry {
                material,
                wdl_path: dir.join(name),
                dtz_path,
                wdl: OnceLock::new(),
                dtz: OnceLock::new(),
            });
            self.tables.insert(material.0, entry.clone());
            self.tables.insert(material.swapped().0, entry);
            self.max_pieces = self.max_pieces.max(pieces);
        }
        Ok(found)
    }

    /// Pieces (kings included) of the largest table added, 0 if none.
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// How table files are read.
    pub fn file_access(&self) -> FileAccess {
        self.access
    }

    fn entry(&self, material: Material) -> Option<&Arc<Entry>> {
        self.tables.get(&material.0)
    }

    /// The table of the position's material, opened on first use.
    fn table(&self, material: Material, kind: Kind) -> Result<&Table, ProbeError> {
        let missing = || {
            let mut table = material.canonical_name();
            for b in b".".iter().chain(kind.suffix().as_bytes()) {
                table.push(*b);
            }
            ProbeError::MissingTable { table }
        };
        let entry = self.entry(material).ok_or_else(missing)?;
        let (cell, path) = match kind {
            Kind::Wdl => (&entry.wdl, Some(&entry.wdl_path)),
            Kind::Dtz => (&entry.dtz, entry.dtz_path.as_ref()),
        };
        let path = path.ok_or_else(missing)?;
        cell.get_or_init(|| Table::open(path, entry.material, kind, self.access)).as_ref().map_err(Clone::clone)
    }
}

fn encoding_max() -> usize {
    encoding::MAX_PIECES
}

/// Parses table bytes as a file named `name` (for example `KQvKR.rtbw`)
/// and probes every position given of its material: the fuzz harness's
/// entry point. Errors are returned, never panics. A DTZ table is probed
/// with each non-draw WDL in turn, since the true one is not known here;
/// a WDL that is not the position's may point outside the value maps, so
/// those probes' errors are skipped (the header's are not).
#[doc(hidden)]
pub fn probe_bytes(name: &str, bytes: Vec<u8>, positions: &[chess_movegen::Position]) -> Result<Vec<i32>, ProbeError> {
    let (stem, kind) = if let Some(s) = name.strip_suffix(".rtbw") {
        (s, Kind::Wdl)
    } else if let Some(s) = name.strip_suffix(".rtbz") {
        (s, Kind::Dtz)
    } else {
        return Err(ProbeError::MissingTable { table: name.into() });
    };
    let material = Material::from_name(stem).ok_or_else(|| ProbeError::MissingTable { table: name.into() })?;
    let table = Table::parse(Path::new(name), source::Source::Bytes(bytes), material, kind)?;
    let mut out = Vec::new();
    for pos in positions {
        let board = board::Board::of(pos);
        let m = board.material;
        if m != material && m != material.swapped() {
            continue;
        }
        match kind {
            Kind::Wdl => out.extend(table.probe(&board, 0)?),
            Kind::Dtz => {
                for wdl in [-2, -1, 1, 2] {
                    if let Ok(Some(v)) = table.probe(&board, wdl) {
                        out.push(v);
                    }
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablebase_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Tablebase>();
    }
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
