"""The games the bot can show, found by their packages: each ``bot/games/<game>/__init__.py`` defines ``GAME``, a
``GameBundle`` (its presenter, images, rule-look-up sources and bench tables). Shared code finds games here and
never names one; adding a game touches no shared module (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from bot.games.base import BenchSetup, GameBundle, Presenter

__all__ = ["BenchSetup", "GameBundle", "Presenter", "bundle", "bundles", "presenter", "presenters"]


@cache
def bundles() -> dict[str, GameBundle]:
    """Every registered game, by name (the packages of ``bot.games`` that define ``GAME``)."""
    found: dict[str, GameBundle] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        registered = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if isinstance(registered, GameBundle):
            found[registered.name] = registered
    return found


def bundle(game: str) -> GameBundle:
    return bundles()[game]


@cache
def presenters() -> dict[str, Presenter]:
    """Every game's presenter, by name (a dict that tests may extend with a game of their own)."""
    return {name: b.presenter for name, b in bundles().items()}


def presenter(game: str) -> Presenter:
    return presenters()[game]
