"""The end and the score (O151-O158), with the rulebook's example: Karl, 5 stations and 2 citizens at level 4."""

from __future__ import annotations

from rules.orleans import flow
from rules.orleans.scoring import sheet

from .helpers import G, calm, first, kinds, start

CITIES = ["tours", "blois", "chinon", "nevers", "briare", "vierzon", "loches", "bourges"]


def build(state, seat, n):
    state.seats[seat].built = CITIES[seat * 2:seat * 2 + n] if n <= 2 else CITIES[:n]
    state.seats[seat].stations = 10 - n
    return state


def finish(state):
    events = []
    flow.end(state, events)
    return state, events


def test_O151_the_game_ends_after_phase_6_of_round_18():
    events = []
    state = calm(start(2), lambda s: s.phase == "over", events)
    assert state.round == 18 and state.phase == "over" and G.outcome(state).finished and not G.active_seats(state)
    last_round = kinds(events)[max(i for i, e in enumerate(events) if e.kind == "round_started"):]
    assert last_round[-3:] == ["event_resolved", "majority", "game_over"]
    assert "start_player" not in last_round  # no Phase 7 after the last event


def test_O152_the_unique_most_stations_gains_the_majority_citizen():
    state = build(build(start(3), 0, 2), 1, 1)
    state, events = finish(state)
    assert state.seats[0].citizens == ["stations"] and first(events, "majority").seat == 0


def test_O153_a_tie_for_most_stations_awards_nobody():
    state = build(build(start(3), 0, 2), 1, 2)
    state, events = finish(state)
    assert all(p.citizens == [] for p in state.seats) and first(events, "majority").seat is None


def test_O154_O155_coins_and_goods():
    state = start(2)
    state.seats[0].coins = 17
    state.seats[0].goods = [3, 2, 1, 1, 2]
    state.goods = [g - k for g, k in zip(state.goods, [3, 2, 1, 1, 2])]
    score = sheet(state, 0)
    assert score["coins"] == 17  # O154
    assert score["goods"] == 3 * 1 + 2 * 2 + 1 * 3 + 1 * 4 + 2 * 5  # O155


def test_O156_level_times_stations_and_citizens_and_karls_example():
    state = build(start(2), 0, 5)
    state.seats[0].citizens = ["astronomy", "knight_track"]
    state.seats[0].dev = 15  # level 4
    assert sheet(state, 0)["development"] == (5 + 2) * 4 == 28


def test_O157_ties_go_to_the_furthest_on_the_development_track():
    state = start(3)
    for p, coins, dev in zip(state.seats, (20, 20, 19), (3, 2, 0)):
        p.coins, p.dev = coins, dev
    state, events = finish(state)
    result = G.outcome(state)
    assert result.winners == [0] and result.victory == "development"
    assert first(events, "game_over").params == {"winners": [0], "totals": [20, 20, 19]}


def test_O157_the_position_not_the_level_breaks_the_tie():
    state = start(2)
    state.seats[0].coins, state.seats[0].dev = 10, 5  # level 2
    state.seats[1].coins, state.seats[1].dev = 10, 8  # level 2 too, further on
    state, _ = finish(state)
    assert G.outcome(state).winners == [1]


def test_O158_players_still_tied_share_the_victory():
    state = start(3)
    for p in state.seats:
        p.coins, p.dev = 12, 4
    state.seats[2].coins = 3
    state, _ = finish(state)
    result = G.outcome(state)
    assert result.winners == [0, 1] and result.victory == "shared"


def test_the_score_sheet_has_the_pads_categories():
    state, _ = finish(start(2))
    result = G.outcome(state)
    assert result.categories == ["coins", "goods", "development"]
    assert set(result.scores[0]) == {"coins", "goods", "development", "total"}
    unfinished = G.outcome(start(2))
    assert not unfinished.finished and unfinished.winners == []
