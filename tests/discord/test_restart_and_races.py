"""A restart of the bot mid-game, stale components, and two presses at the same moment."""

from __future__ import annotations

import asyncio

from bot.core.table import Table
from tests.texts import translated
from tests.discord.checks import assert_exchange_keeps_secrets
from tests.discord.conftest import ALICE, BORIS, CHANNEL, DANA, components, hand_button, mentioned


async def duel(env):
    await env.game(ALICE, "new", game="duel", options="wonders=preset first_player=0")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")


def posted_since(env, interaction):
    return [m for m in env.fake.channel_messages(CHANNEL) if int(m["id"]) > interaction.id]


def menu_of(ex):
    return next(m for m in ex.answers if components(m, 3))


async def test_a_restart_mid_game_keeps_the_game_and_its_buttons(discord_env):
    env = discord_env
    first = await env.start()
    await duel(env)
    hand = await env.my_hand(ALICE)
    menu = menu_of(hand)
    select = components(menu, 3)[0]
    await env.select(ALICE, menu, select["custom_id"], select["options"][0]["value"])
    board = env.latest_board()  # Boris to move
    assert mentioned(board) == [BORIS.id]
    boris_menu = menu_of(await env.my_hand(BORIS))  # opened before the restart
    version = await env.stored_version()

    await env.stop()
    second = await env.start()  # a new process: a new client, a new service, the same Redis
    assert second is not first and env.fake.identified == 2

    # the board posted before the restart: its persistent button still answers, privately
    again = await env.press(BORIS, board, hand_button(board)["custom_id"])
    assert_exchange_keeps_secrets(env.fake, again)
    assert any(components(m, 3) for m in again.answers)
    # and a menu opened before the restart still plays (it is for the current version)
    select = components(boris_menu, 3)[0]
    played = await env.select(BORIS, boris_menu, select["custom_id"], select["options"][0]["value"])
    assert played.public and await env.stored_version() == version + 1
    # autocomplete and commands work as before
    assert await env.autocomplete(ALICE, "play", None, "move", move="")
    assert mentioned(env.latest_board()) == [ALICE.id]


async def test_a_stale_menu_is_refused_with_the_current_hand(discord_env):
    env = discord_env
    await env.start()
    await duel(env)
    old = menu_of(await env.my_hand(ALICE))
    await env.slash(ALICE, "play", move="build:workshop")  # Alice moves by typing
    await env.slash(BORIS, "play", move="1")  # Boris's first option
    version = await env.stored_version()
    select = components(old, 3)[0]
    option = next(o for o in select["options"] if o["value"] != "build:workshop")
    ex = await env.select(ALICE, old, select["custom_id"], option["value"])
    assert ex.public == []
    now = env.fake.messages[int(old["id"])]
    assert now["content"].startswith("That button belongs to an older position of the game. Here is the current one.")
    assert components(now, 3) and components(now, 3)[0]["custom_id"].endswith(f":{version}:0")
    assert await env.stored_version() == version
    # the refreshed menu works
    select = components(now, 3)[0]
    played = await env.select(ALICE, now, select["custom_id"], select["options"][0]["value"])
    assert played.public and await env.stored_version() == version + 1


async def test_two_users_pressing_at_the_same_moment(discord_env):
    env = discord_env
    await env.start()
    await duel(env)
    alice_menu = menu_of(await env.my_hand(ALICE))
    version = await env.stored_version()
    select = components(alice_menu, 3)[0]
    first = await env.send_press(ALICE, alice_menu, select["custom_id"], values=[select["options"][0]["value"]])
    # Boris asks for the same card: before Alice's move it is not his turn, after it the card is gone
    second = await env.send_slash(BORIS, "play", move=select["options"][0]["value"])
    _a, b = await asyncio.gather(env._run(first, "select"), env._run(second, "command"))
    assert await env.stored_version() == version + 1
    assert len(posted_since(env, first)) == 1  # one move narrated
    assert "Сейчас не ваш ход" in b.answer_text() or "сейчас взять нельзя" in b.answer_text()
    assert env.fake.messages[int(alice_menu["id"])]["content"].startswith("Your move:")


async def test_one_player_pressing_two_menus_of_the_same_position_at_once(discord_env):
    env = discord_env
    await env.start()
    await duel(env)
    one = menu_of(await env.my_hand(ALICE))
    two = menu_of(await env.my_hand(ALICE))  # the same hand, opened twice (two devices)
    version = await env.stored_version()
    s1, s2 = components(one, 3)[0], components(two, 3)[0]
    i1 = await env.send_press(ALICE, one, s1["custom_id"], values=[s1["options"][0]["value"]])
    i2 = await env.send_press(ALICE, two, s2["custom_id"], values=[s2["options"][2]["value"]])
    await asyncio.gather(env._run(i1, "select"), env._run(i2, "select"))
    assert await env.stored_version() == version + 1  # one move applied
    assert len(posted_since(env, i1)) == 1
    texts = sorted(env.fake.messages[int(m["id"])]["content"].split("\n")[0] for m in (one, two))
    assert texts[0].startswith("That button belongs to an older position") and texts[1].startswith("Your move:")


async def test_the_simultaneous_game_two_players_pressing_at_once(discord_env, extra_games):
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(DANA, "join")
    started = await env.game(ALICE, "start")
    alice_menu = menu_of(started)  # the asker's private hand comes as an ephemeral answer
    boris_menu = next(m for m in env.fake.dms(BORIS.id) if components(m, 3))
    version = await env.stored_version()
    sa, sb = components(alice_menu, 3)[0], components(boris_menu, 3)[0]
    ia = await env.send_press(ALICE, alice_menu, sa["custom_id"], values=["show:rock"])
    ib = await env.send_press(BORIS, boris_menu, sb["custom_id"], values=["show:paper"])
    a, b = await asyncio.gather(env._run(ia, "select"), env._run(ib, "select"))
    # Two different players' secret choices do not make each other's menus stale: both land.
    assert await env.stored_version() == version + 2
    for x in (a, b):
        content = env.fake.messages[x.interaction.original]["content"]
        assert "older position" not in content and "прежней позиции" not in content
    assert all("rock" not in m["content"] and "paper" not in m["content"]
               for m in env.fake.channel_messages(CHANNEL))  # nothing revealed before the last choice


async def test_stopping_lets_the_interactions_in_progress_finish(discord_env):
    env = discord_env
    await env.start()
    await duel(env)
    service = env.service
    real_hand = service.hand
    release = asyncio.Event()

    async def slow_hand(caller):
        await release.wait()
        return await real_hand(caller)

    service.hand = slow_hand
    pressed = await env.send_press(ALICE, env.latest_board(), hand_button(env.latest_board())["custom_id"])
    await asyncio.wait_for(pressed.acked.wait(), 5)
    stopping = asyncio.create_task(env.stop())
    await asyncio.sleep(0.05)
    assert not stopping.done()  # waiting for the hand in progress
    late = await env.send_slash(BORIS, "game", "board")  # arrives while stopping
    await asyncio.wait_for(late.acked.wait(), 5)
    assert late.callback["type"] == 4 and late.callback["data"]["flags"] == 64
    restarting = translated(BORIS.locale, "I am restarting: please try again in a moment.")
    assert late.callback["data"]["content"] == restarting
    release.set()
    await asyncio.wait_for(stopping, 10)
    answer = env.fake.messages[pressed.original]
    assert components(answer, 3) and answer["_audience"] == ALICE.id  # the hand was delivered before closing


async def test_a_menu_of_an_earlier_game_is_refused_even_at_the_same_version(discord_env):
    env = discord_env
    await env.start()
    await duel(env)
    old_board = env.latest_board()
    old = menu_of(await env.my_hand(ALICE))
    first_id = Table.model_validate_json((await env.stored()).doc).id
    await env.game(ALICE, "abort")
    await duel(env)  # the same table again: a new game, whose versions start again at 1
    stored = await env.stored()
    table = Table.model_validate_json(stored.doc)
    assert table.id != first_id
    select = components(old, 3)[0]
    assert select["custom_id"].endswith(f":g{first_id}:{stored.version}:0")  # the same version, another game
    ex = await env.select(ALICE, old, select["custom_id"], select["options"][0]["value"])
    assert ex.public == [] and await env.stored_version() == stored.version
    now = env.fake.messages[int(old["id"])]
    assert now["content"].startswith("That button belongs to an older position of the game. Here is the current one.")
    assert components(now, 3)[0]["custom_id"].endswith(f":g{table.id}:{stored.version}:0")  # the new game's menu
    # the old board's "My hand" button shows the hand of the game running now, saying so
    ex = await env.press(ALICE, old_board, hand_button(old_board)["custom_id"])
    assert ex.answer_text().startswith("The game has moved on since that board; here is your hand now.")
    # a menu made before game ids existed (its custom id names none) is refused for a game that has one
    legacy = f"bb:move:{env.fake.guild_id}:{CHANNEL}:{stored.version}:0"
    forged = dict(now, id=str(env.fake.new_id()), _edits=0,
                  components=[{"type": 1, "components": [dict(components(now, 3)[0], custom_id=legacy)]}])
    env.fake.messages[int(forged["id"])] = forged
    ex = await env.select(ALICE, forged, legacy, select["options"][0]["value"])
    assert env.fake.messages[int(forged["id"])]["content"].startswith("That button belongs to an older position")
    assert await env.stored_version() == stored.version
    # the new game's own menu plays
    current = components(env.fake.messages[int(old["id"])], 3)[0]
    played = await env.select(ALICE, env.fake.messages[int(old["id"])], current["custom_id"],
                              current["options"][0]["value"])
    assert played.public and await env.stored_version() == stored.version + 1


async def test_a_players_menu_still_works_after_another_players_secret_choice(discord_env, extra_games):
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(DANA, "join")
    started = await env.game(ALICE, "start")
    alice_menu = menu_of(started)
    alice_again = menu_of(await env.game(ALICE, "hand"))  # the same decision, shown twice (another device)
    boris_menu = next(m for m in env.fake.dms(BORIS.id) if components(m, 3))
    dana_menu = next(m for m in env.fake.dms(DANA.id) if components(m, 3))
    boris_again = menu_of(await env.game(BORIS, "hand"))
    version = await env.stored_version()
    boris_select = components(boris_menu, 3)[0]["custom_id"]
    a = await env.select(ALICE, alice_menu, components(alice_menu, 3)[0]["custom_id"], "show:rock")
    assert "Alice has chosen." in a.public[0]["content"] and await env.stored_version() == version + 1
    # Boris's menu was made before Alice chose: it is still his current decision, so it plays
    b = await env.select(BORIS, boris_menu, boris_select, "show:paper")
    assert "Boris has chosen." in b.public[0]["content"] and await env.stored_version() == version + 2
    assert env.fake.messages[int(boris_menu["id"])]["content"].startswith("You show paper.")
    # Alice's second copy is of a decision she has made since: stale, and she sees where the game stands for her
    again = await env.select(ALICE, alice_again, components(alice_again, 3)[0]["custom_id"], "show:paper")
    assert again.public == [] and await env.stored_version() == version + 2
    content = env.fake.messages[int(alice_again["id"])]["content"]
    assert content.startswith("That button belongs to an older position") and "Waiting for Dana." in content
    assert not components(env.fake.messages[int(alice_again["id"])], 3)
    # Dana's menu, the oldest of all, still plays: her choice reveals the round
    d = await env.select(DANA, dana_menu, components(dana_menu, 3)[0]["custom_id"], "show:scissors")
    assert "Revealed: Alice rock, Boris paper, Dana scissors" in d.public[0]["content"]
    # after the reveal everyone decides anew: Boris's other round-one menu is stale now, and he gets his new one
    stale = await env.select(BORIS, boris_again, components(boris_again, 3)[0]["custom_id"], "show:rock")
    assert stale.public == [] and await env.stored_version() == version + 3
    content = env.fake.messages[int(boris_again["id"])]["content"]
    assert "прежней позиции" in content or "older position" in content
    assert components(env.fake.messages[int(boris_again["id"])], 3)


def channel_key(env):
    return f"dc:{env.fake.guild_id}:{CHANNEL}"


async def test_what_is_delivered_is_acknowledged(discord_env, extra_games):
    """Every delivered change (the lobby's, the start, a move from a menu, a typed move, an undo) is acknowledged:
    the game's outbox is empty, so nothing is told twice."""
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(DANA, "join")
    started = await env.game(ALICE, "start")
    assert await env.store.undelivered(channel_key(env)) == {}
    menu = menu_of(started)
    await env.select(ALICE, menu, components(menu, 3)[0]["custom_id"], "show:rock")
    await env.slash(BORIS, "play", move="show:paper")
    await env.game(BORIS, "undo")
    assert await env.store.undelivered(channel_key(env)) == {}


async def test_a_move_cut_by_a_shutdown_is_delivered_once_after_the_restart(discord_env, extra_games):
    """The last choice of a round is committed, but the bot stops before Discord has its messages (a slow Discord,
    and the stop lets the interaction run only a moment). The next process tells it from the outbox: the reveal in
    the channel with its "My hand" button, each player's new hand by DM (Dana, whose DMs are closed, was told at the
    start: no DM tried, no second notice), exactly once; once acknowledged, nothing is sent again."""
    env = discord_env
    env.render = False
    env.fake.closed_dms.add(DANA.id)
    await env.start(drain_timeout=0.2)
    await env.game(ALICE, "new", game="rps")
    await env.game(BORIS, "join")
    await env.game(DANA, "join")
    await env.game(ALICE, "start")
    await env.slash(DANA, "play", move="show:rock")
    await env.slash(BORIS, "play", move="show:paper")
    version = await env.stored_version()
    boris_dms = len(env.fake.dms(BORIS.id))
    alice_dms = len(env.fake.dms(ALICE.id))
    refused = env.fake.count(403)

    env.fake.hold(CHANNEL)  # Discord takes its time with the channel's messages
    last = await env.send_slash(ALICE, "play", move="show:scissors")
    await asyncio.wait_for(last.acked.wait(), 5)
    await env.fake.wait_until(lambda: any(r.path.endswith(f"/channels/{CHANNEL}/messages") and r.at > last.sent_at
                                          for r in env.fake.requests))
    assert await env.stored_version() == version + 1  # committed
    await env.stop()  # the interaction is cut: its message never reaches Discord
    env.fake.release(CHANNEL)
    await env.fake.wait_until(lambda: len(env.fake.dropped) == 1)

    def reveals():
        return [m for m in env.fake.channel_messages(CHANNEL) if "Revealed: Dana rock" in m["content"]]

    assert reveals() == [] and len(env.fake.dms(BORIS.id)) == boris_dms
    assert set(await env.store.undelivered(channel_key(env))) == {version + 1}

    await env.start(grace=0.3)  # the next process
    await env.fake.wait_until(lambda: len(reveals()) == 1)
    for _ in range(100):
        if await env.store.undelivered(channel_key(env)) == {}:
            break
        await asyncio.sleep(0.05)
    assert await env.store.undelivered(channel_key(env)) == {}  # acknowledged
    (reveal,) = reveals()
    assert hand_button(reveal) is not None and hand_button(reveal)["custom_id"].endswith(f":{version + 1}")
    assert set(mentioned(reveal)) == {ALICE.id, BORIS.id, DANA.id}  # round 2: everyone chooses
    new_boris = env.fake.dms(BORIS.id)[boris_dms:]
    new_alice = env.fake.dms(ALICE.id)[alice_dms:]
    assert len(new_boris) == 1 and components(new_boris[0], 3)  # his new hand, with its menu
    assert len(new_alice) == 1 and components(new_alice[0], 3)  # hers too: the lost interaction would have shown it
    notices = [m for m in env.fake.channel_messages(CHANNEL)
               if DANA.id in mentioned(m) and "private messages" in m["content"]]
    assert env.fake.count(403) == refused and len(notices) == 1
    # nothing more, however long the outbox is looked at
    seen = len(env.fake.visible())
    await asyncio.sleep(1.0)
    assert len(env.fake.visible()) == seen
    # the redelivered menus play
    select = components(new_boris[0], 3)[0]
    played = await env.select(BORIS, new_boris[0], select["custom_id"], "show:rock")
    assert "Boris has chosen." in played.public[0]["content"]
