"""Polyglot opening books, python-chess's ``chess.polyglot``:
``open_reader(path)`` with ``find_all``, ``find``, ``get``, ``choice``,
``weighted_choice``, and ``zobrist_hash(board)``, on the library's book
look-up and move decoding. Entries are ``Entry(key, raw_move, weight,
learn, move)`` as python-chess's, equal to them field by field.

The book is read into memory when it is opened (python-chess maps it);
look-ups take this package's ``Board`` or an int key.
"""

from __future__ import annotations

import os
import random as _random
from typing import Any, Container, Iterator, NamedTuple, Optional, Union

from . import Board, Move
from ._chess_movegen import PolyglotBook, polyglot_hash

__all__ = ["Entry", "MemoryMappedReader", "open_reader", "zobrist_hash"]


class Entry(NamedTuple):
    """A book entry: the position's key, the move as stored, its weight and
    learn fields, and the move (as python-chess gives it)."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


def zobrist_hash(board: Board) -> int:
    """The Polyglot key of a Board's position."""
    return polyglot_hash(board)


def _raw_to_move(raw: int) -> Move:
    """A raw Polyglot move as python-chess shows it without a position."""
    to_square, from_square, part = raw & 63, raw >> 6 & 63, raw >> 12 & 7
    # Parts 1..4 are knight..queen; 5..7 name no piece (a corrupt entry).
    if from_square == to_square or part > 4:
        return Move.null()
    return Move(from_square, to_square, part + 1 if part else None)


def _randint(rng: Optional[_random.Random], a: int, b: int) -> int:
    return _random.randint(a, b) if rng is None else rng.randint(a, b)


class MemoryMappedReader:
    """An opened book (python-chess's name for it). A context manager."""

    def __init__(self, filename: Union[str, "os.PathLike[str]"]) -> None:
        self._book: Optional[PolyglotBook] = PolyglotBook(os.fspath(filename))

    def _open(self) -> PolyglotBook:
        if self._book is None:
            raise ValueError("the book is closed")
        return self._book

    def __enter__(self) -> "MemoryMappedReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._open())

    def __getitem__(self, index: int) -> Entry:
        book = self._open()
        if index < 0:
            index += len(book)
        if not 0 <= index < len(book):
            raise IndexError(f"book entry {str(index)[:30]} out of range ({len(book)} entries)")
        key, raw, weight, learn = book.entry(index)
        return Entry(key, raw, weight, learn, _raw_to_move(raw))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def bisect_key_left(self, key: int) -> int:
        """The first index whose key is not below ``key``."""
        book = self._open()
        # Keys are 64-bit: every key is above a negative one and below 2**64.
        if key < 0:
            return 0
        if key >= 1 << 64:
            return len(book)
        return book.bisect_key_left(key)

    def __contains__(self, entry: Entry) -> bool:
        return any(current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()) -> Iterator[Entry]:
        """The entries of a position (a Board: only moves legal there) or of
        a key, with weight at least ``minimum_weight``, in book order."""
        book = self._open()
        if isinstance(board, int) and not 0 <= board < 1 << 64:
            found = []  # no 64-bit key is that number
        elif isinstance(board, int):
            found = [Entry(k, r, w, l, _raw_to_move(r)) for k, r, w, l in book.find_key(board, minimum_weight)]
        else:
            found = [Entry(*e) for e in book.find_all(board, minimum_weight)]
        if exclude_moves:
            found = [e for e in found if e.move not in exclude_moves]
        return iter(found)

    def find(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()) -> Entry:
        """The first entry of the highest weight; IndexError if none."""
        try:
            return max(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves), key=lambda e: e.weight)
        except ValueError:
            raise IndexError("no book entry for the position") from None

    def get(self, board: Union[Board, int], default: Optional[Entry] = None, *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()) -> Optional[Entry]:
        """``find``, or ``default`` when there is no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = (), random: Optional[_random.Random] = None) -> Entry:
        """An entry picked uniformly (the same pick as python-chess's for the
        same ``random`` state); IndexError if none."""
        chosen = None
        for i, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)):
            if chosen is None or _randint(random, 0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError("no book entry for the position")
        return chosen

    def weighted_choice(self, board: Union[Board, int], *, exclude_moves: Container[Move] = (), random: Optional[_random.Random] = None) -> Entry:
        """An entry picked with probability proportional to its weight (the
        same pick as python-chess's for the same ``random`` state)."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(e.weight for e in entries)
        if not total:
            raise IndexError("no book entry of non-zero weight for the position")
        point = _randint(random, 0, total - 1)
        running = 0
        for entry in entries:
            running += entry.weight
            if running > point:
                return entry
        raise AssertionError("weights changed while choosing")

    def close(self) -> None:
        """Frees the book."""
        self._book = None


def open_reader(path: Union[str, "os.PathLike[str]"]) -> MemoryMappedReader:
    """Opens the Polyglot book at ``path`` (OSError if it is not one)."""
    return MemoryMappedReader(path)
