"""The invariants of an Orléans state, checked after every move of self-play: nothing is created or destroyed
(followers, goods, technology tiles, place tiles, trading stations, hour-glass tiles, citizens), coins are never
negative, every marker stays on its track, places hold what they may, and an unfinished game waits for someone."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from operator import le

from rules.orleans.board import tower_spaces
from rules.orleans.data import (
    CITIZENS,
    COLOURED,
    DEED_SPACE,
    DEV_LENGTH,
    FOLLOWER_SUPPLY,
    GOOD_INDEX,
    GOODS,
    GOODS_COUNT,
    KINDS,
    KIND_OF,
    MARKET,
    PLACES,
    ROUNDS,
    SLOT_PLACE,
    SLOT_TYPE,
    STATIONS,
    TECH,
    TECHNOLOGY,
    TILES,
    TRACK_LIST,
    START_CITY,
)
from rules.orleans.state import OrleansState

_TILE_SET = frozenset(TILES)
_GOODS = list(GOODS_COUNT)
_CITIZENS = frozenset(CITIZENS)
_TOPS = tuple(t.steps for t in TRACK_LIST)
_SLOT_CONTENT = frozenset(("", TECH, *KIND_OF))
_FIRST_TILE_SLOT = min(PLACES[t].first for t in TILES)  # the board's places come first
_NO_TECH = frozenset(i for i in range(len(SLOT_TYPE)) if SLOT_TYPE[i] == "monk" or not PLACES[SLOT_PLACE[i]].takes_tech)


def invariants(state: OrleansState) -> list[str]:
    errors: list[str] = []
    for s in range(state.players):
        errors += _player_errors(state, s)
    errors += _conservation(state)
    cities: set[str] = set()
    held: list[str] = []
    for p in state.seats:
        for city in p.built:
            if city != START_CITY and city in cities:
                errors.append(f"two trading stations in {city}")
            cities.add(city)
        held += p.citizens
    if len(held) != len(set(held)) or not _CITIZENS.issuperset(held):
        errors.append(f"citizens {held}")
    if len(state.hourglass) + len(state.discard) + bool(state.event) != ROUNDS:
        errors.append("hour-glass tiles not conserved")
    if (state.phase == "over") != bool(state.winners):
        errors.append("a finished game needs winners, an unfinished one none")
    if state.phase != "over" and not any(p.decision for p in state.seats):
        errors.append("nobody has a decision in an unfinished game")
    return errors


def _conservation(state: OrleansState) -> list[str]:
    """Followers, goods, technology tiles, place tiles and trading stations: none created, none destroyed (what
    torture took is in ``state.lost``)."""
    errors: list[str] = []
    n = state.players
    seats = state.seats
    # Self-play runs this after every move: count with C loops (filter, chain, Counter) and plain sums.
    totals = Counter(list(filter(None, chain.from_iterable(p.slots for p in seats))))
    totals.update(kind for kind, seat in zip(DEED_SPACE, state.deeds) if seat >= 0)
    for p in seats:
        if p.tower:
            totals.update(p.tower)
    if state.act is not None:
        totals.update(state.act.drawn)
    for p in seats:
        for box in (p.bag, p.market):
            for f, k in box.items():
                totals[f] += k
    goods = [sum(column) for column in zip(state.goods, *(p.goods for p in seats))]
    tech = state.tech + totals[TECH] + sum(p.tech for p in seats)
    tiles = [t for stack in state.stacks for t in stack] + state.excluded + [t for p in seats for t in p.tiles]
    stations = [p.stations + len(p.built) for p in seats]
    for entry in state.lost:
        seat, item, *what = entry.split(":")
        if item == "follower":
            totals[what[0]] += 1
        elif item == "good":
            goods[GOOD_INDEX[what[0]]] += 1
        elif item == "tile":
            tiles.append(what[0])
        elif item == "tech":
            tech += 1
        elif item == "station":
            stations[int(seat)] += 1
    lying = Counter(state.map_goods)
    lying.update(state.removed_goods)
    for g, good in enumerate(GOODS):
        goods[g] += lying[good]
    supply = FOLLOWER_SUPPLY[n]
    for k, kind in enumerate(KINDS):
        if state.supply[k] < 0 or totals[kind] + state.supply[k] != supply[k]:
            errors.append(f"{kind}: {totals[kind]} in play + {state.supply[k]} in the supply != {supply[k]}")
    for f in COLOURED:
        if totals[f] != n:
            errors.append(f"{totals[f]} {f} for {n} players")
    if goods != _GOODS or min(state.goods) < 0:
        errors.append(f"goods {goods} in all, market {state.goods}")
    if state.tech < 0 or tech != TECHNOLOGY:
        errors.append(f"{tech} technology tiles in all")
    if len(tiles) != len(TILES) or set(tiles) != _TILE_SET:
        errors.append("place tiles not conserved")
    if stations != [STATIONS] * n:
        errors.append(f"trading stations in all: {stations}")
    return errors


def _player_errors(state: OrleansState, s: int) -> list[str]:
    p = state.seats[s]
    errors = []
    tracks = p.tracks
    if p.coins < 0 or p.debt < 0 or p.stations < 0 or p.tech < 0 or min(p.goods) < 0:
        errors.append(f"seat {s}: a negative count")
    if not 0 <= p.dev <= DEV_LENGTH:
        errors.append(f"seat {s}: development {p.dev}")
    if min(tracks) < 0 or not all(map(le, tracks, _TOPS)):
        errors.append(f"seat {s}: tracks {tracks}")
    market, bag = p.market.values(), p.bag.values()
    if (market and min(market) <= 0) or (bag and min(bag) <= 0):
        errors.append(f"seat {s}: a zero count in a bag or market")
    if sum(market) > MARKET or len(p.tower) > tower_spaces(p):
        errors.append(f"seat {s}: market {sum(market)}, tower {len(p.tower)}")
    if len(set(p.tiles)) != len(p.tiles):
        errors.append(f"seat {s}: a tile twice")
    if p.built.count(START_CITY) > 1:
        errors.append(f"seat {s}: two stations in {START_CITY}")
    slots = p.slots
    if not _SLOT_CONTENT.issuperset(slots):
        errors.append(f"seat {s}: unknown things on its slots")
    if any(slots[_FIRST_TILE_SLOT:]):
        stray = {SLOT_PLACE[i] for i in range(_FIRST_TILE_SLOT, len(slots)) if slots[i]} - set(p.tiles)
        if stray:
            errors.append(f"seat {s}: something on {sorted(stray)}, which it does not own")
    if TECH in slots:
        techs = [i for i, f in enumerate(slots) if f == TECH]
        places = [SLOT_PLACE[i] for i in techs]
        if len(set(places)) != len(places):
            errors.append(f"seat {s}: two technology tiles on one place")
        if any(i in _NO_TECH for i in techs):
            errors.append(f"seat {s}: a technology tile on a monk slot or on a place that takes none")
    return errors
