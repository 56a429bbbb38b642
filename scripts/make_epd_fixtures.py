#!/usr/bin/env python3
"""Generates the EPD fixtures of tests/epd.rs with python-chess 1.11.2.

    pip install chess==1.11.2
    python3 scripts/make_epd_fixtures.py                       # step 1
    EPD_WRITE_OURS=/tmp/ours.txt cargo test --test integration epd::write_ours_for_python
    python3 scripts/make_epd_fixtures.py --ours /tmp/ours.txt  # step 2

Step 1 plays seeded random games (standard chess and Chess960), picks
positions from them and builds EPD records in the styles of the usual test
suites (WAC, STS, ERET) and of python-chess's own writer: bm/am with several
moves, id strings with quotes, backslashes and semicolons, c0-c9 comments,
acd/acn/ce/dm, pv lines, hmvc/fmvn, perft counts D1/D2, floats, operations
without operand, single moves and unknown opcodes. For each record it stores
in tests/data/epd/records.jsonl:

- "input": the record text, "chess960": whether to read it as Chess960;
- "fen": the position python-chess reads (clocks from hmvc/fmvn);
- "ops": python-chess's operations in order, as [opcode, kind, value] with
  kind none/string/integer/float/move/moves and moves in UCI;
- "written": python-chess's writing of those operations (Board.epd), which
  the script checks python-chess reads back to the same operations.

It also writes the inputs of each suite style to tests/data/epd/*.epd.

Step 2 reads the crate's writing of every record (one line each, in the
order of records.jsonl, dumped by the test above), has python-chess read
each line, checks that it gives the record's operations and position, and
stores the line as "ours". tests/epd.rs then checks that the crate still
writes exactly that text, so python-chess's reading of our output is
checked without Python at test time.
"""

import json
import random
import sys
from pathlib import Path

import chess

assert chess.__version__ == "1.11.2", chess.__version__

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "epd"
RECORDS = OUT / "records.jsonl"


def random_position(rng, chess960):
    """A position reached by a random game, not over, with at least 2 moves."""
    while True:
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        plies = rng.randrange(0, 80)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves.count() >= 2 and not board.is_game_over():
            return board.copy(stack=False)


def random_text(rng):
    parts = ["Undermine", "WAC", "a \"quoted\" word", "semi;colon", "back\\slash", "x", "12",
             "tab\there", "line\nbreak", "carriage\rreturn", "Nf5=10, Rf8=6", "f3f5 f1f8", "ERET 001 - Relief", "unicode é♞", ";", "\"", ""]
    return " ".join(rng.choice(parts) for _ in range(rng.randrange(1, 4)))


def playable(board):
    """The legal moves, without castling in Chess960: python-chess 1.11.2
    resolves an EPD's moves on a standard board, so it cannot read them."""
    return [m for m in board.legal_moves if not (board.chess960 and board.is_castling(m))]


def random_line(rng, board, length):
    line = []
    b = board.copy(stack=False)
    for _ in range(length):
        moves = playable(b)
        if not moves:
            break
        mv = rng.choice(moves)
        line.append(mv)
        b.push(mv)
    return line


def perft(board, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for mv in list(board.legal_moves):
        board.push(mv)
        total += perft(board, depth - 1)
        board.pop()
    return total


FLOATS = [1.5, 0.25, 1e-05, 0.0001, 123456789012345.6, 1.2345678901234567e16, -2.5e20, 100000.0, 0.0, -0.5, 3.0]


def random_ops(rng, board):
    """Python-chess operations (a dict in order) for the position."""
    legal = playable(board)
    candidates = {
        "bm": lambda: rng.sample(legal, rng.randrange(1, min(3, len(legal)) + 1)),
        "am": lambda: rng.sample(legal, rng.randrange(1, min(2, len(legal)) + 1)),
        "id": lambda: random_text(rng),
        "acd": lambda: rng.randrange(0, 40),
        "acn": lambda: rng.randrange(0, 10**12),
        "ce": lambda: rng.randrange(-900, 900),
        "dm": lambda: rng.choice([-3, -1, 1, 2, 5, 12]),
        "pv": lambda: random_line(rng, board, rng.randrange(1, 7)),
        "D1": lambda: perft(board, 1),
        "D2": lambda: perft(board, 2),
        "acs": lambda: rng.choice(FLOATS),
        "noop": lambda: None,
        "sm": lambda: rng.choice(legal),
        "xyz_9": lambda: random_text(rng),
    }
    for n in range(10):
        candidates[f"c{n}"] = lambda: random_text(rng)
    names = rng.sample(sorted(candidates), rng.randrange(1, 8))
    ops = {name: candidates[name]() for name in names}
    # Clocks: python-chess accepts any; the crate's positions keep only
    # possible ones, and a game always has them.
    clocks = rng.randrange(4)
    if clocks == 1:
        ops["hmvc"] = board.halfmove_clock
        ops["fmvn"] = board.fullmove_number
    elif clocks == 2:
        ops["fmvn"] = board.fullmove_number
    elif clocks == 3 and board.halfmove_clock == 0:
        ops["hmvc"] = 0
    return ops


def style_variants(rng, board, ops):
    """The record as python-chess writes it, and hand-styled variants."""
    written = board.epd(**ops)
    yield "python", written
    fen4 = written.split(" ", 4)[:4]
    parts = []
    for name, value in ops.items():
        if value is None:
            parts.append(name)
        elif name in ("bm", "am") and isinstance(value, list):
            # Unsorted, sometimes in UCI, as some suites write them.
            moves = list(value)
            rng.shuffle(moves)
            parts.append(name + " " + " ".join(board.uci(m) if rng.random() < 0.2 else board.san(m) for m in moves))
        else:
            parts.append(chess.Board.epd(board, **{name: value}).split(" ", 4)[4].rstrip(";"))
    seps = [";", "; ", " ; ", ";\t", " ;"]
    # python-chess reads a single move up to the `;`, spaces included, so
    # no space before the `;` after one.
    tight = [";", "; ", ";\t"]
    body = ""
    for i, part in enumerate(parts):
        after_move = i > 0 and isinstance(ops[list(ops)[i - 1]], chess.Move)
        body += part if i == 0 else rng.choice(tight if after_move else seps) + part
    if rng.random() < 0.5:
        body += ";"
    lead = rng.choice([" ", "  ", "\t", " ;"])
    last_move = isinstance(list(ops.values())[-1], chess.Move)
    yield "variant", " ".join(fen4) + lead + body + rng.choice(["", ";"] if last_move else ["", " ", ";"])


def suite_records(rng, board, style, number):
    legal = list(board.legal_moves)
    best = rng.sample(legal, rng.randrange(1, min(2, len(legal)) + 1))
    sans = sorted(board.san(m) for m in best)
    if style == "wac":
        return board.epd(bm=best, id=f"WAC.{number:03}")
    if style == "sts":
        scores = [10] + [rng.randrange(1, 9) for _ in sans[1:]]
        c0 = ", ".join(f"{s}={v}" for s, v in zip(sans, scores))
        return board.epd(bm=best, id=f"STS(v1.0) Undermine.{number:03}", c0=c0, c7=" ".join(sans),
                         c8=" ".join(map(str, scores)), c9=" ".join(board.uci(m) for m in best))
    if style == "eret":
        ops = {"bm": best}
        if rng.random() < 0.3:
            others = [m for m in legal if m not in best]
            ops["am"] = [rng.choice(others)]
        ops["id"] = f"ERET {number:03} - " + rng.choice(["Relief", "Zugzwang", "Endgame", "Bishop Sacrifice"])
        return board.epd(**ops)
    raise ValueError(style)


def encode_ops(board, ops):
    out = []
    for name, value in ops.items():
        if value is None:
            out.append([name, "none", None])
        elif isinstance(value, chess.Move):
            out.append([name, "move", board.uci(value)])
        elif isinstance(value, list):
            uci = []
            b = board.copy(stack=False)
            for mv in value:
                uci.append(b.uci(mv))
                if name == "pv":
                    b.push(mv)
            out.append([name, "moves", uci])
        elif isinstance(value, bool):
            raise TypeError(value)
        elif isinstance(value, int):
            out.append([name, "integer", value])
        elif isinstance(value, float):
            out.append([name, "float", value])
        else:
            out.append([name, "string", value])
    return out


def as_sets(encoded):
    return [[n, k, sorted(v) if n in ("bm", "am") else v] for n, k, v in encoded]


def read(text, chess960):
    board = chess.Board(chess960=chess960)
    ops = board.set_epd(text)
    return board, ops


def record(text, chess960, style):
    board, ops = read(text, chess960)
    encoded = encode_ops(board, ops)
    written = board.epd(**ops)
    board2, ops2 = read(written, chess960)
    # The writer sorts bm and am moves by SAN: compare those as sets.
    assert as_sets(encode_ops(board2, ops2)) == as_sets(encoded) and board2.fen() == board.fen(), (text, written)
    return {"style": style, "chess960": chess960, "input": text, "fen": board.fen(), "ops": encoded,
            "written": written}


def step1():
    rng = random.Random(20261201)
    OUT.mkdir(parents=True, exist_ok=True)
    records = []
    for i in range(200):
        chess960 = i % 5 == 4
        board = random_position(rng, chess960)
        ops = random_ops(rng, board)
        for style, text in style_variants(rng, board, ops):
            records.append(record(text, chess960, style))
    for style in ("wac", "sts", "eret"):
        lines = []
        for n in range(1, 41):
            board = random_position(rng, False)
            text = suite_records(rng, board, style, n)
            lines.append(text)
            records.append(record(text, False, style))
        (OUT / f"{style}_style.epd").write_text("\n".join(lines) + "\n")
    with RECORDS.open("w") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(records)} records written to {RECORDS}")


def step2(ours_path):
    records = [json.loads(line) for line in RECORDS.read_text().splitlines()]
    ours = Path(ours_path).read_text().split("\n")
    ours = ours[:len(records)]
    assert len(ours) == len(records), (len(ours), len(records))
    for r, text in zip(records, ours):
        board, ops = read(text, r["chess960"])
        assert encode_ops(board, ops) == r["ops"], (r["input"], text)
        assert board.fen() == r["fen"], (r["input"], text)
        r["ours"] = text
    with RECORDS.open("w") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"python-chess reads the crate's writing of all {len(records)} records back to the same operations")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--ours":
        step2(sys.argv[2])
    elif len(sys.argv) == 1:
        step1()
    else:
        sys.exit(__doc__)
