//! Streaming PGN reading on the library's `pgn::Reader`: games with their
//! headers, mainline moves and result, and a validate-only mode.

use std::io::Read;
use std::path::PathBuf;
use std::sync::{Mutex, TryLockError};

use chess_movegen::pgn::{IoInput, Limit, PgnErrorKind, Reader, Skip, TagValue, Visitor};
use chess_movegen::GameResult as PgnResult;
use chess_movegen::{CastlingMode, Move as RawMove, Position};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};

use crate::arrays;
use crate::board::Board;
use crate::moves::{move_object, PyMv};

/// The seven-tag roster with python-chess's defaults for missing tags.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// What a game's visit collects.
#[derive(Default)]
struct Collect {
    /// Only check the moves, keep nothing.
    validate: bool,
    headers: Vec<(String, String)>,
    start: Option<Position>,
    moves: Vec<RawMove>,
    py_moves: Vec<PyMv>,
    result: Option<&'static str>,
}

impl Collect {
    fn clear(&mut self) {
        self.headers.clear();
        self.start = None;
        self.moves.clear();
        self.py_moves.clear();
        self.result = None;
    }
}

impl Visitor for Collect {
    type Output = ();

    fn begin_game(&mut self) {
        self.clear();
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        if !self.validate {
            self.headers.push((String::from_utf8_lossy(name).into_owned(), value.decode().into_owned()));
        }
    }

    fn end_tags(&mut self, start: &Position) -> Skip {
        self.start = Some(*start);
        Skip(false)
    }

    fn play(&mut self, before: &Position, mv: RawMove) -> Skip {
        if !self.validate {
            let chess960 = before.castling_mode() == CastlingMode::Chess960;
            self.moves.push(mv);
            self.py_moves.push(PyMv::from_raw(mv, chess960));
        }
        Skip(false)
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn result(&mut self, result: PgnResult) {
        self.result = Some(result.as_str());
    }

    fn end_game(&mut self) {}
}

type Source = Reader<IoInput<Box<dyn Read + Send>>>;

/// A PGN file named by a path (str or os.PathLike). File objects are read
/// by `chess_movegen.read_games` through `feed::PgnFeed`, so that their
/// `read()` runs in Python's frames, not under this module's.
fn open(source: &Bound<'_, PyAny>) -> PyResult<Games> {
    let read: Box<dyn Read + Send> = if let Ok(path) = source.extract::<PathBuf>() {
        let file = std::fs::File::open(&path)
            // OSError(errno, text, path) is the errno's subclass (FileNotFoundError, ...).
            .map_err(|e| {
                let errno = e.raw_os_error().unwrap_or(0);
                pyo3::exceptions::PyOSError::new_err((errno, format!("cannot open: {e}"), path.display().to_string()))
            })?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(pyo3::exceptions::PyIsADirectoryError::new_err(format!(
                "cannot read {}: it is a directory",
                path.display()
            )));
        }
        Box::new(file)
    } else if source.hasattr("read")? {
        return Err(PyTypeError::new_err(
            "the native reader takes a path; chess_movegen.read_games and validate_pgn take file objects too",
        ));
    } else {
        return Err(PyTypeError::new_err("read_games takes a path (str or os.PathLike) or a file object"));
    };
    Ok(Games::new(read))
}

/// A PGN source and the visitor its games are read with.
pub(crate) struct Games {
    reader: Source,
    visitor: Collect,
}

impl Games {
    /// The games of `read`.
    pub(crate) fn new(read: Box<dyn Read + Send>) -> Games {
        Games { reader: Reader::new(read), visitor: Collect::default() }
    }

    /// The next game, or None at the end of the source. An error that ends
    /// the input (a line longer than the reader takes: binary data or an
    /// endless stream) is `Err` with its message; any other error of a game
    /// goes into that game's `errors`.
    pub(crate) fn next_game(&mut self) -> Option<Result<PgnGame, String>> {
        self.visitor.clear();
        let outcome = self.reader.read_game(&mut self.visitor)?;
        let v = &mut self.visitor;
        let errors = match outcome {
            Ok(()) => Vec::new(),
            Err(e) if matches!(e.kind, PgnErrorKind::TooLong { limit: Limit::Line, .. }) => {
                return Some(Err(e.to_string()))
            }
            Err(e) => vec![e.to_string()],
        };
        Some(Ok(PgnGame {
            header_list: std::mem::take(&mut v.headers),
            headers: PyOnceLock::new(),
            start: v.start.unwrap_or_else(Position::startpos),
            moves: std::mem::take(&mut v.moves),
            py_moves: std::mem::take(&mut v.py_moves),
            result: v.result.unwrap_or(""),
            errors,
        }))
    }

    /// Reads every game, checking moves and keeping nothing (`validate_pgn`).
    pub(crate) fn validate(mut self) -> PgnReport {
        self.visitor.validate = true;
        let mut games = 0;
        let mut errors = Vec::new();
        while let Some(outcome) = self.reader.read_game(&mut self.visitor) {
            games += 1;
            if let Err(e) = outcome {
                errors.push(e.to_string());
            }
        }
        PgnReport { games, errors }
    }
}

/// One game of a PGN file: `headers` (a dict, the seven-tag roster first
/// with python-chess's defaults), the mainline `moves`, the `result`
/// marker, and `errors` (the reader's messages; a game with an error has
/// the moves read before it).
#[pyclass(module = "chess_movegen", name = "PgnGame", frozen)]
pub struct PgnGame {
    header_list: Vec<(String, String)>,
    headers: PyOnceLock<Py<PyDict>>,
    start: Position,
    moves: Vec<RawMove>,
    py_moves: Vec<PyMv>,
    result: &'static str,
    errors: Vec<String>,
}

#[pymethods]
impl PgnGame {
    /// The tag pairs, in a dict: the seven-tag roster first (`?`,
    /// `????.??.??` or `*` where the file has none), then the others in
    /// file order.
    #[getter]
    fn headers(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        let dict = self.headers.get_or_try_init(py, || -> PyResult<Py<PyDict>> {
            let dict = PyDict::new(py);
            for (name, default) in ROSTER {
                let mut value = self.header_list.iter().rev().find(|(n, _)| n == name).map_or(default, |(_, v)| v);
                // A Result tag missing or `*` takes the movetext's result, as in python-chess.
                if name == "Result" && value == "*" && !self.result.is_empty() {
                    value = self.result;
                }
                dict.set_item(name, value)?;
            }
            for (name, value) in &self.header_list {
                if !ROSTER.iter().any(|(n, _)| n == name) {
                    dict.set_item(name, value)?;
                }
            }
            Ok(dict.unbind())
        })?;
        Ok(dict.clone_ref(py))
    }

    /// The mainline moves, as a list of `Move`.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.py_moves.iter().map(|&m| move_object(py, m)))
    }

    /// The mainline moves (python-chess's `game.mainline_moves()`).
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.moves(py)
    }

    /// The termination marker of the movetext (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`), or the Result tag's value when the movetext has none.
    #[getter]
    fn result(&self) -> String {
        if !self.result.is_empty() {
            return self.result.to_owned();
        }
        self.header_list.iter().find(|(n, _)| n == "Result").map_or("*".to_owned(), |(_, v)| v.clone())
    }

    /// The reader's error messages for this game (empty when it read well).
    #[getter]
    fn errors(&self) -> Vec<String> {
        self.errors.clone()
    }

    /// The starting position as a new Board.
    fn board(&self) -> Board {
        Board::from_position(self.start, self.start.castling_mode() == CastlingMode::Chess960)
    }

    /// The position after the last mainline move, with the moves on its
    /// stack (python-chess's `game.end().board()`).
    fn end_board(&self) -> Board {
        let mut board = self.board();
        for &mv in &self.moves {
            board.push_raw(mv);
        }
        board
    }

    /// Piece planes of every position of the mainline, the start included:
    /// a `(len(moves) + 1, 12, 8, 8)` uint8 array (layout of `planes`).
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start;
        positions.push(pos);
        for &mv in &self.moves {
            if mv.is_null() {
                pos.make_null_move();
            } else {
                pos.make_move(mv);
            }
            positions.push(pos);
        }
        arrays::planes_of(py, &positions)
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __repr__(&self) -> String {
        let get = |n: &str| self.header_list.iter().find(|(k, _)| k == n).map_or("?", |(_, v)| v.as_str()).to_owned();
        format!("<PgnGame {} vs {}, {} moves, {}>", get("White"), get("Black"), self.moves.len(), self.result())
    }
}

/// The games of a PGN file, one at a time (an iterator). Any thread may
/// advance it; while one does, another gets a RuntimeError.
#[pyclass(module = "chess_movegen", name = "GameReader", frozen)]
pub struct GameReader {
    games: Mutex<Games>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> PyResult<Option<PgnGame>> {
        let mut games = match self.games.try_lock() {
            Ok(games) => games,
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => {
                return Err(PyRuntimeError::new_err("the GameReader is being advanced by another thread"))
            }
        };
        games.next_game().transpose().map_err(crate::errors::PgnError::new_err)
    }
}

/// Reads the games of a PGN file (a path, or a file object opened in
/// binary or text mode), one at a time: `for game in read_games(path)`.
/// Side lines, comments and NAGs are skipped; every mainline move is
/// checked. A game with an error comes with its message in `game.errors`
/// and the moves read before it; reading goes on with the next game.
#[pyfunction]
pub fn read_games(source: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    Ok(GameReader { games: Mutex::new(open(source)?) })
}

/// What `validate_pgn` found: the number of games and the error messages
/// (each names the game, line and column).
#[pyclass(module = "chess_movegen", name = "PgnReport", frozen, get_all)]
pub struct PgnReport {
    /// How many games the source holds.
    games: u64,
    /// One message per game with an error.
    errors: Vec<String>,
}

#[pymethods]
impl PgnReport {
    /// True when no game has an error.
    fn __bool__(&self) -> bool {
        self.errors.is_empty()
    }

    fn __repr__(&self) -> String {
        format!("<PgnReport {} games, {} errors>", self.games, self.errors.len())
    }
}

/// Checks every game of a PGN source (path or file object) without
/// keeping anything: tags, movetext, and the legality of every mainline
/// move. Returns a `PgnReport`.
#[pyfunction]
pub fn validate_pgn(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<PgnReport> {
    let games = open(source)?;
    Ok(crate::shutdown::detach(py, move || games.validate()))
}
