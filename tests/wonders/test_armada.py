"""Armada: Naval Construction, discarding, taxes and pirates, islands and explorations, invasions, Emporiums."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.wonders.data import BOARDS, FLEETS, TRACKS
from rules.wonders.effects import naval_rewards

from .helpers import (
    G, coins, discard_all, give, hand, islands, kinds, moves, of_kind, play, ships, sound, start,
    top_islands, turn, view_strings,
)

A = {"armada": True}


def others(state, *skip):
    return [f"discard:{state.seats[s].hand[0]}" for s in sorted(G.active_seats(state)) if s not in skip]


def test_AR19_AR20_naval_cost_paid_with_the_card_gabriel_example():
    # Gabriel: a blue card costing 1 stone, his next blue space costs 1 clay: he pays 1 stone and 1 clay together.
    state = start(3, A, boards=["giza", "rhodos", "olympia"], shipyards=["board_5", "board_1", "board_2"],
                  hands={1: {0: ["baths"]}})
    assert BOARDS["board_5"].costs[2][0].resources == (0, 0, 1, 0, 0, 0, 0)
    legal = moves(state, 0)
    assert "build:baths" in legal
    assert not [m for m in legal if m.startswith("build:baths:ship")]  # no clay anywhere, no one sells clay
    give(state, 0, "clay_pool")
    assert "build:baths:ship" in moves(state, 0)
    state, events = turn(state, "build:baths:ship", *others(state, 0))
    assert state.seats[0].ships == [0, 0, 1, 0] and state.seats[0].coins == 3
    moved = of_kind(events, "ship_moved")[0]
    assert moved.params == {"fleet": "blue", "to": 1, "paid": True}
    assert kinds(events).index("card_built") < kinds(events).index("ship_moved")


def test_AR25_AR26_stage_naval_construction_on_the_wonder_track_anne_example():
    # Anne: Giza stage 1 (2 stone) + her Wonder symbol on red, next red space 1 wood: 2 stone and 1 wood.
    state = start(3, A, boards=["giza", "rhodos", "olympia"], shipyards=["board_1", "board_2", "board_3"],
                  hands={1: {0: ["altar"]}})
    give(state, 0, "stone_pit")
    assert BOARDS["board_1"].wonder == FLEETS.index("red")
    legal = moves(state, 0)
    # wood from Olympia (seat 2 = right neighbour) at 2 coins
    assert "stage:altar" in legal and "stage:altar:ship:l0r2" in legal
    state, _ = turn(state, "stage:altar:ship:l0r2", *others(state, 0))
    assert state.seats[0].ships[0] == 1 and state.seats[0].coins == 1 and state.seats[2].coins == 3 + 3 + 2


def test_AR18_brown_grey_purple_cards_allow_no_naval_construction():
    state = start(3, A, hands={1: {0: ["lumber_yard", "loom"]}})
    assert not [m for m in moves(state, 0) if ":ship" in m and not m.startswith(("discard", "stage"))]
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("build:lumber_yard:ship"))
    assert caught.value.code == "wonders.error.naval_not_allowed"


def test_AR22_chain_build_still_pays_the_naval_cost():
    state = start(3, A, shipyards=["board_5", "board_1", "board_2"])
    hand(state, 0, "temple", "altar", "baths", "pawnshop", "theater", "stockade", "barracks", "loom")
    give(state, 0, "altar")
    coins(state, 0, 0)
    legal = moves(state, 0)
    assert "build:temple" in legal
    assert not [m for m in legal if m.startswith("build:temple:ship")]  # blue pos 1 costs clay, no coin to buy
    give(state, 0, "clay_pool")
    assert "build:temple:ship" in moves(state, 0)


def test_AR16_ship_on_position_6_never_moves():
    state = start(3, A, hands={1: {0: ["stockade"]}})
    give(state, 0, "lumber_yard", "timber_yard")
    ships(state, 0, red=6, yellow=6)
    legal = moves(state, 0)
    assert not [m for m in legal if ":ship" in m and not m.startswith("stage")]
    for text, code in [("build:stockade:ship", "wonders.error.ship_at_top"),
                       ("discard:stockade:ship", "wonders.error.ship_at_top")]:
        with pytest.raises(IllegalMove) as caught:
            G.apply(state, 0, G.parse_move(text))
        assert caught.value.code == code


def test_AR63_AR64_discard_for_a_free_yellow_advance():
    state = start(3, A)
    card = state.seats[0].hand[0]
    assert f"discard:{card}:ship" in moves(state, 0)
    state, events = turn(state, f"discard:{card}:ship", *others(state, 0))
    assert state.seats[0].ships[1] == 1 and state.seats[0].coins == 3
    assert of_kind(events, "card_discarded")[0].params == {"ship": True}
    assert G.view(state, None).players[0].commercial_level == 1


def test_AR42_AR48_taxes_paula_example():
    state = start(3, A, hands={1: {0: ["east_trading_post"]}})
    give(state, 0, "loom")  # board_1 yellow position 2 costs 1 loom
    ships(state, 0, yellow=1)
    ships(state, 2, yellow=1)
    state, events = turn(state, "build:east_trading_post:ship", *others(state, 0))
    # +2 coins on entry, tax 1 at the end of the turn: seat 1 (level 0) loses 1, seat 2 (level 1) nothing
    assert state.seats[0].coins == 3 + 2
    assert state.seats[1].coins == 3 + 3 - 1 and state.seats[2].coins == 3 + 3
    assert of_kind(events, "tax_levied")[0].params == {"value": 1, "by": [0]}
    order = kinds(events)
    assert order.index("coins_gained") < order.index("tax_levied") < order.index("coins_lost")


def test_AR46_AR47_only_the_highest_tax_applies_and_its_triggerers_are_exempt():
    state = start(4, A, hands={1: {0: ["east_trading_post"], 1: ["west_trading_post"]}})
    give(state, 0, "glassworks")  # board_1 yellow position 6 costs 2 glass: one own, one bought from seat 1
    give(state, 1, "foundry")  # board_2 yellow position 4 costs 2 ore
    ships(state, 0, yellow=5)
    ships(state, 1, yellow=3)
    ships(state, 2, yellow=3)
    coins(state, 20, 0, 1)
    legal0 = [m for m in moves(state, 0) if m.startswith("build:east_trading_post:ship")]
    legal1 = [m for m in moves(state, 1) if m.startswith("build:west_trading_post:ship")]
    state, events = play(state, (0, legal0[0]), (1, legal1[0]),
                         (2, f"discard:{state.seats[2].hand[0]}"), (3, f"discard:{state.seats[3].hand[0]}"))
    # seat 0 enters position 6 (tax 4, +2 naval shields), seat 1 position 4 (+4 coins, tax 2): only 4 applies
    assert of_kind(events, "tax_levied")[0].params == {"value": 4, "by": [0]}
    lost = {e.seat: e.params["amount"] for e in of_kind(events, "coins_lost")}
    assert lost == {1: 4 - 2, 2: 4 - 2, 3: 4}
    assert G.view(state, None).players[0].naval_strength == 2


def test_AR49_AR50_AR54_pirates_and_foggy_island():
    state = start(3, A, hands={1: {0: ["pirate_cache"]}})
    ships(state, 1, yellow=3)
    ships(state, 2, yellow=3)
    islands(state, 2, "foggy_island")
    state, events = turn(state, "build:pirate_cache", *others(state, 0))
    assert state.seats[0].coins == 6
    assert state.seats[1].coins == 6 - 2 and state.seats[2].coins == 6
    assert "pirates" in kinds(events)


def test_AR117_AR118_solo_exploration():
    state = start(3, A, hands={1: {0: ["apothecary"]}})
    give(state, 0, "loom", "glassworks")  # apothecary: loom; board_1 green position 2: glass
    ships(state, 0, green=1)
    state, events = turn(state, "build:apothecary:ship", *others(state, 0))
    assert G.active_seats(state) == frozenset({0}) and G.pending(state, 0).kind == "island"
    offer = ["wild_island", "virgin_island", "bronze_island", "windblown_island"]
    assert state.seats[0].offer == offer and len(state.island_decks[0]) == 5
    public = of_kind(events, "exploration")[0]
    assert public.params == {"level": 1, "explorers": [0], "cards": [4]} and public.visible_to is None
    private = of_kind(events, "island_offer")[0]
    assert private.visible_to == frozenset({0}) and private.params["islands"] == offer
    assert G.view(state, 0).island_offer == offer
    for seat in (None, 1, 2):
        assert not set(offer) & view_strings(G.view(state, seat))
    assert sorted(moves(state, 0)) == sorted(f"island:{i}" for i in offer)
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("island:lost_island"))
    assert caught.value.code == "wonders.error.island_not_offered"
    state, events = play(state, (0, "island:bronze_island"))
    assert state.seats[0].islands == ["bronze_island"] and len(state.island_decks[0]) == 8
    assert of_kind(events, "island_kept")[0].params == {"island": "bronze_island", "level": 1}
    assert state.turn == 2
    for seat in (None, 1, 2):
        assert not {"wild_island", "virgin_island", "windblown_island"} & view_strings(G.view(state, seat))
    sound(state, cards=False)


def test_AR120_AR121_group_exploration_deals_the_whole_deck():
    state = start(3, A, hands={1: {0: ["apothecary"], 1: ["workshop"], 2: ["scriptorium"]}})
    for s in range(3):
        give(state, s, "loom", "glassworks", "press")
        ships(state, s, green=1)
    state, events = turn(state, "build:apothecary:ship", "build:workshop:ship", "build:scriptorium:ship")
    assert of_kind(events, "exploration")[0].params == {"level": 1, "explorers": [0, 1, 2], "cards": [3, 3, 3]}
    assert [len(p.offer) for p in state.seats] == [3, 3, 3] and state.island_decks[0] == []
    assert G.active_seats(state) == frozenset({0, 1, 2})
    picks = [p.offer[0] for p in state.seats]
    state, events = play(state, *((s, f"island:{picks[s]}") for s in range(3)))
    assert [p.islands for p in state.seats] == [[picks[0]], [picks[1]], [picks[2]]]
    assert len(state.island_decks[0]) == 6
    sound(state, cards=False)


def test_AR111_AR113_steersmens_academy_draws_the_top_island():
    state = start(3, A, hands={1: {0: ["steersmens_academy"]}})
    give(state, 0, "stone_pit")
    top_islands(state, 1, "inhabited_island")
    state, events = turn(state, "build:steersmens_academy", *others(state, 0))
    assert state.seats[0].islands == ["inhabited_island"]
    drawn = of_kind(events, "island_drawn")[0]
    assert drawn.params == {"island": "inhabited_island", "level": 1} and drawn.reveals
    assert "exploration" not in kinds(events) and state.turn == 2


def test_AR131_topaz_and_AR132_frothy_harbor_advances():
    state = start(3, A, hands={2: {}})
    hand(state, 0, "map_room", *state.seats[0].hand[1:])
    give(state, 0, "lumber_yard", "clay_pool")
    top_islands(state, 2, "frothy_harbor")
    state, events = turn(state, "build:map_room", *others(state, 0))
    assert G.pending(state, 0).kind == "advance" and G.pending(state, 0).params == {"count": 2}
    assert len(moves(state, 0)) == 6 and "advance:blue_red" in moves(state, 0)
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("advance:red_blue"))
    assert caught.value.code == "wonders.error.unknown_advance"  # colours in alphabetical order only
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("advance:blue_green_red"))
    assert caught.value.code == "wonders.error.bad_advance"
    state, events = play(state, (0, "advance:blue_red"))
    assert state.seats[0].ships == [1, 0, 1, 0]
    # Topaz (blue, a guess) advances at once, no decision
    state = start(3, A, hands={1: {0: ["steersmens_academy"]}})
    give(state, 0, "stone_pit")
    top_islands(state, 1, "topaz_island")
    state, _ = turn(state, "build:steersmens_academy", *others(state, 0))
    assert state.seats[0].ships == [0, 0, 1, 0] and state.turn == 2


def test_AR134_frothy_harbor_with_few_eligible_ships_is_automatic():
    state = start(3, A)
    hand(state, 0, "map_room", *state.seats[0].hand[1:])
    give(state, 0, "lumber_yard", "clay_pool")
    ships(state, 0, red=6, yellow=6, blue=6)
    top_islands(state, 2, "frothy_harbor")
    state, _ = turn(state, "build:map_room", *others(state, 0))
    assert state.seats[0].ships == [6, 6, 6, 1] and state.turn == 2


def test_AR102_AR104_blue_armada_card_free_advance_is_part_of_the_order():
    state = start(3, A, shipyards=["board_5", "board_1", "board_2"], hands={1: {0: ["shipyard"]}})
    give(state, 0, "clay_pool")
    legal = [m for m in moves(state, 0) if m.startswith("build:shipyard")]
    assert "build:shipyard" not in legal
    assert "build:shipyard:adv_red" in legal and "build:shipyard:ship:adv_blue" in legal
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("build:shipyard"))
    assert caught.value.code == "wonders.error.advance_needed"
    state, events = turn(state, "build:shipyard:ship:adv_blue", *others(state, 0))
    assert state.seats[0].ships == [0, 0, 2, 0]
    assert [e.params["paid"] for e in of_kind(events, "ship_moved")] == [True, False]


def test_AR135_ancient_harbor_waives_one_naval_resource():
    state = start(3, A, boards=["giza", "rhodos", "olympia"], shipyards=["board_5", "board_1", "board_2"],
                  hands={1: {0: ["baths"]}})
    coins(state, 0, 0)
    assert not [m for m in moves(state, 0) if m.startswith("build:baths:ship")]
    islands(state, 0, "ancient_harbor")
    assert "build:baths:ship" in moves(state, 0)  # the clay of the naval part is waived; never the card's stone


def test_AR137_wondrous_harbor_and_AR138_AR139_lost_island():
    state = start(3, A, boards=["giza", "rhodos", "olympia"], hands={1: {0: ["altar"]}})
    give(state, 0, "stone_pit")
    islands(state, 0, "lost_island", "wondrous_harbor")
    legal = moves(state, 0)
    assert {"stage:altar:ship:track_blue", "stage:altar:ship:track_green", "stage:altar:ship:track_red",
            "stage:altar:ship:track_yellow"} <= set(legal)
    assert "stage:altar:ship" not in legal
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("stage:altar:ship"))
    assert caught.value.code == "wonders.error.track_needed"
    state, events = turn(state, "stage:altar:ship:track_green", *others(state, 0))
    assert state.seats[0].ships == [0, 0, 0, 1]
    assert state.seats[0].coins == 3 + 1  # free construction, +1 coin from Wondrous Harbor


def test_AR84_AR85_forgotten_harbor_opt_out():
    state = start(3, A)
    islands(state, 0, "forgotten_harbor")
    ships(state, 1, red=3)
    while G.pending(state, 0).kind != "naval":
        state, _ = discard_all(state)
    assert G.active_seats(state) == frozenset({0}) and moves(state, 0) == ["naval:in", "naval:out"]
    state, events = play(state, (0, "naval:out"))
    conflict = of_kind(events, "naval_conflict")[0]
    assert conflict.params["strength"] == [None, 3, 0] and conflict.params["tokens"] == [0, 3, -1]
    assert state.seats[0].naval == [] and state.age == 2


def test_AR83_naval_conflict_seed_example():
    # Age II: Gabriel 2, Paula 2, Anne 8, Romeo 6, Fred 6 -> -2, -2, +5, 0, 0
    assert naval_rewards({0: 2, 1: 2, 2: 8, 3: 6, 4: 6}, 2, "ranked") == {0: -2, 1: -2, 2: 5, 3: 0, 4: 0}
    assert naval_rewards({0: 2, 1: 2, 2: 8, 3: 6, 4: 6}, 2, "competition") == {0: -2, 1: -2, 2: 5, 3: 0, 4: 0}


@pytest.mark.parametrize("strengths,age,expected", [
    ({0: 1, 1: 1, 2: 1}, 3, {0: 0, 1: 0, 2: 0}),  # AR72 all equal
    ({0: 0, 1: 5, 2: 3, 3: 1}, 1, {0: -1, 1: 3, 2: 1, 3: 0}),  # AR75 AR76
    ({0: 0, 1: 5, 2: 3, 3: 1}, 3, {0: -3, 1: 7, 2: 5, 3: 3}),  # AR77
    ({0: 0, 1: 5, 2: 5, 3: 1}, 3, {0: -3, 1: 5, 2: 5, 3: 3}),  # AR78 AR79
    ({0: 0, 1: 5, 2: 3, 3: 3}, 3, {0: -3, 1: 7, 2: 3, 3: 3}),  # AR80
    ({0: 0, 1: 5, 2: 3, 3: 3}, 1, {0: -1, 1: 3, 2: 0, 3: 0}),
    ({0: 0, 1: 5, 2: 5, 3: 3, 4: 3}, 3, {0: -3, 1: 5, 2: 5, 3: 0, 4: 0}),  # AR81
    ({0: 0, 1: 6, 2: 5, 3: 3, 4: 3}, 3, {0: -3, 1: 7, 2: 5, 3: 0, 4: 0}),  # AR82
    ({0: 0, 0 + 5: 0, 1: 2}, 2, {0: -2, 5: -2, 1: 5}),  # AR73 tie for lowest
])
def test_naval_rewards(strengths, age, expected):
    assert naval_rewards(strengths, age, "ranked") == expected


def test_three_way_ties_differ_between_the_modes():
    strengths = {0: 0, 1: 8, 2: 8, 3: 8, 4: 6}
    assert naval_rewards(strengths, 3, "ranked") == {0: -3, 1: 5, 2: 5, 3: 5, 4: 3}
    assert naval_rewards(strengths, 3, "competition") == {0: -3, 1: 5, 2: 5, 3: 5, 4: 0}


def test_AR90_AR92_AR97_invasion_conflicts():
    state = start(5, A, hands={1: {0: ["dock"]}})
    give(state, 0, "press")
    state, events = turn(state, "build:dock", *others(state, 0))
    # Dock (>>): the player right of the right neighbour, seat 0 - 2 = seat 3
    assert of_kind(events, "invasion")[0].params == {"target": 3} and state.invasions == [[0, 3]]
    state.invasions.append([0, 3])  # as if Jetty too: still one conflict (AR97)
    while state.age == 1:
        state, events = discard_all(state)
    pairs = [(e.seat, e.params["other"], e.params["invasion"]) for e in of_kind(events, "land_conflict")]
    assert (0, 3, True) in pairs and len(pairs) == 6
    assert state.seats[0].land.count(1) == 3 and state.seats[3].land == [-1]
    assert state.invasions == []


def test_AR91_quay_targets_two_seats_to_the_left():
    state = start(5, A)
    hand(state, 0, "quay", *state.seats[0].hand[1:])
    give(state, 0, "clay_pool", "loom", "glassworks")
    option = next(m for m in moves(state, 0) if m.startswith("build:quay"))
    state, events = turn(state, option, *others(state, 0))
    assert of_kind(events, "invasion")[0].params == {"target": 2}


def test_AR149_AR150_AR100_team_land_conflicts():
    # seat 3's hand (with Dock second) passes to seat 0 after the first turn
    state = start(4, {"armada": True, "teams": True}, hands={1: {0: ["barracks"], 3: ["stockade", "dock"]}})
    give(state, 0, "press")
    state, _ = turn(state, "build:barracks", *others(state, 0))
    state, _ = turn(state, "build:dock", *others(state, 0))
    while state.age == 1:
        state, events = discard_all(state)
    # seat 0's ally is seat 1; its enemy neighbour is seat 3 (doubled tokens); Dock targets seat 2 (single token)
    pairs = {(e.seat, e.params["other"]): e.params for e in of_kind(events, "land_conflict")}
    assert (0, 1) not in pairs and (2, 3) not in pairs
    assert pairs[(0, 3)]["tokens"] == [1, 1] and pairs[(0, 2)]["tokens"] == [1]
    assert state.seats[3].land == [-1, -1] and state.seats[2].land == [-1]


def test_AR106_AR108_eastern_emporium():
    state = start(5, A, boards=["rhodos", "alexandria", "ephesos", "babylon", "giza"], hands={1: {0: ["stockade"]}})
    give(state, 0, "eastern_emporium")
    give(state, 3, "lumber_yard")  # seat 3 = right of the right neighbour; nobody else has wood
    legal = [m for m in moves(state, 0) if m.startswith("build:stockade")]
    assert legal == ["build:stockade:l0r0x1"]
    state, events = turn(state, "build:stockade:l0r0x1", *others(state, 0))
    assert state.seats[3].coins == 3 + 3 + 1 and state.seats[0].coins == 2
    assert of_kind(events, "traded")[0].params == {"to": 3, "coins": 1, "side": "far_right"}


def test_yellow_track_values_in_use():
    assert TRACKS.red_naval[3] == 3  # AR32
    assert (TRACKS.yellow_coins[2], TRACKS.yellow_coins[4]) == (2, 4)  # AR34
    assert [TRACKS.yellow_level[p] for p in (0, 1, 3, 4)] == [0, 1, 2, 2]  # AR36
    assert [TRACKS.yellow_tax[p] for p in (2, 4, 6)] == [1, 2, 4]  # AR43
    assert (TRACKS.yellow_naval[6], TRACKS.blue_vp[6], TRACKS.blue_naval[6]) == (2, 10, 1)  # AR37 AR39
    assert TRACKS.green_explore[2] == 1  # AR41
    assert sorted(b.wonder for b in BOARDS.values()) == [0, 0, 1, 1, 2, 2, 3, 3]
