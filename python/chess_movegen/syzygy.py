"""Syzygy endgame tablebases, python-chess's ``chess.syzygy``:
``open_tablebase(directory)``, ``Tablebase.add_directory``, ``probe_wdl``,
``probe_dtz``, ``get_wdl``, ``get_dtz``, with python-chess's values and
signs (WDL -2..2, DTZ50'' with rounding, both for the side to move) and
exceptions (KeyError, ``MissingTableError`` for a table not loaded), on the
workspace's Rust prober (``chess-movegen-syzygy``, up to 7 pieces).

Standard chess only; tables are opened (memory-mapped) when first probed.
"""

from __future__ import annotations

import os
from typing import Any, Optional, Union

from . import Board
from ._chess_movegen import MissingTableError, SyzygyTablebase

__all__ = ["MissingTableError", "Tablebase", "open_tablebase"]


class Tablebase:
    """A collection of tables (python-chess's arguments are taken; the
    prober needs no file-descriptor limit and reads WDL and DTZ files both,
    and only standard chess: another ``VariantBoard`` raises ValueError)."""

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Any = Board) -> None:
        if VariantBoard is not Board and not (isinstance(VariantBoard, type) and issubclass(VariantBoard, Board)):
            raise ValueError(f"chess_movegen.syzygy probes standard chess only, not {VariantBoard!r}")
        self.max_fds = max_fds
        self._tables = SyzygyTablebase()
        self.probe_wdl = self._tables.probe_wdl
        self.probe_dtz = self._tables.probe_dtz
        self.get_wdl = self._tables.get_wdl
        self.get_dtz = self._tables.get_dtz

    def add_directory(self, directory: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds the tables of a directory; returns how many table files
        (WDL and DTZ counted apart) it found."""
        return self._tables.add_directory(os.path.abspath(os.fspath(directory)))

    def probe_wdl(self, board: Board) -> int:  # replaced per instance by the native method
        """2 (win), 1 (cursed win), 0 (draw), -1 (blessed loss), -2 (loss)
        for the side to move; KeyError (MissingTableError) without a table."""
        return self._tables.probe_wdl(board)

    def probe_dtz(self, board: Board) -> int:  # replaced per instance by the native method
        """Plies to the next capture or pawn move of the best line, signed
        for the side to move (DTZ50'' with rounding); KeyError without a table."""
        return self._tables.probe_dtz(board)

    def get_wdl(self, board: Board, default: Optional[int] = None) -> Optional[int]:  # replaced per instance
        """``probe_wdl``, or ``default`` where it raises KeyError."""
        return self._tables.get_wdl(board, default)

    def get_dtz(self, board: Board, default: Optional[int] = None) -> Optional[int]:  # replaced per instance
        """``probe_dtz``, or ``default`` where it raises KeyError."""
        return self._tables.get_dtz(board, default)

    def close(self) -> None:
        """Closes the tables (a new, empty collection takes their place)."""
        self.__init__(max_fds=self.max_fds)  # type: ignore[misc]

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def open_tablebase(directory: Union[str, "os.PathLike[str]"], *, load_wdl: bool = True, load_dtz: bool = True,
                   max_fds: Optional[int] = 128, VariantBoard: Any = Board) -> Tablebase:
    """A ``Tablebase`` with the tables of ``directory``."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables
