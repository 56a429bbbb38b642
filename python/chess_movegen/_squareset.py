"""SquareSet: a set of squares over a 64-bit mask, as python-chess's."""

from __future__ import annotations

from typing import Iterable, Iterator, List, Union

IntoSquareSet = Union[int, "SquareSet", Iterable[int]]


def _mask(value: IntoSquareSet) -> int:
    if isinstance(value, SquareSet):
        return value.mask
    if isinstance(value, int):
        return value & 0xFFFF_FFFF_FFFF_FFFF
    mask = 0
    for sq in value:
        if not 0 <= sq < 64:
            raise ValueError(f"square must be 0..63, got {sq}")
        mask |= 1 << sq
    return mask


class SquareSet:
    """Squares as a 64-bit mask (bit n = square n): iterable in ascending
    order, sized, ``in``, set operators, ``int()``; what python-chess's
    ``board.pieces()``, ``attacks()``, ``attackers()`` and ``checkers()``
    return."""

    __slots__ = ("mask",)

    def __init__(self, squares: IntoSquareSet = 0) -> None:
        self.mask = _mask(squares)

    def __iter__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __reversed__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            sq = mask.bit_length() - 1
            yield sq
            mask ^= 1 << sq

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, square: object) -> bool:
        return isinstance(square, int) and 0 <= square < 64 and bool(self.mask >> square & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __and__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & _mask(other))

    def __or__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask | _mask(other))

    def __xor__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask ^ _mask(other))

    def __sub__(self, other: IntoSquareSet) -> "SquareSet":
        return SquareSet(self.mask & ~_mask(other))

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __invert__(self) -> "SquareSet":
        return SquareSet(~self.mask & 0xFFFF_FFFF_FFFF_FFFF)

    def tolist(self) -> List[bool]:
        """64 booleans, one per square."""
        return [bool(self.mask >> sq & 1) for sq in range(64)]

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + f) & 1 else "." for f in range(8)))
        return "\n".join(rows)
