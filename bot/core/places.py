"""Where a game is played, for messages sent elsewhere (a reminder in a private chat, the list of a player's games):
the place's name as the adapter last reported it, and a link to it that each platform builds from the channel.

An adapter registers how its channels become links (``register``); the service asks ``link`` for any channel.
"""

from __future__ import annotations

from collections.abc import Callable

Linker = Callable[[str], "str | None"]

_LINKERS: dict[str, Linker] = {}
PLATFORMS = {"dc": "discord", "tg": "telegram"}


def register(prefix: str, linker: Linker) -> None:
    """Channels starting with ``<prefix>:`` become links with ``linker`` (None when one cannot be made)."""
    _LINKERS[prefix] = linker


def link(channel: str) -> str | None:
    """A link that opens ``channel`` on its platform, or None."""
    linker = _LINKERS.get(channel.partition(":")[0])
    return linker(channel) if linker else None


def platform_of(channel: str) -> str:
    """The platform of a channel (``discord``, ``telegram``; ``local`` for any other), for how texts spell commands."""
    return PLATFORMS.get(channel.partition(":")[0], "local")
