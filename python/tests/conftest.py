"""Shared helpers: the repository's test data and the comparisons with python-chess."""

from __future__ import annotations

import os
import pathlib

import pytest

# Interpreters the tests start (subprocess.run([sys.executable, "-c", ...]))
# must import the installed package, not the source folder beside the
# tests, which has no compiled module: Python 3.11 and newer then leave the
# working directory off sys.path.
os.environ["PYTHONSAFEPATH"] = "1"

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def epd_fens(name: str, limit: int | None = None) -> list[str]:
    """The FENs (first four fields plus clocks) of an EPD file in tests/data."""
    fens = []
    for line in (DATA / name).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fen = line.split(";")[0].strip()
        if len(fen.split()) == 4:
            fen += " 0 1"
        fens.append(fen)
    return fens[:limit]


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    return DATA
