//! Bitboard transformations, python-chess's `flip_*` and `shift_*`
//! functions: a bitboard (an int, bit 0 = a1 … bit 63 = h8) in, the
//! flipped or shifted bitboard out, squares moved off the board dropped.
//! `Board.transform` takes any of them. The four vertical shifts are one
//! Python operator each, faster in Python than through a call into the
//! extension, so they are in `chess_movegen/__init__.py`.

use chess_movegen::{attacks, Bitboard, File};
use pyo3::prelude::*;

use crate::args::SquareArg;

const FILE_A: u64 = File::A.bitboard().0;
const FILE_B: u64 = File::B.bitboard().0;
const FILE_G: u64 = File::G.bitboard().0;
const FILE_H: u64 = File::H.bitboard().0;

/// The board flipped top to bottom: a1 to a8.
#[pyfunction]
pub fn flip_vertical(bb: u64) -> u64 {
    Bitboard(bb).flip_vertical().0
}

/// The board flipped left to right: a1 to h1.
#[pyfunction]
pub fn flip_horizontal(bb: u64) -> u64 {
    Bitboard(bb).flip_horizontal().0
}

/// The board flipped about the a1-h8 diagonal: file and rank exchanged
/// (b1 to a2).
#[pyfunction]
pub fn flip_diagonal(bb: u64) -> u64 {
    let mut out = 0;
    let mut rest = bb;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        out |= 1 << ((sq & 7) * 8 + (sq >> 3));
        rest &= rest - 1;
    }
    out
}

/// The board flipped about the h1-a8 diagonal (a1 to h8).
#[pyfunction]
pub fn flip_anti_diagonal(bb: u64) -> u64 {
    flip_vertical(flip_horizontal(flip_diagonal(bb)))
}

/// Every square of bitboard `b` one file to the right (towards h).
#[pyfunction]
pub fn shift_right(b: u64) -> u64 {
    (b << 1) & !FILE_A
}

/// Every square of bitboard `b` two files to the right.
#[pyfunction]
pub fn shift_2_right(b: u64) -> u64 {
    (b << 2) & !(FILE_A | FILE_B)
}

/// Every square of bitboard `b` one file to the left (towards a).
#[pyfunction]
pub fn shift_left(b: u64) -> u64 {
    (b >> 1) & !FILE_H
}

/// Every square of bitboard `b` two files to the left.
#[pyfunction]
pub fn shift_2_left(b: u64) -> u64 {
    (b >> 2) & !(FILE_G | FILE_H)
}

/// Every square of bitboard `b` one step up and to the left.
#[pyfunction]
pub fn shift_up_left(b: u64) -> u64 {
    (b << 7) & !FILE_H
}

/// Every square of bitboard `b` one step up and to the right.
#[pyfunction]
pub fn shift_up_right(b: u64) -> u64 {
    (b << 9) & !FILE_A
}

/// Every square of bitboard `b` one step down and to the left.
#[pyfunction]
pub fn shift_down_left(b: u64) -> u64 {
    (b >> 9) & !FILE_H
}

/// Every square of bitboard `b` one step down and to the right.
#[pyfunction]
pub fn shift_down_right(b: u64) -> u64 {
    (b >> 7) & !FILE_A
}

/// The whole line through squares `a` and `b` (edge to edge, both
/// included) if they share a rank, file or diagonal, else 0 (python-chess's
/// `ray`; the library's `attacks::line`).
#[pyfunction]
pub fn ray(a: SquareArg, b: SquareArg) -> u64 {
    if a.0 == b.0 {
        return 0;
    }
    attacks::line(a.0, b.0).0
}

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal, else 0 (python-chess's `between`).
#[pyfunction]
pub fn between(a: SquareArg, b: SquareArg) -> u64 {
    attacks::between(a.0, b.0).0
}

/// Adds the functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(flip_vertical, m)?)?;
    m.add_function(wrap_pyfunction!(flip_horizontal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_anti_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(shift_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down_right, m)?)?;
    m.add_function(wrap_pyfunction!(ray, m)?)?;
    m.add_function(wrap_pyfunction!(between, m)?)
}
