"""``boardbot run`` with both tokens: the Discord and Telegram bots share one process, one service and one Redis,
and both stop cleanly when asked."""

from __future__ import annotations

import asyncio

import discord
import yarl

from bot.run import run_bots, runners
from bot.settings import DiscordSettings, Settings, TelegramSettings
from tests.fakes.discord_server import FakeDiscord
from tests.fakes.telegram_server import TOKEN, FakeTelegram


async def wait_for(condition, timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


def test_no_token_means_no_bot():
    assert runners(Settings(discord=DiscordSettings(), telegram=TelegramSettings())) == {}


async def test_both_bots_run_in_one_process_and_stop_together(redis_url, store, monkeypatch):
    discord_fake, telegram_fake = FakeDiscord(), FakeTelegram()
    await discord_fake.start()
    await telegram_fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", discord_fake.api_base)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(discord_fake.gateway_url))
    settings = Settings(
        redis_url=redis_url,
        namespace=store.namespace,
        discord=DiscordSettings(token="fake.token.value", api_base=discord_fake.api_base,
                                gateway_url=discord_fake.gateway_url),
        telegram=TelegramSettings(token=TOKEN, base_url=telegram_fake.base_url,
                                  base_file_url=telegram_fake.base_file_url, poll_timeout=1.0),
    )
    assert set(runners(settings)) == {"discord", "telegram"}
    stop = asyncio.Event()
    task = asyncio.create_task(run_bots(settings, stop))
    try:
        await wait_for(lambda: discord_fake.identified >= 1 and telegram_fake.requests("getUpdates"))
        assert discord_fake.commands, "the Discord commands were synced"
        assert telegram_fake.requests("setMyCommands"), "the Telegram command menus were published"
    finally:
        stop.set()
        assert await asyncio.wait_for(task, 30) == 0
        await discord_fake.close()
        await telegram_fake.stop()
