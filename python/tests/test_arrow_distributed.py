"""The cluster recipes of arrow/README.md: a sharded collection converted on
Dask distributed (a LocalCluster of two worker processes) and on PySpark in
local mode, one task per shard, gives exactly the rows of the
single-process run.

Slow (a cluster start each): its own CI step, run with
ARROW_CLUSTER_TESTS=1. Needs `pip install "dask[distributed]" pyspark
pyarrow chess` (and Java for Spark)."""

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

if os.environ.get("ARROW_CLUSTER_TESTS") != "1":
    pytest.skip("the cluster recipes run with ARROW_CLUSTER_TESTS=1 (slow)", allow_module_level=True)
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from chess_movegen import arrow  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_lichess_corpus.py"
SHARDS = 4


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    """Four .pgn.zst shards of a generated corpus, and the single-process
    tables of the whole collection."""
    pytest.importorskip("chess")
    tmp = tmp_path_factory.mktemp("shards")
    pgn = tmp / "all.pgn"
    subprocess.run([sys.executable, str(SCRIPT), "--games", "400", "--seed", "11", "--out", str(pgn)], check=True)
    games = pgn.read_text(encoding="utf-8").split("\n\n[Event ")
    paths = []
    per = (len(games) + SHARDS - 1) // SHARDS
    for i in range(SHARDS):
        part = games[i * per:(i + 1) * per]
        text = "\n\n[Event ".join(part) if i == 0 else "[Event " + "\n\n[Event ".join(part)
        path = tmp / f"shard-{i}.pgn.zst"
        path.write_bytes(pa.compress(text.encode(), codec="zstd", asbytes=True))
        paths.append(str(path))
    single = tmp / "single"
    single.mkdir()
    arrow.write_parquet(paths, games=single / "games.parquet", positions=single / "positions.parquet")
    return paths, pq.read_table(single / "games.parquet"), pq.read_table(single / "positions.parquet")


def convert_shard(path, out_dir):
    """What each task runs: one shard into its two Parquet parts (workers
    need only the chess-movegen wheel)."""
    from chess_movegen import arrow as a

    stem = os.path.basename(path).split(".")[0]
    games, positions = f"{out_dir}/games/{stem}.parquet", f"{out_dir}/positions/{stem}.parquet"
    return a.write_parquet(path, games=games, positions=positions)


def gathered(out_dir, paths, table):
    parts = [pq.read_table(f"{out_dir}/{table}/{os.path.basename(p).split('.')[0]}.parquet") for p in paths]
    return pa.concat_tables(parts)


def checksum(table):
    """A digest of every value, row by row."""
    return hashlib.sha256(repr(table.to_pylist()).encode()).hexdigest()


def check_same(out_dir, paths, single_games, single_positions, summaries):
    games = gathered(out_dir, paths, "games")
    positions = gathered(out_dir, paths, "positions")
    assert sum(s["games"] for s in summaries) == single_games.num_rows == games.num_rows
    assert sum(s["positions"] for s in summaries) == single_positions.num_rows == positions.num_rows
    assert games.equals(single_games)
    assert positions.equals(single_positions)
    assert checksum(games) == checksum(single_games)


def make_dirs(out_dir):
    for t in ("games", "positions"):
        (out_dir / t).mkdir(parents=True, exist_ok=True)


def test_dask_local_cluster(shards, tmp_path):
    distributed = pytest.importorskip("distributed")
    import cloudpickle

    # The task is defined here, not in an installed module: it travels by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    paths, single_games, single_positions = shards
    make_dirs(tmp_path)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            futures = client.map(convert_shard, paths, [str(tmp_path)] * len(paths))
            summaries = client.gather(futures)
    check_same(tmp_path, paths, single_games, single_positions, summaries)


def spark_games_schema(spark, tmp):
    """The recipe of arrow/README.md: the games table's schema for Spark,
    `utc_time` (a Parquet TIME, which Spark has no type for) read as its
    int32 milliseconds since midnight."""
    from pyspark.sql.types import IntegerType

    probe = f"{tmp}/games-schema.parquet"
    pq.write_table(arrow.read_games(b"").read_all().drop_columns(["utc_time"]), probe)
    return spark.read.parquet(probe).schema.add("utc_time", IntegerType())


def test_pyspark_local(shards, tmp_path):
    pytest.importorskip("pyspark")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Spark needs Java")
    from pyspark import cloudpickle
    from pyspark.sql import SparkSession

    cloudpickle.register_pickle_by_value(sys.modules[__name__])

    paths, single_games, single_positions = shards
    make_dirs(tmp_path)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master("local[2]").appName("pgn2parquet").config("spark.ui.enabled", "false").getOrCreate()
    try:
        out = str(tmp_path)
        rdd = spark.sparkContext.parallelize(paths, len(paths))
        summaries = rdd.map(lambda p: convert_shard(p, out)).collect()
        # Spark reads the positions parts as they are, and the games
        # parts with the README's schema (utc_time as an int).
        assert spark.read.parquet(f"{out}/positions").count() == single_positions.num_rows
        games = spark.read.schema(spark_games_schema(spark, tmp_path)).parquet(f"{out}/games")
        rows = games.orderBy("source", "game").select("site", "utc_time", "white_elo", "clocks").collect()
        assert len(rows) == single_games.num_rows
        millis = [None if t is None else (t.hour * 3600 + t.minute * 60 + t.second) * 1000
                  for t in single_games.column("utc_time").to_pylist()]
        assert sorted(r["utc_time"] for r in rows if r["utc_time"] is not None) == sorted(m for m in millis if m is not None)
        assert sorted(r["site"] or "" for r in rows) == sorted(s or "" for s in single_games.column("site").to_pylist())
    finally:
        spark.stop()
    check_same(tmp_path, paths, single_games, single_positions, summaries)
