"""Final scoring, objectives, winners and tie-breaks (spec §9; checklist A141-A161, E13, E15 = the book's §9.2
example)."""

from __future__ import annotations

import pytest

from rules.anno1800.data import DECK_CARDS
from rules.anno1800.scoring import majority, sheet, winners

from .helpers import G, build_on, give_card, put_cube, set_cubes, start

FIRST_GAME = ["obj_alonso_graves", "obj_university", "obj_edvard_goode", "obj_isabel_sarmento", "obj_zoo"]


def scored(players=2, objectives=FIRST_GAME):
    state = start(players, objectives=objectives)
    for p in state.seats:  # an empty table: every player's cards back in the decks
        for card in list(p.hand):
            p.hand.remove(card)
            state.deck(card[:2] == "fw" and "farmer_worker" or "artisan_engineer_investor").append(card)
    return state


def play_cards(state, seat, deck, n):
    cards = [c for c in DECK_CARDS[deck] if c in state.deck(deck)][:n]
    give_card(state, seat, *cards, where="played")
    return cards


def test_E15_the_books_scoring_example_is_107():
    state = scored(3)
    play_cards(state, 0, "farmer_worker", 11)
    play_cards(state, 0, "artisan_engineer_investor", 3)
    play_cards(state, 0, "new_world", 4)
    lisa = state.seats[0]
    lisa.face_down += lisa.played[:5]  # activated or not: the same
    lisa.expeditions += ["ex19", "ex06", "ex11"]  # (artisan, artisan) (engineer, investor) (engineer, artisan)
    for e in lisa.expeditions:
        state.expeditions.remove(e)
    set_cubes(state, 0, {"artisan": 3, "engineer": 1, "investor": 1})  # one engineer short
    set_cubes(state, 1, {"engineer": 3})
    set_cubes(state, 2, {"engineer": 2})  # Lisa is neither first nor second in engineers
    lisa.gold = 5
    state.fireworks, state.end_round = 0, 9
    build_on(state, 0, "home_12", "high_wheelers_engineer")
    lisa.new_world.append(state.new_world_tiles.pop())
    assert sheet(state, 0) == {
        "farmer_worker": 33, "artisan_engineer_investor": 24, "new_world": 20, "expeditions": 8, "gold": 1,
        "fireworks": 7, "obj_alonso_graves": 0, "obj_university": 0, "obj_edvard_goode": 6,
        "obj_isabel_sarmento": 6, "obj_zoo": 2, "total": 107,
    }


@pytest.mark.parametrize("deck, vp", [("farmer_worker", 3), ("artisan_engineer_investor", 8), ("new_world", 5)])
def test_A141_A142_A143_card_values(deck, vp):
    state = scored()
    play_cards(state, 0, deck, 2)
    assert sheet(state, 0)[deck] == 2 * vp


def test_A144_face_down_scores_the_same():
    state = scored()
    cards = play_cards(state, 0, "farmer_worker", 2)
    before = sheet(state, 0)["total"]
    state.seats[0].face_down += cards
    assert sheet(state, 0)["total"] == before


def test_E13_A145_A148_expedition_visitors():
    state = scored(objectives=["obj_alonso_graves", "obj_university", "obj_edvard_goode", "obj_isabel_sarmento",
                               "obj_aarhant"])  # neither Zoo nor Museum
    p = state.seats[0]
    p.expeditions += ["ex19", "ex06", "ex11"]  # needs 3 artisans, 2 engineers, 1 investor
    for e in p.expeditions:
        state.expeditions.remove(e)
    set_cubes(state, 0, {"farmer": 0, "worker": 0, "artisan": 3, "engineer": 2, "investor": 1})
    assert sheet(state, 0)["expeditions"] == 10
    set_cubes(state, 0, {"artisan": 1, "engineer": 0, "investor": 1})
    assert sheet(state, 0)["expeditions"] == 4  # 1 + 3
    set_cubes(state, 0, {"artisan": 0, "investor": 0}, {"farmer": 3})
    assert sheet(state, 0)["expeditions"] == 0  # only the matching tier visits


def test_A146_A147_one_slot_per_cube_from_anywhere():
    state = scored()
    p = state.seats[0]
    p.expeditions += ["ex01"]  # investor + investor
    state.expeditions.remove("ex01")
    set_cubes(state, 0, {"artisan": 0}, {"investor": 1})
    assert sheet(state, 0)["expeditions"] == 3  # one investor, one slot
    put_cube(state, 0, "home_6", "investor")  # upgraded in place on a workplace
    assert sheet(state, 0)["expeditions"] == 6


def test_A149_one_point_per_three_gold():
    state = scored()
    for gold, vp in ((2, 0), (3, 1), (5, 1), (6, 2), (11, 3)):
        state.seats[0].gold = gold
        assert sheet(state, 0)["gold"] == vp


def test_A150_fireworks_seven():
    state = scored()
    state.fireworks, state.end_round = 1, 3
    assert sheet(state, 1)["fireworks"] == 7 and sheet(state, 0)["fireworks"] == 0


def test_A151_A152_edvard_goode_six_per_depicted_industry():
    state = scored()
    for field, b in (("home_12", "gramophones_engineer"), ("home_13", "high_wheelers_engineer"),
                     ("home_14", "steam_carriages_engineer"), ("home_15", "light_bulbs_engineer")):
        build_on(state, 0, field, b)
    assert sheet(state, 0)["obj_edvard_goode"] == 18


def test_A153_A154_majorities_with_ties():
    assert majority([5, 5, 3, 1]) == [10, 10, 4, 0]  # a tie for first still leaves second place
    assert majority([5, 3, 3, 1]) == [10, 4, 4, 0]
    assert majority([2, 0, 0]) == [10, 0, 0]  # nothing for a count of 0 (spec AMB-5)
    assert majority([0, 0]) == [0, 0]


@pytest.mark.parametrize("objective, setup, expected", [
    ("obj_hannah_goode", lambda s: set_cubes(s, 1, {"farmer": 5}), [4, 10]),
    ("obj_university", lambda s: set_cubes(s, 0, {"engineer": 1}), [10, 0]),
    ("obj_worlds_fair", lambda s: set_cubes(s, 1, {"investor": 2}), [0, 10]),
    ("obj_madame_kahina", lambda s: build_on(s, 0, "home_19", "trade_ship_3"), [10, 4]),
    ("obj_tourist", lambda s: s.seats[1].expeditions.append(s.expeditions.pop()), [0, 10]),
])
def test_A153_each_majority_card_counts_its_element(objective, setup, expected):
    state = scored(objectives=[objective, "obj_alonso_graves", "obj_aarhant", "obj_editor", "obj_zoo"])
    setup(state)
    assert [sheet(state, s)[objective] for s in (0, 1)] == expected


@pytest.mark.parametrize("objective, slot", [("obj_zoo", 0), ("obj_museum", 1)])
def test_A155_zoo_and_museum_add_one_per_visited_slot(objective, slot):
    state = scored(objectives=[objective, "obj_alonso_graves", "obj_aarhant", "obj_editor", "obj_university"])
    p = state.seats[0]
    p.expeditions += ["ex14"]  # animal: artisan; artefact: investor
    state.expeditions.remove("ex14")
    set_cubes(state, 0, {"artisan": 1, "investor": 1})
    s = sheet(state, 0)
    assert s["expeditions"] == 4 and s[objective] == 1


def test_A156_bente_jorgensen():
    state = scored(objectives=["obj_bente_jorgensen", "obj_alonso_graves", "obj_aarhant", "obj_editor", "obj_zoo"])
    state.seats[1].old_world += ["ow01", "ow02"]
    assert sheet(state, 0)["obj_bente_jorgensen"] == 18 and sheet(state, 1)["obj_bente_jorgensen"] == 0
    state.seats[0].old_world += ["ow03"]
    assert sheet(state, 0)["obj_bente_jorgensen"] == 18


def test_A157_isabel_sarmento():
    state = scored()
    state.seats[0].new_world += ["nwi01", "nwi02", "nwi03"]
    assert sheet(state, 0)["obj_isabel_sarmento"] == 18


def test_A158_pyrphorian():
    state = scored(objectives=["obj_pyrphorian", "obj_alonso_graves", "obj_aarhant", "obj_editor", "obj_zoo"])
    give_card(state, 0, "fw01", "fw02", "aei01")
    give_card(state, 0, "fw03", where="played")  # played cards, activated or not, are not in hand
    assert sheet(state, 0)["obj_pyrphorian"] == -6


def test_A159_the_most_points_win():
    state = scored()
    play_cards(state, 1, "farmer_worker", 1)
    assert winners(state) == [1]


def test_A160_ties_go_to_the_most_buildings_printed_included():
    state = scored()
    build_on(state, 0, "home_12", "timber_worker")  # 15 buildings against 14
    assert winners(state) == [0]
    state.seats[0].buildings[1] = ""  # a printed building covered, then the field emptied: 14 each
    state.seats[0].printed[1] = False
    assert winners(state) == [0, 1]


def test_A161_then_the_fewest_cards_in_hand_then_shared():
    state = scored()
    give_card(state, 0, "fw01")
    assert winners(state) == [1]
    give_card(state, 1, "fw02")
    assert winners(state) == [0, 1]


def test_A159_outcome_lists_the_score_pad():
    state = scored()
    out = G.outcome(state)
    assert not out.finished and out.winners == []
    assert out.categories == ["farmer_worker", "artisan_engineer_investor", "new_world", "expeditions", "gold",
                              "fireworks", *FIRST_GAME, "total"]
