"""Substitution and activation (O53-O60): who may fill which slot, the Town Hall and the Pharmacy."""

from __future__ import annotations

import pytest

from rules.orleans.board import activated, fits
from rules.orleans.data import KINDS, PLACES

from .helpers import clear_market, give, notations, play, refused, start, tile

NON_MONK = [k for k in KINDS if k != "monk"]


def _planning(*followers, tiles=()):
    """Round 1's planning with exactly ``followers`` on seat 0's market and ``tiles`` owned."""
    state = start(2)
    clear_market(state, 0)
    give(state, 0, *followers, to="market")
    tile(state, 0, *tiles)
    return state


@pytest.mark.parametrize("slot", [*KINDS, "neutral", "any"])
def test_O53_a_monk_fills_any_slot(slot):
    assert fits(slot, "monk", school=False, herb_garden=False)


def test_O53_a_monk_goes_anywhere_on_the_board():
    state = _planning("monk")
    targets = {(m.split(":")[2], m.split(":")[3]) for m in notations(state, 0) if m.startswith("place")}
    expected = {(p, s) for p in ("farm_house", "village", "university", "castle", "monastery", "ship", "wagon",
                                 "guildhall", "scriptorium", "town_hall") for s in PLACES[p].slots}
    assert targets == expected
    state, _ = play(state, 0, "place:monk:castle:boatman")
    assert "monk" in state.seats[0].slots


@pytest.mark.parametrize("follower", [*NON_MONK, "own_farmer"])
def test_O54_only_a_monk_fills_a_monk_slot(follower):
    assert not fits("monk", follower, school=True, herb_garden=True)
    state = _planning(follower if not follower.startswith("own") else "farmer", "monk", tiles=("brewery",))
    f = follower if not follower.startswith("own") else "farmer"
    refused(state, 0, f"place:{f}:brewery:monk", "orleans.error.wrong_follower")
    play(state, 0, "place:monk:brewery:monk")


def test_O55_school_scholars_fill_any_non_monk_slot():
    state = _planning("scholar", tiles=("school", "brewery"))
    targets = {m.split(":")[3] for m in notations(state, 0) if m.startswith("place")}
    assert targets == {"farmer", "boatman", "craftsman", "trader", "knight", "scholar", "neutral"}
    refused(state, 0, "place:scholar:brewery:monk", "orleans.error.wrong_follower")
    without = _planning("scholar")
    refused(without, 0, "place:scholar:farm_house:boatman", "orleans.error.wrong_follower")
    state, _ = play(state, 0, "place:scholar:farm_house:boatman")


def test_O56_herb_garden_boatmen_fill_farmer_craftsman_and_trader_slots():
    state = _planning("boatman", tiles=("herb_garden",))
    targets = {m.split(":")[3] for m in notations(state, 0) if m.startswith("place")}
    assert targets == {"farmer", "boatman", "craftsman", "trader", "neutral"}
    refused(state, 0, "place:boatman:scriptorium:knight", "orleans.error.wrong_follower")
    state, _ = play(state, 0, "place:boatman:farm_house:craftsman")
    assert fits("farmer", "own_boatman", school=False, herb_garden=True)


def test_O57_coloured_followers_fill_slots_of_their_kind():
    state = start(2)
    state, _ = play(state, 0, "place:own_boatman:farm_house:boatman", "place:own_craftsman:farm_house:craftsman")
    assert activated(state.seats[0], "farm_house")


def test_O58_coloured_followers_never_go_on_the_town_hall():
    state = start(2)
    assert not any(m.startswith("place:own_") and ":town_hall:" in m for m in notations(state, 0))
    refused(state, 0, "place:own_farmer:town_hall:neutral", "orleans.error.coloured_follower")


def test_O59_the_town_hall_takes_one_or_two_neutral_followers_and_one_activates_it():
    state = _planning("knight", "monk", "farmer")
    state, _ = play(state, 0, "place:knight:town_hall:neutral")
    assert activated(state.seats[0], "town_hall")
    state, _ = play(state, 0, "place:monk:town_hall:neutral")
    refused(state, 0, "place:farmer:town_hall:neutral", "orleans.error.slot_full")
    assert PLACES["town_hall"].quorum == 1 and len(PLACES["town_hall"].slots) == 2


def test_O60_the_pharmacy_is_activated_by_any_single_follower():
    for f in ("own_trader", "knight", "monk", "scholar"):
        state = _planning(f if not f.startswith("own") else "farmer", tiles=("pharmacy",))
        if f.startswith("own"):
            state = start(2)
            tile(state, 0, "pharmacy")
        state, _ = play(state, 0, f"place:{f}:pharmacy:any")
        assert activated(state.seats[0], "pharmacy")
