"""Edition and player-count notes: first-edition data only (A.1, A.14), 8 players (AR11, AR12, B.16)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.rng import generator
from rules.wonders.data import ARMADA_CARDS, CARDS, WONDERS, base_age_deck, hand_size
from rules.wonders.setup import age_deck
from rules.wonders.state import WondersOptions

from .helpers import G


def test_AR12_hand_sizes_per_player_count():
    assert [hand_size(n, False) for n in range(3, 8)] == [7] * 5  # W9
    assert [hand_size(n, True) for n in range(3, 8)] == [8] * 5  # AR8
    assert hand_size(8, True) == 7  # 8 players: 7 cards, 6 played (AR12)
    deck = age_deck(2, 8, True, generator(3))
    assert len(deck) == 8 * hand_size(8, True)
    assert Counter(c for c in deck if c in ARMADA_CARDS).total() == 7  # AR11


def test_first_edition_only():
    """The engine carries first-edition data (A.1): no edition option, first-edition copy counts and powers."""
    with pytest.raises(Exception):
        WondersOptions.model_validate({"edition": 2})
    assert "ludus" not in CARDS and "castrum" not in CARDS  # second-edition cards
    counts = Counter(base_age_deck(3, 7))
    assert (counts["town_hall"], counts["arena"], counts["circus"], counts["arsenal"]) == (3, 3, 3, 3)
    assert "town_hall" in base_age_deck(3, 5) and Counter(base_age_deck(3, 5))["town_hall"] == 2
    assert Counter(base_age_deck(3, 4))["circus"] == 1 and "circus" not in base_age_deck(3, 3)
    assert CARDS["lighthouse"].vp_per == ("yellow", 1)  # the first-edition Lighthouse
    specials = {s.special for w in WONDERS.values() for s in (*w.a, *w.b)}
    assert {"free_build", "revive", "play_last", "copy_guild", "raw_discount"} <= specials
    assert sorted(WONDERS) == sorted(["rhodos", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos",
                                      "giza"])
    assert G.max_players == 7  # no eighth wonder in the first edition (Siracusa belongs to a later printing)
