"""The contract kit (``tests/contract_kit.py``) run for every game of ``rules.registry.games()``: a game gets these
checks by registering, and its own tests check only its rules.

The checks replace the random-game tests each game had, and cover the rules those tests named: Duel D149 (coins
never negative; cards, wonders and progress tokens conserved: the invariants after every move), D66 (at most seven
wonders built), D152 and D153 (views hide the face-down cards, the decks, the cards removed at setup, the wonders not
revealed and the tokens set aside: a state with all of them re-drawn shows the same views), D154 (the Great
Library's three tokens are hidden from everyone but its builder, likewise); 7 Wonders W8 (the guilds and Armada
cards left out stay unknown: they are among what is re-drawn), W12 and W90 (other hands, choices before the reveal,
the cards under stages and the discard pile stay hidden), AR123 (another explorer's islands stay hidden).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

import pytest
from pydantic import create_model

from rules.contract import Event, Game
from rules.registry import games

from . import contract_kit as kit

GAMES = sorted(games())


def presenter(name: str) -> Any:
    from bot.games import presenter as find  # the bot's, for the language checks only

    try:
        return find(name)
    except KeyError:
        pytest.skip(f"{name} has no presenter in bot.games yet")


def silent(name: str) -> Callable[[Event], bool]:
    """The events the game's presenter leaves untold on purpose, as its tests declare them
    (``tests/<game>/conformance.py``: ``silent(event)``); none when they declare nothing."""
    try:
        facts = importlib.import_module(f"tests.{name}.conformance")
    except ModuleNotFoundError:
        return lambda event: False
    return facts.silent


@pytest.mark.parametrize("name", GAMES)
def test_D149_D66_random_games_end_and_keep_every_invariant(name):
    kit.check_games(kit.subject(name))


@pytest.mark.parametrize("name", GAMES)
def test_states_and_views_round_trip_through_json(name):
    kit.check_json(kit.subject(name))


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_moves_give_the_same_states(name):
    kit.check_determinism(kit.subject(name))


@pytest.mark.parametrize("name", GAMES)
def test_moves_applied_in_place_give_the_same_game(name):
    kit.check_inplace(kit.subject(name))


@pytest.mark.parametrize("name", GAMES)
def test_a_recorded_game_replays_to_the_same_state(name):
    kit.check_replay(kit.subject(name))


@pytest.mark.parametrize("name", GAMES)
def test_legal_moves_and_apply_agree(name):
    kit.check_moves_and_apply_agree(kit.subject(name))


@pytest.mark.parametrize("name", GAMES)
def test_D152_D153_D154_W8_W12_AR123_views_show_nothing_a_seat_cannot_see(name):
    sub = kit.subject(name)
    if not kit.supports_determinize(sub):
        pytest.skip(f"{name} does not re-draw hidden information (Game.determinize)")
    kit.check_views_hide(sub)


@pytest.mark.parametrize("name", GAMES)
def test_every_event_is_told_in_every_language(name):
    kit.check_narration(kit.subject(name), presenter(name), silent(name))


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_has_words_in_every_language(name):
    kit.check_error_texts(kit.subject(name), presenter(name))


def leaky(game: Game) -> Game:
    """``game`` whose views also carry one thing a seat may not see: the whole state but its seed."""

    class Leaky(type(game)):  # type: ignore[misc, valid-type]
        def view(self, state, seat):
            view = super().view(state, seat)
            leaking = create_model("LeakingView", __base__=type(view), leak=(str, ""))
            return leaking(**dict(view), leak=state.model_dump_json(exclude={"seed"}))

    return Leaky()


def test_the_kit_catches_a_view_that_leaks():
    quick_first = sorted(GAMES, key=lambda n: n != "duel")  # the kit plays whole games: the shortest is enough
    name = next(n for n in quick_first if kit.supports_determinize(kit.subject(n)))
    sub = kit.Subject(leaky(games()[name]), name)
    with pytest.raises(AssertionError, match="the view leaks"):
        kit.check_views_hide(sub)
