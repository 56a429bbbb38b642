"""Hostile input for chess_movegen.polyglot and chess_movegen.svg."""

import os
import struct
import subprocess
import sys
import textwrap

import pytest

import chess_movegen as cm
from chess_movegen import polyglot, svg


def entry(key, raw, weight=1, learn=0):
    return struct.pack(">QHHI", key, raw, weight, learn)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_open_reader_on_a_fifo_does_not_wait(tmp_path):
    fifo = tmp_path / "book.bin"
    os.mkfifo(fifo)
    code = f"""
        from chess_movegen import polyglot
        try:
            polyglot.open_reader({str(fifo)!r})
        except OSError as e:
            print("OSError", e)
    """
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60)
    assert "OSError" in proc.stdout and "not a regular file" in proc.stdout, proc.stderr[-2000:]


def test_open_reader_on_a_directory_or_device(tmp_path):
    with pytest.raises(OSError, match="a directory"):
        polyglot.open_reader(tmp_path)
    if os.path.exists("/dev/zero"):
        with pytest.raises(OSError, match="not a regular file"):
            polyglot.open_reader("/dev/zero")


def test_entries_with_no_promotion_piece_read_as_null_moves(tmp_path):
    key = polyglot.zobrist_hash(cm.Board())
    e2e4 = 28 | 12 << 6
    path = tmp_path / "odd.bin"
    # Promotion fields 5..7 name no piece: a corrupt entry, not a crash.
    path.write_bytes(b"".join(entry(key, e2e4 | part << 12, 3) for part in (0, 5, 6, 7)))
    with polyglot.open_reader(path) as book:
        moves = [e.move for e in book]
        assert moves == [cm.Move.from_uci("e2e4")] + [cm.Move.null()] * 3
        assert [e.move for e in book.find_all(cm.Board())] == [cm.Move.from_uci("e2e4")]
        assert book.weighted_choice(cm.Board()).move == cm.Move.from_uci("e2e4")


def test_random_junk_book_iterates(tmp_path):
    path = tmp_path / "junk.bin"
    path.write_bytes(os.urandom(16 * 2000))
    with polyglot.open_reader(path) as book:
        assert len(list(book)) == 2000
        book.find_all(cm.Board())  # any answer, no exception


def test_zero_weights(tmp_path):
    key = polyglot.zobrist_hash(cm.Board())
    path = tmp_path / "zero.bin"
    path.write_bytes(entry(key, 28 | 12 << 6, 0) * 3)
    with polyglot.open_reader(path) as book:
        with pytest.raises(IndexError, match="non-zero weight"):
            book.weighted_choice(cm.Board())
        assert len(list(book.find_all(cm.Board(), minimum_weight=0))) == 3


@pytest.mark.parametrize("tail, head", [(64, 3), (-1, 3), (0, 99), (0, 2**70)])
def test_arrow_to_a_non_square_is_a_value_error(tail, head):
    with pytest.raises(ValueError, match="0..63"):
        svg.Arrow(tail, head)
    with pytest.raises(ValueError, match="0..63"):
        svg.board(cm.Board(), arrows=[(tail, head)])


def test_arrow_of_another_type_is_a_type_error():
    with pytest.raises(TypeError, match="square"):
        svg.Arrow("e2", "e4")


@pytest.mark.parametrize("size", [0, -5, float("nan"), float("inf")])
def test_size_must_be_positive(size):
    with pytest.raises(ValueError, match="size"):
        svg.board(cm.Board(), size=size)
    with pytest.raises(ValueError, match="size"):
        svg.piece(cm.Piece(cm.KING, cm.WHITE), size=size)


def test_squares_and_check_are_checked():
    picture = svg.board(cm.Board(), squares=list(range(64)) * 100_000)
    assert picture.count('class="mark ') == 64
    for bad in ([64], [-1]):
        with pytest.raises(ValueError, match="0..63"):
            svg.board(cm.Board(), squares=bad)
    for bad in (64, -1):
        with pytest.raises(ValueError, match="0..63"):
            svg.board(cm.Board(), check=bad)


def test_arrow_from_pgn_echoes_a_short_piece():
    with pytest.raises(ValueError) as err:
        svg.Arrow.from_pgn("x" * 1_000_000)
    assert len(str(err.value)) < 60


def test_null_lastmove_tints_nothing():
    picture = svg.board(cm.Board(), lastmove=cm.Move.null())
    assert "lastmove" not in picture
    assert "lastmove a1" not in svg.board(cm.Board(), lastmove=cm.Move.from_uci("e2e4"))
    assert "square dark lastmove e4" in svg.board(cm.Board(), lastmove=cm.Move.from_uci("e2e4")) or \
        "square light lastmove e4" in svg.board(cm.Board(), lastmove=cm.Move.from_uci("e2e4"))


def test_keys_and_indices_outside_64_bits(tmp_path):
    path = tmp_path / "one.bin"
    path.write_bytes(entry(5, 28 | 12 << 6, 1))
    with polyglot.open_reader(path) as book:
        for key in (-1, 1 << 64, 1 << 100):
            assert list(book.find_all(key)) == []
            assert book.get(key) is None
        assert book.bisect_key_left(-1) == 0 and book.bisect_key_left(1 << 64) == 1
        for index in (1, 2**70, -2, -2**70):
            with pytest.raises(IndexError, match="out of range"):
                book[index]
        assert book[-1].key == 5
