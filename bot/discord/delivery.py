"""Delivering a service reply on Discord: each message goes where its audience says.

* ``ephemeral`` (and ``private`` for the person who asked): the interaction's answer, visible only to them; the
  first one replaces the deferred "thinking" answer (or the hand view whose menu was used), the others follow up,
  always with the ephemeral flag;
* ``public``: a new message in the game channel (``channel.send``: it pings the mentioned players, which a deferred
  answer does not); a message saying whose turn it is carries the "My hand" button;
* ``private`` for anyone else: a direct message (``user.send``); when Discord refuses it (closed DMs), a neutral
  notice in the channel asks that player to press "My hand" (never the private content).

Closed DMs are remembered (a memo on the user: ``closed``), so that no DM known to fail is tried again (each refusal
counts toward Discord's limit of invalid requests) and the notice is posted once per game (a memo on the channel:
the game it was posted for). Pressing "My hand" is the way back in: the next private message is tried by DM again
(``retry``); if it gets through, the user is reachable again (a later refusal gets a notice of its own), if not,
they stay unreachable without a second notice in that game.

After a reply of a committed change (``Reply.delivery``) is out, the service is told (``GameService.delivered``).
A change whose delivery did not happen (the process stopped, Discord failed) is told again by ``push``, without an
interaction: its public messages go to the game channel (with the "My hand" button), private ones by DM (as above,
the actor's own as well: they are that player's options, which the lost interaction would have shown), and the
actor's ephemeral ones are dropped (an answer to a request nobody is waiting for any more: "You took back: ...";
what it says is in the channel's messages too).

Texts longer than a Discord message are split at line ends; a table (``Message.monospace``, e.g. the score sheet)
follows the text in a code block, never cut across messages unless it is longer than one; the image, a file
(``Message.file``, e.g. a game's record) and the components go with the last part. A direct message about a game
(``Message.link``: the game's channel) carries a link button to that channel (in its text when the message's menus
leave no room for it).

What the service's timers produce (reminders, the news of a clock run out, the bot's moves for a stand-in) comes
without an interaction and is delivered like a redelivery (``push_timer``).
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field

import discord

from bot.core import places, replies
from bot.core.outbox import Redelivery
from bot.core.replies import Attachment, Image, Message, Reply
from bot.core.service import Caller, GameService
from bot.discord.ids import Made, Where, user_id_of, where_of_key
from bot.discord.views import board_view, clip, moves_view
from bot.i18n import _, pgettext, use_locale
from storage import StorageUnavailable

log = logging.getLogger(__name__)

CONTENT_MAX = 2000  # characters of a message's content
ALT_MAX = 1024  # characters of an attachment's description (alt text)
FENCE = "```"
DM_MEMO = "dm"  # a memo on the user's key: "closed" (DMs refused), "retry" (they pressed "My hand" since)
NOTICE_MEMO = "dm_notice:"  # + the user's key, a memo on the game channel: the game whose notice was posted
TIMER_USER = "bot"  # who made the changes of the service's timers (``bot.core.timers``)


@dataclass(slots=True)
class Outgoing:
    """One Discord message to send."""

    content: str | None
    image: Image | None = None
    view: discord.ui.View | None = None
    mentions: list[int] = field(default_factory=list)
    file: Attachment | None = None

    def files(self) -> list[discord.File]:
        out = []
        if self.image is not None:
            alt = clip(self.image.alt, ALT_MAX) if self.image.alt else None
            out.append(discord.File(io.BytesIO(self.image.png), filename=self.image.filename, description=alt))
        if self.file is not None:
            out.append(discord.File(io.BytesIO(self.file.data), filename=self.file.filename))
        return out

    def allowed_mentions(self) -> discord.AllowedMentions:
        if not self.mentions:
            return discord.AllowedMentions.none()
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(id=m) for m in self.mentions])


def split_text(text: str, limit: int = CONTENT_MAX) -> list[str]:
    return replies.split_text(text, limit)


def code_blocks(table: str, limit: int = CONTENT_MAX) -> list[str]:
    """``table`` as code blocks of at most ``limit`` characters each (cut between lines when it is that long)."""
    table = table.strip("\n").replace(FENCE, "`\u200b``")  # a fence inside would close the block
    if not table.strip():
        return []
    room = limit - 2 * len(FENCE) - 2
    return [f"{FENCE}\n{part}\n{FENCE}" for part in split_text(table, room)]


def join_parts(parts: list[str], extra: list[str], limit: int = CONTENT_MAX) -> list[str]:
    """``parts`` then ``extra`` (whole blocks), each block joined to the part before it when both fit a message."""
    out = list(parts)
    for block in extra:
        if out and len(out[-1]) + 1 + len(block) <= limit:
            out[-1] = f"{out[-1]}\n{block}"
        else:
            out.append(block)
    return out


def outgoing(text: str, image: Image | None = None, view: discord.ui.View | None = None,
             mentions: list[int] | None = None, monospace: str = "", file: Attachment | None = None,
             ) -> list[Outgoing]:
    """The Discord messages of a text: the text split at line ends, then ``monospace`` in a code block, then the
    mentions; the image, the file and the view go with the last message."""
    mentions = mentions or []
    body = text.strip("\n")
    ping = " ".join(f"<@{m}>" for m in mentions)
    parts = join_parts(split_text(body) if body else [], code_blocks(monospace))
    if ping:
        parts = join_parts(parts, [ping])
    if not parts and image is None and view is None and file is None:
        return []
    out = [Outgoing(p, mentions=mentions) for p in parts[:-1]]
    out.append(Outgoing(parts[-1] if parts else None, image, view, mentions, file))
    return out


def with_link(view: discord.ui.View | None, text: str, link: str | None,
              locale: str) -> tuple[discord.ui.View | None, str]:
    """A direct message's components and text with a button opening the game's channel (``link``); when the
    menus leave no room for it, the link goes at the end of the text instead."""
    if not link:
        return view, text
    with use_locale(locale):
        button = discord.ui.Button(style=discord.ButtonStyle.link, url=link,
                                   label=clip(pgettext("discord.button", "Go to the game"), 80))
    out = view or discord.ui.View(timeout=None)
    try:
        out.add_item(button)
    except ValueError:  # every row is taken by the menus
        return view, f"{text}\n{link}" if text else link
    return out, text


class Responder:
    """The answers to the person who asked, through the interaction.

    ``update``: the interaction came from a component on a private message (a hand view, ephemeral or in a DM)
    and was acknowledged as a deferred update, so its "original" is that message, edited in place. Otherwise it
    was acknowledged as an ephemeral "thinking" answer, which the first answer replaces (or which is deleted when
    there is nothing to say only to the asker).
    """

    def __init__(self, interaction: discord.Interaction, *, update: bool = False) -> None:
        self.interaction = interaction
        self.update = update
        self.original_used = False
        self.sent = 0

    async def acknowledge(self) -> None:
        if self.update:
            await self.interaction.response.defer()  # deferred update (type 6)
        else:
            await self.interaction.response.defer(ephemeral=True, thinking=True)  # type 5, ephemeral

    async def send(self, out: Outgoing) -> None:
        self.sent += 1
        if not self.original_used:
            self.original_used = True
            await self.interaction.edit_original_response(
                content=out.content, attachments=out.files(), view=out.view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        kwargs: dict = {"ephemeral": True, "allowed_mentions": discord.AllowedMentions.none(), "wait": True}
        if out.content:
            kwargs["content"] = out.content
        files = out.files()
        if files:
            kwargs["files"] = files
        if out.view is not None:
            kwargs["view"] = out.view
        await self.interaction.followup.send(**kwargs)

    async def say(self, text: str) -> None:
        for out in outgoing(text):
            await self.send(out)

    def keep_original(self) -> None:
        """Leave the hand view whose menu was used as it is: the answers follow it up (ephemeral)."""
        if self.update:
            self.original_used = True

    async def public_fallback(self, out: Outgoing, notice: str) -> None:
        """Post ``out`` for everyone through the interaction (when the channel refused a message from the bot).
        The first follow-up of an ephemeral deferral stays ephemeral, so the deferral is settled first."""
        if not self.original_used:
            await self.say(notice)
        kwargs: dict = {"allowed_mentions": out.allowed_mentions(), "wait": True}
        if out.content:
            kwargs["content"] = out.content
        if files := out.files():
            kwargs["files"] = files
        if out.view is not None:
            kwargs["view"] = out.view
        await self.interaction.followup.send(**kwargs)

    async def finish(self, done: str | None = None) -> None:
        """Settle the interaction: a hand view whose menu was used shows ``done`` without its menus and picture;
        an unused "thinking" answer is removed."""
        if self.original_used:
            return
        self.original_used = True
        if self.update:
            if done is not None:
                await self.interaction.edit_original_response(content=done, attachments=[], view=None)
        else:
            await self.interaction.delete_original_response()


class Delivery:
    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service

    async def deliver(self, responder: Responder, caller: Caller, where: Where | None, reply: Reply,
                      *, done: str | None = None, page: int = 0) -> None:
        """Send every message of ``reply`` to its audience, then settle the interaction. ``where``: the game
        channel (None for a command used outside a server, which can only have answers for the asker); ``page``:
        the page of a long menu of the asker's to show."""
        public = [m for m in reply.messages if m.audience == "public"]
        if where is None and public:
            log.warning("a reply outside a server channel had messages for the channel; they were dropped")
        # The channel first: a service that defers the private messages lets the table see a move at once.
        for message in public if where is not None else []:
            await self.post(responder, caller, where, message, made_for(reply))
        await reply.settle()
        mine = [m for m in reply.messages if m.audience == "ephemeral"
                or (m.audience == "private" and m.user == caller.user)]
        others = [m for m in reply.messages if m.audience == "private" and m.user != caller.user]
        if where is None and others:
            log.warning("a reply outside a server channel had messages for others; they were dropped")
            others = []
        unanswered: discord.HTTPException | None = None
        try:
            for message in mine:
                view = await self.menus(caller, where, message, reply, page)
                for out in outgoing(message.text, message.image, view, monospace=message.monospace,
                                    file=message.file):
                    await responder.send(out)
        except discord.HTTPException as e:  # the interaction expired: the others still get theirs
            unanswered = e
        for message in others:
            await self.direct(responder, caller, where, message, reply)
        if reply.delivery is not None:
            await self.service.delivered(caller.channel, reply.delivery)
        if unanswered is not None:
            raise unanswered
        await responder.finish(done)

    async def push(self, item: Redelivery) -> None:
        """Deliver again, without an interaction, the reply of a change whose delivery did not happen (see
        ``bot.core.outbox``; the caller acknowledges it): the channel's messages in the game channel, the private
        ones by DM (or a notice), the actor's ephemeral answers dropped."""
        where = where_of_key(item.channel)
        if where is None:
            log.warning("a redelivery for %s, which is no game channel, was dropped", item.channel)
            return
        reply = item.reply
        made = made_for(reply)
        for message in reply.public:
            await self.post(None, item.actor, where, message, made)
        await reply.settle()
        for message in reply.messages:
            if message.audience == "private":
                await self.direct(None, item.actor, where, message, reply)

    async def push_timer(self, channel: str, reply: Reply) -> None:
        """Deliver what a timer of the service produced for ``channel`` (a reminder with its mentions, the news of a
        clock run out, the bot's move for a stand-in), then tell the service it was delivered (``fire_forever``'s
        ``push``)."""
        actor = Caller(channel, TIMER_USER, TIMER_USER, platform=places.platform_of(channel))
        await self.push(Redelivery(channel, reply.delivery or 0, reply, actor))
        if reply.delivery is not None:
            await self.service.delivered(channel, reply.delivery)

    async def menus(self, caller: Caller, where: Where | None, message: Message, reply: Reply,
                    page: int = 0) -> discord.ui.View | None:
        """The menus of moves for a private message that offers choices (None without choices)."""
        if not message.choices or where is None:
            return None
        made = made_for(reply)
        if made is None:  # a refusal (a move that fits several) carries no version: the menu is for the current one
            asker = caller if message.user in (None, caller.user) else Caller(where.key, message.user or "", "",
                                                                                platform=caller.platform)
            made = await self.current(asker)
        if made is None:
            return None
        return moves_view(where, made, message.choices, message.locale, page)

    async def current(self, caller: Caller) -> Made | None:
        """The game of the channel and its version now (None without a game). ``status`` is the lightest answer
        that carries both (``choices`` gives no game id); it draws nothing."""
        status = await self.service.status(caller)
        return made_for(status)

    async def post(self, responder: Responder | None, caller: Caller, where: Where, message: Message,
                   made: Made | None) -> None:
        """A public message, in the game channel. When the channel refuses it, it goes through the interaction
        (``responder``) if there is one, else it is dropped (trying again would only add refusals)."""
        mentions = [uid for uid in (user_id_of(u) for u in message.mentions) if uid is not None]
        view = board_view(made, message.locale) if mentions and made is not None else None
        channel = self.client.get_partial_messageable(where.channel_id, guild_id=where.guild_id)
        for out in outgoing(message.text, message.image, view, mentions, monospace=message.monospace,
                            file=message.file):
            try:
                await channel.send(content=out.content, files=out.files(), view=out.view,
                                   allowed_mentions=out.allowed_mentions())
            except (discord.Forbidden, discord.NotFound):
                if responder is None:
                    log.warning("cannot post in channel %s; a message was dropped", where.channel_id)
                    return
                log.warning("cannot post in channel %s; answering through the interaction", where.channel_id)
                user_locale = (await self.service.locales(caller))[0]
                with use_locale(user_locale):
                    notice = _("I cannot post in this channel: please give me the permissions to view it, send "
                               "messages and attach files.")
                await responder.public_fallback(out, notice)

    async def direct(self, responder: Responder | None, caller: Caller, where: Where, message: Message,
                     reply: Reply) -> None:
        """A private message for a player: a DM, or a neutral notice in the channel when their DMs are closed
        (once per game; no DM known to fail is tried)."""
        uid = user_id_of(message.user)
        if uid is None or message.user is None:
            log.warning("a private message for %r, who is not a Discord user", message.user)
            return
        state = await self._recall(message.user, DM_MEMO)
        if state == "closed":
            await self.notice(responder, caller, where, message.user, reply)
            return
        view = await self.menus(caller, where, message, reply)
        view, text = with_link(view, message.text, message.link, message.locale)
        try:
            dm = await self.client.create_dm(discord.Object(id=uid))
            for out in outgoing(text, message.image, view, monospace=message.monospace, file=message.file):
                await dm.send(content=out.content, files=out.files(), view=out.view,
                              allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as e:
            if isinstance(e, discord.Forbidden):  # 50007: closed DMs (or the bot blocked): remembered
                await self._remember(message.user, DM_MEMO, "closed")
            log.info("no direct message to %s (%s); asking them to press My hand", uid, e)
            await self.notice(responder, caller, where, message.user, reply)
            return
        if state is not None:  # they pressed "My hand" and their DMs work again: a later refusal is news
            await self._remember(message.user, DM_MEMO, None)
            await self._remember(where.key, NOTICE_MEMO + message.user, None)

    async def notice(self, responder: Responder | None, caller: Caller, where: Where, user: str,
                     reply: Reply) -> None:
        """Ask ``user`` in the channel to press "My hand", unless they were asked already in this game."""
        game = reply.game_id or ""
        if await self._recall(where.key, NOTICE_MEMO + user) == game:
            return
        channel_locale = (await self.service.locales(caller))[1]
        with use_locale(channel_locale):
            text = _("I cannot send you private messages: press “My hand” to see what only you may see.")
        await self.post(responder, caller, where, Message("public", text, mentions=[user], locale=channel_locale),
                        made_for(reply))
        await self._remember(where.key, NOTICE_MEMO + user, game)

    async def reachable_again(self, user: str) -> None:
        """``user`` pressed "My hand": try DMs again if they were closed (they may have opened them)."""
        if await self._recall(user, DM_MEMO) == "closed":
            await self._remember(user, DM_MEMO, "retry")

    async def _recall(self, key: str, memo: str) -> str | None:
        try:
            return await self.service.recall(key, memo)
        except StorageUnavailable:  # not known: the DM is tried (and the notice posted) as if it were the first
            return None

    async def _remember(self, key: str, memo: str, value: str | None) -> None:
        try:
            await self.service.remember(key, memo, value)
        except StorageUnavailable:
            log.warning("the memo %s of %s could not be kept", memo, key)


def made_for(reply: Reply) -> Made | None:
    """The game and version a reply's components are made for (None when the reply does not carry both)."""
    if reply.version is None or reply.game_id is None:
        return None
    return Made(reply.game_id, reply.version)
