"""NumPy encodings of many positions against python-chess, and wrong input."""

from __future__ import annotations

import numpy as np
import pytest

import chess_movegen as cm
from conftest import epd_fens

chess = pytest.importorskip("chess")


def their_planes(board):
    out = np.zeros((12, 8, 8), dtype=np.uint8)
    for sq, piece in board.piece_map().items():
        plane = (0 if piece.color else 6) + piece.piece_type - 1
        out[plane, sq // 8, sq % 8] = 1
    return out


def test_planes_bitboards_masks_and_moves_match_python_chess():
    fens = epd_fens("quick.epd")
    boards = [cm.Board(f) for f in fens]
    theirs = [chess.Board(f) for f in fens]
    planes = cm.planes(fens)
    assert planes.shape == (len(fens), 12, 8, 8) and planes.dtype == np.uint8
    assert (planes == cm.planes(boards)).all()
    bbs = cm.bitboards(boards)
    assert bbs.shape == (len(fens), 12) and bbs.dtype == np.uint64
    masks = cm.legal_move_masks(fens)
    assert masks.shape == (len(fens), 64, 64) and masks.dtype == np.bool_
    many = cm.legal_moves_many(boards)
    for i, b in enumerate(theirs):
        assert (planes[i] == their_planes(b)).all()
        for plane in range(12):
            color = plane < 6
            assert int(bbs[i, plane]) == int(b.pieces_mask(plane % 6 + 1, color))
        expected = np.zeros((64, 64), dtype=bool)
        for mv in b.legal_moves:
            expected[mv.from_square, mv.to_square] = True
        assert (masks[i] == expected).all()
        assert [m.uci() for m in many[i]] == [m.uci() for m in boards[i].legal_moves]
        assert [m.uci() for m in many[i]] == [m.uci() for m in b.legal_moves]


def test_out_array_is_filled():
    fens = [cm.STARTING_FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    out = np.full((2, 12, 8, 8), 7, dtype=np.uint8)
    result = cm.planes(fens, out=out)
    assert result is out and (out == cm.planes(fens)).all()


@pytest.mark.parametrize(
    "out",
    [
        np.zeros((3, 12, 8, 8), dtype=np.uint8),
        np.zeros((2, 12, 8, 8), dtype=np.float32),
        np.zeros((2, 12, 64), dtype=np.uint8),
        np.zeros((2, 12, 8, 16), dtype=np.uint8)[:, :, :, ::2],
        np.zeros(10),
        "not an array",
    ],
)
def test_wrong_out_arrays_raise(out):
    with pytest.raises(ValueError):
        cm.planes([cm.STARTING_FEN, cm.STARTING_FEN], out=out)


def test_read_only_out_raises():
    out = np.zeros((1, 12, 8, 8), dtype=np.uint8)
    out.flags.writeable = False
    with pytest.raises(ValueError):
        cm.planes([cm.STARTING_FEN], out=out)


def test_bad_positions_raise():
    with pytest.raises(cm.InvalidFenError, match="position 1"):
        cm.planes([cm.STARTING_FEN, "garbage"])
    with pytest.raises(TypeError, match="position 0"):
        cm.bitboards([42])
    with pytest.raises(TypeError):
        cm.legal_move_masks(None)
    assert cm.planes([]).shape == (0, 12, 8, 8)


def test_threads_share_the_work():
    # The FENs are read and the arrays filled with the GIL released: threads
    # get the same arrays as one call.
    import concurrent.futures

    fens = epd_fens("quick.epd") * 20
    expected = cm.planes(fens)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: cm.planes(fens), range(8)))
    assert all((r == expected).all() for r in results)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        bad = pool.submit(cm.planes, fens + ["broken"])
        with pytest.raises(cm.InvalidFenError, match=f"position {len(fens)}"):
            bad.result()
