"""The shared drawing primitives (``bot.render.draw``)."""

from __future__ import annotations

import pytest

from bot.render import draw as D

PANEL = ((245, 239, 224), (185, 166, 124))  # an opaque panel with its edge
SHADE = ((10, 20, 30, 128), None)  # translucent, no edge
FRAME = (None, (1, 2, 3))  # an edge only


def _drawn_whole(w, h, radius, fill, outline, width):
    sketch = D.Sketch(w, h)
    sketch.rect((0, 0, w, h), radius, fill=fill, outline=outline, width=width)
    return sketch.image()


@pytest.mark.parametrize("w", [10, 51, 736])
@pytest.mark.parametrize("h", [57, 300, 2311])
@pytest.mark.parametrize("radius, width", [(4, 0), (7, 1.5), (10, 2), (12.5, 3)])
@pytest.mark.parametrize("colours", [PANEL, SHADE, FRAME])
def test_a_tall_rounded_box_is_the_box_drawn_whole(w, h, radius, width, colours):
    """A tall box is made from a short one with its middle row repeated: the same pixels as drawing it whole."""
    fill, outline = colours
    made = D.rounded(w, h, radius, fill, outline, width)
    assert h > 2 * D._rounded_end(radius, width) + D.TALL  # the tall path is the one tested
    assert made.size == (w, h) and made.mode == "RGBA"
    assert made.tobytes() == _drawn_whole(w, h, radius, fill, outline, width).tobytes()
