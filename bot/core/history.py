"""A game's history, rebuilt from its log.

Engines are deterministic, so a table's seed and options plus the logged moves (seat and notation) are the whole
game: the narration of past moves and the position before the last move are recomputed by replaying them, and
nothing else needs to be stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.core.table import Table
from rules.contract import Event, Game, Move
from storage import LogEntry


@dataclass(frozen=True, slots=True)
class Step:
    number: int  # 1 for the first move
    seat: int
    move: Move
    before: Any  # the state the move was played in
    after: Any
    events: list[Event]


def logged_moves(entries: Iterable[LogEntry]) -> list[tuple[int, str]]:
    """(seat, notation) of every move still standing: an ``undo`` entry cancels the move before it."""
    moves: list[tuple[int, str]] = []
    for entry in entries:
        if "move" in entry.fields:
            moves.append((int(entry.fields["seat"]), entry.fields["move"]))
        elif entry.fields.get("op") == "undo" and moves:
            moves.pop()
    return moves


def replay(game: Game, table: Table, moves: list[tuple[int, str]]) -> Iterator[Step]:
    state = game.setup(len(table.players), table.options, seed=table.seed)
    for number, (seat, notation) in enumerate(moves, start=1):
        move = game.parse_move(notation)
        after, events = game.apply(state, seat, move)
        yield Step(number, seat, move, state, after, events)
        state = after
