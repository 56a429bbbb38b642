"""The package's layout: the native module's stubs match it, the version is
there, errors are python-chess's classes."""

from __future__ import annotations

import ast
import pathlib

import pytest

import chess_movegen as cm
from chess_movegen import _chess_movegen

STUB = pathlib.Path(cm.__file__).with_name("_chess_movegen.pyi")
TYPE_ALIASES = {"Square", "Color", "ColorLike", "PieceType", "Bitboard", "PositionLike", "MoveLike", "_B"}


def stubbed_names() -> set[str]:
    names = set()
    for node in ast.parse(STUB.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names - TYPE_ALIASES


def test_stubs_stub_the_native_module_exactly():
    native = {name for name in dir(_chess_movegen) if not name.startswith("__")}
    assert stubbed_names() == native
    assert not STUB.with_name("__init__.pyi").exists()


def test_version():
    assert isinstance(cm.__version__, str) and cm.__version__[0].isdigit()


def test_square_constants():
    assert (cm.A1, cm.E4, cm.H8) == (0, 28, 63)
    assert all(getattr(cm, name.upper()) == i for i, name in enumerate(cm.SQUARE_NAMES))


def test_read_games_of_a_missing_file_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        cm.read_games(tmp_path / "missing.pgn")
    assert info.value.filename == str(tmp_path / "missing.pgn")
    with pytest.raises(FileNotFoundError):
        cm.validate_pgn(str(tmp_path / "missing.pgn"))


def test_from_chess960_pos_on_a_subclass():
    class MyBoard(cm.Board):
        pass

    board = MyBoard.from_chess960_pos(518)
    assert type(board) is MyBoard
    assert board.fen() == cm.STARTING_FEN and board.chess960
    assert type(cm.Board.from_chess960_pos(0)) is cm.Board
