"""The pieces of the Anno 1800 images: population cubes by tier, naval tokens, ships, shipyards, cards, the
fireworks token. Every sprite is cached (``functools.lru_cache``) and never modified; none draws a word, so they
serve every locale."""

from __future__ import annotations

import functools
import math

from PIL import Image

from bot.render import draw as D
from bot.render.draw import INK, WHITE, Sketch, hex_rgb

# The five tiers of people, in upgrade order (the colours of their cubes).
TIER_COLOURS = {
    "farmer": hex_rgb("#5a9e3c"),
    "worker": hex_rgb("#2f6db5"),
    "artisan": hex_rgb("#c0392b"),
    "engineer": hex_rgb("#8e5bb5"),
    "investor": hex_rgb("#e2a918"),
}
SEAT_COLOURS = (hex_rgb("#e67e22"), hex_rgb("#17a2a2"), hex_rgb("#d1477a"), hex_rgb("#6d7f8f"))
DECK_COLOURS = {
    "farmer_worker": hex_rgb("#4f8a52"),
    "artisan_engineer_investor": hex_rgb("#8a4f7d"),
    "new_world": hex_rgb("#b8742a"),
    "expeditions": hex_rgb("#3a6f8f"),
}
TRADE = hex_rgb("#2c7fb8")
EXPLORE = hex_rgb("#d35400")
SEA = hex_rgb("#cfe6f3")
LAND = hex_rgb("#e9e2c5")
COAST = hex_rgb("#f2e3ae")
KIND_COLOURS = {"inland": LAND, "coast": COAST, "sea": SEA}


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@functools.lru_cache(maxsize=64)
def cube(tier: str, size: int, faded: bool = False) -> Image.Image:
    """A population cube seen at an angle (three faces); ``faded``: exhausted."""
    base = TIER_COLOURS[tier]
    if faded:
        base = D.lighter(base, 0.6)
    sk = Sketch(size, size)
    s = size
    top = [(s * 0.5, s * 0.04), (s * 0.94, s * 0.26), (s * 0.5, s * 0.48), (s * 0.06, s * 0.26)]
    left = [(s * 0.06, s * 0.26), (s * 0.5, s * 0.48), (s * 0.5, s * 0.96), (s * 0.06, s * 0.74)]
    right = [(s * 0.5, s * 0.48), (s * 0.94, s * 0.26), (s * 0.94, s * 0.74), (s * 0.5, s * 0.96)]
    sk.polygon(top, fill=D.lighter(base, 0.3))
    sk.polygon(left, fill=base)
    sk.polygon(right, fill=D.darker(base, 0.75))
    edge = D.darker(base, 0.5)
    for face in (top, left, right):
        sk.line(face + [face[0]], fill=edge, width=max(1.0, s * 0.04), round_caps=False)
    return sk.image()


@functools.lru_cache(maxsize=32)
def slot(size: int, tier: str) -> Image.Image:
    """An empty workplace: a ring in the colour of the tier that works there."""
    sk = Sketch(size, size)
    sk.rect((1, 1, size - 1, size - 1), size * 0.2, fill=WHITE, outline=TIER_COLOURS[tier], width=max(1.5, size * 0.1))
    return sk.image()


@functools.lru_cache(maxsize=32)
def naval_token(kind: str, size: int, faded: bool = False) -> Image.Image:
    """A trade token (a blue disc with a crate) or an exploration token (an orange disc with a compass star)."""
    fill = TRADE if kind == "trade" else EXPLORE
    if faded:
        fill = D.lighter(fill, 0.6)
    sk = Sketch(size, size)
    sk.ellipse((0, 0, size, size), fill=D.darker(fill, 0.6))
    sk.ellipse((size * 0.08, size * 0.08, size * 0.92, size * 0.92), fill=fill)
    c = size / 2
    if kind == "trade":
        sk.rect((size * 0.3, size * 0.32, size * 0.7, size * 0.68), size * 0.04, fill=WHITE)
        sk.line([(size * 0.3, size * 0.5), (size * 0.7, size * 0.5)], fill=fill, width=size * 0.06)
    else:
        pts = []
        for k in range(8):
            r = size * (0.34 if k % 2 == 0 else 0.12)
            a = math.radians(-90 + 45 * k)
            pts.append((c + r * math.cos(a), c + r * math.sin(a)))
        sk.polygon(pts, fill=WHITE)
    return sk.image()


@functools.lru_cache(maxsize=32)
def ship(kind: str, size: int) -> Image.Image:
    """A ship: a hull and a sail in its fleet's colour (trade blue, exploration orange)."""
    fill = TRADE if kind == "trade" else EXPLORE
    sk = Sketch(size, size)
    sk.polygon([(size * 0.06, size * 0.62), (size * 0.94, size * 0.62), (size * 0.78, size * 0.9),
                (size * 0.22, size * 0.9)], fill=hex_rgb("#6b4423"))
    sk.line([(size * 0.5, size * 0.08), (size * 0.5, size * 0.62)], fill=INK, width=size * 0.06)
    sk.polygon([(size * 0.54, size * 0.1), (size * 0.9, size * 0.54), (size * 0.54, size * 0.54)], fill=fill)
    sk.polygon([(size * 0.46, size * 0.18), (size * 0.14, size * 0.54), (size * 0.46, size * 0.54)],
               fill=D.lighter(fill, 0.35))
    return sk.image()


@functools.lru_cache(maxsize=16)
def shipyard(size: int) -> Image.Image:
    """A shipyard: a slipway under a crane."""
    sk = Sketch(size, size)
    wood = hex_rgb("#7a5230")
    sk.line([(size * 0.2, size * 0.9), (size * 0.2, size * 0.12), (size * 0.85, size * 0.12)], fill=INK,
            width=size * 0.08)
    sk.line([(size * 0.7, size * 0.12), (size * 0.7, size * 0.42)], fill=INK, width=size * 0.05)
    sk.polygon([(size * 0.32, size * 0.62), (size * 0.95, size * 0.62), (size * 0.82, size * 0.88),
                (size * 0.42, size * 0.88)], fill=wood)
    return sk.image()


@functools.lru_cache(maxsize=32)
def card(deck: str, w: int, h: int, face_down: bool = False) -> Image.Image:
    """A card of ``deck`` seen from the back (the deck's colour); ``face_down``: turned over, greyed."""
    fill = DECK_COLOURS.get(deck, hex_rgb("#777777"))
    if face_down:
        fill = D.lighter(hex_rgb("#777777"), 0.2)
    sk = Sketch(w, h)
    sk.rect((0, 0, w, h), max(2, w * 0.14), fill=D.darker(fill, 0.6))
    sk.rect((w * 0.1, w * 0.1, w - w * 0.1, h - w * 0.1), max(1, w * 0.1), fill=fill)
    return sk.image()


@functools.lru_cache(maxsize=8)
def fireworks(size: int) -> Image.Image:
    """The fireworks token: a burst of rays around a star."""
    sk = Sketch(size, size)
    c = size / 2
    sk.ellipse((0, 0, size, size), fill=hex_rgb("#2b2b52"))
    colours = (hex_rgb("#ffd640"), hex_rgb("#ff6f61"), hex_rgb("#7fdbff"))
    for k in range(12):
        a = math.radians(30 * k)
        sk.line([(c + size * 0.14 * math.cos(a), c + size * 0.14 * math.sin(a)),
                 (c + size * 0.4 * math.cos(a), c + size * 0.4 * math.sin(a))], fill=colours[k % 3],
                width=size * 0.06)
    sk.ellipse((c - size * 0.09, c - size * 0.09, c + size * 0.09, c + size * 0.09), fill=WHITE)
    return sk.image()
