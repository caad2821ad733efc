"""Running the Telegram bot inside the process's event loop (beside the Discord bot), until ``stop`` is set."""

from __future__ import annotations

import asyncio
import logging

from telegram.ext import BaseUpdateProcessor

from bot.core.service import GameService
from bot.settings import Settings
from bot.telegram.app import ALLOWED_UPDATES, build_application
from bot.telegram.commands import publish

log = logging.getLogger(__name__)


async def run_telegram(
    settings: Settings, service: GameService, stop: asyncio.Event, *,
    update_processor: BaseUpdateProcessor | None = None,
) -> None:
    """Long polling, or a webhook server when ``telegram.webhook_url`` is set; returns after ``stop`` is set and
    the updates in hand are processed."""
    tg = settings.telegram
    logging.getLogger("httpx").setLevel(logging.WARNING)  # it logs every request, long polls included, at INFO
    app = build_application(settings, service, update_processor=update_processor)
    async with app:  # initialize (getMe) ... shutdown
        if tg.set_commands:
            await publish(app.bot)
        await app.start()
        try:
            if tg.webhook_url:
                await app.updater.start_webhook(
                    listen=tg.webhook_listen, port=tg.webhook_port, url_path=tg.webhook_path,
                    webhook_url=tg.webhook_url, allowed_updates=ALLOWED_UPDATES,
                    secret_token=tg.webhook_secret.get_secret_value() if tg.webhook_secret else None,
                )
                log.info("Telegram bot @%s receives updates at %s", app.bot.username, tg.webhook_url)
            else:
                await app.updater.start_polling(timeout=tg.poll_timeout, allowed_updates=ALLOWED_UPDATES)
                log.info("Telegram bot @%s is polling", app.bot.username)
            await stop.wait()
        finally:
            if app.updater.running:
                await app.updater.stop()
            await app.stop()  # waits for the updates being processed
