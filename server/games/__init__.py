"""The registry of games.

Every subpackage of ``server.games`` that exposes a module-level ``game`` (an instance
of a :class:`~server.games.base.Game`) is registered under ``game.name``. Discovery
keeps the game packages independent: adding a game touches no shared file.
Tests may :func:`register` a game of their own.
"""

from __future__ import annotations

import importlib
import pkgutil

from server.games.base import Game, IllegalIntent, Result

__all__ = ["Game", "IllegalIntent", "Result", "get", "names", "register"]

_registry: dict[str, Game] = {}
_discovered = False


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "game", None)
        if game is not None:
            register(game)


def register(game: Game) -> None:
    _registry[game.name] = game


def get(name: str) -> Game:
    """The registered game called ``name``; KeyError when there is none."""
    _discover()
    return _registry[name]


def names() -> list[str]:
    _discover()
    return sorted(_registry)
