"""Whole games and the contract's properties: random games end soundly, apply is pure, states round-trip through
JSON, the same seed and moves give the same game, clones share nothing, and the menus agree with the checks."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.contract import IllegalMove, Move
from rules.orleans import notation
from rules.orleans.state import _PLAYER_DICTS, _PLAYER_LISTS, _STATE_LISTS, _STATE_NESTED, OrleansState, Player
from rules.selfplay import play as selfplay

from .helpers import G
from .smart import smart_game

SEEDS = {2: 200, 3: 200, 4: 150}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_without_violations(players):
    for seed in range(SEEDS[players]):
        result = selfplay(G, players, seed)
        assert not result.violations, (seed, result.violations)
        assert result.winners and set(result.scores[0]) == {"coins", "goods", "development", "total"}


@pytest.mark.parametrize("options", [{"planning": "turn_order"}, {"exclusion": True}, {"bags": "own"}])
def test_random_games_with_options(options):
    for players in (2, 3, 4):
        for seed in range(10):
            result = selfplay(G, players, seed, options)
            assert not result.violations, (players, seed, result.violations)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_purposeful_games_keep_every_invariant(players):
    """Games that build, travel, trade and go to the deeds (``smart_move``), invariants checked at every move."""
    for seed in range(12):
        for _state, seat, _move in smart_game(players, seed):
            pass
        assert seat is None


def test_apply_is_pure_and_states_round_trip_through_json():
    for state, seat, move in smart_game(3, 5, check=False):
        if state.ply % 5 == 0:
            assert G.load(state.model_dump_json()) == state
            assert G.load(state.model_dump_json(exclude_defaults=True)) == state
        if seat is None:
            break
        before = state.model_dump_json()
        G.apply(state, seat, move)
        assert state.model_dump_json() == before


def test_determinism_same_seed_same_moves_same_game():
    a = selfplay(G, 4, 42)
    b = selfplay(G, 4, 42)
    assert a.to_json() == b.to_json() and a.scores == b.scores
    states = [list(smart_game(3, 9, check=False))[-1][0] for _ in range(2)]
    assert states[0] == states[1]
    # the same moves replayed on a state set up from the seed's layout give the same game
    lay = G.random_layout(3, G.options({}), 9)
    replayed = G.setup(3, layout=lay)
    for state, seat, move in smart_game(3, 9, check=False):
        if seat is None:
            assert replayed == state
            break
        replayed, _ = G.apply(replayed, seat, move)


def test_clone_shares_nothing_mutable():
    state = list(itertools.islice(smart_game(3, 2, check=False), 400))[-1][0]
    listed = set(_STATE_LISTS) | set(_STATE_NESTED)
    for name, info in OrleansState.model_fields.items():
        if str(info.annotation).startswith(("list", "dict")) or "Chain" in str(info.annotation):
            assert name in listed, name
    for name, info in Player.model_fields.items():
        if str(info.annotation).startswith(("list", "dict")):
            assert name in _PLAYER_LISTS + _PLAYER_DICTS, name
    copy = state.clone()
    assert copy == state
    for name in _STATE_LISTS:
        assert getattr(copy, name) is not getattr(state, name)
    for p, q in zip(state.seats, copy.seats):
        for name in _PLAYER_LISTS + _PLAYER_DICTS:
            assert getattr(p, name) is not getattr(q, name)
    copy.seats[0].bag["monk"] = 99
    copy.stacks[0].append("x")
    assert state.seats[0].bag.get("monk") != 99 and "x" not in state.stacks[0]


def _superset(state, seat, rng, limit=250):
    """Moves of the actions the seat's decision accepts, with arguments drawn from every id of the notation."""
    out = []
    for action in G.decision_actions(state, seat):
        for signature in notation.SIGNATURES[action]:
            words = [sorted(ws) for _, ws in signature]
            size = 1
            for w in words:
                size *= len(w)
            if size <= limit:
                out += [Move(action, tuple(args)) for args in itertools.product(*words)]
            else:
                out += [Move(action, tuple(rng.choice(w) for w in words)) for _ in range(limit)]
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_menu_and_the_checks_never_disagree(players):
    """Every move of a decision's actions is in ``legal_moves`` exactly when ``apply`` accepts it."""
    rng = random.Random(players)
    for seed in range(3):
        for state, seat, _move in smart_game(players, seed, check=False):
            if seat is None or rng.random() > 0.15:
                continue
            for s in G.active_seats(state):
                legal = set(G.legal_moves(state, s))
                assert len(legal) == len(G.legal_moves(state, s))  # no duplicates
                for move in set(_superset(state, s, rng)) | legal:
                    try:
                        G.apply(state, s, move)
                        accepted = True
                    except IllegalMove:
                        accepted = False
                    assert accepted == (move in legal), (state.phase, state.seats[s].decision, move.notation)


def test_stored_states_stay_small():
    largest = 0
    for players in (2, 3, 4):
        for seed in range(4):
            for state, _seat, _move in smart_game(players, seed, check=False):
                if state.ply % 10 == 0:
                    largest = max(largest, len(state.model_dump_json(exclude_defaults=True)))
    assert largest < 32 * 1024


def test_invariants_catch_broken_states():
    state = list(itertools.islice(smart_game(3, 4, check=False), 150))[-1][0]
    assert state.phase != "over"
    assert G.check_invariants(state) == []
    for edit, words in [
        (lambda s: setattr(s.seats[1], "coins", -1), "negative"),
        (lambda s: s.seats[0].bag.update(monk=s.seats[0].bag.get("monk", 0) + 1), "monk"),
        (lambda s: s.seats[2].market.pop("own_farmer", None) or s.seats[2].bag.pop("own_farmer", None)
         or s.seats[2].slots.remove("own_farmer"), "own_farmer"),
        (lambda s: s.goods.__setitem__(0, s.goods[0] + 1), "goods"),
        (lambda s: setattr(s, "tech", s.tech - 1), "technology"),
        (lambda s: s.stacks[1].append("library"), "place tiles"),
        (lambda s: setattr(s.seats[0], "stations", 3), "trading stations"),
        (lambda s: s.seats[0].tracks.__setitem__(4, 6), "tracks"),
        (lambda s: setattr(s.seats[1], "dev", 31), "development"),
        (lambda s: s.discard.append("taxes"), "hour-glass"),
        (lambda s: s.seats[0].citizens.extend(["astronomy", "astronomy"]), "citizens"),
        (lambda s: s.seats[1].slots.__setitem__(30, "knight"), "does not own"),
        (lambda s: [setattr(p, "decision", "") for p in s.seats], "nobody"),
    ]:
        broken = state.clone()
        edit(broken)
        problems = G.check_invariants(broken)
        assert any(words in p for p in problems), (words, problems)
