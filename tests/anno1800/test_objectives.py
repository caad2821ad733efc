"""The effect objectives (spec §9.3; checklist A130-A134)."""

from __future__ import annotations

from rules.anno1800.islands import tokens

from .helpers import build_on, kind, kinds, moves, play, refused, set_cubes, set_hand, ship_tokens, sound, start

EFFECTS = ["obj_alonso_graves", "obj_aarhant", "obj_editor", "obj_beryl_omara", "obj_zoo"]


def game(**kw):
    return start(objectives=EFFECTS, **kw)


def test_A130_alonso_graves_buys_an_action_once_a_turn():
    state = game()
    ship_tokens(state, 0, card_explore=5)
    state.seats[0].gold = 7
    state, events = play(state, "alonso")
    assert state.turn.actions == 2 and state.seats[0].gold == 4 and tokens(state.seats[0])[1] == 3
    assert {"source": "alonso"} in [e.params for e in events if e.kind == "extra_action"]
    err = refused(state, 0, "alonso", "anno1800.error.once_a_turn")
    assert err.params == {"objective": "obj_alonso_graves"}
    state, _ = play(state, "festival", "festival")
    assert state.current == 1


def test_A130_alonso_needs_tokens_and_gold():
    state = game()
    state.seats[0].gold = 3
    refused(state, 0, "alonso", "anno1800.error.not_enough_tokens")
    ship_tokens(state, 0, card_explore=2)
    state.seats[0].gold = 2
    refused(state, 0, "alonso", "anno1800.error.not_enough_gold")


def test_A131_aarhant_trades_an_investor_for_five_gold():
    state = game()
    set_cubes(state, 0, {"investor": 2})
    state, events = play(state, "aarhant")
    p = state.seats[0]
    assert p.gold == 5 and p.district[4] == 1 and p.exhausted[4] == 1
    refused(state, 0, "aarhant", "anno1800.error.once_a_turn")
    state2 = game()
    err = refused(state2, 0, "aarhant", "anno1800.error.no_cube")
    assert err.params["tier"] == "investor"


def test_A132_the_editor_returns_a_card_without_drawing():
    state = game()
    set_hand(state, 0, "fw01", "aei01")
    ship_tokens(state, 0, card_explore=3)
    state, _ = play(state, "editor")
    assert kind(state) == "editor" and moves(state) == ["return:fw01", "return:aei01"]
    state, events = play(state, "return:aei01")
    assert state.seats[0].hand == ["fw01"] and state.artisan_engineer_investor[-1] == "aei01"
    assert tokens(state.seats[0])[1] == 2 and not any(e.kind == "cards_drawn" for e in events)
    refused(state, 0, "editor", "anno1800.error.once_a_turn")
    sound(state)


def test_A133_beryl_two_exploration_tokens_for_one_trade_token():
    state = game()
    set_hand(state, 0, "fw02", "fw03")
    build_on(state, 1, "home_12", "beer_worker")
    ship_tokens(state, 0, trade_used=2, card_explore=3)  # no trade token; 4 exploration tokens
    state, _ = play(state, "play:fw02")  # bricks made, beer traded: 1 trade token paid with 2 exploration
    p = state.seats[0]
    assert "fw02" in p.played and tokens(p) == (0, 2)
    sound(state)


def test_A133_beryl_any_number_of_times_and_a_choice_of_tokens():
    state = game()
    set_hand(state, 0, "aei01", "fw03")  # steel beams + cigars + high-wheelers
    build_on(state, 1, "home_12", "high_wheelers_engineer")
    build_on(state, 1, "home_13", "cigars_artisan")
    ship_tokens(state, 0, card_explore=9)  # 2 trade + 10 exploration tokens; the bill is 5 trade tokens
    state, _ = play(state, "play:aei01")
    assert moves(state) == ["pay:att", "pay:ttt"]  # with Beryl even the steel beams can be traded (7 in all)
    state, _ = play(state, "pay:att")
    assert kind(state) == "tokens" and moves(state) == ["beryl:3", "beryl:4", "beryl:5"]
    state, _ = play(state, "beryl:4")  # 4 trade tokens as 8 exploration, 1 trade token
    assert tokens(state.seats[0]) == (1, 2)


def test_A133_without_beryl_no_exchange():
    state = start()  # first-game objectives: no Beryl O'Mara
    set_hand(state, 0, "fw02")
    build_on(state, 1, "home_12", "beer_worker")
    ship_tokens(state, 0, trade_used=2, card_explore=3)
    refused(state, 0, "play:fw02", "anno1800.error.cannot_pay")


def test_A134_every_player_may_use_the_effect_objectives():
    state = game()
    state, _ = play(state, "festival")
    assert state.current == 1
    set_cubes(state, 1, {"investor": 1})
    state, events = play(state, "aarhant")
    assert state.seats[1].gold == 1 + 5 and "gold_gained" in kinds(events)
