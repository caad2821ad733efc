"""Phase 6: the round's event, applied to every seat at once (each seat's choices are independent).

=============  ==================================================================================================
pilgrimage     acts in Phase 5 (no monk may be taken); nothing happens here
taxes          pay 1 coin per full 3 goods held (torture for a shortfall)
income         gain coins equal to the development level
market_day     gain 1 coin per trading station built (Trading Day)
harvest        give 1 grain, cheese or wine back to the goods market; with none, pay 5 coins (torture for a
               shortfall); a seat holding food must give food (spec ruling 9.5.8)
plague         1 follower drawn at random from the bag: a neutral one goes back to the supply (its track does
               not move back), a player-coloured one is put back and nothing is lost; an empty bag loses nothing
=============  ==================================================================================================

Decisions:

=========  ===================================  ===================================================================
sacristy   ``sacristy:use`` / ``sacristy:skip``  with an activated Sacristy, in Taxes, Harvest or Plague when it
                                                 would cost something: its monk goes back to the bag and the event
                                                 is ignored (optional, spec ruling 9.5.7)
harvest    ``food:<grain|cheese|wine>``          which food to give, when the seat holds more than one kind
torture    ``give:...``                          see ``torture``
=========  ===================================  ===================================================================
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans.bag import draw_from
from rules.orleans.board import activated, add, neutral_in, return_to_bag
from rules.orleans.data import (
    FOOD,
    GOOD_INDEX,
    HARVEST_COINS,
    IS_COLOURED,
    KIND_INDEX,
    SACRISTY_EVENTS,
    TAXES_PER,
    level,
)
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import OrleansState
from rules.orleans.torture import pay
from rules.orleans.tracks import gain_coins

Events = list[Event]
SACRISTY = "sacristy"


def start(state: OrleansState, events: Events) -> None:
    state.phase = "event"
    for seat, p in enumerate(state.seats):
        p.done = False
        if sacristy_offer(state, seat):
            p.decision = "sacristy"
        else:
            resolve(state, seat, events)


def taxes_due(state: OrleansState, seat: int) -> int:
    return sum(state.seats[seat].goods) // TAXES_PER


def foods(state: OrleansState, seat: int) -> list[str]:
    goods = state.seats[seat].goods
    return [g for g in FOOD if goods[GOOD_INDEX[g]]]


def sacristy_offer(state: OrleansState, seat: int) -> bool:
    """Would an activated Sacristy spare the seat something this round?"""
    p = state.seats[seat]
    if state.event not in SACRISTY_EVENTS or SACRISTY not in p.tiles or not activated(p, SACRISTY):
        return False
    if state.event == "taxes":
        return taxes_due(state, seat) > 0
    if state.event == "plague":
        return neutral_in(p.bag) > 0
    return True


def _finish(state: OrleansState, seat: int) -> None:
    p = state.seats[seat]
    if not p.decision:
        p.done = True


def resolve(state: OrleansState, seat: int, events: Events) -> None:
    """Apply the event to one seat (after its Sacristy choice, if any)."""
    p = state.seats[seat]
    p.decision = ""
    event = state.event
    if event == "taxes":
        pay(state, seat, taxes_due(state, seat), "taxes", events)
    elif event == "income":
        gain_coins(state, seat, level(p.dev), "income", events)
    elif event == "market_day":
        gain_coins(state, seat, len(p.built), "market_day", events)
    elif event == "harvest":
        food = foods(state, seat)
        if len(food) > 1:
            p.decision = "harvest"
        elif food:
            _give_food(state, seat, food[0], events)
        else:
            pay(state, seat, HARVEST_COINS, "harvest", events)
    elif event == "plague":
        drawn = draw_from(state, p.bag)
        if drawn:
            f = drawn[0]
            lost = not IS_COLOURED[f]
            if lost:
                state.supply[KIND_INDEX[f]] += 1
            else:
                add(p.bag, f)
            events.append(public("plague", seat, reveals=True, follower=f, lost=lost))
    _finish(state, seat)


def sacristy_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    yield Move("sacristy", ("use",))
    yield Move("sacristy", ("skip",))


def sacristy(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    p = state.seats[seat]
    if move.args[0] == "use":
        back = return_to_bag(p, SACRISTY)
        events.append(public("sacristy_used", seat, event=state.event))
        events.append(public("returned", seat, place=SACRISTY, followers=back))
        p.decision = ""
        _finish(state, seat)
    else:
        events.append(public("sacristy_skipped", seat, event=state.event))
        resolve(state, seat, events)


def food_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for g in foods(state, seat):
        yield Move("food", (g,))


def food_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    g = move.args[0]
    if g not in FOOD:
        return refusal("unknown_choice", name=g)
    return None if g in foods(state, seat) else refusal("no_good", good=g)


def food(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    state.seats[seat].decision = ""
    _give_food(state, seat, move.args[0], events)
    _finish(state, seat)


def _give_food(state: OrleansState, seat: int, good: str, events: Events) -> None:
    g = GOOD_INDEX[good]
    state.seats[seat].goods[g] -= 1
    state.goods[g] += 1  # back to the goods market: it can be gained again
    events.append(public("food_given", seat, good=good))
