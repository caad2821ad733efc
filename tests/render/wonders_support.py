"""Views of 7 Wonders (and Armada) in every phase and decision, reached by seeded random play (the tests may read
states; the renderer may not)."""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.registry import get_game

GAME = get_game("wonders")
NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace"]
PHASES = ("sides", "age1", "age2", "age3", "over")
DECISIONS = ("side", "turn", "last", "island", "advance", "revive", "naval")


def _phase(state) -> str:
    if state.phase == "sides":
        return "sides"
    if state.phase == "over":
        return "over"
    return f"age{state.age}"


def phase_views(players: int, armada: bool, seed: int = 1, teams: bool = False) -> dict[str, object]:
    """The public view of one seeded game in each phase: while sides are chosen (some seats ready), mid-age
    (some seats ready, some thinking) and at the end."""
    options = {"armada": armada, "sides": "choice", "teams": teams}
    state = GAME.setup(players, options, seed=seed)
    rnd = random.Random(seed)
    out: dict[str, object] = {}
    while True:
        seats = sorted(GAME.active_seats(state))
        if not seats:
            out["over"] = GAME.view(state, None)
            return out
        for k, seat in enumerate(seats):
            phase = _phase(state)
            if phase not in out and k == len(seats) // 2 and (phase == "sides" or state.turn >= 3):
                out[phase] = GAME.view(state, None)
            state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))


def find(stop: Callable[[object, int, str], bool], seeds: range = range(300),
         games: tuple[tuple[int, bool], ...] = ((7, True), (5, True), (3, False), (4, True))):
    """The first (state, seat) of seeded random games where ``stop(state, seat, kind)`` holds for a seat that has
    to decide."""
    for seed in seeds:
        for players, armada in games:
            state = GAME.setup(players, {"armada": armada, "sides": "choice"}, seed=seed)
            rnd = random.Random(seed)
            while GAME.active_seats(state):
                for seat in sorted(GAME.active_seats(state)):
                    if stop(state, seat, GAME.pending(state, seat).kind):
                        return state, seat
                for seat in sorted(GAME.active_seats(state)):
                    state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_moves(state, seat)))
    raise LookupError("no seed reaches that point")


def decision_state(kind: str):
    if kind == "turn":  # a rich turn: trade with both neighbours, Naval Constructions
        def stop(state, seat, k):
            moves = [m.notation for m in GAME.legal_moves(state, seat)] if k == "turn" else []
            return (state.options.armada and len(moves) > 20 and any(":ship" in m for m in moves)
                    and any("l1" in m or "l2" in m for m in moves))
        return find(stop)
    return find(lambda state, seat, k: k == kind)
