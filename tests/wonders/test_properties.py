"""Whole random games of 7 Wonders, beyond the contract that ``tests/test_contract.py`` checks for every game (the
invariants after every move, purity, JSON, determinism, replay, hidden information): the score pad's categories,
the team game's results and the tables of several options at once, the number of cards in play; and the hand-written
copy of a state and the invariants themselves."""

from __future__ import annotations

import pytest

from rules.wonders.data import hand_size
from rules.wonders.game import cards_in_play

from .. import contract_kit as kit
from .helpers import G



def walks() -> tuple[kit.Walk, ...]:
    """The random games of the contract kit (every player count, every option), played once for every test."""
    return kit.walks(kit.subject("wonders"))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("armada", [False, True])
def test_random_games_score_every_category(players, armada):
    """Each player count, with and without Armada, each move checked by the kit as it is played."""
    for seed in range(2):
        w = kit.walk(G, kit.Table(players, (("armada", armada),), seed))
        result = G.outcome(w.final)
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
    """Tables of several options at once, each move checked by the kit as it is played."""
    for seed in range(3):
        w = kit.walk(G, kit.Table(players, tuple(sorted(options.items())), seed))
        result = G.outcome(w.final)
        assert result.finished and result.winners
        if options.get("teams"):
            assert len(result.winners) % 2 == 0 and result.winners[0] % 2 == 0
            assert all("team" in sheet for sheet in result.scores.values())


def test_cards_are_conserved_through_a_game():
    for w in walks():
        n = w.table.players
        expected = 3 * n * hand_size(n, bool(w.table.opts.get("armada")))
        assert all(len(cards_in_play(state)) == expected for state in w.samples.values()), w.table


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
