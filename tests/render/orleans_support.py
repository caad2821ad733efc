"""Orléans situations for the image tests and for looking at the images: a rich planning menu built by hand, and the
first state of seeded purposeful games (``tests.orleans.smart``) where a seat faces each kind of decision."""

from __future__ import annotations

import random

from rules.orleans.state import OrleansState
from tests.orleans import helpers as H
from tests.orleans.smart import smart_move

G = H.G
NAMES = ["Алиса", "Bob", "Chiara", "Дмитрий"]


def rich_planning(players: int = 4) -> OrleansState:
    """Seat 0 plans with a full market and the tower, the School and the Herb Garden: the longest planning menu."""
    state = H.start(players)
    H.tile(state, 0, "school", "herb_garden", "gunpowder_tower", "cheese_factory", "library", "pharmacy")
    H.give(state, 0, "monk", "scholar", "knight", "farmer", to="market")
    H.give(state, 0, "monk", "scholar", to="tower")
    H.put(state, 0, "ship", "knight")
    H.goods(state, 0, grain=2, wine=1, brocade=1)
    H.coins(state, 0, 14)
    for seat in range(1, players):
        H.give(state, seat, "knight", to="market")
        H.tile(state, seat, ("hayrick", "windmill", "office")[seat - 1])
    state = H.to_planning(state)
    return H.sound(state)


def reach(kind: str, players: int, seeds: range = range(300), min_round: int = 1
          ) -> tuple[OrleansState, int | None]:
    """The first (state, seat) of seeded purposeful games where a seat faces ``kind`` ("over": the end)."""
    for seed in seeds:
        state = G.setup(players, seed=seed)
        rng = random.Random(seed)
        while G.active_seats(state):
            for seat in sorted(G.active_seats(state)):
                if G.pending(state, seat).kind == kind and state.round >= min_round:
                    return state, seat
            seat = rng.choice(sorted(G.active_seats(state)))
            state, _ = G.apply(state, seat, smart_move(state, seat, rng))
        if kind == "over":
            return state, None
    raise LookupError(f"no seed reaches {kind}")


DECISIONS = ("draw", "retrieve", "plan", "action", "village", "tile", "route", "good", "deed", "canal", "pharmacy",
             "bath", "tech", "sacristy", "harvest", "torture")


def crafted(kind: str, players: int = 2) -> tuple[OrleansState, int]:
    """A seat facing one of the decisions seeded games seldom reach: the Pharmacy, the Sacristy."""
    state = H.start(players)
    if kind == "pharmacy":
        H.tile(state, 0, "pharmacy")
        H.put(state, 0, "pharmacy", "knight")
        H.coins(state, 0, 7)
        state = H.to_actions(state, 0)
        state, _ = H.play(state, 0, "act:pharmacy")
    elif kind == "sacristy":
        H.tile(state, 0, "sacristy")
        H.put(state, 0, "sacristy", "monk")
        H.goods(state, 0, grain=2, wool=2)
        state, _ = H.to_event(state, "taxes")
    else:
        raise KeyError(kind)
    assert G.pending(state, 0).kind == kind
    return H.sound(state), 0


def decision(kind: str, players: int = 2) -> tuple[OrleansState, int]:
    """A (state, seat) where ``seat`` faces ``kind``."""
    if kind in ("pharmacy", "sacristy"):
        return crafted(kind, players)
    state, seat = reach(kind, players, seeds=range(40))
    assert seat is not None
    return state, seat
