"""A whole random game for the tests that play every registered game to its end through a platform's menus
(``tests/discord/test_every_game.py``, ``tests/telegram/test_every_game.py``).

The game is a random legal game planned beforehand with the engine alone (``plan``): each step presses, in the
deciding player's menu, the option of the planned move, which the menu must offer. A random game of at most
``WHOLE`` moves (those of 7 Wonders Duel, 7 Wonders and Orléans: a few hundred at most) is played through the menus
entirely. A longer one (Anno 1800's, thousands of moves; a minute holds about 400 presses with its images) is played
through the menus for its first and its last ``ENDS`` moves, the turns of its start and of its end; the moves
between them are committed to the table straight away (``skip``), each logged as if played, so the table's log
still holds the whole game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.core.commits import set_state
from bot.core.table import Table
from rules.contract import Game, Move
from storage import GameStore

WHOLE = 1000  # moves of a random game played through the menus entirely
ENDS = 150  # moves of a longer one played through the menus at its start and at its end
LONGEST = 50_000  # moves of a random game that has not ended by then: it never will


@dataclass(frozen=True)
class Plan:
    """A random legal game from a table's first position: who moves, and what, in order."""

    moves: list[tuple[int, Move]]

    @property
    def skipped(self) -> range:
        """The moves committed without the menus (none for a game of at most ``WHOLE`` moves)."""
        if len(self.moves) <= WHOLE:
            return range(0)
        return range(ENDS, len(self.moves) - ENDS)


def plan(game: Game, state: Any, seed: int) -> Plan:
    """A random legal game from ``state``: a deciding seat and one of its legal moves, drawn until the game ends."""
    rng = random.Random(seed)
    moves = []
    while active := game.active_seats(state):
        assert len(moves) < LONGEST, f"a random game of {game.name} does not end"
        seat = rng.choice(sorted(active))
        move = rng.choice(game.legal_moves(state, seat))
        state, _events = game.apply(state, seat, move)
        moves.append((seat, move))
    return Plan(moves)


def option_index(game: Game, state: Any, seat: int, move: Move) -> int:
    """The place of ``move`` among ``seat``'s options (a menu lists them in the order of the legal moves)."""
    return game.legal_moves(state, seat).index(move)


async def skip(store: GameStore, channel: str, game: Game, moves: list[tuple[int, Move]]) -> None:
    """Commit ``moves`` to the table of ``channel`` without the menus: the position after them, and one log entry
    (and version) per move, as a played move has; every player's decision counts as changed (their menus from
    before are stale)."""
    stored = await store.load(channel)
    assert stored is not None
    table = Table.model_validate_json(stored.doc)
    state = game.load(table.state)
    for seat, move in moves:
        state, _events = game.apply(state, seat, move)
    assert game.active_seats(state), "the skipped moves end the game: the menus must play its last ones"
    set_state(table, state)
    version = stored.version
    table.decisions_changed(version + len(moves))
    doc = table.model_dump_json(exclude_defaults=True)
    for seat, move in moves:
        version = await store.commit(channel, version, doc, status=table.status,
                                     log={"seat": str(seat), "move": move.notation})
