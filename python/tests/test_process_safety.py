"""The package never kills the interpreter and never raises a BaseException
by accident: daemon threads inside native calls at exit, readers advanced
from other threads, refused texts of any size."""

from __future__ import annotations

import io
import subprocess
import tempfile
import sys
import textwrap
import threading

import chess
import pytest

import chess_movegen as cm

RUNS = 5


def run_until_exit(body: str) -> list[int]:
    """Exit codes of `RUNS` interpreters that start a daemon thread running
    `body` (with `cm` imported) and exit while it runs."""
    script = textwrap.dedent(
        """
        import io, threading, time
        import chess_movegen as cm
        started = threading.Event()
        def work():
            started.set()
        {body}
        threading.Thread(target=work, daemon=True).start()
        started.wait()
        time.sleep(0.05)
        """
    ).format(body=textwrap.indent(textwrap.dedent(body), "    "))
    codes = []
    for _ in range(RUNS):
        done = subprocess.run([sys.executable, "-c", script], cwd=tempfile.gettempdir(), capture_output=True, timeout=120)
        assert b"FATAL" not in done.stderr, done.stderr.decode(errors="replace")
        codes.append(done.returncode)
    return codes


def test_daemon_thread_in_perft_at_exit():
    assert run_until_exit("cm.Board().perft(7)") == [0] * RUNS


def test_daemon_thread_in_module_perft_at_exit():
    assert run_until_exit("cm.perft(cm.Board(), 7)") == [0] * RUNS


def slow_stream(data: bytes, call: str) -> str:
    """A body for `run_until_exit` that runs `call` on `stream`, a buffered
    file object whose raw reads wait 10 ms and give `data` each time."""
    return f"""
    class Slow(io.RawIOBase):
        def readable(self):
            return True
        def readinto(self, b):
            time.sleep(0.01)
            data = {data!r}
            b[: len(data)] = data
            return len(data)
    stream = io.BufferedReader(Slow(), 64)
    {call}
    """


def test_daemon_thread_reading_a_file_object_at_exit():
    body = slow_stream(b'[Event "x"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n', "for game in cm.read_games(stream): pass")
    assert run_until_exit(body) == [0] * RUNS


def test_daemon_thread_validating_a_file_object_at_exit():
    assert run_until_exit(slow_stream(b"1. e4 e5 *\n\n", "cm.validate_pgn(stream)")) == [0] * RUNS


PGN = "".join(f'[Event "{i}"]\n\n1. e4 e5 2. Nf3 *\n\n' for i in range(20))


@pytest.mark.parametrize("source", ["path", "file"])
def test_game_reader_advanced_from_other_threads(tmp_path, source):
    path = tmp_path / "games.pgn"
    path.write_text(PGN)
    reader = iter(cm.read_games(str(path) if source == "path" else io.StringIO(PGN)))
    events = [next(reader).headers["Event"]]
    errors = []

    def advance():
        try:
            events.append(next(reader).headers["Event"])
        except BaseException as err:  # a PanicException is a BaseException
            errors.append(err)

    for _ in range(5):
        thread = threading.Thread(target=advance)
        thread.start()
        thread.join()
    assert errors == []
    assert events == [str(i) for i in range(6)]
    assert [g.headers["Event"] for g in reader] == [str(i) for i in range(6, 20)]


def test_file_object_read_errors_are_game_errors():
    class Broken:
        def read(self, n):
            raise RuntimeError("disk on fire")

    games = list(cm.read_games(Broken()))
    assert len(games) == 1 and "RuntimeError: disk on fire" in games[0].errors[0]
    report = cm.validate_pgn(Broken())
    assert report.games == 1 and "disk on fire" in report.errors[0]

    class Numbers:
        def read(self, n):
            return 42

    assert "must return bytes or str, not int" in list(cm.read_games(Numbers()))[0].errors[0]


def test_closing_a_file_reader_early():
    for _ in range(50):
        reader = cm.read_games(io.StringIO(PGN))
        assert next(reader).headers["Event"] == "0"
        del reader


HUGE = "e2e4" + "x" * 10_000_000


@pytest.mark.parametrize(
    "call",
    [
        lambda: cm.Board().parse_uci(HUGE),
        lambda: cm.Board().push_uci(HUGE),
        lambda: cm.Move.from_uci(HUGE),
        lambda: cm.Board().parse_san(HUGE),
        lambda: cm.Board().push_san(HUGE),
        lambda: cm.Board().parse_san("N" + HUGE),
    ],
)
def test_refused_huge_texts_give_short_messages(call):
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert len(message) < 200, message[:300]
    assert "e2e4xxx" in message and "bytes" in message


MOVE_TEXTS = [
    ("san", "\udcff"), ("uci", "\udcff"), ("from_uci", "\udcff"), ("push_san", "e4\udcff"),
    ("push_uci", "\udcffe2e4"), ("san", "e8=K"), ("uci", "e7e8k"), ("uci", "e7e8p"), ("uci", "P@e4"),
    ("uci", "k@e4"), ("san", "e4!?"), ("san", "e4+#"), ("san", "e2e4\n"), ("uci", "e2e4\n"),
    ("san", " e4"), ("san", "P@e4"), ("san", "Nf3=Q"), ("san", "e4"), ("san", "Ng1-f3"),
    ("san", "e2-e4"), ("san", "e2e4"), ("san", "exd5"), ("san", "O-O"), ("san", "0-0-0+"),
    ("san", "Ke2"), ("san", "e8Q"), ("san", "e8=q"), ("san", "e8(Q)"), ("san", "e4e"),
    ("san", "Qh4#"), ("uci", "e2e4"), ("uci", "a1a1"), ("uci", "e2e9"), ("uci", "E2E4"),
    ("uci", "@@e4"), ("uci", "e7e8q"), ("uci", "e7e8x"), ("uci", ""), ("san", ""),
    ("from_uci", "e2e4"), ("from_uci", "a1a1"), ("from_uci", "e2e4q"), ("from_uci", "g1f3n"),
]


def outcome(module, kind: str, text: str) -> str:
    board = module.Board()
    try:
        if kind == "san":
            board.parse_san(text)
        elif kind == "push_san":
            board.push_san(text)
        elif kind == "uci":
            board.parse_uci(text)
        elif kind == "push_uci":
            board.push_uci(text)
        else:
            module.Move.from_uci(text)
    except Exception as err:
        return type(err).__name__
    return "ok"


@pytest.mark.parametrize("kind,text", MOVE_TEXTS)
def test_move_text_exceptions_as_python_chess(kind, text):
    assert outcome(cm, kind, text) == outcome(chess, kind, text)


def test_daemon_thread_in_pgn_read_game_at_exit():
    # The tree is read from the game's text without the GIL: a thread
    # still reading at exit must not take it back (see shutdown.rs).
    body = """
    from chess_movegen._chess_movegen import read_game_text
    text = '[Event "x"]\\n\\n' + '1. e4 e5 ' * 200_000 + '*\\n'
    while True:
        read_game_text(text, 0)
    """
    assert run_until_exit(body) == [0] * RUNS
