"""The other commands of a table: status, log, board, hand, undo, leave, abort, help, lang; languages of answers."""

from __future__ import annotations

import pytest

from bot.core.table import Table
from bot.discord.delivery import CONTENT_MAX, outgoing, split_text
from tests.texts import translated
from tests.discord.checks import assert_exchange_keeps_secrets, assert_private_to
from tests.discord.conftest import ALICE, BORIS, CARLA, CHANNEL, OTHER_CHANNEL, components, hand_button, mentioned
from tests.fakes.discord_server import EPHEMERAL


@pytest.fixture
async def draft(discord_env):
    """A Duel at its wonder draft, Alice to choose."""
    env = discord_env
    await env.start()
    await env.game(ALICE, "new", game="duel", options="first_player=0")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    return env


async def test_status_log_and_hand_are_only_for_the_asker(draft):
    env = draft
    await env.slash(ALICE, "play", move="draft:pyramids")
    # Boris's Discord speaks Russian: what only he sees is in Russian
    for sub, fragment in (("status", "Выбор чудес света"), ("log", "1. Alice"), ("hand", "")):
        ex = await env.game(BORIS, sub)
        assert_exchange_keeps_secrets(env.fake, ex)
        assert ex.public == [] and ex.answers
        assert all(m["flags"] & EPHEMERAL for m in ex.answers)
        assert fragment in ex.answer_text() or sub == "hand"
    hand = await env.game(BORIS, "hand")
    assert any(components(m, 3) for m in hand.answers)  # Boris drafts now: his menu
    assert any(a["filename"] == "options.png" for m in hand.answers for a in m["attachments"])
    log = await env.game(BORIS, "log", count=1)
    assert "Пирамида Хеопса" in log.answer_text()
    log = await env.game(CARLA, "log")  # a spectator too, in Italian
    assert log.answer_text().startswith("1. Alice") and "Piramidi" in log.answer_text()


async def test_board_is_posted_for_everyone_with_the_hand_button(draft):
    env = draft
    version = await env.stored_version()
    ex = await env.game(CARLA, "board")  # a spectator may show it
    assert_exchange_keeps_secrets(env.fake, ex)
    (board,) = ex.public
    assert board["attachments"][0]["filename"] == "board.png"
    table = Table.model_validate_json((await env.stored()).doc)
    assert mentioned(board) == [ALICE.id] and hand_button(board)["custom_id"] == f"bb:hand:g{table.id}:{version}"
    assert ex.answer is None  # the spectator's thinking answer is removed


async def test_undo_then_abort(draft):
    env = draft
    await env.slash(ALICE, "play", move="draft:pyramids")
    version = await env.stored_version()
    ex = await env.game(BORIS, "undo")  # not his move
    assert ex.public == [] and await env.stored_version() == version
    ex = await env.game(ALICE, "undo")
    assert "Alice takes back their last move: Take The Pyramids." in ex.public[0]["content"]
    assert await env.stored_version() == version + 1
    ex = await env.game(ALICE, "abort")
    assert "Alice stops the game of 7 Wonders Duel." in ex.public[0]["content"]
    assert not hand_button(ex.public[0])
    ex = await env.game(ALICE, "hand")
    assert ex.public == [] and "over" in ex.answer_text()


async def test_an_old_board_button_shows_the_hand_as_it_is_now(draft):
    env = draft
    old = env.latest_board()
    await env.slash(ALICE, "play", move="draft:pyramids")
    ex = await env.press(BORIS, old, hand_button(old)["custom_id"])
    moved_on = translated(BORIS.locale, "The game has moved on since that board; here is your hand now.")
    assert ex.answer_text().startswith(moved_on)
    assert any(components(m, 3) for m in ex.answers)


async def test_leave_and_help(discord_env):
    env = discord_env
    await env.start()
    await env.game(ALICE, "new", game="duel")
    await env.game(BORIS, "join")
    ex = await env.game(BORIS, "leave")
    assert "Boris leaves the table." in ex.public[0]["content"]
    ex = await env.game(CARLA, "help")
    assert ex.public == [] and "7 Wonders Duel" in ex.answer_text()


async def test_the_channel_language_and_a_personal_one(discord_env):
    env = discord_env
    await env.start()
    ex = await env.game(ALICE, "lang", language="ru")
    assert ex.public[0]["content"] == "Теперь я говорю здесь по-русски."
    ex = await env.game(ALICE, "new", game="duel")
    assert "7 чудес: Дуэль" in ex.public[0]["content"]  # public texts follow the channel
    ex = await env.game(BORIS, "join")
    assert ex.public[0]["content"] == "Boris садится за стол (2/2)."
    # another channel keeps the server's language
    ex = await env.game(ALICE, "new", game="duel", channel=OTHER_CHANNEL)
    assert "opens a table of 7 Wonders Duel" in ex.public[0]["content"]
    # a personal language: only for the asker, also from a DM
    ex = await env.game(ALICE, "lang", language="it", only_me=True, dm=True)
    assert ex.public == [] and ex.answer_text() == "D'ora in poi ti parlo in italiano."
    ex = await env.game(ALICE, "new", game="duel")
    assert "In questo canale è già in corso una partita a 7 Wonders Duel." in ex.answer_text()


async def test_when_the_channel_refuses_the_bot_the_board_comes_through_the_interaction(discord_env):
    env = discord_env
    await env.start()
    env.fake.forbidden_channels.add(CHANNEL)
    ex = await env.game(ALICE, "new", game="duel")
    (notice,) = [m for m in ex.answers]
    assert_private_to(notice, ALICE.id)
    assert "I cannot post in this channel" in notice["content"]
    public = [m for m in ex.new if m["_audience"] is None]
    assert len(public) == 1 and "opens a table" in public[0]["content"] and public[0]["_kind"] == "followup"


def test_long_texts_are_split_at_line_ends():
    text = "\n".join(f"line {i} " + "x" * 90 for i in range(60))
    parts = split_text(text)
    assert all(len(p) <= CONTENT_MAX for p in parts) and "\n".join(parts) == text
    assert split_text("y" * 4500) == ["y" * 2000, "y" * 2000, "y" * 500]
    out = outgoing(text, None, None, [42])
    assert len(out) == 3 and out[-1].content.endswith("<@42>") and all(o.mentions == [42] for o in out)
    assert outgoing("") == []
