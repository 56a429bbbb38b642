#!/usr/bin/env python3
"""Writes tests/data/impossible_checks.txt: positions where the side to move
is in check, each with python-chess's verdict on too many checkers and
impossible checks, and the verdict chess-movegen must give.

    pip install chess==1.11.2
    python3 scripts/make_check_fixtures.py > tests/data/impossible_checks.txt

The positions come from four sources, all from a fixed seed:
- random: random placements of random material in which the side to move
  is in check;
- constructed: a king and two or three pieces put on squares that attack
  it, then random other pieces (double and triple checks);
- ep: as random or constructed, with a pawn that may just have made a
  double step and its en-passant square;
- played: positions right after a legal move that gives a double check,
  played in random positions (some with an en-passant capture available);
- game: positions in check from random games (double checks, then checks
  preferred), written with the en-passant square after every double step.
A legal move reaches the played and game positions, so the script stops
if any of them is not expected to be accepted.

Every position is otherwise valid (python-chess's status has no other bit,
one king each, no more material than a game can have).

The expected verdict follows python-chess's rule where it refuses, and
refuses more where no last move can have given the check, as found here
by brute force: every move of the side not to move is taken back (each
piece to each empty square, with and without a captured piece put back,
promotions and en-passant captures included, and castling) and kept if
python-chess finds it pseudo-legal in the position before it; the check
is possible if in one of those positions the king was not attacked. This
is done for double checks without an en-passant square; with one, the
last move is the double step, which is taken back alone. Kings are not
counted as checkers (a king next to a king is opposite check).
"""

import random
import sys

import chess

assert chess.__version__ == "1.11.2", chess.__version__

SEED = 20261201
RNG = random.Random(SEED)
BAG = [chess.PAWN] * 8 + [chess.KNIGHT, chess.KNIGHT, chess.BISHOP, chess.BISHOP, chess.ROOK, chess.ROOK, chess.QUEEN]
BACK_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8
CHECK_BITS = chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK


def checkers(board):
    king = board.king(board.turn)
    return board.attackers_mask(not board.turn, king) & ~board.kings


def attacked(board, king, them):
    return board.attackers_mask(them, king) & ~board.kings != 0


def material_ok(board):
    """chess-movegen's material rule: at most 16 pieces and 8 pawns, and no
    more promoted pieces than missing pawns."""
    for color in chess.COLORS:
        pawns = len(board.pieces(chess.PAWN, color))
        promoted = sum(
            max(0, len(board.pieces(role, color)) - start)
            for role, start in [(chess.KNIGHT, 2), (chess.BISHOP, 2), (chess.ROOK, 2), (chess.QUEEN, 1)]
        )
        if chess.popcount(board.occupied_co[color]) > 16 or pawns > 8 or promoted > 8 - pawns:
            return False
    return True


def forward(color):
    return 8 if color == chess.WHITE else -8


def retractions(board):
    """Every position before a move of the side not to move that leads to
    `board` (up to the captured piece, which is a knight of the side to
    move), for moves python-chess finds pseudo-legal there."""
    us, them = board.turn, not board.turn
    empty = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
    for to in chess.scan_forward(board.occupied_co[them]):
        piece = board.piece_at(to)
        roles = [(piece.piece_type, None)]
        if piece.piece_type not in (chess.PAWN, chess.KING) and chess.square_rank(to) == (7 if them else 0):
            roles.append((chess.PAWN, piece.piece_type))
        for role, promotion in roles:
            for frm in empty:
                for capture in (False, True):
                    before = board.copy(stack=False)
                    before.turn = them
                    before.ep_square = None
                    before.castling_rights = chess.BB_EMPTY
                    before.remove_piece_at(to)
                    before.set_piece_at(frm, chess.Piece(role, them))
                    if capture:
                        before.set_piece_at(to, chess.Piece(chess.KNIGHT, us))
                    if before.is_pseudo_legal(chess.Move(frm, to, promotion)):
                        yield before
                # En passant: the captured pawn stood behind `to` and came
                # from in front of it with a double step.
                if role == chess.PAWN and promotion is None:
                    victim, start = to - forward(them), to + forward(them)
                    if not (0 <= victim < 64 and 0 <= start < 64) or board.piece_at(victim) or board.piece_at(start):
                        continue
                    before = board.copy(stack=False)
                    before.turn = them
                    before.castling_rights = chess.BB_EMPTY
                    before.remove_piece_at(to)
                    before.set_piece_at(frm, chess.Piece(chess.PAWN, them))
                    before.set_piece_at(victim, chess.Piece(chess.PAWN, us))
                    before.ep_square = to
                    if not before.is_pseudo_legal(chess.Move(frm, to)) or not before.is_en_passant(chess.Move(frm, to)):
                        continue
                    earlier = before.copy(stack=False)
                    earlier.turn = us
                    earlier.ep_square = None
                    earlier.remove_piece_at(victim)
                    earlier.set_piece_at(start, chess.Piece(chess.PAWN, us))
                    if earlier.is_pseudo_legal(chess.Move(start, victim)):
                        yield before
    # Standard castling.
    rank = 0 if them == chess.WHITE else 7
    for king_to, rook_to, rook_from in [(6, 5, 7), (2, 3, 0)]:
        king_to, rook_to, rook_from = (chess.square(f, rank) for f in (king_to, rook_to, rook_from))
        king_from = chess.square(4, rank)
        if board.piece_at(king_to) != chess.Piece(chess.KING, them):
            continue
        if board.piece_at(rook_to) != chess.Piece(chess.ROOK, them):
            continue
        if board.piece_at(king_from) or board.piece_at(rook_from):
            continue
        before = board.copy(stack=False)
        before.turn = them
        before.ep_square = None
        for sq in (king_to, rook_to):
            before.remove_piece_at(sq)
        before.set_piece_at(king_from, chess.Piece(chess.KING, them))
        before.set_piece_at(rook_from, chess.Piece(chess.ROOK, them))
        before.castling_rights = chess.BB_SQUARES[rook_from]
        if before.is_pseudo_legal(chess.Move(king_from, king_to)):
            yield before


def expected(board):
    """`ok`, `too_many_checkers` or `impossible_check`."""
    status = board.status()
    found = checkers(board)
    count = chess.popcount(found)
    if count > 2:
        return "too_many_checkers"
    if status & chess.STATUS_IMPOSSIBLE_CHECK:
        return "impossible_check"
    us, them = board.turn, not board.turn
    king = board.king(us)
    ep = board._valid_ep_square()
    if ep is not None and count:
        pushed_to, pushed_from = ep - forward(us), ep + forward(us)
        before = board.copy(stack=False)
        before.remove_piece_at(pushed_to)
        before.set_piece_at(pushed_from, chess.Piece(chess.PAWN, them))
        return "impossible_check" if attacked(before, king, them) else "ok"
    if count == 2 and all(attacked(before, king, them) for before in retractions(board)):
        return "impossible_check"
    return "ok"


def python_bits(board):
    status = board.status()
    bits = ("T" if status & chess.STATUS_TOO_MANY_CHECKERS else "") + (
        "I" if status & chess.STATUS_IMPOSSIBLE_CHECK else ""
    )
    return bits or "-"


def otherwise_valid(board):
    if board.king(chess.WHITE) is None or board.king(chess.BLACK) is None:
        return False
    return board.status() & ~CHECK_BITS == 0 and material_ok(board)


def random_square(board, mask=chess.BB_ALL):
    free = list(chess.scan_forward(mask & ~board.occupied & chess.BB_ALL))
    return RNG.choice(free) if free else None


def put_random_pieces(board, count):
    bags = {color: list(BAG) for color in chess.COLORS}
    for color in chess.COLORS:
        for role in chess.PIECE_TYPES[:-1]:
            for _ in board.pieces(role, color):
                if role in bags[color]:
                    bags[color].remove(role)
    for _ in range(count):
        color = RNG.choice(chess.COLORS)
        if not bags[color]:
            continue
        role = bags[color].pop(RNG.randrange(len(bags[color])))
        sq = random_square(board, ~BACK_RANKS if role == chess.PAWN else chess.BB_ALL)
        if sq is not None:
            board.set_piece_at(sq, chess.Piece(role, color))


def with_kings():
    board = chess.Board(None)
    board.turn = RNG.choice(chess.COLORS)
    board.set_piece_at(RNG.randrange(64), chess.Piece(chess.KING, chess.WHITE))
    while True:
        sq = RNG.randrange(64)
        if chess.square_distance(sq, board.king(chess.WHITE)) > 1:
            board.set_piece_at(sq, chess.Piece(chess.KING, chess.BLACK))
            return board


def random_position():
    board = with_kings()
    put_random_pieces(board, RNG.randint(2, 16))
    return board


def constructed_position():
    board = with_kings()
    us, them = board.turn, not board.turn
    king = board.king(us)
    wanted = RNG.choice([2, 2, 2, 3])
    for _ in range(wanted * 4):
        if chess.popcount(checkers(board)) >= wanted:
            break
        role = RNG.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.QUEEN])
        probe = chess.Piece(role, them)
        options = []
        for sq in chess.scan_forward(~board.occupied & chess.BB_ALL):
            if role == chess.PAWN and chess.BB_SQUARES[sq] & BACK_RANKS:
                continue
            board.set_piece_at(sq, probe)
            if board.attacks_mask(sq) & chess.BB_SQUARES[king]:
                options.append(sq)
            board.remove_piece_at(sq)
        if options:
            board.set_piece_at(RNG.choice(options), probe)
    put_random_pieces(board, RNG.randint(0, 10))
    return board


def add_double_step(board):
    """Puts a pawn of the side not to move that may just have made a double
    step, and its en-passant square; False if there is no room."""
    them = not board.turn
    rank = 3 if them == chess.WHITE else 4
    files = list(range(8))
    RNG.shuffle(files)
    for file in files:
        to = chess.square(file, rank)
        ep, start = to - forward(them), to - 2 * forward(them)
        if board.piece_at(to) or board.piece_at(ep) or board.piece_at(start):
            continue
        board.set_piece_at(to, chess.Piece(chess.PAWN, them))
        board.ep_square = ep
        return True
    return False


def double_checks_played():
    """Positions right after a legal move that gives a double check, from
    random positions (one time in three with an en-passant square first)."""
    while True:
        board = random_position() if RNG.random() < 0.5 else constructed_position()
        board.turn = not board.turn
        if RNG.random() < 0.35 and not add_double_step(board):
            continue
        if not otherwise_valid(board):
            continue
        doubles = []
        for move in board.legal_moves:
            if board.gives_check(move):
                board.push(move)
                if chess.popcount(checkers(board)) >= 2:
                    doubles.append(move)
                board.pop()
        if doubles:
            board.push(RNG.choice(doubles))
            yield chess.Board(board.fen(en_passant="fen"))


def game_positions(games):
    for _ in range(games):
        board = chess.Board()
        for _ in range(RNG.randint(20, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            checks = [m for m in moves if board.gives_check(m)]
            doubles = []
            for m in checks:
                board.push(m)
                if chess.popcount(checkers(board)) >= 2:
                    doubles.append(m)
                board.pop()
            move = RNG.choice(doubles or checks if checks and RNG.random() < 0.7 else moves)
            board.push(move)
            if checkers(board):
                yield chess.Board(board.fen(en_passant="fen"))


def main():
    seen = set()
    lines = []

    def keep(board, origin):
        if not checkers(board) or not otherwise_valid(board):
            return False
        fen = board.fen(en_passant="fen")
        if fen in seen:
            return False
        seen.add(fen)
        verdict = expected(board)
        if origin in ("game", "played") and verdict != "ok":
            sys.exit(f"a game reached {fen}, refused as {verdict}")
        if python_bits(board) != "-" and verdict == "ok":
            sys.exit(f"{fen}: python-chess refuses, expected verdict ok")
        lines.append(f"{fen}\t{python_bits(board)}\t{verdict}\t{origin}")
        return True

    for origin, make, count in [("random", random_position, 1200), ("constructed", constructed_position, 1800)]:
        kept = 0
        while kept < count:
            kept += keep(make(), origin)
    kept = 0
    while kept < 800:
        board = constructed_position() if RNG.random() < 0.5 else random_position()
        if add_double_step(board):
            kept += keep(board, "ep")
    kept = 0
    for board in double_checks_played():
        kept += keep(board, "played")
        if kept >= 600:
            break
    kept = 0
    for board in game_positions(100000):
        kept += keep(board, "game")
        if kept >= 700:
            break
    print("# Positions with the side to move in check (see scripts/make_check_fixtures.py).")
    print("# FEN, python-chess 1.11.2 status bits (T too many checkers, I impossible check, - neither),")
    print("# expected verdict (ok, too_many_checkers, impossible_check), origin. Tab-separated.")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
