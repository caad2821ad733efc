"""The Discord client: the command tree, its translator and the persistent components.

The bot needs no privileged intent: interactions reach it whatever the intents, it never reads messages, and it
knows channels and users by the ids the interactions carry. It asks only for ``guilds`` (which discord.py's state
expects; not privileged).

Commands are registered with Discord (a ``PUT`` of all of them) only when they changed: a hash of what would be sent
(names, descriptions, options, choices and every localization) is kept with the service, per application and scope
(global, or the development server), and a start whose commands hash the same sends nothing. The registration runs
in the background once the gateway is connected: the bot answers interactions meanwhile, and a rate limit (429) on
it is waited out there, never before the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from typing import Any

import discord

from bot.core.service import GameService
from bot.discord.actions import Actions
from bot.discord.commands import build_tree
from bot.discord.translator import CatalogTranslator
from bot.discord.views import HandButton, MoveSelect, PageButton
from bot.settings import DiscordSettings
from storage import StorageUnavailable

log = logging.getLogger(__name__)

MEMO_CHANNEL = "discord"  # the service memo that keeps the hash of the registered commands
HASH_MEMO = "commands_hash"  # + ":<application id>:<global or the server's id>"


class BoardBotClient(discord.Client):
    def __init__(self, service: GameService, settings: DiscordSettings, **options: object) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here: no warning about it
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, **options)  # type: ignore[arg-type]
        self.settings = settings
        self.service = service
        self.actions = Actions(self, service)
        self.tree = build_tree(self, self.actions)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.connected = asyncio.Event()  # the gateway said READY: interactions arrive
        self.command_sync: asyncio.Task[bool] | None = None  # the registration of the commands, in the background

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(HandButton, MoveSelect, PageButton)
        if self.settings.sync_commands:
            self.command_sync = asyncio.create_task(self._sync_when_connected(), name="discord-command-sync")

    async def on_connect(self) -> None:
        self.connected.set()

    async def close(self) -> None:
        if self.command_sync is not None and not self.command_sync.done():
            self.command_sync.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.command_sync
        await super().close()

    async def _sync_when_connected(self) -> bool:
        await self.connected.wait()
        try:
            return await self.sync_commands()
        except Exception:  # noqa: BLE001 - a background task: its failure is logged, the bot goes on
            log.exception("syncing the commands failed; the ones registered before stay")
            return False

    def _scope(self) -> discord.Object | None:
        """The development server the commands go to, or None for global commands."""
        return discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None

    async def command_payload(self, guild: discord.Object | None = None) -> list[dict[str, Any]]:
        """The commands as ``tree.sync`` sends them to Discord, with every localization."""
        translator = self.tree.translator
        return [await command.get_translated_payload(self.tree, translator) if translator is not None
                else command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]

    async def sync_commands(self) -> bool:
        """Register the commands with Discord (in the development server only, at once; or globally) when they
        changed since the last registration; True when they were sent. A failure is logged: the commands registered
        before stay, and the next start tries again."""
        guild = self._scope()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await self.command_payload(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        memo = f"{HASH_MEMO}:{self.application_id}:{guild.id if guild is not None else 'global'}"
        try:
            known = await self.service.recall(MEMO_CHANNEL, memo)
        except StorageUnavailable:
            known = None  # sending them again is harmless
        if known == digest:
            log.info("the commands are registered as they are: no sync")
            return False
        assert self.application_id is not None  # known from the login
        try:
            # What ``tree.sync`` sends, without translating everything a second time. discord.py waits out a 429.
            if guild is None:
                synced = await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
            else:
                synced = await self.http.bulk_upsert_guild_commands(self.application_id, guild.id, payload=payload)
        except discord.HTTPException as e:
            log.error("syncing the commands failed (%s); the ones registered before stay", e)
            return False
        log.info("synced %d commands %s", len(synced),
                 f"to the server {guild.id}" if guild is not None else "globally")
        try:
            await self.service.remember(MEMO_CHANNEL, memo, digest)
        except StorageUnavailable:
            log.warning("the hash of the synced commands could not be kept: the next start syncs them again")
        return True

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        log.error("command %s failed", interaction.command.qualified_name if interaction.command else "?",
                  exc_info=error)
