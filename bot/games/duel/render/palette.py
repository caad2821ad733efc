"""The fixed PNG palette of the Duel images, learnt once per process from made-up views.

The training views are built here from static data only (every card, wonder and token, each kind of badge, both
seats' colours), drawn by the real drawing code in English, so the palette holds exactly the colours the images
use and does not depend on which game or locale a process happens to draw first.
"""

from __future__ import annotations

import functools

from PIL import Image

from bot.games.duel.render.board import board_image
from bot.games.duel.render.options import options_image
from bot.i18n import use_locale
from bot.render.png import build_palette
from rules.duel.data import CARDS, SCIENCE, TOKENS, WONDERS
from rules.duel.view import DuelView, OptionView, PlayerView, SlotView, WonderView

_ROWS = ((5, 7), (4, 6, 8), (3, 5, 7, 9), (4, 8), (3, 5, 7, 9), (4, 6, 8), (5, 7))
_BACKS = ("1", "2", "3", "guild")


def _structure(cards: list[str], with_backs: bool) -> list[SlotView]:
    slots: list[SlotView] = []
    places = [(r + 1, c) for r, row in enumerate(_ROWS) for c in row]
    it = iter(cards)
    for i, (row, col) in enumerate(places):
        face_down = with_backs and row % 2 == 0
        cid = next(it, None) if not face_down else None
        back = _BACKS[i % 4]
        if cid is None and not face_down:
            continue
        accessible = row >= 6 or (row == 5 and col in (3, 9))
        kind = i % 4
        cost = [[0, 0], [3, 5], [12, 2], [0, 0]][kind]
        chain = [[True, False], [False, False], [False, True], [False, False]][kind]
        slots.append(SlotView(slot=i, row=row, column=col, card=cid, back=back if cid is None else "1",
                              accessible=accessible and cid is not None, cost=cost if cid else [],
                              chain=chain if cid else []))
    return slots


def _player(seat: int, city: list[str], wonders: list[str], tokens: list[str]) -> PlayerView:
    return PlayerView(
        seat=seat,
        coins=7 + 3 * seat,
        city=city,
        wonders=[WonderView(id=w, built=k % 2 == 0, cost=0 if k % 2 == 0 else 6 + 4 * k) for k, w in
                 enumerate(wonders)],
        tokens=tokens,
        science=[SCIENCE[k % 7] for k in range(5)] + [SCIENCE[0]],
        production={"W": 2, "S": 1, "P": 1} if seat == 0 else {"C": 3, "G": 1},
        choices=["GP", "WCS"],
        prices={"W": 2, "C": 3, "S": 1, "G": 4, "P": 2},
        discard_value=3,
        score={"total": 31 + seat},
    )


def _views() -> list[tuple[DuelView, str]]:
    cards = list(CARDS)
    wonders = list(WONDERS)
    tokens = list(TOKENS)
    city0 = cards[0:40:3]
    city1 = cards[1:73:5]
    players = [_player(0, city0, wonders[:4], tokens[:3]), _player(1, city1, wonders[4:8], tokens[3:5])]
    views: list[tuple[DuelView, str]] = []
    for k in range(4):
        chunk = cards[k * 20:(k + 1) * 20] if k < 3 else cards[60:] + cards[:7]
        views.append((DuelView(
            seat=None, age=3 if k % 2 else 1, decision="turn", current=k % 2, first_player=0,
            structure=_structure(chunk, with_backs=k == 3), players=players, draft_offer=[],
            board_tokens=tokens[5:], pawn=(-5, 3, 8, 0)[k], loot=[k % 2 == 0, True, k < 2, False],
            discard=cards[:9], out_wonders=wonders[8:9], wonders_built=5,
        ), "board"))
    views.append((DuelView(
        seat=None, age=0, decision="draft", current=1, first_player=0, structure=[], players=players,
        draft_offer=wonders[8:12], board_tokens=tokens[:5], pawn=0, loot=[True] * 4, discard=[], out_wonders=[],
        wonders_built=0,
    ), "board"))
    views.append((DuelView.model_validate({
        "seat": None, "age": 3, "decision": "over", "current": None, "first_player": 0, "structure": [],
        "players": [p.model_dump() for p in players], "draft_offer": [], "board_tokens": tokens[:2], "pawn": 4,
        "loot": [True, False, False, True], "discard": cards[:3], "out_wonders": [], "wonders_built": 7,
        "outcome": {"finished": True, "winners": [0], "victory": "civilian",
                    "categories": ["civilian", "science", "commercial", "guilds", "wonders", "progress", "treasury",
                                   "military", "total"],
                    "scores": {0: {"civilian": 12, "total": 60}, 1: {"military": 10, "total": 48}}},
    }), "board"))
    turn: list[OptionView] = []
    for k, cid in enumerate(cards[20:26]):
        turn.append(OptionView(move=f"build:{cid}", action="build", card=cid, cost=(0, 4, 2, 9)[k % 4],
                               trade=(0, 2, 0, 3)[k % 4], chain=k % 4 == 0))
        turn.append(OptionView(move=f"wonder:{wonders[k]}:{cid}", action="wonder", card=cid, wonder=wonders[k],
                               cost=5 + k, trade=k))
        turn.append(OptionView(move=f"discard:{cid}", action="discard", card=cid, gain=2 + k % 3))
    base = dict(first_player=0, structure=[], players=players, draft_offer=[], board_tokens=tokens[:5], pawn=0,
                loot=[True] * 4, discard=cards[:8], out_wonders=[], wonders_built=2)
    for seat in (0, 1):
        views.append((DuelView(seat=seat, age=2, decision="turn", current=seat, options=turn, **base), "options"))
    views.append((DuelView(seat=0, age=2, decision="token", current=0, **base, options=[
        OptionView(move=f"token:{t}", action="token", token=t) for t in tokens]), "options"))
    views.append((DuelView(seat=1, age=1, decision="starter", current=1, **base, options=[
        OptionView(move="start:me", action="start"), OptionView(move="start:opponent", action="start")]), "options"))
    views.append((DuelView(seat=0, age=2, decision="mausoleum", current=0, **base, options=[
        OptionView(move=f"revive:{c}", action="revive", card=c) for c in cards[:8]]), "options"))
    views.append((DuelView(seat=1, age=0, decision="draft", current=1, **base, options=[
        OptionView(move=f"draft:{w}", action="draft", wonder=w) for w in wonders[:4]]), "options"))
    return views


def training_images(locale: str = "en") -> list[Image.Image]:
    """The made-up views drawn in ``locale`` (English for the palette; other locales only to warm their caches)."""

    names = ["Alice", "Bob"]
    out = []
    with use_locale(locale):
        for view, kind in _views():
            out.append(board_image(view, names) if kind == "board" else options_image(view, names))
    return out


@functools.cache
def palette() -> Image.Image:
    return build_palette(training_images())
