"""Bad input gets a clear answer, in the asker's language, seen by them alone; the stored game does not move."""

from __future__ import annotations

import pytest

from tests.texts import lead, translated
from tests.discord.checks import assert_private_to
from tests.discord.conftest import ALICE, BORIS, CARLA, CHANNEL, Exchange, components
from tests.fakes.discord_server import EPHEMERAL


def refused(ex: Exchange, *fragments: str) -> str:
    """The exchange was answered only to the asker (ephemeral), with text containing every fragment."""
    assert ex.interaction.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert ex.public == [], [m["content"] for m in ex.public]
    assert ex.answers, "no answer"
    for msg in ex.answers:
        assert_private_to(msg, ex.interaction.user.id)
    text = ex.answer_text()
    for fragment in fragments:
        assert fragment in text, text
    return text


@pytest.fixture
async def duel(discord_env):
    env = discord_env
    await env.start()
    await env.game(ALICE, "new", game="duel", options="wonders=preset first_player=0")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    return env


async def test_an_unknown_game_is_refused_and_nothing_is_stored(discord_env):
    env = discord_env
    await env.start()
    # Discord only offers the registered games, but a stale client (or a removed game) can still send another
    ex = await env.game(CARLA, "new", game="chess")
    refused(ex, "Non conosco il gioco “chess”", "duel")
    assert await env.stored_version() is None
    ex = await env.game(ALICE, "new", game="duel", options="colour=blue")
    refused(ex, "Unknown or invalid option “colour”")
    assert await env.stored_version() is None


async def test_a_game_already_running_in_the_channel(duel):
    env = duel
    version = await env.stored_version()
    ex = await env.game(BORIS, "new", game="duel")
    refused(ex, "В этом канале уже идёт партия в «7 чудес: Дуэль»")
    assert await env.stored_version() == version


async def test_moves_typed_by_hand_that_do_not_parse(duel):
    env = duel
    version = await env.stored_version()
    ex = await env.slash(ALICE, "play", move="xyzzy plugh")
    refused(ex, "I did not understand “xyzzy plugh”")
    ex = await env.slash(ALICE, "play", move="build:")
    refused(ex)
    ex = await env.slash(ALICE, "play", move="build:palace")  # a real card, not on offer
    refused(ex)
    assert await env.stored_version() == version


async def test_ambiguous_move_offers_a_menu_of_the_candidates(duel):
    env = duel
    version = await env.stored_version()
    ex = await env.slash(ALICE, "play", move="workshop")  # build it or discard it?
    refused(ex, "fits several moves")
    menu = next(m for m in ex.answers if components(m, 3))
    values = [o["value"] for o in components(menu, 3)[0]["options"]]
    assert set(values) == {"build:workshop", "discard:workshop"}
    assert await env.stored_version() == version
    picked = await env.select(ALICE, menu, components(menu, 3)[0]["custom_id"], "build:workshop")
    assert picked.public and await env.stored_version() == version + 1


async def test_a_spectator_cannot_move(duel):
    env = duel
    version = await env.stored_version()
    assert await env.autocomplete(CARLA, "play", None, "move", move="") == []
    refused(await env.slash(CARLA, "play", move="build:workshop"), "Non partecipi a questa partita")
    refused(await env.my_hand(CARLA), "Non partecipi a questa partita")
    # a menu made for Alice, used by Carla (Discord would not show it to her; the custom id names no player): the
    # refusal is Carla's own answer, and Alice's menu stays as it was
    hand = await env.my_hand(ALICE)
    menu = next(m for m in hand.answers if components(m, 3))
    select = components(menu, 3)[0]
    edits = menu["_edits"]
    ex = await env.select(CARLA, menu, select["custom_id"], select["options"][0]["value"])
    assert ex.public == []
    assert "Non partecipi a questa partita" in ex.answer_text()
    assert all(m["_audience"] == CARLA.id and m["flags"] & EPHEMERAL for m in ex.answers)
    assert env.fake.messages[int(menu["id"])]["_edits"] == edits
    assert await env.stored_version() == version


async def test_not_your_turn_in_russian(duel):
    env = duel
    version = await env.stored_version()
    ex = await env.slash(BORIS, "play", move="build:workshop")
    refused(ex, "Сейчас не ваш ход. Ждём: Alice.")
    assert await env.stored_version() == version


async def test_commands_in_a_direct_message(duel):
    env = duel
    version = await env.stored_version()
    channel_only = "This command works in a server's text channel, where the game is."
    for sub in ("new", "join", "start", "board", "hand", "abort"):
        options = {"game": "duel"} if sub == "new" else {}
        ex = await env.game(ALICE, sub, dm=True, **options)
        refused(ex, lead(translated(ALICE.locale, channel_only)))
    ex = await env.slash(BORIS, "play", dm=True, move="build:workshop")
    refused(ex, lead(translated(BORIS.locale, channel_only)))
    assert await env.stored_version() == version
    # what needs no channel works there
    ex = await env.game(ALICE, "help", dm=True)
    refused(ex, "/game join", "/play MOVE")


async def test_only_the_creator_starts_and_aborts(discord_env):
    env = discord_env
    await env.start()
    await env.game(ALICE, "new", game="duel")
    await env.game(BORIS, "join")
    version = await env.stored_version()
    refused(await env.game(BORIS, "start"), "Это может сделать только создатель игры (Alice).")
    refused(await env.game(BORIS, "abort"), "Это может сделать только создатель игры (Alice).")
    assert await env.stored_version() == version
    assert env.fake.channel_messages(CHANNEL)[-1]["content"].startswith("Boris joins")
