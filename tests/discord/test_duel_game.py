"""Two players finish a game of 7 Wonders Duel in a Discord channel, every move through Discord: half typed with
``/play`` from the autocomplete list, half picked from the menu of the private hand view opened with "My hand"."""

from __future__ import annotations

import random
import time

from bot.core.table import Table
from bot.games import presenter
from rules.registry import get_game
from tests.texts import lead, translated
from tests.discord.checks import (
    assert_board_image_is_the_public_view,
    assert_exchange_keeps_secrets,
    assert_private_to,
)
from tests.discord.conftest import ALICE, BORIS, CHANNEL, components, mentioned, pick
from tests.fakes.discord_server import EPHEMERAL


async def test_two_players_finish_a_duel_game(discord_env):
    env = discord_env
    await env.start()
    began = time.perf_counter()
    opened = await env.game(ALICE, "new", game="duel")
    assert opened.interaction.callback == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert [m["_kind"] for m in opened.new] == ["channel"] and "7 Wonders Duel" in opened.new[0]["content"]
    assert opened.answer is None  # nothing only for Alice: the "thinking" answer is removed
    await env.game(BORIS, "join")
    started = await env.game(ALICE, "start")
    assert_exchange_keeps_secrets(env.fake, started)
    assert any(m["attachments"] for m in started.public)

    users = {u.id: u for u in (ALICE, BORIS)}
    rng = random.Random(11)
    moves = menus = typed = 0
    for step in range(500):
        stored = await env.stored()
        if Table.model_validate_json(stored.doc).status != "playing":
            break
        board = env.latest_board()
        (who,) = mentioned(board)  # the player to move is pinged under the board
        user = users[who]
        if step % 2 == 0:
            choices = await env.autocomplete(user, "play", None, "move", move="")
            assert 0 < len(choices) <= 25
            ex = await env.slash(user, "play", move=pick(rng, choices)["value"])
            typed += 1
        else:
            hand = await env.my_hand(user)
            assert_exchange_keeps_secrets(env.fake, hand)
            view = next(m for m in hand.answers if components(m, 3))
            assert_private_to(view, user.id)
            assert any(a["filename"] == "options.png" for a in view["attachments"])
            select = pick(rng, components(view, 3))
            assert len(select["options"]) <= 25
            option = pick(rng, select["options"])
            ex = await env.select(user, view, select["custom_id"], option["value"])
            edited = env.fake.messages[int(view["id"])]
            if edited["components"]:  # the asker decides again at once: their new options replaced the menu
                assert edited["components"] != view["components"]
            else:
                your_move = lead(translated(user.locale, "Your move: {move}."))
                assert edited["content"].startswith(your_move) and option["label"] in edited["content"]
                assert edited["attachments"] == []
            menus += 1
        assert_exchange_keeps_secrets(env.fake, ex)
        after = await env.stored()
        assert after.version == stored.version + 1  # exactly one move
        boards = [m for m in ex.public if any(a["filename"] == "board.png" for a in m["attachments"])]
        if boards:
            assert_board_image_is_the_public_view(env.fake, boards[-1], after.doc)
        moves += 1
    stored = await env.stored()
    table = Table.model_validate_json(stored.doc)
    assert table.status == "finished"
    *_, final, record = env.fake.channel_messages(CHANNEL)
    assert final["attachments"] and not components(final)  # the last board: no one to ping, no hand to show
    # then the game's record: the score sheet as a picture, how long it took, how to export it
    assert [a["filename"] for a in record["attachments"]] == ["scores.png"] and not components(record)
    assert "moves in" in record["content"] and "/game export" in record["content"]
    game = get_game("duel")
    sheet = presenter("duel").score_sheet(game.outcome(game.load(table.state)), table.names)
    assert final["content"].endswith(f"\n```\n{sheet}\n```")  # the score sheet, in a code block
    assert typed > 10 and menus > 10
    print(f"\nDuel over after {moves} moves through Discord in {time.perf_counter() - began:.1f} s")
