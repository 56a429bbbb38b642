"""python-chess's Board, Move and Piece API beyond the core rules, against
python-chess 1.11.2: colour and square arguments, Move hashing, pins,
copies with part of the stack, subclasses, en-passant FEN modes, castling
in UCI on Chess960 boards, and the smaller methods (find_move,
is_irreversible, apply_mirror, Piece.unicode_symbol)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chess_movegen as cm

chess = pytest.importorskip("chess")

FENS = [
    cm.STARTING_FEN,
    "8/4n2n/2P5/3k2p1/P4pK1/5P2/6Br/7n b - - 23 84",
    "4rr1n/1k1bn1p1/8/2Pp1p2/pQ6/P1pP3R/5P1B/1B3K2 b - - 5 28",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
    "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2",
    "rnbqkbnr/pp1ppppp/8/8/2pPP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "k3q3/8/8/b7/7b/8/3PBN1r/q3K3 w - - 0 1",
]

squares = st.integers(min_value=0, max_value=63)


# Colours, squares, hashes


def test_colour_arguments_take_ints_and_numpy_bools():
    np = pytest.importorskip("numpy")
    ours, theirs = cm.Board(FENS[3]), chess.Board(FENS[3])
    for color in (1, 0, True, False, np.True_, np.False_, np.int64(1)):
        assert ours.king(color) == theirs.king(bool(color))
        assert int(ours.attackers(color, cm.E4)) == int(theirs.attackers(bool(color), chess.E4))
        assert ours.attackers_mask(color, cm.D5) == int(theirs.attackers_mask(bool(color), chess.D5))
        assert ours.is_attacked_by(color, cm.F6) == theirs.is_attacked_by(bool(color), chess.F6)
        assert int(ours.pieces(cm.PAWN, color)) == int(theirs.pieces(chess.PAWN, bool(color)))
        assert ours.pieces_mask(cm.PAWN, color) == int(theirs.pieces_mask(chess.PAWN, bool(color)))
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(bool(color))
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(bool(color))
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(bool(color))
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(bool(color))
        assert ours.is_pinned(color, cm.E4) == theirs.is_pinned(bool(color), chess.E4)
        assert cm.Piece(cm.KNIGHT, color) == chess.Piece(chess.KNIGHT, bool(color))


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.piece_at(2**63),
        lambda b: b.piece_type_at(-(2**70)),
        lambda b: b.color_at(64),
        lambda b: b.attacks(10**30),
        lambda b: b.attacks_mask(2**64),
        lambda b: b.attackers(True, 2**63),
        lambda b: b.is_attacked_by(False, 10**20),
        lambda b: b.is_pinned(True, 2**63),
    ],
)
def test_bad_squares_of_any_size_raise_index_error(call):
    with pytest.raises(IndexError):
        call(cm.Board())


def test_bad_numbers_raise_value_error():
    for n in (2**63, 10**30, -1, 960):
        with pytest.raises(ValueError):
            cm.Board.from_chess960_pos(n)
        with pytest.raises(ValueError):
            chess.Board.from_chess960_pos(n)
    for sq in (64, -1, 2**63, 10**30):
        with pytest.raises(ValueError):
            cm.Move(sq, 0)


@settings(max_examples=100, deadline=None)
@given(squares, squares, st.sampled_from([None, 2, 3, 4, 5]))
def test_move_hash_is_python_chess_hash(a, b, promotion):
    ours, theirs = cm.Move(a, b, promotion), chess.Move(a, b, promotion)
    assert ours == theirs and hash(ours) == hash(theirs)
    assert ours in {theirs} and theirs in {ours}


def test_null_move_hash():
    assert hash(cm.Move.null()) == hash(chess.Move.null())
    assert cm.Move(12, 28) in {chess.Move(12, 28)}
    assert {cm.Move.from_uci(u): 1 for u in ("e2e4", "e7e8q", "0000")} == {
        chess.Move.from_uci(u): 1 for u in ("e2e4", "e7e8q", "0000")
    }


# Pins


@pytest.mark.parametrize("fen", FENS)
def test_pins_like_python_chess(fen):
    ours, theirs = cm.Board(fen), chess.Board(fen)
    for color in cm.COLORS:
        for sq in cm.SQUARES:
            assert ours.is_pinned(color, sq) == theirs.is_pinned(color, sq), (fen, color, sq)
            assert ours.pin_mask(color, sq) == int(theirs.pin_mask(color, sq)), (fen, color, sq)
            pin = ours.pin(color, sq)
            assert isinstance(pin, cm.SquareSet) and int(pin) == int(theirs.pin(color, sq))


def test_pins_of_the_reported_positions():
    assert cm.Board(FENS[1]).is_pinned(cm.BLACK, cm.F3)
    assert cm.Board(FENS[2]).is_pinned(cm.BLACK, cm.B5)


# FEN modes


@pytest.mark.parametrize("fen", FENS)
def test_en_passant_modes_like_python_chess(fen):
    ours, theirs = cm.Board(fen), chess.Board(fen)
    for mode in ("legal", "fen", "xfen"):
        assert ours.fen(en_passant=mode) == theirs.fen(en_passant=mode), mode
        assert ours.epd(en_passant=mode) == theirs.epd(en_passant=mode), mode
        assert ours.epd(en_passant=mode, shredder=True) == theirs.epd(en_passant=mode, shredder=True)
    # python-chess 1.11.2 reads any other word as "legal"; this package refuses it.
    with pytest.raises(ValueError):
        ours.fen(en_passant="full")


def test_xfen_after_a_double_step_with_no_capturing_pawn():
    board = cm.Board("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2")
    assert board.fen(en_passant="xfen").endswith("KQkq - 0 2")
    assert board.fen(en_passant="fen").endswith("KQkq d6 0 2")


# Copies, subclasses, mirror


def test_copy_keeps_the_last_moves_like_python_chess():
    ours, theirs = cm.Board("4k3/8/8/8/8/8/4P3/4K2R w K - 7 30"), chess.Board("4k3/8/8/8/8/8/4P3/4K2R w K - 7 30")
    for uci in ("h1h2", "e8d8", "e2e4", "d8e8", "e1f1", "e8d7", "h2h7", "d7c6"):
        ours.push_uci(uci)
        theirs.push_uci(uci)
    for stack in (True, False, 0, 1, 2, 3, 5, 6, 8, 20, -1, -3, -20):
        a, b = ours.copy(stack=stack), theirs.copy(stack=stack)
        assert [m.uci() for m in a.move_stack] == [m.uci() for m in b.move_stack], stack
        assert a.fen() == b.fen() and a.root().fen() == b.root().fen(), stack
        assert a.is_repetition(2) == b.is_repetition(2)
        while b.move_stack:
            assert a.pop() == b.pop()
            assert a.fen() == b.fen(), stack


def test_subclasses_are_kept():
    class MyBoard(cm.Board):
        pass

    board = MyBoard()
    board.push_san("e4")
    for made in (board.copy(), board.copy(stack=False), board.copy(stack=1), board.mirror(), board.root()):
        assert type(made) is MyBoard
    import copy

    assert type(copy.copy(board)) is MyBoard and type(copy.deepcopy(board)) is MyBoard
    assert board.copy().fen() == board.fen() and board.copy().move_stack == board.move_stack
    assert type(cm.Board().copy()) is cm.Board


def test_apply_mirror_like_python_chess():
    for fen in FENS:
        ours, theirs = cm.Board(fen), chess.Board(fen)
        for mv in list(theirs.legal_moves)[:1]:
            ours.push(mv)
            theirs.push(mv)
        ours.apply_mirror()
        theirs.apply_mirror()
        assert ours.fen() == theirs.fen() and list(ours.move_stack) == list(theirs.move_stack)


# Moves


@pytest.mark.parametrize("chess960", [False, True])
@pytest.mark.parametrize(
    "fen",
    [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3KN1R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
    ],
)
def test_castling_uci_like_python_chess(fen, chess960):
    for uci in ("e1g1", "e1c1", "e8g8", "e8c8", "e1h1", "e1a1", "e8h8", "e8a8", "b1g1", "b1a1", "e1f1", "e1d1"):
        ours, theirs = cm.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
        try:
            expected = theirs.parse_uci(uci).uci()
        except chess.IllegalMoveError:
            expected = None
        if expected is None:
            with pytest.raises(cm.IllegalMoveError):
                ours.parse_uci(uci)
            with pytest.raises(cm.IllegalMoveError):
                ours.push_uci(uci)
        else:
            assert ours.parse_uci(uci).uci() == expected, (fen, chess960, uci)
            assert ours.is_legal(ours.parse_uci(uci)) and theirs.is_legal(theirs.parse_uci(uci))
            assert ours.push_uci(uci).uci() == theirs.push_uci(uci).uci()
            assert ours.fen() == theirs.fen()
        m = cm.Move.from_uci(uci)
        assert ours.is_legal(m) == theirs.is_legal(chess.Move.from_uci(uci)), (fen, chess960, uci)


@pytest.mark.parametrize("chess960", [False, True])
@pytest.mark.parametrize("fen", FENS + ["8/P3k3/8/8/8/8/8/4K3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"])
def test_find_move_and_is_irreversible_like_python_chess(fen, chess960):
    ours, theirs = cm.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
    for a in cm.SQUARES:
        for b in cm.SQUARES:
            if a == b:
                continue
            try:
                expected = theirs.find_move(a, b).uci()
            except chess.IllegalMoveError:
                expected = None
            if expected is None:
                with pytest.raises(cm.IllegalMoveError):
                    ours.find_move(a, b)
            else:
                assert ours.find_move(a, b).uci() == expected, (fen, a, b)
            mv = chess.Move(a, b)
            assert ours.is_irreversible(mv) == theirs.is_irreversible(mv), (fen, a, b)
    for promotion in (chess.KNIGHT, chess.QUEEN):
        for mv in theirs.legal_moves:
            if mv.promotion:
                assert ours.find_move(mv.from_square, mv.to_square, promotion) == theirs.find_move(
                    mv.from_square, mv.to_square, promotion
                )
    assert ours.is_irreversible(chess.Move.null()) == theirs.is_irreversible(chess.Move.null())


def test_is_legal_of_none_is_false():
    assert cm.Board().is_legal(None) is chess.Board().is_legal(None) is False


def test_piece_unicode_symbol_like_python_chess():
    for symbol in "PNBRQKpnbrqk":
        for invert in (False, True):
            assert cm.Piece.from_symbol(symbol).unicode_symbol(invert_color=invert) == chess.Piece.from_symbol(
                symbol
            ).unicode_symbol(invert_color=invert)


@pytest.mark.parametrize("san", ["Nf3=Q", "Bb5=N", "Ke2=Q"])
def test_piece_promotion_san_is_illegal_as_in_python_chess(san):
    with pytest.raises(chess.IllegalMoveError):
        chess.Board().parse_san(san)
    with pytest.raises(cm.IllegalMoveError):
        cm.Board().parse_san(san)


def test_mirror_of_a_position_with_an_impossible_check():
    # Accepted by both packages (a check no last move can have given).
    for fen in ["4k3/8/8/8/8/8/8/r3K2r w - - 0 1", "8/8/P2n2k1/1K4P1/R7/1q6/8/8 w - - 5 40"]:
        assert cm.Board(fen).mirror().fen() == chess.Board(fen).mirror().fen()
        board = cm.Board(fen)
        board.apply_mirror()
        assert board.fen() == chess.Board(fen).mirror().fen()


# Bitboard transformations and Board.transform

TRANSFORMS = [
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
    "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
    "shift_down_right",
]


@pytest.mark.parametrize("name", TRANSFORMS)
@given(bb=st.integers(min_value=0, max_value=2**64 - 1))
@settings(max_examples=300, deadline=None)
def test_bitboard_transforms_like_python_chess(name, bb):
    assert getattr(cm, name)(bb) == getattr(chess, name)(bb)


@pytest.mark.parametrize("name", TRANSFORMS)
def test_bitboard_transforms_on_every_square(name):
    for sq in range(64):
        assert getattr(cm, name)(1 << sq) == getattr(chess, name)(1 << sq), cm.SQUARE_NAMES[sq]
    assert getattr(cm, name)(cm.BB_ALL) == getattr(chess, name)(chess.BB_ALL)


# What python-chess's status reports that a Board here repairs or accepts
# when it reads a FEN (see Board(fen)).
REPAIRED = chess.STATUS_BAD_CASTLING_RIGHTS | chess.STATUS_INVALID_EP_SQUARE | chess.STATUS_IMPOSSIBLE_CHECK


def _transform_cases():
    from conftest import epd_fens

    fens = FENS + epd_fens("quick.epd", 120)
    return [(fen, name) for fen in fens for name in TRANSFORMS]


@pytest.mark.parametrize("chess960", [False, True])
def test_transform_like_python_chess(chess960):
    refused = accepted = 0
    for fen, name in _transform_cases():
        theirs = chess.Board(fen, chess960=chess960).transform(getattr(chess, name))
        if theirs.ep_square is not None and theirs.ep_square < 0:
            theirs.ep_square = None  # python-chess's msb of an empty set
        board = cm.Board(fen, chess960=chess960)
        ours = board.transform(getattr(cm, name))
        # Invalid results are boards too, as in python-chess.
        assert int(ours.status()) & ((1 << 17) - 1) == int(theirs.status()), (fen, name)
        assert ours.board_fen() == theirs.board_fen() and ours.ep_square == theirs.ep_square
        if theirs.status() & ~REPAIRED:
            refused += 1
            continue
        assert ours.fen() == theirs.fen(), (fen, name)
        assert ours.move_stack == [] and ours.turn == board.turn
        assert board.fen() == cm.Board(fen, chess960=chess960).fen()  # the original is unchanged
        accepted += 1
    assert refused > 100 and accepted > 100, (refused, accepted)


def test_apply_transform_clears_the_stack_and_keeps_the_class():
    class Sub(cm.Board):
        pass

    board = Sub()
    board.push_san("e4")
    theirs = chess.Board()
    theirs.push_san("e4")
    flipped = board.transform(cm.flip_horizontal)
    assert type(flipped) is Sub and flipped.fen() == theirs.transform(chess.flip_horizontal).fen()
    assert len(board.move_stack) == 1
    board.apply_transform(cm.flip_horizontal)
    theirs.apply_transform(chess.flip_horizontal)
    assert board.fen() == theirs.fen() and board.move_stack == []
    # python-chess's own functions work too.
    assert cm.Board().transform(chess.flip_vertical).fen() == chess.Board().transform(chess.flip_vertical).fen()


def test_transform_errors_leave_the_board_alone():
    board = cm.Board()
    shifted = board.transform(cm.shift_up)  # black's king leaves the board
    assert shifted.status() & cm.STATUS_NO_BLACK_KING and not shifted.is_valid()
    with pytest.raises(ValueError, match="not a valid position"):
        list(shifted.legal_moves)
    assert board.fen() == cm.STARTING_FEN
    with pytest.raises(ValueError, match="one piece per square"):
        board.transform(lambda bb: 1)
    with pytest.raises(TypeError):
        board.transform(lambda bb: "a")
    with pytest.raises(OverflowError):
        board.transform(lambda bb: -1)
    with pytest.raises(ZeroDivisionError):
        board.transform(lambda bb: 1 // 0)
    assert board.fen() == cm.STARTING_FEN
