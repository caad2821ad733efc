"""The hour-glass events (O128-O138)."""

from __future__ import annotations

from rules.orleans.data import KIND_INDEX, TRACK

from .helpers import G, first, give, goods, kinds, notations, play, refused, sound, start, to_event
from .test_places import acting


def test_O128_round_one_is_always_pilgrimage():
    for seed in range(15):
        for players in (2, 3, 4):
            assert G.setup(players, seed=seed).event == "pilgrimage"


def test_O129_no_monk_from_the_supply_in_a_pilgrimage_round():
    state = acting(start(2), "monastery", "scholar", "own_trader", event="pilgrimage")
    refused(state, 0, "act:monastery", "orleans.error.pilgrimage")
    other = acting(start(2), "monastery", "scholar", "own_trader", event="taxes")
    other, _ = play(other, 0, "act:monastery")
    assert other.seats[0].bag.get("monk") == 1


def test_O130_taxes_one_coin_per_full_three_goods():
    state = start(3)
    goods(state, 0, grain=2, wine=3, wool=2)  # 7 goods: 2 coins
    goods(state, 1, cheese=2)  # 2 goods: nothing
    goods(state, 2, brocade=3)
    state, events = to_event(state, "taxes")
    assert [p.coins for p in state.seats] == [3, 5, 4]
    assert [e.params for e in events if e.kind == "coins_paid"] == [{"amount": 2, "reason": "taxes"},
                                                                    {"amount": 1, "reason": "taxes"}]


def test_O131_income_pays_the_level():
    state = start(2)
    state.seats[1].dev = 4
    state, _ = to_event(state, "income")
    assert [p.coins for p in state.seats] == [6, 7]


def test_O132_trading_day_pays_a_coin_per_station():
    state = start(2)
    state.seats[0].built, state.seats[0].stations = ["orleans", "tours"], 8
    state, _ = to_event(state, "market_day")
    assert [p.coins for p in state.seats] == [7, 5]


def test_O133_harvest_gives_back_one_food_of_the_players_choice():
    state = start(2)
    goods(state, 0, grain=1, wine=2, wool=1)
    goods(state, 1, cheese=2)
    market = list(state.goods)
    state, events = to_event(state, "harvest")
    assert state.seats[0].decision == "harvest" and notations(state, 0) == ["food:grain", "food:wine"]
    assert state.seats[1].goods[1] == 1  # a single kind of food: given at once
    refused(state, 0, "food:cheese", "orleans.error.no_good")
    state, events = play(state, 0, "food:wine")
    assert state.seats[0].goods == [1, 0, 1, 1, 0]
    assert state.goods[2] == market[2] + 1 and first(events, "food_given").params == {"good": "wine"}


def test_O134_no_food_pays_five_coins():
    state = start(2)
    goods(state, 0, wool=3)
    state, _ = to_event(state, "harvest")
    assert state.seats[0].coins == 0 and state.seats[0].goods[3] == 3


def test_O135_O137_plague_returns_a_follower_to_the_supply_and_no_track_moves():
    state = start(2)
    give(state, 0, "knight")
    state.seats[0].tracks[TRACK["knight"].index] = 2
    supply = state.supply[KIND_INDEX["knight"]]
    state, events = to_event(state, "plague")
    plague = first(events, "plague")
    assert plague.params == {"follower": "knight", "lost": True} and plague.reveals
    assert "knight" not in state.seats[0].bag and state.supply[KIND_INDEX["knight"]] == supply + 1
    assert state.seats[0].tracks[TRACK["knight"].index] == 2  # O137
    sound(state)


def test_O136_a_coloured_follower_drawn_means_no_loss():
    state = start(2)
    give(state, 0, "own_trader")
    state, events = to_event(state, "plague")
    assert first(events, "plague").params == {"follower": "own_trader", "lost": False}
    assert state.seats[0].bag == {"own_trader": 1}


def test_plague_with_an_empty_bag_loses_nothing():
    state, events = to_event(start(2), "plague")
    assert "plague" not in kinds(events)


def test_O138_followers_returned_by_plague_can_be_taken_again():
    state = start(2)
    k = KIND_INDEX["monk"]
    state.seats[1].bag["monk"] = state.supply[k]  # every monk is in seat 1's bag
    state.supply[k] = 0
    blocked = acting(state.clone(), "monastery", "scholar", "own_trader", event="taxes")
    refused(blocked, 0, "act:monastery", "orleans.error.supply_empty")
    state.seats[1].bag = {"monk": 1}
    state.supply[k] = 7
    state, _ = to_event(state, "plague")
    assert state.supply[k] == 8 and state.seats[1].bag == {}
    state = acting(state, "monastery", "scholar", "own_trader", event="taxes")
    state, _ = play(state, 0, "act:monastery")
    assert state.seats[0].bag.get("monk") == 1
