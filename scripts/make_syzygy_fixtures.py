#!/usr/bin/env python3
"""Expected Syzygy WDL/DTZ values for chess-movegen-syzygy's tests.

python-chess (pip install chess==1.11.2) is used as a black-box oracle: its
`chess.syzygy` prober is run on positions and its answers written down; no
code of it is used by the crate.

Usage:
    scripts/make_syzygy_fixtures.py TABLE_DIR [--epd ENDGAME_EPD] > syzygy/tests/data/expected.txt
    scripts/make_syzygy_fixtures.py TABLE_DIR --all > /tmp/expected_all.txt

--epd-only: only the E lines. --exhaustive A,B and --samples C,D choose the
tables of the D and P lines (`none` for no table); the default is the five
3-piece tables and COMMITTED. Runs with different choices can be made in
parallel and their outputs concatenated. --count N: N samples per table
(and at most N en-passant positions) instead of 1,500.

TABLE_DIR holds the 3-4-piece tables (python-chess's sdist ships them in
data/syzygy/regular). Output lines:

    D TABLE STM WK COUNT DIGEST
        Every legal position of the 3-piece table TABLE (white has the
        pieces) with STM (w/b) to move and the white king on square WK
        (0 = a1), enumerated in the order of `exhaustive()` below: COUNT
        positions, and DIGEST the 64-bit FNV-1a-style hash of their values
        (see `fold`).
    E FEN;WDL;DTZ
        A position of python-chess's data/endgame.epd (--epd) with the WDL
        and DTZ that file states (not recomputed).
    P FEN;WDL;DTZ
        One sampled position of a table of 4 or more pieces (random
        placement, colors and side to move; en-passant positions from
        KPvKP).
    B FEN;WDL;DTZ;EP
        --beyond N: one of N positions with one piece more than the
        largest table (5 pieces, a double step that can be taken en
        passant), whose captures all lead into the committed 4-piece
        tables. WDL and DTZ as python-chess answers, `-` where it raises
        (its own table is needed); EP is 1 where an en-passant capture
        wins (by python-chess's probe of the position after it), else 0.

Without --all: exhaustive digests of the five 3-piece tables, and samples
of the 4-piece tables that the repository commits (COMMITTED below). With
--all: samples of every table of 4 or more pieces in TABLE_DIR (for the
ignored test that runs on a whole directory: the 3-4-piece set, or 5-piece
tables with the smaller tables they reach).
"""

import random
import sys

import chess
import chess.syzygy

THREE = ["KPvK", "KNvK", "KBvK", "KRvK", "KQvK"]
COMMITTED = ["KNNvK", "KRvKR", "KRvKN", "KQvKR", "KPPvK", "KBvKP", "KPvKP"]
SAMPLES = 1500
EP_SAMPLES = 1500
MASK = (1 << 64) - 1
ROLES = {"P": chess.PAWN, "N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK, "Q": chess.QUEEN, "K": chess.KING}


def fold(h, wdl, dtz):
    """Adds one position's (wdl, dtz) to a digest."""
    v = (wdl + 2) | ((dtz & 0xFFFF) << 8)
    return ((h ^ v) * 0x100000001B3) & MASK


def valid(board):
    # The crate parses with impossible checks allowed; everything else that
    # python-chess refuses is skipped on both sides.
    return board.status() & ~chess.STATUS_IMPOSSIBLE_CHECK == chess.STATUS_VALID


def exhaustive(tb, name):
    piece = ROLES[name[1]]
    for stm, turn in (("w", chess.WHITE), ("b", chess.BLACK)):
        for wk in range(64):
            h = 0xCBF29CE484222325
            count = 0
            for bk in range(64):
                if bk == wk:
                    continue
                for sq in range(64):
                    if sq in (wk, bk):
                        continue
                    if piece == chess.PAWN and not 8 <= sq < 56:
                        continue
                    board = chess.Board(None)
                    board.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
                    board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
                    board.set_piece_at(sq, chess.Piece(piece, chess.WHITE))
                    board.turn = turn
                    if not valid(board):
                        continue
                    h = fold(h, tb.probe_wdl(board), tb.probe_dtz(board))
                    count += 1
            print(f"D {name} {stm} {wk} {count} {h:016x}")


def random_position(rng, name):
    white, black = name.split("v")
    swap = rng.random() < 0.5
    while True:
        board = chess.Board(None)
        used = set()
        for side, color in ((white, chess.WHITE), (black, chess.BLACK)):
            for ch in side:
                role = ROLES[ch]
                while True:
                    sq = rng.randrange(64)
                    if sq in used or (role == chess.PAWN and not 8 <= sq < 56):
                        continue
                    break
                used.add(sq)
                board.set_piece_at(sq, chess.Piece(role, color != swap))
        board.turn = rng.random() < 0.5
        if valid(board):
            return board


def ep_position(rng):
    """KPvKP just after a double step that can be taken en passant."""
    while True:
        board = chess.Board(None)
        mover = rng.random() < 0.5  # the side that captures
        f = rng.randrange(8)
        df = rng.choice([-1, 1])
        if not 0 <= f + df < 8:
            continue
        if mover == chess.WHITE:
            capturer, pushed, ep = chess.square(f, 4), chess.square(f + df, 4), chess.square(f + df, 5)
        else:
            capturer, pushed, ep = chess.square(f, 3), chess.square(f + df, 3), chess.square(f + df, 2)
        board.set_piece_at(capturer, chess.Piece(chess.PAWN, mover))
        board.set_piece_at(pushed, chess.Piece(chess.PAWN, not mover))
        used = {capturer, pushed}
        for color in (chess.WHITE, chess.BLACK):
            while True:
                sq = rng.randrange(64)
                if sq not in used:
                    break
            used.add(sq)
            board.set_piece_at(sq, chess.Piece(chess.KING, color))
        # The squares the pawn crossed must have been empty.
        start = chess.square(f + df, 6 if mover == chess.WHITE else 1)
        if ep in used or start in used:
            continue
        board.turn = mover
        board.ep_square = ep
        if valid(board) and board.has_legal_en_passant():
            return board


def beyond_position(rng):
    """A 5-piece position after a double step that can be taken en passant:
    the pawns and kings of `ep_position` and one more piece."""
    while True:
        board = ep_position(rng)
        role = rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        sq = rng.randrange(64)
        ep = board.ep_square
        pushed_from = ep + 8 if board.turn == chess.WHITE else ep - 8
        # Not on the squares the double step crossed or came from.
        if board.piece_at(sq) or sq in (ep, pushed_from) or (role == chess.PAWN and not 8 <= sq < 56):
            continue
        board.set_piece_at(sq, chess.Piece(role, rng.random() < 0.5))
        board.ep_square = ep
        if valid(board) and board.has_legal_en_passant():
            return board


def committed_tables():
    """The names of the WDL tables the repository commits."""
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    directory = os.path.join(here, "..", "syzygy", "tests", "data", "syzygy")
    return {n[:-5] for n in os.listdir(directory) if n.endswith(".rtbw")}


def covered(board, committed):
    """Whether every legal capture of `board` leads into a committed table."""
    for move in board.generate_legal_captures():
        board.push(move)
        key = chess.syzygy.calc_key(board)
        mirrored = chess.syzygy.calc_key(board, mirror=True)
        board.pop()
        if key not in committed and mirrored not in committed:
            return False
    return True


def beyond(tb, rng, count):
    committed = committed_tables()
    for _ in range(count):
        while True:
            board = beyond_position(rng)
            if covered(board, committed):
                break
        try:
            wdl, dtz = str(tb.probe_wdl(board)), str(tb.probe_dtz(board))
        except KeyError:
            wdl, dtz = "-", "-"
        ep_wins = 0
        for move in board.generate_legal_ep():
            board.push(move)
            ep_wins |= tb.probe_wdl(board) == -2
            board.pop()
        print(f"B {board.fen()};{wdl};{dtz};{int(ep_wins)}")


def choice(args, flag, default):
    if flag not in args:
        return default
    value = args[args.index(flag) + 1]
    return [] if value == "none" else value.split(",")


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return
    directory = args[0]
    everything = "--all" in args[1:]
    rng = random.Random(20261202)
    with chess.syzygy.open_tablebase(directory) as tb:
        print("# Expected Syzygy values from python-chess", chess.__version__, "(scripts/make_syzygy_fixtures.py)")
        if "--epd" in args:
            with open(args[args.index("--epd") + 1]) as epd:
                for line in epd:
                    if not line.strip():
                        continue
                    board, ops = chess.Board.from_epd(line)
                    print(f"E {board.fen()};{ops['wdl']};{ops['dtz']}")
        if "--epd-only" in args:
            return
        if "--beyond" in args:
            beyond(tb, rng, int(args[args.index("--beyond") + 1]))
            return
        if everything:
            import glob
            import os

            names = sorted(
                os.path.basename(p)[:-5]
                for p in glob.glob(os.path.join(directory, "*.rtbw"))
                if len(os.path.basename(p)[:-5]) >= 5
            )
        else:
            for name in choice(args, "--exhaustive", THREE):
                exhaustive(tb, name)
            names = choice(args, "--samples", COMMITTED)
        samples = int(args[args.index("--count") + 1]) if "--count" in args else SAMPLES
        for name in names:
            for _ in range(samples):
                board = random_position(rng, name)
                print(f"P {board.fen()};{tb.probe_wdl(board)};{tb.probe_dtz(board)}")
        if "KPvKP" in names:
            for _ in range(min(samples, EP_SAMPLES)):
                board = ep_position(rng)
                print(f"P {board.fen()};{tb.probe_wdl(board)};{tb.probe_dtz(board)}")


if __name__ == "__main__":
    main()
