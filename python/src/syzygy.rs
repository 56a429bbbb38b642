//! Syzygy tablebases for `chess_movegen.syzygy`, on the workspace's
//! prober (`chess-movegen-syzygy`).

use chess_movegen::Position;
use chess_movegen_syzygy::{ProbeError, Tablebase};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyTypeError};
use pyo3::prelude::*;

use crate::board::Board;

create_exception!(
    chess_movegen,
    MissingTableError,
    PyKeyError,
    "A table needed for the position is not loaded (python-chess's chess.syzygy.MissingTableError)."
);

/// Syzygy tables added directory by directory: `SyzygyTablebase()`.
#[pyclass(module = "chess_movegen", name = "SyzygyTablebase")]
pub struct SyzygyTablebase {
    tables: Tablebase,
}

/// The position of a Board argument (or of anything with `fen()`).
fn position_of(board: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(b) = board.cast::<Board>() {
        let b = b.borrow();
        b.playable()?;
        return Ok(b.pos);
    }
    let fen: String = board.call_method0("fen").map_err(|_| PyTypeError::new_err("expected a Board"))?.extract()?;
    crate::board::parse_fen(&fen, false)
}

/// The Python exception python-chess raises for a probe that fails.
fn probe_error(err: ProbeError, pos: &Position) -> PyErr {
    match err {
        ProbeError::Castling => {
            PyKeyError::new_err(format!("syzygy tables do not contain positions with castling rights: {}", pos.fen()))
        }
        ProbeError::TooManyPieces { pieces, max } => {
            PyKeyError::new_err(format!("syzygy tables support up to {max} pieces, not {pieces}: {}", pos.fen()))
        }
        ProbeError::MissingTable { table } => {
            MissingTableError::new_err(format!("did not find table {}", table.as_str()))
        }
        other => PyOSError::new_err(other.to_string()),
    }
}

/// A probe's value, or `default` where the probe raised KeyError (no
/// table for the position), as python-chess's `get_wdl` and `get_dtz` give.
fn or_default(py: Python<'_>, probed: PyResult<i32>, default: Option<Py<PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    match probed {
        Ok(v) => Ok(Some(v.into_pyobject(py)?.into_any().unbind())),
        Err(e) if e.is_instance_of::<PyKeyError>(py) => Ok(default),
        Err(e) => Err(e),
    }
}

#[pymethods]
impl SyzygyTablebase {
    #[new]
    fn new() -> SyzygyTablebase {
        SyzygyTablebase { tables: Tablebase::new() }
    }

    /// Adds the tables of a directory; returns how many files were found.
    fn add_directory(&mut self, directory: std::path::PathBuf) -> PyResult<usize> {
        self.tables
            .add_directory(&directory)
            .map_err(|e| PyOSError::new_err(format!("cannot list {}: {e}", directory.display())))
    }

    /// Win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2)
    /// for the side to move; KeyError (MissingTableError) without a table.
    fn probe_wdl(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i8> {
        let pos = position_of(board)?;
        py.detach(|| self.tables.probe_wdl(&pos)).map(|w| w.to_i8()).map_err(|e| probe_error(e, &pos))
    }

    /// Distance to zeroing in plies (DTZ50'' with rounding), signed for
    /// the side to move; KeyError (MissingTableError) without a table.
    fn probe_dtz(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let pos = position_of(board)?;
        py.detach(|| self.tables.probe_dtz(&pos)).map(|d| d.0).map_err(|e| probe_error(e, &pos))
    }

    /// `probe_wdl`, or `default` where it raises KeyError.
    #[pyo3(signature = (board, default=None))]
    fn get_wdl(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Option<Py<PyAny>>> {
        or_default(board.py(), self.probe_wdl(board.py(), board).map(i32::from), default)
    }

    /// `probe_dtz`, or `default` where it raises KeyError.
    #[pyo3(signature = (board, default=None))]
    fn get_dtz(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Option<Py<PyAny>>> {
        or_default(board.py(), self.probe_dtz(board.py(), board), default)
    }

    /// Pieces (kings included) of the largest table added, 0 if none.
    fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }
}
