"""PGN text in Lichess's export layout for tests and benchmarks: random
legal games with a ``[%clk]`` on every move and ``[%eval]`` on some, the
movetext on one line, as lichess.org writes its game database."""

from __future__ import annotations

import random

import chess_movegen


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def lichess_game(rng: random.Random, number: int, plies: int = 106) -> str:
    """One game: Lichess's tags, then `plies` random legal moves (fewer if
    the game ends), each with a clock, every third with an evaluation."""
    board = chess_movegen.Board()
    clocks = [180.0, 180.0]
    tokens = []
    for ply in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        side = ply % 2
        clocks[side] = max(0.0, clocks[side] - rng.uniform(0.5, 4.0))
        number_token = f"{ply // 2 + 1}." if side == 0 else f"{ply // 2 + 1}..."
        san = board.san(move)
        board.push(move)
        commands = []
        if ply % 3 == 0:
            if rng.random() < 0.1:
                commands.append(f"[%eval #{rng.choice([-3, -1, 2, 5])}]")
            else:
                commands.append(f"[%eval {rng.uniform(-5, 5):.2f}]")
        commands.append(f"[%clk {_clock(clocks[side])}]")
        tokens.append(f"{number_token} {san} {{ {' '.join(commands)} }}")
    result = board.result() if board.is_game_over() else rng.choice(["1-0", "0-1", "1/2-1/2"])
    tags = [
        ("Event", "Rated Blitz game"), ("Site", f"https://lichess.org/g{number:07d}"), ("Date", "2024.03.01"),
        ("Round", "-"), ("White", f"player{rng.randrange(1000)}"), ("Black", f"player{rng.randrange(1000)}"),
        ("Result", result), ("UTCDate", "2024.03.01"), ("UTCTime", "12:00:00"),
        ("WhiteElo", str(rng.randrange(1000, 2800))), ("BlackElo", str(rng.randrange(1000, 2800))),
        ("WhiteRatingDiff", "+5"), ("BlackRatingDiff", "-5"), ("ECO", "C20"), ("Opening", "King's Pawn Game"),
        ("TimeControl", "180+0"), ("Termination", "Normal"),
    ]
    head = "".join(f'[{name} "{value}"]\n' for name, value in tags)
    return head + "\n" + " ".join(tokens) + f" {result}\n\n"


def lichess_pgn(games: int, seed: int = 1) -> str:
    """`games` games in one text."""
    rng = random.Random(seed)
    return "".join(lichess_game(rng, i) for i in range(games))
