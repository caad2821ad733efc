"""Chaining: the free construction condition (D57-D60, Q16, Q46)."""

from __future__ import annotations

import pytest

from rules.duel.data import CARDS
from rules.duel.economy import card_price

from .helpers import G, discard_pile, give, own, play, start, tokens

# §3.6: symbol -> (the card providing it, the card it makes free).
CHAINS = {
    "horseshoe": ("stable", "horse_breeders"),
    "sword": ("garrison", "barracks"),
    "tower": ("palisade", "fortifications"),
    "target": ("archery_range", "siege_workshop"),
    "helmet": ("parade_ground", "circus"),
    "book": ("scriptorium", "library"),
    "gear": ("pharmacist", "dispensary"),
    "lyre": ("school", "university"),
    "lamp": ("laboratory", "observatory"),
    "mask": ("theater", "statue"),
    "pillar": ("statue", "gardens"),
    "moon": ("altar", "temple"),
    "sun": ("temple", "pantheon"),
    "drop": ("baths", "aqueduct"),
    "temple_front": ("rostrum", "senate"),
    "amphora": ("tavern", "lighthouse"),
    "barrel": ("brewery", "arena"),
}


def test_D59_exactly_the_17_chain_links_of_the_rules():
    links = {
        sym: (next(c for c in CARDS if CARDS[c].chain_out == sym), next(c for c in CARDS if CARDS[c].chain_in == sym))
        for sym in {c.chain_out for c in CARDS.values() if c.chain_out}
    }
    assert len(links) == 17
    assert links == CHAINS
    assert {c.chain_in for c in CARDS.values() if c.chain_in} == set(CHAINS)
    assert sum(1 for c in CARDS.values() if c.chain_in) == 17


@pytest.mark.parametrize("symbol", sorted(CHAINS))
def test_D57_chain_symbol_makes_the_card_free(symbol):
    provider, target = CHAINS[symbol]
    state = start()
    assert not card_price(state, 0, CARDS[target]).chain
    give(state, 0, provider)
    price = card_price(state, 0, CARDS[target])
    assert price.chain and price.total == 0
    assert not card_price(state, 1, CARDS[target]).chain  # the opponent's city does not help


def test_D57_Q16_baths_make_the_aqueduct_free():
    state = give(start(put={14: "aqueduct"}), 0, "baths")
    state.seats[0].coins = 0
    after, events = play(state, "build:aqueduct")
    assert "aqueduct" in after.seats[0].city and after.seats[0].coins == 0
    assert [e.params for e in events if e.kind == "card_built"] == [{"card": "aqueduct", "cost": 0, "chain": True}]


def test_D33_D58_chain_needs_no_coins_even_with_a_coin_cost():
    state = start(put={14: "barracks", 15: "pretorium"})  # Barracks: 3 coins
    state.seats[0].coins = 2
    assert "build:barracks" not in {m.notation for m in G.legal_moves(state, 0)}
    give(state, 0, "garrison")
    after, _ = play(state, "build:barracks")
    assert after.seats[0].coins == 2


def test_D60_urbanism_gives_4_coins_per_chain_build():
    state = tokens(give(start(put={14: "aqueduct", 15: "lumber_yard"}), 0, "baths"), 0, "urbanism")
    after, _ = play(state, "build:aqueduct")
    assert after.seats[0].coins == 7 + 4


def test_D60_urbanism_gives_nothing_for_a_free_card_without_chain():
    state = tokens(start(put={14: "lumber_yard"}), 0, "urbanism")
    after, _ = play(state, "build:lumber_yard")
    assert after.seats[0].coins == 7


def test_D60_Q46_urbanism_gives_nothing_for_a_mausoleum_rebuild():
    # The Mausoleum (2C + 2G + P) rebuilds the Aqueduct for free, but not by chain, even with the Baths in the city.
    state = give(start(put={14: "lumber_yard"}), 0, "baths", "clay_pool", "clay_pit", "glassworks", "press")
    own(state, 0, "mausoleum")
    tokens(state, 0, "urbanism")
    discard_pile(state, "aqueduct")
    state.seats[0].coins = 2  # the second glass
    state, _ = play(state, "wonder:mausoleum:lumber_yard")
    assert state.seats[0].coins == 0
    state, _ = play(state, "revive:aqueduct")
    assert "aqueduct" in state.seats[0].city and state.seats[0].coins == 0
