"""The commands Discord receives at sync: names, options, choices, and their Russian and Italian localizations."""

from __future__ import annotations

import io

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

import bot.i18n as i18n
from bot.discord.translator import CatalogTranslator, command_name
from tests.fakes.discord_server import APP_ID

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
        ("discord.option", "move"): "mossa",
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
    puts = [r for r in fake.requests if r.method == "PUT"]
    assert puts, "no sync"
    path = (f"/api/v10/applications/{APP_ID}/commands" if scope == "global"
            else f"/api/v10/applications/{APP_ID}/guilds/{scope}/commands")
    assert [r.path for r in puts] == [path]
    return {c["name"]: c for c in puts[0].json}


async def test_commands_are_synced_with_their_localizations(discord_env, catalogs):
    env = discord_env
    await env.start()
    commands = synced(env.fake)
    assert set(commands) == {"game", "play", "rules"}
    game = commands["game"]
    assert game["name_localizations"] == {"ru": "игра", "it": "partita"}
    subs = {o["name"]: o for o in game["options"]}
    assert set(subs) == {"new", "join", "leave", "start", "status", "board", "hand", "log", "abort", "undo", "lang",
                         "help"}
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


async def test_a_development_server_gets_the_commands_at_once(discord_env):
    env = discord_env
    await env.start(dev_guild_id=123456789012345678)
    commands = synced(env.fake, scope="123456789012345678")
    assert set(commands) == {"game", "play", "rules"}


async def test_no_sync_when_disabled(discord_env):
    env = discord_env
    await env.start(sync_commands=False)
    assert [r for r in env.fake.requests if r.method == "PUT"] == []


def test_command_names_are_mended_or_left_out():
    assert command_name("Nuova Partita") == "nuova_partita"
    assert command_name("ход") == "ход"
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
