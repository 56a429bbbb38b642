"""Programs written for python-chess, run unchanged on both packages:
the transcripts must be identical."""

from __future__ import annotations

import random

import pytest

import chess_movegen

chess = pytest.importorskip("chess")


def random_game(chess_module, seed: int, chess960: bool) -> list[str]:
    """A seeded random game to its end, the way python-chess users write it."""
    rng = random.Random(seed)
    if chess960:
        board = chess_module.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = chess_module.Board()
    transcript = []
    while not board.is_game_over(claim_draw=rng.random() < 0.2):
        move = rng.choice(list(board.legal_moves))
        transcript.append(f"{board.san(move)} {move.uci()} {int(board.is_capture(move))}{int(board.gives_check(move))}")
        board.push(move)
        if board.is_check():
            transcript.append("check " + ",".join(chess_module.square_name(sq) for sq in board.checkers()))
        transcript.append(board.fen())
    outcome = board.outcome(claim_draw=True)
    transcript.append(f"{outcome.termination.name} {outcome.winner} {outcome.result()} {board.result(claim_draw=True)}")
    transcript.append(" ".join(m.uci() for m in board.move_stack[-10:]))
    while board.move_stack:
        board.pop()
    transcript.append(board.fen())
    return transcript


@pytest.mark.parametrize("seed", range(12))
def test_seeded_random_games(seed):
    assert random_game(chess_movegen, seed, False) == random_game(chess, seed, False)


@pytest.mark.parametrize("seed", range(6))
def test_seeded_random_chess960_games(seed):
    assert random_game(chess_movegen, seed, True) == random_game(chess, seed, True)


def material_walk(chess_module) -> list[str]:
    """Another typical script: a greedy one-ply player."""
    values = {chess_module.PAWN: 1, chess_module.KNIGHT: 3, chess_module.BISHOP: 3, chess_module.ROOK: 5,
              chess_module.QUEEN: 9, chess_module.KING: 0}
    board = chess_module.Board()
    out = []
    for _ in range(120):
        if board.is_game_over():
            break
        best, best_score = None, None
        for move in board.legal_moves:
            board.push(move)
            score = sum(values[p.piece_type] * (1 if p.color == board.turn else -1) for p in board.piece_map().values())
            board.pop()
            if best_score is None or score < best_score:
                best, best_score = move, score
        out.append(board.san(best))
        board.push(best)
    out.append(board.fen())
    return out


def test_greedy_player():
    assert material_walk(chess_movegen) == material_walk(chess)
