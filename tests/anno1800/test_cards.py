"""Population cards: play, activate, swap, and the card effects (spec §6.2, §6.3, §7; checklist A75-A84,
A121-A129, E8)."""

from __future__ import annotations

from rules.anno1800.islands import tokens

from .helpers import build_on, empty_deck, give_card, kind, moves, play, put_cube, refused, set_hand
from .helpers import ship_tokens, sound, start


def activated(card, **kw):
    """Seat 0 with ``card`` played earlier (face up), its turn beginning."""
    state = start(**kw)
    give_card(state, 0, card, where="played")
    return state


def test_A75_A77_playing_puts_one_card_face_up_in_the_area():
    state = start()
    set_hand(state, 0, "fw36", "fw37")  # 2 exploration tokens each; the player has 1 + 2 on a card
    ship_tokens(state, 0, card_explore=3)
    state.turn.actions = 1
    state, events = play(state, "play:fw36")
    p = state.seats[0]
    assert p.hand == ["fw37"] and p.played == ["fw36"] and p.face_down == []
    assert [e.params for e in events if e.kind == "card_played"] == [{"card": "fw36", "deck": "farmer_worker"}]
    assert state.turn.actions == 0 and "play:fw37" not in moves(state)


def test_A76_every_requirement_must_be_paid():
    state = start()
    set_hand(state, 0, "nw01")  # cotton fabric + schnapps + 1 trade token
    err = refused(state, 0, "play:nw01", "anno1800.error.no_source")
    assert err.params["resource"] in ("cotton_fabric", "schnapps")


def test_A78_A81_an_effect_once_then_face_down():
    state = activated("fw41")  # gain 4 gold
    state, events = play(state, "activate:fw41")
    p = state.seats[0]
    assert p.gold == 4 and p.face_down == ["fw41"] and p.played == ["fw41"]
    refused(state, 0, "activate", "anno1800.error.nothing_to_activate")
    give_card(state, 0, "fw42", where="played")
    state, events = play(state, "activate")  # the only card that can be activated: taken at once
    assert [e.params["card"] for e in events if e.kind == "card_activated"] == ["fw42"] and kind(state) == "turn"


def test_A79_activation_in_the_turn_played():
    state = start()
    set_hand(state, 0, "fw36", "fw01")
    ship_tokens(state, 0, card_explore=1)
    state, _ = play(state, "play:fw36")
    assert "activate" in moves(state)
    state, _ = play(state, "activate:fw36")
    assert state.seats[0].card_trade == 3


def test_A79_or_in_a_later_turn():
    state = start()
    set_hand(state, 0, "fw36", "fw01")
    ship_tokens(state, 0, card_explore=1)
    state, _ = play(state, "play:fw36", "end", "festival")
    assert state.current == 0 and "activate" in moves(state)


def test_A80_activation_is_free_and_unlimited():
    state = activated("fw41")
    give_card(state, 0, "fw42", where="played")
    state, _ = play(state, "activate:fw41", "activate:fw42")
    assert state.seats[0].gold == 8 and state.turn.actions == 1 and state.turn.taken == 0


def test_A82_return_cards_only_in_the_turn_played():
    state = start()
    set_hand(state, 0, "aei14", "fw01", "fw02")  # 6 exploration tokens; return up to 2 cards
    ship_tokens(state, 0, card_explore=5)
    state, _ = play(state, "play:aei14")
    assert "activate" in moves(state)
    state, events = play(state, "end")
    assert [e.params for e in events if e.kind == "effect_forfeited"] == [{"card": "aei14"}]
    assert "aei14" in state.seats[0].face_down


def test_A82_return_cards_cannot_wait():
    state = activated("aei14")
    refused(state, 0, "activate", "anno1800.error.nothing_to_activate")
    give_card(state, 0, "fw41", where="played")
    state, events = play(state, "activate")  # aei14's effect lapsed: fw41 is the only one
    assert [e.params["card"] for e in events if e.kind == "card_activated"] == ["fw41"]
    state = activated("aei14")
    give_card(state, 0, "fw41", "fw42", where="played")
    state, _ = play(state, "activate")
    err = refused(state, 0, "activate:aei14", "anno1800.error.effect_lapsed")
    assert err.params == {"card": "aei14"}


def test_A83_swap_returns_and_draws_from_the_same_decks():
    state = start()
    set_hand(state, 0, "fw01", "aei01", "nw01")
    top = {"farmer_worker": state.farmer_worker[0], "artisan_engineer_investor": state.artisan_engineer_investor[0]}
    state, _ = play(state, "swap", "swap:fw01", "swap:aei01", "done")
    p = state.seats[0]
    assert sorted(p.hand) == sorted(["nw01", top["farmer_worker"], top["artisan_engineer_investor"]])
    assert state.farmer_worker[-1] == "fw01" and state.artisan_engineer_investor[-1] == "aei01"
    sound(state)


def test_A83_three_cards_finish_the_swap():
    state = start()
    set_hand(state, 0, "fw01", "fw02", "fw03", "fw04")
    state, events = play(state, "swap", "swap:fw01", "swap:fw02", "swap:fw03")
    assert any(e.kind == "cards_drawn" and e.params == {"deck": "farmer_worker", "count": 3, "why": "swap"}
               for e in events)
    assert len(state.seats[0].hand) == 4 and state.current == 1


def test_E8_A84_a_card_of_an_empty_deck_cannot_be_swapped():
    state = start()
    set_hand(state, 0, "fw01", "aei01", "nw01")
    empty_deck(state, "farmer_worker")
    state, _ = play(state, "swap")
    assert moves(state) == ["swap:aei01", "swap:nw01"]
    err = refused(state, 0, "swap:fw01", "anno1800.error.deck_empty")
    assert err.params == {"deck": "farmer_worker"}
    state, _ = play(state, "swap:aei01", "swap:nw01", "done")
    assert "fw01" in state.seats[0].hand and len(state.seats[0].hand) == 3


def test_A121_gain_cubes_draws_a_card_per_cube():
    state = activated("fw04")  # 2 workers
    hand = len(state.seats[0].hand)
    state, events = play(state, "activate:fw04")
    p = state.seats[0]
    assert p.district[1] == 5 and len(p.hand) == hand + 2
    assert any(e.kind == "cards_received" and e.visible_to == frozenset({0}) for e in events)


def test_A121_gain_cubes_pays_the_decks_gold_when_empty():
    state = activated("fw17")  # 1 engineer: an artisan/engineer/investor card, or 3 gold
    empty_deck(state, "artisan_engineer_investor")
    state.seats[0].gold = 4
    state, events = play(state, "activate:fw17")
    assert state.seats[0].district[3] == 1 and state.seats[0].gold == 1
    assert {"amount": 3, "reason": "no_card"} in [e.params for e in events if e.kind == "gold_paid"]


def test_A122_a_cube_without_card_or_gold_is_skipped():
    state = activated("fw04")  # 2 workers, farmer/worker deck with 1 card, no gold
    empty_deck(state, "farmer_worker", keep=1)
    state, events = play(state, "activate:fw04")
    assert state.seats[0].district[1] == 4
    assert [e.params for e in events if e.kind == "cubes_gained"] == [
        {"tier": "worker", "count": 1, "of": 2, "why": "card"}]


def test_A122_italian_rule_option_all_or_nothing():
    state = activated("fw04", options={"gain_cubes": "all_or_nothing"})
    give_card(state, 0, "fw41", "fw42", where="played")
    empty_deck(state, "farmer_worker", keep=1)
    state, _ = play(state, "activate")
    assert moves(state) == ["activate:fw41", "activate:fw42"]
    refused(state, 0, "activate:fw04", "anno1800.error.cannot_gain_cubes")


def test_A123_card_tokens_are_spent_first_and_go_to_the_supply():
    state = activated("fw32")  # 3 trade tokens on the card
    state, _ = play(state, "activate:fw32")
    p = state.seats[0]
    assert p.card_trade == 3 and tokens(p) == (5, 1)
    set_hand(state, 0, "fw02", "fw01")
    build_on(state, 1, "home_12", "beer_worker")
    state, _ = play(state, "play:fw02", "pay:at")  # beer traded for 1 token: from the card
    assert state.seats[0].card_trade == 2 and state.seats[0].trade_used == 0
    state, events = play(state, "end", "festival", "festival")  # seat 1, then seat 0's festival
    assert state.seats[0].card_trade == 0
    assert [e.params["card_tokens_lost"] for e in events if e.kind == "festival" and e.seat == 0] == [2]


def test_A124_gain_gold():
    state, events = play(activated("fw45"), "activate:fw45")
    assert state.seats[0].gold == 4
    assert {"amount": 4, "reason": "card"} in [e.params for e in events if e.kind == "gold_gained"]


def test_A125_expedition_cards_effect():
    state, events = play(activated("aei01"), "activate:aei01")
    assert len(state.seats[0].expeditions) == 2 and len(state.expeditions) == 20
    state = activated("aei01")
    state.seats[1].expeditions += state.expeditions[1:]
    del state.expeditions[1:]
    state, _ = play(state, "activate:aei01")  # a single card left: it is drawn (spec AMB-12)
    assert len(state.seats[0].expeditions) == 1
    state = activated("aei02")
    give_card(state, 0, "fw41", "fw42", where="played")
    state.seats[1].expeditions += state.expeditions
    state.expeditions.clear()
    state, _ = play(state, "activate")
    refused(state, 0, "activate:aei02", "anno1800.error.deck_empty")


def test_A126_new_world_resource_of_the_card():
    state = activated("aei29")
    state, _ = play(state, "activate:aei29")
    assert kind(state) == "resource"
    assert moves(state) == ["take:cocoa", "take:coffee_beans", "take:caoutchouc", "take:sugar_cane", "take:tobacco"]
    refused(state, 0, "take:cotton", "anno1800.error.not_offered")
    state, _ = play(state, "take:cocoa")
    state, events = play(state, "build", "build:chocolate_artisan", "field:home_12")  # pigs + cocoa
    if kind(state) == "pay":
        state, events = play(state, "pay:fh")
    assert {"resource": "cocoa", "count": 1} in [e.params for e in events if e.kind == "held_used"]
    assert "chocolate_artisan" in state.seats[0].buildings


def test_A127_free_upgrades_only_of_the_depicted_type():
    state = activated("fw24")  # up to 3 farmers to workers
    put_cube(state, 0, "home_2", "farmer", 0)
    state, _ = play(state, "activate:fw24")
    assert kind(state) == "free_upgrade"
    assert moves(state) == ["upgrade:farmer:home", "upgrade:farmer:home_2", "done"]
    refused(state, 0, "upgrade:worker:home", "anno1800.error.wrong_tier")
    state, _ = play(state, "upgrade:farmer:home", "upgrade:farmer:home_2", "upgrade:farmer:home")
    p = state.seats[0]
    assert p.district[:2] == [2, 5] and p.work[2] == 1 and kind(state) == "turn"
    assert state.turn.actions == 1  # free
    sound(state)


def test_A127_free_upgrades_can_stop_early():
    state, _ = play(activated("fw24"), "activate:fw24", "upgrade:farmer:home", "done")
    assert state.seats[0].district[:2] == [3, 4] and kind(state) == "turn"


def test_A128_extra_action():
    state, events = play(activated("aei04"), "activate:aei04")
    assert state.turn.actions == 2 and {"source": "card"} in [e.params for e in events if e.kind == "extra_action"]
    state, _ = play(state, "festival")
    assert state.current == 0 and state.turn.actions == 1
    state, _ = play(state, "festival")
    assert state.current == 1


def test_A129_return_cards_without_drawing():
    state = start()
    set_hand(state, 0, "aei14", "fw01", "fw02", "fw03")
    ship_tokens(state, 0, card_explore=5)
    state, _ = play(state, "play:aei14", "activate:aei14")
    assert kind(state) == "return_cards"
    state, events = play(state, "return:fw01", "return:fw02")
    assert state.seats[0].hand == ["fw03"] and state.farmer_worker[-2:] == ["fw01", "fw02"]
    assert [e.params for e in events if e.kind == "cards_returned"] == [
        {"decks": ["farmer_worker"], "why": "card"}] * 2
    assert all(e.visible_to == frozenset({0}) for e in events if e.kind == "cards_put_back")
    sound(state)
