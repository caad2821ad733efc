"""Telegram lets a bot send about 20 messages a minute to one group. A move costs the group one request (the new board
with the narration as its caption), and what waits for the group's limit is told together. Issue 11, item 5."""

from __future__ import annotations

from bot.telegram import ids
from tests.core.helpers import load
from tests.telegram.conftest import (
    ALICE, BOB, CHANNEL, GROUP, RunningBot, deciding, menu_version, menus, press, started_duel,
)


def group_requests(fake, mark: int) -> list:  # noqa: ANN001
    return [c for c in fake.since(mark) if c.chat_id == GROUP]


async def test_a_move_costs_the_group_one_request(bot, fake, store):
    await started_duel(bot, store)
    costs = []
    for _ in range(12):
        version, table, state = await load(store, CHANNEL)
        player, other = deciding(table, state), None
        mark = fake.mark()
        await press(bot, menus(fake, player)[-1], player, "m:")
        requests = group_requests(fake, mark)
        costs.append(len(requests))
        # the board and what happened, with whose turn it is, in one message that notifies them
        (sent,) = requests
        assert sent.method == "sendPhoto" and sent.params.get("caption")
        _v, table, state = await load(store, CHANNEL)
        other = deciding(table, state)
        assert fake.notified(fake.sent(GROUP)[-1]) == [other]
    assert costs == [1] * 12


async def test_moves_faster_than_the_group_limit_are_told_together(fake, store, monkeypatch):
    monkeypatch.setattr("bot.telegram.app.GROUP_PERIOD", 2.0, raising=False)
    bot = RunningBot(fake, store, group_max_rate=2)  # two messages per 2 s: one a second after a burst
    await bot.start()
    try:
        await started_duel(bot, store)
        await bot.settle()
        first, _t, _s = await load(store, CHANNEL)
        mark, last = fake.mark(), fake.sent(GROUP)[-1].message_id
        moves = 8
        for _ in range(moves):  # each move as soon as its menu arrives, without waiting for the group
            version, table, state = await load(store, CHANNEL)
            player = deciding(table, state)
            menu = menus(fake, player)[-1]
            assert menu_version(menu) == version
            fake.press(menu, player, "m:")
            await bot.until(lambda v=version: any(menus(fake, u) and menu_version(menus(fake, u)[-1]) == v + 1
                                                  for u in (ALICE, BOB)))
        await bot.settle()
        assert (await load(store, CHANNEL))[0] == first + moves
        requests = group_requests(fake, mark)
        assert len(requests) < moves and not fake.refused()
        # every move was told, in order, and the newest message is the board as it is now, naming who decides
        log = await bot.service.log(ids.caller(GROUP, ALICE, "Alice", "en"), str(moves))
        lines = [line.split(". ", 1)[1] for line in log.messages[0].text.split("\n")]
        told = " ".join((m.text or "").replace("\n", " ") for m in fake.sent(GROUP) if m.message_id > last)
        at = 0
        for line in lines:
            at = told.find(line, at)
            assert at >= 0, (line, told)
            at += len(line)
        _v, table, state = await load(store, CHANNEL)
        newest = fake.sent(GROUP)[-1]
        assert newest.photo is not None and fake.notified(newest) == [deciding(table, state)]
    finally:
        await bot.close()
