"""How a game ended: python-chess's ``Termination`` and ``Outcome``."""

from __future__ import annotations

import dataclasses
import enum
from typing import Optional


class Termination(enum.Enum):
    """Why a game ended (the members python-chess has for standard chess)."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()


@dataclasses.dataclass(frozen=True)
class Outcome:
    """The end of a game: ``termination`` and ``winner`` (True = white, None for a draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


_BY_CODE = {
    1: Termination.CHECKMATE,
    2: Termination.STALEMATE,
    3: Termination.INSUFFICIENT_MATERIAL,
    4: Termination.SEVENTYFIVE_MOVES,
    5: Termination.FIVEFOLD_REPETITION,
    6: Termination.FIFTY_MOVES,
    7: Termination.THREEFOLD_REPETITION,
}


def make_outcome(code: int, winner: Optional[bool]) -> Outcome:
    """Builds the Outcome the native Board reports (its termination code)."""
    return Outcome(_BY_CODE[code], winner)
