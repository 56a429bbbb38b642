"""The python-chess-shaped core on its own: what each call returns, and the
errors it raises for bad input (without python-chess)."""

import copy
import pickle

import pytest

import chess_movegen as cm


def test_numbering_follows_python_chess():
    assert (cm.A1, cm.H1, cm.A8, cm.E4, cm.H8) == (0, 7, 56, 28, 63)
    assert (cm.WHITE, cm.BLACK) == (True, False)
    assert (cm.PAWN, cm.KNIGHT, cm.BISHOP, cm.ROOK, cm.QUEEN, cm.KING) == (1, 2, 3, 4, 5, 6)
    assert cm.square_name(cm.square(4, 3)) == "e4" and cm.parse_square("h8") == 63


def test_start_position():
    b = cm.Board()
    assert b.fen() == cm.STARTING_FEN
    assert len(b.legal_moves) == 20 and b.legal_moves.count() == 20
    assert bool(b.legal_moves)
    assert cm.Move.from_uci("e2e4") in b.legal_moves
    assert cm.Move.from_uci("e2e5") not in b.legal_moves
    assert b.turn is cm.WHITE and b.castling_rights == (1 << 0 | 1 << 7 | 1 << 56 | 1 << 63)
    assert b.piece_at(cm.E1) == cm.Piece(cm.KING, cm.WHITE)
    assert b.piece_at(cm.E4) is None
    assert b.piece_type_at(cm.D8) == cm.QUEEN and b.color_at(cm.D8) is cm.BLACK
    assert len(b.piece_map()) == 32
    assert b.king(cm.BLACK) == cm.E8
    assert b.occupied == 0xFFFF00000000FFFF
    assert b.occupied_co[cm.WHITE] == 0xFFFF and b.pawns == 0x00FF00000000FF00
    assert b.pieces_mask(cm.KNIGHT, cm.WHITE) == (1 << cm.B1) | (1 << cm.G1)


def test_move_value():
    m = cm.Move.from_uci("e7e8q")
    assert (m.from_square, m.to_square, m.promotion, m.drop) == (cm.E7, cm.E8, cm.QUEEN, None)
    assert m.uci() == str(m) == "e7e8q" and repr(m) == "Move.from_uci('e7e8q')"
    assert m == cm.Move(cm.E7, cm.E8, cm.QUEEN) and hash(m) == hash(cm.Move(cm.E7, cm.E8, 5))
    assert m != cm.Move(cm.E7, cm.E8, cm.ROOK)
    assert not cm.Move.null() and cm.Move.null().uci() == "0000"
    assert {cm.Move.from_uci("a2a3"), cm.Move(8, 16)} == {cm.Move(8, 16)}
    assert pickle.loads(pickle.dumps(m)) == m and copy.deepcopy(m) == m
    for bad in ["", "e2", "e2e9", "i2e4", "e7e8k", "e2e4qq", "e2e2"]:
        with pytest.raises(cm.InvalidMoveError):
            cm.Move.from_uci(bad)
    with pytest.raises(ValueError):
        cm.Move(0, 64)
    with pytest.raises(ValueError):
        cm.Move(8, 0, promotion=cm.KING)


def test_push_pop_peek_and_stack():
    b = cm.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]:
        b.push_san(san)
    assert b.peek() == cm.Move.from_uci("e1g1")
    assert [m.uci() for m in b.move_stack] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]
    assert b.fen() == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4"
    assert b.pop() == cm.Move.from_uci("e1g1")
    assert b.fen() == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    # Castling given as king-takes-rook is read too, as python-chess does.
    b.push(cm.Move(cm.E1, cm.H1))
    assert b.peek() == cm.Move(cm.E1, cm.G1)
    assert b.root().fen() == cm.STARTING_FEN
    while b.move_stack:
        b.pop()
    assert b.fen() == cm.STARTING_FEN
    with pytest.raises(IndexError):
        b.pop()
    with pytest.raises(IndexError):
        b.peek()


def test_san_and_uci():
    b = cm.Board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert b.san(cm.Move.from_uci("b7a8q")) == "bxa8=Q+"
    assert b.san(cm.Move.from_uci("e1c1")) == "O-O-O"
    assert b.parse_san("O-O") == cm.Move.from_uci("e1g1")
    assert b.lan(cm.Move.from_uci("a1a8")) == "Ra1xa8+"
    assert b.variation_san([cm.Move.from_uci("e1c1"), cm.Move.from_uci("e8g8")]) == "1. O-O-O O-O"
    assert b.push_uci("b7b8n") == cm.Move(cm.B7, cm.B8, cm.KNIGHT)


def test_chess960():
    b = cm.Board.from_chess960_pos(518)
    assert b.chess960 and b.fen() == cm.STARTING_FEN
    b = cm.Board("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess960=True)
    assert b.chess960 and len(b.legal_moves) == 21 and cm.perft(b, 3) == 12189
    b = cm.Board("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", chess960=True)
    castle = cm.Move.from_uci("e1g1")  # the king takes its own rook on g1
    assert castle in b.legal_moves and b.is_castling(castle)
    assert b.san(castle) == "O-O"
    b.push(castle)
    assert b.piece_at(cm.G1) == cm.Piece(cm.KING, cm.WHITE) and b.piece_at(cm.F1).piece_type == cm.ROOK
    with pytest.raises(ValueError):
        cm.Board.from_chess960_pos(960)


def test_game_end_queries():
    mate = cm.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mate.is_checkmate() and mate.is_check() and mate.is_game_over()
    out = mate.outcome()
    assert out.termination == cm.Termination.CHECKMATE and out.winner is cm.BLACK and out.result() == "0-1"
    assert mate.result() == "0-1"
    stale = cm.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stale.is_stalemate() and stale.outcome().termination == cm.Termination.STALEMATE
    kk = cm.Board("8/8/4k3/8/8/8/8/4K2B w - - 0 1")
    assert kk.is_insufficient_material() and kk.result() == "1/2-1/2"
    fifty = cm.Board("8/8/4k3/8/8/8/8/R3K3 w - - 99 80")
    assert not fifty.is_fifty_moves() and fifty.can_claim_fifty_moves() and fifty.can_claim_draw()
    assert fifty.outcome() is None
    assert fifty.outcome(claim_draw=True).termination == cm.Termination.FIFTY_MOVES
    seventy = cm.Board("8/8/4k3/8/8/8/8/R3K3 w - - 150 120")
    assert seventy.is_seventyfive_moves() and seventy.outcome().termination == cm.Termination.SEVENTYFIVE_MOVES


def test_repetitions():
    b = cm.Board()
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    for san in shuffle * 2:
        assert not b.is_repetition()
        b.push_san(san)
    assert b.is_repetition(3) and b.can_claim_threefold_repetition() and not b.is_fivefold_repetition()
    assert b.outcome(claim_draw=True).termination == cm.Termination.THREEFOLD_REPETITION
    for san in shuffle * 2:
        b.push_san(san)
    assert b.is_fivefold_repetition() and b.outcome().termination == cm.Termination.FIVEFOLD_REPETITION
    # A threefold claim by the move about to be played.
    c = cm.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
        c.push_san(san)
    assert not c.is_repetition() and c.can_claim_threefold_repetition()


def test_checks_see_and_keys():
    b = cm.Board("4k3/8/8/3p4/4P3/8/8/4K2R w K - 0 1")
    exd5 = cm.Move.from_uci("e4d5")
    assert b.see(exd5) == 100 and b.is_capture(exd5) and b.is_zeroing(exd5)
    assert b.gives_check(cm.Move.from_uci("h1h8")) and not b.gives_check(exd5)
    assert cm.Board().polyglot_key() == 0x463B96181691FC9C  # the Polyglot format's own example
    b2 = cm.Board()
    b2.push_san("e4")
    assert b2.polyglot_key() == 0x823C9B50FD114196
    assert cm.Board().zobrist_hash() != b2.zobrist_hash()
    assert b.attackers_mask(cm.WHITE, cm.D5) == 1 << cm.E4
    assert b.is_attacked_by(cm.BLACK, cm.E4) and not b.is_attacked_by(cm.WHITE, cm.A8)
    assert b.attacks_mask(cm.H1) & (1 << cm.H8)


def test_perft():
    assert cm.perft(cm.Board(), 4) == 197281
    kiwipete = cm.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert cm.perft(kiwipete, 3) == 97862 and kiwipete.perft(2) == 2039


BAD_FENS = [
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - x 1",
    "4k3/8/8/8/8/8/8/3QK3 b - - 0 1\x00",
]


@pytest.mark.parametrize("fen", BAD_FENS)
def test_bad_fens_raise_and_leave_the_board_alone(fen):
    with pytest.raises(cm.InvalidFenError) as info:
        cm.Board(fen)
    assert str(info.value)
    assert issubclass(cm.InvalidFenError, ValueError)
    b = cm.Board()
    b.push_san("e4")
    before = (b.fen(), list(b.move_stack))
    with pytest.raises(ValueError):
        b.set_fen(fen)
    assert (b.fen(), list(b.move_stack)) == before


@pytest.mark.parametrize(
    "text, error",
    [
        ("", cm.InvalidMoveError),
        ("Qxx9", cm.InvalidMoveError),
        ("e5", cm.IllegalMoveError),
        ("Ke2", cm.IllegalMoveError),
        ("O-O", cm.IllegalMoveError),
        ("e2e5", cm.IllegalMoveError),
        ("N", cm.InvalidMoveError),
        ("\u00e9\u00e9", cm.InvalidMoveError),
    ],
)
def test_bad_san_raises_and_leaves_the_board_alone(text, error):
    b = cm.Board()
    with pytest.raises(error) as info:
        b.push_san(text)
    assert str(info.value)
    assert b.fen() == cm.STARTING_FEN and not b.move_stack


def test_ambiguous_san():
    b = cm.Board("4k3/8/8/8/8/8/8/R3K2R w - - 0 1")
    b2 = cm.Board("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1")
    with pytest.raises(cm.AmbiguousMoveError):
        b2.parse_san("Ne2")
    assert b.parse_san("Rd1") == cm.Move.from_uci("a1d1")


def test_illegal_pushes_raise_and_leave_the_board_alone():
    b = cm.Board()
    for mv in [cm.Move(cm.E2, cm.E5), cm.Move(cm.E7, cm.E5), cm.Move(cm.A1, cm.A2), cm.Move(cm.E2, cm.E4, cm.QUEEN)]:
        with pytest.raises(cm.IllegalMoveError):
            b.push(mv)
        assert b.fen() == cm.STARTING_FEN and not b.move_stack
    with pytest.raises(cm.IllegalMoveError):
        b.push_uci("e2e5")
    with pytest.raises(cm.InvalidMoveError):
        b.push_uci("e2")
    with pytest.raises(TypeError):
        b.push("e2e4")
    with pytest.raises(cm.IllegalMoveError):
        b.san(cm.Move(cm.E2, cm.E5))
    check = cm.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1")
    with pytest.raises(cm.IllegalMoveError):
        check.push(cm.Move.null())
    assert b.fen() == cm.STARTING_FEN


def test_null_move():
    b = cm.Board()
    b.push(cm.Move.null())
    assert b.turn is cm.BLACK and b.peek() == cm.Move.null()
    b.pop()
    assert b.fen() == cm.STARTING_FEN
    b.push_san("--")
    assert b.turn is cm.BLACK


def test_copy_and_equality():
    b = cm.Board()
    b.push_san("d4")
    c = b.copy()
    assert c == b and c.move_stack == b.move_stack
    c.push_san("d5")
    assert c != b and len(b.move_stack) == 1
    assert copy.copy(b) == b and b.copy(stack=False).move_stack == []
    assert str(cm.Board()).splitlines()[0] == "r n b q k b n r"


def test_pickle_keeps_position_and_stack():
    b = cm.Board.from_chess960_pos(100)
    for mv in list(b.legal_moves)[:1]:
        b.push(mv)
    b.push(cm.Move.null())
    c = pickle.loads(pickle.dumps(b))
    assert c == b and c.move_stack == b.move_stack and c.chess960 and c.root().fen() == b.root().fen()
    s = cm.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]:
        s.push_san(san)
    t = pickle.loads(pickle.dumps(s))
    assert t.fen() == s.fen() and t.move_stack == s.move_stack
    t.pop()
    assert t.fen() == "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


class MyBoard(cm.Board):
    def material(self):
        return sum(1 for _ in self.piece_map())


def test_board_can_be_subclassed():
    b = MyBoard("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    b.push_san("O-O")
    assert b.material() == 3 and isinstance(b, cm.Board) and b.fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    c = pickle.loads(pickle.dumps(b))
    assert type(c) is MyBoard and c == b and c.move_stack == b.move_stack
