r"""Slash command names, descriptions, option names and choices in Russian and Italian, from the gettext catalogs.

The English strings are marked where the commands are declared, each kind in its own message context:
``NP_("discord.command", "new")`` for command and group names, ``NP_("discord.option", "game")`` for option names,
``NP_("discord.description", "...")`` for descriptions and ``NP_("discord.choice", "...")`` for choices. A choice
that names a game carries ``game=<name>`` and takes the game's own title.

Discord refuses the whole set of commands for one bad string, so every translation is checked against its rules
before it is handed over. Names (of commands, subcommands and options) must match
``^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`` in lower case: letters, digits, ``-`` and ``_`` only (no
apostrophe, no space, no punctuation). A translation is mended when that is harmless (lower case, ``_`` for
spaces); otherwise it is left out, with a warning in the log, and Discord shows the English name. Descriptions and
choice names must be 1-100 characters: a longer one is cut (with "…"), an empty one left out.
"""

from __future__ import annotations

import logging
import unicodedata

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


# Devanagari and Thai, which Discord accepts whole in names (their vowel signs are marks, not letters)
NAME_SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))


def _name_char(c: str) -> bool:
    if c in "-_" or unicodedata.category(c)[0] in "LN":  # \p{L}, \p{N}
        return True
    return any(lo <= ord(c) <= hi for lo, hi in NAME_SCRIPTS)


def is_command_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as the name of a command, a subcommand or an option."""
    return 1 <= len(name) <= NAME_MAX and all(_name_char(c) for c in name) and name == name.lower()


def command_name(text: str) -> str | None:
    """``text`` as a valid Discord command or option name (lower case, ``_`` for spaces), or None."""
    name = "_".join(text.strip().lower().split())
    return name if is_command_name(name) else None


def command_text(text: str) -> str | None:
    """``text`` as a valid description or choice name: 1-100 characters (cut with "…"), or None."""
    text = text.strip()
    if not text:
        return None
    return text if len(text) <= TEXT_MAX else text[: TEXT_MAX - 1].rstrip() + "…"


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
                log.warning("the %s translation %r of %r is not a valid Discord name: the English one is shown",
                            lang, text, string.message)
            return name
        checked = command_text(text)
        if checked != text.strip():
            log.warning("the %s translation %r of %r is not a valid Discord text: %s", lang, text, string.message,
                        "cut" if checked else "left out")
        return checked
