"""Trade with other players and New World resources (spec §5.3, §5.4; checklist A30-A43, E4).

A payment with a single way is taken at once; several ways open the ``pay`` decision, and a trade with several
possible partners the ``partner`` decision.
"""

from __future__ import annotations

import pytest

from rules.anno1800.islands import tokens

from .helpers import build_on, kind, moves, play, put_cube, refused, set_cubes, set_hand, ship_tokens, sound, start

# fw02 needs bricks + beer; fw11 canned food + beer; aei01 steel beams + cigars + high-wheelers.


def beer_from(*seats, players=3):
    """Seat 0 holds fw02 and has no brewery; the given seats own one."""
    state = start(players)
    set_hand(state, 0, "fw02", "fw03")
    for seat in seats:
        build_on(state, seat, "home_12", "beer_worker")
    return state


def traded(events):
    return [e.params for e in events if e.kind == "traded"]


def wheeler_game(players=3, factories=(1,), cigars=1, extra=3):
    state = start(players)
    set_hand(state, 0, "aei01", "fw03")
    for seat in factories:
        build_on(state, seat, "home_12", "high_wheelers_engineer")
    build_on(state, cigars, "home_13", "cigars_artisan")
    ship_tokens(state, 0, card_trade=extra)
    return state


def test_A30_a_trade_needs_another_player_making_the_resource():
    state = start(3)
    set_hand(state, 0, "fw02")
    err = refused(state, 0, "play:fw02", "anno1800.error.no_source")
    assert err.params == {"resource": "beer"}
    assert "play:fw02" in moves(beer_from(2))


def test_A31_trade_price_by_tier():
    state, events = play(beer_from(1), "play:fw02")  # one way: bricks made (a), beer traded (t) for 1 token
    assert traded(events) == [{"resource": "beer", "partner": 1, "price": 1}]
    assert tokens(state.seats[0]) == (1, 1)
    state = beer_from(1)
    ship_tokens(state, 0, card_trade=1)  # 3 trade tokens: the bricks can be traded too, for 2
    state, _ = play(state, "play:fw02")
    assert moves(state) == ["pay:at", "pay:tt"]
    state, _ = play(state, "pay:tt")
    assert kind(state) == "partner" and moves(state) == ["partners:11", "partners:21"]


def test_A31_engineer_industries_cost_three():
    state, events = play(wheeler_game(), "play:aei01")
    assert sorted((p["resource"], p["price"]) for p in traded(events)) == [("cigars", 2), ("high_wheelers", 3)]
    assert tokens(state.seats[0]) == (0, 1)


def test_A32_a_partner_with_two_versions_is_priced_by_its_cheaper_one():
    state = start(3)
    set_hand(state, 0, "fw02", "fw03")
    build_on(state, 0, "home_12", "beer_worker")
    set_cubes(state, 0, {"artisan": 0})  # no artisan at home: the bricks must be traded
    build_on(state, 1, "home_13", "bricks_worker")  # seat 1: printed (artisan, 2) and worker (1) brickworks
    state, _ = play(state, "play:fw02")
    assert kind(state) == "partner" and moves(state) == ["partners:1", "partners:2"]
    state, events = play(state, "partners:1")
    assert traded(events) == [{"resource": "bricks", "partner": 1, "price": 1}]
    assert tokens(state.seats[0]) == (1, 1)


def test_A33_the_partner_gets_one_gold_per_trade():
    state = wheeler_game()
    gold = state.seats[1].gold
    state, events = play(state, "play:aei01")  # 5 tokens in two trades with seat 1
    assert state.seats[1].gold == gold + 2
    assert [(e.seat, e.params) for e in events if e.kind == "gold_gained"] == \
        [(1, {"amount": 1, "reason": "trade"})] * 2


def test_A34_A35_the_partner_cannot_refuse_and_no_cube_of_theirs_moves():
    state = beer_from(1)
    put_cube(state, 1, "home_12", "worker", 0)
    put_cube(state, 1, "home_12", "worker", 1)  # both workplaces of seat 1's brewery are taken
    before = [(list(p.district), list(p.work)) for p in state.seats[1:]]
    state, _ = play(state, "play:fw02")  # no question is put to seat 1
    assert [(list(p.district), list(p.work)) for p in state.seats[1:]] == before
    assert "fw02" in state.seats[0].played and state.current == 0
    sound(state)


def test_A36_one_trade_per_resource_per_turn():
    state = start(3)
    set_hand(state, 0, "fw02", "fw11")  # both need beer
    build_on(state, 1, "home_12", "beer_worker")
    build_on(state, 0, "home_12", "canned_food_worker")
    ship_tokens(state, 0, card_trade=4)
    state.turn.actions = 2
    state, _ = play(state, "play:fw02", "pay:at")
    assert state.turn.traded == ["beer"]
    err = refused(state, 0, "play:fw11", "anno1800.error.no_source")  # no second beer trade this turn
    assert err.params == {"resource": "beer"}


def test_A37_several_resources_in_one_turn():
    state, _ = play(wheeler_game(3, factories=(1,), cigars=2), "play:aei01")
    assert sorted(state.turn.traded) == ["cigars", "high_wheelers"]


def test_A38_no_trade_with_oneself():
    state = start(3)
    set_hand(state, 0, "fw02")
    build_on(state, 0, "home_12", "beer_worker")
    set_cubes(state, 0, {"worker": 0})  # owns the brewery but has no worker: only another player could help
    refused(state, 0, "play:fw02", "anno1800.error.no_source")
    state = beer_from(1)
    ship_tokens(state, 0, card_trade=1)
    state, _ = play(state, "play:fw02", "pay:tt")
    err = refused(state, 0, "partners:01", "anno1800.error.trade_with_self")
    assert err.params == {}
    err = refused(state, 0, "partners:12", "anno1800.error.partner_lacks")  # seat 2 makes no beer
    assert err.params == {"resource": "beer", "partner": 2}


def test_A39_new_world_raw_resources_cannot_be_traded():
    state = start(3)
    state.seats[1].new_world.append("nwi02")  # seat 1 shows cotton; seat 0 has no tile
    state.new_world_tiles.remove("nwi02")
    state, _ = play(state, "build")
    err = refused(state, 0, "build:cotton_fabric_artisan", "anno1800.error.no_new_world_resource")
    assert err.params == {"resource": "cotton"}


def test_A39_cubes_and_tokens_are_not_goods():
    # A cube or token cost is never bought: goods_worker's exhausted artisan must be one's own.
    state = start(3)
    set_cubes(state, 0, {"artisan": 0})
    state, _ = play(state, "build")
    refused(state, 0, "build:goods_worker", "anno1800.error.no_cube")


def test_A40_products_of_new_world_resources_can_be_traded():
    state, events = play(wheeler_game(), "play:aei01")
    assert {"resource": "cigars", "partner": 1, "price": 2} in traded(events)  # cigars come from tobacco


def test_A41_own_new_world_tile_gives_a_resource_for_a_trade_token():
    state = start(2)
    state.seats[0].new_world.append("nwi02")  # cotton, coffee beans, caoutchouc
    state.new_world_tiles.remove("nwi02")
    state, _ = play(state, "build", "build:cotton_fabric_artisan", "field:home_12")
    assert moves(state) == ["pay:fn", "pay:tn"]  # timber made by a farmer or traded; cotton imported
    state, events = play(state, "pay:fn")
    assert [e.params for e in events if e.kind == "imported"] == [{"resource": "cotton", "count": 1}]
    assert tokens(state.seats[0]) == (1, 1)
    sound(state)


def test_A42_the_same_new_world_resource_several_times():
    state = start(2)
    state.seats[0].new_world.append("nwi02")
    state.new_world_tiles.remove("nwi02")
    build_on(state, 1, "home_12", "steam_motors_engineer")
    ship_tokens(state, 0, card_trade=4)
    state.turn.actions = 2  # as if an extra action had been gained
    state, _ = play(state, "build", "build:cotton_fabric_artisan", "field:home_12", "pay:fn")
    state, events = play(state, "build", "build:cotton_fabric_worker", "field:home_13")  # cotton + steam motors
    assert [e.params for e in events if e.kind == "imported"] == [{"resource": "cotton", "count": 1}]
    assert [p["resource"] for p in traded(events)] == ["steam_motors"] and tokens(state.seats[0]) == (1, 1)
    sound(state)


def test_A43_another_players_tile_does_not_help():
    state = start(2)
    state.seats[1].new_world.append("nwi02")
    state.new_world_tiles.remove("nwi02")
    state, _ = play(state, "build")
    refused(state, 0, "build:cotton_fabric_artisan", "anno1800.error.no_new_world_resource")


def test_E4_high_wheeler_from_a_partner_with_full_workplaces():
    state = wheeler_game(4, factories=(2, 3), cigars=1)  # Diana (2) and Maxim (3) make high-wheelers
    put_cube(state, 3, "home_12", "engineer", 0)
    put_cube(state, 3, "home_12", "engineer", 1)  # Maxim's workplaces are both taken
    state, _ = play(state, "play:aei01")
    assert kind(state) == "partner" and moves(state) == ["partners:12", "partners:13"]
    gold = state.seats[3].gold
    state, events = play(state, "partners:13")
    assert state.seats[3].gold == gold + 1
    assert {"resource": "high_wheelers", "partner": 3, "price": 3} in traded(events)
    assert tokens(state.seats[0]) == (0, 1) and "high_wheelers" in state.turn.traded
    sound(state)


@pytest.mark.parametrize("players", [3, 4])
def test_A36_partner_choices_name_every_opponent_making_it(players):
    state = beer_from(*range(1, players), players=players)
    state, _ = play(state, "play:fw02")
    assert moves(state) == [f"partners:{s}" for s in range(1, players)]
