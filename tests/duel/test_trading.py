"""Production, trading prices and the cheapest payment (D38-D56, the §2.2 examples, Q1, Q9-Q15)."""

from __future__ import annotations

import pytest

from rules.duel.data import CARDS, RESOURCES
from rules.duel.economy import Market, card_price, fixed_production, unit_prices, wonder_price

from .helpers import G, built, give, play, start, tokens

W, C, S, Gl, P = range(5)


def price(state, seat, card):
    return card_price(state, seat, CARDS[card]).total


def prices(state, seat) -> dict[str, int]:
    return dict(zip(RESOURCES, unit_prices(state, seat)))


# --- production --------------------------------------------------------------------------------------------------


def test_D38_production_is_not_consumed():
    # Q9: the same stone serves the Baths, then the Walls on a later turn.
    state = give(start(put={14: "baths", 15: "walls", 16: "lumber_yard"}), 0, "quarry")
    state, _ = play(state, "build:baths", "discard:lumber_yard")
    assert state.seats[0].coins == 7
    assert price(state, 0, "walls") == 2  # one stone produced, one bought
    state, _ = play(state, "build:walls")
    assert state.seats[0].coins == 5
    assert fixed_production(state.seats[0])[S] == 1


def test_D39_fixed_production_of_brown_and_grey_cards():
    doubles = {"sawmill", "brickyard", "shelf_quarry"}
    for cid, card in CARDS.items():
        if card.colour in ("brown", "grey"):
            assert sum(card.produces) == (2 if cid in doubles else 1), cid
            assert card.choice == ()
    state = give(start(), 0, "sawmill", "glassworks")
    assert fixed_production(state.seats[0]) == [2, 0, 0, 1, 0]
    assert price(state, 0, "courthouse") == 0  # 2 wood + glass, all produced


def test_D40_forum_supplies_one_glass_or_papyrus_per_construction():
    state = give(start(), 0, "forum")
    assert price(state, 0, "apothecary") == 0  # glass
    assert price(state, 0, "workshop") == 0  # papyrus
    assert price(state, 0, "study") == 2 * 2 + 2  # 2W + G + P: one good from the Forum, one bought
    assert fixed_production(state.seats[0]) == [0, 0, 0, 0, 0]


def test_D41_caravansery_supplies_one_wood_clay_or_stone():
    state = give(start(), 0, "caravansery")
    assert [price(state, 0, c) for c in ("stable", "garrison", "baths")] == [0, 0, 0]
    assert price(state, 0, "horse_breeders") == 2  # clay + wood: one supplied, one bought


def test_D42_piraeus_and_great_lighthouse_supply_one_unit_each():
    state = built(start(), 1, "piraeus")
    assert price(state, 1, "apothecary") == 0 and price(state, 1, "workshop") == 0
    assert price(state, 1, "laboratory") == 2 + 2  # W + 2G: one glass supplied
    state = built(start(), 0, "great_lighthouse")
    assert [price(state, 0, c) for c in ("stable", "garrison", "baths")] == [0, 0, 0]
    assert price(state, 0, "walls") == 2  # 2 stone, one supplied


def test_D43_any_number_of_units_can_be_bought():
    # Town Hall: 3 stone + 2 wood, nothing produced: 5 units at 2.
    state = start(put={14: "town_hall"})
    state.seats[0].coins = 10
    after, _ = play(state, "build:town_hall")
    assert after.seats[0].coins == 0 and "town_hall" in after.seats[0].city


def test_D44_unit_price_is_2_plus_opponent_production():
    state = give(start(), 1, "shelf_quarry", "lumber_yard", "glassworks", "press", "drying_room")
    assert prices(state, 0) == {"W": 3, "C": 2, "S": 4, "G": 3, "P": 4}
    assert prices(state, 1) == {"W": 2, "C": 2, "S": 2, "G": 2, "P": 2}  # seat 0 produces nothing


def test_D45_yellow_and_wonder_production_never_raises_prices():
    state = built(give(start(), 1, "forum", "caravansery"), 1, "piraeus")
    built(state, 0, "great_lighthouse")
    assert prices(state, 0) == dict.fromkeys(RESOURCES, 2)
    assert prices(state, 1) == dict.fromkeys(RESOURCES, 2)


@pytest.mark.parametrize("card, resource", [("stone_reserve", "S"), ("clay_reserve", "C"), ("wood_reserve", "W")])
def test_D46_reserves_fix_their_resource_at_1(card, resource):
    state = give(start(), 0, card)
    expected = dict.fromkeys(RESOURCES, 2) | {resource: 1}
    assert prices(state, 0) == expected


def test_D47_customs_house_fixes_glass_and_papyrus_at_1():
    state = give(start(), 0, "customs_house")
    assert prices(state, 0) == {"W": 2, "C": 2, "S": 2, "G": 1, "P": 1}


def test_D48_Q1_fixed_price_ignores_opponent_production():
    state = give(start(), 1, "shelf_quarry", "quarry")  # 3 stone: 5 per unit without a reserve
    assert prices(state, 0)["S"] == 5
    give(state, 0, "stone_reserve")
    assert prices(state, 0)["S"] == 1
    assert price(state, 0, "aqueduct") == 3  # Q15's Aqueduct at 1 per stone


def test_D49_fixed_price_only_for_its_owner_and_from_the_next_construction():
    state = start(put={14: "stone_reserve", 15: "walls", 16: "lumber_yard"})
    assert price(state, 0, "stone_reserve") == 3  # coins only: the reserve cannot discount its own construction
    state, _ = play(state, "build:stone_reserve")
    assert state.seats[0].coins == 4
    assert prices(state, 0)["S"] == 1
    assert prices(state, 1)["S"] == 2  # the opponent is unaffected
    state, _ = play(state, "discard:lumber_yard", "build:walls")
    assert state.seats[0].coins == 4 - 2


def test_D50_bought_units_count_only_for_the_current_construction():
    state = start(put={14: "baths", 15: "lumber_yard"})
    state, _ = play(state, "build:baths", "discard:lumber_yard")
    assert state.seats[0].coins == 5
    assert fixed_production(state.seats[0]) == [0, 0, 0, 0, 0]
    assert price(state, 0, "walls") == 4  # both stones must be bought again


def test_D51_trading_coins_go_to_the_bank():
    state = give(start(put={14: "baths"}), 1, "quarry")
    after, events = play(state, "build:baths")  # stone at 3
    assert after.seats[0].coins == 4
    assert after.seats[1].coins == 7
    assert "economy_income" not in [e.kind for e in events]


# --- the worked examples of the rulebook (§2.2, Q13-Q15) ---------------------------------------------------------


def test_D52_Q13_shelf_quarry_makes_stone_cost_4():
    # Bruno (seat 1) has a Shelf Quarry; Antoine (seat 0) has no stone.
    state = give(start(), 1, "shelf_quarry")
    assert prices(state, 0)["S"] == 4
    assert prices(state, 1)["S"] == 2  # a third stone for Bruno costs 2


def test_D53_Q13_fortifications_costs_5():
    # Bruno produces 2 stone; Antoine has 1 clay and no papyrus. Fortifications: 2S + C + P.
    state = give(give(start(put={18: "fortifications"}, first=1), 1, "shelf_quarry"), 0, "clay_pool")
    assert price(state, 1, "fortifications") == 3 + 2
    after, _ = play(state, "build:fortifications")
    assert after.seats[1].coins == 7 - 5


def test_D54_Q14_caravansery_costs_7():
    # Antoine produces 1 glass and no papyrus: Bruno pays 2 coins + 3 for glass + 2 for papyrus.
    state = give(start(put={18: "caravansery"}, first=1), 0, "glassworks")
    assert price(state, 1, "caravansery") == 7
    after, _ = play(state, "build:caravansery")
    assert after.seats[1].coins == 0


def test_D55_Q15_aqueduct_costs_12():
    # Antoine has no stone; Bruno's brown cards produce 2 stone: 3 stones at 4.
    state = give(start(put={18: "aqueduct"}), 1, "shelf_quarry")
    state.seats[0].coins = 12
    assert price(state, 0, "aqueduct") == 12
    after, _ = play(state, "build:aqueduct")
    assert after.seats[0].coins == 0


# --- the cheapest payment ----------------------------------------------------------------------------------------


def test_D56_choice_producers_cover_the_dearest_units():
    # Prices: W 2, C 4, S 3. Caravansery and the Great Lighthouse each supply one of W/C/S.
    # Arsenal needs 3 clay + 2 wood: the best plan supplies 2 clay, buys 1 clay (4) and 2 wood (2 + 2) = 8.
    state = built(give(start(), 0, "caravansery"), 0, "great_lighthouse")
    give(state, 1, "brickyard", "quarry")
    assert price(state, 0, "arsenal") == 8


def test_D56_forum_used_where_it_saves_most():
    # Customs House makes goods cheap (1), the opponent's Sawmill makes wood dear (4): Study (2W + G + P) with a
    # Forum still pays 1 for one good and 4 + 4 for the wood.
    state = give(start(), 0, "forum", "customs_house")
    give(state, 1, "sawmill")
    assert price(state, 0, "study") == 9


def test_D56_Q34_discount_waives_the_dearest_units():
    # Masonry on the Palace (C + S + W + 2G): the opponent makes glass dear (2 glass -> 4), so both glass are waived.
    state = tokens(give(start(), 1, "glassworks", "glass_blower"), 0, "masonry")
    assert price(state, 0, "palace") == 2 + 2 + 2
    assert Market(state, 0).card(CARDS["palace"]).trade == 6


def test_D56_discount_combined_with_choice_producers():
    # Architecture + Piraeus on the Sphinx (S + C + 2G), stone at 3: Piraeus supplies one glass, the discount waives
    # the stone and one of the two units left at 2 (clay, glass), so one unit is bought at 2.
    state = tokens(built(start(), 0, "piraeus"), 0, "architecture")
    give(state, 1, "quarry")
    assert wonder_price(state, 0, "sphinx").total == 2


def test_D56_offered_price_is_what_is_paid():
    state = built(give(start(put={14: "arsenal"}), 0, "caravansery"), 0, "great_lighthouse")
    give(state, 1, "brickyard", "quarry")
    state.seats[0].coins = 20
    option = next(o for o in G.options_for(state, 0) if o.move == "build:arsenal")
    after, _ = play(state, "build:arsenal")
    assert option.cost == 8 and after.seats[0].coins == 12


def test_rulebook_p5_cost_examples():
    # Lumber Yard is free, Stone Pit costs a coin, the Baths need a stone, the Arena clay + stone + wood.
    assert (CARDS["lumber_yard"].coins, CARDS["lumber_yard"].cost) == (0, (0, 0, 0, 0, 0))
    assert (CARDS["stone_pit"].coins, CARDS["stone_pit"].cost) == (1, (0, 0, 0, 0, 0))
    assert CARDS["baths"].cost == (0, 0, 1, 0, 0)
    assert CARDS["arena"].cost == (1, 1, 1, 0, 0)
    assert CARDS["scriptorium"].coins == 2  # rulebook p9


def test_rulebook_p8_production_example():
    # Antoine produces stone, clay and papyrus: the Baths and the Garrison need no trading, the Apothecary (glass)
    # does.
    state = give(start(), 0, "quarry", "clay_pool", "press")
    assert price(state, 0, "baths") == 0 and price(state, 0, "garrison") == 0
    assert price(state, 0, "apothecary") == 2
