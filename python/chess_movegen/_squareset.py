"""SquareSet: a mutable set of squares over a 64-bit mask, as python-chess's."""

from __future__ import annotations

from typing import Iterable, Iterator, List, Optional, SupportsInt, Union

IntoSquareSet = Union[SupportsInt, Iterable[int]]

_ALL = 0xFFFF_FFFF_FFFF_FFFF
# Indexed by square (negative indexes count from h8, as a Python list does).
_BB = [1 << sq for sq in range(64)]


def _mask(value: IntoSquareSet) -> int:
    """The mask of an int-like value or of an iterable of squares."""
    kind = type(value)
    if kind is SquareSet:
        return value.mask  # type: ignore[union-attr]
    if kind is int or isinstance(value, int):
        return value & _ALL  # type: ignore[operator]
    if isinstance(value, SquareSet):
        return value.mask
    if hasattr(value, "__int__"):
        return int(value) & _ALL  # type: ignore[arg-type]
    mask = 0
    for sq in value:  # type: ignore[union-attr]
        mask |= _BB[sq]
    return mask


# The squares of each byte value, per byte of the mask (for iteration).
_BYTE_SQUARES = [
    [tuple(8 * i + b for b in range(8) if byte >> b & 1) for byte in range(256)] for i in range(8)
]

_new_object = object.__new__


def _of(mask: int) -> "SquareSet":
    """A SquareSet of a mask already within 64 bits (no argument parsing)."""
    made = _new_object(SquareSet)
    made.mask = mask
    return made


_LINES: Optional[List[List[int]]] = None
_BETWEEN: Optional[List[List[int]]] = None


def _tables() -> None:
    """Fills the ray and between tables (64 × 64 masks), once."""
    global _LINES, _BETWEEN
    lines = [[0] * 64 for _ in range(64)]
    between = [[0] * 64 for _ in range(64)]
    for a in range(64):
        fa, ra = a & 7, a >> 3
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)):
            # The whole line through a in this direction, both ways.
            full = _BB[a]
            for sign in (1, -1):
                f, r = fa + sign * df, ra + sign * dr
                while 0 <= f < 8 and 0 <= r < 8:
                    full |= _BB[r * 8 + f]
                    f, r = f + sign * df, r + sign * dr
            inner = 0
            f, r = fa + df, ra + dr
            while 0 <= f < 8 and 0 <= r < 8:
                b = r * 8 + f
                lines[a][b] = full
                between[a][b] = inner
                inner |= _BB[b]
                f, r = f + df, r + dr
    _LINES, _BETWEEN = lines, between


class SquareSet:
    """A set of squares as a 64-bit mask (bit n = square n), with
    python-chess's ``SquareSet`` API: the ``set`` methods (``add``,
    ``discard``, ``remove``, ``pop``, ``union`` …, in-place updates),
    operators ``& | ^ - ~ << >>`` and their in-place forms, iteration in
    ascending order, ``len``, ``in``, ``int()``, equality with ints. What
    ``board.pieces()``, ``attacks()``, ``attackers()``, ``checkers()`` and
    ``pin()`` return. Mutable, hence not hashable (as python-chess's)."""

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = 0) -> None:
        self.mask = _mask(squares)

    # Sets of squares.

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and 0 <= square < 64 and bool(self.mask >> square & 1)

    def __iter__(self) -> Iterator[int]:
        mask = self.mask
        if not mask & (mask - 1):
            return iter((mask.bit_length() - 1,) if mask else ())
        out: List[int] = []
        extend = out.extend
        for table in _BYTE_SQUARES:
            if mask & 0xFF:
                extend(table[mask & 0xFF])
            mask >>= 8
            if not mask:
                break
        return iter(out)

    def __reversed__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            sq = mask.bit_length() - 1
            yield sq
            mask ^= 1 << sq

    if hasattr(int, "bit_count"):  # Python 3.10 and later

        def __len__(self) -> int:
            return self.mask.bit_count()

    else:  # pragma: no cover

        def __len__(self) -> int:
            return bin(self.mask).count("1")

    def add(self, square: int) -> None:
        """Adds a square (IndexError outside the board)."""
        self.mask |= _BB[square]

    def discard(self, square: int) -> None:
        """Removes a square if it is there."""
        self.mask &= ~_BB[square]

    def remove(self, square: int) -> None:
        """Removes a square; KeyError if it is not there."""
        bit = _BB[square]
        if not self.mask & bit:
            raise KeyError(square)
        self.mask ^= bit

    def pop(self) -> int:
        """Removes and returns the lowest square; KeyError if the set is empty."""
        mask = self.mask
        if not mask:
            raise KeyError("pop from empty SquareSet")
        low = mask & -mask
        self.mask = mask ^ low
        return low.bit_length() - 1

    def clear(self) -> None:
        """Removes every square."""
        self.mask = 0

    def copy(self) -> "SquareSet":
        """A new set with the same squares."""
        return _of(self.mask)

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        """True if no square is in both sets."""
        return not self.mask & _mask(other)

    def issubset(self, other: IntoSquareSet) -> bool:
        """True if every square of this set is in `other`."""
        return not self.mask & ~_mask(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        """True if every square of `other` is in this set."""
        return not ~self.mask & _mask(other)

    def union(self, other: IntoSquareSet) -> "SquareSet":
        """The squares in either set (``|``)."""
        return _of(self.mask | _mask(other))

    def intersection(self, other: IntoSquareSet) -> "SquareSet":
        """The squares in both sets (``&``)."""
        return _of(self.mask & _mask(other))

    def difference(self, other: IntoSquareSet) -> "SquareSet":
        """The squares of this set not in `other` (``-``)."""
        return _of(self.mask & ~_mask(other))

    def symmetric_difference(self, other: IntoSquareSet) -> "SquareSet":
        """The squares in exactly one of the sets (``^``)."""
        return _of(self.mask ^ _mask(other))

    def update(self, *others: IntoSquareSet) -> None:
        """Adds the squares of every argument."""
        for other in others:
            self.mask |= _mask(other)

    def intersection_update(self, *others: IntoSquareSet) -> None:
        """Keeps only the squares in every argument."""
        for other in others:
            self.mask &= _mask(other)

    def difference_update(self, other: IntoSquareSet) -> None:
        """Removes the squares of `other`."""
        self.mask &= ~_mask(other)

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        """Keeps the squares in exactly one of this set and `other`."""
        self.mask ^= _mask(other)

    # Operators.

    def __and__(self, other: IntoSquareSet) -> "SquareSet":
        m = other.mask if type(other) is SquareSet else _mask(other)  # type: ignore[union-attr]
        made = _new_object(SquareSet)
        made.mask = self.mask & m
        return made

    def __or__(self, other: IntoSquareSet) -> "SquareSet":
        m = other.mask if type(other) is SquareSet else _mask(other)  # type: ignore[union-attr]
        made = _new_object(SquareSet)
        made.mask = self.mask | m
        return made

    def __xor__(self, other: IntoSquareSet) -> "SquareSet":
        m = other.mask if type(other) is SquareSet else _mask(other)  # type: ignore[union-attr]
        made = _new_object(SquareSet)
        made.mask = self.mask ^ m
        return made

    def __sub__(self, other: IntoSquareSet) -> "SquareSet":
        m = other.mask if type(other) is SquareSet else _mask(other)  # type: ignore[union-attr]
        made = _new_object(SquareSet)
        made.mask = self.mask & ~m
        return made

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __iand__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask &= _mask(other)
        return self

    def __ior__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask |= _mask(other)
        return self

    def __ixor__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask ^= _mask(other)
        return self

    def __isub__(self, other: IntoSquareSet) -> "SquareSet":
        self.mask &= ~_mask(other)
        return self

    def __invert__(self) -> "SquareSet":
        return _of(~self.mask & _ALL)

    def __lshift__(self, shift: int) -> "SquareSet":
        return _of((self.mask << shift) & _ALL)

    def __rshift__(self, shift: int) -> "SquareSet":
        return _of(self.mask >> shift)

    def __ilshift__(self, shift: int) -> "SquareSet":
        self.mask = (self.mask << shift) & _ALL
        return self

    def __irshift__(self, shift: int) -> "SquareSet":
        self.mask >>= shift
        return self

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)  # type: ignore[arg-type]
        except (TypeError, ValueError, IndexError):
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    # Geometry.

    def mirror(self) -> "SquareSet":
        """The set flipped vertically (a1 ↔ a8)."""
        return _of(int.from_bytes(self.mask.to_bytes(8, "little"), "big"))

    def carry_rippler(self) -> Iterator[int]:
        """Every subset of the set, as masks, from 0 up to the set itself."""
        mask = self.mask
        subset = 0
        while True:
            yield subset
            subset = (subset - mask) & mask
            if not subset:
                break

    def tolist(self) -> List[bool]:
        """64 booleans, one per square."""
        mask = self.mask
        return [bool(mask >> sq & 1) for sq in range(64)]

    @staticmethod
    def ray(a: int, b: int) -> "SquareSet":
        """The whole line (edge to edge) through two squares on one rank,
        file or diagonal; empty if they are not aligned."""
        if _LINES is None:
            _tables()
        return _of(_LINES[a][b])  # type: ignore[index]

    @staticmethod
    def between(a: int, b: int) -> "SquareSet":
        """The squares strictly between two aligned squares; empty if they
        are not aligned."""
        if _BETWEEN is None:
            _tables()
        return _of(_BETWEEN[a][b])  # type: ignore[index]

    @staticmethod
    def from_square(square: int) -> "SquareSet":
        """The set of one square."""
        return _of(_BB[square])

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + f) & 1 else "." for f in range(8)))
        return "\n".join(rows)
