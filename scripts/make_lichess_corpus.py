#!/usr/bin/env python3
"""Writes Lichess-like PGN: the tags of a Lichess export, a clock after every
move, evaluations in some games, and broken games mixed in.

Games are random legal playouts made with python-chess (`pip install
chess`), the same for the same seed. The broken games (about 1 in 50 by
default) each carry `bad` in their Site tag, which comes before anything
broken, so a reader can tell which errors were meant.

    python3 scripts/make_lichess_corpus.py --games 200 --seed 1 > corpus.pgn
"""

import argparse
import random
import sys

import chess

TIME_CONTROLS = ["60+0", "180+0", "180+2", "300+0", "300+3", "600+0", "600+5", "900+10", "1800+0", "-"]
EVENTS = ["Rated Bullet game", "Rated Blitz game", "Rated Rapid game", "Rated Classical game", "Casual Blitz game"]
OPENINGS = [
    ("B01", "Scandinavian Defense"),
    ("C00", "French Defense"),
    ("C20", "King's Pawn Game"),
    ("A00", "Van't Kruijs Opening"),
    ("D02", "Queen's Pawn Game: Zukertort Variation"),
    ("B20", "Sicilian Defense"),
    ("C50", "Italian Game"),
]
TERMINATIONS = ["Normal", "Time forfeit", "Abandoned", "Rules infraction"]
BAD_KINDS = ["illegal", "garbage", "tag", "fen", "variant", "null_in_check"]


def clock_text(seconds):
    seconds = max(0, int(seconds))
    return "%d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def eval_text(rng, cp, board):
    """The eval after a move: mostly centipawns, sometimes a mate."""
    if board.is_checkmate():
        return "#0" if rng.random() < 0.5 else ("#-0" if board.turn else "#+0")
    if rng.random() < 0.03:
        n = rng.randint(1, 12)
        return "#%d" % (n if rng.random() < 0.5 else -n)
    pawns = cp / 100.0
    style = rng.random()
    if style < 0.02:
        return "%.3f" % pawns  # three decimals: python-chess ignores it
    if style < 0.05:
        return "%d" % round(pawns)
    text = ("%.2f" % pawns).rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0.0"


def headers(rng, n, bad):
    white_elo = rng.randint(800, 2900)
    black_elo = rng.randint(800, 2900)
    eco, opening = rng.choice(OPENINGS)
    tc = rng.choice(TIME_CONTROLS)
    day = rng.randint(1, 28)
    tags = [
        ("Event", rng.choice(EVENTS)),
        ("Site", "https://lichess.org/%s%05d" % ("bad" if bad else "gam", n)),
        ("Date", "2017.04.%02d" % day),
        ("Round", "-"),
        ("White", "player%d" % rng.randint(1, 500)),
        ("Black", 'player"%d\\' % rng.randint(1, 500) if rng.random() < 0.02 else "player%d" % rng.randint(1, 500)),
        ("Result", "*"),
        ("UTCDate", "2017.04.%02d" % day if rng.random() > 0.01 else "????.??.??"),
        ("UTCTime", "%02d:%02d:%02d" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))),
        ("WhiteElo", str(white_elo) if rng.random() > 0.02 else "?"),
        ("BlackElo", str(black_elo)),
        ("WhiteRatingDiff", "%+d" % rng.randint(-20, 20)),
        ("BlackRatingDiff", "%+d" % rng.randint(-20, 20)),
    ]
    if rng.random() < 0.05:
        tags.append(("WhiteTitle", rng.choice(["GM", "IM", "FM", "BOT"])))
    tags += [("ECO", eco), ("Opening", opening), ("TimeControl", tc), ("Termination", rng.choice(TERMINATIONS))]
    return tags, tc


def playout(rng, board, max_plies):
    """Random legal moves, captures and checks preferred."""
    moves = []
    while len(moves) < max_plies and not board.is_game_over():
        legal = list(board.legal_moves)
        good = [m for m in legal if board.is_capture(m) or board.gives_check(m)]
        move = rng.choice(good if good and rng.random() < 0.5 else legal)
        moves.append(move)
        board.push(move)
    return moves


def movetext(rng, start, moves, tc, with_evals):
    base, inc = (int(x) for x in tc.split("+")) if tc != "-" else (0, 0)
    clocks = [base, base]
    cp = rng.randint(-40, 60)
    board = start.copy()
    parts = []
    for mv in moves:
        number = board.fullmove_number
        white = board.turn
        san = board.san(mv)
        board.push(mv)
        side = 0 if white else 1
        clocks[side] = max(0, clocks[side] - rng.randint(0, max(2, base // 30)) + inc)
        cp += rng.randint(-80, 80)
        notes = []
        if with_evals:
            notes.append("[%%eval %s]" % eval_text(rng, cp, board))
        if tc != "-":
            notes.append("[%%clk %s]" % clock_text(clocks[side]))
        parts.append("%d%s %s" % (number, "." if white else "...", san))
        if notes:
            parts.append("{ %s }" % " ".join(notes))
    return parts, board


def result_of(rng, board):
    if board.is_checkmate():
        return "0-1" if board.turn == chess.WHITE else "1-0"
    if board.is_game_over():
        return "1/2-1/2"
    return rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"])


def break_game(rng, tags, parts, kind):
    """Makes one thing wrong in a game (after its Site tag)."""
    if kind == "illegal" and len(parts) > 4:
        i = rng.randrange(2, len(parts))
        while parts[i].startswith("{"):
            i -= 1
        number, _ = parts[i].split(" ", 1)
        parts[i] = number + " Ke8" if rng.random() < 0.5 else number + " Qh9"
    elif kind == "garbage":
        parts.insert(rng.randrange(0, len(parts) + 1), "@@junk@@")
    elif kind == "tag":
        tags.append(("WhiteElo", None))
    elif kind == "fen":
        tags.append(("FEN", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"))
        tags.append(("SetUp", "1"))
    elif kind == "variant":
        tags.append(("Variant", "Atomic"))
    else:
        parts.append("--")


def tag_line(name, value):
    if value is None:
        return "[%s 1500]" % name  # an unquoted value: a malformed tag pair
    return '[%s "%s"]' % (name, value.replace("\\", "\\\\").replace('"', '\\"'))


def game(rng, n, eval_share, bad_share):
    bad = rng.random() < bad_share
    tags, tc = headers(rng, n, bad)
    start = chess.Board()
    if not bad and rng.random() < 0.03:
        # A game from a position, as Lichess exports them.
        for _ in range(rng.randint(2, 8)):
            start.push(rng.choice(list(start.legal_moves)))
        if start.is_game_over():
            start = chess.Board()
        else:
            tags += [("FEN", start.fen()), ("SetUp", "1"), ("Variant", "From Position")]
    board = start.copy()
    moves = playout(rng, board, rng.randint(0, 12) if rng.random() < 0.05 else rng.randint(20, 180))
    parts, final = movetext(rng, start, moves, tc, rng.random() < eval_share)
    result = result_of(rng, final)
    tags[6] = ("Result", result)
    if bad:
        break_game(rng, tags, parts, rng.choice(BAD_KINDS))
    parts.append(result)
    return "\n".join(tag_line(k, v) for k, v in tags) + "\n\n" + " ".join(parts) + "\n\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-share", type=float, default=0.3, help="share of games with evaluations")
    parser.add_argument("--bad-share", type=float, default=0.02, help="share of broken games")
    parser.add_argument("--out", help="output file (standard output by default)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = open(args.out, "w", encoding="utf-8", newline="\n") if args.out else sys.stdout
    with out:
        for n in range(1, args.games + 1):
            out.write(game(rng, n, args.eval_share, args.bad_share))


if __name__ == "__main__":
    main()
