"""End of the game, civilian scoring and the tie-break; coins (D138-D150, Q29, Q30)."""

from __future__ import annotations

import pytest

from rules.duel.scoring import CATEGORIES, civilian_winners, military_points, score_sheet

from .helpers import G, built, give, only_slots, own, play, rich, sound, start, to_age, tokens


def test_D138_supremacy_ends_the_game_before_other_effects():
    # The Statue of Zeus's shield reaches the capital: no card is destroyed, no Play Again, nothing pending.
    state = rich(give(start(), 1, "quarry"))
    state.pawn = 8
    state, events = play(state, f"wonder:statue_of_zeus:{state.slots[19]}")
    assert state.decision == "over" and state.victory == "military"
    assert not state.queue and "quarry" in state.seats[1].city
    assert G.legal_moves(state, 0) == [] and G.legal_moves(state, 1) == []
    assert G.pending(state, 0) is None and G.pending(state, 1) is None


def test_D138_supremacy_on_the_last_card_of_an_age_ends_the_game_there():
    state = only_slots(start(put={19: "guard_tower"}), [19])
    state.pawn = 8
    state, events = play(state, "build:guard_tower")
    assert state.decision == "over" and state.age == 1
    assert "age_ended" not in [e.kind for e in events]


def test_D139_D146_civilian_victory_at_the_end_of_age_3():
    state = to_age(start(), 3)
    leader = 1 - state.current
    give(state, leader, "palace")  # 7 VP; the other player's discard gives it only 2 coins
    only_slots(state, [19])
    state, _ = play(state, f"discard:{state.slots[19]}")
    assert state.decision == "over" and state.victory == "civilian" and state.winners == [leader]
    totals = [score_sheet(state, s)["total"] for s in (0, 1)]
    assert totals[leader] > totals[1 - leader]
    assert sound(state)


@pytest.mark.parametrize("distance, points", [(0, 0), (1, 2), (2, 2), (3, 5), (5, 5), (6, 10), (8, 10)])
def test_D140_military_points(distance, points):
    assert military_points(distance) == points
    state = start()
    state.pawn = distance
    assert score_sheet(state, 0)["military"] == points and score_sheet(state, 1)["military"] == 0
    state.pawn = -distance
    assert score_sheet(state, 1)["military"] == points and score_sheet(state, 0)["military"] == 0


def test_D141_neutral_pawn_scores_nothing():
    state = start()
    assert [score_sheet(state, s)["military"] for s in (0, 1)] == [0, 0]


def test_D142_building_points_by_colour():
    state = give(start(), 0, "palace", "academy", "lighthouse", "tacticians_guild", "walls", "sawmill", "glassworks")
    give(state, 1, "guard_tower")
    sheet = score_sheet(state, 0)
    assert (sheet["civilian"], sheet["science"], sheet["commercial"], sheet["guilds"]) == (7, 3, 3, 1)
    assert sheet["total"] == 7 + 3 + 3 + 1 + 7 // 3


def test_D143_only_built_wonders_score():
    state = built(start(), 0, "pyramids")
    assert score_sheet(state, 0)["wonders"] == 9  # the 3 unbuilt wonders score nothing
    assert score_sheet(state, 1)["wonders"] == 0


def test_D144_progress_token_points():
    state = tokens(start(), 0, "agriculture", "philosophy", "economy")
    assert score_sheet(state, 0)["progress"] == 11


@pytest.mark.parametrize("coins, points", [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3)])
def test_D145_treasury_one_point_per_3_coins(coins, points):
    state = start()
    state.seats[0].coins = coins
    assert score_sheet(state, 0)["treasury"] == points


def test_D146_Q29_higher_total_wins():
    state = give(start(), 0, "palace")
    assert civilian_winners(state) == [0]
    give(state, 1, "town_hall", "theater")
    assert civilian_winners(state) == [1]
    assert set(CATEGORIES) == {"civilian", "science", "commercial", "guilds", "wonders", "progress", "treasury",
                               "military"}


def test_D147_tie_goes_to_more_civilian_points():
    state = give(start(), 0, "theater")  # 3 blue VP
    tokens(state, 1, "agriculture")  # 4 VP, not blue
    state.seats[0].coins, state.seats[1].coins = 10, 7  # 3 + 3 = 6 and 4 + 2 = 6
    sheets = [score_sheet(state, s) for s in (0, 1)]
    assert sheets[0]["total"] == sheets[1]["total"] == 6
    assert civilian_winners(state) == [0]


def test_D148_full_tie_is_shared():
    state = give(start(), 0, "theater")
    give(state, 1, "altar")
    assert civilian_winners(state) == [0, 1]


def test_D148_shared_victory_in_the_outcome():
    state = to_age(start(), 3)
    give(state, 0, "theater")
    give(state, 1, "altar")
    only_slots(state, [19])
    state.seats[state.current].coins, state.seats[1 - state.current].coins = 7, 9  # 9 each after the discard
    state, _ = play(state, f"discard:{state.slots[19]}")
    assert G.outcome(state).winners == [0, 1] and state.victory == "civilian"
    assert sound(state)


def test_D149_coins_never_below_zero():
    # The Appian Way against an opponent with 1 coin, then a looting token against 0 coins.
    state = rich(start(put={18: "walls"}), 20, 0)
    state.seats[1].coins = 1
    own(state, 0, "appian_way")
    state, _ = play(state, f"wonder:appian_way:{state.slots[19]}")
    assert state.seats[1].coins == 0
    state.pawn = 1
    state, _ = play(state, "build:walls")
    assert state.pawn == 3 and state.seats[1].coins == 0
    assert sound(state)


def test_D150_the_bank_never_runs_out():
    state = start()
    state.seats[0].coins, state.seats[1].coins = 80, 80  # far more than the 86 coins of the box
    state, _ = play(state, f"wonder:temple_of_artemis:{state.slots[19]}")
    assert state.seats[0].coins == 80 - 8 + 12
