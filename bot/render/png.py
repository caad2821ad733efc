"""PNG encoding: fast, small and without metadata.

An RGB PNG of a whole board takes 20-30 ms to encode (the per-row filters of a 1280 x 1500 image), more than the
drawing itself. A palette PNG takes a quarter of that and is half the size, and our images are flat colours plus
antialiased edges, which a fixed 256-colour palette holds well: ``build_palette`` keeps the frequent colours
exactly and spends the rest on the blends between them. Mapping to a fixed palette is a fast table look-up, without
dithering (so the output stays crisp and deterministic).
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable

from PIL import Image

COMPRESS_LEVEL = 1


def encode(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """``img`` as PNG bytes; mapped to ``palette`` (a "P" image from ``build_palette``) if given. Pillow writes no
    text or time chunks unless asked (no ``pnginfo``), so the file carries pixels only."""
    if palette is not None:
        if img.mode != "RGB":
            img = img.convert("RGB")
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()


def build_palette(samples: Iterable[Image.Image], flat_min: int = 150, max_flat: int = 128,
                  weight_cap: int = 40) -> Image.Image:
    """A 256-colour palette for images like ``samples``: their frequent colours exactly (up to ``max_flat`` colours
    covering at least ``flat_min`` pixels), then a median cut of the remaining colours (antialiasing blends), each
    weighted by its count up to ``weight_cap``."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for sample in samples:
        rgb = sample.convert("RGB")
        for n, colour in rgb.getcolors(rgb.width * rgb.height) or []:
            counts[colour] += n
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    flat = [c for c, n in ranked if n >= flat_min][:max_flat]
    chosen = set(flat)
    pixels: list[tuple[int, int, int]] = []
    for colour, n in ranked:
        if colour not in chosen:
            pixels.extend([colour] * min(n, weight_cap))
    colours = list(flat)
    room = 256 - len(colours)
    if pixels and room > 0:
        blends = Image.new("RGB", (len(pixels), 1))
        blends.putdata(pixels)
        q = blends.quantize(room, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        used = [i for i, n in enumerate(q.histogram()[:256]) if n]
        pal = q.getpalette() or []
        colours += [tuple(pal[3 * i: 3 * i + 3]) for i in used]  # type: ignore[misc]
    colours = colours[:256]
    flat_bytes = [v for c in colours for v in c]
    flat_bytes += list(colours[-1]) * (256 - len(colours)) if colours else [0] * 768
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat_bytes)
    return palette
