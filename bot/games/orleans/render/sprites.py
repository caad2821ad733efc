"""The pieces of the Orléans images: follower tokens (a colour and a symbol per kind, a ring of the owner's colour
for a player-coloured one), empty slots, technology tiles, goods, trading stations, merchants, citizens.

A follower is known by its colour and its symbol in every language (⚘ farmer, ⚓ boatman, ⚒ craftsman, ⚖ trader,
⚔ knight, ✎ scholar, ✝ monk); the images' legends name them in the current locale. Every sprite is cached and
never modified.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from bot.render import draw as D
from bot.render.draw import INK, WHITE, Sketch, hex_rgb
from bot.render.fonts import font

KIND_COLOURS = {
    "farmer": hex_rgb("#9bc35a"),
    "boatman": hex_rgb("#5dade2"),
    "craftsman": hex_rgb("#c8843c"),
    "trader": hex_rgb("#f0b27a"),
    "knight": hex_rgb("#d9534f"),
    "scholar": hex_rgb("#a97fd0"),
    "monk": hex_rgb("#f4f1e8"),
}
KIND_SYMBOLS = {
    "farmer": "⚘",
    "boatman": "⚓",
    "craftsman": "⚒",
    "trader": "⚖",
    "knight": "⚔",
    "scholar": "✎",
    "monk": "✝",
}
KINDS = tuple(KIND_COLOURS)
OWN = "own_"

GOOD_COLOURS = {
    "grain": hex_rgb("#d9b33a"),
    "cheese": hex_rgb("#f39c3c"),
    "wine": hex_rgb("#7a2f7e"),
    "wool": hex_rgb("#f7f7f2"),
    "brocade": hex_rgb("#2bb3a0"),
}

# The players' colours (trading stations, merchants, rings of player-coloured followers), by seat.
SEAT_COLOURS = (hex_rgb("#d03b2f"), hex_rgb("#2f6fd0"), hex_rgb("#2e9b4f"), hex_rgb("#e8c21a"))
TECH = hex_rgb("#8d99a6")
SLOT_EDGE = hex_rgb("#6b6256")
NEUTRAL_SLOT = hex_rgb("#d8d2c4")


def kind_of(follower: str) -> str:
    return follower[len(OWN):] if follower.startswith(OWN) else follower


@functools.lru_cache(maxsize=256)
def follower(kind: str, size: int, ring: tuple[int, int, int] | None = None) -> Image.Image:
    """A follower token: its kind's colour and symbol; ``ring``: the owner's colour (a player-coloured follower)."""
    fill = KIND_COLOURS[kind]
    sk = Sketch(size, size)
    if ring is not None:
        sk.ellipse((0, 0, size, size), fill=ring)
        sk.ellipse((size * 0.16, size * 0.16, size * 0.84, size * 0.84), fill=fill)
    else:
        sk.ellipse((0, 0, size, size), fill=D.darker(fill, 0.55))
        sk.ellipse((size * 0.07, size * 0.07, size * 0.93, size * 0.93), fill=fill)
    img = sk.image()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), KIND_SYMBOLS[kind],
                             font=font(round(size * (0.5 if ring is not None else 0.6)), True), fill=INK, anchor="mm")
    return img


def token(follower_id: str, size: int, seat_colour: tuple[int, int, int] | None) -> Image.Image:
    """The token of a follower id (``own_farmer`` gets the ring of ``seat_colour``)."""
    if follower_id.startswith(OWN):
        return follower(kind_of(follower_id), size, seat_colour or INK)
    return follower(follower_id, size)


@functools.lru_cache(maxsize=64)
def empty_slot(slot: str, size: int) -> Image.Image:
    """An empty slot: a pale disc of the kind it needs (neutral: any neutral follower; any: any follower)."""
    sk = Sketch(size, size)
    if slot in KIND_COLOURS:
        fill = D.lighter(KIND_COLOURS[slot], 0.6)
        symbol = KIND_SYMBOLS[slot]
    else:
        fill = NEUTRAL_SLOT
        symbol = "✱" if slot == "any" else "◇"
    sk.ellipse((0, 0, size, size), fill=SLOT_EDGE)
    sk.ellipse((size * 0.1, size * 0.1, size * 0.9, size * 0.9), fill=fill)
    img = sk.image()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), symbol, font=font(round(size * 0.5)), fill=SLOT_EDGE,
                             anchor="mm")
    return img


@functools.lru_cache(maxsize=16)
def tech_tile(size: int) -> Image.Image:
    """A technology tile."""
    img = D.rounded(size, size, size * 0.18, TECH, D.darker(TECH, 0.6), max(1.5, size * 0.07)).copy()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), "⚙", font=font(round(size * 0.7), True), fill=WHITE,
                             anchor="mm")
    return img


@functools.lru_cache(maxsize=32)
def good(kind: str, size: int) -> Image.Image:
    """A goods tile: a square of the good's colour."""
    fill = GOOD_COLOURS[kind]
    return D.rounded(size, size, size * 0.2, fill, D.darker(fill, 0.5), max(1.5, size * 0.09))


@functools.lru_cache(maxsize=32)
def station(size: int, colour: tuple[int, int, int]) -> Image.Image:
    """A trading station: a small house of the owner's colour."""
    sk = Sketch(size, size)
    edge = D.darker(colour, 0.45)
    roof = [(size * 0.5, size * 0.02), (size * 0.98, size * 0.46), (size * 0.02, size * 0.46)]
    body = (size * 0.14, size * 0.4, size * 0.86, size * 0.98)
    sk.polygon(roof, fill=edge)
    sk.rect(body, 0, fill=edge)
    sk.polygon([(size * 0.5, size * 0.12), (size * 0.84, size * 0.44), (size * 0.16, size * 0.44)], fill=colour)
    sk.rect((size * 0.22, size * 0.44, size * 0.78, size * 0.9), 0, fill=colour)
    return sk.image()


@functools.lru_cache(maxsize=32)
def merchant(size: int, colour: tuple[int, int, int]) -> Image.Image:
    """A merchant pawn: a head over a cone, of the owner's colour."""
    sk = Sketch(size, size)
    edge = D.darker(colour, 0.4)
    sk.polygon([(size * 0.5, size * 0.25), (size * 0.92, size * 0.98), (size * 0.08, size * 0.98)], fill=edge)
    sk.polygon([(size * 0.5, size * 0.36), (size * 0.8, size * 0.9), (size * 0.2, size * 0.9)], fill=colour)
    sk.ellipse((size * 0.26, size * 0.0, size * 0.74, size * 0.48), fill=edge)
    sk.ellipse((size * 0.33, size * 0.07, size * 0.67, size * 0.41), fill=colour)
    return sk.image()


@functools.lru_cache(maxsize=16)
def citizen(size: int, fill: tuple[int, int, int] = hex_rgb("#b8860b")) -> Image.Image:
    """A citizen tile: a crown on a round medallion."""
    sk = Sketch(size, size)
    sk.ellipse((0, 0, size, size), fill=D.darker(fill, 0.55))
    sk.ellipse((size * 0.08, size * 0.08, size * 0.92, size * 0.92), fill=fill)
    img = sk.image()
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), "♔", font=font(round(size * 0.62), True), fill=WHITE,
                             anchor="mm")
    return img


@functools.lru_cache(maxsize=16)
def star(size: int, fill: tuple[int, int, int] = D.GOLD) -> Image.Image:
    """A development level star."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((size / 2, size / 2), "★", font=font(size, True), fill=fill, anchor="mm",
                             stroke_width=1, stroke_fill=D.GOLD_DARK)
    return img
