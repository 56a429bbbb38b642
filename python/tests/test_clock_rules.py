"""The rules that end or may end a game, asked of the library's `GameState`
with the halfmove clock the FEN states, against python-chess: clocks the
library's position corrects (a clock beside an en-passant square) included,
and python-chess's order of endings."""

import chess
import pytest

import chess_movegen as cm

# (FEN, moves played one by one after it, in UCI)
GAMES = [
    ("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", ["a1a2", "e8d8"]),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 149 80", ["a1a2", "e8d8"]),
    # More half-moves than moves played: the library raises the fullmove
    # number, python-chess keeps it.
    ("4k3/8/8/8/8/8/8/R3K3 b - - 149 1", ["e8d8", "a1a2"]),
    # d6 beside 99 and 149 half-moves: the position's own clock is 0.
    ("4k3/8/8/3pP3/8/8/8/4K2R w - d6 99 80", ["h1h2", "e8d8", "e5e6"]),
    ("4k3/8/8/3pP3/8/8/8/4K2R w - d6 98 80", ["h1h2", "e8d8", "h2h1"]),
    ("4k3/8/8/3pP3/8/8/8/4K2R w - d6 149 80", ["h1h2", "e8d8"]),
    ("4k3/8/8/3pP3/8/8/8/4K2R w - d6 99 80", ["e5d6", "e8d8"]),
    # Mate on the 150th half-move is a mate.
    ("7k/8/6K1/8/8/8/8/R7 w - - 149 120", ["a1a8"]),
    # Stalemate with insufficient material: python-chess says insufficient.
    ("k7/8/1K6/8/8/8/7B/8 b - - 0 1", []),
    # Bishops of both colours split between the sides: insufficient to
    # python-chess, not a dead position to the library.
    ("4k3/8/8/8/8/8/8/2B1Kb2 w - - 0 1", ["c1d2"]),
]


def same_endings(ours, theirs):
    where = theirs.fen()
    assert ours.fen() == where
    assert ours.halfmove_clock == theirs.halfmove_clock, where
    assert ours.is_fifty_moves() == theirs.is_fifty_moves(), where
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves(), where
    assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), where
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), where
    assert ours.can_claim_draw() == theirs.can_claim_draw(), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    for claim_draw in (False, True):
        mine, their = ours.outcome(claim_draw=claim_draw), theirs.outcome(claim_draw=claim_draw)
        assert (mine and (mine.termination.name, mine.winner)) == (their and (their.termination.name, their.winner)), (
            where,
            claim_draw,
        )
        assert ours.is_game_over(claim_draw=claim_draw) == theirs.is_game_over(claim_draw=claim_draw), where
        assert ours.result(claim_draw=claim_draw) == theirs.result(claim_draw=claim_draw), where


@pytest.mark.parametrize("fen, moves", GAMES)
def test_clock_rules_like_python_chess(fen, moves):
    ours, theirs = cm.Board(fen), chess.Board(fen)
    same_endings(ours, theirs)
    for uci in moves:
        ours.push_uci(uci)
        theirs.push_uci(uci)
        same_endings(ours, theirs)
    # Taking the moves back restores the stated clock.
    while theirs.move_stack:
        ours.pop()
        theirs.pop()
        same_endings(ours, theirs)


def test_stated_clock_claims_and_ends():
    board = cm.Board("4k3/8/8/3pP3/8/8/8/4K2R w - d6 99 80")
    assert board.can_claim_fifty_moves() and not board.is_fifty_moves()
    board.push_uci("h1h2")
    assert board.halfmove_clock == 100 and board.is_fifty_moves()
    board = cm.Board("4k3/8/8/3pP3/8/8/8/4K2R w - d6 149 80")
    board.push_uci("h1h2")
    assert board.is_seventyfive_moves()
    assert board.outcome().termination == cm.Termination.SEVENTYFIVE_MOVES
