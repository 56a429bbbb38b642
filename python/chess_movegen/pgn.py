"""python-chess's ``chess.pgn`` on the chess-movegen PGN reader.

``read_game(handle)`` gives a ``Game`` with python-chess's game tree:
``headers``, nodes with ``variations``, ``parent``, ``move``, ``comment``,
``starting_comment``, ``nags``, the comment commands (``clock()``,
``eval()``, ``emt()``, ``arrows()`` and their setters), editing
(``add_variation``, ``promote``, ``remove_variation``, ...), visitors and
the writer (``str(game)``, ``StringExporter``, ``FileExporter``), which
writes the text python-chess writes.

The tree lives in Rust (a ``PgnTree``): reading a game builds no Python
object per move; a node object is made the first time a program reaches
it and is the same object every time after. Differences from
python-chess: ``node.variations`` is a new list on each access (edit the
tree with ``add_variation``, ``promote``, ``demote``,
``remove_variation``); a move added must be legal where it is added
(``IllegalMoveError``); a game with an error keeps the moves before the
error and nothing after it; variants other than Chess960 are not
supported.
"""

from __future__ import annotations

import abc
import enum
import logging
import math
import operator
import re
import weakref
from collections.abc import MutableMapping, MutableSet
from typing import Any, Callable, Dict, Generic, Iterable, Iterator, List, Optional, TextIO, Tuple, TypeVar

from . import STARTING_FEN, WHITE, Board, PgnError
from ._chess_movegen import PgnTree, cut_game, read_game_text

__all__ = [
    "Game", "GameNode", "ChildNode", "Headers", "Mainline", "read_game", "read_headers", "skip_game",
    "BaseVisitor", "GameBuilder", "HeadersBuilder", "BoardBuilder", "SkipVisitor",
    "StringExporterMixin", "StringExporter", "FileExporter", "SkipType", "SKIP", "TAG_ROSTER",
    "TimeControl", "TimeControlPart", "TimeControlType", "parse_time_control",
]

LOGGER = logging.getLogger(__name__)

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?", "Result": "*"}

TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

# The comment commands, each with the one optional space before and after
# it (kept or dropped together when the command is replaced).
_TIME = r"(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)"
CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s" + _TIME + r"\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s" + _TIME + r"\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
ARROWS_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?"
    r"(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)"
)

ResultT = TypeVar("ResultT")


class SkipType(enum.Enum):
    """What a visitor returns to skip the rest of a game or a variation."""

    SKIP = None


SKIP = SkipType.SKIP


def _replacement(text: str) -> Callable[["re.Match[str]"], str]:
    """Replaces a comment command by `text`, keeping the spaces around it
    (or, for an empty `text`, one space only if there was one on each side)."""

    def replace(match: "re.Match[str]") -> str:
        if text:
            return match.group("prefix") + text + match.group("suffix")
        return match.group("suffix") if match.group("prefix") else ""

    return replace


def _time_text(name: str, seconds: float) -> str:
    if not isinstance(seconds, (int, float)) and not hasattr(seconds, "__float__"):
        raise TypeError(f"{name} needs a number of seconds or None, not {type(seconds).__name__}")
    if not math.isfinite(seconds):
        raise ValueError(f"{name} needs a finite number of seconds, not {seconds}")
    seconds = max(0, seconds)
    hours = int(seconds // 3600)
    minutes = int(seconds % 3600 // 60)
    rest = f"{seconds % 3600 % 60:06.3f}".rstrip("0").rstrip(".")
    return f"[%{name} {hours:d}:{minutes:02d}:{rest}]"


def _seconds(value: Any) -> Optional[float]:
    """A ``[%clk]``/``[%emt]`` time from the native tree (hours, minutes and
    seconds as text, or already a number) in seconds; None for one too
    large to be a float, which no program wrote as a time."""
    if type(value) is not tuple:
        return value
    try:
        return int(value[0]) * 3600 + int(value[1]) * 60 + float(value[2])
    except (OverflowError, ValueError):  # past float's range or int's digit limit
        return None


def _native_columns(columns: Any) -> Optional[int]:
    """An exporter's ``columns`` for the native writer, which breaks lines
    as python-chess's does for the same value: any number at most 0 puts
    each token on its own line, a fraction counts as its floor, infinity
    or NaN (never smaller than a line) as None."""
    if columns is None:
        return None
    try:
        if not math.isfinite(columns):
            return None
        return min(max(math.floor(columns), 0), 1 << 62)
    except TypeError:
        raise TypeError(f"columns must be a number or None, not {type(columns).__name__}") from None


def _set_command(comment: str, regex: "re.Pattern[str]", text: str, *, newline_ok: bool) -> str:
    """`comment` with its first `regex` command replaced by `text`, or with
    `text` added at its end when it has none."""
    comment, found = regex.subn(_replacement(text), comment, count=1)
    if not found and text:
        if comment and not comment.endswith(" ") and not (newline_ok and comment.endswith("\n")):
            comment += " "
        comment += text
    return comment


class _Nags(MutableSet):
    """The NAGs of a node, a set kept in the game's native tree."""

    __slots__ = ("_tree", "_i")

    def __init__(self, tree: PgnTree, i: int) -> None:
        self._tree = tree
        self._i = i

    def __contains__(self, nag: object) -> bool:
        return nag in self._tree.nags(self._i)

    def __iter__(self) -> Iterator[int]:
        return iter(self._tree.nags(self._i))

    def __len__(self) -> int:
        return len(self._tree.nags(self._i))

    def add(self, nag: int) -> None:
        self._tree.set_nags(self._i, self._tree.nags(self._i) + [operator.index(nag)])

    def discard(self, nag: int) -> None:
        self._tree.set_nags(self._i, [n for n in self._tree.nags(self._i) if n != nag])

    def update(self, *others: Iterable[int]) -> None:
        nags = self._tree.nags(self._i)
        for other in others:
            nags.extend(operator.index(n) for n in other)
        self._tree.set_nags(self._i, nags)

    def copy(self) -> set:
        return set(self._tree.nags(self._i))

    def __repr__(self) -> str:
        return repr(set(self._tree.nags(self._i)))


class GameNode:
    """A node of a game tree: the ``Game`` (the root) or a ``ChildNode``."""

    _game: "Game"
    _tree: PgnTree
    _i: int

    # -- structure --

    @property
    def parent(self) -> Optional["GameNode"]:
        """The parent node, None for the game."""
        p = self._tree.parent(self._i)
        return None if p is None else self._game._node(p)

    @property
    def move(self) -> Any:
        """The move leading to this node (None for the game)."""
        return self._tree.move(self._i)

    @property
    def variations(self) -> List["ChildNode"]:
        """The child nodes, main line first (a new list: edit the tree with
        ``add_variation``, ``promote``, ``demote``, ``remove_variation``)."""
        node = self._game._node
        return [node(c) for c in self._tree.children(self._i)]

    @property
    def comment(self) -> str:
        """The comment after the move (for the game: before the first move)."""
        return self._tree.comment(self._i)

    @comment.setter
    def comment(self, text: str) -> None:
        self._tree.set_comment(self._i, text)

    @property
    def starting_comment(self) -> str:
        """The comment before the move, for a node that starts a variation."""
        return self._tree.starting_comment(self._i)

    @starting_comment.setter
    def starting_comment(self, text: str) -> None:
        self._tree.set_starting_comment(self._i, text)

    @property
    def nags(self) -> _Nags:
        """The NAGs of the move, a set of ints."""
        return _Nags(self._tree, self._i)

    @nags.setter
    def nags(self, nags: Iterable[int]) -> None:
        self._tree.set_nags(self._i, [int(n) for n in nags])

    def board(self) -> Board:
        """The position at this node, the moves from the start on its stack."""
        self._game._sync()
        return self._tree.board(self._i)

    def ply(self) -> int:
        """Half-moves from the start of the game (from ply 0 of a FEN start)."""
        self._game._sync()
        return self._tree.ply(self._i)

    def turn(self) -> bool:
        """The side to move at this node."""
        return self.ply() % 2 == 0

    def root(self) -> "GameNode":
        return self._game

    def game(self) -> "Game":
        return self._game

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        line = self._tree.mainline(self._i)
        return self._game._node(line[-1]) if line else self

    def is_end(self) -> bool:
        return self._tree.child_count(self._i) == 0

    def starts_variation(self) -> bool:
        """Whether this node is a variation other than its parent's first."""
        p = self._tree.parent(self._i)
        return p is not None and self._tree.first_child(p) != self._i

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        at = self._i
        tree = self._tree
        while True:
            p = tree.parent(at)
            if p is None:
                return True
            if tree.first_child(p) != at:
                return False
            at = p

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first variation (the game: True)."""
        p = self._tree.parent(self._i)
        return p is None or self._tree.first_child(p) == self._i

    def __getitem__(self, move: Any) -> "ChildNode":
        children = self.variations
        if isinstance(move, int):
            return children[move]
        for child in children:
            if child is move or child.move == move:
                return child
        raise KeyError(move)

    def __contains__(self, move: Any) -> bool:
        try:
            self[move]
        except (KeyError, IndexError):
            return False
        return True

    def variation(self, move: Any) -> "ChildNode":
        """A child node by move, node or index."""
        return self[move]

    def has_variation(self, move: Any) -> bool:
        return move in self

    def promote_to_main(self, move: Any) -> None:
        """Makes a variation the first."""
        self._tree.reorder(self._i, self[move]._i, "main")

    def promote(self, move: Any) -> None:
        """Moves a variation one place up."""
        self._tree.reorder(self._i, self[move]._i, "up")

    def demote(self, move: Any) -> None:
        """Moves a variation one place down."""
        self._tree.reorder(self._i, self[move]._i, "down")

    def remove_variation(self, move: Any) -> None:
        """Removes a variation (its node keeps its parent, as in python-chess)."""
        self._tree.reorder(self._i, self[move]._i, "remove")

    def add_variation(self, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """A new last child for a move legal here (IllegalMoveError if not)."""
        self._game._sync()
        node = self._game._node(self._tree.add_child(self._i, move))
        if comment:
            node.comment = comment
        if starting_comment:
            node.starting_comment = starting_comment
        nags = list(nags)
        if nags:
            node.nags = nags
        return node

    def add_main_variation(self, move: Any, *, comment: str = "", nags: Iterable[int] = ()) -> "ChildNode":
        """A new first child."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self._tree.reorder(self._i, node._i, "main")
        return node

    def next(self) -> Optional["ChildNode"]:
        """The first child, or None."""
        c = self._tree.first_child(self._i)
        return None if c is None else self._game._node(c)

    def mainline(self) -> "Mainline":
        """The main-line nodes after this node."""
        return Mainline(self, None)

    def mainline_moves(self) -> "Mainline":
        """The main-line moves after this node."""
        return Mainline(self, "move")

    def add_line(self, moves: Iterable[Any], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> "GameNode":
        """Adds a line of moves; the comment and NAGs go to its last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    # -- comment commands --

    def eval(self) -> Any:
        """The first ``[%eval ...]`` of the comment as a ``PovScore``, or None.

        Uses python-chess's ``chess.engine`` score types (ImportError
        naming python-chess when it is not installed).
        """
        parts = self._tree.eval_parts(self._i)
        if parts is None:
            return None
        from .engine import Cp, Mate, PovScore

        turn = self.turn()
        kind, value, _ = parts
        if kind == "mate":
            try:
                mate = int(value)
            except ValueError:  # beyond int's digit limit: no real mate
                return None
            score = Mate(mate)
            if mate == 0:
                # The side to move after mate is the side mated.
                return PovScore(score, turn)
        else:
            score = Cp(round(float(value) * 100))
        return PovScore(score if turn else -score, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first ``[%eval ...]``, or None."""
        parts = self._tree.eval_parts(self._i)
        if parts is None or parts[2] is None:
            return None
        try:
            return int(parts[2])
        except ValueError:  # beyond int's digit limit
            return None

    def set_eval(self, score: Any, depth: Optional[int] = None) -> None:
        """Replaces the first ``[%eval ...]`` of the comment, or adds one."""
        text = ""
        if score is not None:
            if not callable(getattr(score, "white", None)):
                raise TypeError(f"set_eval needs a chess.engine.PovScore or None, not {type(score).__name__}")
            suffix = "" if depth is None else f",{max(depth, 0):d}"
            white = score.white()
            cp = white.score()
            if cp is not None:
                # The reader takes at most ten digits of pawns.
                if abs(cp) >= 10**12:
                    raise ValueError(f"eval out of range for [%eval]: {str(cp)[:20]} centipawns (at most 10 digits of pawns)")
                text = f"[%eval {float(cp) / 100:.2f}{suffix}]"
            elif white.mate():
                text = f"[%eval #{white.mate()}{suffix}]"
        self.comment = _set_command(self.comment, EVAL_REGEX, text, newline_ok=False)

    def arrows(self) -> list:
        """The ``[%csl ...]`` and ``[%cal ...]`` marks of the comment, as
        ``chess_movegen.svg.Arrow``."""
        from .svg import Arrow

        comment = self.comment
        if "[%c" not in comment:
            return []
        return [Arrow.from_pgn(part) for m in ARROWS_REGEX.finditer(comment) for part in m.group("arrows").split(",")]

    def set_arrows(self, arrows: Iterable[Any]) -> None:
        """Replaces the ``[%csl ...]``/``[%cal ...]`` marks of the comment."""
        from .svg import Arrow

        csl: List[str] = []
        cal: List[str] = []
        for arrow in arrows:
            if not isinstance(arrow, Arrow) and not hasattr(arrow, "pgn"):
                tail, head = arrow
                arrow = Arrow(tail, head)
            (csl if arrow.tail == arrow.head else cal).append(arrow.pgn())
        comment = ARROWS_REGEX.sub(_replacement(""), self.comment)
        prefix = (f"[%csl {','.join(csl)}]" if csl else "") + (f"[%cal {','.join(cal)}]" if cal else "")
        if prefix and comment and not comment.startswith((" ", "\n")):
            comment = prefix + " " + comment
        else:
            comment = prefix + comment
        self.comment = comment

    def clock(self) -> Optional[float]:
        """The first ``[%clk ...]`` of the comment in seconds, or None."""
        return _seconds(self._tree.clock(self._i))

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%clk ...]`` of the comment, or adds one."""
        text = "" if seconds is None else _time_text("clk", seconds)
        self.comment = _set_command(self.comment, CLOCK_REGEX, text, newline_ok=True)

    def emt(self) -> Optional[float]:
        """The first ``[%emt ...]`` of the comment in seconds, or None."""
        return _seconds(self._tree.emt(self._i))

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces the first ``[%emt ...]`` of the comment, or adds one."""
        text = "" if seconds is None else _time_text("emt", seconds)
        self.comment = _set_command(self.comment, EMT_REGEX, text, newline_ok=True)

    def accept_subgame(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Visits the game as if it started at this node: the game's tags
        (the start's FEN, SetUp and Variant tags last), then the moves
        after this node, then the result."""
        if visitor.begin_game() is not SKIP:
            game = self._game
            board = self.board()
            start = Headers({})
            _setup_headers(start, board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in start:
                    visitor.visit_header(name, value)
            for name, value in start.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                first = self._tree.first_child(self._i)
                if first is not None:
                    _walk(game, first, board, visitor, sidelines=True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


class ChildNode(GameNode):
    """A node with a move: ``ChildNode(parent, move, comment=, starting_comment=, nags=)``
    adds it to ``parent`` as its last variation."""

    def __init__(self, parent: GameNode, move: Any, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        game = parent._game
        game._sync()
        self._game = game
        self._tree = game._tree
        self._i = game._tree.add_child(parent._i, move)
        game._nodes[self._i] = self
        if comment:
            self.comment = comment
        if starting_comment:
            self.starting_comment = starting_comment
        nags = list(nags)
        if nags:
            self.nags = nags

    @property
    def parent(self) -> GameNode:  # type: ignore[override]
        return self._game._node(self._tree.parent(self._i))

    def san(self) -> str:
        """The SAN of the move leading here."""
        self._game._sync()
        return self._tree.san(self._i)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The UCI of the move leading here."""
        board = self.parent.board()
        if chess960 is None:
            return board.uci(self.move)
        return board.uci(self.move, chess960=chess960)

    def end(self) -> "ChildNode":
        return super().end()  # type: ignore[return-value]

    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Visits this node and the main line after it (not the side lines
        beside this node), as python-chess's ``ChildNode.accept``."""
        if type(visitor) is StringExporter and visitor._fresh():
            self._game._sync()
            text = self._tree.export(self._i, None, None, _native_columns(visitor.columns), visitor.comments, visitor.variations)
            visitor._take(text)
            return visitor.result()
        _walk(self._game, self._i, self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __reduce__(self) -> Any:
        # The game is pickled as text: the node is found again by its place.
        path = []
        node: GameNode = self
        while node.parent is not None:
            siblings = node._tree.children(node.parent._i)
            if node._i not in siblings:
                raise ValueError("cannot pickle a node of a removed variation")
            path.append(siblings.index(node._i))
            node = node.parent
        return (_node_of, (self._game, path[::-1]))

    def __repr__(self) -> str:
        board = self.parent.board()
        return "<{} at {:#x} ({}{} {} ...)>".format(
            type(self).__name__, id(self), board.fullmove_number, "." if board.turn == WHITE else "...", self.san()
        )


def _setup_headers(headers: "Headers", board: Any) -> None:
    """Sets or removes the FEN, SetUp and Variant tags for a start position
    (a Board or a FEN)."""
    if isinstance(board, str):
        board = Board(board)
        chess960 = board.has_chess960_castling_rights() if hasattr(board, "has_chess960_castling_rights") else False
    else:
        chess960 = board.chess960
    fen = board.fen()
    if fen == STARTING_FEN:
        headers.pop("FEN", None)
        headers.pop("SetUp", None)
    else:
        headers["FEN"] = fen
        headers["SetUp"] = "1"
    if chess960:
        headers["Variant"] = "Chess960"
    else:
        headers.pop("Variant", None)


class Headers(MutableMapping):
    """The tag pairs of a game: the seven-tag roster first, in its order,
    then the others in the order they were set. ``Headers()`` has the
    roster with its "unknown" values; ``Headers({})`` is empty."""

    def __init__(self, data: Any = None, **kwargs: str) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        self._owner: Optional["Game"] = None
        self.update(_ROSTER_DEFAULTS if data is None else data, **kwargs)

    def is_chess960(self) -> bool:
        return self.get("Variant", "").lower() in ("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random")

    def is_wild(self) -> bool:
        return self.get("Variant", "").lower() in ("wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a")

    def variant(self) -> type:
        """The board class of the game: ``Board`` (standard and Chess960;
        other variants raise ValueError: this package plays neither)."""
        if "Variant" not in self or self.is_chess960() or self.is_wild() or self["Variant"].lower() in ("standard", "chess", "normal", "classical"):
            return Board
        raise ValueError(f"chess_movegen does not support the variant {self['Variant']!r}")

    def board(self) -> Board:
        """The start position the tags give."""
        board = self.variant()(self.get("FEN", STARTING_FEN), chess960=self.is_chess960())
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if not isinstance(key, str) or not isinstance(value, str):
            bad = value if isinstance(key, str) else key
            raise TypeError(f"pgn header tags and values are str, not {type(bad).__name__}")
        # A line break would end the tag pair: the text written would read
        # back as other tags (python-chess checks this for tags outside the
        # roster only).
        if "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key[:40]}: {value[:40]!r}")
        if key in _ROSTER_DEFAULTS:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key[:40]!r}")
        else:
            self._others[key] = value
            if self._owner is not None and key in ("FEN", "Variant"):
                self._owner._start_dirty = True

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in _ROSTER_DEFAULTS else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in _ROSTER_DEFAULTS:
            del self._tag_roster[key]
        else:
            del self._others[key]
            if self._owner is not None and key in ("FEN", "Variant"):
                self._owner._start_dirty = True

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tag_roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self) -> "Headers":
        return type(self)(self)

    def __copy__(self) -> "Headers":
        return self.copy()

    def __repr__(self) -> str:
        return "{}({})".format(type(self).__name__, ", ".join(f"{k}={v!r}" for k, v in self.items()))

    @classmethod
    def builder(cls) -> "HeadersBuilder":
        return HeadersBuilder(Headers=cls)


class Game(GameNode):
    """A game: the root node, with ``headers`` and ``errors``.
    ``Game(headers=None)`` starts from the seven-tag roster."""

    errors: List[Exception]

    def __init__(self, headers: Any = None) -> None:
        self._tree = PgnTree()
        self._game = self
        self._i = 0
        self._nodes: Dict[int, GameNode] = {0: self}
        self._headers: Optional[Headers] = None
        self.headers = Headers(headers)
        self.errors = []

    @classmethod
    def _from_tree(cls, tree: PgnTree) -> "Game":
        if cls is Game:
            game = cls.__new__(cls)
            game._game = game
            game._i = 0
            game.errors = []
        else:
            game = cls()
        game._tree = tree
        game._nodes = {0: game}
        game._headers = None
        game._start_dirty = False
        return game

    @property
    def headers(self) -> Headers:
        """The tag pairs (a ``Headers``)."""
        headers = self._headers
        if headers is None:
            headers = Headers()
            for name, value in self._tree.tag_pairs():
                headers[name] = value
            result = self._tree.result()
            if result and headers.get("Result", "*") == "*":
                headers["Result"] = result
            headers._owner = self
            self._headers = headers
        return headers

    @headers.setter
    def headers(self, headers: Any) -> None:
        if not isinstance(headers, Headers):
            headers = Headers(headers)
        headers._owner = self
        self._headers = headers
        self._start_dirty = True

    def _node(self, i: int) -> GameNode:
        node = self._nodes.get(i)
        if node is None:
            node = ChildNode.__new__(ChildNode)
            node._game = self
            node._tree = self._tree
            node._i = i
            self._nodes[i] = node
        return node

    def _sync(self) -> None:
        """Starts the tree from the position the FEN and Variant tags give,
        if they changed."""
        if self._start_dirty:
            self._start_dirty = False
            headers = self.headers
            fen = headers.get("FEN")
            chess960 = headers.is_chess960()
            headers.variant()
            if (fen, chess960) != (self._tree.start_fen(), self._tree.chess960()):
                self._tree.set_start(fen, chess960)

    @property
    def parent(self) -> None:  # type: ignore[override]
        return None

    @property
    def move(self) -> None:  # type: ignore[override]
        return None

    def setup(self, board: Any) -> None:
        """Starts the game from a position (a Board or a FEN): sets or
        removes the FEN, SetUp and Variant tags."""
        _setup_headers(self.headers, board)
        self._start_dirty = True
        self._sync()

    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Visits the game in PGN order; returns the visitor's result."""
        kind = type(visitor)
        if (kind is StringExporter or kind is FileExporter) and visitor._fresh():
            self._sync()
            tags = list(self.headers.items()) if visitor.headers else []
            text = self._tree.export(0, tags, self.headers.get("Result", "*"), _native_columns(visitor.columns), visitor.comments, visitor.variations)
            visitor._take(text)
            return visitor.result()
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                first = self._tree.first_child(0)
                if first is not None:
                    _walk(self, first, board, visitor, sidelines=True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __copy__(self) -> "Game":
        return self.__deepcopy__({})

    def __deepcopy__(self, memo: dict) -> "Game":
        """A copy of the whole tree (nodes of the copy are new objects)."""
        self._sync()
        game = type(self)._from_tree(self._tree.copy())
        game.headers = self.headers.copy()
        game._start_dirty = False
        game.errors = list(self.errors)
        return game

    def __reduce__(self) -> Any:
        # Pickled as its PGN text (for multiprocessing workers).
        return (_game_from_text, (type(self), str(self), [str(e) for e in self.errors]))

    def __str__(self) -> str:
        self._sync()
        tags = list(self.headers.items())
        return self._tree.export(0, tags, self.headers.get("Result", "*"), None).rstrip()

    def time_control(self) -> "TimeControl":
        """The TimeControl tag, parsed."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board: Any) -> "Game":
        """A game of a board's move stack, from its root position."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls) -> "Game":
        """A game with no tags."""
        return cls(headers={})

    @classmethod
    def builder(cls) -> "GameBuilder":
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        h = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__, id(self), h.get("White", "?"), h.get("Black", "?"), h.get("Date", "????.??.??"), h.get("Site", "?"), errors
        )


def _game_from_text(cls: type, text: str, errors: List[str]) -> "Game":
    """Unpickles a Game."""
    tree = read_game_text(text, 0)
    game = cls._from_tree(tree if tree is not None else PgnTree())
    game.errors = [PgnError(message) for message in errors]
    return game


def _node_of(game: "Game", path: List[int]) -> GameNode:
    """Unpickles a node: the node at `path` (variation numbers from the
    game down) in its unpickled game."""
    node: GameNode = game
    for slot in path:
        node = node.variations[slot]
    return node


class Mainline:
    """The main line after a node: its nodes (``node.mainline()``) or moves
    (``node.mainline_moves()``)."""

    def __init__(self, start: GameNode, f: Any) -> None:
        self.start = start
        self.f = f

    def _indices(self) -> List[int]:
        return self.start._tree.mainline(self.start._i)

    def __bool__(self) -> bool:
        return self.start._tree.child_count(self.start._i) > 0

    def __iter__(self) -> Iterator[Any]:
        if self.f == "move":
            return iter(self.start._tree.mainline_moves(self.start._i))
        if self.f is None:
            node = self.start._game._node
            return (node(i) for i in self._indices())
        node = self.start._game._node
        return (self.f(node(i)) for i in self._indices())

    def __reversed__(self) -> Iterator[Any]:
        return reversed(list(self))

    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        board = self.start.board()
        game = self.start._game
        for i in self._indices():
            node = game._node(i)
            _visit_node(node, board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"


def _visit_node(node: GameNode, board: Board, visitor: "BaseVisitor[Any]") -> None:
    """A node's starting comment, move, position, NAGs and comment."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    move = node.move
    visitor.visit_move(board, move)
    board.push(move)
    visitor.visit_board(board)
    board.pop()
    for nag in node._tree.nags(node._i):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def _walk(game: Game, start: int, board: Board, visitor: "BaseVisitor[Any]", *, sidelines: bool) -> None:
    """Visits node `start` (from `board`, the position before it), the
    side lines beside it if `sidelines`, and the lines after it, in
    python-chess's order, without recursion."""
    tree = game._tree
    node = game._node
    # Frames: [node, state, side lines left, a side line to close].
    first_siblings = tree.children(tree.parent(start))[1:] if sidelines else []
    stack: List[list] = [[start, "pre", iter(first_siblings), False]]
    while stack:
        top = stack[-1]
        if top[3]:
            top[3] = False
            visitor.end_variation()
        state = top[1]
        if state == "pre":
            _visit_node(node(top[0]), board, visitor)
            top[1] = "variations"
        elif state == "variations":
            variation = next(top[2], None)
            if variation is not None:
                if visitor.begin_variation() is not SKIP:
                    stack.append([variation, "pre", iter(()), False])
                top[3] = True
                continue
            children = tree.children(top[0])
            if children:
                board.push(node(top[0]).move)
                stack.append([children[0], "pre", iter(children[1:]), False])
                top[1] = "post"
            else:
                top[1] = "end"
        elif state == "post":
            board.pop()
            top[1] = "end"
        else:
            stack.pop()


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """The visitor a game is walked with (``game.accept(visitor)``,
    ``read_game(handle, Visitor=...)``), called in PGN order."""

    def begin_game(self) -> Optional[SkipType]:
        pass

    def begin_headers(self) -> Optional[Headers]:
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Optional[SkipType]:
        pass

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        pass

    def parse_san(self, board: Board, san: str) -> Any:
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Any) -> None:
        pass

    def visit_board(self, board: Board) -> None:
        pass

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Optional[SkipType]:
        pass

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    @abc.abstractmethod
    def result(self) -> ResultT:
        """The visitor's result."""

    def handle_error(self, error: Exception) -> None:
        raise error


class GameBuilder(BaseVisitor[Any]):
    """Builds a ``Game``; the default visitor of ``read_game``."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Board, move: Any) -> None:
        self.variation_stack[-1] = self.variation_stack[-1].add_variation(move)
        self.variation_stack[-1].starting_comment = self.starting_comment
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Logs the error and keeps it in ``game.errors``."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> Any:
        return self.game


class HeadersBuilder(BaseVisitor[Any]):
    """Collects a game's tag pairs into a ``Headers``."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> Headers:
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> Headers:
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """The final position of the main line, its moves on the stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board.copy()

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class StringExporterMixin:
    """python-chess's PGN layout: ``columns`` per movetext line (None: one
    line), with or without ``headers``, ``comments`` (and NAGs) and
    ``variations``."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def _fresh(self) -> bool:
        """Whether nothing was written yet (the native writer may start)."""
        return not self.lines and not self.current_line and self.variation_depth == 0

    def _take(self, text: str) -> None:
        """Takes the native writer's lines (each ending in a line feed)."""
        self.lines.extend(text.split("\n")[:-1])

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if self.variations:
            self.write_token("( ")
            self.force_movenumber = True
            return None
        return SKIP

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def visit_comment(self, comment: str) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("$" + str(nag) + " ")

    def visit_move(self, board: Board, move: Any) -> None:
        if self.variations or not self.variation_depth:
            if board.turn == WHITE:
                self.write_token(str(board.fullmove_number) + ". ")
            elif self.force_movenumber:
                self.write_token(str(board.fullmove_number) + "... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes a game as a string (no line feed at its end)."""

    def result(self) -> str:
        if self.current_line:
            return "\n".join(self.lines + [self.current_line.rstrip()]).rstrip()
        return "\n".join(self.lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes games to a text file, a blank line after each; the result is
    the number of characters written for the game."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def _fresh(self) -> bool:
        return not self.current_line and self.variation_depth == 0

    def _take(self, text: str) -> None:
        self.written = self.handle.write(text)

    def begin_game(self) -> None:
        self.written = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# Lines read past the end of a game from files that cannot seek, given
# back to the next read of the same file.
_pending: "weakref.WeakKeyDictionary[Any, str]" = weakref.WeakKeyDictionary()

_BUILDER_METHODS = ("begin_game", "begin_headers", "visit_header", "end_headers", "visit_move", "visit_board",
                    "visit_comment", "visit_nag", "begin_variation", "end_variation", "visit_result", "end_game",
                    "parse_san", "begin_parse_san", "result")


def _cut(handle: TextIO) -> Optional[str]:
    """The next game's text. A line read ahead (the next game's first tag,
    with no blank line before it) is kept for the next call on the same
    file, if the file is still where it was left."""
    pending = None
    try:
        kept = _pending.pop(handle, None)
    except TypeError:  # not weak-referenceable
        kept = None
    if kept is not None:
        line, where = kept
        if where is None or handle.tell() == where:
            pending = line
    cut = cut_game(handle, pending)
    if cut is None:
        return None
    text, left = cut
    if left is not None:
        seekable = getattr(handle, "seekable", None)
        where = handle.tell() if seekable is not None and seekable() else None
        try:
            _pending[handle] = (left, where)
        except TypeError:
            pass
    return text


_plain_classes: Dict[Tuple[type, type], bool] = {}


def _plain(visitor: Any, base: type) -> bool:
    """Whether `visitor` is a `base` whose visit methods are all `base`'s."""
    kind = type(visitor)
    known = _plain_classes.get((kind, base))
    if known is None:
        known = isinstance(visitor, base) and all(getattr(kind, m) is getattr(base, m) for m in _BUILDER_METHODS)
        _plain_classes[kind, base] = known
    return known


def read_game(handle: TextIO, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game of a PGN text file: a ``Game``, or the result of
    ``Visitor()`` (a ``BaseVisitor``) walked over it; None at the end.

    A game ends at a blank line after its movetext (outside comments) or
    where the next game's tag pairs begin; the file is left at the start of
    the next game. Errors (illegal moves...) go to ``visitor.handle_error``
    (``GameBuilder``: ``game.errors``); the game keeps the moves before
    the error.
    """
    text = _cut(handle)
    if text is None:
        return None
    visitor = Visitor()
    if _plain(visitor, GameBuilder):
        tree = read_game_text(text, 0)
        if tree is None:
            return None
        game = visitor.Game._from_tree(tree)
        visitor.game = game
        for message in tree.errors():
            visitor.handle_error(PgnError(message))
        return visitor.result()
    headers_only = isinstance(visitor, (HeadersBuilder, SkipVisitor))
    tree = read_game_text(text, 1 if headers_only else 0)
    if tree is None:
        return None
    _replay(Game._from_tree(tree), visitor)
    return visitor.result()


def _replay(game: Game, visitor: "BaseVisitor[Any]") -> None:
    """Walks a game read from text through a visitor as read_game would:
    tags in file order, the movetext, errors last."""
    tree = game._tree
    if visitor.begin_game() is not SKIP:
        visitor.begin_headers()
        for name, value in tree.tag_pairs():
            visitor.visit_header(name, value)
        if visitor.end_headers() is not SKIP:
            board = game.board()
            visitor.visit_board(board)
            if game.comment:
                visitor.visit_comment(game.comment)
            first = tree.first_child(0)
            if first is not None:
                _walk(game, first, board, visitor, sidelines=True)
            for message in tree.errors():
                visitor.handle_error(PgnError(message))
            if tree.result():
                visitor.visit_result(tree.result())
    visitor.end_game()


def read_headers(handle: TextIO) -> Optional[Headers]:
    """Reads the next game's tag pairs and skips its movetext."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; True if there was one."""
    return _cut(handle) is not None


class TimeControlType(enum.Enum):
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


class TimeControlPart:
    """One period of a time control: moves (0: the rest of the game),
    seconds, and an increment or delay in seconds."""

    def __init__(self, moves: int = 0, time: int = 0, increment: float = 0, delay: float = 0) -> None:
        self.moves = moves
        self.time = time
        self.increment = increment
        self.delay = delay


class TimeControl:
    """A parsed TimeControl tag: its periods and its kind."""

    def __init__(self) -> None:
        self.parts: List[TimeControlPart] = []
        self.type = TimeControlType.UNKNOWN


def _time_control_part(text: str) -> TimeControlPart:
    part = TimeControlPart()
    base, *bonus = text.split("+")
    if bonus:
        if bonus[0].lower().endswith("d"):
            part.delay = float(bonus[0][:-1])
        else:
            part.increment = float(bonus[0])
    moves, *seconds = base.split("/")
    if seconds:
        part.moves, part.time = int(moves), int(seconds[0])
    else:
        part.moves, part.time = 0, int(moves)
    return part


def parse_time_control(time_control: str) -> TimeControl:
    """Reads a PGN TimeControl tag (``40/7200:3600``, ``300+3``, ``-``, ``?``)."""
    tc = TimeControl()
    if not time_control or time_control.startswith("?"):
        return tc
    if time_control.startswith("-"):
        tc.type = TimeControlType.UNLIMITED
        return tc
    tc.parts = [_time_control_part(part) for part in time_control.split(":")]
    if any(part.moves == 0 for part in tc.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    # FIDE's classes by the time for 60 moves, bullet below three minutes.
    total = tc.parts[0].time + 60 * tc.parts[0].increment
    if total < 3 * 60:
        tc.type = TimeControlType.BULLET
    elif total < 15 * 60:
        tc.type = TimeControlType.BLITZ
    elif total < 60 * 60:
        tc.type = TimeControlType.RAPID
    else:
        tc.type = TimeControlType.STANDARD
    return tc
