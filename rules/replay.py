"""Replaying a recorded game: an explicit setup (a layout, or a seed) and the moves in notation.

A record is JSON::

    {"game": "duel", "players": 2, "options": {...},
     "layout": {...} or "seed": 123,
     "moves": ["draft:pyramids", {"seat": 1, "move": "draft:sphinx"}, ...]}

A move given as a bare string is played by the only active seat (an error when several seats are active).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import Game, GameState, IllegalMove, Outcome
from rules.registry import get_game


class RecordedMove(BaseModel):
    model_config = ConfigDict(extra="forbid")

    move: str
    seat: int | None = None


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    players: int = 2
    options: dict[str, Any] = {}
    seed: int | None = None
    layout: dict[str, Any] | None = None
    moves: list[RecordedMove | str] = Field(default_factory=list)


class ReplayError(Exception):
    def __init__(self, index: int, move: str, error: IllegalMove) -> None:
        super().__init__(f"move {index} ({move}): {error}")
        self.index = index
        self.move = move
        self.error = error


def replay(record: Record) -> tuple[Game, GameState, Outcome]:
    game = get_game(record.game)
    if record.layout is None and record.seed is None:
        raise IllegalMove("error.replay_needs_setup")
    state = game.setup(record.players, record.options, seed=record.seed, layout=record.layout)
    for index, item in enumerate(record.moves):
        entry = RecordedMove(move=item) if isinstance(item, str) else item
        try:
            seat = entry.seat
            if seat is None:
                active = game.active_seats(state)
                if len(active) != 1:
                    raise IllegalMove("error.replay_seat_needed", active=sorted(active))
                (seat,) = active
            state, _events = game.apply(state, seat, game.parse_move(entry.move))
        except IllegalMove as e:
            raise ReplayError(index, entry.move, e) from None
    return game, state, game.outcome(state)
