"""Contract properties over random games (seeded, so every failure replays).

Each game is played by picking uniformly among the legal moves (``rules.selfplay``'s player). Checked: every game
ends with winners and no violation; apply never changes its input; the same seed and moves give the same states;
states round-trip through JSON and stay small; every event is documented, draws are marked ``reveals`` and private
events name their audience; views leak nothing (``test_information``)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules.anno1800.events import KINDS
from rules.anno1800.document import CLASSES, AnnoDocument, document
from rules.anno1800.state import AnnoState, Step
from rules.selfplay import play as selfplay

from .helpers import G

SEEDS = {2: (3, 5), 3: (1, 4), 4: (2, 7)}
PRIVATE = {"cards_received", "cards_put_back", "expeditions_received"}
DRAWS = {"cards_drawn", "cards_received", "expeditions_drawn", "expeditions_received", "old_world", "new_world"}


@cache
def played(players: int, seed: int) -> tuple[list[AnnoState], list[str], list[list]]:
    """The states, moves and events of the random game (state i is before move i)."""
    rng = random.Random(f"selfplay:{seed}")
    state = G.setup(players, seed=seed)
    states, moves, events = [state], [], []
    while G.active_seats(state):
        seat = state.current
        move = rng.choice(G.legal_moves(state, seat))
        state, evs = G.apply(state, seat, move)
        states.append(state)
        moves.append(move.notation)
        events.append(evs)
    return states, moves, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_ends_every_game_without_violation(players):
    for seed in SEEDS[players]:
        result = selfplay(G, players, seed)
        assert result.violations == [] and result.winners, (seed, result.violations)


@pytest.mark.parametrize("players, seed", [(n, s) for n, seeds in SEEDS.items() for s in seeds[:1]])
def test_random_games_keep_the_contract(players, seed):
    states, moves, events = played(players, seed)
    for i, (before, move, evs) in enumerate(zip(states, moves, events)):
        assert G.active_seats(before) == {before.current}
        assert G.pending(before, before.current) is not None
        if i % 7 == 0:
            dumped = before.model_dump_json()
            again, _ = G.apply(before, before.current, G.parse_move(move))
            assert before.model_dump_json() == dumped  # apply never mutates its input
            assert again == states[i + 1]
        for e in evs:
            assert e.kind in KINDS, e.kind
            if e.kind in PRIVATE:
                assert e.visible_to == frozenset({e.seat}), e
            if e.kind in DRAWS - {"old_world", "new_world"} or e.kind in ("old_world", "new_world"):
                assert e.reveals, e
    final = states[-1]
    outcome = G.outcome(final)
    assert outcome.finished and outcome.winners and final.over and G.active_seats(final) == frozenset()
    assert G.check_invariants(final) == []


@pytest.mark.parametrize("players, seed", [(n, s) for n, seeds in SEEDS.items() for s in seeds[:1]])
def test_same_seed_and_moves_give_the_same_game(players, seed):
    states, moves, _ = played(players, seed)
    state = G.setup(players, seed=seed)
    assert state == states[0]
    for move, expected in zip(moves, states[1:]):
        state, _ = G.apply(state, state.current, G.parse_move(move))
        assert state == expected


@pytest.mark.parametrize("players, seed", [(n, s) for n, seeds in SEEDS.items() for s in seeds[:1]])
def test_states_round_trip_through_json_and_stay_small(players, seed):
    states, _, _ = played(players, seed)
    largest = 0
    for state in states[::25] + states[-1:]:
        text = state.model_dump_json(exclude_defaults=True)
        largest = max(largest, len(text))
        assert G.load(text) == state
        assert G.load(state.model_dump()) == state
    assert largest < 32_000, largest


def test_layout_replays_the_seeded_game():
    lay = G.random_layout(3, G.options({}), 11)
    assert G.setup(3, layout=lay) == G.setup(3, seed=11).model_copy(update={"seed": None})


def _records(state: AnnoState) -> list[tuple[str, object]]:
    """Every record of a state (the state, each player, the turn and each step), named."""
    return [("state", state), *((f"seat {i}", p) for i, p in enumerate(state.seats)), ("turn", state.turn),
            *((f"step {i}", s) for i, s in enumerate(state.turn.steps))]


def test_clone_copies_every_list():
    state = played(3, SEEDS[3][0])[0][40]
    state.turn.steps.append(Step("swap", picked=["x"]))
    copy = state.clone()
    assert copy == state
    for (name, record), (_, copied) in zip(_records(state), _records(copy), strict=True):
        assert copied is not record, name
        for field in type(document(record)).model_fields:
            value = getattr(record, field)
            if isinstance(value, (list, dict)):
                assert getattr(copied, field) is not value, (name, field)
    copy.seats[0].hand.append("x")
    copy.turn.traded.append("x")
    copy.board["timber_worker"] = -5
    assert "x" not in state.seats[0].hand and "x" not in state.turn.traded and state.board["timber_worker"] >= 0


def test_the_state_and_its_document_have_the_same_fields():
    """Each class of the state is built from its document's fields and read back into it: a field missing on either
    side fails the round trip, and a default that differs shows in the dump of a record built without arguments."""
    for model, cls in CLASSES.items():
        bare = cls(players=2) if cls is AnnoState else cls("build") if cls is Step else cls()
        expected = model(players=2) if model is AnnoDocument else model(kind="build") if cls is Step else model()
        assert document(bare).model_dump() == expected.model_dump(), cls
    state = played(4, SEEDS[4][0])[0][-1]
    assert state.seats[0].old_world and state.winners and state.over  # fields away from their defaults
    assert G.load(state.model_dump()) == state and G.load(state.model_dump_json()).model_dump() == state.model_dump()