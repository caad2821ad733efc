"""What the service answers: messages, each with an audience, that adapters map onto their platform.

* ``public``: the channel (narration, the board, whose turn it is);
* ``ephemeral``: only the person who asked (Discord: an ephemeral reply; Telegram: a private chat or an alert);
* ``private``: one player, pushed to them (their options after a change, "your turn").

The service never writes platform markup: mentions are user ids for the adapter to render.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Literal

Audience = Literal["public", "ephemeral", "private"]


@dataclass(frozen=True, slots=True)
class Image:
    png: bytes
    filename: str
    alt: str = ""  # a text alternative (the table as text)


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file sent with a message (e.g. a game's record for ``boardbot replay``)."""

    data: bytes
    filename: str
    mime: str = "application/json"


@dataclass(frozen=True, slots=True)
class Choice:
    """A move a player can pick from a menu: ``value`` is its notation, ``label`` what to show."""

    value: str
    label: str
    number: int | None = None  # its number in the player's menu of moves (what typing the number plays)


@dataclass(slots=True)
class Message:
    audience: Audience
    text: str
    user: str | None = None  # the recipient of a private or ephemeral message
    image: Image | None = None
    mentions: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)  # every option, in order; adapters page them as needed
    locale: str = "en"
    monospace: str = ""  # a table to show in a fixed-width font after the text (e.g. a score sheet)
    file: Attachment | None = None
    link: str | None = None  # a private message about a game elsewhere: a link to its channel (a button, or text)


@dataclass(slots=True)
class Reply:
    messages: list[Message] = field(default_factory=list)
    ok: bool = True  # False when the request was refused (nothing changed)
    version: int | None = None  # the stored version after the request, for stale-button checks
    code: str | None = None  # the refusal's code (e.g. "error.stale"), when refused
    game_id: str | None = None  # which game of the channel the version belongs to
    # The version of a committed change whose messages these are: once the adapter has delivered them it tells the
    # service (``GameService.delivered``), which forgets them; undelivered ones are delivered again (``outbox``).
    delivery: int | None = None
    # Private messages still being drawn (a service that defers them answers with the public part first):
    # ``settle`` waits for them and adds them to ``messages``.
    later: list[asyncio.Future[Message]] = field(default_factory=list)
    link: str | None = None  # the game's channel as a link, given to every private message (``link_private``)

    def add(self, message: Message) -> Message:
        self.messages.append(message)
        return message

    @property
    def public(self) -> list[Message]:
        return [m for m in self.messages if m.audience == "public"]

    def link_private(self, link: str | None) -> None:
        """Give every private message (those drawn later too) a link to the game's channel."""
        self.link = link
        for message in self.messages:
            if message.audience == "private":
                message.link = link

    async def settle(self) -> list[Message]:
        """Wait for the deferred messages, add them to ``messages`` (in order) and return them."""
        if not self.later:
            return []
        added = list(await asyncio.gather(*self.later))
        self.later = []
        for message in added:
            if message.audience == "private" and self.link:
                message.link = self.link
        self.messages.extend(added)
        return added


def split_text(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut between lines where possible (platforms limit the
    length of a message)."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current:
        pieces.append(current)
    return pieces
