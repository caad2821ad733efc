"""Running the Telegram bot inside the process's event loop (beside the Discord bot), until ``stop`` is set.

Several processes may serve one bot with a webhook: each listens on its own ``webhook_port`` behind a reverse proxy
that spreads Telegram's POSTs to ``webhook_url`` over them (any one may get any update; a retried one may reach
another: every update is applied once, ``Handlers.once``). They share the webhook secret (the configured one, else
one generated and agreed on in Redis), the groups' send limit (``bot.telegram.app``) and the publication of the
command menus (once, when they changed). Long polling is for one process only (Telegram ends a poll when another
begins).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets

from telegram.ext import BaseUpdateProcessor

from bot.core import outbox, timers
from bot.core.service import GameService
from bot.settings import Settings
from bot.telegram import ids
from bot.telegram.app import ALLOWED_UPDATES, build_application
from bot.telegram.commands import publish
from storage import StorageUnavailable
from storage.shared_limits import SharedLimits

log = logging.getLogger(__name__)

WEBHOOK_SECRET = "telegram-webhook-secret"  # the generated secret, agreed on by the processes (``SharedLimits.agree``)


async def webhook_secret(settings: Settings, service: GameService | None = None) -> str:
    """The secret Telegram must send with every update (``X-Telegram-Bot-Api-Secret-Token``): the configured one,
    else a generated one (a webhook without a secret would take updates from anyone who finds its URL), shared
    through Redis by every process of the bot (webhook workers behind one URL must all check the one Telegram was
    given), else, without Redis, a new random one."""
    tg = settings.telegram
    if tg.webhook_secret is not None and tg.webhook_secret.get_secret_value():
        return tg.webhook_secret.get_secret_value()
    generated = secrets.token_urlsafe(32)  # 43 characters of A-Z a-z 0-9 _ -, as Telegram allows
    if service is not None:
        with contextlib.suppress(StorageUnavailable):
            shared = await SharedLimits.of(service.store).agree(WEBHOOK_SECRET, generated)
            log.warning("BOARDBOT_TELEGRAM__WEBHOOK_SECRET is not set: using a generated webhook secret, shared by "
                        "the bot's processes through Redis")
            return shared
    log.warning("BOARDBOT_TELEGRAM__WEBHOOK_SECRET is not set: using a generated webhook secret (a new one at each "
                "start; set one when several processes receive the same webhook)")
    return generated


async def run_telegram(
    settings: Settings, service: GameService, stop: asyncio.Event, *,
    update_processor: BaseUpdateProcessor | None = None, redelivery_interval: float = outbox.INTERVAL,
    timer_poll: float = timers.POLL,
) -> None:
    """Long polling, or a webhook server when ``telegram.webhook_url`` is set; returns after ``stop`` is set and
    the updates in hand are processed. Beside it, what a stopped process committed and did not tell is told
    (``bot.core.outbox``), every ``redelivery_interval`` seconds, and the tables' timers (reminders, the bot's
    moves for absent players: ``bot.core.timers``) are looked at every ``timer_poll`` seconds."""
    tg = settings.telegram
    logging.getLogger("httpx").setLevel(logging.WARNING)  # it logs every request, long polls included, at INFO
    app, handlers = build_application(settings, service, update_processor=update_processor)
    async with app:  # initialize (getMe) ... shutdown
        if tg.set_commands:
            await publish(app.bot, SharedLimits.of(service.store))
        await app.start()
        done = asyncio.Event()  # stops the redelivery and the timers before the bot closes
        redelivery = asyncio.create_task(
            outbox.redeliver_forever(service, handlers.push, done, prefix=ids.PREFIX, interval=redelivery_interval),
            name="telegram redelivery")
        timer_loop = asyncio.create_task(
            timers.fire_forever(service, handlers.push_timer, done, prefix=ids.PREFIX, poll=timer_poll),
            name="telegram timers")
        try:
            if tg.webhook_url:
                secret = await webhook_secret(settings, service)
                await app.updater.start_webhook(
                    listen=tg.webhook_listen, port=tg.webhook_port, url_path=tg.webhook_path,
                    webhook_url=tg.webhook_url, allowed_updates=ALLOWED_UPDATES, secret_token=secret,
                )
                log.info("Telegram bot @%s receives updates at %s", app.bot.username, tg.webhook_url)
            else:
                await app.updater.start_polling(timeout=tg.poll_timeout, allowed_updates=ALLOWED_UPDATES)
                log.info("Telegram bot @%s is polling", app.bot.username)
            await stop.wait()
        finally:
            done.set()
            if app.updater.running:  # no new updates from here on (polling ends, the webhook server closes)
                await app.updater.stop()
            _finished, unfinished = await asyncio.wait({redelivery, timer_loop},
                                                       timeout=getattr(settings, "shutdown_timeout", 15))
            for task in unfinished:  # a delivery that hangs: it is told again by the next process
                task.cancel()
            await app.stop()  # waits for the updates being processed
