#!/usr/bin/env python3
"""Writes tests/data/game_records.txt: games played with python-chess
(random games, repetition-heavy games, long games that reach the fifty- and
seventy-five-move rules, and positions where a claim is made by a move),
with python-chess's answers at every ply. tests/game_records.rs replays
them with `Game` and compares.

Usage: python3 scripts/make_game_records.py   (python-chess 1.11.2; seeded,
so the output is the same on every run)

Format: a line `game <mode> <FEN>` (mode `standard` or `chess960`) starts a
game; then one line per position, the start included:

    <move> <rep> <claim3> <claim50> <draw> <five> <seventy5> <outcome> <moves3> <moves50>

<move> is the UCI move that led to the position (`-` for the start);
<rep> the number of times the position has occurred (python-chess's
repetition window: back to the last irreversible move); <claim3>,
<claim50>, <draw>: can_claim_threefold_repetition(),
can_claim_fifty_moves(), can_claim_draw() as 0/1; <five>, <seventy5>:
is_fivefold_repetition(), is_seventyfive_moves(); <outcome>:
outcome(claim_draw=False) as `none`, `1-0`, `0-1`, `stalemate`,
`insufficient`, `seventyfive`, `fivefold`; <moves3>, <moves50>: the legal
moves after which is_repetition(3), resp. is_fifty_moves(), holds (the
claims made by writing down a move), sorted, comma-separated, `-` if none.
Every game ends when outcome(claim_draw=False) is not None, or after a
ply limit.
"""
import os
import random

import chess

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "game_records.txt")


def rep_count(board):
    """Occurrences of the current position in python-chess's window."""
    key = board._transposition_key()
    count = 1
    switchyard = []
    while board.move_stack:
        move = board.pop()
        switchyard.append(move)
        if board.is_irreversible(move):
            break
        if board._transposition_key() == key:
            count += 1
    while switchyard:
        board.push(switchyard.pop())
    return count


def outcome_code(board):
    o = board.outcome(claim_draw=False)
    if o is None:
        return "none"
    t = o.termination
    if t == chess.Termination.CHECKMATE:
        return "1-0" if o.winner == chess.WHITE else "0-1"
    return {
        chess.Termination.STALEMATE: "stalemate",
        chess.Termination.INSUFFICIENT_MATERIAL: "insufficient",
        chess.Termination.SEVENTYFIVE_MOVES: "seventyfive",
        chess.Termination.FIVEFOLD_REPETITION: "fivefold",
    }[t]


def claim_moves(board):
    three, fifty = [], []
    for move in board.legal_moves:
        uci = board.uci(move)
        board.push(move)
        if board.is_repetition(3):
            three.append(uci)
        if board.is_fifty_moves():
            fifty.append(uci)
        board.pop()
    return ",".join(sorted(three)) or "-", ",".join(sorted(fifty)) or "-"


def record(board, move):
    b = lambda x: "1" if x else "0"
    m3, m50 = claim_moves(board)
    return " ".join(
        [
            move,
            str(rep_count(board)),
            b(board.can_claim_threefold_repetition()),
            b(board.can_claim_fifty_moves()),
            b(board.can_claim_draw()),
            b(board.is_fivefold_repetition()),
            b(board.is_seventyfive_moves()),
            outcome_code(board),
            m3,
            m50,
        ]
    )


def play(fen, chess960, chooser, limit, rng, forced=()):
    """A game from `fen`: the `forced` moves first, then `chooser`'s."""
    board = chess.Board(fen, chess960=chess960)
    assert board.is_valid(), fen
    lines = ["game %s %s" % ("chess960" if chess960 else "standard", board.fen())]
    lines.append(record(board, "-"))
    forced = list(forced)
    for _ in range(limit):
        if board.outcome(claim_draw=False) is not None:
            break
        move = chess.Move.from_uci(forced.pop(0)) if forced else chooser(board, rng)
        uci = board.uci(move)
        board.push(move)
        lines.append(record(board, uci))
    return lines


def random_move(board, rng):
    return rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))


def reversible_moves(board):
    return [m for m in sorted(board.legal_moves, key=lambda m: m.uci()) if not board.is_zeroing(m)]


def repeating_move(board, rng):
    """Mostly a move back to a position seen before, else a quiet move."""
    moves = reversible_moves(board) or sorted(board.legal_moves, key=lambda m: m.uci())
    seen = set()
    probe = board.copy()
    while probe.move_stack:
        probe.pop()
        seen.add(probe._transposition_key())
    back = []
    for m in moves:
        board.push(m)
        if board._transposition_key() in seen:
            back.append(m)
        board.pop()
    if back and rng.random() < 0.8:
        return rng.choice(back)
    return rng.choice(moves)


def quiet_move(board, rng):
    """A move that keeps the halfmove clock running, if there is one."""
    moves = reversible_moves(board)
    return rng.choice(moves) if moves else random_move(board, rng)


def main():
    rng = random.Random(0x5EED_0012)
    games = []
    start = chess.STARTING_FEN
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    # Random games to the end (or 250 plies).
    for fen in [start, start, start, kiwipete, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]:
        games.append(play(fen, False, random_move, 250, rng))
    for n in [0, 518, 959]:
        board = chess.Board.from_chess960_pos(n)
        games.append(play(board.fen(), True, random_move, 200, rng))
    # Repetition-heavy: knights and kings shuffle until fivefold.
    for fen in [
        start,
        start,
        kiwipete,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "8/2p5/8/KP5r/8/8/8/6k1 b - - 0 1",
        "8/2p5/8/KP6/8/8/8/6k1 b - - 0 1",
        "4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1",
    ]:
        games.append(play(fen, False, repeating_move, 300, rng))
    # The standard knight shuffle, exactly: threefold at ply 8, fivefold at 16.
    games.append(play(start, False, random_move, 16, rng, ["g1f3", "g8f6", "f3g1", "f6g8"] * 4))
    board = chess.Board.from_chess960_pos(100)
    games.append(play(board.fen(), True, repeating_move, 300, rng))
    # Long games: quiet moves until the fifty- and seventy-five-move rules.
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/3q4/8/8/3R4/8/4K3 w - - 0 1",
        "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 60 80",
        "8/8/4k3/8/8/8/8/R3K3 w - - 95 80",
    ]:
        games.append(play(fen, False, quiet_move, 400, rng))
    # Claims on the move and ends on the hundredth / hundred-and-fiftieth half-move.
    for fen, forced in [
        ("7k/8/6K1/8/8/8/8/R7 w - - 99 100", ["a1a8"]),  # mate on the 100th half-move
        ("7k/8/6K1/8/8/8/8/R7 w - - 99 100", ["a1b1"]),  # the fiftieth move, claimable
        ("7k/8/6K1/8/8/8/8/R7 w - - 149 120", ["a1a8"]),  # mate beats the 75-move rule
        ("7k/8/6K1/8/8/8/8/R7 w - - 149 120", ["a1b1"]),  # seventy-five moves
        ("k7/8/8/2Q5/8/8/8/K7 w - - 149 120", ["c5b6"]),  # stalemate with clock 150
        ("k7/8/8/2Q5/8/8/8/K7 w - - 99 120", ["c5b6"]),  # stalemate with clock 100
        ("k7/8/8/2Q5/8/8/8/K7 w - - 98 120", []),
        ("8/8/4k3/8/8/8/4P3/4K3 w - - 99 100", []),  # only pawn moves zero the clock
        ("7k/8/8/8/8/8/8/1B2K3 w - - 99 100", []),  # dead position at once
        ("6bk/8/8/8/8/8/8/1B2K3 w - - 120 100", []),
    ]:
        games.append(play(fen, False, quiet_move, 40, rng, forced))
    with open(OUT, "w") as f:
        f.write("# Written by scripts/make_game_records.py (python-chess %s); see the script for the format.\n"
                % chess.__version__)
        for lines in games:
            f.write("\n".join(lines) + "\n")
    print("%d games, %d positions" % (len(games), sum(len(g) - 1 for g in games)))


if __name__ == "__main__":
    main()
