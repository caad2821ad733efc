"""The worked examples of the Armada rulebook (seed 001) and of the spec, played through the engine.

Already elsewhere: Gabriel's blue Naval Construction and Anne's wonder one (test_armada: AR19/AR20, AR25/AR26),
Paula's tax of 1 (AR42/AR48), Art's solo exploration (AR117), the pirate losses (AR49), Romeo's guilds (AR87/AR88),
science 3/2/1 = 21 (W58), the team example (AR156), the Diplomacy example (AR99), Dock + Jetty (AR97), two
invasions (AR98).
"""

from __future__ import annotations

from rules.wonders.data import CARDS, TRACKS
from rules.wonders.effects import naval_rewards
from rules.wonders.scoring import score_sheet

from .helpers import (
    G, finish_age, give, hand, islands, of_kind, others, play, ships, sound, start, supply_naval, turn,
)

A = {"armada": True}


def test_AR32_gabriel_red_fleet_on_space_3_and_an_island_make_5():
    state = start(3, A)
    ships(state, 0, red=3)
    islands(state, 0, "windy_harbor")
    assert G.view(state, None).players[0].naval_strength == 3 + 2 == 5


def test_AR46_paula_and_art_tax_4_and_2_only_the_highest_applies():
    # Paula (seat 0) enters yellow 6 (tax 4, +2 naval shields); Art (seat 1) enters yellow 4 (+4 coins, tax 2);
    # Romeo (seat 2) is still on the start space. Only the tax of 4 applies: Paula loses nothing, Art 4 - 2,
    # Romeo 4 - 0.
    state = start(3, A)
    ships(state, 0, yellow=5)
    ships(state, 1, yellow=3)
    state, events = turn(state, f"discard:{state.seats[0].hand[0]}:ship", f"discard:{state.seats[1].hand[0]}:ship",
                         f"discard:{state.seats[2].hand[0]}")
    assert of_kind(events, "tax_levied")[0].params == {"value": 4, "by": [0]}
    assert state.seats[0].coins == 3 + TRACKS.yellow_coins[6]
    assert state.seats[1].coins == 3 + 4 - 2
    assert state.seats[2].coins == 3 + 3 - 4
    assert G.view(state, None).players[0].naval_strength == 2


def test_AR39_romeo_blue_fleet_on_the_last_space():
    state = start(3, A)
    ships(state, 0, blue=5)
    hand(state, 0, "altar", *state.seats[0].hand[1:])
    supply_naval(state, 0, "blue")
    state, _ = turn(state, "build:altar:ship", *others(state, 0))
    assert state.seats[0].ships[2] == 6
    assert score_sheet(state, 0)["shipyard"] == 10
    assert G.view(state, None).players[0].naval_strength == 1


def test_AR49_gabriel_loses_2_to_pirates_paula_nothing():
    # Art (seat 0) builds Pirate Cache; Gabriel's yellow ship is on space 3 (level 2), Paula's on the start space.
    state = start(3, A, hands={1: {0: ["pirate_cache"], 1: ["altar"], 2: ["theater"]}})
    ships(state, 1, yellow=3)
    state, events = turn(state, "build:pirate_cache", "build:altar", "build:theater")
    lost = {e.seat: e.params["amount"] for e in of_kind(events, "coins_lost")}
    assert lost == {1: 2}
    assert [p.coins for p in state.seats] == [3 + 3, 3 - 2, 3]


def test_AR121_flora_romeo_gabriel_three_explorers_of_seven_get_three_cards_each():
    state = start(7, A, hands={1: {1: ["apothecary"], 4: ["workshop"], 6: ["scriptorium"]}})
    explorers = {1: "apothecary", 4: "workshop", 6: "scriptorium"}
    for seat, card in explorers.items():
        ships(state, seat, green=TRACKS.green_explore.index(1) - 1)
        supply_naval(state, seat, "green", CARDS[card].cost)
    state, events = turn(state, *(f"build:{explorers[s]}:ship" if s in explorers else f"discard:{p.hand[0]}"
                                  for s, p in enumerate(state.seats)))
    assert of_kind(events, "exploration")[0].params == {"level": 1, "explorers": [1, 4, 6], "cards": [3, 3, 3]}
    assert state.island_decks[0] == [] and G.active_seats(state) == frozenset(explorers)
    picks = {s: state.seats[s].offer[0] for s in explorers}
    state, _ = play(state, *((s, f"island:{picks[s]}") for s in explorers))
    assert len(state.island_decks[0]) == 9 - 3
    sound(state, cards=False)


def test_AR83_age_ii_naval_conflict_2_2_8_6_6_through_a_game():
    # Gabriel 2, Paula 2, Anne 8, Romeo 6, Fred 6 (seats 0-4), with rulebook values only.
    state = start(5, A)
    islands(state, 0, "windy_harbor")  # 2
    give(state, 1, "fortified_port")  # 2
    ships(state, 2, red=3)
    give(state, 2, "coastal_fortifications", "fortified_port")  # 3 + 3 + 2
    ships(state, 3, red=3)
    give(state, 3, "coastal_fortifications")  # 3 + 3
    islands(state, 4, "trade_winds_archipelago")
    give(state, 4, "coastal_fortifications")  # 3 + 3
    state, events = finish_age(state)
    assert of_kind(events, "naval_conflict")[0].params["strength"] == [2, 2, 8, 6, 6]
    state, events = finish_age(state)
    conflict = of_kind(events, "naval_conflict")[0].params
    assert conflict["age"] == 2 and conflict["tokens"] == [-2, -2, 5, 0, 0]
    assert [p.naval for p in state.seats] == [[-1, -2], [-1, -2], [3, 5], [], []]
    assert naval_rewards(dict(enumerate([2, 2, 8, 6, 6])), 2, "ranked") == {0: -2, 1: -2, 2: 5, 3: 0, 4: 0}
    sound(state, cards=False)


def test_AR72_all_tied_nobody_gets_a_token_faq():
    state = start(4, A)
    islands(state, 0, "windblown_island")  # 1 naval shield from an island, the others from a card
    for seat in (1, 2, 3):
        give(state, seat, "coastal_defenses")
    state, events = finish_age(state)
    conflict = of_kind(events, "naval_conflict")[0].params
    assert conflict["strength"] == [1, 1, 1, 1] and conflict["tokens"] == [0, 0, 0, 0]
    assert all(p.naval == [] for p in state.seats)
    state.seats[3].city.remove("coastal_defenses")  # now one is weaker: tokens again
    state, events = finish_age(state)
    assert of_kind(events, "naval_conflict")[0].params["tokens"] == [3, 3, 3, -2]  # tied strongest: 2nd place
