"""The command menus: one for groups, one for private chats, with descriptions in every language we speak.

They are published (``setMyCommands``, per scope and language) only when they changed: a hash of every menu is kept
in Redis, so a restart with the same menus sends nothing, and of several processes starting at once one publishes
them (``bot.fleet.once_per_change``).
"""

from __future__ import annotations

from typing import Any

from telegram import Bot, BotCommand, BotCommandScope, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot import fleet
from bot.i18n import DEFAULT_LOCALE, LOCALES, pgettext, use_locale
from bot.telegram import texts
from storage.shared_limits import SharedLimits

SYNC_NAME = "telegram-commands"  # + ":<bot id>": the shared record of the published menus


def menu(commands: list[tuple[str, str]], locale: str) -> list[BotCommand]:
    with use_locale(locale):
        return [BotCommand(name, pgettext("telegram command", description)) for name, description in commands]


def menus() -> list[tuple[BotCommandScope, str | None, list[BotCommand]]]:
    """Every menu as ``setMyCommands`` takes it: the scope, the language (None: the default one) and the commands."""
    out: list[tuple[BotCommandScope, str | None, list[BotCommand]]] = []
    for scope, commands in ((BotCommandScopeAllGroupChats(), texts.GROUP_COMMANDS),
                            (BotCommandScopeAllPrivateChats(), texts.PRIVATE_COMMANDS)):
        out.append((scope, None, menu(commands, DEFAULT_LOCALE)))
        out += [(scope, locale, menu(commands, locale)) for locale in LOCALES if locale != DEFAULT_LOCALE]
    return out


def _payload(found: list[tuple[BotCommandScope, str | None, list[BotCommand]]]) -> list[Any]:
    return [[scope.to_dict(), language, [c.to_dict() for c in commands]] for scope, language, commands in found]


async def publish(bot: Bot, shared: SharedLimits | None = None) -> bool:
    """``set_my_commands`` per scope: the default language (no ``language_code``) and each other one; with
    ``shared`` (the bot's Redis) only when the menus changed since they were last published, by any process. True
    when this call published them."""
    found = menus()

    async def send() -> None:
        for scope, language, commands in found:
            if language is None:
                await bot.set_my_commands(commands, scope=scope)
            else:
                await bot.set_my_commands(commands, scope=scope, language_code=language)

    if shared is None:
        await send()
        return True
    return await fleet.once_per_change(shared, f"{SYNC_NAME}:{bot.id}", fleet.digest_of(_payload(found)), send)
