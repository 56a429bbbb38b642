"""python-chess's chess.engine drives a UCI engine on this package's Board."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import sys

import pytest

import chess_movegen as cm

STOCKFISH = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")


def test_engine_attributes():
    assert cm.Board.uci_variant == "chess" and cm.Board().uci_variant == "chess"
    assert cm.Board.xboard_variant == "normal"
    assert cm.Board.starting_fen == cm.STARTING_FEN


@pytest.mark.skipif(STOCKFISH is None, reason="needs stockfish (apt-get install stockfish)")
def test_chess_engine_analyse_and_play_do_not_hang():
    script = f"""
import chess_movegen as cm, chess.engine as ce
engine = ce.SimpleEngine.popen_uci({STOCKFISH!r}, timeout=20)
try:
    board = cm.Board()
    board.push_san("e4")
    info = engine.analyse(board, ce.Limit(nodes=1000))
    assert info["pv"] and "score" in info, info
    played = engine.play(board, ce.Limit(nodes=1000))
    board.push(played.move)
    print(board.move_stack[-1].uci())
finally:
    engine.quit()
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=tempfile.gettempdir(), capture_output=True, timeout=60, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(done.stdout.strip()) in (4, 5)
