"""Setup: deck construction per player count (W5-W9, AR4-AR12), layouts, options."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.contract import IllegalMove
from rules.rng import generator
from rules.wonders.data import (
    ARMADA_AGES,
    ARMADA_CARDS,
    BASE_CARDS,
    CARDS,
    GUILDS,
    ISLAND_LEVELS,
    base_age_deck,
    hand_duplicates_possible,
)
from rules.wonders.setup import age_deck, random_layout
from rules.wonders.state import WondersOptions

from .helpers import G, layout, sound, start

ARROWS = {"dock", "quay", "jetty", "eastern_emporium", "western_emporium"}


def test_data_counts():
    # 49 / 49 / 40 base cards at 7 players, 10 guilds, 24 Armada cards (2 of each colour per age), 27 islands.
    assert [len(base_age_deck(a, 7)) for a in (1, 2, 3)] == [49, 49, 40]
    assert len(GUILDS) == 10
    assert len(ARMADA_CARDS) == 24
    for age in (1, 2, 3):
        colours = Counter(ARMADA_CARDS[c].colour for c in ARMADA_AGES[age])
        assert colours == {"red": 2, "yellow": 2, "blue": 2, "green": 2}
    assert {c for c in ARMADA_CARDS if ARMADA_CARDS[c].arrows} == ARROWS
    assert [len(ISLAND_LEVELS[lv]) for lv in (1, 2, 3)] == [9, 9, 9]
    # blue Armada cards keyed by age + VP (data file, section 4)
    blue = sorted((ARMADA_CARDS[c].age, ARMADA_CARDS[c].vp) for c in ARMADA_CARDS if ARMADA_CARDS[c].colour == "blue")
    assert blue == [(1, 0), (1, 0), (2, 2), (2, 3), (3, 4), (3, 5)]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_W5_W6_base_decks_have_7n_cards_with_the_copy_thresholds(players):
    for age in (1, 2, 3):
        deck = base_age_deck(age, players)
        expected = Counter()
        for card in BASE_CARDS.values():
            for deck_age, thresholds in card.deck:
                if deck_age == age and not card.is_guild:
                    expected[card.id] += sum(1 for t in thresholds if t <= players)
        assert Counter(deck) == +expected
        full = age_deck(age, players, False, generator(1))
        assert len(full) == 7 * players
    guilds = [c for c in age_deck(3, players, False, generator(2)) if CARDS[c].is_guild]
    assert len(guilds) == players + 2 == len(set(guilds))  # W7


def test_copy_thresholds_examples():
    assert Counter(base_age_deck(1, 3))["lumber_yard"] == 1
    assert Counter(base_age_deck(1, 4))["lumber_yard"] == 2
    assert Counter(base_age_deck(1, 7))["tavern"] == 3
    assert Counter(base_age_deck(1, 6))["tavern"] == 2
    assert "tree_farm" not in base_age_deck(1, 5) and "tree_farm" in base_age_deck(1, 6)
    assert Counter(base_age_deck(2, 7))["forum"] == 3
    assert Counter(base_age_deck(3, 3))["town_hall"] == 1
    assert Counter(base_age_deck(3, 6))["town_hall"] == 3


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_AR4_AR5_AR8_armada_decks(players):
    for age in (1, 2, 3):
        deck = age_deck(age, players, True, generator(players * age))
        armada = [c for c in deck if c in ARMADA_CARDS]
        assert len(armada) == players == len(set(armada))
        assert all(ARMADA_CARDS[c].age == age for c in armada)
        if players == 3:
            assert not set(armada) & ARROWS
        assert len(deck) == 8 * players  # 8 hands of 8 cards at 8 players... and 8 cards per hand (AR8)


def test_AR11_AR12_eight_player_deck():
    # Prepared as for 7 players (all base cards, 9 guilds, 7 Armada cards per age), 7 cards to each of 8 players.
    for age in (1, 2, 3):
        deck = age_deck(age, 8, True, generator(age))
        assert len(deck) == 56 == 8 * 7
        assert Counter(c for c in deck if c not in ARMADA_CARDS and not CARDS[c].is_guild) == Counter(
            base_age_deck(age, 7))
        assert sum(1 for c in deck if c in ARMADA_CARDS) == 7
    assert sum(1 for c in age_deck(3, 8, True, generator(9)) if CARDS[c].is_guild) == 9
    assert G.max_players == 7
    with pytest.raises(IllegalMove) as caught:
        G.setup(8)
    assert caught.value.code == "error.player_count"


@pytest.mark.parametrize("players,armada", [(3, False), (5, True), (7, True), (7, False)])
def test_first_state(players, armada):
    state = G.setup(players, {"armada": armada}, seed=11)
    sound(state)
    size = 8 if armada else 7
    assert all(len(p.hand) == size for p in state.seats)  # W9, AR8
    assert all(p.coins == 3 for p in state.seats)  # W2, AR7
    assert len({p.board for p in state.seats}) == players  # W3
    assert all(p.side in ("a", "b") for p in state.seats)
    assert G.active_seats(state) == frozenset(range(players))
    assert state.age == 1 and state.turn == 1
    if armada:
        assert len({p.shipyard for p in state.seats}) == players  # AR2
        assert all(p.ships == [0, 0, 0, 0] for p in state.seats)  # AR3
        assert [len(d) for d in state.island_decks] == [9, 9, 9]  # AR6
    assert [len(d) for d in state.decks] == [players * size] * 2


def test_sides_options():
    assert {p.side for p in G.setup(5, {"sides": "a"}, seed=1).seats} == {"a"}
    assert {p.side for p in G.setup(5, {"sides": "b"}, seed=1).seats} == {"b"}
    state = G.setup(4, {"sides": "choice"}, seed=1)
    assert state.phase == "sides" and all(p.side == "" for p in state.seats)
    assert G.pending(state, 2).kind == "side"
    assert [m.notation for m in G.legal_moves(state, 2)] == ["side:a", "side:b"]


def test_teams_need_armada_and_4_or_6_players():
    for players, options, code in [
        (4, {"teams": True}, "wonders.error.teams_need_armada"),
        (5, {"teams": True, "armada": True}, "wonders.error.teams_player_count"),
        (3, {"teams": True, "armada": True}, "wonders.error.teams_player_count"),
    ]:
        with pytest.raises(IllegalMove) as caught:
            G.setup(players, options, seed=1)
        assert caught.value.code == code
    for players in (4, 6):
        G.setup(players, {"teams": True, "armada": True}, seed=1)


def test_options_forbid_unknown_fields():
    with pytest.raises(Exception):
        WondersOptions.model_validate({"armada": True, "cities": True})


def test_layout_round_trip_and_replay_from_layout():
    lay = random_layout(5, WondersOptions(armada=True), 77)
    a = G.setup(5, {"armada": True}, seed=77)
    b = G.setup(5, {"armada": True}, layout=lay.model_dump())
    assert a == b


@pytest.mark.parametrize("edit,reason", [
    (lambda d: d["boards"].__setitem__(1, d["boards"][0]), "boards"),
    (lambda d: d["ages"][0].pop(), "age"),
    (lambda d: d["ages"][0].__setitem__(0, "pantheon"), "age"),
    (lambda d: d["islands"][0].__setitem__(0, "iron_harbor"), "islands"),
    (lambda d: d["shipyards"].__setitem__(1, d["shipyards"][0]), "shipyards"),
])
def test_bad_layouts_are_refused(edit, reason):
    data = layout(4, armada=True).model_dump()
    edit(data)
    with pytest.raises(IllegalMove) as caught:
        G.setup(4, {"armada": True}, layout=data)
    assert caught.value.code == "wonders.error.bad_layout" and caught.value.params["reason"] == reason


def test_a_hand_may_hold_two_copies_of_a_card():
    # The claim "a hand never holds two copies" is false from 4 players (e.g. two Lumber Yards in Age I).
    assert not hand_duplicates_possible(3) and hand_duplicates_possible(4)
    state = start(4, hands={1: {0: ["lumber_yard", "lumber_yard", "ore_vein"]}})
    assert state.seats[0].hand.count("lumber_yard") == 2
    legal = [m.notation for m in G.legal_moves(state, 0)]
    assert legal.count("build:lumber_yard") == 1  # one move names either copy
    state, _ = G.apply(state, 0, G.parse_move("build:lumber_yard"))
    for s in (1, 2, 3):
        state, _ = G.apply(state, s, G.parse_move(f"discard:{state.seats[s].hand[0]}"))
    assert state.seats[0].city == ["lumber_yard"]
    # the other copy moved on with the hand, and the next holder may build it
    assert "lumber_yard" in state.seats[1].hand
    sound(state)


def test_chains_as_in_the_tables():
    pairs = {(a, c.id) for c in CARDS.values() for a in c.chain_from}
    assert pairs == {
        ("baths", "aqueduct"), ("altar", "temple"), ("theater", "statue"), ("scriptorium", "courthouse"),
        ("east_trading_post", "forum"), ("west_trading_post", "forum"), ("marketplace", "caravansery"),
        ("apothecary", "stables"), ("workshop", "archery_range"), ("apothecary", "dispensary"),
        ("workshop", "laboratory"), ("scriptorium", "library"), ("temple", "pantheon"), ("statue", "gardens"),
        ("library", "senate"), ("forum", "haven"), ("caravansery", "lighthouse"), ("dispensary", "arena"),
        ("walls", "fortifications"), ("training_ground", "circus"), ("laboratory", "siege_workshop"),
        ("dispensary", "lodge"), ("laboratory", "observatory"), ("library", "university"), ("school", "academy"),
        ("school", "study"),
    }
