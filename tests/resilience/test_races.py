"""Racing writers, killed bot processes and a typed move racing its own button (issue 10, item 10, and the
properties the issue's stress runs checked): no move is lost or played twice, and every stored game is the replay
of its log."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from pathlib import Path

from bot.core.service import Caller, GameService
from bot.core.table import Table
from rules.registry import get_game
from tests.core.helpers import ALICE, BOB, CHANNEL, put_state, started_duel
from tests.resilience.checks import stored_game_is_the_replay_of_its_log
from tests.resilience.racer import race
from tests.wonders import helpers as wonders

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
WONDERS = get_game("wonders")


async def racer_process(redis_url: str, namespace: str, channel: str, seconds: float, seed: int):
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.resilience.racer", redis_url, namespace, channel, str(seconds), str(seed),
        cwd=ROOT, env=ENV, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )


async def test_racing_writers_in_tasks_and_processes_play_each_move_once(store, redis_url):
    service = GameService(store, render=False, seeds=lambda: 11)
    await started_duel(service)
    processes = [await racer_process(redis_url, store.namespace, CHANNEL, 20, seed) for seed in (1, 2, 3)]
    tasks = [race(GameService(store, render=False), CHANNEL, 20, seed) for seed in (4, 5, 6, 7)]
    in_process = await asyncio.gather(*tasks)
    outputs = [await p.communicate() for p in processes]
    assert all(p.returncode == 0 for p in processes), [err.decode()[-2000:] for _out, err in outputs]
    played = sum(in_process) + sum(int(out.split()[-1]) for out, _err in outputs)
    stored = await store.load(CHANNEL)
    assert Table.model_validate_json(stored.doc).status == "finished"
    assert await stored_game_is_the_replay_of_its_log(store, CHANNEL) == played


async def test_bot_processes_killed_mid_game_leave_every_game_consistent(store, redis_url):
    chooser = random.Random(5)
    killed = 0
    for round_ in range(10):
        channel = f"{CHANNEL}:kill{round_}"
        service = GameService(store, render=False, seeds=lambda: 12)
        await started_duel(service, channel=channel)
        process = await racer_process(redis_url, store.namespace, channel, 30, round_)
        wanted = chooser.randrange(2, 20)  # the racer plays a few moves, then dies wherever it is
        seen = 0
        while seen < wanted and await process.stdout.readline() == b"played\n":
            seen += 1
        if seen == wanted:
            process.send_signal(signal.SIGKILL)
            killed += 1
        await process.wait()
        await stored_game_is_the_replay_of_its_log(store, channel)
        await race(service, channel, 60, 99)  # this process takes the game over and ends it
        stored = await store.load(channel)
        assert Table.model_validate_json(stored.doc).status == "finished"
        await stored_game_is_the_replay_of_its_log(store, channel)
    assert killed >= 8  # (almost) every round killed the racer in the middle of its game


async def test_a_typed_move_racing_its_own_button_is_played_once(store):
    """The last chooser of a 7 Wonders turn types a discard while clicking its button; the hand passed to them
    after the reveal holds another copy of that card: the slower of the two commands must not discard it again."""
    callers = [Caller(CHANNEL, f"u:p{i}", f"p{i}") for i in range(3)]
    for trial in range(12):
        service = GameService(store, render=False, seeds=lambda: 3)
        channel_callers = [Caller(f"{CHANNEL}:{trial}", c.user, c.name) for c in callers]
        assert (await service.new(channel_callers[0], "wonders")).ok
        for c in channel_callers[1:]:
            assert (await service.join(c)).ok
        assert (await service.start(channel_callers[0])).ok
        state = wonders.start(3, sides="a")
        wonders.hand(state, 0, "baths", "lumber_yard", "stone_pit")
        wonders.hand(state, 1, "altar", "theater", "clay_pool")
        wonders.hand(state, 2, "baths", "east_trading_post", "ore_vein")  # passed to seat 0 in Age I
        wonders.supply(state, 0, "S")
        await put_state(store, state, channel_callers[0].channel)
        for seat, card in ((1, "altar"), (2, "east_trading_post")):
            assert (await service.play(channel_callers[seat], f"build:{card}")).ok
        stored = await store.load(channel_callers[0].channel)
        game_id = Table.model_validate_json(stored.doc).id
        typed = service.play(channel_callers[0], "discard baths")
        button = service.play(channel_callers[0], "discard:baths", version=stored.version, game_id=game_id)
        replies = await (asyncio.gather(typed, button) if trial % 2 else asyncio.gather(button, typed))
        assert sorted(r.ok for r in replies) == [False, True], [r.messages[0].text for r in replies]
        after = WONDERS.load(Table.model_validate_json((await store.load(channel_callers[0].channel)).doc).state)
        assert after.discard.count("baths") == 1 and "baths" in after.seats[0].hand, trial


async def test_a_command_sent_twice_in_a_row_counts_once(store):
    """Bob drafts two wonders in a row (7 Wonders Duel's draft: 1, 2, 1): his ``1`` sent twice within seconds
    (a double send) is played once, although the second would be legal (another wonder is first now)."""
    service = GameService(store, render=False, seeds=lambda: 5, clock=lambda: 1_000.0)
    assert (await service.new(ALICE, "duel", "first_player=0")).ok
    assert (await service.join(BOB)).ok
    assert (await service.start(ALICE)).ok
    assert (await service.play(ALICE, "1")).ok
    first = await service.play(BOB, "1")
    version = (await store.load(CHANNEL)).version
    again = await service.play(BOB, "1")
    assert first.ok and not again.ok and again.code == "error.repeated"
    assert (await store.load(CHANNEL)).version == version
    stored = await store.load(CHANNEL)
    state = get_game("duel").load(Table.model_validate_json(stored.doc).state)
    assert get_game("duel").active_seats(state) == {1}  # his second wonder is still to draft