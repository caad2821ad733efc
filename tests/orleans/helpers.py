"""Helpers to put an Orléans game into a precise situation.

A situation starts from an explicit layout (``layout`` / ``start``: seat 0 starts, the hour-glass tiles in a fixed
order, the map filled in a fixed pattern), then the state is edited in place with the small editors below. The
editors move things from where the rules keep them (followers from the supply, goods from the goods market, tiles
from their stack, technology tiles from the supply), so ``check_invariants`` keeps passing (``sound``).

``calm`` plays the "do nothing" move of every decision (stop drawing, done, pass, skip...) until a condition holds:
the way to walk through rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from rules.contract import Event, IllegalMove, Move
from rules.orleans import flow, hourglass, planning
from rules.orleans.board import add, fits_for, remove
from rules.orleans.data import (
    EVENT_COPIES,
    EVENTS,
    FIRST_EVENT,
    GOOD_INDEX,
    GOODS,
    KIND_INDEX,
    PLACES,
    REMOVED_GOODS,
    SLOT_TYPE,
    SPACE_COUNT,
    used_spaces,
)
from rules.orleans.game import OrleansGame
from rules.orleans.state import OrleansLayout, OrleansState

G = OrleansGame()

# Round 2 onwards in this order unless a test says otherwise: every kind of event early.
DEFAULT_LATER = ["income", "taxes", "market_day", "harvest", "plague", "pilgrimage"]


def hourglass_order(later: Iterable[str] = ()) -> list[str]:
    """Pilgrimage first, then ``later``, then the remaining tiles in ``DEFAULT_LATER`` order."""
    left = {e: EVENT_COPIES for e in EVENTS}
    left[FIRST_EVENT] -= 1
    out = [FIRST_EVENT]
    for e in later:
        left[e] -= 1
        out.append(e)
    while any(left.values()):
        for e in DEFAULT_LATER:
            if left[e]:
                left[e] -= 1
                out.append(e)
    return out


def layout(players: int = 2, start_player: int = 0, later: Iterable[str] = (), seed: int = 1,
           map_goods: dict[int, str] | None = None) -> OrleansLayout:
    """A layout with goods laid on the used map spaces in ``GOODS`` order round robin (``map_goods`` overrides
    spaces); the goods removed are grain."""
    removed = REMOVED_GOODS[players]
    pool = {g: n for g, n in zip(GOODS, (24, 21, 18, 15, 12))}
    removed_goods = []
    for g in GOODS:
        while len(removed_goods) < removed and pool[g] > 0:
            pool[g] -= 1
            removed_goods.append(g)
    goods = [""] * SPACE_COUNT
    k = 0
    for space in used_spaces(players):
        good = (map_goods or {}).get(space) or GOODS[k % len(GOODS)]
        k += 1
        goods[space] = good
    return OrleansLayout(start_player=start_player, hourglass=hourglass_order(later), map_goods=goods,
                         removed_goods=sorted(removed_goods, key=GOODS.index), seed=seed)


def start(players: int = 2, options: dict | None = None, **kw) -> OrleansState:
    """A game at round 1, Phase 3 (or the exclusion variant), from an explicit layout."""
    return G.setup(players, options or {}, layout=layout(players, **kw))


def play(state: OrleansState, seat: int, *moves: str) -> tuple[OrleansState, list[Event]]:
    """Apply moves in order for ``seat``; returns the last state and every event."""
    events: list[Event] = []
    for text in moves:
        state, evs = G.apply(state, seat, G.parse_move(text))
        events += evs
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: Iterable[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def sound(state: OrleansState) -> OrleansState:
    problems = G.check_invariants(state)
    assert not problems, problems
    return state


def refused(state: OrleansState, seat: int, move: str | Move, code: str) -> IllegalMove:
    """The move is refused with ``code`` and the state is left unchanged."""
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as err:
        G.apply(state, seat, move if isinstance(move, Move) else Move.parse(move))
    assert err.value.code == code, err.value
    assert state.model_dump_json() == before
    return err.value


def notations(state: OrleansState, seat: int) -> list[str]:
    return [m.notation for m in G.legal_moves(state, seat)]


# --- walking through the game ------------------------------------------------------------------------------------
_CALM = {"draw": "stop", "retrieve": "done", "plan": "done", "action": "pass", "tech": "done",
         "sacristy": "sacristy:skip", "exclude": "exclude:none"}


def calm_move(state: OrleansState, seat: int) -> Move:
    kind = state.seats[seat].decision
    if kind in _CALM:
        return G.parse_move(_CALM[kind])
    return G.legal_moves(state, seat)[0]


def calm(state: OrleansState, until: Callable[[OrleansState], bool], events: list[Event] | None = None,
         limit: int = 5000) -> OrleansState:
    """Play the quiet move of each active seat (lowest seat first) until ``until(state)`` holds."""
    for _ in range(limit):
        if until(state) or not G.active_seats(state):
            return state
        seat = min(G.active_seats(state))
        state, evs = G.apply(state, seat, calm_move(state, seat))
        if events is not None:
            events += evs
    raise AssertionError("calm() did not reach its condition")


def to_phase(state: OrleansState, phase: str, round_: int | None = None) -> OrleansState:
    return calm(state, lambda s: s.phase == phase and (round_ is None or s.round == round_))


# --- editing a state ---------------------------------------------------------------------------------------------
def _take(state: OrleansState, seat: int, follower: str) -> None:
    """Take a follower from where it is: a neutral one from the supply, a coloured one from the seat's board."""
    p = state.seats[seat]
    if follower.startswith("own_"):
        for box in (p.market, p.bag):
            if follower in box:
                remove(box, follower)
                return
        if follower in p.tower:
            p.tower.remove(follower)
            return
        i = p.slots.index(follower)
        p.slots[i] = ""
        return
    k = KIND_INDEX[follower]
    assert state.supply[k] > 0, f"no {follower} left in the supply"
    state.supply[k] -= 1


def give(state: OrleansState, seat: int, *followers: str, to: str = "bag") -> OrleansState:
    """Put followers in the seat's bag, market or tower (``to``)."""
    p = state.seats[seat]
    for f in followers:
        _take(state, seat, f)
        if to == "tower":
            p.tower.append(f)
            p.tower.sort()
        else:
            add(p.bag if to == "bag" else p.market, f)
    return state


def clear_market(state: OrleansState, seat: int) -> OrleansState:
    """Move everything of the seat's market into its bag."""
    p = state.seats[seat]
    for f, k in list(p.market.items()):
        add(p.bag, f, k)
    p.market.clear()
    return state


def put(state: OrleansState, seat: int, place: str, *followers: str) -> OrleansState:
    """Put followers on ``place``'s empty slots (each on the first slot it fits, exact type first); "tech" puts a
    technology tile from the supply on the first empty non-monk slot."""
    p = state.seats[seat]
    pl = PLACES[place]
    for f in followers:
        if f == "tech":
            i = next(i for i in pl.indices if not p.slots[i] and SLOT_TYPE[i] != "monk")
            state.tech -= 1
            p.tech_placed += 1
            p.slots[i] = "tech"
            continue
        _take(state, seat, f)
        empties = [i for i in pl.indices if not p.slots[i] and fits_for(p, SLOT_TYPE[i], f)]
        exact = [i for i in empties if SLOT_TYPE[i] == f.removeprefix("own_")]
        assert empties, f"{f} fits no empty slot of {place}"
        p.slots[(exact or empties)[0]] = f
    return state


def tile(state: OrleansState, seat: int, *tiles: str) -> OrleansState:
    for t in tiles:
        state.stacks[PLACES[t].stack - 1].remove(t)
        state.seats[seat].tiles.append(t)
    return state


def goods(state: OrleansState, seat: int, **counts: int) -> OrleansState:
    for good, n in counts.items():
        g = GOOD_INDEX[good]
        assert state.goods[g] >= n
        state.goods[g] -= n
        state.seats[seat].goods[g] += n
    return state


def coins(state: OrleansState, seat: int, n: int) -> OrleansState:
    state.seats[seat].coins = n
    return state


def tech(state: OrleansState, seat: int, n: int = 1) -> OrleansState:
    state.tech -= n
    state.seats[seat].tech += n
    return state


def empty_bag(state: OrleansState, seat: int) -> OrleansState:
    """Send the neutral followers of the seat's bag back to the supply (coloured ones to the market)."""
    p = state.seats[seat]
    for f, k in list(p.bag.items()):
        if f.startswith("own_"):
            add(p.market, f, k)
        else:
            state.supply[KIND_INDEX[f]] += k
    p.bag.clear()
    return state


def to_actions(state: OrleansState, seat: int, event: str | None = None) -> OrleansState:
    """Jump to Phase 5 with ``seat`` to act first (the other phases' decisions dropped); ``event``: the round's."""
    for p in state.seats:
        p.decision = ""
        p.done = False
        p.passed = False
        p.planned.clear()
        p.fresh.clear()
    if event is not None:
        state.event = event
    state.phase = "actions"
    state.turn = (seat - 1) % state.players
    events: list[Event] = []
    flow.next_turn(state, events)
    flow.settle(state, events)
    return state


def to_planning(state: OrleansState) -> OrleansState:
    for p in state.seats:
        p.decision = ""
        p.done = False
    events: list[Event] = []
    planning.start(state, events)
    flow.settle(state, events)
    return state


def to_event(state: OrleansState, event: str) -> tuple[OrleansState, list[Event]]:
    """Jump to Phase 6 of the current round with ``event``; returns the state and the events of its start."""
    for p in state.seats:
        p.decision = ""
        p.passed = True
    state.event = event
    events: list[Event] = []
    hourglass.start(state, events)
    flow.settle(state, events)
    return state, events


def without_others(state: OrleansState, seat: int) -> OrleansState:
    """The other seats keep nothing on their markets (so they have nothing to plan or perform)."""
    for s in range(state.players):
        if s != seat:
            clear_market(state, s)
    return state
