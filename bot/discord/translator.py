"""Slash command names, descriptions, option names and choices in Russian and Italian, from the gettext catalogs.

The English strings are marked where the commands are declared, each kind in its own message context:
``NP_("discord.command", "new")`` for command and group names, ``NP_("discord.option", "game")`` for option names,
``NP_("discord.description", "...")`` for descriptions and ``NP_("discord.choice", "...")`` for choices. A choice
that names a game carries ``game=<name>`` and takes the game's own title.

Discord wants names in lower case, without spaces, 1-32 letters, digits, ``-`` or ``_``: a translation that is not
a valid name is mended when it can be (lower case, ``_`` for spaces) and otherwise left out, so Discord shows the
English one rather than refusing the whole set of commands.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.games import presenters
from bot.i18n import DEFAULT_LOCALE, normalize_locale, pgettext, use_locale

log = logging.getLogger(__name__)

CONTEXTS = {
    Location.command_name: "discord.command",
    Location.group_name: "discord.command",
    Location.parameter_name: "discord.option",
    Location.command_description: "discord.description",
    Location.group_description: "discord.description",
    Location.parameter_description: "discord.description",
    Location.choice_name: "discord.choice",
    Location.other: "discord",
}
NAMES = {Location.command_name, Location.group_name, Location.parameter_name}
NAME_MAX = 32
TEXT_MAX = 100  # descriptions and choice names


def command_name(text: str) -> str | None:
    """``text`` as a valid Discord command or option name, or None."""
    name = "_".join(text.strip().lower().split())
    if not 1 <= len(name) <= NAME_MAX or not all(c.isalnum() or c in "-_'" for c in name):
        return None
    return name


def game_title(game: str, locale: str) -> str:
    """A game's title in ``locale`` (its name when no presenter knows it)."""
    pres = presenters().get(game)
    if pres is None:
        return game
    with use_locale(locale):
        return pres.title()


class CatalogTranslator(app_commands.Translator):
    """discord.py asks for every string and every locale Discord knows; we answer for our catalogs only."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        lang = normalize_locale(locale.value)
        if lang is None or lang == DEFAULT_LOCALE:
            return None  # Discord shows the English source
        game = string.extras.get("game")
        if game is not None:
            text = game_title(game, lang)
        else:
            msgctxt = string.extras.get("context") or CONTEXTS.get(context.location, "discord")
            with use_locale(lang):
                text = pgettext(msgctxt, string.message)
        if not text or text == string.message:
            return None
        if context.location in NAMES:
            name = command_name(text)
            if name is None:
                log.warning("the %s translation %r of %r is not a valid command name", lang, text, string.message)
            return name
        return text[:TEXT_MAX]
