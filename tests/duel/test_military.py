"""Military: the conflict pawn, looting and military supremacy (D85-D95, Q25, Q26, Q30, Q32, Q43)."""

from __future__ import annotations

import pytest

from rules.duel.data import CAPITAL, CARDS
from rules.duel.scoring import score_sheet

from .helpers import G, discard_pile, give, kinds, own, play, rich, sound, start, tokens


def build_red(card: str, pawn: int = 0, seat: int = 0, coins: int = 50, **edits):
    """``seat`` builds ``card`` (a red card, placed at an accessible slot) with the pawn at ``pawn``."""
    state = start(first=seat, put={19 if seat == 0 else 18: card})
    state.pawn = pawn
    state.seats[seat].coins = coins
    for key, value in edits.items():
        setattr(state, key, value)
    return state, *play(state, f"build:{card}")


def test_red_card_shields_match_the_rules():
    shields = {c: CARDS[c].shields for c in CARDS if CARDS[c].colour == "red"}
    assert shields == {
        "guard_tower": 1, "stable": 1, "garrison": 1, "palisade": 1, "walls": 2, "horse_breeders": 1, "barracks": 1,
        "archery_range": 2, "parade_ground": 2, "arsenal": 3, "pretorium": 3, "fortifications": 2,
        "siege_workshop": 2, "circus": 2,
    }
    assert all(CARDS[c].shields == 0 for c in CARDS if CARDS[c].colour != "red")


@pytest.mark.parametrize("seat, card, pawn", [(0, "guard_tower", 1), (1, "guard_tower", -1), (0, "walls", 2),
                                              (1, "arsenal", -3)])
def test_D85_each_shield_moves_the_pawn_towards_the_opponent(seat, card, pawn):
    _, after, events = build_red(card, seat=seat)
    assert after.pawn == pawn
    assert [e.params for e in events if e.kind == "pawn_moved"] == [{"from": 0, "to": pawn,
                                                                     "shields": abs(pawn)}]


def test_D86_opponent_shields_push_the_pawn_back():
    _, after, _ = build_red("walls", pawn=2, seat=1)
    assert after.pawn == 0
    _, after, _ = build_red("arsenal", pawn=1, seat=1)
    assert after.pawn == -2


def test_D87_D93_reaching_space_9_wins():
    assert CAPITAL == 9
    _, after, events = build_red("guard_tower", pawn=8)
    assert after.pawn == 9
    assert after.decision == "over" and after.victory == "military" and after.winners == [0]
    assert G.active_seats(after) == frozenset() and "game_over" in kinds(events)
    assert G.outcome(after).finished and G.outcome(after).winners == [0]


def test_D87_the_pawn_stops_at_the_capital():
    _, after, _ = build_red("arsenal", pawn=-8, seat=1)
    assert after.pawn == -9 and after.winners == [1] and after.victory == "military"
    assert sound(after)


def test_D88_entering_zone_3_loses_2_coins():
    before, after, events = build_red("guard_tower", pawn=2)
    assert after.seats[1].coins == 5
    assert after.loot == [True, True, False, True]
    assert [e.params for e in events if e.kind == "looted"] == [{"token": 2, "amount": 2}]


def test_D88_seat_1_loots_seat_0():
    _, after, _ = build_red("walls", pawn=-1, seat=1)
    assert after.pawn == -3 and after.seats[0].coins == 5
    assert after.loot == [False, True, True, True]


def test_D89_entering_zone_6_loses_5_coins():
    _, after, _ = build_red("guard_tower", pawn=5, loot=[True, True, False, True])
    assert after.seats[1].coins == 2 and after.loot == [True, True, False, False]


def test_D89_D149_Q30_loss_floored_at_zero():
    state = start(put={19: "guard_tower"})
    state.pawn, state.loot, state.seats[1].coins = 5, [True, True, False, True], 3
    after, events = play(state, "build:guard_tower")
    assert after.seats[1].coins == 0
    assert [e.params["amount"] for e in events if e.kind == "looted"] == [3]


def test_D90_looted_coins_go_to_the_bank():
    _, after, _ = build_red("guard_tower", pawn=2, coins=10)
    assert after.seats[0].coins == 10 and after.seats[1].coins == 5


def test_D91_each_token_triggers_once():
    state = start(put={19: "guard_tower", 18: "stable", 17: "palisade"})
    rich(state, 10)
    state.pawn = 2
    state, _ = play(state, "build:guard_tower")  # 3: the 2-coin token
    assert state.seats[1].coins == 8
    state, _ = play(state, "build:stable")  # seat 1 (it buys its wood): back to 2
    assert state.pawn == 2
    state, _ = play(state, "build:palisade")  # 3 again: nothing left to loot
    assert state.pawn == 3 and state.seats[1].coins == 10 - 2 - 2


def test_D92_Q43_crossing_a_whole_zone_applies_both_tokens():
    state = tokens(start(put={19: "arsenal"}), 0, "strategy")  # 3 shields + 1
    rich(state, 20)
    state.pawn = 2
    state.seats[1].coins = 10
    after, events = play(state, "build:arsenal")
    assert after.pawn == 6
    assert [e.params for e in events if e.kind == "looted"] == [{"token": 2, "amount": 2}, {"token": 5, "amount": 5}]
    assert after.seats[1].coins == 3 and after.loot == [True, True, False, False]


def test_Q26_archery_range_loots_2():
    # Antoine builds the Archery Range (2 shields); the pawn enters a new zone towards Bruno: Bruno loses 2.
    _, after, _ = build_red("archery_range", pawn=1)
    assert after.pawn == 3 and after.seats[1].coins == 5


def test_moving_inwards_loots_nothing():
    _, after, _ = build_red("walls", pawn=5, seat=1, coins=7, loot=[True, True, True, True])
    assert after.pawn == 3 and after.seats[1].coins == 7 - 4  # only what it paid for its 2 stones
    assert after.seats[0].coins == 7
    assert after.loot == [True, True, True, True]


def test_D94_strategy_adds_a_shield_to_red_buildings():
    state = tokens(start(put={19: "walls"}), 0, "strategy")
    rich(state)
    after, _ = play(state, "build:walls")
    assert after.pawn == 3


def test_D94_strategy_applies_to_a_mausoleum_rebuild():
    state = rich(tokens(discard_pile(start(), "walls"), 0, "strategy"))
    own(state, 0, "mausoleum")
    state, _ = play(state, f"wonder:mausoleum:{state.slots[19]}", "revive:walls")
    assert state.pawn == 3


def test_D95_Q32_strategy_does_not_affect_wonders():
    state = rich(tokens(start(), 0, "strategy"))
    own(state, 0, "colossus")
    after, _ = play(state, f"wonder:colossus:{state.slots[19]}")
    assert after.pawn == 2


def test_D95_Q32_strategy_does_not_affect_red_cards_built_earlier():
    state = rich(give(start(put={19: "guard_tower"}), 0, "walls", "garrison"), 10)
    state.pawn = 3
    after, _ = play(state, "build:guard_tower")
    assert after.pawn == 4
    tokens(after, 0, "strategy")
    assert after.pawn == 4  # taking Strategy moves nothing


def test_military_points_follow_the_pawn():
    state = start()
    state.pawn = 4
    assert score_sheet(state, 0)["military"] == 5 and score_sheet(state, 1)["military"] == 0
