"""The commands Discord receives at sync: names, options, choices, and their Russian and Italian localizations;
when they are sent (in the background once connected, and only when they changed) and that Discord accepts them."""

from __future__ import annotations

import io
import logging

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

import bot.i18n as i18n
from bot.core.service import GameService
from bot.discord.client import BoardBotClient
from bot.discord.translator import CatalogTranslator, command_name, command_text
from bot.games import presenters
from bot.i18n import LOCALES, pgettext, use_locale
from bot.settings import DiscordSettings
from rules.registry import games
from tests.core.simultaneous_game import RpsGame, RpsPresenter
from tests.discord.conftest import ALICE
from tests.fakes.discord_server import APP_ID, LOCALES as DISCORD_LOCALES, command_errors, valid_command_name

# Test translations laid over the project's catalogs, among them names Discord would refuse as written
EXTRA = {
    "ru": {
        ("discord.command", "game"): "игра",
        ("discord.command", "new"): "Новая Игра",  # not a valid name as written: mended to "новая_игра"
        ("discord.command", "play"): "ход/ходить",  # invalid: left out, Discord shows "play"
        ("discord.description", "Open a table for a game in this channel"): "Открыть стол для игры в этом канале",
        ("discord.option", "game"): "игра",
        ("discord.option", "move"): "ход",
    },
    "it": {
        ("discord.command", "game"): "partita",
        ("discord.command", "new"): "nuova",
        ("discord.command", "status"): "stato_dell'arte",  # an apostrophe: Discord refuses it, and the whole sync
        ("discord.option", "move"): "mossa",
        ("discord.description", "How to play with me"): "Come si gioca con me " + "molto " * 20,  # over 100
    },
}


@pytest.fixture
def catalogs(monkeypatch):
    real = i18n.translations
    built: dict[str, Translations] = {}

    def translations(locale: str):
        if locale not in built:
            catalog = Catalog(locale=locale)
            for (context, message), text in EXTRA.get(locale, {}).items():
                catalog.add(message, text, context=context)
            buf = io.BytesIO()
            write_mo(buf, catalog)
            buf.seek(0)
            extra = Translations(fp=buf, domain=i18n.DOMAIN)
            extra.add_fallback(real(locale))
            built[locale] = extra
        return built[locale]

    monkeypatch.setattr(i18n, "translations", translations)


def synced(fake, scope="global"):
    """The commands Discord registered (the one sync there was, and it was accepted)."""
    puts = fake.command_syncs()
    assert puts, "no sync"
    path = (f"/api/v10/applications/{APP_ID}/commands" if scope == "global"
            else f"/api/v10/applications/{APP_ID}/guilds/{scope}/commands")
    assert [r.path for r in puts] == [path]
    assert fake.syncs == 1, "Discord refused the commands"
    assert [c["name"] for c in fake.commands[scope]] == [c["name"] for c in puts[0].json]
    return {c["name"]: c for c in puts[0].json}


async def test_commands_are_synced_with_their_localizations(discord_env, catalogs, caplog):
    env = discord_env
    await env.start()
    with caplog.at_level(logging.WARNING, logger="bot.discord.translator"):
        assert await env.synced()
    commands = synced(env.fake)
    assert set(commands) == {"game", "play", "rules"}
    game = commands["game"]
    assert game["name_localizations"] == {"ru": "игра", "it": "partita"}
    subs = {o["name"]: o for o in game["options"]}
    assert set(subs) == {"new", "join", "leave", "start", "status", "board", "hand", "log", "abort", "undo", "lang",
                         "help", "reminder", "quiet", "away", "back", "skip", "standin", "kick", "mygames", "export",
                         "addbot", "hint"}
    new = subs["new"]
    assert new["name_localizations"] == {"ru": "новая_игра", "it": "nuova"}
    assert new["description_localizations"]["ru"] == "Открыть стол для игры в этом канале"
    assert new["description_localizations"]["it"]  # from the project's catalog
    game_option = {o["name"]: o for o in new["options"]}["game"]
    assert game_option["name_localizations"]["ru"] == "игра"
    duel = next(c for c in game_option["choices"] if c["value"] == "duel")
    assert duel["name"] == "7 Wonders Duel"
    assert duel["name_localizations"]["ru"] == "7 чудес: Дуэль"  # the game's own title from the catalogs
    assert {o["name"]: o for o in new["options"]}["options"]["autocomplete"] is True
    play = commands["play"]
    assert "name_localizations" not in play or "ru" not in (play["name_localizations"] or {})
    move = play["options"][0]
    assert move["name"] == "move" and move["autocomplete"] is True and move["required"] is True
    assert move["name_localizations"] == {"ru": "ход", "it": "mossa"}
    for command in commands.values():  # Discord's limits
        for name in [command["name"], *(command.get("name_localizations") or {}).values()]:
            assert command_name(name) == name
    # A translation Discord would refuse is left out (Discord shows the English name), and the log says so; a
    # description over 100 characters is cut.
    status = {o["name"]: o for o in game["options"]}["status"]
    assert "it" not in status["name_localizations"] and status["name_localizations"]["ru"]
    assert any("stato_dell'arte" in r.getMessage() for r in caplog.records)
    help_ = {o["name"]: o for o in game["options"]}["help"]
    assert len(help_["description_localizations"]["it"]) <= 100 and help_["description_localizations"]["it"][-1] == "…"
    assert help_["description_localizations"]["it"].startswith("Come si gioca con me molto")
    assert command_errors(list(commands.values())) is None


async def test_the_fake_refuses_commands_as_discord_does(discord_env):
    """The fake's checks, on a payload with every kind of mistake: one bad string refuses the whole sync."""
    bad = [{"name": "game", "type": 1, "description": "Board games",
            "name_localizations": {"it": "partita dell'anno"},
            "options": [{"name": "status", "type": 1, "description": "x" * 101,
                         "name_localizations": {"it": "stato_dell'arte", "ru": "Статус", "xx": "a"},
                         "options": [{"name": "kind", "type": 3, "description": "Which",
                                      "choices": [{"name": "", "value": "a"},
                                                  {"name": "ok", "value": "b",
                                                   "name_localizations": {"ru": "я" * 101}}]}]}]}]
    errors = command_errors(bad)
    invalid_name = {"_errors": [{"code": "APPLICATION_COMMAND_INVALID_NAME", "message": "Command name is invalid"}]}
    bad_length = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": "Must be between 1 and 100 in length."}]}
    assert errors["0"]["name_localizations"] == invalid_name  # a command's own names: one error, no locale
    status = errors["0"]["options"]["0"]
    assert status["description"] == bad_length
    assert status["name_localizations"]["it"] == invalid_name and status["name_localizations"]["ru"] == invalid_name
    assert status["name_localizations"]["xx"]["_errors"][0]["code"] == "LOCALE_INVALID"
    choices = status["options"]["0"]["choices"]
    assert choices["0"]["name"] == bad_length and choices["1"]["name_localizations"]["ru"] == bad_length
    for good in ("игра", "partita", "solo_per_me", "7-wonders", "खेल", "เกม", "ゲーム", "x" * 32):
        assert valid_command_name(good), good
    for wrong in ("dell'anno", "Partita", "a b", "a/b", "x" * 33, "", "ход!", "l’ordine"):
        assert not valid_command_name(wrong), wrong

    env = discord_env
    await env.start(sync_commands=False)
    with pytest.raises(discord.HTTPException) as refused:
        await env.client.http.bulk_upsert_global_commands(APP_ID, payload=bad)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert env.fake.commands == {}


async def bot_commands(store, **settings) -> list[dict]:
    """The commands the bot would send at a sync, with every localization (no connection needed)."""
    client = BoardBotClient(GameService(store, render=False), DiscordSettings(**settings))
    await client.tree.set_translator(CatalogTranslator())
    try:
        return await client.command_payload()
    finally:
        await client.close()


def walk(obj, parent=()):
    """Every command, subcommand, option and choice of a payload, with its path of names."""
    path = (*parent, obj["name"])
    yield path, obj
    for child in [*(obj.get("options") or []), *(obj.get("choices") or [])]:
        yield from walk(child, path)


async def test_every_localized_name_and_description_is_valid_for_discord(store):
    """Over every locale Discord knows: every name, description and choice, as sent, passes Discord's rules; and
    every name and description of ours has its Russian and Italian translation in the payload (a translation the
    translator had to leave out would show here)."""
    commands = await bot_commands(store)
    assert command_errors(commands) is None
    checked = 0
    for command in commands:
        for path, obj in walk(command):
            is_choice = "value" in obj
            names = {"": obj["name"], **(obj.get("name_localizations") or {})}
            descriptions = {} if is_choice else {"": obj["description"], **(obj.get("description_localizations") or {})}
            for locale, name in names.items():
                assert locale == "" or locale in DISCORD_LOCALES
                assert command_text(name) == name if is_choice else valid_command_name(name), (path, locale, name)
                checked += 1
            for locale, text in descriptions.items():
                assert locale == "" or locale in DISCORD_LOCALES
                assert 1 <= len(text) <= 100, (path, locale, text)
                checked += 1
            if is_choice:
                continue
            # ours are all marked for translation: each has its translation (unless it reads the same)
            name_context = "discord.command" if obj.get("type", 1) in (1, 2) else "discord.option"
            for lang in (code for code in LOCALES if code != "en"):
                for field, context, english in (("name_localizations", name_context, obj["name"]),
                                                 ("description_localizations", "discord.description",
                                                  obj["description"])):
                    with use_locale(lang):
                        wanted = pgettext(context, english)
                    if wanted != english:
                        assert (obj.get(field) or {}).get(lang), (path, lang, field, wanted)
    assert checked > 100


async def test_a_development_server_gets_the_commands_at_once(discord_env):
    env = discord_env
    await env.start(dev_guild_id=123456789012345678)
    assert await env.synced()
    commands = synced(env.fake, scope="123456789012345678")
    assert set(commands) == {"game", "play", "rules"}


async def test_a_rate_limited_sync_does_not_keep_the_bot_offline(discord_env):
    """Discord answers the commands' sync with 429 (retry after 2 s): the bot is connected and answers at once,
    the sync waits in the background and then goes through."""
    env = discord_env
    env.fake.limit_syncs(2.0)
    await env.start()
    assert env.fake.identified == 1
    ex = await env.game(ALICE, "help")
    assert "/game new" in ex.answer_text()
    assert env.fake.syncs == 0 and env.fake.count(429) == 1  # answered while the sync waits out its 429
    assert not env.client.command_sync.done()
    assert await env.synced()
    assert env.fake.syncs == 1 and len(env.fake.command_syncs()) == 2


async def test_unchanged_commands_are_not_synced_again(discord_env, monkeypatch):
    env = discord_env
    await env.start()
    assert await env.synced()
    await env.stop()
    await env.start()  # another process, or the same one started again: the same commands
    assert await env.synced() is False
    assert len(env.fake.command_syncs()) == 1
    await env.stop()
    await env.start(dev_guild_id=123456789012345678)  # another scope: its own registration
    assert await env.synced()
    await env.stop()
    monkeypatch.setitem(games(), "rps", RpsGame())  # a new game: its choice changes the commands
    monkeypatch.setitem(presenters(), "rps", RpsPresenter())
    await env.start()
    assert await env.synced()
    assert len(env.fake.command_syncs()) == 3
    new = {o["name"]: o for o in env.fake.command_syncs()[-1].json[0]["options"]}["new"]
    assert "rps" in {c["value"] for c in new["options"][0]["choices"]}


async def test_no_sync_when_disabled(discord_env):
    env = discord_env
    await env.start(sync_commands=False)
    assert [r for r in env.fake.requests if r.method == "PUT"] == []


def test_command_names_are_mended_or_left_out():
    assert command_name("Nuova Partita") == "nuova_partita"
    assert command_name("ход") == "ход"
    assert command_name("dell'ordine") is None and command_name("dell’ordine") is None
    assert command_name("खेल") == "खेल" and command_name("เกม") == "เกม"
    assert command_name("a/b") is None
    assert command_name("x" * 33) is None
    assert command_name("  ") is None


async def test_the_translator_leaves_english_and_unknown_locales_alone(catalogs):
    translator = CatalogTranslator()
    context = TranslationContext(TranslationContextLocation.command_name, None)
    assert await translator.translate(locale_str("game"), discord.Locale.american_english, context) is None
    assert await translator.translate(locale_str("game"), discord.Locale.japanese, context) is None
    assert await translator.translate(locale_str("game"), discord.Locale.russian, context) == "игра"
    missing = locale_str("no_such_command")
    assert await translator.translate(missing, discord.Locale.russian, context) is None  # untranslated


async def test_run_discord_needs_a_token(store):
    import asyncio

    from bot.core.service import GameService
    from bot.discord.run import run_discord
    from bot.settings import DiscordSettings, Settings

    settings = Settings(_env_file=None, discord=DiscordSettings())  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="BOARDBOT_DISCORD__TOKEN"):
        await run_discord(settings, GameService(store, render=False), asyncio.Event())
