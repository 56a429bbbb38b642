#!/usr/bin/env python3
"""Times python-chess and chess-movegen-arrow on the same .pgn.zst, one core
each, zstd decompression included.

python-chess: `chess.pgn.read_game` for every game, and `node.clock()` and
`node.eval()` for every move (the usual way to get Lichess clocks and
evaluations out of a file). chess-movegen-arrow: the `throughput` example
(both tables built, batches dropped; then the games table alone) and
`pgn2parquet --table both` (both tables written to Parquet, zstd); and,
when the Python package is installed, `chess_movegen.arrow.batches` and
`read_tables` (both tables in one pass, from Python). Each
chess-movegen-arrow figure is the best of `--runs` runs (CPU time: the
machine may be shared); peak RSS is pgn2parquet's. Needs pyarrow (for the decompression on
the python-chess side) and chess==1.11.2.

    cargo build --profile tools -p chess-movegen-arrow --example throughput
    cargo build -p chess-movegen-tools --features arrow --profile tools --bin pgn2parquet
    python3 scripts/arrow_speed.py games.pgn.zst [--python-chess-games N]
"""

import argparse
import io
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess.pgn
import pyarrow

ROOT = Path(__file__).resolve().parents[1]
LICHESS_MONTH = 90_000_000


def python_chess(path, limit):
    """Games per second of python-chess over the first `limit` games (CPU
    time of this process: the machine may be shared)."""
    start = time.process_time()
    games = plies = 0
    with pyarrow.input_stream(str(path), compression="zstd") as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8")
        while limit is None or games < limit:
            game = chess.pgn.read_game(text)
            if game is None:
                break
            for node in game.mainline():
                node.clock()
                node.eval()
                plies += 1
            games += 1
    secs = time.process_time() - start
    return games, plies, secs


def python_api(path, runs):
    """Games per second of the Python package's one-pass readers of both
    tables (best of `runs`, CPU time of this process), or None when the
    package is not installed: streamed batch pairs, then whole tables."""
    try:
        from chess_movegen import arrow
    except ImportError:
        return None
    rates = {}
    for name, read in [("batches", lambda: sum(g.num_rows for g, _ in arrow.batches(path))),
                       ("read_tables", lambda: arrow.read_tables(path)[0].num_rows)]:
        best = None
        for _ in range(runs):
            start = time.process_time()
            games = read()
            secs = time.process_time() - start
            best = secs if best is None else min(best, secs)
        rates[name] = games / best
    return rates


def run(cmd, runs=1):
    """Runs cmd `runs` times; the least CPU time (user + system) of a run,
    and the output."""
    best = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(cmd, check=True, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = cpu if best is None else min(best, cpu)
    return best, out.stdout + out.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn_zst")
    parser.add_argument("--python-chess-games", type=int, help="time python-chess on the first N games only")
    parser.add_argument("--runs", type=int, default=3, help="runs of each chess-movegen-arrow command (best counts)")
    args = parser.parse_args()
    throughput = ROOT / "target" / "tools" / "examples" / "throughput"
    pgn2parquet = ROOT / "target" / "tools" / "pgn2parquet"

    secs, out = run([str(throughput), args.pgn_zst], args.runs)
    games = int(re.search(r"(\d+) games", out).group(1))
    arrow_rate = games / secs
    print(f"chess-movegen-arrow, both tables in memory: {games} games in {secs:.2f} s of CPU: {arrow_rate:.0f} games/s")
    secs, _ = run([str(throughput), "--table", "games", args.pgn_zst], args.runs)
    games_rate = games / secs
    print(f"chess-movegen-arrow, games table only: {games} games in {secs:.2f} s of CPU: {games_rate:.0f} games/s")
    with tempfile.TemporaryDirectory() as tmp:
        secs, _ = run([str(pgn2parquet), args.pgn_zst, f"{tmp}/out.parquet", "--table", "both", "--quiet"], args.runs)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    parquet_rate = games / secs
    print(f"pgn2parquet --table both (Parquet, zstd): {games} games in {secs:.2f} s of CPU: {parquet_rate:.0f} games/s; "
          f"peak RSS of the largest child so far {rss:.0f} MB")

    api = python_api(args.pgn_zst, args.runs)
    if api:
        print(f"Python, chess_movegen.arrow.batches (both tables, streamed): {api['batches']:.0f} games/s; "
              f"read_tables (both tables kept): {api['read_tables']:.0f} games/s")

    py_games, plies, secs = python_chess(args.pgn_zst, args.python_chess_games)
    py_rate = py_games / secs
    print(f"python-chess read_game + clock() + eval(): {py_games} games ({plies} plies) in {secs:.1f} s of CPU: "
          f"{py_rate:.0f} games/s, {1000 * secs / py_games:.2f} ms per game")
    print(f"speed-up: {arrow_rate / py_rate:.0f}x both tables in memory, {games_rate / py_rate:.0f}x games table only, "
          f"{parquet_rate / py_rate:.0f}x both tables to Parquet")
    if api:
        print(f"speed-up from Python: {api['batches'] / py_rate:.0f}x batches, {api['read_tables'] / py_rate:.0f}x read_tables")
    for name, rate in [("both tables in memory", arrow_rate), ("both tables to Parquet", parquet_rate)]:
        month = LICHESS_MONTH / (rate * 8) / 60
        print(f"one Lichess month ({LICHESS_MONTH / 1e6:.0f} M games) on 8 cores, {name}: {month:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
