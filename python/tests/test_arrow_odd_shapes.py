"""The Arrow tables against python-chess 1.11, game by game, on PGN in the
shapes real files have beyond Lichess's layout (`scripts/make_odd_pgn.py`):
headers, moves, clocks, evaluations, the FEN before every move and after
the last. Where they differ by design (arrow/README.md): tag escapes are
resolved, and an evaluation beyond int32 is clamped."""

from __future__ import annotations

import collections
import importlib.util
import logging
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyarrow")
chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402

from chess_movegen import arrow  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_odd_pgn.py"
sys.path.insert(0, str(ROOT / "arrow" / "tests" / "python"))
from rows import check_headers  # noqa: E402

INT32 = 2**31 - 1


def make_odd_pgn():
    spec = importlib.util.spec_from_file_location("make_odd_pgn", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def eval_pair(node):
    score = node.eval()
    if score is None:
        return None, None
    white = score.white()
    clamp = lambda v: max(-INT32, min(INT32, v))  # noqa: E731
    return (None, clamp(white.mate())) if white.is_mate() else (clamp(white.score()), None)


def check_game(row, plies, game):
    assert not game.errors and row["error"] is None, (game.errors, row["error"])
    check_headers(row, game)
    nodes = list(game.mainline())
    board = game.board()
    fens = []
    for node in nodes:
        fens.append(board.fen(en_passant="fen"))
        board.push(node.move)
    assert row["uci"] == [n.move.uci() for n in nodes]
    assert row["plies"] == len(nodes)
    clocks = [n.clock() for n in nodes]
    evals = [eval_pair(n) for n in nodes]
    assert row["clocks"] == clocks
    assert list(zip(row["eval_cp"], row["eval_mate"])) == evals
    assert row["final_fen"] == board.fen(en_passant="fen")
    assert [p["ply"] for p in plies] == list(range(len(nodes)))
    assert [p["fen"] for p in plies] == fens
    assert [p["uci"] for p in plies] == row["uci"]
    assert [p["clock"] for p in plies] == clocks
    assert [(p["eval_cp"], p["eval_mate"]) for p in plies] == evals
    assert all(p["result"] == row["result"] for p in plies)


def compare(path):
    games, positions = arrow.read_tables(str(path), uci=True)
    rows = games.to_pylist()
    by_game = collections.defaultdict(list)
    for p in positions.to_pylist():
        by_game[p["game"]].append(p)
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    theirs = []
    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            theirs.append(game)
    assert [r["site"] for r in rows] == [g.headers.get("Site") for g in theirs]
    for row, game in zip(rows, theirs):
        try:
            check_game(row, by_game[row["game"]], game)
        except AssertionError as e:
            raise AssertionError(f"{row['site']} ({game.headers.get('Shapes')}): {e}") from e
    return len(rows)


@pytest.mark.parametrize(
    "seed, shapes",
    [
        (1, {}),
        (2, {"crlf": True, "bom": True, "separators": "mixed", "final_newline": False}),
        (3, {"separators": "two"}),
    ],
)
def test_odd_shapes_agree_with_python_chess(tmp_path, seed, shapes):
    path = tmp_path / "odd.pgn"
    path.write_bytes(make_odd_pgn().pgn_bytes(100, seed, **shapes))
    assert compare(path) == 100


def test_a_game_of_tags_alone_then_two_blank_lines(tmp_path):
    # python-chess ends a game's tags at a second blank line.
    path = tmp_path / "tags.pgn"
    text = '[Site "a"]\n[UTCDate "2024.1.2"]\n\n\n[Site "b"]\n[UTCTime "1:2:3"]\n\n1. e4 { [%clk 0:00:05] } *\n'
    path.write_text(text)
    assert compare(path) == 2


def test_tag_values_their_writer_did_not_escape(tmp_path):
    path = tmp_path / "quotes.pgn"
    path.write_text('[Site "a"]\n[White "The "Big" One"]\n[Annotator "C:\\dir\\"]\n\n1. e4 *\n')
    assert compare(path) == 1
