"""The build action: industries, shipyards, ships, fields, covering and removing (spec §6.1; checklist A50-A74,
E6, E7)."""

from __future__ import annotations

import pytest

from rules.anno1800.islands import field_ids, tokens
from rules.anno1800.state import Step

from .helpers import build_on, kind, moves, place_on, play, put_cube, refused, set_cubes, sound, start


def test_A50_one_industry_ends_the_build_action():
    state = start()
    state.turn.actions = 2  # with an extra action the turn goes on after the build
    state, events = play(state, "build", "build:timber_worker", "field:home_12")
    assert kind(state) == "turn" and state.turn.actions == 1 and "timber_worker" in state.seats[0].buildings
    state, events = play(start(), "build", "build:timber_worker", "field:home_12")
    assert "turn_ended" in [e.kind for e in events]  # nothing else to do: the turn is over


def test_A50_after_a_ship_only_ships():
    state = start()
    state, _ = play(state, "build", "build:shipyard_1", "field:home_12")  # a second strength-1 shipyard
    state, _ = play(state, "festival")  # seat 1's turn
    state.seats[0].card_trade = 0
    state, _ = play(state, "build", "build:trade_ship_1", "field:home_19")
    if kind(state) == "pay":
        state, _ = play(state, "pay:" + moves(state)[0].split(":")[1])
    assert kind(state) == "ships"
    assert {m.split(":")[0] for m in moves(state)} <= {"build", "remove", "shift", "done"}
    refused(state, 0, "build:timber_worker", "anno1800.error.ships_only")
    refused(state, 0, "build:shipyard_1", "anno1800.error.ships_only")


def test_A51_the_full_cost_is_paid():
    state = start()
    set_cubes(state, 0, {"farmer": 0})  # no farmer for timber; seat 1's sawmill can be traded
    state, _ = play(state, "build", "build:coal_worker", "field:home_12")  # timber: traded for 1 token
    assert tokens(state.seats[0]) == (1, 1)
    state = start()
    set_cubes(state, 0, {"farmer": 0})
    state.seats[0].trade_used = 2
    state, _ = play(state, "build")
    err = refused(state, 0, "build:coal_worker", "anno1800.error.cannot_pay")
    assert err.params["resources"] == ["timber"]


def test_A52_timber_industry_and_shipyard_1_are_free():
    state = start()
    set_cubes(state, 0, {"farmer": 0, "worker": 0, "artisan": 0})
    state.seats[0].trade_used = 2
    state, _ = play(state, "build")
    assert {"build:timber_worker", "build:shipyard_1"} <= set(moves(state))
    state, events = play(state, "build:shipyard_1", "field:home_12")
    assert not any(e.kind in ("produced", "traded", "tokens_spent") for e in events)


def test_A53_a_token_needs_a_copy_on_the_board():
    state = start()
    state.board["timber_worker"] = 0
    state.seats[1].buildings[11] = "timber_worker"
    state.seats[1].buildings[12] = "timber_worker"  # both copies are on seat 1's island
    state, _ = play(state, "build")
    err = refused(state, 0, "build:timber_worker", "anno1800.error.no_token_left")
    assert err.params == {"building": "timber_worker"}


@pytest.mark.parametrize("building, good, bad", [
    ("timber_worker", "home_2", "home_16"),  # industry: land (inland or coast), not sea
    ("timber_worker", "home_12", "home_17"),
    ("shipyard_1", "home_12", "home_3"),  # shipyard: coast only
    ("trade_ship_1", "home_19", "home_12"),  # ship: sea only
])
def test_A54_A55_A56_field_kinds(building, good, bad):
    state = start()
    state, _ = play(state, "build", f"build:{building}")
    fields, deeper = set(moves(state)), state
    while "cover" in moves(deeper):  # occupied fields: a few more choices away
        deeper, _ = play(deeper, "cover")
        fields |= set(moves(deeper))
    assert f"field:{good}" in fields and f"field:{bad}" not in fields
    err = refused(state, 0, f"field:{bad}", "anno1800.error.wrong_field")
    assert err.params["building"] == building


def test_A58_a_free_field_or_cover_a_building():
    state = start()
    build_on(state, 0, "home_15", "coal_worker")  # coal is also made by the printed coal industries
    build_on(state, 0, "home_14", "beer_worker")  # the only brewery on the table
    state, _ = play(state, "build", "build:timber_worker")
    assert moves(state) == ["field:home_12", "field:home_13", "cover"]
    err = refused(state, 0, "field:home_15", "anno1800.error.cover_first")
    assert err.params == {"field": "home_15"}
    refused(state, 0, "field:home_6", "anno1800.error.cover_printed_first")
    refused(state, 0, "field:home_14", "anno1800.error.cover_last_first")
    state, _ = play(state, "cover")  # built tokens; then printed buildings (they leave the game); then last makers
    assert kind(state) == "cover" and moves(state) == ["field:home_15", "cover"]
    refused(state, 0, "field:home_12", "anno1800.error.field_free")
    state, _ = play(state, "cover")
    assert kind(state) == "printed"
    assert moves(state) == [f"field:home_{i}" for i in range(1, 12)] + ["cover"]
    refused(state, 0, "field:home_15", "anno1800.error.not_that_deep")
    state, _ = play(state, "cover")
    assert kind(state) == "last" and moves(state) == ["field:home_14", "back"]
    state, _ = play(state, "back")
    assert kind(state) == "field" and moves(state) == ["field:home_12", "field:home_13", "cover"]


def test_A58_the_last_farm_of_its_kind_is_a_last_maker():
    state = start()
    build_on(state, 1, "home_13", "timber_worker")
    state.seats[1].buildings[3] = ""  # seat 1's pig farm is gone: seat 0's is the last one
    state.seats[1].printed[3] = False
    state, _ = play(state, "build", "build:timber_worker", "cover")  # no token to cover: straight to printed ones
    assert kind(state) == "printed" and "field:home_4" not in moves(state) and "field:home_5" in moves(state)
    refused(state, 0, "field:home_4", "anno1800.error.cover_last_first")


def test_A57_nothing_on_a_new_world_tile():
    state = start()
    state.seats[0].new_world.append("nwi01")
    state.new_world_tiles.remove("nwi01")
    assert len(field_ids(state.seats[0])) == 20  # New World tiles add no field
    state, _ = play(state, "build", "build:timber_worker")
    refused(state, 0, "field:nwi01_1", "anno1800.error.no_such_field")


def test_A58_A59_A60_covering_a_token_sends_it_back():
    state = start()
    build_on(state, 0, "home_12", "timber_worker")
    board = state.board["timber_worker"]
    state, events = place_on(play(state, "build", "build:shipyard_1")[0], "home_12")
    p = state.seats[0]
    assert p.buildings[11] == "shipyard_1" and "timber_worker" not in p.buildings
    assert state.board["timber_worker"] == board + 1
    assert [e.params for e in events if e.kind == "building_removed"] == [
        {"building": "timber_worker", "field": "home_12", "printed": False, "why": "covered"}]
    sound(state)


def test_A61_a_covered_printed_building_is_gone():
    state, events = place_on(play(start(), "build", "build:timber_worker")[0], "home_2")  # over the printed grain farm
    p = state.seats[0]
    assert "grain_farmer" not in p.buildings and "grain_farmer" not in state.board
    assert p.printed[1] is False
    sound(state)


def test_A62_cubes_of_a_covered_building_are_exhausted():
    state = start()
    put_cube(state, 0, "home_2", "farmer", 0)
    state, _ = place_on(play(state, "build", "build:timber_worker")[0], "home_2")
    assert state.seats[0].exhausted[0] == 1 and state.seats[0].work[2:4] == [-1, -1]


def test_E6_A63_window_factory_over_the_glassworks_that_made_its_glass():
    state = start()
    build_on(state, 0, "home_3", "glass_worker")  # built earlier over the potato farm
    state, _ = place_on(play(state, "build", "build:windows_artisan")[0], "home_3")
    if kind(state) == "pay":
        state, _ = play(state, "pay:fw")  # timber by a farmer on the sawmill, glass by a worker on the glassworks
    p = state.seats[0]
    assert p.buildings[2] == "windows_artisan" and state.board["glass_worker"] == 2
    assert p.exhausted[1] == 1 and p.work[0] == 0  # the worker went to the exhausted area; a farmer on the sawmill
    sound(state)


def test_A64_one_removal_per_build_action_never_a_printed_building():
    state = start()
    build_on(state, 0, "home_12", "timber_worker")
    build_on(state, 0, "home_13", "coal_worker")
    state, _ = play(state, "build")
    assert "remove" in moves(state)
    state, _ = play(state, "remove")
    assert moves(state) == ["remove:home_12", "remove:home_13"]
    err = refused(state, 0, "remove:home_1", "anno1800.error.printed_building")
    assert err.params == {"field": "home_1", "building": "timber_farmer"}
    state, events = play(state, "remove:home_12")
    assert state.board["timber_worker"] == 2 and state.seats[0].buildings[11] == ""
    assert kind(state) == "build" and "remove" not in moves(state)
    refused(state, 0, "remove", "anno1800.error.one_removal")
    sound(state)


def test_A64_the_removal_may_come_between_ships():
    state = yards_game(1)
    build_on(state, 0, "home_14", "timber_worker")
    state, _ = play(state, "build")
    state = _ship(state, "trade_ship_1", "home_19")
    state, events = play(state, "remove", "remove:home_14")
    assert "timber_worker" not in state.seats[0].buildings and kind(state) == "ships"


def test_A64_a_removal_cannot_leave_the_action_empty():
    state = start()
    set_cubes(state, 0, {"farmer": 0, "worker": 1, "artisan": 0})
    state.seats[0].trade_used = 2  # no trade token
    state.board["timber_worker"] = state.board["shipyard_1"] = 0  # nothing free left on the board
    build_on(state, 0, "home_12", "coal_worker")  # its coal is the only way to build (bricks_worker)
    build_on(state, 0, "home_13", "soap_worker")
    put_cube(state, 0, "home_13", "worker", 0)
    put_cube(state, 0, "home_13", "worker", 1)
    state, _ = play(state, "build")
    assert moves(state) == ["build:bricks_worker", "remove"]
    state, _ = play(state, "remove")
    assert moves(state) == ["remove:home_13"]
    err = refused(state, 0, "remove:home_12", "anno1800.error.nothing_left_to_build")
    assert err.params == {"field": "home_12"}


def test_A65_no_identical_industry():
    state = start()
    build_on(state, 0, "home_12", "coal_worker")
    state, _ = play(state, "build")
    err = refused(state, 0, "build:coal_worker", "anno1800.error.identical_industry")
    assert err.params == {"building": "coal_worker"}


def test_A66_a_worker_alternative_of_a_printed_industry_is_not_identical():
    state, _ = play(start(), "build", "build:coal_worker", "field:home_12", "pay:f")
    p = state.seats[0]
    assert "coal_worker" in p.buildings and "coal_artisan" in p.buildings


def test_A66_german_rule_option_makes_the_alternative_cover_the_printed_one():
    state = start(options={"alternatives": "cover_printed"})
    state, events = play(state, "build", "build:timber_worker")  # one place only: taken at once
    assert state.seats[0].buildings[0] == "timber_worker" and "timber_farmer" not in state.seats[0].buildings
    state, _ = play(start(options={"alternatives": "cover_printed"}), "build")
    state.turn.steps.append(Step(kind="printed", item="timber_worker"))  # as if the player reached the choice
    err = refused(state, 0, "field:home_2", "anno1800.error.must_cover")
    assert err.params == {"building": "timber_worker", "printed": "timber_farmer"}


def yards_game(*strengths):
    """Seat 0 with the printed shipyard_1 plus shipyards of the given strengths, lots of cubes and tokens."""
    state = start()
    for field, s in zip(("home_12", "home_13", "home_14", "home_15"), strengths):
        build_on(state, 0, field, f"shipyard_{s}")
    state.seats[0].card_trade = 20
    return state


def test_A67_any_number_of_shipyards_and_ships():
    state = yards_game(1, 2, 3)
    state, _ = play(state, "build", "build:shipyard_2", "field:home_15")
    state = _pay_first(state)
    assert sorted(b for b in state.seats[0].buildings if b.startswith("shipyard")) == \
        ["shipyard_1", "shipyard_1", "shipyard_2", "shipyard_2", "shipyard_3"]


def _pay_first(state):
    while kind(state) in ("pay", "partner", "tokens"):
        state, _ = play(state, moves(state)[0])
    return state


def _ship(state, ship, field):
    state, _ = play(state, f"build:{ship}", f"field:{field}")
    return _pay_first(state)


def test_A68_A71_each_shipyard_builds_one_ship_per_action():
    state = yards_game(1)  # two strength-1 shipyards
    state, _ = play(state, "build")
    state = _ship(state, "trade_ship_1", "home_19")
    state = _ship(state, "trade_ship_1", "home_20")
    assert kind(state) == "ships"
    refused(state, 0, "build:trade_ship_1", "anno1800.error.no_shipyard")
    assert not any(m.startswith("build:") for m in moves(state))


def test_A69_A70_strength_and_no_combining():
    state = yards_game(1)  # two strength-1 shipyards
    state, _ = play(state, "build")
    err = refused(state, 0, "build:trade_ship_2", "anno1800.error.no_shipyard")
    assert err.params == {"strength": 2}


def test_A72_any_shipyard_builds_either_kind():
    state = start()  # only the printed strength-1 shipyard
    build_on(state, 1, "home_12", "weapons_artisan")
    state, _ = play(state, "build")
    assert {"build:trade_ship_1", "build:exploration_ship_1"} <= set(moves(state))


def test_A73_a_new_ship_holds_its_tokens_at_once():
    state = yards_game(2)
    state.seats[0].card_trade = 0
    state, _ = play(state, "build")
    state = _ship(state, "trade_ship_2", "home_19")  # paid with cubes only: sails, goods, timber
    p = state.seats[0]
    assert p.buildings[18] == "trade_ship_2" and tokens(p) == (4, 1) and p.trade_used == 0


def test_E7_A74_ships_paid_with_the_tokens_of_a_ship_just_built():
    # Lisa: shipyards 1, 1, 2; two farmers (timber), two artisans (sails); Andreas makes goods and weapons.
    state = start()
    build_on(state, 0, "home_12", "shipyard_1")
    build_on(state, 0, "home_13", "shipyard_2")
    build_on(state, 1, "home_12", "weapons_artisan")
    state, _ = play(state, "build", "build:trade_ship_2", "field:home_19")
    assert "pay:fta" in moves(state)  # timber by a farmer, goods traded, sails by an artisan
    gold = state.seats[1].gold
    state, _ = play(state, "pay:fta")
    p = state.seats[0]
    assert tokens(p) == (2, 1) and p.trade_used == 2  # the 2 starting tokens paid the goods; the new ship's 2
    assert kind(state) == "ships"
    state, events = play(state, "build:exploration_ship_1", "field:home_20")
    if kind(state) == "pay":
        state, events = play(state, "pay:fat")  # timber, sails made; weapons traded with the new tokens
    assert [e.params["resource"] for e in events if e.kind == "traded"] == ["weapons"]
    assert state.seats[1].gold == gold + 2
    p = state.seats[0]
    assert p.buildings[18:20] == ["trade_ship_2", "exploration_ship_1"] and tokens(p) == (0, 2)
    assert p.district[2] == 0  # no artisan left
    sound(state)
