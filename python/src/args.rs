//! Arguments read as python-chess reads them: colours (any truthy value is
//! white) and squares (an out-of-range int of any size is an IndexError).

use chess_movegen::{Color, Square};
use pyo3::exceptions::{PyIndexError, PyOverflowError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A colour argument: `True`/`1`/any truthy value is white, `False`/`0`
/// black (python-chess indexes by the value, and `WHITE = True`).
#[derive(Clone, Copy)]
pub(crate) struct ColorArg(pub bool);

impl ColorArg {
    /// The library's colour.
    pub fn color(self) -> Color {
        if self.0 {
            Color::White
        } else {
            Color::Black
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for ColorArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(ColorArg(obj.is_truthy()?))
    }
}

/// A square argument (0 = a1 … 63 = h8): an int outside that range, of any
/// size, raises IndexError; anything that is not an int, TypeError.
#[derive(Clone, Copy)]
pub(crate) struct SquareArg(pub Square);

impl<'a, 'py> FromPyObject<'a, 'py> for SquareArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<i64>() {
            Ok(sq) => square_arg(sq).map(SquareArg),
            Err(err) if err.is_instance_of::<PyOverflowError>(obj.py()) => {
                Err(PyIndexError::new_err(format!("square must be 0..63, got {}", &*obj)))
            }
            Err(err) => Err(err),
        }
    }
}

/// The square of an index 0..63, else IndexError.
pub(crate) fn square_arg(sq: i64) -> PyResult<Square> {
    u8::try_from(sq)
        .ok()
        .and_then(Square::from_index)
        .ok_or_else(|| PyIndexError::new_err(format!("square must be 0..63, got {sq}")))
}

/// A text argument (a move in SAN or UCI): any `str`, a lone surrogate
/// included (read as U+FFFD, which no notation has, so the text is
/// refused as invalid, as python-chess refuses it, not with a
/// UnicodeEncodeError); anything else is a TypeError.
pub(crate) struct TextArg(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for TextArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(TextArg(obj.cast::<PyString>()?.to_string_lossy().into_owned()))
    }
}

/// How many characters of a refused text an error message repeats.
const ECHO_CHARS: usize = 32;

/// A refused text as error messages repeat it, as the library's move
/// errors do: whole up to 32 characters, else its first 32, `…` and its
/// length in bytes (a 10 MB argument gives a short message).
pub(crate) fn echo(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}\u{2026} ({} bytes)", &text[..cut], text.len()),
    }
}

/// A set-of-squares argument, read as python-chess's `SquareSet(x)` reads
/// it: anything with `__int__` (an int, a `SquareSet`) is a bitboard cut
/// to 64 bits; anything else, an iterable of squares.
pub(crate) struct MaskArg(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for MaskArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.hasattr("__int__")? {
            let int = obj.call_method0("__int__")?;
            return Ok(MaskArg(int.bitand(u64::MAX)?.extract()?));
        }
        let mut mask = 0u64;
        for item in obj.try_iter()? {
            mask |= item?.extract::<SquareArg>()?.0.bitboard().0;
        }
        Ok(MaskArg(mask))
    }
}
