"""Forum topics: each topic of a forum group is a table of its own, and everything the bot says about a game goes to
that game's topic (also when "General" is closed); buttons and links find the topic again. Issue 11, item 4."""

from __future__ import annotations

from bot.telegram import ids
from tests.core.helpers import load
from tests.fakes.telegram_server import BOT_USERNAME
from tests.telegram.conftest import (
    ALICE, CAROL, DAVE, deciding, menu_made, menus, open_private_chats, press, say, started_duel,
)

FORUM = -1009876543210


async def test_each_topic_has_its_own_game_and_hears_only_about_it(bot, fake, store):
    fake.add_group(FORUM, "Board games", forum=True)
    duels, night = fake.add_topic(FORUM, "Duels"), fake.add_topic(FORUM, "Friday night")
    fake.close_general(FORUM)
    first, second = f"tg:{FORUM}:{duels}", f"tg:{FORUM}:{night}"

    await say(bot, FORUM, ALICE, "/new duel", thread=duels)
    lobby = fake.sent(FORUM, duels)[-1]
    link = next(b["url"] for b in lobby.buttons if "url" in b)
    assert link == f"https://t.me/{BOT_USERNAME}?start=g{FORUM}_{duels}"
    await say(bot, FORUM, ALICE, "/abort", thread=duels)
    await started_duel(bot, store, chat=FORUM, thread=duels)
    await open_private_chats(bot, CAROL, DAVE, payload=f"g{FORUM}_{night}")
    await started_duel(bot, store, chat=FORUM, thread=night, players=(CAROL, DAVE))
    one, two = await load(store, first), await load(store, second)
    assert one[1].id != two[1].id and one[1].names == ["Alice", "Борис"] and two[1].names == ["Carla", "Dave"]

    # a move in each game: its topic is told, the other is not
    for channel, topic in ((first, duels), (second, night)):
        version, table, state = await load(store, channel)
        player = deciding(table, state)
        menu = menus(fake, player)[-1]
        assert all(b["callback_data"].startswith(f"m:{FORUM}_{topic}:{table.id}:") for b in menu.buttons)
        other_topic = night if topic == duels else duels
        others = len(fake.sent(FORUM, other_topic))
        await press(bot, menu, player, "m:")
        assert (await load(store, channel))[0] == version + 1
        assert fake.sent(FORUM, topic)[-1].photo is not None and fake.notified(fake.sent(FORUM, topic)[-1])
        assert len(fake.sent(FORUM, other_topic)) == others

    # "my options" under a board too old for Telegram to show the message: the button itself names the topic
    board = [m for m in fake.sent(FORUM, night) if m.photo is not None][-1]
    _v, table, state = await load(store, second)
    player = deciding(table, state)
    before = len(menus(fake, player))
    update = await press(bot, board, player, "h", inaccessible=True)
    (answer,) = fake.answers(update["callback_query"]["id"])
    assert not answer.get("show_alert")  # "sent to you privately", no refusal
    assert len(menus(fake, player)) == before + 1 and menu_made(menus(fake, player)[-1]) == ids.Made(table.id, _v)

    # nothing went to "General", and Telegram refused nothing
    assert not fake.sent(FORUM, None) and not fake.refused()
    assert all(c.params.get("message_thread_id") in (duels, night)
               for c in fake.requests() if c.chat_id == FORUM and c.method.startswith("send"))


async def test_a_game_in_general_stays_in_general(bot, fake, store):
    fake.add_group(FORUM, "Board games", forum=True)
    fake.add_topic(FORUM, "Duels")
    await started_duel(bot, store, chat=FORUM)
    _v, table, state = await load(store, f"tg:{FORUM}")
    player = deciding(table, state)
    await press(bot, menus(fake, player)[-1], player, "m:")
    assert fake.sent(FORUM) == fake.sent(FORUM, None) and not fake.refused()
    assert (await load(store, f"tg:{FORUM}"))[0] == _v + 1
