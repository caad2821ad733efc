"""Every game the project registers can be played to its end in a Telegram group, only through the move buttons the
players receive in their private chats (its minimum number of players, random legal choices), with no menu ever in
the group."""

from __future__ import annotations

import random

import pytest

from bot.core.table import Table
from rules.registry import games
from tests.telegram.conftest import ALICE, BOB, CAROL, DAVE, GROUP, CHANNEL, menus, open_private_chats, press, say
from tests.telegram.test_game import group_has_no_private_information

PLAYERS = (ALICE, BOB, CAROL, DAVE)


@pytest.mark.parametrize("name", sorted(games()))
async def test_a_whole_game_through_the_private_menus(bot, fake, store, name):
    game = games()[name]
    seated = PLAYERS[:game.min_players]
    await open_private_chats(bot, *seated)
    await say(bot, GROUP, seated[0], f"/new {name}")
    for user in seated[1:]:
        await say(bot, GROUP, user, "/join")
    await say(bot, GROUP, seated[0], "/startgame")
    rng = random.Random(11)
    presses = stale = 0
    for _ in range(1500):
        stored = await store.load(CHANNEL)
        table = Table.model_validate_json(stored.doc)
        if table.status != "playing":
            break
        state = game.load(table.state)
        seat = rng.choice(sorted(game.active_seats(state)))
        user = int(table.players[seat].user.removeprefix("tg:"))
        for _attempt in range(2):
            menu = menus(fake, user)[-1]
            button = rng.choice([b for b in menu.buttons if b["callback_data"].startswith("m:")])
            await press(bot, menu, user, button["callback_data"])
            if (await store.load(CHANNEL)).version == stored.version + 1:
                break
            # Another player's draw revealed something since this menu was sent (Orléans' Phase 3): the refusal
            # brought the current menu, which the player uses.
            assert "older position" in fake.alerts()[-1]["text"], fake.alerts()[-1:]
            stale += 1
        assert (await store.load(CHANNEL)).version == stored.version + 1, fake.alerts()[-1:]
        presses += 1
    assert table.status == "finished" and presses > 10 and stale < presses / 4
    group_has_no_private_information(fake, [])
