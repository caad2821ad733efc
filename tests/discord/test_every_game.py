"""Every game the project registers can be played to its end in a Discord channel, only through the "My hand"
button and the menus of the private hand views (its minimum number of players, random legal choices)."""

from __future__ import annotations

import random

import pytest

from bot.core.table import Table
from bot.discord.commands import playable_games
from rules.registry import get_game
from tests.discord.checks import assert_exchange_keeps_secrets
from tests.discord.conftest import ALICE, BORIS, CARLA, DANA, components, mentioned, pick

PLAYERS = [ALICE, BORIS, CARLA, DANA]


@pytest.mark.parametrize("game", playable_games())
async def test_a_whole_game_through_the_menus(discord_env, game):
    env = discord_env
    await env.start()
    seated = PLAYERS[:get_game(game).min_players]
    await env.game(seated[0], "new", game=game)
    for user in seated[1:]:
        await env.game(user, "join")
    assert_exchange_keeps_secrets(env.fake, await env.game(seated[0], "start"))
    users = {u.id: u for u in seated}
    rng = random.Random(5)
    for _step in range(1000):
        stored = await env.stored()
        if Table.model_validate_json(stored.doc).status != "playing":
            break
        user = users[pick(rng, mentioned(env.latest_board()))]  # one of those the board pings
        hand = await env.my_hand(user)
        assert_exchange_keeps_secrets(env.fake, hand)
        menu = [m for m in hand.answers if components(m, 3)][-1]
        select = pick(rng, components(menu, 3))
        ex = await env.select(user, menu, select["custom_id"], pick(rng, select["options"])["value"])
        assert_exchange_keeps_secrets(env.fake, ex)
        assert (await env.stored()).version == stored.version + 1
    assert Table.model_validate_json((await env.stored()).doc).status == "finished"
