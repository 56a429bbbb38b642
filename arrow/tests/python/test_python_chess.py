"""The tables of pgn2parquet against python-chess, game by game.

Needs `pip install pyarrow chess==1.11.2 pytest` and the pgn2parquet binary:
`cargo build -p chess-movegen-tools --features arrow --profile tools --bin
pgn2parquet` (or PGN2PARQUET=path). Run from the repository root:
`pytest arrow/tests/python`.
"""

import os
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn
import pyarrow.parquet as pq
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rows import check_headers  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "arrow" / "tests" / "data" / "lichess_like.pgn"
SCRIPT = ROOT / "scripts" / "make_lichess_corpus.py"
PGN2PARQUET = os.environ.get("PGN2PARQUET", str(ROOT / "target" / "tools" / "pgn2parquet"))

def convert(pgn, out, *flags):
    """Runs pgn2parquet with --table both --uci --san: the two tables."""
    subprocess.run([PGN2PARQUET, str(pgn), str(out), "--table", "both", "--uci", "--san", "--quiet", *flags],
                   check=True)
    games = pq.read_table(out.with_name(out.stem + ".games.parquet")).to_pylist()
    positions = pq.read_table(out.with_name(out.stem + ".positions.parquet")).to_pylist()
    return games, positions


def python_chess_games(pgn):
    """Every game python-chess reads, by Site (the corpus gives each its own)."""
    games = {}
    with open(pgn, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return games
            games.setdefault(game.headers.get("Site"), []).append(game)


def uci_from_bits(bits, board):
    """The UCI text of a move's bits, decoded by the documented layout."""
    if bits == 0:
        return "0000"
    frm, to, promo, kind = bits & 63, (bits >> 6) & 63, (bits >> 12) & 3, bits >> 14
    if kind == 3:  # castling: king takes own rook
        to = chess.square(6 if chess.square_file(to) > chess.square_file(frm) else 2, chess.square_rank(frm))
    text = chess.square_name(frm) + chess.square_name(to)
    return text + "nbrq"[promo] if kind == 1 else text


def eval_pair(node):
    score = node.eval()
    if score is None:
        return None, None
    white = score.white()
    return (None, white.mate()) if white.is_mate() else (white.score(), None)


def check_game(row, plies, game):
    check_headers(row, game)
    nodes = list(game.mainline())
    board = game.board()
    assert row["plies"] == len(nodes)
    fens, sans = [], []
    for node, bits in zip(nodes, row["moves"]):
        fens.append(board.fen(en_passant="fen"))
        sans.append(board.san(node.move))
        assert uci_from_bits(bits, board) == node.move.uci()
        board.push(node.move)
    assert row["uci"] == [n.move.uci() for n in nodes]
    assert row["san"] == sans
    assert row["clocks"] == [n.clock() for n in nodes]
    evals = [eval_pair(n) for n in nodes]
    assert list(zip(row["eval_cp"], row["eval_mate"])) == evals
    assert row["final_fen"] == board.fen(en_passant="fen")
    assert [p["ply"] for p in plies] == list(range(len(nodes)))
    assert [p["fen"] for p in plies] == fens
    assert [p["move"] for p in plies] == row["moves"]
    assert [p["clock"] for p in plies] == row["clocks"]
    assert [(p["eval_cp"], p["eval_mate"]) for p in plies] == evals
    for p, fen in zip(plies, fens):
        start = chess.Board(fen)
        assert p["white_to_move"] == start.turn
        assert int.from_bytes(p["packed"][:8], "little") == int(start.occupied)
        assert p["result"] == row["result"]


def compare(pgn, out, *flags):
    games, positions = convert(pgn, out, *flags)
    theirs = python_chess_games(pgn)
    by_game = {}
    for p in positions:
        by_game.setdefault(p["game"], []).append(p)
    clean = 0
    for row in games:
        if row["error"] is not None:
            assert "bad" in (row["site"] or ""), (row["site"], row["error"])
            assert row["game"] not in by_game
            continue
        [game] = theirs[row["site"]]
        assert not game.errors, (row["site"], game.errors)
        check_game(row, by_game.get(row["game"], []), game)
        clean += 1
    good = {site for site in theirs if site and "bad" not in site}
    assert good <= {row["site"] for row in games if row["error"] is None}
    return clean, len(games)


def test_committed_corpus(tmp_path):
    clean, total = compare(CORPUS, tmp_path / "corpus.parquet")
    assert total == 100 and clean >= 85


def test_generated_corpus_on_threads(tmp_path):
    pgn = tmp_path / "big.pgn"
    subprocess.run([sys.executable, str(SCRIPT), "--games", "1000", "--seed", "7", "--eval-share", "0.06",
                    "--out", str(pgn)], check=True)
    single = compare(pgn, tmp_path / "one.parquet")
    assert single[1] == 1000
    # Small pieces, so that the four threads cut the file many times. The
    # same tables as one thread's, which were checked against python-chess
    # above, row for row.
    convert(pgn, tmp_path / "four.parquet", "--threads", "4", "--piece-size", "100000")
    for table in ("games", "positions"):
        one = pq.read_table(tmp_path / f"one.{table}.parquet").drop_columns(["source"])
        four = pq.read_table(tmp_path / f"four.{table}.parquet").drop_columns(["source"])
        assert one.num_rows > 0 and one.equals(four), table
