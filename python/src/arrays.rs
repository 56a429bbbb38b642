//! Many positions at once into NumPy arrays (piece planes, bitboards,
//! legal-move masks) and lists (legal moves).
//!
//! Layout (documented in the package README):
//! - planes: `(N, 12, 8, 8)` uint8; plane `color * 6 + piece_type - 1`
//!   with white = 0, black = 1 (white pawn, knight, bishop, rook, queen,
//!   king, then black's), row = rank (0 = rank 1), column = file (0 = a):
//!   `planes[n, p, sq // 8, sq % 8]` for python-chess square `sq`;
//! - bitboards: `(N, 12)` uint64 in the same plane order, bit `sq` set for
//!   a piece on square `sq`;
//! - legal-move masks: `(N, 64, 64)` bool, `[n, from, to]` set for each
//!   legal move as python-chess writes it (castling `e1g1` on standard
//!   boards); promotions to different pieces share one entry.

use chess_movegen::{Color, Position};
use numpy::{PyArray1, PyArray4, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::board::{parse_fen_text, Board};
use crate::moves::{move_object, PyMv};

/// One input position: a board's, or a FEN still to read.
enum Item {
    Board(Position, bool),
    Fen(String),
}

/// Reads a sequence of boards and FEN strings (FENs are read as standard
/// chess, with the GIL released).
fn positions_of(py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Vec<(Position, bool)>> {
    let mut items = Vec::with_capacity(positions.len().unwrap_or(0));
    for (i, item) in positions.try_iter()?.enumerate() {
        let item = item?;
        if let Ok(board) = item.cast::<Board>() {
            let b = board.borrow();
            b.playable().map_err(|e| PyValueError::new_err(format!("position {i}: {}", e.value(py))))?;
            items.push(Item::Board(b.pos, b.chess960));
        } else if let Ok(s) = item.cast::<PyString>() {
            items.push(Item::Fen(s.to_cow()?.into_owned()));
        } else {
            return Err(PyTypeError::new_err(format!(
                "position {i}: expected a Board or a FEN string, got {}",
                item.get_type().name()?
            )));
        }
    }
    let parsed: Result<Vec<(Position, bool)>, (usize, String)> = crate::shutdown::detach(py, move || {
        items
            .into_iter()
            .enumerate()
            .map(|(i, item)| match item {
                Item::Board(pos, chess960) => Ok((pos, chess960)),
                Item::Fen(fen) => parse_fen_text(&fen, false).map(|pos| (pos, false)).map_err(|e| (i, e)),
            })
            .collect()
    });
    parsed.map_err(|(i, e)| crate::errors::InvalidFenError::new_err(format!("position {i}: {e}")))
}

fn plane_index(color: Color, role_index: usize) -> usize {
    if color == Color::White {
        role_index
    } else {
        6 + role_index
    }
}

fn fill_planes(pos: &Position, out: &mut [u8]) {
    out.fill(0);
    for sq in pos.occupied() {
        if let Some(p) = pos.piece_at(sq) {
            out[plane_index(p.color, p.role.index()) * 64 + sq as usize] = 1;
        }
    }
}

/// Planes of positions, as a new array.
pub(crate) fn planes_of<'py>(py: Python<'py>, positions: &[Position]) -> PyResult<Bound<'py, PyAny>> {
    let data = crate::shutdown::detach(py, || {
        let mut data = vec![0u8; positions.len() * 768];
        for (pos, chunk) in positions.iter().zip(data.chunks_exact_mut(768)) {
            fill_planes(pos, chunk);
        }
        data
    });
    Ok(PyArray1::from_vec(py, data).reshape([positions.len(), 12, 8, 8])?.into_any())
}

/// Piece planes of many positions (Boards or FEN strings): an
/// `(N, 12, 8, 8)` uint8 array, plane `color * 6 + piece_type - 1` (white
/// first), row = rank, column = file. With `out`, a C-contiguous uint8
/// array of exactly that shape is filled and returned instead.
#[pyfunction]
#[pyo3(signature = (positions, *, out = None))]
pub fn planes<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let items = positions_of(py, positions)?;
    let positions: Vec<Position> = items.iter().map(|&(p, _)| p).collect();
    let Some(out) = out else { return planes_of(py, &positions) };
    let expected = [positions.len(), 12, 8, 8];
    let wrong = || {
        PyValueError::new_err(format!("out must be a C-contiguous uint8 array of shape {:?}", (expected[0], 12, 8, 8)))
    };
    let array = out.cast::<PyArray4<u8>>().map_err(|_| wrong())?;
    if array.shape() != expected || !array.is_c_contiguous() {
        return Err(wrong());
    }
    let mut rw = array.try_readwrite().map_err(|e| PyValueError::new_err(format!("out is not writable: {e}")))?;
    let data = rw.as_slice_mut().map_err(|_| wrong())?;
    for (pos, chunk) in positions.iter().zip(data.chunks_exact_mut(768)) {
        fill_planes(pos, chunk);
    }
    Ok(out.clone())
}

/// Bitboards of many positions (Boards or FEN strings): an `(N, 12)`
/// uint64 array in the planes' order, bit `sq` for a piece on `sq`.
#[pyfunction]
pub fn bitboards<'py>(py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let items = positions_of(py, positions)?;
    let mut data = vec![0u64; items.len() * 12];
    for ((pos, _), chunk) in items.iter().zip(data.chunks_exact_mut(12)) {
        for color in Color::ALL {
            for role in chess_movegen::Role::ALL {
                chunk[plane_index(color, role.index())] = pos.pieces(color, role).0;
            }
        }
    }
    Ok(PyArray1::from_vec(py, data).reshape([items.len(), 12])?.into_any())
}

/// Legal-move masks of many positions (Boards or FEN strings): an
/// `(N, 64, 64)` bool array, `[n, from_square, to_square]` set for each
/// legal move as python-chess writes it; promotions share one entry.
#[pyfunction]
pub fn legal_move_masks<'py>(py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let items = positions_of(py, positions)?;
    let mut data = vec![false; items.len() * 4096];
    for ((pos, chess960), chunk) in items.iter().zip(data.chunks_exact_mut(4096)) {
        for mv in pos.legal_moves() {
            let m = PyMv::from_raw(mv, *chess960);
            chunk[m.from as usize * 64 + m.to as usize] = true;
        }
    }
    Ok(PyArray1::from_vec(py, data).reshape([items.len(), 64, 64])?.into_any())
}

/// The legal moves of many positions (Boards or FEN strings): a list of
/// lists of `Move`, in the order of `board.legal_moves`.
#[pyfunction]
pub fn legal_moves_many<'py>(py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let items = positions_of(py, positions)?;
    let outer = PyList::empty(py);
    for (pos, chess960) in &items {
        let mut moves = pos.legal_moves();
        crate::board::python_chess_order(pos, &mut moves, true);
        outer.append(PyList::new(py, moves.iter().map(|&mv| move_object(py, PyMv::from_raw(mv, *chess960))))?)?;
    }
    Ok(outer)
}
