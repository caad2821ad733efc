"""The games this project can play, by name: every package of ``rules`` whose ``__init__`` defines ``GAME`` (an
instance of its ``rules.contract.Game``). Nothing here names a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import rules
from rules.contract import Game


@cache
def games() -> dict[str, Game]:
    """Every registered game, by name (a dict that tests may extend with a game of their own)."""
    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(rules.__path__):
        if not module.ispkg:
            continue
        registered = getattr(importlib.import_module(f"rules.{module.name}"), "GAME", None)
        if isinstance(registered, Game):
            found[registered.name] = registered
    return dict(sorted(found.items()))


def get_game(name: str) -> Game:
    try:
        return games()[name]
    except KeyError:
        raise KeyError(name) from None
