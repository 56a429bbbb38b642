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
    arrow.write_parquet(["a.pgn.zst", "b.pgn.zst"], games="games.parquet")

Needs ``pyarrow`` (``pip install pyarrow``), which also writes the Parquet
files. (The command-line ``pgn2parquet`` writes them without Python, on
several threads.)
"""

from __future__ import annotations

import os
from typing import Dict, Iterable, Optional, Union

from ._chess_movegen import arrow_stream as _arrow_stream

Source = Union[str, "os.PathLike[str]", bytes]

__all__ = ["read_games", "read_positions", "stream", "write_parquet"]


def stream(source: Source, table: str = "games", *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """The ``table`` ("games" or "positions") of the PGN in ``source`` (a
    path, or the bytes of a file; plain or zstd) as an object with
    ``__arrow_c_stream__``, which ``pyarrow.RecordBatchReader.from_stream``,
    ``polars.from_arrow`` and DuckDB take. It can be read once."""
    return _arrow_stream(source, table, batch_size, uci, san)


def _reader(source: Source, table: str, batch_size: int, uci: bool, san: bool):
    import pyarrow

    return pyarrow.RecordBatchReader.from_stream(stream(source, table, batch_size=batch_size, uci=uci, san=san))


def read_games(source: Source, *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """The games table of ``source`` as a ``pyarrow.RecordBatchReader``
    (``batch_size`` games per batch; ``uci`` and ``san`` add the moves as
    text)."""
    return _reader(source, "games", batch_size, uci, san)


def read_positions(source: Source, *, batch_size: int = 256, uci: bool = False, san: bool = False):
    """The positions table of ``source`` as a ``pyarrow.RecordBatchReader``
    (the positions of ``batch_size`` games per batch)."""
    return _reader(source, "positions", batch_size, uci, san)


def _table(batches, schema):
    import pyarrow

    return pyarrow.Table.from_batches(batches, schema=schema)


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
    Parquet files ``games`` and/or ``positions`` (each table is read in a
    pass of its own). ``compression`` is "zstd", "snappy" or "none".
    Returns the counts: games, errors (games with an error), positions."""
    import pyarrow.parquet as pq

    if isinstance(inputs, (str, bytes, os.PathLike)):
        inputs = [inputs]
    inputs = list(inputs)
    outputs = [(name, path) for name, path in (("games", games), ("positions", positions)) if path]
    if not outputs:
        raise ValueError("write_parquet needs games=PATH, positions=PATH or both")
    if compression not in ("zstd", "snappy", "none"):
        raise ValueError(f"compression {compression!r}: expected 'zstd', 'snappy' or 'none'")
    counts = {"games": 0, "errors": 0, "positions": 0}
    for table, path in outputs:
        schema = _reader(b"", table, batch_size, uci, san).schema
        with pq.ParquetWriter(os.fspath(path), schema, compression=compression) as writer:
            # Batches are gathered into row groups of about row_group_size
            # rows (a row group per small batch would make a slow file).
            pending, rows = [], 0
            for source in inputs:
                for batch in _reader(source, table, batch_size, uci, san):
                    pending.append(batch)
                    rows += batch.num_rows
                    if table == "games":
                        counts["games"] += batch.num_rows
                        counts["errors"] += batch.num_rows - batch.column("error").null_count
                    else:
                        counts["positions"] += batch.num_rows
                    if rows >= row_group_size:
                        writer.write_table(_table(pending, schema), row_group_size=row_group_size)
                        pending, rows = [], 0
            if pending:
                writer.write_table(_table(pending, schema), row_group_size=row_group_size)
    return counts
