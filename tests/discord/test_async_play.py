"""Asynchronous play on Discord (issue 15), end to end: ``/game away|back|skip|standin|kick|reminder|quiet|mygames|
export``, and what the service's timers produce (reminders, a clock run out) delivered by the bot's timer loop, with
the service's time a fake clock the test moves."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from bot.core import places
from bot.core.timing import DAY, HOUR
from bot.discord.ids import channel_link, player_named
from tests.discord.checks import assert_private_to
from tests.discord.conftest import ALICE, BORIS, CARLA, CHANNEL, Exchange, components, hand_button, mentioned
from tests.fakes.discord_server import EPHEMERAL
from tests.texts import lead, translated


class Clock:
    """The service's time: now, until the test moves it."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def refused(ex: Exchange, text: str) -> None:
    """Answered to the asker alone with ``text``; nothing in the channel."""
    assert ex.interaction.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert ex.public == [], [m["content"] for m in ex.public]
    for msg in ex.answers:
        assert_private_to(msg, ex.interaction.user.id)
    assert text in ex.answer_text(), ex.answer_text()


def link(channel: int = CHANNEL, guild: int | None = None) -> str:
    return f"https://discord.com/channels/{guild}/{channel}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def duel(env: Any, clock: Clock, options: str = "") -> Any:
    await env.start(clock=clock)
    await env.game(ALICE, "new", game="duel", options=f"wonders=preset first_player=0 {options}".strip())
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    return env


async def channel_message(env: Any, fragment: str, since: int = 0) -> dict[str, Any]:
    """Wait for a channel message (not made by an interaction) containing ``fragment``."""
    def found() -> dict[str, Any] | None:
        return next((m for m in env.fake.channel_messages(CHANNEL)
                     if int(m["id"]) > since and fragment in m["content"]), None)

    await env.fake.wait_until(lambda: found() is not None)
    return found()  # type: ignore[return-value]


def last_id(env: Any) -> int:
    return max((int(m) for m in env.fake.messages), default=0)


def test_channel_links_and_mentions():
    assert channel_link("dc:1:2") == "https://discord.com/channels/1/2"
    assert channel_link("dc:dm:5") == "https://discord.com/channels/@me/5"
    assert channel_link("dc:x:2") is None and channel_link("tg:1") is None
    assert places.link("dc:10:20") == "https://discord.com/channels/10/20"  # registered with the service
    assert player_named("<@123>") == player_named("<@!123>") == "123"
    assert player_named(" Alice ") == "Alice"


# --- away and back -----------------------------------------------------------------------------------------------
async def test_away_then_back(discord_env, clock):
    env = await duel(discord_env, clock)
    ex = await env.game(BORIS, "back")  # he is playing: a refusal in his language
    refused(ex, translated(BORIS.locale, "You are playing already: the bot is not playing for you."))
    ex = await env.game(CARLA, "away")  # no player at all
    refused(ex, lead(translated(CARLA.locale, "You are not playing in this game; you can watch it with {cmd_board}.")))
    version = await env.stored_version()
    ex = await env.game(ALICE, "away")
    (said,) = ex.public
    assert said["content"] == ("Alice is away: the bot plays for them until they come back (/game back).")
    assert await env.stored_version() == version + 1
    ex = await env.game(ALICE, "away")
    refused(ex, "The bot is already playing for you; type /game back when you are back.")
    ex = await env.game(ALICE, "back")
    assert ex.public[0]["content"] == "Alice is back and plays again."
    assert hand_button(ex.public[-1]) is not None and ex.public[-1]["attachments"]  # the board, her turn again
    ex = await env.game(ALICE, "back")
    refused(ex, "You are playing already: the bot is not playing for you.")


async def test_the_bot_plays_for_a_player_who_is_away(discord_env, clock):
    env = await duel(discord_env, clock)
    await env.game(ALICE, "away")
    since = last_id(env)
    clock.advance(3)  # the stand-in waits a moment, so the table sees the move before it

    def boards() -> list[dict[str, Any]]:
        return [m for m in env.fake.channel_messages(CHANNEL) if int(m["id"]) > since and hand_button(m)]

    await env.fake.wait_until(lambda: bool(boards()))
    board = boards()[0]
    assert board["_kind"] == "channel" and board["attachments"]
    assert mentioned(board) == [BORIS.id]  # the bot chose for Alice: Boris's turn
    entries = await env.store.log(f"dc:{env.fake.guild_id}:{CHANNEL}")
    assert [e.fields.get("by") for e in entries if "move" in e.fields] == ["bot"]


# --- the table's decisions about a player whose time ran out ------------------------------------------------------
async def expired(env: Any, clock: Clock) -> dict[str, Any]:
    """Alice's clock runs out: the bot's timer loop tells the channel, pinging the others."""
    since = last_id(env)
    clock.advance(DAY + 1)
    told = await channel_message(env, "Alice's time ran out.", since)
    assert "/game skip" in told["content"] and "/game standin" in told["content"]
    assert mentioned(told) == [BORIS.id]
    assert told["_allowed_mentions"]["users"] == [BORIS.id]
    return told


async def test_skip_with_nobody_out_of_time_and_votes_by_non_players_are_refused(discord_env, clock):
    env = await duel(discord_env, clock, "clock=1d reminder=off")
    version = await env.stored_version()
    ex = await env.game(BORIS, "skip")
    refused(ex, translated(BORIS.locale, "Nobody's time has run out: there is nothing to decide."))
    await expired(env, clock)
    version = await env.stored_version()
    ex = await env.game(CARLA, "kick", player="Alice")
    refused(ex, lead(translated(CARLA.locale, "You are not playing in this game; you can watch it with {cmd_board}.")))
    ex = await env.game(ALICE, "skip")
    refused(ex, "The other players decide about you, not you. Type /game back to play on.")
    ex = await env.game(BORIS, "standin", player="Zed")
    refused(ex, lead(translated(BORIS.locale, "There is no player “{name}” at this table.")))
    ex = await env.game(BORIS, "standin", player=f"<@{BORIS.id}>")
    refused(ex, translated(BORIS.locale, "{player}'s time has not run out.").format(player="Boris"))
    assert await env.stored_version() == version


@pytest.mark.parametrize("decision,player,said", [
    ("skip", "alice", "The bot makes Alice's current decision for them."),
    ("standin", f"<@{ALICE.id}>", "The bot plays for Alice until they come back (/game back)."),
    ("kick", None, "Alice was removed from the table: the bot plays for them."),
])
async def test_the_table_decides_about_a_player_out_of_time(discord_env, clock, decision, player, said):
    env = await duel(discord_env, clock, "clock=1d reminder=off")
    await expired(env, clock)
    ex = await env.game(BORIS, decision, player=player)  # two players: the other one decides alone
    assert [m["content"] for m in ex.public] == [said]
    assert ex.answer is None  # nothing only for him: his thinking answer is gone
    table = json.loads((await env.stored()).doc)
    alice = table["players"][0]
    assert alice.get("standin") is True and bool(alice.get("kicked")) == (decision == "kick")
    if decision == "kick":
        ex = await env.game(ALICE, "back")
        refused(ex, "You were removed from this game: the bot plays for you until it ends.")


# --- reminders and quiet hours ------------------------------------------------------------------------------------
async def test_the_reminder_delay_is_shown_and_set_by_the_creator(discord_env, clock):
    env = await duel(discord_env, clock)
    ex = await env.game(BORIS, "reminder")
    assert ex.public == [] and ex.answers and "12" in ex.answer_text()
    assert_private_to(ex.answers[0], BORIS.id)
    version = await env.stored_version()
    ex = await env.game(ALICE, "reminder", delay="-3h")
    refused(ex, "“-3h” is not a reminder delay.")
    ex = await env.game(BORIS, "reminder", delay="1h")  # not the creator
    assert ex.public == [] and await env.stored_version() == version
    ex = await env.game(ALICE, "reminder", delay="6h")
    (said,) = ex.public
    assert said["content"].startswith("Alice sets the reminders: after 6") and said["content"].endswith("of waiting.")
    ex = await env.game(ALICE, "reminder", delay="off")
    assert [m["content"] for m in ex.public] == ["Alice turns the reminders off."]


async def test_quiet_hours_from_two_options_also_in_a_dm(discord_env, clock):
    env = await duel(discord_env, clock)
    ex = await env.game(ALICE, "quiet", hours="22-8", zone="Europe/Rome")
    assert ex.public == [] and ex.answer_text() == (
        "Your quiet hours: 22:00-08:00 Europe/Rome. Reminders wait until they end.")
    ex = await env.game(ALICE, "quiet", dm=True)
    assert ex.answer_text() == "Your quiet hours: 22:00-08:00 Europe/Rome."
    ex = await env.game(BORIS, "quiet", hours="25-8")
    refused(ex, lead(translated(BORIS.locale, "“{value}” are not quiet hours. Examples: {cmd_quiet} 22-8 "
                                              "Europe/Rome, {cmd_quiet} 23:30-07:00 UTC, {cmd_quiet} off.")))
    ex = await env.game(ALICE, "quiet", hours="off", dm=True)
    assert ex.answer_text() == "Quiet hours off: reminders come at any time."


async def test_a_reminder_pings_the_player_in_the_channel_and_in_a_dm_with_a_link(discord_env, clock):
    env = await duel(discord_env, clock, "reminder=2h")
    since = last_id(env)
    clock.advance(2 * HOUR - 60)
    await env.game(CARLA, "status")  # a round trip: the loop had time to look (nothing is due yet)
    assert not [m for m in env.fake.channel_messages(CHANNEL) if int(m["id"]) > since and m["_kind"] == "channel"]
    clock.advance(61)
    told = await channel_message(env, "the game of 7 Wonders Duel is waiting for you", since)
    assert told["content"].startswith("Alice, the game of 7 Wonders Duel is waiting for you.")
    assert mentioned(told) == [ALICE.id] and told["_allowed_mentions"]["users"] == [ALICE.id]
    assert hand_button(told) is not None  # she can open her hand from the reminder
    await env.fake.wait_until(lambda: bool(env.fake.dms(ALICE.id)))
    (dm,) = env.fake.dms(ALICE.id)
    assert dm["content"] == "It is your turn in 7 Wonders Duel (#games). Your options: /game hand there."
    (button,) = components(dm, 2)
    assert button["style"] == 5 and button["url"] == link(guild=env.fake.guild_id)
    assert button["label"] == "Go to the game"
    # once: nothing more until the next delay
    clock.advance(60)
    await env.game(CARLA, "status")
    assert len([m for m in env.fake.channel_messages(CHANNEL) if "waiting for you" in m["content"]]) == 1
    assert not (await env.store.undelivered(f"dc:{env.fake.guild_id}:{CHANNEL}"))  # delivered: out of the outbox


async def test_a_reminder_in_russian_for_a_russian_player(discord_env, clock):
    env = discord_env
    await env.start(clock=clock)
    await env.game(BORIS, "new", game="duel", options="wonders=preset first_player=0 reminder=1h")
    await env.game(ALICE, "join")
    await env.game(BORIS, "start")
    clock.advance(HOUR + 1)
    await env.fake.wait_until(lambda: bool(env.fake.dms(BORIS.id)))
    (dm,) = env.fake.dms(BORIS.id)
    assert dm["content"].startswith(lead(translated(BORIS.locale, "It is your turn in {game}{place}. Your options: "
                                                                  "{cmd_hand} there.")))
    assert components(dm, 2)[0]["label"] == translated(BORIS.locale, "Go to the game", "discord.button")


# --- my games and records ----------------------------------------------------------------------------------------
async def test_my_games_lists_the_game_with_its_link(discord_env, clock):
    env = await duel(discord_env, clock)
    ex = await env.game(ALICE, "mygames", dm=True)
    assert ex.public == []
    assert_private_to(ex.answers[0], ALICE.id)
    assert ex.answer_text() == f"Your games:\n• 7 Wonders Duel — #games: your turn — {link(guild=env.fake.guild_id)}"
    ex = await env.game(BORIS, "mygames")
    assert "#games" in ex.answer_text() and link(guild=env.fake.guild_id) in ex.answer_text()
    ex = await env.game(CARLA, "mygames")
    assert ex.answer_text() == translated(CARLA.locale, "You are not playing any game now.")


async def test_export_gives_the_finished_game_as_a_json_file(discord_env, clock, extra_games):
    env = discord_env
    env.render = False  # the test game has no pictures
    await env.start(clock=clock)
    ex = await env.game(CARLA, "export")
    refused(ex, translated(CARLA.locale, "There is no finished game here to export (a record is kept for a week)."))
    await env.game(ALICE, "new", game="pick")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    await env.slash(ALICE, "play", move="pick:7")
    ex = await env.slash(BORIS, "play", move="pick:3")
    assert any("/game export" in m["content"] for m in ex.public)  # the end of the game says how to get it
    ex = await env.game(CARLA, "export")  # anyone in the channel may have it
    assert ex.public == []
    for msg in ex.answers:
        assert_private_to(msg, CARLA.id)
    (answer,) = [m for m in ex.answers if m["attachments"] and m["attachments"][0]["filename"].endswith(".json")]
    assert answer["content"].startswith("La partita di Pick (Alice, Boris)")
    (attachment,) = answer["attachments"]
    assert attachment["filename"].startswith("pick-") and attachment["filename"].endswith(".json")
    record = json.loads(env.fake.files[int(attachment["id"])])
    assert record["game"] == "pick" and record["names"] == ["Alice", "Boris"]
    assert [m["move"] for m in record["moves"]] == ["pick:7", "pick:3"]


async def test_a_hand_sent_by_dm_after_a_move_links_to_the_game(discord_env, extra_games):
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    await env.slash(BORIS, "play", move="show:rock")
    since = last_id(env)
    await env.slash(ALICE, "play", move="show:paper")  # the round is over: Boris's new hand comes by DM
    (dm,) = [m for m in env.fake.dms(BORIS.id) if int(m["id"]) > since]
    assert components(dm, 3)  # his menu, and under it the way to the game's channel
    (button,) = components(dm, 2)
    assert button["url"] == link(guild=env.fake.guild_id) and "custom_id" not in button


async def test_a_link_goes_in_the_text_when_the_menus_fill_every_row():
    from bot.core.replies import Choice
    from bot.discord.delivery import with_link
    from bot.discord.ids import Made, Where
    from bot.discord.views import moves_view

    where, made = Where(1, 2), Made("g", 3)
    few = moves_view(where, made, [Choice(f"m:{i}", f"M {i}") for i in range(30)], "en")
    view, text = with_link(few, "Your turn.", "https://discord.com/channels/1/2", "it")
    assert text == "Your turn." and view is few
    assert [c.url for c in view.children if getattr(c, "url", None)] == ["https://discord.com/channels/1/2"]
    assert [c.label for c in view.children if getattr(c, "url", None)] == ["Vai alla partita"]
    full = moves_view(where, made, [Choice(f"m:{i}", f"M {i}") for i in range(125)], "en")  # 5 menus
    count = len(full.children)
    view, text = with_link(full, "Your turn.", "https://discord.com/channels/1/2", "en")
    assert text == "Your turn.\nhttps://discord.com/channels/1/2" and len(view.children) == count
    view, text = with_link(None, "Hi", None, "en")
    assert (view, text) == (None, "Hi")


async def test_addbot_and_hint(discord_env, clock):
    """Issue 16 on Discord: ``/game addbot`` seats a computer player that then plays by itself; ``/game hint`` answers
    the asker alone, and is refused where the table did not allow hints."""
    env = discord_env
    await env.start(clock=clock)
    await env.game(ALICE, "new", game="duel", options="first_player=0 hints=true")
    ex = await env.game(BORIS, "addbot")
    refused(ex, translated(BORIS.locale, "Only the player who created the game ({name}) can do that.").format(
        name="Alice"))
    ex = await env.game(ALICE, "addbot")
    assert ex.public[0]["content"] == "Bot 1 joins the table (2/2): the bot plays this seat."
    await env.game(ALICE, "start")
    ex = await env.game(ALICE, "hint")
    assert ex.public == [] and ex.answers and ex.answers[0]["content"].startswith("The bot would play: ")
    for msg in ex.answers:
        assert_private_to(msg, ex.interaction.user.id)
    ex = await env.game(BORIS, "hint")
    refused(ex, lead(translated(BORIS.locale, "You are not playing in this game; you can watch it with {cmd_board}.")))
