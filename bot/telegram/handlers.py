"""Telegram updates into core calls: commands in groups and private chats, and button presses.

A group is a channel of the service (``tg:<chat_id>``). Commands that act on a game work in groups; in a private
chat the bot answers ``/start`` (the deep link that makes a player reachable), ``/lang``, ``/rules`` and ``/help``.
Every update is applied once, even when Telegram delivers it twice.

``/rules GAME question`` is answered where it was asked: in a group for the whole group, in the group's language; in
a private chat in the user's language. Bad input (no game, an unknown one, no question) is the asker's alone.
"""

from __future__ import annotations

import logging

from telegram import CallbackQuery, Update, User
from telegram.constants import ChatType
from telegram.ext import (
    Application, ApplicationHandlerStop, CallbackQueryHandler, CommandHandler, ContextTypes, TypeHandler, filters,
)

from bot.core.replies import Message, Reply
from bot.core.service import LOG_DEFAULT, GameService
from bot.i18n import translate, use_locale
from bot.telegram import ids, keyboards, texts
from bot.telegram.delivery import NAME_MEMO, Delivery, Request, html_pieces
from bot.telegram.formatting import to_html

log = logging.getLogger(__name__)

GROUP_ONLY = {"new", "join", "leave", "startgame", "board", "hand", "play", "status", "log", "abort", "undo"}
NO_ARGUMENTS = {"join", "leave", "startgame", "board", "hand", "status", "abort", "undo"}
EVERYWHERE = {"start", "lang", "rules", "help"}
COMMANDS = sorted(GROUP_ONLY | EVERYWHERE)
LOG_MAX = 100


class Handlers:
    def __init__(self, service: GameService) -> None:
        self.service = service

    def install(self, app: Application) -> None:
        app.add_handler(TypeHandler(Update, self.once), group=-1)
        app.add_handler(CommandHandler(COMMANDS, self.on_command, filters=filters.UpdateType.MESSAGE))
        app.add_handler(CallbackQueryHandler(self.on_button))
        app.add_error_handler(self.on_error)

    # --- plumbing -----------------------------------------------------------------------------------------------
    async def once(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The same update delivered twice (a retried webhook, a poll that was not confirmed) is applied once."""
        if not await self.service.first_time(f"tg:{context.bot.id}:update:{update.update_id}"):
            log.info("update %s was already handled", update.update_id)
            raise ApplicationHandlerStop

    async def request(self, chat_id: int, user: User, *, button: bool = False,
                      fresh_board: bool = False) -> Request:
        caller = ids.caller(chat_id, user.id, user.full_name, user.language_code)
        user_locale, channel_locale = await self.service.locales(caller)
        return Request(caller, user.id, user_locale, channel_locale, button=button, fresh_board=fresh_board)

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
        request = await self.request(chat.id, user, fresh_board=command in ("board", "startgame", "start"))
        delivery = Delivery(context.bot, self.service)
        if private:
            if command == "start":
                await self.start_private(request, user, args, delivery)
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
            await self.lobby(reply, request, user, delivery, first=True)
        elif command == "join":
            await self.lobby(await s.join(caller), request, user, delivery)
        elif command in ("startgame", "start"):
            await self.start_game(request, delivery)
        elif command == "play":
            await delivery.deliver(await s.play(caller, " ".join(args)), request, push_turn=True)
        elif command == "undo":
            await delivery.deliver(await s.undo(caller), request, push_turn=True)
        elif command == "log":
            count = LOG_DEFAULT
            if args:
                if len(args) > 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= LOG_MAX:
                    await delivery.deliver(self.answer(request, texts.LOG_COUNT, max=LOG_MAX), request)
                    return
                count = int(args[0])
            await delivery.deliver(await s.log(caller, count), request)
        elif command == "lang":
            me = bool(args) and args[0].lower() == "me"  # /lang me ru: the asker's own language
            words = args[1:] if me else args
            await delivery.deliver(await s.lang(caller, " ".join(words), personal=private or me), request)
        elif command == "rules":
            await self.rules(request, args, delivery, question_id=message.message_id)
        elif command == "help":
            await delivery.deliver(await s.help(caller), request)
        else:
            simple = {"leave": s.leave, "abort": s.abort, "board": s.board, "hand": s.hand, "status": s.status}
            await delivery.deliver(await simple[command](caller), request)

    async def lobby(self, reply: Reply, request: Request, user: User, delivery: Delivery, *,
                    first: bool = False) -> None:
        """``/new`` and ``/join``: the table's message in the group gets the buttons to join and to open the
        private chat; a player the bot cannot reach privately yet is asked to open it."""
        markup = None
        if reply.ok:
            await self.remember_name(request, user)
            chat = request.group_id
            assert chat is not None
            username = delivery.bot.username
            if first:
                markup = keyboards.lobby(request.channel_locale, username, chat)
            if not await self.service.can_reach(request.caller.user):
                if markup is None:
                    markup = keyboards.private_chat(request.channel_locale, username, chat)
                with use_locale(request.channel_locale):
                    note = translate(texts.PRIVATE_CHAT_PLEASE).format(players=request.caller.name)
                for message in reply.public[:1]:
                    message.text += "\n" + note
        await delivery.deliver(reply, request, group_markup=markup)

    async def rules(self, request: Request, args: list[str], delivery: Delivery, *, question_id: int) -> None:
        """``/rules GAME question``: in a group the answer is the group's, in its language (a reply to the question's
        message ``question_id``); in a private chat the user's, in theirs. Bad input is said to the asker alone."""
        game, question = (args[0] if args else ""), " ".join(args[1:])
        chat = request.group_id
        if chat is not None:
            reply = await self.service.rules(request.caller, game, question, public=True)
            if reply.ok:
                for message in reply.messages:  # a message of its own: never edited later, unlike a narration
                    await delivery.send(chat, html_pieces(message.text), reply_to=question_id)
                return
        await delivery.deliver(await self.service.rules(request.caller, game, question), request)

    async def start_game(self, request: Request, delivery: Delivery) -> None:
        reply = await self.service.start(request.caller, needs_private_chat=True)
        if reply.ok:
            await delivery.deliver(reply, request, push_turn=True)
            return
        if reply.code != "error.private_chat_needed":  # like any refusal: for the asker alone
            await delivery.deliver(reply, request)
            return
        # Players who have not opened their private chat hold the start: the group sees who they are, with the
        # button that opens it (nothing hidden: it is about the lobby).
        chat = request.group_id
        assert chat is not None
        text = "\n".join(m.text for m in reply.messages if m.text)
        await delivery.send(chat, html_pieces(text),
                            markup=keyboards.private_chat(request.channel_locale, delivery.bot.username, chat))

    async def start_private(self, request: Request, user: User, args: list[str], delivery: Delivery) -> None:
        """``/start [g<chat>]`` in the private chat: the user can now receive private messages; coming from a
        group's link, they also get their current options there."""
        await self.service.set_private_chat(request.caller.user, True)
        group = ids.parse_start_payload(args[0]) if args else None
        with use_locale(request.user_locale):
            text = translate(texts.WELCOME_GAME if group is not None else texts.WELCOME)
        await delivery.send(user.id, html_pieces(text))
        if group is not None and group < 0:
            in_group = await self.request(group, user)
            hand = await self.service.hand(in_group.caller)
            if hand.ok:
                await delivery.deliver(hand, in_group)

    # --- buttons ------------------------------------------------------------------------------------------------
    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None or query.message is None:
            return
        data = query.data or ""
        delivery = Delivery(context.bot, self.service)
        if data.startswith(f"{ids.MOVE}:"):
            await self.press_move(query, data, delivery)
        elif data == ids.OPTIONS:
            await self.press_options(query, delivery)
        elif data == ids.JOIN:
            request = await self.request(query.message.chat.id, query.from_user, button=True)
            reply = await self.service.join(request.caller)
            if not reply.ok:
                outcome = await delivery.deliver(reply, request)
                await query.answer(outcome.alert, show_alert=True)
                return
            await query.answer()
            await self.lobby(reply, request, query.from_user, delivery)
        else:
            await query.answer()

    async def press_move(self, query: CallbackQuery, data: str, delivery: Delivery) -> None:
        """A move button, played in the game and at the version its menu was made for: the service refuses it as
        stale once the game is another one or this player's own decision changed since (not when another player
        chose secretly meanwhile)."""
        button = ids.parse_move_data(data)
        if button is None:
            await query.answer()
            return
        request = await self.request(button.chat_id, query.from_user, button=True)
        caller = request.caller
        reachable = await self.service.can_reach(caller.user)
        move = button.move
        if move is None:  # named by its place in the menu: unless the button is stale (refused then whatever it
            # names), the player's menu now is the one it was part of
            _version, choices = await self.service.choices(caller)
            index = button.index if button.index is not None else -1
            move = choices[index].value if 0 <= index < len(choices) else "#?"
        reply = await self.service.play(caller, move, version=button.made.version, game_id=button.made.game_id)
        in_private_chat = query.message is not None and query.message.chat.id == query.from_user.id
        if not reply.ok:
            outcome = await delivery.deliver(reply, request)
            await query.answer(outcome.alert, show_alert=True)
            if reply.code == "error.stale" and in_private_chat:
                await self.drop_keyboard(query)
                hand = await self.service.hand(caller)  # "Here is the current one."
                if hand.ok:
                    await delivery.deliver(hand, request)
            return
        if not reachable and in_private_chat:  # pressed in the private chat: it is open again
            await self.service.set_private_chat(caller.user, True)
            reachable = True
        if reachable:
            await query.answer()
        else:
            await query.answer(delivery.open_private_alert(request), show_alert=True)
        if in_private_chat:
            await self.drop_keyboard(query)
        await delivery.deliver(reply, request, push_turn=True)

    async def press_options(self, query: CallbackQuery, delivery: Delivery) -> None:
        assert query.message is not None
        request = await self.request(query.message.chat.id, query.from_user, button=True)
        reply = await self.service.hand(request.caller)
        outcome = await delivery.deliver(reply, request)
        if outcome.alert:
            await query.answer(outcome.alert, show_alert=True)
            return
        with use_locale(request.user_locale):
            await query.answer(translate(texts.SENT_PRIVATELY))

    @staticmethod
    async def drop_keyboard(query: CallbackQuery) -> None:
        """A menu that was used, or is outdated, loses its buttons."""
        try:
            await query.edit_message_reply_markup(reply_markup=None)
        except Exception as e:  # noqa: BLE001 - cosmetic: the buttons are refused anyway by their version
            log.info("could not remove an old keyboard: %s", e)

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
                await context.bot.send_message(update.effective_chat.id, to_html(text), parse_mode="HTML")
        except Exception:  # noqa: BLE001 - nothing more to do
            log.info("could not tell the user about the failure")

