"""chess_movegen against python-chess, side by side in one run.

    python python/bench.py [--rounds N] [--quick]

Board calls, whole jobs (perft, PGN files, planes) and the modules
chess.pgn (read_game with the whole tree, the writer), chess.polyglot and
chess.syzygy. Each task runs the same Python loop on both packages: the same positions,
moves and files, results checked equal before any timing. Rounds alternate
between the two packages (python-chess first in odd rounds), and each
figure is the median over the rounds of the time per call (per-call
tasks) or per job (whole-job tasks). The ratio is python-chess's time
divided by chess_movegen's: above 1 means chess_movegen is faster. The
machine's load average is printed before and after, since other processes
share the cores.

Needs python-chess (`pip install chess==1.11.2`).
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import pathlib
import platform
import random
import statistics
import sys
import time

# This script sits beside the package's source folder (python/chess_movegen,
# without the compiled module): import the installed package instead.
_here = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _here]

import numpy as np

import chess
import chess.pgn
import chess.polyglot
import chess.syzygy

import chess_movegen as cm
import chess_movegen.pgn as cmpgn
import chess_movegen.polyglot as cmpolyglot
import chess_movegen.syzygy as cmsyzygy

sys.path.insert(0, str(_here / "tests"))
from pgn_samples import lichess_pgn  # noqa: E402

MIN_RUN = 0.05  # seconds of CPU time per timed run, at least

DATA = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data"
PGN_FILE = DATA / "polyglot_games.pgn"
BOOK = DATA / "polyglot_book.bin"
TABLES = DATA.parent.parent / "syzygy" / "tests" / "data" / "syzygy"


def game_positions(limit: int) -> list[str]:
    """FENs of the positions of the fixture games (python-chess plays them)."""
    fens = []
    with open(PGN_FILE) as f:
        while len(fens) < limit:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for mv in game.mainline_moves():
                board.push(mv)
                if not board.is_game_over():
                    fens.append(board.fen())
    return fens[:limit]


def their_perft(board: chess.Board, depth: int) -> int:
    """python-chess perft, counting the moves at the last ply (as chess_movegen's does)."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for mv in board.legal_moves:
        board.push(mv)
        total += their_perft(board, depth - 1)
        board.pop()
    return total


def their_read_pgn(path) -> list:
    games = []
    with open(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return games
            games.append((dict(game.headers), list(game.mainline_moves())))


def our_read_pgn(path) -> list:
    return [(g.headers, g.moves) for g in cm.read_games(path)]


def their_planes(fens: list[str]) -> np.ndarray:
    return their_board_planes([chess.Board(fen) for fen in fens])


def their_board_planes(boards: list[chess.Board]) -> np.ndarray:
    """The usual python-chess encoding: one plane per colour and piece type."""
    out = np.zeros((len(boards), 12, 8, 8), dtype=np.uint8)
    for i, board in enumerate(boards):
        for color in (chess.WHITE, chess.BLACK):
            for piece_type in chess.PIECE_TYPES:
                plane = (0 if color else 6) + piece_type - 1
                for sq in board.pieces(piece_type, color):
                    out[i, plane, sq >> 3, sq & 7] = 1
    return out


def board_inputs(scale: float) -> dict:
    """The positions, moves and SAN texts of the per-call Board tasks,
    checked equal on both packages."""
    fens = game_positions(int(2000 * scale) or 50)
    theirs = [chess.Board(f) for f in fens]
    ours = [cm.Board(f) for f in fens]
    their_first = [next(iter(b.legal_moves)) for b in theirs]
    their_all = [list(b.legal_moves) for b in theirs]
    our_all = [[cm.Move(m.from_square, m.to_square, m.promotion) for m in ms] for ms in their_all]
    sans = [[b.san(m) for m in ms] for b, ms in zip(theirs, their_all)]
    assert [sorted(m.uci() for m in b.legal_moves) for b in ours] == [sorted(m.uci() for m in ms) for ms in their_all]
    assert [[b.san(m) for m in ms] for b, ms in zip(ours, our_all)] == sans
    assert [b.fen() for b in ours] == fens
    assert [b.is_checkmate() for b in ours] == [b.is_checkmate() for b in theirs]
    # The squares of the side to move's pieces (is_pinned is asked of each).
    own_squares = [list(chess.SquareSet(b.occupied_co[b.turn])) for b in theirs]
    their_sets = [(b.pieces(chess.PAWN, chess.WHITE), b.attacks(b.king(chess.BLACK))) for b in theirs]
    our_sets = [(b.pieces(cm.PAWN, cm.WHITE), b.attacks(b.king(cm.BLACK))) for b in ours]
    assert [hash(m) for ms in our_all for m in ms] == [hash(m) for ms in their_all for m in ms]
    assert [[b.is_pinned(b.turn, sq) for sq in sqs] for b, sqs in zip(ours, own_squares)] == [
        [b.is_pinned(b.turn, sq) for sq in sqs] for b, sqs in zip(theirs, own_squares)
    ]
    assert [int(b.attackers(1, 36)) for b in ours] == [int(b.attackers(1, 36)) for b in theirs]
    assert [len((a | b) - (a & b)) for a, b in our_sets] == [len((a | b) - (a & b)) for a, b in their_sets]
    assert [b.transform(cm.flip_horizontal).fen() for b in ours] == [
        b.transform(chess.flip_horizontal).fen() for b in theirs
    ]
    assert [cm.flip_diagonal(int(a)) for a, _ in our_sets] == [chess.flip_diagonal(int(a)) for a, _ in their_sets]
    return {
        "fens": fens, "theirs": theirs, "ours": ours, "their_first": their_first,
        "our_first": [cm.Move(m.from_square, m.to_square, m.promotion) for m in their_first],
        "their_all": their_all, "our_all": our_all, "sans": sans, "own_squares": own_squares,
        "their_sets": their_sets, "our_sets": our_sets,
    }


def legal_listing(boards):
    for b in boards:
        list(b.legal_moves)


def push_pop(boards, moves):
    for b, m in zip(boards, moves):
        b.push(m)
        b.pop()


def san_all(boards, moves):
    for b, ms in zip(boards, moves):
        for m in ms:
            b.san(m)


def push_san(boards, texts):
    for b, ts in zip(boards, texts):
        b.push_san(ts[0])
        b.pop()


def each(method, boards, *args):
    """Calls `method` (a name) on every board."""
    for b in boards:
        getattr(b, method)(*args)


def from_fen(cls, texts):
    for f in texts:
        cls(f)


def move_hash(moves):
    for ms in moves:
        for m in ms:
            hash(m)


def pinned(boards, squares):
    for b, sqs in zip(boards, squares):
        color = b.turn
        for sq in sqs:
            b.is_pinned(color, sq)


def square_sets(sets):
    for a, b in sets:
        len((a | b) - (a & b))


def flips(sets, flip):
    for a, _ in sets:
        flip(int(a))


def board_tasks(d: dict) -> list:
    """The per-call Board tasks: (name, one call, calls per run, python-chess
    run, chess_movegen run)."""
    t, o, n = d["theirs"], d["ours"], len(d["fens"])
    n_moves = sum(len(ms) for ms in d["their_all"])
    n_own = sum(len(sqs) for sqs in d["own_squares"])
    return [
        ("legal move listing", "list(board.legal_moves)", n, lambda: legal_listing(t), lambda: legal_listing(o)),
        ("push + pop", "board.push(move); board.pop()", n,
         lambda: push_pop(t, d["their_first"]), lambda: push_pop(o, d["our_first"])),
        ("SAN of a move", "board.san(move), every legal move", n_moves,
         lambda: san_all(t, d["their_all"]), lambda: san_all(o, d["our_all"])),
        ("push_san + pop", "board.push_san(text); board.pop()", n,
         lambda: push_san(t, d["sans"]), lambda: push_san(o, d["sans"])),
        ("is_checkmate", "board.is_checkmate()", n, lambda: each("is_checkmate", t), lambda: each("is_checkmate", o)),
        ("is_game_over", "board.is_game_over()", n, lambda: each("is_game_over", t), lambda: each("is_game_over", o)),
        ("fen", "board.fen()", n, lambda: each("fen", t), lambda: each("fen", o)),
        ("Board(fen)", "Board(fen)", n, lambda: from_fen(chess.Board, d["fens"]), lambda: from_fen(cm.Board, d["fens"])),
        ("Move hash", "hash(move), every legal move", n_moves,
         lambda: move_hash(d["their_all"]), lambda: move_hash(d["our_all"])),
        ("is_pinned", "board.is_pinned(turn, sq), each own piece", n_own,
         lambda: pinned(t, d["own_squares"]), lambda: pinned(o, d["own_squares"])),
        # An int colour, as python-chess takes it.
        ("attackers", "board.attackers(1, E5), a SquareSet", n,
         lambda: each("attackers", t, 1, 36), lambda: each("attackers", o, 1, 36)),
        ("SquareSet operations", "len((a \\| b) - (a & b))", n,
         lambda: square_sets(d["their_sets"]), lambda: square_sets(d["our_sets"])),
        ("transform", "board.transform(flip_horizontal)", n,
         lambda: each("transform", t, chess.flip_horizontal), lambda: each("transform", o, cm.flip_horizontal)),
        ("flip_diagonal", "flip_diagonal(int(squares))", n,
         lambda: flips(d["their_sets"], chess.flip_diagonal), lambda: flips(d["our_sets"], cm.flip_diagonal)),
    ]


def job_tasks(d: dict, quick: bool, scale: float) -> list:
    """The whole-job tasks: perft, reading a PGN file, planes."""
    perft_depth = 3 if quick else 4
    perft_t, perft_o = chess.Board(), cm.Board()
    assert their_perft(perft_t, perft_depth) == cm.perft(perft_o, perft_depth)
    assert [([m.uci() for m in ms], h) for h, ms in our_read_pgn(PGN_FILE)] == [
        ([m.uci() for m in ms], h) for h, ms in their_read_pgn(PGN_FILE)
    ]
    plane_fens = d["fens"][: int(2000 * scale) or 50]
    assert (their_planes(plane_fens) == cm.planes(plane_fens)).all()
    boards_t, boards_o = d["theirs"][: len(plane_fens)], d["ours"][: len(plane_fens)]
    assert (their_board_planes(boards_t) == cm.planes(boards_o)).all()
    n_games = len(our_read_pgn(PGN_FILE))
    return [
        (f"perft startpos depth {perft_depth}", "one perft", 1,
         lambda: their_perft(perft_t, perft_depth), lambda: cm.perft(perft_o, perft_depth)),
        (f"read a PGN file ({n_games} games)", "headers + mainline of every game", 1,
         lambda: their_read_pgn(PGN_FILE), lambda: our_read_pgn(PGN_FILE)),
        (f"{len(plane_fens)} FENs to planes", "(N, 12, 8, 8) uint8 array", 1,
         lambda: their_planes(plane_fens), lambda: cm.planes(plane_fens)),
        (f"{len(plane_fens)} boards to planes", "(N, 12, 8, 8) uint8 array", 1,
         lambda: their_board_planes(boards_t), lambda: cm.planes(boards_o)),
    ]


def read_all(module, text: str) -> list:
    handle = io.StringIO(text)
    games = []
    while (game := module.read_game(handle)) is not None:
        games.append(game)
    return games


def clocks(games) -> list:
    return [[node.clock() for node in game.mainline()] for game in games]


def pgn_tasks(scale: float) -> list:
    """chess.pgn against chess_movegen.pgn: read_game (the tree with every
    comment) on Lichess-style games, the writer, the clocks."""
    text = lichess_pgn(max(20, int(200 * scale)), seed=3)
    theirs, ours = read_all(chess.pgn, text), read_all(cmpgn, text)
    assert [str(g) for g in ours] == [str(g) for g in theirs]
    assert clocks(ours) == clocks(theirs)
    plies = sum(len(list(g.mainline_moves())) for g in theirs)
    n = len(theirs)
    return [
        (f"pgn.read_game, Lichess games ({plies // n} plies, %clk + %eval)", "one game, tree and comments", n,
         lambda: read_all(chess.pgn, text), lambda: read_all(cmpgn, text)),
        ("str(game)", "one game written as PGN", n,
         lambda: [str(g) for g in theirs], lambda: [str(g) for g in ours]),
        ("node.clock() along the mainline", "one node", plies, lambda: clocks(theirs), lambda: clocks(ours)),
    ]


def probe_tasks(d: dict) -> list:
    """chess.polyglot and chess.syzygy against this package's."""
    their_book, our_book = chess.polyglot.open_reader(BOOK), cmpolyglot.open_reader(BOOK)
    t, o = d["theirs"], d["ours"]
    assert [their_book.get(b) for b in t] == [our_book.get(b) for b in o]
    their_tb, our_tb = chess.syzygy.open_tablebase(str(TABLES)), cmsyzygy.open_tablebase(TABLES)
    ends_t = endgame_boards(300)
    ends_o = [cm.Board(b.fen()) for b in ends_t]
    assert [their_tb.probe_wdl(b) for b in ends_t] == [our_tb.probe_wdl(b) for b in ends_o]
    assert [their_tb.probe_dtz(b) for b in ends_t] == [our_tb.probe_dtz(b) for b in ends_o]
    return [
        ("polyglot reader.get(board)", "one position", len(t),
         lambda: [their_book.get(b) for b in t], lambda: [our_book.get(b) for b in o]),
        ("syzygy probe_wdl", "one 3-4-piece position", len(ends_t),
         lambda: [their_tb.probe_wdl(b) for b in ends_t], lambda: [our_tb.probe_wdl(b) for b in ends_o]),
        ("syzygy probe_dtz", "one 3-4-piece position", len(ends_t),
         lambda: [their_tb.probe_dtz(b) for b in ends_t], lambda: [our_tb.probe_dtz(b) for b in ends_o]),
    ]


def endgame_boards(count: int) -> list:
    """Random legal positions of the repository's tables with both files."""
    names = sorted(p.name[:-5] for p in TABLES.glob("*.rtbw") if p.with_suffix(".rtbz").exists())
    rng = random.Random(9)
    out = []
    while len(out) < count:
        white, black = rng.choice(names).split("v")
        board = chess.Board(None)
        pieces = list(white) + [c.lower() for c in black]
        for symbol, square in zip(pieces, rng.sample(range(64), len(pieces))):
            board.set_piece_at(square, chess.Piece.from_symbol(symbol))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            out.append(board)
    return out


def calibrate(tasks: list) -> dict:
    """Repetitions per run, so that short runs last at least MIN_RUN and
    both packages' figures average over the same share of interruptions."""
    reps = {}
    for name, _what, _calls, their_run, our_run in tasks:
        for side, run in ((0, their_run), (1, our_run)):
            count = 1
            while True:
                start = time.process_time()
                for _ in range(count):
                    run()
                if time.process_time() - start >= MIN_RUN or count >= 1 << 16:
                    break
                count *= 2
            reps[name, side] = count
    return reps


def measure(tasks: list, reps: dict, rounds: int) -> dict:
    """CPU time per call of each task and side, one list entry per round;
    the two packages take turns going first."""
    results = {name: ([], []) for name, *_ in tasks}
    for r in range(rounds):
        for name, _what, calls, their_run, our_run in tasks:
            order = [(0, their_run), (1, our_run)] if r % 2 == 0 else [(1, our_run), (0, their_run)]
            for side, run in order:
                # As timeit does: no garbage collection inside a timed run
                # (python-chess's runs leave garbage that a collection
                # would otherwise charge to whichever run comes next).
                count = reps[name, side]
                gc.collect()
                gc.disable()
                start = time.process_time()
                for _ in range(count):
                    run()
                elapsed = time.process_time() - start
                gc.enable()
                results[name][side].append(elapsed / (calls * count))
    return results


def report(tasks: list, results: dict, rounds: int, loads: tuple, positions: int) -> None:
    print(f"python-chess {chess.__version__} against chess_movegen, {rounds} rounds, "
          f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print("CPU time of this process per call (median of the rounds)")
    print(f"load average before {loads[0]:.2f}, after {loads[1]:.2f} (1 min); "
          f"{positions} positions from {PGN_FILE.name}")
    print()
    print("| task | one call | python-chess | chess_movegen | ratio |")
    print("|---|---|---:|---:|---:|")
    for name, what, _calls, _t, _o in tasks:
        t = statistics.median(results[name][0])
        o = statistics.median(results[name][1])
        print(f"| {name} | {what} | {fmt(t)} | {fmt(o)} | {t / o:.1f}x |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="smaller inputs (a smoke run, not for figures)")
    parser.add_argument("--only", help="run only the tasks whose name contains this text")
    args = parser.parse_args()
    scale = 0.2 if args.quick else 1.0
    inputs = board_inputs(scale)
    tasks = board_tasks(inputs) + job_tasks(inputs, args.quick, scale) + pgn_tasks(scale) + probe_tasks(inputs)
    if args.only:
        tasks = [task for task in tasks if args.only in task[0]]
    reps = calibrate(tasks)
    load_before = os.getloadavg()[0]
    results = measure(tasks, reps, args.rounds)
    report(tasks, results, args.rounds, (load_before, os.getloadavg()[0]), len(inputs["fens"]))


def fmt(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} µs"


if __name__ == "__main__":
    main()
