"""chess_movegen.polyglot and chess_movegen.syzygy against python-chess's
modules on the same book, tables and positions."""

from __future__ import annotations

import os
import pathlib
import random

import pytest

import chess_movegen
import chess_movegen.polyglot as ours_polyglot
import chess_movegen.syzygy as ours_syzygy

chess = pytest.importorskip("chess")
import chess.polyglot  # noqa: E402
import chess.syzygy  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOOK = ROOT / "tests" / "data" / "polyglot_book.bin"
# The repository's 3-4-piece tables; all of them with PYTHON_CHESS_DATA
# (python-chess's sdist data/, whose syzygy/regular has every 3-4-piece table).
TABLES = ROOT / "syzygy" / "tests" / "data" / "syzygy"
if os.environ.get("PYTHON_CHESS_DATA"):
    TABLES = pathlib.Path(os.environ["PYTHON_CHESS_DATA"], "syzygy", "regular")


def random_boards(count, seed, max_plies=14):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        theirs = chess.Board()
        for _ in range(rng.randrange(max_plies)):
            moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
            if not moves:
                break
            theirs.push(rng.choice(moves))
        out.append((chess_movegen.Board(theirs.fen()), theirs))
    return out


def test_book_entries_like_python_chess():
    with ours_polyglot.open_reader(BOOK) as ours, chess.polyglot.open_reader(BOOK) as theirs:
        assert len(ours) == len(theirs)
        assert list(ours) == list(theirs)
        assert ours[-1] == theirs[-1]
        hits = 0
        for mine, board in random_boards(300, 11):
            assert ours_polyglot.zobrist_hash(mine) == chess.polyglot.zobrist_hash(board)
            found = list(ours.find_all(mine))
            assert found == list(theirs.find_all(board))
            hits += bool(found)
            key = chess.polyglot.zobrist_hash(board)
            assert list(ours.find_all(key, minimum_weight=0)) == list(theirs.find_all(key, minimum_weight=0))
            assert ours.get(mine) == theirs.get(board)
            excluded = [e.move for e in found[:1]]
            assert list(ours.find_all(mine, exclude_moves=excluded)) == list(theirs.find_all(board, exclude_moves=excluded))
            for seed in range(3):
                assert pick(ours.choice, mine, seed) == pick(theirs.choice, board, seed)
                assert pick(ours.weighted_choice, mine, seed) == pick(theirs.weighted_choice, board, seed)
        assert hits > 30
        assert ours.bisect_key_left(key) == theirs.bisect_key_left(key)
        entry = theirs[5]
        assert entry in ours


def pick(method, board, seed):
    try:
        return method(board, random=random.Random(seed))
    except IndexError:
        return None


def test_bad_books(tmp_path):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"x" * 17)
    with pytest.raises(OSError, match="multiple of 16"):
        ours_polyglot.open_reader(bad)
    with pytest.raises(OSError):
        ours_polyglot.open_reader(tmp_path / "missing.bin")
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with ours_polyglot.open_reader(empty) as reader:
        assert len(reader) == 0 and reader.get(chess_movegen.Board()) is None
        with pytest.raises(IndexError):
            reader.find(chess_movegen.Board())


def endgame_positions(names, per_table, seed):
    """Random legal positions of each table's material, some with an
    en-passant square."""
    rng = random.Random(seed)
    for name in names:
        white, black = name.split("v")
        made = 0
        while made < per_table:
            board = chess.Board(None)
            pieces = list(white) + [c.lower() for c in black]
            for symbol, square in zip(pieces, rng.sample(range(64), len(pieces))):
                board.set_piece_at(square, chess.Piece.from_symbol(symbol))
            board.turn = rng.random() < 0.5
            if not board.is_valid():
                continue
            made += 1
            yield board
            for move in board.legal_moves:
                if board.piece_type_at(move.from_square) == chess.PAWN and abs(move.to_square - move.from_square) == 16:
                    after = board.copy()
                    after.push(move)
                    yield after
                    break


def test_tables_like_python_chess():
    # Materials with both files (the repository ships some WDL files
    # alone; python-chess then answers some DTZ probes without the table).
    names = sorted({p.name[:-5] for p in TABLES.glob("*.rtbw") if p.with_suffix(".rtbz").exists()})
    assert names
    with ours_syzygy.open_tablebase(TABLES) as ours, chess.syzygy.open_tablebase(str(TABLES)) as theirs:
        count = 0
        for board in endgame_positions(names, 40, 3):
            mine = chess_movegen.Board(board.fen())
            assert ours.get_wdl(mine) == theirs.get_wdl(board), board.fen()
            assert ours.get_dtz(mine) == theirs.get_dtz(board), board.fen()
            count += 1
        assert count >= 40 * len(names)


def test_table_errors_are_python_chess_exceptions(tmp_path):
    tables = ours_syzygy.Tablebase()
    assert tables.add_directory(TABLES) > 0
    with pytest.raises(KeyError, match="castling"):
        tables.probe_wdl(chess_movegen.Board())
    with pytest.raises(KeyError, match="pieces"):
        tables.probe_wdl(chess_movegen.Board("7k/8/8/8/8/8/qq6/K3QQ2 w - - 0 1"))
    only = tmp_path / "kqvk"
    only.mkdir()
    for suffix in (".rtbw", ".rtbz"):
        (only / ("KQvK" + suffix)).write_bytes((TABLES / ("KQvK" + suffix)).read_bytes())
    some = ours_syzygy.open_tablebase(only)
    assert some.probe_wdl(chess_movegen.Board("8/8/8/8/8/k7/8/K6Q w - - 0 1")) == 2
    with pytest.raises(ours_syzygy.MissingTableError, match="KRvK"):
        some.probe_dtz(chess_movegen.Board("8/8/8/8/8/k7/8/K6R w - - 0 1"))
    assert tables.get_wdl(chess_movegen.Board(), 7) == 7
    assert issubclass(ours_syzygy.MissingTableError, KeyError)
    assert some.get_wdl(chess_movegen.Board("8/8/8/8/8/k7/8/K6R w - - 0 1")) is None
    with pytest.raises(OSError):
        ours_syzygy.open_tablebase(tmp_path / "missing")
