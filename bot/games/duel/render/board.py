"""The 7 Wonders Duel images: the public table (``board``) and a seat's options (``options``).

Both are drawn from a ``DuelView`` only, so hidden information cannot reach a picture: face-down cards are known
by their back, and the view carries no decks, removed cards or undrafted wonders. Static card data comes from
``rules.duel.data``; names from ``bot.games.duel.names`` in the current locale.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.duel import names as names
from bot.i18n import get_locale, pgettext
from bot.render import draw as D
from bot.games.duel.render import sprites as S
from bot.render import icons
from bot.render.draw import INK, PAPER, WHITE, hex_rgb
from bot.render.fonts import font
from rules.duel.data import CARDS, COLOURS, MAX_WONDERS_BUILT, RESOURCES, SCIENCE
from rules.duel.view import DuelView, PlayerView, SlotView

WIDTH = 1280
MARGIN = 24
BG = hex_rgb("#1e2a32")
PANEL = hex_rgb("#f3ede0")
PANEL_EDGE = hex_rgb("#b9ab8c")
LIGHT = hex_rgb("#e9eef2")
SEAT_COLOURS = (hex_rgb("#e67e22"), hex_rgb("#3498db"))
HIGHLIGHT = hex_rgb("#ffd640")
PAIR_RING = hex_rgb("#d99a00")
FREE = hex_rgb("#2e9e5b")

GAP = 10
COL_STEP = (S.CARD_W + GAP) / 2
ROW_STEP = (S.CARD_H + 8) // 2
HEADER_H = 64
TRACK_H = 132
PANEL_W = (WIDTH - 2 * MARGIN - 16) // 2


def _player_name(player_names: Sequence[str], seat: int) -> str:
    return icons.display_name(player_names, seat, pgettext("duel.render", "Player {n}").format(n=seat + 1))


# --- shared bits ----------------------------------------------------------------------------------------------------


def _background(w: int, h: int) -> Image.Image:
    return icons.background(w, h, BG)


@functools.lru_cache(maxsize=64)
def _price_badge(kind: str, value: int, locale: str, edge: tuple[int, int, int]) -> Image.Image:
    """What building an accessible card costs the player to move: free (chain or no cost), coins, or too dear."""
    h = 36
    if kind in ("chain", "free"):
        text, size = D.fit(pgettext("duel.render", "free"), 78, 19, True, 12)
        inner: list[Image.Image] = [D.link(22, WHITE)] if kind == "chain" else []
        inner.append(D.label(text, size, WHITE, True))
        fill = FREE
    elif kind == "coins":
        inner = [D.coin(30, str(value))]
        fill = PAPER
    else:  # too expensive for the player now
        inner = [D.coin(30, str(value), fill=hex_rgb("#f5b7b1")), D.cross(22, WHITE)]
        fill = D.RED
    content = D.row(inner, gap=4)
    w = max(h + 8, content.width + 22)
    img = D.rounded(w, h, h / 2, fill, edge, 3).copy()
    D.paste(img, content, (w / 2, h / 2), "mm")
    return img


def _to_play(view: DuelView) -> int | None:
    """The seat to play, if the game goes on."""
    return None if view.stopped else view.current


def _roman(age: int) -> str:
    return S.ROMAN.get(age, str(age))


def _decision_text(kind: str) -> str:
    texts = {
        "turn": pgettext("duel.render", "to play"),
        "draft": pgettext("duel.render", "picks a wonder"),
        "token": pgettext("duel.render", "picks a progress token"),
        "library": pgettext("duel.render", "picks a Great Library token"),
        "destroy": pgettext("duel.render", "destroys a card"),
        "mausoleum": pgettext("duel.render", "revives a discarded card"),
        "starter": pgettext("duel.render", "chooses who starts"),
    }
    return texts.get(kind, "")


# --- the board ------------------------------------------------------------------------------------------------------


def _structure_size(view: DuelView) -> tuple[int, int]:
    rows = {1: 5, 2: 5, 3: 7}.get(view.age, 5)
    return round(10 * COL_STEP + S.CARD_W), (rows - 1) * ROW_STEP + S.CARD_H


def _middle_height(view: DuelView, locale: str) -> int:
    if view.outcome is not None:
        content = 80 + 38 * (len(view.outcome.categories) + 1) + 8 + 10
    elif view.age == 0:
        content = 2 * S.WONDER_H + 16 + 44
    else:
        content = _structure_size(view)[1] + 10
    return max(content, _token_column(view, locale)[1])



def board_image(view: DuelView, player_names: Sequence[str]) -> Image.Image:
    locale = get_locale()
    names_ = [_player_name(player_names, s) for s in (0, 1)]
    panel_h = _panel_height(view)
    middle_h = _middle_height(view, locale)
    height = HEADER_H + TRACK_H + 14 + middle_h + 18 + panel_h + MARGIN
    img = _background(WIDTH, height).copy()
    d = ImageDraw.Draw(img)
    _header(img, d, view, names_, locale)
    _track(img, d, view, names_, HEADER_H, locale)
    top = HEADER_H + TRACK_H + 14
    _side_columns(img, d, view, top, middle_h, locale)
    if view.outcome is not None:
        _score_sheet(img, d, view, names_, top, locale)
    elif view.age == 0:
        _draft_offer(img, d, view, top, locale)
    else:
        _structure(img, view, top, locale)
    y = top + middle_h + 18
    for seat in (0, 1):
        x = MARGIN + seat * (PANEL_W + 16)
        _panel(img, d, view, view.players[seat], names_[seat], x, y, panel_h, locale)
    return img


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, names_: list[str], locale: str) -> None:
    if view.outcome is not None:
        title = pgettext("duel.render", "Game over")
    elif view.stopped:
        title = pgettext("duel.render", "Game stopped")
    elif view.age == 0:
        title = pgettext("duel.render", "Wonder draft")
    else:
        title = pgettext("duel.render", "Age {age}").format(age=_roman(view.age))
    title, size = D.fit(title, 360, 32, True, 20)
    d.text((MARGIN, HEADER_H / 2 + 2), title, font=font(size, True), fill=WHITE, anchor="lm")
    x = MARGIN + font(size, True).getlength(title) + 28
    if _to_play(view) is not None:
        colour = SEAT_COLOURS[view.current]
        D.paste(img, D.triangle(24, colour), (x, HEADER_H / 2 + 2), "lm")
        x += 30
        name, ns = D.fit(names_[view.current], 330, 26, True, 16)
        d.text((x, HEADER_H / 2 + 2), name, font=font(ns, True), fill=colour, anchor="lm")
        x += font(ns, True).getlength(name) + 12
        hint = _decision_text(view.decision)
        if hint:
            D.fitted(d, (x, HEADER_H / 2 + 4), hint, WIDTH - 300 - x, 20, LIGHT, False, "lm", 13)
    # wonders built and the discard pile, on the right
    right = WIDTH - MARGIN
    count = D.label(str(len(view.discard)), 26, WHITE, True)
    D.paste(img, count, (right, HEADER_H / 2 + 2), "rm")
    right -= count.width + 6
    D.paste(img, S.discard_pile(40), (right, HEADER_H / 2), "rm")
    right -= 40 + 26
    built = D.label(f"{view.wonders_built}/{MAX_WONDERS_BUILT}", 26, WHITE, True)
    D.paste(img, built, (right, HEADER_H / 2 + 2), "rm")
    right -= built.width + 6
    D.paste(img, S.pyramid(38), (right, HEADER_H / 2), "rm")


# military track -----------------------------------------------------------------------------------------------------

TRACK_NAME_W = 168
CELL = (WIDTH - 2 * MARGIN - 2 * TRACK_NAME_W) // 19
ZONE_FILL = {0: hex_rgb("#efe5cc"), 1: hex_rgb("#e3d3ad"), 2: hex_rgb("#d4bd8c"), 3: hex_rgb("#c2a36c")}


def _zone(position: int) -> int:
    a = abs(position)
    return 0 if a == 0 else 1 if a <= 2 else 2 if a <= 5 else 3 if a <= 8 else 4


@functools.lru_cache(maxsize=4)
def _track_base(locale: str) -> Image.Image:
    """The empty track: 19 spaces in zones, capitals at the ends, the points of each zone below."""
    w = CELL * 19
    h = TRACK_H
    sk = D.Sketch(w, h)
    ty0, ty1 = 38, 88
    sk.rect((0, ty0 - 4, w, ty1 + 4), 10, fill=hex_rgb("#6b5a3a"))
    for i, pos in enumerate(range(-9, 10)):
        x0 = i * CELL
        zone = _zone(pos)
        if zone == 4:
            fill = SEAT_COLOURS[0 if pos < 0 else 1]
            sk.rect((x0 + 3, ty0, x0 + CELL - 3, ty1), 8, fill=fill)
        else:
            sk.rect((x0 + 2, ty0, x0 + CELL - 2, ty1), 4, fill=ZONE_FILL[zone])
    # zone boundaries
    for pos in (-8.5, -5.5, -2.5, 2.5, 5.5, 8.5):
        x = (pos + 9.5) * CELL
        sk.line([(x, ty0 - 8), (x, ty1 + 8)], fill=hex_rgb("#3b2f1c"), width=3, round_caps=False)
    img = sk.image()
    # castles in the capitals
    for pos in (-9, 9):
        x = (pos + 9.5) * CELL
        D.paste(img, _castle(30), (x, (ty0 + ty1) / 2), "mm")
    # points below the zones
    for side in (-1, 1):
        for lo, hi, vp in ((1, 2, "2"), (3, 5, "5"), (6, 8, "10")):
            centre = side * (lo + hi) / 2
            D.paste(img, D.laurel(38, vp), ((centre + 9.5) * CELL, ty1 + 26), "mm")
    return img


@functools.lru_cache(maxsize=4)
def _castle(size: int) -> Image.Image:
    sk = D.Sketch(size, size)
    ink = WHITE
    sk.rect((size * 0.15, size * 0.4, size * 0.85, size * 0.95), 1, fill=ink)
    for x in (0.15, 0.4, 0.65):
        sk.rect((size * x, size * 0.22, size * (x + 0.2), size * 0.42), 0, fill=ink)
    sk.rect((size * 0.42, size * 0.65, size * 0.58, size * 0.95), 2, fill=INK)
    return sk.image()


@functools.lru_cache(maxsize=8)
def _loot_token(coins: int, present: bool) -> Image.Image:
    """A looting token: the player on this side loses ``coins`` when the pawn enters the zone."""
    w, h = 64, 32
    sk = D.Sketch(w, h)
    if present:
        sk.rect((0, 0, w, h), 9, fill=hex_rgb("#fbe3df"), outline=D.RED, width=2.5)
    else:
        sk.rect((0, 0, w, h), 9, outline=hex_rgb("#4a5962"), width=2)
    img = sk.image()
    if present:
        D.paste(img, D.coin(22), (7, h / 2), "lm")
        ImageDraw.Draw(img).text((w - 8, h / 2 + 1), f"−{coins}", font=font(20, True), fill=D.RED, anchor="rm")
    return img


@functools.lru_cache(maxsize=4)
def _pawn(size: int) -> Image.Image:
    sk = D.Sketch(size, size + 8)
    sk.ellipse((2, 6, size - 2, size + 6), fill=(0, 0, 0, 90))
    sk.ellipse((0, 0, size, size), fill=WHITE)
    sk.ellipse((4, 4, size - 4, size - 4), fill=hex_rgb("#b0201a"))
    sk.ellipse((size * 0.32, size * 0.32, size * 0.68, size * 0.68), fill=hex_rgb("#e8574c"))
    return sk.image()


def _track(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, names_: list[str], top: int,
           locale: str) -> None:
    x0 = MARGIN + TRACK_NAME_W
    D.paste(img, _track_base(locale), (x0, top))
    ty0, ty1 = top + 38, top + 88
    # looting tokens: on seat 0's side (left, negative) loot[0], loot[1]; on seat 1's side loot[2], loot[3]
    for side, base in ((-1, 0), (1, 2)):
        for k, (lo, hi, coins) in enumerate(((3, 5, 2), (6, 8, 5))):
            centre = side * (lo + hi) / 2
            present = bool(view.loot[base + k]) if len(view.loot) > base + k else False
            D.paste(img, _loot_token(coins, present), (x0 + (centre + 9.5) * CELL, ty0 - 8), "mb")
    # the pawn
    pawn = max(-9, min(9, view.pawn))
    D.paste(img, _pawn(40), (x0 + (pawn + 9.5) * CELL, (ty0 + ty1) / 2 + 4), "mm")
    # the players at the ends
    for seat in (0, 1):
        colour = SEAT_COLOURS[seat]
        cy = (ty0 + ty1) / 2
        name = _name_pill(names_[seat], colour, TRACK_NAME_W - 14, _to_play(view) == seat)
        if seat == 0:
            D.paste(img, name, (MARGIN, cy), "lm")
        else:
            D.paste(img, name, (WIDTH - MARGIN, cy), "rm")


@functools.lru_cache(maxsize=64)
def _name_pill(name: str, colour: tuple[int, int, int], width: int, current: bool) -> Image.Image:
    h = 44
    text, size = D.fit(name, width - (44 if current else 20), 22, True, 13)
    tw = font(size, True).getlength(text)
    w = round(tw + (44 if current else 20))
    img = D.rounded(w, h, 12, colour, WHITE if current else D.darker(colour, 0.6), 3 if current else 2).copy()
    d = ImageDraw.Draw(img)
    x = 10
    if current:
        D.paste(img, D.triangle(18, WHITE), (x, h / 2), "lm")
        x += 24
    d.text((x, h / 2 + 1), text, font=font(size, True), fill=D.ink_on(colour), anchor="lm")
    return img


# side columns: progress tokens on the board (left); the discard pile and wonders out of the game (right) -------------

SIDE_W = 140


def _token_column(view: DuelView, locale: str) -> tuple[list[Image.Image], int]:
    tiles = [S.token_tile(tid, 58, SIDE_W, locale, LIGHT) for tid in view.board_tokens]
    return tiles, sum(t.height + 10 for t in tiles)


def _card_pill(cid: str, width: int, locale: str) -> Image.Image:
    """A card as a one-line pill: its colour, letter and name."""
    colour = CARDS[cid].colour
    return icons.card_pill(S.COLOURS[colour], S.colour_letter(colour), names.card(cid), width)


@functools.lru_cache(maxsize=64)
def _wonder_pill(wid: str, width: int, locale: str) -> Image.Image:
    h = 28
    img = D.rounded(width, h, 7, hex_rgb("#5b6b75"), hex_rgb("#3b4850"), 1.5).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, S.pyramid(20, hex_rgb("#cfc6b4")), (5, h / 2), "lm")
    D.fitted(d, (29, h / 2 + 1), names.wonder(wid), width - 34, 14, LIGHT, True, "lm", 10)
    d.line((26, h / 2 + 1, width - 6, h / 2 + 1), fill=LIGHT, width=1)
    return img


def _side_columns(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, top: int, height: int,
                  locale: str) -> None:
    tiles, _h = _token_column(view, locale)
    y = top
    for tile in tiles:
        D.paste(img, tile, (MARGIN + SIDE_W / 2 - 4, y), "mt")
        y += tile.height + 10
    # the discard pile, the latest first, then the wonders out of the game
    x = WIDTH - MARGIN - SIDE_W + 4
    y = top
    if view.discard:
        head = D.row([S.discard_pile(30), D.label(str(len(view.discard)), 20, LIGHT, True)], gap=6)
        D.paste(img, head, (x, y))
        y += head.height + 6
        room = (top + height - y - (34 * len(view.out_wonders) + 8 if view.out_wonders else 0)) // 32
        shown = list(reversed(view.discard))
        if len(shown) > room:
            shown = shown[: max(0, room - 1)]
        for cid in shown:
            D.paste(img, _card_pill(cid, SIDE_W, locale), (x, y))
            y += 32
        more = len(view.discard) - len(shown)
        if more > 0:
            d.text((x + SIDE_W / 2, y + 12), f"+{more}", font=font(18, True), fill=LIGHT, anchor="mm")
            y += 30
        y += 8
    for wid in view.out_wonders:
        D.paste(img, _wonder_pill(wid, SIDE_W, locale), (x, y))
        y += 34


def _structure(img: Image.Image, view: DuelView, top: int, locale: str) -> None:
    sw, _sh = _structure_size(view)
    left = (WIDTH - sw) / 2
    current = _to_play(view)
    coins = view.players[current].coins if current is not None else 0
    edge = SEAT_COLOURS[current] if current is not None else INK
    badges = []
    for slot in sorted(view.structure, key=lambda s: (s.row, s.column)):
        x = round(left + (slot.column - 1) * COL_STEP)
        y = top + (slot.row - 1) * ROW_STEP
        sprite = S.card_face(slot.card, locale) if slot.card else S.card_back(slot.back, locale)
        if slot.accessible:
            D.paste(img, S.highlight(S.CARD_W, S.CARD_H, HIGHLIGHT), (x - 5, y - 5))
        D.paste(img, sprite, (x, y))
        if slot.accessible and slot.card and current is not None and len(slot.cost) > current:
            badges.append((x, y, _badge_for(slot, current, coins, locale, edge)))
    for x, y, badge in badges:
        D.paste(img, badge, (x + S.CARD_W / 2, y + S.CARD_H - 8), "mb")


def _badge_for(slot: SlotView, seat: int, coins: int, locale: str, edge) -> Image.Image:
    cost = slot.cost[seat]
    chain = len(slot.chain) > seat and slot.chain[seat]
    if chain:
        return _price_badge("chain", 0, locale, edge)
    if cost == 0:
        return _price_badge("free", 0, locale, edge)
    if cost > coins:
        return _price_badge("dear", cost, locale, edge)
    return _price_badge("coins", cost, locale, edge)


def _draft_offer(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, top: int, locale: str) -> None:
    title = pgettext("duel.render", "Wonders on offer")
    d.text((WIDTH / 2, top + 16), title, font=font(24, True), fill=WHITE, anchor="mm")
    gw = 2 * S.WONDER_W + 20
    x0 = (WIDTH - gw) / 2
    for k, wid in enumerate(view.draft_offer):
        x = x0 + (k % 2) * (S.WONDER_W + 20)
        y = top + 44 + (k // 2) * (S.WONDER_H + 16)
        D.paste(img, S.wonder_card(wid, locale), (x, y))


# the score sheet ----------------------------------------------------------------------------------------------------


def _category_icon(cat: str, locale: str) -> Image.Image:
    size = 28
    if cat == "civilian":
        return S.mini_card("blue", size, locale)
    if cat == "science":
        return S.mini_card("green", size, locale)
    if cat == "commercial":
        return S.mini_card("yellow", size, locale)
    if cat == "guilds":
        return S.mini_card("purple", size, locale)
    if cat == "wonders":
        return S.pyramid(size)
    if cat == "progress":
        return S.token_icon("philosophy", size)
    if cat == "treasury":
        return D.coin(size)
    if cat == "military":
        return D.shield(size)
    return D.laurel(size)


def _victory_text(victory: str | None) -> str:
    texts = {
        "military": pgettext("duel.render", "Military supremacy"),
        "science": pgettext("duel.render", "Scientific supremacy"),
        "civilian": pgettext("duel.render", "Civilian victory"),
    }
    return texts.get(victory or "", "")


def _score_sheet(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, names_: list[str], top: int,
                 locale: str) -> None:
    outcome = view.outcome
    assert outcome is not None
    w = 720
    x0 = (WIDTH - w) / 2
    winners = list(outcome.winners)
    # the banner
    if len(winners) == 1:
        banner = pgettext("duel.render", "{name} wins!").format(name=names_[winners[0]])
        colour = SEAT_COLOURS[winners[0]]
    elif winners:
        banner = pgettext("duel.render", "Shared victory!")
        colour = HIGHLIGHT
    else:
        banner = pgettext("duel.render", "Game over")
        colour = HIGHLIGHT
    D.fitted(d, (WIDTH / 2, top + 22), banner, w, 34, colour, True, "mm", 18)
    sub = _victory_text(outcome.victory)
    if sub:
        D.fitted(d, (WIDTH / 2, top + 58), sub, w, 20, LIGHT, False, "mm", 13)
    table_top = top + 80
    cats = [c for c in outcome.categories if c != "total"] + ["total"]
    row_h = 38
    th = row_h * (len(cats) + 1) + 8
    D.paste(img, D.rounded(w, th, 14, PANEL, PANEL_EDGE, 2), (x0, table_top))
    label_w = 380
    col_w = (w - label_w) / 2
    for seat in (0, 1):
        cx = x0 + label_w + col_w * (seat + 0.5)
        if seat in winners:
            D.paste(img, D.rounded(round(col_w - 12), th - 12, 10, hex_rgb("#fbe7a1")), (cx, table_top + 6), "mt")
        D.fitted(d, (cx, table_top + 4 + row_h / 2), names_[seat], col_w - 16, 20, SEAT_COLOURS[seat], True, "mm",
                 12)
    for k, cat in enumerate(cats):
        y = table_top + 4 + row_h * (k + 1)
        cy = y + row_h / 2
        d.line((x0 + 12, y, x0 + w - 12, y), fill=PANEL_EDGE, width=2 if cat == "total" else 1)
        D.paste(img, _category_icon(cat, locale), (x0 + 32, cy), "mm")
        bold = cat == "total"
        D.fitted(d, (x0 + 56, cy), names.name("duel.score", cat), label_w - 64, 19, INK, bold, "lm", 12)
        for seat in (0, 1):
            sheet = outcome.scores.get(seat) or outcome.scores.get(str(seat)) or {}  # type: ignore[call-overload]
            value = sheet.get(cat, 0)
            cx = x0 + label_w + col_w * (seat + 0.5)
            d.text((cx, cy), str(value), font=font(24 if bold else 20, bold), fill=INK, anchor="mm")


# player panels --------------------------------------------------------------------------------------------------------

WONDER_TILE_H = 54
CHIP_W, CHIP_H = 50, 58


def _panel_height(view: DuelView) -> int:
    wonders = 62 + 2 * (WONDER_TILE_H + 8)
    if view.age == 0 and view.outcome is None:
        return wonders + 6
    tokens = 100 if any(p.tokens for p in view.players) else 0
    return wonders + 4 + CHIP_H + 14 + 70 + 8 + tokens


@functools.lru_cache(maxsize=256)
def _wonder_tile(wid: str, built: bool, cost: int, affordable: bool, width: int, locale: str) -> Image.Image:
    h = WONDER_TILE_H
    fill = hex_rgb("#f4dc92") if built else WHITE
    edge = D.darker(S.WONDER_GOLD, 0.6) if built else hex_rgb("#c9bfa8")
    img = D.rounded(width, h, 10, fill, edge, 2).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, S.pyramid(30, S.WONDER_GOLD if built else hex_rgb("#cfc6b4")), (8, h / 2), "lm")
    right = width - 8
    if built:
        D.paste(img, D.check(30), (right, h / 2), "rm")
        right -= 34
    else:
        D.paste(img, D.coin(34, str(cost), fill=D.GOLD if affordable else hex_rgb("#f5b7b1")), (right, h / 2), "rm")
        right -= 40
    lines = D.wrap(names.wonder(wid), right - 46, 15, True, 2)
    if len(lines) == 1:
        D.fitted(d, (44, h / 2 + 1), lines[0], right - 46, 16, INK, True, "lm", 11)
    else:
        for k, line in enumerate(lines):
            D.fitted(d, (44, h / 2 - 9 + 19 * k), line, right - 46, 15, INK, True, "lm", 11)
    return img


@functools.lru_cache(maxsize=256)
def _chip(colour: str, count: int, locale: str) -> Image.Image:
    fill = S.COLOURS[colour]
    if not count:
        fill = D.lighter(fill, 0.72)
    img = D.rounded(CHIP_W, CHIP_H, 8, fill, D.darker(S.COLOURS[colour], 0.55), 2).copy()
    d = ImageDraw.Draw(img)
    ink = D.ink_on(fill)
    d.text((7, 5), S.colour_letter(colour), font=font(13, True), fill=ink, anchor="lt")
    d.text((CHIP_W / 2, CHIP_H / 2 + 7), str(count), font=font(26, True), fill=ink, anchor="mm")
    return img


def _panel(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, p: PlayerView, name: str, x: int, y: int,
           h: int, locale: str) -> None:
    colour = SEAT_COLOURS[p.seat]
    current = _to_play(view) == p.seat
    D.paste(img, D.rounded(PANEL_W, h, 14, PANEL, WHITE if current else PANEL_EDGE, 4 if current else 2), (x, y))
    # name bar
    bar = D.rounded(PANEL_W - 12, 48, 10, colour)
    D.paste(img, bar, (x + 6, y + 6))
    nx = x + 18
    if current:
        D.paste(img, D.triangle(20, WHITE), (nx, y + 30), "lm")
        nx += 26
    coins = D.row([D.coin(38, ""), D.label(str(p.coins), 26, WHITE, True)], gap=6)
    vp = D.row([D.laurel(40, ""), D.label(str(p.score.get("total", 0)), 26, WHITE, True)], gap=6)
    right = x + PANEL_W - 16
    D.paste(img, vp, (right, y + 30), "rm")
    right -= vp.width + 16
    D.paste(img, coins, (right, y + 30), "rm")
    right -= coins.width + 12
    D.fitted(d, (nx, y + 31), name, right - nx, 24, D.ink_on(colour), True, "lm", 13)
    yy = y + 62
    # wonders, two by two
    tile_w = (PANEL_W - 28 - 8) // 2
    for k, wv in enumerate(p.wonders):
        tx = x + 14 + (k % 2) * (tile_w + 8)
        ty = yy + (k // 2) * (WONDER_TILE_H + 8)
        D.paste(img, _wonder_tile(wv.id, wv.built, wv.cost, wv.cost <= p.coins, tile_w, locale), (tx, ty))
    if not p.wonders:
        D.fitted(d, (x + PANEL_W / 2, yy + WONDER_TILE_H), pgettext("duel.render", "No wonders yet"),
                 PANEL_W - 40, 17, D.MUTED, False, "mm", 12)
    yy += 2 * (WONDER_TILE_H + 8) + 4
    if view.age == 0 and view.outcome is None:
        return
    # the city, by colour
    counts = Counter(CARDS[c].colour for c in p.city)
    cx = x + 14
    for colour_name in COLOURS:
        D.paste(img, _chip(colour_name, counts.get(colour_name, 0), locale), (cx, yy))
        cx += CHIP_W + 6
    # science symbols, pairs marked (a gold ring and the count)
    sci = Counter(p.science)
    owned = [sym for sym in SCIENCE if sci.get(sym)]
    room = x + PANEL_W - 14 - (cx + 8)
    size = max(20, min(36, room // max(1, len(owned)) - 4))
    sx = cx + 8
    for sym in owned:
        n = sci[sym]
        icon = S.science(sym, size, ring=PAIR_RING if n >= 2 else None)
        D.paste(img, icon, (sx, yy + CHIP_H / 2 - 4), "lm")
        if n >= 2:
            D.paste(img, D.label(f"×{n}", 14, INK, True), (sx + size / 2, yy + CHIP_H + 2), "mb")
        sx += size + 4
    yy += CHIP_H + 14
    # production and trade prices
    _production(img, d, p, x + 14, yy, locale)
    yy += 70 + 8
    # progress tokens
    if p.tokens:
        tile_w = min(110, (PANEL_W - 28) // len(p.tokens) - 4)
        tx = x + 14
        for tid in p.tokens:
            D.paste(img, S.token_tile(tid, 52, tile_w, locale, INK), (tx, yy))
            tx += tile_w + 4


def _production(img: Image.Image, d: ImageDraw.ImageDraw, p: PlayerView, x: int, y: int, locale: str) -> None:
    """Five columns (W C S G P): what the city makes of each resource, and what one more unit costs in trade; then
    the choice producers (one unit of one of them per construction)."""
    cap_w = 64
    D.fitted(d, (x, y + 18), pgettext("duel.render", "make"), cap_w - 4, 14, D.MUTED, True, "lm", 9)
    D.fitted(d, (x, y + 54), pgettext("duel.render", "buy"), cap_w - 4, 14, D.MUTED, True, "lm", 9)
    col = 58
    for k, r in enumerate(RESOURCES):
        cx = x + cap_w + k * col + 16
        made = p.production.get(r, 0)
        D.paste(img, S.resource(r, 32, locale), (cx, y + 18), "mm")
        d.text((cx + 19, y + 20), str(made) if made else "–", font=font(20, True), fill=INK if made else D.MUTED,
               anchor="lm")
        price = p.prices.get(r, 0)
        D.paste(img, D.coin(28, str(price), fill=D.GOLD if price > 1 else hex_rgb("#9fd9a8")), (cx, y + 54), "mm")
    left = x + cap_w + 5 * col + 8
    right = x + PANEL_W - 28
    cx, cy = left, y + 18
    for choice in p.choices:
        box = _choice_box(choice, locale)
        if box.width > right - left:
            box = box.resize((right - left, round(box.height * (right - left) / box.width)), Image.Resampling.LANCZOS)
        if cx + box.width > right and cx > left:
            cx, cy = left, cy + 40
        D.paste(img, box, (cx, cy), "lm")
        cx += box.width + 6


@functools.lru_cache(maxsize=32)
def _choice_box(choice: str, locale: str) -> Image.Image:
    return icons.choice_box(choice, lambda r, px: S.resource(r, px, locale), 36)
