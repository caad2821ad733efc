"""Images of a game, drawn from a view only (never from a full state), so hidden information cannot leak.

``render_board(view, player_names)`` draws the public table; ``render_options(view, player_names)`` draws what the
viewing seat (``view.seat``) may do now, each option numbered ``i + 1`` for ``view.options[i]``. Both return PNG
bytes (palette PNG, no metadata chunks), with every word in the current locale (``bot.i18n.use_locale``), drawn by
the game's own images (``GameBundle.board`` / ``options``, found by ``view.game``). ``player_names[seat]`` is the
display name of each seat; characters the bundled font cannot draw are dropped.

This package holds what every game's images share: drawing primitives (``draw``), icons, fonts, PNG encoding with
a fixed palette (``png``) and the worker processes that draw for the chat bots (``pool``).

Drawing is CPU-bound (once warm, about 10-15 ms for a Duel board, 15-30 ms with the PNG encoding for a 7-player
7 Wonders table): call it off the event loop, e.g. ``await asyncio.to_thread(render_board, view, names)``. Sprites
are cached per process and never modified, so concurrent renders in threads are safe. The first render of a game
in a process also learns its PNG palette (about 0.5-1 s); ``warm_up()`` does that ahead of time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _bundle(view: Any) -> Any:
    from bot.games import bundles  # the games' images import this package's primitives

    game = getattr(view, "game", None)
    try:
        return bundles()[game]
    except KeyError:
        raise ValueError(f"no renderer for game {game!r}") from None


def warm_up(locales: Sequence[str] = ("en",), game_names: Sequence[str] | None = None) -> None:
    """Build the per-process caches (each game's PNG palette, about 0.5-1 s, and the sprites of ``locales``) ahead
    of the first real render; optional, e.g. ``await asyncio.to_thread(warm_up, LOCALES)`` at start-up.
    ``game_names``: the games to warm (default: every registered game)."""
    from bot.games import bundles

    for name, bundle in bundles().items():
        if game_names is None or name in game_names:
            for locale in locales:
                bundle.warm(locale)


def render_board(view: Any, player_names: list[str]) -> bytes:
    """PNG of the public table."""
    return _bundle(view).board(view, player_names)


def render_options(view: Any, player_names: list[str]) -> bytes:
    """PNG of the options of ``view.seat`` (its legal moves with their prices)."""
    return _bundle(view).options(view, player_names)


__all__ = ["render_board", "render_options", "warm_up"]
