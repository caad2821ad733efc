"""Shift end: calling used cubes back for gold (spec §5.5; checklist A44-A49, E5)."""

from __future__ import annotations

from rules.anno1800.islands import tokens

from .helpers import kind, moves, play, put_cube, refused, set_cubes, ship_tokens, sound, start


def used_game():
    """Seat 0: two farmers on the sawmill (home_1), a worker in the exhausted area, 5 gold."""
    state = start()
    set_cubes(state, 0, {"farmer": 2, "worker": 2}, {"worker": 1})
    put_cube(state, 0, "home_1", "farmer", 0)
    put_cube(state, 0, "home_1", "farmer", 1)
    state.seats[0].gold = 5
    return state


def test_A44_a_cube_goes_home_for_the_price_of_its_tier():
    state, events = play(used_game(), "shift", "shift:farmer:home_1")
    p = state.seats[0]
    assert p.district[0] == 3 and p.work[0:2].count(-1) == 1 and p.gold == 4
    assert [e.params for e in events if e.kind == "shift_end"] == [{"tier": "farmer", "place": "home_1", "gold": 1}]
    sound(state)


def test_A45_farmer_one_gold_worker_two():
    state, _ = play(used_game(), "shift", "shift:worker:exhausted")
    assert state.seats[0].gold == 3 and state.seats[0].exhausted[1] == 0 and state.seats[0].district[1] == 3


def test_E5_two_farmers_and_a_worker_cost_four_gold():
    state = used_game()
    state, _ = play(state, "shift", "shift:farmer:home_1", "shift", "shift:farmer:home_1",
                    "shift", "shift:worker:exhausted")
    p = state.seats[0]
    assert p.gold == 1 and p.district[:2] == [4, 3] and p.work[0:2] == [-1, -1] and p.exhausted == [0] * 5


def test_A46_the_cube_and_its_workplace_are_usable_at_once():
    state = used_game()
    state.seats[0].district[0] = 0  # every farmer away but the two on the sawmill
    state.supply[0] += 2
    state, _ = play(state, "shift", "shift:farmer:home_1")
    assert "build" in moves(state)
    state, events = play(state, "build", "build:coal_worker", "field:home_12")  # timber from the same sawmill
    if kind(state) == "pay":
        state, events = play(state, "pay:f")
    assert any(e.kind == "produced" and e.params["field"] == "home_1" for e in events)


def test_A47_shift_end_is_free_and_repeatable():
    state = used_game()
    state, _ = play(state, "shift", "shift:farmer:home_1", "shift", "shift:farmer:home_1")
    assert state.turn.taken == 0 and state.turn.actions == 1 and kind(state) == "turn"
    state.seats[0].gold = 0
    err = refused(state, 0, "shift", "anno1800.error.not_enough_gold")
    assert err.params == {"need": 2, "have": 0}


def test_A48_shift_end_does_not_return_naval_tokens():
    state = used_game()
    ship_tokens(state, 0, trade_used=2, explore_used=1)
    state, _ = play(state, "shift", "shift:farmer:home_1")
    assert tokens(state.seats[0]) == (0, 0)
    assert all(not m.startswith("shift:") or "token" not in m for m in moves(play(state, "shift")[0]))


def test_A49_spent_gold_goes_to_the_supply():
    state, _ = play(used_game(), "shift", "shift:worker:exhausted")
    assert sum(p.gold for p in state.seats) == 5 - 2 + 1  # gold is not conserved: it leaves the table


def test_A44_only_used_cubes_can_be_called_back():
    state = used_game()
    state, _ = play(state, "shift")
    assert moves(state) == ["shift:farmer:home_1", "shift:worker:exhausted"]
    refused(state, 0, "shift:farmer:home", "anno1800.error.no_cube_there")
    refused(state, 0, "shift:artisan:exhausted", "anno1800.error.no_cube_there")
