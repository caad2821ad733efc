"""The computer player at a table: seats it fills (``bots=N`` at ``/new``, ``/addbot`` in the lobby), the moves it
makes for them and for players it stands in for, and the suggestions it gives (``/hint``, where the table allows).

It decides from the seat's view only (``rules.players``: hidden information is re-drawn from what the seat may
know), in a worker process (or a thread), within the service's time budget, so the bot goes on serving others
meanwhile.
A mixin of ``GameService``.
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from bot.core.caller import Caller, Locales
from bot.core.replies import Message, Reply
from bot.core.table import Table
from bot.core.text import Refusal
from bot.games import presenter
from bot.i18n import _, use_locale
from rules.contract import Game, Move
from rules.players import decide, make_player
from rules.registry import get_game

if TYPE_CHECKING:
    from bot.core.service import GameService

AI_BUDGET = 1.0  # seconds of thought per decision


def seed_for(seed: int | None, version: int, seat: int) -> int:
    """A decision's seed: the same table, version and seat choose the same move."""
    return random.Random(f"{seed}:{version}:{seat}").getrandbits(63)


_POOLS: dict[int, ProcessPoolExecutor] = {}


def pool(processes: int) -> ProcessPoolExecutor:
    """A pool of ``processes`` worker processes for the computer player's thinking, shared by the services of this
    process (thinking holds Python's lock: only another process leaves the bot free to answer meanwhile)."""
    if processes not in _POOLS:
        _POOLS[processes] = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"))
    return _POOLS[processes]


async def think(game: Game, state: Any, seat: int, *, kind: str, seed: int, budget: float,
                processes: int = 0) -> Move:
    """The move the computer player ``kind`` chooses for ``seat``: in a worker process of ``pool(processes)``, or
    (``processes`` 0) in a worker thread of this one."""
    if processes > 0:
        loop = asyncio.get_running_loop()
        document = state.model_dump(mode="json", exclude_defaults=True)
        notation = await loop.run_in_executor(
            pool(processes), functools.partial(decide, game.name, document, seat, kind, seed, budget=budget))
        return game.parse_move(notation)
    player = make_player(kind, seed, budget=budget)
    return await asyncio.to_thread(player.choose, game, state, seat)


class ComputerCommands:
    async def add_bot(self: GameService, caller: Caller) -> Reply:
        """The creator seats a computer player at the table (before the start)."""

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            self._require_lobby(table)
            self._require_creator(table, caller)
            game = get_game(table.game)
            if len(table.players) >= game.max_players:
                raise Refusal("error.table_full", count=game.max_players)
            player = table.add_bot()
            with use_locale(loc.channel):
                text = _("{player} joins the table ({count}/{max}): the bot plays this seat.").format(
                    player=player.name, count=len(table.players), max=game.max_players)
            return "addbot", [Message("public", text, locale=loc.channel)]

        return await self._update(caller, change)

    async def hint(self: GameService, caller: Caller) -> Reply:
        """The move the computer player would make in the caller's place, for the caller alone (where the table
        allowed hints at ``/new``)."""

        async def run(loc: Locales) -> Reply:
            stored, table, seat, game, state = await self._seated(caller)
            if not table.hints:
                raise Refusal("error.hints_off")
            active = game.active_seats(state)
            if seat not in active:
                raise Refusal("error.not_your_turn", players=", ".join(table.names[s] for s in sorted(active)))
            move = await self.decide(game, state, seat, seed_for(table.seed, stored.version, seat))
            with use_locale(loc.user):
                label = presenter(table.game).move_label(move, game.view(state, seat))
                text = _("The bot would play: {move}  [{notation}]").format(move=label, notation=move.notation)
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user)], version=stored.version,
                         game_id=table.id)

        return await self._guarded(caller, run)

    async def decide(self: GameService, game: Game, state: Any, seat: int, seed: int) -> Move:
        return await think(game, state, seat, kind=self.ai, seed=seed, budget=self.ai_budget,
                           processes=self.ai_processes)
