#!/usr/bin/env bash
# CI for chess-movegen-arrow (PGN to Arrow and Parquet): lints, the Rust
# tests, pgn2parquet against python-chess. The Python module's tests run
# here with ARROW_PYTHON_MODULE=1; the cluster recipes (Dask, PySpark), the
# slow part, with ARROW_CLUSTER_TESTS=1.
#
# Run from the repository root: bash .ci/arrow.sh [rust|python]
# (rust: lints and the Rust tests, which build pgn2parquet; python: the
# Python part, on the pgn2parquet built by the rust part; both by default).
set -euo pipefail
SECONDS=0
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
part="${1:-all}"
export PGN2PARQUET="$PWD/target/debug/pgn2parquet"

if [ "$part" != python ]; then
echo "[${SECONDS} s] == arrow: fmt and clippy (the crate, pgn2parquet)"
cargo fmt -p chess-movegen-arrow -p chess-movegen-tools -- --check
# Over the whole workspace, as .ci/run's clippy: the features resolve as
# there, so that only the tools (with pgn2parquet) are checked again.
cargo clippy --workspace --all-targets --features chess-movegen-tools/arrow -- -D warnings

echo "[${SECONDS} s] == arrow: Rust tests (unit, tables, bad input, threads against one thread, doctests), and the tools' with pgn2parquet"
# One build for both packages: built apart, the tools' dependencies turn on
# features (libc's std) that make arrow and parquet build twice. This
# leaves pgn2parquet in target/debug for the comparison below.
cargo test -p chess-movegen-arrow -p chess-movegen-tools --features chess-movegen-tools/arrow
fi
[ "$part" != rust ] || { echo "arrow CI (Rust) passed in ${SECONDS} s"; exit 0; }

echo "[${SECONDS} s] == arrow: pgn2parquet against python-chess, game by game (committed and generated corpus)"
# ARROW_VENV: a venv that already has these (.ci/run passes its Python venv).
if [ -n "${ARROW_VENV:-}" ]; then
  venv="$ARROW_VENV"
else
  venv="$(mktemp -d)/venv"
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet pytest "chess==1.11.2" pyarrow polars duckdb pandas
"$venv/bin/pytest" -q arrow/tests/python

# python/tests/test_arrow.py (the module and the README examples) runs in
# the main Python step of .ci/run once pyarrow, polars, duckdb and pandas
# are installed there (it skips itself without pyarrow); set
# ARROW_PYTHON_MODULE=1 to build and test the module here instead.
if [ "${ARROW_PYTHON_MODULE:-0}" = 1 ] || [ "${ARROW_CLUSTER_TESTS:-0}" = 1 ]; then
  echo "[${SECONDS} s] == arrow: the Python module (chess_movegen.arrow) and the README examples"
  "$venv/bin/pip" install --quiet ./python
  (cd python && "$venv/bin/pytest" -q tests/test_arrow.py)
fi

if [ "${ARROW_CLUSTER_TESTS:-0}" = 1 ]; then
  echo "[${SECONDS} s] == arrow: Dask LocalCluster and PySpark local recipes against the single-process run"
  "$venv/bin/pip" install --quiet "dask[distributed]" pyspark
  (cd python && ARROW_CLUSTER_TESTS=1 "$venv/bin/pytest" -q tests/test_arrow_distributed.py)
fi
[ -n "${ARROW_VENV:-}" ] || rm -rf "$(dirname "$venv")"
echo "arrow CI passed in ${SECONDS} s"
