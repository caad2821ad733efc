"""What the search's playouts think a card or a stage is worth (``rules.wonders.worth``), and how a playout's turn
follows it (``Pricer.playout_move`` with a spread)."""

from __future__ import annotations

import random

import pytest

from rules.wonders import worth
from rules.wonders.data import BLUE, CARDS, GREEN, RED
from rules.wonders.economy import land_shields, stages_of
from rules.wonders.orders import Pricer

from .helpers import G, coins, give, hand, start, supply, supply_naval


def test_a_science_card_is_worth_more_for_each_symbol_of_its_kind_held():
    state = start(3)
    alone = worth.card_worth(state, 0, "apothecary")
    give(state, 0, "lodge")  # a compass
    one = worth.card_worth(state, 0, "apothecary")
    give(state, 0, "workshop")  # a gear: another kind
    assert worth.card_worth(state, 0, "apothecary") == one
    give(state, 0, "academy")  # a second compass
    assert alone < one < worth.card_worth(state, 0, "apothecary")


def test_shields_are_worth_the_conflicts_they_would_turn():
    """Level with both neighbours, a shield turns two ties into victories; far behind both, it turns nothing."""
    state = start(3)
    level = worth.card_worth(state, 0, "barracks")
    give(state, 1, "walls", "stables")
    give(state, 2, "walls", "stables")
    assert [land_shields(state, s) for s in range(3)] == [0, 4, 4]
    behind = worth.card_worth(state, 0, "barracks")
    assert level - behind == pytest.approx(2 * 1)  # two victories of the first age, 1 token each


def test_a_producer_is_worth_less_where_the_city_makes_that_resource_already():
    state = start(3)
    fresh = worth.card_worth(state, 0, "loom")
    give(state, 0, "loom")
    assert worth.card_worth(state, 0, "loom") < fresh
    state.age = 3
    assert worth.card_worth(state, 0, "loom") < fresh  # late in the game production is worth little


def test_a_playout_with_no_spread_builds_the_card_worth_most_that_it_can_pay():
    state = coins(start(3), 0, 0)
    hand(state, 0, "lumber_yard", "pawnshop", "altar", "baths")
    rated = {c: worth.card_worth(state, 0, c) for c in state.seats[0].hand}
    assert rated["baths"] == rated["pawnshop"] > rated["altar"] > rated["lumber_yard"]
    move = Pricer(state, 0).playout_move(random.Random(1), 0.0)
    assert move.notation == "build:pawnshop"  # the Baths ask for stone the city lacks and no coins to buy it
    assert move.notation in {m.notation for m in G.playout_moves(state, 0)}


def test_a_playout_tucks_the_card_worth_least_under_a_stage_worth_more_than_any_card():
    state = coins(start(3), 0, 0)
    player = state.seats[0]
    stage = stages_of(player)[0]
    supply(state, 0, stage.cost)
    hand(state, 0, "altar", "theater", "clay_pool")
    assert worth.stage_worth(stage) > max(worth.card_worth(state, 0, c) for c in player.hand)
    assert Pricer(state, 0).playout_move(random.Random(1), 0.0).notation == "stage:clay_pool"


def test_a_playout_discards_the_card_worth_least_when_nothing_can_be_played():
    state = coins(start(3), 0, 0)
    hand(state, 0, "baths", "aqueduct")
    player = state.seats[0]
    player.stages = ["lumber_yard"] * len(stages_of(player))  # every stage built
    assert Pricer(state, 0).playout_move(random.Random(1), 0.0).notation == "discard:baths"


def test_a_wide_spread_tries_every_playable_card_first_sometimes():
    """The spread is random: with a wide one, every card that can be built is built in some draws."""
    state = start(3)
    player = state.seats[0]
    drawn = {Pricer(state, 0).playout_move(random.Random(i), 100.0).notation for i in range(400)}
    builds = {m.notation for m in G.playout_moves(state, 0) if m.action == "build"}
    assert builds <= drawn <= {m.notation for m in G.playout_moves(state, 0)}
    assert len(builds) >= 2 and player.hand


def test_a_ship_step_is_worth_what_its_next_space_adds():
    """Armada: a step of the red ship adds a naval shield; the blue ship's last step adds most points (7 -> 10 and
    a naval shield); a green step is worth an island only where the space draws one."""
    assert worth.step_worth([0, 0, 0, 0], RED) == worth.step_worth([5, 0, 0, 0], RED) > 0
    assert worth.step_worth([0, 0, 5, 0], BLUE) > worth.step_worth([0, 0, 0, 0], BLUE) > 0
    assert worth.step_worth([0, 0, 0, 1], GREEN) > worth.step_worth([0, 0, 0, 0], GREEN) == 0


def test_a_playout_takes_the_naval_construction_when_its_step_outweighs_its_coins():
    """With no spread, a card built with its ship's step when that step is worth more than the coins it costs, and
    without it when the step brings nothing (the green ship onto a space that draws no island)."""
    state = coins(start(3, {"armada": True}), 0, 0)
    hand(state, 0, "baths")
    supply_naval(state, 0, "blue", CARDS["baths"].cost)
    drawn = {Pricer(state, 0).playout_move(random.Random(i), 0.0).notation for i in range(20)}
    assert drawn == {"build:baths:ship"} and "build:baths" in {m.notation for m in G.playout_moves(state, 0)}
    state = coins(start(3, {"armada": True}), 0, 0)
    hand(state, 0, "apothecary")
    supply_naval(state, 0, "green", CARDS["apothecary"].cost)
    assert worth.step_worth(state.seats[0].ships, GREEN) == 0
    assert "build:apothecary:ship" in {m.notation for m in G.playout_moves(state, 0)}
    assert {Pricer(state, 0).playout_move(random.Random(i), 0.0).notation for i in range(20)} == {"build:apothecary"}
