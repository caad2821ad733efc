"""Turn structure and the three actions (D27-D37)."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove

from .helpers import BOTTOM, G, accessible_cards, give, play, sound, start, tokens


def _cards_in_structure(state) -> int:
    return sum(c is not None for c in state.slots)


def test_D27_players_alternate_turns():
    state = start()
    seats = []
    for _ in range(4):
        seats.append(state.current)
        card = state.slots[BOTTOM[1][len(seats) - 1]]
        state, _ = play(state, f"discard:{card}")
    assert seats == [0, 1, 0, 1]
    assert state.current == 0


def test_D28_a_turn_takes_exactly_one_card():
    state = start(age1={14: "lumber_yard"})
    before = _cards_in_structure(state)
    after, _ = play(state, "build:lumber_yard")
    assert _cards_in_structure(after) == before - 1
    assert "lumber_yard" not in after.slots


@pytest.mark.parametrize(
    "move, place",
    [("build:tavern", "city"), ("discard:tavern", "discard"), ("wonder:pyramids:tavern", "wonder")],
)
def test_D29_the_card_is_used_in_exactly_one_way(move, place):
    state = start(age1={14: "tavern"})
    state.seats[0].coins = 20
    after, _ = play(state, move)
    where = {
        "city": "tavern" in after.seats[0].city,
        "discard": "tavern" in after.discard,
        "wonder": "tavern" in after.seats[0].built.values(),
    }
    assert [k for k, v in where.items() if v] == [place]
    assert sound(after)


def test_D29_turn_options_are_build_discard_or_wonder():
    state = start()
    state.seats[0].coins = 50
    actions = {m.action for m in G.legal_moves(state, 0)}
    assert actions == {"build", "discard", "wonder"}
    for m in G.legal_moves(state, 0):
        assert m.args[-1] in state.slots


def test_D30_discard_always_legal_even_without_coins():
    state = start()
    state.seats[0].coins = 0
    moves = {m.notation for m in G.legal_moves(state, 0)}
    for slot in BOTTOM[1]:
        assert f"discard:{state.slots[slot]}" in moves
    after, _ = play(state, f"discard:{state.slots[14]}")
    assert after.seats[0].coins == 2


@pytest.mark.parametrize("yellow, gain", [((), 2), (("tavern",), 3), (("tavern", "stone_reserve", "forum"), 5)])
def test_D31_discard_gives_2_plus_1_per_yellow(yellow, gain):
    state = give(start(age1={14: "lumber_yard"}), 0, "quarry", *yellow)
    after, events = play(state, "discard:lumber_yard")
    assert after.seats[0].coins == 7 + gain
    assert [e.params["amount"] for e in events if e.kind == "card_discarded"] == [gain]


def test_D31_yellow_cards_of_the_opponent_do_not_count():
    state = give(start(age1={14: "lumber_yard"}), 1, "tavern", "forum")
    after, _ = play(state, "discard:lumber_yard")
    assert after.seats[0].coins == 9


def test_Q19_discarding_the_aqueduct_with_tavern_and_clay_reserve_gives_4():
    state = give(start(put={14: "aqueduct"}), 0, "tavern", "clay_reserve")
    after, _ = play(state, "discard:aqueduct")
    assert after.seats[0].coins == 7 + 4


def test_D32_discard_pile_is_public():
    state, _ = play(start(age1={14: "lumber_yard", 15: "quarry"}), "discard:lumber_yard", "discard:quarry")
    assert state.discard == ["lumber_yard", "quarry"]
    for seat in (None, 0, 1):
        assert G.view(state, seat).discard == ["lumber_yard", "quarry"]


def test_D33_build_pays_the_full_cost():
    # Caravansery: 2 coins + glass + papyrus, nothing produced: 2 + 2 + 2.
    state = start(put={14: "caravansery"})
    after, events = play(state, "build:caravansery")
    assert after.seats[0].coins == 7 - 6
    assert [e.params["cost"] for e in events if e.kind == "card_built"] == [6]


def test_D34_empty_cost_is_free():
    state = start(age1={14: "lumber_yard"})
    state.seats[0].coins = 0
    after, _ = play(state, "build:lumber_yard")
    assert after.seats[0].coins == 0 and after.seats[0].city == ["lumber_yard"]


def test_D35_coin_cost_paid_to_the_bank():
    # Even an opponent owning Economy gets nothing from a printed coin cost (see also D105).
    state = tokens(start(age1={14: "stone_pit"}), 1, "economy")
    after, _ = play(state, "build:stone_pit")
    assert after.seats[0].coins == 6
    assert after.seats[1].coins == 7


def test_D36_cannot_build_what_you_cannot_pay():
    state = start(put={14: "caravansery"})
    state.seats[0].coins = 5  # needs 6
    moves = {m.notation for m in G.legal_moves(state, 0)}
    assert "build:caravansery" not in moves and "discard:caravansery" in moves
    with pytest.raises(IllegalMove) as err:
        G.apply(state, 0, G.parse_move("build:caravansery"))
    assert err.value.code == "duel.error.cannot_afford"
    assert err.value.params == {"card": "caravansery", "cost": 6, "coins": 5}
    state.seats[0].coins = 6
    assert "build:caravansery" in {m.notation for m in G.legal_moves(state, 0)}


def test_D37_building_stays_in_the_city():
    state = start(age1={14: "lumber_yard"})
    state, _ = play(state, "build:lumber_yard")
    for _ in range(5):
        state, _ = play(state, f"discard:{accessible_cards(state)[0]}")
    assert state.seats[0].city == ["lumber_yard"]
