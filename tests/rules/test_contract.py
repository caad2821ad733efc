"""The shared engine contract: notation, IllegalMove, cloning, the state's own random generator."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from pydantic import BaseModel

from rules.contract import Event, GameState, IllegalMove, Move
from rules.registry import games, get_game
from rules.rng import generator, next_generator


def test_notation_round_trips_and_is_normalized():
    move = Move.parse("  Wonder:Piraeus:LUMBER_YARD ")
    assert move == Move("wonder", ("piraeus", "lumber_yard"))
    assert move.notation == "wonder:piraeus:lumber_yard" == str(move)
    assert Move.parse(move.notation) == move


def test_a_moves_notation_is_kept_with_it_and_does_not_change_what_it_equals():
    """The notation is joined once when the move is made (the search reads it at every step), so it must travel with
    copies and pickles (worker processes), stay out of equality, hashing and repr, and never be set from outside."""
    move = Move("build", ("loom", "l1r0"))
    assert move.notation == "build:loom:l1r0"
    assert repr(move) == "Move(action='build', args=('loom', 'l1r0'))"
    assert {move: 1}[Move.parse("build:loom:l1r0")] == 1
    for other in (copy.copy(move), copy.deepcopy(move), pickle.loads(pickle.dumps(move))):
        assert other == move and other.notation == "build:loom:l1r0"
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.notation = "discard:loom"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Move("build", ("loom",), notation="discard:loom")  # type: ignore[call-arg]


@pytest.mark.parametrize("text", ["", "build:", "build::x", "bu ild:x", "build:lumber-yard", "строй:бани"])
def test_bad_notation_is_an_illegal_move_with_a_catalog_key(text):
    with pytest.raises(IllegalMove) as caught:
        Move.parse(text)
    assert caught.value.code == "error.move_syntax" and caught.value.params == {"text": text}


class Inner(BaseModel):
    cells: list[list[str]] = []
    marks: dict[str, list[int]] = {}


class SampleState(GameState):
    game: str = "sample"
    players: int = 3
    inner: Inner = Inner()
    hands: list[list[str]] = []
    flags: list[bool] = []


def test_clone_shares_nothing_mutable():
    state = SampleState(inner=Inner(cells=[["a"], ["b"]], marks={"x": [1]}), hands=[["c"]], flags=[True])
    copy = state.clone()
    assert copy == state
    copy.inner.cells[0].append("z")
    copy.inner.marks["x"].append(2)
    copy.hands[0].append("d")
    copy.flags[0] = False
    copy.ply = 5
    assert state.inner.cells == [["a"], ["b"]] and state.inner.marks == {"x": [1]}
    assert state.hands == [["c"]] and state.flags == [True] and state.ply == 0
    assert SampleState.model_validate_json(copy.model_dump_json()) == copy


def test_the_state_generator_is_seeded_and_advances():
    state = SampleState(seed=42)
    first = next_generator(state).random()
    second = next_generator(state).random()
    assert state.rng_counter == 2 and first != second
    again = SampleState(seed=42)
    assert [next_generator(again).random() for _ in range(2)] == [first, second]
    assert generator(42, "a").random() != generator(42, "b").random()
    with pytest.raises(ValueError):
        next_generator(SampleState(seed=None))


def test_event_visibility():
    public, private = Event("x"), Event("y", visible_to=frozenset({1}))
    assert public.visible_for(None) and public.visible_for(0)
    assert private.visible_for(1) and not private.visible_for(0) and not private.visible_for(None)
    assert private.to_json() == {"kind": "y", "params": {}}


def test_registry():
    assert "duel" in games() and get_game("duel").name == "duel"
    with pytest.raises(KeyError):
        get_game("chess")


def test_player_count_is_checked():
    with pytest.raises(IllegalMove) as caught:
        get_game("duel").setup(3)
    assert caught.value.code == "error.player_count" and caught.value.params["max"] == 2
