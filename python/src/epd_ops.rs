//! EPD operations for `Board.epd(**operations)`, `Board.set_epd` and
//! `Board.from_epd`, on the library's EPD records (`chess_movegen::epd`):
//! python-chess's operand types in, python-chess's values out.

use chess_movegen::epd::{Epd, Operand};
use chess_movegen::{CastlingMode, FenOptions, Move as RawMove, Position};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};

use crate::args::echo;
use crate::moves::{extract_move, move_object, PyMv};

/// The legal move `obj` (a `Move` or python-chess's) names in `pos`.
fn legal_move(pos: &Position, obj: &Bound<'_, PyAny>) -> PyResult<RawMove> {
    let m = extract_move(obj)?;
    m.to_raw(pos, true)
        .filter(|&mv| pos.is_legal(mv))
        .ok_or_else(|| PyValueError::new_err(format!("illegal move {:?} in {}", m.uci(), pos.fen())))
}

/// The moves of an iterable operand (`bm`, `am`, `pv`).
fn moves_of(pos: &Position, operand: &Bound<'_, PyAny>, line: bool) -> PyResult<Vec<RawMove>> {
    let mut at = *pos;
    let mut moves = Vec::new();
    for item in operand.try_iter()? {
        let mv = legal_move(&at, &item?)?;
        if line {
            at = at.play(mv);
        }
        moves.push(mv);
    }
    Ok(moves)
}

/// Sets one operation of `epd` as python-chess writes it: None as a bare
/// opcode, a move in SAN, numbers as numbers, `pv` as a line in SAN, `bm`
/// and `am` as moves in SAN sorted by their text, anything else as a
/// quoted string.
fn set_operation(epd: &mut Epd, opcode: &str, operand: &Bound<'_, PyAny>) -> PyResult<()> {
    let pos = *epd.position();
    let iterable = !operand.is_instance_of::<PyString>() && operand.try_iter().is_ok();
    let result = if operand.is_none() {
        epd.set(opcode, Operand::None)
    } else if let Ok(mv) = extract_move(operand) {
        let raw = if mv.is_null() { None } else { Some(legal_move(&pos, operand)?) };
        let text = raw.map_or_else(|| "--".to_owned(), |mv| pos.san(mv));
        epd.set(opcode, Operand::Tokens(text))
    } else if operand.is_instance_of::<PyBool>() {
        epd.set(opcode, Operand::Tokens(if operand.is_truthy()? { "True" } else { "False" }.to_owned()))
    } else if operand.is_instance_of::<PyInt>() {
        match operand.extract::<i64>() {
            Ok(n) => epd.set(opcode, Operand::Integer(n)),
            Err(_) => epd.set(opcode, Operand::Tokens(operand.str()?.to_string())),
        }
    } else if operand.is_instance_of::<PyFloat>() {
        let x: f64 = operand.extract()?;
        if !x.is_finite() {
            return Err(PyValueError::new_err(format!("an EPD number must be finite, got {x} for {opcode:?}")));
        }
        epd.set(opcode, Operand::Float(x))
    } else if opcode == "pv" && iterable {
        let line = moves_of(&pos, operand, true)?;
        epd.set_line(opcode, &line)
    } else if matches!(opcode, "am" | "bm") && iterable {
        let mut sans: Vec<String> = moves_of(&pos, operand, false)?.into_iter().map(|mv| pos.san(mv)).collect();
        sans.sort();
        let operand = if sans.is_empty() { Operand::None } else { Operand::Tokens(sans.join(" ")) };
        epd.set(opcode, operand)
    } else {
        epd.set(opcode, Operand::String(operand.str()?.to_string()))
    };
    result.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The operations part of `Board.epd(**operations)` for the position
/// `pos` (empty without operations).
pub(crate) fn write_operations(pos: &Position, operations: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let Some(operations) = operations.filter(|ops| !ops.is_empty()) else { return Ok(String::new()) };
    let mut epd = Epd::new(*pos);
    for (opcode, operand) in operations.iter() {
        let opcode: String = opcode.extract()?;
        set_operation(&mut epd, &opcode, &operand)?;
    }
    let text = epd.to_string();
    Ok(text.splitn(5, ' ').nth(4).unwrap_or_default().to_owned())
}

/// Reads an EPD record: the position (clocks from `hmvc`/`fmvn`) and
/// python-chess's operations dict: `bm`/`am` lists of moves, `pv` a list
/// of moves played in turn, numbers as int or float, strings, None for a
/// bare opcode, and any other unquoted operand as a move in SAN where it
/// is one (else the text).
pub(crate) fn read(py: Python<'_>, text: &str, chess960: bool) -> PyResult<(Position, Py<PyDict>)> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let options = FenOptions::new().castling(mode).lenient(true).impossible_check(true);
    let epd = Epd::parse_with(text.trim(), options)
        .map_err(|e| PyValueError::new_err(format!("invalid EPD {:?}: {e}", echo(text))))?;
    let pos = *epd.position();
    let ops = PyDict::new(py);
    let py_moves = |moves: Vec<RawMove>| -> PyResult<Bound<'_, PyList>> {
        PyList::new(py, moves.into_iter().map(|mv| move_object(py, PyMv::from_raw(mv, chess960))))
    };
    for (opcode, operand) in epd.ops() {
        let value: Bound<'_, PyAny> = match (opcode, operand) {
            (_, Operand::None) => py.None().into_bound(py),
            ("pv", _) => py_moves(epd.line(opcode).map_err(|e| PyValueError::new_err(e.to_string()))?)?.into_any(),
            ("am" | "bm", _) => {
                py_moves(epd.moves(opcode).map_err(|e| PyValueError::new_err(e.to_string()))?)?.into_any()
            }
            (_, Operand::String(s)) => PyString::new(py, s).into_any(),
            (_, Operand::Integer(n)) => n.into_pyobject(py)?.into_any(),
            (_, Operand::Float(x)) => x.into_pyobject(py)?.into_any(),
            (_, Operand::Tokens(t)) => match pos.parse_san(t) {
                Ok(mv) => move_object(py, PyMv::from_raw(mv, chess960)).into_bound(py).into_any(),
                Err(_) => PyString::new(py, t).into_any(),
            },
            (_, other) => PyString::new(py, &other.to_string()).into_any(),
        };
        ops.set_item(opcode, value)?;
    }
    Ok((pos, ops.unbind()))
}
