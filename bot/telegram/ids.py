"""Names the adapter gives Telegram things in the core and in buttons and links.

* the service's channel of a chat is ``tg:<chat_id>`` (groups have negative ids), a user is ``tg:<user_id>``;
* callback data (at most 64 bytes) names what a button does and, for a move, the game (its chat) and the version
  of the game it was made for, so a button of an older position is refused: ``m:<chat>:<version>:<move>``, where
  ``<move>`` is the move's notation, or ``#<n>`` (its place in the menu of that version) when the notation is too
  long; ``h`` (my options) and ``j`` (join) act on the chat of the message they are on;
* the deep link that opens the private chat carries the group: ``start=g<chat>``.
"""

from __future__ import annotations

from dataclasses import dataclass

PREFIX = "tg:"
CALLBACK_LIMIT = 64  # bytes
OPTIONS = "h"
JOIN = "j"


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
    move: str | None  # the notation, or None when the button names the move by its place
    index: int | None = None


def move_data(chat_id: int, version: int, notation: str, index: int) -> str:
    data = f"m:{chat_id}:{version}:{notation}"
    if len(data.encode()) <= CALLBACK_LIMIT:
        return data
    return f"m:{chat_id}:{version}:#{index}"


def parse_move_data(data: str) -> MoveButton | None:
    parts = data.split(":", 3)
    if len(parts) != 4 or parts[0] != "m" or not parts[3]:
        return None
    try:
        chat_id, version = int(parts[1]), int(parts[2])
    except ValueError:
        return None
    if parts[3].startswith("#"):
        try:
            return MoveButton(chat_id, version, None, int(parts[3][1:]))
        except ValueError:
            return None
    return MoveButton(chat_id, version, parts[3])


def start_payload(chat_id: int) -> str:
    return f"g{chat_id}"


def parse_start_payload(payload: str) -> int | None:
    if not payload.startswith("g"):
        return None
    try:
        return int(payload[1:])
    except ValueError:
        return None
