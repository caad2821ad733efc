"""Armada conflicts: naval strength and the Naval Conflict (B.7), invasions (B.13).

Seats: seat i's left neighbour is i + 1, its right neighbour i - 1. Dock and Jetty (>>) target seat i - 2, Quay (<<)
seat i + 2.
"""

from __future__ import annotations

import random

import pytest

from rules.wonders.data import CARDS, NAVAL_DEFEAT, NAVAL_REWARDS
from rules.wonders.effects import naval_rewards
from rules.wonders.scoring import score_sheet

from .helpers import (
    G, finish_age, give, hand, islands, of_kind, others, play, ships, sound, stages, start, supply,
    to_age, turn,
)

A = {"armada": True}


def strength(state, seat):
    return G.view(state, None).players[seat].naval_strength


def land_pairs(events):
    """{(seat, other): params} of the land conflicts of an age's end."""
    return {(e.seat, e.params["other"]): e.params for e in of_kind(events, "land_conflict")}


# --- naval strength ---------------------------------------------------------------------------------------------


def test_AR69_naval_strength_adds_city_shipyard_and_islands():
    state = start(3, A)
    ships(state, 0, red=3)
    assert strength(state, 0) == 3
    islands(state, 0, "windy_harbor")
    assert strength(state, 0) == 3 + 2  # Gabriel's example: 5
    give(state, 0, "coastal_defenses")
    assert strength(state, 0) == 3 + 2 + 1
    ships(state, 0, yellow=6, blue=6)
    assert strength(state, 0) == 3 + 2 + 1 + 2 + 1


def test_AR70_land_and_naval_shields_never_mix():
    state = start(5, A)
    give(state, 0, "dock", "barracks", "walls")
    islands(state, 0, "bronze_island", "scarlet_archipelago")
    stages(state, 0, 2)  # Rhodos A stage 2: 2 land shields
    assert strength(state, 0) == 0
    assert G.view(state, None).players[0].shields == 1 + 1 + 2 + 1 + 3 + 2
    give(state, 1, "coastal_fortifications")
    islands(state, 1, "trade_winds_archipelago")
    ships(state, 1, red=3)
    assert G.view(state, None).players[1].shields == 0
    assert strength(state, 1) == 3 + 3 + 3


def test_AR71_every_player_is_compared_not_only_neighbours():
    # 5 players: seat 0 strongest, seat 1 second, seats 2-4 weakest (seats 2 and 3 are not seat 0's neighbours)
    state = start(5, A)
    ships(state, 0, red=3)
    islands(state, 1, "windblown_island")
    state, events = finish_age(state)
    conflict = of_kind(events, "naval_conflict")[0].params
    assert conflict["strength"] == [3, 1, 0, 0, 0]
    assert conflict["tokens"] == [3, 1, -1, -1, -1]
    assert [p.naval for p in state.seats] == [[3], [1], [-1], [-1], [-1]]


def test_AR74_a_naval_defeat_excludes_a_naval_victory():
    assert naval_rewards({0: 1, 1: 1, 2: 4}, 3, "ranked") == {0: -3, 1: -3, 2: 7}
    assert naval_rewards({0: 2, 1: 5}, 1, "ranked") == {0: -1, 1: 3}
    chooser = random.Random(7)
    for _ in range(300):
        players = chooser.randint(3, 7)
        strengths = {s: chooser.randint(0, 4) for s in range(players)}
        age = chooser.randint(1, 3)
        tokens = naval_rewards(strengths, age, chooser.choice(["ranked", "competition"]))
        low = min(strengths.values())
        for s, v in strengths.items():
            if v == low and len(set(strengths.values())) > 1:
                assert tokens[s] == NAVAL_DEFEAT[age]
            else:
                assert tokens[s] in (0, *NAVAL_REWARDS[age])


def test_AR86_naval_tokens_score_at_face_value():
    state = start(3, A)
    ships(state, 0, red=2)
    islands(state, 1, "windblown_island")
    for _ in range(3):
        state, events = finish_age(state)
    assert state.phase == "over"
    assert [p.naval for p in state.seats] == [[3, 5, 7], [1, 3, 5], [-1, -2, -3]]
    assert [score_sheet(state, s)["naval"] for s in range(3)] == [15, 9, -6]
    assert G.outcome(state).scores[2]["naval"] == -6


# --- invasions ---------------------------------------------------------------------------------------------------


def _build(state, seat, card):
    """Seat ``seat`` builds ``card`` (cost supplied) while the others discard."""
    hand(state, seat, card, *state.seats[seat].hand[1:])
    supply(state, seat, CARDS[card].cost)
    return turn(state, *(f"build:{card}" if s == seat else f"discard:{state.seats[s].hand[0]}"
                         for s in sorted(G.active_seats(state))))


def test_AR93_an_invasion_conflict_uses_the_values_of_its_age():
    state = to_age(start(5, A), 2)
    state, events = _build(state, 0, "quay")
    assert of_kind(events, "invasion")[0].params == {"target": 2}
    state, events = finish_age(state)
    pairs = land_pairs(events)
    assert pairs[(0, 2)]["invasion"] and pairs[(0, 2)]["tokens"] == [3] and pairs[(0, 2)]["other_tokens"] == [-1]
    assert state.seats[0].land == [3, 3, 3]  # both neighbours and the target
    sound(state, cards=False)


def test_AR94_the_invasion_target_may_win():
    state = start(5, A)
    give(state, 3, "barracks", "stockade")
    state, events = _build(state, 0, "dock")  # target: seat 3 (2 shields against Dock's 1)
    state, events = finish_age(state)
    pairs = land_pairs(events)
    assert pairs[(0, 3)]["invasion"]
    assert pairs[(0, 3)]["tokens"] == [-1] and pairs[(0, 3)]["other_tokens"] == [1]
    assert sorted(state.seats[0].land) == [-1, 1, 1]


def test_AR95_an_invasion_lasts_one_age():
    state = start(5, A)
    state, _ = _build(state, 0, "dock")
    state, events = finish_age(state)
    assert (0, 3) in land_pairs(events) and state.invasions == []
    state, events = finish_age(state)
    assert state.age == 3
    assert set(land_pairs(events)) == {(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)}  # neighbours only


def test_AR96_two_players_fight_at_most_once_an_age():
    # 4 players: seat 0's Dock targets seat 2, and seat 2's Dock targets seat 0
    state = start(4, A, hands={1: {0: ["dock"]}})
    hand(state, 2, "dock", *state.seats[2].hand[1:])
    supply(state, 0, CARDS["dock"].cost)
    supply(state, 2, CARDS["dock"].cost)
    give(state, 0, "barracks")
    state, events = turn(state, "build:dock", f"discard:{state.seats[1].hand[0]}", "build:dock",
                         f"discard:{state.seats[3].hand[0]}")
    assert sorted(state.invasions) == [[0, 2], [2, 0]]
    state, events = finish_age(state)
    conflicts = [(e.seat, e.params["other"]) for e in of_kind(events, "land_conflict")]
    assert conflicts.count((0, 2)) == 1 and len(conflicts) == 5
    assert sorted(state.seats[2].land) == [-1, 1, 1]  # one defeat (seat 0), its neighbours have no shield
    sound(state, cards=False)


def test_AR97_dock_and_jetty_by_one_player_one_extra_conflict():
    # Age III, 5 players: Halikarnassos B (seat 0) builds Jetty, then builds Dock out of the discard pile (it was
    # discarded in Age I): both target seat 3, one conflict only.
    state = start(5, A, boards=["halikarnassos", "rhodos", "giza", "alexandria", "ephesos"], sides="b",
                  hands={1: {1: ["dock"]}, 3: {0: ["jetty"]}})
    state, _ = turn(state, *others(state))
    assert "dock" in state.discard
    state = to_age(state, 3)
    supply(state, 0, CARDS["jetty"].cost, "2O")
    state, events = turn(state, "build:jetty", *others(state, 0))
    state, events = turn(state, f"stage:{state.seats[0].hand[0]}", *others(state, 0))
    assert G.pending(state, 0).kind == "revive"
    state, events = play(state, (0, "revive:dock"))
    assert state.invasions == [[0, 3], [0, 3]]
    state, events = finish_age(state)
    invasions = [(e.seat, e.params["other"]) for e in of_kind(events, "land_conflict") if e.params["invasion"]]
    assert invasions == [(0, 3)]
    assert land_pairs(events)[(0, 3)]["tokens"] == [5]
    assert state.seats[3].land.count(-1) == 1
    sound(state, cards=False)


def test_W82_AR97_halikarnassos_may_leave_a_dock_in_the_discard_pile():
    """W82: the build from the discard pile may be declined, so a Dock there never forces an invasion (a land
    conflict its owner may lose) on Halikarnassos."""
    state = start(5, A, boards=["halikarnassos", "rhodos", "giza", "alexandria", "ephesos"], sides="b",
                  hands={1: {0: ["altar"], 1: ["dock"]}})
    give(state, 0, "foundry")
    state, _ = turn(state, *others(state))  # seat 1 discards the Dock
    assert "dock" in state.discard
    state.seats[0].hand[0] = "altar"  # the hand seat 0 received: tuck an Altar under the stage
    state, _ = turn(state, "stage:altar", *others(state, 0))
    assert G.pending(state, 0).kind == "revive"
    assert "revive:dock" in [m.notation for m in G.legal_moves(state, 0)]
    state, events = play(state, (0, "revive:none"))
    assert "dock" in state.discard and "dock" not in state.seats[0].city
    assert state.invasions == [] and not of_kind(events, "invasion")
    assert of_kind(events, "revive_declined")[0].seat == 0
    state, events = finish_age(state)
    assert not [e for e in of_kind(events, "land_conflict") if e.params["invasion"]]
    sound(state, cards=False)


def test_AR98_a_player_invaded_twice_fights_four_conflicts():
    # 5 players: seat 0's Dock (>>) and seat 1's Quay (<<) both target seat 3
    state = start(5, A, hands={1: {0: ["dock"]}})
    hand(state, 1, "quay", *state.seats[1].hand[1:])
    supply(state, 0, CARDS["dock"].cost)
    supply(state, 1, CARDS["quay"].cost)
    state, events = turn(state, "build:dock", "build:quay", *others(state, 0, 1))
    assert sorted(e.params["target"] for e in of_kind(events, "invasion")) == [3, 3]
    state, events = finish_age(state)
    around_3 = [(e.seat, e.params["other"]) for e in of_kind(events, "land_conflict") if 3 in (e.seat,
                                                                                            e.params["other"])]
    assert sorted(around_3) == [(0, 3), (1, 3), (2, 3), (3, 4)]
    assert sorted(state.seats[3].land) == [-1, -1]
    sound(state, cards=False)


def test_AR99_nothing_cancels_an_invasion_seed_diplomacy_example():
    # Gabriel (seat 0) sits between Art (left, seat 1) and Paula (right, seat 4). Art builds Dock: Art and Paula
    # fight. (Cities' Diplomacy is not part of this engine: no option can cancel the invasion.)
    with pytest.raises(Exception):
        G.options({"armada": True, "cities": True})
    state = start(5, A)
    state, events = _build(state, 1, "dock")
    assert of_kind(events, "invasion")[0].params == {"target": 4}
    state, events = finish_age(state)
    art_paula = land_pairs(events)[(1, 4)]
    assert art_paula["invasion"] and art_paula["shields"] == [1, 0]
    assert art_paula["tokens"] == [1] and art_paula["other_tokens"] == [-1]


def test_AR147_invasion_tokens_score_as_military():
    state = start(5, A)
    state, _ = _build(state, 0, "dock")
    state, events = finish_age(state)
    assert land_pairs(events)[(0, 3)]["invasion"]
    assert sorted(state.seats[0].land) == [1, 1, 1] and state.seats[3].land == [-1]
    assert score_sheet(state, 0)["military"] == 3 and score_sheet(state, 3)["military"] == -1
    assert score_sheet(state, 0)["naval"] == sum(state.seats[0].naval)  # kept apart from the naval tokens


def test_naval_ties_option_is_used_by_the_game():
    # Age III, strengths 0, 8, 8, 8, 6: a three-way tie for the strongest. "ranked" (house default) gives the next
    # player the 3rd-place reward, "competition" ranks it 4th (nothing). The option reaches the game's conflict.
    for mode, fourth in (("ranked", 3), ("competition", 0)):
        state = to_age(start(5, {"armada": True, "naval_ties": mode}), 3)
        for seat in (1, 2, 3, 4):
            ships(state, seat, red=3)
            give(state, seat, "coastal_fortifications")
        for seat in (1, 2, 3):
            give(state, seat, "fortified_port")
        assert [strength(state, s) for s in range(5)] == [0, 8, 8, 8, 6]
        state, events = finish_age(state)
        assert of_kind(events, "naval_conflict")[0].params["tokens"] == [-3, 5, 5, 5, fourth]
