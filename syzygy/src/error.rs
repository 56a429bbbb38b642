//! Errors of probing and loading.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a probe gave no answer.
///
/// Every variant says what is wrong and where: the table that is missing,
/// or the file and byte offset where a table does not follow the format.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProbeError {
    /// The position still has castling rights: the tables do not cover them.
    Castling,
    /// The position has more pieces (kings included) than the largest
    /// loaded table.
    TooManyPieces {
        /// Pieces on the board.
        pieces: usize,
        /// Pieces of the largest loaded table (0 if none is loaded).
        max: usize,
    },
    /// No table of this material was loaded (for example `KQvKR.rtbz`: the
    /// name of the file that was looked for).
    MissingTable {
        /// The table file's name, stronger side first, with its suffix.
        table: TableName,
    },
    /// A table file does not follow the format, or is cut short.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Byte offset in the file where the problem is.
        offset: u64,
        /// What is wrong.
        what: &'static str,
    },
    /// A table file could not be opened or read, or is no longer a regular
    /// file (a FIFO or device put in its place after it was listed).
    Io {
        /// The file.
        path: PathBuf,
        /// The kind of the operating system's error.
        kind: io::ErrorKind,
        /// The operating system's message.
        message: String,
    },
}

/// The name of a table file, such as `KQvKR.rtbz`: built without
/// allocating, so that a probe of a position without a table costs
/// nanoseconds. Derefs to `str`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TableName {
    bytes: [u8; 24],
    len: u8,
}

impl TableName {
    /// The name as text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever stored (see `From<&str>` and `push`).
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }

    pub(crate) fn push(&mut self, c: u8) {
        if c.is_ascii() && (self.len as usize) < self.bytes.len() {
            self.bytes[self.len as usize] = c;
            self.len += 1;
        }
    }

    pub(crate) fn empty() -> TableName {
        TableName { bytes: [0; 24], len: 0 }
    }
}

impl From<&str> for TableName {
    /// The first 24 ASCII characters of `s` (other characters are left out).
    fn from(s: &str) -> TableName {
        let mut name = TableName::empty();
        for b in s.bytes() {
            name.push(b);
        }
        name
    }
}

impl std::ops::Deref for TableName {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for TableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for TableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl ProbeError {
    pub(crate) fn io(path: &std::path::Path, e: &io::Error) -> ProbeError {
        ProbeError::Io { path: path.to_path_buf(), kind: e.kind(), message: e.to_string() }
    }
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Castling => f.write_str("the position has castling rights, which tablebases do not cover"),
            ProbeError::TooManyPieces { pieces, max } => {
                write!(f, "the position has {pieces} pieces, the largest loaded table {max}")
            }
            ProbeError::MissingTable { table } => write!(f, "missing table {table}"),
            ProbeError::Corrupt { path, offset, what } => {
                write!(f, "corrupt table {} at byte {offset}: {what}", path.display())
            }
            ProbeError::Io { path, message, .. } => write!(f, "cannot read {}: {message}", path.display()),
        }
    }
}

impl std::error::Error for ProbeError {}
