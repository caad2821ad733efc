"""Telegram updates into core calls: commands in groups and private chats, and button presses.

A group is a channel of the service (``tg:<chat_id>``), and so is each topic of a forum group
(``tg:<chat_id>:<thread_id>``: a table of its own). Commands that act on a game work in groups; in a private chat the
bot answers ``/start`` (the deep link that makes a player reachable), ``/lang``, ``/rules`` and ``/help``. Every
update is applied once, even when Telegram delivers it twice.

A button press is answered as soon as its answer is known, and after ``answer_within`` seconds at the latest (then
without a pop-up: a refusal goes to the private chat): Telegram refuses a late answer ("query is too old"). An answer
that fails is logged; what the press changed is delivered all the same.

Asynchronous play: ``/away`` and ``/back``, the table's votes about a player whose time ran out (``/skip``,
``/standin``, ``/kick``, naming the player as typed, by @username or by a mention, or nobody when only one ran out),
``/reminder``, ``/quiet HOURS [ZONE]``, ``/mygames`` and ``/export`` (both answered in the private chat). What the
table's timers do (reminders, the bot's moves for absent players) is delivered by ``push_timer``
(``bot.core.timers.fire_forever``). Every caller carries the group's title (``Caller.place``): messages about its
game sent elsewhere name it.

``/rules GAME question`` is answered where it was asked: in a group for the whole group, in the group's language; in
a private chat in the user's language. Bad input (no game, an unknown one, no question) is the asker's alone.

A group that Telegram upgrades to a supergroup is followed to its new id (``bot.telegram.migration``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TypeVar

from telegram import CallbackQuery, MessageEntity, Update, User
from telegram import Message as TgMessage
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import (
    Application, ApplicationHandlerStop, CallbackQueryHandler, CommandHandler, ContextTypes, MessageHandler,
    TypeHandler, filters,
)

from bot.core.outbox import Redelivery
from bot.core.replies import Message, Reply
from bot.core.service import GameService
from bot.core.timers import BOT_USER
from bot.i18n import translate, use_locale
from bot.telegram import ids, keyboards, texts
from bot.telegram.delivery import NAME_MEMO, Delivery, Request, html_pieces, refusal_alert
from bot.telegram.formatting import to_html

log = logging.getLogger(__name__)

GROUP_ONLY = {"new", "join", "leave", "startgame", "board", "hand", "play", "status", "log", "abort", "undo",
              "away", "back", "skip", "standin", "kick", "reminder", "export", "addbot", "hint"}
NO_ARGUMENTS = {"join", "leave", "startgame", "board", "hand", "status", "abort", "undo", "away", "back", "mygames",
                "addbot", "hint"}
EVERYWHERE = {"start", "lang", "rules", "help", "mygames", "quiet"}
VOTES = ("skip", "standin", "kick")
COMMANDS = sorted(GROUP_ONLY | EVERYWHERE)

T = TypeVar("T")


class Answer:
    """The one answer of a button press (it stops the button's spinner, and may show a pop-up). It never raises:
    an answer Telegram refuses (given too late, or twice) is logged, and whatever the press changed is delivered
    all the same."""

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.given = False

    async def __call__(self, text: str | None = None, *, alert: bool = False) -> bool:
        """Answer (once: False when it was answered already, or Telegram refused the answer)."""
        if self.given:
            return False
        self.given = True
        try:
            await self.query.answer(text, show_alert=alert or None)
        except TelegramError as e:
            log.warning("the answer to a button press was refused: %s", e)
            return False
        return True

    async def within(self, work: Awaitable[T], seconds: float) -> T:
        """``work``'s result; if it takes more than ``seconds``, the press is answered meanwhile (without a text)."""
        task = asyncio.ensure_future(work)
        done, _pending = await asyncio.wait({task}, timeout=seconds)
        if not done:
            await self()
        return await task


class Handlers:
    answer_within = 1.0  # seconds a press waits for the core before it is answered without a text

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._delivery: Delivery | None = None

    def install(self, app: Application) -> None:
        self._delivery = Delivery(app.bot, self.service)
        app.add_handler(TypeHandler(Update, self.once), group=-1)
        app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.on_migration))
        app.add_handler(CommandHandler(COMMANDS, self.on_command, filters=filters.UpdateType.MESSAGE))
        app.add_handler(CallbackQueryHandler(self.on_button))
        app.add_error_handler(self.on_error)

    @property
    def delivery(self) -> Delivery:
        assert self._delivery is not None, "install() first"
        return self._delivery

    # --- plumbing -----------------------------------------------------------------------------------------------
    async def once(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The same update delivered twice (a retried webhook, a poll that was not confirmed) is applied once."""
        if not await self.service.first_time(f"tg:{context.bot.id}:update:{update.update_id}"):
            log.info("update %s was already handled", update.update_id)
            raise ApplicationHandlerStop

    async def request(self, chat_id: int, user: User, *, thread: int | None = None, button: bool = False,
                      title: str | None = None) -> Request:
        """The request of ``user`` in a chat (in a forum, in the topic ``thread``; ``title``: the group's); a group
        that became a supergroup is found where it is now."""
        channel = await self.delivery.migrations.resolve(ids.channel_of(chat_id, thread))
        caller = ids.caller_for(channel, ids.user_key(user.id), user.full_name, user.language_code,
                                place=title if chat_id < 0 else None)
        user_locale, channel_locale = await self.service.locales(caller)
        return Request(caller, user.id, user_locale, channel_locale, button=button)

    @staticmethod
    def answer(request: Request, template: str, **params: object) -> Reply:
        """One of the adapter's own answers, for the asker alone."""
        with use_locale(request.user_locale):
            text = translate(template).format(**params)
        return Reply([Message("ephemeral", text, user=request.caller.user, locale=request.user_locale)], ok=False)

    async def remember_name(self, request: Request, user: User) -> None:
        """How to mention a player later (whose turn it is): their @username, else their name. (Their language, for
        what is pushed to them, the core remembers from every request.)"""
        name = f"@{user.username}" if user.username else user.full_name
        await self.service.remember(request.caller.channel, NAME_MEMO + request.caller.user, name)

    # --- commands -----------------------------------------------------------------------------------------------
    async def on_command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, chat, user = update.effective_message, update.effective_chat, update.effective_user
        if message is None or chat is None or user is None or not message.text:
            return
        command = message.text.split()[0][1:].split("@")[0].lower()
        args = list(context.args or [])
        private = chat.type == ChatType.PRIVATE
        thread = message.message_thread_id if message.is_topic_message else None
        request = await self.request(chat.id, user, thread=thread, title=chat.title)
        delivery = self.delivery
        if private:
            if command == "start":
                await self.start_private(request, user, args)
                return
            if command in GROUP_ONLY:
                await delivery.deliver(self.answer(request, texts.GROUP_ONLY), request)
                return
        if command in NO_ARGUMENTS and args:
            await delivery.deliver(self.answer(request, texts.NO_ARGUMENTS, command=command), request)
            return
        caller, s = request.caller, self.service
        if command == "new":
            reply = await s.new(caller, args[0] if args else "", " ".join(args[1:]))
            await self.lobby(reply, request, user, first=True)
        elif command == "join":
            await self.lobby(await s.join(caller), request, user)
        elif command in ("startgame", "start"):
            await self.start_game(request)
        elif command == "play":
            await delivery.deliver(await s.play(caller, " ".join(args)), request, push_turn=True)
        elif command == "undo":
            await delivery.deliver(await s.undo(caller), request, push_turn=True)
        elif command == "log":
            await delivery.deliver(await s.log(caller, " ".join(args)), request)
        elif command == "lang":
            me = bool(args) and args[0].lower() == "me"  # /lang me ru: the asker's own language
            words = args[1:] if me else args
            await delivery.deliver(await s.lang(caller, " ".join(words), personal=private or me), request)
        elif command == "rules":
            await self.rules(request, args, question_id=message.message_id)
        elif command == "help":
            await delivery.deliver(await s.help(caller), request)
        elif command in VOTES:
            who = await self.player_named(request, message, args)
            await delivery.deliver(await s.vote(caller, command, who), request)  # type: ignore[arg-type]
        elif command == "back":  # the board with the player's options, as after a move
            await delivery.deliver(await s.back(caller), request, push_turn=True)
        elif command == "reminder":
            await delivery.deliver(await s.reminder(caller, " ".join(args)), request)
        elif command == "quiet":  # /quiet 22-8 Europe/Rome
            await delivery.deliver(await s.quiet(caller, " ".join(args)), request)
        elif command == "export":
            await delivery.deliver(await s.export(caller, " ".join(args)), request)
        else:
            simple = {"leave": s.leave, "abort": s.abort, "board": s.board, "hand": s.hand, "status": s.status,
                      "away": s.away, "mygames": s.my_games, "addbot": s.add_bot, "hint": s.hint}
            await delivery.deliver(await simple[command](caller), request)

    async def player_named(self, request: Request, message: TgMessage, args: list[str]) -> str:
        """The player a vote is about, as the service finds players (their name, or their user id): a mention of a
        user without a username names them by id; ``@username`` is looked up among the names remembered for the
        group's players (``remember_name``); anything else goes as typed (nothing: the only one out of time)."""
        for entity in message.parse_entities([MessageEntity.TEXT_MENTION]):
            if entity.user is not None:
                return str(entity.user.id)
        who = " ".join(args).strip()
        if who.startswith("@"):
            memos = await self.service.store.get_prefs("memo", request.caller.channel)
            for key, name in memos.items():
                if key.startswith(NAME_MEMO) and name.casefold() == who.casefold():
                    user = ids.telegram_id(key[len(NAME_MEMO):])
                    if user is not None:
                        return str(user)
        return who

    async def on_migration(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A basic group became a supergroup: Telegram says so in both chats; the first message moves the game."""
        message = update.effective_message
        if message is None:
            return
        if message.migrate_to_chat_id:
            await self.delivery.migrations.follow(message.chat.id, message.migrate_to_chat_id)
        elif message.migrate_from_chat_id:
            await self.delivery.migrations.follow(message.migrate_from_chat_id, message.chat.id)

    async def lobby(self, reply: Reply, request: Request, user: User, *, first: bool = False) -> None:
        """``/new`` and ``/join``: the table's message in the group gets the buttons to join and to open the
        private chat; a player the bot cannot reach privately yet is asked to open it."""
        markup = None
        delivery = self.delivery
        if reply.ok:
            await self.remember_name(request, user)
            place = request.place
            assert place is not None
            username = delivery.bot.username
            if first:
                markup = keyboards.lobby(request.channel_locale, username, place)
            if not await self.service.can_reach(request.caller.user):
                if markup is None:
                    markup = keyboards.private_chat(request.channel_locale, username, place)
                with use_locale(request.channel_locale):
                    note = translate(texts.PRIVATE_CHAT_PLEASE).format(players=request.caller.name)
                for message in reply.public[:1]:
                    message.text += "\n" + note
        await delivery.deliver(reply, request, group_markup=markup)

    async def rules(self, request: Request, args: list[str], *, question_id: int) -> None:
        """``/rules GAME question``: in a group the answer is the group's, in its language (a reply to the question's
        message ``question_id``); in a private chat the user's, in theirs. Bad input is said to the asker alone."""
        game, question = (args[0] if args else ""), " ".join(args[1:])
        if request.place is not None:
            reply = await self.service.rules(request.caller, game, question, public=True)
            if reply.ok:
                for message in reply.messages:  # a message of its own: never edited later, unlike a narration
                    await self.delivery.post_text(request, html_pieces(message.text), reply_to=question_id)
                return
        await self.delivery.deliver(await self.service.rules(request.caller, game, question), request)

    async def start_game(self, request: Request) -> None:
        reply = await self.service.start(request.caller, needs_private_chat=True)
        delivery = self.delivery
        if reply.ok:
            await delivery.deliver(reply, request, push_turn=True)
            return
        if reply.code != "error.private_chat_needed":  # like any refusal: for the asker alone
            await delivery.deliver(reply, request)
            return
        # Players who have not opened their private chat hold the start: the group sees who they are, with the
        # button that opens it (nothing hidden: it is about the lobby).
        place = request.place
        assert place is not None
        text = "\n".join(m.text for m in reply.messages if m.text)
        await delivery.post_text(request, html_pieces(text),
                                 markup=keyboards.private_chat(request.channel_locale, delivery.bot.username, place))

    async def start_private(self, request: Request, user: User, args: list[str]) -> None:
        """``/start [g<place>]`` in the private chat: the user can now receive private messages; coming from a
        group's link, they also get their current options there."""
        await self.service.set_private_chat(request.caller.user, True)
        group = ids.parse_start_payload(args[0]) if args else None
        with use_locale(request.user_locale):
            text = translate(texts.WELCOME_GAME if group is not None else texts.WELCOME)
        await self.delivery.send(user.id, html_pieces(text))
        if group is not None and group.chat < 0:
            in_group = await self.request(group.chat, user, thread=group.thread)
            hand = await self.service.hand(in_group.caller)
            if hand.ok:
                await self.delivery.deliver(hand, in_group)

    # --- buttons ------------------------------------------------------------------------------------------------
    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or query.message is None:
            return
        answer = Answer(query)
        data = query.data or ""
        if data.startswith(f"{ids.MOVE}:"):
            await self.press_move(query, answer, data)
            return
        action = ids.parse_place_data(data)
        if action is None:
            await answer()
            return
        kind, thread = action
        request = await self.request(query.message.chat.id, query.from_user, thread=thread, button=True,
                                     title=query.message.chat.title)
        if kind == ids.OPTIONS:
            await self.press_options(answer, request)
        else:
            reply = await answer.within(self.service.join(request.caller), self.answer_within)
            if not reply.ok:
                await self.refuse(answer, reply, request)
                return
            await answer()
            await self.lobby(reply, request, query.from_user)

    async def refuse(self, answer: Answer, reply: Reply, request: Request) -> None:
        """A refused press: the refusal in a pop-up (and in the private chat when it does not fit one), or only in
        the private chat when the press could not be answered with it."""
        if not await answer(refusal_alert(reply), alert=True):
            request.button = False
        await self.delivery.deliver(reply, request)

    async def press_move(self, query: CallbackQuery, answer: Answer, data: str) -> None:
        """A move button, played in the game and at the version its menu was made for: the service refuses it as
        stale once the game is another one or this player's own decision changed since (not when another player
        chose secretly meanwhile)."""
        button = ids.parse_move_data(data)
        if button is None:
            await answer()
            return
        request = await self.request(button.chat_id, query.from_user, thread=button.thread_id, button=True)
        caller = request.caller
        reachable = await self.service.can_reach(caller.user)
        move = button.move
        if move is None:  # named by its place in the menu: unless the button is stale (refused then whatever it
            # names), the player's menu now is the one it was part of
            _version, choices = await self.service.choices(caller)
            index = button.index if button.index is not None else -1
            move = choices[index].value if 0 <= index < len(choices) else "#?"
        reply = await answer.within(
            self.service.play(caller, move, version=button.made.version, game_id=button.made.game_id),
            self.answer_within)
        in_private_chat = query.message is not None and query.message.chat.id == query.from_user.id
        if not reply.ok:
            await self.refuse(answer, reply, request)
            if reply.code == "error.stale" and in_private_chat:
                await self.drop_keyboard(query)
                hand = await self.service.hand(caller)  # "Here is the current one."
                if hand.ok:
                    await self.delivery.deliver(hand, request)
            return
        if not reachable and in_private_chat:  # pressed in the private chat: it is open again
            await self.service.set_private_chat(caller.user, True)
            reachable = True
        if reachable:
            await answer()
        else:
            await answer(self.delivery.open_private_alert(request), alert=True)
        if in_private_chat:
            await self.drop_keyboard(query)
        await self.delivery.deliver(reply, request, push_turn=True)

    async def press_options(self, answer: Answer, request: Request) -> None:
        """"My options" under the board: the player's options in their private chat."""
        reply = await answer.within(self.service.hand(request.caller), self.answer_within)
        if not reply.ok:
            await self.refuse(answer, reply, request)
            return
        if await self.service.can_reach(request.caller.user):
            with use_locale(request.user_locale):
                await answer(translate(texts.SENT_PRIVATELY))
        else:
            await answer(self.delivery.open_private_alert(request), alert=True)
        await self.delivery.deliver(reply, request)

    @staticmethod
    async def drop_keyboard(query: CallbackQuery) -> None:
        """A menu that was used, or is outdated, loses its buttons."""
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except Exception as e:  # noqa: BLE001 - cosmetic: the buttons are refused anyway by their version
            log.info("could not remove an old keyboard: %s", e)

    # --- durable delivery ---------------------------------------------------------------------------------------
    async def push(self, item: Redelivery) -> None:
        """Deliver a committed change's reply that its own delivery did not (its process stopped): to the group and
        the private chats, as if ``item.actor`` had just made it, without an update to answer."""
        user = ids.telegram_id(item.actor.user)
        if item.actor.user == BOT_USER:  # a timer's change (a reminder, the bot's move for an absent player)
            await self.push_timer(item.channel, item.reply)
            return
        if user is None:
            log.warning("a change in %s by %r, who is not a Telegram user, is not told again", item.channel,
                        item.actor.user)
            return
        channel = await self.delivery.migrations.resolve(item.channel)
        caller = ids.caller_for(channel, item.actor.user, item.actor.name, item.actor.locale)
        user_locale, channel_locale = await self.service.locales(caller)
        await self.delivery.deliver(item.reply, Request(caller, user, user_locale, channel_locale), push_turn=True)

    async def push_timer(self, channel: str, reply: Reply) -> None:
        """Deliver what a table's timer did (``bot.core.timers.fire_forever``): a reminder (the group mentions the
        player, their private chat gets a button to the game), the news that a player's time ran out, or the bot's
        move for an absent player (told like any move, with the next player's options pushed)."""
        channel = await self.delivery.migrations.resolve(channel)
        caller = ids.caller_for(channel, BOT_USER, BOT_USER)
        user_locale, channel_locale = await self.service.locales(caller)
        request = Request(caller, 0, user_locale, channel_locale)  # nobody to answer: user 0 is nobody's chat
        await self.delivery.deliver(reply, request, push_turn=tells_a_move(reply))

    # --- errors -------------------------------------------------------------------------------------------------
    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("a Telegram update failed", exc_info=context.error)
        if not isinstance(update, Update) or update.effective_user is None:
            return
        locale = update.effective_user.language_code
        with use_locale(locale):
            text = translate(texts.FAILED)
        try:
            if update.callback_query is not None:
                await update.callback_query.answer(text, show_alert=True)
            elif update.effective_chat is not None:
                message = update.effective_message
                thread = message.message_thread_id if message is not None and message.is_topic_message else None
                await context.bot.send_message(update.effective_chat.id, to_html(text), parse_mode="HTML",
                                               message_thread_id=thread)
        except Exception:  # noqa: BLE001 - nothing more to do
            log.info("could not tell the user about the failure")


def tells_a_move(reply: Reply) -> bool:
    """A timer's reply that tells a move (the bot's, for an absent player): a new board, or options pushed. Only
    then is it told like a move (``push_turn``); a reminder's mentions notify again, and an expired clock's name the
    players who vote, not whose turn it is."""
    return any(m.image is not None for m in reply.public) or any(m.choices for m in reply.messages)
