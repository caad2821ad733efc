"""A player's games and a game's record: ``/mygames`` lists the games a user sits at (with whose turn it is and a
link to each), ``/export`` gives a finished game as a ``boardbot replay`` file.

A mixin of ``GameService``.
"""

from __future__ import annotations

import contextlib
import json
from typing import TYPE_CHECKING

from bot.core import places
from bot.core.caller import Caller, Locales
from bot.core.clocks import plays_itself
from bot.core.history import logged_moves
from bot.core.replies import Attachment, Message, Reply
from bot.core.table import Table
from bot.core.text import Refusal
from bot.games import presenter
from bot.i18n import _, use_locale
from rules.registry import get_game
from rules.replay import Record, RecordedMove
from storage import LogEntry, StorageUnavailable

if TYPE_CHECKING:
    from bot.core.service import GameService

MY_GAMES_MAX = 25  # games listed at most


class RecordCommands:
    async def my_games(self: GameService, caller: Caller) -> Reply:
        """Every game the caller sits at on this platform, with whose turn it is and a link to its channel (for
        the caller alone)."""

        async def run(loc: Locales) -> Reply:
            lines = []
            platform = places.platform_of(caller.channel)
            for channel in await self.store.tracked(caller.user):
                if places.platform_of(channel) != platform:
                    continue
                stored = await self.store.load(channel)
                table = Table.model_validate_json(stored.doc) if stored is not None else None
                seat = table.seat_of(caller.user) if table is not None else None
                if table is None or seat is None or table.status not in ("lobby", "playing"):
                    with contextlib.suppress(StorageUnavailable):  # no longer there: forget it
                        await self.store.untrack(caller.user, channel)
                    continue
                if len(lines) == MY_GAMES_MAX:
                    break
                with use_locale(loc.user):
                    lines.append(self._game_line(table, seat, channel, await self.recall(channel, "place")))
            with use_locale(loc.user):
                text = "\n".join([_("Your games:"), *lines]) if lines else _("You are not playing any game now.")
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user)])

        return await self._guarded(caller, run)

    def _game_line(self: GameService, table: Table, seat: int, channel: str, place: str | None) -> str:
        where = place or channel
        link = places.link(channel)
        title = presenter(table.game).title()
        if table.status == "lobby":
            state = _("waiting for players to join")
        else:
            game = get_game(table.game)
            active = sorted(game.active_seats(game.load(table.state or {})))
            if seat in active and not plays_itself(table, seat):
                state = _("your turn")
            else:
                state = _("waiting for {players}").format(players=", ".join(table.names[s] for s in active))
        line = f"• {title} — {where}: {state}"
        return f"{line} — {link}" if link else line

    async def export(self: GameService, caller: Caller, game_id: str = "") -> Reply:
        """The channel's finished game (or its latest finished game kept, or the one with ``game_id``) as a
        ``boardbot replay`` file, for the caller alone."""

        async def run(loc: Locales) -> Reply:
            found = await self._finished(caller.channel, game_id.strip())
            if found is None:
                raise Refusal("error.no_record")
            table, entries = found
            record = record_of(table, entries)
            data = json.dumps(record.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False, indent=1)
            with use_locale(loc.user):
                text = _("The game of {game} ({players}) as a file: replay it with boardbot replay FILE.").format(
                    game=presenter(table.game).title(), players=", ".join(table.names))
            file = Attachment(data.encode(), f"{table.game}-{table.id}.json")
            game = get_game(table.game)
            with use_locale(loc.user):  # and the final board, as the game ended
                board = await self.compose.board_message(table, game, game.load(table.state or {}), loc.user)
            board.audience, board.user = "ephemeral", caller.user
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user, file=file), board])

        return await self._guarded(caller, run)

    async def _finished(self: GameService, channel: str, game_id: str) -> tuple[Table, list[LogEntry]] | None:
        stored = await self.store.load(channel)
        if stored is not None:
            table = Table.model_validate_json(stored.doc)
            if table.status == "finished" and game_id in ("", table.id):
                return table, await self.store.log(channel)
        for past in await self.store.past(channel):
            if game_id in ("", past):
                kept = await self.store.load_past(channel, past)
                if kept is not None:
                    return Table.model_validate_json(kept.doc), await self.store.past_log(channel, past)
        return None


def record_of(table: Table, entries: list[LogEntry]) -> Record:
    """A table's game as a replay record: its seed, options, players' names and moves (with who made them)."""
    moves = [RecordedMove(move=m.notation, seat=m.seat, by=m.by or None) for m in logged_moves(entries)]
    return Record(game=table.game, players=len(table.players), names=table.names, options=table.options,
                  seed=table.seed, moves=moves)
