"""Whole games through Telegram: the lobby, moves by buttons in private chats, the board edited in place in the group,
whose turn it is, and no hidden information anywhere but in the private chats."""

from __future__ import annotations

import html
import random
import re

from bot.games import presenters
from rules.registry import games
from bot.core.table import Table
from tests.core.helpers import DUEL, load
from tests.core.simultaneous_game import RpsGame, RpsPresenter
from tests.fakes.telegram_server import BOT_USERNAME
from tests.telegram.conftest import version as stored_version
from bot.telegram import ids
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, GROUP, menu_made, menu_version, menus, open_private_chats, press, say, started_duel,
)

MENU_LINE = re.compile(r"\[[a-z_]+:[a-z_:]+\]")  # "1. Build Baths  [build:baths]": a line of a private menu


def group_has_no_private_information(fake, private_texts: list[str]) -> None:
    for message in fake.sent(GROUP):
        assert not any(b.get("callback_data", "").startswith("m:") for b in message.buttons), message
        assert not MENU_LINE.search(message.text or ""), message.text
        for secret in private_texts:
            assert secret not in (message.text or ""), secret


async def test_a_whole_duel_game_by_buttons(bot, fake, store):
    await started_duel(bot, store)
    chooser = random.Random(7)
    boards_before, texts_before = len(fake.requests("sendPhoto", GROUP)), len(fake.requests("sendMessage", GROUP))
    moves = 0
    for _ in range(300):
        version, table, state = await load(store, CHANNEL)
        if table.status != "playing":
            break
        seat = min(DUEL.active_seats(state))
        player = int(table.players[seat].user.removeprefix("tg:"))
        other = ALICE if player == BOB else BOB
        # the player who must decide has this version's menu in their private chat; the other has none to use
        menu = menus(fake, player)[-1]
        assert menu_version(menu) == version
        assert not [m for m in menus(fake, other) if menu_version(m) == version]
        button = chooser.choice([b for b in menu.buttons if b["callback_data"].startswith("m:")])
        await press(bot, menu, player, button["callback_data"])
        assert (await load(store, CHANNEL))[0] == version + 1
        assert menu.reply_markup is None  # the used menu lost its buttons
        moves += 1
    _version, table, state = await load(store, CHANNEL)
    assert table.status == "finished" and DUEL.outcome(state).finished and moves == state.ply

    group = fake.sent(GROUP)
    # every move was told in the group by one message: the new board with the narration as its caption, mentioning
    # whoever had to decide next (Борис by a link, Alice as @alice); nothing was edited
    assert len(fake.requests("sendPhoto", GROUP)) == boards_before + moves
    assert not fake.requests("editMessageMedia", GROUP) and len(fake.requests("sendMessage", GROUP)) == texts_before
    narrations = [m for m in group if m.photo is not None][-moves:]
    assert all(m.text and m.edits == 0 for m in narrations)
    assert any(m.mentions == [BOB] for m in narrations)
    assert any("@alice" in (m.text or "") for m in narrations)
    assert "wins" in group[-1].text
    # the score sheet keeps its columns in a monospaced block, after the text; /status shows it too (privately)
    sheet = presenters()["duel"].score_sheet(DUEL.outcome(state), table.names)
    block = f"<pre>{html.escape(sheet, quote=False)}</pre>"
    assert group[-1].html.endswith(block) and group[-1].text.endswith(sheet)
    # the menus in private chats were in each player's language (Борис: ru)
    labels = [b["text"] for c in fake.requests(chat_id=BOB) for row in (c.params.get("reply_markup") or {}).get(
        "inline_keyboard", []) for b in row]
    assert any(label.startswith(("Построить", "Сбросить")) for label in labels)
    # the menu is the buttons: its numbered lines are not repeated in the text, so photo and text are one message
    assert not any(MENU_LINE.search(m.text or "") for m in fake.sent(BOB))
    assert not fake.requests("sendMessage", BOB)[1:]  # only the welcome was a text message
    private = [m.text or "" for chat in (ALICE, BOB) for m in fake.sent(chat)]
    library = [t.split("\n")[0] for t in private if "Library" in t.split("\n")[0] or "библиотек" in t.split("\n")[0]]
    group_has_no_private_information(fake, library)
    await say(bot, GROUP, BOB, "/status", lang="en")  # the finished game as text, privately, with the sheet
    assert fake.sent(BOB)[-1].html.endswith(block) and len(fake.sent(GROUP)) == len(group)


async def test_moves_typed_as_commands_and_the_board_on_request(bot, fake, store):
    await started_duel(bot, store)
    version, table, state = await load(store, CHANNEL)
    first = int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))
    move = DUEL.legal_moves(state, min(DUEL.active_seats(state)))[0].notation
    await say(bot, GROUP, first, f"/play {move}")
    assert (await load(store, CHANNEL))[0] == version + 1
    photos = len(fake.requests("sendPhoto", GROUP))
    await say(bot, GROUP, CAROL, "/board")
    # /board posts the board anew (a spectator may ask), as every move does
    assert len(fake.requests("sendPhoto", GROUP)) == photos + 1
    version, table, state = await load(store, CHANNEL)
    seat = min(DUEL.active_seats(state))
    player = int(table.players[seat].user.removeprefix("tg:"))
    await press(bot, menus(fake, player)[-1], player, "m:")
    assert (await load(store, CHANNEL))[0] == version + 1
    assert len(fake.requests("sendPhoto", GROUP)) == photos + 2


async def test_a_simultaneous_game_keeps_choices_secret_until_the_reveal(bot, fake, store):
    games()["rps"] = RpsGame()
    presenters()["rps"] = RpsPresenter()
    try:
        await open_private_chats(bot, ALICE, BOB, CAROL)
        await say(bot, GROUP, ALICE, "/new rps")
        await say(bot, GROUP, BOB, "/join")
        await say(bot, GROUP, CAROL, "/join")
        await say(bot, GROUP, ALICE, "/startgame")
        version = await stored_version(store)
        # every player got their own menu privately; the group got none
        for user in (ALICE, BOB, CAROL):
            assert menu_version(menus(fake, user)[-1]) == version
        await press(bot, menus(fake, ALICE)[-1], ALICE, "m:-")  # the first shape offered
        chosen = menus(fake, ALICE) == [] and fake.sent(ALICE)[-1]
        assert chosen  # Alice's own confirmation went to her private chat
        group_after_alice = fake.sent(GROUP)[-1].text
        assert "rock" not in group_after_alice and "Alice" in group_after_alice
        # Борис and Carla were not pushed their menus again while Alice chose
        assert len(fake.requests("sendPhoto", BOB)) == 1 and len(fake.requests("sendPhoto", CAROL)) == 1
        # their menus were made before Alice's choice, which moved the version but not their menus: they still work
        await press(bot, menus(fake, BOB)[-1], BOB, "m:")
        assert await stored_version(store) == version + 2
        await press(bot, menus(fake, CAROL)[-1], CAROL, "m:")
        assert "Revealed" in fake.sent(GROUP)[-1].text
        group_has_no_private_information(fake, [])
    finally:
        del games()["rps"]
        del presenters()["rps"]


async def test_the_lobby_offers_join_and_the_private_chat(bot, fake, store):
    await say(bot, GROUP, ALICE, "/new duel")
    lobby = fake.sent(GROUP)[-1]
    assert lobby.button("j") is not None
    link = next(b["url"] for b in lobby.buttons if "url" in b)
    assert link == f"https://t.me/{BOT_USERNAME}?start=g{GROUP}"
    await press(bot, lobby, BOB, "j")
    _v, table, _s = await load(store, CHANNEL)
    assert [p.name for p in table.players] == ["Alice", "Борис"]


async def test_a_whole_seven_wonders_game_by_buttons(bot, fake, store):
    """Three players draft at the same time: every hand only in its owner's private chat, and the group sees the
    picks only when they are revealed."""
    wonders = games()["wonders"]
    players = (ALICE, BOB, CAROL)
    await open_private_chats(bot, *players)
    await say(bot, GROUP, ALICE, "/new wonders")
    await say(bot, GROUP, BOB, "/join")
    await say(bot, GROUP, CAROL, "/join")
    await say(bot, GROUP, ALICE, "/startgame")
    chooser = random.Random(3)
    presses = 0
    for _ in range(400):
        stored = await store.load(CHANNEL)
        table = Table.model_validate_json(stored.doc)
        if table.status != "playing":
            break
        state = wonders.load(table.state)
        seat = chooser.choice(sorted(wonders.active_seats(state)))
        user = int(table.players[seat].user.removeprefix("tg:"))
        menu = menus(fake, user)[-1]
        button = chooser.choice([b for b in menu.buttons if b["callback_data"].startswith("m:")])
        await press(bot, menu, user, button["callback_data"])
        assert (await store.load(CHANNEL)).version == stored.version + 1, fake.alerts()[-1:]
        presses += 1
    assert table.status == "finished" and presses > 50
    # a secret choice while others still choose edits the latest narration instead of a new message (the group's
    # rate limit, and nobody is notified twice): per turn the revealed board, and one message saying who has chosen
    # since, not one per player
    assert fake.requests("editMessageText", GROUP)
    boards = [m for m in fake.sent(GROUP) if m.photo is not None]
    assert len(fake.sent(GROUP)) - len(boards) <= len(boards) + 3
    # each revealed board notifies whoever must choose; the message saying who has chosen since notifies nobody again
    assert all(fake.notified(m) for m in boards[:-1])
    statuses = [m for m in fake.sent(GROUP) if m.photo is None and "has chosen" in (m.text or "")]
    assert statuses and not any(fake.notified(m) for m in statuses)
    group_has_no_private_information(fake, [])
    # no hand ever reached the group: the group's messages carry no move buttons and no menus (checked above), and
    # each private menu went to its owner only
    for user in players:
        for call in fake.requests(chat_id=user):
            for row in (call.params.get("reply_markup") or {}).get("inline_keyboard", []):
                assert all(b.get("callback_data", "m:").startswith("m:") for b in row)


async def test_in_a_simultaneous_game_only_a_players_own_choice_makes_their_buttons_stale(bot, fake, store):
    games()["rps"] = RpsGame()
    presenters()["rps"] = RpsPresenter()
    try:
        await open_private_chats(bot, ALICE, BOB, CAROL)
        await say(bot, GROUP, ALICE, "/new rps")
        await say(bot, GROUP, BOB, "/join")
        await say(bot, GROUP, CAROL, "/join")
        await say(bot, GROUP, ALICE, "/startgame")
        version = await stored_version(store)
        await say(bot, GROUP, BOB, "/hand")  # Борис's options once more: two menus of the same decision
        bob_first, bob_second = menus(fake, BOB)
        carla_menu = menus(fake, CAROL)[-1]
        await press(bot, menus(fake, ALICE)[-1], ALICE, "m:")
        await say(bot, GROUP, ALICE, "/lang en")  # a message in the group between two secret choices
        said = fake.sent(GROUP)[-1]
        # Alice's secret choice changed her decision only: Борис's menus, made before it, are still his
        await press(bot, bob_second, BOB, "m:")
        assert await stored_version(store) == version + 2
        assert said.text == "From now on I speak English here." and said.edits == 0  # only narrations are edited
        assert any("Борис" in (m.text or "") and m.edits for m in fake.sent(GROUP))
        # ... until he chooses: his other menu is of a decision he has made, so it is refused, and nothing moves
        sent_before = len(fake.sent(BOB))
        update = await press(bot, bob_first, BOB, bob_first.buttons[1]["callback_data"])
        alert = fake.answers(update["callback_query"]["id"])[-1]
        assert alert["show_alert"] and "прежней позиции" in alert["text"]
        assert await stored_version(store) == version + 2
        assert bob_first.reply_markup is None  # the stale menu lost its buttons
        (now,) = fake.sent(BOB)[sent_before:]  # "here is the current one": he waits for Carla
        assert "Carla" in now.text and not now.buttons
        # Carla's menu is the oldest of all, and still her current decision: it plays and reveals the round
        await press(bot, carla_menu, CAROL, "m:")
        assert "Revealed" in fake.sent(GROUP)[-1].text and await stored_version(store) == version + 3
        group_has_no_private_information(fake, [])
    finally:
        del games()["rps"]
        del presenters()["rps"]


async def test_a_button_of_an_earlier_game_is_refused_even_at_the_same_version(bot, fake, store):
    await started_duel(bot, store)
    _v, table, state = await load(store, CHANNEL)
    user = int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))
    old = menus(fake, user)[-1]
    old_data = [b["callback_data"] for b in old.buttons]
    assert menu_made(old) == ids.Made(table.id, _v)
    await say(bot, GROUP, ALICE, "/abort")
    await say(bot, GROUP, ALICE, "/new duel")  # the same table again: a new game, whose versions start again at 1
    await say(bot, GROUP, BOB, "/join")
    await say(bot, GROUP, ALICE, "/startgame")
    current, new_table, state = await load(store, CHANNEL)
    assert current == _v and new_table.id != table.id  # the old buttons' version, another game
    assert int(new_table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:")) == user
    new = menus(fake, user)[-1]
    assert menu_made(new) == ids.Made(new_table.id, current)
    for button in new.buttons:  # the game id fits in Telegram's 64 bytes, the move by its place when it must
        assert button["callback_data"].startswith(f"m:{GROUP}:{new_table.id}:{current}:")
        assert len(button["callback_data"].encode()) <= ids.CALLBACK_LIMIT
    update = await press(bot, old, user, old_data[0])
    alert = fake.answers(update["callback_query"]["id"])[-1]
    assert alert["show_alert"] and ("older position" in alert["text"] or "прежней позиции" in alert["text"])
    assert await stored_version(store) == current
    assert old.reply_markup is None and menu_made(menus(fake, user)[-1]) == ids.Made(new_table.id, current)
    # a button made before game ids (m:<chat>:<version>:<menu>:<move>) is refused as well
    legacy = f"m:{GROUP}:{current}:1a2b3c:{old_data[0].split(':', 4)[4]}"
    update = await press(bot, menus(fake, user)[-1], user, legacy)
    assert fake.answers(update["callback_query"]["id"])[-1]["show_alert"]
    assert await stored_version(store) == current
    # the new game's current menu plays
    await press(bot, menus(fake, user)[-1], user, "m:")
    assert await stored_version(store) == current + 1


def test_callback_data_of_moves():
    made = ids.Made("0123abcdef", 12345)
    data = ids.move_data(-1001234567890, made, "build:baths", 3)
    assert data == "m:-1001234567890:0123abcdef:12345:build:baths"
    assert ids.parse_move_data(data) == ids.MoveButton(-1001234567890, made, "build:baths")
    long = "wonder:hanging_gardens:shipowners_guild"
    data = ids.move_data(-1001234567890, made, long, 41)
    assert data == "m:-1001234567890:0123abcdef:12345:#41" and len(data.encode()) <= ids.CALLBACK_LIMIT
    assert ids.parse_move_data(data) == ids.MoveButton(-1001234567890, made, None, 41)
    # made before game ids: of no game
    old = ids.parse_move_data("m:-1001234567890:12:ab12cd:build:baths")
    assert old is not None and old.made.game_id == ids.UNKNOWN_GAME
    assert ids.parse_move_data("m:nonsense") is None and ids.parse_move_data("h") is None
