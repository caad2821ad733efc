"""Discord ids as the service knows them, and the custom ids of our components.

The service's channel is ``dc:<guild_id>:<channel_id>`` and its user ``dc:<user_id>``. Components carry in their
custom id (at most 100 characters) everything needed to act on them after a restart, with no state in memory:
the game channel (so a menu in a direct message still knows its game), the id of the game (``g<id>``: a channel's
versions restart at 1 with each new game, so a component of an earlier game is told apart) and the version it was
made for (so a stale one is refused; the service decides per seat, see ``GameService.play``).

Custom ids made before game ids existed (no ``g<id>`` part) still match: they stand for the game id ``""``, the id of
the tables of that time, so they keep working for such a table and are refused as stale for any newer game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.core import places
from bot.core.text import whole_number

PREFIX = "dc"
CHANNEL_LINK = "https://discord.com/channels/{guild}/{channel}"  # opens a channel (``@me`` for a DM)


@dataclass(frozen=True, slots=True)
class Where:
    """A game channel: a text channel (or thread) of a server."""

    guild_id: int
    channel_id: int

    @property
    def key(self) -> str:
        """The service's channel string."""
        return f"{PREFIX}:{self.guild_id}:{self.channel_id}"


def where_of_key(key: str) -> Where | None:
    """The game channel of a service channel string (None for a DM's ``dc:dm:<id>`` or another platform's)."""
    parts = key.split(":")
    if len(parts) != 3 or parts[0] != PREFIX:
        return None
    guild_id, channel_id = whole_number(parts[1]), whole_number(parts[2])
    return None if guild_id is None or channel_id is None else Where(guild_id, channel_id)


def channel_link(key: str) -> str | None:
    """A link that opens the channel of a service channel string in Discord (a DM's ``dc:dm:<id>`` in the
    ``@me`` form); None for anything else."""
    where = where_of_key(key)
    if where is not None:
        return CHANNEL_LINK.format(guild=where.guild_id, channel=where.channel_id)
    parts = key.split(":")
    if len(parts) == 3 and parts[0] == PREFIX and parts[1] == "dm" and whole_number(parts[2]) is not None:
        return CHANNEL_LINK.format(guild="@me", channel=parts[2])
    return None


places.register(PREFIX, channel_link)  # the service's links to Discord channels (``bot.core.places``)

MENTION = re.compile(r"<@!?(?P<id>[0-9]{1,20})>")


def player_named(text: str) -> str:
    """What a user typed to name a player, for ``Table.find``: a Discord mention (``<@123>``) becomes the user's
    id; a name stays as typed."""
    text = text.strip()
    match = MENTION.fullmatch(text)
    return match["id"] if match else text


def user_key(user_id: int) -> str:
    return f"{PREFIX}:{user_id}"


def user_id_of(key: str | None) -> int | None:
    """The Discord user id of a service user string (None for a user of another platform)."""
    if not key:
        return None
    prefix, sep, rest = key.partition(":")
    if prefix != PREFIX or not sep:
        return None
    return whole_number(rest)


# A game id (the service makes them of 10 hex digits); optional, for the custom ids made before game ids.
_GAME = r"(?:g(?P<game>[0-9A-Za-z_-]{0,32}):)?"
_WHERE = r"(?P<guild>[0-9]{1,20}):(?P<channel>[0-9]{1,20}):"
# The "My hand" button under a board: pressed in the game channel itself, so it needs only the game and version.
HAND_TEMPLATE = rf"bb:hand:{_GAME}(?P<version>[0-9]{{1,12}})"
# A menu of moves (``part``: which of the message's menus) and the buttons that page through long lists.
MOVE_TEMPLATE = rf"bb:move:{_WHERE}{_GAME}(?P<version>[0-9]{{1,12}}):(?P<part>[0-9]{{1,2}})"
PAGE_TEMPLATE = rf"bb:page:{_WHERE}{_GAME}(?P<version>[0-9]{{1,12}}):(?P<page>[0-9]{{1,3}})"


@dataclass(frozen=True, slots=True)
class Made:
    """What a component was made for: a game of the channel (its id) at a version."""

    game_id: str
    version: int


def _game(made: Made) -> str:
    return f"g{made.game_id}:"


def hand_id(made: Made) -> str:
    return f"bb:hand:{_game(made)}{made.version}"


def move_id(where: Where, made: Made, part: int) -> str:
    return f"bb:move:{where.guild_id}:{where.channel_id}:{_game(made)}{made.version}:{part}"


def page_id(where: Where, made: Made, page: int) -> str:
    return f"bb:page:{where.guild_id}:{where.channel_id}:{_game(made)}{made.version}:{page}"


def where_of(match: re.Match[str]) -> Where:
    return Where(int(match["guild"]), int(match["channel"]))


def made_of(match: re.Match[str]) -> Made:
    """The game and version in a matched custom id (``""`` for the game of an id made before game ids)."""
    return Made(match["game"] or "", int(match["version"]))
