"""Arbitrary input never crashes and never changes a board it is refused by."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

import chess_movegen as cm

FEN_ALPHABET = "pnbrqkPNBRQK12345678/ wbKQkqabcdefgh-0123456789HAha"
fen_like = st.text(alphabet=FEN_ALPHABET, max_size=90) | st.text(max_size=40)
move_like = st.text(alphabet="abcdefgh12345678NBRQKxO-+#=0nbrq@Z ", max_size=10) | st.text(max_size=12)


def played_board() -> cm.Board:
    b = cm.Board()
    for san in ["e4", "d5", "exd5", "Qxd5", "Nc3"]:
        b.push_san(san)
    return b


@settings(max_examples=300, deadline=None)
@given(fen_like)
def test_arbitrary_fens(text):
    try:
        b = cm.Board(text)
    except ValueError as e:
        assert isinstance(e, cm.InvalidFenError) and str(e)
    else:
        assert b.is_valid()
        assert cm.Board(b.fen()).fen() == b.fen()
    b = played_board()
    before = (b.fen(), b.move_stack)
    try:
        b.set_fen(text)
    except cm.InvalidFenError:
        assert (b.fen(), b.move_stack) == before


@settings(max_examples=300, deadline=None)
@given(move_like)
def test_arbitrary_moves(text):
    b = played_board()
    before = (b.fen(), b.move_stack)
    for push in (b.push_san, b.push_uci):
        try:
            mv = push(text)
        except ValueError as e:
            assert isinstance(e, (cm.InvalidMoveError, cm.IllegalMoveError, cm.AmbiguousMoveError)) and str(e)
            assert (b.fen(), b.move_stack) == before
        else:
            assert b.peek() == mv
            b.pop()
            assert (b.fen(), b.move_stack) == before
    try:
        cm.Move.from_uci(text)
    except cm.InvalidMoveError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.integers(-100, 100), st.integers(-100, 100), st.one_of(st.none(), st.integers(-3, 9)))
def test_arbitrary_move_values(a, b, promo):
    board = played_board()
    before = (board.fen(), board.move_stack)
    try:
        mv = cm.Move(a, b, promo)
    except ValueError:
        return
    if not mv:  # the null move: pushed as a pass (tested in test_board.py)
        return
    legal = mv in board.legal_moves
    assert legal == board.is_legal(mv)
    try:
        board.push(mv)
    except cm.IllegalMoveError:
        assert not legal and (board.fen(), board.move_stack) == before
    else:
        assert legal


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400) | st.text(alphabet='[]"{}();%$!?*\n 1-0/2eNxO.abc8', max_size=300))
def test_arbitrary_pgn(data):
    source = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)
    games = list(cm.read_games(source))
    for g in games:
        assert isinstance(g.errors, list) and isinstance(g.headers, dict)
        assert g.end_board().is_valid()
    source = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)
    report = cm.validate_pgn(source)
    assert report.games == len(games) and len(report.errors) == sum(1 for g in games if g.errors)
