"""Drawings every game shares: a strip of lines under a board (the players' clocks, who the bot plays for) and the
final score sheet as a table, whatever the game's categories.

Both take plain text (already in the reader's language) and return PNG bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.draw import GOLD, INK, MUTED, PAPER, WHITE, fit, text
from bot.render.png import encode

STRIP_SIZE = 22
STRIP_PAD = 10
SHEET_SIZE = 22
SHEET_PAD = 14
ROW = 36
HEAD = 44
ZEBRA = (240, 234, 220)
WINNER = (255, 240, 196)
MAX_NAME = 180
MAX_LABEL = 320


def with_strip(png: bytes, lines: Sequence[str]) -> bytes:
    """``png`` with ``lines`` written in a strip under it (the same picture when there are none)."""
    if not lines:
        return png
    board = Image.open(io.BytesIO(png)).convert("RGB")
    height = STRIP_PAD * 2 + len(lines) * (STRIP_SIZE + 8)
    out = Image.new("RGB", (board.width, board.height + height), PAPER)
    out.paste(board, (0, 0))
    d = ImageDraw.Draw(out)
    d.line([(0, board.height), (board.width, board.height)], fill=MUTED, width=1)
    y = board.height + STRIP_PAD
    for line in lines:
        shown, size = fit(line, board.width - 2 * STRIP_PAD, STRIP_SIZE, min_size=14)
        text(d, (STRIP_PAD, y), shown, size, INK)
        y += STRIP_SIZE + 8
    return encode(out)


def score_sheet(title: str, players: Sequence[str], rows: Sequence[tuple[str, Sequence[int]]],
                winners: Sequence[int] = ()) -> bytes:
    """A score sheet: ``title`` above a table with a column per player (``winners``' columns highlighted) and a
    row per category (its label and each player's points), the last row (the total) in bold."""
    label_w = min(MAX_LABEL, max([fit_width(label, SHEET_SIZE) for label, _ in rows] + [80]) + 2 * SHEET_PAD)
    col_w = min(MAX_NAME, max([fit_width(name, SHEET_SIZE, bold=True) for name in players] + [60]) + 2 * SHEET_PAD)
    width = label_w + col_w * len(players)
    height = HEAD + ROW + ROW * len(rows) + SHEET_PAD
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    shown, size = fit(title, width - 2 * SHEET_PAD, SHEET_SIZE + 4, bold=True, min_size=14)
    text(d, (SHEET_PAD, HEAD // 2), shown, size, INK, bold=True, anchor="lm")
    for i in winners:
        x = label_w + col_w * i
        d.rectangle([x, HEAD, x + col_w - 1, height - SHEET_PAD], fill=WINNER)
    top = HEAD
    for i, name in enumerate(players):
        shown, size = fit(name, col_w - 2 * SHEET_PAD, SHEET_SIZE, bold=True, min_size=12)
        text(d, (label_w + col_w * i + col_w / 2, top + ROW / 2), shown, size, INK, bold=True, anchor="mm")
    for r, (label, values) in enumerate(rows):
        y = top + ROW * (r + 1)
        last = r == len(rows) - 1
        if r % 2 == 0 and not last:
            d.rectangle([0, y, label_w - 1, y + ROW - 1], fill=ZEBRA)
        if last:
            d.line([(SHEET_PAD, y), (width - SHEET_PAD, y)], fill=INK, width=2)
        shown, size = fit(label, label_w - 2 * SHEET_PAD, SHEET_SIZE, bold=last, min_size=12)
        text(d, (SHEET_PAD, y + ROW / 2), shown, size, INK, bold=last, anchor="lm")
        for i, value in enumerate(values):
            text(d, (label_w + col_w * i + col_w / 2, y + ROW / 2), str(value), SHEET_SIZE, INK, bold=last,
                 anchor="mm")
    for i in winners:  # a gold rule under the winner's name
        x = label_w + col_w * i
        d.line([(x + SHEET_PAD, top + ROW - 4), (x + col_w - SHEET_PAD, top + ROW - 4)], fill=GOLD, width=3)
    d.rectangle([0, 0, width - 1, height - 1], outline=WHITE)
    return encode(img)


def fit_width(value: str, size: int, bold: bool = False) -> int:
    from bot.render.fonts import font

    return int(font(size, bold).getlength(value)) + 1
