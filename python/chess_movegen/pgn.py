"""``chess.pgn.read_game`` for programs written for python-chess.

``read_game(handle)`` reads one game from a text file and leaves the file
at the start of the next (a game ends at the first empty line after its
movetext, outside comments, or where the next game's tag pairs begin:
python-chess would merge two games with no empty line between them into
one). It returns a
``Game`` with python-chess's most used attributes: ``headers``,
``errors``, ``board()``, ``mainline_moves()`` and ``end().board()``. Side
lines, comments and NAGs are skipped. For whole files,
``chess_movegen.read_games`` is much faster: it reads in large chunks.
"""

from __future__ import annotations

import io
import weakref
from typing import Dict, List, Optional, TextIO

from . import Board, Move, PgnError, PgnGame, read_games

__all__ = ["Game", "read_game"]


class _End:
    """The last node of a mainline: ``board()`` is the final position."""

    def __init__(self, board: Board) -> None:
        self._board = board

    def board(self) -> Board:
        return self._board.copy()


class Game:
    """One game read by ``read_game``."""

    def __init__(self, game: PgnGame) -> None:
        self._game = game
        self.headers: Dict[str, str] = game.headers
        self.errors: List[PgnError] = [PgnError(message) for message in game.errors]

    def board(self) -> Board:
        """The starting position."""
        return self._game.board()

    def mainline_moves(self) -> List[Move]:
        """The mainline moves."""
        return self._game.moves

    def end(self) -> _End:
        """The end of the mainline; ``end().board()`` is the final position."""
        return _End(self._game.end_board())

    def __repr__(self) -> str:
        return f"<Game {self.headers.get('White', '?')} vs {self.headers.get('Black', '?')}>"


def _braces(line: str, in_comment: bool) -> bool:
    """Whether a brace comment is open after `line`."""
    for ch in line:
        if in_comment:
            if ch == "}":
                in_comment = False
        elif ch == "{":
            in_comment = True
        elif ch == ";":
            break
    return in_comment


# Lines read past the end of a game from files that cannot seek, given
# back to the next read_game of the same file.
_pending: "weakref.WeakKeyDictionary[TextIO, str]" = weakref.WeakKeyDictionary()


def read_game(handle: TextIO) -> Optional[Game]:
    """Reads the next game of a PGN text file, or None at its end.

    A game ends at an empty line after its movetext (outside comments) or
    where the next game's tag pairs begin; the file is left at the start
    of the next game (a file that cannot seek keeps the line read ahead
    for the next call).
    """
    lines: List[str] = []
    try:
        line = _pending.pop(handle, "")
    except TypeError:  # not weak-referenceable
        line = ""
    if not line:
        line = handle.readline()
    line = line.lstrip("\ufeff")
    while line and (line.isspace() or line.startswith("%") or line.startswith(";")):
        line = handle.readline()
    if not line:
        return None
    # Tag pairs, with at most one empty line between them.
    empty = 0
    while line:
        if line.startswith("%") or line.startswith(";"):
            line = handle.readline()
            continue
        if empty < 1 and line.isspace():
            empty += 1
            line = handle.readline()
            continue
        if not line.startswith("["):
            break
        empty = 0
        lines.append(line)
        line = handle.readline()
    lines.append("\n")
    # Movetext, up to an empty line outside a comment or the next tag pair.
    seekable = bool(getattr(handle, "seekable", lambda: False)())
    in_comment = False
    while line:
        if not in_comment and line.isspace():
            break
        lines.append(line)
        in_comment = _braces(line, in_comment)
        where = handle.tell() if seekable else None
        line = handle.readline()
        if not in_comment and line.startswith("["):
            # The next game's tags: leave them for the next call.
            if where is not None:
                handle.seek(where)
            else:
                try:
                    _pending[handle] = line
                except TypeError:
                    pass
            break
    game = next(iter(read_games(io.StringIO("".join(lines)))), None)
    return None if game is None else Game(game)
