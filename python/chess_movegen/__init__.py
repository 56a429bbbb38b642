"""chess_movegen: python-chess-shaped chess on the chess-movegen Rust library.

Squares are numbered a1 = 0 … h8 = 63, colours are WHITE = True and
BLACK = False, piece types PAWN = 1 … KING = 6, as in python-chess. A
``Board`` keeps its position in Rust; whole-job calls (``perft``,
``read_games``, ``planes``, ``bitboards``, ``legal_move_masks``,
``legal_moves_many``) do all their work there.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as _version
from typing import Dict, Iterable, Iterator, List, Optional, cast

from ._chess_movegen import (
    AmbiguousMoveError,
    Board,
    GameReader,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    LegalMoveGenerator,
    Move,
    PgnError,
    PgnGame,
    PgnReport,
    Piece,
    bitboards,
    flip_vertical,
    flip_horizontal,
    flip_diagonal,
    flip_anti_diagonal,
    shift_right,
    shift_2_right,
    shift_left,
    shift_2_left,
    shift_up_left,
    shift_up_right,
    shift_down_left,
    shift_down_right,
    legal_move_masks,
    legal_moves_many,
    perft,
    planes,
    ray,
    between,
)
from ._feed import read_games, validate_pgn
from ._outcome import Outcome, Termination
from ._squareset import SquareSet
from . import _status
from ._status import Status

try:
    __version__: str = _version("chess-movegen")
except PackageNotFoundError:  # run from a source tree without installing
    __version__ = "0+unknown"

__all__ = [
    "AmbiguousMoveError", "Board", "GameReader", "IllegalMoveError", "InvalidFenError",
    "InvalidMoveError", "LegalMoveGenerator", "Move", "Outcome", "PgnError", "PgnGame",
    "PgnReport", "Piece", "Termination", "bitboards", "from_python_chess", "legal_move_masks",
    "legal_moves_many", "parse_square", "perft", "planes", "read_games", "square",
    "square_file", "square_name", "square_rank", "to_python_chess", "validate_pgn",
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN",
    "KING", "PIECE_TYPES", "PIECE_SYMBOLS", "PIECE_NAMES", "FILE_NAMES", "RANK_NAMES",
    "SQUARES", "SQUARE_NAMES", "STARTING_FEN", "STARTING_BOARD_FEN", "BB_EMPTY", "BB_ALL",
    "BB_SQUARES", "BB_FILES", "BB_RANKS", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES", "SQUARES_180",
    "SquareSet", "UNICODE_PIECE_SYMBOLS", "piece_name", "piece_symbol", "square_distance",
    "square_mirror", "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
    "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
    "shift_down_right", "Status", "square_manhattan_distance", "square_knight_distance",
    "lsb", "msb", "scan_forward", "scan_reversed", "ray", "between",
]
for _name in dir(_status):
    if _name.startswith("STATUS_"):
        globals()[_name] = getattr(_status, _name)
        __all__.append(_name)

WHITE: bool = True
BLACK: bool = False
COLORS: List[bool] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES: List[int] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

FILE_NAMES: List[str] = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES: List[str] = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES: List[int] = list(range(64))
SQUARE_NAMES: List[str] = [f + r for r in RANK_NAMES for f in FILE_NAMES]

STARTING_FEN: str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN: str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

BB_EMPTY = 0
BB_ALL = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[int] = [1 << sq for sq in SQUARES]
BB_FILES: List[int] = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_RANKS: List[int] = [0xFF << (8 * r) for r in range(8)]
BB_LIGHT_SQUARES = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES = 0xAA55_AA55_AA55_AA55
SQUARES_180: List[int] = [sq ^ 0x38 for sq in SQUARES]
UNICODE_PIECE_SYMBOLS: Dict[str, str] = {
    "R": "\u2656", "r": "\u265c", "N": "\u2658", "n": "\u265e", "B": "\u2657", "b": "\u265d",
    "Q": "\u2655", "q": "\u265b", "K": "\u2654", "k": "\u265a", "P": "\u2659", "p": "\u265f",
}

# A1 = 0 … H8 = 63, as module constants.
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES
__all__ += [name.upper() for name in SQUARE_NAMES]


def shift_down(b: int) -> int:
    """Every square of bitboard ``b`` one rank down."""
    return b >> 8


def shift_2_down(b: int) -> int:
    """Every square of bitboard ``b`` two ranks down."""
    return b >> 16


def shift_up(b: int) -> int:
    """Every square of bitboard ``b`` one rank up."""
    return (b << 8) & BB_ALL


def shift_2_up(b: int) -> int:
    """Every square of bitboard ``b`` two ranks up."""
    return (b << 16) & BB_ALL


def square(file_index: int, rank_index: int) -> int:
    """The square of a file (0 = a) and rank (0 = rank 1)."""
    return rank_index * 8 + file_index


def square_file(square: int) -> int:
    """The file of a square (0 = a)."""
    return square & 7


def square_rank(square: int) -> int:
    """The rank of a square (0 = rank 1)."""
    return square >> 3


def square_name(square: int) -> str:
    """The name of a square (``e4``)."""
    return SQUARE_NAMES[square]


def parse_square(name: str) -> int:
    """The square of a name (``e4`` → 28); raises ValueError."""
    return SQUARE_NAMES.index(name)


def square_mirror(square: int) -> int:
    """The square mirrored vertically (a1 ↔ a8)."""
    return square ^ 0x38


def square_distance(a: int, b: int) -> int:
    """King steps between two squares."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_manhattan_distance(a: int, b: int) -> int:
    """Files plus ranks between two squares."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


def _knight_distances(start: int) -> List[int]:
    """Knight moves from ``start`` to every square (breadth first)."""
    steps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    dist = [-1] * 64
    dist[start] = 0
    frontier = [start]
    while frontier:
        reached = []
        for sq in frontier:
            for df, dr in steps:
                f, r = (sq & 7) + df, (sq >> 3) + dr
                if 0 <= f < 8 and 0 <= r < 8 and dist[r * 8 + f] < 0:
                    dist[r * 8 + f] = dist[sq] + 1
                    reached.append(r * 8 + f)
        frontier = reached
    return dist


_KNIGHT_DISTANCES: List[List[int]] = []


def square_knight_distance(a: int, b: int) -> int:
    """The fewest knight moves from one square to another."""
    if not _KNIGHT_DISTANCES:
        _KNIGHT_DISTANCES.extend(_knight_distances(sq) for sq in SQUARES)
    return _KNIGHT_DISTANCES[a][b]


def lsb(bb: int) -> int:
    """The lowest square of a non-empty bitboard."""
    return (bb & -bb).bit_length() - 1


def msb(bb: int) -> int:
    """The highest square of a non-empty bitboard."""
    return bb.bit_length() - 1


def scan_forward(bb: int) -> Iterator[int]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: int) -> Iterator[int]:
    """The squares of a bitboard, highest first."""
    while bb:
        sq = bb.bit_length() - 1
        yield sq
        bb ^= 1 << sq


def piece_symbol(piece_type: int) -> str:
    """``p``, ``n``, ``b``, ``r``, ``q`` or ``k``."""
    return cast(str, PIECE_SYMBOLS[piece_type])


def piece_name(piece_type: int) -> str:
    """``pawn`` … ``king``."""
    return cast(str, PIECE_NAMES[piece_type])


def from_python_chess(board) -> Board:
    """A Board with the position and move stack of a python-chess ``chess.Board``.

    It reads only the board's ``root()``, ``move_stack`` and ``chess960`` (so
    python-chess itself need not be imported here); a board that is not a
    valid position (no king, say) comes over as an edited board (see
    ``Board.status()``), and moves on it raise ValueError.
    """
    root = board.root()
    out = Board(root.fen(), chess960=board.chess960)
    for mv in board.move_stack:
        out.push(Move(mv.from_square, mv.to_square, mv.promotion))
    return out


def to_python_chess(board: Board):
    """A python-chess ``chess.Board`` with the position and move stack of ``board``.

    Needs python-chess (``pip install chess``).
    """
    import chess  # optional dependency

    root = board.root()
    out = chess.Board(root.fen(), chess960=board.chess960)
    for mv in board.move_stack:
        out.push(chess.Move(mv.from_square, mv.to_square, mv.promotion))
    return out


def _rebuild_board(cls: type, root_fen: str, chess960: bool, moves: List[str]) -> Board:
    """Unpickles a Board or a subclass of it (see ``Board.__reduce__``)."""
    board = cls(root_fen, chess960=chess960)
    for uci in moves:
        board.push_uci(uci)
    return board


from ._install import install_as_chess  # noqa: E402  (python-chess programs: see README)
Board._repr_svg_ = lambda self: __import__("chess_movegen.svg", fromlist=["board"]).board(self)  # Jupyter
__all__.append("install_as_chess")
