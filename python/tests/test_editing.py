"""Board editing (python-chess's editor API) compared with python-chess
1.11 on the same edit sequences: pieces, FEN, status flags, generators."""

import chess
import pytest
from hypothesis import given, settings, strategies as st

import chess_movegen as cm

PY_FLAGS = (1 << 17) - 1  # python-chess's own flags; the rest are the library's


def same_squares(ours, theirs):
    return {sq: p.symbol() for sq, p in ours.piece_map().items()} == {
        sq: p.symbol() for sq, p in theirs.piece_map().items()
    }


def moves_of(gen):
    return sorted(m.uci() for m in gen)


def compare(ours, theirs):
    assert same_squares(ours, theirs)
    assert ours.board_fen() == theirs.board_fen()
    assert ours.turn == theirs.turn
    assert ours.castling_rights == theirs.castling_rights
    assert ours.clean_castling_rights() == theirs.clean_castling_rights()
    assert ours.ep_square == theirs.ep_square
    assert (ours.halfmove_clock, ours.fullmove_number) == (theirs.halfmove_clock, theirs.fullmove_number)
    status = int(ours.status())
    assert status & PY_FLAGS == int(theirs.status()), (theirs.fen(), ours.status(), theirs.status())
    assert ours.is_check() == theirs.is_check()
    assert ours.checkers_mask() == theirs.checkers_mask()
    assert ours.was_into_check() == theirs.was_into_check()
    for color in chess.COLORS:
        assert ours.king(color) == theirs.king(color)
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(color)
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color)
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color)
        for sq in (chess.E4, chess.D5, chess.A1, chess.H8):
            assert ours.attackers_mask(color, sq) == theirs.attackers_mask(color, sq)
    assert str(ours) == str(theirs)
    if ours.is_valid():
        assert theirs.is_valid()
        assert ours.fen() == theirs.fen()
        assert ours.shredder_fen() == theirs.shredder_fen()
        assert moves_of(ours.legal_moves) == moves_of(theirs.legal_moves)
        assert moves_of(ours.pseudo_legal_moves) == moves_of(theirs.pseudo_legal_moves)
        for name in ("generate_legal_captures", "generate_legal_ep", "generate_castling_moves",
                     "generate_pseudo_legal_captures", "generate_pseudo_legal_ep"):
            assert moves_of(getattr(ours, name)()) == moves_of(getattr(theirs, name)()), name
        low = chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_FILE_A
        assert moves_of(ours.generate_legal_moves(low, ~low & chess.BB_ALL)) == moves_of(
            theirs.generate_legal_moves(low, ~low & chess.BB_ALL))
        for mv in theirs.pseudo_legal_moves:
            ours_mv = cm.Move(mv.from_square, mv.to_square, mv.promotion)
            assert ours.is_into_check(ours_mv) == theirs.is_into_check(mv), mv
            assert ours.is_kingside_castling(ours_mv) == theirs.is_kingside_castling(mv)
            assert ours.is_queenside_castling(ours_mv) == theirs.is_queenside_castling(mv)
            assert ours.xboard(ours_mv) == theirs.xboard(mv)
    elif not status & (cm.STATUS_TOO_MUCH_MATERIAL | cm.STATUS_UNREACHABLE_CHECK):
        assert not theirs.is_valid()


SYMBOLS = "PNBRQKpnbrqk"
edit = st.one_of(
    st.tuples(st.just("set"), st.integers(0, 63), st.sampled_from(SYMBOLS)),
    st.tuples(st.just("remove"), st.integers(0, 63)),
    st.tuples(st.just("turn"), st.booleans()),
    st.tuples(st.just("rights"), st.sampled_from([0, chess.BB_H1, chess.BB_CORNERS, chess.BB_A8 | chess.BB_B1])),
    st.tuples(st.just("ep"), st.sampled_from([None, chess.E3, chess.D6, chess.E6, chess.A1, chess.C3])),
    st.tuples(st.just("clear_board")),
)


def apply(board, step, lib):
    kind = step[0]
    if kind == "set":
        board.set_piece_at(step[1], lib.Piece.from_symbol(step[2]))
    elif kind == "remove":
        board.remove_piece_at(step[1])
    elif kind == "turn":
        board.turn = step[1]
    elif kind == "castling":
        board.set_castling_fen(step[1])
    elif kind == "rights":
        board.castling_rights = step[1]
    elif kind == "ep":
        board.ep_square = step[1]
    else:
        board.clear_board()


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([None, chess.STARTING_FEN, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"]),
       st.lists(edit, max_size=12))
def test_random_edits_like_python_chess(fen, steps):
    ours, theirs = cm.Board(fen), chess.Board(fen)
    compare(ours, theirs)
    for step in steps:
        apply(ours, step, cm)
        apply(theirs, step, chess)
        compare(ours, theirs)


def test_empty_board_and_clear():
    board = cm.Board(None)
    assert board.status() == cm.STATUS_EMPTY | cm.STATUS_NO_WHITE_KING | cm.STATUS_NO_BLACK_KING
    assert not board.is_valid()
    assert board.fen() == "8/8/8/8/8/8/8/8 w - - 0 1" == chess.Board(None).fen()
    with pytest.raises(ValueError, match="not a valid position"):
        list(board.legal_moves)
    board.set_piece_at(cm.E1, cm.Piece(cm.KING, cm.WHITE))
    board.set_piece_at(cm.E8, cm.Piece(cm.KING, cm.BLACK))
    assert board.is_valid() and board.status() == cm.STATUS_VALID
    assert len(board.legal_moves) == 5
    board.push_san("Kd2")
    start = cm.Board()
    start.push_san("e4")
    start.clear()
    assert start.fen() == chess.Board(None).fen() and start.move_stack == []
    assert type(cm.Board.empty()) is cm.Board

    class Sub(cm.Board):
        pass

    assert type(Sub.empty(chess960=True)) is Sub and Sub.empty(chess960=True).chess960


def test_set_board_fen_piece_map_chess960_pos():
    ours, theirs = cm.Board(), chess.Board()
    for b in (ours, theirs):
        b.set_board_fen("4k3/8/8/8/8/8/8/4K2R")
    assert ours.status() == theirs.status() == chess.STATUS_BAD_CASTLING_RIGHTS
    assert ours.fen() == theirs.fen()
    with pytest.raises(ValueError):
        ours.set_board_fen("4k3/8/8 w")
    ours.set_piece_map({cm.A1: cm.Piece.from_symbol("K"), cm.H8: cm.Piece.from_symbol("k")})
    theirs.set_piece_map({chess.A1: chess.Piece.from_symbol("K"), chess.H8: chess.Piece.from_symbol("k")})
    assert ours.fen() == theirs.fen()
    ours.set_chess960_pos(100)
    theirs.set_chess960_pos(100)
    assert ours.fen() == theirs.fen() and ours.chess960
    with pytest.raises(ValueError):
        ours.set_castling_fen("KQkqx")


def test_invalid_fens_give_boards_as_in_python_chess():
    for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]:
        ours, theirs = cm.Board(fen), chess.Board(fen)
        assert int(ours.status()) & PY_FLAGS == int(theirs.status()), fen
        assert ours.is_valid() == theirs.is_valid()


def test_san_and_push_and_parse_xboard():
    ours, theirs = cm.Board(), chess.Board()
    for san in ["e4", "e5", "Nf3"]:
        assert ours.san_and_push(ours.parse_xboard(san)) == theirs.san_and_push(theirs.parse_xboard(san))
    assert ours.fen() == theirs.fen()
    c960 = cm.Board("rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1", chess960=True)
    assert c960.xboard(cm.Move(cm.B1, cm.E1)) == "O-O"
    assert c960.xboard(cm.Move(cm.B1, cm.A1)) == "O-O-O"
    assert c960.xboard(cm.Move.null()) == "@@@@"


def test_square_helpers_like_python_chess():
    for a in range(64):
        for b in range(64):
            assert cm.square_distance(a, b) == chess.square_distance(a, b)
            assert cm.square_manhattan_distance(a, b) == chess.square_manhattan_distance(a, b)
            assert cm.square_knight_distance(a, b) == chess.square_knight_distance(a, b), (a, b)
            assert cm.ray(a, b) == chess.ray(a, b), (a, b)
            assert cm.between(a, b) == chess.between(a, b)
    for bb in (1, 0x8000_0000_0000_0000, 0x0123_4567_89AB_CDEF, chess.BB_CORNERS):
        assert cm.lsb(bb) == chess.lsb(bb) and cm.msb(bb) == chess.msb(bb)
        assert list(cm.scan_forward(bb)) == list(chess.scan_forward(bb))
        assert list(cm.scan_reversed(bb)) == list(chess.scan_reversed(bb))


def ops_view(ops):
    def value(v):
        if isinstance(v, list):
            return [m.uci() for m in v]
        if hasattr(v, "from_square"):
            return v.uci()
        return v
    return {k: value(v) for k, v in ops.items()}


EPD_RECORDS = [
    '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";',
    'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - am Ng5; c0 "a; b"; acd 12; ce -35;',
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Nf3; hmvc 3; fmvn 7;",
    "4k3/8/8/8/8/8/8/4K3 b - - noop; acs 1.5; sm Kd7;",
]


@pytest.mark.parametrize("record", EPD_RECORDS)
def test_epd_read_and_written_as_python_chess(record):
    ours, theirs = cm.Board(), chess.Board()
    ours_ops, theirs_ops = ours.set_epd(record), theirs.set_epd(record)
    assert ops_view(ours_ops) == ops_view(theirs_ops)
    assert ours.fen() == theirs.fen()
    board, ops = cm.Board.from_epd(record)
    assert board.fen() == theirs.fen() and ops_view(ops) == ops_view(theirs_ops)
    # Written back from python-chess's values (its moves given as ours).
    ours_values = {k: v for k, v in ours_ops.items()}
    assert ours.epd(**ours_values) == theirs.epd(**theirs_ops)


def test_epd_operands_like_python_chess():
    ours, theirs = cm.Board(), chess.Board()
    e4, nf3 = chess.Move.from_uci("e2e4"), chess.Move.from_uci("g1f3")
    kwargs = dict(bm=[nf3, e4], am=e4, id='say "hi"\\now', acd=3, ce=-0.25, noop=None, pv=[e4])
    assert ours.epd(**kwargs) == theirs.epd(**kwargs)
    assert ours.epd() == theirs.epd()
    with pytest.raises(ValueError):
        ours.epd(bm=[chess.Move.from_uci("e2e5")])
    with pytest.raises(ValueError):
        ours.epd(acd=float("nan"))
    with pytest.raises(ValueError):
        ours.set_epd("not an epd")
    assert ours.fen() == chess.STARTING_FEN


def test_arrays_refuse_boards_that_are_not_positions():
    board = cm.Board(None)
    with pytest.raises(ValueError, match="position 1: no moves on a board that is not a valid position"):
        cm.planes([cm.Board(), board])
