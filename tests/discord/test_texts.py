"""What the texts look like on Discord: commands spelled as Discord knows them (``/game join``, ``/play``), and
tables (the score sheet) in a code block after the text."""

from __future__ import annotations

from bot.core.table import Table
from bot.discord.delivery import CONTENT_MAX, code_blocks, outgoing
from bot.games import presenter
from rules.registry import get_game
from tests.discord.checks import assert_exchange_keeps_secrets
from tests.discord.conftest import ALICE, BORIS, CHANNEL, DANA, components, hand_button

FENCE = "```"


async def test_texts_name_the_commands_as_discord_spells_them(discord_env):
    env = discord_env
    await env.start()
    ex = await env.game(ALICE, "new", game="duel", options="wonders=preset first_player=0")
    assert "Join with /game join; Alice starts with /game start." in ex.public[0]["content"]
    ex = await env.game(ALICE, "hand")
    assert "players can still /game join, then the creator types /game start" in ex.answer_text()
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    ex = await env.slash(ALICE, "play", move="xyzzy")
    assert "Type /game hand to see your options." in ex.answer_text()
    ex = await env.game(DANA, "hand")  # a spectator
    assert ex.answer_text() == "You are not playing in this game; you can watch it with /game board."
    await env.game(ALICE, "abort")
    ex = await env.slash(ALICE, "play", move="build:baths")
    assert "Start a new one with /game new." in ex.answer_text()


async def test_the_score_sheet_comes_in_a_code_block(discord_env, extra_games):
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="pick")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    await env.slash(ALICE, "play", move="pick:140")
    last = await env.slash(BORIS, "play", move="pick:1")
    assert_exchange_keeps_secrets(env.fake, last)
    stored = await env.stored()
    table = Table.model_validate_json(stored.doc)
    assert table.status == "finished"
    game = get_game("pick")
    sheet = presenter("pick").score_sheet(game.outcome(game.load(table.state)), table.names)
    assert "   Alice" in sheet and "     140" in sheet
    final, record = last.public  # the last move, then the game's record
    assert "/game export" in record["content"]
    assert final["content"].endswith(f"\n{FENCE}\n{sheet}\n{FENCE}")  # after the narration, nobody to ping
    assert "Alice wins." not in final["content"].split(FENCE)[1]  # the text stays outside the block
    assert not hand_button(final) and not components(final)
    # the status of the finished game, only for the asker: the headline, then the sheet in a code block
    ex = await env.game(BORIS, "status")
    assert ex.public == [] and ex.answer_text().endswith(f"Alice wins.\n{FENCE}\n{sheet}\n{FENCE}")
    assert env.fake.channel_messages(CHANNEL)[-2:] == [final, record]


def test_long_tables_are_split_into_whole_code_blocks():
    table = "\n".join(f"row {i:>3}  " + "·" * 80 for i in range(60))
    blocks = code_blocks(table)
    assert len(blocks) > 1 and all(len(b) <= CONTENT_MAX for b in blocks)
    assert all(b.startswith(f"{FENCE}\n") and b.endswith(f"\n{FENCE}") for b in blocks)
    assert "\n".join(b[len(FENCE) + 1:-len(FENCE) - 1] for b in blocks) == table
    # a short text and a short table share a message; the mentions come last
    (one,) = outgoing("Alice wins.", monospace="a  1\nb  2", mentions=[7])
    assert one.content == f"Alice wins.\n{FENCE}\na  1\nb  2\n{FENCE}\n<@7>"
    # a long text: the table is never cut between two messages
    parts = outgoing("x" * 1990, monospace="a  1\nb  2")
    assert [p.content for p in parts] == ["x" * 1990, f"{FENCE}\na  1\nb  2\n{FENCE}"]
    # a fence inside a table cannot close the block early
    (odd,) = outgoing("", monospace="a ``` b")
    assert odd.content.count(FENCE) == 2
    assert code_blocks("  \n") == []


def test_the_fake_discord_refuses_what_discord_would():
    from tests.fakes.discord_server import invalid

    assert invalid({"content": "x" * 2000}) is None and invalid({"content": "x" * 2001})
    assert invalid({"components": [{"type": 1, "components": [{"custom_id": "c" * 101}]}]})
    assert invalid({"choices": [{"name": "n", "value": "v"}] * 26})
    assert invalid({"choices": [{"name": "", "value": "v"}]}) and invalid({"choices": [{"name": "n" * 101, "value": 1}]})
    assert invalid({"choices": [{"name": "n", "value": "v"}] * 25}) is None
