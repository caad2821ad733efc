"""The fixed PNG palette of the Orléans images, learnt once per process from made-up views.

The training views are built here from static data only (every follower kind, player-coloured ones of each seat,
every good on the map, every place and deed, stations and merchants of four seats, each status, the score pad and
the decisions with their options), drawn by the real drawing code in English, so the palette holds the colours the
images use whatever a process happens to draw first. It imports the drawing code; the drawing code never imports it.
"""

from __future__ import annotations

import functools

from PIL import Image

from bot.games.orleans.render.board import board_image
from bot.games.orleans.render.options import options_image
from bot.i18n import use_locale
from bot.render.png import build_palette
from rules.orleans.data import (
    CITIES,
    CONNECTIONS,
    COLOURED,
    DEED_LIST,
    FOLLOWERS,
    GOODS,
    KINDS,
    PLACES,
    TILES,
    TRACKS,
)
from rules.orleans.view import ConnectionView, DeedView, OrleansView, PlayerView

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _player(seat: int, players: int) -> PlayerView:
    tiles = list(TILES[seat * 5:(seat + 1) * 5])
    places: dict[str, list[str]] = {}
    for k, place in enumerate([pl for pl in PLACES if PLACES[pl].stack == 0] + tiles):
        slots = PLACES[place].slots
        if not slots:
            continue
        filled = []
        for i, kind in enumerate(slots):
            choice = (k + i + seat) % 4
            filled.append("" if choice == 0 else "tech" if choice == 1 and len(slots) > 1 and kind != "monk"
                          else (kind if kind in KINDS else FOLLOWERS[(k + seat) % len(FOLLOWERS)]))
        places[place] = filled
    return PlayerView(
        seat=seat, coins=4 + 7 * seat, market={f: 1 + (k + seat) % 2 for k, f in enumerate(FOLLOWERS) if k % 3 != 2},
        tower=[COLOURED[seat % 4], KINDS[seat]], places=places,
        activated=[pl for k, pl in enumerate(places) if k % 3 == 0], tiles=tiles, tech=seat % 3,
        tracks={t: (seat + k) % 6 for k, t in enumerate(TRACKS)}, draw_limit=4 + seat, dev=5 * seat + 2,
        level=1 + seat, goods={g: (seat + k) % 4 for k, g in enumerate(GOODS)}, stations=10 - 2 * seat,
        built=list(CITIES[seat * 3:seat * 3 + 2 * seat]), citizens=["astronomy"] * seat,
        merchant=CITIES[seat * 5 % len(CITIES)],
        bag={f: 1 + k % 3 for k, f in enumerate(FOLLOWERS)} if seat != 3 else None, bag_size=9 + seat,
        deciding=seat % 2 == 0, done=seat == 1, passed=seat == 3, debt=2 if seat == 2 else 0,
        score={"coins": 4, "goods": 3, "development": 6, "total": 13 + 5 * seat},
    )


def _view(players: int, *, seat: int | None = None, decision: str = "", options: list[str] | None = None,
          over: bool = False, phase: str = "actions") -> OrleansView:
    outcome = None
    if over:
        outcome = {"finished": True, "winners": [1], "victory": "points",
                   "categories": ["coins", "goods", "development"],
                   "scores": {s: {"coins": 10 + s, "goods": 5, "development": 30 - s, "total": 45}
                              for s in range(players)}}
    return OrleansView(
        seat=seat, round=7, phase="over" if over else phase, event=None if over else "taxes", events_left=11,
        discard=["pilgrimage"], start_player=1, turn=0 if phase == "actions" else None,
        waiting=[0, 2], supply={k: 5 + i for i, k in enumerate(KINDS)},
        goods_market={g: 10 + i for i, g in enumerate(GOODS)}, tech_supply=9,
        stacks={"1": list(TILES[:6]), "2": list(TILES[12:16])}, excluded=[], removed_goods=0,
        map=[ConnectionView(a=c.a, b=c.b, kind=c.kind, goods=[GOODS[(c.index + k) % 5] for k in
                                                             range(len(c.spaces) if c.index % 4 else 0)])
             for c in CONNECTIONS],
        deeds=[DeedView(id=d.id, reward=d.reward, choice=d.choice, spaces=list(d.spaces),
                        filled=[(i % players) if (i + k) % 3 == 0 else None for i in range(len(d.spaces))])
               for k, d in enumerate(DEED_LIST)],
        citizens=["papal_conclave", "cathedral"], action=None, bath_drawn=[],
        players=[_player(s, players) for s in range(players)], decision=decision, options=options or [],
        planned=[], outcome=outcome,
    )


def _views() -> list[tuple[OrleansView, str]]:
    plan = [f"place:{f}:village:{slot}" for f in FOLLOWERS for slot in ("farmer", "boatman")] + [
        "place:monk:castle:knight:tower", "unplace:village:farmer", "done"]
    act = ["act:farm_house", "act:ship", "act:town_hall", "pass"]
    give = ["give:station:orleans", "give:station:supply", "give:follower", "give:dev", "give:good:wine",
            "give:tile:library", "give:tech:supply"]
    return [
        (_view(4), "board"),
        (_view(3, phase="planning"), "board"),
        (_view(2, over=True), "board"),
        (_view(4, over=True), "board"),
        (_view(4, seat=0, decision="plan", options=plan, phase="planning"), "options"),
        (_view(4, seat=1, decision="action", options=act), "options"),
        (_view(4, seat=2, decision="torture", options=give), "options"),
        (_view(4, seat=3, decision="", options=[]), "options"),
    ]


def training_images(locale: str = "en") -> list[Image.Image]:
    """The made-up views drawn in ``locale`` (English for the palette; other locales only to warm their caches)."""
    out = []
    with use_locale(locale):
        for view, kind in _views():
            players = len(view.players)
            out.append(board_image(view, NAMES[:players]) if kind == "board" else options_image(view,
                                                                                               NAMES[:players]))
    return out


@functools.cache
def palette() -> Image.Image:
    return build_palette(training_images())
