"""The rulebook's worked examples (spec §6, examples 1-7), played on the engine."""

from __future__ import annotations

from rules.orleans.board import draw_limit
from rules.orleans.data import TRACK
from rules.orleans.scoring import sheet

from .helpers import calm, clear_market, first, give, kinds, notations, play, put, start, to_event
from .test_places import acting


def test_example_1_census_blue_gains_and_red_pays():
    """Blue, furthest on the farmer track, gains a coin; Red, furthest behind, pays one (4 players)."""
    blue, red = 0, 3
    state = start(4)
    for seat, pos in zip(range(4), (4, 2, 2, 1)):
        state.seats[seat].tracks[TRACK["farmer"].index] = pos
    events = []
    state = calm(state, lambda s: s.round == 2, events)
    assert first(events, "census").params == {"leader": blue, "last": red, "pays": True}
    assert state.seats[blue].coins == 6 and state.seats[red].coins == 4


def test_example_2_draw_limits_green_4_yellow_and_blue_6_red_8():
    state = start(4)
    for seat, pos in enumerate((0, 2, 2, 5)):
        state.seats[seat].tracks[TRACK["knight"].index] = pos
    assert [draw_limit(p) for p in state.seats] == [4, 6, 6, 8]


def test_examples_3_and_4_a_farmer_needs_a_boatman_and_a_craftsman_who_then_go_back_to_the_bag():
    state = start(2)
    assert "place:own_boatman:farm_house:boatman" in notations(state, 0)
    state = acting(state, "farm_house", "own_boatman", "own_craftsman")
    state, events = play(state, 0, "act:farm_house")
    assert first(events, "returned").params["followers"] == ["own_boatman", "own_craftsman"]
    assert {"own_boatman", "own_craftsman", "farmer"} <= set(state.seats[0].bag)


def test_example_5_stefan_draws_4_of_6_and_brings_2_back():
    state = start(2)
    stefan = state.seats[0]
    stefan.tracks[TRACK["knight"].index] = 2  # may draw 6
    put(state, 0, "castle", "own_farmer", "own_boatman")
    put(state, 0, "university", "own_craftsman")
    clear_market(state, 0)
    give(state, 0, "knight", "monk", "scholar", "scholar", "farmer", "trader")
    state = calm(state, lambda s: s.round == 2)
    state, _ = play(state, 0, "draw:4", "stop")
    state, events = play(state, 0, "retrieve:castle:own_farmer", "retrieve:university:own_craftsman")
    assert kinds(events)[:3] == ["retrieved", "retrieved", "followers_done"]
    assert state.seats[0].market["own_farmer"] == 1 and state.seats[0].market["own_craftsman"] == 1


def test_example_6_five_missing_coins():
    """1 follower + 2 trading stations + 2 development points (also in test_torture)."""
    state = start(2)
    state.seats[0].coins, state.seats[0].dev = 0, 20
    give(state, 0, "scholar")
    state, _ = to_event(state, "harvest")
    state, _ = play(state, 0, "give:follower", "give:station:supply", "give:station:supply", "give:dev", "give:dev")
    assert state.seats[0].debt == 0 and state.seats[0].dev == 18


def test_example_7_karl_scores_28_for_stations_and_citizens():
    state = start(2)
    karl = state.seats[0]
    karl.built, karl.stations = ["tours", "blois", "chinon", "nevers", "orleans"], 5
    karl.citizens = ["astronomy", "boatman_track"]
    karl.dev = 15  # level 4
    assert sheet(state, 0)["development"] == 28
