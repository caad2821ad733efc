"""Local play: a whole game in the terminal chat, and `boardbot local` as a process with an embedded Redis."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

from bot.core.service import GameService
from bot.local.chat import LocalChat, user_id
from tests.core.helpers import DUEL, load

ROOT = Path(__file__).resolve().parents[2]


async def test_a_whole_duel_game_in_the_terminal_chat(store):
    lines: list[str] = []
    # Players who read their new menu before typing: the same command sent twice within seconds, with nothing
    # played in between (a double send), counts once, and "1" after playing again is such a command.
    service = GameService(store, render=False, seeds=lambda: 21, clock=itertools.count(0, 10).__next__)
    chat = LocalChat(service, channel="local:test", out=lines.append, speaker="anna")
    for line in ["/new duel", "boris: /join", "/start"]:
        assert await chat.handle(line)
    names = {user_id("anna"): "anna", user_id("boris"): "boris"}
    for _ in range(400):
        _v, table, state = await load(store, "local:test")
        if table.status != "playing":
            break
        seat = min(DUEL.active_seats(state))
        assert await chat.handle(f"{names[table.players[seat].user]}: 1")  # the first option of the menu
    _v, table, state = await load(store, "local:test")
    assert table.status == "finished"
    assert any(line.startswith("[#local:test]") and "wins" in line for line in lines)
    assert await chat.handle("/quit") is False


async def test_private_and_ephemeral_messages_are_labelled(store):
    lines: list[str] = []
    chat = LocalChat(GameService(store, render=False, seeds=lambda: 21), channel="local:lab", out=lines.append)
    await chat.handle("/new duel")
    await chat.handle("/join")
    assert lines[-1].startswith("[only for alice]") and "already" in lines[-1]
    await chat.handle("/as bob")
    await chat.handle("/join")
    await chat.handle("/start")
    assert "Only the player who created the game (alice)" in lines[-1]
    await chat.handle("alice: /start")
    assert any("[#local:lab]" in line and "@" in line for line in lines)  # whose turn, with a mention


def test_boardbot_local_starts_an_embedded_redis_and_keeps_games_across_restarts(tmp_path):
    env = {
        **os.environ,
        "BOARDBOT_REDIS_URL": "redis://127.0.0.1:1/0",  # nothing answers there
        "BOARDBOT_DATA_DIR": str(tmp_path / "data"),
        "BOARDBOT_IMAGES_DIR": str(tmp_path / "images"),
    }
    first = tmp_path / "first.txt"
    first.write_text("/new duel wonders=preset first_player=0\nbob: /join\n/start\n/board\n/quit\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--script", str(first)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "embedded Redis" in run.stdout
    images = sorted((tmp_path / "images").glob("*.png"))
    assert images and all(p.read_bytes().startswith(b"\x89PNG") for p in images)
    assert str(images[0]) in run.stdout
    # A second process (a restart) finds the game where the first left it.
    second = tmp_path / "second.txt"
    second.write_text("/status\n1\n/quit\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--no-images", "--script", str(second)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Age 1" in run.stdout
    assert "alice builds" in run.stdout or "alice discards" in run.stdout


async def test_async_commands_and_the_bots_own_messages_in_the_terminal_chat(store):
    """Issue 15 in the terminal: /away, the bot's move pushed by the timers, /back, /mygames, /reminder, /quiet,
    /skip with nobody out of time, and /export of the finished game printed as JSON."""
    import json

    lines: list[str] = []
    now = [1_700_000_000.0]
    service = GameService(store, render=False, seeds=lambda: 21, clock=lambda: now[0], ai="greedy")
    chat = LocalChat(service, channel="local:async", out=lines.append, speaker="anna")
    for line in ["/new duel reminder=1h", "boris: /join", "/start", "/away"]:
        assert await chat.handle(line)
    assert "the bot plays for them" in lines[-1]
    now[0] += 3
    for channel, reply in await service.fire_due(prefix="local:async"):
        await chat.push(channel, reply)
    assert any("The bot plays for anna" in line for line in lines)
    await chat.handle("/back")
    assert any("anna is back" in line for line in lines[-3:])
    await chat.handle("/back")
    assert "not playing for you" in lines[-1]
    await chat.handle("boris: /skip")
    assert "Nobody's time has run out" in lines[-1]
    await chat.handle("/mygames")
    assert any("waiting for boris" in line for line in lines[-3:])
    await chat.handle("/reminder")
    assert "1 hr" in lines[-1] or "1 h" in lines[-1]
    await chat.handle("/quiet 22-7 Europe/Rome")
    assert "22:00-07:00 Europe/Rome" in lines[-1]
    await chat.handle("boris: /away")
    await chat.handle("/away")
    for _ in range(400):
        now[0] += 3
        for channel, reply in await service.fire_due(prefix="local:async"):
            await chat.push(channel, reply)
        _v, table, _s = await load(store, "local:async")
        if table.status == "finished":
            break
    assert table.status == "finished"
    assert any("moves in" in line and "/export" in line for line in lines)
    lines.clear()
    await chat.handle("/export")
    text = "\n".join(lines[1:])
    record, _end = json.JSONDecoder().raw_decode(text)  # the file, then the final board
    assert "[only for anna]" in text[_end:]
    assert record["game"] == "duel" and record["names"] == ["anna", "boris"]
