"""What happens when a table's deadline comes (``bot.core.clocks.deadline``): the bot's move for a seat it plays,
a reminder, the news that a player's time ran out, the table's default for expired clocks after the grace period.

The deadline is stored with the game by the commit that set it, and indexed in Redis (``GameStore.due_timers``):
a timer is claimed by one process for a short lease, handled by a commit at the version it was read at (so a late
or repeated firing changes nothing), and released (``timer_done``) when there was nothing to do. A process that
dies while handling one leaves it to another when the lease ends; a restarted process finds it in Redis.

``fire_due`` handles what is due now; ``fire_forever`` runs it in a loop and hands the replies to the adapter.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.core import places
from bot.core.caller import Caller, Locales
from bot.core.clocks import plays_itself
from bot.core.commands import command_names
from bot.core.computer import seed_for
from bot.core.presence import decide, decided_text, quiet_of
from bot.core.replies import Message, Reply
from bot.core.seats import expired_line
from bot.core.table import Table
from bot.core.timing import STANDIN_DELAY, reminder_due, runs_out
from bot.games import presenter
from bot.i18n import _, use_locale
from rules.registry import get_game
from storage import StaleVersion, StorageUnavailable

if TYPE_CHECKING:
    from bot.core.service import GameService

log = logging.getLogger(__name__)

BOT_USER = "bot"
LEASE = 60.0  # seconds a claimed timer is this process's before another may take it
POLL = 1.0  # seconds between two looks at the timer index

Push = Callable[[str, Reply], Awaitable[None]]  # deliver a reply to a channel (the adapter)


class TimerCommands:
    async def on_timer(self: GameService, channel: str) -> Reply | None:
        """Handle what is due at ``channel``'s table now; the reply to deliver (None: nothing was due, or another
        change got there first)."""
        caller = Caller(channel, BOT_USER, BOT_USER, platform=places.platform_of(channel))
        loc = await self.locales(caller)
        try:
            return await self._fire(caller, loc)
        except StaleVersion:  # the table changed meanwhile: that change set the next deadline
            return None

    async def _fire(self: GameService, caller: Caller, loc: Locales) -> Reply | None:
        stored = await self.store.load(caller.channel)
        if stored is None:
            return None
        table = Table.model_validate_json(stored.doc)
        now = self.clock()
        if table.status != "playing" or stored.deadline is None or stored.deadline > now:
            if table.status != "playing" or stored.deadline is None:
                await self.store.timer_done(caller.channel, stored.version)
            return None
        game = get_game(table.game)
        state = game.load(table.state or {})
        active = sorted(game.active_seats(state))
        for seat in active:  # the bot's own moves first: they change the position
            time = table.time_of(seat)
            if plays_itself(table, seat) and time.since is not None and time.since + STANDIN_DELAY <= now:
                move = await self.decide(game, state, seat, seed_for(table.seed, stored.version, seat))
                return await self._commit_move(caller, loc, stored, table, game, state, seat, move, now, by="bot")
        public: list[str] = []
        snoozed = False
        mentions: list[str] = []
        private: list[Message] = []
        for seat in active:
            if plays_itself(table, seat):
                continue
            player, time = table.players[seat], table.time_of(seat)
            with use_locale(loc.channel):
                if time.expired is not None and time.expired + table.timing.grace <= now:
                    decide(table, seat, table.timing.expired, now)
                    public.append(_("The table did not decide about {player}.").format(player=player.name) + " "
                                  + decided_text(table, seat, table.timing.expired, caller.platform))
                    continue
                end = runs_out(table.timing, time)
                if time.expired is None and end is not None and end <= now:
                    time.expired = now
                    public.append(expired_line(table, seat, table.timing.grace, caller.platform))
                    mentions += [p.user for i, p in enumerate(table.players) if i != seat
                                 and not plays_itself(table, i)]
                    continue
            if time.expired is not None:  # the table decides now: no more reminders
                continue
            due = reminder_due(table.timing, time)
            if due is None or due > now or (time.snooze or 0.0) > now:
                continue
            hours = quiet_of(await self.store.get_prefs("user", player.user))
            later = hours.later(now) if hours is not None else now
            if later > now:  # the player's quiet hours: the reminder waits for their end
                time.snooze = later
                snoozed = True
                continue
            time.reminded += 1
            time.snooze = None
            mentions.append(player.user)
            with use_locale(loc.channel):
                public.append(_("{player}, the game of {game} is waiting for you.").format(
                    player=player.name, game=presenter(table.game).title()))
            private.append(await self._private_reminder(caller, table, seat))
        if not public and not snoozed:
            await self.store.timer_done(caller.channel, stored.version)
            return None
        tell = self._tell(caller, table, "timer", public, loc.channel) if public else None
        version = await self.commits.commit(caller.channel, stored.version, table, None, tell=tell)
        if not public:  # only a reminder put off until the player's quiet hours end
            return None
        self.counters["timer.reminders"] += len(private)  # reminders sent (a metric: bot.ops.metrics)
        messages = [Message("public", "\n".join(public), mentions=mentions, locale=loc.channel)]
        reply = Reply([*messages, *private], version=version, game_id=table.id, delivery=version)
        reply.link_private(places.link(caller.channel))
        return reply

    async def _private_reminder(self: GameService, caller: Caller, table: Table, seat: int) -> Message:
        player = table.players[seat]
        user_locale = await self.seat_locales(caller, table)(seat)
        where = await self.recall(caller.channel, "place") or ""
        with use_locale(user_locale):
            text = _("It is your turn in {game}{place}. Your options: {cmd_hand} there.").format(
                game=presenter(table.game).title(), place=f" ({where})" if where else "",
                **command_names(caller.platform))
        return Message("private", text, user=player.user, locale=user_locale)

    async def fire_due(self: GameService, *, prefix: str = "", lease: float = LEASE, limit: int = 50,
                       ) -> list[tuple[str, Reply]]:
        """Handle every table whose deadline has passed (in the channels starting with ``prefix``) that this
        process claims: the replies to deliver, by channel."""
        out: list[tuple[str, Reply]] = []
        for channel in await self.store.due_timers(self.clock(), limit, prefix=prefix, lease=lease):
            try:
                reply = await self.on_timer(channel)
            except StorageUnavailable:
                continue  # the lease ends and it is claimed again
            except Exception:
                log.exception("the timer of %s failed", channel)
                continue
            if reply is not None:
                out.append((channel, reply))
        return out


async def repair_index(service: GameService) -> None:
    """Rebuild the timer index from the games, once when a bot process starts (a process that died between a
    commit and its index update, or a move from one Redis to a cluster, may have left a deadline out)."""
    try:
        await service.store.reindex_timers()
    except Exception:  # noqa: BLE001 - a repair: the timers it would find are only late
        log.exception("timers: repairing the index failed")


async def fire_forever(service: GameService, push: Push, stop: asyncio.Event, *, prefix: str = "",
                       poll: float = POLL) -> None:
    """Handle due timers until ``stop`` is set, handing each reply to ``push`` (which delivers it, then tells
    the service: ``GameService.delivered``). A process repairs the index once before its loops start
    (``repair_index``)."""
    while not stop.is_set():
        try:
            for channel, reply in await service.fire_due(prefix=prefix):
                try:
                    await push(channel, reply)
                except Exception:  # delivered again later from the outbox
                    log.exception("delivering the timer of %s failed", channel)
        except StorageUnavailable as e:
            log.warning("timers: storage unavailable: %s", e)
        except Exception:  # noqa: BLE001 - the loop outlives any one failure; the lease hands the timer back
            log.exception("timers: looking for due timers failed")
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), poll)
