"""The round: its seven phases, and what happens between the decisions.

After every move, ``settle`` advances the game while nobody has a decision: each phase's ``_advance`` step either
gives some seat a decision or moves to the next phase, so the loop always ends (at the latest when the game does).

==========  ====================================================================================================
phase       what happens / who decides
==========  ====================================================================================================
exclude     (variant) from the start player clockwise, each seat removes a place tile, or none (``exclude``)
census      Phase 1 (the hour-glass tile turned over) and Phase 2 (census); a seat that cannot pay is tortured
followers   Phase 3, every seat at once (``bag``)
planning    Phase 4, every seat at once and in secret, or in turn order (``planning``)
actions     Phase 5, one action per turn from the start player clockwise until all have passed (``actions``);
            a seat with nothing it could perform passes by itself
event       Phase 6, every seat at once (``hourglass``); then Phase 7: the start player token moves left
over        after Phase 6 of round 18: the most-stations citizen, then the score
==========  ====================================================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules.contract import Event, IllegalMove, Move
from rules.orleans import actions, bag, hourglass, planning
from rules.orleans.data import CENSUS_COINS, CENSUS_PAYS, EXCLUDED_TILES, MAJORITY_CITIZEN, PLACES, ROUNDS, TRACK
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.scoring import outcome
from rules.orleans.state import OrleansState
from rules.orleans.torture import pay
from rules.orleans.tracks import award_citizen, gain_coins

Events = list[Event]
FARMER = TRACK["farmer"].index
NO_TILE = "none"


def begin(state: OrleansState, events: Events) -> None:
    """From the set-up state to the first decision (the exclusion variant, or round 1's Phase 3)."""
    if state.options.exclusion:
        state.phase = "exclude"
        order = [(state.start_player + k) % state.players for k in range(state.players)]
        state.queue = order * EXCLUDED_TILES[state.players]
    else:
        start_round(state, events)
    settle(state, events)


def settle(state: OrleansState, events: Events) -> None:
    seats = state.seats
    while state.phase != "over" and not any(p.decision for p in seats):
        _ADVANCE[state.phase](state, events)


# --- Phases 1 and 2 ------------------------------------------------------------------------------------------------
def start_round(state: OrleansState, events: Events) -> None:
    state.round += 1
    state.phase = "census"
    state.event = state.hourglass.pop(0)
    events.append(public("round_started", reveals=True, round=state.round, event=state.event))
    census(state, events)


def census(state: OrleansState, events: Events) -> None:
    """The unique leader on the farmer track gains a coin; the unique last pays one (not with 2 players)."""
    positions = [p.tracks[FARMER] for p in state.seats]
    top, bottom = max(positions), min(positions)
    if top == bottom:
        events.append(public("census", leader=None, last=None, pays=False))
        return
    leaders = [s for s, x in enumerate(positions) if x == top]
    lasts = [s for s, x in enumerate(positions) if x == bottom]
    leader = leaders[0] if len(leaders) == 1 else None
    last = lasts[0] if len(lasts) == 1 else None
    pays = last is not None and CENSUS_PAYS[state.players]
    events.append(public("census", leader=leader, last=last, pays=pays))
    if leader is not None:
        gain_coins(state, leader, CENSUS_COINS, "census", events)
    if pays:
        assert last is not None
        pay(state, last, CENSUS_COINS, "census", events)


# --- Phases 3 to 5 -------------------------------------------------------------------------------------------------
def start_followers(state: OrleansState, events: Events) -> None:
    state.phase = "followers"
    for seat in range(state.players):
        bag.start(state, seat, events)


def after_planning(state: OrleansState, events: Events) -> None:
    if not planning.secret(state) and planning.next_planner(state):
        return
    planning.reveal(state, events)
    state.phase = "actions"
    for p in state.seats:
        p.passed = False
        p.done = False
    state.turn = (state.start_player - 1) % state.players
    next_turn(state, events)


def next_turn(state: OrleansState, events: Events) -> None:
    """The next seat clockwise that has not passed acts, or passes by itself when it has nothing to perform."""
    for k in range(1, state.players + 1):
        seat = (state.turn + k) % state.players
        if not state.seats[seat].passed:
            state.turn = seat
            if actions.can_act(state, seat):
                state.seats[seat].decision = "action"
            else:
                actions.pass_(state, seat, None, events)
            return
    hourglass.start(state, events)


# --- Phases 6 and 7, the end ------------------------------------------------------------------------------------
def finish_event(state: OrleansState, events: Events) -> None:
    state.discard.append(state.event)
    events.append(public("event_resolved", event=state.event))
    state.event = ""
    if state.round >= ROUNDS:
        end(state, events)
        return
    state.start_player = state.left(state.start_player)
    events.append(public("start_player", state.start_player))
    start_round(state, events)


def end(state: OrleansState, events: Events) -> None:
    """After the last round: the most-stations citizen (nobody's on a tie), then the score."""
    built = [len(p.built) for p in state.seats]
    most = [s for s, n in enumerate(built) if n == max(built)]
    winner = most[0] if len(most) == 1 else None
    events.append(public("majority", winner))
    if winner is not None:
        award_citizen(state, winner, MAJORITY_CITIZEN, events)
    state.phase = "over"
    state.turn = -1
    result = outcome(state)
    state.winners = list(result.winners)
    events.append(public("game_over", winners=state.winners,
                         totals=[result.scores[s]["total"] for s in range(state.players)]))


# --- the exclusion variant -----------------------------------------------------------------------------------------
def next_excluder(state: OrleansState, events: Events) -> None:
    if state.queue:
        state.seats[state.queue.pop(0)].decision = "exclude"
    else:
        start_round(state, events)


def exclude_moves(state: OrleansState, seat: int) -> Iterator[Move]:
    for stack in state.stacks:
        for tile in stack:
            yield Move("exclude", (tile,))
    yield Move("exclude", (NO_TILE,))


def exclude_refusal(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    tile = move.args[0]
    if tile == NO_TILE:
        return None
    stack = PLACES[tile].stack
    return None if stack and tile in state.stacks[stack - 1] else refusal("not_excludable", tile=tile)


def exclude(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    tile = move.args[0]
    state.seats[seat].decision = ""
    if tile == NO_TILE:
        events.append(public("exclusion_skipped", seat))
        return
    state.stacks[PLACES[tile].stack - 1].remove(tile)
    state.excluded.append(tile)
    events.append(public("tile_excluded", seat, tile=tile))


_ADVANCE: dict[str, Callable[[OrleansState, Events], None]] = {
    "exclude": next_excluder,
    "census": start_followers,
    "followers": planning.start,
    "planning": after_planning,
    "actions": next_turn,
    "event": finish_event,
}
