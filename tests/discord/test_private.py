"""Messages for one player: the asker's as ephemeral answers, the others' by DM, and when a DM is refused a
neutral notice in the channel (never the private content) with the "My hand" button."""

from __future__ import annotations

from tests.discord.checks import assert_exchange_keeps_secrets, assert_private_to, assert_public_message_is_public
from tests.discord.conftest import ALICE, BORIS, CHANNEL, DANA, components, hand_button, mentioned
from tests.fakes.discord_server import EPHEMERAL


async def rps(env):
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(DANA, "join")


async def test_private_hands_go_by_dm_or_ephemeral_and_a_closed_dm_gets_a_neutral_notice(discord_env, extra_games):
    env = discord_env
    env.fake.closed_dms.add(DANA.id)
    await rps(env)
    started = await env.game(ALICE, "start")
    assert_exchange_keeps_secrets(env.fake, started)
    # Alice asked: her hand is the ephemeral answer, with its menu
    (mine,) = [m for m in started.answers if components(m, 3)]
    assert_private_to(mine, ALICE.id)
    assert {o["value"] for o in components(mine, 3)[0]["options"]} == {"show:rock", "show:paper", "show:scissors"}
    # Boris gets his by DM, with a menu that knows the game's channel
    (dm,) = env.fake.dms(BORIS.id)
    assert "show:rock" in dm["content"] and components(dm, 3)
    assert f":{CHANNEL}:" in components(dm, 3)[0]["custom_id"]
    # Dana's DMs are closed: a neutral notice in the channel, pinging her, with the My hand button
    assert env.fake.dms(DANA.id) == []
    notices = [m for m in started.public if DANA.id in mentioned(m) and "private messages" in m["content"]]
    (notice,) = notices
    assert_public_message_is_public(env.fake, notice)
    assert "rock" not in notice["content"] and hand_button(notice) is not None
    assert [int(u) for u in notice["_allowed_mentions"]["users"]] == [DANA.id]
    # she presses it and sees her hand, alone
    hand = await env.press(DANA, notice, hand_button(notice)["custom_id"])
    assert_exchange_keeps_secrets(env.fake, hand)
    assert any(components(m, 3) for m in hand.answers)
    assert all(m["_audience"] == DANA.id for m in hand.answers)


async def test_a_move_from_a_dm_menu_is_narrated_in_the_channel(discord_env, extra_games):
    env = discord_env
    await rps(env)
    await env.game(ALICE, "start")
    (dm,) = env.fake.dms(BORIS.id)
    select = components(dm, 3)[0]
    version = await env.stored_version()
    ex = await env.select(BORIS, dm, select["custom_id"], "show:paper")
    assert ex.interaction.payload.get("guild_id") is None  # the click came from the DM
    assert ex.interaction.callback == {"type": 6}
    assert await env.stored_version() == version + 1
    (public,) = ex.public
    assert int(public["channel_id"]) == CHANNEL and "Boris has chosen." in public["content"]
    assert "paper" not in public["content"]
    assert set(mentioned(public)) == {ALICE.id, DANA.id}  # those still to choose
    # the DM now tells Boris what he chose, privately, and its menu is gone
    edited = env.fake.messages[int(dm["id"])]
    assert "You show paper." in edited["content"] and not components(edited, 3)


async def test_ephemeral_answers_are_flagged(discord_env, extra_games):
    env = discord_env
    await rps(env)
    ex = await env.game(ALICE, "start")
    for msg in ex.answers:
        assert msg["flags"] & EPHEMERAL
    requests = [r for r in env.fake.requests if "/webhooks/" in r.path and r.method == "POST"]
    assert all(int((r.json or {}).get("flags") or 0) & EPHEMERAL for r in requests)  # every follow-up: ephemeral


async def test_a_menu_on_a_public_message_never_turns_it_into_a_private_answer(discord_env):
    """Menus are only sent privately; should one ever sit on a public message, using it answers ephemerally
    instead of editing that message."""
    env = discord_env
    await env.start()
    await env.game(ALICE, "new", game="duel", options="wonders=preset first_player=0")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    hand = await env.my_hand(ALICE)
    (menu,) = [m for m in hand.answers if components(m, 3)]
    forged = dict(menu, id=str(env.fake.new_id()), flags=0, _kind="channel", _audience=None, _edits=0)
    env.fake.messages[int(forged["id"])] = forged
    select = components(forged, 3)[0]
    ex = await env.select(ALICE, forged, select["custom_id"], select["options"][0]["value"])
    assert ex.interaction.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert env.fake.messages[int(forged["id"])]["_edits"] == 0
    assert ex.public and "Alice" in ex.public[0]["content"]  # the move itself was fine
