"""The invariants of an Anno 1800 state, checked after every move of self-play: everything is conserved (cubes,
population and expedition cards, tiles, construction tokens), nothing is negative, buildings stand on fields of
their kind, no player owns two identical industry tokens, and the turn bookkeeping is sound.

Written for speed (self-play checks every move): sets and counting dicts, and each player's islands checked once
per distinct layout.
"""

from __future__ import annotations

from functools import lru_cache

from rules.anno1800.data import (
    BUILDINGS,
    CARDS,
    EXPEDITIONS,
    NEW_WORLD_TILES,
    OLD_WORLD_TILES,
    RULES,
    SUPPLY,
    TOKENS,
)
from rules.anno1800.islands import capacity, layout
from rules.anno1800.state import AnnoState

_CARDS = frozenset(CARDS)
_EXPEDITIONS = frozenset(EXPEDITIONS)
_OLD = frozenset(OLD_WORLD_TILES)
_NEW = frozenset(NEW_WORLD_TILES)
_SUPPLY = list(SUPPLY)
_PLACE = {b.id: b.place for b in BUILDINGS.values()}
_INDUSTRY = {b.id for b in BUILDINGS.values() if b.kind == "industry"}
_MAX_OLD, _MAX_NEW = RULES["max_old_world"], RULES["max_new_world"]


@lru_cache(maxsize=8192)
def _islands(old_world: tuple[str, ...], buildings: tuple[str, ...], printed: tuple[bool, ...],
             work: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
    """The faults of one player's islands, and the construction tokens on them (cached: most moves leave most
    islands as they were)."""
    errors: list[str] = []
    kinds = layout(old_world)[1]
    n = len(kinds)
    if len(buildings) != n or len(printed) != n or len(work) != 2 * n:
        return ("field lists of unequal lengths",), ()
    built: dict[str, int] = {}
    for i, b in enumerate(buildings):
        if not b:
            if printed[i] or work[2 * i] >= 0 or work[2 * i + 1] >= 0:
                errors.append(f"field {i} empty but marked")
            continue
        if kinds[i] not in _PLACE[b]:
            errors.append(f"{b} on a {kinds[i]} field")
        if b not in _INDUSTRY and (work[2 * i] >= 0 or work[2 * i + 1] >= 0):
            errors.append(f"cubes on {b}")
        if not printed[i]:
            if b in _INDUSTRY and b in built:
                errors.append(f"two {b} tokens")
            built[b] = built.get(b, 0) + 1
    return tuple(errors), tuple(built.items())


def invariants(state: AnnoState) -> list[str]:
    errors: list[str] = []
    cubes = list(state.supply)
    cards = state.farmer_worker + state.artisan_engineer_investor + state.new_world
    expeditions = list(state.expeditions)
    old, new = list(state.old_world_tiles), list(state.new_world_tiles)
    built: dict[str, int] = {}
    for s, p in enumerate(state.seats):
        work = p.work
        for t in range(5):
            cubes[t] += p.district[t] + p.exhausted[t] + work.count(t)
        if min(p.district) < 0 or min(p.exhausted) < 0:
            errors.append(f"seat {s} negative cubes")
        cards += p.hand
        cards += p.played
        expeditions += p.expeditions
        old += p.old_world
        new += p.new_world
        if len(set(p.played)) != len(p.played) or not set(p.face_down) <= set(p.played):
            errors.append(f"seat {s} played cards inconsistent")
        faults, tokens_there = _islands(tuple(p.old_world), tuple(p.buildings), tuple(p.printed), tuple(work))
        errors += [f"seat {s} {f}" for f in faults]
        for b, n in tokens_there:
            built[b] = built.get(b, 0) + n
        trade, explore = capacity(p)
        if not (0 <= p.trade_used <= trade and 0 <= p.explore_used <= explore):
            errors.append(f"seat {s} tokens used beyond capacity")
        if p.gold < 0 or p.card_trade < 0 or p.card_explore < 0:
            errors.append(f"seat {s} negative gold or card tokens")
        if len(p.old_world) > _MAX_OLD or len(p.new_world) > _MAX_NEW:
            errors.append(f"seat {s} too many islands")
    if cubes != _SUPPLY or min(state.supply) < 0:
        errors.append(f"cubes not conserved: {cubes}")
    if len(cards) != len(_CARDS) or set(cards) != _CARDS:
        errors.append("population cards not conserved")
    if len(expeditions) != len(_EXPEDITIONS) or set(expeditions) != _EXPEDITIONS:
        errors.append("expedition cards not conserved")
    if len(old) != len(_OLD) or set(old) != _OLD or len(new) != len(_NEW) or set(new) != _NEW:
        errors.append("island tiles not conserved")
    board = state.board
    for b, copies in TOKENS.items():
        left = board.get(b, 0)
        if left < 0 or left + built.get(b, 0) != copies:
            errors.append(f"construction token {b} not conserved")
    if (state.fireworks >= 0) != bool(state.end_round):
        errors.append("fireworks and the end trigger disagree")
    if state.over != bool(state.winners):
        errors.append("a finished game needs winners, an unfinished one none")
    if not state.over and (state.turn.actions < 0 or not 0 <= state.current < state.players):
        errors.append("turn bookkeeping")
    return errors
