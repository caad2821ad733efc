"""Private information needs a private chat: the deep link at join, no start until everyone can be reached, and what
happens when a private chat refuses later (the user is marked unreachable, the group is told neutrally, the next
button press gets a pop-up, and the deep link brings everything back)."""

from __future__ import annotations

from tests.core.helpers import DUEL, load
from tests.fakes.telegram_server import BOT_USERNAME
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, GROUP, RunningBot, menu_version, menus, open_private_chats, press, say, started_duel,
    version,
)

LINK = f"https://t.me/{BOT_USERNAME}?start=g{GROUP}"


def link_button(message) -> str | None:
    return next((b["url"] for b in message.buttons if "url" in b), None)


async def test_a_player_without_a_private_chat_holds_the_start(bot, fake, store):
    await open_private_chats(bot, ALICE)
    await say(bot, GROUP, ALICE, "/new duel")
    await say(bot, GROUP, BOB, "/join")
    joined = fake.sent(GROUP)[-1]
    # the group is told who must still open the private chat, with the button that opens it
    assert "Борис joins" in joined.text and "open a private chat" in joined.text
    assert link_button(joined) == LINK
    before = await version(store)
    await say(bot, GROUP, ALICE, "/startgame")
    refused = fake.sent(GROUP)[-1]
    assert "Борис" in refused.text and link_button(refused) == LINK
    assert await version(store) == before and (await load(store, CHANNEL))[1].status == "lobby"
    assert not fake.sent(BOB)  # nothing was (or could be) sent to him
    # Борис follows the link: /start g<group> in his private chat
    await say(bot, BOB, BOB, f"/start g{GROUP}")
    assert await bot.service.can_reach(f"tg:{BOB}")
    assert len(fake.sent(BOB)) == 1  # the welcome (the game has not started: no menu yet)
    await say(bot, GROUP, ALICE, "/start")  # /start in a group is /startgame (the core's texts say /start)
    _v, table, state = await load(store, CHANNEL)
    assert table.status == "playing"
    first = int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))
    assert menu_version(menus(fake, first)[-1]) == await version(store)


async def test_a_private_chat_that_fails_later(bot, fake, store):
    await started_duel(bot, store)
    # play until it is Alice's turn; then Борис blocks the bot
    for _ in range(10):
        _v, table, state = await load(store, CHANNEL)
        if table.players[min(DUEL.active_seats(state))].user == f"tg:{ALICE}":
            break
        await press(bot, menus(fake, BOB)[-1], BOB, "m:")
    fake.block(BOB)
    before_group = len(fake.sent(GROUP))
    for _ in range(10):  # Alice moves until the turn passes to Борис
        _v, table, state = await load(store, CHANNEL)
        if table.players[min(DUEL.active_seats(state))].user == f"tg:{BOB}":
            break
        await press(bot, menus(fake, ALICE)[-1], ALICE, "m:")
    assert not await bot.service.can_reach(f"tg:{BOB}")
    notices = [m for m in fake.sent(GROUP)[before_group:] if "cannot write to you privately" in (m.text or "")]
    assert len(notices) == 1 and notices[0].mentions == [BOB] and link_button(notices[0]) == LINK
    # the notice is neutral: nothing of Борис's options
    assert "[" not in notices[0].text
    # Борис presses "my options" under the board: a pop-up tells him to open the private chat
    board = [m for m in fake.sent(GROUP) if m.photo is not None][-1]
    update = await press(bot, board, BOB, "h")
    alert = fake.answers(update["callback_query"]["id"])[-1]
    assert alert["show_alert"] and BOT_USERNAME in alert["text"] and len(alert["text"]) <= 200
    # he opens the chat again through the link: his current menu comes at once, and works
    await say(bot, BOB, BOB, f"/start g{GROUP}")
    current = await version(store)
    assert menu_version(menus(fake, BOB)[-1]) == current
    await press(bot, menus(fake, BOB)[-1], BOB, "m:")
    assert await version(store) == current + 1


async def test_an_answer_for_someone_the_bot_cannot_reach(bot, fake, store):
    await started_duel(bot, store)
    before = len(fake.sent(GROUP))
    await say(bot, GROUP, CAROL, "/status")  # Carla never opened a private chat
    new = fake.sent(GROUP)[before:]
    assert len(new) == 1 and "Carla" in new[0].text and link_button(new[0]) == LINK
    assert "Age" not in new[0].text and "Wonders" not in new[0].text  # a neutral note, not the status itself
    # once she opens the chat, the answer goes there and the group sees nothing
    await open_private_chats(bot, CAROL)
    before = len(fake.sent(GROUP))
    await say(bot, GROUP, CAROL, "/status")
    assert len(fake.sent(GROUP)) == before
    assert "Борис" in fake.sent(CAROL)[-1].text


async def test_the_real_pictures(fake, store):
    """With the real renderer: the board goes to the group and the player's own picture to their private chat."""
    bot = RunningBot(fake, store, renderer=None)
    await bot.start()
    try:
        await started_duel(bot, store)
        board = [m for m in fake.sent(GROUP) if m.photo is not None][-1]
        assert board.photo.startswith(b"\x89PNG") and len(board.photo) > 5000
        _v, table, state = await load(store, CHANNEL)
        first = int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))
        assert menus(fake, first)[-1].photo.startswith(b"\x89PNG")
    finally:
        await bot.close()
