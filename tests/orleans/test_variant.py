"""The place-tile exclusion variant (spec §1.5, §6 clarification 44): before round 1, from the start player
clockwise, each player may remove a place tile of either stack from the game (two each with two players)."""

from __future__ import annotations

from .helpers import G, kinds, notations, play, refused, sound, start


def test_three_players_remove_one_each_from_the_start_player():
    state = start(3, {"exclusion": True}, start_player=1)
    assert state.phase == "exclude" and state.round == 0 and G.active_seats(state) == {1}
    assert G.pending(state, 1).params == {"left": 1}
    assert len(notations(state, 1)) == 21 and notations(state, 1)[-1] == "exclude:none"
    state, _ = play(state, 1, "exclude:school")
    state, _ = play(state, 2, "exclude:none")  # "may remove"
    state, events = play(state, 0, "exclude:bathhouse")
    assert state.excluded == ["school", "bathhouse"]
    assert "school" not in state.stacks[1] and "bathhouse" not in state.stacks[0]
    assert kinds(events)[:2] == ["tile_excluded", "round_started"] and state.round == 1
    assert state.event == "pilgrimage"
    sound(state)


def test_two_players_remove_two_each():
    state = start(2, {"exclusion": True})
    order = []
    for tile in ("library", "office", "windmill", "cellar"):
        seat = next(iter(G.active_seats(state)))
        order.append(seat)
        state, _ = play(state, seat, f"exclude:{tile}")
    assert order == [0, 1, 0, 1] and len(state.excluded) == 4 and state.round == 1
    view = G.view(state, None)
    assert view.excluded == ["library", "office", "windmill", "cellar"]


def test_an_excluded_tile_cannot_be_taken():
    state = start(2, {"exclusion": True})
    state, _ = play(state, 0, "exclude:school")
    refused(state, 1, "exclude:school", "orleans.error.not_excludable")
