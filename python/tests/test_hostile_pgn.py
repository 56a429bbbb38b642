"""Hostile input for chess_movegen.pgn (issue 49's standard): no panic,
abort, hang or unbounded growth; errors say what is wrong and echo at
most a short piece of the input."""

import io
import math
import subprocess
import sys
import textwrap

import pytest

import chess_movegen as cm
from chess_movegen import pgn

GAME = "[Event \"x\"]\n\n1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 { hi } $1 Nc6 3. Bb5 a6 *\n"


def run_limited(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """Runs `code` in a fresh interpreter with 2 GiB of address space, so
    that a runaway allocation aborts that process and not the test run."""
    prelude = "import resource\nresource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("line", ["e4 e5 Nf3 Nc6 ", "[A \"b\"]\n", "{ a comment that never closes ", "\n"])
def test_endless_file_ends_with_an_error_in_bounded_memory(line):
    proc = run_limited(f"""
        from chess_movegen import pgn, PgnError
        class Endless:
            def readline(self):
                return {line!r} * ((1 << 20) // {len(line)})
        try:
            pgn.read_game(Endless())
        except PgnError as e:
            print("PgnError", str(e)[:200], len(str(e)))
    """)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "PgnError PGN game too long" in proc.stdout
    assert int(proc.stdout.split()[-1]) < 200


def test_bytes_file_says_text_mode():
    with pytest.raises(TypeError, match="text mode"):
        pgn.read_game(io.BytesIO(b"1. e4 e5 *\n"))


def test_lone_surrogate_is_a_value_error():
    with pytest.raises(ValueError, match="surrogate"):
        pgn.read_game(io.StringIO("1. e4 {\ud800} e5 *\n"))


def node_with(comment):
    game = pgn.read_game(io.StringIO("1. e4 { %s } e5 *\n" % comment))
    return game.next()


@pytest.mark.parametrize("comment", [
    "[%emt " + "9" * 400 + ":00:00]",
    "[%clk " + "9" * 5000 + ":00:00]",
    "[%clk 0:" + "9" * 5000 + ":00]",
])
def test_clock_beyond_float_is_none(comment):
    node = node_with(comment)
    assert node.clock() is None and node.emt() is None


def test_eval_beyond_int_digits_is_none():
    assert node_with("[%eval #" + "9" * 5000 + "]").eval() is None
    assert node_with("[%eval 0.5," + "9" * 5000 + "]").eval_depth() is None


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -float("inf")])
def test_set_clock_non_finite_is_a_value_error(seconds):
    node = pgn.Game().add_variation(cm.Move.from_uci("e2e4"))
    node.comment = "keep"
    for setter in (node.set_clock, node.set_emt):
        with pytest.raises(ValueError, match="finite"):
            setter(seconds)
    assert node.comment == "keep"
    with pytest.raises(TypeError, match="seconds"):
        node.set_clock("12")


def test_set_eval_checks_the_score():
    engine = pytest.importorskip("chess.engine")
    node = pgn.Game().add_variation(cm.Move.from_uci("e2e4"))
    with pytest.raises(TypeError, match="PovScore"):
        node.set_eval(5)
    with pytest.raises(ValueError, match="out of range"):
        node.set_eval(engine.PovScore(engine.Cp(10**30), True))
    assert node.comment == ""
    # What it writes it reads back, and a later set_eval replaces it.
    node.set_eval(engine.PovScore(engine.Cp(999_999_999_999), True))
    assert node.eval().white() == engine.Cp(999_999_999_999)
    node.set_eval(engine.PovScore(engine.Mate(3), True))
    assert node.eval().white() == engine.Mate(3) and node.comment.count("%eval") == 1


@pytest.mark.parametrize("nag", [-1, 256, 2**40])
def test_nag_out_of_range_is_refused(nag):
    node = pgn.Game().add_variation(cm.Move.from_uci("e2e4"))
    with pytest.raises(ValueError, match="0..255"):
        node.nags.add(nag)
    with pytest.raises(ValueError, match="0..255"):
        node.nags = [1, nag]
    assert set(node.nags) == set()


def test_nag_must_be_an_integer():
    node = pgn.Game().add_variation(cm.Move.from_uci("e2e4"))
    with pytest.raises(TypeError):
        node.nags.add(1.5)
    node.nags.add(255)
    game = pgn.read_game(io.StringIO(str(node.game())))
    assert set(game.next().nags) == {255} and not game.errors


@pytest.mark.parametrize("columns", [-1, -100, 0, 1, 2.5, 7, 10**20, float("inf"), float("nan"), None])
def test_columns_any_number_writes_python_chess_layout(columns):
    chess_pgn = pytest.importorskip("chess.pgn")
    ours = pgn.read_game(io.StringIO(GAME))
    theirs = chess_pgn.read_game(io.StringIO(GAME))
    assert ours.accept(pgn.StringExporter(columns=columns)) == theirs.accept(chess_pgn.StringExporter(columns=columns))
    out = io.StringIO()
    ours.accept(pgn.FileExporter(out, columns=columns))
    theirs_out = io.StringIO()
    theirs.accept(chess_pgn.FileExporter(theirs_out, columns=columns))
    assert out.getvalue() == theirs_out.getvalue()


def test_columns_of_another_type_is_a_type_error():
    with pytest.raises(TypeError, match="columns"):
        pgn.read_game(io.StringIO(GAME)).accept(pgn.StringExporter(columns="x"))


def test_header_values_are_checked():
    game = pgn.Game()
    with pytest.raises(TypeError, match="str"):
        game.headers["Annotator"] = None
    with pytest.raises(TypeError, match="str"):
        game.headers["White"] = 5
    # A line break in a roster tag would write other tags into the file.
    with pytest.raises(ValueError, match="line break"):
        game.headers["White"] = 'Carlsen"]\n[Black "x'
    with pytest.raises(ValueError) as err:
        game.headers["Bad Key" * 100_000] = "x"
    assert len(str(err.value)) < 100
    with pytest.raises(ValueError) as err:
        game.headers["Annotator"] = "x\n" * 100_000
    assert len(str(err.value)) < 120
    assert game.headers["White"] == "?" and "Annotator" not in game.headers


def test_visitor_exceptions_propagate():
    class Boom(pgn.BaseVisitor):
        def visit_move(self, board, move):
            raise ZeroDivisionError("mine")

        def result(self):
            return None

    with pytest.raises(ZeroDivisionError, match="mine"):
        pgn.read_game(io.StringIO(GAME), Visitor=Boom)
    with pytest.raises(ZeroDivisionError, match="mine"):
        pgn.read_game(io.StringIO(GAME)).accept(Boom())


def test_deep_variations_read_and_write():
    depth = 100_000
    game = pgn.read_game(io.StringIO("1. e4 e5 " + "( 1... d5 " * depth + ")" * depth + " *\n"))
    assert not game.errors
    text = str(game)
    assert text.count("(") == depth
    assert pgn.read_game(io.StringIO(text)).accept(pgn.StringExporter(columns=None)) == text
