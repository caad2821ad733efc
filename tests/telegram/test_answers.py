"""A button press is answered at once, and a press whose answer Telegram refuses (too late: "query is too old") is
delivered all the same: the board and the narration in the group, the next player's options in their private chat.
Issue 11, item 1."""

from __future__ import annotations

import time

from bot.games import presenters
from bot.telegram.handlers import Handlers
from rules.registry import games
from tests.core.helpers import load
from tests.core.simultaneous_game import RpsGame, RpsPresenter
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, GROUP, RunningBot, deciding, menu_version, menus, open_private_chats, press, say,
    started_duel, tiny_png, version,
)


async def test_a_press_whose_answer_is_refused_is_delivered_all_the_same(bot, fake, store):
    await started_duel(bot, store)
    fake.answer_timeout = 0.0  # every answer comes too late
    current, table, state = await load(store, CHANNEL)
    player = deciding(table, state)
    group_before = len(fake.sent(GROUP))
    menu = menus(fake, player)[-1]
    data = menu.buttons[0]["callback_data"]
    update = await press(bot, menu, player, data)
    assert fake.refused("answerCallbackQuery")  # Telegram said "query is too old"
    assert not fake.answers(update["callback_query"]["id"])
    assert await version(store) == current + 1
    _v, table, state = await load(store, CHANNEL)
    other = deciding(table, state)
    # the group saw the move and whose turn it is; the next player got their options
    new = fake.sent(GROUP)[group_before:]
    assert new and new[-1].photo is not None and fake.notified(new[-1]) == [other]
    assert menu_version(menus(fake, other)[-1]) == current + 1
    # a refusal that cannot be a pop-up goes to the private chat
    privately = len(fake.sent(player))
    await press(bot, menu, player, data)  # the same button again: stale
    assert await version(store) == current + 1
    assert any("older position" in (m.text or "") or "прежней позиции" in (m.text or "")
               for m in fake.sent(player)[privately:])


def slow_png(view, names) -> bytes:  # noqa: ANN001
    time.sleep(1.5)
    return tiny_png(view, names)


async def test_a_press_is_answered_before_the_work_that_follows_it(fake, store, monkeypatch):
    """Drawing the board takes longer than Telegram waits for an answer: the press is answered first."""
    monkeypatch.setattr(Handlers, "answer_within", 0.2, raising=False)
    bot = RunningBot(fake, store)
    await bot.start()
    try:
        await started_duel(bot, store)
        bot.service.compose.renderers["board"] = slow_png
        fake.answer_timeout = 1.0
        current, table, state = await load(store, CHANNEL)
        player = deciding(table, state)
        update = await press(bot, menus(fake, player)[-1], player, "m:")
        assert fake.answers(update["callback_query"]["id"]) and not fake.refused("answerCallbackQuery")
        assert await version(store) == current + 1
        assert fake.sent(GROUP)[-1].photo is not None
    finally:
        await bot.close()


async def test_a_rate_limit_pause_does_not_hold_the_answers(bot, fake, store):
    """After a RetryAfter the rate limiter holds every request of the process for a while; an answer must not
    wait for it (it would come too late, and its press would be lost)."""
    games()["rps"] = RpsGame()
    presenters()["rps"] = RpsPresenter()
    try:
        await open_private_chats(bot, ALICE, BOB, CAROL)
        await say(bot, GROUP, ALICE, "/new rps")
        await say(bot, GROUP, BOB, "/join")
        await say(bot, GROUP, CAROL, "/join")
        await say(bot, GROUP, ALICE, "/startgame")
        current = await version(store)
        fake.group_limit = (1, 2.0)
        fake.answer_timeout = 0.5
        await say(bot, GROUP, CAROL, "/board")  # the group's one message of the window
        fake.press(menus(fake, ALICE)[-1], ALICE, "m:")  # its narration is refused: retry after 2 s
        await fake.wait_for(lambda: fake.refused("sendMessage") or fake.refused("editMessageText"))
        update = await press(bot, menus(fake, BOB)[-1], BOB, "m:")  # pressed during the pause
        assert fake.answers(update["callback_query"]["id"]) and not fake.refused("answerCallbackQuery")
        assert await version(store) == current + 2
        narration = fake.sent(GROUP)[-1].text or ""
        assert "Борис" in narration and "Carla" in narration  # what is still awaited, after both choices
    finally:
        del games()["rps"]
        del presenters()["rps"]
