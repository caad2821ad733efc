"""The images of 7 Wonders: the public table (``board``) and a seat's options (``options``), drawn from
views only, as palette PNGs. ``sprites`` draws the pieces, ``board`` and ``options`` lay them out, ``palette``
learns the PNG palette from made-up views (it imports the drawing code; the drawing code never imports it).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.wonders.render import board, options, palette
from bot.render.png import encode
from rules.wonders.view import WondersView


def board_png(view: WondersView, player_names: Sequence[str]) -> bytes:
    """The public table as a PNG."""
    return encode(board.board_image(view, player_names), palette.palette())


def options_png(view: WondersView, player_names: Sequence[str]) -> bytes:
    """The options of ``view.seat`` as a PNG."""
    return encode(options.options_image(view, player_names), palette.palette())


def warm(locale: str) -> None:
    """Learn the palette and draw the sprites of ``locale`` ahead of the first real image."""
    palette.palette()
    palette.training_images(locale)
