"""A table's clocks and reminders kept in step with its game (``bot.core.timing`` says what they mean): whose time
runs, what is due next, and when the table's deadline is (stored with the game by the same commit, so that a timer
fires when something is due: a reminder, a clock running out, the end of a grace period, a stand-in's move)."""

from __future__ import annotations

from typing import Any

from bot.core.table import Table
from bot.core.timing import STANDIN_DELAY, after_move, deciding, reminder_due, runs_out
from rules.contract import Game


def tick(table: Table, game: Game, state: Any, now: float, mover: int | None = None) -> None:
    """The game is at ``state`` at ``now`` (``mover`` just moved): the seats that decide have their time running,
    the others not."""
    if mover is not None:
        after_move(table.timing, table.time_of(mover), now)
    active = game.active_seats(state) if table.status == "playing" else frozenset()
    for seat in range(len(table.players)):
        time = table.time_of(seat)
        if seat in active:
            deciding(time, now)
        else:
            time.since = None
            time.expired = None
            time.snooze = None
    table.votes = {k: v for k, v in table.votes.items() if int(k.split(":")[1]) in active}


def plays_itself(table: Table, seat: int) -> bool:
    """Whether the bot plays ``seat`` (a computer player's, or one whose player is away, out of time, kicked)."""
    player = table.players[seat]
    return player.standin or player.kicked or player.bot


def deadline(table: Table) -> float | None:
    """When something is next due at this table (None: nothing, e.g. no clock, reminders off, or not playing)."""
    if table.status != "playing":
        return None
    due: list[float] = []
    for key, time in table.times.items():
        if time.since is None:
            continue
        if plays_itself(table, int(key)):
            due.append(time.since + STANDIN_DELAY)
            continue
        if time.expired is not None:  # told already: the table decides, or its default applies after the grace
            due.append(time.expired + table.timing.grace)
            continue
        reminder = reminder_due(table.timing, time)
        if reminder is not None:
            due.append(max(reminder, time.snooze or 0.0))
        end = runs_out(table.timing, time)
        if end is not None:
            due.append(end)
    return min(due) if due else None
