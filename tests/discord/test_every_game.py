"""Every game the project registers can be played to its end in a Discord channel, only through the "My hand"
button and the menus of the private hand views (its minimum number of players, a random legal game planned with the
engine: ``tests.whole_game``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.table import Table
from bot.discord import ids
from bot.discord.commands import playable_games
from bot.discord.views import LABEL_MAX
from rules.registry import get_game
from tests.discord.checks import assert_exchange_keeps_secrets
from tests.discord.conftest import ALICE, BORIS, CARLA, CHANNEL, DANA, components, mentioned
from tests.whole_game import plan, skip

PLAYERS = [ALICE, BORIS, CARLA, DANA]


def option_for(menu: dict[str, Any], notation: str) -> tuple[str, str]:
    """The menu of a hand view (its custom id) and the value that pick the move ``notation``."""
    for select in components(menu, 3):
        for option in select["options"]:
            if option["value"] == notation[:LABEL_MAX]:
                return select["custom_id"], option["value"]
    raise AssertionError(f"the hand view does not offer {notation}")


@pytest.mark.parametrize("game", playable_games())
async def test_a_whole_game_through_the_menus(discord_env, game):
    env = discord_env
    await env.start()
    rules = get_game(game)
    seated = PLAYERS[:rules.min_players]
    await env.game(seated[0], "new", game=game)
    for user in seated[1:]:
        await env.game(user, "join")
    assert_exchange_keeps_secrets(env.fake, await env.game(seated[0], "start"))
    users = {ids.user_key(u.id): u for u in seated}
    stored = await env.stored()
    route = plan(rules, rules.load(Table.model_validate_json(stored.doc).state), seed=5)
    for number, (seat, move) in enumerate(route.moves):
        if number in route.skipped:
            if number == route.skipped.start:
                channel = f"dc:{env.fake.guild_id}:{CHANNEL}"
                await skip(env.store, channel, rules, route.moves[number:route.skipped.stop])
                await env.game(seated[0], "board")  # the table as the skipped moves left it
            continue
        stored = await env.stored()
        table = Table.model_validate_json(stored.doc)
        assert table.status == "playing"
        user = users[table.players[seat].user]
        assert user.id in mentioned(env.latest_board())  # the board pings whoever must decide
        hand = await env.my_hand(user)
        assert_exchange_keeps_secrets(env.fake, hand)
        menu = [m for m in hand.answers if components(m, 3)][-1]
        ex = await env.select(user, menu, *option_for(menu, move.notation))
        assert_exchange_keeps_secrets(env.fake, ex)
        assert (await env.stored()).version == stored.version + 1
    assert Table.model_validate_json((await env.stored()).doc).status == "finished"
