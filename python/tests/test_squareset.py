"""SquareSet against python-chess's SquareSet, method by method."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chess_movegen as cm

chess = pytest.importorskip("chess")

masks = st.integers(min_value=0, max_value=cm.BB_ALL)
squares = st.integers(min_value=0, max_value=63)


def same(a, b) -> None:
    assert isinstance(a, cm.SquareSet) and int(a) == int(b)


@settings(max_examples=200, deadline=None)
@given(masks, masks, squares, squares, st.integers(min_value=0, max_value=70))
def test_square_set_methods_like_python_chess(m1, m2, sq, sq2, shift):
    a, b = cm.SquareSet(m1), chess.SquareSet(m1)
    for op in ("union", "intersection", "difference", "symmetric_difference"):
        same(getattr(a, op)(m2), getattr(b, op)(m2))
        same(getattr(a, op)(cm.SquareSet(m2)), getattr(b, op)(chess.SquareSet(m2)))
    for op in ("isdisjoint", "issubset", "issuperset"):
        assert getattr(a, op)(m2) == getattr(b, op)(m2)
    for op in ("__and__", "__or__", "__xor__", "__sub__"):
        same(getattr(a, op)(m2), getattr(b, op)(m2))
    same(a << shift, b << shift)
    same(a >> shift, b >> shift)
    same(~a, ~b)
    same(a.mirror(), b.mirror())
    same(a.copy(), b.copy())
    assert a.copy() is not a
    assert a.tolist() == b.tolist() and list(reversed(a)) == list(reversed(b)) and list(a) == list(b)
    assert bool(a) == bool(b) and len(a) == len(b) and (sq in a) == (sq in b)
    assert (a == m1) and (a == b) and (a != m1 ^ 1) and a == [s for s in b]
    assert repr(a) == repr(b) and str(a) == str(b)
    same(cm.SquareSet.ray(sq, sq2), chess.SquareSet.ray(sq, sq2))
    same(cm.SquareSet.between(sq, sq2), chess.SquareSet.between(sq, sq2))
    same(cm.SquareSet.from_square(sq), chess.SquareSet.from_square(sq))
    if len(b) <= 8:
        assert list(a.carry_rippler()) == [int(x) for x in b.carry_rippler()]
    # Mutating methods and in-place operators, step by step.
    steps = [
        ("add", sq), ("discard", sq2), ("update", m2), ("intersection_update", m2 | m1),
        ("difference_update", m2), ("symmetric_difference_update", m2), ("__ior__", m2),
        ("__iand__", m2 ^ m1), ("__ixor__", m2), ("__isub__", m2), ("__ilshift__", shift % 9),
        ("__irshift__", shift % 9), ("clear", None), ("update", m1),
    ]
    for name, arg in steps:
        args = () if arg is None else (arg,)
        ra, rb = getattr(a, name)(*args), getattr(b, name)(*args)
        if name.startswith("__"):
            assert ra is a and rb is b
        assert int(a) == int(b), name
    a.update(m1, m2)
    b.update(m1, m2)
    a.intersection_update(m2, m1)
    b.intersection_update(m2, m1)
    assert int(a) == int(b)
    while b:
        assert a.pop() == b.pop()
    for s in (a, b):
        s.add(sq)
        s.remove(sq)
        with pytest.raises(KeyError):
            s.remove(sq)
        with pytest.raises(KeyError):
            s.pop()
    assert dir(chess.SquareSet)  # every public name of python-chess's SquareSet is here
    missing = {n for n in dir(chess.SquareSet) if not n.startswith("_")} - set(dir(cm.SquareSet))
    assert not missing


def test_square_set_is_not_hashable_as_python_chess():
    with pytest.raises(TypeError):
        hash(cm.SquareSet(1))
    with pytest.raises(IndexError):
        cm.SquareSet().add(64)
    assert cm.SquareSet([-1]) == chess.SquareSet([-1]) == cm.BB_SQUARES[63]
