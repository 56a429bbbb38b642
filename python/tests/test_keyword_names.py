"""Parameter names as python-chess 1.11.2 spells them, so that keyword calls
from python-chess programs work: every public function of the ``chess``
module and every public method of ``chess.Board`` that this package also
has takes the same parameters, of the same kinds, in the same order, and a
call with every parameter given by keyword gives python-chess's answer."""

from __future__ import annotations

import inspect
from typing import Any, Dict, List, Tuple

import pytest

import chess_movegen as cm

chess = pytest.importorskip("chess")


def _public_functions() -> List[str]:
    return sorted(
        name
        for name in dir(chess)
        if not name.startswith("_") and inspect.isfunction(getattr(chess, name)) and hasattr(cm, name)
    )


def _public_methods() -> List[str]:
    names = []
    for name in dir(chess.Board):
        if name.startswith("_") or not hasattr(cm.Board, name):
            continue
        if isinstance(inspect.getattr_static(chess.Board, name), property):
            continue
        if callable(getattr(chess.Board, name)):
            names.append(name)
    return sorted(names)


def _parameters(f: Any) -> List[inspect.Parameter]:
    return [p for p in inspect.signature(f).parameters.values() if p.name not in ("self", "cls")]


def _same_parameters(theirs: Any, ours: Any) -> None:
    """Ours takes python-chess's parameters (name, kind, whether optional)
    in its order; it may add optional ones after them."""
    want, have = _parameters(theirs), _parameters(ours)
    shape = lambda ps: [(p.name, p.kind, p.default is inspect.Parameter.empty) for p in ps]
    assert shape(have[: len(want)]) == shape(want)
    extra = have[len(want):]
    assert all(p.default is not inspect.Parameter.empty for p in extra), extra


def test_the_comparison_covers_the_api() -> None:
    assert len(_public_functions()) >= 30
    assert len(_public_methods()) >= 100


@pytest.mark.parametrize("name", _public_functions())
def test_module_function_parameters(name: str) -> None:
    _same_parameters(getattr(chess, name), getattr(cm, name))


@pytest.mark.parametrize("name", _public_methods())
def test_board_method_parameters(name: str) -> None:
    _same_parameters(getattr(chess.Board, name), getattr(cm.Board, name))


# A sample argument for each parameter name of the module functions.
FUNCTION_SAMPLES: Dict[str, Any] = {
    "square": 28, "a": 3, "b": 45, "bb": 0x0012_3400_5600_7800, "file_index": 2,
    "rank_index": 5, "piece_type": 4, "name": "e4",
}


def _plain(value: Any) -> Any:
    """A value both libraries' answers can be compared as."""
    if isinstance(value, (chess.Move, cm.Move)):
        return ("move", value.uci())
    if isinstance(value, (chess.Piece, cm.Piece)):
        return ("piece", value.symbol())
    if isinstance(value, (chess.SquareSet, cm.SquareSet)):
        return ("squares", int(value))
    if isinstance(value, (chess.Board, cm.Board)):
        return ("board", value.fen())
    if isinstance(value, (chess.Outcome, cm.Outcome)):
        return ("outcome", value.winner, value.result())
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)) or inspect.isgenerator(value) or hasattr(value, "__next__"):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, (str, float)):
        return value
    if isinstance(value, int):
        return int(value)
    return repr(value)


def _outcome(f: Any, kwargs: Dict[str, Any]) -> Tuple[str, Any]:
    try:
        return "ok", _plain(f(**kwargs))
    except Exception as e:  # both libraries must refuse alike, by kind
        kinds = (IndexError, KeyError, TypeError, ValueError)
        return "raises", next((k.__name__ for k in kinds if isinstance(e, k)), type(e).__name__)


@pytest.mark.parametrize("name", _public_functions())
def test_module_function_keyword_call(name: str) -> None:
    params = _parameters(getattr(chess, name))
    if not all(p.name in FUNCTION_SAMPLES for p in params):
        pytest.skip(f"no sample for {[p.name for p in params]}")
    kwargs = {p.name: FUNCTION_SAMPLES[p.name] for p in params}
    assert _outcome(getattr(cm, name), kwargs) == _outcome(getattr(chess, name), kwargs)


ITALIAN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def _board_samples(lib: Any, name: str) -> Dict[str, Any]:
    """Sample arguments for `lib.Board.<name>` on ITALIAN (castling, so that
    the `chess960` spellings differ)."""
    castle = lib.Move.from_uci("e1g1")
    samples: Dict[str, Any] = {
        "move": castle, "color": False, "square": 29, "occupied": 0xFFFF_0000_0000_FFFF,
        "piece_type": 3, "count": 2, "claim_draw": True, "from_mask": 0xFF00, "to_mask": 0xFFFF_0000,
        "san": "Nxe5", "uci": "f3e5", "xboard": "O-O", "chess960": True, "shredder": True,
        "en_passant": "fen", "promoted": False, "stack": False, "mask": 0xFFFF_0000_0000_FFFF,
        "invert_color": True, "borders": True, "empty_square": ".", "orientation": False,
        "ignore_turn": True, "ignore_castling": True, "ignore_counters": False,
        "from_square": 4, "to_square": 6, "promotion": None, "piece": lib.Piece.from_symbol("q"),
        "pieces": {4: lib.Piece.from_symbol("K"), 60: lib.Piece.from_symbol("k")},
        "castling_fen": "Kq", "scharnagl": 518, "f": chess.flip_vertical,
        "variation": [castle, lib.Move.from_uci("e8g8")], "fen": "8/8/8/4k3/8/8/8/4K3 b - - 0 7",
        "epd": "8/8/8/4k3/8/8/8/4K3 b - - bm Ke2;",
    }
    if name == "set_board_fen":
        samples["fen"] = "8/8/8/4k3/8/8/8/4K3"
    return samples


@pytest.mark.parametrize("name", _public_methods())
def test_board_method_keyword_call(name: str) -> None:
    """Every parameter by keyword, on fresh boards: the same answer (or the
    same refusal) and the same board afterwards."""
    params = [p for p in _parameters(getattr(chess.Board, name)) if p.kind is not p.VAR_KEYWORD]
    sample = {lib: _board_samples(lib, name) for lib in (chess, cm)}
    if not all(p.name in sample[chess] for p in params):
        pytest.skip(f"no sample for {[p.name for p in params]}")
    results = []
    for lib in (chess, cm):
        board = lib.Board(ITALIAN)
        kwargs = {p.name: sample[lib][p.name] for p in params}
        results.append((_outcome(getattr(board, name), kwargs), board.fen()))
    assert results[1] == results[0]


def test_the_reported_keyword_calls() -> None:
    board = cm.Board()
    move = cm.Move.from_uci("e2e4")
    assert not board.is_capture(move=move)
    board.push(move=move)
    assert board.fen().split()[0] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    assert cm.square_name(square=3) == "d1"
    assert cm.square_file(square=3) == 3 and cm.square_rank(square=17) == 2
    assert cm.square_mirror(square=0) == 56


def test_uci_chess960_spelling() -> None:
    board = cm.Board(ITALIAN)
    castle = cm.Move.from_uci("e1g1")
    assert board.uci(castle) == "e1g1"
    assert board.uci(castle, chess960=True) == "e1h1"
    assert board.uci(cm.Move.from_uci("e1h1"), chess960=False) == "e1g1"
    c960 = cm.Board(ITALIAN, chess960=True)
    assert c960.uci(castle) == "e1h1"
    assert c960.uci(castle, chess960=False) == "e1g1"
    assert board.uci(cm.Move.from_uci("f3e5"), chess960=True) == "f3e5"


FENS = [
    ITALIAN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/3q4/8/1B3R2/8/4K2Q b - - 0 1",
]


@pytest.mark.parametrize("fen", FENS)
def test_attackers_through_occupied_as_python_chess(fen: str) -> None:
    ours, theirs = cm.Board(fen), chess.Board(fen)
    masks = [0, theirs.occupied, theirs.occupied & ~theirs.queens, theirs.occupied_co[chess.WHITE], 0xFF00FF00FF00FF00]
    for square in range(64):
        for color in (chess.WHITE, chess.BLACK):
            for mask in masks:
                want = theirs.attackers_mask(color, square, mask)
                assert ours.attackers_mask(color, square, mask) == want, (fen, square, color, mask)
                assert ours.attackers_mask(color, square, occupied=mask) == want
                assert int(ours.attackers(color, square, occupied=chess.SquareSet(mask))) == want
                assert ours.is_attacked_by(color, square, cm.SquareSet(mask)) == (want != 0)
            assert ours.attackers_mask(color, square) == theirs.attackers_mask(color, square)


def test_occupied_as_squares() -> None:
    board = cm.Board("4k3/8/8/3q4/8/1B3R2/8/4K2Q b - - 0 1")
    # The d5 queen behind f3 on the diagonal to h1: blocked unless f3 is left out.
    assert cm.H1 not in board.attackers(cm.BLACK, cm.H1)
    assert cm.D5 in board.attackers(cm.BLACK, cm.H1, occupied=[cm.D5, cm.H1, cm.E1])
    assert board.is_attacked_by(cm.BLACK, cm.H1, occupied=[cm.D5])
    with pytest.raises(IndexError):
        board.attackers(cm.BLACK, cm.H1, occupied=[64])


@pytest.mark.parametrize("fen", [
    "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1",
    "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR b HFhf - 0 1",
    "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w Hh - 0 1",
    "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 3 9",
    "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR b - - 3 9",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
])
def test_chess960_pos_flags(fen: str) -> None:
    ours, theirs = cm.Board(fen, chess960=True), chess.Board(fen, chess960=True)
    for turn in (False, True):
        for castling in (False, True):
            for counters in (False, True):
                flags = dict(ignore_turn=turn, ignore_castling=castling, ignore_counters=counters)
                assert ours.chess960_pos(**flags) == theirs.chess960_pos(**flags), flags
    assert ours.chess960_pos() == theirs.chess960_pos()


def test_unicode_borders_and_orientation() -> None:
    for fen in FENS:
        ours, theirs = cm.Board(fen), chess.Board(fen)
        for borders in (False, True):
            for orientation in (chess.WHITE, chess.BLACK):
                for invert in (False, True):
                    kwargs = dict(borders=borders, orientation=orientation, invert_color=invert, empty_square="·")
                    assert ours.unicode(**kwargs) == theirs.unicode(**kwargs), kwargs
