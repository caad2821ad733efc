"""Bad input: every refused move raises IllegalMove with a specific code (the predicate that failed) and leaves the
state unchanged, for every kind of move."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove, Move

from .helpers import (
    G,
    calm,
    clear_market,
    give,
    goods,
    play,
    put,
    refused,
    start,
    tech,
    tile,
    to_event,
)
from .test_places import acting


@pytest.mark.parametrize(
    "text, code",
    [
        ("fly:away", "error.unknown_action"),
        ("act", "error.move_arity"),
        ("pass:now", "error.move_arity"),
        ("place:monk:farm_house", "error.move_arity"),
        ("place:wizard:farm_house:boatman", "orleans.error.unknown_follower"),
        ("place:monk:palace:boatman", "orleans.error.unknown_place"),
        ("place:monk:farm_house:king", "orleans.error.unknown_slot"),
        ("place:monk:farm_house:boatman:cellar", "orleans.error.unknown_choice"),
        ("go:paris", "orleans.error.unknown_city"),
        ("take:gold", "orleans.error.unknown_good"),
        ("deed:knight:pyramid", "orleans.error.unknown_deed"),
        ("draw:many", "orleans.error.unknown_count"),
        ("draw:0", "orleans.error.unknown_count"),
        ("pay:99", "orleans.error.unknown_count"),
        ("village:monk", "orleans.error.unknown_choice"),
        ("tile:farm_house", "orleans.error.unknown_place"),
        ("canal:gold", "orleans.error.unknown_choice"),
        ("sacristy:maybe", "orleans.error.unknown_choice"),
        ("food:wool", "orleans.error.unknown_good"),
        ("give:soul", "orleans.error.unknown_choice"),
        ("give:good:gold", "orleans.error.unknown_good"),
        ("give:station:atlantis", "orleans.error.unknown_city"),
        ("exclude:castle", "orleans.error.unknown_place"),
        ("place:Monk!", "error.move_syntax"),
        ("", "error.move_syntax"),
    ],
)
def test_unknown_ids_arity_and_syntax(text, code):
    with pytest.raises(IllegalMove) as err:
        G.parse_move(text)
    assert err.value.code == code
    if code != "error.move_syntax":  # the same refusal from apply, given a Move built by hand
        action, *args = text.split(":")
        refused(start(2), 0, Move(action, tuple(args)), code)


def test_parse_is_case_insensitive_and_round_trips():
    assert G.parse_move(" ACT:Farm_House ") == Move("act", ("farm_house",))
    for text in ("place:own_farmer:village:farmer", "place:knight:castle:boatman:tower", "give:station:supply",
                 "deed:none", "take:none", "draw:3", "stop", "done", "pass"):
        assert G.parse_move(text).notation == text


def test_generic_guards():
    state = start(2)
    refused(state, 5, "done", "error.not_a_player")
    refused(state, -1, "done", "error.not_a_player")
    over = calm(start(2), lambda s: s.phase == "over")
    refused(over, 0, "pass", "error.game_over")


def test_out_of_turn_already_done_and_wrong_decision():
    state = start(2)
    refused(state, 0, "pass", "orleans.error.wrong_decision")
    refused(state, 0, "act:farm_house", "orleans.error.wrong_decision")
    state, _ = play(state, 0, "done")
    refused(state, 0, "done", "orleans.error.already_done")
    acting_ = acting(start(2), "farm_house", "own_boatman", "own_craftsman")
    refused(acting_, 1, "act:scriptorium", "orleans.error.not_your_turn")
    refused(acting_, 1, "pass", "orleans.error.not_your_turn")
    refused(acting_, 0, "place:knight:castle:farmer", "orleans.error.wrong_decision")  # planning is over


def _drawing():
    state = start(2)
    clear_market(state, 0)
    give(state, 0, *["farmer"] * 7, to="market")
    give(state, 0, "knight", "knight")
    return calm(state, lambda s: s.round == 2)


def test_refused_draws():
    state = _drawing()
    refused(state, 0, "draw:2", "orleans.error.market_full")
    refused(state, 0, "draw:5", "orleans.error.no_draws_left")
    refused(state, 0, "tower:knight", "orleans.error.no_tower")
    refused(state, 0, "retrieve:castle:farmer", "orleans.error.wrong_decision")
    small = start(2)
    put(small, 0, "castle", "own_farmer", "own_boatman", "own_trader")
    put(small, 0, "farm_house", "own_craftsman")
    give(small, 0, "knight")
    small = calm(small, lambda s: s.round == 2)
    refused(small, 0, "draw:2", "orleans.error.bag_short")


def test_refused_tower_moves_and_retrievals():
    state = tile(start(2), 0, "gunpowder_tower")
    give(state, 0, "knight", "knight", to="tower")
    clear_market(state, 0)
    give(state, 0, "monk")
    put(state, 0, "castle", "farmer")
    state = calm(state, lambda s: s.round == 2)
    refused(state, 0, "tower:monk", "orleans.error.tower_full")
    state, _ = play(state, 0, "stop")
    refused(state, 0, "retrieve:castle:boatman", "orleans.error.not_on_place")
    refused(state, 0, "retrieve:library:knight", "orleans.error.not_owned")
    full = start(2)
    put(full, 0, "castle", "farmer")
    full = calm(full, lambda s: s.round == 2)
    full.seats[0].retrieved = 4
    refused(full, 0, "retrieve:castle:farmer", "orleans.error.no_retrievals_left")


def test_refused_placements():
    state = start(2)
    refused(state, 0, "place:knight:castle:farmer", "orleans.error.not_on_market")
    refused(state, 0, "place:own_farmer:castle:knight", "orleans.error.no_such_slot")
    refused(state, 0, "place:own_farmer:castle:boatman", "orleans.error.wrong_follower")
    refused(state, 0, "place:own_farmer:library:knight", "orleans.error.not_owned")
    refused(state, 0, "place:own_farmer:town_hall:neutral", "orleans.error.coloured_follower")
    refused(state, 0, "place:own_farmer:castle:farmer:tower", "orleans.error.no_tower")
    refused(state, 0, "unplace:castle:own_farmer", "orleans.error.not_planned")
    towered = tile(start(2), 0, "gunpowder_tower")
    refused(towered, 0, "place:knight:castle:farmer:tower", "orleans.error.not_on_tower")
    state, _ = play(state, 0, "place:own_farmer:castle:farmer")
    give(state, 0, "farmer", to="market")
    refused(state, 0, "place:farmer:castle:farmer", "orleans.error.slot_full")


def test_refused_actions():
    state = acting(start(2), "farm_house", "own_boatman")
    refused(state, 0, "act:farm_house", "orleans.error.not_activated")
    refused(state, 0, "act:school", "orleans.error.not_owned")
    tile(state, 0, "herb_garden")
    refused(state, 0, "act:herb_garden", "orleans.error.not_an_action")
    refused(state, 0, "act:castle", "orleans.error.not_activated")
    state.seats[0].merchant = "etampes"  # roads only
    put(state, 0, "ship", "farmer", "boatman", "knight")
    refused(state, 0, "act:ship", "orleans.error.no_route")
    tile(state, 0, "sacristy")
    put(state, 0, "sacristy", "monk")
    refused(state, 0, "act:sacristy", "orleans.error.not_an_action")
    tile(state, 0, "gunpowder_tower")
    refused(state, 0, "act:gunpowder_tower", "orleans.error.no_deed_space")


def test_refused_follow_ups():
    state = acting(start(2), "town_hall", "knight")
    state, _ = play(state, 0, "act:town_hall")
    refused(state, 0, "deed:none", "orleans.error.must_send_all")
    refused(state, 0, "deed:monk:papal_conclave", "orleans.error.not_on_place")
    refused(state, 0, "deed:own_farmer:city_wall", "orleans.error.coloured_follower")
    refused(state, 0, "deed:knight:astronomy", "orleans.error.deed_full")
    refused(state, 0, "go:blois", "orleans.error.wrong_decision")
    tower = tile(start(2), 0, "gunpowder_tower")
    give(tower, 0, "knight", "scholar", to="tower")
    tower, _ = play(acting(tower, "scriptorium"), 0, "act:gunpowder_tower")
    refused(tower, 0, "deed:none", "orleans.error.must_send_one")
    tower, _ = play(tower, 0, "deed:knight:city_wall", "deed:none")  # the tower may send one only
    assert tower.seats[0].tower == ["scholar"]
    bath = tile(start(2), 0, "bathhouse")
    give(bath, 0, "knight", "knight")
    bath = acting(bath, "bathhouse", "scholar")
    bath, _ = play(bath, 0, "act:bathhouse")
    refused(bath, 0, "keep:monk:castle:farmer", "orleans.error.not_drawn")
    refused(bath, 0, "keep:knight:castle:farmer", "orleans.error.wrong_follower")
    refused(bath, 0, "keep:knight:library:knight", "orleans.error.not_owned")
    village = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    village, _ = play(village, 0, "act:village", "village:trader")
    refused(village, 0, "tile:pharmacy", "orleans.error.stack_locked")
    village.stacks[0].remove("brewery")
    village.excluded.append("brewery")
    refused(village, 0, "tile:brewery", "orleans.error.tile_gone")


def test_refused_technology_and_event_moves():
    state = tech(acting(start(2), "scriptorium"), 0)
    state, _ = play(state, 0, "pass")
    refused(state, 0, "tech:castle:boatman", "orleans.error.first_tech_farmer")
    refused(state, 0, "tech:library:knight", "orleans.error.not_owned")
    refused(state, 0, "tech:castle:knight", "orleans.error.no_such_slot")
    harvest = start(2)
    goods(harvest, 0, grain=1, cheese=1)
    harvest, _ = to_event(harvest, "harvest")
    refused(harvest, 0, "food:wine", "orleans.error.no_good")
    refused(harvest, 0, "sacristy:use", "orleans.error.wrong_decision")
    tortured = start(2)
    tortured.seats[0].coins = 0
    tortured, _ = to_event(tortured, "harvest")
    refused(tortured, 0, "give:station:tours", "orleans.error.no_station_there")
    refused(tortured, 0, "give:good:wine", "orleans.error.no_good")
    refused(tortured, 0, "give:tile:school", "orleans.error.not_owned")
    refused(tortured, 0, "give:tech:supply", "orleans.error.no_tech")
    refused(tortured, 0, "give:tech:castle", "orleans.error.no_tech")
    refused(tortured, 0, "give:dev", "orleans.error.dev_blocked")
    refused(tortured, 0, "give:follower", "orleans.error.no_neutral_in_bag")


def test_refused_exclusions():
    state = start(2, {"exclusion": True})
    assert state.phase == "exclude" and G.active_seats(state) == {0}
    state, events = play(state, 0, "exclude:school")
    refused(state, 1, "exclude:school", "orleans.error.not_excludable")
    refused(state, 0, "exclude:library", "orleans.error.not_your_turn")


@pytest.mark.parametrize("text", ["exclude:none", "draw:1", "stop", "tower:knight", "retrieve:castle:knight",
                                  "act:castle", "pass", "village:trader", "tile:school", "go:blois", "take:none",
                                  "deed:none", "canal:coin", "pay:1", "keep:knight:castle:farmer",
                                  "tech:castle:farmer", "sacristy:use", "food:grain", "give:dev"])
def test_every_action_outside_its_decision_is_refused(text):
    state = start(2)  # planning: only place, unplace and done
    err = refused(state, 0, text, "orleans.error.wrong_decision")
    assert err.params == {"expected": "plan"}
