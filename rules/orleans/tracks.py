"""Gains: coins, development points, citizens, and a follower taken from the supply with its track step.

Taking a follower (Farm House, Village, University, Castle, Monastery) puts it in the bag, advances its track by
one and gives the bonus printed on the new space. Only the follower itself is the "direct yield": a bonus that is
exhausted (no such good in the goods market, no technology tile, no place tile) is skipped and the track still
advances (spec §3.11 and ruling 9.5.3). ``follower_refusal`` is the predicate of "may take one now".
"""

from __future__ import annotations

from rules.contract import Event, IllegalMove
from rules.orleans.board import add
from rules.orleans.data import (
    DEV_CITIZENS,
    DEV_COINS,
    DEV_LENGTH,
    GOOD_INDEX,
    KIND_INDEX,
    TRACK,
    TRACK_CITIZENS,
    level,
)
from rules.orleans.errors import refusal
from rules.orleans.eventlog import public
from rules.orleans.state import OrleansState

Events = list[Event]


def gain_coins(state: OrleansState, seat: int, amount: int, reason: str, events: Events) -> None:
    if amount > 0:
        state.seats[seat].coins += amount
        events.append(public("coins_gained", seat, amount=amount, reason=reason))


def holder(state: OrleansState, citizen: str) -> int | None:
    for s, p in enumerate(state.seats):
        if citizen in p.citizens:
            return s
    return None


def award_citizen(state: OrleansState, seat: int, citizen: str, events: Events) -> bool:
    """Give ``citizen`` to ``seat`` if nobody holds it yet (every citizen goes to the first to earn it)."""
    if holder(state, citizen) is not None:
        return False
    state.seats[seat].citizens.append(citizen)
    events.append(public("citizen_gained", seat, citizen=citizen))
    return True


def gain_dev(state: OrleansState, seat: int, points: int, events: Events) -> None:
    """Advance the development marker one space per point, if possible (points past the end are lost). Coin
    spaces pay everyone who reaches or passes them; citizen spaces the first only; stars set the level."""
    p = state.seats[seat]
    start = p.dev
    end = min(DEV_LENGTH, start + points)
    p.dev = end
    events.append(public("development", seat, points=end - start, position=end, level=level(end)))
    for pos in range(start + 1, end + 1):
        if pos in DEV_COINS:
            gain_coins(state, seat, DEV_COINS[pos], "development", events)
        if pos in DEV_CITIZENS:
            award_citizen(state, seat, DEV_CITIZENS[pos], events)
    if level(end) != level(start):
        events.append(public("level_changed", seat, level=level(end)))


def follower_refusal(state: OrleansState, seat: int, kind: str) -> IllegalMove | None:
    """May ``seat`` take a ``kind`` from the supply now? Not on the last space of its track, not from an empty
    supply, and no monk in a Pilgrimage round."""
    track = TRACK.get(kind)
    if track is not None and state.seats[seat].tracks[track.index] >= track.steps:
        return refusal("track_end", track=kind)
    if kind == "monk" and state.event == "pilgrimage":
        return refusal("pilgrimage")
    if state.supply[KIND_INDEX[kind]] <= 0:
        return refusal("supply_empty", follower=kind)
    return None


def take_follower(state: OrleansState, seat: int, kind: str, events: Events) -> bool:
    """Move a ``kind`` from the supply into the bag and advance its track. True when the seat must now choose a
    place tile (the trader's bonus), which the caller asks for."""
    p = state.seats[seat]
    state.supply[KIND_INDEX[kind]] -= 1
    add(p.bag, kind)
    events.append(public("follower_gained", seat, follower=kind))
    track = TRACK.get(kind)
    if track is None:
        return False  # the monk has no track
    pos = p.tracks[track.index] = p.tracks[track.index] + 1
    events.append(public("track_advanced", seat, track=kind, position=pos))
    if track.citizen == pos and award_citizen(state, seat, TRACK_CITIZENS[kind], events) and track.citizen_instead:
        return False
    reward = track.rewards[pos - 1] if track.rewards else None
    if track.reward == "good":
        g = GOOD_INDEX[reward]
        if state.goods[g] > 0:
            state.goods[g] -= 1
            p.goods[g] += 1
            events.append(public("good_gained", seat, good=reward, source="market"))
        else:
            events.append(public("bonus_missed", seat, track=kind, position=pos, bonus="good"))
    elif track.reward == "coins":
        gain_coins(state, seat, reward, kind, events)
    elif track.reward == "dev":
        gain_dev(state, seat, reward, events)
    elif track.reward == "tech":
        if state.tech > 0:
            state.tech -= 1
            p.tech += 1
            events.append(public("tech_gained", seat))
        else:
            events.append(public("bonus_missed", seat, track=kind, position=pos, bonus="tech"))
    elif track.reward == "tile":
        if tile_stacks(state, seat):
            return True
        events.append(public("bonus_missed", seat, track=kind, position=pos, bonus="tile"))
    return False


def tile_stacks(state: OrleansState, seat: int) -> list[int]:
    """The stacks (1, 2) the seat's trader bonus may take from now, with tiles left: stack I only on the first
    trader step (the track is then on position 1)."""
    trader = TRACK["trader"]
    allowed = (trader.first_stack,) if state.seats[seat].tracks[trader.index] <= 1 else (1, 2)
    return [s for s in allowed if state.stacks[s - 1]]
