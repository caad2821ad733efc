"""Names the adapter gives Telegram things in the core and in buttons and links.

* the service's channel of a chat is ``tg:<chat_id>`` (groups have negative ids), a user is ``tg:<user_id>``;
* callback data (at most 64 bytes) names what a button does and, for a move, the game (its chat) and the version
  of the game it was made for, so a button of an older position is refused: ``m:<chat>:<version>:<menu>:<move>``,
  where ``<move>`` is the move's notation, or ``#<n>`` (its place in the menu) when the notation is too long, and
  ``<menu>`` a fingerprint of the whole menu (see ``Handlers.press_move``: in a simultaneous phase the others' secret
  choices move the version without changing this player's menu); ``h`` (my options) and ``j`` (join) act on the
  chat of the message they are on;
* the deep link that opens the private chat carries the group: ``start=g<chat>``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from bot.core.service import Caller

PREFIX = "tg:"
CALLBACK_LIMIT = 64  # bytes
OPTIONS = "h"
JOIN = "j"


def caller(chat_id: int, user_id: int, name: str, locale: str | None = None) -> Caller:
    """The service's caller for a Telegram user in a chat (texts spell commands the Telegram way)."""
    extra = {"platform": "telegram"} if "platform" in getattr(Caller, "__dataclass_fields__", {}) else {}
    return Caller(channel_of(chat_id), user_key(user_id), name, locale=locale, **extra)


def caller_for(channel: str, user: str, name: str = "", locale: str | None = None) -> Caller:
    """The same for ids already in the service's form (``tg:<id>``)."""
    extra = {"platform": "telegram"} if "platform" in getattr(Caller, "__dataclass_fields__", {}) else {}
    return Caller(channel, user, name, locale=locale, **extra)


def channel_of(chat_id: int) -> str:
    return f"{PREFIX}{chat_id}"


def user_key(user_id: int) -> str:
    return f"{PREFIX}{user_id}"


def telegram_id(key: str | None) -> int | None:
    """The Telegram id in ``tg:<id>`` (None for anything else)."""
    if not key or not key.startswith(PREFIX):
        return None
    try:
        return int(key[len(PREFIX):])
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class MoveButton:
    chat_id: int
    version: int
    menu: str  # the fingerprint of the menu the button was part of
    move: str | None  # the notation, or None when the button names the move by its place
    index: int | None = None


def menu_fingerprint(values: list[str]) -> str:
    """A short fingerprint of a menu (its moves' notations, in order)."""
    return hashlib.sha1("\n".join(values).encode()).hexdigest()[:6]


def move_data(chat_id: int, version: int, menu: str, notation: str, index: int) -> str:
    data = f"m:{chat_id}:{version}:{menu}:{notation}"
    if len(data.encode()) <= CALLBACK_LIMIT:
        return data
    return f"m:{chat_id}:{version}:{menu}:#{index}"


def parse_move_data(data: str) -> MoveButton | None:
    parts = data.split(":", 4)
    if len(parts) != 5 or parts[0] != "m" or not parts[4]:
        return None
    try:
        chat_id, version = int(parts[1]), int(parts[2])
    except ValueError:
        return None
    if parts[4].startswith("#"):
        try:
            return MoveButton(chat_id, version, parts[3], None, int(parts[4][1:]))
        except ValueError:
            return None
    return MoveButton(chat_id, version, parts[3], parts[4])


def start_payload(chat_id: int) -> str:
    return f"g{chat_id}"


def parse_start_payload(payload: str) -> int | None:
    if not payload.startswith("g"):
        return None
    try:
        return int(payload[1:])
    except ValueError:
        return None
