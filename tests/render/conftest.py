"""Views of 7 Wonders Duel in every phase, reached by seeded random play (searching seeds until each appears)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rules.registry import get_game

GAME = get_game("duel")
NAMES = ["Alice", "Bob"]


def reach(stop: Callable[[object, str], bool], seeds: range = range(400)):
    """The first (state, seat) of seeded random games where ``stop(state, kind)`` holds; kind is the pending
    decision of the seat to move, or "over"."""
    for seed in seeds:
        state = GAME.setup(2, seed=seed)
        rnd = random.Random(seed)
        while True:
            seats = GAME.active_seats(state)
            seat = next(iter(seats), None)
            kind = "over" if seat is None else GAME.pending(state, seat).kind
            if stop(state, kind):
                return state, seat
            if seat is None:
                break
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    raise LookupError("no seed reaches that point")


BOARD_PHASES: dict[str, Callable[[object, str], bool]] = {
    "draft": lambda s, k: k == "draft" and s.picks >= 4,
    "age1": lambda s, k: s.age == 1 and k == "turn" and s.ply >= 10,
    "age2": lambda s, k: s.age == 2 and k == "turn" and s.ply >= 34,
    "age3": lambda s, k: s.age == 3 and k == "turn" and s.ply >= 52,
    "over_civilian": lambda s, k: k == "over" and s.victory == "civilian",
    "over_military": lambda s, k: k == "over" and s.victory == "military",
}

DECISIONS = ("turn", "token", "destroy", "mausoleum", "library", "starter", "draft")


@pytest.fixture(scope="session")
def board_views():
    return {name: GAME.view(reach(stop)[0], None) for name, stop in BOARD_PHASES.items()}


@pytest.fixture(scope="session")
def decision_states():
    """A (state, seat) where ``seat`` must take each kind of decision."""
    return {kind: reach(lambda s, k, kind=kind: k == kind and (kind != "turn" or s.ply > 8)) for kind in DECISIONS}


@pytest.fixture(scope="session")
def option_views(decision_states):
    return {kind: GAME.view(state, seat) for kind, (state, seat) in decision_states.items()}
