"""The bags, and Phase 3 (followers): drawing, the Gunpowder Tower, bringing followers back from the places.

A bag is a count by follower id with no order; each draw picks one at random with the state's generator
(``rules.rng.next_generator``), walking the ids in the fixed order of ``data.FOLLOWERS`` so that equal states
draw alike. Every draw is an event that ``reveals``.

Phase 3, for every seat at once (each independently):

===========  ============================  ==========================================================
decision     moves                         meaning
===========  ============================  ==========================================================
draw         ``draw:<n>``                  draw n followers face up onto the market (then the tower)
             ``stop``                      draw no more
             ``tower:<follower>``          move a follower drawn this phase onto the Gunpowder Tower
retrieve     ``retrieve:<place>:<f>``      bring follower f back from a place to the market: one per
                                           follower not drawn below the draw limit (spec §9.5.4: the
                                           limit minus the number drawn, whatever the reason)
             ``tower:<follower>``          as above
             ``done``                      finish Phase 3
===========  ============================  ==========================================================

A decision with nothing to choose is skipped: a seat that cannot draw goes straight to ``retrieve``, and one that
can neither retrieve nor move to the tower is done.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans.board import (
    add,
    count,
    draw_limit,
    followers_on,
    market_free,
    owned,
    owns,
    remove,
    tower_free,
    tower_spaces,
)
from rules.orleans.data import FOLLOWERS, IS_COLOURED, PLACES
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import OrleansState, Player
from rules.rng import next_generator

Events = list[Event]


# --- random draws ----------------------------------------------------------------------------------------------
def draw_from(state: OrleansState, bag: dict[str, int], n: int = 1, *, neutral_only: bool = False) -> list[str]:
    """Take ``n`` followers at random out of ``bag`` (fewer if it holds fewer); ``neutral_only``: as if every
    player-coloured follower drawn were put back and the draw repeated (torture)."""
    rng = next_generator(state)
    out = []
    for _ in range(n):
        pool = [(f, bag.get(f, 0)) for f in FOLLOWERS if bag.get(f, 0) and not (neutral_only and IS_COLOURED[f])]
        total = sum(k for _, k in pool)
        if not total:
            break
        r = rng.randrange(total)
        for f, k in pool:
            if r < k:
                remove(bag, f)
                out.append(f)
                break
            r -= k
    return out


# --- Phase 3 ---------------------------------------------------------------------------------------------------
def draws_left(p: Player) -> int:
    """How many followers the seat may still draw now: limit, free spaces and bag contents permitting."""
    return min(draw_limit(p) - p.drawn, market_free(p) + tower_free(p), count(p.bag))


def retrievals_left(p: Player) -> int:
    return draw_limit(p) - p.drawn - p.retrieved


def start(state: OrleansState, seat: int, events: Events) -> None:
    """The seat's first Phase 3 decision (or none)."""
    p = state.seats[seat]
    p.drawn = p.retrieved = 0
    p.fresh.clear()
    p.done = False
    p.decision = "draw"
    _settle(p, seat, events)


def _settle(p: Player, seat: int, events: Events) -> None:
    """Skip the decisions that offer nothing; say so when that finishes the seat's Phase 3."""
    if p.decision == "draw" and draws_left(p) <= 0:
        p.decision = "retrieve"
    if p.decision == "retrieve" and not any(_retrieve_moves(p)) and not any(_tower_moves(p)):
        p.decision = ""
        p.done = True
        events.append(public("followers_done", seat))


def draw_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    p = state.seats[seat]
    n = int(move.args[0])
    if n < 1 or n > draw_limit(p) - p.drawn:
        return refusal("no_draws_left", limit=draw_limit(p), drawn=p.drawn)
    if n > market_free(p) + tower_free(p):
        return refusal("market_full", free=market_free(p) + tower_free(p))
    if n > count(p.bag):
        return refusal("bag_short", bag=count(p.bag))
    return None


def draw_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    p = state.seats[seat]
    for n in range(1, draws_left(p) + 1):
        yield Move("draw", (str(n),))
    yield Move("stop")
    yield from _tower_moves(p)


def draw(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    drawn = draw_from(state, p.bag, int(move.args[0]))
    to_tower = []
    for f in drawn:
        if market_free(p) > 0:
            add(p.market, f)
            p.fresh.append(f)
        else:
            p.tower.append(f)
            to_tower.append(f)
    p.tower.sort()
    p.drawn += len(drawn)
    events.append(public("drawn", seat, reveals=True, followers=drawn, tower=to_tower))
    if draws_left(p) <= 0:
        events.append(public("drawing_stopped", seat, drawn=p.drawn, limit=draw_limit(p)))
    _settle(p, seat, events)


def stop(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    events.append(public("drawing_stopped", seat, drawn=p.drawn, limit=draw_limit(p)))
    p.decision = "retrieve"
    _settle(p, seat, events)


def _tower_moves(p: Player) -> Iterator[Move]:
    if tower_free(p) > 0:
        for f in dict.fromkeys(p.fresh):
            yield Move("tower", (f,))


def tower_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    p = state.seats[seat]
    if not tower_spaces(p):
        return refusal("no_tower")
    if tower_free(p) <= 0:
        return refusal("tower_full")
    if move.args[0] not in p.fresh:
        return refusal("not_drawn", follower=move.args[0])
    return None


def to_tower(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    f = move.args[0]
    p.fresh.remove(f)
    remove(p.market, f)
    p.tower.append(f)
    p.tower.sort()
    events.append(public("to_tower", seat, follower=f))
    _settle(p, seat, events)


def _retrieve_moves(p: Player) -> Iterator[Move]:
    if retrievals_left(p) <= 0 or market_free(p) <= 0:
        return
    for place in owned(p):
        for f in dict.fromkeys(followers_on(p, place)):
            yield Move("retrieve", (place, f))


def retrieve_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    p = state.seats[seat]
    yield from _retrieve_moves(p)
    yield from _tower_moves(p)
    yield Move("done")


def retrieve_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    p = state.seats[seat]
    place, f = move.args
    if retrievals_left(p) <= 0:
        return refusal("no_retrievals_left", allowed=max(0, draw_limit(p) - p.drawn))
    if market_free(p) <= 0:
        return refusal("market_full", free=0)
    if not owns(p, place):
        return refusal("not_owned", place=place)
    if f not in followers_on(p, place):
        return refusal("not_on_place", follower=f, place=place)
    return None


def retrieve(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    place, f = move.args
    i = next(i for i in PLACES[place].indices if p.slots[i] == f)
    p.slots[i] = ""
    add(p.market, f)
    p.retrieved += 1
    events.append(public("retrieved", seat, follower=f, place=place))
    _settle(p, seat, events)


def finish(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    p.decision = ""
    p.done = True
    events.append(public("followers_done", seat))
