"""PGN from file objects: the native reader runs on a thread of its own and
asks for bytes; this module calls the file's ``read()`` and hands them over.

The file is read here, in Python's frames, because ``read()`` may release
the GIL: a daemon thread that reads while the interpreter exits must end as
a Python thread ends, which it cannot do inside native code.
"""

from __future__ import annotations

import os
from typing import Any, Iterator

from ._chess_movegen import GameReader, PgnGame, PgnReport, pgn_feed
from ._chess_movegen import read_games as _read_path
from ._chess_movegen import validate_pgn as _validate_path


def _is_file_object(source: Any) -> bool:
    return not isinstance(source, (str, bytes, os.PathLike)) and hasattr(source, "read")


def _run(source: Any, validate: bool) -> Iterator[Any]:
    feed = pgn_feed(validate)
    read = source.read
    while True:
        item = feed.poll()
        if item is None:
            return
        if isinstance(item, int):
            try:
                data = read(item)
            except Exception as err:  # a game's error, as a bad byte would be
                feed.fail(f"{type(err).__name__}: {err}")
            else:
                feed.feed(data)
        else:
            yield item


def read_games(source: Any) -> Iterator[PgnGame]:
    """Reads the games of a PGN file (a path, or a file object opened in
    binary or text mode), one at a time: ``for game in read_games(path)``.
    Side lines, comments and NAGs are skipped; every mainline move is
    checked. A game with an error comes with its message in
    ``game.errors`` and the moves read before it; reading goes on with the
    next game. A path gives a ``GameReader``, a file object a generator.
    """
    if _is_file_object(source):
        return _run(source, False)
    reader: GameReader = _read_path(source)
    return reader


def validate_pgn(source: Any) -> PgnReport:
    """Checks every game of a PGN source (path or file object) without
    keeping anything: tags, movetext, and the legality of every mainline
    move. Returns a ``PgnReport``.
    """
    if _is_file_object(source):
        report: PgnReport = next(_run(source, True))
        return report
    return _validate_path(source)
