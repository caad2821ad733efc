"""Hidden information (spec §9.1): changing what a seat may not know leaves its view unchanged.

What is hidden: the order of the hour-glass tiles still to come, the kinds of the goods removed at setup, the
generator (so the next draws of every bag), and, during simultaneous planning, every other seat's placements.
"""

from __future__ import annotations

import random

import pytest

from rules.orleans.data import GOODS
from rules.orleans.planning import public_board

from .helpers import G, give, play, start
from .smart import smart_move


def _views(state):
    return {seat: G.view(state, seat).model_dump() for seat in (None, *range(state.players))}


def _reverted_plan(state, seat):
    """The state as if ``seat`` had planned nothing yet this phase."""
    other = state.clone()
    p = other.seats[seat]
    p.market, p.tower, p.slots = public_board(p)
    p.planned = []
    return other


def leaks(state) -> list[str]:
    """Every perturbation of hidden state that changes some view it must not change."""
    found = []
    views = _views(state)
    variants = []
    if len(state.hourglass) > 1:
        shuffled = state.clone()
        random.Random(1).shuffle(shuffled.hourglass)
        shuffled.hourglass.reverse()
        variants.append(("hourglass order", shuffled, set(views)))
    if state.removed_goods:
        swapped = state.clone()
        swapped.removed_goods = [GOODS[(GOODS.index(g) + 1) % 5] for g in swapped.removed_goods]
        variants.append(("removed goods", swapped, set(views)))
    reseeded = state.clone()
    reseeded.seed = (state.seed or 0) + 12345
    reseeded.rng_counter += 7
    variants.append(("generator", reseeded, set(views)))
    if state.options.bags == "own":
        for seat, p in enumerate(state.seats):
            if p.bag:
                other = state.clone()
                bag = other.seats[seat].bag
                f = next(iter(bag))
                bag[f] -= 1
                if not bag[f]:
                    del bag[f]
                bag["monk" if f != "monk" else "knight"] = bag.get("monk" if f != "monk" else "knight", 0) + 1
                variants.append((f"seat {seat}'s bag", other, set(views) - {seat}))
    if state.phase == "planning" and state.options.planning == "simultaneous":
        for seat, p in enumerate(state.seats):
            if p.planned:
                variants.append((f"seat {seat}'s plan", _reverted_plan(state, seat), set(views) - {seat}))
    for name, variant, viewers in variants:
        other = _views(variant)
        for viewer in viewers:
            if other[viewer] != views[viewer]:
                found.append(f"{name} seen by {viewer}")
    return found


@pytest.mark.parametrize("players, options", [(2, {}), (3, {}), (4, {"bags": "own"}), (3, {"exclusion": True})])
def test_no_view_depends_on_hidden_state(players, options):
    for seed in range(3):
        state = G.setup(players, options, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while G.active_seats(state):
            seat = rng.choice(sorted(G.active_seats(state)))
            state, events = G.apply(state, seat, smart_move(state, seat, rng))
            steps += 1
            if steps % 7 == 0 or state.phase == "planning":
                assert not leaks(state), (seed, steps, leaks(state))
            for e in events:
                if e.kind in ("placed", "unplaced") and state.options.planning == "simultaneous":
                    assert e.visible_to == frozenset({e.seat})
                else:
                    assert e.visible_to is None


def test_the_leak_check_catches_a_leak():
    state = start(2)
    state, _ = play(state, 0, "place:own_boatman:farm_house:boatman")
    assert not leaks(state)
    # A view that showed seat 0's real board to seat 1 would differ from the reverted one:
    reverted = _reverted_plan(state, 0)
    assert G.view(reverted, 0).model_dump() != G.view(state, 0).model_dump()


def test_the_view_shows_counts_not_orders():
    state = give(start(3), 0, "knight", "monk")
    view = G.view(state, 1)
    assert view.events_left == 17 and view.removed_goods == 6
    assert view.players[0].bag == {"knight": 1, "monk": 1}
    dumped = view.model_dump_json()
    assert "hourglass" not in dumped and "seed" not in dumped and "rng" not in dumped


def test_a_spectator_has_no_options_and_no_plan():
    state = start(2)
    state, _ = play(state, 0, "place:own_boatman:farm_house:boatman")
    view = G.view(state, None)
    assert view.options == [] and view.decision == "" and view.planned == []
    assert view.players[0].market["own_boatman"] == 1
    own = G.view(state, 0)
    assert own.options == [m.notation for m in G.legal_moves(state, 0)]
