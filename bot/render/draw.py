"""Shared drawing primitives: antialiased shapes, fitted text and the generic icons (coins, points, shields...).

Shapes are drawn at ``SS`` times their size and reduced (Pillow's own shapes are not antialiased); text is drawn at
its final size (FreeType antialiases it). Every sprite is an RGBA image cached with ``functools.lru_cache``, so the
same arguments always give the same (shared, never modified) image.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.fonts import font

SS = 3  # supersampling factor of shapes
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

INK: RGB = (33, 37, 41)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (250, 246, 236)
MUTED: RGB = (110, 110, 110)
GOLD: RGB = (242, 193, 78)
GOLD_DARK: RGB = (150, 110, 20)
RED: RGB = (192, 57, 43)
GREEN: RGB = (39, 140, 80)
LAUREL: RGB = (46, 110, 60)


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def luminance(colour: Sequence[int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def ink_on(colour: Sequence[int]) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    return INK if luminance(colour) > 0.30 else WHITE


def darker(colour: Sequence[int], factor: float = 0.7) -> RGB:
    return tuple(max(0, int(c * factor)) for c in colour[:3])  # type: ignore[return-value]


def lighter(colour: Sequence[int], factor: float = 0.5) -> RGB:
    return tuple(int(c + (255 - c) * factor) for c in colour[:3])  # type: ignore[return-value]


# --- supersampled drawing ----------------------------------------------------------------------------------------


class Sketch:
    """An RGBA canvas drawn at ``SS``x; ``image()`` reduces it to the final size. Coordinates are final pixels."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
        self.d = ImageDraw.Draw(self.big)

    @staticmethod
    def _s(values: Sequence[float]) -> list[float]:
        return [v * SS for v in values]

    def rect(self, box: Sequence[float], radius: float = 0, fill=None, outline=None, width: float = 0) -> None:
        x0, y0, x1, y1 = self._s(box)
        self.d.rounded_rectangle(
            (x0, y0, x1 - 1, y1 - 1), radius=radius * SS, fill=fill, outline=outline, width=round(width * SS)
        )

    def ellipse(self, box: Sequence[float], fill=None, outline=None, width: float = 0) -> None:
        x0, y0, x1, y1 = self._s(box)
        self.d.ellipse((x0, y0, x1 - 1, y1 - 1), fill=fill, outline=outline, width=round(width * SS))

    def polygon(self, points: Sequence[tuple[float, float]], fill=None, outline=None, width: float = 0) -> None:
        pts = [(x * SS, y * SS) for x, y in points]
        self.d.polygon(pts, fill=fill, outline=outline, width=round(width * SS))

    def line(self, points: Sequence[tuple[float, float]], fill, width: float = 1, round_caps: bool = True) -> None:
        pts = [(x * SS, y * SS) for x, y in points]
        w = max(1, round(width * SS))
        self.d.line(pts, fill=fill, width=w, joint="curve")
        if round_caps:
            r = w / 2
            for x, y in (pts[0], pts[-1]):
                self.d.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    def arc(self, box: Sequence[float], start: float, end: float, fill, width: float = 1) -> None:
        x0, y0, x1, y1 = self._s(box)
        self.d.arc((x0, y0, x1, y1), start, end, fill=fill, width=max(1, round(width * SS)))

    def pieslice(self, box: Sequence[float], start: float, end: float, fill) -> None:
        x0, y0, x1, y1 = self._s(box)
        self.d.pieslice((x0, y0, x1, y1), start, end, fill=fill)

    def image(self) -> Image.Image:
        return self.big.reduce(SS)


def paste(base: Image.Image, sprite: Image.Image, xy: tuple[float, float], anchor: str = "lt") -> None:
    """Composite an RGBA ``sprite`` onto ``base`` (RGB or RGBA); ``anchor`` as in Pillow's text: l/m/r, t/m/b."""
    x, y = xy
    w, h = sprite.size
    x -= {"l": 0, "m": w / 2, "r": w}[anchor[0]]
    y -= {"t": 0, "m": h / 2, "b": h}[anchor[1]]
    if base.mode == "RGBA":
        base.alpha_composite(sprite, (round(x), round(y)))
    else:
        base.paste(sprite, (round(x), round(y)), sprite)


@functools.lru_cache(maxsize=512)
def rounded(w: int, h: int, radius: float, fill: RGB | RGBA | None, outline: RGB | None = None,
            width: float = 0) -> Image.Image:
    end = _rounded_end(radius, width)
    if h > 2 * end + TALL:
        return _stretched(rounded(w, 2 * end + 1, radius, fill, outline, width), h, end)
    sk = Sketch(w, h)
    sk.rect((0, 0, w, h), radius, fill=fill, outline=outline, width=width)
    return sk.image()


# A tall rounded box (a player's panel) is the same row over and over between its corners: it is made from a short
# one, its middle row repeated, pixel for pixel what drawing it whole gives (``tests/render/test_draw.py``), and
# without drawing thousands of rows at ``SS`` times their size whenever a panel grows.
TALL = 16  # rows of straight middle from which a box is made that way


def _rounded_end(radius: float, width: float) -> int:
    """The rows at the top (and at the bottom) of a rounded box that its corners reach, with a margin."""
    return math.ceil(radius + width) + 2


def _stretched(short: Image.Image, h: int, end: int) -> Image.Image:
    """``short`` (``end`` rows, a middle row, ``end`` rows) made ``h`` rows tall by repeating its middle row."""
    w = short.width
    img = Image.new(short.mode, (w, h))
    img.paste(short.crop((0, 0, w, end)), (0, 0))
    img.paste(short.crop((0, end, w, end + 1)).resize((w, h - 2 * end), Image.Resampling.NEAREST), (0, end))
    img.paste(short.crop((0, end + 1, w, 2 * end + 1)), (0, h - end))
    return img


@functools.lru_cache(maxsize=64)
def shadow(w: int, h: int, radius: float, spread: int = 6, alpha: int = 90) -> Image.Image:
    """A soft drop shadow for a ``w`` x ``h`` rounded box, ``spread`` px larger on each side."""
    from PIL import ImageFilter

    img = Image.new("RGBA", (w + 2 * spread, h + 2 * spread), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((spread, spread, spread + w - 1, spread + h - 1), radius, fill=(0, 0, 0, alpha))
    return img.filter(ImageFilter.GaussianBlur(spread / 2))


# --- text --------------------------------------------------------------------------------------------------------


def fit(text: str, max_width: float, size: int, bold: bool = False, min_size: int | None = None) -> tuple[str, int]:
    """The largest size from ``size`` down to ``min_size`` at which ``text`` fits ``max_width``, else ``text``
    shortened with an ellipsis at ``min_size``."""
    low = min_size or size
    for s in range(size, low - 1, -1):
        if font(s, bold).getlength(text) <= max_width:
            return text, s
    f = font(low, bold)
    cut = text
    while cut and f.getlength(cut.rstrip() + "…") > max_width:
        cut = cut[:-1]
    return (cut.rstrip() + "…") if cut else "…", low


def wrap(text: str, max_width: float, size: int, bold: bool = False, lines: int = 2) -> list[str]:
    """Greedy word wrap into at most ``lines`` lines (the last one ellipsized)."""
    f = font(size, bold)
    words = text.split()
    out: list[str] = []
    current = ""
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if f.getlength(trial) <= max_width or not current:
            current = trial
            continue
        out.append(current)
        current = word
        if len(out) == lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        out.append(current)
    if out and f.getlength(out[-1]) > max_width:
        out[-1] = fit(out[-1], max_width, size, bold)[0]
    return out[:lines]


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int, fill: RGB = INK,
         bold: bool = False, anchor: str = "la", stroke: int = 0, stroke_fill: RGB | None = None) -> None:
    d.text(xy, value, font=font(size, bold), fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)


def fitted(d: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, max_width: float, size: int,
           fill: RGB = INK, bold: bool = False, anchor: str = "la", min_size: int | None = None) -> float:
    """Draw ``value`` shrunk or ellipsized to ``max_width``; returns the drawn width."""
    value, s = fit(value, max_width, size, bold, min_size)
    d.text(xy, value, font=font(s, bold), fill=fill, anchor=anchor)
    return font(s, bold).getlength(value)


@functools.lru_cache(maxsize=2048)
def label(value: str, size: int, fill: RGB = INK, bold: bool = False, stroke: int = 0,
          stroke_fill: RGB | None = None) -> Image.Image:
    """A text sprite (transparent background), tight to the font's ascent/descent."""
    f = font(size, bold)
    left, top, right, bottom = f.getbbox(value, anchor="ls", stroke_width=stroke)
    ascent, descent = f.getmetrics()
    w = max(1, math.ceil(right - min(0, left)) + 2 * stroke)
    h = ascent + descent + 2 * stroke
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((stroke - min(0, left), stroke + ascent), value, font=f, fill=fill, anchor="ls",
                             stroke_width=stroke, stroke_fill=stroke_fill)
    return img


# --- generic icons -----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def coin(size: int, value: str = "", fill: RGB = GOLD, ink: RGB = INK) -> Image.Image:
    """A gold coin with an optional number."""
    sk = Sketch(size, size)
    sk.ellipse((0.5, 0.5, size - 0.5, size - 0.5), fill=darker(fill, 0.62))
    sk.ellipse((size * 0.09, size * 0.09, size * 0.91, size * 0.91), fill=fill)
    sk.ellipse((size * 0.17, size * 0.17, size * 0.83, size * 0.83), outline=darker(fill, 0.8), width=size * 0.03)
    img = sk.image()
    if value:
        ts = round(size * (0.56 if len(value) < 2 else 0.46 if len(value) < 3 else 0.36))
        ImageDraw.Draw(img).text((size / 2, size / 2), value, font=font(ts, True), fill=ink, anchor="mm")
    return img


@functools.lru_cache(maxsize=256)
def laurel(size: int, value: str = "", ink: RGB = INK, green: RGB = LAUREL, disc: RGB = PAPER) -> Image.Image:
    """Victory points: a number in a laurel wreath (two branches, open at the top) on a light medallion."""
    sk = Sketch(size, size)
    c = size / 2
    sk.ellipse((0, 0, size, size), fill=darker(green, 0.8))
    sk.ellipse((size * 0.06, size * 0.06, size * 0.94, size * 0.94), fill=disc)
    r = size * 0.33
    for side in (-1, 1):
        for k in range(5):
            theta = math.radians(90 + side * (24 + k * 29))  # from the bottom up each side (screen angles)
            x, y = c + r * math.cos(theta), c + r * math.sin(theta)
            tangent = theta + (math.pi / 2 if side > 0 else -math.pi / 2) + side * 0.35
            sk.polygon(leaf(x, y, size * 0.2, size * 0.095, tangent), fill=green)
    img = sk.image()
    if value:
        ts = round(size * (0.44 if len(value) < 2 else 0.34))
        ImageDraw.Draw(img).text((c, c), value, font=font(ts, True), fill=ink, anchor="mm")
    return img


def leaf(x: float, y: float, length: float, width: float, angle: float) -> list[tuple[float, float]]:
    """A pointed leaf centred on (x, y), its long axis at ``angle`` (screen radians)."""
    pts = []
    for i in range(16):
        t = 2 * math.pi * i / 16
        px = length / 2 * math.cos(t)
        py = width / 2 * math.sin(t) * abs(math.cos(t)) ** 0.0 * (1 - 0.35 * abs(math.cos(t)))
        pts.append((x + px * math.cos(angle) - py * math.sin(angle), y + px * math.sin(angle) + py * math.cos(angle)))
    return pts


@functools.lru_cache(maxsize=64)
def shield(size: int, fill: RGB = RED, value: str = "") -> Image.Image:
    """A military shield."""
    w, h = round(size * 0.86), size
    sk = Sketch(w, h)
    outline = [(0.06, 0.08), (0.5, 0.0), (0.94, 0.08), (0.92, 0.52), (0.5, 1.0), (0.08, 0.52)]
    sk.polygon([(x * w, y * h) for x, y in outline], fill=darker(fill, 0.55))
    inner = [(0.14, 0.14), (0.5, 0.07), (0.86, 0.14), (0.84, 0.50), (0.5, 0.90), (0.16, 0.50)]
    sk.polygon([(x * w, y * h) for x, y in inner], fill=fill)
    sk.line([(w * 0.5, h * 0.14), (w * 0.5, h * 0.80)], fill=lighter(fill, 0.45), width=size * 0.06)
    img = sk.image()
    if value:
        ImageDraw.Draw(img).text((w / 2, h * 0.44), value, font=font(round(size * 0.5), True), fill=WHITE,
                                 anchor="mm", stroke_width=1, stroke_fill=darker(fill, 0.5))
    return img


@functools.lru_cache(maxsize=32)
def link(size: int, fill: RGB = INK) -> Image.Image:
    """Two chain links: the chain (free construction) mark."""
    sk = Sketch(size, size)
    w = size * 0.12
    for cx, cy in ((0.36, 0.36), (0.64, 0.64)):
        box = (size * (cx - 0.27), size * (cy - 0.16), size * (cx + 0.27), size * (cy + 0.16))
        # an oval link rotated 45 degrees, drawn as a polygon outline
        pts = []
        for i in range(24):
            t = 2 * math.pi * i / 24
            px, py = 0.27 * math.cos(t), 0.15 * math.sin(t)
            a = math.radians(45)
            pts.append((size * (cx + px * math.cos(a) - py * math.sin(a)), size * (cy + px * math.sin(a) + py * math.cos(a))))
        del box
        sk.line(pts + [pts[0]], fill=fill, width=w, round_caps=False)
    return sk.image()


@functools.lru_cache(maxsize=32)
def check(size: int, fill: RGB = GREEN) -> Image.Image:
    sk = Sketch(size, size)
    sk.line([(size * 0.15, size * 0.55), (size * 0.40, size * 0.80), (size * 0.86, size * 0.22)], fill=fill,
            width=size * 0.16)
    return sk.image()


@functools.lru_cache(maxsize=32)
def cross(size: int, fill: RGB = RED) -> Image.Image:
    sk = Sketch(size, size)
    sk.line([(size * 0.2, size * 0.2), (size * 0.8, size * 0.8)], fill=fill, width=size * 0.16)
    sk.line([(size * 0.8, size * 0.2), (size * 0.2, size * 0.8)], fill=fill, width=size * 0.16)
    return sk.image()


@functools.lru_cache(maxsize=32)
def triangle(size: int, fill: RGB, direction: str = "right") -> Image.Image:
    sk = Sketch(size, size)
    pts = {
        "right": [(0.15, 0.1), (0.9, 0.5), (0.15, 0.9)],
        "left": [(0.85, 0.1), (0.1, 0.5), (0.85, 0.9)],
        "down": [(0.1, 0.15), (0.9, 0.15), (0.5, 0.9)],
        "up": [(0.1, 0.85), (0.9, 0.85), (0.5, 0.1)],
    }[direction]
    sk.polygon([(x * size, y * size) for x, y in pts], fill=fill)
    return sk.image()


@functools.lru_cache(maxsize=32)
def again(size: int, fill: RGB = INK) -> Image.Image:
    """Play again: a circular arrow."""
    sk = Sketch(size, size)
    w = size * 0.13
    r = size * 0.33
    c = size / 2
    start, end = -40, 215
    sk.arc((c - r, c - r, c + r, c + r), start, end, fill=fill, width=w)
    t = math.radians(end)
    x, y = c + r * math.cos(t), c + r * math.sin(t)
    dx, dy = -math.sin(t), math.cos(t)  # direction of travel (clockwise on screen)
    nx, ny = -dy, dx
    a = size * 0.2
    sk.polygon([(x + dx * a, y + dy * a), (x + nx * a * 0.8, y + ny * a * 0.8), (x - nx * a * 0.8, y - ny * a * 0.8)],
               fill=fill)
    return sk.image()


def halo(img: Image.Image, colour: RGB, radius: int = 2) -> Image.Image:
    """``img`` on an outline of ``colour`` ``radius`` px wide (so it stands out on any background)."""
    from PIL import ImageFilter

    padded = Image.new("RGBA", (img.width + 2 * radius, img.height + 2 * radius), (0, 0, 0, 0))
    padded.alpha_composite(img, (radius, radius))
    alpha = padded.getchannel("A").point(lambda a: 255 if a > 40 else a * 6)
    grown = alpha.filter(ImageFilter.MaxFilter(2 * radius + 1))
    out = Image.new("RGBA", padded.size, colour + (0,))
    out.putalpha(grown)
    out.alpha_composite(padded)
    return out


def row(sprites: Sequence[Image.Image], gap: int = 2) -> Image.Image:
    """Sprites side by side, vertically centred."""
    if not sprites:
        return Image.new("RGBA", (1, 1), (0, 0, 0, 0))
    w = sum(s.width for s in sprites) + gap * (len(sprites) - 1)
    h = max(s.height for s in sprites)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    x = 0
    for s in sprites:
        img.alpha_composite(s, (x, (h - s.height) // 2))
        x += s.width + gap
    return img


def fit_row(sprites: Sequence[Image.Image], max_width: int, gap: int = 2) -> Image.Image:
    """``row`` scaled down (never up) to ``max_width``."""
    img = row(sprites, gap)
    if img.width > max_width:
        h = max(1, round(img.height * max_width / img.width))
        img = img.resize((max_width, h), Image.Resampling.LANCZOS)
    return img

