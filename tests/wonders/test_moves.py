"""Move notation: parse_move, the codes of refused moves, stale and invented plans."""

from __future__ import annotations

import pytest

from rules.contract import IllegalMove

from .helpers import G, coins, give, hidden_ids, moves, start


@pytest.mark.parametrize("text,code", [
    ("fly:altar", "error.unknown_action"),
    ("build", "error.move_arity"),
    ("build:dragon", "wonders.error.unknown_card"),
    ("build:altar:ship:adv_purple", "wonders.error.unknown_colour"),
    ("build:altar:l2", "wonders.error.bad_plan"),
    ("build:altar:l0r0", "wonders.error.bad_plan"),
    ("build:altar:l1r0:ship", "error.move_arity"),
    ("discard:altar:l1r0", "error.move_arity"),
    ("build:altar:track_red", "wonders.error.track_not_allowed"),
    ("stage:altar:adv_red", "wonders.error.advance_not_allowed"),
    ("island:atlantis", "wonders.error.unknown_island"),
    ("advance:purple", "wonders.error.unknown_advance"),
    ("naval:maybe", "wonders.error.unknown_naval"),
    ("side:c", "wonders.error.unknown_side"),
    ("revive:dragon", "wonders.error.unknown_card"),
    ("side:a:b", "error.move_arity"),
])
def test_parse_move_refuses(text, code):
    with pytest.raises(IllegalMove) as caught:
        G.parse_move(text)
    assert caught.value.code == code


def test_plans_stale_invented_and_the_cheapest_first():
    state = start(3, boards=["rhodos", "alexandria", "giza"], hands={1: {0: ["baths", "workshop"]}})
    # baths (1 stone): Giza (seat 2, right neighbour) sells stone at 2
    baths = [m for m in moves(state, 0) if m.startswith("build:baths")]
    assert baths == ["build:baths:l0r2"]
    for text, code in [("build:baths", "wonders.error.no_such_plan"),
                       ("build:baths:l2r0", "wonders.error.no_such_plan"),
                       ("build:baths:l0r3", "wonders.error.no_such_plan")]:
        with pytest.raises(IllegalMove) as caught:
            G.apply(state, 0, G.parse_move(text))
        assert caught.value.code == code
    give(state, 0, "east_trading_post")  # raw materials from the right neighbour at 1 coin
    assert [m for m in moves(state, 0) if m.startswith("build:baths")] == ["build:baths:l0r1"]
    with pytest.raises(IllegalMove) as caught:  # the old price is stale now
        G.apply(state, 0, G.parse_move("build:baths:l0r2"))
    assert caught.value.code == "wonders.error.no_such_plan"
    coins(state, 0, 0)
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("build:baths:l0r1"))
    assert caught.value.code == "wonders.error.cannot_pay"


def test_pareto_plans_each_a_move_cheapest_first():
    # Rhodos with both neighbours selling glass: buy left or right
    state = start(3, boards=["rhodos", "alexandria", "giza"], hands={1: {0: ["workshop"]}})
    give(state, 2, "glassworks")
    give(state, 0, "marketplace")
    plans = [m for m in moves(state, 0) if m.startswith("build:workshop")]
    assert plans == ["build:workshop:l0r1", "build:workshop:l1r0"]
    view = G.view(state, 0)
    option = next(o for o in view.options if o.move == "build:workshop:l1r0")
    assert option.trade == {"left": 1} and option.bought == {"left": "G"} and option.coins == 1


def test_card_not_in_hand_and_not_a_player():
    state = start(3)
    other = state.seats[1].hand[0]
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move(f"discard:{other}"))
    assert caught.value.code == "wonders.error.card_not_in_hand"
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 5, G.parse_move("discard:altar"))
    assert caught.value.code == "error.not_a_player"
    assert G.legal_moves(state, 9) == [] and G.pending(state, 9) is None


def test_game_over_refuses_moves():
    from rules.selfplay import play as selfplay

    state = G.setup(3, {}, seed=1)
    import random
    chooser = random.Random(1)
    while G.active_seats(state):
        seat = min(G.active_seats(state))
        state, _ = G.apply(state, seat, chooser.choice(G.legal_moves(state, seat)))
    assert G.outcome(state).finished and state.winners
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, 0, G.parse_move("discard:altar"))
    assert caught.value.code == "error.game_over"
    assert selfplay(G, 3, 1).winners


def test_hidden_ids_helper_sees_other_hands():
    state = start(3)
    assert set(state.seats[1].hand) - set(state.seats[0].hand) <= hidden_ids(state, 0)
    assert set(state.seats[0].hand) <= hidden_ids(state, None)
