"""Torture (O139-O144) and the rulebook's example: 5 missing coins paid with 1 follower, 2 trading stations and 2
development points."""

from __future__ import annotations

from rules.orleans.torture import dev_can_drop

from .helpers import G, first, give, goods, kinds, notations, play, put, refused, sound, start, tech, tile, to_event


def _tortured(coins=0):
    """Seat 0 will owe 5 coins in a Harvest without food, holding ``coins``."""
    state = start(2)
    state.seats[0].coins = coins
    return state


def coins0(state):
    state.seats[0].coins = 0
    return state


def test_O139_pay_every_coin_first():
    state = _tortured(coins=2)
    state, events = to_event(state, "harvest")
    p = state.seats[0]
    assert p.coins == 0 and p.debt == 3 and p.decision == "torture"
    assert first(events, "coins_paid").params == {"amount": 2, "reason": "harvest"}
    assert first(events, "tortured").params == {"debt": 3, "reason": "harvest"}
    assert G.pending(state, 0).params == {"debt": 3}


def test_O140_each_missing_coin_costs_one_item_of_six_kinds():
    state = _tortured()
    give(state, 0, "knight")
    state.seats[0].dev = 2
    goods(state, 0, wool=1)
    tile(state, 0, "school")
    tech(state, 0)
    state.seats[0].built, state.seats[0].stations = ["tours"], 9
    state, _ = to_event(state, "harvest")  # no food: 5 coins owed
    assert set(notations(state, 0)) == {"give:station:tours", "give:station:supply", "give:follower", "give:dev",
                                        "give:good:wool", "give:tile:school", "give:tech:supply"}
    for move in ("give:good:wool", "give:tile:school", "give:tech:supply", "give:dev"):
        debt = state.seats[0].debt
        state, events = play(state, 0, move)
        assert state.seats[0].debt == debt - 1 and "gave_up" in kinds(events)
    state, events = play(state, 0, "give:station:supply")
    assert state.seats[0].debt == 0 and "event_resolved" in kinds(events)
    sound(state)


def test_O141_a_follower_given_up_is_always_a_neutral_one():
    for seed in range(8):
        state = coins0(start(2, seed=seed))
        give(state, 0, "own_farmer", "own_boatman", "own_trader", "own_craftsman", "monk")
        state, _ = to_event(state, "harvest")
        state, events = play(state, 0, "give:follower")
        gave = first(events, "gave_up")
        assert gave.params == {"item": "follower", "what": "monk"} and gave.reveals
        assert "monk" not in state.seats[0].bag
    only_coloured = coins0(start(2))
    give(only_coloured, 0, "own_farmer")
    only_coloured, _ = to_event(only_coloured, "harvest")
    assert "give:follower" not in notations(only_coloured, 0)
    refused(only_coloured, 0, "give:follower", "orleans.error.no_neutral_in_bag")


def test_O142_development_never_back_onto_or_past_a_coin_space():
    assert [dev_can_drop(p) for p in (0, 1, 6, 7, 8, 9, 12, 13, 14)] == [
        False, True, True, False, False, True, False, False, True]
    state = _tortured()
    state.seats[0].dev = 8
    state, _ = to_event(state, "harvest")
    refused(state, 0, "give:dev", "orleans.error.dev_blocked")
    state = _tortured()
    state.seats[0].dev = 9
    state, events = to_event(state, "harvest")
    state, events = play(state, 0, "give:dev")
    assert state.seats[0].dev == 8 and first(events, "level_changed").params == {"level": 2}


def test_O143_what_is_given_up_leaves_the_game():
    state = _tortured()
    give(state, 0, "knight")
    goods(state, 0, brocade=1)
    market = list(state.goods)
    supply = list(state.supply)
    state, _ = to_event(state, "harvest")
    state, _ = play(state, 0, "give:good:brocade", "give:follower")
    assert state.goods == market and state.supply == supply
    assert state.lost == ["0:good:brocade", "0:follower:knight"]
    sound(state)


def test_O144_a_station_from_the_map_or_from_the_supply():
    state = _tortured()
    state.seats[0].built, state.seats[0].stations = ["tours", "orleans"], 8
    state, _ = to_event(state, "harvest")
    state, _ = play(state, 0, "give:station:tours", "give:station:supply")
    assert state.seats[0].built == ["orleans"] and state.seats[0].stations == 7
    sound(state)


def test_torture_example_one_follower_two_stations_two_development_points():
    """The rulebook: 'if you owe 5 coins you could give 1 follower, 2 trading stations and 2 development points'."""
    state = _tortured()
    give(state, 0, "farmer")
    state.seats[0].dev = 11
    state, _ = to_event(state, "harvest")
    assert state.seats[0].debt == 5
    state, _ = play(state, 0, "give:follower", "give:station:supply", "give:station:supply", "give:dev", "give:dev")
    p = state.seats[0]
    assert p.debt == 0 and p.stations == 8 and p.dev == 9 and p.bag == {}
    sound(state)


def test_a_placed_technology_tile_or_a_tile_with_followers():
    state = _tortured()
    put(state, 0, "castle", "tech", "boatman")
    tile(state, 0, "library")
    put(state, 0, "library", "knight")
    state, _ = to_event(state, "harvest")
    assert "give:tech:castle" in notations(state, 0)
    state, events = play(state, 0, "give:tech:castle", "give:tile:library")
    assert "tech" not in state.seats[0].slots and state.seats[0].bag.get("knight") == 1
    assert state.seats[0].tiles == [] and "library" not in state.stacks[0]
    sound(state)


def test_nothing_left_to_give_forgives_the_rest():
    state = _tortured()
    state.seats[0].stations = 0
    state.lost += ["0:station:supply"] * 10
    state, events = to_event(state, "harvest")
    assert first(events, "debt_forgiven").params == {"amount": 5} and state.seats[0].debt == 0
    sound(state)
