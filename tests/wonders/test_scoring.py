"""Scoring (W57-W77, W81, W86, AR87, AR88, AR103, AR110, AR114, AR141-AR147, AR157) and the winners."""

from __future__ import annotations

import pytest

from rules.wonders.scoring import best_science, score_sheet, winners

from .helpers import G, coins, give, islands, ships, stages, start


def sheet(state, seat=0):
    return score_sheet(state, seat)


def test_W57_W58_science_3_2_1_is_21():
    state = start(3)
    give(state, 0, "apothecary", "dispensary", "lodge", "workshop", "laboratory", "scriptorium")
    assert sheet(state)["science"] == 9 + 4 + 1 + 7 == 21


def test_W59_W77_wildcards_maximise_the_score():
    assert best_science((0, 0, 0), 1, 0) == 1
    assert best_science((1, 1, 0), 1, 0) == 10  # completes a set
    state = start(3)
    give(state, 0, "apothecary", "workshop", "scientists_guild")
    assert sheet(state)["science"] == 10


def test_AR114_AR115_most_held_symbol_and_its_order_with_wildcards():
    # counts (2, 1, 1) + one most-held: only the compass (held most) may grow: 9 + 1 + 1 + 7 = 18
    assert best_science((1, 1, 2), 0, 1) == 18
    # a wildcard first can make another symbol the most held: (2,2,1) -> most-held on a 2 -> (3,2,1) = 21,
    # or wildcard to 3 then most-held to 4: (4,1,1) = 16 + 1 + 1 + 7 = 25
    assert best_science((1, 1, 2), 1, 1) == 25
    state = start(3, {"armada": True})
    give(state, 0, "apothecary", "dispensary", "workshop", "explorers_office")
    assert sheet(state)["science"] == 9 + 1 + 0
    islands(state, 0, "emerald_archipelago", "golden_archipelago")
    assert sheet(state)["science"] == best_science((0, 1, 2), 1, 2)


def test_W60_treasury_and_W61_civilian():
    state = start(3)
    coins(state, 17, 0)
    give(state, 0, "altar", "pantheon")
    assert sheet(state)["treasury"] == 5 and sheet(state)["civilian"] == 9


def test_W66_W69_commercial_end_points():
    state = start(3)
    give(state, 0, "lumber_yard", "quarry", "haven", "lighthouse", "marketplace", "loom", "chamber_of_commerce",
         "arena")
    stages(state, 0, 2)
    # Haven 2 brown, Lighthouse 5 yellow (itself included), Chamber 2 x 1 grey, Arena 2 stages
    assert sheet(state)["commercial"] == 2 + 5 + 2 + 2


@pytest.mark.parametrize("guild,setup,points", [
    ("workers_guild", {1: ["lumber_yard", "quarry"], 2: ["ore_vein"]}, 3),
    ("craftsmens_guild", {1: ["loom"], 2: ["press", "glassworks"]}, 6),
    ("traders_guild", {1: ["tavern"], 2: ["forum"]}, 2),
    ("spies_guild", {1: ["barracks"], 0: ["stockade"]}, 1),
    ("magistrates_guild", {2: ["altar", "baths"]}, 2),
    ("shipowners_guild", {0: ["lumber_yard", "loom"], 1: ["quarry"]}, 3),
    ("builders_guild", {}, 0),
])
def test_W71_W76_guilds(guild, setup, points):
    state = start(3)
    give(state, 0, guild)
    for seat, cards in setup.items():
        give(state, seat, *cards)
    assert sheet(state)["guilds"] == points


def test_W74_strategists_and_W76_builders():
    state = start(3)
    give(state, 0, "strategists_guild", "builders_guild")
    state.seats[1].land = [-1, 1, -1]
    state.seats[2].land = [-1]
    state.seats[0].land = [-1]
    stages(state, 0, 1)
    stages(state, 1, 2)
    assert sheet(state)["guilds"] == 3 + 3


def test_AR87_AR88_guilds_capped_at_10_with_armada():
    # Romeo: Philosophers (7 + 5 neighbouring green cards) 10 not 12; Traders (4 + 2 yellow) 6: 16.
    greens = ["apothecary", "workshop", "scriptorium", "dispensary", "laboratory", "library", "school"]
    yellows = ["tavern", "east_trading_post", "west_trading_post", "marketplace"]
    for armada, expected in ((True, 16), (False, 18)):
        state = start(3, {"armada": armada})
        give(state, 0, "philosophers_guild", "traders_guild")
        give(state, 1, *greens, *yellows)
        give(state, 2, "lodge", "observatory", "university", "academy", "study", "forum", "vineyard")
        assert sheet(state)["guilds"] == expected


def test_W81_olympia_b_copies_the_best_neighbour_guild():
    state = start(3, boards=["olympia", "rhodos", "giza"], sides="b")
    stages(state, 0, 3)
    give(state, 1, "spies_guild", "barracks")
    give(state, 2, "magistrates_guild")
    give(state, 0, "altar", "baths", "theater")  # Magistrates for seat 0 counts neighbours' blue: none
    give(state, 2, "altar")
    give(state, 1, "pawnshop")
    # copy candidates for seat 0: Spies (red of seats 1, 2: 1), Magistrates (blue of seats 1, 2: 2)
    assert sheet(state)["guilds"] == 2
    give(state, 2, "scientists_guild")
    give(state, 0, "apothecary", "workshop")
    assert sheet(state)["science"] == 10 and sheet(state)["guilds"] == 0


def test_W86_babylon_science_symbol():
    state = start(3, boards=["babylon", "rhodos", "giza"], sides="a")
    give(state, 0, "apothecary", "workshop")
    stages(state, 0, 2)
    assert sheet(state)["science"] == 10 and sheet(state)["wonder"] == 3


def test_AR103_AR110_AR141_AR146_armada_points():
    state = start(3, {"armada": True})
    give(state, 0, "dry_dock", "hangar", "customs_office", "pirate_brotherhood")
    ships(state, 0, yellow=3, blue=6)
    islands(state, 0, "inhabited_island", "statues_harbor", "sovereign_archipelago", "pirate_harbor",
            "luxurious_archipelago", "sheltered_archipelago", "rainbow_archipelago")
    state.seats[0].naval = [3, -2, 7]
    s = sheet(state)
    assert s["civilian"] == 5 and s["commercial"] == 4 + 2 * 2
    assert s["shipyard"] == 10 and s["naval"] == 8
    # 3 + 5 + 7 + 3 + 2 x level 2 + 2 x 7 islands + rainbow (2 blue, 2 yellow: 2)
    assert s["islands"] == 3 + 5 + 7 + 3 + 4 + 14 + 2
    assert s["total"] == sum(v for k, v in s.items() if k != "total")


def test_W62_winner_tie_break_by_coins_then_shared():
    state = start(3)
    give(state, 0, "palace")
    give(state, 1, "palace")
    coins(state, 4, 0)
    coins(state, 5, 1)
    coins(state, 5, 2)
    # totals 8 + 1 = 9 and 8 + 1 = 9 (seat 2: 1): seat 1 has more coins
    assert winners(state) == [1]
    coins(state, 5, 0)
    assert winners(state) == [0, 1]


def test_AR157_team_winners_and_team_category():
    state = start(4, {"armada": True, "teams": True})
    give(state, 2, "palace")
    give(state, 3, "pantheon")
    assert winners(state) == [2, 3]
    outcome = G.outcome(state)
    assert "team" in outcome.categories
    assert outcome.scores[2]["team"] == outcome.scores[3]["team"] == outcome.scores[2]["total"] + outcome.scores[3][
        "total"]
