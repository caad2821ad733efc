"""One line of outgoing messages per group, and what waits in it told together.

Telegram lets a bot send about 20 messages a minute to one group (the rate limiter holds the others back). A group's
messages go out one request at a time, in order; those that pile up meanwhile (moves made faster than the group may
be told) are merged: a game's narrations in order, its newest board, and only the newest "whose turn it is". What the
group sees is what it would have seen message by message, in fewer messages.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from telegram import InlineKeyboardMarkup

from bot.core.replies import Message

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Post:
    """A message for a group's channel: the core's public message of a reply (``message``: merged with the next
    ones of its channel that wait with it, unless it has a keyboard of its own) or one of the adapter's own, in HTML
    (``pieces``), sent as it is."""

    channel: str
    message: Message | None = None
    pieces: list[str] = field(default_factory=list)
    markup: InlineKeyboardMarkup | None = None
    reply_to: int | None = None
    quiet: bool = False  # restates the latest narration (nobody newly has to decide): it edits it

    @property
    def mergeable(self) -> bool:
        return self.message is not None and self.markup is None


def merged(first: Post, then: Post) -> Post | None:
    """One post saying what ``first`` and then ``then`` would say (None when they must stay two)."""
    a, b = first.message, then.message
    if a is None or b is None or first.channel != then.channel:
        return None
    if then.quiet and b.image is None:
        if a.image is None:  # the edit would replace a's words: b's words, sent as a was to be
            return Post(first.channel, b, quiet=first.quiet)
        message = _joined(a, b, image=a.image)
    elif first.quiet:  # a edits the older narration, b is a new message: both stay
        return None
    else:
        message = _joined(a, b, image=b.image or a.image)
    return Post(first.channel, message)


def _joined(a: Message, b: Message, *, image: Any) -> Message:
    return Message("public", "\n".join(t for t in (a.text, b.text) if t), image=image, mentions=list(b.mentions),
                   locale=b.locale, monospace="\n\n".join(m.monospace for m in (a, b) if m.monospace))


Sender = Callable[[Post], Awaitable[Any]]


class Lines:
    """The lines of the groups: ``post`` waits until its post went out (alone or merged) and returns what ``send``
    returned for it, or raises what it raised."""

    def __init__(self, send: Sender) -> None:
        self._send = send
        self._waiting: dict[int, list[tuple[Post, asyncio.Future[Any]]]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}

    async def post(self, chat: int, post: Post) -> Any:
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(chat, []).append((post, done))
        if chat not in self._workers:
            self._workers[chat] = asyncio.create_task(self._work(chat), name=f"telegram group {chat}")
        return await done

    async def _work(self, chat: int) -> None:
        batch: list[tuple[Post, asyncio.Future[Any]]] = []
        try:
            while self._waiting.get(chat):
                post, batch = self._take(chat)
                try:
                    result = await self._send(post)
                except Exception as e:  # noqa: BLE001 - each poster gets it, and decides
                    for _post, done in batch:
                        if not done.done():
                            done.set_exception(e)
                else:
                    for _post, done in batch:
                        if not done.done():
                            done.set_result(result)
                batch = []
        finally:
            for _post, done in batch:  # the line itself was cancelled (the loop is closing)
                if not done.done():
                    done.cancel()
            del self._workers[chat]
            if not self._waiting.get(chat):
                self._waiting.pop(chat, None)

    def _take(self, chat: int) -> tuple[Post, list[tuple[Post, asyncio.Future[Any]]]]:
        """The first waiting post, merged with those after it that can join it."""
        waiting = self._waiting[chat]
        post, done = waiting.pop(0)
        batch = [(post, done)]
        while post.mergeable and waiting and waiting[0][0].mergeable:
            joined = merged(post, waiting[0][0])
            if joined is None:
                break
            post = joined
            batch.append(waiting.pop(0))
        if len(batch) > 1:
            log.info("%d messages for group %s told in one", len(batch), chat)
        return post, batch
