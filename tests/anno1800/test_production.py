"""Production, exhausting cubes and naval tokens (spec §5.1, §5.2; checklist A20-A29, E1-E3)."""

from __future__ import annotations

from rules.anno1800.islands import cubes_on, field_index, tokens

from .helpers import build_on, free_field, moves, play, put_cube, refused, set_cubes, set_hand, ship_tokens
from .helpers import give_card, sound, start

BREWERY = "home_12"  # the first free coast field (home_11 holds the printed shipyard)

# fw02 needs bricks + beer: bricks from the printed brickworks (artisans), beer from a brewery (workers).


def brewery_game(**kw):
    state = start(**kw)
    set_hand(state, 0, "fw02", "fw03")
    build_on(state, 0, BREWERY, "beer_worker")
    return state


def _cubes(state, field, seat=0):
    p = state.seats[seat]
    return cubes_on(p, field_index(p, field))


def test_E1_A20_a_cube_on_a_free_workplace_makes_one_unit():
    state = brewery_game()
    assert "play:fw02" in moves(state)
    assert moves(play(state, "play:fw02")[0]) == ["pay:aw", "pay:tw"]  # bricks made or traded, beer made
    state, events = play(state, "play:fw02", "pay:aw")
    made = [e.params for e in events if e.kind == "produced"]
    assert sorted((m["resource"], m["tier"]) for m in made) == [("beer", "worker"), ("bricks", "artisan")]
    assert _cubes(state, BREWERY) == [1]  # the brewery holds one worker
    assert state.seats[0].district[:3] == [4, 2, 1] and "fw02" in state.seats[0].played
    sound(state)


def test_A21_a_workplace_takes_only_its_tier():
    state, _ = play(brewery_game(), "play:fw02")
    err = refused(state, 0, "pay:aa", "anno1800.error.no_workplace")  # beer by an artisan
    assert err.params == {"resource": "beer", "tier": "artisan"}
    state2 = brewery_game()
    set_cubes(state2, 0, {"worker": 0})  # the brewery needs a worker: none at home, nobody to trade with
    err = refused(state2, 0, "play:fw02", "anno1800.error.no_source")
    assert err.params == {"resource": "beer"}


def test_A22_two_workplaces_and_an_occupied_one_cannot_produce():
    state = brewery_game()
    put_cube(state, 0, BREWERY, "worker", 0)
    put_cube(state, 0, BREWERY, "worker", 1)
    assert "play:fw02" not in moves(state)  # both workplaces taken, nobody to trade beer from
    refused(state, 0, "play:fw02", "anno1800.error.no_source")


def test_A23_the_cube_stays_on_its_workplace():
    state, _ = play(brewery_game(), "play:fw02", "pay:aw")
    assert _cubes(state, BREWERY) == [1]
    state, _ = play(state, "end", "festival")  # and the other player's turn
    assert _cubes(state, BREWERY, 0) == [1]  # still there on seat 0's next turn


def test_A24_resources_are_never_kept_for_a_later_turn():
    # The only resource that can be held is a card's free New World resource: lost at the end of the turn.
    state = start()
    give_card(state, 0, "aei29", where="played")
    state, _ = play(state, "activate:aei29", "take:cocoa")
    assert state.turn.held == ["cocoa"]
    state, events = play(state, "festival")  # nothing else to do: the turn ends by itself
    assert state.current == 1
    assert any(e.kind == "resources_lost" and e.params["resources"] == ["cocoa"] for e in events)
    assert state.turn.held == []


def test_A25_no_production_on_another_players_industry():
    state = start()
    set_hand(state, 0, "fw02")
    build_on(state, 1, free_field(state, 1, "coast"), "beer_worker")
    ship_tokens(state, 0, trade_used=2)  # no trade token: the other brewery cannot help
    refused(state, 0, "play:fw02", "anno1800.error.cannot_pay")


def test_E2_A26_a_cube_cost_exhausts_a_cube_from_its_district():
    state = start()  # goods_worker costs 1 bricks + 1 exhausted artisan (E2)
    state, events = play(state, "build", "build:goods_worker", "field:home_12")
    assert moves(state) == ["pay:a", "pay:t"]  # bricks from the brickworks, or traded from seat 1
    state, events = play(state, "pay:a")
    p = state.seats[0]
    assert p.exhausted == [0, 0, 1, 0, 0] and p.district == [4, 3, 0, 0, 0]
    assert _cubes(state, "home_7") == [2]  # the printed brickworks  # the other artisan made the bricks
    assert "goods_worker" in p.buildings
    sound(state)


def test_A27_exhausted_cubes_cannot_be_used():
    state = start()
    set_cubes(state, 0, {"artisan": 0}, {"artisan": 2})
    state, _ = play(state, "build")
    err = refused(state, 0, "build:goods_worker", "anno1800.error.no_cube")  # its exhausted artisan
    assert err.params == {"tier": "artisan", "need": 1, "have": 0}


def test_E3_A28_a_token_cost_exhausts_tokens_of_its_kind():
    state = start()  # E3: a card needing 2 exploration tokens; ships T1(1) T1(1) E(2)
    set_hand(state, 0, "fw36")
    build_on(state, 0, "home_19", "exploration_ship_2")
    build_on(state, 0, "home_18", "exploration_ship_1")  # replace the printed E1 ...
    state.seats[0].buildings[17] = ""  # ... and leave exactly T1, T1, E2
    state.board["exploration_ship_1"] += 1
    assert tokens(state.seats[0]) == (2, 2)
    state, _ = play(state, "play:fw36")
    p = state.seats[0]
    assert p.explore_used == 2 and p.trade_used == 0 and tokens(p) == (2, 0)
    sound(state)


def test_A29_trade_and_exploration_tokens_do_not_replace_each_other():
    state = start()
    set_hand(state, 0, "fw36")  # 2 exploration tokens; the player has 1 exploration and 2 trade tokens
    err = refused(state, 0, "play:fw36", "anno1800.error.not_enough_tokens")
    assert err.params == {"kind": "exploration", "need": 2, "have": 1}
