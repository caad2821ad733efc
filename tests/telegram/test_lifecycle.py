"""The bot's life: the command menus, a restart in the middle of a game, an update delivered twice, webhook mode."""

from __future__ import annotations

import asyncio
import socket

import httpx
import redis.asyncio as aredis

from storage import GameStore
from tests.core.helpers import DUEL, load
from tests.telegram.conftest import (
    ALICE, BOB, CHANNEL, GROUP, RunningBot, menu_version, menus, open_private_chats, press, say, started_duel,
    version,
)


async def test_the_command_menus_are_published_per_language(bot, fake):
    calls = fake.requests("setMyCommands")
    seen = {(c.params["scope"]["type"], c.params.get("language_code")) for c in calls}
    assert seen == {(scope, lang) for scope in ("all_group_chats", "all_private_chats") for lang in (None, "ru", "it")}
    group = next(c.params["commands"] for c in calls if c.params["scope"]["type"] == "all_group_chats")
    names = {c["command"] for c in group}
    assert {"new", "join", "leave", "startgame", "board", "hand", "play", "status", "log", "abort", "undo", "lang",
            "rules"} <= names
    private = next(c.params["commands"] for c in calls if c.params["scope"]["type"] == "all_private_chats")
    assert "start" in {c["command"] for c in private}


def deciding_user(table, state) -> int:
    return int(table.players[min(DUEL.active_seats(state))].user.removeprefix("tg:"))


async def test_a_restart_in_the_middle_of_a_game(fake, store, redis_url):
    first = RunningBot(fake, store)
    await first.start()
    await started_duel(first, store)
    old_menus = []
    for _ in range(4):
        _v, table, state = await load(store, CHANNEL)
        user = deciding_user(table, state)
        menu = menus(fake, user)[-1]
        old_menus.append((user, menu, [b["callback_data"] for b in menu.buttons]))
        await press(first, menu, user, "m:")
    await first.close()

    # a new process: its own Redis connection, its own service, a new Application, the same Telegram
    client = aredis.Redis.from_url(redis_url, decode_responses=True)
    second = RunningBot(fake, GameStore(client, namespace=store.namespace))
    await second.start()
    try:
        current = await version(store)
        _v, table, state = await load(store, CHANNEL)
        user = deciding_user(table, state)
        menu = menus(fake, user)[-1]
        assert menu_version(menu) == current  # made by the first process
        # a button of an older version is refused with a pop-up, and nothing moves
        old_user, old_menu, old_data = old_menus[0]
        update = await press(second, old_menu, old_user, old_data[0])
        alert = fake.answers(update["callback_query"]["id"])[-1]
        assert alert["show_alert"] and ("older position" in alert["text"] or "прежней позиции" in alert["text"])
        assert await version(store) == current
        # the current button still works, and the group sees the new board
        boards = len([m for m in fake.sent(GROUP) if m.photo is not None])
        await press(second, menu, user, "m:")
        assert await version(store) == current + 1
        assert len([m for m in fake.sent(GROUP) if m.photo is not None]) == boards + 1
    finally:
        await second.close()
        await client.aclose()


async def test_an_update_delivered_twice_is_applied_once(bot, fake, store):
    await open_private_chats(bot, ALICE, BOB)
    await say(bot, GROUP, ALICE, "/new duel")
    join = await say(bot, GROUP, BOB, "/join")
    fake.redeliver(join)
    await bot.settle()
    _v, table, _s = await load(store, CHANNEL)
    assert [p.name for p in table.players] == ["Alice", "Борис"]
    assert sum("joins" in (m.text or "") for m in fake.sent(GROUP)) == 1
    await say(bot, GROUP, ALICE, "/startgame")
    current = await version(store)
    _v, table, state = await load(store, CHANNEL)
    user = deciding_user(table, state)
    mark = fake.mark()
    pressed = await press(bot, menus(fake, user)[-1], user, "m:")
    sent = len(fake.since(mark))
    fake.redeliver(pressed)
    await bot.settle()
    assert await version(store) == current + 1
    assert len(fake.since(mark)) == sent  # the second delivery sent nothing at all (no refusal either)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_webhook_mode(fake, store):
    port = free_port()
    bot = RunningBot(fake, store, webhook_url="https://bot.example.invalid/telegram", webhook_listen="127.0.0.1",
                     webhook_port=port, webhook_secret="s3cret")
    await bot.start()
    try:
        assert fake.webhook["url"] == "https://bot.example.invalid/telegram"
        assert fake.webhook["secret_token"] == "s3cret"
        assert not fake.requests("getUpdates")
        update = fake.command(GROUP, ALICE, "/new duel")
        fake._pending.clear()  # delivered by webhook below, not by polling
        async with httpx.AsyncClient() as http:
            wrong = await http.post(f"http://127.0.0.1:{port}/telegram", json=update,
                                    headers={"X-Telegram-Bot-Api-Secret-Token": "guess"})
            assert wrong.status_code == 403
            right = await http.post(f"http://127.0.0.1:{port}/telegram", json=update,
                                    headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"})
            assert right.status_code == 200
            await bot.until(lambda: bot.processor.finished >= 1)
            again = await http.post(f"http://127.0.0.1:{port}/telegram", json=update,  # Telegram retries
                                    headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret"})
            assert again.status_code == 200
            await bot.until(lambda: bot.processor.finished >= 2)
        assert (await load(store, CHANNEL))[1].game == "duel"
        assert sum("opens a table" in (m.text or "") for m in fake.sent(GROUP)) == 1
    finally:
        await bot.close()


async def test_webhook_mode_without_a_configured_secret_refuses_forged_updates(fake, store, caplog):
    """With no secret set, the bot makes one up, gives it to Telegram and refuses any update that lacks it: a POST
    claiming to be the creator typing /abort changes nothing. Issue 11, item 3."""
    port = free_port()
    bot = RunningBot(fake, store, webhook_url="https://bot.example.invalid/telegram", webhook_listen="127.0.0.1",
                     webhook_port=port)
    with caplog.at_level("INFO", logger="bot.telegram"):
        await bot.start()
    try:
        secret = fake.webhook.get("secret_token")
        url = f"http://127.0.0.1:{port}/telegram"
        async with httpx.AsyncClient() as http:
            # the forged update comes first: nothing is there to abort, and nothing may be created by it either
            forged = fake.command(GROUP, ALICE, "/new duel")
            fake._pending.clear()
            assert (await http.post(url, json=forged)).status_code == 403
            assert (await http.post(url, json=forged, headers={"X-Telegram-Bot-Api-Secret-Token": "guess"})
                    ).status_code == 403
            assert await version(store) is None
            # Telegram knows the secret: its update is taken
            assert secret and len(secret) >= 32
            assert any("generated" in r.getMessage() for r in caplog.records)
            update = fake.command(GROUP, ALICE, "/new duel")
            fake._pending.clear()
            right = await http.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": secret})
            assert right.status_code == 200
            await bot.until(lambda: bot.processor.finished >= 1)
            assert (await load(store, CHANNEL))[1].status == "lobby"
            abort = fake.command(GROUP, ALICE, "/abort")
            fake._pending.clear()
            assert (await http.post(url, json=abort)).status_code == 403
            await asyncio.sleep(0.2)
        assert (await load(store, CHANNEL))[1].status == "lobby" and bot.processor.finished == 1
    finally:
        await bot.close()
