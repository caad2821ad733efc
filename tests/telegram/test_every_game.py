"""Every game the project registers can be played to its end in a Telegram group, only through the move buttons the
players receive in their private chats (its minimum number of players, a random legal game planned with the engine:
``tests.whole_game``), with no menu ever in the group."""

from __future__ import annotations

import pytest

from bot.core.table import Table
from bot.telegram import ids
from rules.registry import games
from tests.fakes.telegram_server import SentMessage
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, DAVE, GROUP, menu_made, menus, open_private_chats, press, say,
)
from tests.telegram.test_game import group_has_no_private_information
from tests.whole_game import option_index, plan, skip

PLAYERS = (ALICE, BOB, CAROL, DAVE)


def button_for(fake, user: int, notation: str, index: int) -> tuple[SentMessage, str]:  # noqa: ANN001
    """The message and the callback data of the button of a move in ``user``'s latest menu (a menu of more than 100
    moves takes several messages, all made for the same version)."""
    latest = menus(fake, user)
    assert latest, f"no menu in the private chat of {user}"
    made = menu_made(latest[-1])
    for message in (m for m in latest if menu_made(m) == made):
        for button in message.buttons:
            pressed = ids.parse_move_data(button.get("callback_data", ""))
            if pressed is not None and (pressed.move == notation or pressed.index == index):
                return message, button["callback_data"]
    raise AssertionError(f"the menu of {user} does not offer {notation}")


@pytest.mark.parametrize("name", sorted(games()))
async def test_a_whole_game_through_the_private_menus(bot, fake, store, name):
    game = games()[name]
    seated = PLAYERS[:game.min_players]
    await open_private_chats(bot, *seated)
    await say(bot, GROUP, seated[0], f"/new {name}")
    for user in seated[1:]:
        await say(bot, GROUP, user, "/join")
    await say(bot, GROUP, seated[0], "/startgame")
    table = Table.model_validate_json((await store.load(CHANNEL)).doc)
    route = plan(game, game.load(table.state), seed=11)
    presses = stale = 0
    for number, (seat, move) in enumerate(route.moves):
        user = int(table.players[seat].user.removeprefix("tg:"))
        if number in route.skipped:
            if number == route.skipped.start:
                await skip(store, CHANNEL, game, route.moves[number:route.skipped.stop])
            continue
        if number and number == route.skipped.stop:
            # After the skipped moves the player asks for their options under the group's latest board.
            board = [m for m in fake.sent(GROUP) if any(b.get("callback_data") == "h" for b in m.buttons)][-1]
            await press(bot, board, user, "h")
        stored = await store.load(CHANNEL)
        table = Table.model_validate_json(stored.doc)
        assert table.status == "playing"
        state = game.load(table.state)
        index = option_index(game, state, seat, move)
        for _attempt in range(2):
            menu, data = button_for(fake, user, move.notation, index)
            await press(bot, menu, user, data)
            if (await store.load(CHANNEL)).version == stored.version + 1:
                break
            # Another player's draw revealed something since this menu was sent (Orléans' Phase 3): the refusal
            # brought the current menu, which the player uses.
            assert "older position" in fake.alerts()[-1]["text"], fake.alerts()[-1:]
            stale += 1
        assert (await store.load(CHANNEL)).version == stored.version + 1, fake.alerts()[-1:]
        presses += 1
    table = Table.model_validate_json((await store.load(CHANNEL)).doc)
    assert table.status == "finished" and presses > 10 and stale < presses / 4
    assert presses == len(route.moves) - len(route.skipped)
    group_has_no_private_information(fake, [])
