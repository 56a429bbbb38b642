//! Polyglot opening books for `chess_movegen.polyglot`: the book's bytes
//! in memory, looked up with the library's key and move decoding.

use chess_movegen::polyglot::{decode_move, Book, ENTRY_SIZE};
use chess_movegen::Position;
use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError};
use pyo3::prelude::*;

use crate::board::Board;
use crate::moves::{move_object, Move, PyMv};

/// One entry: key, raw move, weight, learn, and the move (python-chess's
/// form: castling as the king's two-square step on standard boards).
type EntryTuple = (u64, u16, u16, u32, Py<Move>);

/// A Polyglot book read into memory: `PolyglotBook(path)`.
#[pyclass(module = "chess_movegen", name = "PolyglotBook", frozen)]
pub struct PolyglotBook {
    data: Vec<u8>,
}

impl PolyglotBook {
    /// The library's book on the data, in any order, as python-chess
    /// reads books.
    fn book(&self) -> Book<'_> {
        Book::new_unsorted(&self.data).expect("the size was checked when the book was read")
    }
}

/// The position and castling form of a Board argument.
fn board_of(board: &Bound<'_, PyAny>) -> PyResult<(Position, bool)> {
    let board = board
        .cast::<Board>()
        .map_err(|_| PyTypeError::new_err("expected a chess_movegen Board or an int key"))?
        .borrow();
    board.playable()?;
    Ok((board.pos, board.chess960))
}

#[pymethods]
impl PolyglotBook {
    /// Reads the book at `path`; OSError if it cannot be read or its size
    /// is not a whole number of 16-byte entries.
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<PolyglotBook> {
        let cannot = |e: std::io::Error| PyOSError::new_err(format!("cannot read {}: {e}", path.display()));
        // A FIFO or a device would block or never end: only files are books.
        let meta = std::fs::metadata(&path).map_err(cannot)?;
        if !meta.is_file() {
            let what = if meta.is_dir() { "a directory" } else { "not a regular file" };
            return Err(PyOSError::new_err(format!(
                "cannot read {}: {what}, not a Polyglot opening book",
                path.display()
            )));
        }
        let data = std::fs::read(&path).map_err(cannot)?;
        if data.len() % ENTRY_SIZE != 0 {
            return Err(PyOSError::new_err(format!(
                "invalid file size: {} is not a Polyglot opening book ({} bytes, not a multiple of 16)",
                path.display(),
                data.len()
            )));
        }
        Ok(PolyglotBook { data })
    }

    fn __len__(&self) -> usize {
        self.book().len()
    }

    /// Entry `index` raw: (key, raw move, weight, learn).
    fn entry(&self, index: usize) -> PyResult<(u64, u16, u16, u32)> {
        let book = self.book();
        let e = book.entry(index).ok_or_else(|| {
            PyIndexError::new_err(format!("book entry {index} out of range ({} entries)", book.len()))
        })?;
        Ok((e.key, e.raw_move, e.weight, e.learn))
    }

    /// The first index whose key is not below `key`.
    fn bisect_key_left(&self, key: u64) -> usize {
        self.book().lower_bound(key)
    }

    /// The entries of a Board's position with weight at least
    /// `minimum_weight` whose move is legal there, in book order.
    fn find_all(&self, py: Python<'_>, board: &Bound<'_, PyAny>, minimum_weight: i64) -> PyResult<Vec<EntryTuple>> {
        let (pos, chess960) = board_of(board)?;
        let key = pos.polyglot_key();
        let mut out = Vec::new();
        for entry in self.book().entries_for_key(key) {
            if i64::from(entry.weight) < minimum_weight {
                continue;
            }
            if let Some(mv) = decode_move(&pos, entry.raw_move) {
                let m = move_object(py, PyMv::from_raw(mv, chess960));
                out.push((entry.key, entry.raw_move, entry.weight, entry.learn, m));
            }
        }
        Ok(out)
    }

    /// The entries of a key with weight at least `minimum_weight`, raw:
    /// (key, raw move, weight, learn).
    fn find_key(&self, key: u64, minimum_weight: i64) -> Vec<(u64, u16, u16, u32)> {
        self.book()
            .entries_for_key(key)
            .filter(|e| i64::from(e.weight) >= minimum_weight)
            .map(|e| (e.key, e.raw_move, e.weight, e.learn))
            .collect()
    }
}

/// The Polyglot key of a Board's position (python-chess's
/// `chess.polyglot.zobrist_hash`).
#[pyfunction]
pub fn polyglot_hash(board: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(board_of(board)?.0.polyglot_key())
}
