//! `Move` and `Piece` as python-chess numbers them, and the conversions
//! between the library's moves and python-chess's.

use chess_movegen::{Color, Move as RawMove, Piece as RawPiece, Position, Role, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

use crate::args::{echo, ColorArg, TextArg};
use crate::errors::{IllegalMoveError, InvalidMoveError};

/// A move as python-chess writes it: from and to squares (0 = a1 … 63 =
/// h8), the promotion piece type (2 = knight … 5 = queen) or none.
/// Castling is the king's two-square step (`e1g1`) on standard boards and
/// king-takes-rook (`e1h1`) on Chess960 boards; 0 → 0 is the null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PyMv {
    pub from: u8,
    pub to: u8,
    /// 0 for none, else the python-chess piece type (2..=5).
    pub promo: u8,
}

impl PyMv {
    pub const NULL: PyMv = PyMv { from: 0, to: 0, promo: 0 };

    pub fn is_null(self) -> bool {
        self.from == 0 && self.to == 0 && self.promo == 0
    }

    /// The UCI text: `e2e4`, `e7e8q`, `0000` for the null move.
    pub fn uci(self) -> String {
        if self.is_null() {
            return "0000".to_owned();
        }
        let mut s = String::with_capacity(5);
        for sq in [self.from, self.to] {
            s.push((b'a' + sq % 8) as char);
            s.push((b'1' + sq / 8) as char);
        }
        if self.promo != 0 {
            s.push(b"  nbrq"[self.promo as usize] as char);
        }
        s
    }

    /// Reads UCI text as python-chess's `Move.from_uci` does (no position:
    /// any two different squares, a promotion letter of p, n, b, r, q, k;
    /// `P@e4`-style drops; `0000`). A move python-chess can write but no
    /// standard chess move can be (a drop, a promotion to pawn or king) is
    /// `UciError::NotChess`; anything else unreadable `UciError::Invalid`.
    pub fn parse_uci(text: &str) -> Result<PyMv, UciError> {
        let b = text.as_bytes();
        if text == "0000" {
            return Ok(PyMv::NULL);
        }
        let square = |f: u8, r: u8| -> Option<u8> {
            ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r)).then(|| (r - b'1') * 8 + (f - b'a'))
        };
        let invalid = |why: &str| Err(UciError::Invalid(format!("invalid uci: {:?} ({why})", echo(text))));
        if let [piece, b'@', f, r] = *b {
            if b"pnbrqk".contains(&piece.to_ascii_lowercase()) && square(f, r).is_some() {
                return Err(UciError::NotChess(format!("{text:?} is a drop, which chess has not")));
            }
            return invalid("expected a piece letter and a square after a drop's @");
        }
        if b.len() != 4 && b.len() != 5 {
            return invalid("expected 4 or 5 characters");
        }
        let (Some(from), Some(to)) = (square(b[0], b[1]), square(b[2], b[3])) else {
            return invalid("expected two squares a1..h8");
        };
        if from == to {
            return invalid("from and to squares are the same; 0000 is the null move");
        }
        let promo = match b.get(4) {
            None => 0,
            Some(b'n') => 2,
            Some(b'b') => 3,
            Some(b'r') => 4,
            Some(b'q') => 5,
            Some(b'p' | b'k') => {
                return Err(UciError::NotChess(format!("{text:?} promotes to a pawn or king, which chess has not")))
            }
            Some(_) => return invalid("the promotion piece must be one of n, b, r, q"),
        };
        Ok(PyMv { from, to, promo })
    }

    /// The python-chess form of a library move in `pos` (the position
    /// before it).
    pub fn from_raw(mv: RawMove, chess960: bool) -> PyMv {
        if mv.is_null() {
            return PyMv::NULL;
        }
        let from = mv.from();
        let mut to = mv.to();
        if mv.is_castle() && !chess960 {
            let standard =
                matches!((from, to), (Square::E1, Square::H1 | Square::A1) | (Square::E8, Square::H8 | Square::A8));
            if standard {
                to = mv.destination();
            }
        }
        let promo = mv.promotion_role().map_or(0, |r| r.index() as u8 + 1);
        PyMv { from: from as u8, to: to as u8, promo }
    }

    /// The library's move for this python-chess move in `pos`, if it
    /// describes one at all (legality is the caller's question).
    /// `convert_castle` reads `e1g1`/`e1c1` (and black's) as castling when
    /// the king stands on e1 (e8) and no rook (of either colour) on the
    /// target square, as python-chess does on standard boards, in `push`
    /// and in `parse_uci`.
    pub fn to_raw(self, pos: &Position, convert_castle: bool) -> Option<RawMove> {
        let from = Square::from_index(self.from)?;
        let mut to = Square::from_index(self.to)?;
        let piece = pos.piece_at(from)?;
        let us = pos.side_to_move();
        if piece.color != us {
            return None;
        }
        let promo = match self.promo {
            0 => None,
            2 => Some(Role::Knight),
            3 => Some(Role::Bishop),
            4 => Some(Role::Rook),
            5 => Some(Role::Queen),
            _ => return None,
        };
        let own_rooks = pos.pieces(us, Role::Rook);
        match piece.role {
            Role::King => {
                promo.is_none().then_some(())?;
                if convert_castle && !pos.pieces_of_role(Role::Rook).contains(to) {
                    to = match (from, to) {
                        (Square::E1, Square::G1) => Square::H1,
                        (Square::E1, Square::C1) => Square::A1,
                        (Square::E8, Square::G8) => Square::H8,
                        (Square::E8, Square::C8) => Square::A8,
                        _ => to,
                    };
                }
                if own_rooks.contains(to) {
                    Some(RawMove::castle(from, to))
                } else {
                    Some(RawMove::new(from, to))
                }
            }
            Role::Pawn => Some(match promo {
                Some(role) => RawMove::promotion(from, to, role),
                None if pos.ep_square() == Some(to) && from.file() != to.file() => RawMove::en_passant(from, to),
                None => RawMove::new(from, to),
            }),
            _ => promo.is_none().then(|| RawMove::new(from, to)),
        }
    }

    fn cache_index(self) -> usize {
        let slot = if self.promo == 0 { 0 } else { self.promo as usize - 1 };
        slot * 4096 + self.from as usize * 64 + self.to as usize
    }
}

/// Why a UCI text is not a `Move` (see `PyMv::parse_uci`).
pub(crate) enum UciError {
    /// Not UCI at all: python-chess's InvalidMoveError.
    Invalid(String),
    /// UCI for a move no standard chess position has (a drop, a promotion
    /// to pawn or king): a `Board` calls it illegal, as python-chess does.
    NotChess(String),
}

impl UciError {
    /// The Python exception: on a board (`parse_uci`, `push_uci`) a move
    /// that is not chess is illegal there; alone (`Move.from_uci`) it is
    /// invalid, since a `Move` cannot hold it.
    pub fn into_err(self, on_board: bool) -> PyErr {
        match self {
            UciError::NotChess(message) if on_board => IllegalMoveError::new_err(message),
            UciError::Invalid(message) | UciError::NotChess(message) => InvalidMoveError::new_err(message),
        }
    }
}

/// True if `san` has the shape python-chess's `parse_san` reads (its
/// castling and null-move texts, and `SAN_REGEX`:
/// `[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?[+#]?`, nothing
/// around it). The library reads more (annotations such as `!?`, spaces);
/// python-chess calls those invalid, and so does `Board`.
pub(crate) fn python_chess_san_shape(san: &str) -> bool {
    const CASTLES: [&str; 12] =
        ["O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#", "O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"];
    if CASTLES.contains(&san) || matches!(san, "--" | "Z0" | "0000" | "@@@@") {
        return true;
    }
    let mut b = san.as_bytes();
    if let [rest @ .., b'+' | b'#'] = b {
        b = rest;
    }
    if let [rest @ .., p] = b {
        if b"nbrqkNBRQK".contains(p) {
            b = rest.strip_suffix(b"=").unwrap_or(rest);
        }
    }
    let [prefix @ .., f, r] = b else { return false };
    if !(b'a'..=b'h').contains(f) || !(b'1'..=b'8').contains(r) {
        return false;
    }
    // The prefix: each optional part at most once, in this order.
    let parts: [&dyn Fn(u8) -> bool; 4] =
        [&|c| b"NBKRQ".contains(&c), &|c| (b'a'..=b'h').contains(&c), &|c| (b'1'..=b'8').contains(&c), &|c| {
            c == b'-' || c == b'x'
        }];
    let mut next = 0;
    prefix.iter().all(|&c| match parts[next..].iter().position(|part| part(c)) {
        Some(i) => {
            next += i + 1;
            true
        }
        None => false,
    })
}

/// Every `Move` of from, to and promotion (none, knight … queen), made once:
/// listing moves hands out these shared, immutable objects.
static MOVE_CACHE: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

/// The shared `Move` object for `m`.
pub(crate) fn move_object(py: Python<'_>, m: PyMv) -> Py<Move> {
    let cache = MOVE_CACHE.get_or_init(py, || {
        (0..5 * 4096)
            .map(|i: usize| {
                let promo = match i / 4096 {
                    0 => 0,
                    slot => slot as u8 + 1,
                };
                let mv = PyMv { from: (i % 4096 / 64) as u8, to: (i % 64) as u8, promo };
                Py::new(py, Move { m: mv }).expect("allocating a Move")
            })
            .collect()
    });
    cache[m.cache_index()].clone_ref(py)
}

/// A move: `from_square`, `to_square` (0 = a1 … 63 = h8) and `promotion`
/// (a piece type, 2 = knight … 5 = queen, or None), numbered as in
/// python-chess. Castling is the king's two-square step (`e1g1`) on
/// standard boards and king-takes-rook (`e1h1`) on Chess960 boards.
/// Immutable and hashable; equal to a python-chess `Move` with the same
/// squares and promotion.
#[pyclass(frozen, module = "chess_movegen", name = "Move")]
pub struct Move {
    pub(crate) m: PyMv,
}

/// `hash(None)` in this interpreter (a constant from Python 3.12 on, the
/// object's address before).
static NONE_HASH: std::sync::OnceLock<u64> = std::sync::OnceLock::new();

/// CPython's hash of a tuple of four items with these hashes (the xxHash
/// based algorithm of Python 3.8 and later, 64-bit builds).
fn tuple_hash(lanes: [u64; 4]) -> u64 {
    const P1: u64 = 11_400_714_785_074_694_791;
    const P2: u64 = 14_029_467_366_897_019_727;
    const P5: u64 = 2_870_177_450_012_600_261;
    let mut acc = P5;
    for lane in lanes {
        acc = acc.wrapping_add(lane.wrapping_mul(P2)).rotate_left(31).wrapping_mul(P1);
    }
    acc = acc.wrapping_add(4 ^ (P5 ^ 3_527_539));
    if acc == u64::MAX {
        1_546_275_796
    } else {
        acc
    }
}

/// A square argument of `Move` (any int; out of 0..63, of any size, is a
/// ValueError).
fn square_value(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    match obj.extract::<i64>() {
        Ok(sq) => Ok(sq),
        Err(err) if err.is_instance_of::<pyo3::exceptions::PyOverflowError>(obj.py()) => Ok(i64::MAX),
        Err(err) => Err(err),
    }
}

fn check_square(sq: i64, what: &str) -> PyResult<u8> {
    if (0..64).contains(&sq) {
        Ok(sq as u8)
    } else {
        Err(PyValueError::new_err(format!(
            "{what} must be a square 0..63, got {}",
            if sq == i64::MAX { "a larger int".to_owned() } else { sq.to_string() }
        )))
    }
}

/// Reads any move-like object: a `Move`, or anything with python-chess's
/// `from_square`, `to_square` and `promotion` attributes (a python-chess
/// `Move`).
pub(crate) fn extract_move(obj: &Bound<'_, PyAny>) -> PyResult<PyMv> {
    if let Ok(mv) = obj.cast::<Move>() {
        return Ok(mv.get().m);
    }
    let Ok(from) = obj.getattr("from_square") else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!("expected a Move, got {}", obj.get_type().name()?)));
    };
    let from = square_value(&from)?;
    let to = square_value(&obj.getattr("to_square")?)?;
    let promotion: Option<i64> = obj.getattr("promotion")?.extract()?;
    if let Ok(drop) = obj.getattr("drop") {
        if !drop.is_none() {
            return Err(InvalidMoveError::new_err("drops are not chess moves"));
        }
    }
    build(from, to, promotion)
}

fn build(from: i64, to: i64, promotion: Option<i64>) -> PyResult<PyMv> {
    let from = check_square(from, "from_square")?;
    let to = check_square(to, "to_square")?;
    let promo = match promotion {
        None => 0,
        Some(p @ 2..=5) => p as u8,
        Some(p) => {
            return Err(PyValueError::new_err(format!(
                "promotion must be a piece type 2 (knight) .. 5 (queen) or None, got {p}"
            )))
        }
    };
    Ok(PyMv { from, to, promo })
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn new(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<Move> {
        if drop.is_some() {
            return Err(PyValueError::new_err("drops are not chess moves"));
        }
        Ok(Move { m: build(square_value(from_square)?, square_value(to_square)?, promotion)? })
    }

    /// The square the piece leaves (0 = a1 … 63 = h8).
    #[getter]
    #[allow(clippy::wrong_self_convention)] // python-chess's attribute name
    fn from_square(&self) -> u8 {
        self.m.from
    }

    /// The square the piece goes to (for castling on Chess960 boards: the
    /// rook's square).
    #[getter]
    fn to_square(&self) -> u8 {
        self.m.to
    }

    /// The piece type a pawn promotes to (2 = knight … 5 = queen), or None.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        (self.m.promo != 0).then_some(self.m.promo)
    }

    /// Always None (python-chess's drops belong to Crazyhouse).
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// The move in UCI: `e2e4`, `e7e8q`, `0000` for the null move.
    fn uci(&self) -> String {
        self.m.uci()
    }

    /// Reads a UCI move (`e2e4`, `e7e8q`, `0000`); raises InvalidMoveError.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, py: Python<'_>, uci: TextArg) -> PyResult<Py<Move>> {
        let m = PyMv::parse_uci(&uci.0).map_err(|e| e.into_err(false))?;
        Ok(move_object(py, m))
    }

    /// The null move `0000` (passes the turn; false in a boolean context).
    #[classmethod]
    fn null(_cls: &Bound<'_, PyType>, py: Python<'_>) -> Py<Move> {
        move_object(py, PyMv::NULL)
    }

    fn __bool__(&self) -> bool {
        !self.m.is_null()
    }

    fn __str__(&self) -> String {
        self.m.uci()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.m.uci())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(mv) = other.cast::<Move>() {
            return mv.get().m == self.m;
        }
        if other.hasattr("from_square").unwrap_or(false) {
            return extract_move(other).is_ok_and(|m| m == self.m);
        }
        false
    }

    /// The hash of python-chess's `Move` with the same fields (that of the
    /// tuple `(from_square, to_square, promotion, drop)`), so that equal
    /// moves of both packages find each other in sets and dicts.
    fn __hash__(&self, py: Python<'_>) -> isize {
        let none = *NONE_HASH.get_or_init(|| py.None().bind(py).hash().map_or(0, |h| h as u64));
        let promo = if self.m.promo == 0 { none } else { u64::from(self.m.promo) };
        tuple_hash([u64::from(self.m.from), u64::from(self.m.to), promo, none]) as isize
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __getnewargs__(&self) -> (u8, u8, Option<u8>) {
        (self.m.from, self.m.to, self.promotion())
    }
}

/// A piece: `piece_type` (1 = pawn … 6 = king) and `color` (True = white),
/// numbered as in python-chess.
#[pyclass(frozen, module = "chess_movegen", name = "Piece")]
pub struct Piece {
    piece_type: u8,
    color: bool,
}

impl Piece {
    /// The library's piece.
    pub(crate) fn raw(&self) -> RawPiece {
        let color = if self.color { Color::White } else { Color::Black };
        RawPiece::new(color, Role::ALL[usize::from(self.piece_type) - 1])
    }
}

/// A piece argument: a `Piece`, or any object with python-chess's
/// `piece_type` (1..6) and `color` attributes (a python-chess `Piece`).
pub(crate) fn extract_piece(obj: &Bound<'_, PyAny>) -> PyResult<RawPiece> {
    if let Ok(p) = obj.cast::<Piece>() {
        return Ok(p.borrow().raw());
    }
    let piece_type: i64 = obj.getattr("piece_type")?.extract()?;
    let color: ColorArg = obj.getattr("color")?.extract()?;
    Ok(Piece::new(piece_type, color)?.raw())
}

static PIECE_CACHE: PyOnceLock<Vec<Py<Piece>>> = PyOnceLock::new();

/// The shared `Piece` object for a library piece.
pub(crate) fn piece_object(py: Python<'_>, p: RawPiece) -> Py<Piece> {
    let cache = PIECE_CACHE.get_or_init(py, || {
        (0..12)
            .map(|i| Py::new(py, Piece { piece_type: (i % 6 + 1) as u8, color: i < 6 }).expect("allocating a Piece"))
            .collect()
    });
    let index = p.role.index() + if p.color == Color::White { 0 } else { 6 };
    cache[index].clone_ref(py)
}

#[pymethods]
impl Piece {
    #[new]
    fn new(piece_type: i64, color: ColorArg) -> PyResult<Piece> {
        let color = color.0;
        if !(1..=6).contains(&piece_type) {
            return Err(PyValueError::new_err(format!("piece_type must be 1 (pawn) .. 6 (king), got {piece_type}")));
        }
        Ok(Piece { piece_type: piece_type as u8, color })
    }

    /// The piece type: 1 = pawn, 2 = knight, 3 = bishop, 4 = rook, 5 = queen, 6 = king.
    #[getter]
    fn piece_type(&self) -> u8 {
        self.piece_type
    }

    /// True for white, False for black.
    #[getter]
    fn color(&self) -> bool {
        self.color
    }

    /// `P`, `N`, … for white, `p`, `n`, … for black.
    fn symbol(&self) -> String {
        let c = b"pnbrqk"[self.piece_type as usize - 1] as char;
        if self.color { c.to_ascii_uppercase() } else { c }.to_string()
    }

    /// The Unicode chess symbol (`♙` for a white pawn); `invert_color`
    /// gives the other colour's.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let white = self.color != invert_color;
        let i = self.piece_type as usize - 1;
        if white {
            ['♙', '♘', '♗', '♖', '♕', '♔'][i]
        } else {
            ['♟', '♞', '♝', '♜', '♛', '♚'][i]
        }
        .to_string()
    }

    /// The piece from its symbol (`P`, `n`, …); raises ValueError.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, py: Python<'_>, symbol: &str) -> PyResult<Py<Piece>> {
        let mut chars = symbol.chars();
        match (chars.next().and_then(RawPiece::from_char), chars.next()) {
            (Some(p), None) => Ok(piece_object(py, p)),
            _ => Err(PyValueError::new_err(format!("invalid piece symbol: {:?}", echo(symbol)))),
        }
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(p) = other.cast::<Piece>() {
            let p = p.get();
            return p.piece_type == self.piece_type && p.color == self.color;
        }
        let (Ok(t), Ok(c)) = (other.getattr("piece_type"), other.getattr("color")) else {
            return false;
        };
        t.extract::<u8>().is_ok_and(|t| t == self.piece_type) && c.extract::<bool>().is_ok_and(|c| c == self.color)
    }

    fn __hash__(&self) -> u64 {
        self.piece_type as u64 + if self.color { 0 } else { 6 }
    }
}
