//! The Arrow tables of chess-movegen-arrow for Python: a stream object
//! with `__arrow_c_stream__` (the Arrow PyCapsule interface, which
//! pyarrow, Polars and DuckDB take without a copy); pyarrow writes the
//! Parquet files (`chess_movegen/arrow.py`).
//! `chess_movegen/arrow.py` wraps them.

use std::ffi::CString;
use std::io::{Cursor, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator, RecordBatchReader};
use chess_movegen_arrow::{decompress, open, Converter, Options, Table, TableReader};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule};

fn table(name: &str) -> PyResult<Table> {
    match name {
        "games" => Ok(Table::Games),
        "positions" => Ok(Table::Positions),
        _ => Err(PyValueError::new_err(format!("table {name:?}: expected 'games' or 'positions'"))),
    }
}

/// A table of PGN games as a stream of record batches, read once.
#[pyclass(module = "chess_movegen._chess_movegen")]
pub struct ArrowStream {
    /// Taken by the first `__arrow_c_stream__` (a Mutex: Python objects
    /// may be shared between threads).
    reader: Mutex<Option<Box<dyn RecordBatchReader + Send>>>,
}

#[pymethods]
impl ArrowStream {
    /// The stream as an `ArrowArrayStream` PyCapsule (the Arrow PyCapsule
    /// interface). A stream can be taken once; `requested_schema` is
    /// ignored (the schema is the table's).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let taken = self.reader.lock().unwrap_or_else(|e| e.into_inner()).take();
        let reader = taken.ok_or_else(|| PyRuntimeError::new_err("the stream was already read"))?;
        let stream = FFI_ArrowArrayStream::new(reader);
        let name = CString::new("arrow_array_stream").expect("no NUL");
        PyCapsule::new(py, stream, Some(name))
    }
}

impl ArrowStream {
    /// A stream of the one batch `batch`.
    fn of_batch(batch: RecordBatch) -> ArrowStream {
        let schema = batch.schema();
        let reader: Box<dyn RecordBatchReader + Send> = Box::new(RecordBatchIterator::new([Ok(batch)], schema));
        ArrowStream { reader: Mutex::new(Some(reader)) }
    }
}

/// Both tables of a PGN read in one pass: an iterator of pairs of
/// streams of one batch each, the games table's and the positions
/// table's (the positions of the same games).
#[pyclass(module = "chess_movegen._chess_movegen")]
pub struct ArrowPairs {
    converter: Mutex<Converter<Box<dyn Read + Send>>>,
}

#[pymethods]
impl ArrowPairs {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next pair, read with the GIL released; `None` (StopIteration)
    /// when the input is over.
    fn __next__(&self, py: Python<'_>) -> Option<(ArrowStream, ArrowStream)> {
        let batches = py.detach(|| self.converter.lock().unwrap_or_else(|e| e.into_inner()).next_batches())?;
        // A converter built for both tables gives a batch of each.
        let (games, positions) = (batches.games?, batches.positions?);
        Some((ArrowStream::of_batch(games), ArrowStream::of_batch(positions)))
    }
}

/// The PGN to read: a path (plain or zstd) or bytes (plain or zstd).
fn source(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<(Box<dyn Read + Send>, String)> {
    if let Ok(bytes) = source.cast::<PyBytes>() {
        let data = Cursor::new(bytes.as_bytes().to_vec());
        let read = decompress(data).map_err(|e| PyOSError::new_err(e.to_string()))?;
        return Ok((read, String::new()));
    }
    let path: PathBuf =
        source.extract().map_err(|_| PyTypeError::new_err("expected a path (str or os.PathLike) or bytes of PGN"))?;
    let read = py.detach(|| open(&path)).map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok((read, path.to_string_lossy().into_owned()))
}

/// `arrow_stream(source, table="games", batch_size=256, uci=False,
/// san=False)`: the games or positions table of the PGN in `source` as an
/// `ArrowStream`.
#[pyfunction]
#[pyo3(signature = (source, table="games", batch_size=256, uci=false, san=false))]
pub fn arrow_stream(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    table: &str,
    batch_size: usize,
    uci: bool,
    san: bool,
) -> PyResult<ArrowStream> {
    let table = self::table(table)?;
    let (read, name) = self::source(py, source)?;
    let options = Options { batch_size: batch_size.max(1), uci, san, ..Options::default() };
    let reader: Box<dyn RecordBatchReader + Send> = Box::new(TableReader::new(read, &name, table, &options));
    Ok(ArrowStream { reader: Mutex::new(Some(reader)) })
}

/// `arrow_pairs(source, batch_size=256, uci=False, san=False)`: both
/// tables of the PGN in `source`, read in one pass, as `ArrowPairs`.
#[pyfunction]
#[pyo3(signature = (source, batch_size=256, uci=false, san=false))]
pub fn arrow_pairs(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    batch_size: usize,
    uci: bool,
    san: bool,
) -> PyResult<ArrowPairs> {
    let (read, name) = self::source(py, source)?;
    let options = Options { batch_size: batch_size.max(1), uci, san, ..Options::default() };
    Ok(ArrowPairs { converter: Mutex::new(Converter::new(read, &name, true, true, &options)) })
}

/// Registers the classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ArrowStream>()?;
    m.add_class::<ArrowPairs>()?;
    m.add_function(wrap_pyfunction!(arrow_stream, m)?)?;
    m.add_function(wrap_pyfunction!(arrow_pairs, m)?)
}
