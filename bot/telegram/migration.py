"""A basic group that Telegram upgrades to a supergroup gets a new chat id. Telegram says so by a message in each
chat (``migrate_to_chat_id`` in the old one, ``migrate_from_chat_id`` in the new one) and refuses every request to
the old id (``ChatMigrated``). Whichever the bot meets first, the group's channel follows the chat to its new id:
its game, log and outbox, its preferences and memos, its timer (``GameStore.move_channel``). The old channel keeps a
memo of where it went, so buttons and links made for the old id (in private chats, in the group's history) still
find the game.
"""

from __future__ import annotations

import asyncio
import logging

from bot.core.service import GameService
from bot.telegram import ids, memos
from storage import GameExists

log = logging.getLogger(__name__)

SUPERGROUP_IDS = ids.SUPERGROUP_IDS  # supergroups' ids are below this (-100xxxxxxxxxx); only basic groups migrate


class Migrations:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._locks: dict[int, asyncio.Lock] = {}

    async def follow(self, old: int, new: int) -> str:
        """The group ``old`` is now ``new``: move its channel there (once, however often it is told); returns the
        new channel."""
        old_channel, new_channel = ids.channel_of(old), ids.channel_of(new)
        async with self._locks.setdefault(old, asyncio.Lock()):
            if await self.service.recall(old_channel, memos.MOVED) == new_channel:
                return new_channel
            try:
                moved = await self.service.store.move_channel(old_channel, new_channel)
            except GameExists:  # the new chat has a game of its own already: the old one stays where it was
                log.warning("group %s became %s, which has a game already: the old game stays behind", old, new)
                moved = False
            # The old chat's messages stay there: nothing in the new one is edited as if it were one of them.
            await self.service.remember(new_channel, memos.NARRATION, None)
            await self.service.remember(old_channel, memos.MOVED, new_channel)
        log.info("group %s became supergroup %s%s", old, new, ": its game follows it" if moved else "")
        return new_channel

    async def resolve(self, channel: str) -> str:
        """The channel a group's channel is now (another one after a migration). Only basic groups migrate, so
        only their channels are looked up."""
        place = ids.place_of(channel)
        if place is None or not SUPERGROUP_IDS < place.chat < 0:
            return channel
        return await self.service.recall(channel, memos.MOVED) or channel
