"""Setting up a game: drawing a layout from a seed, checking an explicit one, and building the first state.

A layout fixes what chance decides at the start: the start player (when the table does not name the youngest),
the order of the hour-glass tiles (Pilgrimage always on top), the goods removed face down (3 players: 6, 2: 12) and
the good on each map space. The later draws (bags, Plague, torture, Bathhouse) come from the layout's ``seed``.
"""

from __future__ import annotations

from collections import Counter

from rules.contract import IllegalMove
from rules.orleans.data import (
    COLOURED,
    EVENT_COPIES,
    EVENTS,
    FIRST_EVENT,
    FOLLOWER_SUPPLY,
    GOODS,
    GOODS_COUNT,
    REMOVED_GOODS,
    SPACE_COUNT,
    STACKS,
    DEED_SPACES,
    used_spaces,
)
from rules.orleans.state import OrleansLayout, OrleansOptions, OrleansState, Player
from rules.rng import generator, shuffled


def random_layout(players: int, options: OrleansOptions, seed: int) -> OrleansLayout:
    rng = generator(seed, "orleans-setup")
    first = rng.randrange(players) if options.first_player == "random" else int(options.first_player)
    others = [e for e in EVENTS for _ in range(EVENT_COPIES)]
    others.remove(FIRST_EVENT)  # the lighter Pilgrimage tile is set aside, then put on top of the shuffled rest
    hourglass = [FIRST_EVENT, *shuffled(rng, others)]
    pool = shuffled(rng, [g for g, n in zip(GOODS, GOODS_COUNT) for _ in range(n)])
    removed = REMOVED_GOODS[players]
    removed_goods, rest = pool[:removed], pool[removed:]
    map_goods = [""] * SPACE_COUNT
    for space, good in zip(used_spaces(players), rest):
        map_goods[space] = good
    return OrleansLayout(start_player=first, hourglass=hourglass, map_goods=map_goods,
                         removed_goods=sorted(removed_goods, key=GOODS.index), seed=seed)


def _bad(reason: str, **params: object) -> IllegalMove:
    return IllegalMove("orleans.error.bad_layout", reason=reason, **params)


def check_options(players: int, options: OrleansOptions) -> None:
    if options.first_player != "random" and int(options.first_player) >= players:
        raise IllegalMove("orleans.error.bad_option", option="first_player", value=options.first_player)


def check_layout(players: int, layout: OrleansLayout) -> None:
    """Refuse a layout that could not come from a real setup."""
    if layout.start_player >= players:
        raise _bad("start_player")
    if layout.hourglass[0] != FIRST_EVENT or Counter(layout.hourglass) != Counter(
            {e: EVENT_COPIES for e in EVENTS}):
        raise _bad("hourglass")
    if len(layout.map_goods) != SPACE_COUNT:
        raise _bad("map_goods")
    used = set(used_spaces(players))
    for space, good in enumerate(layout.map_goods):
        if (space in used) != (good in GOODS) or (space not in used and good):
            raise _bad("map_goods", space=space)
    if len(layout.removed_goods) != REMOVED_GOODS[players] or not set(layout.removed_goods) <= set(GOODS):
        raise _bad("removed_goods")
    taken = Counter(g for g in layout.map_goods if g) + Counter(layout.removed_goods)
    if any(taken[g] > n for g, n in zip(GOODS, GOODS_COUNT)):
        raise _bad("goods_count")


def initial_state(players: int, options: OrleansOptions, layout: OrleansLayout) -> OrleansState:
    taken = Counter(g for g in layout.map_goods if g) + Counter(layout.removed_goods)
    seats = [Player(market={f: 1 for f in COLOURED}) for _ in range(players)]
    return OrleansState(
        players=players,
        seed=layout.seed,
        options=options,
        start_player=layout.start_player,
        hourglass=list(layout.hourglass),
        supply=list(FOLLOWER_SUPPLY[players]),
        goods=[n - taken[g] for g, n in zip(GOODS, GOODS_COUNT)],
        removed_goods=list(layout.removed_goods),
        map_goods=list(layout.map_goods),
        deeds=[-1] * DEED_SPACES,
        stacks=[list(STACKS[1]), list(STACKS[2])],
        seats=seats,
    )
