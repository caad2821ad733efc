"""The private image of Anno 1800: what ``view.seat`` holds and may do now, drawn from that seat's view only.

On top, what is to be decided (or whom the game waits for); then the seat's own panel (as on the table); its hand,
one line per card (what playing it needs, then its effect), and its expedition cards (the visitor each slot
needs); then the options, numbered 1..n in the order of ``view.options`` (the number a player types or taps), a
payment option with what it makes, trades and imports.

The options' words are the presenter's ``move_label`` (``option_label``): what the image shows is what a player may
type back.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.games.anno1800.render import board as B
from bot.games.anno1800.render import sprites as S
from bot.games.anno1800 import names as N
from bot.games.anno1800.presenter import label_of
from bot.i18n import NP_, pgettext
from bot.render import draw as D
from bot.render import icons
from bot.render import layout as L
from bot.render.draw import INK, hex_rgb
from rules.anno1800.data import BUILDINGS, CARDS, EXPEDITIONS, RESOURCES, TIERS
from rules.anno1800.view import AnnoView, OptionView

WIDTH = B.WIDTH
MARGIN = B.MARGIN
ROW_H = 40
BADGE = 32
CARD_ROW = 34

_TITLES = {
    "turn": NP_("anno1800.render", "Your turn: choose an action"),
    "build": NP_("anno1800.render", "Build: which building?"),
    "ships": NP_("anno1800.render", "Build ships"),
    "field": NP_("anno1800.render", "Build: on which field?"),
    "cover": NP_("anno1800.render", "Build: cover which industry?"),
    "printed": NP_("anno1800.render", "Build: cover a printed industry?"),
    "last": NP_("anno1800.render", "Build: the last free field"),
    "remove": NP_("anno1800.render", "Remove which building?"),
    "pay": NP_("anno1800.render", "How do you pay?"),
    "partner": NP_("anno1800.render", "Trade with whom?"),
    "tokens": NP_("anno1800.render", "Exploration tokens instead of trade tokens?"),
    "hire": NP_("anno1800.render", "Hire which people?"),
    "upgrade": NP_("anno1800.render", "Upgrade which cube?"),
    "swap": NP_("anno1800.render", "Exchange which cards?"),
    "shift": NP_("anno1800.render", "Call back which cube?"),
    "resource": NP_("anno1800.render", "Take which New World resource?"),
    "free_upgrade": NP_("anno1800.render", "Free upgrades"),
    "return_cards": NP_("anno1800.render", "Return cards under their decks?"),
    "editor": NP_("anno1800.render", "Return which card?"),
    "activate": NP_("anno1800.render", "Activate which card?"),
}
_WORDS = {
    "waiting": NP_("anno1800.render", "Waiting for {name}"),
    "nothing": NP_("anno1800.render", "Nothing to decide now"),
    "decide": NP_("anno1800.render", "Decide"),
    "actions": NP_("anno1800.render", "Actions left: {n}"),
    "hand": NP_("anno1800.render", "Your hand: {n}"),
    "empty_hand": NP_("anno1800.render", "Your hand is empty"),
    "expeditions": NP_("anno1800.render", "Your expedition cards: {n}"),
    "options": NP_("anno1800.render", "Your options"),
    "nothing_needed": NP_("anno1800.render", "nothing"),
    "zoo": NP_("anno1800.render", "zoo"),
    "museum": NP_("anno1800.render", "museum"),
    "gold": NP_("anno1800.render", "{n} gold"),
    "extra_action": NP_("anno1800.render", "one more action"),
    "new_world_resource": NP_("anno1800.render", "a New World resource"),
    "return_cards": NP_("anno1800.render", "return up to {n} cards"),
    "expedition_cards": NP_("anno1800.render", "{n} expedition cards"),
    "free_upgrades": NP_("anno1800.render", "up to {n} free upgrades"),
}


def word(key: str) -> str:
    return pgettext("anno1800.render", _WORDS[key])


def title(view: AnnoView, names: Sequence[str]) -> str:
    if view.options:
        return pgettext("anno1800.render", _TITLES.get(view.decision, _WORDS["decide"]))
    if not view.over and not view.stopped and view.current != view.seat:
        return word("waiting").format(name=B.player_name(names, view.current))
    return word("nothing")


# --- cards -----------------------------------------------------------------------------------------------------------
def _deck(card: str) -> str:
    return CARDS[card].deck if card in CARDS else "farmer_worker"


def card_effect(card: str) -> list[Image.Image]:
    """A card's one-time effect, as sprites."""
    c = CARDS[card]
    size = B.SMALL
    if c.effect == "gain_cubes":
        return [D.label(f"+{c.count}", size, INK, True), S.cube(TIERS[c.tier], 22)]
    if c.effect == "free_upgrades":
        return [S.cube(TIERS[c.tier], 22), D.label(word("free_upgrades").format(n=c.count), size)]
    if c.effect in ("gain_trade_tokens", "gain_exploration_tokens"):
        kind = "trade" if c.effect == "gain_trade_tokens" else "exploration"
        return [D.label(f"+{c.count}", size, INK, True), S.naval_token(kind, 22)]
    if c.effect == "gain_gold":
        return [D.coin(24, str(c.count))]
    if c.effect == "gain_gold_and_trade_tokens":
        return [D.coin(24, str(c.gold)), D.label(f"+{c.count}", size, INK, True), S.naval_token("trade", 22)]
    if c.effect == "expedition_cards":
        return [D.label(word("expedition_cards").format(n=c.count), size)]
    if c.effect == "new_world_resource":
        return [D.label(word("new_world_resource"), size)]
    if c.effect == "extra_action":
        return [D.label(word("extra_action"), size)]
    if c.effect == "return_cards":
        return [D.label(word("return_cards").format(n=c.count), size)]
    return []


def card_needs(card: str) -> str:
    c = CARDS[card]
    return ", ".join(N.resource(RESOURCES[u]) for u in c.cost.units) or word("nothing_needed")


def card_row(card: str, width: int) -> Image.Image:
    """One hand card: the deck's colour, what playing it needs (resources, tokens), an arrow, its effect."""
    c = CARDS[card]
    row = Image.new("RGBA", (width, CARD_ROW), (0, 0, 0, 0))
    D.paste(row, S.card(c.deck, 20, 28), (0, CARD_ROW / 2), "lm")
    effect = D.row(card_effect(card), gap=4)
    tokens = [S.naval_token("trade", 22)] * c.cost.trade + [S.naval_token("exploration", 22)] * c.cost.explore
    arrow = D.label("→", B.TEXT, INK, True)
    right = width - effect.width
    D.paste(row, effect, (right, CARD_ROW / 2), "lm")
    right -= arrow.width + 6
    D.paste(row, arrow, (right, CARD_ROW / 2), "lm")
    if tokens:
        t = D.row(tokens, gap=2)
        right -= t.width + 6
        D.paste(row, t, (right, CARD_ROW / 2), "lm")
    L.put_fitted(row, (28, CARD_ROW / 2 + 1), card_needs(card), right - 28 - 8, B.SMALL, B.SMALL, INK, False, "lm")
    return row


def expedition_sprite(card: str) -> Image.Image:
    e = EXPEDITIONS.get(card)
    if e is None:
        return icons.tag(N.name("anno1800.expedition", card), B.SMALL, S.DECK_COLOURS["expeditions"])
    return D.row([S.card("expeditions", 20, 28), D.label(word("zoo"), B.SMALL, B.MUTED), S.cube(TIERS[e.animal], 22),
                  D.label(word("museum"), B.SMALL, B.MUTED), S.cube(TIERS[e.artefact], 22)], gap=4)


# --- options ---------------------------------------------------------------------------------------------------------
def option_label(view: AnnoView, option: OptionView) -> str:
    """The words of an option: the presenter's label of its move, the words a player may type back."""
    return label_of(option.move, view)


def _lead(option: OptionView) -> Image.Image | None:
    """A picture before an option: the card, the cube of a tier, the building's tier."""
    for arg in option.args:
        if arg in CARDS:
            return S.card(CARDS[arg].deck, 20, 28)
        if arg in TIERS:
            return S.cube(arg, 26)
        if arg in BUILDINGS:
            b = BUILDINGS[arg]
            if b.kind == "ship":
                return S.ship(b.fleet, 28)
            if b.kind == "shipyard":
                return S.shipyard(28)
            return S.cube(TIERS[b.tier], 26)
    if option.trade_tokens or option.exploration_tokens:
        return D.row([S.naval_token("trade", 22)] * option.trade_tokens
                     + [S.naval_token("exploration", 22)] * option.exploration_tokens, gap=2)
    return None


def _option_row(view: AnnoView, n: int, option: OptionView, colour) -> Image.Image:
    width = WIDTH - 2 * MARGIN - 2 * B.PAD
    row = Image.new("RGBA", (width, ROW_H), (0, 0, 0, 0))
    D.paste(row, icons.index_badge(n, colour, BADGE), (0, ROW_H / 2), "lm")
    x = BADGE + 10
    lead = _lead(option)
    if lead is not None:
        D.paste(row, lead, (x, ROW_H / 2), "lm")
        x += lead.width + 8
    L.put_fitted(row, (x, ROW_H / 2 + 1), option_label(view, option), width - x, B.TEXT, B.SMALL, INK, False,
                 "lm")
    return row


# --- the whole image -------------------------------------------------------------------------------------------------
def _hand_height(view: AnnoView) -> int:
    h = B.PAD + 28 + CARD_ROW * len(view.hand)
    if view.expeditions:
        h += 12 + 28 + L.flow_height([expedition_sprite(e) for e in view.expeditions], B.INNER, 14)
    return h + B.PAD


def options_image(view: AnnoView, names: Sequence[str]) -> Image.Image:
    seat = view.seat
    me = view.players[seat] if seat is not None and 0 <= seat < len(view.players) else None
    colour = S.seat_colour(seat) if seat is not None else hex_rgb("#555555")
    head_h = 64 + (30 if view.options and view.turn is not None and view.decision == "turn" else 0)
    height = MARGIN + head_h + B.GAP
    panel = B.player_panel(view, me, B.player_name(names, me.seat), mine=True) if me is not None else None
    if panel is not None:
        height += panel.height + B.GAP + _hand_height(view) + B.GAP
    if view.options:
        height += B.PAD + 28 + ROW_H * len(view.options) + B.PAD + B.GAP
    height += MARGIN - B.GAP
    img = icons.background(WIDTH, height, B.BG).copy()
    L.panel(img, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + head_h), B.PANEL, B.PANEL_EDGE)
    D.paste(img, D.rounded(10, head_h - 20, 4, colour), (MARGIN + 6, MARGIN + 10))
    x0 = MARGIN + B.PAD + 6
    L.put_fitted(img, (x0, MARGIN + 32), title(view, names), WIDTH - MARGIN - B.PAD - x0, 24, B.SMALL, INK, True, "lm")
    if view.options and view.turn is not None and view.decision == "turn":
        L.put(img, (x0, MARGIN + 56), word("actions").format(n=view.turn.actions), B.SMALL, B.MUTED)
    y = MARGIN + head_h + B.GAP
    if panel is not None:
        img.paste(panel, (0, y))
        y += panel.height + B.GAP
        h = _hand_height(view)
        L.panel(img, (MARGIN, y, WIDTH - MARGIN, y + h), B.PANEL, B.PANEL_EDGE)
        yy = y + B.PAD
        head = word("hand").format(n=len(view.hand)) if view.hand else word("empty_hand")
        L.put(img, (x0, yy), head, B.SMALL, B.MUTED, True)
        yy += 28
        for card in view.hand:
            D.paste(img, card_row(card, WIDTH - MARGIN - B.PAD - x0), (x0, yy))
            yy += CARD_ROW
        if view.expeditions:
            yy += 12
            L.put(img, (x0, yy), word("expeditions").format(n=len(view.expeditions)), B.SMALL, B.MUTED, True)
            L.draw_flow(img, [expedition_sprite(e) for e in view.expeditions], x0, yy + 28, B.INNER, 14)
        y += h + B.GAP
    if view.options:
        h = B.PAD + 28 + ROW_H * len(view.options) + B.PAD
        L.panel(img, (MARGIN, y, WIDTH - MARGIN, y + h), B.PANEL, B.PANEL_EDGE)
        L.put(img, (x0, y + B.PAD), word("options"), B.SMALL, B.MUTED, True)
        yy = y + B.PAD + 28
        for n, option in enumerate(view.options, start=1):
            D.paste(img, _option_row(view, n, option, colour), (MARGIN + B.PAD, yy))
            yy += ROW_H
    return img
