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


def notices_for(env, user):
    """The channel's notices asking ``user`` to press "My hand" (their DMs refused)."""
    return [m for m in env.fake.channel_messages(CHANNEL)
            if user.id in mentioned(m) and "private messages" in m["content"]]


async def play_round(env, order, shapes=("rock", "paper", "scissors")):
    """Everyone in ``order`` chooses by typing; the last one's choice reveals the round."""
    for user, shape in zip(order, shapes):
        ex = await env.slash(user, "play", move=f"show:{shape}")
        assert ex.public, ex.answer_text()


async def test_closed_dms_are_tried_once_and_noticed_once_per_game(discord_env, extra_games, monkeypatch):
    """Six rounds of a game with private hands: Dana's DMs are closed. Discord refuses the first DM (403, code
    50007) and the channel gets one notice that mentions her; after that no DM to her is tried (each refusal counts
    toward Discord's limit of invalid requests) and nobody is pinged about it again in that game."""
    from tests.core import simultaneous_game

    monkeypatch.setattr(simultaneous_game, "ROUNDS", 6)
    env = discord_env
    env.fake.closed_dms.add(DANA.id)
    await rps(env)
    await env.game(ALICE, "start")
    for _round in range(6):
        await play_round(env, [DANA, BORIS, ALICE])
    assert (await env.stored()).status == "finished"
    assert len(notices_for(env, DANA)) == 1
    assert env.fake.count(403) == 1 and env.fake.invalid_requests == 1
    assert env.fake.dms(DANA.id) == []
    assert len([m for m in env.fake.dms(BORIS.id) if components(m, 3)]) == 6  # Boris got every hand
    # a new game in the channel: one notice for it
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(DANA, "join")
    await env.game(ALICE, "start")
    assert len(notices_for(env, DANA)) == 2
    assert env.fake.count(403) == 1  # still known to be closed: not tried


async def test_my_hand_lets_a_player_with_closed_dms_back_in(discord_env, extra_games, monkeypatch):
    """Pressing "My hand" makes DMs worth a try again: if they still fail, no second notice in that game; once a
    DM gets through the player is reachable, and DMs closed again later get a notice of their own."""
    from tests.core import simultaneous_game

    monkeypatch.setattr(simultaneous_game, "ROUNDS", 4)
    env = discord_env
    env.fake.closed_dms.add(DANA.id)
    await rps(env)
    await env.game(ALICE, "start")  # round 1's hands: Dana's DM refused, one notice
    (notice,) = notices_for(env, DANA)
    assert env.fake.count(403) == 1
    # she presses My hand under the notice (DMs still closed) and plays from the menu it shows her
    hand = await env.press(DANA, notice, hand_button(notice)["custom_id"])
    assert all(m["_audience"] == DANA.id for m in hand.answers)
    menu = next(m for m in hand.answers if components(m, 3))
    await env.select(DANA, menu, components(menu, 3)[0]["custom_id"], "show:rock")
    await play_round(env, [BORIS, ALICE], ("paper", "scissors"))  # round 2's hands: her DM is tried, refused
    assert env.fake.count(403) == 2 and len(notices_for(env, DANA)) == 1
    # she opens her DMs and presses My hand: round 3's hand reaches her by DM
    env.fake.closed_dms.discard(DANA.id)
    await env.my_hand(DANA)
    await play_round(env, [DANA, BORIS, ALICE])
    (dm,) = env.fake.dms(DANA.id)
    assert components(dm, 3) and "show:rock" in dm["content"]
    # she closes them again: round 4's DM is refused, and that is news again
    env.fake.closed_dms.add(DANA.id)
    await play_round(env, [DANA, BORIS, ALICE])
    assert env.fake.count(403) == 3 and len(notices_for(env, DANA)) == 2
    for msg in notices_for(env, DANA):
        assert_public_message_is_public(env.fake, msg)
        assert "rock" not in msg["content"] and hand_button(msg) is not None
