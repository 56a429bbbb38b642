#!/usr/bin/env python3
"""Cross-checks `src/bin/inspect.rs --json` against python-chess.

Needs python-chess (`pip install chess`); not part of CI. Generates
positions from random games (standard, or Chess960 with --chess960), runs
the release inspect example on them and compares legal moves (UCI and SAN),
check, checkers, outcome, insufficient material and normalised FEN.

    python3 scripts/crosscheck_inspect.py [--chess960] [--positions N] [--seed S]
"""
import argparse
import json
import random
import subprocess

import chess


def positions(n, seed, chess960):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        while not board.is_game_over() and board.ply() < 400:
            moves = list(board.legal_moves)
            captures = [m for m in moves if board.is_capture(m)]
            board.push(rng.choice(captures) if captures and rng.random() < 0.5 else rng.choice(moves))
            if rng.random() < 0.08:
                out.append(board.fen(shredder=chess960 and rng.random() < 0.5))
        out.append(board.fen())
    return out[:n] + ["", "garbage", "8/8/8/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K6R w - - 0 1"]


def expected(fen, chess960):
    try:
        board = chess.Board(fen, chess960=chess960)
    except ValueError:
        return None
    if not board.is_valid():
        return None
    ucis = sorted(board.uci(m, chess960=chess960) for m in board.legal_moves)
    outcome = board.outcome()
    names = {
        chess.Termination.CHECKMATE: "checkmate",
        chess.Termination.STALEMATE: "stalemate",
        chess.Termination.INSUFFICIENT_MATERIAL: "insufficient_material",
        chess.Termination.SEVENTYFIVE_MOVES: "seventy_five_moves",
    }
    return {
        "fen": board.fen(),
        "in_check": board.is_check(),
        "checkers": sorted(chess.square_name(s) for s in board.checkers()),
        "legal_moves": ucis,
        "san": [board.san(board.parse_uci(u)) for u in ucis],
        "outcome": names.get(outcome.termination) if outcome else None,
        "insufficient_material": {
            "white": board.has_insufficient_material(chess.WHITE),
            "black": board.has_insufficient_material(chess.BLACK),
        },
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chess960", action="store_true")
    parser.add_argument("--positions", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    fens = positions(args.positions, args.seed, args.chess960)
    command = ["cargo", "run", "-q", "--profile", "tools", "--bin", "inspect", "--", "--json"]
    if args.chess960:
        command.append("--chess960")
    run = subprocess.run(command, input="\n".join(fens) + "\n", capture_output=True, text=True, check=True)
    results = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(results) == len(fens)
    mismatches = 0
    for fen, got in zip(fens, results):
        want = expected(fen, args.chess960)
        if want is None:
            ok = "error" in got
        elif "error" in got:
            ok = False
        else:
            got["checkers"] = sorted(got["checkers"])
            ok_mode = got.pop("chess960") == args.chess960
            if args.chess960:
                got.pop("fen")
                want.pop("fen")
            ok = ok_mode and got == want
        if not ok:
            mismatches += 1
            if mismatches <= 5:
                print("MISMATCH", fen, got, want)
    print(f"{len(fens)} lines, {mismatches} mismatches")
    raise SystemExit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
