"""chess_movegen.arrow: the streams, Parquet writing, and the examples of
arrow/README.md run as written, their answers checked against python-chess.

Skipped without pyarrow (and the examples without Polars and DuckDB):
`pip install pyarrow polars duckdb pandas`."""

import re
import statistics
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
chess_pgn = pytest.importorskip("chess.pgn")

from chess_movegen import arrow  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "arrow" / "tests" / "data" / "lichess_like.pgn"
README = ROOT / "arrow" / "README.md"


def python_chess_games():
    with open(CORPUS, encoding="utf-8") as f:
        while True:
            game = chess_pgn.read_game(f)
            if game is None:
                return
            yield game


def test_read_games_is_a_record_batch_reader():
    reader = arrow.read_games(CORPUS, batch_size=16)
    assert isinstance(reader, pa.RecordBatchReader)
    batches = list(reader)
    assert [b.num_rows for b in batches] == [16] * 6 + [4]
    table = pa.Table.from_batches(batches)
    assert table.schema.field("moves").type == pa.list_(pa.uint16())
    assert table.schema.field("utc_date").type == pa.date32()
    sites = table.column("site").to_pylist()
    errors = table.column("error").to_pylist()
    assert all(("bad" in s) for s, e in zip(sites, errors) if e is not None)
    good = [g for g in python_chess_games() if "bad" not in g.headers["Site"]]
    rows = {s: i for i, s in enumerate(sites)}
    for game in good:
        i = rows[game.headers["Site"]]
        assert errors[i] is None
        nodes = list(game.mainline())
        assert table.column("clocks")[i].as_py() == [n.clock() for n in nodes]
        assert table.column("final_fen")[i].as_py() == game.end().board().fen(en_passant="fen")
        elo = game.headers["WhiteElo"]
        assert table.column("white_elo")[i].as_py() == (None if elo == "?" else int(elo))


def test_positions_from_bytes_and_zstd_bytes():
    data = CORPUS.read_bytes()
    table = arrow.read_positions(data, uci=True).read_all()
    games = arrow.read_games(data).read_all()
    clean = {s for s, e in zip(games.column("site").to_pylist(), games.column("error").to_pylist()) if e is None}
    good = [g for g in python_chess_games() if g.headers["Site"] in clean]
    # Every clean game has its plies; the broken ones none.
    assert table.num_rows == sum(len(list(g.mainline())) for g in good)
    first = good[0]
    moves = [m.uci() for m in first.mainline_moves()]
    assert table.column("uci").to_pylist()[: len(moves)] == moves
    packed = pa.compress(data, codec="zstd", asbytes=True)  # one standard zstd frame
    assert packed[:4] == b"\x28\xb5\x2f\xfd"
    assert arrow.read_positions(packed, uci=True).read_all().equals(table)


def test_stream_is_read_once_and_bad_arguments_are_errors(tmp_path):
    s = arrow.stream(CORPUS)
    pa.RecordBatchReader.from_stream(s).read_all()
    with pytest.raises(RuntimeError):
        pa.RecordBatchReader.from_stream(s)
    with pytest.raises(ValueError):
        arrow.stream(CORPUS, "moves")
    with pytest.raises(OSError):
        arrow.read_games(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        arrow.read_games(12)
    junk = bytes(range(256)) * 1000
    table = arrow.read_games(junk).read_all()
    assert table.num_rows > 0 and table.column("error").null_count == 0


def test_write_parquet_equals_the_stream(tmp_path):
    summary = arrow.write_parquet(
        CORPUS, games=tmp_path / "g.parquet", positions=tmp_path / "p.parquet", row_group_size=30
    )
    assert pq.ParquetFile(tmp_path / "g.parquet").metadata.num_row_groups == 4
    games = pq.read_table(tmp_path / "g.parquet")
    assert summary["games"] == games.num_rows == 100
    assert summary["errors"] == games.num_rows - games.column("error").null_count
    assert games.equals(arrow.read_games(CORPUS).read_all())
    positions = pq.read_table(tmp_path / "p.parquet")
    assert summary["positions"] == positions.num_rows
    with pytest.raises(ValueError):
        arrow.write_parquet(CORPUS)
    with pytest.raises(ValueError):
        arrow.write_parquet(CORPUS, games=tmp_path / "x.parquet", compression="lz4")


def test_read_tables_is_one_pass_of_both_readers(tmp_path):
    for source in (CORPUS, CORPUS.read_bytes(), b""):
        games, positions = arrow.read_tables(source, batch_size=7, uci=True, san=True)
        assert games.equals(arrow.read_games(source, uci=True, san=True).read_all())
        assert positions.equals(arrow.read_positions(source, uci=True, san=True).read_all())
    # Each pair's positions are those of its games, in order.
    pairs = list(arrow.batches(CORPUS, batch_size=9))
    assert [g.num_rows for g, _ in pairs] == [9] * 11 + [1]
    for g, p in pairs:
        plies = {n: k for n, k, e in zip(g["game"].to_pylist(), g["plies"].to_pylist(), g["error"].to_pylist()) if e is None}
        counted = {}
        for n in p["game"].to_pylist():
            counted[n] = counted.get(n, 0) + 1
        assert counted == {n: k for n, k in plies.items() if k}
    with pytest.raises(OSError):
        arrow.read_tables(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        arrow.read_tables(3)


def test_write_parquet_of_one_table_equals_both(tmp_path):
    arrow.write_parquet(CORPUS, positions=tmp_path / "p1.parquet", row_group_size=500)
    arrow.write_parquet(CORPUS, games=tmp_path / "g2.parquet", positions=tmp_path / "p2.parquet")
    assert pq.read_table(tmp_path / "p1.parquet").equals(pq.read_table(tmp_path / "p2.parquet"))
    assert pq.ParquetFile(tmp_path / "p1.parquet").metadata.num_row_groups > 1


def readme_blocks():
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


def clean_sites():
    """The games that read without error (which ones they are is checked
    against python-chess in arrow/tests/python)."""
    games = arrow.read_games(CORPUS).read_all()
    return {s for s, e in zip(games.column("site").to_pylist(), games.column("error").to_pylist()) if e is None}


def expected_answers():
    """Average rating by opening and time left at move 40, by python-chess."""
    by_opening, at_40 = {}, {}
    clean = clean_sites()
    for game in python_chess_games():
        if game.headers["Site"] not in clean:
            continue
        h = game.headers
        ratings = by_opening.setdefault(h["Opening"], [])
        if h["WhiteElo"] != "?":
            ratings.append((int(h["WhiteElo"]) + int(h["BlackElo"])) / 2)
        else:
            ratings.append(None)
        nodes = list(game.mainline())
        if len(nodes) >= 80:
            at_40.setdefault(h["TimeControl"], []).append((nodes[78].clock(), nodes[79].clock()))
    return by_opening, at_40


def mean_or_none(values):
    """The mean of the values that are not None (as SQL and Polars take it)."""
    known = [v for v in values if v is not None]
    return pytest.approx(statistics.mean(known)) if known else None


def test_readme_examples(tmp_path, monkeypatch):
    pytest.importorskip("polars")
    pytest.importorskip("duckdb")
    pytest.importorskip("pandas")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games.pgn").write_bytes(CORPUS.read_bytes())
    arrow.write_parquet("games.pgn", games="games.parquet")
    blocks = readme_blocks()
    assert len(blocks) == 7
    scope = {}
    # The first block names files that are not here; the last three are
    # the cluster recipes and Spark's schema for the games table
    # (tests/test_arrow_distributed.py).
    for block in blocks[1:4]:
        exec(compile(block, str(README), "exec"), scope)
    by_opening, at_40 = expected_answers()
    polars_rows = scope["by_opening"].rows()
    assert polars_rows == scope["by_opening_duckdb"]
    assert {r[0]: r[1] for r in polars_rows} == {k: len(v) for k, v in by_opening.items()}
    for opening, games, rating in polars_rows:
        known = [r for r in by_opening[opening] if r is not None]
        assert rating == pytest.approx(statistics.mean(known))
    at_40_rows = scope["at_40"].rows()
    assert len(at_40_rows) == len(scope["at_40_duckdb"]) == len(at_40) > 0
    for (tc, white, black, n), duck in zip(at_40_rows, scope["at_40_duckdb"]):
        assert duck == pytest.approx((tc, white, black, n))
        assert n == len(at_40[tc])
        assert white == mean_or_none([w for w, _ in at_40[tc]])
        assert black == mean_or_none([b for _, b in at_40[tc]])
    assert scope["games_frame"].height == 100
    assert sum(n for _, n in scope["per_result"]) == 100
    assert len(scope["pandas_frame"]) == 100


def test_stream_works_without_pyarrow_and_the_readers_say_what_is_missing(monkeypatch):
    import importlib
    import sys

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    bare = importlib.reload(arrow)
    try:
        assert bare.pyarrow is None
        assert hasattr(bare.stream(CORPUS), "__arrow_c_stream__")
        with pytest.raises(ImportError, match="pip install pyarrow"):
            bare.read_games(CORPUS)
        with pytest.raises(ImportError, match="pip install pyarrow"):
            next(bare.batches(CORPUS))
    finally:
        monkeypatch.undo()
        importlib.reload(arrow)
