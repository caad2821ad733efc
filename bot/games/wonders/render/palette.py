"""The fixed PNG palette of the 7 Wonders images, learnt once per process from made-up views.

The training views are built here from static data only (every card, wonder side, island and Shipyard track, every
seat colour, each status, token and decision), drawn by the real drawing code in English, so the palette holds
exactly the colours the images use and does not depend on which game or locale a process happens to draw first.
"""

from __future__ import annotations

import functools

from PIL import Image

from bot.games.wonders.render import sprites as wonders_sprites
from bot.games.wonders.render.board import board_image
from bot.games.wonders.render.options import options_image
from bot.i18n import use_locale
from bot.render.png import build_palette
from rules.wonders.data import BOARDS, CARDS, COLOURS, FLEETS, ISLANDS, WONDERS
from rules.wonders.view import OptionView, PlayerView, WondersView

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace"]


def _player(seat: int, cards: list[str], islands: list[str], armada: bool, side: str = "a") -> PlayerView:
    boards = list(WONDERS)
    board = boards[seat % len(boards)]
    city: dict[str, list[str]] = {}
    for cid in cards:
        city.setdefault(CARDS[cid].colour, []).append(cid)
    total = len(WONDERS[board].stages(side or "a"))
    return PlayerView(
        seat=seat, board=board, side=side, stages_built=min(total, seat % 4) if side else 0, stages_total=total,
        coins=3 + 5 * seat, city=city, land_tokens=[1, 3, 5, -1, -1][: seat % 6], naval_tokens=[3, -2, 7][: seat % 4],
        shields=seat, naval_strength=seat % 5,
        science={"compass": seat % 3, "gear": 1, "tablet": (seat + 1) % 3, "any": seat % 2, "most": seat // 5},
        production={"W": 1 + seat % 2, "S": 1, "O": seat % 3, "G": 1, "L": 1, "P": 1, "C": seat % 2},
        choices=["WC", "GLP", "WSOC"][: 1 + seat % 3],
        shipyard=list(BOARDS)[seat % len(BOARDS)] if armada else None,
        wonder_track=FLEETS[seat % 4] if armada else None,
        ships={f: (seat + k) % 7 for k, f in enumerate(FLEETS)} if armada else {},
        commercial_level=seat % 4, islands=islands, hand_size=8 - seat % 8,
        deciding=seat % 3 != 2, chosen=seat % 3 == 1, score={"total": 20 + seat},
    )


def _table(n: int, armada: bool, phase: str = "play", over: bool = False) -> WondersView:
    cards = list(CARDS)
    islands = list(ISLANDS)
    players = []
    for seat in range(n):
        chunk = cards[seat * 14:(seat + 1) * 14] if seat * 14 < len(cards) else cards[seat:seat + 10]
        kept = islands[seat * 4:(seat + 1) * 4] if armada else []
        players.append(_player(seat, chunk if phase == "play" else [], kept, armada, "" if phase == "sides" else
                               "ab"[seat % 2]))
    outcome = None
    if over:
        cats = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]
        if armada:
            cats += ["naval", "shipyard", "islands"]
        outcome = {"finished": True, "winners": [1], "victory": "points", "categories": cats + ["total"],
                   "scores": {s: {c: (s * 3 + k) % 9 - 1 for k, c in enumerate(cats)} | {"total": 40 + s}
                              for s in range(n)}}
    return WondersView.model_validate({
        "seat": None, "armada": armada, "teams": False, "age": 0 if phase == "sides" else 2, "turn": 3,
        "turns": 7 if armada else 6, "direction": "right", "phase": "over" if over else phase, "decision": "",
        "players": [p.model_dump() for p in players], "discard_size": 12,
        "island_decks": [9, 7, 3] if armada else [], "outcome": outcome,
    })


def _turn_options(hand: list[str]) -> list[OptionView]:
    out: list[OptionView] = []
    for k, cid in enumerate(hand):
        trade = [{}, {"left": 2}, {"left": 1, "right": 2}, {"far_left": 1, "right": 1}][k % 4]
        bought = {side: "WGLP"[: n + 1] for side, n in trade.items()}
        out.append(OptionView(move=f"build:{cid}", action="build", card=cid, coins=sum(trade.values()) + k % 2,
                              bank=k % 2, trade=trade, bought=bought, chain=k == 3))
        out.append(OptionView(move=f"build:{cid}:ship", action="build", card=cid, ship=True, coins=2,
                              advance="green" if k == 2 else None))
        out.append(OptionView(move=f"stage:{cid}", action="stage", card=cid, coins=1, trade={"right": 1},
                              bought={"right": "O"}))
        out.append(OptionView(move=f"discard:{cid}", action="discard", card=cid, gain=3))
        out.append(OptionView(move=f"discard:{cid}:ship", action="discard", card=cid, ship=True))
    return out


def _views() -> list[tuple[WondersView, str]]:
    views: list[tuple[WondersView, str]] = []
    for n, armada in ((7, True), (4, False)):
        views.append((_table(n, armada), "board"))
    views.append((_table(5, True, over=True), "board"))
    views.append((_table(3, False, phase="sides"), "board"))
    base = _table(7, True)
    cards = list(CARDS)
    for seat, hand in ((0, cards[20:28]), (3, cards[78:86]), (5, cards[50:58])):
        view = base.model_copy(update={"seat": seat, "decision": "turn", "hand": hand,
                                       "options": _turn_options(hand[:6])})
        views.append((view, "options"))
    islands = list(ISLANDS)
    views.append((base.model_copy(update={"seat": 1, "decision": "island", "island_offer": islands[:4],
                                          "options": [OptionView(move=f"island:{i}", action="island")
                                                      for i in islands[:4]]}), "options"))
    views.append((base.model_copy(update={"seat": 2, "decision": "advance", "advance_count": 2,
                                          "options": [OptionView(move="advance:blue_red", action="advance"),
                                                      OptionView(move="advance:green_yellow", action="advance")]}),
                  "options"))
    views.append((base.model_copy(update={"seat": 4, "decision": "revive", "discard": cards[:10],
                                          "options": [OptionView(move=f"revive:{c}", action="revive", card=c)
                                                      for c in cards[:6]]}), "options"))
    views.append((base.model_copy(update={"seat": 6, "decision": "naval",
                                          "options": [OptionView(move="naval:in", action="naval"),
                                                      OptionView(move="naval:out", action="naval")]}), "options"))
    sides = _table(3, False, phase="sides")
    views.append((sides.model_copy(update={"seat": 0, "decision": "side",
                                           "options": [OptionView(move="side:a", action="side"),
                                                       OptionView(move="side:b", action="side")]}), "options"))
    assert all(c in COLOURS for c in (CARDS[c].colour for c in cards))
    return views


def training_images(locale: str = "en") -> list[Image.Image]:
    """The made-up views drawn in ``locale`` (English for the palette; other locales only to warm their caches)."""

    out = []
    with use_locale(locale):
        for view, kind in _views():
            out.append(board_image(view, NAMES) if kind == "board" else options_image(view, NAMES))
        for cid in CARDS:  # every card face and island of the hand image, so a first hand is drawn warm
            wonders_sprites.card_face(cid, locale)
            wonders_sprites.city_pill(cid, locale)
        for iid in ISLANDS:
            wonders_sprites.island_card(iid, locale)
    return out


@functools.cache
def palette() -> Image.Image:
    return build_palette(training_images())
