#!/usr/bin/env python3
"""Speed of python-chess's read_game against chess-movegen's PGN visitor on
the same file: random games (and annotated ones with comments, NAGs and
side lines) made by `compare pgn --write`.

python-chess reads every game with chess.pgn.read_game (which checks and
plays every move, side lines included, and builds the game tree);
chess-movegen is timed by `compare pgn --file` (its visitor, legality
checked, side lines skipped, and pgn-reader beside it). Prints games per
second of each and the ratio.

Usage: python3 scripts/pgn_speed.py [GAMES] [ANNOTATED]   (default 2000 200)
Needs: pip install chess==1.11.2
"""
import os
import re
import subprocess
import sys
import tempfile
import time

import chess
import chess.pgn


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    annotated = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(tempfile.gettempdir(), "chess-movegen-pgn-speed-%d-%d.pgn" % (games, annotated))
    compare = ["cargo", "run", "--quiet", "--release", "-p", "compare", "--", "pgn"]
    subprocess.run(compare + ["--games", str(games), "--annotated", str(annotated), "--write", path],
                   check=True, cwd=root, stdout=subprocess.DEVNULL)
    size = os.path.getsize(path)

    start = time.process_time()
    count = 0
    moves = 0
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            assert not game.errors, game.errors
            count += 1
            moves += sum(1 for _ in game.mainline_moves())
    py_secs = time.process_time() - start
    py_rate = count / py_secs
    print("python-chess %s read_game: %d games, %d mainline moves, %.1f MB in %.2f s CPU: %.0f games/s, %.2f MB/s"
          % (chess.__version__, count, moves, size / 1e6, py_secs, py_rate, size / 1e6 / py_secs))

    out = subprocess.run(compare + ["--file", path, "--rounds", "5", "--only", "ours"], check=True, cwd=root,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    m = re.search(r"^\| chess-movegen \(Read\) \| (\d+) \| ([\d.]+) \|", out, re.M)
    assert m, out
    ours = float(m.group(1))
    print("chess-movegen visitor (io::Read): %.0f games/s, %s MB/s" % (ours, m.group(2)))
    print("ratio chess-movegen / python-chess: %.0fx" % (ours / py_rate))


if __name__ == "__main__":
    main()
