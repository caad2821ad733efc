"""The private options image of 7 Wonders Duel: what ``view.seat`` may do now, with prices.

Options are numbered 1..n in the order of ``view.options`` (the number drawn next to each is its index + 1), so a
bot can offer the same numbers on buttons. Turn options are grouped by card; the other decisions (wonder draft,
progress token, Great Library, destroy, Mausoleum, next-age starter) are drawn as a grid of tiles.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.duel import names as names
from bot.i18n import get_locale, pgettext
from bot.render import draw as D
from bot.games.duel.render import sprites as S
from bot.render import icons
from bot.render.draw import INK, PAPER, WHITE, hex_rgb
from bot.games.duel.render.board import FREE, LIGHT, MARGIN, PANEL, PANEL_EDGE, SEAT_COLOURS, _background, _player_name
from bot.render.fonts import font
from rules.duel.view import DuelView, OptionView

WIDTH = 1280
HEADER_H = 76
ROW_H = 44
GROUP_W = (WIDTH - 2 * MARGIN - 16) // 2
GREY = hex_rgb("#8c8c8c")


_index_badge = icons.index_badge


def _title(view: DuelView, names_: list[str]) -> str:
    seat = view.seat if view.seat is not None else 0
    other = names_[1 - seat]
    kind = view.decision
    if not view.options:
        if view.current is not None and view.current != view.seat:
            return pgettext("duel.render", "Waiting for {name}").format(name=names_[view.current])
        return pgettext("duel.render", "Nothing to choose now")
    if kind == "turn":
        return pgettext("duel.render", "Your turn: choose a card and an action")
    if kind == "draft":
        return pgettext("duel.render", "Choose a wonder")
    if kind == "token":
        return pgettext("duel.render", "Choose a progress token")
    if kind == "library":
        return pgettext("duel.render", "The Great Library: keep one token")
    if kind == "destroy":
        colour = names.name("duel.colour", view.destroy_colour) if view.destroy_colour else ""
        return pgettext("duel.render", "Destroy a card of {name} ({colour})").format(name=other, colour=colour)
    if kind == "mausoleum":
        return pgettext("duel.render", "The Mausoleum: build a discarded card for free")
    if kind == "starter":
        return pgettext("duel.render", "Who begins Age {age}?").format(age=S.ROMAN.get(view.age, str(view.age)))
    return pgettext("duel.render", "Nothing to choose now")



def options_image(view: DuelView, player_names: Sequence[str]) -> Image.Image:
    locale = get_locale()
    names_ = [_player_name(player_names, s) for s in (0, 1)]
    seat = view.seat if view.seat is not None else 0
    accent = SEAT_COLOURS[seat]
    indexed = list(enumerate(view.options, start=1))
    if not view.options:
        body_h, draw_body = 0, None
    elif view.decision == "turn":
        body_h, draw_body = _turn_layout(view, indexed, locale, accent)
    elif view.decision == "starter":
        body_h, draw_body = _starter_layout(view, indexed, names_, locale, accent)
    else:
        body_h, draw_body = _grid_layout(view, indexed, locale, accent)
    height = HEADER_H + body_h + MARGIN + (0 if view.options else 40)
    img = _background(WIDTH, height).copy()
    d = ImageDraw.Draw(img)
    _header(img, d, view, names_, seat, locale)
    if draw_body is not None:
        draw_body(img, d, HEADER_H)
    return img


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: DuelView, names_: list[str], seat: int,
            locale: str) -> None:
    accent = SEAT_COLOURS[seat]
    if view.seat is None:  # a spectator: nothing of their own to show
        D.fitted(d, (MARGIN, 40), _title(view, names_), WIDTH - 2 * MARGIN, 22, LIGHT, False, "lm", 13)
        return
    p = view.players[seat]
    right = WIDTH - MARGIN
    vp = D.row([D.laurel(40, ""), D.label(str(p.score.get("total", 0)), 26, WHITE, True)], gap=6)
    D.paste(img, vp, (right, 28), "rm")
    right -= vp.width + 16
    coins = D.row([D.coin(38, ""), D.label(str(p.coins), 26, WHITE, True)], gap=6)
    D.paste(img, coins, (right, 28), "rm")
    right -= coins.width + 20
    D.fitted(d, (MARGIN, 28), names_[seat], right - MARGIN, 28, accent, True, "lm", 16)
    D.fitted(d, (MARGIN, 60), _title(view, names_), WIDTH - 2 * MARGIN, 20, LIGHT, False, "lm", 13)


# --- the turn: groups by card ---------------------------------------------------------------------------------------


def _turn_layout(view: DuelView, indexed: list[tuple[int, OptionView]], locale: str, accent):
    seat = view.seat if view.seat is not None else 0
    coins = view.players[seat].coins
    groups: dict[str, list[tuple[int, OptionView]]] = {}
    for n, o in indexed:
        groups.setdefault(o.card or "", []).append((n, o))
    # a card whose construction is too dear still shows what it would cost
    dear: dict[str, int] = {}
    for slot in view.structure:
        if slot.accessible and slot.card and slot.card in groups and len(slot.cost) > seat:
            if not any(o.action == "build" for _n, o in groups[slot.card]) and slot.cost[seat] > coins:
                dear[slot.card] = slot.cost[seat]
    sprites = [_group(cid, tuple((n, o.model_dump_json()) for n, o in opts), dear.get(cid, 0), locale, accent)
               for cid, opts in groups.items()]
    rows = [sprites[i:i + 2] for i in range(0, len(sprites), 2)]
    height = sum(max(s.height for s in r) + 14 for r in rows) + 10

    def paint(img: Image.Image, d: ImageDraw.ImageDraw, top: int) -> None:
        y = top + 6
        for r in rows:
            for k, sprite in enumerate(r):
                D.paste(img, sprite, (MARGIN + k * (GROUP_W + 16), y))
            y += max(s.height for s in r) + 14

    return height, paint


@functools.lru_cache(maxsize=256)
def _group(cid: str, opts: tuple[tuple[int, str], ...], dear: int, locale: str, accent) -> Image.Image:
    """One accessible card and its options, one per line."""
    parsed = [(n, OptionView.model_validate_json(js)) for n, js in opts]
    lines = len(parsed) + (1 if dear else 0)
    h = max(S.CARD_H + 20, lines * ROW_H + 20)
    img = D.rounded(GROUP_W, h, 14, PANEL, PANEL_EDGE, 2).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, S.card_face(cid, locale), (10, 10))
    x = 10 + S.CARD_W + 12
    width = GROUP_W - x - 10
    y = 10 + (h - 20 - lines * ROW_H) // 2
    for n, o in parsed:
        _option_line(img, d, n, o, x, y, width, locale, accent)
        y += ROW_H
    if dear:
        _dear_line(img, d, dear, x, y, width)
    return img


def _option_line(img: Image.Image, d: ImageDraw.ImageDraw, n: int, o: OptionView, x: int, y: int, width: int,
                 locale: str, accent) -> None:
    cy = y + ROW_H / 2
    D.paste(img, D.rounded(width, ROW_H - 6, 10, WHITE, hex_rgb("#d8cfbb"), 1), (x, y + 3))
    D.paste(img, _index_badge(n, accent), (x + 4, cy), "lm")
    tx = x + 46
    # the price, right-aligned
    price = _price(o, locale)
    D.paste(img, price, (x + width - 8, cy), "rm")
    room = width - 46 - price.width - 16
    if o.action == "build":
        D.fitted(d, (tx, cy + 1), pgettext("duel.render", "Build"), room, 19, INK, True, "lm", 12)
    elif o.action == "discard":
        D.fitted(d, (tx, cy + 1), pgettext("duel.render", "Discard"), room, 19, INK, True, "lm", 12)
    elif o.action == "wonder" and o.wonder:
        D.paste(img, S.pyramid(24), (tx, cy), "lm")
        D.fitted(d, (tx + 30, cy + 1), names.wonder(o.wonder), room - 30, 17, INK, True, "lm", 11)


def _price(o: OptionView, locale: str) -> Image.Image:
    if o.action == "discard":
        return D.row([D.label("+", 20, FREE, True), D.coin(30, str(o.gain))], gap=2)
    if o.chain:
        return D.row([D.link(22, FREE), D.label(pgettext("duel.render", "free"), 17, FREE, True)], gap=4)
    if o.cost == 0:
        return D.label(pgettext("duel.render", "free"), 17, FREE, True)
    parts = [D.coin(30, str(o.cost))]
    if o.trade:
        parts.insert(0, D.label(pgettext("duel.render", "trade {n}").format(n=o.trade), 14, D.MUTED, False))
    return D.row(parts, gap=6)


def _dear_line(img: Image.Image, d: ImageDraw.ImageDraw, cost: int, x: int, y: int, width: int) -> None:
    cy = y + ROW_H / 2
    D.paste(img, D.rounded(width, ROW_H - 6, 10, hex_rgb("#ece6da"), hex_rgb("#d8cfbb"), 1), (x, y + 3))
    D.paste(img, D.cross(24, D.RED), (x + 10, cy), "lm")
    D.fitted(d, (x + 46, cy + 1), pgettext("duel.render", "Build: not enough coins"), width - 110, 16, GREY, True,
             "lm", 11)
    D.paste(img, D.coin(30, str(cost), fill=hex_rgb("#f5b7b1")), (x + width - 8, cy), "rm")


# --- other decisions: a grid of tiles -------------------------------------------------------------------------------


def _tile_for(view: DuelView, o: OptionView, locale: str) -> Image.Image:
    if o.wonder:
        return S.wonder_card(o.wonder, locale)
    if o.token:
        return _token_option(o.token, locale)
    if o.card:
        return S.card_face(o.card, locale)
    return D.label(o.move, 18, INK)


@functools.lru_cache(maxsize=64)
def _token_option(tid: str, locale: str) -> Image.Image:
    w, h = 280, 132
    img = D.rounded(w, h, 14, PAPER, S.TOKEN_GREEN, 3).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, S.token_icon(tid, 76), (12, h / 2), "lm")
    D.fitted(d, (100, 26), names.token(tid), w - 110, 20, INK, True, "lm", 12)
    for k, line in enumerate(D.wrap(S.token_effect(tid), w - 110, 15, False, 3)):
        d.text((100, 52 + 20 * k), line, font=font(15), fill=INK, anchor="la")
    return img


def _grid_layout(view: DuelView, indexed: list[tuple[int, OptionView]], locale: str, accent):
    tiles = [(n, _tile_for(view, o, locale)) for n, o in indexed]
    cards = all(t.size == (S.CARD_W, S.CARD_H) for _n, t in tiles)
    side = 0 if cards else 50  # the number goes in a card's empty foot, else to the left of the tile
    tw = max(t.width for _n, t in tiles) + side
    th = max(t.height for _n, t in tiles)
    gap = 18
    per_row = max(1, (WIDTH - 2 * MARGIN + gap) // (tw + gap))
    rows = (len(tiles) + per_row - 1) // per_row
    height = rows * (th + gap) + 16

    def paint(img: Image.Image, d: ImageDraw.ImageDraw, top: int) -> None:
        used = min(per_row, len(tiles))
        x0 = (WIDTH - used * tw - (used - 1) * gap) / 2
        for k, (n, tile) in enumerate(tiles):
            x = x0 + (k % per_row) * (tw + gap)
            y = top + 14 + (k // per_row) * (th + gap)
            D.paste(img, tile, (x + side, y))
            badge = _index_badge(n, accent, 40)
            if cards:
                D.paste(img, badge, (x + tw / 2, y + th - 10), "mb")
            else:
                D.paste(img, badge, (x, y + tile.height / 2), "lm")

    return height, paint


def _starter_layout(view: DuelView, indexed: list[tuple[int, OptionView]], names_: list[str], locale: str, accent):
    seat = view.seat if view.seat is not None else 0
    bw, bh = 520, 84

    def paint(img: Image.Image, d: ImageDraw.ImageDraw, top: int) -> None:
        for k, (n, o) in enumerate(indexed):
            who = seat if o.move.endswith(":me") else 1 - seat
            x = (WIDTH - 2 * bw - 30) / 2 + k * (bw + 30)
            y = top + 16
            D.paste(img, D.rounded(bw, bh, 16, PANEL, SEAT_COLOURS[who], 4), (x, y))
            D.paste(img, _index_badge(n, accent, 44), (x + 14, y + bh / 2), "lm")
            D.paste(img, D.triangle(24, SEAT_COLOURS[who]), (x + 72, y + bh / 2), "lm")
            text = pgettext("duel.render", "{name} begins").format(name=names_[who])
            D.fitted(d, (x + 104, y + bh / 2 + 1), text, bw - 118, 26, INK, True, "lm", 14)

    return bh + 40, paint
