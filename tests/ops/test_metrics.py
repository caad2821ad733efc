"""``/healthz`` and ``/metrics``: served on a free port, counting what a real service against a real Redis does."""

from __future__ import annotations

import socket

import aiohttp
import pytest
import redis.asyncio as aredis
from prometheus_client.parser import text_string_to_metric_families

from bot.core.service import GameService
from bot.ops.instrument import instrument
from bot.ops.server import OpsServer
from tests.core.helpers import ALICE, BOB, CAROL, CHANNEL, DUEL, RecordingRenderer, load, started_duel


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a /metrics page: (name, sorted labels) -> value."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(page: dict, name: str, **labels: str) -> float:
    return page.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
async def served(store):
    service = GameService(store, board_renderer=RecordingRenderer(), options_renderer=RecordingRenderer(),
                          seeds=lambda: 5)
    ops = instrument(service)
    server = OpsServer(ops.metrics, store.redis.ping, port=0)
    async with server, aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as http:
        yield service, server, http


async def scrape(http: aiohttp.ClientSession) -> dict:
    async with http.get("/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        return samples(await response.text())


async def test_healthz_answers_when_redis_does(served):
    _service, _server, http = served
    async with http.get("/healthz") as response:
        assert response.status == 200 and (await response.text()).strip() == "ok"


async def test_a_move_and_a_refusal_are_counted(served, store):
    service, _server, http = served
    await started_duel(service)
    before = await scrape(http)
    assert value(before, "boardbot_moves_total", game="duel", by="player") == 0
    _v, _table, state = await load(store)
    seat = min(DUEL.active_seats(state))
    reply = await service.play(ALICE if seat == 0 else BOB, DUEL.legal_moves(state, seat)[0].notation)
    assert reply.ok
    await reply.settle()
    refused = await service.play(CAROL, "1")
    assert not refused.ok and refused.code == "error.not_a_player"

    after = await scrape(http)
    assert value(after, "boardbot_moves_total", game="duel", by="player") == 1
    assert value(after, "boardbot_refusals_total", code="error.not_a_player") == 1
    assert value(after, "boardbot_commands_total", command="play", outcome="ok") == 1
    assert value(after, "boardbot_commands_total", command="play", outcome="refused") == 1
    assert value(after, "boardbot_command_seconds_count", command="play") == 2
    assert value(after, "boardbot_command_seconds_count", command="new") == 1
    assert value(after, "boardbot_render_seconds_count", kind="board") >= 2  # at the start and after the move
    assert value(after, "boardbot_commands_in_flight") == 0
    # a command inside another one (the locales of every command) is not counted apart
    assert not any(name == "boardbot_command_seconds_count" and dict(labels).get("command") == "locales"
                   for name, labels in after)


async def test_timers_redis_errors_and_reminders_are_counted(served):
    service, _server, http = served
    await started_duel(service)
    assert await service.on_timer(CHANNEL) is None  # nothing due
    service.count("storage.timeout")
    service.count("storage.commit_read_back")  # not an error
    service.counters["timer.reminders"] += 2
    page = await scrape(http)
    assert value(page, "boardbot_timer_firings_total", outcome="nothing") == 1
    assert value(page, "boardbot_command_seconds_count", command="timer") == 1
    assert value(page, "boardbot_redis_errors_total", kind="timeout") == 1
    assert value(page, "boardbot_redis_errors_total", kind="commit_read_back") == 0
    assert value(page, "boardbot_service_events_total", event="storage.commit_read_back") == 1
    assert value(page, "boardbot_reminders_total") == 2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_healthz_is_503_without_redis_and_while_stopping(store):
    service = GameService(store, render=False)
    ops = instrument(service)
    nowhere = aredis.Redis(port=free_port(), socket_connect_timeout=0.5)
    stopping = False
    try:
        async with OpsServer(ops.metrics, nowhere.ping, port=0, health_timeout=0.5) as down, \
                OpsServer(ops.metrics, store.redis.ping, port=0, stopping=lambda: stopping) as up, \
                aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{down.port}/healthz") as response:
                assert response.status == 503 and "redis unavailable" in await response.text()
            async with http.get(f"http://127.0.0.1:{up.port}/healthz") as response:
                assert response.status == 200
            stopping = True
            async with http.get(f"http://127.0.0.1:{up.port}/healthz") as response:
                assert response.status == 503 and "stopping" in await response.text()
    finally:
        await nowhere.aclose()


def test_instrument_twice_is_once(store):
    service = GameService(store, render=False)
    assert instrument(service) is instrument(service)
