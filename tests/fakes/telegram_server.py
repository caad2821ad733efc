"""A fake Telegram Bot API on loopback, for end-to-end tests of the Telegram adapter.

It speaks the Bot API over HTTP like ``api.telegram.org`` does (``/bot<token>/<method>``), reading JSON,
urlencoded and multipart requests (photo and document uploads, ``attach://`` media), and answers like Telegram:
``{"ok": true, "result": ...}`` or ``{"ok": false, "error_code": ..., "description": ...}``.

What it models, because the adapter depends on it:

* long polling: ``getUpdates`` with ``offset`` confirmation and a ``timeout``; updates are queued by the tests
  (``command``, ``press``), and one can be delivered again (``redeliver``) as after a crash before confirming;
* private chats: a user's private chat refuses messages with 403 "bot can't initiate conversation with a user"
  until the user has sent ``/start`` there, and with "bot was blocked by the user" after ``block``;
* the messages the bot sent, per chat, so edits (``editMessageMedia``, ``editMessageReplyMarkup``, ...) are checked
  (unknown message, "message is not modified") and buttons can be pressed on them;
* the limits the adapter must respect: text 4096 and caption 1024 characters (after HTML parsing), callback data
  1-64 bytes, alert text 200 characters, HTML that Telegram would refuse to parse;
* button presses that must be answered in time: ``answerCallbackQuery`` is refused ("query is too old") once the
  press is older than ``answer_timeout`` seconds (15 by default, like Telegram), and for a query answered already;
* the group send limit (off unless ``group_limit = (count, seconds)`` is set; Telegram's is 20 a minute): a group
  request beyond it (a message sent or edited) gets 429 "Too Many Requests" with ``parameters.retry_after``;
* supergroup migration (``migrate``): a basic group becomes a supergroup with a new id; Telegram says so by a message
  in each chat (``migrate_to_chat_id`` in the old one, ``migrate_from_chat_id`` in the new one), and every request
  naming the old id is refused (400 with ``parameters.migrate_to_chat_id``);
* forum topics (``add_group(..., forum=True)``, ``add_topic``): messages in a topic carry its ``message_thread_id``,
  a send to an unknown topic is refused, and with "General" closed (``close_general``) so is a send without one;
* a group that removed the bot (``kick``): every request naming it is refused with 403;
* webhook delivery (``push_to_webhook = True`` before the bot calls ``setWebhook``): the queued updates are POSTed
  one by one to the webhook's URL with its secret, as Telegram does; one that is not answered 200 (the server is
  down, a proxy finds no worker) is tried again a moment later (``webhook_retry``); ``webhook_posts`` records each
  attempt (update id and status, 0 for no answer);
* a slow Telegram (``hold(chat)``): requests naming that chat wait until ``release(chat)``; one whose client went
  away meanwhile (the bot's process was killed) is dropped, as Telegram never received it whole (``dropped``).

Every request is recorded (``calls``); the tests assert on them.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import html
import itertools
import json
import math
import re
import socket
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import tornado.httpserver
import tornado.httputil
import tornado.netutil
import tornado.web

TOKEN = "123456:TEST-TOKEN"
BOT_ID = 123456
BOT_USERNAME = "boardbot_test_bot"

# Parameters that are plain strings in a form request (every other value is JSON-encoded by the clients).
_STRING_PARAMS = {
    "text", "caption", "callback_query_id", "language_code", "parse_mode", "url", "secret_token", "webhook_url",
    "inline_query_id", "description", "short_description", "name", "title", "photo",
}
_HTML_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "tg-spoiler", "span",
              "blockquote", "tg-emoji"}
_TG_USER = re.compile(r"^tg://user\?id=(\d+)$")


class _Refused(Exception):
    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters


@dataclass
class Call:
    """One request the bot made."""

    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    error: str | None = None  # the description, when the fake refused it
    at: float = field(default_factory=time.monotonic)  # when it arrived

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return int(value) if value is not None else None


@dataclass
class SentMessage:
    """A message the bot sent, as the fake keeps it (edits change it in place)."""

    chat_id: int
    message_id: int
    text: str | None = None  # the plain text (HTML parsed), for messages and captions alike
    html: str | None = None  # the text as sent
    photo: bytes | None = None
    document: tuple[str, bytes] | None = None  # (file name, contents) of a document
    reply_markup: dict[str, Any] | None = None
    mentions: list[int] = field(default_factory=list)  # user ids linked with tg://user?id=
    reply_to: int | None = None
    thread_id: int | None = None  # the forum topic it was sent to
    edits: int = 0

    @property
    def buttons(self) -> list[dict[str, Any]]:
        rows = (self.reply_markup or {}).get("inline_keyboard", [])
        return [b for row in rows for b in row]

    def button(self, data_prefix: str) -> dict[str, Any] | None:
        return next((b for b in self.buttons if b.get("callback_data", "").startswith(data_prefix)), None)


class _Html(HTMLParser):
    """Telegram's HTML subset: the plain text and the user links; anything else is refused like Telegram does."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.mentions: list[int] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _HTML_TAGS:
            raise _Refused(400, f"Bad Request: can't parse entities: unsupported start tag \"{tag}\"")
        if tag == "a":
            href = dict(attrs).get("href") or ""
            if m := _TG_USER.match(href):
                self.mentions.append(int(m.group(1)))
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            raise _Refused(400, f"Bad Request: can't parse entities: unexpected end tag \"{tag}\"")
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_text(text: str, parse_mode: str | None) -> tuple[str, list[int]]:
    if (parse_mode or "").upper() != "HTML":
        return text, []
    parser = _Html()
    parser.feed(text)
    parser.close()
    if parser.open:
        raise _Refused(400, "Bad Request: can't parse entities: unclosed tag")
    return "".join(parser.text), parser.mentions


class FakeTelegram:
    """The fake Bot API server; ``await start()``, then point the bot at ``base_url``."""

    def __init__(self, token: str = TOKEN) -> None:
        self.token = token
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], SentMessage] = {}
        self.users: dict[int, dict[str, Any]] = {}
        self.groups: dict[int, dict[str, Any]] = {}
        self.started: set[int] = set()  # users who opened their private chat with the bot
        self.blocked: set[int] = set()
        self.webhook: dict[str, Any] | None = None
        self.answer_timeout = 15.0  # seconds a button press may wait for its answer (Telegram's)
        self.group_limit: tuple[int, float] | None = None  # (requests, seconds) per group; None: no limit
        self.migrated: dict[int, int] = {}  # old group id -> its supergroup's id
        self.kicked: set[int] = set()  # groups that removed the bot
        self.topics: dict[int, dict[int, str]] = {}  # forum -> topic id -> name
        self.general_closed: set[int] = set()  # forums whose "General" topic is closed
        self.delivered = 0  # updates handed out by getUpdates (a redelivered one counts again)
        self._pending: list[tuple[dict[str, Any], bool]] = []  # (update, forced past the offset)
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self._file_ids = itertools.count(1)
        self._files: dict[str, bytes] = {}
        self._callback_ids = itertools.count(1)
        self._queries: dict[str, float] = {}  # callback query id -> when it was pressed (monotonic)
        self._answered: set[str] = set()
        self._group_requests: dict[int, list[float]] = {}
        self._waiting: dict[int, int] = {}  # chat -> requests held at its gate now
        self._changed = asyncio.Condition()
        self._server: tornado.httpserver.HTTPServer | None = None
        self._closing = False
        self._polls = 0
        self.port = 0
        self.push_to_webhook = False  # deliver the updates to the webhook set by the bot (see the module docstring)
        self.webhook_retry = 0.2  # seconds before an update the webhook did not take is posted again
        self.webhook_posts: list[tuple[int, int]] = []  # (update id, HTTP status; 0: no answer) of every POST
        self._pusher: asyncio.Task[None] | None = None
        self.held: dict[int, asyncio.Event] = {}  # chat -> the gate its requests wait at (``hold``)
        self.dropped: list[Call] = []  # held requests whose client went away before they were let through

    # --- lifecycle ----------------------------------------------------------------------------------------------
    async def start(self) -> None:
        app = tornado.web.Application([(r"/bot([^/]+)/(\w+)", _Handler, {"fake": self})])
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
        self._server = tornado.httpserver.HTTPServer(app)
        self._server.add_sockets(sockets)
        self.port = sockets[0].getsockname()[1]

    async def stop(self) -> None:
        self._closing = True
        for gate in self.held.values():
            gate.set()
        if self._pusher is not None:
            self._pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pusher
        async with self._changed:
            self._changed.notify_all()  # pending long polls answer now
        await asyncio.sleep(0)
        if self._server is not None:
            self._server.stop()
            await self._server.close_all_connections()
            self._server = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # --- the world: users, groups ------------------------------------------------------------------------------
    def add_user(self, uid: int, first_name: str, *, username: str | None = None, lang: str | None = "en") -> None:
        self.users[uid] = {"id": uid, "is_bot": False, "first_name": first_name}
        if username:
            self.users[uid]["username"] = username
        if lang:
            self.users[uid]["language_code"] = lang

    def add_group(self, chat_id: int, title: str = "Game room", *, basic: bool = False, forum: bool = False) -> None:
        """A supergroup (the default), a basic group (``basic``: one that Telegram may later migrate), or a forum
        (a supergroup with topics)."""
        self.groups[chat_id] = {"id": chat_id, "type": "group" if basic else "supergroup", "title": title}
        if forum:
            self.groups[chat_id]["is_forum"] = True
            self.topics[chat_id] = {}

    def add_topic(self, chat_id: int, name: str) -> int:
        """A topic of a forum; its id (Telegram's: the id of the message that created it)."""
        thread = next(self._message_ids)
        self.topics[chat_id][thread] = name
        return thread

    def close_general(self, chat_id: int) -> None:
        """Close the forum's "General" topic: a message without a topic is refused there."""
        self.general_closed.add(chat_id)

    def migrate(self, old: int, new: int | None = None, *, by: int | None = None, announce: bool = True) -> int:
        """Telegram upgrades the basic group ``old`` to a supergroup: a new id (returned), the old one refused from
        now on; ``announce``: the two service messages that say so (in the old chat, then in the new one), sent
        by the member ``by`` who upgraded it."""
        new = new if new is not None else int(f"-100{abs(old):010d}")
        self.groups[new] = {"id": new, "type": "supergroup", "title": self.groups.get(old, {}).get("title", "Group")}
        self.migrated[old] = new
        if announce:
            sender = dict(self.users[by]) if by is not None else dict(next(iter(self.users.values())))
            for chat, field_, value in ((old, "migrate_to_chat_id", new), (new, "migrate_from_chat_id", old)):
                message = {"message_id": next(self._message_ids), "date": int(time.time()),
                           "chat": self.chat(chat), "from": sender, field_: value}
                self._queue({"update_id": next(self._update_ids), "message": message})
        return new

    def kick(self, chat_id: int) -> None:
        """The group removes the bot: every request naming it is refused from now on."""
        self.kicked.add(chat_id)

    def chat(self, chat_id: int) -> dict[str, Any]:
        if chat_id < 0:
            return dict(self.groups.get(chat_id) or {"id": chat_id, "type": "supergroup", "title": "Group"})
        user = self.users.get(chat_id, {"first_name": "User"})
        return {"id": chat_id, "type": "private", "first_name": user["first_name"]}

    def block(self, uid: int) -> None:
        """The user blocks the bot (or deletes the private chat): private messages fail from now on."""
        self.started.discard(uid)
        self.blocked.add(uid)

    # --- updates from users ---------------------------------------------------------------------------------------
    def _queue(self, update: dict[str, Any], *, forced: bool = False) -> dict[str, Any]:
        self._pending.append((update, forced))
        self._notify()
        return update

    def command(self, chat_id: int, uid: int, text: str, *, lang: str | None = None,
                edited: bool = False, thread: int | None = None) -> dict[str, Any]:
        """``uid`` sends ``text`` in ``chat_id`` (a group, or their private chat when ``chat_id == uid``; in a forum,
        in the topic ``thread``, else in "General")."""
        if chat_id == uid and text.split()[0] == "/start":
            self.started.add(uid)
            self.blocked.discard(uid)
        sender = dict(self.users[uid])
        if lang is not None:
            sender["language_code"] = lang
        message: dict[str, Any] = {
            "message_id": next(self._message_ids), "date": int(time.time()), "chat": self.chat(chat_id),
            "from": sender, "text": text,
        }
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if thread is not None:
            message["message_thread_id"] = thread
            message["is_topic_message"] = True
        key = "edited_message" if edited else "message"
        if edited:
            message["edit_date"] = int(time.time())
        return self._queue({"update_id": next(self._update_ids), key: message})

    def press(self, message: SentMessage, uid: int, data: str | None = None, *,
              lang: str | None = None, inaccessible: bool = False) -> dict[str, Any]:
        """``uid`` presses a button of ``message`` (its first one whose data starts with ``data``, or exactly
        ``data`` when no button matches: a crafted or outdated press). ``inaccessible``: the message is too old for
        Telegram to include (only its chat and id come, with date 0)."""
        button = message.button(data or "")
        payload = button["callback_data"] if button is not None else data
        sender = dict(self.users[uid])
        if lang is not None:
            sender["language_code"] = lang
        shown = ({"chat": self.chat(message.chat_id), "message_id": message.message_id, "date": 0} if inaccessible
                 else self._message_json(message))
        query = {
            "id": f"cq{next(self._callback_ids)}", "from": sender, "chat_instance": f"ci{message.chat_id}",
            "data": payload, "message": shown,
        }
        self._queries[query["id"]] = time.monotonic()
        return self._queue({"update_id": next(self._update_ids), "callback_query": query})

    def redeliver(self, update: dict[str, Any]) -> None:
        """Deliver an update once more, past the confirmed offset (Telegram does after a missed confirmation)."""
        self._queue(copy.deepcopy(update), forced=True)

    # --- a slow Telegram, a webhook ---------------------------------------------------------------------------------
    def hold(self, chat_id: int) -> None:
        """Keep the requests naming ``chat_id`` waiting until ``release``."""
        self.held.setdefault(chat_id, asyncio.Event())

    def release(self, chat_id: int) -> None:
        gate = self.held.pop(chat_id, None)
        if gate is not None:
            gate.set()

    def holding(self, chat_id: int) -> int:
        """How many requests naming ``chat_id`` wait at its gate now."""
        return self._waiting.get(chat_id, 0)

    async def _push_updates(self) -> None:
        import aiohttp

        async with aiohttp.ClientSession() as http:
            while not self._closing:
                hook = self.webhook
                if not self._pending or hook is None:
                    async with self._changed:
                        with contextlib.suppress(asyncio.TimeoutError):
                            await asyncio.wait_for(self._changed.wait(), 0.1)
                    continue
                update, forced = self._pending.pop(0)
                headers = {"X-Telegram-Bot-Api-Secret-Token": hook["secret_token"]} if hook.get("secret_token") else {}
                status = 0
                try:
                    async with http.post(hook["url"], json=update, headers=headers,
                                         timeout=aiohttp.ClientTimeout(total=10)) as response:
                        status = response.status
                except (aiohttp.ClientError, asyncio.TimeoutError, OSError):
                    status = 0
                self.webhook_posts.append((update["update_id"], status))
                if status == 200:
                    self.delivered += 1
                    self._notify()
                else:
                    self._pending.insert(0, (update, forced))
                    await asyncio.sleep(self.webhook_retry)

    # --- what the bot did ---------------------------------------------------------------------------------------
    def requests(self, method: str | None = None, chat_id: int | None = None) -> list[Call]:
        return [c for c in self.calls if (method is None or c.method == method)
                and (chat_id is None or c.chat_id == chat_id) and c.error is None]

    def sent(self, chat_id: int, thread: int | None | type[Ellipsis] = ...) -> list[SentMessage]:
        """The messages the bot sent to a chat (only those in the forum topic ``thread``, when given; None:
        "General"), oldest first (as they are now, after any edits)."""
        return sorted((m for (c, _), m in self.messages.items()
                       if c == chat_id and (thread is ... or m.thread_id == thread)), key=lambda m: m.message_id)

    def notified(self, message: SentMessage) -> list[int]:
        """The users a message notifies: linked with ``tg://user?id=``, or named by their @username."""
        named = [uid for uid, user in self.users.items()
                 if user.get("username") and f"@{user['username']}" in (message.text or "")]
        return list(dict.fromkeys([*message.mentions, *named]))

    def refused(self, method: str | None = None) -> list[Call]:
        """The requests the fake refused, as Telegram would have."""
        return [c for c in self.calls if (method is None or c.method == method) and c.error is not None]

    def alerts(self) -> list[dict[str, Any]]:
        return [c.params for c in self.requests("answerCallbackQuery") if c.params.get("show_alert")]

    def answers(self, query_id: str) -> list[dict[str, Any]]:
        return [c.params for c in self.requests("answerCallbackQuery") if c.params.get("callback_query_id") == query_id]

    def mark(self) -> int:
        """A point in the request history (see ``since``)."""
        return len(self.calls)

    def since(self, mark: int) -> list[Call]:
        """The bot's requests after ``mark``, without its polling."""
        return [c for c in self.calls[mark:] if c.error is None and c.method != "getUpdates"]

    @property
    def idle(self) -> bool:
        """No update waits to be fetched."""
        return not self._pending

    async def wait_for(self, predicate, timeout: float = 20.0) -> None:  # noqa: ANN001
        """Wait until ``predicate()`` holds (checked after every request); the timeout only guards against a hang."""
        async def check() -> None:
            async with self._changed:
                await self._changed.wait_for(predicate)

        await asyncio.wait_for(check(), timeout)

    def _notify(self) -> None:
        async def notify() -> None:
            async with self._changed:
                self._changed.notify_all()

        asyncio.get_running_loop().create_task(notify())

    # --- the Bot API --------------------------------------------------------------------------------------------
    async def handle(self, token: str, method: str, params: dict[str, Any],
                     files: dict[str, tuple[str, bytes]], gone: Any = None) -> tuple[int, dict[str, Any]]:
        call = Call(method, params, files)
        if method == "getUpdates":
            self._notify()  # a long poll began
        chat = call.chat_id if method != "getUpdates" else None
        gate = self.held.get(chat) if chat is not None else None
        if gate is not None:
            self._waiting[chat] = self._waiting.get(chat, 0) + 1
            self._notify()
            try:
                await gate.wait()
            finally:
                self._waiting[chat] -= 1
            if self._closing or (gone is not None and gone()):
                call.error = "dropped (fake)"
                self.dropped.append(call)
                self._notify()
                return 499, {"ok": False, "error_code": 499, "description": "dropped (fake)"}
        self.calls.append(call)
        try:
            if token != self.token:
                raise _Refused(401, "Unauthorized")
            handler = getattr(self, "_api_" + method, None)
            if handler is None:
                raise _Refused(404, "Not Found: method not found")
            self._check_migrated(params)
            self._check_group_limit(method, params)
            result = await handler(params, files)
        except _Refused as e:
            call.error = e.description
            status, body = e.code, {"ok": False, "error_code": e.code, "description": e.description}
            if e.parameters:
                body["parameters"] = e.parameters
        else:
            status, body = 200, {"ok": True, "result": result}
        self._notify()
        return status, body

    @staticmethod
    def _bot() -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "BoardBot", "username": BOT_USERNAME,
                "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False}

    async def _api_getMe(self, p, f):  # noqa: ANN001, N802
        return self._bot()

    async def _api_deleteWebhook(self, p, f):  # noqa: ANN001, N802
        self.webhook = None
        return True

    async def _api_setWebhook(self, p, f):  # noqa: ANN001, N802
        self.webhook = dict(p)
        if self.push_to_webhook and self._pusher is None:
            self._pusher = asyncio.get_running_loop().create_task(self._push_updates())
        return True

    async def _api_setMyCommands(self, p, f):  # noqa: ANN001, N802
        for command in p.get("commands", []):
            if not re.fullmatch(r"[a-z0-9_]{1,32}", command["command"]) or not 1 <= len(command["description"]) <= 256:
                raise _Refused(400, "Bad Request: BOT_COMMAND_INVALID")
        return True

    async def _api_getUpdates(self, p, f):  # noqa: ANN001, N802
        offset = int(p.get("offset") or 0)
        timeout = float(p.get("timeout") or 0)
        deadline = time.monotonic() + timeout
        self._polls += 1
        poll = self._polls
        while True:
            if poll != self._polls:  # like Telegram: a newer poll (another process) ends this one
                raise _Refused(409, "Conflict: terminated by other getUpdates request; make sure that only one bot "
                                    "instance is running")
            self._pending = [(u, forced) for u, forced in self._pending if forced or u["update_id"] >= offset]
            if self._pending or time.monotonic() >= deadline or self._closing:
                break
            async with self._changed:
                try:
                    await asyncio.wait_for(self._changed.wait(), max(0.0, deadline - time.monotonic()))
                except asyncio.TimeoutError:
                    pass
        batch = [copy.deepcopy(u) for u, _ in self._pending]
        self._pending = [(u, False) for u, forced in self._pending if not forced]  # forced ones go once
        self.delivered += len(batch)
        return batch

    def _message_json(self, m: SentMessage) -> dict[str, Any]:
        out: dict[str, Any] = {"message_id": m.message_id, "date": int(time.time()), "chat": self.chat(m.chat_id),
                               "from": self._bot()}
        if m.thread_id is not None:
            out["message_thread_id"] = m.thread_id
            out["is_topic_message"] = True
        if m.photo is not None or m.document is not None:
            if m.photo is not None:
                out["photo"] = [{"file_id": "p", "file_unique_id": "p", "width": 100, "height": 100}]
            else:
                out["document"] = {"file_id": "d", "file_unique_id": "d", "file_name": m.document[0]}
            if m.text:
                out["caption"] = m.text
        else:
            out["text"] = m.text or ""
        if m.reply_markup:
            out["reply_markup"] = m.reply_markup
        return out

    def _check_chat(self, chat_id: int, p: dict[str, Any] | None = None) -> None:
        """A new message may go to ``chat_id`` (and, in a forum, to the topic ``p["message_thread_id"]``)."""
        if chat_id > 0:
            if chat_id in self.blocked:
                raise _Refused(403, "Forbidden: bot was blocked by the user")
            if chat_id not in self.started:
                raise _Refused(403, "Forbidden: bot can't initiate conversation with a user")
            return
        thread = (p or {}).get("message_thread_id")
        if chat_id in self.topics:
            if thread is None:
                if chat_id in self.general_closed:
                    raise _Refused(400, "Bad Request: TOPIC_CLOSED")
            elif int(thread) not in self.topics[chat_id]:
                raise _Refused(400, "Bad Request: message thread not found")
        elif thread is not None:
            raise _Refused(400, "Bad Request: message thread not found")

    def _check_migrated(self, p: dict[str, Any]) -> None:
        """Every request naming a group that became a supergroup is refused with the new id."""
        try:
            chat_id = int(p.get("chat_id"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        if chat_id in self.migrated:
            raise _Refused(400, "Bad Request: group chat was upgraded to a supergroup chat",
                           {"migrate_to_chat_id": self.migrated[chat_id]})
        if chat_id in self.kicked:
            raise _Refused(403, "Forbidden: bot was kicked from the supergroup chat")

    _GROUP_LIMITED = ("send", "edit", "copy", "forward")

    def _check_group_limit(self, method: str, p: dict[str, Any]) -> None:
        """At most ``group_limit[0]`` messages sent or edited in a group per ``group_limit[1]`` seconds."""
        if self.group_limit is None or not method.startswith(self._GROUP_LIMITED):
            return
        try:
            chat_id = int(p.get("chat_id"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        if chat_id >= 0:
            return
        count, period = self.group_limit
        now = time.monotonic()
        recent = [t for t in self._group_requests.get(chat_id, []) if now - t < period]
        if len(recent) >= count:
            wait = max(1, math.ceil(period - (now - recent[0])))
            self._group_requests[chat_id] = recent
            raise _Refused(429, f"Too Many Requests: retry after {wait}", {"retry_after": wait})
        self._group_requests[chat_id] = [*recent, now]

    def _check_markup(self, markup: Any) -> dict[str, Any] | None:
        if not markup:
            return None
        buttons = [b for row in markup.get("inline_keyboard", []) for b in row]
        if len(buttons) > 100:
            raise _Refused(400, "Bad Request: reply markup is too long")
        for b in buttons:
            if not b.get("text"):
                raise _Refused(400, "Bad Request: text buttons are unallowed in the inline keyboard")
            if "callback_data" in b and not 1 <= len(b["callback_data"].encode()) <= 64:
                raise _Refused(400, "Bad Request: BUTTON_DATA_INVALID")
        return markup

    def _photo(self, value: Any, files: dict[str, tuple[str, bytes]]) -> bytes:
        if isinstance(value, str) and value.startswith("attach://"):
            value = files.get(value[len("attach://"):], (None, None))[1]
        elif isinstance(value, str):
            value = self._files.get(value)  # a file_id sent before
        if value is None:
            raise _Refused(400, "Bad Request: there is no photo in the request")
        if not value.startswith(b"\x89PNG") and not value.startswith(b"\xff\xd8"):
            raise _Refused(400, "Bad Request: IMAGE_PROCESS_FAILED")
        return value

    def _text(self, p: dict[str, Any], key: str, limit: int) -> tuple[str | None, list[int]]:
        raw = p.get(key)
        if raw is None:
            return None, []
        plain, mentions = parse_text(str(raw), p.get("parse_mode"))
        if key == "text" and not plain.strip():
            raise _Refused(400, "Bad Request: message text is empty")
        if len(plain) > limit:
            raise _Refused(400, f"Bad Request: {'message' if key == 'text' else 'caption'} is too long")
        return plain, mentions

    def _store(self, chat_id: int, p: dict[str, Any], **fields: Any) -> dict[str, Any]:
        reply = (p.get("reply_parameters") or {}).get("message_id") or p.get("reply_to_message_id")
        thread = p.get("message_thread_id")
        m = SentMessage(chat_id, next(self._message_ids), reply_markup=self._check_markup(p.get("reply_markup")),
                        reply_to=reply, thread_id=int(thread) if thread is not None else None, **fields)
        self.messages[(chat_id, m.message_id)] = m
        return self._message_json(m)

    async def _api_sendMessage(self, p, f):  # noqa: ANN001, N802
        chat_id = int(p["chat_id"])
        self._check_chat(chat_id, p)
        text, mentions = self._text(p, "text", 4096)
        return self._store(chat_id, p, text=text, html=p.get("text"), mentions=mentions)

    async def _api_sendPhoto(self, p, f):  # noqa: ANN001, N802
        chat_id = int(p["chat_id"])
        self._check_chat(chat_id, p)
        photo = self._photo(p.get("photo") if "photo" not in f else f["photo"][1], f)
        caption, mentions = self._text(p, "caption", 1024)
        result = self._store(chat_id, p, text=caption, html=p.get("caption"), photo=photo, mentions=mentions)
        file_id = f"file{next(self._file_ids)}"
        self._files[file_id] = photo
        result["photo"] = [{"file_id": file_id, "file_unique_id": file_id, "width": 100, "height": 100}]
        return result

    async def _api_sendDocument(self, p, f):  # noqa: ANN001, N802
        chat_id = int(p["chat_id"])
        self._check_chat(chat_id, p)
        if "document" not in f:
            raise _Refused(400, "Bad Request: there is no document in the request")
        caption, mentions = self._text(p, "caption", 1024)
        return self._store(chat_id, p, text=caption, html=p.get("caption"), document=f["document"],
                           mentions=mentions)

    def _edited(self, p: dict[str, Any]) -> SentMessage:
        key = (int(p.get("chat_id") or 0), int(p.get("message_id") or 0))
        if key not in self.messages:
            raise _Refused(400, "Bad Request: message to edit not found")
        return self.messages[key]

    def _changed_or_refuse(self, m: SentMessage, before: tuple) -> dict[str, Any]:
        if before == self._snapshot(m):
            raise _Refused(400, "Bad Request: message is not modified: specified new message content and reply "
                                "markup are exactly the same as a current content and reply markup of the message")
        m.edits += 1
        return self._message_json(m)

    @staticmethod
    def _snapshot(m: SentMessage) -> tuple:
        return (m.text, m.photo and hashlib.sha1(m.photo).digest(), json.dumps(m.reply_markup))

    async def _api_editMessageMedia(self, p, f):  # noqa: ANN001, N802
        m = self._edited(p)
        if m.photo is None:
            raise _Refused(400, "Bad Request: there is no media in the message to edit")
        media = p.get("media") or {}
        if media.get("type") != "photo":
            raise _Refused(400, "Bad Request: can't parse InputMedia")
        before = self._snapshot(m)
        caption, mentions = self._text({**media, "parse_mode": media.get("parse_mode")}, "caption", 1024)
        m.photo = self._photo(media.get("media"), f)
        m.text, m.html, m.mentions = caption, media.get("caption"), mentions
        m.reply_markup = self._check_markup(p.get("reply_markup"))
        return self._changed_or_refuse(m, before)

    async def _api_editMessageCaption(self, p, f):  # noqa: ANN001, N802
        m = self._edited(p)
        before = self._snapshot(m)
        m.text, m.mentions = self._text(p, "caption", 1024)
        m.html = p.get("caption")
        m.reply_markup = self._check_markup(p.get("reply_markup"))
        return self._changed_or_refuse(m, before)

    async def _api_editMessageText(self, p, f):  # noqa: ANN001, N802
        m = self._edited(p)
        if m.photo is not None:
            raise _Refused(400, "Bad Request: there is no text in the message to edit")
        before = self._snapshot(m)
        m.text, m.mentions = self._text(p, "text", 4096)
        m.html = p.get("text")
        m.reply_markup = self._check_markup(p.get("reply_markup"))
        return self._changed_or_refuse(m, before)

    async def _api_editMessageReplyMarkup(self, p, f):  # noqa: ANN001, N802
        m = self._edited(p)
        before = self._snapshot(m)
        m.reply_markup = self._check_markup(p.get("reply_markup"))
        return self._changed_or_refuse(m, before)

    async def _api_answerCallbackQuery(self, p, f):  # noqa: ANN001, N802
        if len(p.get("text") or "") > 200:
            raise _Refused(400, "Bad Request: MESSAGE_TOO_LONG")
        query = str(p.get("callback_query_id"))
        pressed = self._queries.get(query)
        if pressed is None or query in self._answered or time.monotonic() - pressed > self.answer_timeout:
            raise _Refused(400, "Bad Request: query is too old and response timeout expired or query id is invalid")
        self._answered.add(query)
        return True


class _Handler(tornado.web.RequestHandler):
    def initialize(self, fake: FakeTelegram) -> None:
        self.fake = fake
        self.closed = False

    def on_connection_close(self) -> None:
        self.closed = True

    def _gone(self) -> bool:
        """The client closed its connection (a killed process's sockets are closed by the kernel)."""
        stream = getattr(self.request.connection, "stream", None)
        if self.closed or stream is None or stream.closed():
            return True
        sock = getattr(stream, "socket", None)
        if sock is None:
            return True
        try:
            return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return False  # open, nothing sent: still there
        except OSError:
            return True  # reset

    async def get(self, token: str, method: str) -> None:
        await self.post(token, method)

    async def post(self, token: str, method: str) -> None:
        params, files = _read_request(self.request)
        status, body = await self.fake.handle(token, method, params, files, gone=self._gone)
        if status == 499:
            return  # dropped: nobody to answer
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(body))


def _decode(key: str, value: str) -> Any:
    if key in _STRING_PARAMS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def _read_request(request: tornado.httputil.HTTPServerRequest) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
    """The parameters of a Bot API request: query string, JSON body, urlencoded or multipart form."""
    params: dict[str, Any] = {k: _decode(k, v[-1].decode()) for k, v in request.query_arguments.items()}
    files: dict[str, tuple[str, bytes]] = {}
    content_type = request.headers.get("Content-Type", "")
    if content_type.startswith("application/json"):
        if request.body:
            params.update(json.loads(request.body))
        return params, files
    arguments: dict[str, list[bytes]] = {}
    uploaded: dict[str, list[tornado.httputil.HTTPFile]] = {}
    tornado.httputil.parse_body_arguments(content_type, request.body, arguments, uploaded, request.headers)
    for key, values in arguments.items():
        params[key] = _decode(key, values[-1].decode())
    for key, items in uploaded.items():
        files[key] = (items[-1].filename, items[-1].body)
    return params, files


def plain(text: str) -> str:
    """HTML as the reader sees it."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))
