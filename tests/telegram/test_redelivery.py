"""Durable delivery on Telegram (issue 11, items 9 and 11): a change committed by a process that stopped before telling
it is told by the next bot process, once; and what a bot delivers itself it acknowledges, so it is never told twice.
"""

from __future__ import annotations

import asyncio

from bot.core.service import GameService
from bot.telegram import ids
from tests.core.helpers import load
from tests.telegram.conftest import (
    ALICE, BOB, CHANNEL, GROUP, SEED, RunningBot, deciding, menu_version, menus, press, started_duel, tiny_png,
)

GRACE = 0.5


async def test_a_move_whose_process_stopped_is_told_by_the_next_one_once(fake, store):
    first = RunningBot(fake, store)
    await first.start()
    await started_duel(first, store)
    await first.close()
    assert await store.undelivered(CHANNEL) == {}  # everything the first process told, it acknowledged

    # a process commits a move and stops before telling anyone
    stopped = GameService(store, render=True, seeds=lambda: SEED, board_renderer=tiny_png,
                          options_renderer=tiny_png)
    before, table, state = await load(store, CHANNEL)
    player = deciding(table, state)
    name = "Alice" if player == ALICE else "Борис"
    reply = await stopped.play(ids.caller(GROUP, player, name, "en"), "1")
    assert reply.ok and reply.delivery == before + 1
    assert list(await store.undelivered(CHANNEL)) == [before + 1]
    group, privately = len(fake.sent(GROUP)), {u: len(fake.sent(u)) for u in (ALICE, BOB)}

    second = RunningBot(fake, store, grace=GRACE)
    await second.start()
    try:
        _v, table, state = await load(store, CHANNEL)
        other = deciding(table, state)
        await second.until(lambda: len(fake.sent(GROUP)) > group and menus(fake, other)
                           and menu_version(menus(fake, other)[-1]) == before + 1)
        told = fake.sent(GROUP)[group:]
        assert len(told) == 1 and told[0].photo is not None and fake.notified(told[0]) == [other]
        assert reply.public[0].text.split("\n")[0] in told[0].text  # the move's own narration
        await asyncio.sleep(GRACE + 1.0)  # several more looks at the outbox
        assert await store.undelivered(CHANNEL) == {}
        assert len(fake.sent(GROUP)) == group + 1
        assert len(fake.sent(other)) == privately[other] + 1 and len(fake.sent(player)) == privately[player]
        # and the game goes on from there, each move told once
        sent = len(fake.sent(GROUP))
        await press(second, menus(fake, other)[-1], other, "m:")
        await asyncio.sleep(GRACE + 1.0)
        assert len(fake.sent(GROUP)) == sent + 1 and await store.undelivered(CHANNEL) == {}
    finally:
        await second.close()


async def test_a_group_that_removed_the_bot_does_not_hold_the_game_back(bot, fake, store):
    """Nobody in the group can be told any more: the players still get their options, and the change counts as
    delivered (it is not told again and again)."""
    await started_duel(bot, store)
    fake.kick(GROUP)
    before, table, state = await load(store, CHANNEL)
    player = deciding(table, state)
    update = await press(bot, menus(fake, player)[-1], player, "m:")
    assert fake.answers(update["callback_query"]["id"]) and fake.refused()
    _v, table, state = await load(store, CHANNEL)
    assert _v == before + 1 and menu_version(menus(fake, deciding(table, state))[-1]) == before + 1
    assert await store.undelivered(CHANNEL) == {}
