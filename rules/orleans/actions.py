"""Phase 5: the actions of activated places, one per turn in turn order, and passing.

Decisions (the turn's seat only):

==========  ===================================  ============================================================
action      ``act:<place>``                      perform an activated place (or ``act:gunpowder_tower``:
                                                 send tower followers to deeds); ``act_refusal`` says why not
            ``pass``                             no more actions this round
village     ``village:<boatman|craftsman|trader>``  the Village's follower
tile        ``tile:<tile>``                      the trader's place tile (stack I only on the first step)
pharmacy    ``pay:<1-3>``                        coins paid, one development point each
bath        ``keep:<follower>:<place>:<slot>``   the Bathhouse: the drawn follower kept, onto a matching
                                                 empty slot of another place
tech        ``tech:<place>:<slot>``              after passing: a technology tile onto an empty slot
            ``done``                             keep the other tiles for later rounds
==========  ===================================  ============================================================

Travel (``route``, ``good``) is in ``travel``; beneficial deeds (``deed``, ``canal``) in ``deeds``. An action that
needs no choice resolves at once. When the action is over, the place's followers go back to the bag (technology
tiles stay) and the turn passes on (``flow``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans import deeds, travel
from rules.orleans.board import (
    activated,
    add,
    first_empty,
    owned,
    owns,
    return_to_bag,
    slot_refusal,
    slot_targets,
    tech_refusal,
    tech_targets,
)
from rules.orleans.bag import draw_from
from rules.orleans.data import GOOD_INDEX, PLACES, TECH, Place, level
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import Chain, Decision, OrleansState
from rules.orleans.tracks import follower_refusal, gain_coins, gain_dev, take_follower, tile_stacks

Events = list[Event]
TOWER = deeds.TOWER
BATHHOUSE = "bathhouse"


# --- which actions ---------------------------------------------------------------------------------------------
def act_refusal(state: OrleansState, seat: int, place: str) -> IllegalMove | None:
    """Why ``place`` cannot be performed by ``seat`` now (None: it can)."""
    p = state.seats[seat]
    if not owns(p, place):
        return refusal("not_owned", place=place)
    if place == TOWER:
        return deeds.deeds_refusal(state, seat, place)
    pl = PLACES[place]
    if not pl.is_action:
        return refusal("not_an_action", place=place)
    if not activated(p, place):
        return refusal("not_activated", place=place)
    if pl.follower:
        return follower_refusal(state, seat, pl.follower)
    if pl.choice:
        open_ = any(follower_refusal(state, seat, k) is None for k in pl.choice)
        return None if open_ else refusal("no_choice", place=place)
    if pl.route:
        return travel.travel_refusal(state, seat, pl.route)
    if pl.station:
        return travel.station_refusal(state, seat)
    if pl.deeds:
        return deeds.deeds_refusal(state, seat, place)
    if pl.good and not state.goods[GOOD_INDEX[pl.good]]:
        return refusal("goods_empty", good=pl.good)
    if pl.tech and state.tech <= 0:
        return refusal("no_tech_tiles")
    if pl.pay and p.coins < 1:
        return refusal("no_coins")
    return None


def action_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for place in owned(state.seats[seat]):
        if act_refusal(state, seat, place) is None:
            yield Move("act", (place,))
    yield Move("pass")


def can_act(state: OrleansState, seat: int) -> bool:
    return any(act_refusal(state, seat, place) is None for place in owned(state.seats[seat]))


# --- performing ------------------------------------------------------------------------------------------------
def act(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    place = move.args[0]
    pl = PLACES[place]
    state.act = Chain(place=place)
    events.append(public("acted", seat, place=place))
    follow: Decision = ""
    if place == TOWER or pl.deeds:
        follow = "deed"
    elif pl.follower:
        follow = "tile" if take_follower(state, seat, pl.follower, events) else ""
    elif pl.choice:
        follow = "village"
    elif pl.route:
        follow = "route"
    elif pl.station:
        travel.build_station(state, seat, events)
    elif pl.pay:
        follow = "pharmacy"
    elif pl.bath:
        follow = _bath_draw(state, seat, pl.bath, events)
    else:
        _gains(state, seat, pl, events)
    then(state, seat, follow, events)


def _gains(state: OrleansState, seat: int, pl: Place, events: Events) -> None:
    """The places that simply give: a good of the goods market, coins, development points, a technology tile."""
    p = state.seats[seat]
    if pl.good:
        state.goods[GOOD_INDEX[pl.good]] -= 1
        p.goods[GOOD_INDEX[pl.good]] += 1
        events.append(public("good_gained", seat, good=pl.good, source="market"))
    gain_coins(state, seat, pl.coins, pl.id, events)
    if pl.per == "level":
        gain_coins(state, seat, level(p.dev), pl.id, events)
    elif pl.per == "station":
        gain_coins(state, seat, len(p.built), pl.id, events)
    if pl.dev:
        gain_dev(state, seat, pl.dev, events)
    if pl.tech:
        state.tech -= pl.tech
        p.tech += pl.tech
        events.append(public("tech_gained", seat))


def then(state: OrleansState, seat: int, follow: Decision, events: Events) -> None:
    """Go on with the action's next decision, or end it: its followers back to the bag."""
    p = state.seats[seat]
    if follow:
        p.decision = follow
        return
    assert state.act is not None
    place = state.act.place
    if place != TOWER:
        back = return_to_bag(p, place)
        if back:
            events.append(public("returned", seat, place=place, followers=back))
    state.act = None
    p.decision = ""


# --- the Village and the trader's tile ---------------------------------------------------------------------------
def village_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for kind in PLACES["village"].choice:
        yield Move("village", (kind,))


def village_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    kind = move.args[0]
    if kind not in PLACES["village"].choice:
        return refusal("unknown_choice", name=kind)
    return follower_refusal(state, seat, kind)


def village(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    then(state, seat, "tile" if take_follower(state, seat, move.args[0], events) else "", events)


def tile_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for stack in (1, 2):
        for tile in state.stacks[stack - 1]:
            yield Move("tile", (tile,))


def tile_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    tile = move.args[0]
    stack = PLACES[tile].stack
    if not stack or tile not in state.stacks[stack - 1]:
        return refusal("tile_gone", tile=tile)
    if stack not in tile_stacks(state, seat):
        return refusal("stack_locked", tile=tile)
    return None


def tile(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    tile_id = move.args[0]
    stack = PLACES[tile_id].stack
    state.stacks[stack - 1].remove(tile_id)
    state.seats[seat].tiles.append(tile_id)
    events.append(public("tile_gained", seat, tile=tile_id, stack=stack))
    then(state, seat, "", events)


# --- the Pharmacy --------------------------------------------------------------------------------------------------
def pharmacy_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for n in range(1, PLACES["pharmacy"].pay + 1):
        yield Move("pay", (str(n),))


def pay_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    n = int(move.args[0])
    most = PLACES["pharmacy"].pay
    if not 1 <= n <= most:
        return refusal("pay_range", max=most)
    coins = state.seats[seat].coins
    return None if n <= coins else refusal("not_enough_coins", coins=coins)


def pharmacy(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    n = int(move.args[0])
    state.seats[seat].coins -= n
    events.append(public("coins_paid", seat, amount=n, reason="pharmacy"))
    gain_dev(state, seat, n, events)
    then(state, seat, "", events)


# --- the Bathhouse -------------------------------------------------------------------------------------------------
def _bath_draw(state: OrleansState, seat: int, n: int, events: Events) -> Decision:
    p = state.seats[seat]
    assert state.act is not None
    drawn = draw_from(state, p.bag, n)
    state.act.drawn = drawn
    events.append(public("bath_drawn", seat, reveals=True, followers=drawn))
    if slot_targets(p, drawn, besides=BATHHOUSE):
        return "bath"
    _bath_return(state, seat, events)
    return ""


def _bath_return(state: OrleansState, seat: int, events: Events) -> None:
    assert state.act is not None
    back = state.act.drawn
    for f in back:
        add(state.seats[seat].bag, f)
    if back:
        events.append(public("bath_returned", seat, followers=list(back)))
    state.act.drawn = []


def bath_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    assert state.act is not None
    for f, place, slot in slot_targets(state.seats[seat], state.act.drawn, besides=BATHHOUSE):
        yield Move("keep", (f, place, slot))


def keep_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    assert state.act is not None
    f, place, slot = move.args
    if f not in state.act.drawn:
        return refusal("not_drawn", follower=f)
    return slot_refusal(state.seats[seat], f, place, slot, besides=BATHHOUSE)


def keep(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    assert state.act is not None
    f, place, slot = move.args
    p = state.seats[seat]
    p.slots[first_empty(p, place, slot)] = f
    state.act.drawn.remove(f)
    events.append(public("bath_kept", seat, follower=f, place=place, slot=slot))
    _bath_return(state, seat, events)
    then(state, seat, "", events)


# --- passing and technology tiles --------------------------------------------------------------------------------
def pass_(state: OrleansState, seat: int, move: Move | None, events: Events) -> None:
    p = state.seats[seat]
    p.passed = True
    events.append(public("passed", seat, auto=move is None))
    p.decision = "tech" if tech_targets(p) else ""


def tech_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for place, slot in tech_targets(state.seats[seat]):
        yield Move("tech", (place, slot))
    yield Move("done")


def tech_move_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    return tech_refusal(state.seats[seat], *move.args)


def place_tech(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    place, slot = move.args
    p.slots[first_empty(p, place, slot)] = TECH
    p.tech -= 1
    p.tech_placed += 1
    events.append(public("tech_placed", seat, place=place, slot=slot))
    p.decision = "tech" if tech_targets(p) else ""


def keep_tech(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    state.seats[seat].decision = ""
