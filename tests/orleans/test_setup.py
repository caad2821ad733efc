"""Setup (O1-O21): the kit, the supplies by player count, the map, the hour glass, the stacks, the start player."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.contract import IllegalMove
from rules.orleans.data import (
    CITIZENS,
    COLOURED,
    EVENTS,
    GOODS,
    KINDS,
    SPACE_COUNT,
    SPACE_MARK,
    STACKS,
    used_spaces,
)

from .helpers import G, layout, sound, start, to_phase


def test_O1_two_to_four_players():
    for n in (2, 3, 4):
        assert sound(G.setup(n, seed=n)).players == n
    for n in (1, 5):
        with pytest.raises(IllegalMove) as err:
            G.setup(n, seed=1)
        assert err.value.code == "error.player_count"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_O2_O3_O4_O5_O6_each_player_kit(players):
    state = G.setup(players, seed=7)
    for p in state.seats:
        assert p.coins == 5  # O2
        assert p.stations == 10 and p.built == []  # O3
        assert p.market == {f: 1 for f in COLOURED} and p.bag == {}  # O4: the coloured four on the market
        assert p.tracks == [0] * 6 and p.dev == 0  # O5: every marker on its start space
        assert p.merchant == "orleans"  # O6


def test_O7_four_player_supply():
    state = G.setup(4, seed=1)
    assert dict(zip(KINDS, state.supply)) == {"farmer": 16, "boatman": 10, "craftsman": 10, "trader": 10,
                                               "knight": 14, "scholar": 14, "monk": 14}


def test_O8_three_players_remove_two_and_three_of_each():
    state = G.setup(3, seed=1)
    assert dict(zip(KINDS, state.supply)) == {"farmer": 14, "boatman": 8, "craftsman": 8, "trader": 8,
                                               "knight": 11, "scholar": 11, "monk": 11}


def test_O9_two_players_remove_four_and_six_of_each():
    state = G.setup(2, seed=1)
    assert dict(zip(KINDS, state.supply)) == {"farmer": 12, "boatman": 6, "craftsman": 6, "trader": 6,
                                               "knight": 8, "scholar": 8, "monk": 8}


def _all_goods(state):
    total = Counter(dict(zip(GOODS, state.goods)))
    total.update(g for g in state.map_goods if g)
    total.update(state.removed_goods)
    return total


@pytest.mark.parametrize("players", [2, 3, 4])
def test_O10_the_goods_supply(players):
    state = G.setup(players, seed=11)
    assert _all_goods(state) == {"grain": 24, "cheese": 21, "wine": 18, "wool": 15, "brocade": 12}


@pytest.mark.parametrize("players, removed", [(2, 12), (3, 6), (4, 0)])
def test_O11_goods_removed_at_random(players, removed):
    kinds = set()
    for seed in range(12):
        state = G.setup(players, seed=seed)
        assert len(state.removed_goods) == removed
        kinds.add(tuple(state.removed_goods))
    assert len(kinds) > 1 or removed == 0  # random, not always the same goods


def test_O12_four_players_fill_every_space():
    state = G.setup(4, seed=3)
    assert all(state.map_goods) and len(state.map_goods) == SPACE_COUNT == 52


def test_O13_three_players_leave_the_4_spaces_empty():
    state = G.setup(3, seed=3)
    for s, good in enumerate(state.map_goods):
        assert bool(good) == (SPACE_MARK[s] != 4)
    assert sum(1 for g in state.map_goods if g) == 48


def test_O14_two_players_leave_the_3_and_4_spaces_empty():
    state = G.setup(2, seed=3)
    for s, good in enumerate(state.map_goods):
        assert bool(good) == (SPACE_MARK[s] == 0)
    assert sum(1 for g in state.map_goods if g) == 43


@pytest.mark.parametrize("players, left", [(2, 35), (3, 36), (4, 38)])
def test_O15_the_rest_goes_to_the_goods_market(players, left):
    state = G.setup(players, seed=5)
    assert sum(state.goods) == left
    view = G.view(state, None)
    assert list(view.goods_market) == list(GOODS)  # sorted by type


def test_O16_sixteen_technology_tiles():
    assert G.setup(2, seed=1).tech == 16


def test_O17_fourteen_citizens_on_their_spaces():
    state = G.setup(3, seed=1)
    view = G.view(state, None)
    assert view.citizens == list(CITIZENS) and len(CITIZENS) == 14
    assert {d.id for d in view.deeds} <= set(CITIZENS)  # one per deed, plus tracks, development, majority
    assert {"boatman_track", "knight_track", "stations"} <= set(CITIZENS)


def test_O18_O19_the_hour_glass_stack():
    for seed in range(10):
        lay = G.random_layout(2, G.options({}), seed)
        assert Counter(lay.hourglass) == {e: 3 for e in EVENTS}  # O18
        assert lay.hourglass[0] == "pilgrimage"  # O19
    orders = {tuple(G.random_layout(2, G.options({}), seed).hourglass[1:]) for seed in range(10)}
    assert len(orders) > 1  # the 17 others are shuffled


def test_O20_open_place_tile_stacks():
    state = start(2)
    for viewer in (None, 0, 1):
        view = G.view(state, viewer)
        assert view.stacks == {"1": list(STACKS[1]), "2": list(STACKS[2])}
    assert len(STACKS[1]) == 12 and len(STACKS[2]) == 8


def test_O21_the_youngest_takes_the_start_player_token():
    # The table names the youngest (option), or the token is drawn at random.
    for seat in ("0", "1", "2"):
        state = G.setup(3, {"first_player": seat}, seed=1)
        assert state.start_player == int(seat)
    starts = {G.setup(3, seed=s).start_player for s in range(20)}
    assert starts == {0, 1, 2}
    with pytest.raises(IllegalMove) as err:
        G.setup(2, {"first_player": "3"}, seed=1)
    assert err.value.code == "orleans.error.bad_option"


def test_setup_from_an_explicit_layout_and_its_checks():
    lay = layout(3, start_player=2)
    state = G.setup(3, layout=lay)
    assert state.start_player == 2 and state.hourglass[0] == "income"  # round 1's tile is already turned over
    assert state.event == "pilgrimage"
    bad = lay.model_copy(update={"hourglass": ["taxes"] + lay.hourglass[1:]})
    with pytest.raises(IllegalMove) as err:
        G.setup(3, layout=bad)
    assert err.value.code == "orleans.error.bad_layout" and err.value.params["reason"] == "hourglass"
    bad = lay.model_copy(update={"map_goods": ["grain"] * SPACE_COUNT})
    with pytest.raises(IllegalMove):
        G.setup(3, layout=bad)
    bad = lay.model_copy(update={"removed_goods": []})
    with pytest.raises(IllegalMove):
        G.setup(3, layout=bad)


def test_used_spaces_by_player_count():
    assert len(used_spaces(2)) == 43 and len(used_spaces(3)) == 48 and len(used_spaces(4)) == 52


def test_round_one_starts_at_once_with_pilgrimage_and_the_followers_on_the_market():
    state = start(2)
    assert state.round == 1 and state.event == "pilgrimage"
    # The bags are empty, so Phase 3 has nothing to offer: planning begins.
    assert state.phase == "planning" and G.active_seats(state) == {0, 1}
    assert to_phase(state, "planning", 2).round == 2
