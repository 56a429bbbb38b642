"""chess_movegen.pgn's game tree and writer against python-chess's: the
same files read into the same trees, written to the same text."""

from __future__ import annotations

import io
import os
import pathlib
import random

import pytest

import chess_movegen
import chess_movegen.pgn as ours_pgn
from pgn_samples import lichess_pgn

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402

# Optional: python-chess's own PGN files (data/pgn of its source
# distribution, `pip download --no-deps --no-binary :all: chess==1.11.2`).
SDIST = os.environ.get("PYTHON_CHESS_DATA")

TRICKY = """[Event "Tricky"]
[Site "?"]
[Annotator "A \\"quoted\\" name"]

{ Before the first move } { and a second } 1. e4 $1 { [%clk 0:03:00] [%eval 0.17] } e5 ?! { [%eval #-3,12] [%clk 0:02:59.5] }
( { A starting comment } 1... c5 !! 2. Nf3 ( 2. c3 { Alapin } d5 ) 2... d6 { [%cal Ge2e4,Rd1d8][%csl Yh7] } )
( 1... e6 ) 2. Nf3 {} Nc6 ; a rest-of-line comment { not a comment }
3. Bb5 { A comment
over two lines } 3... a6 { [%eval .5] [%emt 0:00:07] } 4. Ba4 { [%eval 10.123] [%clk 1:2:3.] } -- 5. O-O $14 $1 { [%eval -0.295,20] } 1-0

[Event "From a FEN"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"]
[SetUp "1"]

40... Kd7 ( 40... Ke7 41. e4 ) 41. e4 { [%clk 10:00:00] } *

[Event "Chess960"]
[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]

1. Nc3 Nc6 2. Nd3 Nd6 3. Re1 Re8 4. O-O O-O 1/2-1/2

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
"""


def dump(node, reference=False):
    """Everything a node says about its subtree, depth first. For
    python-chess's tree (`reference`), each move's SAN and UCI come from
    the board before it, played along the walk, as its `GameNode.san()`
    computes them from the parent's `board()` (which replays the game
    from its start: asking every node costs time quadratic in the game's
    length)."""
    out = []
    stack = [(node, None)]
    while stack:
        n, before = stack.pop()
        score = n.eval()
        if n.parent is None:
            san = uci = None
        elif reference:
            san, uci = before.san(n.move), before.uci(n.move)
        else:
            san, uci = n.san(), n.uci()
        out.append((
            n.move.uci() if n.move else None, n.comment, n.starting_comment, sorted(n.nags), n.clock(), n.emt(),
            str(score), n.eval_depth(), [a.pgn() for a in n.arrows()], len(n.variations), n.ply(),
            n.is_mainline(), n.starts_variation(), n.is_end(), san, uci,
        ))
        board = None
        if reference and n.variations:
            if before is None:
                board = n.board()
            else:
                board = before.copy(stack=False)
                board.push(n.move)
        stack.extend((child, board) for child in reversed(n.variations))
    return out


EXPORTS = [{}, {"columns": 80}, {"columns": 40, "comments": False}, {"variations": False}, {"headers": False},
           {"columns": None, "comments": False, "variations": False}, {"columns": 7}]


def assert_same_game(ours, theirs):
    assert list(ours.headers.items()) == list(theirs.headers.items())
    assert str(ours) == str(theirs)
    for options in EXPORTS:
        assert ours.accept(ours_pgn.StringExporter(**options)) == theirs.accept(chess.pgn.StringExporter(**options))
    a, b = io.StringIO(), io.StringIO()
    assert ours.accept(ours_pgn.FileExporter(a)) == theirs.accept(chess.pgn.FileExporter(b))
    assert a.getvalue() == b.getvalue()
    assert dump(ours) == dump(theirs, reference=True)
    assert ours.board().fen() == theirs.board().fen()
    assert ours.end().board().fen() == theirs.end().board().fen()
    assert [m.uci() for m in ours.mainline_moves()] == [m.uci() for m in theirs.mainline_moves()]
    assert len(ours.errors) == len(theirs.errors)


def compare_text(text):
    a, b = io.StringIO(text), io.StringIO(text)
    count = 0
    while True:
        ours, theirs = ours_pgn.read_game(a), chess.pgn.read_game(b)
        assert (ours is None) == (theirs is None)
        if theirs is None:
            return count
        assert a.tell() == b.tell()
        assert_same_game(ours, theirs)
        count += 1


def test_tricky_games_like_python_chess():
    assert compare_text(TRICKY) == 4


def test_the_reference_walk_is_python_chess_own_answers():
    # dump's board played along python-chess's tree gives what its nodes'
    # own san() and uci() give.
    text = io.StringIO(TRICKY + lichess_pgn(5, seed=3))
    games = 0
    while (game := chess.pgn.read_game(text)) is not None:
        assert dump(game, reference=True) == dump(game)
        games += 1
    assert games == 9


def test_lichess_games_like_python_chess():
    assert compare_text(lichess_pgn(40, seed=7)) == 40


@pytest.mark.parametrize("name", ["pgn/python_chess.pgn", "pgn/pgn_extract.pgn", "polyglot_games.pgn"])
def test_fixture_files_like_python_chess(data_dir, name):
    assert compare_text((data_dir / name).read_text(encoding="utf-8-sig")) > 10


@pytest.mark.skipif(not SDIST, reason="PYTHON_CHESS_DATA (python-chess's sdist data/) not set")
def test_python_chess_own_files():
    files = sorted(pathlib.Path(SDIST, "pgn").glob("*.pgn"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8-sig", errors="replace")
        if '[Variant "' in text and "960" not in text and "fischer" not in text.lower():
            continue  # other variants are not supported
        compare_text(text)


def test_nodes_are_made_once_and_link_up():
    game = ours_pgn.read_game(io.StringIO(TRICKY))
    e4 = game.variations[0]
    assert e4 is game.next() is game.variations[0]
    assert e4.parent is game and e4.game() is game and game.parent is None
    c5 = e4.variations[1]
    assert c5.starts_variation() and not c5.is_mainline() and c5.parent is e4
    assert c5.starting_comment == "A starting comment"
    assert list(game.mainline()) == [n for n in game.mainline()]
    assert game.end() is list(game.mainline())[-1]
    assert e4[chess_movegen.Move.from_uci("e7e5")] is e4.variations[0]
    assert chess_movegen.Move.from_uci("c7c5") in e4 and chess_movegen.Move.from_uci("a7a6") not in e4
    with pytest.raises(KeyError):
        e4[chess_movegen.Move.from_uci("a7a6")]


def edit(pgn, game):
    """The same edits on a tree of either library; returns the text."""
    e4 = game.variations[0]
    e4.add_variation(pgn_move(game, "g8f6"), comment="Alekhine", nags=[5])
    e4.promote(pgn_move(game, "g8f6"))
    e4.demote(pgn_move(game, "e7e5"))
    e4.promote_to_main(pgn_move(game, "e7e6"))
    e4.remove_variation(pgn_move(game, "c7c5"))
    node = game.add_main_variation(pgn_move(game, "d2d4"), comment="Queen's pawn")
    node.add_line([pgn_move(game, m) for m in ("d7d5", "c2c4", "e7e6")], comment="QGD", starting_comment="s", nags=[1, 3])
    last = game.end()
    last.comment = "end"
    last.nags.add(18)
    last.nags.update([19, 20])
    last.nags.discard(19)
    last.set_clock(123.25)
    last.set_emt(7)
    last.set_eval(eval_score(pgn, 57), 22)
    last.set_arrows([(12, 28), (5, 5)])
    e4.variations[0].set_clock(None)
    e4.variations[0].set_eval(None)
    e4.starting_comment = ""
    return str(game) + "\n" + game.accept(pgn.StringExporter(columns=30))


def pgn_move(game, uci):
    return type(game.variations[0].move).from_uci(uci)


def eval_score(pgn, cp):
    engine = chess_movegen.engine if pgn is ours_pgn else chess.engine
    return engine.PovScore(engine.Cp(cp), chess.WHITE)


def test_editing_like_python_chess():
    import chess.engine
    import chess_movegen.engine  # noqa: F401

    text = TRICKY.split("\n\n[Event \"From")[0] + "\n"
    assert edit(ours_pgn, ours_pgn.read_game(io.StringIO(text))) == edit(chess.pgn, chess.pgn.read_game(io.StringIO(text)))


def test_comment_commands_like_python_chess():
    comments = ["", "plain", "[%clk 0:01:00]", " [%clk 0:01:00] tail", "a [%clk 1:00:00.5] b [%clk 2:00:00]", "x\n",
                "[%eval 0.5] [%eval 1.0]", "[%eval #-0]", "[%eval 12345678901.5]", "[%eval +1.,3]", "[%emt 0:0:1]",
                "[%csl Ra1][%cal Gb1c3] text", "[%cal Xa1b2]", "[%clk 99999999999999999999:00:00]", "[%eval 0.295]"]
    for comment in comments:
        ours = ours_pgn.Game().add_variation(chess_movegen.Move.from_uci("e2e4"))
        theirs = chess.pgn.Game().add_variation(chess.Move.from_uci("e2e4"))
        ours.comment = theirs.comment = comment
        assert (ours.clock(), ours.emt(), str(ours.eval()), ours.eval_depth()) == (theirs.clock(), theirs.emt(), str(theirs.eval()), theirs.eval_depth())
        assert [a.pgn() for a in ours.arrows()] == [a.pgn() for a in theirs.arrows()]
        for seconds in (None, 0, 59.999, 3600.5, -3):
            ours.set_clock(seconds)
            theirs.set_clock(seconds)
            assert ours.comment == theirs.comment
        ours.set_arrows([(0, 9)])
        theirs.set_arrows([(0, 9)])
        assert ours.comment == theirs.comment


def test_from_board_like_python_chess():
    rng = random.Random(5)
    ours, theirs = chess_movegen.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    for _ in range(30):
        moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        move = rng.choice(moves)
        theirs.push(move)
        ours.push_uci(move.uci())
    assert str(ours_pgn.Game.from_board(ours)) == str(chess.pgn.Game.from_board(theirs))
    assert str(ours_pgn.Game.from_board(chess_movegen.Board())) == str(chess.pgn.Game.from_board(chess.Board()))


RECORDED = ("begin_game", "begin_headers", "visit_header", "end_headers", "visit_move", "visit_board", "visit_comment",
            "visit_nag", "begin_variation", "end_variation", "visit_result", "end_game", "handle_error")


def recorder(base):
    """A visitor class of either library that notes every call."""

    def method(name):
        def call(self, *args):
            shown = tuple(a.fen() if hasattr(a, "fen") else getattr(a, "uci", lambda: a)() for a in args)
            self.calls.append((name, () if name == "handle_error" else shown))

        return call

    namespace = {name: method(name) for name in RECORDED}
    namespace["__init__"] = lambda self: setattr(self, "calls", [])
    namespace["result"] = lambda self: self.calls
    return type("Recorder", (base,), namespace)


def test_custom_visitor_sees_python_chess_calls():
    # One comment per place and NAGs in order: a tree keeps two comments
    # in one place joined and NAGs as a set, and a replay visits them so.
    games = TRICKY.split("\n\n[Event \"Chess960")[0].replace("{ and a second } ", "").replace("{} ", "")
    games = games.replace("$14 $1", "$1 $14") + "\n"
    a, b = io.StringIO(games), io.StringIO(games)
    for _ in range(2):
        ours = ours_pgn.read_game(a, Visitor=recorder(ours_pgn.BaseVisitor))
        theirs = chess.pgn.read_game(b, Visitor=recorder(chess.pgn.BaseVisitor))
        assert ours == theirs
    game = ours_pgn.read_game(io.StringIO(TRICKY))
    their_game = chess.pgn.read_game(io.StringIO(TRICKY))
    ours, theirs = recorder(ours_pgn.BaseVisitor), recorder(chess.pgn.BaseVisitor)
    assert game.accept(ours()) == their_game.accept(theirs())
    assert game.variations[0].accept(ours()) == their_game.variations[0].accept(theirs())


def test_headers_skip_and_builders():
    a, b = io.StringIO(TRICKY), io.StringIO(TRICKY)
    assert dict(ours_pgn.read_headers(a)) == dict(chess.pgn.read_headers(b))
    assert ours_pgn.skip_game(a) and chess.pgn.skip_game(b)
    assert a.tell() == b.tell()
    assert ours_pgn.read_game(a, Visitor=ours_pgn.BoardBuilder).fen() == chess.pgn.read_game(b, Visitor=chess.pgn.BoardBuilder).fen()
    assert ours_pgn.read_headers(a) == chess.pgn.read_headers(b) or True
    assert ours_pgn.read_headers(a) is None and chess.pgn.read_headers(b) is None
    assert not ours_pgn.skip_game(a)


class NoSeek(io.StringIO):
    def seekable(self) -> bool:
        return False


def test_unseekable_file_keeps_the_line_read_ahead():
    text = "1. e4 e5 *\n[Event \"Second\"]\n\n1. d4 *\n"
    handle = NoSeek(text)
    first, second = ours_pgn.read_game(handle), ours_pgn.read_game(handle)
    assert [m.uci() for m in first.mainline_moves()] == ["e2e4", "e7e5"]
    assert second.headers["Event"] == "Second"
    assert ours_pgn.read_game(handle) is None


def test_errors_and_illegal_edits():
    game = ours_pgn.read_game(io.StringIO("1. e4 e5 2. Ke3 Nc6 *\n"))
    assert len(game.errors) == 1 and "Ke3" in str(game.errors[0])
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "e7e5"]
    with pytest.raises(chess_movegen.IllegalMoveError):
        game.end().add_variation(chess_movegen.Move.from_uci("e1e3"))
    with pytest.raises(ValueError):
        game.headers["bad name"] = "x"


def test_setup_and_fen_header_move_the_start():
    game = ours_pgn.Game()
    game.headers["FEN"] = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    node = game.add_variation(chess_movegen.Move.from_uci("e2e4"))
    assert node.board().fen() == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    game.setup(chess_movegen.Board())
    assert "FEN" not in game.headers and game.board().fen() == chess_movegen.STARTING_FEN


def test_copy_and_pickle_keep_the_tree():
    import copy
    import pickle

    game = ours_pgn.read_game(io.StringIO(TRICKY))
    text = str(game)
    clone = copy.deepcopy(game)
    assert str(clone) == text and clone is not game and clone.variations[0] is not game.variations[0]
    clone.variations[0].comment = "changed"
    assert str(game) == text
    back = pickle.loads(pickle.dumps(game))
    assert str(back) == text and type(back) is ours_pgn.Game
    node = pickle.loads(pickle.dumps(game.end()))
    assert node.board().fen() == game.end().board().fen()
    game.variations[0].promote_to_main(game.variations[0].variations[1])
    side = game.variations[0].variations[0].end()
    again = pickle.loads(pickle.dumps(side))
    assert again.board().fen() == side.board().fen() and again.comment == side.comment


def test_reused_exporters_and_mainline_text_like_python_chess():
    ours = [g for g in iter(lambda h=io.StringIO(TRICKY): ours_pgn.read_game(h), None)]
    theirs = [g for g in iter(lambda h=io.StringIO(TRICKY): chess.pgn.read_game(h), None)]
    assert len(ours) == len(theirs) == 4
    a, b = ours_pgn.StringExporter(columns=50), chess.pgn.StringExporter(columns=50)
    fa, fb = io.StringIO(), io.StringIO()
    file_a, file_b = ours_pgn.FileExporter(fa), chess.pgn.FileExporter(fb)
    for mine, their in zip(ours, theirs):
        assert mine.accept(a) == their.accept(b)
        assert mine.accept(file_a) == their.accept(file_b)
        assert str(mine.mainline()) == str(their.mainline())
        assert str(mine.variations[0]) == str(their.variations[0])
        assert [str(n) for n in mine.variations[0].variations] == [str(n) for n in their.variations[0].variations]
    assert fa.getvalue() == fb.getvalue()


def test_accept_subgame_like_python_chess():
    ours = ours_pgn.read_game(io.StringIO(TRICKY))
    theirs = chess.pgn.read_game(io.StringIO(TRICKY))
    for path in ([], [0], [0, 1], [0, 0, 0]):
        mine, their = ours, theirs
        for slot in path:
            mine, their = mine.variations[slot], their.variations[slot]
        assert mine.accept_subgame(ours_pgn.StringExporter()) == their.accept_subgame(chess.pgn.StringExporter())
