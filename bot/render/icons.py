"""Game icons shared by the board games' images: card colours and small cards, wonders, discard piles, resource
shapes, ships, numbered option badges, one-line card pills, player names.

Nothing here knows a game: callers pass the colours, letters and words (already translated), so one drawing serves
7 Wonders Duel and 7 Wonders alike. Every sprite is cached (``functools.lru_cache``) and never modified.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bot.render import draw as D
from bot.render.draw import INK, PAPER, WHITE, Sketch, hex_rgb
from bot.i18n import pgettext
from bot.render.fonts import clean, font

# The seven card colours, as printed on the cards of both games.
CARD_COLOURS = {
    "brown": hex_rgb("#8a5a2b"),
    "grey": hex_rgb("#a3abb1"),
    "blue": hex_rgb("#2f6db5"),
    "green": hex_rgb("#2e8b57"),
    "yellow": hex_rgb("#f2c230"),
    "red": hex_rgb("#c8392b"),
    "purple": hex_rgb("#7d3c98"),
}

WONDER_GOLD = hex_rgb("#d9a93a")
CARD_BACK = hex_rgb("#b86b1f")

# Resources by shape (the games' letters differ: each game maps its letters to these kinds and colours).
RESOURCE_KINDS = {
    "wood": hex_rgb("#6b4423"),
    "clay": hex_rgb("#c8623a"),
    "stone": hex_rgb("#707b7c"),
    "ore": hex_rgb("#3f4a5a"),
    "glass": hex_rgb("#41b6d8"),
    "loom": hex_rgb("#b07cc6"),
    "papyrus": hex_rgb("#e6d29a"),
}


@functools.lru_cache(maxsize=8)
def background(w: int, h: int, colour: tuple[int, int, int]) -> Image.Image:
    """A plain RGB canvas (copy it before drawing)."""
    return Image.new("RGB", (w, h), colour)


def display_name(player_names: Sequence[str], seat: int, fallback: str) -> str:
    """The drawable name of ``seat`` (characters the font lacks dropped), else ``fallback`` (already formatted)."""
    raw = player_names[seat] if seat < len(player_names) else ""
    return clean(raw, bold=True) or fallback


@functools.lru_cache(maxsize=64)
def mini_card(fill: tuple[int, int, int], size: int, letter: str) -> Image.Image:
    """A small card of a colour with its letter (for 'per card of this colour')."""
    w, h = round(size * 0.72), size
    img = D.rounded(w, h, size * 0.14, fill, D.darker(fill, 0.55), max(1.0, size * 0.06)).copy()
    ImageDraw.Draw(img).text((w / 2, h / 2), letter, font=font(round(size * 0.5), True), fill=D.ink_on(fill),
                             anchor="mm")
    return img


@functools.lru_cache(maxsize=32)
def pyramid(size: int, fill=WONDER_GOLD) -> Image.Image:
    """A wonder."""
    sk = Sketch(size, size)
    edge = D.darker(fill, 0.55)
    sk.polygon([(size * 0.5, size * 0.1), (size * 0.98, size * 0.9), (size * 0.02, size * 0.9)], fill=edge)
    sk.polygon([(size * 0.5, size * 0.2), (size * 0.86, size * 0.83), (size * 0.14, size * 0.83)], fill=fill)
    for y in (0.45, 0.64):
        half = (y - 0.2) / 0.63 * 0.36
        sk.line([(size * (0.5 - half), size * y), (size * (0.5 + half), size * y)], fill=edge, width=size * 0.04,
                round_caps=False)
    return sk.image()


@functools.lru_cache(maxsize=16)
def discard_pile(size: int, fill=CARD_BACK) -> Image.Image:
    """A few cards fanned face down: the discard pile."""
    w, h = size, size
    sk = Sketch(w, h)
    for k, dx in enumerate((0.0, 0.12, 0.24)):
        shade = D.lighter(fill, 0.1 * (2 - k))
        sk.rect((w * (0.08 + dx), h * (0.18 - dx / 2), w * (0.56 + dx), h * (0.92 - dx / 2)), radius=w * 0.06,
                fill=shade, outline=D.darker(shade, 0.5), width=w * 0.04)
    return sk.image()


@functools.lru_cache(maxsize=512)
def resource(kind: str, size: int, mark: str, colour: tuple[int, int, int] | None = None) -> Image.Image:
    """A resource: its own shape (``kind``, a key of ``RESOURCE_KINDS``) and colour, with a letter ``mark``."""
    colour = colour or RESOURCE_KINDS[kind]
    edge = D.darker(colour, 0.6)
    sk = Sketch(size, size)
    s = size
    if kind == "wood":  # a log end
        sk.ellipse((0.5, 0.5, s - 0.5, s - 0.5), fill=edge)
        sk.ellipse((s * 0.08, s * 0.08, s * 0.92, s * 0.92), fill=colour)
        sk.ellipse((s * 0.24, s * 0.24, s * 0.76, s * 0.76), outline=D.lighter(colour, 0.25), width=s * 0.04)
    elif kind == "clay":  # a brick
        sk.rect((0, s * 0.14, s, s * 0.86), radius=s * 0.12, fill=edge)
        sk.rect((s * 0.06, s * 0.2, s * 0.94, s * 0.8), radius=s * 0.08, fill=colour)
    elif kind == "stone":  # a stone block (octagon)
        k = 0.28
        pts = [(k, 0), (1 - k, 0), (1, k), (1, 1 - k), (1 - k, 1), (k, 1), (0, 1 - k), (0, k)]
        sk.polygon([(x * s, y * s) for x, y in pts], fill=edge)
        k2 = 0.3
        pts2 = [(k2, 0.07), (1 - k2, 0.07), (0.93, k2), (0.93, 1 - k2), (1 - k2, 0.93), (k2, 0.93), (0.07, 1 - k2),
                (0.07, k2)]
        sk.polygon([(x * s, y * s) for x, y in pts2], fill=colour)
    elif kind == "glass":  # a glass gem (diamond)
        sk.polygon([(s / 2, 0), (s, s / 2), (s / 2, s), (0, s / 2)], fill=edge)
        sk.polygon([(s / 2, s * 0.09), (s * 0.91, s / 2), (s / 2, s * 0.91), (s * 0.09, s / 2)], fill=colour)
    elif kind == "ore":  # an ingot (trapezoid)
        sk.polygon([(s * 0.22, s * 0.16), (s * 0.78, s * 0.16), (s, s * 0.86), (0, s * 0.86)], fill=edge)
        sk.polygon([(s * 0.27, s * 0.23), (s * 0.73, s * 0.23), (s * 0.9, s * 0.79), (s * 0.1, s * 0.79)],
                   fill=colour)
    elif kind == "loom":  # a bolt of cloth (a roll seen from the side)
        sk.rect((s * 0.04, s * 0.1, s * 0.96, s * 0.9), radius=s * 0.3, fill=edge)
        sk.rect((s * 0.1, s * 0.17, s * 0.9, s * 0.83), radius=s * 0.24, fill=colour)
        for x in (0.3, 0.7):
            sk.line([(s * x, s * 0.2), (s * x, s * 0.8)], fill=D.lighter(colour, 0.35), width=s * 0.05,
                    round_caps=False)
    else:  # papyrus: a scroll
        sk.rect((s * 0.1, s * 0.14, s * 0.9, s * 0.86), radius=s * 0.06, fill=edge)
        sk.rect((s * 0.16, s * 0.2, s * 0.84, s * 0.8), radius=s * 0.04, fill=colour)
        for x in (0.0, 0.8):
            sk.ellipse((s * x, s * 0.08, s * (x + 0.2), s * 0.92), fill=edge)
            sk.ellipse((s * (x + 0.04), s * 0.14, s * (x + 0.16), s * 0.86), fill=D.lighter(colour, 0.3))
    img = sk.image()
    ts = round(size * (0.5 if kind == "glass" else 0.56))
    ImageDraw.Draw(img).text((size / 2, size / 2 + 0.5), mark, font=font(ts, True), fill=D.ink_on(colour), anchor="mm")
    return D.halo(img, PAPER, 1 if size < 28 else 2)


@functools.lru_cache(maxsize=128)
def index_badge(n: int, colour: tuple[int, int, int], size: int = 34) -> Image.Image:
    """The number of an option (what the player types or taps), ringed in ``colour``."""
    sk = Sketch(size, size)
    sk.ellipse((0, 0, size, size), fill=colour)
    sk.ellipse((3, 3, size - 3, size - 3), fill=INK)
    img = sk.image()
    text = str(n)
    ImageDraw.Draw(img).text((size / 2, size / 2 + 1), text, font=font(round(size * (0.56 if n < 10 else 0.46)), True),
                             fill=WHITE, anchor="mm")
    return img


@functools.lru_cache(maxsize=1024)
def card_pill(fill: tuple[int, int, int], letter: str, text: str, width: int, h: int = 28,
              text_size: int = 14) -> Image.Image:
    """A card as a one-line pill: its colour, letter and name (``width`` 0: as wide as the name needs)."""
    ink = D.ink_on(fill)
    if not width:
        text, size = D.fit(text, 400, text_size, True, text_size)
        width = round(font(size, True).getlength(text)) + round(h * 0.86) + 8
    img = D.rounded(width, h, h / 4, fill, D.darker(fill, 0.55), 1.5).copy()
    d = ImageDraw.Draw(img)
    d.text((12 if h >= 28 else h * 0.43, h / 2 + 1), letter, font=font(round(h * 0.43), True), fill=ink, anchor="mm")
    x = 24 if h >= 28 else round(h * 0.86)
    D.fitted(d, (x, h / 2 + 1), text, width - x - 6, text_size, ink, True, "lm", 10)
    return img


@functools.lru_cache(maxsize=64)
def ship(size: int, fill: tuple[int, int, int], edge: tuple[int, int, int] | None = None) -> Image.Image:
    """A ship seen from the side: a hull and a sail (a fleet's pawn on a Shipyard track)."""
    w, h = size, size
    sk = Sketch(w, h)
    edge = edge or D.darker(fill, 0.5)
    # mast and sail
    sk.line([(w * 0.5, h * 0.08), (w * 0.5, h * 0.62)], fill=edge, width=max(1.0, size * 0.06), round_caps=False)
    sk.polygon([(w * 0.54, h * 0.1), (w * 0.88, h * 0.56), (w * 0.54, h * 0.56)], fill=edge)
    sk.polygon([(w * 0.58, h * 0.2), (w * 0.8, h * 0.52), (w * 0.58, h * 0.52)], fill=WHITE)
    sk.polygon([(w * 0.46, h * 0.16), (w * 0.46, h * 0.56), (w * 0.18, h * 0.56)], fill=edge)
    # hull
    hull = [(w * 0.02, h * 0.6), (w * 0.98, h * 0.6), (w * 0.8, h * 0.92), (w * 0.2, h * 0.92)]
    sk.polygon(hull, fill=edge)
    inner = [(w * 0.1, h * 0.65), (w * 0.9, h * 0.65), (w * 0.76, h * 0.86), (w * 0.24, h * 0.86)]
    sk.polygon(inner, fill=fill)
    return sk.image()


@functools.lru_cache(maxsize=32)
def hourglass(size: int, fill: tuple[int, int, int] = INK, sand: tuple[int, int, int] = D.GOLD) -> Image.Image:
    """Still thinking."""
    sk = Sketch(size, size)
    s = size
    sk.rect((s * 0.18, s * 0.04, s * 0.82, s * 0.14), radius=s * 0.04, fill=fill)
    sk.rect((s * 0.18, s * 0.86, s * 0.82, s * 0.96), radius=s * 0.04, fill=fill)
    glass = [(s * 0.26, s * 0.14), (s * 0.74, s * 0.14), (s * 0.53, s * 0.5), (s * 0.74, s * 0.86),
             (s * 0.26, s * 0.86), (s * 0.47, s * 0.5)]
    sk.polygon(glass, fill=fill)
    sk.polygon([(s * 0.33, s * 0.2), (s * 0.67, s * 0.2), (s * 0.5, s * 0.46)], fill=WHITE)
    sk.polygon([(s * 0.5, s * 0.56), (s * 0.66, s * 0.8), (s * 0.34, s * 0.8)], fill=sand)
    return sk.image()


@functools.lru_cache(maxsize=32)
def arrow(size: int, fill: tuple[int, int, int], direction: str = "right", length: float = 1.0) -> Image.Image:
    """A bold arrow (shaft and head), ``length`` times as long as it is tall."""
    h = size
    w = round(size * length)
    sk = Sketch(w, h)
    y = h / 2
    head = min(w * 0.6, h * 0.7)
    sk.line([(w * 0.06, y), (w - head * 0.6, y)], fill=fill, width=h * 0.2, round_caps=True)
    sk.polygon([(w - head, h * 0.12), (w - 0.5, y), (w - head, h * 0.88)], fill=fill)
    img = sk.image()
    if direction == "left":
        img = img.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    return img


def disc_label(value: str, size: int, fill: tuple[int, int, int], ink: tuple[int, int, int] = WHITE,
               edge: tuple[int, int, int] | None = None) -> Image.Image:
    """A round token with a short text (a conflict token, a seat number...)."""
    return _disc_label(value, size, fill, ink, edge)


@functools.lru_cache(maxsize=256)
def _disc_label(value: str, size: int, fill, ink, edge) -> Image.Image:
    sk = Sketch(size, size)
    sk.ellipse((0, 0, size, size), fill=edge or D.darker(fill, 0.6))
    inset = max(1.5, size * 0.08)
    sk.ellipse((inset, inset, size - inset, size - inset), fill=fill)
    img = sk.image()
    ts = round(size * (0.58 if len(value) < 2 else 0.46 if len(value) < 3 else 0.36))
    ImageDraw.Draw(img).text((size / 2, size / 2 + 0.5), value, font=font(ts, True), fill=ink, anchor="mm")
    return img


def tag(text: str, size: int, fill: tuple[int, int, int], ink: tuple[int, int, int] | None = None,
        pad: int | None = None) -> Image.Image:
    """A rounded label: ``text`` on ``fill``."""
    return _tag(text, size, fill, ink or D.ink_on(fill), pad if pad is not None else round(size * 0.5))


@functools.lru_cache(maxsize=512)
def _tag(text: str, size: int, fill, ink, pad: int) -> Image.Image:
    f = font(size, True)
    h = round(size * 1.55)
    w = round(f.getlength(text)) + 2 * pad
    img = D.rounded(w, h, h / 2.6, fill).copy()
    ImageDraw.Draw(img).text((w / 2, h / 2 + 1), text, font=f, fill=ink, anchor="mm")
    return img


def polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    t = math.radians(degrees)
    return cx + r * math.cos(t), cy + r * math.sin(t)


def colour_letter(colour: str) -> str:
    """A one-letter mark of a card colour, so colours are told apart without seeing them (every game)."""
    letters = {
        # TRANSLATORS: one-letter mark of brown cards (raw materials), drawn on the card
        "brown": pgettext("card.colour.letter", "R"),
        # TRANSLATORS: one-letter mark of grey cards (manufactured goods)
        "grey": pgettext("card.colour.letter", "M"),
        # TRANSLATORS: one-letter mark of blue cards (civilian buildings)
        "blue": pgettext("card.colour.letter", "C"),
        # TRANSLATORS: one-letter mark of green cards (scientific buildings)
        "green": pgettext("card.colour.letter", "S"),
        # TRANSLATORS: one-letter mark of yellow cards (commercial buildings: trade)
        "yellow": pgettext("card.colour.letter", "T"),
        # TRANSLATORS: one-letter mark of red cards (military buildings: war)
        "red": pgettext("card.colour.letter", "W"),
        # TRANSLATORS: one-letter mark of purple cards (guilds)
        "purple": pgettext("card.colour.letter", "G"),
    }
    return letters[colour]


def choice_box(choice: str, resource: Callable[[str, int], Image.Image], size: int) -> Image.Image:
    """One unit of one of the resources of ``choice`` ("W/S/C"): their icons (drawn by ``resource(letter, px)``)
    separated by slashes, in a rounded box ``size`` pixels high."""
    icon = round(size * 0.72)
    parts: list[Image.Image] = []
    for i, r in enumerate(choice):
        if i:
            parts.append(D.label("/", round(size / 2), INK, True))
        parts.append(resource(r, icon))
    sprite = D.row(parts, gap=size // 30)
    pad = round(size / 6)
    box = D.rounded(sprite.width + 2 * pad, size, round(size / 4.5 + 0.4), hex_rgb("#e6dcc6"), hex_rgb("#c9bfa8"),
                    1).copy()
    D.paste(box, sprite, (pad, size / 2), "lm")
    return box


def cost_sprites(units: Sequence[int], coins: int, size: int, letters: Sequence[str],
                 resource: Callable[[str, int], Image.Image]) -> list[Image.Image]:
    """A cost as icons: the coins, then each resource unit (``units[i]`` of ``letters[i]``, drawn by
    ``resource(letter, px)``)."""
    out: list[Image.Image] = []
    if coins:
        out.append(D.coin(size, str(coins)))
    for letter, n in zip(letters, units):
        out += [resource(letter, size)] * n
    return out
