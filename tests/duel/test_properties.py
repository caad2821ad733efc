"""Contract properties over many random games (seeded, so every failure replays).

Each game is played by picking uniformly among the legal moves. Checked after every move: apply leaves its input
unchanged, the invariants hold (D149: coins never negative; cards, wonders and tokens conserved; at most 7 wonders,
D66), the state round-trips through JSON, the spectator view leaks nothing hidden (D152, D153), the Great Library's
offer is shown only to its builder (D154). Every game ends with a winner, and replaying the same seed with the same
moves gives the same states.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules.contract import Move

from .helpers import G, leaks

GAMES = 200
OPTIONS = [
    {},
    {"wonders": "preset"},
    {"neutral_start": "last_chooses"},
    {"wonders": "preset", "first_player": "1", "neutral_start": "last_chooses"},
]


def options_for(game: int) -> dict:
    return OPTIONS[game % len(OPTIONS)]


@cache
def played(game: int) -> tuple[list, list[str]]:
    """The states and moves of random game ``game`` (state i is before move i; the last state is final)."""
    rng = random.Random(game)
    state = G.setup(2, options_for(game), seed=1000 + game)
    states, moves = [state], []
    while state.decision != "over":
        seat = state.current
        move = rng.choice(G.legal_moves(state, seat))
        state, _ = G.apply(state, seat, move)
        states.append(state)
        moves.append(move.notation)
    return states, moves


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_the_contract(chunk):
    for game in range(chunk, GAMES, 4):
        states, moves = played(game)
        for before, after, move in zip(states, states[1:], moves):
            seat = before.current
            dumped = before.model_dump_json()
            again, _ = G.apply(before, seat, G.parse_move(move))
            assert before.model_dump_json() == dumped, (game, move)  # apply never mutates its input
            assert again == after  # deterministic
            assert G.check_invariants(after) == [], (game, move)
            assert G.active_seats(before) == {seat}
        final = states[-1]
        outcome = G.outcome(final)
        assert outcome.finished and outcome.winners and final.victory in ("military", "science", "civilian")
        assert G.active_seats(final) == frozenset()


@pytest.mark.parametrize("chunk", range(4))
def test_states_round_trip_through_json(chunk):
    for game in range(chunk, GAMES, 4):
        for state in played(game)[0][::3]:
            assert G.load(state.model_dump_json()) == state
            assert G.load(state.model_dump()) == state


def test_same_seed_and_moves_give_the_same_game():
    for game in range(0, GAMES, 10):
        states, moves = played(game)
        state = G.setup(2, options_for(game), seed=1000 + game)
        assert state == states[0]
        for move, expected in zip(moves, states[1:]):
            state, _ = G.apply(state, state.current, G.parse_move(move))
            assert state.model_dump_json() == expected.model_dump_json()


def test_a_different_seed_gives_a_different_game():
    assert G.setup(2, seed=1).model_dump_json() != G.setup(2, seed=2).model_dump_json()


def test_every_legal_move_is_accepted_and_round_trips():
    for game in range(0, GAMES, 5):
        states, _ = played(game)
        for state in states[:-1:4]:
            seat = state.current
            moves = G.legal_moves(state, seat)
            assert moves, (game, state.ply)
            assert len({m.notation for m in moves}) == len(moves)
            kind = G.pending(state, seat).kind
            for move in moves:
                assert G.parse_move(move.notation) == move
                assert Move.parse(str(move)) == move
                G.apply(state, seat, move)  # raises if the engine refuses its own move
            assert G.legal_moves(state, 1 - seat) == [] and G.pending(state, 1 - seat) is None
            assert kind in ("draft", "turn", "token", "library", "destroy", "mausoleum", "starter")


def test_D152_D153_views_leak_nothing_hidden():
    for game in range(0, GAMES, 2):
        for state in played(game)[0][::2]:
            assert not leaks(state, None), (game, state.ply)
            assert not leaks(state, 1 - state.current), (game, state.ply)


def test_D154_great_library_offer_only_in_its_builders_view():
    seen = 0
    for game in range(GAMES):
        for state in played(game)[0]:
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
        states, _ = played(game)
        kinds |= {G.pending(s, s.current).kind for s in states[:-1]}
        victories.add(states[-1].victory)
    assert kinds >= {"draft", "turn", "token", "library", "destroy", "mausoleum", "starter"}
    assert victories >= {"civilian", "military"}
