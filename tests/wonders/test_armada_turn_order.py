"""The end-of-turn order of Armada's reference card (B.10, AR56-AR62, AR124) and Babylon B's extra turn (AR158,
AR159)."""

from __future__ import annotations

from rules.wonders.data import CARDS, TRACKS

from .helpers import (
    G, coins, discard_pile, give, hand, kinds, of_kind, play, ships, sound, stages, start, supply,
    supply_naval, top_islands, turn, until,
)

A = {"armada": True}
GREEN_LEVEL_1 = TRACKS.green_explore.index(1)  # the green space exploring level 1 (position 2 in the rulebook)


def babylon_last(state):
    """Seat 0 alone has a decision: its last card of the age (Babylon B)."""
    return G.active_seats(state) == frozenset({0}) and G.pending(state, 0).kind == "last"


def first(events, kind, **params):
    return next(i for i, e in enumerate(events) if e.kind == kind and all(e.params.get(k) == v
                                                                          for k, v in params.items()))


def last(events, kind, **params):
    return max(i for i, e in enumerate(events) if e.kind == kind and all(e.params.get(k) == v
                                                                         for k, v in params.items()))


def test_AR56_AR57_AR58_AR59_AR60_AR61_AR124_the_six_steps_in_order():
    """Seat 0 (Halikarnassos B) builds a stage that builds from the discard pile; seat 1 builds a green card with a
    Naval Construction into an exploration space; seat 2 builds Pirate Cache with a yellow Naval Construction into
    position 2 (+2 coins, tax 1)."""
    state = start(3, A, boards=["halikarnassos", "rhodos", "giza"], sides="b",
                  hands={1: {0: ["altar"], 1: ["apothecary"], 2: ["pirate_cache"]}})
    give(state, 0, "foundry")  # stage 1: 2 ore
    coins(state, 0, 0)
    discard_pile(state, "tavern")
    ships(state, 1, green=GREEN_LEVEL_1 - 1)
    coins(state, 2, 1)
    supply_naval(state, 1, "green", CARDS["apothecary"].cost)
    ships(state, 2, yellow=1)
    supply_naval(state, 2, "yellow")
    top_islands(state, 1, "foggy_island", "inhabited_island", "bronze_island", "windblown_island")

    state, events = turn(state, "stage:altar", "build:apothecary:ship", "build:pirate_cache:ship")
    # step 1 (AR56): every cost paid and every card placed, before any ship moves
    assert max(last(events, "stage_built"), last(events, "card_built")) < first(events, "ship_moved")
    assert [state.seats[s].coins for s in (0, 1)] == [0, 2]
    # step 2 (AR57): the paid ships move, before the card effects
    assert [(e.seat, e.params["fleet"], e.params["paid"]) for e in of_kind(events, "ship_moved")] == [
        (1, "green", True), (2, "yellow", True)]
    assert last(events, "ship_moved") < first(events, "coins_gained", reason="card")
    # step 3 (AR58): effects but coin losses: Pirate Cache's coins now, its pirates and the tax later
    assert "pirates" in kinds(events) and "coins_lost" not in kinds(events) and "tax_levied" not in kinds(events)
    assert state.seats[2].coins == 3 + 2 + 3
    # step 4 (AR59, AR124): the exploration, after the effects and before the discard-pile build
    assert first(events, "coins_gained", reason="card") < first(events, "exploration")
    assert G.active_seats(state) == frozenset({1}) and G.pending(state, 1).kind == "island"
    assert G.pending(state, 0) is None and state.step == 4

    state, events = play(state, (1, "island:foggy_island"))
    # step 5 (AR60): the discard-pile build, still before any coin loss
    assert state.seats[1].islands == ["foggy_island"]
    assert G.active_seats(state) == frozenset({0}) and G.pending(state, 0).kind == "revive"
    assert "tax_levied" not in kinds(events) and state.seats[0].coins == 0

    state, events = play(state, (0, "revive:tavern"))
    # step 6 (AR61): the coin losses, last: seat 0 pays the tax out of the Tavern's 5 coins; seat 1 already holds
    # the Foggy Island it explored at step 4
    assert first(events, "card_built", discard_pile=True) < first(events, "tax_levied") < first(events, "coins_lost")
    assert first(events, "coins_lost") < first(events, "hands_passed")
    assert of_kind(events, "tax_levied")[0].params == {"value": 1, "by": [2]}
    assert [state.seats[s].coins for s in range(3)] == [0 + 5 - 1, 2, 3 + 2 + 3]
    assert state.turn == 2
    sound(state, cards=False)


def test_AR58_a_card_drawn_island_acts_in_step_3_before_the_losses():
    # Steersmen's Academy draws Foggy Island at step 3: its owner is already immune to the tax of step 6.
    state = start(3, A, hands={1: {0: ["steersmens_academy"]}})
    supply(state, 0, CARDS["steersmens_academy"].cost)
    top_islands(state, 1, "foggy_island")
    ships(state, 1, yellow=1)
    state, events = turn(state, "build:steersmens_academy", f"discard:{state.seats[1].hand[0]}:ship",
                         f"discard:{state.seats[2].hand[0]}")
    assert state.seats[0].islands == ["foggy_island"]
    lost = {e.seat: e.params["amount"] for e in of_kind(events, "coins_lost")}
    assert lost == {2: 1} and state.seats[0].coins == 3


def test_AR158_AR159_babylon_extra_turn_has_the_whole_end_of_turn_order():
    # The last card played after everyone's last turn: a discard with the yellow advance into position 2 gives its
    # coins and levies its tax before the age ends.
    state = start(3, A, boards=["babylon", "rhodos", "giza"], sides="b")
    stages(state, 0, 2)
    ships(state, 0, yellow=1)
    state = until(state, babylon_last)
    assert state.age == 1 and [len(p.hand) for p in state.seats] == [1, 0, 0]
    before = [p.coins for p in state.seats]
    card = state.seats[0].hand[0]
    state, events = play(state, (0, f"discard:{card}:ship"))
    assert of_kind(events, "turn_revealed")[0].params["extra"] is True
    assert state.seats[0].coins == before[0] + 2
    assert [state.seats[s].coins for s in (1, 2)] == [before[1] - 1, before[2] - 1]
    assert first(events, "coins_lost") < first(events, "land_conflict") < first(events, "naval_conflict")
    assert state.age == 2 and card in state.discard
    sound(state, cards=False)


def test_AR158_babylon_extra_turn_allows_a_paid_naval_construction():
    state = start(3, A, boards=["babylon", "rhodos", "giza"], sides="b")
    stages(state, 0, 2)
    state = until(state, babylon_last)
    hand(state, 0, "stockade")
    supply_naval(state, 0, "red", "W")
    assert "build:stockade:ship" in [m.notation for m in G.legal_moves(state, 0)]
    state, events = play(state, (0, "build:stockade:ship"))
    assert state.seats[0].ships[0] == 1 and of_kind(events, "ship_moved")[0].params["paid"]
    assert state.age == 2
