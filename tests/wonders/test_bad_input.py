"""Bad input: every refused move raises IllegalMove with a specific code and leaves the state unchanged
(W22, W42, W48, W79, W83, AR16, AR18, AR28, AR65 and the follow-up decisions)."""

from __future__ import annotations

from .helpers import (
    G, coins, discard_pile, give, hand, islands, moves, others, play, refused, ships, stages, start, supply_naval,
    top_islands, turn, until,
)

A = {"armada": True}
NO_WOOD = ["alexandria", "ephesos", "halikarnassos"]


def test_a_card_not_in_the_hand():
    state = start(3)
    mine, theirs = state.seats[0].hand[0], state.seats[1].hand[0]
    assert theirs not in state.seats[0].hand
    for text in (f"build:{theirs}", f"stage:{theirs}", f"discard:{theirs}"):
        err = refused(state, 0, text, "wonders.error.card_not_in_hand")
        assert err.params == {"card": theirs}
    refused(state, 0, "build:palace", "wonders.error.card_not_in_hand")  # a card of another age
    assert f"discard:{mine}" in moves(state, 0)


def test_paying_with_resources_nobody_has():
    # Stockade costs wood: nobody of Alexandria, Ephesos, Halikarnassos makes any.
    state = start(3, boards=NO_WOOD, hands={1: {0: ["stockade"]}})
    coins(state, 30, 0)
    for plan in ("", ":l2r0", ":l0r2", ":l2r2"):
        refused(state, 0, f"build:stockade{plan}", "wonders.error.cannot_pay")


def test_an_invented_plan_buying_from_a_neighbour_who_does_not_sell():
    # Baths (1 stone): only the right neighbour (Giza, seat 2) makes stone.
    state = start(3, boards=["rhodos", "alexandria", "giza"], hands={1: {0: ["baths"]}})
    assert [m for m in moves(state, 0) if m.startswith("build:baths")] == ["build:baths:l0r2"]
    for plan in ("l2r0", "l0r1", "l0r4", "l1r1"):
        err = refused(state, 0, f"build:baths:{plan}", "wonders.error.no_such_plan")
        assert err.params["plans"] == ["l0r2"]
    refused(state, 0, "build:baths", "wonders.error.no_such_plan")  # it is not free either


def test_W42_paying_more_coins_than_owned():
    state = start(3, boards=["rhodos", "alexandria", "giza"], hands={1: {0: ["baths"]}})
    coins(state, 1, 0)
    refused(state, 0, "build:baths:l0r2", "wonders.error.cannot_pay")


def test_W22_the_same_structure_twice():
    state = start(3, hands={1: {0: ["altar"]}})
    give(state, 0, "altar")
    err = refused(state, 0, "build:altar", "wonders.error.already_built")
    assert err.params == {"card": "altar"}
    assert "discard:altar" in moves(state, 0)


def test_W79_olympia_free_build_cannot_duplicate():
    state = start(3, boards=["olympia", "rhodos", "giza"], hands={1: {0: ["barracks"]}})
    stages(state, 0, 2)
    give(state, 0, "barracks")
    refused(state, 0, "free:barracks", "wonders.error.already_built")


def test_choosing_twice_in_one_turn():
    state = start(3, hands={1: {0: ["altar", "theater"]}})
    state, _ = play(state, (0, "build:altar"))
    for text in ("build:theater", "build:altar", "discard:theater"):
        refused(state, 0, text, "wonders.error.already_chosen")
    assert state.seats[0].order == "build:altar"


def test_a_move_for_a_turn_that_is_over():
    # After the reveal nothing can be changed: the card is gone, and a seat that waits has nothing to decide.
    state = start(3, A, hands={1: {0: ["altar"], 1: ["apothecary"]}})
    ships(state, 1, green=1)
    supply_naval(state, 1, "green", "L")
    state, _ = turn(state, "build:altar", "build:apothecary:ship", f"discard:{state.seats[2].hand[0]}")
    assert G.active_seats(state) == frozenset({1})  # seat 1 explores; the turn is over for seat 0
    refused(state, 0, "discard:altar", "wonders.error.not_your_decision")
    refused(state, 0, "build:theater", "wonders.error.not_your_decision")
    state, _ = play(state, (1, f"island:{state.seats[1].offer[0]}"))
    assert state.turn == 2 and "altar" in state.seats[0].city
    refused(state, 0, "build:altar", "wonders.error.card_not_in_hand")


def test_AR18_naval_construction_with_a_brown_grey_or_purple_card():
    state = start(3, A)
    hand(state, 0, "lumber_yard", "loom", "workers_guild")
    give(state, 0, "quarry", "ore_vein", "clay_pool", "loom")
    coins(state, 20, 0)
    for card, colour in (("lumber_yard", "brown"), ("workers_guild", "purple")):
        err = refused(state, 0, f"build:{card}:ship", "wonders.error.naval_not_allowed")
        assert err.params == {"card": card, "colour": colour}
    hand(state, 0, "glassworks")
    refused(state, 0, "build:glassworks:ship", "wonders.error.naval_not_allowed")


def test_AR16_naval_construction_on_a_ship_at_position_6():
    state = start(3, A, hands={1: {0: ["altar", "stockade"]}})
    give(state, 0, "lumber_yard", "sawmill", "stone_pit", "quarry", "ore_vein", "foundry", "clay_pool",
         "brickyard", "loom", "press", "glassworks")
    coins(state, 20, 0)
    ships(state, 0, red=6, yellow=6, blue=6, green=6)
    for text, colour in (("build:altar:ship", "blue"), ("build:stockade:ship", "red"),
                         ("discard:altar:ship", "yellow"), ("stage:altar:ship", "red")):
        err = refused(state, 0, text, "wonders.error.ship_at_top")
        assert err.params == {"colour": colour}


def test_naval_construction_in_a_base_game():
    state = start(3, hands={1: {0: ["altar"]}})
    refused(state, 0, "build:altar:ship", "wonders.error.no_armada")
    refused(state, 0, "discard:altar:ship", "wonders.error.no_armada")


def test_AR28_one_paid_naval_construction_per_action():
    state = start(3, A, hands={1: {0: ["altar"]}})
    give(state, 0, "lumber_yard", "stone_pit", "ore_vein", "clay_pool", "loom", "press", "glassworks")
    refused(state, 0, "build:altar:ship:ship", "wonders.error.bad_plan")
    assert all(m.count(":ship") <= 1 for m in moves(state, 0))


def test_W48_a_stage_when_the_wonder_is_complete():
    state = start(3, hands={1: {0: ["altar"]}})
    give(state, 0, "sawmill", "brickyard", "clay_pool", "foundry", "ore_vein", "ore_vein")
    stages(state, 0, 3)
    refused(state, 0, "stage:altar", "wonders.error.no_stage_left")
    assert not [m for m in moves(state, 0) if m.startswith("stage:")]


def test_olympia_free_build_twice_in_an_age():
    state = start(3, boards=["olympia", "rhodos", "giza"], hands={1: {0: ["barracks"]}})
    stages(state, 0, 2)
    coins(state, 0, 0)
    state, _ = turn(state, "free:barracks", *others(state, 0))
    hand(state, 0, "baths", "guard_tower", *state.seats[0].hand[2:])
    err = refused(state, 0, "free:baths", "wonders.error.free_build_used")
    assert not err.params
    assert not [m for m in moves(state, 0) if m.startswith("free:")]


def test_free_build_without_olympia_or_with_nothing_to_waive():
    state = start(3, hands={1: {0: ["barracks", "altar"]}})
    refused(state, 0, "free:barracks", "wonders.error.no_free_build")
    state = start(3, boards=["olympia", "rhodos", "giza"], hands={1: {0: ["barracks", "altar"]}})
    stages(state, 0, 2)
    refused(state, 0, "free:altar", "wonders.error.nothing_to_waive")


def test_an_island_not_offered():
    state = start(3, A, hands={1: {0: ["apothecary"]}})
    give(state, 0, "loom", "glassworks", "press", "ore_vein", "clay_pool", "stone_pit", "lumber_yard")
    ships(state, 0, green=1)
    top_islands(state, 1, "bronze_island", "windblown_island", "inhabited_island", "lost_island")
    state, _ = turn(state, "build:apothecary:ship", *others(state, 0))
    assert sorted(state.seats[0].offer) == sorted(["bronze_island", "windblown_island", "inhabited_island",
                                                   "lost_island"])
    for island in ("foggy_island", "iron_harbor", "wild_island"):
        err = refused(state, 0, f"island:{island}", "wonders.error.island_not_offered")
        assert err.params == {"island": island}
    refused(state, 0, "discard:altar", "wonders.error.wrong_decision")


def test_a_move_by_a_seat_with_no_decision():
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b", hands={1: {0: ["altar"]}})
    give(state, 0, "foundry")
    state, _ = turn(state, "stage:altar", *others(state, 0))
    assert G.active_seats(state) == frozenset({0})
    for seat in (1, 2):
        refused(state, seat, f"discard:{state.seats[seat].hand[0]}", "wonders.error.not_your_decision")
        refused(state, seat, "revive:altar", "wonders.error.not_your_decision")
    refused(state, 7, "discard:altar", "error.not_a_player")


def test_W83_halikarnassos_bad_picks():
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b", hands={1: {0: ["altar"]}})
    give(state, 0, "foundry", "barracks")
    discard_pile(state, "barracks", "stockade")
    state, _ = turn(state, "stage:altar", *others(state, 0))
    refused(state, 0, "revive:barracks", "wonders.error.already_built")
    refused(state, 0, "revive:palace", "wonders.error.not_in_discard")
    refused(state, 0, "revive:stockade:ship", "wonders.error.unknown_colour")
    refused(state, 0, "revive:stockade:adv_red", "wonders.error.advance_not_allowed")
    assert "revive:barracks" not in moves(state, 0) and "revive:stockade" in moves(state, 0)


def test_W82_declining_halikarnassos_bad_forms():
    """``revive:none`` takes no ship and answers only a Halikarnassos decision."""
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b", hands={1: {0: ["altar"]}})
    refused(state, 0, "revive:none", "wonders.error.wrong_decision")
    give(state, 0, "foundry")
    state, _ = turn(state, "stage:altar", *others(state, 0))
    refused(state, 0, "revive:none:adv_red", "error.move_arity")
    refused(state, 1, "revive:none", "wonders.error.not_your_decision")
    assert G.parse_move("revive:none").args == ("none",)


def test_wrong_advance_choices():
    state = start(3, A)
    hand(state, 0, "map_room", *state.seats[0].hand[1:])
    give(state, 0, "lumber_yard", "clay_pool")
    ships(state, 0, red=6)
    top_islands(state, 2, "frothy_harbor")
    state, _ = turn(state, "build:map_room", *others(state, 0))
    assert G.pending(state, 0).kind == "advance"
    refused(state, 0, "advance:blue", "wonders.error.bad_advance")
    refused(state, 0, "advance:blue_green_yellow", "wonders.error.bad_advance")
    refused(state, 0, "advance:blue_red", "wonders.error.ship_at_top")
    assert "advance:blue_red" not in moves(state, 0)


def test_forgotten_harbor_decision_only_for_its_holder():
    state = start(3, A)
    islands(state, 0, "forgotten_harbor")
    refused(state, 1, "naval:out", "wonders.error.wrong_decision")
    state = until(state, lambda s: G.active_seats(s) == frozenset({0}))
    refused(state, 1, "naval:out", "wonders.error.not_your_decision")
    assert G.pending(state, 0).kind == "naval"
    refused(state, 0, "discard:altar", "wonders.error.wrong_decision")
