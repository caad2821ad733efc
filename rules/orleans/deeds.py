"""The beneficial deeds: followers sent from the Town Hall (its action) or from the Gunpowder Tower (an action of
its own), each onto an empty deed space showing exactly its kind (monks are not wild there), for that deed's reward
at once. Player-coloured followers never go there. The player who fills a deed's last space gains its citizen.
Followers on deeds stay there for the rest of the game.

Decisions, once ``act:town_hall`` or ``act:gunpowder_tower`` was chosen:

=======  =========================  ===========================================================================
deed     ``deed:<follower>:<deed>`` send that follower to that deed
         ``deed:none``              (Gunpowder Tower only, once one was sent: it sends 1 or 2) send no more;
                                    the others stay on the tower. The Town Hall sends every follower that has
                                    a space (O86); one that has none goes back to the bag when the action ends
canal    ``canal:coin``             Canalisation's reward for the follower just sent: 1 coin ...
         ``canal:dev``              ... or 1 development point
=======  =========================  ===========================================================================

The action is performable only if at least one of its followers has a space (spec ruling 9.5.5); when none of the
remaining ones has, the action ends by itself.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans.board import followers_on
from rules.orleans.data import DEED_LIST, DEED_SPACE, DEEDS, FOLLOWERS, IS_COLOURED, KIND_OF, PLACES
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import Decision, OrleansState
from rules.orleans.tracks import award_citizen, gain_coins, gain_dev

Events = list[Event]
TOWER = "gunpowder_tower"


def sources(state: OrleansState, seat: int, place: str) -> list[str]:
    """The followers ``place``'s action may send: the Town Hall's, or the tower's neutral ones."""
    p = state.seats[seat]
    if place == TOWER:
        return [f for f in p.tower if not IS_COLOURED[f]]
    return followers_on(p, place)


def space_for(state: OrleansState, deed: str, kind: str) -> int:
    """The first empty space of ``deed`` showing ``kind``, -1 if none."""
    for i in DEEDS[deed].indices:
        if state.deeds[i] < 0 and DEED_SPACE[i] == kind:
            return i
    return -1


def _targets(state: OrleansState, followers: list[str]) -> Iterator[tuple[str, str]]:
    for f in (f for f in FOLLOWERS if f in followers):
        if IS_COLOURED[f]:
            continue
        for d in DEED_LIST:
            if space_for(state, d.id, KIND_OF[f]) >= 0:
                yield f, d.id


def deeds_refusal(state: OrleansState, seat: int, place: str) -> IllegalMove | None:
    """May ``place``'s action be performed: does one of its followers have an empty matching deed space?"""
    return None if next(_targets(state, sources(state, seat, place)), None) else refusal("no_deed_space")


def deed_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    assert state.act is not None
    for f, d in _targets(state, sources(state, seat, state.act.place)):
        yield Move("deed", (f, d))
    if state.act.sent and state.act.place == TOWER:
        yield Move("deed", ("none",))


def deed_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    assert state.act is not None
    if move.args == ("none",):
        if state.act.place != TOWER:
            return refusal("must_send_all")
        return None if state.act.sent else refusal("must_send_one")
    f, deed = move.args
    if IS_COLOURED[f]:
        return refusal("coloured_follower", follower=f)
    if f not in sources(state, seat, state.act.place):
        return refusal("not_on_place", follower=f, place=state.act.place)
    if space_for(state, deed, KIND_OF[f]) < 0:
        return refusal("deed_full", deed=deed, kind=KIND_OF[f])
    return None


def send(state: OrleansState, seat: int, move: Move, events: Events) -> Decision:
    """Play a ``deed`` move; returns the seat's next decision ("deed", "canal", or "" when the action is over)."""
    assert state.act is not None
    act = state.act
    if move.args == ("none",):
        return ""
    f, deed = move.args
    p = state.seats[seat]
    if act.place == TOWER:
        p.tower.remove(f)
    else:
        i = next(i for i in PLACES[act.place].indices if p.slots[i] == f)
        p.slots[i] = ""
    state.deeds[space_for(state, deed, KIND_OF[f])] = seat
    act.sent += 1
    d = DEEDS[deed]
    if d.choice:
        events.append(public("deed_filled", seat, follower=f, deed=deed, reward="choice", amount=d.reward))
        outcome: Decision = "canal"
    else:
        events.append(public("deed_filled", seat, follower=f, deed=deed, reward="coins", amount=d.reward))
        gain_coins(state, seat, d.reward, "deed", events)
        outcome = _more(state, seat)
    if all(state.deeds[i] >= 0 for i in d.indices):
        award_citizen(state, seat, deed, events)
    return outcome


def _more(state: OrleansState, seat: int) -> Decision:
    assert state.act is not None
    return "deed" if next(_targets(state, sources(state, seat, state.act.place)), None) else ""


def canal_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    yield Move("canal", ("coin",))
    yield Move("canal", ("dev",))


def canal(state: OrleansState, seat: int, move: Move, events: Events) -> Decision:
    """Canalisation's reward; returns the next decision as ``send`` does."""
    canalisation = next(d for d in DEED_LIST if d.choice)
    if move.args[0] == "coin":
        gain_coins(state, seat, canalisation.reward, "deed", events)
    else:
        gain_dev(state, seat, canalisation.reward, events)
    return _more(state, seat)
