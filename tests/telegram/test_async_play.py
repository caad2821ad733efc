"""Asynchronous play through Telegram (issue 15): ``/away`` and ``/back``, the table's votes about a player whose time
ran out, ``/reminder`` and ``/quiet``, ``/mygames`` and ``/export``, and what the tables' timers do, delivered by the
bot's own timer loop (``run_telegram``) with a fake clock: a reminder in the group that mentions the player and in
their private chat with a button to the group, the news of a clock that ran out, the bot's moves for absent players.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

import pytest

from bot.core.commands import command_names
from bot.core.text import refusal_text
from bot.core.timing import HOUR, STANDIN_DELAY
from bot.i18n import use_locale
from bot.telegram import ids
from storage import GameStore
from tests.core.helpers import DUEL, load
from tests.fakes.telegram_server import FakeTelegram, SentMessage
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, DAVE, GROUP, RunningBot, menus, open_private_chats, say, version,
)

LINK = "https://t.me/c/1234567890"  # GROUP (-1001234567890) as a link


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def bot(fake: FakeTelegram, store: GameStore, clock: Clock) -> AsyncIterator[RunningBot]:
    running = RunningBot(fake, store, clock=clock, timer_poll=0.02)
    await running.start()
    yield running
    await running.close()


def refusal(code: str, locale: str, **params: object) -> str:
    """The core's refusal ``code`` as Telegram users read it in ``locale``."""
    with use_locale(locale):
        return refusal_text(code, dict(params), "telegram")


async def duel(bot: RunningBot, store: GameStore, options: str = "") -> None:
    """Alice opens a Duel (she plays first), Борис joins, Alice starts; they (and Carla, who watches) opened their
    private chats."""
    await open_private_chats(bot, ALICE, BOB, CAROL)
    await say(bot, GROUP, ALICE, f"/new duel wonders=preset first_player=0 {options}".strip())
    await say(bot, GROUP, BOB, "/join")
    await say(bot, GROUP, ALICE, "/startgame")
    _v, table, _s = await load(store, CHANNEL)
    assert table.status == "playing"


async def refused(bot: RunningBot, store: GameStore, chat: int, user: int, text: str) -> str:
    """Say ``text``; nothing changes and the group hears nothing; the newest message in the asker's private chat."""
    before, group_before = await version(store), len(bot.fake.sent(GROUP))
    await say(bot, chat, user, text)
    assert await version(store) == before, text
    assert len(bot.fake.sent(GROUP)) == group_before, text
    return bot.fake.sent(user)[-1].text or ""


async def group_says(bot: RunningBot, words: str) -> SentMessage:
    """Wait until the group gets a message with ``words`` (the timers fire in the background); that message."""
    def found() -> list[SentMessage]:
        return [m for m in bot.fake.sent(GROUP) if words in (m.text or "")]

    await bot.until(lambda: bool(found()))
    return found()[-1]


async def test_away_and_back(bot, fake, store, clock):
    await duel(bot, store)
    assert "takes no arguments" in await refused(bot, store, GROUP, ALICE, "/away for a while")
    assert await refused(bot, store, GROUP, BOB, "/back") == refusal("error.not_away", "ru")  # Борис plays
    assert await refused(bot, store, GROUP, CAROL, "/away") == refusal("error.not_a_player", "it",
                                                                        **command_names("telegram"))
    before = await version(store)
    await say(bot, GROUP, ALICE, "/away")
    assert fake.sent(GROUP)[-1].text == ("Alice is away: the bot plays for them until they come back (/back).")
    assert await version(store) == before + 1
    _v, table, _s = await load(store, CHANNEL)
    assert table.players[0].standin
    assert "already playing for you" in await refused(bot, store, GROUP, ALICE, "/away")
    # it is Alice's turn: the bot plays it for her a moment later, told like any move; Борис gets his options
    photos, bob_menus = len(fake.requests("sendPhoto", GROUP)), len(menus(fake, BOB))
    clock.advance(STANDIN_DELAY + 1)
    await bot.until(lambda: len(fake.requests("sendPhoto", GROUP)) > photos and len(menus(fake, BOB)) > bob_menus)
    assert await version(store) == before + 2
    _v, table, state = await load(store, CHANNEL)
    assert DUEL.active_seats(state) == {1}
    # Alice is back: the board, and she plays again
    await say(bot, GROUP, ALICE, "/back")
    assert "Alice is back and plays again." in fake.sent(GROUP)[-1].text and fake.sent(GROUP)[-1].photo
    _v, table, _s = await load(store, CHANNEL)
    assert not table.players[0].standin
    assert await refused(bot, store, GROUP, ALICE, "/back") == refusal("error.not_away", "en")


async def test_a_reminder_reaches_the_group_and_the_private_chat(bot, fake, store, clock):
    await duel(bot, store, "reminder=1h")
    clock.advance(HOUR - 60)
    private_before = len(fake.sent(ALICE))
    group_before = len(fake.sent(GROUP))
    clock.advance(61)
    reminder = await group_says(bot, "is waiting for you")
    assert reminder.text.startswith("Alice, the game of 7 Wonders Duel is waiting for you.")
    assert fake.notified(reminder) == [ALICE]  # a mention: @alice
    assert len(fake.sent(GROUP)) == group_before + 1
    await bot.until(lambda: len(fake.sent(ALICE)) > private_before)
    private = fake.sent(ALICE)[-1]
    assert "Duel night" in private.text and "/hand" in private.text  # where, and how to see the options
    assert [(b["text"], b.get("url")) for b in private.buttons] == [("Go to the game", LINK)]
    assert not [m for m in fake.sent(BOB) if any(b.get("url") for b in m.buttons)]  # Борис, who waits: no reminder
    # once: later looks of the timer loop find nothing more
    clock.advance(60)
    await asyncio.sleep(0.2)
    assert len([m for m in fake.sent(GROUP) if "is waiting for you" in (m.text or "")]) == 1
    # the creator turns them off; an hour later nobody is reminded
    await say(bot, GROUP, ALICE, "/reminder off")
    assert fake.sent(GROUP)[-1].text == "Alice turns the reminders off."
    clock.advance(3 * HOUR)
    await say(bot, GROUP, CAROL, "/board")  # a round trip for the timer loop to have looked meanwhile
    assert len([m for m in fake.sent(GROUP) if "is waiting for you" in (m.text or "")]) == 1


async def test_reminder_and_quiet_commands(bot, fake, store):
    await duel(bot, store)
    assert "is reminded" in await refused(bot, store, GROUP, ALICE, "/reminder")  # the delay, privately
    assert await refused(bot, store, GROUP, BOB, "/reminder 2h") == refusal("error.creator_only", "ru", name="Alice")
    assert "-3h" in await refused(bot, store, GROUP, ALICE, "/reminder -3h")
    before = await version(store)
    await say(bot, GROUP, ALICE, "/reminder 2h")
    assert fake.sent(GROUP)[-1].text.startswith("Alice sets the reminders: after 2")
    assert await version(store) == before + 1
    # quiet hours: the player's own, in the group (answered privately) or in the private chat
    assert "no quiet hours" in await refused(bot, store, GROUP, ALICE, "/quiet")
    assert await refused(bot, store, GROUP, ALICE, "/quiet 22-8 Europe/Rome") == (
        "Your quiet hours: 22:00-08:00 Europe/Rome. Reminders wait until they end.")
    await say(bot, ALICE, ALICE, "/quiet")
    assert fake.sent(ALICE)[-1].text == "Your quiet hours: 22:00-08:00 Europe/Rome."
    await say(bot, ALICE, ALICE, "/quiet whenever Mars/Olympus")
    assert "whenever" in fake.sent(ALICE)[-1].text
    await say(bot, ALICE, ALICE, "/quiet")
    assert fake.sent(ALICE)[-1].text == "Your quiet hours: 22:00-08:00 Europe/Rome."  # unchanged
    await say(bot, ALICE, ALICE, "/quiet off")
    assert fake.sent(ALICE)[-1].text.startswith("Quiet hours off")
    # the table's commands need the group
    for command in ("/reminder 1h", "/away", "/back", "/skip", "/standin", "/kick", "/export"):
        assert "works in a group" in await refused(bot, store, ALICE, ALICE, command), command


async def test_the_table_votes_about_a_player_out_of_time(bot, fake, store, clock):
    await duel(bot, store, "clock=12h reminder=off")
    # nobody's time ran out yet: nothing to decide
    assert await refused(bot, store, GROUP, BOB, "/skip") == refusal("error.nobody_expired", "ru")
    clock.advance(12 * HOUR + 1)
    news = await group_says(bot, "time ran out")
    assert news.text.startswith("Alice's time ran out.") and "/skip" in news.text and "/standin" in news.text
    assert fake.notified(news) == [BOB]  # the players who decide are told
    # votes by a non-player, by the player out of time, about nobody at the table: refused, nothing changes
    assert await refused(bot, store, GROUP, CAROL, "/skip") == refusal("error.not_a_player", "it",
                                                                        **command_names("telegram"))
    assert await refused(bot, store, GROUP, ALICE, "/skip") == refusal("error.vote_self", "en",
                                                                        **command_names("telegram"))
    assert await refused(bot, store, GROUP, BOB, "/skip @nobody") == refusal("error.unknown_player", "ru",
                                                                              name="@nobody")
    # Борис names her by her @username: the other player's majority decides at once in a 2-player game
    before, photos = await version(store), len(fake.requests("sendPhoto", GROUP))
    await say(bot, GROUP, BOB, "/skip @alice")
    decided = [m for m in fake.sent(GROUP) if m.photo is None][-1]
    assert decided.text == "The bot makes Alice's current decision for them."
    # a moment after the decision was told, the bot makes her move, told like any move
    clock.advance(STANDIN_DELAY + 1)
    await bot.until(lambda: len(fake.requests("sendPhoto", GROUP)) > photos)
    assert await version(store) == before + 2
    _v, table, state = await load(store, CHANNEL)
    assert DUEL.active_seats(state) == {1} and not table.players[0].standin  # once: she plays on herself


async def test_a_player_removed_by_the_table(bot, fake, store, clock):
    await duel(bot, store, "clock=12h reminder=off")
    clock.advance(12 * HOUR + 1)
    await group_says(bot, "time ran out")
    photos = len(fake.requests("sendPhoto", GROUP))
    await say(bot, GROUP, BOB, "/kick alice")  # her name, in any case
    await group_says(bot, "Alice was removed from the table: the bot plays for them.")
    clock.advance(STANDIN_DELAY + 1)
    await bot.until(lambda: len(fake.requests("sendPhoto", GROUP)) > photos)  # the bot plays her turn
    _v, table, _s = await load(store, CHANNEL)
    assert table.players[0].kicked
    kicked = refusal("error.kicked", "en")
    assert await refused(bot, store, GROUP, ALICE, "/back") == kicked
    assert await refused(bot, store, GROUP, ALICE, "/away") == kicked


async def test_my_games(bot, fake, store):
    await open_private_chats(bot, DAVE)
    await say(bot, DAVE, DAVE, "/mygames")
    assert fake.sent(DAVE)[-1].text == "You are not playing any game now."
    await duel(bot, store)
    await say(bot, ALICE, ALICE, "/mygames")
    text = fake.sent(ALICE)[-1].text
    assert text.startswith("Your games:")
    assert "7 Wonders Duel — Duel night: your turn — " + LINK in text  # the group's title, and its link
    # in the group: answered privately (in Борис's language), the group hears nothing
    group_before = len(fake.sent(GROUP))
    await say(bot, GROUP, BOB, "/mygames")
    assert len(fake.sent(GROUP)) == group_before
    assert "Duel night" in fake.sent(BOB)[-1].text and LINK in fake.sent(BOB)[-1].text
    assert "Alice" in fake.sent(BOB)[-1].text  # whose turn it is
    assert "takes no arguments" in await refused(bot, store, GROUP, ALICE, "/mygames all")


async def test_export_sends_the_finished_game_as_a_file(bot, fake, store):
    await duel(bot, store)
    assert await refused(bot, store, GROUP, BOB, "/export") == refusal("error.no_record", "ru")
    # the game is played to its end (straight through the service: the moves' messages are not the point here)
    for _ in range(400):
        _v, table, state = await load(store, CHANNEL)
        if table.status != "playing":
            break
        seat = min(DUEL.active_seats(state))
        user = int(table.players[seat].user.removeprefix("tg:"))
        move = DUEL.legal_moves(state, seat)[0].notation
        reply = await bot.service.play(ids.caller(GROUP, user, table.names[seat]), move)
        assert reply.ok
        await bot.service.delivered(CHANNEL, reply.delivery)
    assert table.status == "finished"
    group_before, documents = len(fake.sent(GROUP)), len(fake.requests("sendDocument"))
    await say(bot, GROUP, BOB, "/export")
    assert len(fake.sent(GROUP)) == group_before  # to the asker alone
    assert len(fake.requests("sendDocument")) == documents + 1
    sent = next(m for m in fake.sent(BOB) if m.document is not None)
    assert fake.sent(BOB)[-1].photo is not None  # and the final board
    assert sent.document is not None and "boardbot replay" in sent.text
    name, data = sent.document
    assert name == f"duel-{table.id}.json"
    record = json.loads(data)
    assert record["game"] == "duel" and record["names"] == ["Alice", "Борис"]
    assert len(record["moves"]) == state.ply


def test_links_of_groups_and_topics():
    assert ids.link_of(CHANNEL) == LINK
    assert ids.link_of(f"{CHANNEL}:77") == f"{LINK}/77"  # a forum's topic
    assert ids.link_of("tg:-4567") is None  # a basic group has no link
    assert ids.link_of(f"tg:{ALICE}") is None and ids.link_of("dc:1:2") is None


async def test_the_command_menus_have_the_new_commands(bot, fake):
    calls = fake.requests("setMyCommands")
    group = {c["command"]: c["description"] for c in next(
        c.params["commands"] for c in calls
        if c.params["scope"]["type"] == "all_group_chats" and c.params.get("language_code") == "ru")}
    assert {"away", "back", "skip", "standin", "kick", "reminder", "quiet", "mygames", "export"} <= set(group)
    assert all(not d.isascii() for d in group.values())  # described in Russian
    private = next(c.params["commands"] for c in calls
                   if c.params["scope"]["type"] == "all_private_chats" and c.params.get("language_code") is None)
    assert {"mygames", "quiet"} <= {c["command"] for c in private}


async def test_addbot_and_hint(bot, store):
    """Issue 16 on Telegram: ``/addbot`` seats a computer player (the creator, in the lobby) whose moves the bot's
    timers make; ``/hint`` answers privately where the table allowed hints, and is refused elsewhere."""
    await open_private_chats(bot, ALICE, BOB)
    await say(bot, GROUP, ALICE, "/new duel wonders=preset first_player=0 hints=true")
    text = await refused(bot, store, GROUP, BOB, "/addbot")
    assert text == refusal("error.creator_only", "ru", name="Alice") or "Alice" in text
    await say(bot, GROUP, ALICE, "/addbot")
    _v, table, _s = await load(store, CHANNEL)
    assert [p.bot for p in table.players] == [False, True]
    await say(bot, GROUP, ALICE, "/startgame")
    before = await version(store)
    await say(bot, GROUP, ALICE, "/hint")
    assert await version(store) == before
    hint = bot.fake.sent(ALICE)[-1].text or ""
    assert hint.startswith("The bot would play: ")
    assert all("bot:" not in str(m.chat_id) for m in bot.fake.sent(GROUP))
