"""What random games of Duel reach and show, beyond the contract that ``tests/test_contract.py`` checks for every game
(invariants after every move, D149 and D66; purity, JSON, determinism; views that hide what they must, D152-D154):
every decision and both common victories are met, and the Great Library's offer is seen by its builder only (D154).

Each game is played by picking uniformly among the legal moves, seeded, so every failure replays.
"""

from __future__ import annotations

import random
from functools import cache

from .helpers import G, leaks

GAMES = 200
OPTIONS = [
    {},
    {"wonders": "preset"},
    {"neutral_start": "last_chooses"},
    {"wonders": "preset", "first_player": "1", "neutral_start": "last_chooses"},
]
DECISIONS = {"draft", "turn", "token", "library", "destroy", "mausoleum", "starter"}


@cache
def played(game: int) -> list:
    """The states of random game ``game``, the first to the last."""
    rng = random.Random(game)
    state = G.setup(2, OPTIONS[game % len(OPTIONS)], seed=1000 + game)
    states = [state]
    while state.decision != "over":
        state, _ = G.apply(state, state.current, rng.choice(G.legal_moves(state, state.current)))
        states.append(state)
    return states


def test_D154_great_library_offer_only_in_its_builders_view():
    seen = 0
    for game in range(GAMES):
        for state in played(game):
            if state.decision != "over" and state.library_offer:
                seen += 1
                builder = state.current
                assert G.pending(state, builder).kind == "library"
                assert G.view(state, builder).library_offer == state.library_offer
                assert len(state.library_offer) == 3
                assert G.view(state, 1 - builder).library_offer == []
                assert G.view(state, None).library_offer == []
                assert not leaks(state, None) and not leaks(state, 1 - builder) and not leaks(state, builder)
    assert seen > 0


def test_random_games_reach_every_decision_and_victory():
    kinds, victories = set(), set()
    for game in range(GAMES):
        states = played(game)
        assert all(G.active_seats(s) == {s.current} for s in states[:-1])  # one seat decides at a time
        kinds |= {G.pending(s, s.current).kind for s in states[:-1]}
        victories.add(states[-1].victory)
    assert kinds == DECISIONS
    assert victories >= {"civilian", "military"} and victories <= {"civilian", "military", "science"}


def test_clone_shares_nothing_mutable():
    from rules.duel.state import _PLAYER_DICTS, _PLAYER_LISTS, _STATE_LISTS, _STATE_NESTED, DuelState, PlayerState

    listed = set(_STATE_LISTS) | set(_STATE_NESTED)
    for name, info in DuelState.model_fields.items():
        if str(info.annotation).startswith(("list", "dict")):
            assert name in listed, name
    for name, info in PlayerState.model_fields.items():
        if str(info.annotation).startswith(("list", "dict")):
            assert name in _PLAYER_LISTS + _PLAYER_DICTS, name
    for state in played(3)[::10]:
        copy = state.clone()
        assert copy == state and copy.model_dump_json() == state.model_dump_json()
        for name in _STATE_LISTS + _STATE_NESTED:
            assert getattr(copy, name) is not getattr(state, name), name
        for deck, copied in zip(state.decks, copy.decks):
            assert deck is not copied
        for p, q in zip(state.seats, copy.seats):
            assert p is not q
            for name in _PLAYER_LISTS + _PLAYER_DICTS:
                assert getattr(p, name) is not getattr(q, name), name
