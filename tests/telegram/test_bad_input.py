"""Bad input gets a clear answer in the asker's language, and the stored game does not move."""

from __future__ import annotations

from tests.texts import translated
from tests.core.helpers import DUEL, load
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, GROUP, menus, open_private_chats, press, say, started_duel, version,
)


def not_a_player(locale: str) -> str:
    """The core's refusal for someone not seated, as its catalog words it for Telegram in ``locale``."""
    from bot.core.commands import command_names
    from bot.core.text import error_text
    from bot.i18n import use_locale

    with use_locale(locale):
        return error_text("error.not_a_player", command_names("telegram"))


async def answered(bot, store, chat: int, user: int, text: str, reader: int | None = None, **kw) -> str:
    """Say ``text``; the game must not move; returns the newest message in the reader's private chat."""
    before = await version(store)
    group_before = len(bot.fake.sent(GROUP))
    await say(bot, chat, user, text, **kw)
    assert await version(store) == before, text
    assert len(bot.fake.sent(GROUP)) == group_before, text  # answers to one person never go to the group
    return bot.fake.sent(reader or user)[-1].text


async def test_bad_commands_in_the_lobby(bot, fake, store):
    await open_private_chats(bot, ALICE, BOB, CAROL)
    assert "chess" in await answered(bot, store, GROUP, BOB, "/new chess")
    assert await version(store) is None
    await say(bot, GROUP, ALICE, "/new duel")
    assert "уже идёт партия" in await answered(bot, store, GROUP, BOB, "/new duel")  # Борис reads Russian
    no_arguments = translated("ru", "/{command} takes no arguments.").format(command="join")
    assert no_arguments in await answered(bot, store, GROUP, BOB, "/join now please")
    assert "Non sei a questo tavolo" in await answered(bot, store, GROUP, CAROL, "/leave")
    # why a game cannot start, like any refusal, is said to the asker (only players who must still open their
    # private chat are named in the group: see test_private_chats)
    assert "exactly 2" in await answered(bot, store, GROUP, ALICE, "/startgame")
    assert "создатель" in await answered(bot, store, GROUP, BOB, "/startgame")  # only the creator starts


async def test_bad_options_of_a_new_game(bot, fake, store):
    await open_private_chats(bot, ALICE)
    assert "nonsense" in await answered(bot, store, GROUP, ALICE, "/new duel nonsense")
    assert "wonders" in await answered(bot, store, GROUP, ALICE, "/new duel wonders=banana")
    assert await version(store) is None


async def test_bad_commands_during_a_game(bot, fake, store):
    await started_duel(bot, store)
    await open_private_chats(bot, CAROL)
    _v, table, state = await load(store, CHANNEL)
    waiting = BOB if table.players[min(DUEL.active_seats(state))].user == f"tg:{ALICE}" else ALICE
    deciding = ALICE if waiting == BOB else BOB
    text = await answered(bot, store, GROUP, waiting, "/play build:baths")
    assert "not your turn" in text or "Сейчас не ваш ход" in text
    assert "I did not understand" in await answered(bot, store, GROUP, deciding, "/play xyzzy", lang="en")
    assert "whole number" in await answered(bot, store, GROUP, ALICE, "/log lots")
    assert "whole number" in await answered(bot, store, GROUP, ALICE, "/log 0")
    assert "whole number" in await answered(bot, store, GROUP, ALICE, "/log ²")  # a digit, but no number
    assert "I did not understand" in await answered(bot, store, GROUP, deciding, "/play ²", lang="en")
    assert await answered(bot, store, GROUP, CAROL, "/hand") == not_a_player("it")
    assert await answered(bot, store, GROUP, CAROL, "/undo") == not_a_player("it")
    assert "создатель" in await answered(bot, store, GROUP, BOB, "/abort")  # only the creator (Alice) may
    assert "cannot leave" in await answered(bot, store, GROUP, ALICE, "/leave")
    assert "not understood" not in await answered(bot, store, GROUP, ALICE, "/lang xx")
    # commands that need a group, typed in a private chat
    for command in ("/new duel", "/play build:baths", "/hand", "/startgame", "/board"):
        assert "works in a group" in await answered(bot, store, ALICE, ALICE, command)


async def test_buttons_pressed_by_someone_else(bot, fake, store):
    await started_duel(bot, store)
    await open_private_chats(bot, CAROL)
    board = [m for m in fake.sent(GROUP) if m.photo is not None][-1]
    before = await version(store)
    # Carla, who is not playing, presses "my options" under the board: a pop-up in Italian
    update = await press(bot, board, CAROL, "h")
    alert = fake.answers(update["callback_query"]["id"])[-1]
    assert alert["show_alert"] and alert["text"] == not_a_player("it")
    # ... a move button made for a player (a forged or forwarded press): refused, nothing moves
    _v, table, state = await load(store, CHANNEL)
    deciding = int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))
    data = menus(fake, deciding)[-1].buttons[0]["callback_data"]
    update = await press(bot, board, CAROL, data)
    assert fake.answers(update["callback_query"]["id"])[-1]["text"] == not_a_player("it")
    # the player who waits presses the deciding player's button: not their turn (in Russian for Борис)
    waiting = ALICE if deciding == BOB else BOB
    update = await press(bot, board, waiting, data)
    text = fake.answers(update["callback_query"]["id"])[-1]["text"]
    assert "not your turn" in text or "Сейчас не ваш ход" in text
    # the join button of a running game
    lobby = fake.sent(GROUP)[0]
    update = await press(bot, lobby, CAROL, "j")
    assert fake.answers(update["callback_query"]["id"])[-1]["show_alert"]
    # a forged button whose version is a digit but no number: stale, nothing moves, no crash
    forged = data.split(":")
    forged[3] = "²"
    update = await press(bot, board, deciding, ":".join(forged))
    assert fake.answers(update["callback_query"]["id"])
    # nonsense data
    update = await press(bot, board, CAROL, "zz:top")
    assert fake.answers(update["callback_query"]["id"])
    assert await version(store) == before
    assert not [m for m in fake.sent(GROUP) if not_a_player("it") in (m.text or "")]


async def test_edited_commands_are_not_run_again(bot, fake, store):
    await open_private_chats(bot, ALICE)
    await say(bot, GROUP, ALICE, "/new duel", edited=True)
    assert await version(store) is None


async def test_the_group_language(bot, fake, store):
    await open_private_chats(bot, ALICE, BOB)
    await say(bot, GROUP, ALICE, "/lang it")
    assert fake.sent(GROUP)[-1].text.startswith("D'ora in poi") or "italiano" in fake.sent(GROUP)[-1].text
    await say(bot, GROUP, ALICE, "/new duel")
    await say(bot, GROUP, BOB, "/join")  # Борис reads Russian, the group Italian
    assert fake.sent(GROUP)[-1].text.startswith("Борис si siede al tavolo")
    await say(bot, GROUP, BOB, "/lang me en")
    assert "English" in fake.sent(BOB)[-1].text


async def test_a_move_that_fits_several_gets_a_menu_of_them(bot, fake, store):
    await open_private_chats(bot, ALICE, BOB)
    await say(bot, GROUP, ALICE, "/new duel wonders=preset first_player=0")
    await say(bot, GROUP, BOB, "/join")
    await say(bot, GROUP, ALICE, "/startgame")
    before = await version(store)
    _v, table, _s = await load(store, CHANNEL)
    text = await answered(bot, store, GROUP, ALICE, "/play tavern")  # build it or discard it?
    assert "fits several moves" in text
    menu = menus(fake, ALICE)[-1]
    data = [b["callback_data"] for b in menu.buttons]
    assert len(data) == 2 and all(d.startswith(f"m:{GROUP}:{table.id}:{before}:") for d in data)
    await press(bot, menu, ALICE, data[0])
    assert await version(store) == before + 1
