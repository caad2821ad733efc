"""The Orléans table as one tall phone-readable image, drawn from an ``OrleansView`` only.

From the top: the round, its phase and event; the map (roads, rivers, the goods still lying on them, the trading
stations and the merchants in the players' colours); the goods market, the supplies and the place-tile stacks; the
beneficial deeds; then each player's board (coins, score, tracks, development, goods, stations, citizens, the bag's
contents as counts, the market, and every place with its slots). A placement of a secret planning phase is absent
from the view until the reveal, so it cannot be drawn. The image is 760 px wide and its smallest text 18 px, so it
stays legible scaled to a phone's width (about 400 px).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.orleans import names as N
from bot.games.orleans.render import sprites as S
from bot.i18n import NP_, get_locale, pgettext
from bot.render import draw as D
from bot.render import icons
from bot.render.draw import INK, WHITE, hex_rgb
from bot.render.fonts import font
from rules.orleans.data import CONNECTIONS, PLACES, TRACK
from rules.orleans.view import OrleansView, PlayerView

WIDTH = 760
MARGIN = 12
BG = hex_rgb("#2b2420")
PANEL = hex_rgb("#f4eddc")
PANEL_EDGE = hex_rgb("#b9a67c")
MAP_BG = hex_rgb("#ece0bd")
RIVER = hex_rgb("#3d85c6")
ROAD = hex_rgb("#9a7048")
CITY = hex_rgb("#fffaf0")
ACTIVE = hex_rgb("#d7efc9")
ACTIVE_EDGE = hex_rgb("#3c8d3c")
CELL = hex_rgb("#fbf7ec")
CELL_EDGE = hex_rgb("#d6c9a8")
MUTED = hex_rgb("#6f6455")
HIGHLIGHT = hex_rgb("#ffd640")

TEXT = 20  # the usual text size
SMALL = 18  # the smallest

MAP_H = 612
# The cities on the map (the real geography, squeezed a little north-south), and where each name goes.
CITY_XY = {
    "orleans": (431, 204), "chartres": (336, 48), "etampes": (492, 52), "le_mans": (52, 170),
    "chateaudun": (300, 148), "montargis": (621, 166), "vendome": (222, 228), "blois": (300, 286),
    "briare": (626, 270), "tours": (153, 342), "chinon": (52, 405), "montrichard": (276, 358),
    "vierzon": (470, 392), "loches": (224, 430), "bourges": (553, 434), "sancerre": (666, 356),
    "chatellerault": (118, 505), "le_blanc": (238, 556), "chateauroux": (382, 504), "nevers": (712, 452),
    "argenton": (330, 576), "la_chatre": (451, 574), "saint_amand": (585, 534),
}
LABEL_SIDE = {
    "orleans": "se", "chartres": "n", "etampes": "n", "le_mans": "s", "chateaudun": "nw", "montargis": "s",
    "vendome": "w", "blois": "e", "briare": "e", "tours": "s", "chinon": "s", "montrichard": "n",
    "vierzon": "e", "loches": "s", "bourges": "se", "sancerre": "n", "chatellerault": "s", "le_blanc": "sw",
    "chateauroux": "e", "nevers": "s", "argenton": "s", "la_chatre": "s", "saint_amand": "e",
}
CITY_R = 9


def render_text(key: str) -> str:
    """A word of the images (context ``orleans.render``)."""
    return pgettext("orleans.render", _WORDS[key])


# Words of the images (context ``orleans.render``).
_WORDS = {
    "round": NP_("orleans.render", "Round {round} of {rounds}"),
    "events_left": NP_("orleans.render", "{n} event tiles left"),
    "goods": NP_("orleans.render", "Goods market"),
    "supply": NP_("orleans.render", "Supply"),
    "stacks": NP_("orleans.render", "Place tiles"),
    "deeds": NP_("orleans.render", "Beneficial deeds"),
    "market": NP_("orleans.render", "Market"),
    "tower": NP_("orleans.render", "Tower"),
    "bag": NP_("orleans.render", "Bag: {n}"),
    "bag_hidden": NP_("orleans.render", "Bag: {n} (hidden)"),
    "dev": NP_("orleans.render", "Development {pos} · level {level}"),
    "stations": NP_("orleans.render", "{built} built, {left} left"),
    "to_play": NP_("orleans.render", "to play"),
    "deciding": NP_("orleans.render", "deciding"),
    "done": NP_("orleans.render", "done"),
    "passed": NP_("orleans.render", "passed"),
    "owes": NP_("orleans.render", "owes {n}"),
    "start": NP_("orleans.render", "start player"),
    "winner": NP_("orleans.render", "winner"),
    "player": NP_("orleans.render", "Player {n}"),
    "points": NP_("orleans.render", "{n} pts"),
    "over": NP_("orleans.render", "Game over"),
    "stopped": NP_("orleans.render", "Game stopped"),
    "empty_market": NP_("orleans.render", "empty"),
    "merchant": NP_("orleans.render", "merchant: {city}"),
}


def player_name(names: Sequence[str], seat: int) -> str:
    return icons.display_name(names, seat, render_text("player").format(n=seat + 1))


def seat_colour(seat: int) -> tuple[int, int, int]:
    return S.SEAT_COLOURS[seat % len(S.SEAT_COLOURS)]


# Text is pasted from cached sprites (``draw.label``): the same words and numbers come back in every image, and a
# paste costs less than drawing the glyphs again. Pillow's text anchors map onto the sprite's box.
_ANCHORS = {"la": "lt", "ra": "rt", "ma": "mt", "lm": "lm", "rm": "rm", "mm": "mm"}


def text(img: Image.Image, xy: tuple[float, float], value: str, size: int = TEXT, fill=INK, bold=False,
         anchor: str = "la") -> float:
    """Draw ``value``; returns its width."""
    sprite = D.label(value, size, fill, bold)
    D.paste(img, sprite, xy, _ANCHORS[anchor])
    return font(size, bold).getlength(value)


@functools.lru_cache(maxsize=4096)
def _fit(value: str, width: int, size: int, bold: bool) -> tuple[str, int]:
    return D.fit(value, width, size, bold, SMALL)


def fitted(img: Image.Image, xy: tuple[float, float], value: str, width: float, size: int = TEXT, fill=INK,
           bold=False, anchor: str = "la") -> float:
    """Draw ``value`` shrunk (down to ``SMALL``) or shortened to ``width``; returns the drawn width."""
    value, size = _fit(value, int(width), size, bold)
    return text(img, xy, value, size, fill, bold, anchor)


def panel(img: Image.Image, box: tuple[int, int, int, int], fill=PANEL, edge=PANEL_EDGE) -> None:
    x0, y0, x1, y1 = box
    D.paste(img, D.rounded(x1 - x0, y1 - y0, 10, fill, edge, 2), (x0, y0))


# --- the map --------------------------------------------------------------------------------------------------------
def _mid(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@functools.lru_cache(maxsize=1)
def _map_base() -> Image.Image:
    """The map without anything that changes: the land, the roads and rivers, the cities."""
    w, h = WIDTH - 2 * MARGIN, MAP_H
    sk = D.Sketch(w, h)
    sk.rect((0, 0, w, h), 12, fill=MAP_BG, outline=PANEL_EDGE, width=2)
    for c in CONNECTIONS:
        a, b = _ends(c)
        if c.kind == "river":
            sk.line([a, b], fill=RIVER, width=7)
        else:
            sk.line([a, b], fill=ROAD, width=3.5)
    for city, (x, y) in CITY_XY.items():
        r = CITY_R + (3 if city == "orleans" else 0)
        sk.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=INK)
        sk.ellipse((x - r, y - r, x + r, y + r), fill=CITY)
    return sk.image()


@functools.lru_cache(maxsize=4)
def _map_labels(locale: str) -> Image.Image:
    """The cities' names in ``locale``, on a halo of the map's colour (laid over the goods)."""
    w, h = WIDTH - 2 * MARGIN, MAP_H
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for city, (x, y) in CITY_XY.items():
        label = N.city(city)
        off = CITY_R + 6
        diag = off - 4
        xy, anchor = {"n": ((x, y - off), "ms"), "s": ((x, y + off), "mt"), "e": ((x + off, y), "lm"),
                      "w": ((x - off, y), "rm"), "nw": ((x - diag, y - diag), "rs"),
                      "se": ((x + diag, y + diag), "lt"), "sw": ((x - diag, y + diag), "rt")}[LABEL_SIDE[city]]
        bold = city == "orleans"
        f = font(21 if bold else SMALL + 1, bold)
        width = f.getlength(label)  # keep the name inside the map
        if anchor[0] == "m":
            xy = (min(max(xy[0], width / 2 + 4), w - width / 2 - 4), xy[1])
        elif anchor[0] == "l":
            xy = (min(xy[0], w - width - 4), xy[1])
        else:
            xy = (max(xy[0], width + 4), xy[1])
        d.text(xy, label, font=f, fill=INK, anchor=anchor, stroke_width=3, stroke_fill=MAP_BG)
    return img


def _ends(c) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of a connection's line: a road and a river between the same cities run side by side."""
    a, b = CITY_XY[c.a], CITY_XY[c.b]
    twins = [o for o in CONNECTIONS if {o.a, o.b} == {c.a, c.b}]
    if len(twins) < 2:
        return a, b
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1
    shift = 7 if c.kind == "river" else -7
    nx, ny = -dy / length * shift, dx / length * shift
    return (a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)


def _goods_spots() -> list[list[tuple[float, float]]]:
    """Where the goods of each connection lie (one spot per goods space, along the line)."""
    out = []
    for c in CONNECTIONS:
        a, b = _ends(c)
        n = len(c.spaces)
        ts = (0.5,) if n == 1 else (0.38, 0.62)
        out.append([_mid(a, b, t) for t in ts])
    return out


GOODS_SPOTS = _goods_spots()


def draw_map(img: Image.Image, view: OrleansView, top: int) -> int:
    """The map: goods on the roads and rivers, the cities' names over them, then the stations and merchants."""
    base = _map_base()
    img.paste(base, (MARGIN, top), base)
    ox, oy = MARGIN, top
    size = 20
    for c, spots in zip(view.map, GOODS_SPOTS):
        for good, (x, y) in zip(c.goods, spots if len(c.goods) == len(spots) else [spots[len(spots) // 2]] * 2):
            D.paste(img, S.good(good, size), (ox + x, oy + y), "mm")
    labels = _map_labels(get_locale())
    img.paste(labels, (ox, oy), labels)
    # trading stations left of their city, merchants on the side of the city its name leaves free
    by_city: dict[str, list[int]] = {}
    for p in view.players:
        for city in p.built:
            by_city.setdefault(city, []).append(p.seat)
    for city, seats in by_city.items():
        x, y = CITY_XY[city]
        for k, seat in enumerate(seats):
            dx = -16 - 17 * (k % 2)
            dy = -4 + 18 * (k // 2)
            D.paste(img, S.station(20, seat_colour(seat)), (ox + x + dx, oy + y + dy), "mm")
    here: dict[str, list[int]] = {}
    for p in view.players:
        here.setdefault(p.merchant, []).append(p.seat)
    for city, seats in here.items():
        x, y = CITY_XY[city]
        span = 18 * (len(seats) - 1)
        below = "n" in LABEL_SIDE[city]
        for k, seat in enumerate(seats):
            at = (ox + x - span / 2 + 18 * k, oy + y + (8 if below else -6))
            D.paste(img, S.merchant(26, seat_colour(seat)), at, "mt" if below else "mb")
    return top + MAP_H


# --- the header, the supplies, the deeds ---------------------------------------------------------------------------
HEADER_H = 80
SUPPLY_H = 92
DEED_ROW = 31


def draw_header(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, names: Sequence[str], top: int) -> int:
    panel(img, (MARGIN, top, WIDTH - MARGIN, top + HEADER_H))
    x = MARGIN + 14
    if view.outcome is not None or view.phase == "over":
        title = render_text("over")
    elif view.stopped:
        title = render_text("stopped")
    else:
        title = render_text("round").format(round=view.round, rounds=view.rounds) + " · " + \
            N.name("orleans.phase", view.phase)
    fitted(img, (x, top + 8), title, WIDTH - 2 * MARGIN - 28, 26, INK, True)
    y = top + 44
    if view.event and view.outcome is None:
        badge = icons.tag(N.event(view.event), SMALL + 2, hex_rgb("#7b4a1e"), WHITE)
        D.paste(img, badge, (x, y))
        fitted(img, (x + badge.width + 10, y + 3), N.name("orleans.event.effect", view.event),
               WIDTH - 2 * MARGIN - badge.width - 40, SMALL, MUTED)
    elif view.outcome is None:
        text(img, (x, y + 3), render_text("start") + ": " + player_name(names, view.start_player), SMALL, MUTED)
    elif view.outcome.winners:
        winners = ", ".join(names[s] for s in view.outcome.winners if s < len(names))
        fitted(img, (x, y + 3), "★ " + render_text("winner") + ": " + winners, WIDTH - 2 * MARGIN - 28, TEXT, INK, True)
    return top + HEADER_H


def draw_supplies(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, top: int) -> int:
    """The goods market (which is also the goods' legend), the followers' supply, technology tiles, tile stacks."""
    panel(img, (MARGIN, top, WIDTH - MARGIN, top + SUPPLY_H))
    x0, right = MARGIN + 14, WIDTH - MARGIN - 14
    y = top + 12
    f = font(SMALL)
    items = [(good, f"{N.good(good)} {n}") for good, n in view.goods_market.items()]
    if sum(30 + f.getlength(label) + 14 for _g, label in items) > right - x0:
        items = [(good, str(n)) for good, n in view.goods_market.items()]
    x = x0
    for good, label in items:
        D.paste(img, S.good(good, 24), (x, y))
        text(img, (x + 30, y + 2), label, SMALL)
        x += 30 + f.getlength(label) + 14
    stacks = render_text("stacks") + f": I {len(view.stacks.get('1', []))} · II {len(view.stacks.get('2', []))}"
    if x + f.getlength(stacks) <= right:
        text(img, (right, y + 2), stacks, SMALL, MUTED, anchor="ra")
        stacks = ""
    y += 38
    x = x0
    bold = font(TEXT, True)
    for kind, n in view.supply.items():
        D.paste(img, S.follower(kind, 26), (x, y - 1))
        text(img, (x + 29, y + 1), str(n), TEXT, INK, True)
        x += 29 + bold.getlength(str(n)) + 8
    D.paste(img, S.tech_tile(24), (x, y))
    text(img, (x + 28, y + 1), str(view.tech_supply), TEXT, INK, True)
    x += 28 + bold.getlength(str(view.tech_supply)) + 12
    if stacks:
        fitted(img, (x, y + 3), stacks, right - x, SMALL, MUTED)
    return top + SUPPLY_H


def deeds_height(view: OrleansView) -> int:
    return 38 + DEED_ROW * len(view.deeds) + 6


def draw_deeds(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, top: int) -> int:
    h = deeds_height(view)
    panel(img, (MARGIN, top, WIDTH - MARGIN, top + h))
    x0 = MARGIN + 14
    text(img, (x0, top + 8), render_text("deeds"), SMALL, MUTED, True)
    held = {c for p in view.players for c in p.citizens}
    y = top + 36
    for deed in view.deeds:
        row = _deed_row(deed.id, deed.reward, deed.choice, tuple(deed.spaces),
                        tuple(-1 if f is None else f for f in deed.filled), deed.id not in held, get_locale())
        D.paste(img, row, (x0, y))
        y += DEED_ROW
    return top + h


@functools.lru_cache(maxsize=512)
def _deed_row(deed: str, reward: int, choice: bool, spaces: tuple[str, ...], filled: tuple[int, ...], citizen: bool,
              locale: str) -> Image.Image:
    """One deed: its name, its reward, its spaces (empty, or the follower sent there ringed in its owner's colour),
    and its citizen while nobody has earned it."""
    w = WIDTH - 2 * MARGIN - 28
    row = Image.new("RGBA", (w, DEED_ROW), (0, 0, 0, 0))
    name_w = 214
    fitted(row, (0, 4), N.deed(deed), name_w, SMALL)
    x = name_w + 6
    D.paste(row, D.coin(26, str(reward)), (x, 1))
    if choice:
        D.paste(row, S.star(22), (x + 28, 3))
    x = name_w + 58
    for kind, owner in zip(spaces, filled):
        D.paste(row, S.empty_slot(kind, 26) if owner < 0 else S.follower(kind, 26, seat_colour(owner)), (x, 1))
        x += 29
    if citizen:
        D.paste(row, S.citizen(24), (w, 2), "rt")
    return row


# --- a player's board -----------------------------------------------------------------------------------------------
CELL_H = 34
CELL_GAP = 5
TOKEN = 27
ROWS_H = 8 + 40 + 36 + 36 + 40  # name, tracks, goods, market


def shown_places(p: PlayerView, every: bool) -> list[str]:
    """The places drawn for a player: all of them (``every``: the player's own options image), else those that
    tell something: the place tiles gained, and the board's places holding a follower or a technology tile."""
    board = [pl for pl in PLACES if PLACES[pl].stack == 0]
    if not every:
        board = [pl for pl in board if any(p.places.get(pl, ()))]
    return board + list(p.tiles)


def _status(view: OrleansView, p: PlayerView) -> str:
    if view.outcome is not None:
        return render_text("winner") if p.seat in view.outcome.winners else ""
    if view.stopped:
        return ""
    if p.debt:
        return render_text("owes").format(n=p.debt)
    if view.turn == p.seat:
        return render_text("to_play")
    if p.deciding:
        return render_text("deciding")
    if view.phase == "actions" and p.passed:
        return render_text("passed")
    if p.done and view.phase in ("followers", "planning", "event"):
        return render_text("done")
    return ""


def player_height(p: PlayerView, every: bool = False) -> int:
    rows = (len(shown_places(p, every)) + 1) // 2
    return ROWS_H + rows * (CELL_H + CELL_GAP) + 8


def draw_player(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, p: PlayerView, name: str, top: int,
                *, every: bool = False) -> int:
    """A player's board at ``top`` (``every``: all their places, for their own options image). Most moves change one
    player: the others' panels come from a cache, keyed by all they show."""
    status = _status(view, p)
    if view.start_player == p.seat and view.outcome is None:
        status = (status + " · " if status else "") + "★"
    sprite = _player_panel(p.model_dump_json(), status, name, every, get_locale())
    img.paste(sprite, (0, top))
    return top + sprite.height


@functools.lru_cache(maxsize=64)
def _player_panel(player: str, status: str, name: str, every: bool, locale: str) -> Image.Image:
    p = PlayerView.model_validate_json(player)
    h = player_height(p, every)
    img = icons.background(WIDTH, h, BG).copy()
    top = 0
    colour = seat_colour(p.seat)
    panel(img, (MARGIN, top, WIDTH - MARGIN, top + h), PANEL, HIGHLIGHT if every else PANEL_EDGE)
    D.paste(img, D.rounded(12, h - 20, 5, colour), (MARGIN + 8, top + 10))
    x0 = MARGIN + 28
    right = WIDTH - MARGIN - 14
    y = top + 8
    # name, status, coins, score
    score = render_text("points").format(n=p.score.get("total", 0))
    coin = D.coin(32, str(p.coins))
    sw = font(TEXT, True).getlength(score)
    D.paste(img, coin, (right - sw - 12 - coin.width, y))
    text(img, (right, y + 5), score, TEXT, INK, True, "ra")
    name_w = right - sw - coin.width - 30 - x0
    tag = None
    if status:
        tag = icons.tag(status, SMALL, colour, D.ink_on(colour))
        name_w -= tag.width + 8
    width = fitted(img, (x0, y + 3), name, name_w, 24, INK, True)
    if tag is not None:
        D.paste(img, tag, (x0 + width + 10, y + 4))
    # tracks and development
    y += 40
    x = x0
    small_bold = font(SMALL, True)
    for track in ("farmer", "boatman", "craftsman", "trader", "knight", "scholar"):
        D.paste(img, S.follower(track, 26), (x, y))
        label = f"{p.tracks.get(track, 0)}/{TRACK[track].steps}"
        text(img, (x + 29, y + 3), label, SMALL, INK, True)
        x += 29 + small_bold.getlength(label) + 9
    D.paste(img, S.star(24), (x, y + 1))
    fitted(img, (x + 27, y + 3), render_text("dev").format(pos=p.dev, level=p.level), right - x - 27, SMALL)
    # goods, stations, citizens, technology, merchant
    y += 36
    x = x0
    for good, n in p.goods.items():
        D.paste(img, S.good(good, 22), (x, y + 1))
        text(img, (x + 26, y + 2), str(n), SMALL, INK if n else MUTED, True)
        x += 26 + small_bold.getlength(str(n)) + 10
    D.paste(img, S.station(24, colour), (x, y))
    label = f"{len(p.built)}/{len(p.built) + p.stations}"
    text(img, (x + 28, y + 2), label, SMALL, INK, True)
    x += 28 + small_bold.getlength(label) + 10
    D.paste(img, S.citizen(24), (x, y))
    text(img, (x + 28, y + 2), str(len(p.citizens)), SMALL, INK, True)
    x += 28 + small_bold.getlength(str(len(p.citizens))) + 10
    D.paste(img, S.tech_tile(22), (x, y + 1))
    text(img, (x + 26, y + 2), str(p.tech), SMALL, INK, True)
    x += 26 + small_bold.getlength(str(p.tech)) + 12
    D.paste(img, S.merchant(22, colour), (x, y + 1))
    fitted(img, (x + 26, y + 2), N.city(p.merchant), right - x - 26, SMALL, MUTED)
    # market, tower and bag
    y += 36
    x = x0
    market = [f for f, n in p.market.items() for _ in range(n)]
    for f in market:
        D.paste(img, S.token(f, TOKEN, colour), (x, y))
        x += TOKEN + 3
    if not market:
        text(img, (x, y + 4), render_text("empty_market"), SMALL, MUTED)
        x += font(SMALL).getlength(render_text("empty_market")) + 6
    if p.tower or "gunpowder_tower" in p.tiles:
        x += 6
        D.paste(img, D.label("♜", TEXT, MUTED, True), (x, y + 2))
        x += 20
        for f in [*p.tower, *([""] * (2 - len(p.tower)))]:
            D.paste(img, S.token(f, TOKEN, colour) if f else S.empty_slot("any", TOKEN), (x, y))
            x += TOKEN + 3
    x += 14
    if p.bag is not None:
        label = render_text("bag").format(n=p.bag_size)
        text(img, (x, y + 4), label, SMALL, MUTED, True)
        x += small_bold.getlength(label) + 8
        for f, n in p.bag.items():
            tok = S.token(f, 24, colour)
            count = f"{n}" if n > 1 else ""
            need = tok.width + (small_bold.getlength(count) + 2 if count else 0) + 5
            if x + need > right:
                break
            D.paste(img, tok, (x, y + 2))
            x += tok.width + 1
            if count:
                text(img, (x, y + 5), count, SMALL, INK, True)
                x += small_bold.getlength(count) + 1
            x += 4
    else:
        text(img, (x, y + 4), render_text("bag_hidden").format(n=p.bag_size), SMALL, MUTED, True)
    # the places
    y += 40
    cell_w = (right - x0 - 8) // 2
    activated = set(p.activated)
    for k, place in enumerate(shown_places(p, every)):
        cx = x0 + (k % 2) * (cell_w + 8)
        cy = y + (k // 2) * (CELL_H + CELL_GAP)
        draw_place(img, place, p.places.get(place), place in activated, cx, cy, cell_w, colour)
    return img


def draw_place(img: Image.Image, place: str, slots: list[str] | None, active: bool, x: int, y: int, w: int,
               colour: tuple[int, int, int]) -> None:
    """A place: its name and its slots (empty: the kind it needs; a follower; a technology tile); green when
    activated."""
    D.paste(img, _cell(place, tuple(slots or ()), active, w, colour, get_locale()), (x, y))


@functools.lru_cache(maxsize=2048)
def _cell(place: str, slots: tuple[str, ...], active: bool, w: int, colour: tuple[int, int, int],
          locale: str) -> Image.Image:
    fill, edge = (ACTIVE, ACTIVE_EDGE) if active else (CELL, CELL_EDGE)
    cell = D.rounded(w, CELL_H, 8, fill, edge, 2 if active else 1.5).copy()
    types = PLACES[place].slots
    n = len(types)
    slot_w = n * (TOKEN + 3)
    fitted(cell, (8, CELL_H / 2 + 1), N.place(place), w - 16 - slot_w, SMALL, INK, active, "lm")
    sx = w - 6 - slot_w
    for kind, held in zip(types, slots or ("",) * n):
        if held == "tech":
            sprite = S.tech_tile(TOKEN - 2)
        elif held:
            sprite = S.token(held, TOKEN, colour)
        else:
            sprite = S.empty_slot(kind, TOKEN)
        D.paste(cell, sprite, (sx + 1, (CELL_H - TOKEN) / 2))
        sx += TOKEN + 3
    return cell


def scores_height(view: OrleansView) -> int:
    return 0 if view.outcome is None else 44 + 34 * (len(view.outcome.categories) + 2) + 10


def draw_scores(img: Image.Image, d: ImageDraw.ImageDraw, view: OrleansView, names: Sequence[str], top: int) -> int:
    """The score pad of a finished game: a column per player, the winners' framed."""
    outcome = view.outcome
    assert outcome is not None
    h = scores_height(view)
    panel(img, (MARGIN, top, WIDTH - MARGIN, top + h))
    seats = sorted(outcome.scores)
    inner = WIDTH - 2 * MARGIN - 28
    rows = [*outcome.categories, "total"]
    widest = max(font(SMALL, c == "total").getlength(N.name("orleans.score", c)) for c in rows) + 12
    label_w = int(min(widest, inner - 90 * len(seats)))
    col_w = (inner - label_w) // max(1, len(seats))
    x0 = MARGIN + 14
    y = top + 12
    for k, seat in enumerate(seats):
        cx = x0 + label_w + k * col_w
        if seat in outcome.winners:
            D.paste(img, D.rounded(col_w - 6, h - 20, 8, hex_rgb("#fff2b3"), HIGHLIGHT, 2), (cx + 3, top + 8))
        D.paste(img, D.rounded(14, 14, 7, seat_colour(seat)), (cx + col_w / 2, y + 4), "mt")
        fitted(img, (cx + col_w / 2, y + 22), names[seat], col_w - 2, SMALL, INK, True, "ma")
    y += 56
    for c in rows:
        bold = c == "total"
        fitted(img, (x0, y), N.name("orleans.score", c), label_w - 10, SMALL, INK, bold)
        for k, seat in enumerate(seats):
            cx = x0 + label_w + k * col_w + col_w / 2
            text(img, (cx, y), str(outcome.scores[seat].get(c, 0)), TEXT, INK, bold, "ma")
        y += 34
    return top + h


# --- the whole image ------------------------------------------------------------------------------------------------
def board_image(view: OrleansView, names: Sequence[str]) -> Image.Image:
    names_ = [player_name(names, p.seat) for p in view.players]
    gap = 8
    height = (MARGIN + HEADER_H + gap + (scores_height(view) + gap if view.outcome is not None else 0) + MAP_H + gap
              + SUPPLY_H + gap + deeds_height(view) + sum(player_height(p) + gap for p in view.players) + MARGIN - gap)
    img = icons.background(WIDTH, height, BG).copy()
    d = ImageDraw.Draw(img)
    y = draw_header(img, d, view, names_, MARGIN) + gap
    if view.outcome is not None:
        y = draw_scores(img, d, view, names_, y) + gap
    y = draw_map(img, view, y) + gap
    y = draw_supplies(img, d, view, y) + gap
    y = draw_deeds(img, d, view, y) + gap
    for p in view.players:
        y = draw_player(img, d, view, p, names_[p.seat], y) + gap
    return img
