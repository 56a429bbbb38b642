#!/usr/bin/env python3
"""Plays the example UCI engine through real clients and a protocol torture test.

Needs python-chess (`pip install chess==1.11.2`), Stockfish and Debian's
`polyglot` package (`apt-get install stockfish polyglot`); not run by CI.

1. Games through python-chess's `chess.engine` (UCI): against itself and
   against Stockfish (Skill Level 0), at a tiny clock with increment that
   this script keeps (wall time of every move is taken off the mover's
   clock); some with pondering, some with the Polyglot book of
   tests/data, some Chess960, some with `movetime`/`nodes`/`depth` limits.
2. Games through Debian's PolyGlot adapter: `polyglot` turns the engine
   into an XBoard engine, driven by python-chess's XBoard client.
3. A scripted torture sequence over raw pipes: garbage, commands out of
   order, floods of `isready` during searches, `go` during `go infinite`,
   invalid positions, `quit` during a search.

Every move is checked for legality and every answer has a time limit; the
script prints one line per game and a summary, and exits non-zero on any
illegal move, hang, time loss or crash.

    cargo build --release --example uci_engine
    python3 scripts/uci_engine_match.py [--engine target/release/examples/uci_engine] [--games 40]

With --against OTHER_ENGINE it plays a fixed-node match instead (to judge
a change to the engine: build the engine before and after, copy one
binary away): --pairs opening pairs (random 6-ply openings from a fixed
seed, each played with both colours), --nodes per move, games drawn at
250 plies. It prints the engine's wins, draws and losses against the
other and the score's Elo with a 95 % interval.

    python3 scripts/uci_engine_match.py --engine NEW --against OLD --pairs 100 --nodes 4000
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import queue
import time

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STOCKFISH = "/usr/games/stockfish"
POLYGLOT = "/usr/games/polyglot"
BOOK = os.path.join(ROOT, "tests", "data", "polyglot_book.bin")

failures = []


def fail(text):
    failures.append(text)
    print("FAIL:", text, flush=True)


def play_game(white, black, clock, inc, rng, chess960=False, ponder=(), limit_kind="clock", max_plies=300):
    """Plays one game; returns (result text, reason). Engines are python-chess
    engines; those in `ponder` ponder on the opponent's time."""
    board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
    board.chess960 = chess960
    # A few random first moves so that games of the same engines differ.
    for _ in range(rng.randrange(0, 5)):
        board.push(rng.choice(list(board.legal_moves)))
    clocks = {chess.WHITE: clock, chess.BLACK: clock}
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        side = board.turn
        if limit_kind == "clock":
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
        elif limit_kind == "movetime":
            limit = chess.engine.Limit(time=0.03)
        elif limit_kind == "nodes":
            limit = chess.engine.Limit(nodes=3000)
        else:
            limit = chess.engine.Limit(depth=3)
        start = time.monotonic()
        try:
            result = engines[side].play(board, limit, ponder=engines[side] in ponder, game=id(board))
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
            return None, f"engine error: {e!r} at {board.fen()}"
        except asyncio_timeout_errors() as e:
            return None, f"timeout: {e!r} at {board.fen()}"
        took = time.monotonic() - start
        if limit_kind == "clock":
            clocks[side] -= took
            if clocks[side] < 0:
                return None, f"time loss by {'white' if side else 'black'} ({took:.3f}s for a move) at {board.fen()}"
            clocks[side] += inc
        move = result.move
        if move is None or move not in board.legal_moves:
            return None, f"illegal move {move} at {board.fen()}"
        board.push(move)
    return board.result(claim_draw=True), f"{board.ply()} plies"


def asyncio_timeout_errors():
    import asyncio
    return (asyncio.TimeoutError, TimeoutError)


def uci_games(engine_path, games, rng):
    ours = chess.engine.SimpleEngine.popen_uci(engine_path, timeout=10)
    ours_too = chess.engine.SimpleEngine.popen_uci(engine_path, timeout=10)
    booked = chess.engine.SimpleEngine.popen_uci(engine_path, timeout=10)
    booked.configure({"OwnBook": True, "BookFile": BOOK})
    sf = chess.engine.SimpleEngine.popen_uci(STOCKFISH, timeout=10)
    sf.configure({"Skill Level": 0, "Threads": 1, "Hash": 16, "Move Overhead": 100})
    scores = {"played": 0}
    for i in range(games):
        kind = i % 8
        if kind == 0:
            pair, opts = (ours, ours_too), dict()
        elif kind == 1:
            pair, opts = (ours, sf), dict()
        elif kind == 2:
            pair, opts = (sf, ours), dict(ponder=(ours,))
        elif kind == 3:
            pair, opts = (booked, ours), dict()
        elif kind == 4:
            pair, opts = (ours, ours_too), dict(chess960=True, ponder=(ours, ours_too))
        elif kind == 5:
            pair, opts = (ours, ours_too), dict(limit_kind="movetime")
        elif kind == 6:
            pair, opts = (ours_too, ours), dict(limit_kind="nodes")
        else:
            pair, opts = (ours, sf), dict(ponder=(ours,))
        clock, inc = (2.0, 0.05) if i % 2 else (3.0, 0.0)
        result, reason = play_game(pair[0], pair[1], clock, inc, rng, **opts)
        scores["played"] += 1
        names = ["sf" if e is sf else ("book" if e is booked else "ours") for e in pair]
        shown = {k: (v if k != "ponder" else len(v)) for k, v in opts.items()}
        print(f"uci game {i + 1}: {names[0]} vs {names[1]} {shown} clock {clock}+{inc}: {result} ({reason})", flush=True)
        if result is None:
            fail(f"uci game {i + 1}: {reason}")
    for e in (ours, ours_too, booked, sf):
        e.quit()
    return scores["played"]


def polyglot_games(engine_path, games, rng):
    workdir = tempfile.mkdtemp(prefix="uci-engine-polyglot-")
    ini = os.path.join(workdir, "engine.ini")
    with open(ini, "w") as f:
        f.write(f"""[PolyGlot]
EngineDir = {os.path.dirname(os.path.abspath(engine_path))}
EngineCommand = {os.path.abspath(engine_path)}
Book = false
Log = true
LogFile = {os.path.join(workdir, 'polyglot.log')}
Resign = false

[Engine]
Hash = 16
Move Overhead = 100
""")
    played = 0
    for i in range(games):
        a = chess.engine.SimpleEngine.popen_xboard([POLYGLOT, ini], timeout=10)
        b = chess.engine.SimpleEngine.popen_xboard([POLYGLOT, ini], timeout=10)
        clock, inc = (2.0, 0.02) if i % 2 else (3.0, 0.0)
        result, reason = play_game(a, b, clock, inc, rng, limit_kind="clock" if i % 3 else "depth")
        played += 1
        print(f"polyglot game {i + 1}: clock {clock}+{inc}: {result} ({reason})", flush=True)
        if result is None:
            fail(f"polyglot game {i + 1}: {reason} (log in {workdir})")
        a.quit()
        b.quit()
    return played


class Raw:
    """The engine over raw pipes, with a timeout on every answer."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.board = chess.Board()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def expect(self, predicate, what, timeout=2.0):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                fail(f"torture: no {what} within {timeout}s")
                return None
            if line is None:
                fail(f"torture: engine ended before {what}")
                return None
            if predicate(line):
                return line

    def bestmove(self, board, timeout=3.0, allow_none=False):
        line = self.expect(lambda l: l.startswith("bestmove"), "bestmove", timeout)
        if line is None:
            return
        move = line.split()[1]
        if move == "0000":
            if not allow_none:
                fail(f"torture: bestmove 0000 in {board.fen()}")
            return
        if chess.Move.from_uci(move) not in board.legal_moves:
            fail(f"torture: illegal bestmove {move} in {board.fen()}")

    def ready(self, timeout=1.0):
        start = time.monotonic()
        self.send("isready")
        self.expect(lambda l: l == "readyok", "readyok", timeout)
        return time.monotonic() - start


def torture(engine_path, rounds):
    worst_ready = 0.0
    for r in range(rounds):
        e = Raw(engine_path)
        e.send("uci")
        e.expect(lambda l: l == "uciok", "uciok")
        for junk in ["", "   ", "\t", "hello world", "go depth", "go depth x", "position", "position fen",
                     "setoption", "setoption name", "setoption name Hash value -5", "setoption name Hash value 99999999",
                     "stop", "ponderhit", "register later", "debug on", "x" * 10000,
                     "position startpos moves " + "e2e4 " * 50]:
            e.send(junk)
        e.ready(timeout=5.0)  # after a 1024 MB Hash request: the table is allocated first
        # go before any valid position after a failed one: refused.
        e.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1")
        e.send("go depth 2")
        e.bestmove(chess.Board(), allow_none=True)
        board = chess.Board()
        for _ in range(random.randrange(0, 30)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(random.choice(moves))
        if board.is_game_over():
            board = chess.Board()
        moves_text = " ".join(m.uci() for m in board.move_stack)
        e.send("position startpos" + (f" moves {moves_text}" if moves_text else ""))
        e.send("go infinite")
        for _ in range(20):
            worst_ready = max(worst_ready, e.ready())
        e.send("position startpos moves e2e4")
        e.send("ucinewgame")
        e.send("setoption name Hash value 4")
        e.send("go depth 1")  # a go during go infinite: ends the first search
        e.bestmove(board)
        e.bestmove(chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
        e.send("go ponder wtime 500 btime 500")
        time.sleep(0.05)
        e.send("ponderhit")
        e.bestmove(chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), timeout=2.0)
        e.send("go wtime 1 btime 1")
        e.bestmove(chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), timeout=1.0)
        e.send("go infinite")
        time.sleep(0.02)
        e.send("quit")
        try:
            code = e.proc.wait(timeout=2)
            if code != 0:
                fail(f"torture round {r}: exit code {code}")
        except subprocess.TimeoutExpired:
            fail(f"torture round {r}: engine did not quit")
            e.proc.kill()
    print(f"torture: {rounds} rounds, slowest readyok during a search {worst_ready * 1000:.1f} ms", flush=True)


def random_opening(rng, plies=6):
    """A random legal opening of `plies` plies that does not end the game."""
    while True:
        board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            return board


def fixed_node_game(board, engines, nodes, max_plies=250):
    """Plays `board` to the end with `engines[color]` at `nodes` per move;
    returns 1, 0.5 or 0 for White."""
    board = board.copy()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        result = engines[board.turn].play(board, chess.engine.Limit(nodes=nodes))
        if result.move not in board.legal_moves:
            fail(f"illegal move {result.move} in {board.fen()}")
            return 0.5
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == chess.WHITE else 0.0


def elo(score, games):
    """Elo of a score fraction, with a 95 % interval from the games' spread."""
    import math

    def to_elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)

    return to_elo(score), to_elo(score - 1.96 * 0.5 / math.sqrt(games)), to_elo(score + 1.96 * 0.5 / math.sqrt(games))


def ab_match(engine, other, pairs, nodes, seed):
    """`engine` against `other`, each opening with both colours."""
    rng = random.Random(seed)
    a = chess.engine.SimpleEngine.popen_uci(engine)
    b = chess.engine.SimpleEngine.popen_uci(other)
    wins = draws = losses = 0
    try:
        for i in range(pairs):
            opening = random_opening(rng)
            for a_white in (True, False):
                engines = {chess.WHITE: a, chess.BLACK: b} if a_white else {chess.WHITE: b, chess.BLACK: a}
                white = fixed_node_game(opening, engines, nodes)
                points = white if a_white else 1 - white
                wins += points == 1
                draws += points == 0.5
                losses += points == 0
            print(f"pair {i + 1}: +{wins} ={draws} -{losses}", flush=True)
    finally:
        a.quit()
        b.quit()
    games = wins + draws + losses
    e, low, high = elo((wins + draws / 2) / games, games)
    print(f"{engine} against {other}, {nodes} nodes a move, {games} games: +{wins} ={draws} -{losses}, "
          f"Elo {e:+.0f} (95 % {low:+.0f} .. {high:+.0f})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "examples", "uci_engine"))
    parser.add_argument("--games", type=int, default=40, help="UCI games through python-chess")
    parser.add_argument("--polyglot-games", type=int, default=12)
    parser.add_argument("--torture", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", help="play a fixed-node match against this engine instead")
    parser.add_argument("--pairs", type=int, default=100, help="opening pairs of the match")
    parser.add_argument("--nodes", type=int, default=4000, help="nodes per move in the match")
    args = parser.parse_args()
    if args.against:
        ab_match(args.engine, args.against, args.pairs, args.nodes, args.seed)
        sys.exit(1 if failures else 0)
    rng = random.Random(args.seed)
    random.seed(args.seed)
    start = time.monotonic()
    torture(args.engine, args.torture)
    n = uci_games(args.engine, args.games, rng)
    m = polyglot_games(args.engine, args.polyglot_games, rng)
    print(f"{n} UCI games, {m} PolyGlot games, {args.torture} torture rounds in {time.monotonic() - start:.0f} s: "
          f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
