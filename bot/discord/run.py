"""Running the Discord bot next to others in one process: ``run_discord(settings, service, stop)``.

It logs in, connects to the gateway and runs until ``stop`` is set; once connected, it registers the commands
when they changed (in the background, see ``client.py``) and delivers again, every few seconds, what changes of
Discord channels still have to tell (``bot.core.outbox``: a change whose delivery was cut, by this process or
another). On ``stop`` it stops taking interactions, lets those in progress finish for a while (their moves are
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

from bot.core import outbox
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


async def redeliver(client: BoardBotClient, service: GameService, stop: asyncio.Event, *,
                    interval: float = outbox.INTERVAL) -> None:
    """Deliver again what the changes of Discord channels still have to tell, once the bot is connected."""
    connected = asyncio.create_task(client.connected.wait())
    stopped = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({connected, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        connected.cancel()
        stopped.cancel()
    if stop.is_set():
        return
    await outbox.redeliver_forever(service, client.actions.delivery.push, stop, prefix=f"{PREFIX}:",
                                   interval=interval)


async def run_discord(
    settings: Settings,
    service: GameService,
    stop: asyncio.Event,
    *,
    started: Callable[[BoardBotClient], None] | None = None,
    drain_timeout: float = DRAIN_TIMEOUT,
    redeliver_interval: float = outbox.INTERVAL,
) -> None:
    """Run the bot until ``stop`` is set. ``started`` is called with the client before it connects (tests use it
    to wait for the interactions in progress). ``drain_timeout``: how long the interactions in progress may take
    once stopping; ``redeliver_interval``: seconds between two looks at the outbox."""
    if settings.discord.token is None:
        raise ValueError("BOARDBOT_DISCORD__TOKEN is not set")
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
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(redeliveries), drain_timeout)
            redeliveries.cancel()  # a redelivery cut short stays in the outbox, for the next process
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await redeliveries
            await client.close()
            if not runner.done():
                runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
    log.info("the Discord bot stopped")
