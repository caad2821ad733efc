"""Replaying a recorded game: the game, its setup, and the moves as the game log writes them.

A record is a JSON object::

    {"game": "duel",                  the game's name (rules.registry)
     "players": 2,                    how many seats; optional, the game's smallest count by default
     "names": ["Ann", "Ben"],         the players' names; optional, a note
     "options": {"wonders": "draft"}, the options (names and values as ``/new`` takes them); optional, the defaults
     "seed": 42,                      the setup: a seed, from which the game deals as it does in play ...
     "layout": {...},                 ... or an explicit layout (decks, tiles, draws), as ``Game.random_layout``
                                      returns it (with both, the layout deals)
     "moves": ["draft:great_library", {"seat": 1, "move": "draft:colossus"}, ...]}

Seats are numbered from 0. A move is a string, played by the only seat that has to decide then (an error when
several seats decide at once, as in 7 Wonders' simultaneous turns), or ``{"seat": N, "move": "..."}`` (with
``"by": "bot"`` when the bot played it for the seat, a note). Moves are
written in notation (``build:baths``, what the game log holds), or in any other writing the game reads in records
(``Game.read_record_move``: 7 Wonders Duel takes the rulebook's slot numbers, ``build:7``, and its compact log
notation, ``B 07``). Moves are numbered from 1.

Everything wrong with a record raises ``IllegalMove`` with a catalog key, as the engines do; a refused move raises
``ReplayError``, which tells which move it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from rules.contract import Game, GameState, IllegalMove, Move, Outcome, Seat
from rules.registry import games, get_game


class RecordedMove(BaseModel):
    model_config = ConfigDict(extra="forbid")

    move: str
    seat: int | None = None
    by: str | None = None  # who made the move for the seat ("bot": a stand-in); a note, not part of the game

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, data: Any) -> Any:
        if isinstance(data, str):
            return {"move": data}
        if not isinstance(data, dict):
            raise ValueError("a move is its notation (a string) or an object with its seat and move")
        return data


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    players: int | None = None
    names: list[str] = []  # the players' names, seat by seat; a note, not part of the game
    options: dict[str, Any] = {}
    seed: int | None = None
    layout: dict[str, Any] | None = None
    moves: list[RecordedMove] = Field(default_factory=list)


class ReplayError(Exception):
    """Move ``number`` (from 1), played for ``seat`` as ``move``, was refused: ``error`` says why."""

    def __init__(self, number: int, seat: Seat | None, move: str, error: IllegalMove) -> None:
        super().__init__(f"move {number} ({move}): {error}")
        self.number = number
        self.seat = seat
        self.move = move
        self.error = error


@dataclass(frozen=True, slots=True)
class Step:
    """Move ``number`` (from 1): ``seat`` played ``move``, written ``text`` in the record; ``state`` is the result."""

    number: int
    seat: Seat
    text: str
    move: Move
    state: GameState


def load_record(data: bytes | str) -> Record:
    """A record from the bytes of a file; IllegalMove for anything that is not one."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise IllegalMove("error.replay_not_json", problem="not UTF-8 text") from None
    if not data.strip():
        raise IllegalMove("error.replay_empty")
    try:
        raw = json.loads(data)
    except json.JSONDecodeError as e:
        raise IllegalMove("error.replay_not_json", problem=str(e)) from None
    except RecursionError:
        raise IllegalMove("error.replay_not_json", problem="nested too deeply") from None
    if not isinstance(raw, dict):
        raise IllegalMove("error.replay_not_object")
    return _validated(Record, raw, "")


def _validated(model: type[BaseModel], raw: Any, field: str) -> Any:
    """``raw`` as a ``model``; IllegalMove naming the first wrong field (``field``: where ``raw`` is in the record)."""
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        for part in first["loc"]:
            field += f"[{part}]" if isinstance(part, int) else f".{part}" if field else str(part)
        problem = first["msg"].removeprefix("Value error, ").rstrip(".") + "."
        raise IllegalMove("error.replay_bad_record", field=field, problem=problem) from None


def start(record: Record) -> tuple[Game, GameState]:
    """The game and its first state."""
    if record.game not in games():
        raise IllegalMove("error.unknown_game", name=record.game, games=", ".join(games()))
    game = get_game(record.game)
    if record.layout is None and record.seed is None:
        raise IllegalMove("error.replay_needs_setup")
    players = game.min_players if record.players is None else record.players
    game.check_players(players)
    options = _validated(game.Options, record.options, "options")
    layout = None if record.layout is None else _validated(game.Layout, record.layout, "layout")
    return game, game.setup(players, options, seed=record.seed, layout=layout)


def steps(game: Game, state: GameState, moves: list[RecordedMove]) -> Iterator[Step]:
    """Each of ``moves`` played in turn from ``state``; ReplayError at the first one refused."""
    for number, entry in enumerate(moves, start=1):
        try:
            seat = _seat(game, state, entry.seat)
            move = game.read_record_move(state, seat, entry.move)
            state, _events = game.apply(state, seat, move)
        except IllegalMove as e:
            raise ReplayError(number, entry.seat if entry.seat is not None else _only(game, state),
                              entry.move, e) from None
        yield Step(number, seat, entry.move, move, state)


def _seat(game: Game, state: GameState, seat: Seat | None) -> Seat:
    """The seat a recorded move is played for: the one it names, else the only seat deciding."""
    active = sorted(game.active_seats(state))
    if seat is not None and not 0 <= seat < state.players:
        raise IllegalMove("error.replay_no_seat", seat=seat, last=state.players - 1)
    if not active:
        raise IllegalMove("error.replay_over")
    if seat is None:
        if len(active) != 1:
            raise IllegalMove("error.replay_seat_needed", active=active)
        return active[0]
    if seat not in active:
        raise IllegalMove("error.replay_not_active", seat=seat, active=", ".join(map(str, active)))
    return seat


def _only(game: Game, state: GameState) -> Seat | None:
    active = game.active_seats(state)
    return min(active) if len(active) == 1 else None


def replay(record: Record, until: int | None = None) -> tuple[Game, GameState, Outcome]:
    """Play the record's moves (the first ``until`` of them, if given): the game, the last state, its outcome."""
    game, state = start(record)
    for step in steps(game, state, record.moves[:until]):
        state = step.state
    return game, state, game.outcome(state)
