"""Putting the core's replies into Telegram chats, by audience.

* ``public`` -> the group. A message with the board picture edits the group's board photo in place (its id is
  remembered with the service) and the narration with the mentions of whoever must decide follows as a new message
  (edits notify nobody); the board is posted anew when there is none yet, for a new game, or on ``/board``.
* ``private`` -> that player's private chat, with the moves as an inline keyboard (a menu of more than 100 moves
  takes several messages); a table (``Message.monospace``, the score sheet) follows the text in a ``<pre>`` block.
* ``ephemeral`` -> the asker's private chat; a short refusal of a button press becomes a pop-up alert instead.

Nothing addressed to one person ever goes to the group. When a private chat refuses (the user never opened it, or
blocked the bot), the user is marked unreachable, the group gets a neutral notice with a button that opens the
private chat, and their next button press gets a pop-up alert.
"""

from __future__ import annotations

import html
import logging
import re
from dataclasses import dataclass, field

from telegram import Bot, InlineKeyboardMarkup, InputMediaPhoto, ReplyParameters
from telegram import Message as TgMessage
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden

from bot.core.replies import Choice, Message, Reply
from bot.core.service import Caller, GameService
from bot.i18n import _, translate, use_locale
from bot.telegram import ids, keyboards, texts
from bot.telegram.formatting import (
    ALERT_LIMIT, CAPTION_LIMIT, TEXT_LIMIT, mention, pre, shorten, split_text, to_html,
)

log = logging.getLogger(__name__)

BOARD_MEMO = "board_message"  # the id of the group's board photo
TURN_MEMO = "turn"  # the game, and who had to decide in it after its last change (see ``push_turn``)
NARRATION_MEMO = "narration_message"  # the id of the group's latest narration (see ``to_group``)
NAME_MEMO = "name:"  # + user key: how to mention a player (``@username`` or their name)


@dataclass
class Request:
    """Where a request came from and who asked."""

    caller: Caller
    user_id: int
    user_locale: str
    channel_locale: str
    button: bool = False  # a button press (short refusals become alerts)
    fresh_board: bool = False  # post the board as a new photo instead of editing the old one

    @property
    def group_id(self) -> int | None:
        chat = ids.telegram_id(self.caller.channel)
        return chat if chat is not None and chat < 0 else None


@dataclass
class Outcome:
    alert: str | None = None  # for a button press: the pop-up to show
    unreachable: set[int] = field(default_factory=set)  # users whose private chat refused a message


def is_unreachable(error: Exception) -> bool:
    """A private chat that refuses the bot: never opened, blocked, or the user is gone."""
    if isinstance(error, Forbidden):
        return True
    return isinstance(error, BadRequest) and "chat not found" in error.message.lower()


class Delivery:
    def __init__(self, bot: Bot, service: GameService) -> None:
        self.bot = bot
        self.service = service

    # --- a whole reply ------------------------------------------------------------------------------------------
    async def deliver(
        self, reply: Reply, request: Request, *, group_markup: InlineKeyboardMarkup | None = None,
        push_turn: bool = False,
    ) -> Outcome:
        outcome = Outcome()
        if request.button and not reply.ok:
            # A refused press: the refusal is a pop-up; a long one (or one with a menu) also goes to the private chat.
            text = "\n".join(m.text for m in reply.messages if m.text)
            outcome.alert = shorten(text, ALERT_LIMIT)
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
        # The group first; then the private messages, some of which a deferring service may still be drawing.
        if public is not None:  # the channel's messages of one reply go out as one
            await self.to_group(request, public, markup=group_markup, quiet=quiet)
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
        for user in sorted(outcome.unreachable):
            await self.unreachable(request, user)
            if user == request.user_id and request.button:
                outcome.alert = outcome.alert or self.open_private_alert(request)
        if push_turn and reply.ok:
            await self.push_turn(reply, request, outcome)
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

    async def to_group(self, request: Request, message: Message, *,
                       markup: InlineKeyboardMarkup | None = None, quiet: bool = False) -> None:
        chat = request.group_id
        if chat is None:
            log.warning("a public message outside a group was dropped: %r", message.text[:80])
            return
        channel = request.caller.channel
        full = html_pieces(message.text, await self.mentions(channel, message.mentions), message.monospace)
        if markup is None and message.mentions:
            markup = keyboards.board(message.locale)
        if message.image is None:
            if not full:
                return
            last = await self.service.recall(channel, NARRATION_MEMO) if quiet and len(full) == 1 else None
            if last is not None and await self.edit_text(chat, int(last), full[0], markup):
                return
            await self.narrate(channel, message, await self.send(chat, full, markup=markup))
            return
        board_id = None if request.fresh_board else await self.service.recall(channel, BOARD_MEMO)
        if board_id is not None and await self.edit_board(chat, int(board_id), message, markup):
            if full:
                await self.narrate(channel, message, await self.send(chat, full, markup=markup,
                                                                     reply_to=int(board_id)))
            return
        sent = await self.send(chat, full, png=message.image.png, filename=message.image.filename, markup=markup)
        photo = next((m for m in sent if m.photo), None)
        if photo is not None:
            await self.service.remember(channel, BOARD_MEMO, str(photo.message_id))
        await self.service.remember(channel, NARRATION_MEMO, None)  # a new board: no earlier narration is edited

    async def narrate(self, channel: str, message: Message, sent: list[TgMessage]) -> None:
        """Remember the group's latest narration of whose turn it is (the one a quiet change edits); any other
        message (a language set, a player joining) is never edited."""
        if sent and message.mentions:
            await self.service.remember(channel, NARRATION_MEMO, str(sent[-1].message_id))

    async def edit_text(self, chat: int, message_id: int, html_text: str,
                        markup: InlineKeyboardMarkup | None) -> bool:
        try:
            await self.bot.edit_message_text(html_text, chat_id=chat, message_id=message_id,
                                             parse_mode=ParseMode.HTML, reply_markup=markup)
        except BadRequest as e:
            return "not modified" in e.message.lower()
        return True

    async def edit_board(self, chat: int, message_id: int, message: Message,
                         markup: InlineKeyboardMarkup | None) -> bool:
        """Replace the board photo in place (its caption: the latest narration, without notifications)."""
        assert message.image is not None
        caption = to_html(shorten(message.text, CAPTION_LIMIT)) or None
        media = InputMediaPhoto(message.image.png, caption=caption, parse_mode=ParseMode.HTML,
                                filename=message.image.filename)
        try:
            await self.bot.edit_message_media(media, chat_id=chat, message_id=message_id, reply_markup=markup)
        except BadRequest as e:
            if "not modified" in e.message.lower():
                return True
            log.info("the board message %s in %s cannot be edited (%s): posting a new one", message_id, chat, e.message)
            return False
        return True

    async def unreachable(self, request: Request, user: int) -> None:
        """Mark ``user`` unreachable and tell the group, neutrally, with the button that opens the private chat."""
        await self.service.set_private_chat(ids.user_key(user), False)
        chat = request.group_id
        if chat is None:
            return
        name = await self.mention_of(request.caller.channel, ids.user_key(user),
                                     request.caller.name if user == request.user_id else None)
        with use_locale(request.channel_locale):
            text = translate(texts.UNREACHABLE_NOTICE).format(player="\x00")
        await self.send(chat, [to_html(text).replace("\x00", name)],
                        markup=keyboards.private_chat(request.channel_locale, self.bot.username, chat))

    # --- private chats ------------------------------------------------------------------------------------------
    async def to_private(self, request: Request, user: int, message: Message, made: ids.Made | None) -> bool:
        """Send a message to ``user``'s private chat, with its moves as buttons (``made``: the game and version of
        the reply); False if the chat refuses."""
        if not message.text and message.image is None and not message.choices and not message.monospace:
            return True
        markups: list[InlineKeyboardMarkup] = []
        text = message.text
        if message.choices:
            markups = await self.move_keyboards(request, user, message.choices, made)
            if markups:
                text = without_menu_lines(text, message.choices)
        try:
            await self.send(user, html_pieces(text, monospace=message.monospace), markup=markups[0] if markups else None,
                            png=message.image.png if message.image else None,
                            filename=message.image.filename if message.image else "image.png")
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
        group = request.group_id
        if group is None:
            return []
        if made is None:
            made = await self.current(ids.caller_for(request.caller.channel, ids.user_key(user), request.caller.name))
        if made is None:
            return []
        return keyboards.moves(group, made, choices)

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
        filename: str = "image.png", reply_to: int | None = None,
    ) -> list[TgMessage]:
        """Messages of HTML ``pieces`` (see ``html_pieces``), or a photo with the only piece as its caption (followed
        by the pieces when they do not fit a caption); the keyboard goes on the last message."""
        sent: list[TgMessage] = []
        reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
        if png is not None:
            caption_fits = len(pieces) == 1 and visible_length(pieces[0]) <= CAPTION_LIMIT
            sent.append(await self.bot.send_photo(
                chat, png, filename=filename, caption=pieces[0] if caption_fits else None,
                parse_mode=ParseMode.HTML, reply_markup=markup if caption_fits or not pieces else None,
                reply_parameters=reply,
            ))
            if caption_fits:
                return sent
        for i, piece in enumerate(pieces):
            sent.append(await self.bot.send_message(
                chat, piece, parse_mode=ParseMode.HTML, reply_markup=markup if i == len(pieces) - 1 else None,
                reply_parameters=reply if not sent else None,
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
