"""Repetition counting (the library's `Repetitions`, shared with `Game`)
against python-chess: shuffles with null moves, past fivefold, and boards
copied with part of their stack."""

import chess
from hypothesis import given, settings, strategies as st

import chess_movegen as cm

SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8", "0000", "e2e4", "e7e5"]


def same_repetitions(ours, theirs):
    for count in range(1, 7):
        assert ours.is_repetition(count) == theirs.is_repetition(count), count
    assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition()
    assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition()
    assert ours.can_claim_draw() == theirs.can_claim_draw()
    mine = ours.outcome(claim_draw=True)
    theirs_outcome = theirs.outcome(claim_draw=True)
    assert (mine and mine.termination.name) == (theirs_outcome and theirs_outcome.termination.name)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, len(SHUFFLE) - 1), max_size=40), st.integers(0, 40))
def test_repetitions_like_python_chess(picks, keep):
    ours, theirs = cm.Board(), chess.Board()
    for i in picks:
        uci = SHUFFLE[i]
        theirs_move = chess.Move.from_uci(uci)
        if uci != "0000" and theirs_move not in theirs.legal_moves:
            continue
        if uci == "0000" and theirs.is_check():
            continue
        theirs.push(theirs_move)
        ours.push_uci(uci)
        same_repetitions(ours, theirs)
    keep = min(keep, len(theirs.move_stack))
    same_repetitions(ours.copy(stack=keep), theirs.copy(stack=keep))


def test_moves_after_fivefold_keep_counting():
    ours, theirs = cm.Board(), chess.Board()
    for _ in range(6):
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            ours.push_uci(uci)
            theirs.push_uci(uci)
    assert ours.is_repetition(7) and theirs.is_repetition(7) and not ours.is_repetition(8)
    same_repetitions(ours, theirs)
