"""Running the Discord bot next to others in one process: ``run_discord(settings, service, stop)``.

It logs in, syncs the commands (see ``client.py``), connects to the gateway and runs until ``stop`` is set; then
it stops taking interactions, lets those in progress finish (their moves are committed or not, atomically, by the
service) and closes. A failure of the connection ends it with the exception, so the process can stop and be
restarted by its supervisor rather than run half-alive.
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

from bot.core.service import GameService
from bot.discord.client import BoardBotClient
from bot.settings import Settings

log = logging.getLogger(__name__)


def use_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py at another REST API and gateway (a fake Discord in tests). Process-wide: discord.py keeps
    them as class attributes."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


async def run_discord(
    settings: Settings,
    service: GameService,
    stop: asyncio.Event,
    *,
    started: Callable[[BoardBotClient], None] | None = None,
) -> None:
    """Run the bot until ``stop`` is set. ``started`` is called with the client before it connects (tests use it
    to wait for the interactions in progress)."""
    if settings.discord.token is None:
        raise ValueError("BOARDBOT_DISCORD__TOKEN is not set")
    use_endpoints(settings.discord.api_base, settings.discord.gateway_url)
    client = BoardBotClient(service, settings.discord)
    if started is not None:
        started(client)
    async with client:
        runner = asyncio.create_task(client.start(settings.discord.token.get_secret_value()), name="discord")
        stopper = asyncio.create_task(stop.wait(), name="discord-stop")
        try:
            done, _pending = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                runner.result()  # a crash (or a refused token) ends the bot with its exception
                log.warning("the Discord connection ended")
                return
            log.info("stopping the Discord bot")
            await client.actions.drain()
        finally:
            stopper.cancel()
            await client.close()
            if not runner.done():
                runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
    log.info("the Discord bot stopped")
