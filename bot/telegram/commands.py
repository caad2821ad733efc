"""The command menus: one for groups, one for private chats, with descriptions in every language we speak."""

from __future__ import annotations

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot.i18n import DEFAULT_LOCALE, LOCALES, pgettext, use_locale
from bot.telegram import texts


def menu(commands: list[tuple[str, str]], locale: str) -> list[BotCommand]:
    with use_locale(locale):
        return [BotCommand(name, pgettext("telegram command", description)) for name, description in commands]


async def publish(bot: Bot) -> None:
    """``set_my_commands`` per scope: the default language (no ``language_code``) and each other one."""
    for scope, commands in ((BotCommandScopeAllGroupChats(), texts.GROUP_COMMANDS),
                            (BotCommandScopeAllPrivateChats(), texts.PRIVATE_COMMANDS)):
        await bot.set_my_commands(menu(commands, DEFAULT_LOCALE), scope=scope)
        for locale in LOCALES:
            if locale != DEFAULT_LOCALE:
                await bot.set_my_commands(menu(commands, locale), scope=scope, language_code=locale)
