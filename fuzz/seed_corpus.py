#!/usr/bin/env python3
"""Writes starting corpora for the fuzz targets into fuzz/corpus/<target>/
(ignored by git): FENs from the perft suites, move texts in UCI and
SAN after short move sequences, and PGN (the test files, games with
side lines nested up to 100,000 deep). Usage: python3 fuzz/seed_corpus.py"""
import hashlib
import json
import os
import sys

root = os.path.dirname(os.path.abspath(__file__))
data = os.path.join(root, "..", "tests", "data")


def write(target, blob):
    d = os.path.join(root, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(blob).hexdigest()), "wb") as f:
        f.write(blob)


fens = []
for name in ["quick.epd", "quick960.epd", "unusual.epd"]:
    with open(os.path.join(data, name)) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fens.append(line.split(";")[0].strip())
for fen in fens[:300]:
    write("fen_roundtrip", fen.encode())
    write("random_play", b"\x80" + fen.encode() + b"\n" + bytes(range(0, 250, 7)))
    write("random_play", b"\xc0" + fen.encode() + b"\n" + bytes(range(3, 250, 11)))
    for flags in (0, 1):
        write("legal_vs_oracle", bytes([flags, 6]) + bytes(range(5, 60, 9)) + fen.encode())
        write("mode_roundtrip", bytes([0x80 | (flags << 6)]) + fen.encode() + b"\n" + bytes(range(1, 250, 13)))
write("legal_vs_oracle", bytes([2, 4, 1, 2, 3, 4, 0, 0, 0, 99, 0, 4, 5, 60, 11, 12, 0]))
write("fen_roundtrip", b"4k3/8/8/8/8/8/8/4K3 w - -")
write("fen_roundtrip", b"rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1")

texts = ["e2e4", "e1g1", "e1h1", "e1c1", "a7a8q", "b7b8n", "e5f6", "0000", "g1f3"]
sans = ["e4", "Nf3", "O-O", "O-O-O", "exf6", "exf6 e.p.", "a8=Q", "b8N+", "Qxe7#", "Rad1", "N1f3", "Kxh1"]
for start in range(10):
    for plies in (0, 1, 4):
        moves = bytes((start * 31 + i * 17) & 0xFF for i in range(plies))
        for t in texts:
            write("uci_parse", bytes([start, plies]) + moves + t.encode())
        for t in sans:
            write("san_parse", bytes([start, plies]) + moves + t.encode())
    write("random_play", bytes([start]) + bytes((start * 13 + i * 29) & 0xFF for i in range(120)))
    write("mode_roundtrip", bytes([start]) + bytes((start * 7 + i * 19) & 0xFF for i in range(60)))
# Game rules: knight shuffles (top bit: moves that keep the clock running),
# pops, and starts near the fifty- and seventy-five-move limits.
for start in range(6):
    write("game_rules", bytes([start]) + bytes([0x80, 0x80, 0x81, 0x81] * 6))
    write("game_rules", bytes([start]) + bytes([0x80 | (i * 5 & 0x7F) for i in range(40)]) + b"\xf0\xf0\x83")
    write("game_rules", bytes([start]) + bytes((i * 37) & 0xEF for i in range(80)))
# PGN: the test files, a few games cut from them, and side lines nested
# deeper than a call stack would take by recursion (100,000 deep is
# 900 KB: run pgn_read with -max_len=1048576).
for name in ["python_chess.pgn", "pgn_extract.pgn"]:
    with open(os.path.join(data, "pgn", name), "rb") as f:
        text = f.read()
    write("pgn_read", text)
    for game in text.split(b"\n\n[")[:40]:
        write("pgn_read", b"[" + game.lstrip(b"[") + b"\n")
for depth in (10, 1000, 30000, 100000):
    write("pgn_read", b"1. e4 " + b"( 1. d4 " * depth + b")" * depth + b" *\n")
    d = min(depth, 70000)  # 13 bytes a level
    write("pgn_read", b"[Event \"deep\"]\n\n1. e4 e5 " + b"(1... c5 {c} " * d + b")" * d + b" 2. Nf3 $1 1-0\n")
write("pgn_read", b'[White "a \\"quoted\\" \\\\ name"]\n[Variant "Chess960"]\n[FEN "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1"]\n\n1. O-O-O *\n')
# Arrow: Lichess-like games (clocks, evaluations, bad games) and the PGN
# test files, one game each, after a first byte that picks the options
# (batch size, UCI and SAN columns, a 64-byte line limit).
lichess = os.path.join(root, "..", "arrow", "tests", "data", "lichess_like.pgn")
for name in [lichess, os.path.join(data, "pgn", "python_chess.pgn")]:
    with open(name, "rb") as f:
        for i, game in enumerate(f.read().split(b"\n\n[")[:60]):
            write("arrow_convert", bytes([i * 37 & 0xFF]) + b"[" + game.lstrip(b"[") + b"\n")
# EPD: the suite files' records (perft counts, bm/am/id/c0 and the other
# operations of the test-suite styles, quoted strings with escapes), and
# the records python-chess was checked against.
for name in ["quick.epd", "quick960.epd", "unusual.epd", "epd/eret_style.epd", "epd/sts_style.epd"]:
    with open(os.path.join(data, name), "rb") as f:
        for line in f.read().splitlines()[:200]:
            if line.strip() and not line.startswith(b"#"):
                write("epd_roundtrip", line)
with open(os.path.join(data, "epd", "records.jsonl")) as f:
    for line in f:
        write("epd_roundtrip", json.loads(line)["input"].encode())
write("epd_roundtrip", b"4k3/8/8/8/8/8/8/R3K2R w KQ - bm O-O Ra8+; am Kd2; pv O-O Kd7 Rd1+; hmvc 3; fmvn 20; acd 1;")
write("epd_roundtrip", b"4k3/8/8/8/8/8/8/4K3 b - - 7 30 ce -12; dm 3; id \"a \\\"b\\\" ;c\"; c0 \"x\"; f1 1.5e-3;")
print("corpus written", file=sys.stderr)
