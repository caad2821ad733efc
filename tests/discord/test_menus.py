"""Menus of moves: at most 25 options a menu, up to 5 menus a message, pages beyond that; autocomplete."""

from __future__ import annotations

import re

from bot.core.replies import Choice
from bot.discord.ids import (
    HAND_TEMPLATE, MOVE_TEMPLATE, PAGE_TEMPLATE, Made, Where, hand_id, made_of, where_of, where_of_key,
)
from bot.discord.views import moves_view
from tests.discord.conftest import ALICE, BORIS, BORIS as RU_USER, components
from tests.discord.pick_game import CHOICES

WHERE = Where(1, 2)
AT7 = Made("0123abcdef", 7)


def choices(n: int) -> list[Choice]:
    return [Choice(f"pick:{i}", f"Number {i}") for i in range(1, n + 1)]


def shape(view):
    selects = [c for c in view.children if getattr(c, "type", None) and c.type.value == 3]
    buttons = [c for c in view.children if c.type.value == 2]
    return [len(s.item.options) for s in selects], buttons


def test_menus_split_by_25_and_page_beyond_125():
    assert moves_view(WHERE, AT7, [], "en") is None
    assert shape(moves_view(WHERE, AT7, choices(25), "en")) == ([25], [])
    assert shape(moves_view(WHERE, AT7, choices(26), "en"))[0] == [25, 1]
    assert shape(moves_view(WHERE, AT7, choices(125), "en"))[0] == [25] * 5
    sizes, buttons = shape(moves_view(WHERE, AT7, choices(126), "en"))
    assert sizes == [25] * 4 and len(buttons) == 2 and buttons[0].item.disabled and not buttons[1].item.disabled
    sizes, buttons = shape(moves_view(WHERE, AT7, choices(126), "en", page=1))
    assert sizes == [25, 1] and not buttons[0].item.disabled and buttons[1].item.disabled
    # every custom id is unique in a message and at most 100 characters
    view = moves_view(Where(10**19, 10**19), Made("f" * 32, 10**11), choices(300), "en", page=2)
    ids = [c.custom_id for c in view.children]
    assert len(ids) == len(set(ids)) and max(map(len, ids)) <= 100
    # ... and each is routed back to its component with the game and version it was made for
    for custom_id in ids:
        template = MOVE_TEMPLATE if custom_id.startswith("bb:move:") else PAGE_TEMPLATE
        match = re.fullmatch(template, custom_id)
        assert match and made_of(match) == Made("f" * 32, 10**11) and where_of(match) == Where(10**19, 10**19)


def test_custom_ids_carry_the_game_and_older_ones_still_match():
    assert hand_id(AT7) == "bb:hand:g0123abcdef:7"
    assert made_of(re.fullmatch(HAND_TEMPLATE, hand_id(AT7))) == AT7
    assert made_of(re.fullmatch(HAND_TEMPLATE, hand_id(Made("", 3)))) == Made("", 3)  # a table made before game ids
    # components made before game ids: their game is "" (the id of the tables of that time)
    assert made_of(re.fullmatch(HAND_TEMPLATE, "bb:hand:12")) == Made("", 12)
    match = re.fullmatch(MOVE_TEMPLATE, "bb:move:1:2:34:0")
    assert match and made_of(match) == Made("", 34) and where_of(match) == WHERE and match["part"] == "0"
    match = re.fullmatch(PAGE_TEMPLATE, "bb:page:1:2:g0123abcdef:34:2")
    assert match and made_of(match) == Made("0123abcdef", 34) and match["page"] == "2"


def test_a_channel_key_gives_back_its_game_channel():
    where = Where(600000000000000001, 700000000000000001)
    assert where_of_key(where.key) == where
    for other in ("dc:dm:123", "tg:-100123", "dc:1", "dc:1:2:3", "dc:x:2", "local:main"):
        assert where_of_key(other) is None, other


def test_long_labels_are_clipped():
    view = moves_view(WHERE, AT7, [Choice("x:1", "L" * 300)], "en")
    (select,) = view.children
    assert len(select.item.options[0].label) == 100 and select.item.options[0].label.endswith("…")


async def test_a_long_list_of_moves_in_pages(discord_env, extra_games):
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="pick")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    hand = await env.my_hand(ALICE)
    (menu,) = [m for m in hand.answers if components(m, 3)]
    selects = components(menu, 3)
    assert [len(s["options"]) for s in selects] == [25, 25, 25, 25]
    assert selects[1]["placeholder"] == f"Choose a move (26–50 of {CHOICES})"
    previous, following = [b for b in components(menu, 2)]
    assert previous["disabled"] and not following["disabled"]
    turned = await env.press(ALICE, menu, following["custom_id"])
    assert turned.interaction.callback == {"type": 6}
    page2 = env.fake.messages[int(menu["id"])]
    assert [len(s["options"]) for s in components(page2, 3)] == [25, 15]
    assert components(page2, 3)[1]["options"][-1]["value"] == f"pick:{CHOICES}"
    version = await env.stored_version()
    last = components(page2, 3)[1]
    ex = await env.select(ALICE, page2, last["custom_id"], f"pick:{CHOICES}")
    assert "Alice picks 140." in ex.public[0]["content"]
    assert await env.stored_version() == version + 1


async def test_autocomplete_lists_at_most_25_matching_moves_in_the_callers_language(discord_env, extra_games):
    env = discord_env
    env.render = False
    await env.start()
    await env.game(ALICE, "new", game="pick")
    await env.game(BORIS, "join")
    await env.game(ALICE, "start")
    listed = await env.autocomplete(ALICE, "play", None, "move", move="")
    assert len(listed) == 25 and listed[0] == {"name": "Number 1", "value": "pick:1"}
    listed = await env.autocomplete(ALICE, "play", None, "move", move="13")
    assert [c["value"] for c in listed] == ["pick:13", "pick:113", "pick:130", "pick:131", "pick:132", "pick:133",
                                           "pick:134", "pick:135", "pick:136", "pick:137", "pick:138", "pick:139"]
    assert await env.autocomplete(BORIS, "play", None, "move", move="") == []  # not his turn: nothing to offer


async def test_duel_autocomplete_in_russian(discord_env):
    env = discord_env
    await env.start()
    await env.game(RU_USER, "new", game="duel", options="wonders=preset first_player=0")
    await env.game(ALICE, "join")
    await env.game(RU_USER, "start")
    listed = await env.autocomplete(RU_USER, "play", None, "move", move="")
    assert listed and all(len(c["name"]) <= 100 for c in listed)
    assert any(any("а" <= ch <= "я" for ch in c["name"].lower()) for c in listed), listed  # Cyrillic labels
    assert all(":" in c["value"] for c in listed)  # the values are notations


async def test_options_autocomplete_for_new(discord_env):
    env = discord_env
    await env.start()
    listed = await env.autocomplete(ALICE, "game", "new", "options", game="duel", options="")
    values = [c["value"] for c in listed]
    assert "wonders=draft" in values and "wonders=preset" in values and "first_player=0" in values
    listed = await env.autocomplete(ALICE, "game", "new", "options", game="duel", options="wonders=preset fir")
    assert [c["value"] for c in listed] == ["wonders=preset first_player=random", "wonders=preset first_player=0",
                                           "wonders=preset first_player=1"]
    assert await env.autocomplete(ALICE, "game", "new", "options", game="nope", options="") == []
