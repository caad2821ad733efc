"""What each command, button and menu does: acknowledge at once, call the service, deliver its reply.

Every interaction is acknowledged before anything else (Discord allows 3 seconds): commands and the "My hand"
button with an ephemeral "thinking" answer, a menu in a hand view with a deferred update of that view. Only then is
the service called (it reads and writes Redis and draws images off the event loop). Autocomplete cannot be
deferred: it asks the service for the caller's legal moves (or the topics of a game's rules) and answers within a
time limit, or with nothing.

A menu carries the game and the version it was made for; the service refuses it as stale (``error.stale``) once the
game is another one or the player's own decision changed since (another player's secret choice does not count).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import discord
from discord import app_commands

from bot.core.replies import Reply
from bot.core.service import Caller, GameService
from bot.discord.delivery import Delivery, Responder, made_for
from bot.discord.ids import Made, Where, user_key
from bot.discord.options import option_suggestions
from bot.discord.views import clip, moves_view
from bot.i18n import _, normalize_locale, use_locale

log = logging.getLogger(__name__)

AUTOCOMPLETE_BUDGET = 2.0  # seconds an autocomplete answer may take (Discord drops it after 3)
DRAIN_TIMEOUT = 10.0  # seconds to let the interactions in progress finish when the bot stops
CHOICES_MAX = 25
PLATFORM = "discord"  # how the service's texts spell commands here (``/game join``, ``/play``, ``/rules``)
Op = Callable[[Caller], Awaitable[Reply]]


def where_of(interaction: discord.Interaction) -> Where | None:
    """The game channel of an interaction; None in a direct message (or anywhere outside a server)."""
    if interaction.guild_id is None or interaction.channel_id is None:
        return None
    return Where(interaction.guild_id, interaction.channel_id)


def on_private_message(interaction: discord.Interaction) -> bool:
    """True when the component used is on a message only the user sees (an ephemeral answer, or a DM): only then
    may the answer replace it. (Our menus are only ever sent there; this keeps it so whatever happens.)"""
    message = interaction.message
    return message is not None and (interaction.guild_id is None or message.flags.ephemeral)


def place_of(interaction: discord.Interaction) -> str | None:
    """The channel's name as people see it (``Server / #channel``, or ``#channel`` when the server is not
    known), for messages about its game sent elsewhere; None outside a server."""
    if interaction.guild_id is None:
        return None
    name = getattr(interaction.channel, "name", None)
    if not name:
        return None
    guild = interaction.guild.name if interaction.guild is not None and interaction.guild.name else None
    return f"{guild} / #{name}" if guild else f"#{name}"


def caller_of(interaction: discord.Interaction, channel: str) -> Caller:
    user = interaction.user
    return Caller(
        channel=channel,
        user=user_key(user.id),
        name=user.display_name,
        locale=interaction.locale.value if interaction.locale else None,
        channel_locale=interaction.guild_locale.value if interaction.guild_locale else None,
        platform=PLATFORM,
        place=place_of(interaction),
    )


def channel_of(interaction: discord.Interaction) -> str:
    """The service's channel of an interaction: its game channel, or the DM it came from."""
    where = where_of(interaction)
    return where.key if where is not None else f"dc:dm:{interaction.channel_id}"


class Actions:
    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self.delivery = Delivery(client, service)
        self.closing = False
        self._inflight: set[asyncio.Task[object]] = set()

    # --- lifecycle -------------------------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _tracked(self) -> AsyncIterator[None]:
        task = asyncio.current_task()
        if task is not None:
            self._inflight.add(task)
        try:
            yield
        finally:
            if task is not None:
                self._inflight.discard(task)

    async def drain(self, timeout: float = DRAIN_TIMEOUT) -> None:
        """Stop taking interactions and wait (a while) for those in progress; then stop those still running (a
        change they committed is in the outbox, and delivered again by the next process to look at it)."""
        self.closing = True
        pending = {t for t in self._inflight if t is not asyncio.current_task()}
        if pending:
            _done, late = await asyncio.wait(pending, timeout=timeout)
            if late:
                log.warning("%d interactions still running at shutdown: stopped", len(late))
                for task in late:
                    task.cancel()
                await asyncio.wait(late, timeout=1.0)

    async def idle(self) -> None:
        """Wait until no interaction is in progress."""
        while pending := {t for t in self._inflight if t is not asyncio.current_task()}:
            await asyncio.wait(pending)

    async def _acknowledge(self, interaction: discord.Interaction, responder: Responder) -> bool:
        """Acknowledge first; False when the interaction cannot be answered any more (or the bot is stopping)."""
        start = time.perf_counter()
        if self.closing:
            with use_locale(normalize_locale(interaction.locale.value if interaction.locale else None)):
                text = _("I am restarting: please try again in a moment.")
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.send_message(text, ephemeral=True)
            return False
        try:
            await responder.acknowledge()
        except discord.HTTPException:
            log.warning("interaction %s could not be acknowledged (expired?)", interaction.id, exc_info=True)
            return False
        log.debug("interaction %s acknowledged in %.1f ms", interaction.id, (time.perf_counter() - start) * 1000)
        return True

    async def _failed(self, interaction: discord.Interaction, responder: Responder) -> None:
        log.exception("interaction %s failed", interaction.id)
        with use_locale(normalize_locale(interaction.locale.value if interaction.locale else None)):
            text = _("Something went wrong on my side. Look at the board with /game board, then try again.")
        with contextlib.suppress(discord.HTTPException):
            await responder.say(text)

    async def _user_locale(self, interaction: discord.Interaction, channel: str) -> str:
        return (await self.service.locales(caller_of(interaction, channel)))[0]

    # --- commands --------------------------------------------------------------------------------------------
    async def command(self, interaction: discord.Interaction, op: Op, *, anywhere: bool = False) -> None:
        """Run a command for the caller in the interaction's channel. ``anywhere``: it also works in a DM."""
        responder = Responder(interaction)
        async with self._tracked():
            if not await self._acknowledge(interaction, responder):
                return
            try:
                where = where_of(interaction)
                if where is None and not anywhere:
                    with use_locale(await self._user_locale(interaction, channel_of(interaction))):
                        await responder.say(_("This command works in a server's text channel, where the game is."))
                    await responder.finish()
                    return
                caller = caller_of(interaction, channel_of(interaction))
                reply = await op(caller)
                await self.delivery.deliver(responder, caller, where, reply)
            except Exception:
                await self._failed(interaction, responder)

    # --- components --------------------------------------------------------------------------------------------
    async def hand_pressed(self, interaction: discord.Interaction, made: Made) -> None:
        """The "My hand" button of a board: the presser's options, only for them."""
        responder = Responder(interaction)
        async with self._tracked():
            if not await self._acknowledge(interaction, responder):
                return
            try:
                where = where_of(interaction)
                if where is None:
                    await responder.finish()
                    return
                caller = caller_of(interaction, where.key)
                await self.delivery.reachable_again(caller.user)  # closed DMs: "My hand" is the way back in
                reply = await self.service.hand(caller)
                if reply.ok and made_for(reply) not in (None, made):
                    with use_locale(await self._user_locale(interaction, where.key)):
                        note = _("The game has moved on since that board; here is your hand now.")
                    reply = _prefixed(reply, note)
                await self.delivery.deliver(responder, caller, where, reply)
            except Exception:
                await self._failed(interaction, responder)

    async def move_selected(self, interaction: discord.Interaction, where: Where, made: Made, value: str) -> None:
        """A move picked from a hand view's menu, played in the game and at the version the menu was made for."""
        responder = Responder(interaction, update=on_private_message(interaction))
        async with self._tracked():
            if not await self._acknowledge(interaction, responder):
                return
            try:
                caller = caller_of(interaction, where.key)
                reply = await self.service.play(caller, value, version=made.version, game_id=made.game_id)
                if reply.ok:
                    with use_locale(await self._user_locale(interaction, where.key)):
                        done = _("Your move: {move}.").format(move=_option_label(interaction, value))
                    await self.delivery.deliver(responder, caller, where, reply, done=done)
                    return
                if reply.code == "error.stale":
                    # A menu of another game, or of an earlier decision of this player: the reason, then the hand as
                    # it is now, in place of the old menu.
                    hand = await self.service.hand(caller)
                    if hand.ok:
                        refusal = "\n".join(m.text for m in reply.messages if m.text)
                        reply = _prefixed(hand, refusal)
                else:
                    # Any other refusal leaves the menu as it is (it still is the player's current one, or of no use
                    # either way): the reason comes as an answer of its own.
                    responder.keep_original()
                await self.delivery.deliver(responder, caller, where, reply)
            except Exception:
                await self._failed(interaction, responder)

    async def page_turned(self, interaction: discord.Interaction, where: Where, made: Made, page: int) -> None:
        """Another page of a long list of moves. While the menu is of the current game and version only the menus
        change; otherwise the whole hand view is drawn again as it is now, at that page."""
        responder = Responder(interaction, update=on_private_message(interaction))
        async with self._tracked():
            if not await self._acknowledge(interaction, responder):
                return
            try:
                caller = caller_of(interaction, where.key)
                if responder.update and await self.delivery.current(caller) == made:
                    _version, choices = await self.service.choices(caller)
                    if choices:
                        locale = await self._user_locale(interaction, where.key)
                        await interaction.edit_original_response(view=moves_view(where, made, choices, locale, page))
                        return
                reply = await self.service.hand(caller)
                if reply.ok:
                    with use_locale(await self._user_locale(interaction, where.key)):
                        reply = _prefixed(reply, _("The game has moved on; here is your hand now."))
                await self.delivery.deliver(responder, caller, where, reply, page=page)
            except Exception:
                await self._failed(interaction, responder)

    # --- autocomplete ------------------------------------------------------------------------------------------
    async def complete_move(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves whose label or notation contains what they typed, in their language."""
        where = where_of(interaction)
        if where is None or self.closing:
            return []
        try:
            _version, choices = await asyncio.wait_for(
                self.service.choices(caller_of(interaction, where.key)), AUTOCOMPLETE_BUDGET)
        except Exception:
            log.warning("no autocomplete for interaction %s", interaction.id, exc_info=True)
            return []
        needle = current.strip().casefold()
        if needle:
            choices = [c for c in choices if needle in c.label.casefold() or needle in c.value.casefold()]
        return [app_commands.Choice(name=clip(c.label or c.value, 100), value=c.value[:100])
                for c in choices[:CHOICES_MAX]]

    async def complete_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        return [app_commands.Choice(name=s, value=s) for s in option_suggestions(game, current)]

    async def complete_rules_topic(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        """Section titles and card names of the chosen game's rules starting like what the caller typed, in their
        language; a choice's value is the section's id, which ``/rules`` answers with that section alone."""
        game = getattr(interaction.namespace, "game", None)
        if not game or self.closing:
            return []
        try:
            topics = await asyncio.wait_for(
                self.service.rule_topics(caller_of(interaction, channel_of(interaction)), str(game), current),
                AUTOCOMPLETE_BUDGET)
        except Exception:
            log.warning("no rules topics for interaction %s", interaction.id, exc_info=True)
            return []
        return [app_commands.Choice(name=clip(t.label or t.value, 100), value=t.value)
                for t in topics[:CHOICES_MAX] if 0 < len(t.value) <= 100]


def _prefixed(reply: Reply, note: str) -> Reply:
    """``reply`` with ``note`` above its first message for the asker."""
    messages = list(reply.messages)
    for i, m in enumerate(messages):
        if m.audience in ("ephemeral", "private"):
            text = f"{note}\n\n{m.text}" if m.text else note
            messages[i] = dataclasses.replace(m, text=text)
            break
    return dataclasses.replace(reply, messages=messages)


def _option_label(interaction: discord.Interaction, value: str) -> str:
    """The label the player saw for ``value`` in the menu they used (the value itself when not found)."""
    message = interaction.message
    if message is not None:
        for row in message.components:
            for child in getattr(row, "children", []):
                for option in getattr(child, "options", []) or []:
                    if option.value == value:
                        return option.label
    return value
