"""A game's history, rebuilt from its log.

Engines are deterministic, so a table's seed and options plus the logged moves (seat and notation) are the whole
game: the narration of past moves and the position before a move are recomputed by replaying them, and nothing
else needs to be stored. The log holds the moves that stand: an undo deletes the entry of the move it takes back
(logs written before that append an ``undo`` entry instead, which cancels the move before it). A long log's older
moves are folded together by the store (``GameStore.log_keep``); they come back one by one, without entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from bot.core.table import Table
from rules.contract import Event, Game, IllegalMove, Move
from storage import LogEntry


@dataclass(frozen=True, slots=True)
class Logged:
    """A move as logged: who played it, its notation, and the log entry that holds it."""

    seat: int
    notation: str
    entry: str = ""
    version: int = 0  # the version the move made
    by: str = ""  # who made it for the seat: "" (its player), "bot" (a stand-in)


@dataclass(frozen=True, slots=True)
class Step:
    number: int  # 1 for the first move
    seat: int
    move: Move
    before: Any  # the state the move was played in
    after: Any
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Taken:
    """A move that can be taken back: ``state`` is the game without it, ``entry`` its log entry, and ``secret``
    whether it was a secret choice of a simultaneous phase (whose content the table must not learn)."""

    move: Move
    before: Any
    state: Any
    entry: str
    secret: bool


def logged_moves(entries: Iterable[LogEntry]) -> list[Logged]:
    """Every move still standing, in order."""
    moves: list[Logged] = []
    for entry in entries:
        if "move" in entry.fields:
            moves.append(Logged(int(entry.fields["seat"]), entry.fields["move"], entry.id, entry.version,
                                entry.fields.get("by", "")))
        elif entry.fields.get("op") == "undo" and moves:
            moves.pop()
    return moves


def start_of(game: Game, table: Table) -> Any:
    """The state a table's game started from."""
    return game.setup(len(table.players), table.options, seed=table.seed)


def replay(game: Game, table: Table, moves: list[Logged]) -> Iterator[Step]:
    state = start_of(game, table)
    for number, logged in enumerate(moves, start=1):
        move = game.parse_move(logged.notation)
        after, events = game.apply(state, logged.seat, move)
        yield Step(number, logged.seat, move, state, after, events)
        state = after


def undoable(game: Game, table: Table, moves: list[Logged], seat: int, state: Any) -> Taken | None:
    """``seat``'s last move if it may be taken back now (Board Game Arena's policy: one's own last move, never
    across hidden information or chance), else None. Moves of other seats after it are allowed only when all of
    them, and it, are secret choices of the same simultaneous phase: they do not depend on each other."""
    mine = [i for i, logged in enumerate(moves) if logged.seat == seat]
    if not mine:
        return None
    index = mine[-1]
    if moves[index].by:  # the bot played it for the seat: not the player's to take back
        return None
    if not moves[index].entry:  # folded with older moves (``GameStore.log_keep``): it has no entry to delete
        return None
    try:
        steps = list(replay(game, table, moves))
    except IllegalMove:
        return None  # a log that does not replay: take nothing back
    if not steps or steps[-1].after != state:
        return None  # the log does not lead to the stored game: take nothing back
    taken = steps[index]
    later = steps[index + 1:]
    secret = len(game.active_seats(taken.before)) > 1
    if any(e.reveals for step in (taken, *later) for e in step.events):
        return None
    if not later:
        return Taken(taken.move, taken.before, taken.before, moves[index].entry, secret)
    if not secret or any(len(game.active_seats(step.before)) < 2 for step in later):
        return None
    try:
        without = list(replay(game, table, moves[:index] + moves[index + 1:]))
    except IllegalMove:
        return None
    position = without[-1].after if without else start_of(game, table)
    return Taken(taken.move, taken.before, position, moves[index].entry, True)


def publicity(game: Game, active: frozenset[int] | set[int], after: Any, events: list[Event]) -> tuple[bool, bool]:
    """How a move is told: (``changed``: the board is drawn again and every deciding seat gets its options anew;
    ``public``: the channel hears of it at all). A move that tells the table nothing and leaves the same seats
    deciding (a secret placement while the others wait) is for its player alone: a message in the channel would
    count their secret moves. ``active``: the seats deciding before it."""
    now = game.active_seats(after)
    secret = bool(now) and now == active and all(e.visible_to is not None for e in events)
    changed = not secret and (len(active) == 1 or not now or any(e.reveals for e in events))
    return changed, not secret
