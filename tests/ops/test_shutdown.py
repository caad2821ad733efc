"""Graceful shutdown: once stopped, ``boardbot run`` lets the commands in flight finish (for a bounded time), then
closes the platform clients and Redis."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time

import bot.run
from bot.core.replies import Message, Reply
from bot.core.service import GameService
from bot.ops.instrument import instrument
from bot.run import run_bots, shut_down
from bot.settings import DiscordSettings, Settings, TelegramSettings
from tests.core.helpers import ALICE


class SlowStatus:
    """``GameService.status`` made slow: the command in flight at shutdown."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started = asyncio.Event()
        self.finished = False

    async def __call__(self, service: GameService, caller) -> Reply:
        self.started.set()
        await asyncio.sleep(self.seconds)
        await service.store.load(caller.channel)  # Redis is still open at the end of the command
        self.finished = True
        return Reply([Message("ephemeral", "done", user=caller.user)])


def fake_adapter(slow: SlowStatus, seen: dict):
    """An adapter that, once running, starts the slow command without waiting for it (as a timer would be), and
    stops as soon as it is told to."""

    async def run(_settings, service, stop):
        seen["service"] = service
        seen["command"] = asyncio.create_task(service.status(ALICE))
        await stop.wait()
        seen["adapter_stopped"] = time.monotonic()

    return run


def settings_for(redis_url: str, namespace: str, **extra) -> Settings:
    return Settings(redis_url=redis_url, namespace=namespace, render_processes=0, discord=DiscordSettings(),
                    telegram=TelegramSettings(), **extra)


async def run_until_stopped(monkeypatch, settings: Settings, slow: SlowStatus, *,
                            signalled: bool = False) -> tuple[dict, float, int]:
    seen: dict = {}
    async def status(service, caller):
        return await slow(service, caller)

    monkeypatch.setattr(GameService, "status", status)
    monkeypatch.setattr(bot.run, "runners", lambda _settings: {"fake": fake_adapter(slow, seen)})
    stop = asyncio.Event()
    task = asyncio.create_task(run_bots(settings, stop))
    await asyncio.wait_for(slow.started.wait(), 30)
    assert seen["service"].ops.inflight == 1
    stopped_at = time.monotonic()
    if signalled:  # as systemd or docker stop it (run_bots handles SIGTERM on the event loop)
        os.kill(os.getpid(), signal.SIGTERM)
    else:
        stop.set()
    code = await asyncio.wait_for(task, 30)
    return seen, time.monotonic() - stopped_at, code


async def test_stopping_waits_for_the_command_in_flight(redis_url, store, monkeypatch):
    slow = SlowStatus(0.8)
    seen, took, code = await run_until_stopped(monkeypatch, settings_for(redis_url, store.namespace), slow,
                                               signalled=threading.current_thread() is threading.main_thread())
    assert code == 0
    assert slow.finished, "the command in flight was finished before the process stopped"
    assert seen["command"].done() and seen["command"].result().messages[0].text == "done"
    assert seen["service"].ops.inflight == 0
    assert 0.5 <= took < 5


async def test_the_wait_is_bounded(redis_url, store, monkeypatch):
    slow = SlowStatus(30)
    settings = settings_for(redis_url, store.namespace, shutdown_timeout=0.3, metrics_port=0)
    seen, took, code = await run_until_stopped(monkeypatch, settings, slow)
    try:
        assert code == 0 and took < 3 and not slow.finished
    finally:
        seen["command"].cancel()


async def test_shut_down_cancels_an_adapter_that_does_not_stop(store):
    service = GameService(store, render=False)
    ops = instrument(service)
    cancelled = asyncio.Event()

    async def stubborn():
        try:
            await asyncio.sleep(60)
        finally:
            cancelled.set()

    task = asyncio.create_task(stubborn(), name="stubborn")
    start = time.monotonic()
    await shut_down([task], ops, 0.2, grace=0.2)
    assert cancelled.is_set() and task.cancelled()
    assert time.monotonic() - start < 2


async def test_nothing_in_flight_means_no_wait(store):
    ops = instrument(GameService(store, render=False))
    assert await ops.drain(0.0)
