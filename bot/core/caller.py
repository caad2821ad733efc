"""Who asks, and in which languages they are answered."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking, and where. ``locale`` is the language the platform reports for the user,
    ``channel_locale`` the server's or group's, if the platform knows one."""

    channel: str
    user: str
    name: str
    locale: str | None = None
    channel_locale: str | None = None
    platform: str = "local"  # "discord", "telegram" or "local": how commands are spelled in texts
    place: str | None = None  # the channel's or group's name, for messages about the game sent elsewhere


class Locales(NamedTuple):
    """The languages of an answer: ``user`` for what the caller alone reads, ``channel`` for the channel."""

    user: str
    channel: str
