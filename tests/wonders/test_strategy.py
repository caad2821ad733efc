"""What the one-step rating of a position (``WondersGame.heuristic``, which the computer players use) sees."""

from __future__ import annotations

import pytest

from rules.wonders import strategy
from rules.wonders.data import NAVAL_DEFEAT, NAVAL_REWARDS

from .helpers import G, ships, start


def test_naval_forecast_is_the_token_each_seat_would_take_now():
    state = start(4, {"armada": True})
    ships(state, 0, red=2)
    ships(state, 2, red=1)
    assert strategy.naval_forecast(state) == {0: NAVAL_REWARDS[1][0], 1: NAVAL_DEFEAT[1],
                                              2: NAVAL_REWARDS[1][1], 3: NAVAL_DEFEAT[1]}
    assert strategy.naval_forecast(start(4)) == {}  # no Naval Conflict without Armada


def test_a_lead_at_sea_raises_the_rating_by_the_tokens_it_would_take():
    state = start(4, {"armada": True})
    before = [G.heuristic(state, s) for s in range(4)]
    ships(state, 0, red=1)  # seat 0 alone at sea: it would win the first token, the rest would share the defeat
    after = [G.heuristic(state, s) for s in range(4)]
    swing = strategy.NAVAL * (NAVAL_REWARDS[1][0] - NAVAL_DEFEAT[1])
    assert after[0] - before[0] == pytest.approx(swing)
    assert all(after[s] < before[s] for s in (1, 2, 3))
