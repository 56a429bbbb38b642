"""Board pictures as SVG: ``chess_movegen.svg.board(board, ...)``, with
python-chess's arguments (``orientation``, ``lastmove``, ``check``,
``arrows``, ``fill``, ``squares``, ``size``, ``coordinates``).

The drawing is this package's own: plain squares, each piece a disc in
its colour with its letter (K, Q, R, B, N, P), arrows as a line with a
triangular head, marked squares as a ring. Every element carries a
``class`` naming what it is (``square light e4``, ``piece white king
e1``, ``arrow green e2 e4``), so a program or a test can read the
picture back.
"""

from __future__ import annotations

import math
import operator
import xml.etree.ElementTree as ET
from typing import Any, Dict, Iterable, Optional, Tuple, Union

SQUARE_SIZE = 45
MARGIN = 20

_FILES = "abcdefgh"
_RANKS = "12345678"
_SQUARE_NAMES = [f + r for r in _RANKS for f in _FILES]
_PIECE_NAMES = {1: "pawn", 2: "knight", 3: "bishop", 4: "rook", 5: "queen", 6: "king"}

DEFAULT_COLORS: Dict[str, str] = {
    "square light": "#e8e4d8",
    "square dark": "#7d945d",
    "square light lastmove": "#d9d36a",
    "square dark lastmove": "#a9a842",
    "margin": "#2b2b2b",
    "coord": "#e0e0e0",
    "piece white": "#fbfbf7",
    "piece black": "#262626",
    "check": "#e03030",
    "mark": "#2060d0",
}

_ARROW_COLORS = {"green": "#15781b", "red": "#882020", "yellow": "#e68f00", "blue": "#003088"}


def _square(value: Any, what: str) -> int:
    """`value` as a square 0..63; TypeError or ValueError naming `what`."""
    try:
        square = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be a square (an int 0..63), not {type(value).__name__}") from None
    if not 0 <= square < 64:
        raise ValueError(f"{what} must be a square 0..63, not {str(square)[:20]}")
    return square


def _size(value: Any) -> str:
    """A picture size in pixels as SVG text; ValueError unless positive."""
    try:
        ok = value > 0 and math.isfinite(value)
    except TypeError:
        raise TypeError(f"size must be a number of pixels, not {type(value).__name__}") from None
    if not ok:
        raise ValueError(f"size must be a positive number of pixels, not {str(value)[:20]}")
    return str(value)


class Arrow:
    """An arrow from ``tail`` to ``head`` (a square mark when they are the
    same), in ``color``: ``green``, ``red``, ``yellow``, ``blue`` or any
    SVG colour."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = _square(tail, "arrow tail")
        self.head = _square(head, "arrow head")
        self.color = color

    def pgn(self) -> str:
        """The arrow as in ``[%cal Ge2e4]`` / ``[%csl Rd4]`` (colours other
        than red, yellow and blue are written as green)."""
        letter = {"red": "R", "yellow": "Y", "blue": "B"}.get(self.color, "G")
        if self.tail == self.head:
            return letter + _SQUARE_NAMES[self.tail]
        return letter + _SQUARE_NAMES[self.tail] + _SQUARE_NAMES[self.head]

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """Reads ``Ge2e4`` / ``Rd4`` (a colour letter R, G, Y or B, then one
        or two squares); raises ValueError otherwise."""
        colors = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
        color = colors.get(pgn[:1])
        squares = pgn[1:] if color else pgn
        if color is None:
            color = "green"
        try:
            if len(squares) == 2:
                tail = head = _SQUARE_NAMES.index(squares)
            elif len(squares) == 4:
                tail, head = _SQUARE_NAMES.index(squares[:2]), _SQUARE_NAMES.index(squares[2:])
            else:
                raise ValueError
        except ValueError:
            raise ValueError(f"invalid arrow {pgn[:20]!r}") from None
        return cls(tail, head, color=color)

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return f"Arrow({_SQUARE_NAMES[self.tail].upper()}, {_SQUARE_NAMES[self.head].upper()}, color={self.color!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Arrow):
            return NotImplemented
        return (self.tail, self.head, self.color) == (other.tail, other.head, other.color)

    def __hash__(self) -> int:
        return hash((self.tail, self.head, self.color))


class SvgWrapper(str):
    """SVG text that Jupyter shows as a picture."""

    def _repr_svg_(self) -> str:
        return self


def _corner(square: int, flipped: bool, margin: int) -> Tuple[float, float]:
    """The top left corner of a square in the picture."""
    file, rank = square & 7, square >> 3
    if flipped:
        file, rank = 7 - file, 7 - rank
    return margin + file * SQUARE_SIZE, margin + (7 - rank) * SQUARE_SIZE


def _center(square: int, flipped: bool, margin: int) -> Tuple[float, float]:
    x, y = _corner(square, flipped, margin)
    return x + SQUARE_SIZE / 2, y + SQUARE_SIZE / 2


def _squares_of(value: Any) -> Iterable[int]:
    """Squares from a SquareSet, an int bitboard or an iterable of squares,
    each once, in order (a long list with repeats draws 64 marks at most)."""
    if value is None:
        return ()
    if isinstance(value, int):
        return [sq for sq in range(64) if value >> sq & 1]
    return sorted({_square(sq, "squares item") for sq in value})


def piece(piece: Any, size: Optional[int] = None) -> str:
    """One piece (a ``Piece``) drawn alone, as SVG text."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "viewBox": f"0 0 {SQUARE_SIZE} {SQUARE_SIZE}"})
    if size is not None:
        svg.set("width", _size(size))
        svg.set("height", _size(size))
    _draw_piece(svg, piece, SQUARE_SIZE / 2, SQUARE_SIZE / 2, None, DEFAULT_COLORS)
    return SvgWrapper(ET.tostring(svg, encoding="unicode"))


def _draw_piece(parent: ET.Element, p: Any, cx: float, cy: float, square: Optional[int], colors: Dict[str, str]) -> None:
    white = bool(p.color)
    name = _PIECE_NAMES[p.piece_type]
    where = "" if square is None else " " + _SQUARE_NAMES[square]
    group = ET.SubElement(parent, "g", {"class": f"piece {'white' if white else 'black'} {name}{where}"})
    radius = SQUARE_SIZE * (0.30 if p.piece_type == 1 else 0.40)
    fill = colors["piece white"] if white else colors["piece black"]
    ink = colors["piece black"] if white else colors["piece white"]
    ET.SubElement(group, "circle", {"cx": f"{cx:g}", "cy": f"{cy:g}", "r": f"{radius:g}", "fill": fill, "stroke": ink, "stroke-width": "1.5"})
    if p.piece_type == 6:
        # A king wears a ring inside its disc.
        ET.SubElement(group, "circle", {"cx": f"{cx:g}", "cy": f"{cy:g}", "r": f"{radius - 4:g}", "fill": "none", "stroke": ink, "stroke-width": "1"})
    letter = ET.SubElement(group, "text", {
        "x": f"{cx:g}", "y": f"{cy:g}", "fill": ink, "font-family": "sans-serif", "font-weight": "bold",
        "font-size": f"{radius * 1.1:g}", "text-anchor": "middle", "dominant-baseline": "central",
    })
    letter.text = "PNBRQK"[p.piece_type - 1]


def _draw_arrow(svg: ET.Element, arrow: Any, flipped: bool, margin: int) -> None:
    if not isinstance(arrow, Arrow):
        tail, head = arrow
        arrow = Arrow(tail, head)
    color = _ARROW_COLORS.get(arrow.color, arrow.color)
    cls = f"arrow {arrow.color} {_SQUARE_NAMES[arrow.tail]} {_SQUARE_NAMES[arrow.head]}"
    tx, ty = _center(arrow.tail, flipped, margin)
    if arrow.tail == arrow.head:
        ET.SubElement(svg, "circle", {"class": cls, "cx": f"{tx:g}", "cy": f"{ty:g}", "r": f"{SQUARE_SIZE * 0.45:g}",
                                      "fill": "none", "stroke": color, "stroke-width": "3", "opacity": "0.8"})
        return
    hx, hy = _center(arrow.head, flipped, margin)
    dx, dy = hx - tx, hy - ty
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    head_len, half = SQUARE_SIZE * 0.45, SQUARE_SIZE * 0.25
    bx, by = hx - ux * head_len, hy - uy * head_len
    group = ET.SubElement(svg, "g", {"class": cls, "opacity": "0.8"})
    ET.SubElement(group, "line", {"x1": f"{tx:g}", "y1": f"{ty:g}", "x2": f"{bx:g}", "y2": f"{by:g}",
                                  "stroke": color, "stroke-width": f"{SQUARE_SIZE * 0.2:g}", "stroke-linecap": "round"})
    points = [(hx, hy), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    ET.SubElement(group, "polygon", {"points": " ".join(f"{x:g},{y:g}" for x, y in points), "fill": color})


def _draw_coordinates(svg: ET.Element, flipped: bool, colors: Dict[str, str]) -> None:
    for i in range(8):
        file = _FILES[7 - i] if flipped else _FILES[i]
        rank = _RANKS[i] if flipped else _RANKS[7 - i]
        for text, x, y in ((file, MARGIN + (i + 0.5) * SQUARE_SIZE, MARGIN / 2),
                           (file, MARGIN + (i + 0.5) * SQUARE_SIZE, MARGIN * 1.5 + 8 * SQUARE_SIZE),
                           (rank, MARGIN / 2, MARGIN + (i + 0.5) * SQUARE_SIZE),
                           (rank, MARGIN * 1.5 + 8 * SQUARE_SIZE, MARGIN + (i + 0.5) * SQUARE_SIZE)):
            label = ET.SubElement(svg, "text", {"class": "coord", "x": f"{x:g}", "y": f"{y:g}", "fill": colors["coord"],
                                                "font-family": "sans-serif", "font-size": "12", "text-anchor": "middle",
                                                "dominant-baseline": "central"})
            label.text = text


def board(
    board: Any = None,
    *,
    orientation: bool = True,
    lastmove: Any = None,
    check: Optional[int] = None,
    arrows: Iterable[Union[Arrow, Tuple[int, int]]] = (),
    fill: Optional[Dict[int, str]] = None,
    squares: Any = None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Optional[Dict[str, str]] = None,
    flipped: bool = False,
) -> str:
    """A picture of ``board`` (any object with python-chess's ``piece_at``;
    None: an empty board) as SVG text, white at the bottom unless
    ``orientation`` is black (False) or ``flipped``. ``lastmove`` (a move)
    tints its two squares, ``check`` (a square) rings it red, ``arrows`` are
    ``Arrow``s or ``(tail, head)`` pairs, ``fill`` maps squares to colours,
    ``squares`` (a SquareSet, bitboard or squares) are marked with a
    cross, ``size`` sets the width and height in pixels and ``colors``
    overrides entries of ``DEFAULT_COLORS``."""
    palette = dict(DEFAULT_COLORS, **(colors or {}))
    flip = (not orientation) ^ flipped
    margin = MARGIN if coordinates else 0
    full = 8 * SQUARE_SIZE + 2 * margin
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "viewBox": f"0 0 {full} {full}"})
    if size is not None:
        svg.set("width", _size(size))
        svg.set("height", _size(size))
    if coordinates:
        ET.SubElement(svg, "rect", {"class": "margin", "x": "0", "y": "0", "width": str(full), "height": str(full), "fill": palette["margin"]})
        _draw_coordinates(svg, flip, palette)
    # The null move (false, as in python-chess) moves nothing: no tint.
    moved = {lastmove.from_square, lastmove.to_square} if lastmove else set()
    for sq in range(64):
        x, y = _corner(sq, flip, margin)
        shade = "light" if (sq & 7) + (sq >> 3) & 1 else "dark"
        key = f"square {shade}" + (" lastmove" if sq in moved else "")
        cls = key + " " + _SQUARE_NAMES[sq]
        color = (fill or {}).get(sq, palette[key])
        ET.SubElement(svg, "rect", {"class": cls, "x": f"{x:g}", "y": f"{y:g}", "width": str(SQUARE_SIZE), "height": str(SQUARE_SIZE), "fill": color})
    if check is not None:
        check = _square(check, "check")
        cx, cy = _center(check, flip, margin)
        ET.SubElement(svg, "circle", {"class": f"check {_SQUARE_NAMES[check]}", "cx": f"{cx:g}", "cy": f"{cy:g}",
                                      "r": f"{SQUARE_SIZE * 0.48:g}", "fill": palette["check"], "opacity": "0.7"})
    if board is not None:
        for sq in range(64):
            p = board.piece_at(sq)
            if p is not None:
                _draw_piece(svg, p, *_center(sq, flip, margin), sq, palette)
    for sq in _squares_of(squares):
        x, y = _corner(sq, flip, margin)
        group = ET.SubElement(svg, "g", {"class": f"mark {_SQUARE_NAMES[sq]}", "stroke": palette["mark"], "stroke-width": "3"})
        for x1, y1, x2, y2 in ((x + 8, y + 8, x + SQUARE_SIZE - 8, y + SQUARE_SIZE - 8), (x + SQUARE_SIZE - 8, y + 8, x + 8, y + SQUARE_SIZE - 8)):
            ET.SubElement(group, "line", {"x1": f"{x1:g}", "y1": f"{y1:g}", "x2": f"{x2:g}", "y2": f"{y2:g}"})
    for arrow in arrows:
        _draw_arrow(svg, arrow, flip, margin)
    return SvgWrapper(ET.tostring(svg, encoding="unicode"))
