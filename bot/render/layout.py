"""Laying out a tall phone image: text pasted from cached sprites, fitted text, panels and left-to-right flows that
wrap onto new lines.

A game's images call these with their own sizes and colours. Text is pasted from ``draw.label`` sprites (the same
words and numbers come back in every image, and a paste costs less than drawing the glyphs again); Pillow's text
anchors (``la``, ``ra``, ``ma``, ``lm``, ``rm``, ``mm``) map onto the sprite's box.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image

from bot.render import draw as D
from bot.render.draw import INK, RGB
from bot.render.fonts import font

_ANCHORS = {"la": "lt", "ra": "rt", "ma": "mt", "lm": "lm", "rm": "rm", "mm": "mm"}


def put(img: Image.Image, xy: tuple[float, float], value: str, size: int, fill: RGB = INK, bold: bool = False,
        anchor: str = "la") -> float:
    """Paste ``value`` at ``xy``; returns its width."""
    D.paste(img, D.label(value, size, fill, bold), xy, _ANCHORS[anchor])
    return font(size, bold).getlength(value)


@functools.lru_cache(maxsize=4096)
def _fit(value: str, width: int, size: int, bold: bool, min_size: int) -> tuple[str, int]:
    return D.fit(value, width, size, bold, min_size)


def put_fitted(img: Image.Image, xy: tuple[float, float], value: str, width: float, size: int, min_size: int,
               fill: RGB = INK, bold: bool = False, anchor: str = "la") -> float:
    """Paste ``value`` shrunk (down to ``min_size``) or ellipsized to ``width``; returns the drawn width."""
    value, s = _fit(value, int(width), size, bold, min_size)
    return put(img, xy, value, s, fill, bold, anchor)


def panel(img: Image.Image, box: tuple[float, float, float, float], fill: RGB, edge: RGB, radius: int = 10,
          width: float = 2) -> None:
    """A rounded panel filling ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = (round(v) for v in box)
    D.paste(img, D.rounded(x1 - x0, y1 - y0, radius, fill, edge, width), (x0, y0))


def flow(sprites: Sequence[Image.Image], width: int, gap: int = 8, line_gap: int = 6) -> list[list[tuple[int, int]]]:
    """Where each sprite goes when laid out left to right in lines of ``width``: per line, (index, x)."""
    lines: list[list[tuple[int, int]]] = [[]]
    x = 0
    for i, s in enumerate(sprites):
        if lines[-1] and x + s.width > width:
            lines.append([])
            x = 0
        lines[-1].append((i, x))
        x += s.width + gap
    return lines if lines[0] else []


def flow_height(sprites: Sequence[Image.Image], width: int, gap: int = 8, line_gap: int = 6) -> int:
    """The height ``draw_flow`` takes for ``sprites`` (0 when there are none)."""
    total = 0
    for line in flow(sprites, width, gap, line_gap):
        total += max(sprites[i].height for i, _x in line) + line_gap
    return max(0, total - line_gap)


def draw_flow(img: Image.Image, sprites: Sequence[Image.Image], x0: int, y0: int, width: int, gap: int = 8,
              line_gap: int = 6) -> int:
    """Paste ``sprites`` left to right from (x0, y0), wrapping at ``width``, each line's sprites centred on it;
    returns the y under the last line."""
    y = y0
    for line in flow(sprites, width, gap, line_gap):
        h = max(sprites[i].height for i, _x in line)
        for i, x in line:
            D.paste(img, sprites[i], (x0 + x, y + (h - sprites[i].height) / 2))
        y += h + line_gap
    return y - line_gap if y > y0 else y0
