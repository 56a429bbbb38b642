#!/usr/bin/env python3
"""Makes the PGN fixtures of tests/pgn_fixtures.rs and their expected values.

Random games with comments, NAGs, nested side lines, starting comments,
null moves, games from a FEN and Chess960 games are built with python-chess
(pip install chess==1.11.2) and written by its exporter to
tests/data/pgn/python_chess.pgn; Debian's pgn-extract (apt-get install
pgn-extract) re-exports the standard-chess ones in its own layout to
tests/data/pgn/pgn_extract.pgn. Each file is then read back with
python-chess's read_game, and what python-chess reports (tags, mainline,
comments, NAGs, side lines, result) is written next to it as JSON.

Usage: python3 scripts/make_pgn_fixtures.py
"""
import io
import json
import os
import random
import shutil
import subprocess
import sys

import chess
import chess.pgn

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "pgn")
COMMENTS = [
    "Best by test.",
    "A two-line\ncomment",
    "[%clk 0:03:00] [%eval 0.31]",
    "White keeps the initiative; Black's king is safe for now.",
    "Unicode: Café, Möbius, ½",
    "This is a long remark that goes on for a while, to make the writer wrap the movetext around it nicely.",
]


def random_line(rng, board, plies, depth, allow_null):
    """Adds up to `plies` random moves under the node whose board is given."""
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        if allow_null and not board.is_check() and rng.random() < 0.02:
            mv = chess.Move.null()
        else:
            mv = rng.choice(legal)
        moves.append(mv)
        board.push(mv)
    return moves


def annotate(rng, game, depth_limit, allow_null):
    """Random comments, NAGs and side lines on a game's mainline."""
    node = game
    depth = 0
    while node.variations:
        child = node.variations[0]
        if rng.random() < 0.2:
            child.comment = rng.choice(COMMENTS)
        if rng.random() < 0.15:
            child.nags.add(rng.choice([1, 2, 3, 4, 5, 6]))
        if rng.random() < 0.05:
            child.nags.add(rng.randint(7, 255))
        if depth_limit > 0 and rng.random() < 0.12:
            board = node.board()
            legal = [m for m in board.legal_moves if m != child.move]
            if legal:
                alt = node.add_variation(rng.choice(legal))
                if rng.random() < 0.3:
                    alt.starting_comment = "Or"
                if rng.random() < 0.3:
                    alt.comment = rng.choice(COMMENTS)
                b = alt.board()
                cur = alt
                for mv in random_line(rng, b, rng.randint(0, 6), depth_limit - 1, allow_null):
                    cur = cur.add_variation(mv)
                if depth_limit > 1 and rng.random() < 0.5 and alt.variations:
                    # A side line inside the side line.
                    annotate(rng, alt, depth_limit - 1, allow_null)
        node = child
        depth += 1


def make_games(rng):
    games = []
    for i in range(80):
        kind = i % 8
        if kind == 6:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
            game = chess.pgn.Game()
            game.setup(board)
            game.headers["Variant"] = "Chess960"
        elif kind == 7:
            # From a FEN reached by a few random moves, black to move or not.
            board = chess.Board()
            random_line(rng, board, rng.randint(5, 30), 0, False)
            if board.is_game_over():
                board = chess.Board()
            game = chess.pgn.Game()
            game.setup(board)
        else:
            game = chess.pgn.Game()
        board = game.board()
        node = game
        for mv in random_line(rng, board, rng.randint(0, 120), 0, kind == 5):
            node = node.add_variation(mv)
        game.headers["Event"] = "Fixture %d" % (i + 1)
        game.headers["Site"] = "Random"
        game.headers["Date"] = "2026.%02d.%02d" % (1 + i % 12, 1 + i % 28)
        game.headers["Round"] = str(i + 1)
        game.headers["White"] = "Player %d" % rng.randint(1, 50)
        game.headers["Black"] = "Player %d" % rng.randint(1, 50)
        game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
        if rng.random() < 0.5:
            game.headers["ECO"] = "A%02d" % rng.randint(0, 99)
            game.headers["WhiteElo"] = str(rng.randint(1200, 2800))
        if rng.random() < 0.3:
            game.comment = rng.choice(COMMENTS)
        annotate(rng, game, 3, kind == 5)
        games.append((kind, game))
    return games


def record(node):
    return {
        "uci": node.move.uci(),
        "comment": node.comment,
        "starting_comment": node.starting_comment,
        "nags": sorted(node.nags),
        "variations": [],
    }


def line(first):
    """The moves from `first` along its mainline; each record lists the side
    lines that replace it (its later siblings), each as such a line."""
    out = []
    node = first
    while True:
        rec = record(node)
        parent = node.parent
        if parent.variations[0] is node:
            rec["variations"] = [line(alt) for alt in parent.variations[1:]]
        out.append(rec)
        if not node.variations:
            return out
        node = node.variations[0]


def expected(path):
    games = []
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            assert not game.errors, (path, game.errors)
            games.append({
                "headers": [[k, v] for k, v in game.headers.items()],
                "comment": game.comment,
                "fen": game.board().fen(),
                "moves": line(game.variations[0]) if game.variations else [],
                "result": game.headers.get("Result", "*"),
            })
    return games


def main():
    os.makedirs(ROOT, exist_ok=True)
    rng = random.Random(20261201)
    games = make_games(rng)
    py_path = os.path.join(ROOT, "python_chess.pgn")
    with open(py_path, "w", encoding="utf-8", newline="\n") as f:
        for _, game in games:
            print(game, file=f, end="\n\n")
    # pgn-extract gets the standard-chess games without null moves, and
    # without comments before the first move: pgn-extract puts a blank
    # line after such a comment, where python-chess would end the game.
    standard = io.StringIO()
    for kind, game in games:
        if kind not in (5, 6):
            game.comment = ""
            print(game, file=standard, end="\n\n")
    src = os.path.join(ROOT, "pgn_extract_input.tmp")
    with open(src, "w", encoding="utf-8", newline="\n") as f:
        f.write(standard.getvalue())
    ex_path = os.path.join(ROOT, "pgn_extract.pgn")
    subprocess.run([shutil.which("pgn-extract") or "/usr/games/pgn-extract", "-s", "--output", ex_path, src], check=True)
    os.remove(src)
    for path in (py_path, ex_path):
        data = expected(path)
        with open(path[:-4] + ".json", "w", encoding="utf-8", newline="\n") as f:
            json.dump(data, f, ensure_ascii=False, indent=None, separators=(",", ":"))
            f.write("\n")
        print("%s: %d games" % (os.path.relpath(path), len(data)))


if __name__ == "__main__":
    sys.exit(main())
