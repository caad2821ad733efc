"""The images of Anno 1800: the public table (``board``) and a seat's hand and options (``options``), drawn from
views only, as palette PNGs. ``sprites`` draws the pieces, ``board`` and ``options`` lay them out with the game's
names (``bot/games/anno1800/names.py``) and the presenter's move labels, ``palette`` learns the PNG palette from
made-up views (it imports the drawing code; the drawing code never imports it).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.anno1800.render import board, options, palette
from bot.render.png import encode
from rules.anno1800.view import AnnoView


def board_png(view: AnnoView, player_names: Sequence[str]) -> bytes:
    """The public table as a PNG."""
    return encode(board.board_image(view, player_names), palette.palette())


def options_png(view: AnnoView, player_names: Sequence[str]) -> bytes:
    """The hand and options of ``view.seat`` as a PNG."""
    return encode(options.options_image(view, player_names), palette.palette())


def warm(locale: str) -> None:
    """Learn the palette and draw the sprites of ``locale`` ahead of the first real image."""
    palette.palette()
    palette.training_images(locale)
