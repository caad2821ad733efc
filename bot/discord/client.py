"""The Discord client: the command tree, its translator and the persistent components.

The bot needs no privileged intent: interactions reach it whatever the intents, it never reads messages, and it
knows channels and users by the ids the interactions carry. It asks only for ``guilds`` (which discord.py's state
expects; not privileged).
"""

from __future__ import annotations

import logging

import discord

from bot.core.service import GameService
from bot.discord.actions import Actions
from bot.discord.commands import build_tree
from bot.discord.translator import CatalogTranslator
from bot.discord.views import HandButton, MoveSelect, PageButton
from bot.settings import DiscordSettings

log = logging.getLogger(__name__)


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

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogTranslator())
        self.add_dynamic_items(HandButton, MoveSelect, PageButton)
        if self.settings.sync_commands:
            await self.sync_commands()

    async def sync_commands(self) -> None:
        """Register the commands with Discord: in the development server only (at once), or globally."""
        try:
            if self.settings.dev_guild_id:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to the server %s", len(synced), self.settings.dev_guild_id)
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands", len(synced))
        except discord.HTTPException:
            log.exception("syncing the commands failed; the ones registered before stay")

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        log.error("command %s failed", interaction.command.qualified_name if interaction.command else "?",
                  exc_info=error)
