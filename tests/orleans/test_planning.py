"""Secret planning (O42, spec §9.2): every seat plans at once; nobody sees another's plan before everyone is done;
every planning move can be taken back (it reveals nothing) until the last ``done`` reveals all plans at once."""

from __future__ import annotations

from .helpers import G, clear_market, give, kinds, notations, play, refused, start


def test_O42_plans_stay_private_until_everyone_is_done():
    state = start(2)
    before = G.view(state, 1).model_dump()
    state, events = play(state, 0, "place:own_boatman:farm_house:boatman", "place:own_craftsman:farm_house:craftsman")
    assert all(e.visible_to == frozenset({0}) and not e.reveals for e in events)
    # Seat 1 (and a spectator) still see seat 0's board as it was.
    assert G.view(state, 1).model_dump()["players"][0] == before["players"][0]
    assert G.view(state, None).players[0].market == before["players"][0]["market"]
    mine = G.view(state, 0)
    assert mine.players[0].places["farm_house"] == ["own_boatman", "own_craftsman"]
    assert mine.players[0].activated == ["farm_house"]
    assert mine.planned == [["own_boatman", "farm_house", "boatman"], ["own_craftsman", "farm_house", "craftsman"]]
    assert G.view(state, 1).planned == []
    state, events = play(state, 0, "done")
    assert kinds(events) == ["planning_done"] and not events[0].reveals and events[0].visible_to is None
    assert G.view(state, 1).players[0].done and G.view(state, 1).players[0].places["farm_house"] == ["", ""]
    refused(state, 0, "place:own_farmer:village:farmer", "orleans.error.already_done")
    state, events = play(state, 1, "place:own_trader:castle:trader", "done")
    revealed = next(e for e in events if e.kind == "plans_revealed")
    assert revealed.reveals and revealed.visible_to is None
    assert revealed.params["plans"] == {"0": [["own_boatman", "farm_house", "boatman"],
                                              ["own_craftsman", "farm_house", "craftsman"]],
                                        "1": [["own_trader", "castle", "trader"]]}
    assert G.view(state, 1).players[0].places["farm_house"] == ["own_boatman", "own_craftsman"]


def test_O42_a_plan_can_be_rearranged_until_done():
    state = start(2)
    clear_market(state, 0)
    give(state, 0, "monk", "boatman", to="market")
    state, _ = play(state, 0, "place:monk:farm_house:boatman")
    assert "place:boatman:farm_house:boatman" not in notations(state, 0)
    state, events = play(state, 0, "unplace:farm_house:monk")
    assert state.seats[0].market == {"monk": 1, "boatman": 1} and events[0].visible_to == frozenset({0})
    state, _ = play(state, 0, "place:boatman:farm_house:boatman", "place:monk:farm_house:craftsman")
    assert state.seats[0].slots[:2] == ["boatman", "monk"]


def test_O42_no_planning_move_reveals_anything_so_all_can_be_undone():
    state = start(3)
    for seat in (0, 1):
        for move in ("place:own_farmer:village:farmer", "unplace:village:own_farmer", "place:own_trader:wagon:trader",
                     "done"):
            state, events = play(state, seat, move)
            assert not any(e.reveals for e in events)
    state, events = play(state, 2, "done")  # the last one: every plan is revealed
    assert any(e.reveals for e in events)


def test_O42_turn_order_planning_is_open_and_one_seat_at_a_time():
    state = start(3, {"planning": "turn_order"}, start_player=2)
    assert G.active_seats(state) == {2}
    state, events = play(state, 2, "place:own_boatman:farm_house:boatman")
    assert events[0].visible_to is None  # in the open
    assert G.view(state, 0).players[2].places["farm_house"] == ["own_boatman", ""]
    refused(state, 0, "done", "orleans.error.not_your_turn")
    state, _ = play(state, 2, "done")
    assert G.active_seats(state) == {0}
    state, _ = play(state, 0, "done")
    state, events = play(state, 1, "done")
    assert "plans_revealed" not in kinds(events)


def test_moves_during_someone_elses_turn_are_refused():
    state = start(2, {"planning": "turn_order"})
    refused(state, 1, "place:own_boatman:farm_house:boatman", "orleans.error.not_your_turn")
    err = refused(state, 1, "done", "orleans.error.not_your_turn")
    assert err.params == {"waiting": [0]}
