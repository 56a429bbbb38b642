#!/usr/bin/env python3
"""Prints the README table of python-chess's ``chess`` module next to
``chess_movegen``: one row for every public name that python-chess
defines in ``chess/__init__.py`` (functions, constants, classes, type
aliases) and for every public attribute of ``chess.Board``, each marked
``same`` (here, behaving as python-chess's), ``differs`` (here; the notes
say how) or ``not here``.

Run with python-chess and chess_movegen installed:
``python scripts/python_api_table.py > table.md``. The marks come from
introspection (is the name there, do constants compare equal, do
signatures take the same parameters, does a class have every public
member); the notes on behaviour are the hand-written ``NOTES`` below.
"""

from __future__ import annotations

import ast
import inspect
import sys
from typing import Any, List, Optional, Tuple

import chess

import chess_movegen

# How chess_movegen differs where introspection cannot see it (behaviour,
# not names). A name listed here is marked "differs".
NOTES = {
    "Board": "an invalid position raises `InvalidFenError` (python-chess accepts some, e.g. no kings); `push` checks legality",
    "Board.__init__": "an invalid position raises `InvalidFenError`; `Board(None)` (an empty board) is not supported",
    "Board.push": "checks legality and raises `IllegalMoveError` (python-chess does not check); takes python-chess `Move`s too",
    "Board.fen": "`en_passant` other than `legal`/`fen`/`xfen` raises `ValueError`",
    "Board.epd": "takes no EPD operations",
    "Board.transform": "raises `ValueError` when the result is not a legal position",
    "Board.apply_transform": "raises `ValueError` when the result is not a legal position",
    "Board.castling_rights": "read-only; the cleaned rights (python-chess's attribute keeps rights for absent pieces)",
    "Board.ep_square": "read-only; an en-passant square no double step explains is dropped when the FEN is read",
    "Board.turn": "read-only",
    "Board.halfmove_clock": "read-only",
    "Board.fullmove_number": "read-only",
    "Board.chess960": "read-only",
    "Board.occupied": "read-only",
    "Board.occupied_co": "read-only",
    "Board.promoted": "read-only",
    "Board.set_fen": "stricter on some FENs (two fields, signed clocks), laxer on others (`44`, castling letters out of order)",
    "Board.parse_san": "also reads long algebraic and UCI, annotations (`e4!!`), `exf6 e.p.`",
    "Board.push_san": "also reads long algebraic and UCI, annotations (`e4!!`), `exf6 e.p.`",
    "Board.copy": "`copy(stack=n)` keeps the last n moves; a subclass's copy is made without calling its `__init__`",
    "Move": "immutable; a square outside 0..63 raises `ValueError`; equal to and hashed as python-chess's `Move`",
    "SquareSet": "not hashable, no `_repr_svg_`; `sq in squares` is False for an int outside 0..63",
    **{f"Board.{name}": "read-only" for name in ("pawns", "knights", "bishops", "rooks", "queens", "kings")},
    "InvalidMoveError": "also raised for SAN python-chess reads as an illegal move (`Nf3=Q` raises `IllegalMoveError`)",
}


def defined_names(module: Any) -> List[str]:
    """The public names a module's own source assigns, defines or unpacks
    at its top level, in source order (imports left out)."""
    tree = ast.parse(inspect.getsource(module))
    names: List[str] = []

    def targets(node: ast.AST) -> None:
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, (ast.Tuple, ast.List)):
            for elt in node.elts:
                targets(elt)

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                targets(target)
        elif isinstance(node, ast.AnnAssign):
            targets(node.target)
    seen = set()
    return [n for n in names if not n.startswith("_") and not (n in seen or seen.add(n))]


def parameters(obj: Any) -> Optional[Tuple[str, ...]]:
    """A callable's parameter names, or None where Python cannot tell."""
    try:
        return tuple(p for p in inspect.signature(obj).parameters if p != "self")
    except (TypeError, ValueError):
        return None


def public_members(cls: type) -> set:
    return {n for n in dir(cls) if not n.startswith("_")}


def compare(ours: Any, theirs: Any) -> List[str]:
    """What introspection finds different between two objects of one name."""
    found: List[str] = []
    if isinstance(theirs, type):
        if not isinstance(ours, type):
            return [f"a {type(ours).__name__}, not a class"]
        missing = sorted(public_members(theirs) - public_members(ours))
        if missing and theirs is not chess.Board:
            found.append("lacks " + ", ".join(f"`{m}`" for m in missing))
        return found
    if callable(theirs) and not isinstance(theirs, (int, str)):
        mine, their = parameters(ours), parameters(theirs)
        if mine is not None and their is not None and mine != their:
            found.append(f"parameters ({', '.join(mine)}), python-chess ({', '.join(their)})")
        return found
    try:
        equal = bool(ours == theirs)
        if not equal and hasattr(theirs, "__iter__") and not isinstance(theirs, (str, dict)):
            # Move generators and views: equal when they give equal items.
            equal = list(ours) == list(theirs)
    except Exception:  # noqa: BLE001 -- any comparison failure is a difference
        equal = False
    if not equal:
        found.append(f"value `{str(ours)[:40]}`")
    return found


def row(label: str, ours: Any, theirs: Any, key: str) -> str:
    if ours is None:
        return f"| `{label}` | not here | |"
    notes = compare(ours, theirs)
    if key in NOTES:
        notes.insert(0, NOTES[key])
    return f"| `{label}` | {'differs' if notes else 'same'} | {'; '.join(notes)} |"


def main() -> None:
    print(f"Generated by `scripts/python_api_table.py` against python-chess {chess.__version__}.")
    print()
    print("| python-chess | chess_movegen | notes |")
    print("|---|---|---|")
    counts = {"same": 0, "differs": 0, "not here": 0}
    lines = []
    for name in defined_names(chess):
        theirs = getattr(chess, name)
        lines.append(row(f"chess.{name}", getattr(chess_movegen, name, None), theirs, name))
    ours_board = chess_movegen.Board
    # Attributes that __init__ sets (turn, occupied_co...) are only on an
    # instance; methods are compared on the class.
    their_board, my_board = chess.Board(), ours_board()
    for name in sorted(public_members(chess.Board) | {n for n in vars(their_board) if not n.startswith("_")}):
        theirs = getattr(their_board, name)
        if callable(theirs) and hasattr(chess.Board, name):
            theirs = getattr(chess.Board, name)
            ours = getattr(ours_board, name, None)
        else:
            ours = getattr(my_board, name, None)
        lines.append(row(f"Board.{name}", ours, theirs, f"Board.{name}"))
    for line in lines:
        counts[line.split(" | ")[1]] += 1
        print(line)
    print()
    print(", ".join(f"{n} {k}" for k, n in counts.items()) + f" of {len(lines)} names.")


if __name__ == "__main__":
    sys.exit(main())
