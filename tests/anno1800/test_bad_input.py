"""Bad input: every refused move raises IllegalMove with a specific code (and parameters, never a sentence) and
leaves the state exactly as it was, for every kind of decision."""

from __future__ import annotations

import pytest

from rules.anno1800.state import Step
from rules.contract import IllegalMove, Move

from .helpers import G, build_on, empty_deck, give_card, kind, moves, play, put_cube, refused, set_cubes, set_hand
from .helpers import ship_tokens, start


@pytest.mark.parametrize("text, code", [
    ("fly:away", "error.unknown_action"),
    ("play", "error.move_arity"),
    ("build:coal_worker:home_1", "error.move_arity"),
    ("upgrade:farmer", "error.move_arity"),
    ("play:fw99", "anno1800.error.unknown_card"),
    ("build:palace", "anno1800.error.unknown_building"),
    ("hire:king", "anno1800.error.unknown_tier"),
    ("take:gold", "anno1800.error.unknown_resource"),
    ("expedition:three", "anno1800.error.not_a_number"),
    ("partners:one", "anno1800.error.not_a_number"),
    ("pay:xyz", "anno1800.error.bad_plan"),
    ("", "error.move_syntax"),
    ("Build:Coal Worker", "error.move_syntax"),
])
def test_unknown_ids_arity_and_syntax(text, code):
    with pytest.raises(IllegalMove) as err:
        G.parse_move(text)
    assert err.value.code == code
    if code != "error.move_syntax":
        action, *args = text.split(":")
        refused(start(), 0, Move(action, tuple(args)), code)


def test_parse_is_case_insensitive_and_round_trips():
    assert G.parse_move(" PLAY:FW01 ") == Move("play", ("fw01",))
    assert G.parse_move("upgrade:farmer:home_2").notation == "upgrade:farmer:home_2"


def test_game_over_not_a_player_not_your_turn():
    state = start()
    refused(state, 1, "festival", "error.not_your_turn")
    refused(state, 2, "festival", "error.not_a_player")
    refused(state, -1, "festival", "error.not_a_player")
    over = state.clone()
    over.over, over.winners = True, [0]
    refused(over, 0, "festival", "error.game_over")
    assert G.legal_moves(over, 0) == [] and G.pending(over, 0) is None and G.active_seats(over) == frozenset()


def test_a_move_of_another_decision():
    err = refused(start(), 0, "field:home_12", "anno1800.error.wrong_decision")
    assert err.params["expected"] == "turn" and "build" in err.params["actions"]
    state, _ = play(start(), "build")
    err = refused(state, 0, "festival", "anno1800.error.wrong_decision")
    assert err.params == {"expected": "build", "actions": ["build", "remove"]}


def test_turn_refusals():
    state = start(objectives=["obj_zoo", "obj_museum", "obj_university", "obj_tourist", "obj_hannah_goode"])
    refused(state, 0, "play:fw46", "anno1800.error.not_in_hand")
    refused(state, 0, "end", "anno1800.error.no_action_taken")
    refused(state, 0, "expedition:4", "anno1800.error.bad_count")
    ship_tokens(state, 0, explore_used=1)
    refused(state, 0, "old_world", "anno1800.error.not_enough_tokens")
    refused(state, 0, "new_world", "anno1800.error.not_enough_tokens")
    refused(state, 0, "expedition:1", "anno1800.error.not_enough_tokens")
    refused(state, 0, "alonso", "anno1800.error.objective_not_in_play")
    refused(state, 0, "aarhant", "anno1800.error.objective_not_in_play")
    refused(state, 0, "editor", "anno1800.error.objective_not_in_play")
    refused(state, 0, "activate", "anno1800.error.nothing_to_activate")
    refused(state, 0, "shift", "anno1800.error.no_used_cube")
    state2 = start()
    give_card(state2, 0, "fw41", where="played")
    state2, _ = play(state2, "festival")
    refused(state2, 0, "festival", "anno1800.error.no_action_left")
    refused(state2, 0, "hire", "anno1800.error.no_action_left")


def test_nothing_to_swap_or_upgrade():
    state = start()
    for deck in ("farmer_worker", "artisan_engineer_investor", "new_world"):
        empty_deck(state, deck)
    refused(state, 0, "swap", "anno1800.error.nothing_to_swap")
    state = start()
    set_cubes(state, 0, {"farmer": 0, "worker": 0, "artisan": 0})
    refused(state, 0, "upgrade", "anno1800.error.nothing_to_upgrade")


def test_build_refusals():
    state = start()
    build_on(state, 0, "home_12", "coal_worker")
    state, _ = play(state, "build")
    refused(state, 0, "build:coal_artisan", "anno1800.error.not_buildable")  # printed only, no token
    refused(state, 0, "build:coal_worker", "anno1800.error.identical_industry")
    refused(state, 0, "build:trade_ship_2", "anno1800.error.no_shipyard")
    state, _ = play(state, "remove")
    refused(state, 0, "remove:home_16", "anno1800.error.printed_building")
    refused(state, 0, "remove:home_13", "anno1800.error.nothing_there")
    refused(state, 0, "remove:home_99", "anno1800.error.no_such_field")


def test_field_refusals():
    state, _ = play(start(), "build", "build:shipyard_1")
    refused(state, 0, "field:home_2", "anno1800.error.wrong_field")
    refused(state, 0, "field:ow01_1", "anno1800.error.no_such_field")
    refused(state, 0, "field:home_11", "anno1800.error.cover_printed_first")
    build_on(state, 0, "home_12", "shipyard_2")
    state, _ = play(state, "cover")
    assert kind(state) == "cover" and moves(state) == ["field:home_12", "cover"]
    refused(state, 0, "field:home_13", "anno1800.error.field_free")
    refused(state, 0, "field:home_11", "anno1800.error.cover_printed_first")
    after, _ = play(state, "cover")  # only the printed shipyard: taken at once
    assert after.seats[0].buildings[10] == "shipyard_1" and not after.seats[0].printed[10]


def pay_game():
    state = start(3)
    set_hand(state, 0, "fw02", "fw03")  # bricks + beer
    build_on(state, 1, "home_12", "beer_worker")
    ship_tokens(state, 0, card_trade=1)
    state, _ = play(state, "play:fw02")
    assert kind(state) == "pay"
    return state


@pytest.mark.parametrize("code, error", [
    ("a", "anno1800.error.bad_plan"),
    ("aww", "anno1800.error.bad_plan"),
    ("aw", "anno1800.error.no_workplace"),
    ("ha", "anno1800.error.not_held"),
    ("an", "anno1800.error.not_new_world"),
])
def test_pay_refusals(code, error):
    refused(pay_game(), 0, f"pay:{code}", error)


def test_pay_refusals_about_trades():
    state = pay_game()
    set_cubes(state, 0, {"artisan": 0})
    refused(state, 0, "pay:at", "anno1800.error.no_cube")
    state = pay_game()
    state.turn.traded.append("beer")
    refused(state, 0, "pay:at", "anno1800.error.already_traded")
    state = pay_game()
    state.seats[1].buildings[11] = ""
    state.board["beer_worker"] += 1
    refused(state, 0, "pay:at", "anno1800.error.nobody_makes")


def test_pay_refusals_new_world():
    state = start()
    state.turn.steps.append(Step(kind="pay", purpose="build", item="rum_artisan", field="home_12"))
    refused(state, 0, "pay:ft", "anno1800.error.cannot_trade_new_world")  # timber, sugar cane
    refused(state, 0, "pay:fn", "anno1800.error.no_new_world_resource")


def test_partner_and_beryl_refusals():
    state, _ = play(pay_game(), "pay:tt")
    assert kind(state) == "partner"
    refused(state, 0, "partners:1", "anno1800.error.bad_partners")
    refused(state, 0, "partners:0", "anno1800.error.bad_partners")
    refused(state, 0, "partners:01", "anno1800.error.trade_with_self")
    refused(state, 0, "partners:22", "anno1800.error.partner_lacks")
    state = start(objectives=["obj_beryl_omara", "obj_zoo", "obj_museum", "obj_university", "obj_tourist"])
    set_hand(state, 0, "fw02", "fw03")
    build_on(state, 1, "home_12", "beer_worker")
    ship_tokens(state, 0, card_explore=3)
    state, _ = play(state, "play:fw02")
    state, _ = play(state, "pay:at") if kind(state) == "pay" else (state, [])
    assert kind(state) == "tokens" and moves(state) == ["beryl:0", "beryl:1"]
    err = refused(state, 0, "beryl:2", "anno1800.error.bad_beryl")
    assert err.params == {"count": 2, "least": 0, "most": 1}


def test_hire_and_upgrade_refusals():
    state, _ = play(start(), "hire")
    refused(state, 0, "done", "anno1800.error.nothing_chosen")
    refused(state, 0, "shift", "anno1800.error.nothing_chosen")
    state, _ = play(start(), "upgrade")
    refused(state, 0, "upgrade:engineer:home", "anno1800.error.no_cube_there")
    refused(state, 0, "upgrade:farmer:home_5", "anno1800.error.no_cube_there")
    refused(state, 0, "done", "anno1800.error.nothing_chosen")


def test_swap_refusals():
    state = start()
    state, _ = play(state, "swap", "swap:fw01")
    refused(state, 0, "swap:fw01", "anno1800.error.already_chosen")
    refused(state, 0, "swap:fw40", "anno1800.error.not_in_hand")


def test_shift_refusals():
    state = start()
    put_cube(state, 0, "home_1", "farmer")
    state.seats[0].gold = 1
    state, _ = play(state, "shift")
    refused(state, 0, "shift:worker:home_1", "anno1800.error.no_cube_there")
    refused(state, 0, "shift:farmer:home", "anno1800.error.no_cube_there")
    state.seats[0].gold = 0
    refused(state, 0, "shift:farmer:home_1", "anno1800.error.not_enough_gold")


def test_card_effect_refusals():
    state = start()
    give_card(state, 0, "aei29", "aei28", where="played")
    state, _ = play(state, "activate")
    refused(state, 0, "activate:fw01", "anno1800.error.not_activatable")
    state, _ = play(state, "activate:aei29")
    refused(state, 0, "take:cotton", "anno1800.error.not_offered")
    state = start()
    give_card(state, 0, "fw24", where="played")
    state, _ = play(state, "activate:fw24")
    refused(state, 0, "upgrade:worker:home", "anno1800.error.wrong_tier")
    refused(state, 0, "upgrade:investor:home", "anno1800.error.wrong_tier")


def test_return_refusals():
    state = start(objectives=["obj_editor", "obj_zoo", "obj_museum", "obj_university", "obj_tourist"])
    ship_tokens(state, 0, card_explore=2)
    state, _ = play(state, "editor")
    assert kind(state) == "editor"
    refused(state, 0, "return:fw40", "anno1800.error.not_in_hand")
    refused(state, 0, "done", "anno1800.error.wrong_decision")


def test_refusal_params_are_plain_values():
    state = pay_game()
    for text in ("pay:aw", "pay:a", "partners:1"):
        try:
            G.apply(state, 0, G.parse_move(text))
        except IllegalMove as err:
            assert err.code.startswith(("anno1800.error.", "error."))
            assert all(isinstance(v, (str, int, list, type(None))) for v in err.params.values())
