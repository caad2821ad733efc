"""Armada rules of the checklist (AR*) through the engine: structure, Naval Construction, the fleets, taxes and
pirates, discarding, Armada cards, islands and explorations.

Much Armada data is guessed (the block at the top of ``data/armada.toml``: Shipyard costs, most track values, card
costs). These tests read such values from the data as loaded (``TRACKS``, ``BOARDS``, ``CARDS``) and check the rule
that uses them; only the values the rulebook states are written as numbers.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rules.wonders import effects
from rules.wonders.data import (
    ARMADA_AGES,
    ARMADA_CARDS,
    BOARDS,
    CARDS,
    FLEETS,
    ISLAND_LEVELS,
    ISLANDS,
    TOP,
    TRACKS,
    WONDERS,
    Board,
    NavalCost,
    parse_units,
)
from rules.wonders.scoring import score_sheet

from .helpers import (
    G, coins, finish_age, give, hand, islands, kinds, moves, of_kind, option, others, play, refused, ships,
    sound, stages, start, supply, supply_naval, top_islands, turn, until, view_strings,
)

A = {"armada": True}
RED, YELLOW, BLUE, GREEN = range(4)
ONE = {"W": "stockade", "O": "barracks", "C": "guard_tower", "S": "baths", "G": "workshop", "L": "apothecary",
       "P": "scriptorium"}  # an Age I card costing exactly that one resource


def ship_moves(events, seat=None):
    return [(e.seat, e.params["fleet"], e.params["to"], e.params["paid"]) for e in of_kind(events, "ship_moved")
            if seat is None or e.seat == seat]


def explore_space(level: int) -> int:
    """The green position whose entry explores ``level`` (from the data as loaded)."""
    return TRACKS.green_explore.index(level)


# --- setup and structure -------------------------------------------------------------------------------------------


def test_AR13_armada_cards_are_structures_built_staged_or_discarded():
    state = start(3, A, hands={1: {0: ["coastal_defenses"]}})
    supply(state, 0, CARDS["coastal_defenses"].cost, "2W")  # the card, and Rhodos A stage 1
    legal = moves(state, 0)
    assert {"build:coastal_defenses", "stage:coastal_defenses", "discard:coastal_defenses"} <= set(legal)
    state, events = turn(state, "build:coastal_defenses", *others(state, 0))
    assert "coastal_defenses" in state.seats[0].city
    assert G.view(state, None).players[0].city["red"] == ["coastal_defenses"]


def test_AR14_each_armada_age_pool_has_two_cards_of_each_of_four_colours():
    for age in (1, 2, 3):
        assert len(ARMADA_AGES[age]) == 8
        assert Counter(ARMADA_CARDS[c].colour for c in ARMADA_AGES[age]) == {"red": 2, "yellow": 2, "blue": 2,
                                                                             "green": 2}
        assert all(ARMADA_CARDS[c].age == age and ARMADA_CARDS[c].armada for c in ARMADA_AGES[age])


def test_AR15_tracks_have_positions_0_to_6():
    assert TOP == 6
    for values in dataclasses.astuple(TRACKS):
        assert len(values) == 7  # the start space and 6 upgrade spaces
    for board in BOARDS.values():
        assert len(board.costs) == 4 and all(len(track) == 6 for track in board.costs)
    state = start(3, A)
    assert state.seats[0].ships == [0, 0, 0, 0]
    ships(state, 0, yellow=5)
    state, _ = turn(state, f"discard:{state.seats[0].hand[0]}:ship", *others(state, 0))
    assert state.seats[0].ships[YELLOW] == 6
    assert not [m for m in moves(state, 0) if m.startswith("discard:") and m.endswith(":ship")]


def test_AR30_every_board_has_the_same_benefits():
    assert [f.name for f in dataclasses.fields(Board)] == ["id", "wonder", "costs"]  # no benefit per board
    assert len(BOARDS) == 8
    # two seats on different boards entering the same yellow space get the same coins and level
    state = start(3, A, shipyards=["board_1", "board_4", "board_7"])
    for seat in (0, 1):
        ships(state, seat, yellow=1)
    state, events = turn(state, *(f"discard:{state.seats[s].hand[0]}:ship" for s in (0, 1)),
                         f"discard:{state.seats[2].hand[0]}")
    gained = {e.seat: e.params["amount"] for e in of_kind(events, "coins_gained") if e.params["reason"] == "track"}
    assert gained == {0: 2, 1: 2}
    view = G.view(state, None)
    assert view.players[0].commercial_level == view.players[1].commercial_level == TRACKS.yellow_level[2]


# --- Naval Construction ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("card,fleet", [("stockade", RED), ("east_trading_post", YELLOW), ("altar", BLUE),
                                        ("apothecary", GREEN)])
def test_AR17_AR27_a_coloured_structure_moves_its_own_fleet_one_space(card, fleet):
    state = start(3, A, hands={1: {0: [card]}})
    naval = supply_naval(state, 0, FLEETS[fleet], CARDS[card].cost)
    assert f"build:{card}" in moves(state, 0) and f"build:{card}:ship" in moves(state, 0)
    state, events = turn(state, f"build:{card}:ship", *others(state, 0))
    expected = [0, 0, 0, 0]
    expected[fleet] = 1
    assert state.seats[0].ships == expected  # exactly one space, on the card's own track
    assert ship_moves(events, 0) == [(0, FLEETS[fleet], 1, True)]
    assert of_kind(events, "card_built")[0].params["bank"] == naval.coins


def test_AR19_the_naval_cost_is_the_cost_printed_on_the_own_board():
    # Seat 0 sits at board_1: the cost of another board's space does not let it build, its own board's does.
    own, other = BOARDS["board_1"].costs[BLUE][0], BOARDS["board_4"].costs[BLUE][0]
    assert own.resources != other.resources and not own.coins and not other.coins
    state = start(3, A, boards=["alexandria", "ephesos", "halikarnassos"],
                  shipyards=["board_1", "board_2", "board_3"], hands={1: {0: ["altar"]}})
    coins(state, 0, 0)
    assert "build:altar:ship" not in moves(state, 0)
    supply(state, 0, other.resources)
    assert "build:altar:ship" not in moves(state, 0)
    supply(state, 0, own.resources)
    assert "build:altar:ship" in moves(state, 0)


def test_AR21_the_combined_total_may_be_bought_from_neighbours():
    # Seat 0 makes nothing the Baths (blue) and its blue Naval Construction need: it buys both from the left.
    state = start(3, A, boards=["alexandria", "ephesos", "halikarnassos"], hands={1: {0: ["baths"]}})
    naval = BOARDS[state.seats[0].shipyard].costs[BLUE][0]
    need = tuple(a + b for a, b in zip(CARDS["baths"].cost, naval.resources))
    units = sum(need)
    coins(state, 2 * units + naval.coins, 0)
    assert not [m for m in moves(state, 0) if m.startswith("build:baths")]
    supply(state, 1, need)
    assert [m for m in moves(state, 0) if m.startswith("build:baths")] == [
        "build:baths:l2r0", f"build:baths:ship:l{2 * units}r0"]
    state, events = turn(state, f"build:baths:ship:l{2 * units}r0", *others(state, 0))
    assert state.seats[0].ships[BLUE] == 1 and state.seats[0].coins == 0
    assert of_kind(events, "traded")[0].params == {"to": 1, "coins": 2 * units, "side": "left"}


def test_AR23_olympia_free_build_still_pays_the_naval_cost():
    # board_3's red space 1 costs clay: neither Olympia (W) nor its neighbours Rhodos (O) and Giza (S) make any
    state = start(3, A, boards=["olympia", "rhodos", "giza"], shipyards=["board_3", "board_1", "board_2"],
                  hands={1: {0: ["barracks"]}})
    assert BOARDS["board_3"].costs[RED][0].resources == parse_units("C")
    stages(state, 0, 2)
    coins(state, 0, 0)
    assert "free:barracks" in moves(state, 0)
    assert "free:barracks:ship" not in moves(state, 0)  # the naval cost is not paid by the wonder
    naval = supply_naval(state, 0, "red")
    assert "free:barracks:ship" in moves(state, 0)
    state, events = turn(state, "free:barracks:ship", *others(state, 0))
    assert state.seats[0].ships[RED] == 1 and state.seats[0].coins == 0
    assert of_kind(events, "card_built")[0].params == {"card": "barracks", "chain": False, "free": True,
                                                      "bank": naval.coins, "ship": True, "discard_pile": False}


def test_AR24_AR62_a_card_built_from_the_discard_pile_never_gets_a_naval_construction():
    state = start(3, A, boards=["halikarnassos", "rhodos", "giza"], sides="b", hands={1: {0: ["altar"]}})
    give(state, 0, "foundry")
    state.discard += ["stockade", "theater"]
    give(state, 0, "lumber_yard", "stone_pit", "clay_pool", "ore_vein", "loom", "press", "glassworks", "sawmill")
    coins(state, 20, 0)
    state, _ = turn(state, "stage:altar", *others(state, 0))
    assert G.pending(state, 0).kind == "revive"
    assert not [m for m in moves(state, 0) if "ship" in m]
    refused(state, 0, "revive:stockade:ship", "wonders.error.unknown_colour")
    state, events = play(state, (0, "revive:stockade"))
    assert state.seats[0].ships == [0, 0, 0, 0] and "stockade" in state.seats[0].city
    assert not of_kind(events, "ship_moved")


def test_AR29_entering_a_space_gives_its_benefits_whatever_moved_the_ship():
    # yellow position 2: +2 coins and a tax of 1 (rulebook), by a paid construction, a discard, a blue card's free
    # advance or an island drawn by a card
    yellow_island = next(i for i in ISLAND_LEVELS[1] if ISLANDS[i].advance == YELLOW)
    causes = {
        "paid": ("east_trading_post", "build:east_trading_post:ship"),
        "discard": ("altar", "discard:altar:ship"),
        "card": ("shipyard", "build:shipyard:adv_yellow"),
        "island": ("steersmens_academy", "build:steersmens_academy"),
    }
    for cause, (card, move) in causes.items():
        state = start(3, A)
        hand(state, 0, card, *state.seats[0].hand[1:])
        ships(state, 0, yellow=1)
        supply(state, 0, CARDS[card].cost)
        paid = supply_naval(state, 0, "yellow").coins if cause == "paid" else 0
        top_islands(state, 1, yellow_island)
        before = state.seats[0].coins
        state, events = turn(state, move, *others(state, 0))
        assert state.seats[0].ships[YELLOW] == 2, cause
        assert {"amount": 2, "reason": "track"} in [e.params for e in of_kind(events, "coins_gained") if e.seat == 0]
        assert of_kind(events, "tax_levied")[0].params == {"value": 1, "by": [0]}, cause
        assert state.seats[0].coins == before - paid + 2, cause
        assert [state.seats[s].coins for s in (1, 2)] == [3 + 3 - 1] * 2, cause


# --- the fleets ----------------------------------------------------------------------------------------------------


def test_AR31_red_naval_shields_are_the_value_of_the_current_space():
    state = start(3, A)
    for pos in range(7):
        ships(state, 0, red=pos)
        assert G.view(state, None).players[0].naval_strength == TRACKS.red_naval[pos]
    assert TRACKS.red_naval[3] == 3  # rulebook (Gabriel)


def test_AR33_a_yellow_coin_space_pays_on_entry():
    for pos in range(1, 7):
        state = start(3, A)
        ships(state, 0, yellow=pos - 1)
        before = state.seats[0].coins
        state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", *others(state, 0))
        gained = [e.params["amount"] for e in of_kind(events, "coins_gained") if e.params["reason"] == "track"]
        assert gained == ([TRACKS.yellow_coins[pos]] if TRACKS.yellow_coins[pos] else [])
        lost = sum(e.params["amount"] for e in of_kind(events, "coins_lost") if e.seat == 0)
        assert state.seats[0].coins == before + TRACKS.yellow_coins[pos] - lost
    assert TRACKS.yellow_coins[2] == 2 and TRACKS.yellow_coins[4] == 4  # rulebook (Paula, Art)


def test_AR35_commercial_level_is_the_level_of_the_current_space():
    state = start(3, A)
    for pos in range(7):
        ships(state, 1, yellow=pos)
        assert G.view(state, 0).players[1].commercial_level == TRACKS.yellow_level[pos]
    assert [TRACKS.yellow_level[p] for p in (0, 1, 3, 4)] == [0, 1, 2, 2]  # rulebook


def test_AR38_blue_fleet_points_are_the_value_of_the_blue_space():
    state = start(3, A)
    for pos in range(7):
        ships(state, 0, blue=pos)
        assert score_sheet(state, 0)["shipyard"] == TRACKS.blue_vp[pos]
    assert TRACKS.blue_vp[6] == 10  # rulebook (Romeo)


def test_AR40_entering_an_exploration_space_explores_its_level():
    for pos in range(1, 7):
        state = start(3, A, hands={1: {0: ["shipyard"]}})
        ships(state, 0, green=pos - 1)
        state, events = turn(state, "build:shipyard:adv_green", *others(state, 0))
        explorations = [e.params["level"] for e in of_kind(events, "exploration")]
        assert explorations == ([TRACKS.green_explore[pos]] if TRACKS.green_explore[pos] else []), pos
    assert TRACKS.green_explore[2] == 1  # rulebook (Art)


# --- taxes and pirates ---------------------------------------------------------------------------------------------


def test_AR44_a_tax_costs_others_tax_minus_their_level():
    # seat 0 enters yellow 4 (tax 2); the others stand on spaces of every level
    state = start(5, A)
    ships(state, 0, yellow=3)
    positions = {1: 0, 2: 1, 3: 3, 4: 6}
    for seat, pos in positions.items():
        ships(state, seat, yellow=pos)
    coins(state, 10)
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", *others(state, 0))
    assert of_kind(events, "tax_levied")[0].params == {"value": 2, "by": [0]}
    for seat, pos in positions.items():
        due = max(0, 2 - TRACKS.yellow_level[pos])
        assert state.seats[seat].coins == 10 + 3 - due, seat
    assert [e.seat for e in of_kind(events, "coins_lost")] == [s for s, p in positions.items()
                                                                if TRACKS.yellow_level[p] < 2]


def test_AR45_the_tax_payer_is_never_its_triggerer(monkeypatch):
    # With every level at 0, the triggerer would owe the whole tax if it were not exempt.
    flat = dataclasses.replace(TRACKS, yellow_level=(0,) * 7)
    monkeypatch.setattr(effects, "TRACKS", flat)
    state = start(3, A)
    ships(state, 0, yellow=5)
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", *others(state, 0))
    assert of_kind(events, "tax_levied")[0].params == {"value": TRACKS.yellow_tax[6], "by": [0]}
    assert state.seats[0].coins == 3 + TRACKS.yellow_coins[6]
    assert [state.seats[s].coins for s in (1, 2)] == [6 - 4, 6 - 4]


def test_AR51_every_pirate_effect_of_a_turn_applies():
    state = start(3, A, hands={1: {0: ["pirate_cache"]}})
    hand(state, 1, "pirate_lair", *state.seats[1].hand[1:])
    ships(state, 0, yellow=1)
    ships(state, 1, yellow=1)
    ships(state, 2, yellow=3)
    state, events = turn(state, "build:pirate_cache", "build:pirate_lair", f"discard:{state.seats[2].hand[0]}")
    level = [TRACKS.yellow_level[p] for p in (1, 1, 3)]
    assert state.seats[2].coins == 6 - 2 * level[2]  # hit by both
    assert state.seats[0].coins == 3 + 3 - level[0]  # hit by the Lair only
    assert state.seats[1].coins == 3 + 6 - level[1]  # hit by the Cache only
    assert len(of_kind(events, "pirates")) == 2
    sound(state, cards=False)


def test_AR52_coin_losses_come_after_the_gains_of_the_turn():
    # A seat with no coin discards for 3 and pays the tax of the turn out of them.
    state = start(3, A)
    ships(state, 0, yellow=1)
    coins(state, 0, 1)
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", *others(state, 0))
    assert state.seats[1].coins == 0 + 3 - 1
    order = kinds(events)
    assert max(i for i, k in enumerate(order) if k == "coins_gained") < order.index("tax_levied")


def test_AR53_a_loss_never_makes_coins_negative():
    # seat 0 levies a tax of 4; seat 1 has 1 coin and seat 2 none (they build free cards)
    state = start(3, A, hands={1: {1: ["altar"], 2: ["theater"]}})
    ships(state, 0, yellow=5)
    coins(state, 1, 1)
    coins(state, 0, 2)
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", "build:altar", "build:theater")
    assert of_kind(events, "tax_levied")[0].params["value"] == 4
    lost = {e.seat: e.params["amount"] for e in of_kind(events, "coins_lost")}
    assert lost == {1: 1, 2: 0}
    assert state.seats[1].coins == 0 and state.seats[2].coins == 0
    sound(state)


# --- discarding ----------------------------------------------------------------------------------------------------


def test_AR65_yellow_ship_at_6_only_coins_for_a_discard():
    state = start(3, A)
    card = state.seats[0].hand[0]
    assert f"discard:{card}:ship" in moves(state, 0)
    ships(state, 0, yellow=6)
    discards = [m for m in moves(state, 0) if m.startswith("discard:")]
    assert discards and not [m for m in discards if m.endswith(":ship")]
    refused(state, 0, f"discard:{card}:ship", "wonders.error.ship_at_top")
    state, _ = turn(state, f"discard:{card}", *others(state, 0))
    assert state.seats[0].coins == 6 and state.seats[0].ships[YELLOW] == 6


def test_AR66_the_last_card_of_an_age_gives_neither_coins_nor_a_ship():
    state = start(3, A)
    state = until(state, lambda s: s.turn == 7)
    assert all(len(p.hand) == 2 for p in state.seats)
    before = [(p.coins, list(p.ships)) for p in state.seats]
    state, events = turn(state, *others(state))
    assert [(p.coins, list(p.ships)) for p in state.seats] == [(c + 3, s) for c, s in before]
    assert len(of_kind(events, "last_discarded")) == 3 and not of_kind(events, "ship_moved")


# --- Armada cards --------------------------------------------------------------------------------------------------


def test_AR89_dock_quay_jetty_give_1_2_3_land_shields():
    state = start(5, A)
    for card, shields in (("dock", 1), ("quay", 2), ("jetty", 3)):
        state.seats[0].city = [card]
        assert G.view(state, None).players[0].shields == shields
        assert G.view(state, None).players[0].naval_strength == 0


def test_AR101_coastal_cards_give_1_2_3_naval_shields():
    state = start(3, A)
    for card, naval in (("coastal_defenses", 1), ("fortified_port", 2), ("coastal_fortifications", 3)):
        state.seats[0].city = [card]
        assert G.view(state, None).players[0].naval_strength == naval
        assert G.view(state, None).players[0].shields == 0


def test_AR105_pirate_cards():
    for card, gain, vp in (("pirate_cache", 3, 0), ("pirate_lair", 6, 0), ("pirate_brotherhood", 0, 4)):
        state = start(3, A)
        hand(state, 0, card, *state.seats[0].hand[1:])
        supply(state, 0, CARDS[card].cost)
        ships(state, 1, yellow=3)
        state, events = turn(state, f"build:{card}", *others(state, 0))
        assert state.seats[0].coins == 3 + gain, card
        assert state.seats[1].coins == 6 - TRACKS.yellow_level[3], card  # every other player, by level
        assert state.seats[2].coins == 6, card  # level 0: nothing
        assert score_sheet(state, 0)["commercial"] == vp, card


def test_AR107_western_emporium_two_units_a_turn_from_two_seats_left():
    boards = ["alexandria", "ephesos", "halikarnassos", "babylon", "giza"]  # nobody makes wood
    state = start(5, A, boards=boards)
    give(state, 0, "western_emporium")
    give(state, 2, "sawmill", "lumber_yard")  # seat 2 = left of the left neighbour: 3 wood
    hand(state, 0, "caravansery", "magistrates_guild", "stockade")
    give(state, 0, "stone_pit", "loom")
    coins(state, 10, 0)
    assert [m for m in moves(state, 0) if m.startswith("build:caravansery:l")] == ["build:caravansery:l0r0y2"]
    assert [m for m in moves(state, 0) if m.startswith("build:stockade:l")] == ["build:stockade:l0r0y1"]
    assert not [m for m in moves(state, 0) if m.startswith("build:magistrates_guild")]  # 3 wood: only 2 a turn
    state, events = turn(state, "build:caravansery:l0r0y2", *others(state, 0))
    assert state.seats[0].coins == 8 and state.seats[2].coins == 3 + 3 + 2
    assert of_kind(events, "traded")[0].params == {"to": 2, "coins": 2, "side": "far_left"}
    sound(state, cards=False)


def test_AR109_emporiums_buy_only_what_commerce_may_buy():
    boards = ["ephesos", "giza", "alexandria", "babylon", "halikarnassos"]
    state = start(5, A, boards=boards)
    give(state, 0, "western_emporium")
    stages(state, 2, 2)  # Alexandria A stage 2: W/S/O/C, not for sale
    give(state, 2, "caravansery")
    islands(state, 2, "wild_island")
    hand(state, 0, "stockade", "barracks")
    coins(state, 10, 0)
    assert not [m for m in moves(state, 0) if m.startswith(("build:stockade", "build:barracks"))]
    give(state, 2, "forest_cave")  # a brown W/O card is for sale
    assert [m for m in moves(state, 0) if m.startswith("build:stockade:l")] == ["build:stockade:l0r0y1"]
    assert [m for m in moves(state, 0) if m.startswith("build:barracks:l")] == ["build:barracks:l0r0y1"]


def test_AR112_AR113_an_island_drawn_by_a_card_acts_at_once_and_is_no_exploration():
    # seat 0 draws the top level-1 island (step 3) while seat 1 explores level 1 (step 4): seat 1 explores alone
    # and draws 4 cards under the one seat 0 took
    adv_island = next(i for i in ISLAND_LEVELS[1] if ISLANDS[i].advance is not None)
    state = start(3, A, hands={1: {0: ["steersmens_academy"], 1: ["shipyard"]}})
    supply(state, 0, CARDS["steersmens_academy"].cost)
    ships(state, 1, green=explore_space(1) - 1)
    rest = [i for i in ISLAND_LEVELS[1] if i != adv_island]
    top_islands(state, 1, adv_island, *rest[:4])
    state, events = turn(state, "build:steersmens_academy", "build:shipyard:adv_green",
                         f"discard:{state.seats[2].hand[0]}")
    assert state.seats[0].islands == [adv_island]
    assert state.seats[0].ships[ISLANDS[adv_island].advance] == 1  # its effect at once
    assert of_kind(events, "exploration")[0].params == {"level": 1, "explorers": [1], "cards": [4]}
    assert state.seats[1].offer == rest[:4]
    assert kinds(events).index("island_drawn") < kinds(events).index("exploration")


# --- islands and explorations -------------------------------------------------------------------------------------


def test_AR116_an_island_level_does_not_depend_on_the_age():
    state = start(3, A, hands={1: {0: ["shipyard"]}})
    ships(state, 0, green=explore_space(2) - 1)
    state, events = turn(state, "build:shipyard:adv_green", *others(state, 0))
    assert state.age == 1
    assert of_kind(events, "exploration")[0].params["level"] == 2
    assert {ISLANDS[i].level for i in state.seats[0].offer} == {2}


def test_AR119_explorers_of_different_levels_explore_alone():
    state = start(3, A, hands={1: {0: ["shipyard"], 1: ["construction_yard"]}})
    ships(state, 0, green=explore_space(1) - 1)
    ships(state, 1, green=explore_space(2) - 1)
    state, events = turn(state, "build:shipyard:adv_green", "build:construction_yard:adv_green",
                         f"discard:{state.seats[2].hand[0]}")
    explorations = sorted((e.params["level"], e.params["explorers"], e.params["cards"])
                          for e in of_kind(events, "exploration"))
    assert explorations == [(1, [0], [4]), (2, [1], [4])]
    assert G.active_seats(state) == frozenset({0, 1})


def test_AR122_AR123_group_explorers_keep_one_each_and_the_rest_stays_hidden():
    state = start(7, A)
    explorers = (0, 3, 5)
    for s in explorers:
        hand(state, s, "shipyard", *state.seats[s].hand[1:])
        ships(state, s, green=explore_space(1) - 1)
    state, events = turn(state, *("build:shipyard:adv_green" if s in explorers else f"discard:{p.hand[0]}"
                                  for s, p in enumerate(state.seats)))
    offers = {s: list(state.seats[s].offer) for s in explorers}
    assert all(len(o) == 3 for o in offers.values())
    for s in explorers:
        for viewer in (None, *range(7)):
            if viewer != s:
                assert not set(offers[s]) & view_strings(G.view(state, viewer)), (s, viewer)
    state, events = play(state, *((s, f"island:{offers[s][1]}") for s in explorers))
    assert {s: state.seats[s].islands for s in explorers} == {s: [offers[s][1]] for s in explorers}
    assert len(state.island_decks[0]) == 9 - 3
    unkept = {i for s in explorers for i in offers[s]} - {offers[s][1] for s in explorers}
    public = [e for e in events if e.visible_to is None]
    assert not any(i in str(e.params) for e in public for i in unkept)
    sound(state, cards=False)


def test_AR125_an_exploration_of_an_empty_deck_gives_nothing():
    state = start(3, A, hands={1: {0: ["shipyard"]}})
    ships(state, 0, green=explore_space(1) - 1)
    for iid in list(state.island_decks[0]):
        islands(state, 1, iid)
    state, events = turn(state, "build:shipyard:adv_green", *others(state, 0))
    assert of_kind(events, "exploration")[0].params == {"level": 1, "explorers": [0], "cards": [0]}
    assert [e.seat for e in of_kind(events, "exploration_empty")] == [0]
    assert state.seats[0].islands == [] and state.turn == 2


@pytest.mark.parametrize("island", ["wild_island", "virgin_island", "abandoned_harbor"])
def test_AR126_AR127_resource_islands_produce_for_their_owner_only(island):
    choice = ISLANDS[island].choice
    assert choice  # resources per the data (single source)
    letters = ["WSCOGLP"[k] for k in choice]
    boards = [b for b, w in WONDERS.items() if w.resource not in choice][:3]  # nobody else makes them
    state = start(3, A, boards=boards)
    islands(state, 0, island)
    cards = [ONE[x] for x in letters]
    hand(state, 0, *cards)
    for card in cards:
        assert f"build:{card}" in moves(state, 0)
    assert not [m for m in moves(state, 0) if m.startswith("build:") and ":l" in m]  # nothing bought
    for seat in (1, 2):  # both neighbours: nothing to buy from the island
        hand(state, seat, *cards)
        coins(state, 20, seat)
        assert not [m for m in moves(state, seat) if m.startswith("build:")]


def test_AR128_islands_give_1_2_3_land_shields():
    state = start(3, A)
    for island, shields in (("bronze_island", 1), ("iron_harbor", 2), ("scarlet_archipelago", 3)):
        state.seats[0].islands = [island]
        assert G.view(state, None).players[0].shields == shields
        assert G.view(state, None).players[0].naval_strength == 0
    state, _ = finish_age(state)
    assert state.seats[0].land == [1, 1] and state.seats[1].land == [-1]


def test_AR129_islands_give_1_2_3_naval_shields():
    state = start(3, A)
    for island, naval in (("windblown_island", 1), ("windy_harbor", 2), ("trade_winds_archipelago", 3)):
        state.seats[0].islands = [island]
        assert G.view(state, None).players[0].naval_strength == naval
        assert G.view(state, None).players[0].shields == 0


def test_AR130_islands_score_3_5_7():
    state = start(3, A)
    for island, vp in (("inhabited_island", 3), ("statues_harbor", 5), ("sovereign_archipelago", 7)):
        state.seats[0].islands = [island]
        assert score_sheet(state, 0)["islands"] == vp


def test_AR133_stormy_archipelago_advances_three_different_ships():
    state = start(3, A)
    hand(state, 0, "naval_archives", *state.seats[0].hand[1:])
    supply(state, 0, CARDS["naval_archives"].cost)
    top_islands(state, 3, "stormy_archipelago")
    state, events = turn(state, "build:naval_archives", *others(state, 0))
    assert G.pending(state, 0).kind == "advance" and G.pending(state, 0).params == {"count": 3}
    assert sorted(moves(state, 0)) == ["advance:blue_green_red", "advance:blue_green_yellow",
                                       "advance:blue_red_yellow", "advance:green_red_yellow"]
    state, events = play(state, (0, "advance:blue_red_yellow"))
    assert state.seats[0].ships == [1, 1, 1, 0]
    assert [m[1] for m in ship_moves(events, 0)] == ["blue", "red", "yellow"]
    sound(state, cards=False)


def test_AR136_ancient_harbor_never_waives_coins(monkeypatch):
    # A board whose blue spaces cost 2 coins each (a coin-only cost, like the $ spaces of the data).
    coin_board = Board("board_1", BLUE, tuple(tuple(NavalCost(parse_units(""), 2) for _ in range(6))
                                              for _ in range(4)))
    monkeypatch.setitem(BOARDS, "board_1", coin_board)
    state = start(3, A, hands={1: {0: ["altar"]}})
    islands(state, 0, "ancient_harbor")
    coins(state, 1, 0)
    assert "build:altar:ship" not in moves(state, 0)
    refused(state, 0, "build:altar:ship", "wonders.error.cannot_pay")
    coins(state, 2, 0)
    assert option(state, 0, "build:altar:ship").bank == 2
    state, _ = turn(state, "build:altar:ship", *others(state, 0))
    assert state.seats[0].coins == 0 and state.seats[0].ships[BLUE] == 1


def test_AR142_golden_archipelago_one_symbol_of_choice():
    state = start(3, A)
    give(state, 0, "apothecary", "workshop")  # compass, gear: 2 points
    assert score_sheet(state, 0)["science"] == 2
    islands(state, 0, "golden_archipelago")
    assert score_sheet(state, 0)["science"] == 1 + 1 + 1 + 7  # the tablet: a set


def test_AR143_emerald_archipelago_one_more_of_the_most_numerous_symbol():
    state = start(3, A)
    give(state, 0, "apothecary", "dispensary", "workshop")  # compass 2, gear 1
    islands(state, 0, "emerald_archipelago")
    assert score_sheet(state, 0)["science"] == 9 + 1  # a compass (a tablet would have made 13)


def test_AR144_sheltered_archipelago_two_points_per_island_itself_included():
    state = start(3, A)
    islands(state, 0, "sheltered_archipelago")
    assert score_sheet(state, 0)["islands"] == 2
    islands(state, 0, "lost_island", "foggy_island")
    assert score_sheet(state, 0)["islands"] == 2 * 3


def test_AR145_rainbow_archipelago_one_point_per_card_of_the_best_colour():
    state = start(3, A)
    islands(state, 0, "rainbow_archipelago")
    give(state, 0, "altar", "baths", "theater", "stockade", "lumber_yard", "ore_vein")
    stages(state, 0, 3)  # the cards under the stages are not in the city
    assert score_sheet(state, 0)["islands"] == 3
    give(state, 0, "stone_pit", "clay_pool")
    assert score_sheet(state, 0)["islands"] == 4


def test_AR111_two_draws_of_one_level_in_one_turn_go_in_seat_order():
    # [default] Steersmen's Academy built by seats 0 and 2 in the same turn: seat 0 takes the top island first.
    state = start(3, A, hands={1: {0: ["steersmens_academy"]}})
    hand(state, 2, "steersmens_academy", *state.seats[2].hand[1:])
    supply(state, 0, CARDS["steersmens_academy"].cost)
    supply(state, 2, CARDS["steersmens_academy"].cost)
    top_islands(state, 1, "inhabited_island", "bronze_island")
    state, events = turn(state, "build:steersmens_academy", f"discard:{state.seats[1].hand[0]}",
                         "build:steersmens_academy")
    assert state.seats[0].islands == ["inhabited_island"] and state.seats[2].islands == ["bronze_island"]
    assert [(e.seat, e.params["island"]) for e in of_kind(events, "island_drawn")] == [
        (0, "inhabited_island"), (2, "bronze_island")]
    sound(state, cards=False)


def test_AR120_group_exploration_leftovers_stay_in_the_deck():
    # two explorers of level 1 and 9 cards: 4 each, 1 left over
    state = start(3, A)
    for seat in (0, 1):
        hand(state, seat, "shipyard", *state.seats[seat].hand[1:])
        ships(state, seat, green=explore_space(1) - 1)
    state, events = turn(state, "build:shipyard:adv_green", "build:shipyard:adv_green",
                         f"discard:{state.seats[2].hand[0]}")
    assert of_kind(events, "exploration")[0].params == {"level": 1, "explorers": [0, 1], "cards": [4, 4]}
    assert len(state.island_decks[0]) == 1
    state, _ = play(state, (0, f"island:{state.seats[0].offer[0]}"), (1, f"island:{state.seats[1].offer[0]}"))
    assert len(state.island_decks[0]) == 9 - 2
    sound(state, cards=False)


def test_armada_cards_count_for_the_colour_guilds_and_strategists_counts_land_defeats_only():
    """B.15 house defaults: guilds count Armada cards by colour; Strategists Guild ignores naval defeat tokens."""
    state = start(3, A)
    give(state, 0, "spies_guild", "strategists_guild")
    give(state, 1, "coastal_defenses", "dock")
    give(state, 2, "fortified_port")
    state.seats[1].naval = [-1, -2]
    state.seats[2].land = [-1, 1]
    assert score_sheet(state, 0)["guilds"] == 3 + 1


def test_AR87_a_guild_copied_by_olympia_b_is_capped_too():
    greens = ["apothecary", "workshop", "scriptorium", "dispensary", "laboratory", "library", "school"]
    for armada, expected in ((True, 10), (False, 12)):
        state = start(3, {"armada": armada}, boards=["olympia", "rhodos", "giza"], sides="b")
        stages(state, 0, 3)  # stage 3: copy a neighbour's guild
        give(state, 1, "philosophers_guild", *greens)
        give(state, 2, "lodge", "observatory", "university", "academy", "study")
        # seat 0's copy counts seat 0's neighbours (seats 1 and 2): 7 + 5 green cards
        assert score_sheet(state, 0)["guilds"] == expected
