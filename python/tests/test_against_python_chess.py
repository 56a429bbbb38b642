"""Exactness: the same positions and games through chess_movegen and
python-chess 1.11.2 give the same legal moves, SAN, FEN, outcomes, draw
claims and Polyglot keys (fixtures from tests/data and Hypothesis games,
Chess960 included)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chess_movegen as cm
from conftest import epd_fens

chess = pytest.importorskip("chess")
import chess.polyglot  # noqa: E402


def outcome_pair(outcome):
    return None if outcome is None else (outcome.termination.name, outcome.winner)


def assert_same(ours: cm.Board, theirs: "chess.Board", *, claims: bool = True) -> None:
    """Every query of the core agrees on the current position."""
    fen = theirs.fen()
    assert ours.fen() == fen
    assert ours.board_fen() == theirs.board_fen()
    assert ours.epd() == theirs.epd()
    assert ours.turn == theirs.turn
    assert ours.ep_square == theirs.ep_square and ours.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert ours.fen(shredder=True) == theirs.fen(shredder=True), fen
    assert ours.halfmove_clock == theirs.halfmove_clock and ours.fullmove_number == theirs.fullmove_number
    # python-chess's castling letters without a rook on their side give
    # no right or a right on the corner, by its lsb(0) = -1; here always
    # the corner (both make STATUS_BAD_CASTLING_RIGHTS).
    if not theirs.status() & chess.STATUS_BAD_CASTLING_RIGHTS:
        assert ours.castling_rights == theirs.castling_rights, fen
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), fen
    # The same moves in the same order (python-chess's generation order).
    legal = [m.uci() for m in theirs.legal_moves]
    assert [m.uci() for m in ours.legal_moves] == legal, fen
    assert [m.uci() for m in ours.generate_legal_moves()] == legal
    assert [m.uci() for m in ours.generate_legal_captures()] == [m.uci() for m in theirs.generate_legal_captures()]
    mask = int(theirs.occupied_co[theirs.turn]) & 0x0000_FFFF_FFFF_0000
    assert [m.uci() for m in ours.generate_legal_moves(mask, ~mask & cm.BB_ALL)] == [
        m.uci() for m in theirs.generate_legal_moves(mask, ~mask & cm.BB_ALL)
    ]
    assert len(ours.legal_moves) == len(legal) and bool(ours.legal_moves) == bool(legal)
    pseudo = [m.uci() for m in theirs.pseudo_legal_moves]
    assert [m.uci() for m in ours.pseudo_legal_moves] == pseudo, fen
    assert len(ours.pseudo_legal_moves) == len(pseudo)
    for mv in theirs.pseudo_legal_moves:
        assert ours.is_pseudo_legal(mv) and ours.is_legal(mv) == theirs.is_legal(mv)
    for mv in theirs.legal_moves:
        ours_mv = cm.Move(mv.from_square, mv.to_square, mv.promotion)
        assert ours_mv in ours.legal_moves and ours.is_legal(ours_mv)
        assert ours.san(ours_mv) == theirs.san(mv), (fen, mv)
        assert ours.parse_san(theirs.san(mv)) == ours_mv
        assert ours.gives_check(ours_mv) == theirs.gives_check(mv), (fen, mv)
        assert ours.is_capture(ours_mv) == theirs.is_capture(mv)
        assert ours.is_en_passant(ours_mv) == theirs.is_en_passant(mv)
        assert ours.is_castling(ours_mv) == theirs.is_castling(mv)
        assert ours.is_zeroing(ours_mv) == theirs.is_zeroing(mv)
    assert ours.is_check() == theirs.is_check()
    assert ours.checkers_mask() == int(theirs.checkers_mask())
    assert ours.is_checkmate() == theirs.is_checkmate()
    assert ours.is_stalemate() == theirs.is_stalemate()
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), fen
    for color in cm.COLORS:
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color), fen
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color)
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color)
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves()
    assert ours.is_fifty_moves() == theirs.is_fifty_moves()
    assert ours.is_fivefold_repetition() == theirs.is_fivefold_repetition()
    assert ours.is_repetition() == theirs.is_repetition()
    assert ours.is_repetition(2) == theirs.is_repetition(2)
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant()
    assert outcome_pair(ours.outcome()) == outcome_pair(theirs.outcome()), fen
    assert ours.result() == theirs.result()
    if claims:
        assert ours.can_claim_fifty_moves() == theirs.can_claim_fifty_moves(), fen
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), fen
        assert ours.can_claim_draw() == theirs.can_claim_draw()
        assert outcome_pair(ours.outcome(claim_draw=True)) == outcome_pair(theirs.outcome(claim_draw=True))
    assert ours.polyglot_key() == chess.polyglot.zobrist_hash(theirs), fen
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {
        sq: p.symbol() for sq, p in theirs.piece_map().items()
    }
    assert ours.occupied == theirs.occupied and list(ours.occupied_co) == list(theirs.occupied_co)
    assert (ours.pawns, ours.knights, ours.bishops, ours.rooks, ours.queens, ours.kings) == (
        theirs.pawns, theirs.knights, theirs.bishops, theirs.rooks, theirs.queens, theirs.kings
    )
    for sq in (cm.E4, cm.D5, cm.F7, ours.king(cm.WHITE)):
        for color in cm.COLORS:
            assert ours.attackers_mask(color, sq) == int(theirs.attackers_mask(color, sq))
        assert ours.attacks_mask(sq) == int(theirs.attacks_mask(sq))


@pytest.mark.parametrize("name, chess960", [("quick.epd", False), ("quick960.epd", True), ("unusual.epd", False)])
def test_epd_positions(name, chess960):
    for fen in epd_fens(name):
        theirs = chess.Board(fen, chess960=chess960)
        if not theirs.is_valid():
            # python-chess takes impossible positions (an en-passant square
            # that explains no check, say); chess_movegen repairs or refuses
            # them (see test_board.py).
            continue
        ours = cm.Board(fen, chess960=chess960)
        assert_same(ours, theirs)
        for mv in list(theirs.legal_moves)[:8]:
            theirs.push(mv)
            ours.push(cm.Move(mv.from_square, mv.to_square, mv.promotion))
            assert_same(ours, theirs, claims=False)
            theirs.pop()
            ours.pop()
        assert ours.fen() == theirs.fen()


def test_pgn_fixture_games(data_dir):
    import chess.pgn

    with open(data_dir / "polyglot_games.pgn") as f:
        for _ in range(20):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            theirs = game.board()
            ours = cm.from_python_chess(theirs)
            for mv in game.mainline_moves():
                assert ours.san(cm.Move(mv.from_square, mv.to_square, mv.promotion)) == theirs.san(mv)
                ours.push_san(theirs.san(mv))
                theirs.push(mv)
                assert ours.fen() == theirs.fen()
                assert ours.polyglot_key() == chess.polyglot.zobrist_hash(theirs)
            assert_same(ours, theirs)


def test_conversions_round_trip():
    theirs = chess.Board()
    for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4"]:
        theirs.push_san(san)
    ours = cm.from_python_chess(theirs)
    assert ours.fen() == theirs.fen() and [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    back = cm.to_python_chess(ours)
    assert back.fen() == theirs.fen() and back.move_stack == theirs.move_stack
    # Moves compare equal across the two packages.
    assert cm.Move.from_uci("e2e4") == chess.Move.from_uci("e2e4")
    assert chess.Move.from_uci("e7e8q") == cm.Move.from_uci("e7e8q")
    ours.push(chess.Move.from_uci("f3d4"))
    assert ours.peek() == cm.Move.from_uci("f3d4")


START_FENS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 95 90",  # fifty-move claims within reach
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # en passant
    "8/8/3k4/8/8/3K4/3N4/3B4 w - - 140 100",  # seventy-five moves and insufficient material
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",  # promotions
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 97 1",  # clocks no game reaches, kept as stated
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 5 2",
]


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/4K2R w K - 3 1",
        "4k3/8/8/8/8/8/8/4K2R b K - 40 2",
        "4k3/8/8/8/8/8/8/4K2R w K - 3",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 0",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 5 2",
        "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w HA - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    ],
)
def test_fens_read_as_python_chess_reads_them(fen):
    ours, theirs = cm.Board(fen), chess.Board(fen)
    assert_same(ours, theirs)
    for mv in list(theirs.legal_moves)[:3]:
        for board in (ours, theirs):
            board.push(mv)
        assert_same(ours, theirs, claims=False)
        assert ours.root().fen() == theirs.root().fen()
        assert ours.copy(stack=False).fen() == theirs.copy(stack=False).fen()
        assert ours.mirror().fen() == theirs.mirror().fen()
        for board in (ours, theirs):
            board.pop()


def play_random_game(ours, theirs, choices, back_prob):
    """Plays python-chess's legal moves chosen by `choices` (often shuffling
    back, so that positions repeat), comparing after every move."""
    history = []
    for choice, back in zip(choices, back_prob):
        if theirs.is_game_over():
            break
        legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
        mv = legal[choice % len(legal)]
        if back and len(history) >= 2:
            prev = history[-2]
            reverse = chess.Move(prev.to_square, prev.from_square)
            if reverse in theirs.legal_moves:
                mv = reverse
        history.append(mv)
        san = theirs.san(mv)
        theirs.push(mv)
        if choice % 3 == 0:
            assert ours.push_san(san) == mv
        elif choice % 3 == 1:
            assert ours.push_uci(mv.uci()) == mv
        else:
            ours.push(cm.Move(mv.from_square, mv.to_square, mv.promotion))
        assert_same(ours, theirs)
    # Unwinding gives the same positions back.
    while theirs.move_stack:
        assert ours.pop() == theirs.pop()
        assert ours.fen() == theirs.fen()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.sampled_from(START_FENS),
    choices=st.lists(st.integers(0, 300), max_size=60),
    back=st.lists(st.booleans(), max_size=60),
)
def test_random_games(start, choices, back):
    play_random_game(cm.Board(start), chess.Board(start), choices, back)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(0, 959),
    choices=st.lists(st.integers(0, 300), max_size=50),
    back=st.lists(st.booleans(), max_size=50),
)
def test_random_chess960_games(n, choices, back):
    ours = cm.Board.from_chess960_pos(n)
    theirs = chess.Board.from_chess960_pos(n)
    assert ours.chess960_pos() == n
    play_random_game(ours, theirs, choices, back)


def test_repetition_claims_like_python_chess():
    theirs = chess.Board()
    ours = cm.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 5:
        theirs.push_san(san)
        ours.push_san(san)
        assert_same(ours, theirs)


def test_perft_against_python_chess():
    for fen in epd_fens("quick.epd", 4):
        theirs = chess.Board(fen)
        # Perft 2: python-chess's legal replies to each of its legal moves.
        replies = [theirs.copy(stack=False) for _ in theirs.legal_moves]
        for board, mv in zip(replies, theirs.legal_moves):
            board.push(mv)
        assert cm.perft(cm.Board(fen), 2) == sum(board.legal_moves.count() for board in replies)


def test_square_sets_mirror_and_drawings():
    for fen in epd_fens("quick.epd", 12):
        theirs = chess.Board(fen)
        ours = cm.Board(fen)
        for color in cm.COLORS:
            for piece_type in cm.PIECE_TYPES:
                a, b = ours.pieces(piece_type, color), theirs.pieces(piece_type, color)
                assert list(a) == list(b) and len(a) == len(b) and int(a) == int(b)
            for sq in (cm.A1, cm.E4, cm.H8, ours.king(not color)):
                assert list(ours.attackers(color, sq)) == list(theirs.attackers(color, sq))
        for sq in cm.SQUARES:
            assert int(ours.attacks(sq)) == int(theirs.attacks(sq))
        assert list(ours.checkers()) == list(theirs.checkers())
        assert ours.mirror().fen() == theirs.mirror().fen()
        assert str(ours) == str(theirs)
        assert ours.unicode() == theirs.unicode()
        assert ours.ply() == theirs.ply()


def test_square_set_like_python_chess():
    a = cm.SquareSet([cm.A1, cm.E4, cm.H8])
    b = chess.SquareSet([cm.A1, cm.E4, cm.H8])
    assert list(a) == list(b) and list(reversed(a)) == list(reversed(b)) and len(a) == 3
    assert cm.E4 in a and cm.E5 not in a and a == int(b)
    assert list(a & cm.BB_RANKS[0]) == [cm.A1] and list(a - [cm.A1]) == [cm.E4, cm.H8]
    assert int(~a) == int(~b) and str(a) == str(b)
    assert cm.square_mirror(cm.A2) == chess.square_mirror(chess.A2)
    assert cm.square_distance(cm.A1, cm.H5) == chess.square_distance(chess.A1, chess.H5)
    assert cm.BB_FILES == list(chess.BB_FILES) and cm.BB_RANKS == list(chess.BB_RANKS)
    assert cm.SQUARES_180 == chess.SQUARES_180 and cm.SQUARE_NAMES == chess.SQUARE_NAMES
    assert cm.BB_LIGHT_SQUARES == chess.BB_LIGHT_SQUARES and cm.BB_DARK_SQUARES == chess.BB_DARK_SQUARES
    with pytest.raises(IndexError):  # as python-chess
        cm.SquareSet([64])


def test_uci_writes_castling_as_the_board_does():
    for chess960 in (False, True):
        fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        ours, theirs = cm.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
        for uci in ["e1g1", "e1h1", "e1c1", "e1a1", "a1a8", "e1e2"]:
            assert ours.uci(cm.Move.from_uci(uci)) == theirs.uci(chess.Move.from_uci(uci)), (chess960, uci)


def san_spellings(board: "chess.Board", mv: "chess.Move") -> set[str]:
    """Ways to write `mv` that a reader may meet: the SAN with and without
    its check mark, castling with zeros, a promotion without `=`, a piece
    move with its origin's file, rank or square or without them, a pawn
    move in long and short forms, UCI, and wrong ones (a pawn's origin
    named on a single step, a piece letter in lower case)."""
    san = board.san(mv)
    bare = san.rstrip("+#")
    spellings = {san, bare, bare + "+", bare + "#", mv.uci()}
    to = chess.square_name(mv.to_square)
    origin = chess.square_name(mv.from_square)
    cap = "x" if board.is_capture(mv) else ""
    if board.is_castling(mv):
        spellings |= {bare.replace("O", "0"), "O-O", "O-O-O", "0-0", "0-0-0"}
    elif board.piece_type_at(mv.from_square) == chess.PAWN:
        promotion = "=" + chess.piece_symbol(mv.promotion).upper() if mv.promotion else ""
        spellings |= {origin + to + promotion, origin[0] + to + promotion, origin + cap + to + promotion,
                      to + promotion, origin[0] + "x" + to + promotion, origin[0] + to[0] + promotion}
        if promotion:
            spellings |= {bare.replace("=", ""), to}
    else:
        letter = chess.piece_symbol(board.piece_type_at(mv.from_square)).upper()
        for qualifier in ("", origin[0], origin[1], origin):
            spellings |= {letter + qualifier + cap + to, letter + qualifier + to, letter + qualifier + "x" + to}
        spellings.add(letter.lower() + to)
    return spellings


@pytest.mark.parametrize("name, chess960", [("quick.epd", False), ("quick960.epd", True)])
def test_san_spellings_read_as_python_chess_reads_them(name, chess960):
    """Every spelling python-chess reads gives the same move here; where it
    refuses one, the error is of the same class or this reader takes more
    (long algebraic, UCI, annotations: see the README)."""
    checked = 0
    for fen in epd_fens(name, 40):
        theirs = chess.Board(fen, chess960=chess960)
        if not theirs.is_valid():
            continue
        ours = cm.Board(fen, chess960=chess960)
        for mv in theirs.legal_moves:
            for text in san_spellings(theirs, mv):
                try:
                    expected = theirs.parse_san(text)
                except ValueError as error:
                    try:
                        ours.parse_san(text)
                    except ValueError as ours_error:
                        assert type(ours_error).__name__ == type(error).__name__, (fen, text, ours_error, error)
                    continue
                assert ours.parse_san(text).uci() == expected.uci(), (fen, text)
                checked += 1
    assert checked > 1000
