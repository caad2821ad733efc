"""Whole random games and the contract's properties: invariants, purity, JSON round trip, determinism, replay."""

from __future__ import annotations

import random

import pytest

from rules.replay import Record, replay
from rules.selfplay import play as selfplay
from rules.wonders.game import cards_in_play

from .helpers import G


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("armada", [False, True])
def test_random_games_finish_with_sound_states(players, armada):
    for seed in range(2):
        result = selfplay(G, players, seed, {"armada": armada})
        assert not result.violations, result.violations
        assert result.winners
        assert set(result.scores[0]) >= {"military", "treasury", "wonder", "civilian", "science", "commercial",
                                         "guilds", "total"}
        if armada:
            assert {"naval", "shipyard", "islands"} <= set(result.scores[0])


@pytest.mark.parametrize("options,players", [
    ({"armada": True, "teams": True, "sides": "choice"}, 4),
    ({"armada": True, "teams": True}, 6),
    ({"sides": "choice", "armada": True, "naval_ties": "competition"}, 5),
    ({"sides": "b", "armada": True}, 7),
])
def test_random_games_with_options(options, players):
    for seed in range(3):
        result = selfplay(G, players, seed, options)
        assert not result.violations, result.violations
        if options.get("teams"):
            assert len(result.winners) % 2 == 0 and result.winners[0] % 2 == 0
            assert all("team" in sheet for sheet in result.scores.values())


def _random_walk(players: int, options: dict, seed: int):
    state = G.setup(players, options, seed=seed)
    chooser = random.Random(seed)
    while G.active_seats(state):
        seat = chooser.choice(sorted(G.active_seats(state)))
        move = chooser.choice(G.legal_moves(state, seat))
        yield state, seat, move
        state, _ = G.apply(state, seat, move)
    yield state, None, None


def test_apply_is_pure_and_states_round_trip_through_json():
    for state, seat, move in _random_walk(5, {"armada": True}, 3):
        if state.ply % 7 == 0:
            loaded = G.load(state.model_dump_json())
            assert loaded == state
        if seat is None:
            break
        before = state.model_dump_json()
        G.apply(state, seat, move)
        assert state.model_dump_json() == before


def test_clone_shares_nothing_mutable():
    state = G.setup(4, {"armada": True}, seed=5)
    copy = state.clone()
    assert copy == state
    # every list of the state and of a player is a fresh object
    for name, value in state.__dict__.items():
        if isinstance(value, list):
            assert copy.__dict__[name] is not value, name
            for a, b in zip(value, copy.__dict__[name]):
                if isinstance(a, list):
                    assert a is not b, name
    for p, q in zip(state.seats, copy.seats):
        assert p is not q
        for name, value in p.__dict__.items():
            if isinstance(value, list):
                assert q.__dict__[name] is not value, name
    copy.seats[0].hand.append("x")
    copy.island_decks[0].pop()
    assert "x" not in state.seats[0].hand and len(state.island_decks[0]) == 9


def test_determinism_same_seed_same_game():
    a = selfplay(G, 6, 42, {"armada": True})
    b = selfplay(G, 6, 42, {"armada": True})
    assert a.to_json() == b.to_json()
    assert a.scores == b.scores


def test_replay_of_a_recorded_game_from_its_layout():
    moves = []
    final = None
    for state, seat, move in _random_walk(4, {"armada": True}, 8):
        if seat is None:
            final = state
            break
        moves.append({"seat": seat, "move": move.notation})
    lay = G.random_layout(4, G.options({"armada": True}), 8)
    record = Record(game="wonders", players=4, options={"armada": True}, layout=lay.model_dump(), moves=moves)
    _, state, outcome = replay(record)
    assert state == final and outcome.finished


def test_cards_are_conserved_through_a_game():
    count = None
    for state, seat, _ in _random_walk(7, {"armada": True}, 1):
        n = len(cards_in_play(state))
        assert count is None or n == count
        count = n
    assert count == 3 * 7 * 8


def test_invariants_catch_broken_states():
    state = G.setup(4, {"armada": True}, seed=5)
    assert G.check_invariants(state) == []
    for edit, words in [
        (lambda s: setattr(s.seats[1], "coins", -1), "coins"),
        (lambda s: s.seats[0].city.extend(["altar", "altar"]), "duplicate"),
        (lambda s: s.seats[2].ships.__setitem__(0, 7), "ships"),
        (lambda s: s.seats[3].hand.pop(), "conserved"),
        (lambda s: s.island_decks[1].pop(), "islands"),
        (lambda s: s.seats[0].land.append(2), "land"),
        (lambda s: s.seats[0].naval.append(-1), "naval"),
    ]:
        broken = state.clone()
        edit(broken)
        problems = G.check_invariants(broken)
        assert any(words in p for p in problems), (words, problems)
