#!/usr/bin/env bash
# The Python package's tests with python-chess's own data: its PGN files
# and all 3-4-piece Syzygy tables (from its source distribution), so that
# chess_movegen.pgn and chess_movegen.syzygy are compared with python-chess
# on them too. Engine tests run when `stockfish` is on PATH (or in
# /usr/games); they skip otherwise.
#
# Usage: .ci/pyapi.sh VENV [PYTEST ARGS]   (a venv with `pip install ./python pytest hypothesis chess==1.11.2` done)
set -euo pipefail
venv="$1"
shift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/pip" download --quiet --no-deps --no-binary :all: "chess==1.11.2" -d "$work"
tar xzf "$work/chess-1.11.2.tar.gz" -C "$work"
export PATH="$PATH:/usr/games"
cd "$(dirname "$0")/../python"
PYTHON_CHESS_DATA="$work/chess-1.11.2/data" "$venv/bin/pytest" -q "$@" tests
