"""``boardbot run`` with both tokens: the Discord and Telegram bots share one process, one service and one Redis,
and both stop cleanly when asked."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import yarl

from bot.run import run_bots, runners
from bot.settings import DiscordSettings, Settings, TelegramSettings
from tests.fakes.discord_server import FakeDiscord
from tests.fakes.telegram_server import TOKEN, FakeTelegram


async def wait_for(condition, timeout: float = 60.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


@dataclass
class Platforms:
    """The fake Discord and Telegram, and the settings that point both bots at them."""

    discord: FakeDiscord
    telegram: FakeTelegram
    settings: Settings


@pytest.fixture
async def platforms(redis_url, store, monkeypatch) -> AsyncIterator[Platforms]:
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
    try:
        yield Platforms(discord_fake, telegram_fake, settings)
    finally:
        await discord_fake.close()
        await telegram_fake.stop()


@contextlib.asynccontextmanager
async def bots_running(settings: Settings) -> AsyncIterator[None]:
    """``run_bots`` in a task for the block; then stopped, and it must end cleanly."""
    stop = asyncio.Event()
    task = asyncio.create_task(run_bots(settings, stop))
    try:
        yield
    finally:
        stop.set()
        assert await asyncio.wait_for(task, 30) == 0


def test_no_token_means_no_bot():
    assert runners(Settings(discord=DiscordSettings(), telegram=TelegramSettings())) == {}


async def test_both_bots_run_in_one_process_and_stop_together(platforms):
    discord_fake, telegram_fake = platforms.discord, platforms.telegram
    assert set(runners(platforms.settings)) == {"discord", "telegram"}
    async with bots_running(platforms.settings):
        # (the Discord commands are synced in the background once connected)
        await wait_for(lambda: discord_fake.identified >= 1 and discord_fake.commands
                       and telegram_fake.requests("getUpdates"))
        assert discord_fake.commands, "the Discord commands were synced"
        assert telegram_fake.requests("setMyCommands"), "the Telegram command menus were published"


async def test_an_adapter_that_fails_is_started_again_while_the_other_serves():
    """Issue 11, item 10: one adapter's failures (at start, or a connection that ends) never stop the other."""
    from bot.run import supervise

    stop = asyncio.Event()
    starts = {"flaky": 0, "steady": 0}
    serving: list[float] = []

    async def flaky(_settings, _service, stop_event):
        starts["flaky"] += 1
        if starts["flaky"] < 4:
            raise ConnectionError("setMyCommands: network error")
        await stop_event.wait()

    async def steady(_settings, _service, stop_event):
        starts["steady"] += 1
        while not stop_event.is_set():
            serving.append(asyncio.get_running_loop().time())
            await asyncio.sleep(0.01)

    tasks = [asyncio.create_task(supervise(name, run, None, None, stop, first=0.01, most=0.05))
             for name, run in (("flaky", flaky), ("steady", steady))]
    await wait_for(lambda: starts["flaky"] == 4)
    count = len(serving)
    await asyncio.sleep(0.1)
    assert len(serving) > count and starts["steady"] == 1  # the other went on serving, never restarted
    stop.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert starts == {"flaky": 4, "steady": 1}


async def test_an_adapter_that_ends_on_its_own_is_started_again():
    from bot.run import supervise

    stop = asyncio.Event()
    runs = 0

    async def ends(_settings, _service, stop_event):
        nonlocal runs
        runs += 1
        if runs == 3:
            stop_event.set()

    await asyncio.wait_for(supervise("ends", ends, None, None, stop, first=0.01, most=0.02), 5)
    assert runs == 3


async def test_telegram_failing_at_start_is_restarted_while_discord_keeps_serving(platforms, monkeypatch):
    """Issue 11, item 10, end to end: the fake Telegram answers ``setMyCommands`` with a server error twice (a
    failure at start); the Telegram bot is started again with back-off until it publishes its menus and polls, while
    the Discord bot, connected once, is never restarted."""
    from tests.fakes import telegram_server

    discord_fake, telegram_fake = platforms.discord, platforms.telegram
    failures = {"left": 2}
    publish = telegram_fake._api_setMyCommands

    async def flaky_publish(p, f):  # noqa: ANN001
        if failures["left"] > 0:
            failures["left"] -= 1
            raise telegram_server._Refused(500, "Internal Server Error")
        return await publish(p, f)

    monkeypatch.setattr(telegram_fake, "_api_setMyCommands", flaky_publish)
    async with bots_running(platforms.settings):
        await wait_for(lambda: failures["left"] == 0 and telegram_fake.requests("getUpdates"))
        assert len(telegram_fake.requests("setMyCommands")) >= 3  # two refused, then published
        assert discord_fake.identified == 1  # the Discord bot went on serving, never restarted


async def test_discord_closed_for_good_is_restarted_while_telegram_keeps_serving(platforms, caplog):
    """Issue 11, item 10, end to end: the fake Discord gateway closes the first connection with 4004 (a close
    discord.py does not reconnect after: its client ends with an error); the Discord bot is started again and
    connects, while the Telegram bot, started once, keeps polling."""
    discord_fake, telegram_fake = platforms.discord, platforms.telegram
    discord_fake.refuse_identify = 1
    async with bots_running(platforms.settings):
        await wait_for(lambda: discord_fake.identified >= 1)
        assert discord_fake.refuse_identify == 0  # the first connection was refused, a new start connected
        assert any(r.getMessage() == "the discord bot failed" for r in caplog.records)
        polls = len(telegram_fake.requests("getUpdates"))
        await wait_for(lambda: len(telegram_fake.requests("getUpdates")) > polls)  # Telegram still serving
        assert len(telegram_fake.requests("setMyCommands")) <= 6  # published once (a menu per scope and language)
