"""PGN games as Apache Arrow tables and Parquet files.

Two tables (their columns are described in the chess-movegen-arrow crate's
README): ``games``, one row per game (tags, typed ratings, dates and time
control, the mainline as 16-bit moves, ``[%clk]`` clocks and ``[%eval]``
evaluations per move, the final position, an ``error`` column that is null
when the game read cleanly), and ``positions``, one row per move (FEN,
32-byte packed position, move, clock, evaluation, result).

The readers return ``pyarrow.RecordBatchReader`` streams handed over
through the Arrow C stream interface (no copy), which Polars, DuckDB and
pandas take as they are::

    from chess_movegen import arrow
    games = arrow.read_games("lichess_db_standard_rated_2017-04.pgn.zst").read_all()
    games, positions = arrow.read_tables("lichess_db_standard_rated_2017-04.pgn.zst")
    arrow.write_parquet(["a.pgn.zst", "b.pgn.zst"], games="games.parquet")

Needs ``pyarrow`` (``pip install pyarrow``), which also writes the Parquet
files. (The command-line ``pgn2parquet`` writes them without Python, on
several threads.)
"""

from __future__ import annotations

import os
from typing import Dict, Iterable, Optional, Union

try:
    # Imported with this module, where a program expects the cost, rather
    # than inside its first read. `stream` works without pyarrow.
    import pyarrow
except ImportError:  # pragma: no cover - the readers say so when called
    pyarrow = None

from ._chess_movegen import arrow_pairs as _arrow_pairs
from ._chess_movegen import arrow_stream as _arrow_stream

Source = Union[str, "os.PathLike[str]", bytes]

__all__ = ["batches", "read_games", "read_positions", "read_tables", "stream", "write_parquet"]


def stream(source: Source, table: str = "games", *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """The ``table`` ("games" or "positions") of the PGN in ``source`` (a
    path, or the bytes of a file; plain or zstd) as an object with
    ``__arrow_c_stream__``, which ``pyarrow.RecordBatchReader.from_stream``,
    ``polars.from_arrow`` and DuckDB take. It can be read once."""
    return _arrow_stream(source, table, batch_size, uci, san)


def _pyarrow():
    """pyarrow, or an ImportError that says how to install it."""
    if pyarrow is None:
        raise ImportError("chess_movegen.arrow needs pyarrow for this: pip install pyarrow")
    return pyarrow


def _reader(source: Source, table: str, batch_size: int, uci: bool, san: bool):
    return _pyarrow().RecordBatchReader.from_stream(stream(source, table, batch_size=batch_size, uci=uci, san=san))


def read_games(source: Source, *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """The games table of ``source`` as a ``pyarrow.RecordBatchReader``
    (``batch_size`` games per batch; ``uci`` and ``san`` add the moves as
    text)."""
    return _reader(source, "games", batch_size, uci, san)


def read_positions(source: Source, *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """The positions table of ``source`` as a ``pyarrow.RecordBatchReader``
    (the positions of ``batch_size`` games per batch)."""
    return _reader(source, "positions", batch_size, uci, san)


def _schema(table: str, uci: bool, san: bool):
    return _reader(b"", table, 1, uci, san).schema


def batches(source: Source, *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """Both tables of ``source`` read in one pass, as they are read: an
    iterator of ``(games, positions)`` pairs of ``pyarrow.RecordBatch``,
    one pair per ``batch_size`` games, the positions batch holding the
    positions of the games batch's games."""
    pa = _pyarrow()
    for games, positions in _arrow_pairs(source, batch_size, uci, san):
        yield (
            pa.RecordBatchReader.from_stream(games).read_next_batch(),
            pa.RecordBatchReader.from_stream(positions).read_next_batch(),
        )


def read_tables(source: Source, *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """Both tables of ``source`` read in one pass: ``(games, positions)``
    as two ``pyarrow.Table`` (half the work of ``read_games`` and
    ``read_positions`` one after the other)."""
    games, positions = [], []
    for g, p in batches(source, batch_size=batch_size, uci=uci, san=san):
        games.append(g)
        positions.append(p)
    return _table(games, _schema("games", uci, san)), _table(positions, _schema("positions", uci, san))


def _table(batches, schema):
    return _pyarrow().Table.from_batches(batches, schema=schema)


def _tuples(source: Source, tables, batch_size: int, uci: bool, san: bool):
    """The batches of ``tables`` (one or both table names, in the order
    games, positions) read in one pass, as tuples."""
    if len(tables) == 2:
        return batches(source, batch_size=batch_size, uci=uci, san=san)
    return ((batch,) for batch in _reader(source, tables[0], batch_size, uci, san))


def write_parquet(
    inputs: Union[Source, Iterable[Source]],
    games: Optional[Union[str, "os.PathLike[str]"]] = None,
    positions: Optional[Union[str, "os.PathLike[str]"]] = None,
    *,
    compression: str = "zstd",
    row_group_size: int = 131072,
    batch_size: int = 1024,
    uci: bool = False,
    san: bool = False,
) -> Dict[str, int]:
    """Converts the PGN ``inputs`` (paths or bytes, plain or zstd) into the
    Parquet files ``games`` and/or ``positions`` (both tables from one
    pass over each input). ``compression`` is "zstd", "snappy" or "none".
    Returns the counts: games, errors (games with an error), positions."""
    _pyarrow()
    import pyarrow.parquet as pq

    if isinstance(inputs, (str, bytes, os.PathLike)):
        inputs = [inputs]
    inputs = list(inputs)
    outputs = [(name, path) for name, path in (("games", games), ("positions", positions)) if path]
    if not outputs:
        raise ValueError("write_parquet needs games=PATH, positions=PATH or both")
    if compression not in ("zstd", "snappy", "none"):
        raise ValueError(f"compression {compression!r}: expected 'zstd', 'snappy' or 'none'")
    tables = [name for name, _ in outputs]
    schemas = [_schema(name, uci, san) for name in tables]
    counts = {"games": 0, "errors": 0, "positions": 0}
    writers = []
    # Batches are gathered into row groups of about row_group_size rows
    # (a row group per small batch would make a slow file).
    pending = [[] for _ in tables]
    rows = [0] * len(tables)

    def flush(i):
        writers[i].write_table(_table(pending[i], schemas[i]), row_group_size=row_group_size)
        pending[i], rows[i] = [], 0

    try:
        for (_, path), schema in zip(outputs, schemas):
            writers.append(pq.ParquetWriter(os.fspath(path), schema, compression=compression))
        for source in inputs:
            for batches_read in _tuples(source, tables, batch_size, uci, san):
                for i, (table, batch) in enumerate(zip(tables, batches_read)):
                    pending[i].append(batch)
                    rows[i] += batch.num_rows
                    if table == "games":
                        counts["games"] += batch.num_rows
                        counts["errors"] += batch.num_rows - batch.column("error").null_count
                    else:
                        counts["positions"] += batch.num_rows
                    if rows[i] >= row_group_size:
                        flush(i)
        for i in range(len(tables)):
            if pending[i]:
                flush(i)
    finally:
        for writer in writers:
            writer.close()
    return counts
