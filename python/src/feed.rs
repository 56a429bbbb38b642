//! PGN from Python file objects: the library's reader runs on a thread of
//! its own and asks for bytes; Python code (`chess_movegen._feed`) calls
//! the file's `read()` and hands them over.
//!
//! A file object's `read()` may release the GIL (any real file does). Were
//! it called from this module's code, a daemon thread reading when the
//! interpreter exits would be ended inside Rust frames, which aborts the
//! process (see `shutdown`). Called from Python's own frames, the thread
//! ends as any Python thread does.

use std::io::Read;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Mutex, TryLockError};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::pgn::{Games, PgnGame, PgnReport};

/// How many games (and requests for bytes) the reading thread may have
/// ready before Python takes them.
const AHEAD: usize = 64;

/// What the reading thread sends to Python.
enum Up {
    /// It needs at most this many bytes of the file.
    Need(usize),
    /// A game was read.
    Game(Box<PgnGame>),
    /// Every game was checked (`validate_pgn`).
    Report(PgnReport),
    /// The input ended with an error that stops reading (the message).
    Failed(String),
    /// The file has no more games.
    Done,
}

/// What Python sends back: bytes of the file (empty at its end), or the
/// message of the exception `read()` raised.
type Chunk = Result<Vec<u8>, String>;

/// The reading thread's input: bytes that Python hands over.
struct FedRead {
    up: SyncSender<Up>,
    down: Receiver<Chunk>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for FedRead {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.pending.len() {
            let closed = || std::io::Error::other("the reader was closed");
            self.up.send(Up::Need(buf.len().max(1))).map_err(|_| closed())?;
            self.pending = self.down.recv().map_err(|_| closed())?.map_err(std::io::Error::other)?;
            self.at = 0;
        }
        let n = (self.pending.len() - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A PGN reader fed by Python: `poll()` gives the next game (or, with
/// `validate`, the report), an int (read that many bytes of the file and
/// pass them to `feed`, or the exception's message to `fail`), or None at
/// the end. The reading thread ends when this object is dropped.
#[pyclass(module = "chess_movegen", name = "PgnFeed", frozen)]
pub struct PgnFeed {
    up: Mutex<Receiver<Up>>,
    down: SyncSender<Chunk>,
}

/// A `PgnFeed` reading games (`validate=False`) or checking them.
#[pyfunction]
pub fn pgn_feed(validate: bool) -> PyResult<PgnFeed> {
    let (up_tx, up_rx) = sync_channel(AHEAD);
    let (down_tx, down_rx) = sync_channel(1);
    let read = FedRead { up: up_tx.clone(), down: down_rx, pending: Vec::new(), at: 0 };
    std::thread::Builder::new()
        .name("chess_movegen PGN".to_owned())
        .spawn(move || {
            // Made here: the reader may read as it starts.
            let mut games = Games::new(Box::new(read));
            if validate {
                if up_tx.send(Up::Report(games.validate())).is_err() {
                    return;
                }
            } else {
                while let Some(game) = games.next_game() {
                    let message = match game {
                        Ok(game) => Up::Game(Box::new(game)),
                        Err(message) => Up::Failed(message),
                    };
                    if up_tx.send(message).is_err() {
                        return;
                    }
                }
            }
            let _ = up_tx.send(Up::Done);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the PGN reading thread: {e}")))?;
    Ok(PgnFeed { up: Mutex::new(up_rx), down: down_tx })
}

#[pymethods]
impl PgnFeed {
    /// The next game or report, the number of bytes wanted, or None.
    fn poll(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let mut up = match self.up.try_lock() {
            Ok(up) => up,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err("the PGN reader is being advanced by another thread"))
            }
        };
        let rx: &mut Receiver<Up> = &mut up;
        let message = crate::shutdown::detach(py, move || rx.recv());
        Ok(match message {
            Ok(Up::Need(n)) => Some(n.into_pyobject(py)?.into_any().unbind()),
            Ok(Up::Game(game)) => Some(Py::new(py, *game)?.into_any()),
            Ok(Up::Report(report)) => Some(Py::new(py, report)?.into_any()),
            Ok(Up::Failed(message)) => return Err(crate::errors::PgnError::new_err(message)),
            Ok(Up::Done) | Err(_) => None,
        })
    }

    /// Hands over what the file's `read()` returned: bytes, or text (read
    /// as UTF-8); anything else is an error of the game being read.
    fn feed(&self, data: &Bound<'_, PyAny>) {
        let chunk = if let Ok(b) = data.cast::<PyBytes>() {
            Ok(b.as_bytes().to_vec())
        } else if let Ok(s) = data.cast::<PyString>() {
            Ok(s.to_string_lossy().into_owned().into_bytes())
        } else {
            Err(format!("read() of the PGN file must return bytes or str, not {}", type_name(data)))
        };
        let _ = self.down.send(chunk);
    }

    /// Hands over the message of the exception the file's `read()` raised.
    fn fail(&self, message: String) {
        let _ = self.down.send(Err(message));
    }
}

/// The name of an object's type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(|_| "?".to_owned(), |n| n.to_string())
}
