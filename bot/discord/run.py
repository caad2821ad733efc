"""Running the Discord bot next to others in one process: ``run_discord(settings, service, stop)``.

It logs in, connects to the gateway and runs until ``stop`` is set; once connected, it registers the commands
when they changed (in the background, see ``client.py``) and delivers again, every few seconds, what changes of
Discord channels still have to tell (``bot.core.outbox``: a change whose delivery was cut, by this process or
another), and handles the timers of Discord tables that are due (``bot.core.timers``: reminders, clocks run out,
the bot's moves for a stand-in), delivering what they produce in their channels. On ``stop`` it stops taking interactions, lets those in progress finish for a while (their moves are
committed or not, atomically, by the service; one cut short is delivered again from the outbox) and closes. A
failure of the connection ends it with the exception, so the process can stop and be restarted by its supervisor
rather than run half-alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import discord
import discord.gateway
import discord.http
import yarl

from bot.core import outbox, timers
from bot.core.service import GameService
from bot.discord.actions import DRAIN_TIMEOUT
from bot.discord.client import BoardBotClient
from bot.discord.ids import PREFIX
from bot.settings import Settings

log = logging.getLogger(__name__)


def use_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at another REST API and gateway (a fake Discord in tests). Process-wide: discord.py keeps
    them as class attributes."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


async def connected(client: BoardBotClient, stop: asyncio.Event) -> bool:
    """Wait until the bot is connected (True) or ``stop`` is set (False)."""
    ready = asyncio.create_task(client.connected.wait())
    stopped = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({ready, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        ready.cancel()
        stopped.cancel()
    return not stop.is_set()


async def redeliver(client: BoardBotClient, service: GameService, stop: asyncio.Event, *,
                    interval: float = outbox.INTERVAL) -> None:
    """Deliver again what the changes of Discord channels still have to tell, once the bot is connected."""
    if not await connected(client, stop):
        return
    await outbox.redeliver_forever(service, client.actions.delivery.push, stop, prefix=f"{PREFIX}:",
                                   interval=interval)


async def fire_timers(client: BoardBotClient, service: GameService, stop: asyncio.Event, *,
                      poll: float = timers.POLL) -> None:
    """Handle the due timers of Discord tables, once the bot is connected, until ``stop`` is set."""
    if not await connected(client, stop):
        return
    while not stop.is_set():
        try:
            await timers.fire_forever(service, client.actions.delivery.push_timer, stop, prefix=f"{PREFIX}:",
                                      poll=poll)
        except Exception:  # noqa: BLE001 - the timers must outlive a failure: look again a moment later
            log.exception("the timers failed; looking again")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), poll)


async def run_discord(
    settings: Settings,
    service: GameService,
    stop: asyncio.Event,
    *,
    started: Callable[[BoardBotClient], None] | None = None,
    drain_timeout: float | None = None,
    redeliver_interval: float = outbox.INTERVAL,
    timer_poll: float = timers.POLL,
) -> None:
    """Run the bot until ``stop`` is set. ``started`` is called with the client before it connects (tests use it
    to wait for the interactions in progress). ``drain_timeout``: how long the interactions in progress may take
    once stopping (default: ``settings.shutdown_timeout``); ``redeliver_interval``: seconds between two looks at
    the outbox; ``timer_poll``: between two looks at the due timers."""
    if settings.discord.token is None:
        raise ValueError("BOARDBOT_DISCORD__TOKEN is not set")
    if drain_timeout is None:  # the process's shutdown timeout (BOARDBOT_SHUTDOWN_TIMEOUT)
        drain_timeout = getattr(settings, "shutdown_timeout", DRAIN_TIMEOUT)
    use_endpoints(settings.discord.api_base, settings.discord.gateway_url)
    client = BoardBotClient(service, settings.discord)
    if started is not None:
        started(client)
    async with client:
        runner = asyncio.create_task(client.start(settings.discord.token.get_secret_value()), name="discord")
        stopper = asyncio.create_task(stop.wait(), name="discord-stop")
        quiet = asyncio.Event()  # stops the redeliveries
        redeliveries = asyncio.create_task(redeliver(client, service, quiet, interval=redeliver_interval),
                                           name="discord-redeliver")
        timer_loop = asyncio.create_task(fire_timers(client, service, quiet, poll=timer_poll), name="discord-timers")
        try:
            done, _pending = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                runner.result()  # a crash (or a refused token) ends the bot with its exception
                log.warning("the Discord connection ended")
                return
            log.info("stopping the Discord bot")
            quiet.set()
            await client.actions.drain(drain_timeout)
        finally:
            stopper.cancel()
            quiet.set()
            background = {redeliveries, timer_loop}
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(asyncio.gather(*background, return_exceptions=True)),
                                       drain_timeout)
            # A redelivery cut short stays in the outbox, a timer cut short in the timer index (claimed for a
            # lease, then due again): the next process to look tells them.
            for task in background:
                task.cancel()
            for task in background:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await client.close()
            if not runner.done():
                runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
    log.info("the Discord bot stopped")
