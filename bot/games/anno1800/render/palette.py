"""The fixed PNG palette of the Anno 1800 images, learnt once per process from made-up views.

The training views are built here from static data only (every tier's cubes, working and exhausted, industries of
every tier, both fleets, shipyards, cards of every deck face up and down, both kinds of naval token, the fireworks,
four seats, the score pad, a hand with every kind of effect and payment options), drawn by the real drawing code in
English. It imports the drawing code; the drawing code never imports it.
"""

from __future__ import annotations

import functools

from PIL import Image

from bot.games.anno1800.render.board import board_image
from bot.games.anno1800.render.options import options_image
from bot.i18n import use_locale
from bot.render.png import build_palette
from rules.anno1800.data import BUILDINGS, CARDS, DECKS, EXPEDITIONS, HOME_FIELDS, KINDS, OBJECTIVES, TIERS
from rules.anno1800.view import AnnoView, FieldView, OptionView, PlayedView, PlayerView, TokensView

NAMES = ["Alice", "Bob", "Carol", "Dave"]
_INDUSTRIES = [b for b in BUILDINGS.values() if b.kind == "industry" and b.copies]


def _player(seat: int) -> PlayerView:
    fields = [FieldView(id=f"home_{i + 1}", kind=kind, building=b, printed=bool(b),
                        cubes=[TIERS[BUILDINGS[b].tier]] * ((i + seat) % 3) if b and BUILDINGS[b].kind == "industry"
                        else [])
              for i, (kind, b) in enumerate(HOME_FIELDS)]
    for k in range(6):
        b = _INDUSTRIES[(seat * 6 + k * 5) % len(_INDUSTRIES)]
        fields.append(FieldView(id=f"ow0{seat + 1}_{k + 1}", kind=KINDS[k % 2], building=b.id if k < 4 else "",
                                cubes=[TIERS[b.tier]] if k % 2 else []))
    cards = list(CARDS)
    return PlayerView(
        seat=seat, gold=3 + 5 * seat, hand_size=6 + seat,
        played=[PlayedView(card=cards[(seat * 17 + k * 31) % len(cards)], face_up=k % 2 == 0) for k in range(4)],
        expedition_count=seat, old_world=[f"ow0{seat + 1}"], new_world=[],
        fields=fields, district={t: 4 - i + seat for i, t in enumerate(TIERS)},
        exhausted={t: (i + seat) % 2 for i, t in enumerate(TIERS)},
        tokens=TokensView(trade_capacity=3, trade_available=2, trade_exhausted=1, exploration_capacity=2,
                          exploration_available=1, exploration_exhausted=1, card_trade=seat % 2,
                          card_exploration=1),
        shipyards=[1, 2, 3][:seat + 1], buildings=12 + seat, fireworks=seat == 2,
    )


def _view(players: int, seat: int | None = None, over: bool = False) -> AnnoView:
    outcome = None
    if over:
        outcome = {"finished": True, "winners": [1], "categories": ["farmer_worker", "obj_zoo", "gold", "total"],
                   "scores": {s: {"farmer_worker": 20 + s, "obj_zoo": 4, "gold": 2, "total": 26 + s}
                              for s in range(players)}}
    hand = [c for i, c in enumerate(CARDS) if i % 7 == 0] if seat is not None else []
    opts = []
    if seat is not None:
        opts = [OptionView(move="build", action="build", args=[]),
                OptionView(move=f"play:{hand[0]}", action="play", args=[hand[0]]),
                OptionView(move="hire:artisan", action="hire", args=["artisan"]),
                OptionView(move="build:trade_ship_2", action="build", args=["trade_ship_2"]),
                OptionView(move="build:shipyard_2", action="build", args=["shipyard_2"]),
                OptionView(move="pay:ab", action="pay", args=["ab"], made=[{"resource": "coal", "tier": "artisan",
                                                                           "count": 1}],
                           traded=[{"resource": "beer", "seat": 1, "price": 1}], trade_tokens=1,
                           exploration_tokens=2)]
    return AnnoView(
        seat=seat, round=5, first_player=0, current=seat or 0, end_round=0, over=over,
        objectives=list(OBJECTIVES)[:5], board={}, deck_sizes={d: 10 for d in (*DECKS, "expeditions")},
        old_world_tiles=8, new_world_tiles=6, supply={t: 9 for t in TIERS},
        players=[_player(s) for s in range(players)], decision="turn" if seat is not None else "",
        options=opts, hand=hand, expeditions=list(EXPEDITIONS)[:3] if seat is not None else [], outcome=outcome,
    )


def training_images(locale: str = "en") -> list[Image.Image]:
    """The made-up views drawn in ``locale`` (English for the palette; other locales only to warm their caches)."""
    with use_locale(locale):
        return [board_image(_view(4), NAMES), board_image(_view(2, over=True), NAMES[:2]),
                options_image(_view(3, seat=0), NAMES[:3])]


@functools.cache
def palette() -> Image.Image:
    return build_palette(training_images())
