"""Names the adapter gives Telegram things in the core and in buttons and links.

* the service's channel of a chat is ``tg:<chat_id>`` (groups have negative ids), a user is ``tg:<user_id>``;
* callback data (at most 64 bytes) names what a button does and, for a move, the group, the game and the version it
  was made for: ``m:<chat>:<game>:<version>:<move>``, where ``<game>`` is the game's id (a group's versions start
  again at 1 with each new game, so a button of an earlier game is told apart) and ``<move>`` the move's notation, or
  ``#<n>`` (its place in the menu) when the notation is too long. The service refuses a button of another game, or of
  an earlier decision of that player (``error.stale``; another player's secret choice does not make it stale).
  ``h`` (my options) and ``j`` (join) act on the chat of the message they are on;
* the deep link that opens the private chat carries the group: ``start=g<chat>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.service import Caller

PREFIX = "tg:"
PLATFORM = "telegram"  # how the service's texts spell commands here (``/startgame``: ``/start`` is Telegram's)
CALLBACK_LIMIT = 64  # bytes
OPTIONS = "h"
JOIN = "j"
MOVE = "m"
UNKNOWN_GAME = "?"  # never the id of a game (the service's are letters and digits)


def caller(chat_id: int, user_id: int, name: str, locale: str | None = None) -> Caller:
    """The service's caller for a Telegram user in a chat (texts spell commands the Telegram way)."""
    return Caller(channel_of(chat_id), user_key(user_id), name, locale=locale, platform=PLATFORM)


def caller_for(channel: str, user: str, name: str = "", locale: str | None = None) -> Caller:
    """The same for ids already in the service's form (``tg:<id>``)."""
    return Caller(channel, user, name, locale=locale, platform=PLATFORM)


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
class Made:
    """What a menu was made for: a game of the group (its id) at a version."""

    game_id: str
    version: int


@dataclass(frozen=True, slots=True)
class MoveButton:
    chat_id: int
    made: Made
    move: str | None  # the notation, or None when the button names the move by its place
    index: int | None = None


def move_data(chat_id: int, made: Made, notation: str, index: int) -> str:
    """The callback data of a move button (at most 64 bytes: the move by its place when its notation is too long)."""
    data = f"{MOVE}:{chat_id}:{made.game_id}:{made.version}:{notation}"
    if len(data.encode()) <= CALLBACK_LIMIT:
        return data
    return f"{MOVE}:{chat_id}:{made.game_id}:{made.version}:#{index}"


def parse_move_data(data: str) -> MoveButton | None:
    """The move button of callback data (None when it is not one). A button made before game ids
    (``m:<chat>:<version>:<menu>:<move>``) never names the game running now, so the service refuses it as stale
    (its game is ``UNKNOWN_GAME`` when its fields do not even read as a game and a version)."""
    parts = data.split(":", 4)
    if len(parts) != 5 or parts[0] != MOVE or not parts[4]:
        return None
    try:
        chat_id = int(parts[1])
    except ValueError:
        return None
    game, version = parts[2], parts[3]
    if not ((game == "" or game.isalnum()) and version.isdigit()):
        game, version = UNKNOWN_GAME, "0"
    made = Made(game, int(version))
    if parts[4].startswith("#"):
        try:
            return MoveButton(chat_id, made, None, int(parts[4][1:]))
        except ValueError:
            return None
    return MoveButton(chat_id, made, parts[4])


def start_payload(chat_id: int) -> str:
    return f"g{chat_id}"


def parse_start_payload(payload: str) -> int | None:
    if not payload.startswith("g"):
        return None
    try:
        return int(payload[1:])
    except ValueError:
        return None
