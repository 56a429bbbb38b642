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


TWO_GAMES = '[Event "a"]\n1. e4 e5 *\n[Event "b"]\n1. d4 d5 *\n'


class Unseekable(io.StringIO):
    def seekable(self) -> bool:
        return False


@pytest.mark.parametrize("make", [io.StringIO, Unseekable])
def test_read_game_keeps_games_without_empty_line_between(make):
    handle = make(TWO_GAMES)
    games = []
    while (game := chess_movegen.pgn.read_game(handle)) is not None:
        games.append((game.headers["Event"], [m.uci() for m in game.mainline_moves()]))
    assert games == [("a", ["e2e4", "e7e5"]), ("b", ["d2d4", "d7d5"])]
    assert [g.headers["Event"] for g in chess_movegen.read_games(io.StringIO(TWO_GAMES))] == ["a", "b"]


@pytest.mark.parametrize(
    "text",
    [
        '[Event "a"]\n\n1. e4 e5 1-0\n',
        '[Event "a"]\n[Result "*"]\n\n1. e4 e5 0-1\n',
        '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 0-1\n',
        '[Event "a"]\n\n1. e4 e5 *\n',
        '[Event "a"]\n[Result "1/2-1/2"]\n\n1. e4 e5\n',
        '[Event "a"]\n\n1. e4 e5 1/2-1/2\n',
    ],
)
def test_result_header_filled_from_movetext_like_python_chess(text):
    theirs = chess.pgn.read_game(io.StringIO(text)).headers["Result"]
    assert chess_movegen.pgn.read_game(io.StringIO(text)).headers["Result"] == theirs
    assert next(iter(chess_movegen.read_games(io.StringIO(text)))).headers["Result"] == theirs


def test_read_games_of_a_directory_raises(tmp_path):
    with pytest.raises(IsADirectoryError):
        chess_movegen.read_games(tmp_path)
    with pytest.raises(IsADirectoryError):
        chess_movegen.validate_pgn(str(tmp_path))
