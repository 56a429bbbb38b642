"""Endless or binary input is an error, never an abort: the PGN reader
limits the length of a line, token and comment (the Rust reader's
`ReadOptions`), and a stream without line breaks ends with an exception
instead of growing memory until the interpreter dies."""

from __future__ import annotations

import io
import os

import pytest

import chess_movegen as cm


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_raises_a_value_error():
    with open("/dev/zero", "rb") as f:
        with pytest.raises(ValueError, match="line longer than"):
            list(cm.read_games(f))


class Endless(io.RawIOBase):
    """Junk with line breaks for ever: an unclosed comment."""

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        chunk = (b"{ no end \x01\xff\n" * (len(buf) // 14 + 1))[: len(buf)]
        buf[: len(chunk)] = chunk
        return len(chunk)


def test_endless_comment_gives_an_error_at_once():
    games = cm.read_games(Endless())
    game = next(games)
    assert any("comment longer than" in e for e in game.errors), game.errors
