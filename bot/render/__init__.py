"""Images of a game, drawn from a view only (never from a full state), so hidden information cannot leak.

``render_board(view, player_names)`` draws the public table; ``render_options(view, player_names)`` draws what the
viewing seat (``view.seat``) may do now, each option numbered ``i + 1`` for ``view.options[i]``. Both return PNG
bytes (palette PNG, no metadata chunks), with every word in the current locale (``bot.i18n.use_locale``).
``player_names[seat]`` is the display name of each seat; characters the bundled font cannot draw are dropped.

Drawing is CPU-bound (once warm, about 10-15 ms for a Duel board, 15-30 ms with the PNG encoding for a 7-player
7 Wonders table): call it off the event loop, e.g. ``await asyncio.to_thread(render_board, view, names)``. Sprites
are cached per process and never modified, so concurrent renders in threads are safe. The first render of a game
in a process also learns its PNG palette (about 0.5-1 s); ``warm_up()`` does that ahead of time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.render import duel, duel_options, wonders, wonders_options

_BOARDS: dict[str, Callable[[Any, Sequence[str]], bytes]] = {"duel": duel.board, "wonders": wonders.board}
_OPTIONS: dict[str, Callable[[Any, Sequence[str]], bytes]] = {
    "duel": duel_options.options,
    "wonders": wonders_options.options,
}
_PALETTES = {"duel": "bot.render.duel_palette", "wonders": "bot.render.wonders_palette"}


def _renderer(table: dict[str, Callable[[Any, Sequence[str]], bytes]], view: Any) -> Callable[..., bytes]:
    game = getattr(view, "game", None)
    try:
        return table[game]
    except KeyError:
        raise ValueError(f"no renderer for game {game!r}") from None


def warm_up(locales: Sequence[str] = ("en",), game_names: Sequence[str] | None = None) -> None:
    """Build the per-process caches (each game's PNG palette, about 0.5-1 s, and the sprites of ``locales``) ahead
    of the first real render; optional, e.g. ``await asyncio.to_thread(warm_up, LOCALES)`` at start-up.
    ``game_names``: the games to warm (default: every game with a renderer)."""
    import importlib

    for game in game_names if game_names is not None else list(_PALETTES):
        module = importlib.import_module(_PALETTES[game])
        module.palette()
        for locale in locales:
            module.training_images(locale)


def render_board(view: Any, player_names: list[str]) -> bytes:
    """PNG of the public table."""
    return _renderer(_BOARDS, view)(view, player_names)


def render_options(view: Any, player_names: list[str]) -> bytes:
    """PNG of the options of ``view.seat`` (its legal moves with their prices)."""
    return _renderer(_OPTIONS, view)(view, player_names)


__all__ = ["render_board", "render_options", "warm_up"]
