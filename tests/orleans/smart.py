"""A purposeful random player, for tests that need games going somewhere: it fills the places closest to
activation, performs rather than passes, draws as much as it can and sends followers to the deeds. (The contract's
``rules.selfplay`` plays uniformly at random, which mostly shuffles followers around; this one reaches the rarer
rules: travels, tiles, the Bathhouse, the tower, torture with stations and tiles.)"""

from __future__ import annotations

import random

from rules.contract import Move
from rules.orleans.data import PLACES
from rules.orleans.state import OrleansState

from .helpers import G


def smart_move(state: OrleansState, seat: int, rng: random.Random) -> Move:
    legal = G.legal_moves(state, seat)
    p = state.seats[seat]
    kind = p.decision
    if kind == "plan":
        places = [m for m in legal if m.action == "place"]
        if places and rng.random() < 0.9:
            def missing(m: Move) -> int:
                return sum(1 for i in PLACES[m.args[1]].indices if not p.slots[i])
            least = min(missing(m) for m in places)
            return rng.choice([m for m in places if missing(m) == least])
        return next(m for m in legal if m.action == "done")
    if kind == "action":
        acts = [m for m in legal if m.action == "act"]
        if acts and rng.random() < 0.95:
            return rng.choice(acts)
    if kind == "draw":
        draws = [m for m in legal if m.action == "draw"]
        if draws:
            return max(draws, key=lambda m: int(m.args[0]))
    if kind == "retrieve" and rng.random() < 0.7:
        return next(m for m in legal if m.action == "done")
    if kind == "deed":
        sends = [m for m in legal if m.args != ("none",)]
        if sends:
            return rng.choice(sends)
    return rng.choice(legal)


def smart_game(players: int, seed: int, options: dict | None = None, check: bool = True):
    """A whole game of ``smart_move``s; yields (state, seat, move) before each move, then (final state, None,
    None)."""
    state = G.setup(players, options or {}, seed=seed)
    rng = random.Random(seed)
    while G.active_seats(state):
        seat = rng.choice(sorted(G.active_seats(state)))
        move = smart_move(state, seat, rng)
        yield state, seat, move
        state, _ = G.apply(state, seat, move)
        if check:
            problems = G.check_invariants(state)
            assert not problems, (seed, state.ply, move, problems)
    yield state, None, None
