//! The native part of the `chess_movegen` Python package: a python-chess
//! shaped `Board` and `Move` over the chess-movegen library, its PGN reader
//! and NumPy encodings of many positions at once.
//!
//! The Python package (`python/chess_movegen/`) re-exports everything here
//! and adds the pure-Python helpers (square names, conversions to and from
//! python-chess).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod args;
mod arrays;
mod arrow;
mod bitboards;
mod board;
mod moves;
mod pgn;

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

/// The native module, `chess_movegen._chess_movegen`.
#[pymodule]
fn _chess_movegen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<pgn::PgnGame>()?;
    m.add_class::<pgn::GameReader>()?;
    m.add_class::<pgn::PgnReport>()?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add_function(wrap_pyfunction!(board::perft, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::validate_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::planes, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::bitboards, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::legal_move_masks, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::legal_moves_many, m)?)?;
    arrow::register(m)?;
    bitboards::register(m)
}
