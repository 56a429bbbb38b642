"""chess_movegen.pgn.read_game against chess.pgn.read_game, game by game."""

from __future__ import annotations

import io

import pytest

import chess_movegen.pgn

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402


@pytest.mark.parametrize("name", ["pgn/python_chess.pgn", "pgn/pgn_extract.pgn", "polyglot_games.pgn"])
def test_read_game_like_python_chess(data_dir, name):
    with open(data_dir / name, encoding="utf-8-sig") as a, open(data_dir / name, encoding="utf-8-sig") as b:
        count = 0
        while True:
            ours = chess_movegen.pgn.read_game(a)
            theirs = chess.pgn.read_game(b)
            assert (ours is None) == (theirs is None)
            if theirs is None:
                break
            count += 1
            assert a.tell() == b.tell()  # the file is left at the same place
            assert bool(ours.errors) == bool(theirs.errors)
            if theirs.errors:
                continue
            assert dict(ours.headers) == dict(theirs.headers)
            assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
            assert ours.board().fen() == theirs.board().fen()
            assert ours.end().board().fen() == theirs.end().board().fen()
        assert count > 10


def test_empty_and_broken_input():
    assert chess_movegen.pgn.read_game(io.StringIO("")) is None
    assert chess_movegen.pgn.read_game(io.StringIO("\n\n% escape\n")) is None
    game = chess_movegen.pgn.read_game(io.StringIO("1. e4 e5 2. Ke3 *\n\n1. d4 *\n"))
    assert game.errors and isinstance(game.errors[0], chess_movegen.PgnError)
