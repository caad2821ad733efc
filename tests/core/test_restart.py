"""A restart of the bot process in the middle of a game: another process takes over and the game goes on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.core.service import GameService
from tests.core.helpers import ALICE, DUEL, load, play_random

ROOT = Path(__file__).resolve().parents[2]


async def test_a_new_bot_process_continues_the_game(store, redis_url):
    channel = "test:restart"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "tests.core.worker", redis_url, store.namespace, channel, "20"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True,
    )
    assert done.stdout.strip() == "20"
    version, table, state = await load(store, channel)
    assert table.status == "playing" and state.ply == 20
    # This process is the new bot: a fresh service on its own connection finishes the game.
    service = GameService(store, render=False)
    played = await play_random(service, store, 500, seed=4, channel=channel)
    new_version, table, state = await load(store, channel)
    assert table.status == "finished" and DUEL.outcome(state).finished
    assert new_version == version + played
    moves = [e for e in await store.log(channel) if "move" in e.fields]
    assert len(moves) == state.ply == 20 + played
    assert [e.version for e in moves] == sorted(e.version for e in moves)
    # the narrated log replays every move, across the restart
    log = await service.log(type(ALICE)(channel, ALICE.user, ALICE.name), 50)
    assert log.ok and log.messages[0].text.count("\n") == min(50, state.ply) - 1
