"""``chess.engine`` for this package: python-chess's own engine module
(UCI and XBoard engines: ``SimpleEngine.popen_uci``, ``analyse``, ``play``,
``Limit``, ``PovScore``, ``Cp``, ``Mate``, ...), which works on this
package's ``Board``.

It needs python-chess (``pip install chess``); without it, importing this
module raises ImportError naming python-chess. python-chess's engine
module is imported with its own ``chess`` package even after
``chess_movegen.install_as_chess()`` (which makes the name ``chess``
this package's), so that engines speak to it exactly as to python-chess.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType


def _is_chess_name(name: str) -> bool:
    return name == "chess" or name.startswith("chess.")


def _load() -> ModuleType:
    """python-chess's ``chess.engine``, imported under python-chess's names
    while this package's aliases (if installed) step aside."""
    from . import _install

    ours = {
        name: module
        for name, module in sys.modules.items()
        if _is_chess_name(name) and getattr(module, "__name__", "").startswith("chess_movegen")
    }
    for name in ours:
        del sys.modules[name]
    resume = _install._suspend()
    try:
        return importlib.import_module("chess.engine")
    except ImportError as error:
        raise ImportError(
            "chess_movegen.engine is python-chess's chess.engine, and python-chess is not installed "
            "(pip install chess==1.11.2)"
        ) from error
    finally:
        if ours:
            # The names are this package's again; python-chess's modules
            # stay alive through the engine module's references.
            for name in [n for n in sys.modules if _is_chess_name(n)]:
                del sys.modules[name]
            sys.modules.update(ours)
        resume()


_engine = _load()
globals().update({name: value for name, value in vars(_engine).items() if not name.startswith("__")})
__all__ = [name for name in vars(_engine) if not name.startswith("_")]

# What python-chess's engine code reads of a board. An attribute it lacks
# would raise inside the engine's event loop, and the caller would wait
# for ever: SimpleEngine asks first.
_UCI_NEEDS = ("uci_variant", "chess960", "root", "move_stack", "fen", "copy", "turn", "push", "pop", "push_uci", "parse_uci")
_XBOARD_NEEDS = _UCI_NEEDS + ("xboard_variant", "xboard", "push_xboard", "parse_xboard")


def _check_board(engine: "_engine.SimpleEngine", board: object) -> None:
    needs = _XBOARD_NEEDS if isinstance(engine.protocol, _engine.XBoardProtocol) else _UCI_NEEDS
    missing = [name for name in needs if not hasattr(board, name)]
    if missing:
        raise AttributeError(
            f"{type(board).__name__} has no {', '.join(missing)}, which chess.engine reads from the board"
        )


class SimpleEngine(_engine.SimpleEngine):
    """python-chess's ``SimpleEngine``, checking first that the board has
    what the engine code reads (AttributeError in the caller, not a hang)."""

    def play(self, board, limit, **kwargs):  # type: ignore[no-untyped-def, override]
        _check_board(self, board)
        return super().play(board, limit, **kwargs)

    def analyse(self, board, limit, **kwargs):  # type: ignore[no-untyped-def, override]
        _check_board(self, board)
        return super().analyse(board, limit, **kwargs)

    def analysis(self, board, limit=None, **kwargs):  # type: ignore[no-untyped-def, override]
        _check_board(self, board)
        return super().analysis(board, limit, **kwargs)
