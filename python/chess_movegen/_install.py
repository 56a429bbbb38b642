"""``install_as_chess()``: the names ``chess``, ``chess.pgn``,
``chess.polyglot``, ``chess.syzygy``, ``chess.engine`` and ``chess.svg``
made this package's modules, for programs written for python-chess."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from typing import Callable, Optional, Sequence

# python-chess's module names and this package's modules behind them.
ALIASES = {
    "chess": "chess_movegen",
    "chess.pgn": "chess_movegen.pgn",
    "chess.polyglot": "chess_movegen.polyglot",
    "chess.syzygy": "chess_movegen.syzygy",
    "chess.engine": "chess_movegen.engine",
    "chess.svg": "chess_movegen.svg",
}


class _AliasLoader(importlib.abc.Loader):
    """Loads a name as an already importable module of this package."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec):  # type: ignore[no-untyped-def]
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:  # type: ignore[no-untyped-def]
        pass


class _Finder(importlib.abc.MetaPathFinder):
    """Answers every import of ``chess`` and ``chess.*``: this package's
    module, or ModuleNotFoundError naming what the package lacks."""

    active = True

    def find_spec(self, fullname: str, path: Optional[Sequence[str]], target=None):  # type: ignore[no-untyped-def]
        if not self.active or not (fullname == "chess" or fullname.startswith("chess.")):
            return None
        module = ALIASES.get(fullname)
        if module is None:
            raise ModuleNotFoundError(
                f"chess_movegen has no {fullname} (install_as_chess() gives {', '.join(sorted(ALIASES))}; "
                f"python-chess's {fullname} is not part of chess_movegen)",
                name=fullname,
            )
        return importlib.util.spec_from_loader(fullname, _AliasLoader(module))


_FINDER = _Finder()


def _suspend() -> Callable[[], None]:
    """Turns the aliases off until the function returned is called."""
    was = _FINDER.active
    _FINDER.active = False

    def resume() -> None:
        _FINDER.active = was

    return resume


def install_as_chess() -> None:
    """Makes ``import chess`` and ``import chess.pgn`` (``.polyglot``,
    ``.syzygy``, ``.engine``, ``.svg``) give this package's modules, for the
    rest of the program; any other ``chess.*`` raises ModuleNotFoundError.
    Call it before anything imports python-chess: modules that imported
    python-chess before keep it."""
    import chess_movegen

    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    _FINDER.active = True
    for name in [n for n in sys.modules if n == "chess" or n.startswith("chess.")]:
        if not getattr(sys.modules[name], "__name__", "").startswith("chess_movegen"):
            del sys.modules[name]
    sys.modules["chess"] = chess_movegen
