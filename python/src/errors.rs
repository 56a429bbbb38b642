//! The package's exceptions, python-chess's classes (all ValueErrors),
//! and the one a library `MoveError` becomes.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    chess_movegen,
    InvalidFenError,
    PyValueError,
    "A FEN that cannot be read or that describes an impossible position."
);
create_exception!(
    chess_movegen,
    InvalidMoveError,
    PyValueError,
    "A move text (UCI or SAN) that is not a move in that notation."
);
create_exception!(
    chess_movegen,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that is not legal in the position."
);
create_exception!(chess_movegen, AmbiguousMoveError, PyValueError, "A SAN move that fits more than one legal move.");
create_exception!(chess_movegen, PgnError, PyValueError, "A PGN game that cannot be read.");

/// The error a `chess_movegen::MoveError` becomes: the library's message in
/// the Python exception that python-chess raises in the same case.
pub(crate) fn move_error(err: &chess_movegen::MoveError) -> PyErr {
    use chess_movegen::{MoveError, SyntaxReason};
    let message = err.to_string();
    match err {
        MoveError::Illegal { .. } | MoveError::GameOver { .. } => IllegalMoveError::new_err(message),
        // `Nf3=Q` is well-formed SAN; python-chess finds no legal move for it.
        MoveError::Syntax { reason: SyntaxReason::OnlyPawnsPromote, .. } => IllegalMoveError::new_err(message),
        MoveError::Ambiguous { .. } => AmbiguousMoveError::new_err(message),
        _ => InvalidMoveError::new_err(message),
    }
}

/// Adds the exception classes to the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("PgnError", py.get_type::<PgnError>())
}
