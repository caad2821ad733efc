"""Structured logs: JSON lines carrying the channel and game id of the command or timer being handled."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sys

import pytest

from bot.core.service import GameService
from bot.ops.instrument import game_id_of, instrument
from bot.ops.logs import ContextFilter, JsonFormatter, TextFormatter, bind, configure_logging, log_context
from tests.core.helpers import ALICE, BOB, CAROL, CHANNEL, DUEL, load, started_duel

render_log = logging.getLogger("tests.ops.render")


@pytest.fixture
def lines():
    """JSON lines written by every logger at DEBUG and above while the test runs."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def drawing(view, names) -> bytes:
    """A renderer that says what it draws (it runs in a thread: the context goes with it)."""
    render_log.info("drawing a board for %s", ", ".join(names))
    return b"\x89PNG fake"


def test_json_lines_carry_the_context_and_extras():
    record = logging.LogRecord("x", logging.WARNING, __file__, 1, "hello %s", ("there",), None)
    with log_context(channel="tg:1", command="play"):
        bind(game="g1")
        with log_context(channel="tg:2"):  # an inner context overrides, then the outer one is back
            inner = logging.LogRecord("x", logging.INFO, __file__, 1, "inner", (), None)
            ContextFilter().filter(inner)
        ContextFilter().filter(record)
    record.seconds = 0.25  # as given by extra=
    out = json.loads(JsonFormatter().format(record))
    assert out["message"] == "hello there" and out["level"] == "WARNING" and out["logger"] == "x"
    assert (out["channel"], out["game"], out["command"], out["seconds"]) == ("tg:1", "g1", "play", 0.25)
    assert out["time"].endswith("Z")
    assert inner.channel == "tg:2" and inner.game == "g1"
    outside = logging.LogRecord("x", logging.INFO, __file__, 1, "outside", (), None)
    ContextFilter().filter(outside)
    assert "channel" not in json.loads(JsonFormatter().format(outside))
    text = TextFormatter().format(record)
    assert text.endswith("hello there [channel=tg:1 game=g1 command=play]")


def test_an_exception_is_one_line_too():
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    line = JsonFormatter().format(record)
    assert "\n" not in line and "ValueError: boom" in json.loads(line)["exc"]


def test_configure_logging_writes_json_lines():
    stream = io.StringIO()
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        configure_logging("json", "info", stream=stream)
        with log_context(channel="dc:1:2", game="abc"):
            logging.getLogger("bot.something").info("said")
        logging.getLogger("bot.something").debug("not at info")
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in handlers:
            root.addHandler(handler)
        root.setLevel(level)
    [line] = [json.loads(x) for x in stream.getvalue().splitlines()]
    assert (line["message"], line["channel"], line["game"]) == ("said", "dc:1:2", "abc")
    with pytest.raises(ValueError):
        configure_logging("xml")


async def test_a_command_through_the_service_logs_its_channel_and_game(store, lines):
    service = GameService(store, board_renderer=drawing, options_renderer=drawing, seeds=lambda: 5)
    instrument(service)
    await started_duel(service)
    _v, table, state = await load(store)
    assert table.id and game_id_of((await store.load(CHANNEL)).doc) == table.id
    seat = min(DUEL.active_seats(state))
    move = DUEL.legal_moves(state, seat)[0]
    before = len(lines())
    reply = await service.play(ALICE if seat == 0 else BOB, move.notation)
    assert reply.ok
    await reply.settle()
    written = lines()[before:]
    drawn = [line for line in written if line["logger"] == "tests.ops.render"]
    assert drawn, written  # the board (and hands) drawn for the move, in a thread
    for line in drawn:
        assert (line["channel"], line["game"], line["command"]) == (CHANNEL, table.id, "play"), line
    [done] = [line for line in written if line["logger"] == "bot.ops.instrument"]
    assert (done["channel"], done["game"], done["outcome"]) == (CHANNEL, table.id, "ok")
    # a refusal: still the channel and the game
    reply = await service.play(CAROL, move.notation)
    assert not reply.ok
    refused = [line for line in lines() if line["logger"] == "bot.ops.instrument"][-1]
    assert (refused["channel"], refused["game"], refused["outcome"], refused["code"]) == (
        CHANNEL, table.id, "refused", "error.not_a_player")


async def test_a_timer_logs_its_channel_and_game(store, lines):
    service = GameService(store, render=False, seeds=lambda: 5)
    instrument(service)
    await started_duel(service)
    _v, table, _state = await load(store)
    before = len(lines())
    assert await service.on_timer(CHANNEL) is None  # nothing is due yet
    [line] = [x for x in lines()[before:] if x["logger"] == "bot.ops.instrument"]
    assert (line["channel"], line["game"], line["command"], line["outcome"]) == (CHANNEL, table.id, "timer",
                                                                                 "nothing")


async def test_concurrent_commands_keep_their_own_context(store, lines):
    service = GameService(store, render=False, seeds=lambda: 5)
    instrument(service)
    channels = [f"{CHANNEL}:{i}" for i in range(3)]
    await asyncio.gather(*(started_duel(service, channel=c) for c in channels))
    ids = {c: (await load(store, c))[1].id for c in channels}
    for line in lines():
        if line["logger"] == "bot.ops.instrument" and line.get("game"):
            assert ids[line["channel"]] == line["game"]
