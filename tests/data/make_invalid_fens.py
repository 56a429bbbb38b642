#!/usr/bin/env python3
"""Writes tests/data/invalid_fens.txt: FENs that python-chess, an
independent implementation, refuses, made by random edits of the valid
FENs of tests/data/quick.epd. Each line is `reason<TAB>fen`, where the
reason is python-chess's: a parse error, or the status flags of a board
that parses but is not valid.

Kept are only the rules both libraries have: positions whose only fault
for python-chess is an impossible check pattern (two sliders giving check
along lines no last move can open, too many checkers) are skipped, as are
texts with a tab or newline (the file's separators). Two adjacent
digits ("44") and a White castling letter after a Black one ("kK") are
kept: the crate's strict parser refuses them as python-chess does (its
lenient parser reads them). Deterministic:
python3 tests/data/make_invalid_fens.py (python-chess 1.11)."""
import os
import random

import chess

COUNT = 4000
here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261129)

with open(os.path.join(here, "quick.epd")) as f:
    valid = [l.split(";")[0].strip() for l in f if l.strip() and not l.startswith("#")]

ALPHABET = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789x~+.\0é\u00a0８"
IGNORED = chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK

FLAGS = sorted((name, getattr(chess, name)) for name in dir(chess) if name.startswith("STATUS_") and name != "STATUS_VALID")


def mutate(fen):
    chars = list(fen)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(6)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and i < len(chars):
            chars[i] = rng.choice(ALPHABET)
        elif op == 1:
            chars.insert(i, rng.choice(ALPHABET))
        elif op == 2 and i < len(chars):
            del chars[i]
        elif op == 3 and i + 1 < len(chars):
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
        elif op == 4:
            # Swap two squares of the board (moves pieces, breaks legality).
            board, rest = fen.split(" ", 1)
            b = chess.Board(fen)
            a, c = rng.randrange(64), rng.randrange(64)
            pa, pc = b.piece_at(a), b.piece_at(c)
            b.set_piece_at(a, pc)
            b.set_piece_at(c, pa)
            chars = list(b.board_fen() + " " + rest)
        else:
            # Replace a whole field with one from another FEN.
            fields = "".join(chars).split(" ")
            other = rng.choice(valid).split(" ")
            k = rng.randrange(min(len(fields), len(other)))
            fields[k] = other[k]
            chars = list(" ".join(fields))
    return "".join(chars)


def reason(text):
    try:
        board = chess.Board(text)
    except ValueError as e:
        message = str(e).split(":")[0]
        return "parse: " + message
    status = board.status()
    if status == chess.STATUS_VALID or status & ~IGNORED == 0:
        return None
    return "status: " + "|".join(name[7:] for name, bit in FLAGS if status & bit and not bit & IGNORED)


seen = set()
out = []
tries = 0
while len(out) < COUNT:
    tries += 1
    text = mutate(rng.choice(valid))
    if text in seen or "\t" in text or "\n" in text or "\r" in text:
        continue
    seen.add(text)
    why = reason(text)
    if why is not None:
        out.append(why.replace("\t", " ") + "\t" + text)

with open(os.path.join(here, "invalid_fens.txt"), "w", encoding="utf-8", newline="\n") as f:
    f.write("# made by make_invalid_fens.py: %d mutants tried, %d refused by python-chess kept\n" % (tries, len(out)))
    for line in out:
        f.write(line + "\n")
print(tries, len(out))
