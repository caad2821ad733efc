"""A player's islands: fields, the buildings on them, their workplaces, ships and naval tokens.

Field ids (notation): ``home_1`` .. ``home_20`` on the home island (1-10 inland, 11-15 coast, 16-20 sea), then
``<tile>_1`` .. ``<tile>_6`` on each Old World tile (its fields in data order). New World tiles have no field.
Cube places (notation): ``home`` (the residential districts), ``exhausted`` (the exhausted area) or a field id (a
workplace of the industry there).
"""

from __future__ import annotations

from typing import Final

from functools import lru_cache

from rules.anno1800.data import (
    BUILDINGS,
    HOME_FIELDS,
    NEW_WORLD_TILES,
    OLD_WORLD_TILES,
    TIER,
    Kind,
    bits,
)
from rules.anno1800.state import AnnoState, Player
from rules.contract import Event

HOME: Final = "home"
EXHAUSTED: Final = "exhausted"


def layout(old_world: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[Kind, ...]]:
    """The field ids and kinds of a player whose Old World tiles are ``old_world``, in field order."""
    found = _LAYOUTS.get(old_world)
    if found is None:
        found = _layout(old_world)
    return found[0], found[1]


def _layout(old_world: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[Kind, ...], dict[str, int]]:
    """``layout``, and each field's index by id, made once for each set of tiles (kept in ``_LAYOUTS``)."""
    ids = [f"home_{i + 1}" for i in range(len(HOME_FIELDS))]
    kinds: list[Kind] = [k for k, _ in HOME_FIELDS]
    for tile in old_world:
        ids += [f"{tile}_{i + 1}" for i in range(6)]
        kinds += OLD_WORLD_TILES[tile].kinds
    if len(_LAYOUTS) >= _LAYOUTS_MAX:
        _LAYOUTS.clear()
    found = _LAYOUTS[old_world] = (tuple(ids), tuple(kinds), {f: i for i, f in enumerate(ids)})
    return found


# The layouts made, by the tiles explored: a dictionary read directly (the fields of a player are asked for at almost
# every move, and a call of a ``functools.lru_cache`` costs several times more than the look-up).
_LAYOUTS: Final[dict[tuple[str, ...], tuple[tuple[str, ...], tuple[Kind, ...], dict[str, int]]]] = {}
_LAYOUTS_MAX: Final = 256


def _layout_of(p: Player) -> tuple[tuple[str, ...], tuple[Kind, ...], dict[str, int]]:
    key = tuple(p.old_world)
    found = _LAYOUTS.get(key)
    return _layout(key) if found is None else found


def field_ids(p: Player) -> tuple[str, ...]:
    return _layout_of(p)[0]


def field_kinds(p: Player) -> tuple[Kind, ...]:
    return _layout_of(p)[1]


def field_index(p: Player, field: str) -> int:
    """The index of a field id of this player's islands, -1 if there is none."""
    return _layout_of(p)[2].get(field, -1)


def home_island() -> tuple[list[str], list[bool], list[int]]:
    """The buildings, printed flags and workplaces of a fresh home island."""
    buildings = [b for _, b in HOME_FIELDS]
    return buildings, [bool(b) for b in buildings], [-1] * (2 * len(buildings))


def add_old_world(p: Player, tile: str) -> None:
    """Append a tile's six fields (with its printed building) to the player's islands."""
    t = OLD_WORLD_TILES[tile]
    p.old_world.append(tile)
    for i in range(6):
        printed = i == t.building_at
        p.buildings.append(t.building if printed else "")
        p.printed.append(printed)
        p.work += (-1, -1)


# --- what a player owns -------------------------------------------------------------------------------------------
def industries(p: Player) -> list[int]:
    return [i for i, b in enumerate(p.buildings) if b and BUILDINGS[b].kind == "industry"]


def owns(p: Player, building: str) -> bool:
    return building in p.buildings


def capacity(p: Player) -> tuple[int, int]:
    """The trade and exploration token capacity of the player's ships."""
    return ship_capacity(tuple(p.buildings))


@lru_cache(maxsize=256)  # the players' islands now and lately: see ``market.table``
def ship_capacity(buildings: tuple[str, ...]) -> tuple[int, int]:
    """``capacity`` of a player whose ``Player.buildings`` are ``buildings``."""
    trade = explore = 0
    for b in buildings:
        fleet = _FLEET.get(b)
        if fleet == "trade":
            trade += BUILDINGS[b].strength
        elif fleet:
            explore += BUILDINGS[b].strength
    return trade, explore


_FLEET: Final = {b.id: b.fleet for b in BUILDINGS.values() if b.kind == "ship"}


def tokens(p: Player) -> tuple[int, int]:
    """Trade and exploration tokens the player can spend now: on their ships and on their cards."""
    return spendable(p, capacity(p))


def spendable(p: Player, capacity: tuple[int, int]) -> tuple[int, int]:
    """``tokens`` of the player, whose ships' ``capacity`` is known."""
    trade, explore = capacity
    return trade - p.trade_used + p.card_trade, explore - p.explore_used + p.card_explore


def shipyards(p: Player) -> list[int]:
    """The number of shipyards of strength 1, 2, 3 (index 1..3)."""
    b = p.buildings
    return [0, b.count("shipyard_1"), b.count("shipyard_2"), b.count("shipyard_3")]


def nw_resources(p: Player) -> frozenset[int]:
    """The raw New World resources shown on the player's New World tiles."""
    return tile_resources(tuple(p.new_world))


@lru_cache(maxsize=1024)
def tile_resources(tiles: tuple[str, ...]) -> frozenset[int]:
    """The raw resources shown on the New World ``tiles``."""
    return frozenset(r for t in tiles for r in NEW_WORLD_TILES[t].resources)


@lru_cache(maxsize=1024)
def tile_resource_bits(tiles: tuple[str, ...]) -> int:
    """``tile_resources`` as bits (a market reads them at every state)."""
    return bits(tile_resources(tiles))


def cubes_on(p: Player, i: int) -> list[int]:
    return [t for t in p.work[2 * i:2 * i + 2] if t >= 0]


def used_cubes(p: Player) -> tuple[tuple[int, str], ...]:
    """Every (tier, place) with a cube a shift end can call back: workplaces and the exhausted area."""
    return _used_cubes(tuple(p.work), tuple(p.exhausted), tuple(p.old_world))


@lru_cache(maxsize=1024)
def _used_cubes(work: tuple[int, ...], exhausted: tuple[int, ...], old_world: tuple[str, ...]
                ) -> tuple[tuple[int, str], ...]:
    out: list[tuple[int, str]] = []
    ids = layout(old_world)[0]
    for slot in range(0, len(work), 2):
        a, b = work[slot], work[slot + 1]
        if a >= 0 or b >= 0:
            place = ids[slot // 2]
            if a >= 0:
                out.append((a, place))
            if b >= 0 and b != a:
                out.append((b, place))
                if a > b:
                    out[-2], out[-1] = out[-1], out[-2]
    out += [(tier, EXHAUSTED) for tier in range(5) if exhausted[tier]]
    return tuple(out)


def all_cubes(p: Player) -> list[int]:
    """Every cube the player has, by tier, wherever it is."""
    work = p.work
    return [p.district[t] + p.exhausted[t] + work.count(t) for t in range(5)]


def building_count(p: Player) -> int:
    """Industries, shipyards and ships on the player's islands, printed ones included (tie-break)."""
    return sum(1 for b in p.buildings if b)


# --- changing buildings -------------------------------------------------------------------------------------------
def clear_field(state: AnnoState, seat: int, i: int, events: list[Event], why: str) -> None:
    """Empty field ``i``: its cubes go to the exhausted area, a token back to the board, a printed building out of
    the game, a ship's tokens to the supply (spec AMB-4: the exhausted count is capped at the remaining capacity)."""
    p = state.seats[seat]
    b = p.buildings[i]
    if not b:
        return
    for slot in (2 * i, 2 * i + 1):
        if p.work[slot] >= 0:
            p.exhausted[p.work[slot]] += 1
            p.work[slot] = -1
    building = BUILDINGS[b]
    printed = p.printed[i]
    p.buildings[i] = ""
    p.printed[i] = False
    if not printed:
        state.board[b] = state.board.get(b, 0) + 1
    if building.kind == "ship":
        trade, explore = capacity(p)
        p.trade_used = min(p.trade_used, trade)
        p.explore_used = min(p.explore_used, explore)
    events.append(Event("building_removed", {"building": b, "field": field_ids(p)[i], "printed": printed,
                                             "why": why}, seat=seat))


def place(state: AnnoState, seat: int, building: str, i: int, events: list[Event]) -> None:
    """Take a token from the board and build it on field ``i`` (covering what is there)."""
    p = state.seats[seat]
    clear_field(state, seat, i, events, "covered")
    state.board[building] -= 1
    p.buildings[i] = building
    p.printed[i] = False
    b = BUILDINGS[building]
    params: dict[str, object] = {"building": building, "field": field_ids(p)[i]}
    if b.kind == "ship":
        params["tokens"] = b.strength  # a new ship arrives with its tokens: the used count stays as it was
    events.append(Event("built", params, seat=seat))


def industries_by_resource(buildings: tuple[str, ...]) -> tuple[dict[int, tuple[tuple[int, int], ...]], int]:
    """A player's industries (``buildings`` of ``Player``) by the resource they make: (field index, tier) of each,
    in field order; and those resources as bits. Not memoized here: its caller, ``market.holdings``, is, on the same
    buildings."""
    out: dict[int, list[tuple[int, int]]] = {}
    for i, b in enumerate(buildings):
        made = _MAKES.get(b)
        if made is not None:
            out.setdefault(made[0], []).append((i, made[1]))
    return {r: tuple(v) for r, v in out.items()}, bits(out)


def free_workplaces(fields: tuple[tuple[int, int], ...], work: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The free workplaces of the industries on ``fields`` ((field index, tier): ``industries_by_resource``) with the
    workplaces ``work`` (``Player.work``): (tier, free workplaces) by tier."""
    if len(fields) == 1:  # the common case: one industry making the resource
        i, tier = fields[0]
        n = (work[2 * i] < 0) + (work[2 * i + 1] < 0)
        return ((tier, n),) if n else ()
    free: dict[int, int] = {}
    for i, tier in fields:
        n = (work[2 * i] < 0) + (work[2 * i + 1] < 0)
        if n:
            free[tier] = free.get(tier, 0) + n
    return tuple(sorted(free.items()))


_MAKES: Final = {b.id: (b.resource, b.tier) for b in BUILDINGS.values() if b.kind == "industry"}  # (resource, tier)


def occupy(p: Player, resource: int, tier: int) -> int:
    """Put a cube of ``tier`` from the district on the first free workplace making ``resource`` with that tier;
    returns the field index."""
    work = p.work
    for i, b in enumerate(p.buildings):
        if b:
            building = BUILDINGS[b]
            if building.resource == resource and building.tier == tier and building.kind == "industry":
                for slot in (2 * i, 2 * i + 1):
                    if work[slot] < 0:
                        work[slot] = tier
                        p.district[tier] -= 1
                        return i
    raise AssertionError("occupy() called without a free workplace")  # the payment plan guarantees one


def shift_price(tier: int) -> int:
    return TIER[tier].shift_end
