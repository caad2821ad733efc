"""Hire and upgrade (spec §6.4, §6.5; checklist A85-A101, E9, E10)."""

from __future__ import annotations

import pytest

from rules.anno1800.islands import all_cubes

from .helpers import build_on, empty_deck, kind, moves, play, put_cube, refused, set_cubes, sound, start


def paid(state):
    """Take the first payment option until the payment is done."""
    while kind(state) in ("pay", "partner", "tokens"):
        state, _ = play(state, moves(state)[0])
    return state


def hire_game(**kw):
    state = start(**kw)
    state.seats[0].gold = 5
    return state


def test_A85_hire_one_to_three_cubes():
    state = paid(play(hire_game(), "hire", "hire:farmer")[0])
    assert kind(state) == "hire" and state.seats[0].district[0] == 4  # one farmer made the timber, one came
    assert "done" in moves(state)
    state = paid(play(state, "hire:farmer")[0])
    state = paid(play(state, "hire:farmer")[0])  # the third ends the action
    assert state.current == 0 and kind(state) != "hire" and state.turn.actions == 0
    assert sum(state.seats[0].district) + sum(t >= 0 for t in state.seats[0].work) == 12


def test_A85_done_needs_a_cube():
    state, _ = play(hire_game(), "hire")
    assert "done" not in moves(state)
    refused(state, 0, "done", "anno1800.error.nothing_chosen")


def test_A86_A87_each_cube_pays_its_cost_worker_timber_and_bricks():
    state, _ = play(hire_game(), "hire", "hire:worker")
    assert "pay:fa" in moves(state)  # timber by a farmer, bricks by an artisan
    state, events = play(state, "pay:fa")
    assert sorted(e.params["resource"] for e in events if e.kind == "produced") == ["bricks", "timber"]
    state, _ = play(state, "hire:worker")
    assert "pay:fa" in moves(state)  # the second worker pays again: the sawmill's and brickworks' 2nd places
    state, events = play(state, "pay:fa", "done")
    p = state.seats[0]
    assert p.district == [2, 5, 0, 0, 0] and p.work[0:2] == [0, 0] and p.work[12:14] == [2, 2]


def test_A88_a_hired_cube_works_for_the_next_one():
    state = hire_game()
    set_cubes(state, 0, {"farmer": 0})  # no farmer: the first farmer's timber must be traded ...
    state, events = play(state, "hire", "hire:farmer")
    assert [e.params["resource"] for e in events if e.kind == "traded"] == ["timber"]
    state, events = play(state, "hire:farmer")  # timber is traded already: the new farmer makes it
    assert [e.params for e in events if e.kind == "produced"] == [
        {"resource": "timber", "tier": "farmer", "field": "home_1"}]


def test_A89_cards_drawn_by_deck_when_the_action_ends():
    state = hire_game()
    set_cubes(state, 0, {"artisan": 4})
    fw_top, aei_top = state.farmer_worker[0], state.artisan_engineer_investor[0]
    state, events = play(state, "hire", "hire:farmer", "pay:f")
    assert not any(e.kind == "cards_drawn" for e in events)  # not yet: the hire can still be taken back
    state, events = play(state, "hire:artisan")
    state = paid(state)
    state, events = play(state, "done")
    drawn = [e.params for e in events if e.kind == "cards_drawn"]
    assert drawn == [{"deck": "farmer_worker", "count": 1, "why": "hire"},
                     {"deck": "artisan_engineer_investor", "count": 1, "why": "hire"}]
    assert {fw_top, aei_top} <= set(state.seats[0].hand)
    assert all(e.reveals for e in events if e.kind in ("cards_drawn", "cards_received"))


def test_E9_A90_hire_two_workers_and_an_engineer_with_one_card_left():
    state = hire_game()
    for field, b in (("home_12", "coal_worker"), ("home_13", "bricks_worker"), ("home_14", "steel_beams_worker"),
                     ("home_15", "windows_artisan")):
        build_on(state, 0, field, b)
    set_cubes(state, 0, {"worker": 2})  # two workers short
    empty_deck(state, "farmer_worker", keep=1)
    gold, hand = state.seats[0].gold, len(state.seats[0].hand)
    state, _ = play(state, "hire", "hire:worker", "pay:fw", "hire:worker", "pay:fw")  # timber, bricks (workers)
    assert state.seats[0].gold == gold - 1  # no card left for the second worker: 1 gold
    state, _ = play(state, "hire:engineer")
    assert "pay:wawa" in moves(state)  # the 2 new workers make coal and steel; the artisans goods and windows
    state, events = play(state, "pay:wawa")
    p = state.seats[0]
    assert all_cubes(p)[1] == 4 and p.district[3] == 1 and len(p.hand) == hand + 2
    assert [e.params["count"] for e in events if e.kind == "cards_drawn"] == [1, 1]
    sound(state)


def test_A91_no_card_and_no_gold_no_cube():
    state = hire_game()
    state.seats[0].gold = 0
    empty_deck(state, "farmer_worker")
    state, _ = play(state, "hire") if "hire" in moves(state) else (state, [])
    assert kind(state) == "hire"  # an artisan can still come (a card is left in its deck)
    err = refused(state, 0, "hire:farmer", "anno1800.error.not_enough_gold")
    assert err.params == {"need": 1, "have": 0}


def test_A92_no_supply_cube_no_hire_no_upgrade():
    state = hire_game()
    state.seats[1].district[0] += state.supply[0]  # every farmer of the supply goes to seat 1
    state.supply[0] = 0
    state, _ = play(state, "hire")
    err = refused(state, 0, "hire:farmer", "anno1800.error.no_supply")
    assert err.params == {"tier": "farmer"}
    state = hire_game()
    state.seats[1].district[1] += state.supply[1]
    state.supply[1] = 0
    state, _ = play(state, "upgrade")
    refused(state, 0, "upgrade:farmer:home", "anno1800.error.no_supply")


def test_A93_A97_upgrade_up_to_three_steps_split_or_stacked():
    state = start()
    set_cubes(state, 0, {"artisan": 6})
    state, _ = play(state, "upgrade", "upgrade:farmer:home", "pay:a")  # farmer -> worker (bricks)
    assert kind(state) == "upgrade" and "done" in moves(state)
    state, _ = play(state, "upgrade:worker:home")  # the same cube again: worker -> artisan (coal + goods)
    state, _ = play(state, moves(state)[0]) if kind(state) == "pay" else (state, [])
    state, _ = play(state, "upgrade:farmer:home")  # a third step: another farmer
    state, _ = play(state, moves(state)[0]) if kind(state) == "pay" else (state, [])
    assert kind(state) != "upgrade"  # three steps end the action
    p = state.seats[0]
    assert p.district[0] == 2 and p.district[1] == 4


def test_A94_A96_step_costs():
    state, _ = play(start(), "upgrade", "upgrade:farmer:home")
    assert kind(state) == "pay" and {m for m in moves(state)} == {"pay:a", "pay:t"}  # bricks
    state, _ = play(start(), "upgrade", "upgrade:worker:home")
    assert "pay:aa" in moves(state)  # coal + goods, both by artisans


def test_A95_each_step_pays_again():
    state = start()
    state, _ = play(state, "upgrade", "upgrade:farmer:home", "pay:a", "upgrade:farmer:home", "pay:a")
    p = state.seats[0]
    assert p.work[12:14] == [2, 2]  # both brickworks places: one bricks per step


def test_A98_A100_the_cube_is_exchanged_with_the_supply_and_no_card_is_drawn():
    state = start()
    supply = list(state.supply)
    hand = list(state.seats[0].hand)
    state, events = play(state, "upgrade", "upgrade:farmer:home", "pay:a", "done")
    assert state.supply[0] == supply[0] + 1 and state.supply[1] == supply[1] - 1
    assert state.seats[0].hand == hand and not any(e.kind == "cards_drawn" for e in events)


def test_E10_A99_upgrade_in_place():
    state = start()
    set_cubes(state, 0, {"artisan": 4})
    put_cube(state, 0, "home_2", "farmer", 0)  # a farmer at work on the grain farm
    state, _ = play(state, "upgrade", "upgrade:farmer:home", "pay:a", "upgrade:worker:home")
    state, _ = play(state, "pay:aa") if kind(state) == "pay" else (state, [])
    state, events = play(state, "upgrade:farmer:home_2", "pay:a")
    p = state.seats[0]
    assert p.work[2] == 1  # a worker now stands on the farmers' workplace
    steps = [e.params for e in events if e.kind == "cube_upgraded"]
    assert steps[-1] == {"from": "farmer", "to": "worker", "place": "home_2", "free": False}
    assert not any(e.kind == "cards_drawn" for e in events)
    sound(state)


def test_A99_an_exhausted_cube_is_upgraded_there():
    state = start()
    set_cubes(state, 0, exhausted={"farmer": 1})
    state, _ = play(state, "upgrade", "upgrade:farmer:exhausted", "pay:a", "done")
    assert state.seats[0].exhausted[:2] == [0, 1]


def test_A101_investors_cannot_be_upgraded():
    state = start()
    set_cubes(state, 0, {"investor": 1})
    state, _ = play(state, "upgrade")
    assert not any(m.startswith("upgrade:investor") for m in moves(state))
    refused(state, 0, "upgrade:investor:home", "anno1800.error.top_tier")


@pytest.mark.parametrize("option, exhaust", [("long", 1), ("short", 1)])
def test_A86_investor_hire_cost_option(option, exhaust):
    from rules.anno1800.market import hire_cost

    state = start(options={"investor_hire": option})
    cost = hire_cost(state, 4, [0, 0])
    assert cost.exhaust[2] == exhaust and len(cost.units) == (5 if option == "long" else 3)
