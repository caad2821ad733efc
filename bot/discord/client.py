"""The Discord client: the command tree, its translator and the persistent components.

The bot needs no privileged intent: interactions reach it whatever the intents, it never reads messages, and it
knows channels and users by the ids the interactions carry. It asks only for ``guilds`` (which discord.py's state
expects; not privileged).

Commands are registered with Discord (a ``PUT`` of all of them) only when they changed: a hash of what would be sent
(names, descriptions, options, choices and every localization) is kept in Redis, per application and scope (global,
or the development server), and a start whose commands hash the same sends nothing; of several processes starting
at once with new commands, one sends them (``bot.fleet.once_per_change``). The registration runs in the background
once the gateway is connected: the bot answers interactions meanwhile, and a rate limit (429) on it is waited out
there, never before the connection.

The client is an ``AutoShardedClient``: by default it runs every shard Discord recommends; with
``shard_count`` and ``shard_ids`` set it runs only those shards, and other processes run the others (Discord sends
each server's events to one shard; any process may send messages anywhere).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from bot import fleet
from bot.core.service import GameService
from bot.discord.actions import Actions
from bot.discord.commands import build_tree
from bot.discord.translator import CatalogTranslator
from bot.discord.views import HandButton, MoveSelect, PageButton
from bot.settings import DiscordSettings
from storage.shared_limits import SharedLimits

log = logging.getLogger(__name__)

SYNC_NAME = "discord-commands"  # + ":<application id>:<global or the server's id>": the shared record of the sync


class BoardBotClient(discord.AutoShardedClient):
    def __init__(self, service: GameService, settings: DiscordSettings, **options: object) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # no voice here: no warning about it
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
            if settings.shard_ids is not None:
                options.setdefault("shard_ids", list(settings.shard_ids))
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
        if not hasattr(self, "_AutoShardedClient__queue"):  # never started: no shard to close (discord.py would fail)
            await discord.Client.close(self)
            return
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
        changed since the last registration, by this process or another; True when this process sent them. A
        failure is logged: the commands registered before stay, and the next start tries again."""
        guild = self._scope()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await self.command_payload(guild)
        assert self.application_id is not None  # known from the login
        name = f"{SYNC_NAME}:{self.application_id}:{guild.id if guild is not None else 'global'}"

        async def send() -> None:
            # What ``tree.sync`` sends, without translating everything a second time. discord.py waits out a 429.
            if guild is None:
                synced = await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
            else:
                synced = await self.http.bulk_upsert_guild_commands(self.application_id, guild.id, payload=payload)
            log.info("synced %d commands %s", len(synced),
                     f"to the server {guild.id}" if guild is not None else "globally")

        try:
            sent = await fleet.once_per_change(SharedLimits.of(self.service.store), name, fleet.digest_of(payload),
                                               send)
        except discord.HTTPException as e:
            log.error("syncing the commands failed (%s); the ones registered before stay", e)
            return False
        if not sent:
            log.info("the commands are registered as they are: no sync")
        return sent

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        log.error("command %s failed", interaction.command.qualified_name if interaction.command else "?",
                  exc_info=error)
