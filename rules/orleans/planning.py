"""Phase 4: planning. Followers go from the market (or the Gunpowder Tower) onto empty slots of the seat's places.

Decision ``plan``:

==========================================  =====================================================================
``place:<follower>:<place>:<slot>``         a follower of the market onto an empty ``<slot>`` (a slot type:
                                            farmer ... monk, ``neutral`` on the Town Hall, ``any`` on the
                                            Pharmacy) of ``<place>``, where ``board.fits`` allows it
``place:<follower>:<place>:<slot>:tower``   the same, from the Gunpowder Tower
``unplace:<place>:<follower>``              take back a placement of this phase (followers placed in earlier
                                            rounds never move: O41)
``done``                                    the plan is finished
==========================================  =====================================================================

By default every seat plans at once and in secret (``options.planning == "simultaneous"``): placements change the
seat's own board at once, but ``Player.planned`` remembers them, the events that tell them are private, and every
other seat's view shows the board as it was before the phase (``public_board``). When the last seat says ``done``,
all plans are revealed together (``plans_revealed``, which reveals). Until then every planning move, ``done``
included, reveals nothing and can be undone. With ``planning == "turn_order"`` the seats plan one after another
from the start player, in the open.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from rules.contract import Event, IllegalMove, Move
from rules.orleans.board import add, empty_slot_types, first_empty, fitting, owned, remove, slot_refusal, tower_spaces
from rules.orleans.data import FOLLOWERS, SLOT_PLACE, SLOT_TYPE
from rules.orleans.errors import refusal
from rules.orleans.eventlog import private, public
from rules.orleans.state import OrleansState, Player

Events = list[Event]
TOWER_SOURCE = "tower"


def secret(state: OrleansState) -> bool:
    return state.options.planning == "simultaneous"


def _event(state: OrleansState, kind: str, seat: int, **params) -> Event:
    return private(kind, seat, **params) if secret(state) else public(kind, seat, **params)


def start(state: OrleansState, events: Events) -> None:
    state.phase = "planning"
    for s, p in enumerate(state.seats):
        p.done = False
        p.planned.clear()
        p.fresh.clear()
        if secret(state):
            _offer(state, s)


def _offer(state: OrleansState, seat: int) -> None:
    """Give the seat its ``plan`` decision, or mark it done when it has nothing to place."""
    p = state.seats[seat]
    if any(m.action == "place" for m in place_moves(state, seat)):
        p.decision = "plan"
    else:
        p.done = True


def next_planner(state: OrleansState) -> bool:
    """Turn-order planning: give ``plan`` to the next seat from the start player; False when all are done."""
    for k in range(state.players):
        seat = (state.start_player + k) % state.players
        if not state.seats[seat].done:
            _offer(state, seat)
            if state.seats[seat].decision:
                return True
    return False


def place_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    """The ``plan`` menu. It tries every (follower, place, empty slot type) with ``fits``, the predicate the check
    ``place_refusal`` applies through ``board.slot_refusal`` (here through its table, ``board.fitting``)."""
    p = state.seats[seat]
    table = fitting(p)
    market = p.market
    tower = p.tower
    for place in owned(p):
        for slot in empty_slot_types(p, place):
            for f in table[slot]:
                if f in market:
                    yield Move("place", (f, place, slot))
            if tower:
                for f in table[slot]:
                    if f in tower:
                        yield Move("place", (f, place, slot, TOWER_SOURCE))
    seen = set()
    for entry in p.planned:
        index = int(entry.split(":")[0])
        key = (SLOT_PLACE[index], p.slots[index])
        if key not in seen:
            seen.add(key)
            yield Move("unplace", key)
    yield Move("done")


def place_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    p = state.seats[seat]
    f, place, slot = move.args[:3]
    if len(move.args) > 3:
        if not tower_spaces(p):
            return refusal("no_tower")
        if f not in p.tower:
            return refusal("not_on_tower", follower=f)
    elif f not in p.market:
        return refusal("not_on_market", follower=f)
    return slot_refusal(p, f, place, slot)


def place(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    f, place_id, slot = move.args[:3]
    from_tower = len(move.args) > 3
    if from_tower:
        p.tower.remove(f)
    else:
        remove(p.market, f)
    index = first_empty(p, place_id, slot)
    p.slots[index] = f
    p.planned.append(f"{index}:{'t' if from_tower else 'm'}")
    events.append(_event(state, "placed", seat, follower=f, place=place_id, slot=slot, tower=from_tower))


def _planned_index(p: Player, place: str, follower: str) -> int:
    """The position in ``planned`` of the last placement of ``follower`` on ``place``, -1 if none."""
    for k in range(len(p.planned) - 1, -1, -1):
        index = int(p.planned[k].split(":")[0])
        if SLOT_PLACE[index] == place and p.slots[index] == follower:
            return k
    return -1


def unplace_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    place, f = move.args
    if _planned_index(state.seats[seat], place, f) < 0:
        return refusal("not_planned", place=place, follower=f)
    return None


def unplace(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    place_id, f = move.args
    entry = p.planned.pop(_planned_index(p, place_id, f))
    index_text, source = entry.split(":")
    index = int(index_text)
    p.slots[index] = ""
    if source == "t":
        p.tower.append(f)
        p.tower.sort()
    else:
        add(p.market, f)
    events.append(_event(state, "unplaced", seat, follower=f, place=place_id, slot=SLOT_TYPE[index],
                         tower=source == "t"))


def done(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    p.decision = ""
    p.done = True
    events.append(public("planning_done", seat))


def reveal(state: OrleansState, events: Events) -> None:
    """Every seat's placements of the phase become public (simultaneous planning)."""
    plans: dict[str, list[list[str]]] = {}
    for s, p in enumerate(state.seats):
        plans[str(s)] = [[p.slots[int(e.split(":")[0])], SLOT_PLACE[int(e.split(":")[0])],
                          SLOT_TYPE[int(e.split(":")[0])]] for e in p.planned]
        p.planned.clear()
    if secret(state):
        events.append(public("plans_revealed", reveals=True, plans=plans))


class Board(NamedTuple):
    market: dict[str, int]
    tower: list[str]
    slots: list[str]


def public_board(p: Player) -> Board:
    """The seat's market, tower and slots as every other seat knows them: before this phase's placements."""
    market, tower, slots = dict(p.market), list(p.tower), list(p.slots)
    for entry in p.planned:
        index_text, source = entry.split(":")
        f = slots[int(index_text)]
        slots[int(index_text)] = ""
        if source == "t":
            tower.append(f)
        else:
            add(market, f)
    return Board({f: market[f] for f in FOLLOWERS if f in market}, sorted(tower), slots)
