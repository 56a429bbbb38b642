"""The streaming PGN reader against python-chess's, and bad PGN."""

from __future__ import annotations

import io

import pytest

import chess_movegen as cm

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402

FIXTURES = ["pgn/python_chess.pgn", "pgn/pgn_extract.pgn", "polyglot_games.pgn"]


def their_games(path):
    with open(path, encoding="utf-8-sig") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return
            yield game


@pytest.mark.parametrize("name", FIXTURES)
def test_games_match_python_chess(data_dir, name):
    path = data_dir / name
    ours = list(cm.read_games(str(path)))
    theirs = list(their_games(path))
    assert len(ours) == len(theirs) > 0
    for a, b in zip(ours, theirs):
        if b.errors:
            assert a.errors, b.errors
            continue
        assert not a.errors, a.errors
        assert dict(a.headers) == dict(b.headers)
        assert [m.uci() for m in a.moves] == [m.uci() for m in b.mainline_moves()]
        assert a.mainline_moves() == a.moves and len(a) == len(a.moves)
        assert a.board().fen() == b.board().fen()
        assert a.end_board().fen() == b.end().board().fen()
        assert a.result == b.headers["Result"] or a.result == "*"
    assert cm.validate_pgn(path).games == len(theirs)


def test_sources_path_text_and_binary_files(data_dir):
    path = data_dir / "pgn" / "python_chess.pgn"
    by_path = [g.moves for g in cm.read_games(path)]
    with open(path, "rb") as f:
        assert [g.moves for g in cm.read_games(f)] == by_path
    with open(path, encoding="utf-8") as f:
        assert [g.moves for g in cm.read_games(f)] == by_path
    text = path.read_text(encoding="utf-8")
    assert [g.moves for g in cm.read_games(io.StringIO(text))] == by_path
    report = cm.validate_pgn(io.BytesIO(text.encode()))
    assert report and report.games == len(by_path) and report.errors == []


def test_planes_of_a_game():
    game = next(cm.read_games(io.StringIO("1. e4 e5 2. Nf3 *")))
    planes = game.planes()
    assert planes.shape == (4, 12, 8, 8)
    assert planes[0, 0, 1].sum() == 8  # white pawns on rank 2 at the start
    assert planes[1, 0, 3, 4] == 1 and planes[1, 0, 1, 4] == 0  # e4 after 1. e4
    assert (planes[3] == cm.planes([game.end_board()])[0]).all()


BAD = [
    '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n',
    '[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qxf7 *\n',
    '[Event "x"\n\n1. e4 *\n',
    '[Event "x"]\n\n1. e4 { unterminated comment\n',
    '[Event "x"]\n\n1. e4 ( 1. d4 *\n',
    '[FEN "not a fen"]\n\n1. e4 *\n',
    '[Event "x"]\n\n1. e4 e5 2. Qh9 *\n',
]


@pytest.mark.parametrize("text", BAD)
def test_bad_games_carry_errors_and_reading_goes_on(text):
    good = '[Event "good"]\n\n1. d4 d5 1/2-1/2\n'
    games = list(cm.read_games(io.StringIO(text + "\n" + good)))
    assert games[0].errors and all(isinstance(e, str) and e for e in games[0].errors)
    assert games[-1].headers["Event"] == "good" and not games[-1].errors
    assert [m.uci() for m in games[-1].moves] == ["d2d4", "d7d5"] and games[-1].result == "1/2-1/2"
    report = cm.validate_pgn(io.StringIO(text + "\n" + good))
    assert not report and len(report.errors) >= 1


def test_partial_moves_before_an_error():
    game = next(cm.read_games(io.StringIO("1. e4 e5 2. Ke3 *\n")))
    assert [m.uci() for m in game.moves] == ["e2e4", "e7e5"] and game.errors


def test_bad_sources():
    with pytest.raises(OSError):
        cm.read_games("/nonexistent/file.pgn")
    with pytest.raises(TypeError):
        cm.read_games(42)

    class Broken:
        def read(self, n):
            raise RuntimeError("disk on fire")

    games = list(cm.read_games(Broken()))
    assert len(games) == 1 and "disk on fire" in games[0].errors[0]
