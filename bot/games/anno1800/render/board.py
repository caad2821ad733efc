"""The Anno 1800 table as one tall phone-readable image, drawn from the public ``AnnoView`` only.

From the top: the round, who plays, the first player, the fireworks token; the deck and stack sizes and the cube
supply; the objectives in play; the score pad once the game is over; then each player: gold, hand size, expedition
cards (their count; the cards themselves only at the end), played cards (face up or down), cubes by tier in the
residential districts (exhausted ones faded), trade and exploration tokens (available / capacity, and the
temporary ones lying on cards), shipyards and ships, then each island (the home island, the Old World tiles) with
its industries and the cubes working there and its free fields, and the New World tiles with their resources.
760 px wide, the smallest text 18 px, like the Orléans images.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image

from bot.games.anno1800.render import sprites as S
from bot.games.anno1800 import names as N
from bot.i18n import NP_, get_locale, pgettext
from bot.render import draw as D
from bot.render import icons
from bot.render import layout as L
from bot.render.draw import INK, WHITE, hex_rgb
from rules.anno1800.data import BUILDINGS, RESOURCES, TIERS
from rules.anno1800.view import AnnoView, FieldView, PlayerView

WIDTH = 760
MARGIN = 12
PAD = 14
INNER = WIDTH - 2 * MARGIN - 2 * PAD  # the width of a panel's contents
BG = hex_rgb("#1f3346")
PANEL = hex_rgb("#f5efe0")
PANEL_EDGE = hex_rgb("#b9a67c")
MUTED = hex_rgb("#6f6455")
CHIP = hex_rgb("#fffaf0")
CHIP_EDGE = hex_rgb("#d6c9a8")
PRINTED = hex_rgb("#efe6cf")
HIGHLIGHT = hex_rgb("#ffd640")

TITLE = 26
TEXT = 20
SMALL = 18  # the smallest text
GAP = 8
ICON = 26

_WORDS = {
    "round": NP_("anno1800.render", "Round {n}"),
    "last_round": NP_("anno1800.render", "Round {n} · the last"),
    "over": NP_("anno1800.render", "Game over"),
    "stopped": NP_("anno1800.render", "Game stopped"),
    "to_play": NP_("anno1800.render", "to play"),
    "first": NP_("anno1800.render", "first player"),
    "winner": NP_("anno1800.render", "winner"),
    "player": NP_("anno1800.render", "Player {n}"),
    "fireworks_free": NP_("anno1800.render", "Fireworks: beside the board"),
    "fireworks_held": NP_("anno1800.render", "Fireworks: {name}"),
    "farmer_worker": NP_("anno1800.render", "Farmer/worker cards"),
    "artisan_engineer_investor": NP_("anno1800.render", "Artisan/engineer/investor cards"),
    "new_world": NP_("anno1800.render", "New World cards"),
    "expeditions": NP_("anno1800.render", "Expedition cards"),
    "old_world_tiles": NP_("anno1800.render", "Old World tiles"),
    "new_world_tiles": NP_("anno1800.render", "New World tiles"),
    "supply": NP_("anno1800.render", "Supply"),
    "objectives": NP_("anno1800.render", "Objectives"),
    "hand": NP_("anno1800.render", "Hand: {n}"),
    "expedition_count": NP_("anno1800.render", "Expeditions: {n}"),
    "played": NP_("anno1800.render", "Played: {n}"),
    "none_played": NP_("anno1800.render", "No card played"),
    "buildings": NP_("anno1800.render", "Buildings: {n}"),
    "free": NP_("anno1800.render", "free:"),
    "no_industry": NP_("anno1800.render", "no industry"),
    "points": NP_("anno1800.render", "{n} pts"),
}


def word(key: str) -> str:
    """A word of the images (context ``anno1800.render``)."""
    return pgettext("anno1800.render", _WORDS[key])


def player_name(names: Sequence[str], seat: int) -> str:
    return icons.display_name(names, seat, word("player").format(n=seat + 1))


def deck_sizes(view: AnnoView) -> dict[str, int]:
    """The size of each deck (sizes only: a view never carries an order)."""
    return dict(view.deck_sizes)


def chip(sprite: Image.Image | None, value: str, size: int = SMALL, bold: bool = True, fill=INK,
         max_width: int = INNER) -> Image.Image:
    """An icon followed by a short text, as one sprite (for ``layout.flow``)."""
    parts = [sprite] if sprite is not None else []
    if value:
        text_w = max_width - (sprite.width + 4 if sprite is not None else 0)
        value, s = D.fit(value, text_w, size, bold, SMALL)
        parts.append(D.label(value, s, fill, bold))
    return D.row(parts, gap=4)


# --- the header: round, turn, decks, supply, objectives ------------------------------------------------------------
def _header_sprites(view: AnnoView, names: Sequence[str]) -> tuple[str, list[Image.Image], list[Image.Image]]:
    if view.over:
        title = word("over")
    elif view.stopped:
        title = word("stopped")
    elif view.end_round and view.round >= view.end_round:
        title = word("last_round").format(n=view.round)
    else:
        title = word("round").format(n=view.round)
    line: list[Image.Image] = []
    if not view.over:
        line.append(chip(D.triangle(20, S.seat_colour(view.current)),
                         f"{player_name(names, view.current)} {word('to_play')}", TEXT))
    line.append(chip(None, f"★ {word('first')}: {player_name(names, view.first_player)}", SMALL, False, MUTED))
    holder = next((p.seat for p in view.players if p.fireworks), None)
    fw = word("fireworks_free") if holder is None else word("fireworks_held").format(name=player_name(names, holder))
    line.append(chip(S.fireworks(ICON), fw, SMALL, False))
    stock: list[Image.Image] = []
    for deck, n in deck_sizes(view).items():
        stock.append(chip(S.card(deck, 18, ICON), f"{word(deck)} {n}"))
    stock.append(chip(_tile(hex_rgb("#8db36b")), f"{word('old_world_tiles')} {view.old_world_tiles}"))
    stock.append(chip(_tile(hex_rgb("#d9a05b")), f"{word('new_world_tiles')} {view.new_world_tiles}"))
    supply = [chip(None, word("supply") + ":", SMALL, True, MUTED)]
    supply += [chip(S.cube(tier, ICON), str(view.supply.get(tier, 0))) for tier in TIERS]
    stock.append(D.row(supply, gap=8))
    return title, line, stock


def _tile(fill) -> Image.Image:
    return D.rounded(ICON, ICON, 5, fill, D.darker(fill, 0.6), 1.5)


def _objective_sprites(view: AnnoView) -> list[Image.Image]:
    return [icons.tag(N.objective(o), SMALL, hex_rgb("#3d5a73"), WHITE) for o in view.objectives]


class _Header:
    """The header's sprites, made once and both measured and drawn."""

    def __init__(self, view: AnnoView, names: Sequence[str]) -> None:
        self.title, self.line, self.stock = _header_sprites(view, names)
        self.objectives = _objective_sprites(view)
        h = PAD + 34 + L.flow_height(self.line, INNER, 14) + 10 + L.flow_height(self.stock, INNER, 14)
        if self.objectives:
            h += 12 + 26 + L.flow_height(self.objectives, INNER, 8)
        self.height = h + PAD

    def draw(self, img: Image.Image, top: int) -> int:
        h = self.height
        L.panel(img, (MARGIN, top, WIDTH - MARGIN, top + h), PANEL, PANEL_EDGE)
        x = MARGIN + PAD
        y = top + PAD
        L.put_fitted(img, (x, y), self.title, INNER, TITLE, SMALL, INK, True)
        y = L.draw_flow(img, self.line, x, y + 34, INNER, 14) + 10
        y = L.draw_flow(img, self.stock, x, y, INNER, 14)
        if self.objectives:
            y += 12
            L.put(img, (x, y), word("objectives"), SMALL, MUTED, True)
            L.draw_flow(img, self.objectives, x, y + 26, INNER, 8)
        return top + h


# --- a player ------------------------------------------------------------------------------------------------------
CONTENT = INNER - 6  # a player panel's contents (right of its colour bar)
CHIP_W = (CONTENT - 2 * GAP) // 3
CHIP_H = 34
SLOT = 22


def islands(p: PlayerView) -> list[tuple[str, list[FieldView]]]:
    """The player's islands in order: ("", home fields), then (Old World tile id, its fields)."""
    out: list[tuple[str, list[FieldView]]] = []
    for f in p.fields:
        key = "" if f.id.startswith("home_") else f.id.rsplit("_", 1)[0]
        if not out or out[-1][0] != key:
            out.append((key, []))
        out[-1][1].append(f)
    return out


def industry_chip(f: FieldView) -> Image.Image:
    """An industry: its tier's colour, the resource it makes, its two workplaces (a cube where one works)."""
    b = BUILDINGS[f.building]
    tier = TIERS[b.tier]
    img = D.rounded(CHIP_W, CHIP_H, 7, PRINTED if f.printed else CHIP, CHIP_EDGE, 1.5).copy()
    D.paste(img, D.rounded(8, CHIP_H - 8, 3, S.TIER_COLOURS[tier]), (4, 4))
    slots_w = 2 * (SLOT + 3)
    L.put_fitted(img, (16, CHIP_H / 2 + 1), N.resource(RESOURCES[b.resource]), CHIP_W - 22 - slots_w, SMALL,
                 SMALL, INK, False, "lm")
    x = CHIP_W - 5 - slots_w
    cubes = list(f.cubes) + [""] * (2 - len(f.cubes))
    for c in cubes[:2]:
        D.paste(img, S.cube(c, SLOT) if c else S.slot(SLOT, tier), (x + 1, (CHIP_H - SLOT) / 2))
        x += SLOT + 3
    return img


def _free_sprites(fields: list[FieldView]) -> list[Image.Image]:
    free = {kind: sum(1 for f in fields if f.kind == kind and not f.building) for kind in ("inland", "coast", "sea")}
    out = []
    for kind, n in free.items():
        if n:
            out.append(chip(D.rounded(18, 18, 4, S.KIND_COLOURS[kind], D.darker(S.KIND_COLOURS[kind], 0.6), 1.5),
                            str(n), SMALL, True, MUTED))
    return out


def _island_rows(p: PlayerView) -> list[tuple[Image.Image, list[Image.Image]]]:
    """Per island: its head line (name and free fields) and its industry chips."""
    rows = []
    for tile, fields in islands(p):
        title = N.island(tile or "home")
        free = _free_sprites(fields)
        parts = [D.label(title, SMALL, INK, True)]
        if free:
            parts += [D.label(word("free"), SMALL, MUTED), *free]
        head = D.row(parts, gap=8)
        chips = [industry_chip(f) for f in fields if f.building and BUILDINGS[f.building].kind == "industry"]
        rows.append((head, chips))
    return rows


def _naval_sprites(p: PlayerView) -> list[Image.Image]:
    t = p.tokens
    out = []
    for kind, avail, cap, card in (("trade", t.trade_available, t.trade_capacity, t.card_trade),
                                   ("exploration", t.exploration_available, t.exploration_capacity,
                                    t.card_exploration)):
        label = f"{avail}/{cap}" + (f" +{card}" if card else "")
        out.append(chip(S.naval_token(kind, ICON), label, TEXT))
    ships = [f.building for f in p.fields if f.building and BUILDINGS[f.building].kind == "ship"]
    for fleet in ("trade", "exploration"):
        strengths = sorted((BUILDINGS[b].strength for b in ships if BUILDINGS[b].fleet == fleet), reverse=True)
        if strengths:
            out.append(chip(S.ship(fleet, ICON + 4), " ".join(str(s) for s in strengths), SMALL))
    if p.shipyards:
        out.append(chip(S.shipyard(ICON + 2), " ".join(str(s) for s in sorted(p.shipyards, reverse=True)), SMALL))
    return out


def _people_sprites(p: PlayerView) -> list[Image.Image]:
    out = []
    for tier in TIERS:
        n, tired = p.district.get(tier, 0), p.exhausted.get(tier, 0)
        working = sum(1 for f in p.fields for c in f.cubes if c == tier)
        if not (n or tired or working):
            continue
        parts = [S.cube(tier, ICON), D.label(str(n), TEXT, INK, True)]
        if tired:
            parts += [S.cube(tier, 20, faded=True), D.label(str(tired), SMALL, MUTED, True)]
        out.append(D.row(parts, gap=3))
    return out


def _cards_sprites(p: PlayerView) -> list[Image.Image]:
    out = [chip(S.card("farmer_worker", 18, ICON), word("hand").format(n=p.hand_size)),
           chip(S.card("expeditions", 18, ICON), word("expedition_count").format(n=p.expedition_count)),
           chip(None, word("buildings").format(n=p.buildings), SMALL, True, MUTED)]
    return out


def _played_sprites(p: PlayerView) -> list[Image.Image]:
    if not p.played:
        return [D.label(word("none_played"), SMALL, MUTED)]
    out: list[Image.Image] = [D.label(word("played").format(n=len(p.played)), SMALL, INK, True)]
    for c in p.played:
        out.append(S.card(_deck_of(c.card), 16, 24, face_down=not c.face_up))
    return out


def _deck_of(card: str) -> str:
    return {"fw": "farmer_worker", "aei": "artisan_engineer_investor", "nw": "new_world"}.get(
        card.rstrip("0123456789"), "farmer_worker")


def _new_world_sprites(p: PlayerView) -> list[Image.Image]:
    out = []
    for t in p.new_world:
        resources = ", ".join(N.resource(r) for r in t.resources)
        out.append(chip(_tile(hex_rgb("#d9a05b")),
                        f"{N.island(t.tile)} ({resources})",
                        SMALL, False, max_width=CONTENT))
    if p.expeditions:
        out += [icons.tag(N.name("anno1800.expedition", e), SMALL, S.DECK_COLOURS["expeditions"], WHITE)
                for e in p.expeditions]
    return out


def _sections(p: PlayerView) -> list[list[Image.Image]]:
    """The flowing lines of a player's panel, under the name line (each may wrap)."""
    return [_cards_sprites(p), _people_sprites(p), _naval_sprites(p), _played_sprites(p)]


# What a panel shows under its name line changes less often than the name line (whose turn it is, gold): it is kept
# as an image of its own, on the panel's colour, and pasted. Its key is the player without what the name line shows.
@functools.lru_cache(maxsize=16)
def _contents(locale: str, player: str) -> Image.Image:
    p = PlayerView.model_validate_json(player)
    sections = [sprites for sprites in _sections(p) if sprites]
    island_rows = _island_rows(p)
    new_world = _new_world_sprites(p)
    h = sum(L.flow_height(sprites, CONTENT, 14) + 10 for sprites in sections)
    h += sum(head.height + 6 + (L.flow_height(chips, CONTENT, GAP, 6) + 8 if chips else 0)
             for head, chips in island_rows)
    if new_world:
        h += L.flow_height(new_world, CONTENT, 10) + 8
    img = Image.new("RGB", (CONTENT, h), PANEL)
    y = 0
    for sprites in sections:
        y = L.draw_flow(img, sprites, 0, y, CONTENT, 14) + 10
    for head, chips in island_rows:
        D.paste(img, head, (0, y))
        y += head.height + 6
        if chips:
            y = L.draw_flow(img, chips, 0, y, CONTENT, GAP, 6) + 8
    if new_world:
        L.draw_flow(img, new_world, 0, y, CONTENT, 10)
    return img


def _contents_key(p: PlayerView) -> str:
    return p.model_copy(update={"gold": 0, "fireworks": False}).model_dump_json()


def _status(view: AnnoView, p: PlayerView) -> str:
    if view.outcome is not None:
        return word("winner") if p.seat in view.outcome.winners else ""
    if not view.over and not view.stopped and view.current == p.seat:
        return word("to_play")
    return ""


def player_panel(view: AnnoView, p: PlayerView, pname: str, mine: bool = False) -> Image.Image:
    """The panel of ``p`` (the whole image's width, on its background), highlighted if ``mine``."""
    points = None
    if view.outcome is not None and p.seat in view.outcome.scores:
        points = view.outcome.scores[p.seat].get("total", 0)
    return _panel(get_locale(), p.model_dump_json(), pname, _status(view, p), points, mine)


# The panels of the last boards are kept too, each drawn on the background, the image's whole width (1-2 MB each:
# the four of a 4-player board in two languages); a move changes one or two of them.
@functools.lru_cache(maxsize=8)
def _panel(locale: str, player: str, pname: str, status: str, points: int | None, mine: bool) -> Image.Image:
    p = PlayerView.model_validate_json(player)
    contents = _contents(locale, _contents_key(p))
    h = PAD + 36 + contents.height + PAD - 4
    img = icons.background(WIDTH, h, BG).copy()
    colour = S.seat_colour(p.seat)
    L.panel(img, (MARGIN, 0, WIDTH - MARGIN, h), PANEL, HIGHLIGHT if mine else PANEL_EDGE)
    D.paste(img, D.rounded(10, h - 20, 4, colour), (MARGIN + 6, 10))
    x0, right = MARGIN + PAD + 6, WIDTH - MARGIN - PAD
    y = PAD
    img.paste(contents, (x0, y + 36))
    # the name line: name, status, fireworks; gold and the score on the right
    rx = right
    if points is not None:
        rx -= L.put(img, (rx, y + 4), word("points").format(n=points), TEXT, INK, True, "ra") + 10
    coin = D.coin(32, str(p.gold))
    D.paste(img, coin, (rx - coin.width, y - 2))
    rx -= coin.width + 10
    if p.fireworks:
        fw = S.fireworks(30)
        D.paste(img, fw, (rx - fw.width, y - 1))
        rx -= fw.width + 8
    tag = icons.tag(status, SMALL, colour, D.ink_on(colour)) if status else None
    name_w = rx - x0 - (tag.width + 10 if tag is not None else 0)
    w = L.put_fitted(img, (x0, y + 2), pname, name_w, 24, SMALL, INK, True)
    if tag is not None:
        D.paste(img, tag, (x0 + w + 10, y + 2))
    return img


# --- the score pad -------------------------------------------------------------------------------------------------
ROW = 32


def _score_rows(outcome) -> list[str]:
    """The score pad's rows: the outcome's categories (the objectives in play among them), the total last."""
    return [*(c for c in outcome.categories if c != "total"), "total"]


def scores_height(view: AnnoView) -> int:
    if view.outcome is None:
        return 0
    return PAD + 30 + ROW * len(_score_rows(view.outcome)) + PAD


def draw_scores(img: Image.Image, view: AnnoView, names: Sequence[str], top: int) -> int:
    """A column per player (the winners' highlighted), a row per category of the score pad, then the total."""
    outcome = view.outcome
    assert outcome is not None
    h = scores_height(view)
    L.panel(img, (MARGIN, top, WIDTH - MARGIN, top + h), PANEL, PANEL_EDGE)
    seats = sorted(outcome.scores)
    label_w = 250
    col_w = (INNER - label_w) // max(1, len(seats))
    x0 = MARGIN + PAD
    for k, seat in enumerate(seats):
        cx = x0 + label_w + k * col_w
        if seat in outcome.winners:
            D.paste(img, D.rounded(col_w - 4, h - 12, 8, hex_rgb("#fff2b3"), HIGHLIGHT, 2), (cx + 2, top + 6))
        L.put_fitted(img, (cx + col_w / 2, top + PAD), player_name(names, seat), col_w - 8, SMALL, SMALL,
                     INK, True, "ma")
    y = top + PAD + 30
    for c in _score_rows(outcome):
        bold = c == "total"
        label = N.name("anno1800.score", c)
        L.put_fitted(img, (x0, y + 4), label, label_w - 8, SMALL, SMALL, INK, bold)
        for k, seat in enumerate(seats):
            cx = x0 + label_w + k * col_w + col_w / 2
            L.put(img, (cx, y + 2), str(outcome.scores[seat].get(c, 0)), TEXT, INK, bold, "ma")
        y += ROW
    return top + h


# --- the whole image -----------------------------------------------------------------------------------------------
def board_image(view: AnnoView, names: Sequence[str]) -> Image.Image:
    names_ = [player_name(names, p.seat) for p in view.players]
    header = _Header(view, names_)
    panels = [player_panel(view, p, names_[p.seat]) for p in view.players]
    height = MARGIN + header.height + GAP
    if view.outcome is not None:
        height += scores_height(view) + GAP
    height += sum(panel.height + GAP for panel in panels) + MARGIN - GAP
    img = icons.background(WIDTH, height, BG).copy()
    y = header.draw(img, MARGIN) + GAP
    if view.outcome is not None:
        y = draw_scores(img, view, names_, y) + GAP
    for panel in panels:
        img.paste(panel, (0, y))
        y += panel.height + GAP
    return img
