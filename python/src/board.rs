//! `Board`: a position with its move stack, python-chess's `Board` API on
//! the library's `Position`.

use chess_movegen::{
    attacks, Bitboard, CastlingMode, Color, DrawReason, FenOptions, GameState, Move as RawMove, MoveError, MoveList,
    Outcome, Piece as RawPiece, Position, Rank, Repairs, Repetitions, Role, Setup, Square, Undo,
};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyList, PyType};

use crate::args::{echo, ColorArg, MaskArg, SquareArg, TextArg};
use crate::edit::{self, Edited, View};
use crate::errors::{move_error, IllegalMoveError, InvalidFenError, InvalidMoveError};
use crate::moves::{extract_move, extract_piece, move_object, piece_object, python_chess_san_shape, Move, Piece, PyMv};

/// What `Board.__reduce__` gives pickle: the rebuilding function and its
/// arguments (class, root FEN, Chess960 flag, moves in UCI).
type Reduced = (Py<PyAny>, (Py<PyAny>, String, bool, Vec<String>));

/// The standard starting position.
pub(crate) const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One move of the stack, with what unmaking it and the repetition rules
/// need.
#[derive(Clone, Copy)]
struct Entry {
    mv: RawMove,
    undo: Undo,
    /// The move as python-chess writes it (for `pop`, `peek`, `move_stack`).
    py: PyMv,
    /// A capture or pawn move (resets the halfmove clock).
    zeroing: bool,
}

/// Reads a FEN as python-chess's `Board` does: the clocks may be missing,
/// castling rights without their king or rook are dropped, an en-passant
/// square no double step explains is ignored, a check no last move can
/// have given is accepted. Anything else wrong (syntax, no king, pawns on
/// the back rank, the side not to move in check) raises InvalidFenError
/// with the library's message.
pub(crate) fn parse_fen(fen: &str, chess960: bool) -> PyResult<Position> {
    parse_fen_text(fen, chess960).map_err(InvalidFenError::new_err)
}

/// `parse_fen` without Python: the library's message on an error (so it
/// can run with the GIL released).
pub(crate) fn parse_fen_text(fen: &str, chess960: bool) -> Result<Position, String> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let options = FenOptions::new().castling(mode).lenient(true).impossible_check(true);
    Position::from_fen_with(fen, options).map(|(pos, _)| pos).map_err(|err| err.to_string())
}

/// The FEN of an edited board as python-chess writes it: the castling
/// rights python-chess's `clean_castling_rights` keeps (as rook files with
/// `shredder`); the caller writes the en-passant square and the clocks.
fn edited_fen(setup: &Setup, chess960: bool, shredder: bool) -> String {
    let clean = View::Setup(setup).clean_castling(chess960);
    let mut written = setup.clone();
    written.set_castling_rooks(clean);
    written.set_ep_square(None);
    let fen = written.fen();
    if !shredder {
        return fen;
    }
    let mut castling = String::new();
    for color in Color::ALL {
        let white = color == Color::White;
        for sq in (clean & Rank::First.relative_to(color).bitboard()).into_iter().rev() {
            let file = sq.file().char();
            castling.push(if white { file.to_ascii_uppercase() } else { file });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let fields: Vec<&str> = fen.split(' ').collect();
    format!("{} {} {castling} {}", fields[0], fields[1], fields[3..].join(" "))
}

/// The Unicode chess symbol of a piece (the other colour's with `invert`).
fn unicode_symbol(p: RawPiece, invert: bool) -> char {
    let i = p.role.index();
    if (p.color == Color::White) != invert {
        ['\u{2659}', '\u{2658}', '\u{2657}', '\u{2656}', '\u{2655}', '\u{2654}'][i]
    } else {
        ['\u{265f}', '\u{265e}', '\u{265d}', '\u{265c}', '\u{265b}', '\u{265a}'][i]
    }
}

/// The first rank of `color` (its castling rank), as a mask.
fn back_rank(color: Color) -> u64 {
    Rank::First.relative_to(color).bitboard().0
}

fn role_arg(piece_type: i64) -> PyResult<Role> {
    match piece_type {
        1..=6 => Ok(Role::ALL[piece_type as usize - 1]),
        _ => Err(PyValueError::new_err(format!("piece_type must be 1 (pawn) .. 6 (king), got {piece_type}"))),
    }
}

/// The termination codes `outcome()` hands to Python (the `Termination`
/// enum's order in python-chess).
const CHECKMATE: u8 = 1;
const STALEMATE: u8 = 2;
const INSUFFICIENT_MATERIAL: u8 = 3;
const SEVENTYFIVE_MOVES: u8 = 4;
const FIVEFOLD_REPETITION: u8 = 5;
const FIFTY_MOVES: u8 = 6;
const THREEFOLD_REPETITION: u8 = 7;

/// The Python `Outcome` factory, `chess_movegen._outcome.make_outcome`.
static MAKE_OUTCOME: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `chess_movegen._status.Status`, python-chess's status flags.
static STATUS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `chess_movegen._squareset._of`, which makes a `SquareSet` of a mask
/// without parsing it.
static SQUARE_SET: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A python-chess-style `SquareSet` of a bitboard.
fn square_set(py: Python<'_>, mask: u64) -> PyResult<Py<PyAny>> {
    let make = SQUARE_SET.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("chess_movegen._squareset")?.getattr("_of")?.unbind())
    })?;
    make.call1(py, (mask,))
}

/// `board` as an object of the class of `slf` (a subclass of Board
/// included, made without calling its `__init__`).
fn same_class(slf: &Bound<'_, Board>, board: Board) -> PyResult<Py<PyAny>> {
    of_class(&slf.get_type(), board)
}

/// `board` as an object of `class` (Board or a subclass of it, made
/// without calling its `__init__`).
fn of_class(class: &Bound<'_, PyType>, board: Board) -> PyResult<Py<PyAny>> {
    let py = class.py();
    if class.is(py.get_type::<Board>()) {
        return Ok(Py::new(py, board)?.into_any());
    }
    let obj = class.call_method1("__new__", (class,))?;
    *obj.cast::<Board>()?.borrow_mut() = board;
    Ok(obj.unbind())
}

/// A chess position and the moves that led to it, with python-chess's
/// `Board` methods: `Board(fen=STARTING_FEN, *, chess960=False)`.
/// Squares are 0 = a1 … 63 = h8, colours True = white, piece types 1 =
/// pawn … 6 = king. Every move pushed is checked: an illegal one raises
/// IllegalMoveError and leaves the board as it was.
#[pyclass(module = "chess_movegen", name = "Board", subclass)]
#[derive(Clone)]
pub struct Board {
    pub(crate) pos: Position,
    root: Position,
    stack: Vec<Entry>,
    pub(crate) chess960: bool,
    /// The FEN's halfmove clock minus the library's (the clock a FEN states, which the library may have corrected: see `from_fen`),
    /// in force until the first capture or pawn move.
    half_delta: i64,
    /// The FEN's fullmove number minus the library's.
    full_delta: i64,
    /// Captures and pawn moves on the stack.
    zeroing: u32,
    /// How many times each position since the root has occurred (the
    /// library's count, as `Game` keeps it).
    reps: Repetitions,
    /// The board as edited, when the library's `Position` cannot hold it
    /// as it is (see `edit.rs`); in force while the move stack is empty.
    edited: Option<Box<Edited>>,
}

impl Board {
    pub(crate) fn from_position(pos: Position, chess960: bool) -> Board {
        let reps = Repetitions::new(pos.repetition_key());
        Board {
            pos,
            root: pos,
            stack: Vec::new(),
            chess960,
            half_delta: 0,
            full_delta: 0,
            zeroing: 0,
            reps,
            edited: None,
        }
    }

    /// A board from a FEN, with the clocks the FEN states. A FEN the
    /// library repairs (castling rights without their rook, an en-passant
    /// square no double step explains) or cannot play (no king, say) gives
    /// an edited board, as python-chess keeps such boards.
    fn from_fen(fen: &str, chess960: bool) -> PyResult<Board> {
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let options = FenOptions::new().castling(mode).lenient(true).impossible_check(true);
        let stated = || Setup::from_fen_with(fen, options).map_err(|e| InvalidFenError::new_err(e.to_string()));
        match Position::from_fen_with(fen, options) {
            Ok((pos, repairs)) if !repairs.intersects(Repairs::CASTLING_RIGHTS | Repairs::EP_SQUARE) => {
                let mut board = Board::from_position(pos, chess960);
                if repairs.contains(Repairs::COUNTERS) {
                    // The library corrected clocks no game can reach (a
                    // halfmove clock beside an en-passant square, or more
                    // half-moves than moves played); python-chess keeps
                    // them as the FEN states them, and so does `Board`, on
                    // top of the library's.
                    let setup = stated()?;
                    board.half_delta = i64::from(setup.halfmove_clock()) - i64::from(pos.halfmove_clock());
                    board.full_delta = i64::from(setup.fullmove_number().max(1)) - i64::from(pos.fullmove_number());
                }
                Ok(board)
            }
            _ => {
                let mut board = Board::from_position(Position::startpos(), chess960);
                board.install(stated()?);
                Ok(board)
            }
        }
    }

    /// The current position on its own, with its clocks.
    fn detached(&self) -> Board {
        let mut board = Board::from_position(self.pos, self.chess960);
        board.half_delta = if self.zeroing == 0 { self.half_delta } else { 0 };
        board.full_delta = self.full_delta;
        board.edited = self.edit().map(|e| Box::new(e.clone()));
        board
    }

    /// The edited board, while it is in force (see `edited`).
    fn edit(&self) -> Option<&Edited> {
        self.edited.as_deref().filter(|_| self.stack.is_empty())
    }

    /// The board's placement and state, as edited or as the position.
    pub(crate) fn view(&self) -> View<'_> {
        match self.edit() {
            Some(e) => View::Setup(&e.setup),
            None => View::Pos(&self.pos),
        }
    }

    /// Ok if moves can be generated on this board; else the ValueError
    /// that says why not (an edited board the library cannot play).
    pub(crate) fn playable(&self) -> PyResult<()> {
        match self.edit() {
            Some(e) if !e.playable => Err(PyValueError::new_err(format!(
                "no moves on a board that is not a valid position ({}): see Board.status()",
                e.setup.fen()
            ))),
            _ => Ok(()),
        }
    }

    /// The board as a library `Setup`, with its clocks.
    fn to_setup(&self) -> Setup {
        edit::setup_of(self.view(), self.halfmove(), self.fullmove(), self.chess960)
    }

    /// Makes `setup` the board, with an empty move stack: the library's
    /// position if it holds the setup as it is, else the setup kept as
    /// edited (see `edit.rs`).
    fn install(&mut self, mut setup: Setup) {
        setup.set_castling_mode(if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard });
        let (half, full) = (setup.halfmove_clock(), setup.fullmove_number().max(1));
        setup.set_fullmove_number(full);
        match edit::playable(&setup) {
            Some((pos, kept)) => {
                *self = Board::from_position(pos, self.chess960);
                self.half_delta = i64::from(half) - i64::from(pos.halfmove_clock());
                self.full_delta = i64::from(full) - i64::from(pos.fullmove_number());
                if kept {
                    self.edited = Some(Box::new(Edited { setup, playable: true }));
                }
            }
            None => {
                let pos = self.pos;
                *self = Board::from_position(pos, self.chess960);
                self.edited = Some(Box::new(Edited { setup, playable: false }));
            }
        }
    }

    /// The halfmove clock as python-chess counts it.
    fn halfmove(&self) -> u64 {
        if let Some(e) = self.edit() {
            return u64::from(e.setup.halfmove_clock());
        }
        let delta = if self.zeroing == 0 { self.half_delta } else { 0 };
        (i64::from(self.pos.halfmove_clock()) + delta).max(0) as u64
    }

    /// The fullmove number as python-chess counts it.
    fn fullmove(&self) -> u64 {
        if let Some(e) = self.edit() {
            return u64::from(e.setup.fullmove_number());
        }
        (i64::from(self.pos.fullmove_number()) + self.full_delta).max(1) as u64
    }

    fn py_move(&self, mv: RawMove) -> PyMv {
        PyMv::from_raw(mv, self.chess960)
    }

    /// The library move for `m` if it is legal here.
    fn legal_raw(&self, m: PyMv, convert_castle: bool) -> Option<RawMove> {
        let mv = m.to_raw(&self.pos, convert_castle)?;
        self.pos.is_legal(mv).then_some(mv)
    }

    fn illegal(&self, m: PyMv) -> PyErr {
        IllegalMoveError::new_err(format!("illegal move {:?} in {}", m.uci(), self.fen_legal()))
    }

    /// Plays a move the library checked (legal here, or the null move).
    pub(crate) fn push_raw(&mut self, mv: RawMove) {
        let py = self.py_move(mv);
        let undo = if mv.is_null() { self.pos.make_null_move() } else { self.pos.make_move(mv) };
        // The library reset its clock for a capture or pawn move (a null
        // move counts on).
        let zeroing = self.pos.halfmove_clock() == 0;
        // python-chess counts positions across null moves too.
        self.reps.push(self.pos.repetition_key(), self.pos.halfmove_clock());
        self.zeroing += u32::from(zeroing);
        self.stack.push(Entry { mv, undo, py, zeroing });
    }

    fn pop_raw(&mut self) -> Option<Entry> {
        let e = self.stack.pop()?;
        self.zeroing -= u32::from(e.zeroing);
        self.reps.pop();
        if e.mv.is_null() {
            self.pos.unmake_null_move(e.undo);
        } else {
            self.pos.unmake_move(e.mv, e.undo);
        }
        Some(e)
    }

    fn fen_legal(&self) -> String {
        self.fen_with(self.pos.legal_ep_square(), false)
    }

    /// The FEN with the given en-passant square written (python-chess
    /// writes it only when a legal capture exists, by default).
    fn fen_with(&self, ep: Option<Square>, shredder: bool) -> String {
        let full = match self.edit() {
            None if shredder => self.pos.shredder_fen(),
            None => self.pos.fen(),
            Some(e) => edited_fen(&e.setup, self.chess960, shredder),
        };
        let mut fields = full.split(' ');
        let mut out = String::with_capacity(full.len() + 2);
        for (i, field) in fields.by_ref().enumerate().take(4) {
            if i > 0 {
                out.push(' ');
            }
            if i == 3 {
                match ep {
                    Some(sq) => {
                        out.push(sq.file().char());
                        out.push(sq.rank().char());
                    }
                    None => out.push('-'),
                }
            } else {
                out.push_str(field);
            }
        }
        out.push_str(&format!(" {} {}", self.halfmove(), self.fullmove()));
        out
    }

    /// python-chess's `is_repetition(count)`: the current position occurred
    /// `count` times since the last capture or pawn move (the library's
    /// count: positions across a lost castling right or a passed en-passant
    /// capture differ in their keys, so python-chess's stop at its
    /// irreversible moves changes nothing).
    fn repetition(&self, count: usize) -> bool {
        self.reps.count() >= count
    }

    /// The game as the library sees it, with python-chess's halfmove
    /// clock (a clock the FEN stated is kept: see `from_fen`).
    fn state(&self) -> GameState<'_> {
        GameState::new(&self.pos, &self.reps, u32::try_from(self.halfmove()).unwrap_or(u32::MAX))
    }

    /// python-chess's `is_insufficient_material`: neither side can mate
    /// (each side's rule of `has_insufficient_material`, which also calls
    /// bishops of both colours split between the sides insufficient).
    fn insufficient(&self) -> bool {
        self.pos.has_insufficient_material(Color::White) && self.pos.has_insufficient_material(Color::Black)
    }

    /// The termination code and winner (None for draws), or None: the
    /// library's outcome, in python-chess's order, which puts its
    /// insufficient material right after checkmate, then the claims.
    fn outcome_code(&self, claim_draw: bool) -> Option<(u8, Option<bool>)> {
        let state = self.state();
        let draw = match state.outcome() {
            Some(Outcome::Checkmate { winner }) => return Some((CHECKMATE, Some(winner == Color::White))),
            _ if self.insufficient() => INSUFFICIENT_MATERIAL,
            Some(Outcome::Draw(DrawReason::Stalemate)) => STALEMATE,
            Some(Outcome::Draw(DrawReason::SeventyFiveMoves)) => SEVENTYFIVE_MOVES,
            Some(Outcome::Draw(DrawReason::FivefoldRepetition)) => FIVEFOLD_REPETITION,
            // The library's dead position by material, which python-chess's
            // rule above already covers.
            Some(_) => INSUFFICIENT_MATERIAL,
            None if claim_draw && state.can_claim_fifty_moves() => FIFTY_MOVES,
            None if claim_draw && state.can_claim_threefold_repetition() => THREEFOLD_REPETITION,
            None => return None,
        };
        Some((draw, None))
    }

    fn moves_list<'py>(&self, py: Python<'py>, moves: &MoveList, legal: bool) -> PyResult<Bound<'py, PyList>> {
        let mut moves = moves.clone();
        python_chess_order(&self.pos, &mut moves, legal);
        PyList::new(py, moves.iter().map(|&mv| move_object(py, self.py_move(mv))))
    }

    fn pseudo_moves(&self) -> MoveList {
        self.pos.pseudo_legal_moves()
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = Some(STARTING_FEN), *, chess960 = false))]
    fn new(fen: Option<&str>, chess960: bool) -> PyResult<Board> {
        let mut board = Board::from_position(Position::startpos(), chess960);
        match fen {
            None => board.install(Setup::empty()),
            Some(fen) => board.set_fen(fen)?,
        }
        Ok(board)
    }

    /// The Chess960 starting position number `scharnagl` (0..959; 518 is
    /// the standard position), on a Chess960 board.
    #[classmethod]
    #[pyo3(signature = (scharnagl, *, chess960 = true))]
    fn from_chess960_pos(cls: &Bound<'_, PyType>, scharnagl: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Py<PyAny>> {
        // Any int out of range (of any size) is a ValueError, as in python-chess.
        let number = match scharnagl.extract::<i64>() {
            Ok(n) => Some(n),
            Err(err) if err.is_instance_of::<pyo3::exceptions::PyOverflowError>(scharnagl.py()) => None,
            Err(err) => return Err(err),
        };
        let pos = number.and_then(|n| u32::try_from(n).ok()).and_then(Position::chess960).ok_or_else(|| {
            PyValueError::new_err(format!("Chess960 position number must be 0..959, got {scharnagl}"))
        })?;
        let pos = if chess960 {
            pos
        } else {
            Position::from_fen(&pos.fen()).map_err(|e| InvalidFenError::new_err(e.to_string()))?
        };
        of_class(cls, Board::from_position(pos, chess960))
    }

    /// The FEN. `en_passant="legal"` (the default, as python-chess) writes
    /// the en-passant square only when a legal capture exists, `"xfen"`
    /// when a pawn of the side to move could capture there (pseudo-legally),
    /// `"fen"` whenever the last move was a double step the library keeps;
    /// anything else raises ValueError. `shredder=True` writes castling
    /// rights as rook files (`HAha`). `promoted` is accepted as python-chess does; it changes
    /// nothing in standard chess (it marks promoted pieces in Crazyhouse).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(&self, shredder: bool, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        Ok(self.fen_with(self.ep_for(en_passant)?, shredder))
    }

    /// The piece-placement field of the FEN (`promoted` as in `fen`).
    #[pyo3(signature = (*, promoted = None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let _ = promoted;
        let fen = match self.edit() {
            Some(e) => e.setup.fen(),
            None => self.pos.fen(),
        };
        fen.split(' ').next().unwrap_or_default().to_owned()
    }

    /// The EPD: the first four FEN fields (`shredder`, `en_passant` and
    /// `promoted` as in `fen`), then the operations given as keywords,
    /// written as python-chess writes them (`bm=[move]` as SAN, `pv` as a
    /// line, numbers, None as a bare opcode, other values as strings),
    /// through the library's EPD writer. ValueError for an illegal move or
    /// an invalid opcode.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None, **operations))]
    fn epd(
        &self,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let _ = promoted;
        let fen = self.fen_with(self.ep_for(en_passant)?, shredder);
        let mut epd = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        if operations.is_some_and(|ops| !ops.is_empty()) {
            self.playable()?;
            epd.push(' ');
            epd.push_str(&crate::epd_ops::write_operations(&self.pos, operations)?);
        }
        Ok(epd)
    }

    /// Reads an EPD record into the board (the move stack is cleared; the
    /// clocks from `hmvc` and `fmvn`, else `0 1`) and returns its
    /// operations as python-chess does (`bm`/`am`/`pv` as lists of moves).
    /// ValueError if it is not a record of a legal position; the board is
    /// then unchanged.
    fn set_epd(&mut self, py: Python<'_>, epd: &str) -> PyResult<Py<PyDict>> {
        let (pos, ops) = crate::epd_ops::read(py, epd, self.chess960)?;
        *self = Board::from_position(pos, self.chess960);
        Ok(ops)
    }

    /// A board of this class from an EPD record, and its operations (see
    /// `set_epd`).
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd(cls: &Bound<'_, PyType>, epd: &str, chess960: bool) -> PyResult<(Py<PyAny>, Py<PyDict>)> {
        let (pos, ops) = crate::epd_ops::read(cls.py(), epd, chess960)?;
        Ok((of_class(cls, Board::from_position(pos, chess960))?, ops))
    }

    /// Replaces the position by the FEN's and clears the move stack; on an
    /// error the board is unchanged.
    /// A FEN the library cannot play (no king, say) still gives a board,
    /// as in python-chess, with `status()` telling what is wrong.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        *self = Board::from_fen(fen, self.chess960)?;
        Ok(())
    }

    /// An empty board of this class (`Board(None)`).
    #[classmethod]
    #[pyo3(signature = (*, chess960 = false))]
    fn empty(cls: &Bound<'_, PyType>, chess960: bool) -> PyResult<Py<PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", chess960)?;
        Ok(cls.call((cls.py().None(),), Some(&kwargs))?.unbind())
    }

    /// Empties the board: no pieces, White to move, no castling rights,
    /// no en-passant square, clocks `0 1`, no move stack.
    fn clear(&mut self) {
        self.install(Setup::empty());
    }

    /// Takes every piece off the board; side to move, castling rights, en
    /// passant square and clocks stay as they are (as in python-chess);
    /// the move stack is forgotten.
    fn clear_board(&mut self) {
        let mut setup = self.to_setup();
        setup.clear();
        self.install(setup);
    }

    /// Puts `piece` on `square` (None empties it); the move stack is
    /// forgotten. Any placement is allowed: `status()` says whether the
    /// board is a valid position. `promoted` is accepted as python-chess
    /// does (it matters in Crazyhouse only).
    #[pyo3(signature = (square, piece, promoted = false))]
    fn set_piece_at(&mut self, square: SquareArg, piece: Option<&Bound<'_, PyAny>>, promoted: bool) -> PyResult<()> {
        let _ = promoted;
        let mut setup = self.to_setup();
        match piece.filter(|p| !p.is_none()) {
            Some(p) => setup.put(square.0, extract_piece(p)?),
            None => setup.remove(square.0),
        };
        self.install(setup);
        Ok(())
    }

    /// Takes the piece off `square` and returns it (None if empty); the
    /// move stack is forgotten.
    fn remove_piece_at(&mut self, py: Python<'_>, square: SquareArg) -> Option<Py<Piece>> {
        let mut setup = self.to_setup();
        let removed = setup.remove(square.0);
        self.install(setup);
        removed.map(|p| piece_object(py, p))
    }

    /// Replaces the pieces by `{square: Piece}`; the rest of the state
    /// stays, the move stack is forgotten.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut setup = self.to_setup();
        setup.clear();
        for item in pieces.call_method0("items")?.try_iter()? {
            let (square, piece): (SquareArg, Bound<'_, PyAny>) = item?.extract()?;
            setup.put(square.0, extract_piece(&piece)?);
        }
        self.install(setup);
        Ok(())
    }

    /// Replaces the pieces by those of a FEN's placement field
    /// (`rnbqkbnr/pppppppp/8/...`); ValueError if it is not one, the board
    /// then unchanged. The move stack is forgotten.
    fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        let placement = Setup::from_fen_with(&format!("{} w - - 0 1", fen.trim()), FenOptions::new().lenient(true))
            .map_err(|e| PyValueError::new_err(format!("invalid board fen {:?}: {e}", echo(fen))))?;
        if fen.trim().contains(char::is_whitespace) {
            return Err(PyValueError::new_err(format!("a board fen has no spaces: {:?}", echo(fen))));
        }
        let mut setup = self.to_setup();
        setup.clear();
        for (sq, piece) in placement.iter() {
            setup.put(sq, piece);
        }
        self.install(setup);
        Ok(())
    }

    /// Sets the castling rights from a FEN's castling field (`KQkq`,
    /// `-`, Shredder-FEN or X-FEN file letters); ValueError if it is not
    /// one. The move stack is forgotten.
    fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        let mut setup = self.to_setup();
        let board = setup.fen();
        let placement = board.split(' ').next().unwrap_or_default();
        let text = if castling_fen.is_empty() { "-" } else { castling_fen };
        let mode = if self.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let parsed = Setup::from_fen_with(&format!("{placement} w {text} - 0 1"), FenOptions::new().castling(mode))
            .map_err(|_| PyValueError::new_err(format!("invalid castling fen: {:?}", echo(castling_fen))))?;
        setup.set_castling_rooks(parsed.castling_rooks());
        self.install(setup);
        Ok(())
    }

    /// Sets up Chess960 starting position number `scharnagl` (0..959),
    /// on a Chess960 board; the move stack is forgotten.
    fn set_chess960_pos(&mut self, scharnagl: i64) -> PyResult<()> {
        let pos = u32::try_from(scharnagl).ok().and_then(Position::chess960).ok_or_else(|| {
            PyValueError::new_err(format!("Chess960 position number must be 0..959, got {scharnagl}"))
        })?;
        *self = Board::from_position(pos, true);
        Ok(())
    }

    /// What is wrong with the board as a position, as python-chess's
    /// `Status` flags (`STATUS_VALID` if nothing), with the library's
    /// stricter checks as extra flags: `STATUS_TOO_MUCH_MATERIAL` (more
    /// promoted pieces than missing pawns) and `STATUS_UNREACHABLE_CHECK`
    /// (a check no last move can have given, which python-chess's rule
    /// lets pass).
    fn status(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let make = STATUS.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("chess_movegen._status")?.getattr("Status")?.unbind())
        })?;
        make.call1(py, (self.status_flags(),))
    }

    /// True if `status()` finds nothing wrong but perhaps
    /// `STATUS_UNREACHABLE_CHECK` (the board plays such positions, as
    /// `Board(fen)` reads them).
    fn is_valid(&self) -> bool {
        self.status_flags() & !edit::flags::UNREACHABLE_CHECK == 0
    }

    /// Back to the standard starting position, with an empty move stack.
    fn reset(&mut self) {
        let pos = parse_fen(STARTING_FEN, self.chess960).expect("the starting FEN is valid");
        *self = Board::from_position(pos, self.chess960);
    }

    /// Forgets the move stack; the position stays.
    fn clear_stack(&mut self) {
        *self = self.detached();
    }

    /// The position before the first move of the stack, as a new board
    /// of the same class.
    fn root(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let board = slf.borrow().root_board();
        same_class(slf, board)
    }

    /// A copy of the same class: with the whole move stack (`stack=True`,
    /// the default), without it (`stack=False`), or with its last `stack`
    /// moves (an int, as a Python slice `[-stack:]`; `0` keeps none).
    #[pyo3(signature = (*, stack = None))]
    fn copy(slf: &Bound<'_, Self>, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let board = {
            let this = slf.borrow();
            match stack {
                None => this.clone(),
                Some(s) if s.is_instance_of::<PyBool>() => {
                    if s.is_truthy()? {
                        this.clone()
                    } else {
                        this.detached()
                    }
                }
                Some(s) => {
                    let n: i64 = s.extract()?;
                    let len = this.stack.len() as i64;
                    let keep = match n {
                        0 => 0,
                        n if n > 0 => n.min(len),
                        n => (len + n).max(0),
                    };
                    this.keep_last(keep as usize)
                }
            }
        };
        same_class(slf, board)
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let board = slf.borrow().clone();
        same_class(slf, board)
    }

    /// Pickling (multiprocessing workers, caches): the root FEN, the
    /// Chess960 flag and the moves, replayed on unpickling.
    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<Reduced> {
        let py = slf.py();
        let rebuild = py.import("chess_movegen")?.getattr("_rebuild_board")?.unbind();
        let this = slf.borrow();
        let root = this.root_board().fen_legal();
        let moves = this.stack.iter().map(|e| e.py.uci()).collect();
        Ok((rebuild, (slf.get_type().into_any().unbind(), root, this.chess960, moves)))
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let board = slf.borrow().clone();
        same_class(slf, board)
    }

    /// The variant's name in the UCI protocol, as python-chess's
    /// `Board.uci_variant` (python-chess's `chess.engine` reads it).
    #[classattr]
    fn uci_variant() -> &'static str {
        "chess"
    }

    /// The variant's name in the XBoard protocol (`xboard_variant`).
    #[classattr]
    fn xboard_variant() -> &'static str {
        "normal"
    }

    /// The standard starting FEN (`Board.starting_fen`).
    #[classattr]
    fn starting_fen() -> &'static str {
        STARTING_FEN
    }

    /// True for Chess960 boards (castling written king-takes-rook).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// The side to move: True for white.
    #[getter]
    fn turn(&self) -> bool {
        self.view().side() == Color::White
    }

    /// Sets the side to move (the move stack is forgotten: python-chess
    /// keeps it, but its moves no longer lead here).
    #[setter]
    fn set_turn(&mut self, turn: ColorArg) {
        let mut setup = self.to_setup();
        setup.set_side_to_move(turn.color());
        self.install(setup);
    }

    /// The castling rooks as a bitboard: python-chess's
    /// `clean_castling_rights()` (its `castling_rights` attribute also keeps
    /// rights a FEN stated for rooks or kings that are not there).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.view().castling().0
    }

    /// Sets the castling rights as rook squares (a bitboard); rights
    /// without their king and rook make `status()` report
    /// STATUS_BAD_CASTLING_RIGHTS. The move stack is forgotten.
    #[setter]
    fn set_castling_rights(&mut self, rights: u64) {
        let mut setup = self.to_setup();
        setup.set_castling_rooks(Bitboard(rights));
        self.install(setup);
    }

    /// The castling rights that have their king and rook in place, as a
    /// bitboard of rook squares.
    fn clean_castling_rights(&self) -> u64 {
        match self.edit() {
            Some(e) => View::Setup(&e.setup).clean_castling(self.chess960).0,
            None => self.pos.castling_rooks().0,
        }
    }

    /// The en-passant square after a double step, or None.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.view().ep().map(|s| s as u8)
    }

    /// Sets the en-passant square (None for none); the move stack is
    /// forgotten.
    #[setter]
    fn set_ep_square(&mut self, square: Option<SquareArg>) {
        let mut setup = self.to_setup();
        setup.set_ep_square(square.map(|s| s.0));
        self.install(setup);
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u64 {
        self.halfmove()
    }

    /// Sets the halfmove clock; the move stack is forgotten.
    #[setter]
    fn set_halfmove_clock(&mut self, value: u32) {
        let mut setup = self.to_setup();
        setup.set_halfmove_clock(value);
        self.install(setup);
    }

    /// The move number, from 1, increased after black's move.
    #[getter]
    fn fullmove_number(&self) -> u64 {
        self.fullmove()
    }

    /// Sets the fullmove number; the move stack is forgotten.
    #[setter]
    fn set_fullmove_number(&mut self, value: u32) {
        let mut setup = self.to_setup();
        setup.set_fullmove_number(value);
        self.install(setup);
    }

    /// The moves pushed, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.stack.iter().map(|e| move_object(py, e.py)))
    }

    /// Half-moves played since the start of the game (from the fullmove
    /// number and the side to move, as python-chess).
    fn ply(&self) -> u64 {
        2 * (self.fullmove() - 1) + u64::from(self.pos.side_to_move() == Color::Black)
    }

    /// The legal moves: sized (`len`), iterable, `move in board.legal_moves`.
    #[getter]
    fn legal_moves(slf: Py<Self>) -> LegalMoveGenerator {
        LegalMoveGenerator { board: slf, pseudo: false }
    }

    /// The pseudo-legal moves (moves that may leave the own king in check).
    #[getter]
    fn pseudo_legal_moves(slf: Py<Self>) -> LegalMoveGenerator {
        LegalMoveGenerator { board: slf, pseudo: true }
    }

    /// The legal moves from a square in `from_mask` to a square in
    /// `to_mask` (for castling, the rook's square, as python-chess tests
    /// it), in python-chess's order. ValueError on a board the library
    /// cannot play (see `status()`); the generators below likewise.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_moves<'py>(&self, py: Python<'py>, from_mask: u64, to_mask: u64) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, true, Kind::All, from_mask, to_mask)
    }

    /// The legal captures (en passant included).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, true, Kind::Captures, from_mask, to_mask)
    }

    /// The legal en-passant captures.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_ep<'py>(&self, py: Python<'py>, from_mask: u64, to_mask: u64) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, true, Kind::EnPassant, from_mask, to_mask)
    }

    /// The legal castling moves.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_castling_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, true, Kind::Castling, from_mask, to_mask)
    }

    /// The pseudo-legal moves (they may leave the own king in check).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, false, Kind::All, from_mask, to_mask)
    }

    /// The pseudo-legal captures (en passant included).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, false, Kind::Captures, from_mask, to_mask)
    }

    /// The pseudo-legal en-passant captures.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.generated(py, false, Kind::EnPassant, from_mask, to_mask)
    }

    /// True if the pseudo-legal move would leave the own king in check
    /// (python-chess's `is_into_check`); False without a king. For a move
    /// that is not pseudo-legal: True when in check (no such move gets out
    /// of it), else False.
    fn is_into_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = extract_move(r#move)?;
        if self.view().king(self.view().side()).is_none() {
            return Ok(false);
        }
        self.playable()?;
        Ok(match m.to_raw(&self.pos, true).filter(|&raw| !m.is_null() && self.pos.is_pseudo_legal(raw)) {
            Some(raw) => !self.pos.is_legal(raw),
            None => self.pos.is_check(),
        })
    }

    /// True if the side that just moved left its king in check (its king
    /// is attacked with the other side to move): only on edited boards.
    fn was_into_check(&self) -> bool {
        self.view().was_into_check()
    }

    /// True if the move is castling king-side (towards the h-file).
    fn is_kingside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = extract_move(r#move)?;
        Ok(self.is_castling(r#move)? && m.to % 8 > m.from % 8)
    }

    /// True if the move is castling queen-side (towards the a-file).
    fn is_queenside_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let m = extract_move(r#move)?;
        Ok(self.is_castling(r#move)? && m.to % 8 < m.from % 8)
    }

    /// The move in the XBoard protocol: UCI (`@@@@` for the null move),
    /// castling as `O-O`/`O-O-O` on Chess960 boards (or with
    /// `chess960=True`).
    #[pyo3(signature = (r#move, chess960 = None))]
    fn xboard(&self, r#move: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        let m = extract_move(r#move)?;
        if m.is_null() {
            return Ok("@@@@".to_owned());
        }
        if !chess960.unwrap_or(self.chess960) || !self.is_castling(r#move)? {
            return Ok(m.uci());
        }
        Ok(if m.to % 8 > m.from % 8 { "O-O" } else { "O-O-O" }.to_owned())
    }

    /// Reads a move in the XBoard protocol (SAN, as python-chess reads it).
    fn parse_xboard(&self, py: Python<'_>, xboard: TextArg) -> PyResult<Py<Move>> {
        self.parse_san(py, xboard)
    }

    /// The SAN of a legal move, then plays it; returns the SAN.
    fn san_and_push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let san = self.san(r#move)?;
        self.push(r#move)?;
        Ok(san)
    }

    /// The FEN with castling rights as rook files (`HAha`).
    #[pyo3(signature = (*, en_passant = "legal", promoted = None))]
    fn shredder_fen(&self, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let _ = promoted;
        Ok(self.fen_with(self.ep_for(en_passant)?, true))
    }

    /// Plays a move (a `Move`, or a python-chess `Move`). Raises
    /// IllegalMoveError, leaving the board unchanged, when it is not legal
    /// (python-chess does not check). `Move.null()` passes the turn, except
    /// in check.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.playable()?;
        let m = extract_move(r#move)?;
        if m.is_null() {
            if self.pos.is_check() {
                return Err(IllegalMoveError::new_err(format!(
                    "a null move cannot be played in check in {}",
                    self.fen_legal()
                )));
            }
            self.push_raw(RawMove::NULL);
            return Ok(());
        }
        match self.legal_raw(m, true) {
            Some(raw) => {
                self.push_raw(raw);
                Ok(())
            }
            None => Err(self.illegal(m)),
        }
    }

    /// Takes back the last move and returns it; IndexError when the stack
    /// is empty.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        match self.pop_raw() {
            Some(e) => Ok(move_object(py, e.py)),
            None => Err(PyIndexError::new_err("pop from empty move stack")),
        }
    }

    /// The last move; IndexError when the stack is empty.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        match self.stack.last() {
            Some(e) => Ok(move_object(py, e.py)),
            None => Err(PyIndexError::new_err("peek from empty move stack")),
        }
    }

    /// Reads SAN (also long algebraic and UCI) and plays it; returns the
    /// move. Raises InvalidMoveError, IllegalMoveError or AmbiguousMoveError.
    fn push_san(&mut self, py: Python<'_>, san: TextArg) -> PyResult<Py<Move>> {
        self.playable()?;
        let mv = self.parse_san_raw(&san.0)?;
        let m = self.py_move(mv);
        self.push_raw(mv);
        Ok(move_object(py, m))
    }

    /// Reads UCI and plays it; returns the move. Raises InvalidMoveError or
    /// IllegalMoveError.
    fn push_uci(&mut self, py: Python<'_>, uci: TextArg) -> PyResult<Py<Move>> {
        self.playable()?;
        let m = PyMv::parse_uci(&uci.0).map_err(|e| e.into_err(true))?;
        if m.is_null() {
            self.push(move_object(py, m).bind(py).as_any())?;
            return Ok(move_object(py, m));
        }
        // python-chess reads `e1g1` as castling on Chess960 boards too.
        let raw = self.legal_raw(m, true).ok_or_else(|| self.illegal(m))?;
        self.push_raw(raw);
        Ok(move_object(py, self.py_move(raw)))
    }

    /// Reads SAN in this position; returns the move without playing it.
    fn parse_san(&self, py: Python<'_>, san: TextArg) -> PyResult<Py<Move>> {
        self.playable()?;
        let mv = self.parse_san_raw(&san.0)?;
        Ok(move_object(py, self.py_move(mv)))
    }

    /// Reads UCI in this position; returns the legal move (IllegalMoveError
    /// if it is not legal). The king's two-square step from e1/e8 (with no
    /// rook on its target) is read as castling on Chess960 boards too, as
    /// python-chess does (`e1g1` gives `e1h1`).
    fn parse_uci(&self, py: Python<'_>, uci: TextArg) -> PyResult<Py<Move>> {
        self.playable()?;
        let m = PyMv::parse_uci(&uci.0).map_err(|e| e.into_err(true))?;
        if m.is_null() {
            return Ok(move_object(py, m));
        }
        let raw = self.legal_raw(m, true).ok_or_else(|| self.illegal(m))?;
        Ok(move_object(py, self.py_move(raw)))
    }

    /// The SAN of a legal move (`Nf3`, `exd5`, `O-O`, `e8=Q#`; `--` for the
    /// null move).
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        self.playable()?;
        let m = extract_move(r#move)?;
        if m.is_null() {
            return Ok("--".to_owned());
        }
        let raw = self.legal_raw(m, true).ok_or_else(|| self.illegal(m))?;
        Ok(self.pos.san(raw))
    }

    /// The long algebraic notation of a legal move (`Ng1-f3`).
    fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        self.playable()?;
        let m = extract_move(r#move)?;
        if m.is_null() {
            return Ok("--".to_owned());
        }
        let raw = self.legal_raw(m, true).ok_or_else(|| self.illegal(m))?;
        Ok(self.pos.lan(raw))
    }

    /// The UCI of a move on this board, castling as the board writes it
    /// (`e1g1` on standard boards, `e1h1` on Chess960 boards, whichever
    /// form is given); `chess960` overrides the board's mode.
    #[pyo3(signature = (r#move, *, chess960 = None))]
    fn uci(&self, r#move: &Bound<'_, PyAny>, chess960: Option<bool>) -> PyResult<String> {
        let m = extract_move(r#move)?;
        Ok(match m.to_raw(&self.pos, true) {
            Some(raw) if raw.is_castle() => PyMv::from_raw(raw, chess960.unwrap_or(self.chess960)).uci(),
            _ => m.uci(),
        })
    }

    /// The SAN of a line of legal moves from this position, numbered
    /// (`1. e4 e5 2. Nf3`); the board is unchanged.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        self.playable()?;
        let mut board = self.detached();
        let mut out = String::new();
        for (i, item) in variation.try_iter()?.enumerate() {
            let m = extract_move(&item?)?;
            let raw = board.legal_raw(m, true).ok_or_else(|| board.illegal(m))?;
            let white = board.pos.side_to_move() == Color::White;
            if i > 0 {
                out.push(' ');
            }
            if white {
                out.push_str(&format!("{}. ", board.fullmove()));
            } else if i == 0 {
                out.push_str(&format!("{}...", board.fullmove()));
            }
            out.push_str(&board.pos.san(raw));
            board.push_raw(raw);
        }
        Ok(out)
    }

    /// True if the move is legal here (False for None).
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        if r#move.is_none() {
            return Ok(false);
        }
        let m = extract_move(r#move)?;
        Ok(!m.is_null() && self.legal_raw(m, !self.chess960).is_some())
    }

    /// The legal move from `from_square` to `to_square` (a pawn reaching the
    /// last rank promotes to a queen unless `promotion` says otherwise; on
    /// standard boards king-takes-rook `e1h1` is read as castling `e1g1`).
    /// Raises IllegalMoveError if there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move(
        &self,
        py: Python<'_>,
        from_square: SquareArg,
        to_square: SquareArg,
        promotion: Option<i64>,
    ) -> PyResult<Py<Move>> {
        self.playable()?;
        let (from, to) = (from_square.0, to_square.0);
        let mut promo = match promotion {
            None => 0,
            Some(p @ 2..=5) => p as u8,
            Some(p) => {
                return Err(PyValueError::new_err(format!(
                    "promotion must be a piece type 2 (knight) .. 5 (queen) or None, got {p}"
                )))
            }
        };
        let role = self.pos.role_at(from);
        if promo == 0 && role == Some(Role::Pawn) && matches!(to.rank().index(), 0 | 7) {
            promo = 5;
        }
        // The king taking its own rook is castling already (see
        // `PyMv::to_raw`), written as python-chess writes it by `py_move`.
        let m = PyMv { from: from as u8, to: to as u8, promo };
        let raw = self.legal_raw(m, !self.chess960).ok_or_else(|| {
            IllegalMoveError::new_err(format!("no matching legal move for {} in {}", m.uci(), self.fen_legal()))
        })?;
        Ok(move_object(py, self.py_move(raw)))
    }

    /// True if the move cannot be taken back for the repetition rules
    /// (python-chess's `is_irreversible`): a capture or pawn move, a move
    /// that touches a king or rook with castling rights, or any move while
    /// an en-passant capture is legal. The move need not be legal.
    fn is_irreversible(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        let touched = (1u64 << m.from) ^ (1u64 << m.to);
        let them = self.pos.pieces_of_color(!self.pos.side_to_move()).0;
        let zeroing = touched & (self.pos.pieces_of_role(Role::Pawn).0 | them) != 0;
        let rights = self.pos.castling_rooks().0;
        let king = |c: Color| self.pos.pieces(c, Role::King).0;
        let castling = touched & rights != 0
            || Color::ALL.into_iter().any(|c| rights & back_rank(c) != 0 && touched & king(c) != 0);
        Ok(zeroing || castling || self.pos.legal_ep_square().is_some())
    }

    /// True if the move is pseudo-legal here.
    fn is_pseudo_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        Ok(!m.is_null() && m.to_raw(&self.pos, !self.chess960).is_some_and(|raw| self.pos.is_pseudo_legal(raw)))
    }

    /// True if the legal move gives check.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        let raw = self.legal_raw(m, true).ok_or_else(|| self.illegal(m))?;
        Ok(self.pos.gives_check(raw))
    }

    /// True if the legal move captures (en passant included).
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        Ok(m.to_raw(&self.pos, true).is_some_and(|raw| !raw.is_castle() && self.pos.is_capture(raw)))
    }

    /// True if the move is an en-passant capture.
    fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        Ok(m.to_raw(&self.pos, true).is_some_and(|raw| raw.is_en_passant()))
    }

    /// True if the move is castling.
    fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        Ok(m.to_raw(&self.pos, true).is_some_and(|raw| raw.is_castle()))
    }

    /// True for a capture or a pawn move (they reset the halfmove clock).
    fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.playable()?;
        let m = extract_move(r#move)?;
        Ok(m.to_raw(&self.pos, true).is_some_and(|raw| {
            !raw.is_castle() && (self.pos.role_at(raw.from()) == Some(Role::Pawn) || self.pos.is_capture(raw))
        }))
    }

    /// Static exchange evaluation of a legal move, in centipawns (pawn 100,
    /// knight and bishop 300, rook 500, queen 900): the material the side
    /// to move wins or loses if both sides capture on the target square as
    /// long as it pays.
    fn see(&self, r#move: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.playable()?;
        let m = extract_move(r#move)?;
        let raw = self.legal_raw(m, true).ok_or_else(|| self.illegal(m))?;
        Ok(self.pos.see(raw))
    }

    /// True if the side to move is in check.
    fn is_check(&self) -> bool {
        self.checkers_mask() != 0
    }

    /// The squares of the pieces giving check, as a bitboard.
    fn checkers_mask(&self) -> u64 {
        match self.edit() {
            Some(e) => View::Setup(&e.setup).checkers().0,
            None => self.pos.checkers().0,
        }
    }

    /// True if the side to move is checkmated.
    fn is_checkmate(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.pos.is_checkmate())
    }

    /// True if the side to move is not in check and has no legal move.
    fn is_stalemate(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.pos.is_stalemate())
    }

    /// True if neither side has mating material (python-chess's rule).
    fn is_insufficient_material(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.insufficient())
    }

    /// True if `color` cannot mate whatever the other side does (python-chess's rule).
    fn has_insufficient_material(&self, color: ColorArg) -> PyResult<bool> {
        self.playable()?;
        Ok(self.pos.has_insufficient_material(color.color()))
    }

    /// True after 100 half-moves without capture or pawn move, unless the
    /// side to move has no legal move.
    fn is_fifty_moves(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.state().is_fifty_moves())
    }

    /// True after 150 half-moves without capture or pawn move (an automatic
    /// draw), unless the side to move has no legal move.
    fn is_seventyfive_moves(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.state().is_seventy_five_moves())
    }

    /// True if the position occurred `count` times (counting now) since the
    /// last irreversible move.
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> PyResult<bool> {
        self.playable()?;
        Ok(self.repetition(count))
    }

    /// True if the position occurred 5 times (an automatic draw).
    fn is_fivefold_repetition(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.state().is_fivefold_repetition())
    }

    /// True if the side to move can claim a draw by the fifty-move rule
    /// (now, or with a move that completes the 50 moves).
    fn can_claim_fifty_moves(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.state().can_claim_fifty_moves())
    }

    /// True if the side to move can claim a draw by threefold repetition
    /// (now, or with a move that repeats the position a third time).
    fn can_claim_threefold_repetition(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.state().can_claim_threefold_repetition())
    }

    /// True if the side to move can claim a draw (fifty moves or threefold
    /// repetition).
    fn can_claim_draw(&self) -> PyResult<bool> {
        self.playable()?;
        let state = self.state();
        Ok(state.can_claim_fifty_moves() || state.can_claim_threefold_repetition())
    }

    /// The game's end, as python-chess's `Outcome` (termination, winner),
    /// or None while it goes on. `claim_draw=True` also ends it on a
    /// fifty-move or threefold-repetition claim.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, py: Python<'_>, claim_draw: bool) -> PyResult<Option<Py<PyAny>>> {
        self.playable()?;
        let Some((code, winner)) = self.outcome_code(claim_draw) else { return Ok(None) };
        let make = MAKE_OUTCOME.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("chess_movegen._outcome")?.getattr("make_outcome")?.unbind())
        })?;
        Ok(Some(make.call1(py, (code, winner))?))
    }

    /// True if the game is over (see `outcome`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> PyResult<bool> {
        self.playable()?;
        Ok(self.outcome_code(claim_draw).is_some())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> PyResult<&'static str> {
        self.playable()?;
        Ok(match self.outcome_code(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        })
    }

    /// The piece on a square, or None.
    fn piece_at(&self, py: Python<'_>, square: SquareArg) -> PyResult<Option<Py<Piece>>> {
        Ok(self.view().piece_at(square.0).map(|p| piece_object(py, p)))
    }

    /// The piece type on a square (1 = pawn … 6 = king), or None.
    fn piece_type_at(&self, square: SquareArg) -> PyResult<Option<u8>> {
        Ok(self.view().piece_at(square.0).map(|p| p.role.index() as u8 + 1))
    }

    /// The colour of the piece on a square (True = white), or None.
    fn color_at(&self, square: SquareArg) -> PyResult<Option<bool>> {
        Ok(self.view().piece_at(square.0).map(|p| p.color == Color::White))
    }

    /// `{square: Piece}` for every occupied square in `mask`.
    #[pyo3(signature = (*, mask = u64::MAX))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let view = self.view();
        for sq in view.occupied() & Bitboard(mask) {
            if let Some(p) = view.piece_at(sq) {
                dict.set_item(sq as u8, piece_object(py, p))?;
            }
        }
        Ok(dict)
    }

    /// The square of `color`'s king, or None (the highest one on an
    /// edited board with more than one).
    fn king(&self, color: ColorArg) -> Option<u8> {
        self.view().king(color.color()).map(|k| k as u8)
    }

    /// The squares of `color`'s pieces of `piece_type`, as a bitboard.
    fn pieces_mask(&self, piece_type: i64, color: ColorArg) -> PyResult<u64> {
        Ok(self.view().pieces(color.color(), role_arg(piece_type)?).0)
    }

    /// The squares of `color`'s pieces of `piece_type`, as a SquareSet.
    fn pieces(&self, py: Python<'_>, piece_type: i64, color: ColorArg) -> PyResult<Py<PyAny>> {
        square_set(py, self.pieces_mask(piece_type, color)?)
    }

    /// The squares the piece on `square` attacks, as a SquareSet.
    fn attacks(&self, py: Python<'_>, square: SquareArg) -> PyResult<Py<PyAny>> {
        square_set(py, self.attacks_mask(square)?)
    }

    /// The squares of `color`'s pieces attacking `square`, as a SquareSet;
    /// with `occupied` (a SquareSet, bitboard or squares), sliders are
    /// blocked by those squares alone, as in python-chess.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers(
        &self,
        py: Python<'_>,
        color: ColorArg,
        square: SquareArg,
        occupied: Option<MaskArg>,
    ) -> PyResult<Py<PyAny>> {
        square_set(py, self.attackers_mask(color, square, occupied.map(|m| m.0))?)
    }

    /// The pieces giving check, as a SquareSet.
    fn checkers(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        square_set(py, self.checkers_mask())
    }

    /// The position mirrored vertically with colours swapped (white's
    /// pieces become black's), without the move stack, as a new board of
    /// the same class.
    fn mirror(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let board = slf.borrow().mirrored();
        same_class(slf, board)
    }

    /// Mirrors the board in place (see `mirror`); the move stack is cleared.
    fn apply_mirror(&mut self) {
        *self = self.mirrored();
    }

    /// A copy of the board with the bitboard function `f` (such as
    /// `chess_movegen.flip_diagonal` or `shift_down`) applied to each
    /// piece type's and colour's squares, to the castling rooks and to the
    /// en-passant square, as python-chess's `transform`: without the move
    /// stack, clocks and side to move kept, as a new board of the same
    /// class. A result that is not a valid position (a king shifted off
    /// the board, pawns on a back rank) is an edited board, as in
    /// python-chess, with `status()` telling. ValueError if `f` does not
    /// map the pieces to one piece per square.
    fn transform(slf: &Bound<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let board = slf.borrow().transformed(f)?;
        same_class(slf, board)
    }

    /// Transforms the board in place (see `transform`); the move stack is
    /// cleared. On an error the board is left as it was.
    fn apply_transform(slf: &Bound<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let board = slf.borrow().transformed(f)?;
        *slf.borrow_mut() = board;
        Ok(())
    }

    /// The board drawn with Unicode chess symbols, rank 8 first (rank 1
    /// first with `orientation=False`, black's view); `borders` adds
    /// python-chess's frame and coordinates.
    #[pyo3(
        signature = (*, invert_color = false, borders = false, empty_square = "\u{2b58}", orientation = ColorArg(true)),
        text_signature = "($self, *, invert_color=False, borders=False, empty_square='\\u2b58', orientation=True)"
    )]
    fn unicode(&self, invert_color: bool, borders: bool, empty_square: &str, orientation: ColorArg) -> String {
        const RULE: &str = "  -----------------\n";
        let white_view = orientation.0;
        let mut out = String::new();
        for row in 0..8u8 {
            let rank = if white_view { 7 - row } else { row };
            if borders {
                out.push_str(RULE);
                out.push(char::from(b'1' + rank));
                out.push(' ');
            }
            for col in 0..8u8 {
                let file = if white_view { col } else { 7 - col };
                if borders {
                    out.push('|');
                } else if col > 0 {
                    out.push(' ');
                }
                let sq = Square::from_index(rank * 8 + file).expect("a square");
                match self.view().piece_at(sq) {
                    Some(p) => out.push(unicode_symbol(p, invert_color)),
                    None => out.push_str(empty_square),
                }
            }
            if borders {
                out.push('|');
            }
            if borders || row < 7 {
                out.push('\n');
            }
        }
        if borders {
            out.push_str(RULE);
            out.push_str(if white_view { "   a b c d e f g h" } else { "   h g f e d c b a" });
        }
        out
    }

    /// All pieces, as a bitboard (bit n = square n).
    #[getter]
    fn occupied(&self) -> u64 {
        self.view().occupied().0
    }

    /// `[black pieces, white pieces]` as bitboards (indexed by colour).
    #[getter]
    fn occupied_co(&self) -> [u64; 2] {
        let view = self.view();
        [view.color(Color::Black).0, view.color(Color::White).0]
    }

    /// The pawns of both colours, as a bitboard.
    #[getter]
    fn pawns(&self) -> u64 {
        self.view().role(Role::Pawn).0
    }

    /// The knights of both colours, as a bitboard.
    #[getter]
    fn knights(&self) -> u64 {
        self.view().role(Role::Knight).0
    }

    /// The bishops of both colours, as a bitboard.
    #[getter]
    fn bishops(&self) -> u64 {
        self.view().role(Role::Bishop).0
    }

    /// The rooks of both colours, as a bitboard.
    #[getter]
    fn rooks(&self) -> u64 {
        self.view().role(Role::Rook).0
    }

    /// The queens of both colours, as a bitboard.
    #[getter]
    fn queens(&self) -> u64 {
        self.view().role(Role::Queen).0
    }

    /// The kings of both colours, as a bitboard.
    #[getter]
    fn kings(&self) -> u64 {
        self.view().role(Role::King).0
    }

    /// The squares of `color`'s pieces that attack `square`, as a bitboard;
    /// with `occupied`, sliders are blocked by those squares alone (a piece
    /// outside them still attacks), as in python-chess.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers_mask(&self, color: ColorArg, square: SquareArg, occupied: Option<u64>) -> PyResult<u64> {
        let view = self.view();
        Ok(match occupied {
            Some(occupied) => view.attackers_through(square.0, color.color(), Bitboard(occupied)).0,
            None => view.attackers(square.0, color.color()).0,
        })
    }

    /// True if `color` attacks `square` (with `occupied`, as `attackers`).
    #[pyo3(signature = (color, square, occupied = None))]
    fn is_attacked_by(&self, color: ColorArg, square: SquareArg, occupied: Option<MaskArg>) -> PyResult<bool> {
        Ok(self.attackers_mask(color, square, occupied.map(|m| m.0))? != 0)
    }

    /// The squares the piece on `square` attacks, as a bitboard (0 if empty).
    fn attacks_mask(&self, square: SquareArg) -> PyResult<u64> {
        let sq = square.0;
        let occupied = self.view().occupied();
        let Some(p) = self.view().piece_at(sq) else { return Ok(0) };
        Ok(match p.role {
            Role::Pawn => attacks::pawn_attacks(p.color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, occupied),
            Role::Rook => attacks::rook_attacks(sq, occupied),
            Role::Queen => attacks::queen_attacks(sq, occupied),
            Role::King => attacks::king_attacks(sq),
        }
        .0)
    }

    /// True if a piece of `color` on `square` would be pinned to `color`'s
    /// king (as python-chess: an empty square counts as occupied, and the
    /// colour of a piece standing there is not looked at).
    fn is_pinned(&self, color: ColorArg, square: SquareArg) -> bool {
        self.pin_line(color.color(), square.0) != u64::MAX
    }

    /// The line (king to pinning piece, edge to edge) along which a piece of
    /// `color` on `square` is pinned, as a bitboard; every square if it is
    /// not pinned (as `is_pinned`).
    fn pin_mask(&self, color: ColorArg, square: SquareArg) -> u64 {
        self.pin_line(color.color(), square.0)
    }

    /// `pin_mask` as a SquareSet.
    fn pin(&self, py: Python<'_>, color: ColorArg, square: SquareArg) -> PyResult<Py<PyAny>> {
        square_set(py, self.pin_line(color.color(), square.0))
    }

    /// True if some legal move captures en passant.
    fn has_legal_en_passant(&self) -> PyResult<bool> {
        self.playable()?;
        Ok(self.pos.legal_ep_square().is_some())
    }

    /// True if `color` may still castle on either side.
    fn has_castling_rights(&self, color: ColorArg) -> bool {
        self.clean_castling_rights() & back_rank(color.color()) != 0
    }

    /// True if `color` may still castle king-side.
    fn has_kingside_castling_rights(&self, color: ColorArg) -> bool {
        self.castling_side(color.0, true)
    }

    /// True if `color` may still castle queen-side.
    fn has_queenside_castling_rights(&self, color: ColorArg) -> bool {
        self.castling_side(color.0, false)
    }

    /// The library's Zobrist key of the position (its own keys, not
    /// Polyglot's; equal positions have equal keys).
    fn zobrist_hash(&self) -> PyResult<u64> {
        self.playable()?;
        Ok(self.pos.zobrist_hash())
    }

    /// The Polyglot opening-book key (python-chess's
    /// `chess.polyglot.zobrist_hash(board)`).
    fn polyglot_key(&self) -> PyResult<u64> {
        self.playable()?;
        Ok(self.pos.polyglot_key())
    }

    /// The Chess960 starting-position number (0..959) of this position, or
    /// None, as python-chess counts it: white to move (unless
    /// `ignore_turn`), every rook with its castling right (unless
    /// `ignore_castling`), no en-passant square, and, with
    /// `ignore_counters=False`, clocks `0 1`.
    #[pyo3(signature = (*, ignore_turn = false, ignore_castling = false, ignore_counters = true))]
    fn chess960_pos(&self, ignore_turn: bool, ignore_castling: bool, ignore_counters: bool) -> PyResult<Option<u32>> {
        self.playable()?;
        if !ignore_counters && (self.fullmove() != 1 || self.halfmove() != 0) {
            return Ok(None);
        }
        let mut setup = self.to_setup();
        if ignore_turn {
            setup.set_side_to_move(Color::White);
        }
        if ignore_castling {
            // Every rook castling: what a start position has, so that the
            // library compares the placement alone.
            let rooks = setup.pieces(Color::White, Role::Rook) | setup.pieces(Color::Black, Role::Rook);
            setup.set_castling_mode(CastlingMode::Chess960);
            setup.set_castling_rooks(rooks);
        }
        Ok(Position::from_setup(&setup).ok().and_then(|pos| pos.chess960_number()))
    }

    /// The board as 8 lines of piece symbols, rank 8 first (`.` for empty).
    fn __str__(&self) -> String {
        let mut out = String::with_capacity(128);
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let sq = Square::from_index(rank * 8 + file).expect("a square");
                out.push(self.view().piece_at(sq).map_or('.', |p| p.char()));
                out.push(if file == 7 { '\n' } else { ' ' });
            }
        }
        out.pop();
        out
    }

    fn __repr__(&self) -> String {
        if self.chess960 {
            format!("Board('{}', chess960=True)", self.fen_legal())
        } else {
            format!("Board('{}')", self.fen_legal())
        }
    }

    /// Boards are equal when their positions are (pieces, side to move,
    /// castling rights, legal en-passant square, clocks).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Board>() {
            Ok(b) => {
                let b = b.borrow();
                b.fen_legal() == self.fen_legal()
            }
            Err(_) => false,
        }
    }

    /// Counts the leaf nodes of the legal move tree to `depth`.
    fn perft(&self, py: Python<'_>, depth: u8) -> PyResult<u64> {
        self.playable()?;
        let pos = self.pos;
        Ok(crate::shutdown::detach(py, || chess_movegen::perft(&pos, depth)))
    }
}

/// Which moves a `generate_*` method lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    All,
    Captures,
    EnPassant,
    Castling,
}

impl Board {
    /// python-chess's status flags and the library's extra ones (see
    /// `status`).
    fn status_flags(&self) -> u32 {
        let setup = self.to_setup();
        edit::status(self.view(), &setup, self.chess960)
    }

    /// The legal (or pseudo-legal) moves of `kind` from a square in
    /// `from_mask` to one in `to_mask` (the rook's square for castling),
    /// in python-chess's order, as an iterator.
    fn generated<'py>(
        &self,
        py: Python<'py>,
        legal: bool,
        kind: Kind,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.playable()?;
        let mut moves = if legal { self.pos.legal_moves() } else { self.pseudo_moves() };
        python_chess_order(&self.pos, &mut moves, legal);
        let them = self.pos.pieces_of_color(!self.pos.side_to_move());
        let wanted = |mv: RawMove| {
            let of_kind = match kind {
                Kind::All => true,
                Kind::Captures => !mv.is_castle() && (mv.is_en_passant() || them.contains(mv.to())),
                Kind::EnPassant => mv.is_en_passant(),
                Kind::Castling => mv.is_castle(),
            };
            of_kind && from_mask >> (mv.from() as u8) & 1 != 0 && to_mask >> (mv.to() as u8) & 1 != 0
        };
        let list: Vec<_> =
            moves.into_iter().filter(|&mv| wanted(mv)).map(|mv| move_object(py, self.py_move(mv))).collect();
        Ok(PyList::new(py, list)?.as_any().try_iter()?.into_any())
    }

    /// The en-passant square `fen(en_passant=...)` writes.
    fn ep_for(&self, en_passant: &str) -> PyResult<Option<Square>> {
        let view = self.view();
        Ok(match en_passant {
            "legal" if self.playable().is_ok() => self.pos.legal_ep_square().filter(|&ep| view.ep() == Some(ep)),
            "legal" => None,
            "fen" => view.ep(),
            "xfen" => view.ep().filter(|&ep| {
                let us = view.side();
                (attacks::pawn_attacks(!us, ep) & view.pieces(us, Role::Pawn)).any()
            }),
            other => {
                return Err(PyValueError::new_err(format!(
                    "en_passant must be \"legal\", \"fen\" or \"xfen\", got {other:?}"
                )))
            }
        })
    }

    /// The board with only the last `keep` moves of the stack (fewer than
    /// the stack holds); the root is the position before them.
    fn keep_last(&self, keep: usize) -> Board {
        if keep == 0 {
            return self.detached();
        }
        let dropped = self.stack.len() - keep;
        let mut root = self.clone();
        for _ in 0..keep {
            root.pop_raw();
        }
        let mut board = self.clone();
        board.root = root.pos;
        if self.stack[..dropped].iter().any(|e| e.zeroing) {
            // The library's clock is exact after a capture or pawn move.
            board.half_delta = 0;
        }
        board.stack.drain(..dropped);
        if dropped > 0 {
            board.edited = None;
            let mut pos = root.pos;
            board.reps = Repetitions::new(pos.repetition_key());
            for e in &board.stack {
                if e.mv.is_null() {
                    pos.make_null_move();
                } else {
                    pos = pos.play(e.mv);
                }
                board.reps.push(pos.repetition_key(), pos.halfmove_clock());
            }
        }
        board.zeroing = board.stack.iter().map(|e| u32::from(e.zeroing)).sum();
        board
    }

    /// The current position with the bitboard function `f` applied (see
    /// `transform`).
    fn transformed(&self, f: &Bound<'_, PyAny>) -> PyResult<Board> {
        let apply = |bb: Bitboard| -> PyResult<Bitboard> { f.call1((bb.0,))?.extract::<u64>().map(Bitboard) };
        let view = self.view();
        let mut roles = [Bitboard::EMPTY; 6];
        for (set, role) in roles.iter_mut().zip(Role::ALL) {
            *set = apply(view.role(role))?;
        }
        let colors = [apply(view.color(Color::White))?, apply(view.color(Color::Black))?];
        let mut setup = Setup::empty();
        let mut placed = 0;
        for (set, role) in roles.into_iter().zip(Role::ALL) {
            for (color_set, color) in colors.into_iter().zip(Color::ALL) {
                for sq in set & color_set {
                    setup.put(sq, RawPiece::new(color, role));
                    placed += 1;
                }
            }
        }
        let count = |sets: &[Bitboard]| sets.iter().map(|set| set.len()).sum::<usize>();
        let occupied = colors[0] | colors[1];
        if placed != count(&roles) || placed != count(&colors) || placed != occupied.len() {
            return Err(PyValueError::new_err("the transformation does not map the pieces to one piece per square"));
        }
        setup.set_castling_rooks(apply(view.castling())?);
        if let Some(ep) = view.ep() {
            setup.set_ep_square(apply(ep.bitboard())?.last());
        }
        setup.set_side_to_move(view.side());
        setup.set_halfmove_clock(u32::try_from(self.halfmove()).unwrap_or(u32::MAX));
        setup.set_fullmove_number(u32::try_from(self.fullmove()).unwrap_or(u32::MAX));
        let mut board = Board::from_position(self.pos, self.chess960);
        board.install(setup);
        Ok(board)
    }

    /// The current position mirrored, clocks kept (as python-chess).
    fn mirrored(&self) -> Board {
        let mut board = Board::from_position(self.pos, self.chess960);
        board.install(self.to_setup().mirror());
        board
    }

    /// The pin line of a piece of `color` on `sq` (python-chess's
    /// `pin_mask`): the line through the king and an enemy slider with
    /// nothing but `sq` between them, or every square.
    fn pin_line(&self, color: Color, sq: Square) -> u64 {
        let view = self.view();
        let Some(king) = view.king(color) else { return u64::MAX };
        let line = attacks::line(king, sq);
        if sq == king || !line.any() {
            return u64::MAX;
        }
        let them = !color;
        let straight = king.file() == sq.file() || king.rank() == sq.rank();
        let sliders = view.pieces(them, Role::Queen)
            | if straight { view.pieces(them, Role::Rook) } else { view.pieces(them, Role::Bishop) };
        let square = Bitboard(1u64 << (sq as u8));
        let occupied = view.occupied() | square;
        for sniper in line & sliders {
            if attacks::between(sniper, king) & occupied == square {
                return line.0;
            }
        }
        u64::MAX
    }

    /// The position before the first move of the stack, with its clocks.
    fn root_board(&self) -> Board {
        let mut board = Board::from_position(self.root, self.chess960);
        board.half_delta = self.half_delta;
        board.full_delta = self.full_delta;
        board.edited = self.edited.clone();
        board
    }

    fn castling_side(&self, white: bool, king_side: bool) -> bool {
        let c = ColorArg(white).color();
        let rank = back_rank(c);
        let Some(king) = (self.view().pieces(c, Role::King) & Bitboard(rank)).last() else { return false };
        let rooks = self.clean_castling_rights() & rank;
        let king_bit = 1u64 << (king as u8);
        if king_side {
            rooks > king_bit
        } else {
            rooks & (king_bit - 1) != 0
        }
    }

    /// Reads SAN as python-chess does: a text of another shape is
    /// InvalidMoveError; one of its shape that names no legal move (a
    /// promotion to king, say) IllegalMoveError.
    fn parse_san_raw(&self, san: &str) -> PyResult<RawMove> {
        if !python_chess_san_shape(san) {
            return Err(InvalidMoveError::new_err(format!("invalid san: {:?}", echo(san))));
        }
        if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
            if self.pos.is_check() {
                return Err(IllegalMoveError::new_err(format!("a null move cannot be played in check: {san:?}")));
            }
            return Ok(RawMove::NULL);
        }
        self.pos.parse_san(san).map_err(|e| match e {
            MoveError::Syntax { .. } => {
                IllegalMoveError::new_err(format!("illegal san: {:?} in {}", echo(san), self.fen_legal()))
            }
            e => move_error(&e),
        })
    }
}

/// `board.legal_moves` / `board.pseudo_legal_moves`: sized, iterable, and
/// `move in ...`, computed from the board at the time of each call.
#[pyclass(module = "chess_movegen", name = "LegalMoveGenerator", frozen)]
pub struct LegalMoveGenerator {
    board: Py<Board>,
    pseudo: bool,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let b = self.board.borrow(py);
        b.playable()?;
        Ok(if self.pseudo { b.pseudo_moves().len() } else { b.pos.legal_move_count() })
    }

    /// The number of moves (as `len`).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let b = self.board.borrow(py);
        b.playable()?;
        Ok(if self.pseudo { !b.pseudo_moves().is_empty() } else { b.pos.has_legal_moves() })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let b = self.board.borrow(py);
        b.playable()?;
        let moves = if self.pseudo { b.pseudo_moves() } else { b.pos.legal_moves() };
        Ok(b.moves_list(py, &moves, !self.pseudo)?.as_any().try_iter()?.into_any())
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> bool {
        let Ok(m) = extract_move(mv) else { return false };
        let b = self.board.borrow(py);
        if m.is_null() || b.playable().is_err() {
            return false;
        }
        if self.pseudo {
            m.to_raw(&b.pos, !b.chess960).is_some_and(|raw| b.pos.is_pseudo_legal(raw))
        } else {
            b.legal_raw(m, !b.chess960).is_some()
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let b = self.board.borrow(py);
        if b.playable().is_err() {
            return "<LegalMoveGenerator of a board that is not a valid position>".to_owned();
        }
        let mut moves = if self.pseudo { b.pseudo_moves() } else { b.pos.legal_moves() };
        python_chess_order(&b.pos, &mut moves, !self.pseudo);
        let sans: Vec<String> = if self.pseudo {
            moves.iter().map(|&mv| b.py_move(mv).uci()).collect()
        } else {
            moves.iter().map(|&mv| b.pos.san(mv)).collect()
        };
        let name = if self.pseudo { "PseudoLegalMoveGenerator" } else { "LegalMoveGenerator" };
        format!("<{name} ({})>", sans.join(", "))
    }
}

/// Sorts moves into the order in which python-chess generates them, so
/// that programs that pick moves by position in `list(board.legal_moves)`
/// (seeded random games, say) play the same games: in check the king's
/// moves first; then the other pieces' moves (from the highest square down,
/// each to the highest target first), castling (the rook's highest square
/// first), pawn captures, single pushes (by target square), double pushes,
/// en passant; promotions queen, rook, bishop, knight.
/// Pseudo-legal lists (`legal = false`) have no check-evasion order.
pub(crate) fn python_chess_order(pos: &Position, moves: &mut MoveList, legal: bool) {
    let in_check = legal && pos.is_check();
    let pawns = pos.pieces_of_role(Role::Pawn);
    let king = pos.king(pos.side_to_move());
    let key = |mv: RawMove| -> u64 {
        let from = mv.from() as u64;
        let to = mv.to() as u64;
        let promo = match mv.promotion_role() {
            None | Some(Role::Queen) => 0,
            Some(Role::Rook) => 1,
            Some(Role::Bishop) => 2,
            _ => 3,
        };
        let (group, a, b) = if mv.is_castle() {
            (2, to, 0)
        } else if mv.is_en_passant() {
            (6, from, 0)
        } else if pawns.contains(mv.from()) {
            if from % 8 != to % 8 {
                (3, from, to)
            } else if from.abs_diff(to) == 16 {
                (5, to, 0)
            } else {
                (4, to, 0)
            }
        } else if in_check && mv.from() == king {
            (0, to, 0)
        } else {
            (1, from, to)
        };
        group << 16 | (63 - a) << 10 | (63 - b) << 4 | promo
    };
    // Keys computed once and sorted with the move's bits beside them.
    let mut keyed = [0u64; 256];
    let keyed = &mut keyed[..moves.len()];
    for (slot, &mv) in keyed.iter_mut().zip(moves.iter()) {
        *slot = key(mv) << 16 | u64::from(mv.to_bits());
    }
    keyed.sort_unstable();
    for (mv, &k) in moves.iter_mut().zip(keyed.iter()) {
        *mv = RawMove::from_bits(k as u16);
    }
}

/// Counts the leaf nodes of the legal move tree of `board` to `depth`
/// (bulk counting at the last ply; the GIL is released meanwhile).
#[pyfunction]
pub fn perft(py: Python<'_>, board: PyRef<'_, Board>, depth: u8) -> PyResult<u64> {
    board.playable()?;
    let pos = board.pos;
    drop(board);
    Ok(crate::shutdown::detach(py, || chess_movegen::perft(&pos, depth)))
}
