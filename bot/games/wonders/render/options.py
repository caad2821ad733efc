"""The private options image of 7 Wonders (and Armada): what ``view.seat`` may do now, with prices.

Options are numbered 1..n in the order of ``view.options`` (the order of the legal moves, which the chat numbers
the same way). A turn (and Babylon's last card) is drawn card by card: each card of the hand with its options
(build, wonder stage, discard; with or without a Naval Construction; each payment plan, saying how many coins go to
which neighbour for what), and a card that cannot be built says why. The other decisions (wonder side, island,
ships to advance, Halikarnassos, naval conflict) are drawn as tiles; a seat with nothing to decide is told whom the
table waits for. In Armada's team game the ally's hand (``view.ally_hand``, B.17) is drawn below, whatever the
decision.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.games.wonders import names as names
from bot.i18n import get_locale, pgettext
from bot.render import draw as D
from bot.render import icons
from bot.games.wonders.render import sprites as S
from bot.render.draw import INK, WHITE, hex_rgb
from bot.render.fonts import font
from bot.games.wonders.render.board import (
    BG,
    LIGHT,
    MARGIN,
    PANEL,
    PANEL_EDGE,
    READY,
    direction_text,
    neighbours,
    player_names,
    seat_colour,
)
from rules.wonders.data import CARDS, DISCARD_COINS, FLEETS, NO_CARD, WONDERS
from rules.wonders.view import OptionView, WondersView

WIDTH = 1280
GROUP_W = (WIDTH - 2 * MARGIN - 14) // 2
ROW_H = 44
TRADE_H = 28
GREY = hex_rgb("#8c8c8c")
FREE = hex_rgb("#2e9e5b")
MUTED_FILL = hex_rgb("#ece6da")
LINE_EDGE = hex_rgb("#d8cfbb")
PARTNER_ORDER = ("left", "right", "far_left", "far_right")



def options_image(view: WondersView, raw_names: Sequence[str]) -> Image.Image:
    locale = get_locale()
    names_ = player_names(view, raw_names)
    seat = view.seat
    accent = seat_colour(seat) if seat is not None else LIGHT
    indexed = list(enumerate(view.options, start=1))
    body: Image.Image | None = None
    if view.options and seat is not None:
        if view.decision in ("turn", "last"):
            body = _turn_body(view, indexed, names_, locale, accent)
        elif view.decision == "revive":
            body = _revive_body(view, indexed, locale, accent)
        elif view.decision == "side":
            body = _side_body(view, indexed, locale, accent)
        elif view.decision == "naval":
            body = _naval_body(view, indexed, names_, locale, accent)
        else:
            body = _tile_body(view, indexed, locale, accent)
    ally = None
    if seat is not None and view.ally is not None and view.ally_hand:
        ally = _ally_hand(tuple(view.ally_hand), view.ally, names_[view.ally], locale)
    header_h = 118 if seat is not None else 70
    height = header_h + (body.height + 12 if body is not None else 0) + (ally.height + 12 if ally else 0) + MARGIN
    img = icons.background(WIDTH, height, BG).copy()
    d = ImageDraw.Draw(img)
    _header(img, d, view, names_, locale)
    y = header_h
    if body is not None:
        D.paste(img, body, (MARGIN, y))
        y += body.height + 12
    if ally is not None:
        D.paste(img, ally, (MARGIN, y))
    return img


# --- the header --------------------------------------------------------------------------------------------------


def title(view: WondersView, names_: list[str]) -> str:
    """What the viewing seat is asked (or whom it waits for)."""
    kind = view.decision
    if not view.options or view.seat is None:
        waiting = [names_[p.seat] for p in view.players if p.deciding and not p.chosen]
        if view.outcome is not None or view.phase == "over":
            return pgettext("wonders.render", "The game is over")
        if waiting:
            return pgettext("wonders.render", "Waiting for {names}").format(names=", ".join(waiting))
        return pgettext("wonders.render", "Nothing to choose now")
    if kind == "turn":
        return pgettext("wonders.render", "Age {age}, turn {turn} of {turns}: choose a card and what to do with it"
                        ).format(age=S.ROMAN.get(view.age, str(view.age)), turn=view.turn, turns=view.turns)
    if kind == "last":
        return pgettext("wonders.render", "Babylon: play the last card of Age {age}").format(
            age=S.ROMAN.get(view.age, str(view.age)))
    if kind == "side":
        me = view.players[view.seat]
        return pgettext("wonders.render", "Choose the side of your wonder board: {wonder}").format(
            wonder=names.wonder(me.board))
    if kind == "island":
        return pgettext("wonders.render", "Exploration: keep one island")
    if kind == "advance":
        return pgettext("wonders.render", "Advance {n} different ships for free").format(n=view.advance_count)
    if kind == "revive":
        return pgettext("wonders.render", "Halikarnassos: build a card of the discard pile for free")
    if kind == "naval":
        return pgettext("wonders.render", "Naval conflict of Age {age}: take part or stay out?").format(
            age=S.ROMAN.get(view.age, str(view.age)))
    return pgettext("wonders.render", "Choose")


def choice_text(move: str) -> str:
    """The viewing seat's own choice, in words (it sees it; the table does not)."""
    parts = move.split(":")
    action, args = parts[0], parts[1:]
    card = names.card(args[0]) if args and args[0] in CARDS else ""
    if action == "build":
        return pgettext("wonders.render", "Build {card}").format(card=card)
    if action == "free":
        return pgettext("wonders.render", "Build {card} free (Olympia)").format(card=card)
    if action == "stage":
        return pgettext("wonders.render", "Wonder stage with {card}").format(card=card)
    if action == "discard":
        return pgettext("wonders.render", "Discard {card}").format(card=card)
    if action == "revive" and args[:1] == [NO_CARD]:
        return pgettext("wonders.render", "Build nothing from the discard pile")
    if action == "revive":
        return pgettext("wonders.render", "Build {card} from the discard pile").format(card=card)
    if action == "side" and args:
        return pgettext("wonders.render", "Side {side}").format(side=S.side_letter(args[0]))
    if action == "island" and args and args[0] in names.ISLANDS:
        return pgettext("wonders.render", "Keep {island}").format(island=names.island(args[0]))
    if action == "advance" and args:
        return pgettext("wonders.render", "Advance: {fleets}").format(
            fleets=", ".join(names.fleet(c) for c in args[0].split("_") if c in FLEETS))
    if action == "naval" and args:
        return (pgettext("wonders.render", "Take part in the naval conflict") if args[0] == "in"
                else pgettext("wonders.render", "Stay out of the naval conflict"))
    return move


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: WondersView, names_: list[str], locale: str) -> None:
    if view.seat is None:  # a spectator: nothing of their own to show
        D.fitted(d, (MARGIN, 36), title(view, names_), WIDTH - 2 * MARGIN, 22, LIGHT, False, "lm", 13)
        return
    seat = view.seat
    p = view.players[seat]
    accent = seat_colour(seat)
    right = WIDTH - MARGIN
    vp = D.row([D.laurel(38), D.label(str(p.score.get("total", 0)), 26, WHITE, True)], gap=6)
    D.paste(img, vp, (right, 30), "rm")
    right -= vp.width + 16
    coins = D.row([D.coin(36), D.label(str(p.coins), 26, WHITE, True)], gap=6)
    D.paste(img, coins, (right, 30), "rm")
    right -= coins.width + 20
    D.paste(img, icons.disc_label(str(seat + 1), 34, accent, WHITE, WHITE), (MARGIN, 30), "lm")
    x = MARGIN + 44
    x += D.fitted(d, (x, 30), names_[seat], 420, 28, accent, True, "lm", 16) + 16
    wonder = names.wonder(p.board)
    if p.side:
        wonder += " " + S.side_letter(p.side) + f" · {p.stages_built}/{p.stages_total}"
    D.paste(img, icons.pyramid(26), (x, 30), "lm")
    D.fitted(d, (x + 32, 31), wonder, right - x - 40, 19, LIGHT, True, "lm", 12)
    text = title(view, names_)
    if not view.options and view.my_choice:
        text = pgettext("wonders.render", "Your choice: {choice}.").format(choice=choice_text(view.my_choice)) + " " \
            + text
    D.fitted(d, (MARGIN, 68), text, WIDTH - 2 * MARGIN, 20, LIGHT, False, "lm", 12)
    # the neighbours: left on the left, right on the right (what they are called in the prices below)
    around = neighbours(view, seat)
    left = _partner_tag(around["left"], names_[around["left"]], "left", locale)
    D.paste(img, left, (MARGIN, 100), "lm")
    right_tag = _partner_tag(around["right"], names_[around["right"]], "right", locale)
    D.paste(img, right_tag, (WIDTH - MARGIN, 100), "rm")
    if view.phase == "play" and view.age:
        passing = D.row([icons.arrow(16, LIGHT, view.direction, 1.5),
                         D.label(direction_text(view.direction), 16, LIGHT, False)], gap=6)
        D.paste(img, passing, (WIDTH / 2, 100), "mm")


@functools.lru_cache(maxsize=64)
def _partner_tag(seat: int, name: str, side: str, locale: str) -> Image.Image:
    """A neighbour: "◀ left: 2 Bob" or "right: 7 Gina ▶"."""
    word = pgettext("wonders.render", "left") if side == "left" else pgettext("wonders.render", "right")
    text, size = D.fit(f"{word}: {name}", 420, 17, True, 11)
    label = D.label(text, size, WHITE, True)
    disc = icons.disc_label(str(seat + 1), 24, seat_colour(seat), WHITE, WHITE)
    arrow = D.triangle(16, LIGHT, side)
    parts = [arrow, disc, label] if side == "left" else [label, disc, arrow]
    return D.row(parts, gap=6)


# --- a turn: groups by card ------------------------------------------------------------------------------------------


def _turn_body(view: WondersView, indexed: list[tuple[int, OptionView]], names_: list[str], locale: str,
               accent) -> Image.Image:
    seat = view.seat
    assert seat is not None
    me = view.players[seat]
    built = {c for cards in me.city.values() for c in cards}
    groups: dict[str, list[tuple[int, OptionView]]] = {}
    for cid in view.hand:
        groups.setdefault(cid, [])
    for n, o in indexed:
        groups.setdefault(o.card or "", []).append((n, o))
    copies = {cid: view.hand.count(cid) for cid in groups}
    around = neighbours(view, seat)
    partners = tuple((side, s, names_[s]) for side, s in around.items())
    ships = tuple(me.ships.get(f, 0) for f in FLEETS)
    sprites = []
    for cid, opts in groups.items():
        if cid not in CARDS:
            continue
        buildable = any(o.action in ("build", "free") for _n, o in opts)
        why = "" if buildable else ("built" if cid in built else "pay")
        sprites.append(_group(cid, tuple((n, o.model_dump_json()) for n, o in opts), why, copies.get(cid, 1),
                              partners, ships, me.wonder_track, me.stages_built, locale, accent))
    note = _stage_note(view, locale)
    return _columns(sprites, note)


def _columns(sprites: list[Image.Image], note: Image.Image | None = None) -> Image.Image:
    """Two columns, each sprite into the shorter one (in order, so numbers run down the columns)."""
    gap = 12
    tops = [0, 0]
    if note is not None:
        tops = [note.height + gap] * 2
    places = []
    for sprite in sprites:
        k = 0 if tops[0] <= tops[1] else 1
        places.append((k, tops[k], sprite))
        tops[k] += sprite.height + gap
    h = max(max(tops) - gap, 1)
    img = Image.new("RGBA", (WIDTH - 2 * MARGIN, h), (0, 0, 0, 0))
    if note is not None:
        img.alpha_composite(note, (0, 0))
    for k, y, sprite in places:
        img.alpha_composite(sprite, (k * (GROUP_W + 14), y))
    return img


def _stage_note(view: WondersView, locale: str) -> Image.Image | None:
    """The next wonder stage: its cost and effect, or that the wonder is complete."""
    seat = view.seat
    assert seat is not None
    me = view.players[seat]
    if not me.side:
        return None
    w = WIDTH - 2 * MARGIN
    h = 46
    img = D.rounded(w, h, 12, hex_rgb("#2c3b45"), hex_rgb("#4a5962"), 1.5).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, icons.pyramid(30), (12, h / 2), "lm")
    if me.stages_built >= me.stages_total:
        D.fitted(d, (52, h / 2 + 1), pgettext("wonders.render", "Your wonder is complete"), w - 70, 18, LIGHT, True,
                 "lm", 12)
        return img
    stage = WONDERS[me.board].stages(me.side)[me.stages_built]
    label = pgettext("wonders.render", "Next wonder stage ({n} of {total}):").format(n=me.stages_built + 1,
                                                                                     total=me.stages_total)
    x = 52 + D.fitted(d, (52, h / 2 + 1), label, 520, 18, LIGHT, True, "lm", 12) + 12
    cost = D.row(S.cost_sprites(stage.cost, 0, 26, locale), gap=2)
    D.paste(img, cost, (x, h / 2), "lm")
    x += cost.width + 8
    D.paste(img, icons.arrow(18, LIGHT, "right", 1.6), (x, h / 2), "lm")
    x += 36
    effect = D.row(S.stage_effect(stage, 30, locale), gap=2)
    halo = D.rounded(effect.width + 12, 38, 9, PANEL)
    D.paste(img, halo, (x, h / 2), "lm")
    D.paste(img, effect, (x + 6, h / 2), "lm")
    x += halo.width + 12
    if not any(o.action == "stage" for o in view.options):
        D.fitted(d, (x, h / 2 + 1), pgettext("wonders.render", "you cannot pay for it now"), w - x - 12, 17,
                 hex_rgb("#f5b7b1"), True, "lm", 11)
    return img


def _line_height(o: OptionView) -> int:
    return ROW_H + (TRADE_H if o.trade else 0)


@functools.lru_cache(maxsize=512)
def _group(cid: str, opts: tuple[tuple[int, str], ...], why: str, copies: int,
           partners: tuple[tuple[str, int, str], ...], ships: tuple[int, ...], wonder_track: str | None,
           stages_built: int, locale: str, accent) -> Image.Image:
    """One card of the hand and its options, one a line; a card that cannot be built says why."""
    parsed = [(n, OptionView.model_validate_json(js)) for n, js in opts]
    lines_h = sum(_line_height(o) for _n, o in parsed) + (ROW_H if why else 0)
    h = max(S.CARD_H + 20, lines_h + 20)
    muted = not parsed
    img = D.rounded(GROUP_W, h, 14, PANEL if not muted else MUTED_FILL, PANEL_EDGE, 2).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, S.card_face(cid, locale, bool(why)), (10, 10))
    if copies > 1:
        D.paste(img, icons.tag(f"×{copies}", 14, INK, WHITE, 6), (10 + S.CARD_W - 4, 8), "rt")
    x = 10 + S.CARD_W + 10
    width = GROUP_W - x - 10
    y = 10 + (h - 20 - lines_h) // 2
    partner_of = {side: (seat, name) for side, seat, name in partners}
    for n, o in parsed:
        _option_line(img, d, n, o, x, y, width, partner_of, ships, wonder_track, stages_built, locale, accent)
        y += _line_height(o)
    if why:
        _why_line(img, d, cid, why, x, y, width, locale)
    return img


def _ship_mark(fleet: str | None, ships: tuple[int, ...], size: int = 26) -> Image.Image:
    """A ship of ``fleet`` and the space it reaches (``→3``)."""
    if fleet is None or fleet not in FLEETS:
        return S.any_ship(size)
    pos = ships[FLEETS.index(fleet)] if len(ships) == 4 else 0
    return D.row([icons.ship(size, S.FLEET_COLOURS[fleet], INK), D.label(f"→{min(6, pos + 1)}", 14, INK, True)],
                 gap=1)


def _action_text(o: OptionView, stages_built: int) -> str:
    if o.action == "build":
        return pgettext("wonders.render", "Build")
    if o.action == "free":
        return pgettext("wonders.render", "Build free (Olympia)")
    if o.action == "stage":
        return pgettext("wonders.render", "Wonder stage {n}").format(n=stages_built + 1)
    if o.action == "revive":
        return pgettext("wonders.render", "Build for free")
    return pgettext("wonders.render", "Discard")


def _option_line(img: Image.Image, d: ImageDraw.ImageDraw, n: int, o: OptionView, x: int, y: int, width: int,
                 partner_of: dict[str, tuple[int, str]], ships: tuple[int, ...], wonder_track: str | None,
                 stages_built: int, locale: str, accent) -> None:
    lh = _line_height(o)
    cy = y + ROW_H / 2
    D.paste(img, D.rounded(width, lh - 6, 10, WHITE, LINE_EDGE, 1), (x, y + 3))
    D.paste(img, icons.index_badge(n, accent), (x + 4, cy), "lm")
    price = _price(o, locale)
    D.paste(img, price, (x + width - 8, cy), "rm")
    tx = x + 44
    # what comes with the action: a Naval Construction, a blue card's free advance, the yellow ship of a discard
    extras: list[Image.Image] = []
    if o.ship and o.action in ("build", "free"):
        card = CARDS.get(o.card or "")
        extras.append(_with_ship(_ship_mark(card.colour if card else None, ships), locale))
    elif o.ship and o.action == "stage":
        extras.append(_with_ship(_ship_mark(o.track or wonder_track, ships), locale))
    elif o.ship and o.action == "discard":
        extras.append(_ship_mark("yellow", ships))
    if o.track and not o.ship:
        extras.append(_ship_mark(o.track, ships))
    if o.advance:
        extras.append(D.row([D.label(pgettext("wonders.render", "free:"), 13, FREE, True),
                             _ship_mark(o.advance, ships, 24)], gap=3))
    extra = D.row(extras, gap=8) if extras else None
    room = width - 44 - price.width - 14 - (extra.width + 8 if extra else 0)
    drawn = D.fitted(d, (tx, cy + 1), _action_text(o, stages_built), max(40, room), 18, INK, True, "lm", 11)
    if extra is not None:
        D.paste(img, extra, (tx + drawn + 8, cy), "lm")
    if o.trade:
        _trade_line(img, d, o, x + 44, y + ROW_H - 2, width - 52, partner_of, locale)


def _with_ship(mark: Image.Image, locale: str) -> Image.Image:
    return D.row([D.label("+", 16, INK, True), mark], gap=2)


def _price(o: OptionView, locale: str) -> Image.Image:
    """What the option costs in all (coins), or brings (a discard's coins)."""
    if o.action == "discard":
        if o.ship:
            return D.label(pgettext("wonders.render", "instead of {n} coins").format(n=DISCARD_COINS), 13, D.MUTED,
                           True)
        return D.row([D.label("+", 20, FREE, True), D.coin(30, str(o.gain or DISCARD_COINS))], gap=2)
    if o.coins == 0:
        text = D.label(pgettext("wonders.render", "free"), 17, FREE, True)
        return D.row([D.link(22, FREE), text], gap=4) if o.chain else text
    parts: list[Image.Image] = []
    if o.bank and o.trade:
        parts.append(D.label(pgettext("wonders.render", "bank {n}").format(n=o.bank), 13, D.MUTED, True))
    parts.append(D.coin(30, str(o.coins)))
    return D.row(parts, gap=6)


def _trade_line(img: Image.Image, d: ImageDraw.ImageDraw, o: OptionView, x: int, y: int, width: int,
                partner_of: dict[str, tuple[int, str]], locale: str) -> None:
    """Who is paid and for what: "2 → ◀ 3 Bob: glass, loom", one part a partner."""
    parts = [(side, o.trade[side]) for side in PARTNER_ORDER if o.trade.get(side)]
    share = max(60, (width - 10 * (len(parts) - 1)) // max(1, len(parts)))
    cx = x
    for side, coins in parts:
        seat, name = partner_of.get(side, (0, "?"))
        sprite = _trade_part(side, seat, name, coins, o.bought.get(side, ""), share, locale)
        D.paste(img, sprite, (cx, y + TRADE_H / 2), "lm")
        cx += sprite.width + 10


@functools.lru_cache(maxsize=1024)
def _trade_part(side: str, seat: int, name: str, coins: int, bought: str, width: int, locale: str) -> Image.Image:
    coin = D.coin(22, str(coins))
    arrow = D.label("→", 15, INK, True)
    towards = D.triangle(12, INK, "left" if side in ("left", "far_left") else "right")
    disc = icons.disc_label(str(seat + 1), 20, seat_colour(seat), WHITE, WHITE)
    goods = D.row([S.resource(r, 18, locale) for r in bought], gap=1) if bought else None
    fixed = coin.width + arrow.width + towards.width + disc.width + 4 * 3 + (goods.width + 6 if goods else 0)
    text, size = D.fit(name, max(24, width - fixed), 13, True, 9)
    label = D.label(text, size, INK, True)
    parts = [coin, arrow, towards, disc, label]
    if goods is not None:
        parts.append(goods)
    return D.row(parts, gap=3)


def _why_line(img: Image.Image, d: ImageDraw.ImageDraw, cid: str, why: str, x: int, y: int, width: int,
              locale: str) -> None:
    cy = y + ROW_H / 2
    D.paste(img, D.rounded(width, ROW_H - 6, 10, MUTED_FILL, LINE_EDGE, 1), (x, y + 3))
    D.paste(img, D.cross(22, D.RED), (x + 10, cy), "lm")
    text = (pgettext("wonders.render", "Build: already in your city") if why == "built"
            else pgettext("wonders.render", "Build: you cannot pay for it"))
    D.fitted(d, (x + 40, cy + 1), text, width - 50, 16, GREY, True, "lm", 10)


# --- Halikarnassos: the discard pile -------------------------------------------------------------------------------


def _revive_body(view: WondersView, indexed: list[tuple[int, OptionView]], locale: str, accent) -> Image.Image:
    """The cards of the discard pile that may be built, as a grid of cards (a card whose free ship advance is to
    be chosen has one number per ship); then the rest of the pile, greyed."""
    seat = view.seat
    assert seat is not None
    me = view.players[seat]
    groups: dict[str, list[tuple[int, OptionView]]] = {}
    for n, o in indexed:
        groups.setdefault(o.card or "", []).append((n, o))
    ships = tuple(me.ships.get(f, 0) for f in FLEETS)
    tiles: list[tuple[int | None, Image.Image]] = []
    for cid, opts in groups.items():
        if cid not in CARDS:
            continue
        if len(opts) == 1 and not _advance_of(opts[0][1]):
            tiles.append((opts[0][0], S.card_face(cid, locale)))
        else:
            variants = tuple((n, _advance_of(o)) for n, o in opts)
            tiles.append((None, _revive_variants(cid, variants, ships, locale, accent)))
    tiles += [(n, _nothing_tile(locale)) for n, o in indexed if o.move == f"revive:{NO_CARD}"]  # W82: declining
    body = _grid(tiles, accent)
    others = sorted({c for c in view.discard if c not in groups and c in CARDS})
    if not others:
        return body
    note = _others_note(tuple(others), locale)
    out = Image.new("RGBA", (body.width, body.height + 12 + note.height), (0, 0, 0, 0))
    out.alpha_composite(body, (0, 0))
    out.alpha_composite(note, (0, body.height + 12))
    return out


def _advance_of(o: OptionView) -> str | None:
    """The fleet of a free advance: the option's own field, or the ``adv_<colour>`` part of its move."""
    if o.advance:
        return o.advance
    for part in o.move.split(":")[1:]:
        if part.startswith("adv_") and part[4:] in FLEETS:
            return part[4:]
    return None


@functools.lru_cache(maxsize=64)
def _revive_variants(cid: str, variants: tuple[tuple[int, str | None], ...], ships: tuple[int, ...], locale: str,
                     accent) -> Image.Image:
    """A card with one numbered line per choice of its free ship advance."""
    face = S.card_face(cid, locale)
    line = 34
    per_line = 2
    lines = (len(variants) + per_line - 1) // per_line
    w = face.width + 48
    img = Image.new("RGBA", (w, face.height + 4 + line * lines), (0, 0, 0, 0))
    D.paste(img, face, (48, 0))
    for k, (n, fleet) in enumerate(variants):
        cx = 48 + (k % per_line) * (face.width // per_line)
        cy = face.height + 4 + line * (k // per_line) + line / 2
        D.paste(img, icons.index_badge(n, accent, 30), (cx, cy), "lm")
        D.paste(img, _ship_mark(fleet, ships, 24), (cx + 33, cy), "lm")
    return img


@functools.lru_cache(maxsize=8)
def _nothing_tile(locale: str) -> Image.Image:
    """Building nothing from the discard pile: a card-sized tile with a cross."""
    w, h = S.CARD_W, S.CARD_H
    img = D.rounded(w, h, 12, MUTED_FILL, PANEL_EDGE, 2).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, D.cross(44, D.RED), (w / 2, h / 2 - 16), "mm")
    D.fitted(d, (w / 2, h - 26), pgettext("wonders.render", "Build nothing"), w - 16, 17, INK, True, "mm", 10)
    return img


@functools.lru_cache(maxsize=64)
def _others_note(cards: tuple[str, ...], locale: str) -> Image.Image:
    """The rest of the discard pile (cards already in the city), greyed."""
    w = WIDTH - 2 * MARGIN
    caption = D.label(pgettext("wonders.render", "Also in the discard pile (already in your city):"), 16, LIGHT, True)
    pills = [icons.card_pill(D.lighter(S.COLOURS[CARDS[c].colour], 0.35), S.colour_letter(CARDS[c].colour),
                             names.card(c), 0, 24, 13) for c in cards]
    rows: list[list[Image.Image]] = [[]]
    cx = 0
    for pill in pills:
        if cx + pill.width > w and rows[-1]:
            rows.append([])
            cx = 0
        rows[-1].append(pill)
        cx += pill.width + 5
    h = caption.height + 6 + 28 * len(rows)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    img.alpha_composite(caption, (0, 0))
    for k, r in enumerate(rows):
        D.paste(img, D.row(r, gap=5), (0, caption.height + 6 + 28 * k))
    return img


# --- the other decisions: tiles --------------------------------------------------------------------------------------


def _grid(tiles: list[tuple[int | None, Image.Image]], accent, per_row: int | None = None) -> Image.Image:
    """Tiles with their numbers on their left (None: the tile numbers itself), as many a row as fit."""
    side = 48
    gap = 16
    tw = max(t.width + (side if n is not None else 0) for n, t in tiles)
    w = WIDTH - 2 * MARGIN
    per_row = per_row or max(1, (w + gap) // (tw + gap))
    rows = [tiles[i:i + per_row] for i in range(0, len(tiles), per_row)]
    heights = [max(t.height for _n, t in r) for r in rows]
    img = Image.new("RGBA", (w, sum(heights) + gap * (len(rows) - 1) + 8), (0, 0, 0, 0))
    used = min(per_row, len(tiles))
    x0 = (w - used * tw - (used - 1) * gap) // 2
    y = 4
    for r, th in zip(rows, heights):
        for k, (n, tile) in enumerate(r):
            x = x0 + k * (tw + gap)
            if n is None:
                D.paste(img, tile, (x, y))
                continue
            D.paste(img, tile, (x + side, y + (th - tile.height) // 2))
            D.paste(img, icons.index_badge(n, accent, 40), (x, y + th / 2), "lm")
        y += th + gap
    return img


def _tile_body(view: WondersView, indexed: list[tuple[int, OptionView]], locale: str, accent) -> Image.Image:
    seat = view.seat
    assert seat is not None
    me = view.players[seat]
    ships = tuple(me.ships.get(f, 0) for f in FLEETS)
    tiles: list[tuple[int, Image.Image]] = []
    for n, o in indexed:
        arg = o.move.split(":", 1)[1] if ":" in o.move else ""
        if o.action == "island" and arg in names.ISLANDS:
            tiles.append((n, S.island_card(arg, locale)))
        elif o.action == "advance":
            tiles.append((n, _advance_tile(tuple(arg.split("_")), ships, locale)))
        else:
            tiles.append((n, icons.tag(o.move, 16, PANEL)))
    return _grid(tiles, accent)


@functools.lru_cache(maxsize=64)
def _advance_tile(fleets: tuple[str, ...], ships: tuple[int, ...], locale: str) -> Image.Image:
    marks = [_ship_mark(f, ships, 34) for f in fleets if f in FLEETS]
    content = D.row(marks, gap=14)
    w, h = max(180, content.width + 28), 64
    img = D.rounded(w, h, 12, PANEL, PANEL_EDGE, 2).copy()
    D.paste(img, content, (w / 2, h / 2), "mm")
    return img


def _side_body(view: WondersView, indexed: list[tuple[int, OptionView]], locale: str, accent) -> Image.Image:
    seat = view.seat
    assert seat is not None
    board = view.players[seat].board
    tiles = []
    for n, o in indexed:
        side = o.move.split(":", 1)[1] if ":" in o.move else "a"
        tiles.append((n, _side_tile(board, side if side in ("a", "b") else "a", locale)))
    return _grid(tiles, accent, per_row=1)


@functools.lru_cache(maxsize=16)
def _side_tile(board: str, side: str, locale: str) -> Image.Image:
    """One side of the wonder board: each stage's cost above its effect."""
    stages = WONDERS[board].stages(side)
    w = WIDTH - 2 * MARGIN - 60
    h = 132
    img = D.rounded(w, h, 14, PANEL, PANEL_EDGE, 2).copy()
    d = ImageDraw.Draw(img)
    title_ = pgettext("wonders.render", "Side {side}").format(side=S.side_letter(side))
    d.text((16, 24), title_, font=font(22, True), fill=INK, anchor="lm")
    D.paste(img, S.resource("WSCOGLP"[WONDERS[board].resource], 28, locale), (w - 14, 24), "rm")
    gap = 10
    sw = min(260, (w - 32 - gap * (len(stages) - 1)) // len(stages))
    for k in range(len(stages)):
        D.paste(img, S.stage_card(board, side, k, sw, locale), (16 + k * (sw + gap), 40))
    return img


def _naval_body(view: WondersView, indexed: list[tuple[int, OptionView]], names_: list[str], locale: str,
                accent) -> Image.Image:
    """Forgotten Harbor: in or out of the naval conflict, with everyone's naval strength."""
    tiles = []
    for n, o in indexed:
        inside = o.move.endswith(":in")
        text = (pgettext("wonders.render", "Take part in the naval conflict") if inside
                else pgettext("wonders.render", "Stay out of the naval conflict"))
        tiles.append((n, _naval_tile(text, inside)))
    grid = _grid(tiles, accent)
    strengths = sorted(((p.naval_strength, p.seat) for p in view.players), key=lambda t: (-t[0], t[1]))
    parts: list[Image.Image] = [D.label(pgettext("wonders.render", "Naval strength:"), 16, LIGHT, True)]
    for value, s in strengths:
        parts.append(D.row([icons.disc_label(str(s + 1), 26, seat_colour(s), WHITE, WHITE),
                            D.label(D.fit(names_[s], 220, 17, True, 12)[0], 17, LIGHT, True),
                            S.naval_shield(30, str(value))], gap=5))
    rows: list[list[Image.Image]] = [[]]
    width = 0
    for part in parts:
        if width + part.width > WIDTH - 2 * MARGIN and rows[-1]:
            rows.append([])
            width = 0
        rows[-1].append(part)
        width += part.width + 18
    line = 34
    out = Image.new("RGBA", (grid.width, grid.height + 12 + line * len(rows)), (0, 0, 0, 0))
    out.alpha_composite(grid, (0, 0))
    for k, r in enumerate(rows):
        D.paste(out, D.row(r, gap=18), (0, grid.height + 12 + line * k + line / 2), "lm")
    return out


@functools.lru_cache(maxsize=8)
def _naval_tile(text: str, inside: bool) -> Image.Image:
    w, h = 480, 72
    img = D.rounded(w, h, 14, PANEL, READY if inside else PANEL_EDGE, 3).copy()
    d = ImageDraw.Draw(img)
    D.paste(img, S.naval_shield(44), (14, h / 2), "lm")
    if not inside:
        D.paste(img, D.cross(30, D.RED), (24, h / 2), "lm")
    D.fitted(d, (72, h / 2 + 1), text, w - 84, 21, INK, True, "lm", 12)
    return img


# --- the team game: the ally's hand ----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _ally_hand(cards: tuple[str, ...], ally: int, name: str, locale: str) -> Image.Image:
    """The hand the ally shows (B.17): its cards, as the ally holds them (its choice is not marked)."""
    w = WIDTH - 2 * MARGIN
    edge = seat_colour(ally)
    caption = D.row([icons.disc_label(str(ally + 1), 26, edge, WHITE, WHITE),
                     D.label(D.fit(pgettext("wonders.render", "The hand of your ally {name}").format(name=name),
                                   w - 60, 18, True, 12)[0], 18, LIGHT, True)], gap=8)
    faces = D.fit_row([S.card_face(c, locale) for c in cards if c in CARDS], w - 24, gap=8)
    h = 12 + caption.height + 10 + faces.height + 12
    img = D.rounded(w, h, 14, hex_rgb("#2c3b45"), edge, 2).copy()
    D.paste(img, caption, (12, 12))
    D.paste(img, faces, (12, 12 + caption.height + 10))
    return img
