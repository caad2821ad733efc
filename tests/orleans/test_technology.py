"""Technology tiles (O93-O99): placed after passing, first on a farmer, never on a monk, one per place, never on a
one-follower place, never moved, and a filled slot for good."""

from __future__ import annotations

from rules.orleans.board import activated

from .helpers import G, calm, give, notations, play, put, refused, start, tech, tile, to_actions

from .test_places import acting


def _passed(state, seat=0):
    """``seat`` passes at once in Phase 5 (the others' Scriptoriums keep the phase going)."""
    state = acting(state, "scriptorium", seat=seat)
    state, _ = play(state, seat, "pass")
    return state


def test_O93_technology_tiles_are_placed_after_passing():
    state = tech(start(2), 0)
    assert not any(m.startswith("tech") for m in notations(state, 0))  # planning: not now
    refused(state, 0, "tech:castle:farmer", "orleans.error.wrong_decision")
    state = acting(state, "scriptorium")
    refused(state, 0, "tech:castle:farmer", "orleans.error.wrong_decision")  # still acting: not yet
    state, _ = play(state, 0, "pass")
    assert state.seats[0].decision == "tech"
    state, events = play(state, 0, "tech:castle:farmer")
    assert state.seats[0].tech == 0 and state.seats[0].slots.count("tech") == 1
    assert [e.kind for e in events][0] == "tech_placed"


def test_O94_the_first_tile_must_replace_a_farmer():
    state = _passed(tech(start(2), 0, 2))
    assert {m.split(":")[2] for m in notations(state, 0) if m.startswith("tech:")} == {"farmer"}
    refused(state, 0, "tech:castle:boatman", "orleans.error.first_tech_farmer")
    state, _ = play(state, 0, "tech:castle:farmer")
    assert "tech:castle:boatman" not in notations(state, 0)  # O96: the castle has one now
    assert "tech:farm_house:boatman" in notations(state, 0)  # later tiles: any non-monk slot


def test_O95_never_on_a_monk_slot():
    state = tile(tech(start(2), 0, 2), 0, "cellar")
    state.seats[0].tech_placed = 1
    state = _passed(state)
    assert "tech:cellar:scholar" in notations(state, 0) and "tech:cellar:monk" not in notations(state, 0)
    refused(state, 0, "tech:cellar:monk", "orleans.error.tech_on_monk")


def test_O96_one_tile_per_place():
    state = _passed(tech(start(2), 0, 2))
    state, _ = play(state, 0, "tech:village:farmer")
    refused(state, 0, "tech:village:boatman", "orleans.error.tech_twice")


def test_O97_not_on_a_place_that_needs_one_follower_nor_on_the_town_hall():
    state = tile(tech(start(2), 0, 2), 0, "hayrick", "shipping_line")
    state = _passed(state)
    refused(state, 0, "tech:hayrick:farmer", "orleans.error.tech_single_slot")
    state.seats[0].tech_placed = 1
    refused(state, 0, "tech:shipping_line:boatman", "orleans.error.tech_single_slot")
    refused(state, 0, "tech:town_hall:neutral", "orleans.error.tech_town_hall")


def test_O98_O99_a_placed_tile_stays_and_fills_its_slot_for_good():
    state = put(start(2), 0, "farm_house", "tech", "own_craftsman")
    assert activated(state.seats[0], "farm_house")
    state = acting(state, "scriptorium")
    state, _ = play(state, 0, "act:farm_house")
    p = state.seats[0]
    assert p.slots[:2] == ["tech", ""] and "tech" not in p.bag  # O98: still there, not in the bag
    # O99: next round, a craftsman alone activates the Farm House again.
    state = calm(state, lambda s: s.round == 2 and s.phase == "planning")
    give(state, 0, "craftsman", to="market")
    state, _ = play(state, 0, "place:craftsman:farm_house:craftsman")
    assert activated(state.seats[0], "farm_house")


def test_tiles_may_be_kept_for_later_rounds():
    state = _passed(tech(start(2), 0, 2))
    state, _ = play(state, 0, "done")
    assert state.seats[0].tech == 2 and state.seats[0].decision == ""
    state = to_actions(acting(state, "scriptorium", seat=0), 0)
    state, _ = play(state, 0, "pass")
    assert state.seats[0].decision == "tech"
    assert G.pending(state, 0).params == {"tiles": 2}
