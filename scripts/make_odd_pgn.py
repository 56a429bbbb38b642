#!/usr/bin/env python3
"""Writes PGN in the many shapes real files have, to compare the Arrow tables
with python-chess on more than Lichess's own layout
(`python/tests/test_arrow_odd_shapes.py` does, game by game).

Games are random legal games made with python-chess (`pip install chess`),
many from real openings, biased to castling, en passant, promotions and
checks; some start from a `FEN` tag or are Chess960, a few hold a null
move. Each is then written in a random mix of shapes: clocks and
evaluations in python-chess's grammar and at its edges (`0:00:05.3`,
`10:00:00`, `#-2`, `0.17,23`, `12.345`, spaces, tabs and Unicode spaces,
several comments after one move, `[%emt]`, `[%csl]`), SAN with and
without `+`/`#`, `0-0`, `e8Q`, long algebraic, `e.p.` (before or after
a check mark), NAGs and `!?`, side lines nested, comments
before the first move and after a move number, no move numbers, lines
of every length with trailing spaces or tabs, tags with escapes,
non-ASCII text, odd values (`WhiteElo "?"`, `UTCDate "????.??.??"`,
`TimeControl "1/259200"`), repeated tags, a missing `Result` tag, a result
that disagrees with the movetext's or no result at all, games without
moves. Whole-file shapes: CR LF line ends, a byte-order mark, one to three
blank lines between games, no final line feed.

Each game's Site tag is `g<n>` and its `Shapes` tag names what was done.

    python3 scripts/make_odd_pgn.py --games 500 --seed 1 --crlf --bom --separators mixed > odd.pgn
"""

import argparse
import random
import sys

import chess

OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", "d4 d5 c4 e6 Nc3 Nf6",
    "e4 e6 d4 d5 e5 c5", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6", "e4 c6 d4 d5 exd5 cxd5", "c4 e5 Nc3 Nf6 g3",
    "e4 d5 exd5 Qxd5 Nc3 Qa5", "Nf3 d5 g3 Nf6 Bg2 e6 O-O", "e4 e5 f4 exf4 Nf3 g5",
    "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 O-O", "d4 d5 Bf4 Nf6 e3 c5 c3 Nc6",
]
EVALS = ["0.17", "-0.00", "#3", "#-2", "12.345", "0.17,23", "-1.5", "3.", ".5", "#+4", "+0.3", "0", "#0",
         "-12", "1234567890", "12345678901", "#-0", "0.1,", "1.25,9", "-.25", "99.99"]


def play(rng, board, plies):
    """Random legal moves pushed on `board`, half of them special (castling,
    en passant, promotion, check) when there are such moves."""
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        special = [m for m in legal if board.is_castling(m) or board.is_en_passant(m) or m.promotion
                   or board.gives_check(m)]
        captures = [m for m in legal if board.is_capture(m)]
        r = rng.random()
        move = rng.choice(special if special and r < 0.5 else captures if captures and r < 0.7 else legal)
        moves.append(move)
        board.push(move)
    return moves


def clock_text(rng, secs):
    h, m, s = secs // 3600, secs // 60 % 60, secs % 60
    return rng.choice([
        "%d:%02d:%02d" % (h, m, s), "%d:%02d:%02d.%d" % (h, m, s, rng.randrange(10)),
        "%d:%02d:%02d" % (h + rng.choice([0, 1, 10]), m, s), "%02d:%02d:%02d" % (h, m, s),
        "%d:%d:%d" % (h, m, s), "%d:%02d:%02d.%02d" % (h, m, s, rng.randrange(100)), "%d:%02d:%02d." % (h, m, s),
    ])


def eval_text(rng):
    return rng.choice(EVALS) if rng.random() < 0.5 else "%.2f" % rng.uniform(-5, 5)


def annotation(rng, secs, shapes):
    """The comment (or comments) after a move: Lichess's shape most often."""
    clk = "[%%clk %s]" % clock_text(rng, secs)
    ev = "[%%eval %s]" % eval_text(rng)
    if rng.random() < 0.35:
        return "{ %s %s }" % (ev, clk) if rng.random() < 0.3 else "{ %s }" % clk
    shapes.add("notes")
    return rng.choice([
        "{%s}" % clk, "{ %s %s }" % (clk, ev), "{ [%%clk  %s] }" % clock_text(rng, secs),
        "{[%%clk\t%s]}" % clock_text(rng, secs), "{ [%%emt 0:00:03] %s }" % clk,
        "{ [%%csl Ga4,Rb5] [%%cal Ge2e4,Rd7d5] %s %s }" % (ev, clk), "{ good move } { %s }" % clk,
        "{ %s } { %s }" % (ev, clk), "{ %s } { [%%clk 9:59:59] [%%eval 9.99] }" % clk, "{ text %s more text }" % ev,
        "{ [%%clk %s ] }" % clock_text(rng, secs), "{ [%%clk 0:0:%d] }" % rng.randrange(100),
        "{ [%%eval  0.5] [%%eval 1.5] %s }" % clk, "{ [%%eval 0.5 ] %s }" % clk, "{ [%%clk bad] %s }" % clk,
        "{ %s\n%s }" % (ev, clk), "{ a } ; rest of line [%clk 0:00:01]\n",
        "{ [%%eval #%d,5] %s }" % (rng.randint(-9, 9), clk),
        "{ [%%CLK %s] %s }" % (clock_text(rng, secs), ev), "{}", "{ }", "{ %s}{%s }" % (ev, clk),
        "{ [%eval 0.3][%clk 0:01:00] }", "{[%eval -0.3] [%clk 0:01:00]}", "{ [%clk 1:00:00] } $1",
        "{ [%%evalx 1.0] %s }" % ev, "{ [%%clk\u00a0%s] }" % clock_text(rng, secs),
        "{ [%%eval\x1c%s] [%%clk\u2003%s] }" % (eval_text(rng), clock_text(rng, secs)),
    ])


def san_text(rng, board, move, shapes):
    """The move as files write it: SAN, or one of its variants."""
    san = board.san(move)
    r = rng.random()
    if r < 0.04 and san[-1] in "+#":
        shapes.add("nocheck")
        return san[:-1]
    if r < 0.06 and board.is_en_passant(move):
        shapes.add("ep")
        # After a check mark when the capture checks (`exd6+e.p.`).
        return san + rng.choice([" e.p.", "e.p.", " e.p.+" if san[-1] not in "+#" else "e.p."])
    if r < 0.15 and san.startswith("O-O"):
        shapes.add("zeros")
        return san.replace("O", "0")
    if r < 0.3 and move.promotion and "=" in san:
        shapes.add("promotion")
        return san.replace("=", "")
    if r < 0.33 and not board.is_castling(move):
        shapes.add("long")
        piece = board.piece_at(move.from_square)
        letter = "" if piece.piece_type == chess.PAWN else piece.symbol().upper()
        sep = "x" if board.is_capture(move) else rng.choice(["-", ""])
        text = letter + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square)
        return text + ("=" + chess.piece_symbol(move.promotion).upper() if move.promotion else "")
    if r < 0.36:
        shapes.add("nag")
        return san + rng.choice(["!", "?", "!?", "?!", "!!", "??", " $1", " $14", " $146"])
    return san


def side_line(rng, board, depth, shapes):
    """A side line from `board` (the position before the main line's move),
    with comments that must not count, sometimes with side lines of its own."""
    b = board.copy()
    tokens = []
    for i in range(rng.randint(0, 4)):
        legal = list(b.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        if i == 0 or b.turn == chess.WHITE:
            tokens.append("%d%s" % (b.fullmove_number, "." if b.turn == chess.WHITE else "..."))
        tokens.append(b.san(move))
        if rng.random() < 0.3:
            tokens.append("{ [%clk 0:00:01] [%eval #1] }")
        if depth < 3 and rng.random() < 0.2:
            shapes.add("nested")
            tokens.append(side_line(rng, b, depth + 1, shapes))
        b.push(move)
    return "( " + " ".join(tokens) + " )" if rng.random() < 0.8 else "(" + " ".join(tokens) + ")"


def start_and_moves(rng, shapes):
    """The start position, its tags, and the main line."""
    tags, board = [], chess.Board()
    r = rng.random()
    if r < 0.08:
        shapes.add("fen")
        play(rng, board, rng.randint(1, 30))
        board = chess.Board(board.fen()) if not board.is_game_over() else chess.Board()
        tags += [("SetUp", "1"), ("FEN", board.fen())]
    elif r < 0.13:
        shapes.add("chess960")
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        tags += [("Variant", "Chess960"), ("FEN", board.fen()), ("SetUp", "1")]
    elif r < 0.8:
        for san in rng.choice(OPENINGS).split()[: rng.randint(0, 10)]:
            board.push_san(san)
    start = chess.Board(board.fen(), chess960=board.chess960) if tags else chess.Board()
    moves = list(board.move_stack) if not tags else []
    moves += play(rng, board.copy(), rng.choice([0, 1, 2, 10, 40, 80, 150, 250]) if rng.random() < 0.95 else 0)
    if rng.random() < 0.03 and moves:
        cut = rng.randrange(len(moves))
        b = start.copy()
        for m in moves[:cut]:
            b.push(m)
        if not b.is_check():
            shapes.add("null")
            b.push(chess.Move.null())
            moves = moves[:cut] + [chess.Move.null()] + play(rng, b, rng.randint(0, 20))
    return tags, start, moves


def tag_lines(rng, n, tags, result, shapes):
    """The tag section: the roster, Lichess's tags with odd values, extras."""
    r = rng.random()
    if r < 0.1:
        shapes.add("resultdiff" if r < 0.05 else "noresulttag")
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "*"]) if r < 0.05 else None
    pairs = [("Event", "Rated Blitz game"), ("Site", "g%d" % n), ("Date", "2024.01.02"), ("Round", "-"),
             ("White", "w%d" % n), ("Black", "b%d" % n)] + tags
    pairs += [("Result", result)] if result else []
    pairs += [("UTCDate", rng.choice(["2024.01.02", "????.??.??", "2024.02.30", "2024.1.2"])),
              ("UTCTime", rng.choice(["12:34:56", "00:00:00", "23:59:59", "1:2:3"])),
              ("WhiteElo", rng.choice(["1500", "?", "2900", "-", ""])), ("BlackElo", rng.choice(["1400", "?", "0"])),
              ("WhiteRatingDiff", rng.choice(["+5", "-12", "0"])),
              ("TimeControl", rng.choice(["300+0", "-", "1/259200", "180+2", "600", "?", "40/7200:3600"])),
              ("ECO", "C20"), ("Opening", rng.choice(["King's Pawn", "Sicilian Defense: Najdorf", ""])),
              ("Termination", "Normal")]
    if rng.random() < 0.1:
        shapes.add("oddtags")
        pairs.append((rng.choice(["White", "Annotator", "WhiteElo"]), rng.choice(["dup", "1700", 'x \\"q\\" y'])))
        pairs.append(("WhiteTitle", rng.choice(["GM", "BOT", "Ölçü Çağrı", "名人", "a\\\\b"])))
        pairs.append(("LongTag", "x" * rng.choice([10, 300, 5000])))
        pairs.append(("Black", rng.choice(["Ünïcödé Näme", "O'Brien", '\\"quoted\\"', "tab\there"])))
    if rng.random() < 0.05:
        rng.shuffle(pairs)
    lines = []
    for name, value in pairs:
        if rng.random() < 0.02:
            shapes.add("tagspace")
            lines.append('[%s\t"%s"]  ' % (name, value))
        else:
            lines.append('[%s "%s"]' % (name, value))
    return lines


def movetext_tokens(rng, start, moves, result, shapes):
    tokens = []
    if rng.random() < 0.1:
        shapes.add("precomment")
        tokens.append(rng.choice(["{ start }", "{ [%clk 0:05:00] }", "{ [%evp 1,2] }"]))
    b, secs = start.copy(), rng.choice([60, 180, 600, 3600, 40000])
    numbers, annotate = rng.randrange(4), rng.random() < 0.8
    for i, move in enumerate(moves):
        if b.turn == chess.WHITE or i == 0:
            number = "%d%s" % (b.fullmove_number, "." if b.turn == chess.WHITE else "...")
            if numbers == 1:
                number = number.replace("...", ". ..")
            if not (numbers == 2 and rng.random() < 0.5):
                tokens.append(number)
                if rng.random() < 0.02:
                    shapes.add("numbercomment")
                    tokens.append("{ between }")
        san = "--" if move == chess.Move.null() else san_text(rng, b, move, shapes)
        if numbers == 3 and tokens and tokens[-1].rstrip(".").isdigit() and rng.random() < 0.5:
            tokens[-1] += san  # 1.e4
        else:
            tokens.append(san)
        secs = max(0, secs - rng.randint(0, 9))
        if annotate:
            tokens.append(annotation(rng, secs, shapes))
        if rng.random() < 0.05 and move != chess.Move.null():
            shapes.add("sideline")
            tokens.append(side_line(rng, b, 0, shapes))
        b.push(move)
    if rng.random() < 0.97:
        tokens.append(result)
    else:
        shapes.add("nomarker")
    return tokens


def layout(rng, tokens, shapes):
    """The movetext's lines: one long line, or wrapped at a width."""
    width = 10**9 if rng.random() < 0.1 else rng.choice([79, 80, 255])
    lines, line = [], ""
    for t in tokens:
        if line and len(line) + 1 + len(t) > width:
            lines.append(line)
            line = ""
        line = line + " " + t if line else t
        if t.endswith("\n"):  # a rest-of-line comment
            lines.append(line[:-1])
            line = ""
    lines.append(line)
    if rng.random() < 0.05:
        shapes.add("trailing")
        lines = [l + rng.choice([" ", "\t", "  "]) for l in lines]
    if rng.random() < 0.05:
        shapes.add("tabs")
        lines = [l.replace(" ", "\t", 1) for l in lines]
    return "\n".join(lines)


def game(rng, n):
    shapes = set()
    tags, start, moves = start_and_moves(rng, shapes)
    end = start.copy()
    for m in moves:
        end.push(m)
    outcome = end.outcome()
    result = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    head = tag_lines(rng, n, tags, result, shapes)
    text = layout(rng, movetext_tokens(rng, start, moves, result, shapes), shapes)
    head.insert(2, '[Shapes "%s"]' % ",".join(sorted(shapes)))
    return "\n".join(head) + "\n\n" + text + "\n"


def pgn_bytes(games, seed, crlf=False, bom=False, separators="one", final_newline=True):
    """The file: `games` games with the whole-file shapes asked for."""
    rng = random.Random(seed)
    parts = []
    for n in range(1, games + 1):
        parts.append(game(rng, n))
        parts.append({"one": "\n", "two": "\n\n"}.get(separators) or rng.choice(["\n", "\n\n", "\n\n\n"]))
    text = "".join(parts)
    if not final_newline:
        text = text.rstrip("\n")
    if crlf:
        text = text.replace("\n", "\r\n")
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--crlf", action="store_true", help="CR LF line ends")
    parser.add_argument("--bom", action="store_true", help="a UTF-8 byte-order mark")
    parser.add_argument("--separators", choices=["one", "two", "mixed"], default="one",
                        help="blank lines between games")
    parser.add_argument("--no-final-newline", action="store_true")
    parser.add_argument("--out", help="the output file (default: standard output)")
    args = parser.parse_args()
    data = pgn_bytes(args.games, args.seed, args.crlf, args.bom, args.separators, not args.no_final_newline)
    if args.out:
        with open(args.out, "wb") as f:
            f.write(data)
    else:
        sys.stdout.buffer.write(data)


if __name__ == "__main__":
    main()
