"""``/rules``: a question about a game's rules, answered only to the asker and in their language; the topics of the
rules suggested as they type (a picked topic answers with that section alone)."""

from __future__ import annotations

import asyncio

from bot import rulebook
from bot.discord.actions import AUTOCOMPLETE_BUDGET
from tests.discord.checks import assert_private_to
from tests.discord.conftest import ALICE, BORIS, CARLA, CHANNEL
from tests.fakes.discord_server import EPHEMERAL


def answered_privately(ex) -> str:
    """The exchange was answered to the asker alone (an ephemeral answer), and nothing was posted in the channel."""
    assert ex.interaction.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert ex.public == [] and ex.answers
    for msg in ex.answers:
        assert_private_to(msg, ex.interaction.user.id)
    return ex.answer_text()


def section(section_id: str, locale: str) -> rulebook.Hit:
    hit = rulebook.section("duel", section_id, locale)
    assert hit is not None, section_id
    return hit


async def test_a_question_is_answered_to_the_asker_in_their_language(discord_env):
    env = discord_env
    await env.start()
    # Boris's Discord speaks Russian: the answer is in Russian, with the section about discarding first
    text = answered_privately(await env.slash(BORIS, "rules", game="duel", question="how much does discarding give"))
    discard = section("turn.discard", "ru")
    assert f"1. {discard.title}\n{discard.text}" in text
    # Alice's speaks English; Carla asks in Italian from her Italian Discord
    text = answered_privately(await env.slash(ALICE, "rules", game="duel", question="how much does discarding give"))
    assert f"1. {section('turn.discard', 'en').title}" in text
    text = answered_privately(await env.slash(CARLA, "rules", game="duel", question="quanto ricevo scartando una carta"))
    assert f"1. {section('turn.discard', 'it').title}" in text
    assert len(text) <= 2000
    assert env.fake.channel_messages(CHANNEL) == []  # asking never posts anything
    assert await env.stored_version() is None  # nor makes a game


async def test_rules_work_in_a_direct_message(discord_env):
    env = discord_env
    await env.start()
    text = answered_privately(await env.slash(BORIS, "rules", dm=True, game="duel", question="мавзолей"))
    assert section("wonders.mausoleum", "ru").title in text


async def test_topics_are_suggested_as_you_type_and_a_picked_one_answers_with_that_section(discord_env):
    env = discord_env
    await env.start()
    listed = await env.autocomplete(BORIS, "rules", None, "question", game="duel", question="пира")
    assert 0 < len(listed) <= 25
    assert all(0 < len(c["name"]) <= 100 and 0 < len(c["value"]) <= 100 for c in listed)
    # the values are section ids; the names are their titles in Boris's language
    assert {c["value"]: c["name"] for c in listed}["wonder.pyramids"] == section("wonder.pyramids", "ru").title
    assert all(rulebook.section("duel", c["value"], "ru") is not None for c in listed)
    picked = next(c for c in listed if c["value"] == "wonder.pyramids")
    text = answered_privately(await env.slash(BORIS, "rules", game="duel", question=picked["value"]))
    pyramids = section("wonder.pyramids", "ru")
    assert f"1. {pyramids.title}\n{pyramids.text}" in text and "\n2. " not in text  # that section alone
    # in English for Alice, from any word of a title; nothing without a game
    listed = await env.autocomplete(ALICE, "rules", None, "question", game="duel", question="mausol")
    assert {c["value"]: c["name"] for c in listed}["wonder.mausoleum"] == section("wonder.mausoleum", "en").title
    assert await env.autocomplete(ALICE, "rules", None, "question", question="mausol") == []
    assert await env.autocomplete(ALICE, "rules", None, "question", game="chess", question="kni") == []


async def test_a_slow_look_up_still_answers_the_autocomplete_in_time(discord_env):
    env = discord_env
    await env.start()
    assert env.service is not None

    async def slow(*_args, **_kwargs):
        await asyncio.sleep(AUTOCOMPLETE_BUDGET + 5)
        return []

    env.service.rule_topics = slow  # type: ignore[method-assign]
    data = env.fake.slash_data("rules", None, {"game": "duel", "question": "pyr"}, focused="question")
    inter = await env.fake.interact(4, data, ALICE, channel_id=CHANNEL)
    await asyncio.wait_for(inter.acked.wait(), 10)
    assert inter.ack_seconds is not None and inter.ack_seconds < 3.0  # Discord drops an answer after 3 seconds
    assert inter.callback == {"type": 8, "data": {"choices": []}}


async def test_an_unknown_game_or_a_question_too_long(discord_env):
    env = discord_env
    await env.start()
    # Discord only offers the registered games, but an old client (or a removed game) can still send another
    text = answered_privately(await env.slash(ALICE, "rules", game="chess", question="how do knights move"))
    assert "chess" in text and "duel" in text
    text = answered_privately(await env.slash(ALICE, "rules", game="duel", question="why " * 150))
    assert "400" in text


async def test_the_command_is_synced_with_the_games_and_the_autocomplete(discord_env):
    env = discord_env
    await env.start()
    assert await env.synced()
    (put,) = env.fake.command_syncs()
    rules = next(c for c in put.json if c["name"] == "rules")
    options = {o["name"]: o for o in rules["options"]}
    assert options["game"]["required"] and options["question"]["required"]
    assert {c["value"] for c in options["game"]["choices"]} >= {"duel", "wonders"}
    duel = next(c for c in options["game"]["choices"] if c["value"] == "duel")
    assert duel["name"] == "7 Wonders Duel" and duel["name_localizations"]["ru"] == "7 чудес: Дуэль"
    assert options["question"]["autocomplete"] is True
