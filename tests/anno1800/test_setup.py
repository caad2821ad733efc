"""Setup and components (spec §1, §3; checklist A1-A15)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.anno1800.data import (
    BUILDINGS,
    DECK_CARDS,
    EXPEDITIONS,
    FIRST_GAME,
    INDUSTRY_TOKENS,
    KNOWN_OBJECTIVES,
    OBJECTIVES,
    SHIPS,
    SHIPYARDS,
)
from rules.anno1800.islands import capacity, tokens
from rules.contract import IllegalMove

from .helpers import G, moves, sound, start


@pytest.mark.parametrize("players", [2, 3, 4])
def test_A1_two_to_four_players(players):
    sound(G.setup(players, seed=1))


@pytest.mark.parametrize("players", [1, 5])
def test_A1_other_player_counts_are_refused(players):
    with pytest.raises(IllegalMove) as err:
        G.setup(players, seed=1)
    assert err.value.code == "error.player_count"


def test_A2_two_copies_of_each_of_35_industries():
    state = G.setup(2, seed=3)
    assert len(INDUSTRY_TOKENS) == 35
    assert all(state.board[i] == 2 for i in INDUSTRY_TOKENS)
    assert sum(state.board[i] for i in INDUSTRY_TOKENS) == 70


def test_A3_shipyards_4_6_4():
    state = G.setup(2, seed=3)
    assert [state.board[s] for s in SHIPYARDS] == [4, 6, 4]
    assert [BUILDINGS[s].strength for s in SHIPYARDS] == [1, 2, 3]


def test_A4_six_of_each_of_six_ships():
    state = G.setup(2, seed=3)
    kinds = sorted((BUILDINGS[s].fleet, BUILDINGS[s].strength) for s in SHIPS)
    assert kinds == [("exploration", 1), ("exploration", 2), ("exploration", 3),
                     ("trade", 1), ("trade", 2), ("trade", 3)]
    assert all(state.board[s] == 6 for s in SHIPS)


def test_A5_decks_shuffled_separately():
    a, b = G.setup(2, seed=1), G.setup(2, seed=2)
    sizes = (len(DECK_CARDS["farmer_worker"]), len(DECK_CARDS["artisan_engineer_investor"]),
             len(DECK_CARDS["new_world"]), len(EXPEDITIONS))
    assert sizes == (46, 32, 24, 22)
    for state in (a, b):
        dealt = [c for p in state.seats for c in p.hand]
        assert sorted(state.farmer_worker + [c for c in dealt if c.startswith("fw")]) == \
            sorted(DECK_CARDS["farmer_worker"])
        assert sorted(state.new_world) == sorted(DECK_CARDS["new_world"])
        assert sorted(state.expeditions) == sorted(EXPEDITIONS)
    assert a.farmer_worker != b.farmer_worker and a.new_world != b.new_world and a.expeditions != b.expeditions


def test_A6_island_stacks_shuffled_separately():
    a, b = G.setup(2, seed=1), G.setup(2, seed=2)
    assert len(a.old_world_tiles) == 12 and len(a.new_world_tiles) == 8
    assert a.old_world_tiles != b.old_world_tiles or a.new_world_tiles != b.new_world_tiles
    assert set(a.old_world_tiles).isdisjoint(a.new_world_tiles)


def test_A7_five_objectives_from_the_known_ones():
    seen = set()
    for seed in range(40):
        state = G.setup(3, seed=seed)
        assert len(state.objectives) == len(set(state.objectives)) == 5
        assert set(state.objectives) <= set(KNOWN_OBJECTIVES)
        seen |= set(state.objectives)
    assert seen == set(KNOWN_OBJECTIVES)  # every known card can come up
    unknown = {o for o in OBJECTIVES if not OBJECTIVES[o].known}
    assert unknown == {"obj_carl_leonard_von_malching", "obj_eli_bleakworth", "obj_the_queen",
                       "obj_willie_wibblesock", "obj_princess_qing"}


def test_A8_first_game_objectives():
    state = G.setup(2, {"objectives": "first_game"}, seed=5)
    assert set(state.objectives) == {"obj_alonso_graves", "obj_university", "obj_edvard_goode",
                                     "obj_isabel_sarmento", "obj_zoo"} == set(FIRST_GAME)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_A9_starting_cubes(players):
    state = G.setup(players, seed=1)
    assert all(p.district == [4, 3, 2, 0, 0] and p.exhausted == [0] * 5 for p in state.seats)


def test_A10_starting_ships_and_tokens():
    state = start()
    p = state.seats[0]
    ships = Counter(b for b in p.buildings if b in SHIPS)
    assert ships == {"trade_ship_1": 2, "exploration_ship_1": 1}
    assert capacity(p) == (2, 1) and tokens(p) == (2, 1)


def test_A11_starting_hands():
    state = G.setup(4, seed=9)
    for p in state.seats:
        decks = Counter(c[:2] for c in p.hand)
        assert decks == {"fw": 7, "ae": 2}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_A12_starting_gold_by_turn_order(players):
    for first in range(players):
        state = G.setup(players, {"first_player": str(first)}, seed=2)
        gold = [state.seats[(first + k) % players].gold for k in range(players)]
        assert gold == [0, 1, 2, 3][:players]


def test_A13_only_gold_depends_on_the_player_count():
    states = {n: G.setup(n, seed=4) for n in (2, 3, 4)}
    for n, state in states.items():
        assert state.board == states[2].board
        assert all(p.district == [4, 3, 2, 0, 0] and len(p.hand) == 9 and len(p.buildings) == 20
                   for p in state.seats)
        assert len(state.farmer_worker) == 46 - 7 * n and len(state.artisan_engineer_investor) == 32 - 2 * n
        assert len(state.new_world) == 24 and len(state.expeditions) == 22
        assert state.supply == [25 - 4 * n, 40 - 3 * n, 25 - 2 * n, 20, 15]


def test_A14_first_player_starts():
    for first in range(3):
        state = G.setup(3, {"first_player": str(first)}, seed=1)
        assert state.current == first and G.active_seats(state) == {first}
        assert G.pending(state, first).kind == "turn"
        assert all(G.pending(state, s) is None for s in range(3) if s != first)


def test_A14_random_first_player_varies():
    assert {G.setup(4, seed=s).first_player for s in range(30)} == {0, 1, 2, 3}


def test_A15_cube_supply_is_limited():
    state = G.setup(4, seed=1)
    total = [state.supply[t] + sum(p.district[t] for p in state.seats) for t in range(5)]
    assert total == [25, 40, 25, 20, 15]
    state.supply[3] = 0  # no engineer left: none can be hired
    state.seats[0].district = [4, 3, 2, 0, 0]
    assert "hire:engineer" not in _hire_moves(state)


def _hire_moves(state):
    if "hire" not in moves(state):
        return []
    from .helpers import play

    after, _ = play(state, "hire")
    return moves(after)
