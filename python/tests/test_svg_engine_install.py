"""chess_movegen.svg (read back from its SVG), chess_movegen.engine with
Stockfish, and install_as_chess() in a fresh interpreter."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import sys
import textwrap
import xml.etree.ElementTree as ET

import pytest

import chess_movegen
import chess_movegen.svg as svg

NS = "{http://www.w3.org/2000/svg}"


def classes(root, prefix):
    return [el.get("class") for el in root.iter() if (el.get("class") or "").startswith(prefix)]


def test_svg_board_draws_squares_pieces_and_marks():
    board = chess_movegen.Board("r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 3")
    text = svg.board(board, lastmove=chess_movegen.Move.from_uci("h5f7"), check=board.king(False),
                     arrows=[svg.Arrow(12, 28, color="red"), (6, 21), svg.Arrow(36, 36, color="blue")],
                     fill={0: "#123456"}, squares=chess_movegen.SquareSet([63, 62]), size=360)
    root = ET.fromstring(text)
    assert root.tag == NS + "svg" and root.get("width") == "360"
    squares = classes(root, "square ")
    assert len(squares) == 64
    assert "square dark a1" in squares and "square light h1" in squares
    assert "square light lastmove f7" in squares and "square light lastmove h5" in squares
    fill_a1 = [el for el in root.iter() if el.get("class") == "square dark a1"][0]
    assert fill_a1.get("fill") == "#123456"
    pieces = classes(root, "piece ")
    assert sorted(pieces) == sorted(
        f"piece {'white' if p.color else 'black'} {chess_movegen.PIECE_NAMES[p.piece_type]} {chess_movegen.SQUARE_NAMES[sq]}"
        for sq, p in board.piece_map().items()
    )
    assert classes(root, "check ") == ["check e8"]
    assert sorted(classes(root, "arrow ")) == ["arrow blue e5 e5", "arrow green g1 f3", "arrow red e2 e4"]
    assert sorted(classes(root, "mark ")) == ["mark g8", "mark h8"]
    # White at the bottom: a1's square lies below a8's.
    y = {el.get("class").split()[-1]: float(el.get("y")) for el in root.iter() if (el.get("class") or "").startswith("square ")}
    assert y["a1"] > y["a8"]
    flipped = ET.fromstring(svg.board(board, orientation=False, coordinates=False))
    y = {el.get("class").split()[-1]: float(el.get("y")) for el in flipped.iter() if (el.get("class") or "").startswith("square ")}
    assert y["a1"] < y["a8"] and not classes(flipped, "coord")
    assert len(classes(root, "coord")) == 32


def test_repr_svg_and_arrow_pgn():
    assert ET.fromstring(chess_movegen.Board()._repr_svg_()).tag == NS + "svg"
    assert svg.Arrow.from_pgn("Ya2h2") == svg.Arrow(8, 15, color="yellow")
    assert svg.Arrow(8, 15, color="pink").pgn() == "Ga2h2"
    with pytest.raises(ValueError):
        svg.Arrow.from_pgn("Gz9")
    assert ET.fromstring(svg.piece(chess_movegen.Piece.from_symbol("Q"))).tag == NS + "svg"


STOCKFISH = shutil.which("stockfish") or shutil.which("/usr/games/stockfish")


def run_python(code, timeout=60):
    """Runs `code` in a fresh interpreter; a hang fails the test."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tempfile.gettempdir(), capture_output=True, text=True, timeout=timeout)


def test_engine_call_on_a_board_without_what_the_engine_reads_raises():
    pytest.importorskip("chess")
    if not STOCKFISH:
        pytest.skip("no stockfish (apt-get install stockfish)")
    done = run_python(f"""
        import chess_movegen.engine as engine
        class Bare:
            chess960 = False
        e = engine.SimpleEngine.popen_uci({STOCKFISH!r})
        try:
            e.analyse(Bare(), engine.Limit(nodes=100))
        except AttributeError as error:
            print("AttributeError", error)
        finally:
            e.quit()
    """)
    assert done.returncode == 0, done.stderr
    assert "AttributeError" in done.stdout and "uci_variant" in done.stdout


@pytest.mark.xfail(not hasattr(chess_movegen.Board, "uci_variant"), reason="Board lacks uci_variant (python-chess's engine reads it)", strict=True)
def test_engine_analyse_play_and_analysis_with_stockfish():
    pytest.importorskip("chess")
    if not STOCKFISH:
        pytest.skip("no stockfish (apt-get install stockfish)")
    done = run_python(f"""
        import chess_movegen as chess
        import chess_movegen.engine as engine
        board = chess.Board()
        board.push_san("e4")
        with engine.SimpleEngine.popen_uci({STOCKFISH!r}) as e:
            info = e.analyse(board, engine.Limit(nodes=2000))
            assert info["score"].turn == chess.BLACK and info["pv"][0] in board.legal_moves
            played = e.play(board, engine.Limit(nodes=2000))
            assert played.move in board.legal_moves
            board.push(played.move)
            with e.analysis(board, engine.Limit(nodes=3000)) as analysis:
                for _ in analysis:
                    pass
            assert analysis.info["score"].turn == chess.WHITE
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_install_as_chess_resolves_every_module_to_this_package():
    pytest.importorskip("chess")  # python-chess installed: nothing may fall back to it
    done = run_python("""
        import chess_movegen
        chess_movegen.install_as_chess()
        import chess, chess.pgn, chess.polyglot, chess.syzygy, chess.svg, chess.engine
        import chess_movegen.pgn, chess_movegen.polyglot, chess_movegen.syzygy, chess_movegen.svg, chess_movegen.engine
        assert chess is chess_movegen
        assert chess.pgn is chess_movegen.pgn and chess.polyglot is chess_movegen.polyglot
        assert chess.syzygy is chess_movegen.syzygy and chess.svg is chess_movegen.svg
        assert chess.engine is chess_movegen.engine
        from chess import pgn
        assert pgn is chess_movegen.pgn
        assert type(chess.Board()).__module__.startswith("chess_movegen")
        import io
        game = chess.pgn.read_game(io.StringIO("1. e4 { [%eval 0.2] } e5 *"))
        assert isinstance(game, chess_movegen.pgn.Game)
        assert game.next().eval().white().score() == 20
        for name in ("chess.variant", "chess.gaviota"):
            try:
                __import__(name)
            except ModuleNotFoundError as error:
                assert name in str(error) and "chess_movegen" in str(error)
            else:
                raise AssertionError(name + " imported")
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_plain_alias_trap_is_real():
    # What install_as_chess() is for: without it, `import chess.pgn` after
    # `import chess_movegen as chess` rebinds `chess` to python-chess.
    pytest.importorskip("chess")
    done = run_python("""
        import chess_movegen as chess
        import chess.pgn
        print(chess.__name__)
    """)
    assert done.stdout.strip() == "chess"


def test_engine_without_python_chess_names_it():
    done = run_python("""
        import sys
        sys.modules["chess"] = None  # python-chess not installed
        import io
        import chess_movegen.pgn
        node = chess_movegen.pgn.read_game(io.StringIO("1. e4 { [%eval 0.2] [%clk 0:01:00] } *")).next()
        assert node.clock() == 60
        for attempt in (lambda: __import__("chess_movegen.engine"), node.eval):
            try:
                attempt()
            except ImportError as error:
                assert "python-chess" in str(error), error
            else:
                raise AssertionError("no ImportError")
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
