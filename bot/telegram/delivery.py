"""Putting the core's replies into Telegram chats, by audience.

* ``public`` -> the group (in a forum, the game's topic). A message with the board picture is a new photo with the
  narration and the mentions of whoever must decide as its caption: one request for a move (the group may be sent
  about 20 a minute), a notification for whoever must decide, and a history where each move has its board, the
  newest at the bottom. A narration without a picture (a secret choice) is a text; one that changes nobody's turn
  edits the latest narration instead. The group's messages go out one at a time, in order; those that pile up while
  the group's limit holds them back are told together (``bot.telegram.lines``).
* ``private`` -> that player's private chat, with the moves as an inline keyboard (a menu of more than 100 moves
  takes several messages); a table (``Message.monospace``, the score sheet) follows the text in a ``<pre>`` block; a
  file (``Message.file``: a game's record) is a document; a message about a game played elsewhere (``Message.link``:
  a reminder) has a button that opens its group.
* ``ephemeral`` -> the asker's private chat; a short refusal of a button press becomes a pop-up alert instead.

Nothing addressed to one person ever goes to the group. When a private chat refuses (the user never opened it, or
blocked the bot), the user is marked unreachable, the group gets a neutral notice with a button that opens the
private chat, and their next button press gets a pop-up alert.

A reply that tells a committed change (``Reply.delivery``) is acknowledged to the service once it was delivered
(``GameService.delivered``); one that was not is told again later (``bot.core.outbox``, ``push``).

A group that became a supergroup is followed to its new id (``bot.telegram.migration``): a send refused with
``ChatMigrated`` moves the channel and goes to the new id.
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import logging
import re
from dataclasses import dataclass, field

from telegram import Bot, InlineKeyboardMarkup, ReplyParameters
from telegram import Message as TgMessage
from telegram.constants import ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden

from bot.core.replies import Attachment, Choice, Message, Reply
from bot.core.service import Caller, GameService
from bot.i18n import _, translate, use_locale
from bot.telegram import ids, keyboards, memos, texts
from bot.telegram.formatting import (
    ALERT_LIMIT, CAPTION_LIMIT, TEXT_LIMIT, mention, pre, shorten, split_text, to_html,
)
from bot.telegram.lines import Lines, Post
from bot.telegram.migration import Migrations

log = logging.getLogger(__name__)

TURN_MEMO = memos.TURN
NARRATION_MEMO = memos.NARRATION
NAME_MEMO = memos.NAME
MIGRATIONS_FOLLOWED = 3  # a send follows at most this many migrations in a row (one is all Telegram makes)


@dataclass
class Request:
    """Where a request came from and who asked."""

    caller: Caller
    user_id: int
    user_locale: str
    channel_locale: str
    button: bool = False  # a button press (short refusals become alerts)

    @property
    def place(self) -> ids.Place | None:
        """The group (and topic) of the request; None in a private chat."""
        place = ids.place_of(self.caller.channel)
        return place if place is not None and place.chat < 0 else None

    @property
    def group_id(self) -> int | None:
        return self.place.chat if self.place else None

    @property
    def thread_id(self) -> int | None:
        return self.place.thread if self.place else None

    def follow(self, channel: str) -> None:
        """The group's channel is now ``channel`` (the group became a supergroup)."""
        if channel != self.caller.channel:
            self.caller = dataclasses.replace(self.caller, channel=channel)


@dataclass
class Outcome:
    alert: str | None = None  # for a refused button press: its pop-up (the press is answered before its delivery)
    unreachable: set[int] = field(default_factory=set)  # users whose private chat refused a message


@dataclass(frozen=True, slots=True)
class Sent:
    """Where a group's post went (its channel, after a migration another one) and the messages it made."""

    channel: str
    messages: list[TgMessage]


def is_unreachable(error: Exception) -> bool:
    """A private chat that refuses the bot: never opened, blocked, or the user is gone."""
    if isinstance(error, Forbidden):
        return True
    return isinstance(error, BadRequest) and "chat not found" in error.message.lower()


def group_gone(error: Exception) -> bool:
    """A group (or its game's topic) that refuses the bot for good: the bot was removed, the group deleted, the
    topic closed or deleted."""
    if isinstance(error, Forbidden):
        return True
    text = error.message.lower() if isinstance(error, BadRequest) else ""
    return any(words in text for words in ("chat not found", "topic_closed", "topic_deleted", "thread not found"))


def refusal_alert(reply: Reply) -> str:
    """A refused press's pop-up: the refusal, shortened to what an alert holds."""
    return shorten("\n".join(m.text for m in reply.messages if m.text), ALERT_LIMIT)


class Delivery:
    """One per bot: the group lines and the migrations are shared by every update."""

    def __init__(self, bot: Bot, service: GameService) -> None:
        self.bot = bot
        self.service = service
        self.migrations = Migrations(service)
        self.lines = Lines(self._send_post)

    # --- a whole reply ------------------------------------------------------------------------------------------
    async def deliver(
        self, reply: Reply, request: Request, *, group_markup: InlineKeyboardMarkup | None = None,
        push_turn: bool = False,
    ) -> Outcome:
        outcome = Outcome()
        if request.button and not reply.ok:
            # A refused press: the refusal is a pop-up; a long one (or one with a menu) also goes to the private chat.
            text = "\n".join(m.text for m in reply.messages if m.text)
            outcome.alert = refusal_alert(reply)
            if len(text) <= ALERT_LIMIT and not any(m.choices for m in reply.messages):
                return outcome
        made = made_for(reply)
        public = merge_public(reply.public)
        quiet = False
        if push_turn and public is not None and public.image is None and public.mentions:
            # Nobody newly has to decide (a player chose secretly while others still choose): the latest narration
            # is edited instead of a new message that would notify the same people again.
            before = await self.deciding_before(request.caller.channel, reply.game_id)
            quiet = set(public.mentions) <= before and request.caller.user not in public.mentions
        # The group's part waits in its line (the group's limit) while the private messages go out, some of which a
        # deferring service may still be drawing: the next player need not wait for the group to be told.
        group = asyncio.ensure_future(self.to_group(request, public, markup=group_markup, quiet=quiet)) \
            if public is not None else None
        try:
            await reply.settle()
            for message in reply.messages:
                if message.audience != "public":
                    user = ids.telegram_id(message.user) if message.user else request.user_id
                    if user is None:
                        log.warning("a message for %r, who is not a Telegram user, was dropped", message.user)
                        continue
                    pushed = message.audience == "private" and user != request.user_id
                    if pushed and user in outcome.unreachable:
                        continue
                    if pushed and not await self.service.can_reach(ids.user_key(user)):
                        continue  # known to refuse: the group was told when it failed; /start there brings it back
                    if not await self.to_private(request, user, message, made):
                        outcome.unreachable.add(user)
            failed = sorted(outcome.unreachable)
            if push_turn and reply.ok:  # (it tells the group itself about a chat that refuses its options)
                await self.push_turn(reply, request, outcome)
            for user in failed:  # after the group's part, in its line
                await self.unreachable(request, user)
            if group is not None:
                await group
        finally:
            if group is not None and not group.done():
                await asyncio.wait({group})  # a failure above: the group's part still goes out (or fails) first
        if reply.ok and reply.delivery is not None:
            await self.service.delivered(request.caller.channel, reply.delivery)
        return outcome

    def open_private_alert(self, request: Request) -> str:
        with use_locale(request.user_locale):
            return shorten(translate(texts.ALERT_OPEN_PRIVATE_CHAT).format(bot=self.bot.username), ALERT_LIMIT)

    # --- the group ----------------------------------------------------------------------------------------------
    async def mention_of(self, channel: str, key: str, fallback: str | None = None) -> str:
        user = ids.telegram_id(key)
        if user is None:
            return ""
        return mention(user, await self.service.recall(channel, NAME_MEMO + key) or fallback)

    async def mentions(self, channel: str, users: list[str]) -> str:
        """The line that notifies whoever must decide now."""
        out = [m for m in [await self.mention_of(channel, key) for key in users] if m]
        return ("🔔 " + " ".join(out)) if out else ""

    async def to_group(self, request: Request, message: Message | None, *,
                       markup: InlineKeyboardMarkup | None = None, quiet: bool = False) -> None:
        """The public part of a reply, in the group's line."""
        if message is None:
            return
        await self.post(request, Post(request.caller.channel, message, markup=markup, quiet=quiet))

    async def post(self, request: Request, post: Post) -> list[TgMessage]:
        """Send ``post`` to the request's group through its line; the request follows the group if it moved."""
        place = request.place
        if place is None:
            log.warning("a public message outside a group was dropped: %r",
                        (post.message.text if post.message else " ".join(post.pieces))[:80])
            return []
        sent: Sent = await self.lines.post(place.chat, post)
        request.follow(sent.channel)
        return sent.messages

    async def post_text(self, request: Request, pieces: list[str], *, markup: InlineKeyboardMarkup | None = None,
                        reply_to: int | None = None) -> list[TgMessage]:
        """One of the adapter's own messages for the group (HTML ``pieces``), in the group's line."""
        return await self.post(request, Post(request.caller.channel, pieces=pieces, markup=markup, reply_to=reply_to))

    async def _send_post(self, post: Post) -> Sent:
        """Send a post of a group's line (to where the group is now: ``ChatMigrated`` moves its channel)."""
        channel = await self.migrations.resolve(post.channel)
        for _attempt in range(MIGRATIONS_FOLLOWED):
            place = ids.place_of(channel)
            assert place is not None
            try:
                return Sent(channel, await self._send_to(channel, place, post))
            except ChatMigrated as e:
                log.info("group %s was upgraded to supergroup %s", place.chat, e.new_chat_id)
                channel = await self.migrations.follow(place.chat, int(e.new_chat_id))
            except (Forbidden, BadRequest) as e:
                if not group_gone(e):
                    raise
                # Nobody there to tell (telling it again later would fail again): the players' private messages
                # still go out, and the change counts as delivered.
                log.warning("group %s refuses the bot (%s): a message for it was dropped", place.token, e.message)
                return Sent(channel, [])
        raise RuntimeError(f"group {post.channel} keeps moving")

    async def _send_to(self, channel: str, place: ids.Place, post: Post) -> list[TgMessage]:
        message = post.message
        if message is None:
            return await self.send(place.chat, post.pieces, markup=post.markup, reply_to=post.reply_to,
                                   thread=place.thread)
        # A quiet change names who still decides without notifying them again (they were, when it became their turn).
        tail = "" if post.quiet else await self.mentions(channel, message.mentions)
        full = html_pieces(message.text, tail, message.monospace)
        markup = post.markup
        if markup is None and message.mentions:
            markup = keyboards.board(message.locale, place.thread)
        if message.image is None:
            if not full:
                return []
            last = await self.service.recall(channel, NARRATION_MEMO) if post.quiet and len(full) == 1 else None
            if last is not None and await self.edit_text(place.chat, int(last), full[0], markup):
                return []
            sent = await self.send(place.chat, full, markup=markup, thread=place.thread)
            if sent and message.mentions:  # the narration a quiet change edits; other messages are never edited
                await self.service.remember(channel, NARRATION_MEMO, str(sent[-1].message_id))
            return sent
        # The board with what happened as its caption: one message, which notifies whoever must decide.
        sent = await self.send(place.chat, full, png=message.image.png, filename=message.image.filename,
                               markup=markup, thread=place.thread)
        await self.service.remember(channel, NARRATION_MEMO, None)  # a new board: no earlier narration is edited
        return sent

    async def edit_text(self, chat: int, message_id: int, html_text: str,
                        markup: InlineKeyboardMarkup | None) -> bool:
        try:
            await self.bot.edit_message_text(html_text, chat_id=chat, message_id=message_id,
                                             parse_mode=ParseMode.HTML, reply_markup=markup)
        except BadRequest as e:
            return "not modified" in e.message.lower()
        return True

    async def unreachable(self, request: Request, user: int) -> None:
        """Mark ``user`` unreachable and tell the group, neutrally, with the button that opens the private chat."""
        await self.service.set_private_chat(ids.user_key(user), False)
        place = request.place
        if place is None:
            return
        name = await self.mention_of(request.caller.channel, ids.user_key(user),
                                     request.caller.name if user == request.user_id else None)
        with use_locale(request.channel_locale):
            text = translate(texts.UNREACHABLE_NOTICE).format(player="\x00")
        await self.post_text(request, [to_html(text).replace("\x00", name)],
                             markup=keyboards.private_chat(request.channel_locale, self.bot.username, place))

    # --- private chats ------------------------------------------------------------------------------------------
    async def to_private(self, request: Request, user: int, message: Message, made: ids.Made | None) -> bool:
        """Send a message to ``user``'s private chat, with its moves as buttons (``made``: the game and version of
        the reply); False if the chat refuses."""
        if (not message.text and message.image is None and not message.choices and not message.monospace
                and message.file is None):
            return True
        markups: list[InlineKeyboardMarkup] = []
        text = message.text
        if message.choices:
            markups = await self.move_keyboards(request, user, message.choices, made)
            if markups:
                text = without_menu_lines(text, message.choices)
        elif message.link:  # a message about a game played elsewhere (a reminder): a button that opens it
            markups = [keyboards.go_to_game(message.locale, message.link)]
        try:
            await self.send(user, html_pieces(text, monospace=message.monospace), markup=markups[0] if markups else None,
                            png=message.image.png if message.image else None,
                            filename=message.image.filename if message.image else "image.png", file=message.file)
            # A menu longer than one keyboard: the other moves follow, a keyboard a message.
            count = len(message.choices)
            for page, markup in enumerate(markups[1:], start=1):
                first = page * keyboards.MAX_BUTTONS + 1
                last = min(count, first + keyboards.MAX_BUTTONS - 1)
                with use_locale(message.locale):
                    label = _("Choose a move ({first}–{last} of {count})").format(first=first, last=last, count=count)
                await self.send(user, html_pieces(label), markup=markup)
        except (Forbidden, BadRequest) as e:
            if not is_unreachable(e):
                raise
            log.info("private chat with %s refused: %s", user, e.message)
            return False
        return True

    async def move_keyboards(self, request: Request, user: int, choices: list[Choice],
                             made: ids.Made | None) -> list[InlineKeyboardMarkup]:
        """The keyboards of a menu (a menu without a version, in a refusal, is made for the game as it is now)."""
        place = request.place
        if place is None:
            return []
        if made is None:
            made = await self.current(ids.caller_for(request.caller.channel, ids.user_key(user), request.caller.name))
        if made is None:
            return []
        return keyboards.moves(place, made, choices)

    async def current(self, caller: Caller) -> ids.Made | None:
        """The game of the group and its version now (None without a game). ``status`` is the lightest answer
        that carries both (``choices`` gives no game id); it draws nothing."""
        return made_for(await self.service.status(caller))

    # --- "your turn" ----------------------------------------------------------------------------------------
    async def push_turn(self, reply: Reply, request: Request, outcome: Outcome) -> None:
        """Push their options to the players who must now decide and got none in this reply.

        The core pushes options only in games with hidden hands; in the others (7 Wonders Duel) the next player
        would have to ask. A player is pushed when they newly have to decide, or when they are the one who just
        moved and still decide (play again); players still deciding in a simultaneous phase while others choose
        are not pushed again. (Remove when the core pushes "your turn" options itself.)"""
        channel = request.caller.channel
        deciding = [u for m in reply.public for u in m.mentions]
        served = {m.user for m in reply.messages if m.audience != "public" and m.choices}
        before = await self.deciding_before(channel, reply.game_id)
        for key in dict.fromkeys(deciding):
            user = ids.telegram_id(key)
            if user is None or key in served or user in outcome.unreachable:
                continue
            if key in before and key != request.caller.user:
                continue
            if user != request.user_id and not await self.service.can_reach(key):
                continue
            hand = await self.service.hand(ids.caller_for(channel, key))  # in their language: the core knows it
            for message in hand.messages:
                if message.audience != "public" and not await self.to_private(request, user, message, made_for(hand)):
                    outcome.unreachable.add(user)
                    await self.unreachable(request, user)
                    break
        memo = " ".join([reply.game_id or "", *dict.fromkeys(deciding)]) if deciding else None
        await self.service.remember(channel, TURN_MEMO, memo)

    async def deciding_before(self, channel: str, game_id: str | None) -> set[str]:
        """Who had to decide after the last change of the game ``game_id`` (nobody, for a new game)."""
        game, *users = (await self.service.recall(channel, TURN_MEMO) or "").split(" ")
        return set(users) if users and game == (game_id or "") else set()

    # --- sending ----------------------------------------------------------------------------------------------
    async def send(
        self, chat: int, pieces: list[str], *, markup: InlineKeyboardMarkup | None = None, png: bytes | None = None,
        filename: str = "image.png", reply_to: int | None = None, thread: int | None = None,
        file: Attachment | None = None,
    ) -> list[TgMessage]:
        """Messages of HTML ``pieces`` (see ``html_pieces``), or a photo with the only piece as its caption (followed
        by the pieces when they do not fit a caption); the keyboard goes on the last message. ``thread``: the
        forum topic (a group's messages go to the topic of its game). ``file``: a document (a game's record), with
        the only piece as its caption, else after the pieces."""
        sent: list[TgMessage] = []
        reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        if file is not None:
            caption_fits = png is None and len(pieces) <= 1 and all(visible_length(p) <= CAPTION_LIMIT for p in pieces)
            if not caption_fits:
                sent += await self.send(chat, pieces, png=png, filename=filename, reply_to=reply_to, thread=thread)
            sent.append(await self.bot.send_document(
                chat, file.data, filename=file.filename, caption=pieces[0] if caption_fits and pieces else None,
                parse_mode=ParseMode.HTML, reply_markup=markup,
                reply_parameters=reply if not sent else None, message_thread_id=thread,
            ))
            return sent
        if png is not None:
            caption_fits = len(pieces) == 1 and visible_length(pieces[0]) <= CAPTION_LIMIT
            sent.append(await self.bot.send_photo(
                chat, png, filename=filename, caption=pieces[0] if caption_fits else None,
                parse_mode=ParseMode.HTML, reply_markup=markup if caption_fits or not pieces else None,
                reply_parameters=reply, message_thread_id=thread,
            ))
            if caption_fits:
                return sent
        for i, piece in enumerate(pieces):
            sent.append(await self.bot.send_message(
                chat, piece, parse_mode=ParseMode.HTML, reply_markup=markup if i == len(pieces) - 1 else None,
                reply_parameters=reply if not sent else None, message_thread_id=thread,
            ))
        return sent


def without_menu_lines(text: str, choices: list[Choice]) -> str:
    """The text of a menu without its numbered lines ("3. Build Baths  [build:baths]") when the buttons show the
    same moves: the photo and its caption then stay one message. (The core could give the intro and the menu
    apart; until then this matches the composer's line format, and an unmatched line simply stays.)"""
    menu = {f"{i}. {c.label}  [{c.value}]" for i, c in enumerate(choices, start=1)}
    return "\n".join(line for line in text.split("\n") if line not in menu)


def made_for(reply: Reply) -> ids.Made | None:
    """The game and version a reply's buttons are made for (None when the reply does not carry both)."""
    if reply.version is None or reply.game_id is None:
        return None
    return ids.Made(reply.game_id, reply.version)


def merge_public(messages: list[Message]) -> Message | None:
    """One group message for all the public messages of a reply (fewer messages against the group's rate limit):
    the texts in order, the last picture, every mention, the tables."""
    if not messages:
        return None
    if len(messages) == 1:
        return messages[0]
    images = [m.image for m in messages if m.image is not None]
    mentions = list(dict.fromkeys(u for m in messages for u in m.mentions))
    return Message("public", "\n".join(m.text for m in messages if m.text), image=images[-1] if images else None,
                   mentions=mentions, locale=messages[0].locale,
                   monospace="\n\n".join(m.monospace for m in messages if m.monospace))


def html_pieces(text: str, tail: str = "", monospace: str = "") -> list[str]:
    """A plain text as HTML messages of at most Telegram's length, then ``monospace`` (a table, in fixed-width
    blocks: one, unless it is longer than a message), with ``tail`` (HTML: mentions) at the end."""
    room = TEXT_LIMIT - visible_length(tail) - 1
    pieces = [to_html(p) for p in split_text(text, room)] if text else []
    table = monospace.strip("\n")
    for part in split_text(table, room) if table.strip() else []:
        if pieces and visible_length(pieces[-1]) + 1 + len(part) <= room:
            pieces[-1] += "\n" + pre(part)
        else:
            pieces.append(pre(part))
    if tail:
        if pieces:
            pieces[-1] += "\n" + tail
        else:
            pieces = [tail]
    return pieces


def visible_length(html_text: str) -> int:
    """The length Telegram counts: the text without its tags."""
    return len(html.unescape(re.sub(r"<[^>]+>", "", html_text)))
