"""A basic group that Telegram upgrades to a supergroup gets a new chat id: its game, its memos and its timers follow
it, whether the bot learns it from the migration messages or from a send to the old id refused (ChatMigrated).
Buttons and links made for the old id keep working. Issue 11, item 2."""

from __future__ import annotations

from tests.core.helpers import load
from tests.telegram.conftest import (
    ALICE, deciding, menu_made, menus, press, say, started_duel,
)

OLD = -4001  # a basic group


async def game_in_old_group(bot, fake, store):  # noqa: ANN001, ANN201
    fake.add_group(OLD, "Duel night", basic=True)
    await started_duel(bot, store, chat=OLD)
    for _ in range(2):  # a few moves: a board to edit, memos to move
        _v, table, state = await load(store, f"tg:{OLD}")
        player = deciding(table, state)
        await press(bot, menus(fake, player)[-1], player, "m:")


def requests_to(fake, chat: int, mark: int) -> list:  # noqa: ANN001
    return [c for c in fake.since(mark) if c.chat_id == chat]


async def test_the_migration_messages_move_the_game_to_the_new_id(bot, fake, store):
    await game_in_old_group(bot, fake, store)
    before, table, state = await load(store, f"tg:{OLD}")
    await store.set_pref("channel", f"tg:{OLD}", "locale", "en")
    mark = fake.mark()
    new = fake.migrate(OLD, by=ALICE)
    await bot.settle()
    assert await store.load(f"tg:{OLD}") is None
    now, moved, _s = await load(store, f"tg:{new}")
    assert now == before and moved.id == table.id
    assert await store.get_prefs("channel", f"tg:{new}") == {"locale": "en"}
    # the player's menu was made for the old id: it plays in the group's game, which is told in the new chat
    player = deciding(table, state)
    await press(bot, menus(fake, player)[-1], player, "m:")
    assert (await load(store, f"tg:{new}"))[0] == before + 1
    assert not requests_to(fake, OLD, mark) and not fake.refused()
    told = fake.sent(new)
    _v, table, state = await load(store, f"tg:{new}")
    assert told and told[-1].photo is not None and fake.notified(told[-1]) == [deciding(table, state)]
    menu = menus(fake, deciding(table, state))[-1]
    assert menu_made(menu).version == before + 1
    assert all(b["callback_data"].startswith(f"m:{new}:") for b in menu.buttons)
    assert await store.undelivered(f"tg:{new}") == {}


async def test_a_send_to_the_old_id_moves_the_game_and_is_sent_again_to_the_new_one(bot, fake, store):
    await game_in_old_group(bot, fake, store)
    before, table, state = await load(store, f"tg:{OLD}")
    new = fake.migrate(OLD, announce=False)  # the bot has not heard of it
    player = deciding(table, state)
    await press(bot, menus(fake, player)[-1], player, "m:")
    assert fake.refused()  # the old id was refused once...
    assert await store.load(f"tg:{OLD}") is None
    assert (await load(store, f"tg:{new}"))[0] == before + 1  # ...and the game followed the group
    told = fake.sent(new)
    assert told and told[-1].photo is not None and fake.notified(told[-1])
    assert await store.undelivered(f"tg:{new}") == {}
    # the deep link of the old lobby leads to the game in its new chat
    _v, table, state = await load(store, f"tg:{new}")
    other = deciding(table, state)
    await say(bot, other, other, f"/start g{OLD}")
    assert menu_made(menus(fake, other)[-1]).version == before + 1 and len(menus(fake, other)) >= 2
    # later moves go straight to the new id
    refused = len(fake.refused())
    _v, table, state = await load(store, f"tg:{new}")
    player = deciding(table, state)
    await press(bot, menus(fake, player)[-1], player, "m:")
    assert (await load(store, f"tg:{new}"))[0] == before + 2 and len(fake.refused()) == refused
    # a command in the new chat finds its game
    await say(bot, new, ALICE, "/board")
    assert fake.sent(new)[-1].photo is not None and len(fake.refused()) == refused
