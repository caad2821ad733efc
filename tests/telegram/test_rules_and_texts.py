"""``/rules`` on Telegram, and how texts look there: commands spelled the Telegram way (``/startgame``), tables (the
score sheet) in ``<pre>``, a menu longer than one keyboard in several messages."""

from __future__ import annotations

from bot import rulebook
from bot.games import presenters
from rules.registry import games
from tests.discord.pick_game import CHOICES, PickGame, PickPresenter
from bot.telegram.delivery import NARRATION_MEMO
from tests.telegram.conftest import (
    ALICE, BOB, CAROL, CHANNEL, GROUP, menus, open_private_chats, press, say, version,
)

QUESTION = "how much does discarding give"


def discard_title(locale: str) -> str:
    hit = rulebook.section("duel", "turn.discard", locale)
    assert hit is not None
    return hit.title


def core_answer(game: str, question: str, locale: str) -> str:
    """The rulebook's own text for an answer (whatever the catalogs hold for its frame today)."""
    return rulebook.format_answer(rulebook.answer(game, question, locale), locale)


async def test_rules_in_a_group_are_answered_there_in_the_groups_language(bot, fake, store):
    await say(bot, GROUP, ALICE, "/lang it")
    before = len(fake.sent(GROUP))
    question = await say(bot, GROUP, BOB, f"/rules duel {QUESTION}")  # Борис reads Russian, the group Italian
    (answer,) = fake.sent(GROUP)[before:]
    assert answer.text == core_answer("duel", QUESTION, "it")
    assert f"1. {discard_title('it')}" in answer.text
    assert answer.reply_to == question["message"]["message_id"]  # it answers the question's message
    assert fake.sent(BOB) == []  # nothing privately
    assert await version(store) is None  # asking makes no game
    # it is not a narration: a later quiet update of the narration never overwrites it
    assert await bot.service.recall(CHANNEL, NARRATION_MEMO) is None


async def test_rules_in_a_private_chat_are_answered_in_the_users_language(bot, fake, store):
    await open_private_chats(bot, BOB, CAROL)
    await say(bot, GROUP, ALICE, "/lang it")  # the group's language does not matter in a private chat
    group_before = len(fake.sent(GROUP))
    await say(bot, BOB, BOB, f"/rules duel {QUESTION}")
    assert fake.sent(BOB)[-1].text == core_answer("duel", QUESTION, "ru")
    assert f"1. {discard_title('ru')}" in fake.sent(BOB)[-1].text
    await say(bot, CAROL, CAROL, "/rules 7wd Piramidi")  # any spelling of the game
    assert rulebook.section("duel", "wonder.pyramids", "it").title in fake.sent(CAROL)[-1].text
    assert len(fake.sent(GROUP)) == group_before


async def test_bad_rules_questions_get_the_clear_answer_privately(bot, fake, store):
    await open_private_chats(bot, BOB)
    await say(bot, GROUP, ALICE, "/lang it")
    group_before = len(fake.sent(GROUP))
    for text, game, question in (("/rules", "", ""), ("/rules chess how do knights move", "chess",
                                                        "how do knights move"),
                                 ("/rules duel", "duel", ""), ("/rules duel " + "why " * 120, "duel",
                                                               " ".join(["why"] * 120))):
        await say(bot, GROUP, BOB, text)
        assert fake.sent(BOB)[-1].text == core_answer(game, question, "ru"), text  # in Борис's language
    assert len(fake.sent(GROUP)) == group_before  # the group saw none of it
    # ... and in a private chat just the same
    await say(bot, BOB, BOB, "/rules chess knights")
    assert "chess" in fake.sent(BOB)[-1].text and "duel" in fake.sent(BOB)[-1].text


async def test_the_command_menus_show_how_to_ask(bot, fake):
    for call in fake.requests("setMyCommands"):
        rules = next(c for c in call.params["commands"] if c["command"] == "rules")
        if call.params.get("language_code") is None:
            assert rules["description"] == "Ask about the rules: /rules GAME question"


async def test_texts_name_the_commands_as_telegram_spells_them(bot, fake, store):
    await open_private_chats(bot, ALICE, BOB)
    await say(bot, GROUP, ALICE, "/new duel")
    assert fake.sent(GROUP)[-1].text.startswith(
        "Alice opens a table of 7 Wonders Duel. Join with /join; Alice starts with /startgame.")
    await say(bot, GROUP, ALICE, "/hand")
    assert "players can still /join, then the creator types /startgame" in fake.sent(ALICE)[-1].text
    await say(bot, GROUP, ALICE, "/status")
    assert "The creator starts with /startgame." in fake.sent(ALICE)[-1].text


async def test_a_menu_longer_than_a_keyboard_comes_in_several_messages(bot, fake, store):
    games()["pick"] = PickGame()
    presenters()["pick"] = PickPresenter()
    try:
        await open_private_chats(bot, ALICE, BOB)
        await say(bot, GROUP, ALICE, "/new pick")
        await say(bot, GROUP, BOB, "/join")
        await say(bot, GROUP, ALICE, "/startgame")
        first, second = menus(fake, ALICE)
        assert len(first.buttons) == 100 and len(second.buttons) == CHOICES - 100
        assert second.text == f"Choose a move (101–{CHOICES} of {CHOICES})"
        assert all(len(b["callback_data"].encode()) <= 64 for m in (first, second) for b in m.buttons)
        before = await version(store)
        last = second.buttons[-1]
        assert last["text"] == f"Number {CHOICES}"
        await press(bot, second, ALICE, last["callback_data"])
        assert await version(store) == before + 1
        assert f"Alice picks {CHOICES}." in fake.sent(GROUP)[-1].text
        # the pick game's score sheet, after Борис's pick, is a <pre> block in the group
        await say(bot, GROUP, BOB, "/play pick:1")
        assert fake.sent(GROUP)[-1].html.endswith("</pre>") and "     140" in fake.sent(GROUP)[-1].text
    finally:
        del games()["pick"]
        del presenters()["pick"]
