"""Paying coins, and torture when a payment falls short (census, Taxes, Harvest).

A seat that cannot pay in full pays every coin it has, then gives up one item per missing coin, in any mix
(decision ``torture``; moves ``give:<item>[:<what>]``):

===========================  ===============================================================================
``give:station:<city>``      a trading station built there (the city is free again)
``give:station:supply``      a trading station of the personal supply
``give:follower``            a follower drawn at random from the bag; player-coloured ones are put back and the
                             draw repeated, so it is a random neutral one (reveals)
``give:dev``                 one development point back, never onto or past a coin space (spec ruling 9.5.2:
                             allowed only when ``position - 1`` is beyond the last coin space reached)
``give:good:<good>``         a goods tile
``give:tile:<tile>``         a place tile (its followers go back to the bag, a technology tile on it is lost)
``give:tech:supply``         a technology tile of the personal supply
``give:tech:<place>``        a technology tile placed on that place (the slot is empty again)
===========================  ===============================================================================

Everything given up leaves the game (``OrleansState.lost``); only development points can be earned again. With
nothing left to give, the rest of the debt is forgiven (spec ruling 9.5.11).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans.bag import draw_from
from rules.orleans.board import add, neutral_in, owned, return_to_bag
from rules.orleans.data import DEV_COINS, GOOD_INDEX, GOODS, PLACES, TECH, level
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import OrleansState, Player

Events = list[Event]
_COIN_SPACES = sorted(DEV_COINS)


def pay(state: OrleansState, seat: int, amount: int, reason: str, events: Events) -> None:
    """Pay ``amount`` coins to the supply; a shortfall puts the seat in torture (its decision)."""
    p = state.seats[seat]
    paid = min(p.coins, amount)
    p.coins -= paid
    if paid:
        events.append(public("coins_paid", seat, amount=paid, reason=reason))
    if amount > paid:
        p.debt = amount - paid
        events.append(public("tortured", seat, debt=p.debt, reason=reason))
        _next(state, seat, events)


def _next(state: OrleansState, seat: int, events: Events) -> None:
    p = state.seats[seat]
    if p.debt and next(candidates(state, seat), None) is None:
        events.append(public("debt_forgiven", seat, amount=p.debt))
        p.debt = 0
    p.decision = "torture" if p.debt else ""


def dev_can_drop(position: int) -> bool:
    """May the development marker move back one space from ``position``? Never onto or past a coin space."""
    below = [c for c in _COIN_SPACES if c <= position]
    return position - 1 > (below[-1] if below else -1)


def candidates(state: OrleansState, seat: int) -> Iterator[Move]:
    """Every item the seat could give up now (each is also checked by ``give_refusal``)."""
    p = state.seats[seat]
    for city in p.built:
        yield Move("give", ("station", city))
    if p.stations:
        yield Move("give", ("station", "supply"))
    if neutral_in(p.bag):
        yield Move("give", ("follower",))
    if dev_can_drop(p.dev):
        yield Move("give", ("dev",))
    for g, n in zip(GOODS, p.goods):
        if n:
            yield Move("give", ("good", g))
    for tile in p.tiles:
        yield Move("give", ("tile", tile))
    if p.tech:
        yield Move("give", ("tech", "supply"))
    for place in _tech_places(p):
        yield Move("give", ("tech", place))


def _tech_places(p: Player) -> list[str]:
    return [place for place in owned(p) if any(p.slots[i] == TECH for i in PLACES[place].indices)]


def give_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    p = state.seats[seat]
    item, what = move.args[0], (move.args[1] if len(move.args) > 1 else None)
    if item == "station":
        if what == "supply":
            return None if p.stations else refusal("no_stations")
        return None if what in p.built else refusal("no_station_there", city=what)
    if item == "follower":
        return None if neutral_in(p.bag) else refusal("no_neutral_in_bag")
    if item == "dev":
        return None if dev_can_drop(p.dev) else refusal("dev_blocked")
    if item == "good":
        return None if p.goods[GOOD_INDEX[what]] else refusal("no_good", good=what)
    if item == "tile":
        return None if what in p.tiles else refusal("not_owned", place=what)
    if item == "tech":
        if what == "supply":
            return None if p.tech else refusal("no_tech")
        return None if what in _tech_places(p) else refusal("no_tech")
    return refusal("unknown_choice", name=item)


def give(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    """Give up one item for one missing coin (the move was checked)."""
    p = state.seats[seat]
    item, what = move.args[0], (move.args[1] if len(move.args) > 1 else None)
    reveals = False
    if item == "station":
        if what == "supply":
            p.stations -= 1
        else:
            p.built.remove(what)
    elif item == "follower":
        what = draw_from(state, p.bag, neutral_only=True)[0]
        reveals = True
    elif item == "dev":
        before = p.dev
        p.dev -= 1
        if level(p.dev) != level(before):
            events.append(public("level_changed", seat, level=level(p.dev)))
    elif item == "good":
        p.goods[GOOD_INDEX[what]] -= 1
    elif item == "tile":
        _give_tile(state, seat, what, events)
    elif item == "tech":
        if what == "supply":
            p.tech -= 1
        else:
            i = next(i for i in PLACES[what].indices if p.slots[i] == TECH)
            p.slots[i] = ""
    state.lost.append(f"{seat}:{item}:{what}" if what else f"{seat}:{item}")
    events.append(public("gave_up", seat, reveals=reveals, item=item, what=what))
    p.debt -= 1
    _next(state, seat, events)


def _give_tile(state: OrleansState, seat: int, tile: str, events: Events) -> None:
    """A place tile leaves the game: its followers (and the tower's) go back to the bag, its technology tile is
    lost with it (spec §3.10)."""
    p = state.seats[seat]
    p.tiles.remove(tile)
    back = return_to_bag(p, tile)
    for i in PLACES[tile].indices:
        if p.slots[i] == TECH:
            p.slots[i] = ""
            state.lost.append(f"{seat}:tech:{tile}")
    if tile == "gunpowder_tower":
        for f in p.tower:
            add(p.bag, f)
            back.append(f)
        p.tower.clear()
    if back:
        events.append(public("returned", seat, place=tile, followers=back))
