"""Science symbols, progress tokens and scientific supremacy (D96-D113, Q27, Q28, Q31-Q35, Q49)."""

from __future__ import annotations

from collections import Counter

from rules.duel.data import CARDS, SCIENCE, TOKENS
from rules.duel.economy import card_price, wonder_price
from rules.duel.scoring import score_sheet

from .helpers import DEFAULT_BOARD, G, discard_pile, give, kinds, only_slots, own, play, rich, sound, start, tokens

FIVE_SYMBOLS = ("apothecary", "scriptorium", "pharmacist", "workshop", "academy")  # wheel quill mortar plumb sundial


def pair_state(**kw):
    """Seat 0 owns the Apothecary (wheel) and can build the School (the second wheel) at slot 19."""
    state = give(start(put={19: "school"}, **kw), 0, "apothecary")
    return rich(state, 20, 0)


def take_token(token: str, seat_coins: int = 20):
    board = [token] + [t for t in DEFAULT_BOARD if t != token][:4]
    state = pair_state(board=board)
    state.seats[0].coins = seat_coins
    state, _ = play(state, "build:school")
    return play(state, f"token:{token}")


def test_D96_seven_symbols_six_on_two_green_cards_each():
    assert len(SCIENCE) == 7
    on_cards = Counter(c.science for c in CARDS.values() if c.science)
    assert on_cards == {s: 2 for s in SCIENCE if s != "law"}
    assert all(CARDS[c].colour == "green" for c in CARDS if CARDS[c].science)
    assert all(CARDS[c].science for c in CARDS if CARDS[c].colour == "green")
    assert [t for t in TOKENS if TOKENS[t].science] == ["law"] and TOKENS["law"].science == "law"


def test_D97_Q28_a_pair_offers_a_board_token():
    state, events = play(pair_state(), "build:school")
    assert "science_pair" in kinds(events)
    assert G.pending(state, 0).kind == "token" and state.current == 0
    assert {m.args[0] for m in G.legal_moves(state, 0)} == set(state.board_tokens)
    state, _ = play(state, "token:economy")
    assert state.seats[0].tokens == ["economy"] and "economy" not in state.board_tokens
    assert state.current == 1 and sound(state)


def test_D97_one_symbol_alone_offers_nothing():
    state = start(put={19: "school"})
    state, events = play(state, "build:school")
    assert "science_pair" not in kinds(events) and state.current == 1


def test_D98_Q49_pair_with_an_empty_board_gives_nothing():
    state = pair_state()
    tokens(state, 1, *state.board_tokens)
    state, events = play(state, "build:school")
    assert not state.queue and state.current == 1 and state.seats[0].tokens == []


def test_D99_six_different_symbols_win():
    state = rich(give(start(put={19: "university"}), 0, *FIVE_SYMBOLS))
    state, events = play(state, "build:university")
    assert state.decision == "over" and state.victory == "science" and state.winners == [0]
    assert G.outcome(state).winners == [0]


def test_D99_five_symbols_and_a_pair_do_not_win():
    state = rich(give(start(put={19: "school"}), 0, *FIVE_SYMBOLS))
    state, _ = play(state, "build:school")
    assert state.decision == "turn" and G.pending(state, 0).kind == "token"


def test_D100_D113_law_is_a_sixth_symbol():
    state = rich(give(start(put={19: "school"}), 0, *FIVE_SYMBOLS))
    state, _ = play(state, "build:school")
    state, events = play(state, "token:law")
    assert state.victory == "science" and state.winners == [0]


def test_D101_tokens_are_kept():
    state, _ = take_token("philosophy")
    only_slots(state, [18])
    state, _ = play(state, f"discard:{state.slots[18]}")  # the end of Age I
    assert state.age == 2
    assert state.seats[0].tokens == ["philosophy"] and "philosophy" not in state.board_tokens


def test_D102_agriculture():
    state, events = take_token("agriculture", seat_coins=10)
    assert state.seats[0].coins == 10 - 6 + 6  # the School cost 6, Agriculture gives 6
    assert score_sheet(state, 0)["progress"] == 4


def test_D103_Q34_architecture_waives_two_units_of_wonders():
    # Pyramids 3S + P; the opponent's Shelf Quarry makes stone cost 4: waive two stones.
    state = give(start(), 1, "shelf_quarry")
    assert wonder_price(state, 0, "pyramids").total == 14
    tokens(state, 0, "architecture")
    assert wonder_price(state, 0, "pyramids").total == 6
    assert card_price(state, 0, CARDS["walls"]).total == 8  # not for buildings


def test_D104_economy_receives_trading_coins():
    state = tokens(give(start(put={19: "walls"}), 0, "quarry"), 1, "economy")
    after, events = play(state, "build:walls")  # one stone bought at 2 (seat 1 produces no stone)
    assert after.seats[0].coins == 5 and after.seats[1].coins == 9
    assert [e.params for e in events if e.kind == "economy_income"] == [{"amount": 2}]


def test_D104_economy_on_a_wonder():
    state = rich(tokens(start(), 1, "economy"), 20, 0)
    after, _ = play(state, f"wonder:pyramids:{state.slots[19]}")
    assert after.seats[0].coins == 12 and after.seats[1].coins == 15


def test_D105_Q31_economy_ignores_printed_coin_costs():
    state = tokens(start(put={19: "caravansery"}), 1, "economy")
    after, _ = play(state, "build:caravansery")  # 2 coins printed + glass 2 + papyrus 2
    assert after.seats[0].coins == 1 and after.seats[1].coins == 7 + 4


def test_D106_Q31_economy_gets_what_a_fixed_price_buyer_actually_pays():
    state = tokens(give(start(put={19: "aqueduct"}), 0, "stone_reserve"), 1, "economy")
    give(state, 1, "shelf_quarry")  # stone would cost 4 without the reserve
    after, _ = play(state, "build:aqueduct")
    assert after.seats[0].coins == 4 and after.seats[1].coins == 10


def test_D107_masonry_waives_two_units_of_blue_cards():
    state = tokens(start(), 0, "masonry")
    assert card_price(state, 0, CARDS["town_hall"]).total == 6  # 3S + 2W: 2 of the 5 units waived, 3 bought at 2
    assert card_price(state, 0, CARDS["aqueduct"]).total == 2
    assert card_price(state, 0, CARDS["baths"]).total == 0
    assert card_price(state, 0, CARDS["walls"]).total == 4  # red: no discount
    assert wonder_price(state, 0, "pyramids").total == 8  # wonders: no discount


def test_D108_Q35_mathematics_counts_itself():
    state = tokens(start(), 0, "mathematics", "law", "economy")
    assert score_sheet(state, 0)["progress"] == 9


def test_D109_philosophy():
    state = tokens(start(), 0, "philosophy")
    assert score_sheet(state, 0)["progress"] == 7
    assert TOKENS["philosophy"].vp == 7 and TOKENS["agriculture"].vp == 4


def test_D110_theology_gives_play_again_to_every_wonder():
    state = rich(tokens(start(), 0, "theology"))
    state, events = play(state, f"wonder:pyramids:{state.slots[19]}")
    assert state.current == 0 and "play_again" in kinds(events)


def test_D111_Q33_theology_does_not_stack():
    state = rich(tokens(start(), 0, "theology"))
    own(state, 0, "sphinx")
    state, _ = play(state, f"wonder:sphinx:{state.slots[19]}")
    assert state.current == 0
    state, _ = play(state, f"discard:{state.slots[18]}")
    assert state.current == 1


def test_D112_urbanism_gives_6_coins():
    state, _ = take_token("urbanism", seat_coins=6)
    assert state.seats[0].coins == 6


def test_D113_great_library_tokens_apply_at_once():
    state = rich(start(box=["agriculture", "law", "theology", "urbanism", "strategy"],
                       board=["philosophy", "architecture", "economy", "masonry", "mathematics"]), 10)
    own(state, 0, "great_library")
    state, _ = play(state, f"wonder:great_library:{state.slots[19]}")
    assert state.seats[0].coins == 0
    state, _ = play(state, "token:agriculture")
    assert state.seats[0].coins == 6


def test_D113_law_from_the_great_library_can_win():
    state = rich(give(start(box=["law", "agriculture", "theology", "urbanism", "strategy"],
                            board=["philosophy", "architecture", "economy", "masonry", "mathematics"]), 0,
                      *FIVE_SYMBOLS))
    own(state, 0, "great_library")
    state, _ = play(state, f"wonder:great_library:{state.slots[19]}", "token:law")
    assert state.victory == "science" and state.winners == [0]


def test_D97_token_choice_cannot_be_declined():
    state, _ = play(pair_state(), "build:school")
    moves = G.legal_moves(state, 0)
    assert moves and {m.action for m in moves} == {"token"}


def test_D97_Q46_a_mausoleum_rebuild_can_make_a_pair():
    state = rich(give(start(), 0, "apothecary"))
    discard_pile(state, "school")
    own(state, 0, "mausoleum")
    state, _ = play(state, f"wonder:mausoleum:{state.slots[19]}", "revive:school")
    assert G.pending(state, 0).kind == "token"
    state, _ = play(state, "token:agriculture")
    assert state.current == 1 and "agriculture" in state.seats[0].tokens


def test_D97_pair_with_the_last_card_of_the_age():
    state = pair_state()
    only_slots(state, [19])
    state, _ = play(state, "build:school")
    assert state.age == 1 and G.pending(state, 0).kind == "token"  # the choice comes before the end of the age
    state, _ = play(state, "token:economy")
    assert state.age == 2 and "economy" in state.seats[0].tokens


def test_D110_theology_play_again_after_a_destroy_choice():
    state = rich(tokens(give(start(), 1, "quarry"), 0, "theology"))
    state, _ = play(state, f"wonder:statue_of_zeus:{state.slots[19]}")
    assert G.pending(state, 0).kind == "destroy"
    state, _ = play(state, "destroy:quarry")
    assert state.current == 0 and state.decision == "turn"
