"""The 7 Wonders (and Armada) table image: every city, drawn from a ``WondersView`` only.

The view carries no hands, no unrevealed choices (only whether each seat has chosen), no discard pile (its size
only) and no island decks (their sizes only), so hidden information cannot reach the picture. Static data comes
from ``rules.wonders.data``, names from ``bot.games.wonders.names`` in the current locale.

Layout (1280 px wide): a header (age, turn, where hands pass, the discard pile and island decks, then the seats in
table order with arrows in the passing direction and each seat's "thinking" / "ready" mark), the score sheet once
the game is over, then one panel per city, two a row, in seat order.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.wonders import names as names
from bot.i18n import get_locale, pgettext
from bot.render import draw as D
from bot.render import icons
from bot.games.wonders.render import sprites as S
from bot.render.draw import INK, WHITE, hex_rgb
from bot.render.fonts import font
from rules.wonders.data import COLOURS, WONDERS
from rules.wonders.view import PlayerView, WondersView

WIDTH = 1280
MARGIN = 16
COL_GAP = 14
ROW_GAP = 14
PANEL_W = (WIDTH - 2 * MARGIN - COL_GAP) // 2
PAD = 10
CONTENT_W = PANEL_W - 2 * PAD
BG = hex_rgb("#1e2a32")
PANEL = hex_rgb("#f3ede0")
PANEL_EDGE = hex_rgb("#b9ab8c")
LIGHT = hex_rgb("#e9eef2")
DIM = hex_rgb("#8fa1ad")
READY = hex_rgb("#2e9e5b")
THINKING = hex_rgb("#f0b429")
SEAT_COLOURS = (
    hex_rgb("#e67e22"),
    hex_rgb("#3498db"),
    hex_rgb("#2bb673"),
    hex_rgb("#a569bd"),
    hex_rgb("#e74c3c"),
    hex_rgb("#17a2a8"),
    hex_rgb("#c9a227"),
)


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def player_names(view: WondersView, raw: Sequence[str]) -> list[str]:
    return [icons.display_name(raw, s, pgettext("wonders.render", "Player {n}").format(n=s + 1))
            for s in range(len(view.players))]


def neighbours(view: WondersView, seat: int) -> dict[str, int]:
    """The seats around ``seat``: left is seat + 1, right seat - 1, far left + 2, far right - 2."""
    n = len(view.players)
    return {"left": (seat + 1) % n, "right": (seat - 1) % n, "far_left": (seat + 2) % n, "far_right": (seat - 2) % n}


def age_title(view: WondersView) -> str:
    if view.outcome is not None or view.phase == "over":
        return pgettext("wonders.render", "Game over")
    if view.stopped:
        return pgettext("wonders.render", "Game stopped")
    if view.phase == "sides" or not view.age:
        return pgettext("wonders.render", "Choosing wonder sides")
    return pgettext("wonders.render", "Age {age}").format(age=S.ROMAN.get(view.age, str(view.age)))


def turn_text(view: WondersView) -> str:
    if view.outcome is not None or view.phase != "play" or not view.turn:
        return ""
    if view.turn > view.turns:
        return pgettext("wonders.render", "last card")
    return pgettext("wonders.render", "turn {turn} of {turns}").format(turn=view.turn, turns=view.turns)


def direction_text(direction: str) -> str:
    if direction == "left":
        return pgettext("wonders.render", "hands pass left")
    return pgettext("wonders.render", "hands pass right")


@functools.lru_cache(maxsize=16)
def status_tag(kind: str, locale: str, size: int = 14) -> Image.Image:
    """"thinking…" (a choice is awaited) or "ready" (chosen; what stays hidden)."""
    if kind == "ready":
        text, fill, ink, mark = pgettext("wonders.render", "ready"), READY, WHITE, D.check(size + 4, WHITE)
    else:
        text, fill, ink, mark = pgettext("wonders.render", "thinking…"), THINKING, INK, icons.hourglass(size + 4)
    label = D.label(text, size, ink, True)
    h = size + 12
    w = mark.width + label.width + 16
    img = D.rounded(w, h, h / 2, fill, D.darker(fill, 0.6), 1.5).copy()
    D.paste(img, mark, (6, h / 2), "lm")
    D.paste(img, label, (mark.width + 9, h / 2 + 1), "lm")
    return img


def status_of(view: WondersView, p: PlayerView) -> str | None:
    if not p.deciding or view.stopped:
        return None
    return "ready" if p.chosen else "thinking"


# --- the image ----------------------------------------------------------------------------------------------------



def board_image(view: WondersView, raw_names: Sequence[str]) -> Image.Image:
    locale = get_locale()
    names_ = player_names(view, raw_names)
    heights = [_panel_height(view, p, locale) for p in view.players]
    rows = [list(range(i, min(i + 2, len(heights)))) for i in range(0, len(heights), 2)]
    row_heights = [max(heights[s] for s in r) for r in rows]
    header_h = 132
    sheet = _score_sheet(view, names_, locale) if view.outcome is not None else None
    top = header_h + (sheet.height + 16 if sheet is not None else 0)
    height = top + sum(h + ROW_GAP for h in row_heights) - ROW_GAP + MARGIN
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    _header(img, d, view, names_, locale)
    if sheet is not None:
        D.paste(img, sheet, (MARGIN, header_h))
    y = top
    for r, h in zip(rows, row_heights):
        for k, seat in enumerate(r):
            x = MARGIN + k * (PANEL_W + COL_GAP)
            _frame(img, d, x, y, h)
            _panel(img, d, view, view.players[seat], names_, x, y, locale)
        if len(r) == 1:
            _legend(img, view, MARGIN + PANEL_W + COL_GAP, y, h, locale)
        y += h + ROW_GAP
    return img


# --- header -------------------------------------------------------------------------------------------------------


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: WondersView, names_: list[str], locale: str) -> None:
    cy = 34
    title, size = D.fit(age_title(view), 420, 32, True, 20)
    d.text((MARGIN, cy), title, font=font(size, True), fill=WHITE, anchor="lm")
    x = MARGIN + font(size, True).getlength(title) + 18
    sub = turn_text(view)
    if sub:
        x += D.fitted(d, (x, cy + 3), sub, 260, 22, LIGHT, False, "lm", 14) + 24
    if view.phase == "play" and view.outcome is None:
        D.paste(img, icons.arrow(26, LIGHT, view.direction, 1.5), (x, cy), "lm")
        x += 46
        D.fitted(d, (x, cy + 2), direction_text(view.direction), 300, 20, LIGHT, False, "lm", 13)
    # on the right: the island decks (Armada) and the discard pile
    right = WIDTH - MARGIN
    if view.armada and view.island_decks:
        for level in range(len(view.island_decks), 0, -1):
            count = D.label(str(view.island_decks[level - 1]), 22, WHITE, True)
            D.paste(img, count, (right, cy + 1), "rm")
            right -= count.width + 4
            D.paste(img, S.island_icon(34, level), (right, cy), "rm")
            right -= 34 + 14
        right -= 6
    count = D.label(str(view.discard_size), 22, WHITE, True)
    D.paste(img, count, (right, cy + 1), "rm")
    right -= count.width + 4
    D.paste(img, icons.discard_pile(38), (right, cy), "rm")
    _seat_strip(img, view, names_, 68, locale)


def _seat_strip(img: Image.Image, view: WondersView, names_: list[str], top: int, locale: str) -> None:
    """The seats round the table as the players see it: each seat's left neighbour (the next seat) drawn on its
    left, so the last seat comes first; the arrows between neighbours point where the hands go (left in Ages I and
    III), and the faint discs at the ends show where the ring closes."""
    n = len(view.players)
    arrow_w, ghost = 26, 30
    chip_w = (WIDTH - 2 * MARGIN - (n + 1) * arrow_w - 2 * ghost) // n
    h = 48
    moving = view.phase == "play" and view.outcome is None
    pointing = view.direction if moving else "both"
    x = MARGIN
    cy = top + h / 2
    order = list(range(n - 1, -1, -1))
    D.paste(img, _ghost(0, ghost), (x, cy), "lm")
    x += ghost
    for seat in order:
        D.paste(img, _strip_arrow(arrow_w, pointing), (x, cy), "lm")
        x += arrow_w
        D.paste(img, _seat_chip(seat, names_[seat], chip_w, h, status_of(view, view.players[seat]), locale), (x, top))
        x += chip_w
    D.paste(img, _strip_arrow(arrow_w, pointing), (x, cy), "lm")
    x += arrow_w
    D.paste(img, _ghost(n - 1, ghost), (x, cy), "lm")


@functools.lru_cache(maxsize=8)
def _strip_arrow(w: int, direction: str) -> Image.Image:
    if direction == "both":
        return D.label("↔", 20, DIM, True)
    return icons.arrow(16, LIGHT, direction, w / 16)


@functools.lru_cache(maxsize=16)
def _ghost(seat: int, size: int) -> Image.Image:
    """A seat number in a faint disc: where the ring continues."""
    colour = seat_colour(seat)
    return icons.disc_label(str(seat + 1), size, D.darker(colour, 0.55), LIGHT, colour)


@functools.lru_cache(maxsize=256)
def _seat_chip(seat: int, name: str, w: int, h: int, status: str | None, locale: str) -> Image.Image:
    colour = seat_colour(seat)
    img = D.rounded(w, h, 10, D.darker(colour, 0.75), colour, 2).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, icons.disc_label(str(seat + 1), 26, colour, WHITE, WHITE), (6, h / 2), "lm")
    room = w - 36 - 6
    if status:
        mark = D.check(22, hex_rgb("#7ee2a8")) if status == "ready" else icons.hourglass(20, INK, THINKING)
        if status != "ready":
            mark = D.halo(mark, LIGHT, 1)
        D.paste(img, mark, (w - 6, h / 2), "rm")
        room -= 22
    D.fitted(d, (36, h / 2 + 1), name, room, 17, WHITE, True, "lm", 13)
    return img


# --- a city -------------------------------------------------------------------------------------------------------


RADIUS = 14


@functools.lru_cache(maxsize=4)
def _corners() -> tuple[Image.Image, ...]:
    """The four rounded corners of a panel frame on the background (top left, top right, bottom left, bottom
    right), so a panel is framed without compositing a panel-sized sprite."""
    size = RADIUS + 2
    big = D.rounded(4 * size, 4 * size, RADIUS, PANEL, PANEL_EDGE, 2)
    full = Image.new("RGB", big.size, BG)
    full.paste(big, (0, 0), big)
    e = 4 * size
    return (full.crop((0, 0, size, size)), full.crop((e - size, 0, e, size)), full.crop((0, e - size, size, e)),
            full.crop((e - size, e - size, e, e)))


def _frame(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, h: int) -> None:
    """A panel's background and rounded frame, drawn in place (no panel-sized sprite to composite)."""
    w = PANEL_W
    d.rectangle((x, y, x + w - 1, y + h - 1), fill=PANEL, outline=PANEL_EDGE, width=2)
    tl, tr, bl, br = _corners()
    size = tl.width
    img.paste(tl, (x, y))
    img.paste(tr, (x + w - size, y))
    img.paste(bl, (x, y + h - size))
    img.paste(br, (x + w - size, y + h - size))


NAME_BAR_H = 50


def _panel_height(view: WondersView, p: PlayerView, locale: str) -> int:
    """The height ``_panel`` draws, measured without drawing."""
    y = 6 + NAME_BAR_H
    y += _wonder_height(p)
    y += 6 + _city_height(p, locale)
    y += 6 + _production_height(p, locale)
    y += 6 + 32
    y += 4 + 32
    if view.armada:
        y += 6 + _armada_height(p)
    return y + PAD + 2


def _panel(img: Image.Image, d: ImageDraw.ImageDraw, view: WondersView, p: PlayerView, names_: list[str], x0: int,
           y0: int, locale: str) -> None:
    """A city's panel contents, drawn in place at (x0, y0) inside its frame."""
    x = x0 + PAD
    y = y0 + 6
    _name_bar(img, d, view, p, names_, x, y, locale)
    y += NAME_BAR_H
    y = _wonder_row(img, d, p, x, y, locale)
    y = _city(img, d, p, x, y + 6, locale)
    y = _production(img, d, p, x, y + 6, locale)
    y = _conflicts(img, d, view, p, x, y + 6, locale)
    y = _science(img, d, view, p, x, y + 4, locale)
    if view.armada:
        _armada(img, d, p, x, y + 6, locale)


def _name_bar(img: Image.Image, d: ImageDraw.ImageDraw, view: WondersView, p: PlayerView, names_: list[str],
              x: int, y: int, locale: str) -> None:
    around = neighbours(view, p.seat)
    team = p.team if view.teams else None
    bar = _name_bar_sprite(p.seat, names_[p.seat], around["left"], around["right"], status_of(view, p), team, locale)
    D.paste(img, bar, (x, y))
    ink = D.ink_on(seat_colour(p.seat))
    right = x + CONTENT_W - 5 - NEIGHBOUR_W - 10
    D.paste(img, D.label(str(p.score.get("total", 0)), 22, ink, True), (right - NUMBER_W, y + 22), "lm")
    right -= 32 + 4 + NUMBER_W + 12
    D.paste(img, D.label(str(p.coins), 22, ink, True), (right - NUMBER_W, y + 22), "lm")


NUMBER_W = 40  # room for a number of coins or points (up to 3 digits)
NEIGHBOUR_W = 35


@functools.lru_cache(maxsize=512)
def _name_bar_sprite(seat: int, name: str, left: int, right_seat: int, status: str | None, team: int | None,
                     locale: str) -> Image.Image:
    """The seat's bar without its numbers: ◀ left neighbour, seat number, name, status, the coin and the laurel
    (their numbers are pasted after them), right neighbour ▶."""
    colour = seat_colour(seat)
    h = 44
    img = D.rounded(CONTENT_W, h, 10, colour).copy()
    d = ImageDraw.Draw(img)
    ink = D.ink_on(colour)
    left_mark = _neighbour_mark(left, "left")
    D.paste(img, left_mark, (5, h / 2), "lm")
    nx = 5 + left_mark.width + 4
    D.paste(img, icons.disc_label(str(seat + 1), 30, D.darker(colour, 0.6), WHITE, WHITE), (nx, h / 2), "lm")
    nx += 36
    D.paste(img, _neighbour_mark(right_seat, "right"), (CONTENT_W - 5, h / 2), "rm")
    right = CONTENT_W - 5 - NEIGHBOUR_W - 10
    right -= NUMBER_W + 4
    D.paste(img, D.laurel(32), (right, h / 2), "rm")
    right -= 32 + 12
    right -= NUMBER_W + 4
    D.paste(img, D.coin(30), (right, h / 2), "rm")
    right -= 30 + 12
    if status:
        tag = status_tag(status, locale)
        D.paste(img, tag, (right, h / 2), "rm")
        right -= tag.width + 10
    if team is not None:
        team_tag = icons.tag(pgettext("wonders.render", "Team {n}").format(n=team + 1), 12, WHITE, INK, 6)
        D.paste(img, team_tag, (right, h / 2), "rm")
        right -= team_tag.width + 8
    D.fitted(d, (nx, h / 2 + 1), name, right - nx - 4, 21, ink, True, "lm", 12)
    del ink
    return img


@functools.lru_cache(maxsize=32)
def _neighbour_mark(seat: int, side: str) -> Image.Image:
    """A neighbour's seat number with an arrow to its side: ◀ 3 on the left, 7 ▶ on the right."""
    disc = icons.disc_label(str(seat + 1), 22, seat_colour(seat), WHITE, WHITE)
    arrow = D.triangle(12, WHITE, side)
    return D.row([arrow, disc] if side == "left" else [disc, arrow], gap=1)


STAGE_H = 40


def _wonder_height(p: PlayerView) -> int:
    return (1 if p.side else 2) * (STAGE_H + 4) - 4


def _wonder_row(img: Image.Image, d: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, locale: str) -> int:
    sprite = _wonder_sprite(p.board, p.side, p.stages_built, p.stages_total, locale)
    D.paste(img, sprite, (x, y))
    return y + sprite.height


@functools.lru_cache(maxsize=256)
def _wonder_sprite(board: str, side: str, built: int, total: int, locale: str) -> Image.Image:
    """The wonder: name, side, starting resource, then its stages (built ones gold); while sides are being chosen,
    both sides' stages."""
    wonder = WONDERS[board]
    sides = [side] if side else ["a", "b"]
    img = Image.new("RGBA", (CONTENT_W, len(sides) * (STAGE_H + 4) - 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    name_w = 218
    D.paste(img, icons.pyramid(28), (2, STAGE_H / 2), "lm")
    start = S.resource("WSCOGLP"[wonder.resource], 24, locale)
    D.paste(img, start, (name_w - 4, STAGE_H / 2), "rm")
    room = name_w - 36 - start.width - 8
    name = names.wonder(board)
    if side:
        D.fitted(d, (34, 11), name, room, 17, INK, True, "lm", 11)
        tag = icons.tag(S.side_letter(side), 11, INK, WHITE, 5)
        D.paste(img, tag, (34, 30), "lm")
        d.text((38 + tag.width, 31), f"{built}/{total}", font=font(14, True), fill=D.MUTED, anchor="lm")
    else:
        D.fitted(d, (34, STAGE_H / 2 + 1), name, room, 17, INK, True, "lm", 11)
    for k, one in enumerate(sides):
        stages = wonder.stages(one)
        yy = k * (STAGE_H + 4)
        left = name_w + (22 if len(sides) > 1 else 4)
        if len(sides) > 1:
            D.paste(img, icons.tag(S.side_letter(one), 12, INK, WHITE, 5), (name_w + 1, yy + STAGE_H / 2), "lm")
        gap = 4
        box_w = min(112, (CONTENT_W - left - gap * (len(stages) - 1)) // len(stages))
        for i in range(len(stages)):
            done = one == side and i < built
            D.paste(img, S.stage_box(board, one, i, done, box_w, STAGE_H, locale), (left + i * (box_w + gap), yy))
    return img


def _flow(img: Image.Image | None, items: list[tuple[Image.Image, bool]], x: int, y: int, width: int, line_h: int,
          gap: int = 4) -> int:
    """Lay sprites out left to right, wrapping at ``width``; an item marked True starts a new group (a little more
    space before it). Returns the bottom; with no image, only measures."""
    cx, cy = x, y
    for sprite, group in items:
        if group and cx > x:
            cx += 6
        if cx + sprite.width > x + width and cx > x:
            cx, cy = x, cy + line_h
        if img is not None:
            D.paste(img, sprite, (cx, cy + line_h / 2 - 2), "lm")
        cx += sprite.width + gap
    return cy + line_h


def _city_items(p: PlayerView, locale: str) -> list[tuple[Image.Image, bool]]:
    items: list[tuple[Image.Image, bool]] = []
    for colour in COLOURS:
        cards = p.city.get(colour) or []
        if not cards:
            continue
        items.append((S.colour_chip(colour, len(cards), locale), True))
        items += [(S.city_pill(cid, locale), False) for cid in cards]
    return items


def _city_height(p: PlayerView, locale: str) -> int:
    items = _city_items(p, locale)
    return _flow(None, items, 0, 0, CONTENT_W, S.PILL_H + 4) if items else 24


def _city(img: Image.Image, d: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, locale: str) -> int:
    items = _city_items(p, locale)
    if not items:
        D.fitted(d, (x + 4, y + 12), pgettext("wonders.render", "No structures yet"), CONTENT_W, 15, D.MUTED,
                 False, "lm", 11)
        return y + 24
    return _flow(img, items, x, y, CONTENT_W, S.PILL_H + 4)


@functools.lru_cache(maxsize=64)
def _caption(text: str, width: int) -> Image.Image:
    text, size = D.fit(text, width, 13, True, 9)
    return D.label(text, size, D.MUTED, True)


PRODUCTION_H = 30


def _production_items(p: PlayerView, locale: str) -> list[tuple[Image.Image, bool]]:
    items: list[Image.Image] = [_caption(pgettext("wonders.render", "makes"), 70)]
    for r in "WSCOGLP":
        n = p.production.get(r, 0)
        if n:
            items.append(_amount(r, n, locale))
    for choice in p.choices:
        items.append(_choice_box(choice, locale))
    return [(sprite, False) for sprite in items]


def _production_height(p: PlayerView, locale: str) -> int:
    return _flow(None, _production_items(p, locale), 0, 0, CONTENT_W, PRODUCTION_H, gap=6)


def _production(img: Image.Image, d: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, locale: str) -> int:
    """What the city makes every turn: fixed units (×n), then the choices (one of them a turn)."""
    return _flow(img, _production_items(p, locale), x, y, CONTENT_W, PRODUCTION_H, gap=6)


@functools.lru_cache(maxsize=128)
def _amount(r: str, n: int, locale: str) -> Image.Image:
    parts = [S.resource(r, 24, locale)]
    if n > 1:
        parts.append(D.label(f"×{n}", 15, INK, True))
    return D.row(parts, gap=1)


@functools.lru_cache(maxsize=64)
def _choice_box(choice: str, locale: str) -> Image.Image:
    return icons.choice_box(choice, lambda r, px: S.resource(r, px, locale), 28)


@functools.lru_cache(maxsize=512)
def _tokens(values: tuple[int, ...], naval: bool) -> Image.Image:
    """Conflict tokens, equal ones grouped (``+3×2``), then their sum."""
    counts = Counter(values)
    parts: list[Image.Image] = []
    for v in sorted(counts, reverse=True):
        parts.append(S.token(v, 24, naval))
        if counts[v] > 1:
            parts.append(D.label(f"×{counts[v]}", 13, INK, True))
    total = sum(values)
    parts.append(D.label(f"= {total:+d}".replace("-", "−") if values else "–", 16, INK, True))
    return D.row(parts, gap=2)


def _conflicts(img: Image.Image, d: ImageDraw.ImageDraw, view: WondersView, p: PlayerView, x: int, y: int,
               locale: str) -> int:
    """Land shields and land tokens; with Armada, naval strength and naval tokens."""
    row = _conflict_row(p.shields, tuple(p.land_tokens), p.naval_strength if view.armada else None,
                        tuple(p.naval_tokens))
    D.paste(img, row, (x, y))
    return y + row.height


@functools.lru_cache(maxsize=1024)
def _conflict_row(shields: int, land: tuple[int, ...], naval: int | None, naval_tokens: tuple[int, ...]
                  ) -> Image.Image:
    h = 32
    img = Image.new("RGBA", (CONTENT_W, h), (0, 0, 0, 0))
    land_part = D.row([S.land_shield(28, str(shields)), _tokens(land, False)], gap=8)
    D.paste(img, land_part, (0, h / 2), "lm")
    if naval is not None:
        naval_part = D.row([S.naval_shield(28, str(naval)), _tokens(naval_tokens, True)], gap=8)
        D.paste(img, naval_part, (max(land_part.width + 28, CONTENT_W // 2), h / 2), "lm")
    return img


def _science(img: Image.Image, d: ImageDraw.ImageDraw, view: WondersView, p: PlayerView, x: int, y: int,
             locale: str) -> int:
    counts = tuple(p.science.get(sym, 0) for sym in ("compass", "gear", "tablet", "any", "most"))
    row = _science_row(counts, p.commercial_level if view.armada else None, p.hand_size)
    D.paste(img, row, (x, y))
    return y + row.height


@functools.lru_cache(maxsize=1024)
def _science_row(counts: tuple[int, ...], level: int | None, hand: int) -> Image.Image:
    """Science symbols (the wildcards only if any), then the cards in hand and the commercial level."""
    h = 32
    img = Image.new("RGBA", (CONTENT_W, h), (0, 0, 0, 0))
    parts = [_science_count(sym, n) for sym, n in zip(("compass", "gear", "tablet", "any", "most"), counts)
             if n or sym in ("compass", "gear", "tablet")]
    D.paste(img, D.row(parts, gap=10), (0, h / 2), "lm")
    right = CONTENT_W
    if level is not None:
        level_part = D.row([S.commercial_level_icon(28, ""), D.label(str(level), 18, INK, True)], gap=2)
        D.paste(img, level_part, (right, h / 2), "rm")
        right -= level_part.width + 14
    hand_part = D.row([_hand_icon(), D.label(str(hand), 16, INK, True)], gap=3)
    D.paste(img, hand_part, (right, h / 2), "rm")
    return img


@functools.lru_cache(maxsize=64)
def _science_count(sym: str, n: int) -> Image.Image:
    icon = S.science(sym, 26)
    label = D.label(str(n), 17, INK if n else D.MUTED, True)
    sprite = D.row([icon, label], gap=3)
    if not n:
        faded = sprite.copy()
        faded.putalpha(Image.eval(sprite.getchannel("A"), lambda a: a * 2 // 5))
        return faded
    return sprite


@functools.lru_cache(maxsize=1)
def _hand_icon() -> Image.Image:
    """Cards in hand: two card backs."""
    return icons.discard_pile(24, hex_rgb("#6d5a8a"))


ISLAND_ROW = 27
MAX_ISLANDS = 4


def _armada_height(p: PlayerView) -> int:
    yard = 4 * (S.CELL_H + 3) - 3
    if not p.islands:
        return yard
    rows = len(p.islands) if len(p.islands) <= MAX_ISLANDS else MAX_ISLANDS
    return max(yard, rows * ISLAND_ROW - 1)


def _armada(img: Image.Image, d: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, locale: str) -> None:
    """The Shipyard's four tracks, then the islands kept (the last line says how many more if they do not fit)."""
    ships = tuple(p.ships.get(f, 0) for f in ("red", "yellow", "blue", "green"))
    yard = S.shipyard(ships, p.wonder_track)
    D.paste(img, yard, (x, y))
    left = x + yard.width + 12
    width = x + CONTENT_W - left
    if not p.islands:
        D.fitted(d, (left + 2, y + 12), pgettext("wonders.render", "No islands"), width, 14, D.MUTED, False, "lm",
                 10)
        return
    shown = p.islands if len(p.islands) <= MAX_ISLANDS else p.islands[:MAX_ISLANDS - 1]
    yy = y
    for iid in shown:
        D.paste(img, S.island_pill(iid, locale, width), (left, yy))
        yy += ISLAND_ROW
    if len(p.islands) > len(shown):
        more = pgettext("wonders.render", "+{n} more islands").format(n=len(p.islands) - len(shown))
        D.fitted(d, (left + 4, yy + 12), more, width, 14, INK, True, "lm", 10)


# --- the legend (in the free slot of an odd number of players) ------------------------------------------------------


def _legend(img: Image.Image, view: WondersView, x: int, y: int, h: int, locale: str) -> None:
    legend = _legend_sprite(view.armada, PANEL_W, locale)
    D.paste(img, legend, (x, y))


@functools.lru_cache(maxsize=8)
def _legend_sprite(armada: bool, w: int, locale: str) -> Image.Image:
    entries: list[tuple[Image.Image, str]] = [
        (D.row([S.land_shield(24, "3"), S.token(3, 22), S.token(-1, 22)], gap=2),
         pgettext("wonders.render", "land shields, conflict tokens")),
        (D.row([S.science("compass", 22), S.science("gear", 22), S.science("tablet", 22)], gap=2),
         pgettext("wonders.render", "science symbols")),
        (D.row([S.science("any", 22), S.science("most", 22)], gap=2),
         pgettext("wonders.render", "symbol of choice, one more of the most held")),
        (D.row([_hand_icon()], gap=2), pgettext("wonders.render", "cards in hand")),
    ]
    if armada:
        entries += [
            (D.row([S.naval_shield(24, "4"), S.token(5, 22, True)], gap=2),
             pgettext("wonders.render", "naval strength, naval tokens")),
            (S.fleet_mark("red", 22), pgettext("wonders.render", "red ship: naval shields")),
            (S.fleet_mark("yellow", 22), pgettext("wonders.render", "yellow ship: commercial level")),
            (S.fleet_mark("blue", 22), pgettext("wonders.render", "blue ship: points")),
            (S.fleet_mark("green", 22), pgettext("wonders.render", "green ship: explorations (I, II, III)")),
            (icons.pyramid(22), pgettext("wonders.render", "the track of Naval Constructions with a wonder stage")),
        ]
    line = 28
    h = 16 + line * len(entries)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for k, (sprite, text) in enumerate(entries):
        cy = 8 + line * k + line / 2
        D.paste(img, sprite, (92, cy), "rm")
        D.fitted(d, (102, cy + 1), text, w - 110, 15, LIGHT, False, "lm", 10)
    return img


# --- the score sheet -------------------------------------------------------------------------------------------------


def _category_icon(cat: str, locale: str) -> Image.Image:
    size = 24
    if cat == "military":
        return S.land_shield(size)
    if cat == "treasury":
        return D.coin(size)
    if cat == "wonder":
        return icons.pyramid(size)
    if cat == "civilian":
        return S.mini_card("blue", size, locale)
    if cat == "science":
        return S.mini_card("green", size, locale)
    if cat == "commercial":
        return S.mini_card("yellow", size, locale)
    if cat == "guilds":
        return S.mini_card("purple", size, locale)
    if cat == "naval":
        return S.naval_shield(size)
    if cat == "shipyard":
        return icons.ship(size, S.FLEET_COLOURS["blue"])
    if cat == "islands":
        return S.island_icon(size)
    return D.laurel(size)


def _score_sheet(view: WondersView, names_: list[str], locale: str) -> Image.Image:
    outcome = view.outcome
    assert outcome is not None
    w = WIDTH - 2 * MARGIN
    winners = list(outcome.winners)
    cats = [c for c in outcome.categories if c != "total" and c in names.SCORE_CATEGORIES] + ["total"]
    n = len(view.players)
    row_h = 32
    banner_h = 50
    label_w = 250
    col_w = (w - label_w - 16) // max(1, n)
    th = banner_h + row_h * (len(cats) + 1) + 12
    img = Image.new("RGBA", (w, th), (0, 0, 0, 0))
    D.paste(img, D.rounded(w, th, 14, PANEL, PANEL_EDGE, 2), (0, 0))
    d = ImageDraw.Draw(img)
    if len(winners) == 1:
        banner = pgettext("wonders.render", "{name} wins!").format(name=names_[winners[0]])
    elif winners:
        banner = pgettext("wonders.render", "{names} share the victory!").format(
            names=", ".join(names_[s] for s in winners))
    else:
        banner = pgettext("wonders.render", "Game over")
    D.paste(img, D.laurel(38), (16, banner_h / 2 + 2), "lm")
    D.fitted(d, (62, banner_h / 2 + 3), banner, w - 80, 26, INK, True, "lm", 14)
    top = banner_h
    scores = {int(k): v for k, v in outcome.scores.items()}
    for seat in range(n):
        cx = label_w + col_w * seat + col_w / 2
        if seat in winners:
            D.paste(img, D.rounded(col_w - 6, th - top - 8, 10, hex_rgb("#fbe7a1")), (cx, top + 2), "mt")
        chip = D.rounded(col_w - 10, row_h - 6, 8, seat_colour(seat))
        D.paste(img, chip, (cx, top + 4), "mt")
        D.fitted(d, (cx, top + row_h / 2 + 1), names_[seat], col_w - 18, 15, D.ink_on(seat_colour(seat)), True,
                 "mm", 9)
    for k, cat in enumerate(cats):
        y = top + row_h * (k + 1)
        cy = y + row_h / 2
        bold = cat == "total"
        d.line((12, y, w - 12, y), fill=PANEL_EDGE, width=2 if bold else 1)
        D.paste(img, _category_icon(cat, locale), (26, cy), "mm")
        D.fitted(d, (46, cy + 1), names.name("wonders.score", cat), label_w - 52, 16, INK, bold, "lm", 10)
        for seat in range(n):
            value = scores.get(seat, {}).get(cat, 0)
            cx = label_w + col_w * seat + col_w / 2
            text = str(value).replace("-", "−")
            d.text((cx, cy + 1), text, font=font(20 if bold else 17, bold), fill=INK if value or bold else D.MUTED,
                   anchor="mm")
    return img
