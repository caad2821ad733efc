"""The round (O22-O52): the hour glass, the census, drawing, planning, the actions, the event, the start player."""

from __future__ import annotations

from rules.orleans.board import activated, draw_limit
from rules.orleans.data import TRACK

from .helpers import (
    G,
    calm,
    clear_market,
    first,
    give,
    kinds,
    notations,
    play,
    put,
    refused,
    sound,
    start,
    tech,
    to_actions,
)

FARMER = TRACK["farmer"].index
KNIGHT = TRACK["knight"].index


def test_O22_eighteen_rounds_then_the_end():
    events = []
    state = calm(start(3), lambda s: s.phase == "over", events)
    assert state.round == 18 and len(state.discard) == 18 and state.hourglass == []
    assert kinds(events).count("round_started") == 17  # round 1's tile was turned over at setup
    assert kinds(events)[-1] == "game_over" and not G.active_seats(state)


def test_O23_the_seven_phases_in_order():
    state = give(start(2), 0, "knight", "farmer")
    events = []
    state = calm(state, lambda s: s.round == 3, events)
    round_two = kinds(events)[kinds(events).index("round_started"):]
    order = [k for k in round_two if k in ("census", "followers_done", "plans_revealed", "passed",
                                           "event_resolved", "start_player", "round_started")]
    assert list(dict.fromkeys(order)) == ["round_started", "census", "followers_done", "plans_revealed", "passed",
                                          "event_resolved", "start_player"]


def test_O24_the_top_tile_becomes_the_current_event():
    state = start(2, later=["taxes", "plague"])
    events = []
    state = calm(state, lambda s: s.round == 3, events)
    revealed = [e for e in events if e.kind == "round_started"]
    assert [e.params["event"] for e in revealed] == ["taxes", "plague"]
    assert all(e.reveals for e in revealed)
    assert state.event == "plague" and state.discard == ["pilgrimage", "taxes"]


def _census(state, farmer_positions):
    for p, x in zip(state.seats, farmer_positions):
        p.tracks[FARMER] = x
    events = []
    before = [p.coins for p in state.seats]
    state = calm(state, lambda s: s.round == 2, events)
    return state, first(events, "census"), [p.coins - b for p, b in zip(state.seats, before)]


def test_O25_O27_unique_leader_gains_and_unique_last_pays():
    state, census, delta = _census(start(3), [3, 1, 0])
    assert census.params == {"leader": 0, "last": 2, "pays": True}
    assert delta == [1, 0, -1]


def test_O26_a_tie_for_the_lead_gains_nothing():
    state, census, delta = _census(start(3), [2, 2, 0])
    assert census.params["leader"] is None and delta == [0, 0, -1]


def test_O28_a_tie_for_last_pays_nothing():
    state, census, delta = _census(start(4), [3, 0, 0, 1])
    assert census.params["last"] is None and delta == [1, 0, 0, 0]


def test_O29_with_two_players_the_trailing_player_never_pays():
    state, census, delta = _census(start(2), [1, 0])
    assert census.params == {"leader": 0, "last": 1, "pays": False}
    assert delta == [1, 0]


def test_O30_a_census_payment_that_cannot_be_made_tortures():
    state = start(3)
    state.seats[2].coins = 0
    state.seats[0].tracks[FARMER] = 2
    state.seats[1].tracks[FARMER] = 1
    state = calm(state, lambda s: s.round == 2)
    assert state.phase == "census" and state.seats[2].decision == "torture" and state.seats[2].debt == 1
    assert G.active_seats(state) == {2}


def _drawing(state, seat=0, bag=("knight", "scholar", "monk", "farmer", "boatman", "trader")):
    """Round 2 Phase 3 with ``bag`` in seat 0's bag (and nothing on the market)."""
    clear_market(state, seat)
    give(state, seat, *bag)
    return calm(state, lambda s: s.round == 2)


def test_O31_draw_any_number_up_to_the_limit():
    state = _drawing(start(2))
    assert state.seats[0].decision == "draw"
    assert notations(state, 0)[:5] == ["draw:1", "draw:2", "draw:3", "draw:4", "stop"]
    refused(state, 0, "draw:5", "orleans.error.no_draws_left")
    stopped, _ = play(state, 0, "stop")  # drawing nothing is allowed
    assert stopped.seats[0].drawn == 0
    state, events = play(state, 0, "draw:3")
    assert state.seats[0].drawn == 3 and sum(state.seats[0].market.values()) == 3
    assert first(events, "drawn").reveals and len(first(events, "drawn").params["followers"]) == 3
    assert notations(state, 0)[:2] == ["draw:1", "stop"]


def test_O32_draw_limits_along_the_knight_track():
    state = start(2)
    limits = []
    for pos in range(6):
        state.seats[0].tracks[KNIGHT] = pos
        limits.append(draw_limit(state.seats[0]))
    assert limits == [4, 5, 6, 7, 7, 8]


def test_O33_never_more_than_the_free_market_spaces():
    state = start(2)
    clear_market(state, 0)
    give(state, 0, *["farmer"] * 6, to="market")
    give(state, 0, "knight", "knight", "knight")
    state = calm(state, lambda s: s.round == 2)
    assert [m for m in notations(state, 0) if m.startswith("draw")] == ["draw:1", "draw:2"]
    refused(state, 0, "draw:3", "orleans.error.market_full")


def test_O34_followers_left_on_the_market_stay_and_take_space():
    state = start(2)
    state = calm(state, lambda s: s.round == 2)  # nobody placed anything in round 1
    assert state.seats[0].market == {"own_boatman": 1, "own_craftsman": 1, "own_farmer": 1, "own_trader": 1}


def test_O35_one_retrieval_per_follower_not_drawn():
    state = start(2)
    put(state, 0, "castle", "own_farmer", "own_boatman")
    put(state, 0, "scriptorium", "knight")
    state = _drawing(state, bag=("monk", "monk", "monk"))
    state, _ = play(state, 0, "draw:1", "stop")
    assert state.seats[0].decision == "retrieve"
    assert G.pending(state, 0).params == {"allowed": 3}
    assert set(notations(state, 0)) == {"retrieve:castle:own_farmer", "retrieve:castle:own_boatman",
                                        "retrieve:scriptorium:knight", "done"}
    state, events = play(state, 0, "retrieve:castle:own_farmer", "retrieve:scriptorium:knight")
    assert state.seats[0].market.get("own_farmer") == 1 and state.seats[0].market.get("knight") == 1
    assert kinds(events).count("retrieved") == 2
    state, events = play(state, 0, "retrieve:castle:own_boatman")  # the third and last ends Phase 3
    assert kinds(events)[:2] == ["retrieved", "followers_done"] and state.phase == "planning"
    sound(state)


def test_O36_technology_tiles_are_never_retrieved():
    state = start(2)
    put(state, 0, "castle", "tech", "own_boatman")
    state = _drawing(state, bag=("monk",))
    state, _ = play(state, 0, "stop")
    assert notations(state, 0) == ["retrieve:castle:own_boatman", "done"]
    state, _ = play(state, 0, "retrieve:castle:own_boatman")
    assert "tech" in state.seats[0].slots


def test_O37_planning_puts_market_followers_on_matching_empty_slots():
    state = start(2)
    state, events = play(state, 0, "place:own_boatman:farm_house:boatman")
    p = state.seats[0]
    assert "own_boatman" not in p.market
    assert [p.slots[i] for i in range(2)] == ["own_boatman", ""]
    refused(state, 0, "place:own_farmer:farm_house:craftsman", "orleans.error.wrong_follower")
    refused(state, 0, "place:own_trader:farm_house:boatman", "orleans.error.slot_full")
    refused(state, 0, "place:own_trader:winery:trader", "orleans.error.not_owned")
    refused(state, 0, "place:knight:castle:knight", "orleans.error.not_on_market")


def test_O38_followers_may_stay_on_the_market():
    state = start(2)
    state, _ = play(state, 0, "place:own_boatman:farm_house:boatman", "done")
    state = calm(state, lambda s: s.round == 3)
    assert state.seats[0].market == {"own_craftsman": 1, "own_farmer": 1, "own_trader": 1}


def test_O39_O40_activated_when_every_slot_is_filled_over_one_or_more_rounds():
    state = start(2)
    state, _ = play(state, 0, "place:own_boatman:farm_house:boatman", "done")
    assert not activated(state.seats[0], "farm_house")
    state = calm(state, lambda s: s.round == 2 and s.phase == "planning")
    state, _ = play(state, 0, "place:own_craftsman:farm_house:craftsman")
    assert activated(state.seats[0], "farm_house")  # O40: finished in a later round
    other = start(2)
    put(other, 0, "castle", "tech", "own_boatman")
    assert not activated(other.seats[0], "castle")
    put(other, 0, "castle", "own_trader")
    assert activated(other.seats[0], "castle")  # O39: a technology tile fills its slot


def test_O41_a_placed_follower_never_moves_to_another_slot():
    state = start(2)
    state, _ = play(state, 0, "place:own_boatman:farm_house:boatman")
    assert "unplace:farm_house:own_boatman" in notations(state, 0)  # this phase's placement: still a plan
    state, _ = play(state, 0, "done")
    state = calm(state, lambda s: s.round == 2 and s.phase == "planning")
    assert not any(m.startswith("unplace") for m in notations(state, 0))
    refused(state, 0, "unplace:farm_house:own_boatman", "orleans.error.not_planned")
    assert not any("own_boatman" in m for m in notations(state, 0))  # on a slot, not on the market


def test_O42_planning_is_simultaneous_by_default_and_turn_order_on_request():
    state = start(3, start_player=1)
    assert state.options.planning == "simultaneous" and G.active_seats(state) == {0, 1, 2}
    ordered = start(3, {"planning": "turn_order"}, start_player=1)
    assert G.active_seats(ordered) == {1}
    refused(ordered, 0, "place:own_boatman:farm_house:boatman", "orleans.error.not_your_turn")
    ordered, _ = play(ordered, 1, "place:own_boatman:farm_house:boatman", "done")
    assert G.active_seats(ordered) == {2}
    ordered, _ = play(ordered, 2, "done")
    assert G.active_seats(ordered) == {0}


def _farm_houses(state):
    for s in range(state.players):
        put(state, s, "farm_house", "own_boatman", "own_craftsman")
        put(state, s, "scriptorium", "knight", "scholar")
    return state


def test_O43_O44_turns_go_clockwise_from_the_start_player_one_action_each():
    state = _farm_houses(start(3, start_player=1))
    state = to_actions(state, 1)
    order = []
    for _ in range(6):
        seat = next(iter(G.active_seats(state)))
        order.append(seat)
        state, _ = play(state, seat, "act:" + ("farm_house" if len(order) <= 3 else "scriptorium"))
    assert order == [1, 2, 0, 1, 2, 0]


def test_O45_O46_O47_passing():
    state = _farm_houses(start(3))
    put(state, 2, "castle", "farmer", "boatman", "trader")
    state = to_actions(state, 0)
    assert "act:farm_house" in notations(state, 0) and "pass" in notations(state, 0)  # O47
    state, _ = play(state, 0, "pass")
    state, _ = play(state, 1, "pass")
    state, _ = play(state, 2, "act:farm_house")
    assert G.active_seats(state) == {2}  # O45: seats 0 and 1 get no more turns
    state, _ = play(state, 2, "act:scriptorium")
    assert G.active_seats(state) == {2}
    state, events = play(state, 2, "pass")  # the castle stays activated
    assert "event_resolved" in kinds(events)  # O46: the phase ended when the last one passed


def test_O48_O49_followers_return_to_the_bag_and_new_ones_go_there():
    state = _farm_houses(start(2))
    state = to_actions(state, 0)
    state, events = play(state, 0, "act:farm_house")
    p = state.seats[0]
    assert p.bag == {"own_boatman": 1, "own_craftsman": 1, "farmer": 1}  # O48 + O49
    assert first(events, "returned").params == {"place": "farm_house", "followers": ["own_boatman",
                                                                                      "own_craftsman"]}


def test_O50_an_activated_place_not_performed_keeps_its_followers():
    state = _farm_houses(start(2))
    state = to_actions(state, 0)
    state, _ = play(state, 0, "pass")
    state = calm(state, lambda s: s.round == 2 and s.phase == "planning")
    assert activated(state.seats[0], "farm_house") and activated(state.seats[0], "scriptorium")
    state, _ = play(state, 0, "done")
    state = calm(state, lambda s: s.phase == "actions")
    assert state.turn == 1 and "act:farm_house" in notations(state, 1)  # seat 1 starts round 2
    state, _ = play(state, 1, "act:farm_house")
    assert "act:farm_house" in notations(state, 0)  # seat 0's, kept since round 1


def test_O51_the_event_applies_to_all_then_goes_to_the_discard():
    state = start(3, later=["income"])
    state = calm(state, lambda s: s.round == 2)
    events = []
    state = calm(state, lambda s: s.round == 3, events)
    gains = [e for e in events if e.kind == "coins_gained" and e.params["reason"] == "income"]
    assert sorted(e.seat for e in gains) == [0, 1, 2]
    assert state.discard == ["pilgrimage", "income"]


def test_O52_the_start_player_token_moves_clockwise():
    state = start(3, start_player=2)
    seen = [state.start_player]
    for r in (2, 3, 4):
        state = calm(state, lambda s, r=r: s.round == r)
        seen.append(state.start_player)
    assert seen == [2, 0, 1, 2]


def test_a_seat_with_nothing_to_perform_passes_by_itself():
    state = put(start(2), 0, "farm_house", "own_boatman", "own_craftsman")
    state = to_actions(state, 1)
    assert G.active_seats(state) == {0} and state.seats[1].passed  # seat 1 passed by itself


def test_tech_placement_is_offered_to_a_passing_seat():
    state = tech(_farm_houses(start(2)), 0)
    state = to_actions(state, 0)
    state, _ = play(state, 0, "pass")
    assert state.seats[0].decision == "tech" and G.active_seats(state) == {0}
