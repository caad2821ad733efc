"""The bundled DejaVu Sans fonts, loaded once per size, and what characters they can draw.

Pillow has no font fallback: a character missing from the font is drawn as a box ("tofu"). ``covers`` answers from
the font's own character map (its ``cmap`` table), so callers can check or clean a text before drawing it.
"""

from __future__ import annotations

import functools
import io
import struct
from importlib import resources

from PIL import ImageFont

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"


@functools.cache
def _font_bytes(filename: str) -> bytes:
    return (resources.files("bot") / "assets" / "fonts" / filename).read_bytes()


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (Bold) at ``size`` px, with the basic layout engine (no Raqm: same output everywhere)."""
    data = _font_bytes(BOLD if bold else REGULAR)
    return ImageFont.truetype(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def _cmap(data: bytes) -> frozenset[int]:
    """The code points of a TrueType font's Unicode character map (formats 4 and 12)."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        return frozenset()
    points: set[int] = set()
    count = struct.unpack_from(">H", data, cmap_offset + 2)[0]
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        table = cmap_offset + sub
        fmt = struct.unpack_from(">H", data, table)[0]
        if fmt == 4:
            segs = struct.unpack_from(">H", data, table + 6)[0] // 2
            ends = struct.unpack_from(f">{segs}H", data, table + 14)
            starts = struct.unpack_from(f">{segs}H", data, table + 16 + 2 * segs)
            deltas = struct.unpack_from(f">{segs}h", data, table + 16 + 4 * segs)
            range_base = table + 16 + 6 * segs
            offsets = struct.unpack_from(f">{segs}H", data, range_base)
            for s, (start, end, delta, ro) in enumerate(zip(starts, ends, deltas, offsets)):
                for c in range(start, end + 1):
                    if c == 0xFFFF:
                        continue
                    if ro == 0:
                        glyph = (c + delta) & 0xFFFF
                    else:
                        at = range_base + 2 * s + ro + 2 * (c - start)
                        glyph = struct.unpack_from(">H", data, at)[0]
                        glyph = (glyph + delta) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(c)
        elif fmt == 12:
            groups = struct.unpack_from(">I", data, table + 12)[0]
            for g in range(groups):
                start, end, first_glyph = struct.unpack_from(">III", data, table + 16 + 12 * g)
                points.update(range(start, end + 1) if first_glyph or start else range(start + 1, end + 1))
    return frozenset(points)


@functools.cache
def codepoints(bold: bool = False) -> frozenset[int]:
    return _cmap(_font_bytes(BOLD if bold else REGULAR))


def covers(text: str, bold: bool = False) -> bool:
    """True if every character of ``text`` has a glyph in the font (whitespace always counts as covered)."""
    points = codepoints(bold)
    return all(ch.isspace() or ord(ch) in points for ch in text)


def missing(text: str, bold: bool = False) -> set[str]:
    points = codepoints(bold)
    return {ch for ch in text if not ch.isspace() and ord(ch) not in points}


def clean(text: str, bold: bool = False) -> str:
    """``text`` without the characters the font cannot draw (emoji in a user name, say) and without control chars."""
    points = codepoints(bold)
    out = "".join(ch for ch in text if (ch == " " or (ord(ch) in points and ch.isprintable())))
    return " ".join(out.split())
