"""Yellow cards and guilds: coins once when built, guild VP at the end (D114-D131, Q36, Q38, Q39)."""

from __future__ import annotations

import pytest

from rules.duel.scoring import score_sheet

from .helpers import built, give, play, rich, start


def build(card: str, mine=(), theirs=(), coins: int = 30, wonders=()):
    """Seat 0 builds ``card`` (at slot 19) with ``mine`` in its city and ``theirs`` in the opponent's."""
    state = give(give(start(put={19: card}), 0, *mine), 1, *theirs)
    built(state, 0, *wonders)
    state.seats[0].coins = coins
    after, events = play(state, f"build:{card}")
    gained = sum(e.params["amount"] for e in events if e.kind == "coins_gained" and e.params["reason"] == card)
    cost = next(e.params["cost"] for e in events if e.kind == "card_built")
    assert after.seats[0].coins == coins - cost + gained
    return after, gained


def test_D114_tavern_gives_4():
    after, gained = build("tavern", coins=7)
    assert gained == 4 and after.seats[0].coins == 11


def test_D115_brewery_gives_6():
    after, gained = build("brewery", coins=7)
    assert gained == 6 and after.seats[0].coins == 13


def test_D116_chamber_of_commerce_3_per_grey():
    after, gained = build("chamber_of_commerce", mine=("glassworks", "press", "quarry"), theirs=("drying_room",))
    assert gained == 6 and score_sheet(after, 0)["commercial"] == 3


def test_D117_port_2_per_brown():
    after, gained = build("port", mine=("lumber_yard", "clay_pool", "quarry", "glassworks"), theirs=("clay_pit",))
    assert gained == 6 and score_sheet(after, 0)["commercial"] == 3


def test_D118_armory_1_per_red():
    after, gained = build("armory", mine=("walls", "guard_tower", "tavern"), theirs=("stable",))
    assert gained == 2 and score_sheet(after, 0)["commercial"] == 3


def test_D119_Q38_lighthouse_counts_itself():
    after, gained = build("lighthouse", mine=("tavern", "forum", "quarry"), coins=0)  # free by chain (Tavern)
    assert gained == 3 and after.seats[0].coins == 3
    assert score_sheet(after, 0)["commercial"] == 3 + 0  # the Tavern is worth no VP


def test_D120_arena_2_per_built_wonder():
    after, gained = build("arena", wonders=("pyramids", "sphinx"))
    assert gained == 4 and score_sheet(after, 0)["commercial"] == 3
    _, gained = build("arena")
    assert gained == 0


def test_D121_Q36_yellow_coins_are_not_recomputed():
    state = give(start(put={19: "port", 18: "lumber_yard", 17: "quarry"}), 0, "clay_pool", "glassworks", "press")
    state, _ = play(state, "build:port")  # W G P: wood bought at 2; +2 for the Clay Pool
    assert state.seats[0].coins == 7
    state, events = play(state, "discard:lumber_yard", "build:quarry")
    assert state.seats[0].coins == 7  # more brown cards later: no more coins from the Port
    assert not [e for e in events if e.kind == "coins_gained" and e.seat == 0]


def test_D122_D123_D124_guild_coins_now_and_vp_later_from_the_leading_city():
    # Magistrates Guild: the opponent has more blue cards when it is built (3 coins); at the end the builder has
    # more (4 VP): the city for coins and the city for VP differ.
    after, gained = build("magistrates_guild", mine=("theater",), theirs=("altar", "baths", "temple"))
    assert gained == 3
    assert score_sheet(after, 0)["guilds"] == 3
    give(after, 0, "statue", "aqueduct", "rostrum")
    assert score_sheet(after, 0)["guilds"] == 4
    assert after.seats[0].coins == 30 - 8 + 3  # coins taken once, not recomputed


def test_D125_shipowners_count_brown_and_grey_from_one_city():
    # Builder: 2 brown + 1 grey; opponent: 1 brown + 2 grey. Mixing cities would give 4; the rule gives 3.
    after, gained = build("shipowners_guild", mine=("lumber_yard", "clay_pool", "glassworks"),
                          theirs=("quarry", "press", "drying_room"))
    assert gained == 3
    assert score_sheet(after, 0)["guilds"] == 3


def test_D126_builders_guild_2_vp_per_wonder_of_the_leading_city_no_coins():
    state = built(start(put={19: "builders_guild"}), 1, "colossus", "piraeus", "appian_way")
    built(state, 0, "pyramids")
    rich(state, 30)
    after, events = play(state, "build:builders_guild")
    assert not [e for e in events if e.kind == "coins_gained"]
    assert score_sheet(after, 0)["guilds"] == 6


def test_D127_moneylenders_guild_1_vp_per_3_coins_of_the_richest_no_coins():
    state = rich(start(put={19: "moneylenders_guild"}), 30, 0)
    after, events = play(state, "build:moneylenders_guild")  # 2S + 2W bought at 2: 22 coins left
    assert not [e for e in events if e.kind == "coins_gained"]
    assert after.seats[0].coins == 22
    assert score_sheet(after, 0)["guilds"] == 7
    after.seats[1].coins = 29
    assert score_sheet(after, 0)["guilds"] == 9


@pytest.mark.parametrize(
    "guild, mine, theirs",
    [
        ("merchants_guild", ("tavern",), ("forum", "stone_reserve")),  # D128
        ("magistrates_guild", ("theater",), ("altar", "baths")),  # D129
        ("scientists_guild", ("workshop",), ("apothecary", "scriptorium")),  # D130
        ("tacticians_guild", ("guard_tower",), ("stable", "palisade")),  # D131
    ],
)
def test_D128_D129_D130_D131_guild_colours(guild, mine, theirs):
    after, gained = build(guild, mine=mine, theirs=theirs)
    assert gained == 2
    assert score_sheet(after, 0)["guilds"] == 2
    give(after, 0, "lumber_yard", "glassworks")  # colours the guild does not count
    assert score_sheet(after, 0)["guilds"] == 2
