//! Reading table files: a memory map or positioned reads.

use std::fs::File;
use std::io;
use std::path::Path;

/// How a [`Tablebase`](crate::Tablebase) reads its table files.
///
/// Both read lazily: a table file is opened the first time a position of
/// its material is probed, and only the bytes a probe needs are touched.
///
/// The default is [`FileAccess::Mmap`]: a probe then reads the table's
/// index and one compressed block straight from the page cache, with no
/// system call and no copy. With [`FileAccess::Read`] every probe makes two
/// to four `pread` calls and copies the block (a few hundred bytes) into a
/// buffer; on this crate's benchmark it probes 2.9–4.8× slower than the
/// memory map. `Read` needs no `unsafe` at all and cannot be hurt by a file
/// that shrinks while it is open (the reads fail with
/// [`ProbeError::Io`](crate::ProbeError::Io) instead, where a map kills
/// the process with `SIGBUS`), so it is there for table files that may
/// change under a running program, for platforms without memory maps, or
/// for callers who prefer it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FileAccess {
    /// Memory-mapped files (`memmap2`): the fastest. The files must not be
    /// truncated or rewritten while the tablebase is alive: a probe that
    /// reads past the end of a truncated file kills the process (`SIGBUS`).
    #[default]
    Mmap,
    /// Positioned reads (`pread`) into buffers: no `unsafe`, slower.
    Read,
}

/// An open table file.
#[derive(Debug)]
pub(crate) enum Source {
    Mapped(memmap2::Mmap),
    Read {
        file: File,
        len: u64,
    },
    /// Bytes in memory (tests and the fuzz harness).
    Bytes(Vec<u8>),
}

impl Source {
    pub(crate) fn open(path: &Path, access: FileAccess) -> io::Result<Source> {
        let file = open_regular(path)?;
        let len = file.metadata()?.len();
        match access {
            FileAccess::Mmap => {
                if len == 0 {
                    // An empty map is refused on some platforms; nothing to map.
                    return Ok(Source::Bytes(Vec::new()));
                }
                // SAFETY: `Mmap::map` is unsafe because the mapped bytes change
                // (or reading them faults) if another process writes to or
                // truncates the file while it is mapped. Table files are
                // read-only data that this crate never writes; `FileAccess`
                // documents that they must not be modified while loaded. All
                // reads below go through bounds-checked slices of the map.
                let map = unsafe { memmap2::Mmap::map(&file)? };
                Ok(Source::Mapped(map))
            }
            FileAccess::Read => Ok(Source::Read { file, len }),
        }
    }

    pub(crate) fn len(&self) -> u64 {
        match self {
            Source::Mapped(m) => m.len() as u64,
            Source::Read { len, .. } => *len,
            Source::Bytes(b) => b.len() as u64,
        }
    }

    /// The whole file, when it is in memory (mapped or read).
    #[inline]
    pub(crate) fn as_slice(&self) -> Option<&[u8]> {
        match self {
            Source::Mapped(m) => Some(m),
            Source::Bytes(b) => Some(b),
            Source::Read { .. } => None,
        }
    }

    /// Fills `buf` with the bytes at `offset`; `Ok(false)` if they are not
    /// all inside the file.
    #[inline]
    pub(crate) fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<bool> {
        match self {
            Source::Mapped(m) => Ok(copy_from(m, offset, buf)),
            Source::Bytes(b) => Ok(copy_from(b, offset, buf)),
            Source::Read { file, len } => {
                match offset.checked_add(buf.len() as u64) {
                    Some(end) if end <= *len => {}
                    _ => return Ok(false),
                }
                read_exact_at(file, buf, offset)?;
                Ok(true)
            }
        }
    }

    /// The `N` bytes at `offset`, or `Ok(None)` if they are not all inside
    /// the file. Fixed-size, so the copy from a map compiles to a load.
    #[inline]
    pub(crate) fn array<const N: usize>(&self, offset: u64) -> io::Result<Option<[u8; N]>> {
        match self {
            Source::Mapped(m) => Ok(slice(m, offset, N).and_then(|s| <[u8; N]>::try_from(s).ok())),
            Source::Bytes(b) => Ok(slice(b, offset, N).and_then(|s| <[u8; N]>::try_from(s).ok())),
            Source::Read { .. } => {
                let mut buf = [0u8; N];
                Ok(self.read_at(offset, &mut buf)?.then_some(buf))
            }
        }
    }

    /// Calls `f` with the `len` bytes at `offset`, or returns `Ok(None)` if
    /// they are not all inside the file.
    #[inline]
    pub(crate) fn with_bytes<R>(&self, offset: u64, len: usize, f: impl FnOnce(&[u8]) -> R) -> io::Result<Option<R>> {
        match self {
            Source::Mapped(m) => Ok(slice(m, offset, len).map(f)),
            Source::Bytes(b) => Ok(slice(b, offset, len).map(f)),
            Source::Read { .. } => {
                let mut stack = [0u8; 1024];
                let mut heap;
                let buf: &mut [u8] = if len <= stack.len() {
                    &mut stack[..len]
                } else {
                    // Bounded: the bytes are inside the file (checked by read_at
                    // before anything is read, so check first).
                    if offset.checked_add(len as u64).is_none_or(|end| end > self.len()) {
                        return Ok(None);
                    }
                    heap = vec![0u8; len];
                    &mut heap
                };
                if !self.read_at(offset, buf)? {
                    return Ok(None);
                }
                Ok(Some(f(buf)))
            }
        }
    }
}

/// Whether `path` names a regular file (after symbolic links): the only
/// kind a table may be. Opening a FIFO blocks until a writer comes, and a
/// device may do anything.
pub(crate) fn is_regular(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// Opens `path` for reading if it is a regular file, without ever waiting:
/// the kind is checked before the open, the open does not block (on unix,
/// where a FIFO put in the file's place between the check and the open
/// would otherwise make it wait for a writer), and the open file's kind is
/// checked again.
fn open_regular(path: &Path) -> io::Result<File> {
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, "not a regular file");
    if !is_regular(path) {
        // A missing file keeps its own error.
        std::fs::metadata(path)?;
        return Err(not_regular());
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Reads of a regular file never block, with or without the flag;
        // only the open of anything else would.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

#[inline]
pub(crate) fn slice(bytes: &[u8], offset: u64, len: usize) -> Option<&[u8]> {
    let start = usize::try_from(offset).ok()?;
    bytes.get(start..start.checked_add(len)?)
}

#[inline]
fn copy_from(bytes: &[u8], offset: u64, buf: &mut [u8]) -> bool {
    match slice(bytes, offset, buf.len()) {
        Some(s) => {
            buf.copy_from_slice(s);
            true
        }
        None => false,
    }
}

#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_read(buf, offset) {
            Ok(0) => return Err(io::Error::from(io::ErrorKind::UnexpectedEof)),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = file.try_clone()?;
    f.seek(SeekFrom::Start(offset))?;
    f.read_exact(buf)
}
