"""How well a seat stands in Orléans, as a one-step player sees it (``OrleansGame.heuristic``).

The score pad (coins, goods, development level × (stations + citizens)) shows only what a seat has, not what it
will make of it: its followers (each one more action a round), its place tiles and technology tiles, its steps on
the character tracks, its development (each step brings the next level nearer, which multiplies every station and
citizen), its stations (worth more once the level rises), and its followers on the places: an activated place is
an action to come while the seat may still perform it (so passing gives it up, and performing it costs no more
than that), a place partly filled is worth part of one, more the fuller it is (so a one-step player completes a
place before it starts another, and never takes back a placement for nothing). Those are worth a fraction of a
point each, the growth less as the last round nears; a debt counts against it.

Unlike the other games' heuristics, the others' standing is left out: the one-step player imagines the others'
secret plans and their moves after its own at random only after its last planning move (``done``), so measuring
against them would make every ``done`` look worse than another placement. A finished game is worth more than any
position.
"""

from __future__ import annotations

from rules.orleans.board import filled, owned
from rules.orleans.data import PLACES, ROUNDS, TECH
from rules.orleans.scoring import outcome
from rules.orleans.state import OrleansState, Player

WIN = 1000.0
FOLLOWER = 2.0  # a follower of the seat's own, wherever it is
ACTIVATED = 1.5  # an activated place the seat may still perform (a place filled by a share f of it: f² of this)
TILE = 2.0  # a place tile
TECH_PLACED = 1.5  # a technology tile on a slot
TECH_HELD = 0.8  # one still in the personal supply
TRACK_STEP = 0.4  # a step on a character track
DEV_STEP = 0.5  # a step on the development track
STATION = 1.0  # a trading station built (the level will rise under it)


def standing(state: OrleansState, seat: int) -> float:
    result = outcome(state)
    points = result.scores[seat]["total"]
    if result.finished:
        return (WIN if seat in result.winners else -WIN) + points
    return _worth(state, seat, points)


def _worth(state: OrleansState, seat: int, points: int) -> float:
    p = state.seats[seat]
    late = max(0, ROUNDS - max(state.round, 1) + 1) / ROUNDS  # 1 in round 1, 1/18 in the last round
    followers = sum(p.bag.values()) + sum(p.market.values()) + len(p.tower)
    followers += sum(1 for f in p.slots if f and f != TECH)
    if state.act is not None and state.turn == seat:
        followers += len(state.act.drawn)
    growth = (FOLLOWER * followers + TILE * len(p.tiles) + TECH_PLACED * p.slots.count(TECH) + TECH_HELD * p.tech
              + TRACK_STEP * sum(p.tracks) + STATION * len(p.built))
    return points + late * growth + DEV_STEP * p.dev + _places(state, p) - p.debt


def _places(state: OrleansState, p: Player) -> float:
    """The followers on the seat's places, as actions to come."""
    usable = not (p.passed and state.phase in ("actions", "event"))
    value = 0.0
    for place in owned(p):
        pl = PLACES[place]
        if not pl.slots:
            continue
        share = min(1.0, filled(p, pl) / pl.quorum)
        if share >= 1.0:
            value += ACTIVATED if usable else 0.0
        else:
            value += ACTIVATED * share * share
    return value
