"""Discord ids as the service knows them, and the custom ids of our components.

The service's channel is ``dc:<guild_id>:<channel_id>`` and its user ``dc:<user_id>``. Components carry in their
custom id (at most 100 characters) everything needed to act on them after a restart, with no state in memory:
the game channel (so a menu in a direct message still knows its game) and the game version it was made for (so a
stale one is refused).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "dc"


@dataclass(frozen=True, slots=True)
class Where:
    """A game channel: a text channel (or thread) of a server."""

    guild_id: int
    channel_id: int

    @property
    def key(self) -> str:
        """The service's channel string."""
        return f"{PREFIX}:{self.guild_id}:{self.channel_id}"


def user_key(user_id: int) -> str:
    return f"{PREFIX}:{user_id}"


def user_id_of(key: str | None) -> int | None:
    """The Discord user id of a service user string (None for a user of another platform)."""
    if not key:
        return None
    prefix, sep, rest = key.partition(":")
    if prefix != PREFIX or not sep or not rest.isdigit():
        return None
    return int(rest)


# The "My hand" button under a board: pressed in the game channel itself, so it needs only the version.
HAND_TEMPLATE = r"bb:hand:(?P<version>[0-9]{1,12})"
# A menu of moves (``part``: which of the message's menus) and the buttons that page through long lists.
MOVE_TEMPLATE = r"bb:move:(?P<guild>[0-9]{1,20}):(?P<channel>[0-9]{1,20}):(?P<version>[0-9]{1,12}):(?P<part>[0-9]{1,2})"
PAGE_TEMPLATE = r"bb:page:(?P<guild>[0-9]{1,20}):(?P<channel>[0-9]{1,20}):(?P<version>[0-9]{1,12}):(?P<page>[0-9]{1,3})"


def hand_id(version: int) -> str:
    return f"bb:hand:{version}"


def move_id(where: Where, version: int, part: int) -> str:
    return f"bb:move:{where.guild_id}:{where.channel_id}:{version}:{part}"


def page_id(where: Where, version: int, page: int) -> str:
    return f"bb:page:{where.guild_id}:{where.channel_id}:{version}:{page}"


def where_of(match: re.Match[str]) -> Where:
    return Where(int(match["guild"]), int(match["channel"]))
