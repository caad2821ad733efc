"""The service with a simultaneous phase: choices stay secret until the last one, then the reveal is narrated and
every player receives their new options privately."""

from __future__ import annotations

import pytest

from bot.core.service import Caller, GameService
from bot.games import presenters
from rules.registry import games
from tests.core.simultaneous_game import RpsGame, RpsPresenter

CHANNEL = "test:rps"
PLAYERS = [Caller(CHANNEL, f"u:{n}", n) for n in ("ann", "ben", "cid")]


@pytest.fixture
def service(store):
    games()["rps"] = RpsGame()
    presenters()["rps"] = RpsPresenter()
    yield GameService(store, render=False)
    del games()["rps"]
    del presenters()["rps"]


async def start(service):
    await service.new(PLAYERS[0], "rps")
    for p in PLAYERS[1:]:
        await service.join(p)
    return await service.start(PLAYERS[0])


async def test_every_player_gets_their_options_privately_at_the_start(service):
    reply = await start(service)
    private = [m for m in reply.messages if m.audience == "private"]
    assert sorted(m.user for m in private) == sorted(p.user for p in PLAYERS)
    assert all({c.value for c in m.choices} == {"show:rock", "show:paper", "show:scissors"} for m in private)


async def test_choices_stay_secret_until_everyone_has_chosen(service, store):
    await start(service)
    reply = await service.play(PLAYERS[0], "show:rock")
    assert reply.ok
    public = reply.public
    assert len(public) == 1 and public[0].image is None
    assert "ann has chosen" in public[0].text and "rock" not in public[0].text
    assert set(public[0].mentions) == {PLAYERS[1].user, PLAYERS[2].user}  # only those still to choose
    mine = [m for m in reply.messages if m.audience == "ephemeral"]
    assert len(mine) == 1 and mine[0].user == PLAYERS[0].user and "rock" in mine[0].text
    assert not [m for m in reply.messages if m.audience == "private"]
    # choosing twice is refused and changes nothing
    version = (await store.load(CHANNEL)).version
    again = await service.play(PLAYERS[0], "show:paper")
    assert not again.ok and (await store.load(CHANNEL)).version == version
    await service.play(PLAYERS[1], "show:paper")
    reply = await service.play(PLAYERS[2], "show:scissors")
    text = reply.public[0].text
    assert "Revealed" in text and "ann rock" in text and "cid scissors" in text
    private = [m for m in reply.messages if m.audience == "private"]
    assert sorted(m.user for m in private) == sorted(p.user for p in PLAYERS)  # round 2 options for everyone


async def test_a_secret_choice_can_be_taken_back_until_the_reveal(service, store):
    """Others' choices in the same simultaneous turn do not depend on it; the channel learns only that the player
    changed their mind, and the player alone what they took back (issue 10, item 1)."""
    await start(service)
    await service.play(PLAYERS[0], "show:rock")
    assert (await service.undo(PLAYERS[0])).ok
    assert (await service.play(PLAYERS[0], "show:paper")).ok
    await service.play(PLAYERS[1], "show:paper")
    reply = await service.undo(PLAYERS[0])  # Ben chose after Ann: Ann may still change her mind
    assert reply.ok
    public = " ".join(m.text for m in reply.public)
    assert "changed their mind" in public and "paper" not in public.lower()
    mine = [m for m in reply.messages if m.audience == "ephemeral"]
    assert [m.user for m in mine] == [PLAYERS[0].user] and "paper" in mine[0].text.lower()
    assert (await service.play(PLAYERS[0], "show:scissors")).ok
    revealed = await service.play(PLAYERS[2], "show:rock")
    assert "ann scissors" in revealed.public[0].text and "ben paper" in revealed.public[0].text
    refused = await service.undo(PLAYERS[0])  # after the reveal: never
    assert not refused.ok


async def test_buttons_are_stale_per_player_in_a_simultaneous_phase(service, store):
    reply = await start(service)
    version, game_id = reply.version, reply.game_id
    assert game_id
    # Ann's choice does not make Ben's menu stale...
    assert (await service.play(PLAYERS[0], "show:rock", version=version, game_id=game_id)).ok
    assert (await service.play(PLAYERS[1], "show:paper", version=version, game_id=game_id)).ok
    # ...but Ann's own old menu is, and so is any menu of another game in the channel.
    again = await service.play(PLAYERS[0], "show:paper", version=version, game_id=game_id)
    assert not again.ok and again.code == "error.stale"
    other = await service.play(PLAYERS[2], "show:rock", version=version + 2, game_id="another")
    assert not other.ok and other.code == "error.stale"
    # the reveal changes everyone's decision: menus of the previous round are stale for all
    assert (await service.play(PLAYERS[2], "show:rock", version=version + 2, game_id=game_id)).ok
    late = await service.play(PLAYERS[1], "show:rock", version=version + 2, game_id=game_id)
    assert not late.ok and late.code == "error.stale"


async def test_pushed_hands_speak_each_players_own_language(service):
    italian = Caller(CHANNEL, PLAYERS[1].user, PLAYERS[1].name, locale="it-IT")
    await service.new(PLAYERS[0], "rps")
    await service.join(italian)  # the platform told us Ben reads Italian
    await service.join(PLAYERS[2])
    reply = await service.start(PLAYERS[0])
    locales = {m.user: m.locale for m in reply.messages if m.audience == "private"}
    assert locales[PLAYERS[1].user] == "it" and locales[PLAYERS[0].user] == "en"


async def test_deferred_private_messages_follow_the_public_answer(store):
    games()["rps"] = RpsGame()
    presenters()["rps"] = RpsPresenter()
    try:
        service = GameService(store, render=False, defer_private=True)
        await start(service)
        for player, shape in zip(PLAYERS[:2], ("show:rock", "show:paper")):
            await service.play(player, shape)
        reply = await service.play(PLAYERS[2], "show:scissors")  # the reveal
        assert [m.audience for m in reply.messages] == ["public"] and len(reply.later) == 3
        added = await reply.settle()
        assert sorted(m.user for m in added) == sorted(p.user for p in PLAYERS)
        assert all(m.audience == "private" for m in added) and reply.later == []
        assert await reply.settle() == []
    finally:
        del games()["rps"]
        del presenters()["rps"]
