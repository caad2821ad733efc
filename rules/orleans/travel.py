"""The map: the merchant's travels (Ship: one river; Wagon and Horse Wagon: one road), the goods lying on the
connections, and the trading stations (Guildhall).

Decisions of a travel, once ``act:<place>`` chose the Ship, Wagon or Horse Wagon:

=========  ========================  =================================================================
route      ``go:<city>``             along the connection of the place's kind to that neighbouring city
good       ``take:<good>``           one of the goods lying on the connection travelled (optional:
           ``take:none``             travelling an empty connection, or taking nothing, is legal)
=========  ========================  =================================================================

Goods on the map are never refilled. A trading station may be built where no station stands; in Orléans each
player may have one of their own.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans.data import CONNECTIONS, GOOD_INDEX, PLACES, ROUTES, START_CITY
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import OrleansState

Events = list[Event]


def route_kind(state: OrleansState) -> str:
    assert state.act is not None
    return PLACES[state.act.place].route


def travel_refusal(state: OrleansState, seat: int, kind: str) -> IllegalMove | None:
    """May the seat travel along a connection of ``kind`` now (is there one from its merchant's city)?"""
    city = state.seats[seat].merchant
    return None if ROUTES[(city, kind)] else refusal("no_route", city=city, kind=kind)


def route_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for city, _ in ROUTES[(state.seats[seat].merchant, route_kind(state))]:
        yield Move("go", (city,))


def go_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    kind = route_kind(state)
    here = state.seats[seat].merchant
    if not any(city == move.args[0] for city, _ in ROUTES[(here, kind)]):
        return refusal("no_connection", city=move.args[0], kind=kind)
    return None


def goods_on(state: OrleansState, conn: int) -> list[str]:
    return [state.map_goods[s] for s in CONNECTIONS[conn].spaces if state.map_goods[s]]


def go(state: OrleansState, seat: int, move: Move, events: Events) -> bool:
    """Move the merchant; True when goods lie on the connection (the seat then chooses one, or none)."""
    assert state.act is not None
    p = state.seats[seat]
    kind = route_kind(state)
    city = move.args[0]
    conn = next(c for dest, c in ROUTES[(p.merchant, kind)] if dest == city)
    events.append(public("merchant_moved", seat, **{"from": p.merchant}, to=city, kind=kind))
    p.merchant = city
    state.act.conn = conn
    return bool(goods_on(state, conn))


def good_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    assert state.act is not None
    for g in dict.fromkeys(goods_on(state, state.act.conn)):
        yield Move("take", (g,))
    yield Move("take", ("none",))


def take_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    assert state.act is not None
    g = move.args[0]
    if g != "none" and g not in goods_on(state, state.act.conn):
        return refusal("good_not_there", good=g)
    return None


def take(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    assert state.act is not None
    g = move.args[0]
    if g == "none":
        return
    space = next(s for s in CONNECTIONS[state.act.conn].spaces if state.map_goods[s] == g)
    state.map_goods[space] = ""
    state.seats[seat].goods[GOOD_INDEX[g]] += 1
    events.append(public("good_gained", seat, good=g, source="map"))


# --- trading stations ------------------------------------------------------------------------------------------
def station_owner(state: OrleansState, city: str) -> int | None:
    for s, p in enumerate(state.seats):
        if city in p.built:
            return s
    return None


def station_refusal(state: OrleansState, seat: int) -> IllegalMove | None:
    """May the seat build a trading station in its merchant's city now?"""
    p = state.seats[seat]
    if p.stations <= 0:
        return refusal("no_stations")
    city = p.merchant
    taken = city in p.built if city == START_CITY else station_owner(state, city) is not None
    return refusal("station_taken", city=city) if taken else None


def build_station(state: OrleansState, seat: int, events: Events) -> None:
    p = state.seats[seat]
    p.stations -= 1
    p.built.append(p.merchant)
    events.append(public("station_built", seat, city=p.merchant))

