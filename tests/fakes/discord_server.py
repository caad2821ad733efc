r"""A fake Discord for end-to-end tests: the REST API and the gateway, served by aiohttp on 127.0.0.1.

The real discord.py client connects to it (point ``discord.http.Route.BASE`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` at ``api_base`` and ``gateway_url``). The fake:

* answers login (``/users/@me``, ``/oauth2/applications/@me``), command syncs (``PUT .../commands``, kept in
  ``commands``), interaction callbacks, follow-ups and edits of interaction messages, channel messages, DM channels
  (a user in ``closed_dms`` cannot receive DMs: opening the DM channel works, as on Discord, but every message
  sent there is refused with 403, code 50007; the bot may not post in ``forbidden_channels``: 403, code 50013);
* checks the commands of a sync as Discord does (``command_errors``): names (and their localizations) of 1-32
  letters, digits, ``-`` or ``_`` (``^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$``), in lower case where the
  script has case; descriptions and choice names of 1-100 characters; known locales only. One bad string refuses
  the whole sync: 400, code 50035, with the field's error in ``errors`` (as Discord words it);
* rate-limits the command sync on demand (``limit_syncs``): the next syncs are answered 429 with ``retry_after``,
  Discord's headers and ``global: false``, and nothing is registered;
* holds the posts to a channel on demand (``hold``; the follow-ups and edits of the answers to interactions in that
  channel too): they wait until ``release`` (``waiting`` counts them); a post whose client went away meanwhile (the
  bot stopped, or was killed) is dropped, as Discord never received it whole;
* counts the answers by status (``statuses``) and the ones Discord counts toward its limit of invalid requests
  (``invalid_requests``: 401, 403, and 429 other than of a shared limit; 10 000 in 10 minutes get the bot's IP
  banned for a while);
* keeps every message the bot makes, as Discord would show it, with who can see it: ``kind`` is ``channel`` (public),
  ``interaction`` (the answer to an interaction: ephemeral or not), ``followup`` or ``dm``; edits apply in place;
  uploaded files are kept with their bytes;
* records every request (``requests``), with the time it arrived;
* plays users: ``dispatch`` sends a gateway event; ``interact`` sends an ``INTERACTION_CREATE`` built by
  ``slash``, ``autocomplete`` or ``component`` and records when it was sent, so the time to the acknowledgement
  (the interaction callback) can be measured;
* shards: ``shard_count`` is what ``GET /gateway/bot`` recommends; a connection's IDENTIFY may carry
  ``shard: [id, count]`` (READY says it back), and an event of a server goes to the connection of the shard
  ``(guild_id >> 22) % count``, as Discord routes it (an event without a server, a DM's, to shard 0): several
  bot processes, each with some of the shards, can share the fake. ``shards()`` tells which are connected now.

Only what the bot uses is implemented; anything else answers 404 and is recorded, so a test can spot it. Discord's
limits that the bot must respect are checked (``invalid``): a message's content at most 2000 characters, a
component's custom id at most 100, an autocomplete answer at most 25 choices with names of 1-100 characters and
values of at most 100; a request over them is refused with 400 (code 50035, "Invalid Form Body").
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import socket
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

APP_ID = 900000000000000001
BOT_USER = {"id": str(APP_ID), "username": "boardbot", "discriminator": "0", "global_name": "BoardBot",
            "avatar": None, "bot": True}
EPHEMERAL = 1 << 6
TIMESTAMP = "2026-01-01T00:00:00+00:00"


def _json(obj: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when the content type is exactly application/json (no charset)
    return web.Response(body=json.dumps(obj).encode(), status=status, content_type="application/json")


CONTENT_MAX = 2000
CUSTOM_ID_MAX = 100
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100


def invalid(payload: Any) -> str | None:
    """What in a message (or an autocomplete answer) Discord would refuse, or None."""
    if not isinstance(payload, dict):
        return None
    if len(payload.get("content") or "") > CONTENT_MAX:
        return "content: Must be 2000 or fewer in length."
    for row in payload.get("components") or []:
        for component in row.get("components", []):
            if len(component.get("custom_id") or "") > CUSTOM_ID_MAX:
                return "custom_id: Must be 100 or fewer in length."
    choices = payload.get("choices")
    if choices is not None:
        if len(choices) > CHOICES_MAX:
            return "choices: Must be 25 or fewer in length."
        for choice in choices:
            if not 1 <= len(choice.get("name") or "") <= CHOICE_TEXT_MAX or len(str(choice.get("value"))) > 100:
                return "choices: a name or value of a wrong length."
    return None


def client_gone(request: web.Request) -> bool:
    """The client closed its connection (a killed process's sockets are closed by the kernel, maybe before the
    server's loop has read the end of the stream: the socket itself is asked)."""
    transport = request.transport
    if transport is None or transport.is_closing():
        return True
    sock = transport.get_extra_info("socket")
    if sock is None:
        return False
    try:
        with socket.socket(fileno=os.dup(sock.fileno())) as peek:
            return peek.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False  # open, nothing sent: still there
    except OSError:
        return True  # reset


def _refused(reason: str) -> web.Response:
    return _json({"code": 50035, "message": f"Invalid Form Body ({reason})"}, 400)


# --- application commands, as Discord checks them at a sync ------------------------------------------------------
# The locales Discord knows (a localization under any other key is refused).
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
})
NAME_MAX = 32
TEXT_MAX = 100  # descriptions and choice names
# Devanagari and Thai, which Discord accepts whole (their vowel signs are marks, not letters)
SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))


def _name_char(c: str) -> bool:
    if c in "-_" or unicodedata.category(c)[0] in "LN":
        return True
    return any(lo <= ord(c) <= hi for lo, hi in SCRIPTS)


def valid_command_name(name: Any) -> bool:
    r"""Discord's rule for the names of chat commands, subcommands and options (and their localizations):
    ``^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$``, in lower case where the script has case."""
    return (isinstance(name, str) and 1 <= len(name) <= NAME_MAX and all(_name_char(c) for c in name)
            and name == name.lower())


def _error(code: str, message: str) -> dict[str, Any]:
    return {"_errors": [{"code": code, "message": message}]}


BAD_NAME = ("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
BAD_LENGTH = ("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {TEXT_MAX} in length.")
BAD_LOCALE = ("LOCALE_INVALID", "Invalid locale.")


def _text_ok(text: Any) -> bool:
    return isinstance(text, str) and 1 <= len(text) <= TEXT_MAX


def _localized(errors: dict[str, Any], field: str, values: Any, ok: Any, bad: tuple[str, str], *,
               per_locale: bool = True) -> None:
    out: dict[str, Any] = {}
    for locale, value in (values or {}).items():
        if locale not in LOCALES:
            out[locale] = _error(*BAD_LOCALE)
        elif not ok(value):
            out[locale] = _error(*bad)
    if out:
        # A command's own name localizations get one error for the field (Discord does not say which locale).
        errors[field] = out if per_locale else _error(*bad)


def _command_errors(obj: dict[str, Any], *, top: bool) -> dict[str, Any]:
    """The errors of a chat command, a subcommand (group) or an option, keyed as Discord keys them."""
    errors: dict[str, Any] = {}
    if not valid_command_name(obj.get("name")):
        errors["name"] = _error(*BAD_NAME)
    _localized(errors, "name_localizations", obj.get("name_localizations"), valid_command_name, BAD_NAME,
               per_locale=not top)
    if not _text_ok(obj.get("description")):
        errors["description"] = _error(*BAD_LENGTH)
    _localized(errors, "description_localizations", obj.get("description_localizations"), _text_ok, BAD_LENGTH)
    options: dict[str, Any] = {}
    for i, option in enumerate(obj.get("options") or []):
        if found := _command_errors(option, top=False):
            options[str(i)] = found
    if options:
        errors["options"] = options
    choices: dict[str, Any] = {}
    for i, choice in enumerate(obj.get("choices") or []):
        found = {}
        if not _text_ok(choice.get("name")):
            found["name"] = _error(*BAD_LENGTH)
        _localized(found, "name_localizations", choice.get("name_localizations"), _text_ok, BAD_LENGTH)
        if found:
            choices[str(i)] = found
    if choices:
        errors["choices"] = choices
    return errors


def command_errors(commands: Any) -> dict[str, Any] | None:
    """What Discord would refuse in the commands of a sync (``PUT .../commands``), as the ``errors`` of its 400
    answer (``{"0": {"options": {"2": {"name_localizations": {"it": {"_errors": [...]}}}}}}``), or None. Only chat
    commands (type 1) are checked: context menus have other rules, and the bot has none."""
    if not isinstance(commands, list):
        return {"_errors": [{"code": "BASE_TYPE_ARRAY_TYPE", "message": "Must be an array."}]}
    errors = {}
    for i, command in enumerate(commands):
        if int(command.get("type") or 1) != 1:
            continue
        if found := _command_errors(command, top=True):
            errors[str(i)] = found
    return errors or None


@dataclass
class Upload:
    field: str
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[Upload]
    at: float


@dataclass
class User:
    id: int
    name: str
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0", "global_name": self.name,
                "avatar": None}


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user: User
    payload: dict[str, Any]
    sent_at: float
    callback: dict[str, Any] | None = None  # the acknowledgement: {"type": ..., "data": ...}
    acked_at: float | None = None
    original: int | None = None  # the id of the message the interaction's "original" is
    acked: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def ack_seconds(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.sent_at

    @property
    def callback_type(self) -> int | None:
        return None if self.callback is None else self.callback["type"]

    @property
    def callback_flags(self) -> int:
        return int(((self.callback or {}).get("data") or {}).get("flags") or 0)


class FakeDiscord:
    def __init__(self, *, guild_id: int = 600000000000000001, guild_locale: str = "en-US") -> None:
        self.guild_id = guild_id
        self.guild_locale = guild_locale
        self.requests: list[Request] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.files: dict[int, bytes] = {}  # attachment id -> bytes
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[str, list[dict[str, Any]]] = {}  # "global" or a guild id -> synced commands
        self.closed_dms: set[int] = set()
        self.forbidden_channels: set[int] = set()  # the bot may not post there: 403, code 50013
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.sync_limits: list[float] = []  # the next command syncs answer 429 with these retry_after (seconds)
        self.syncs = 0  # command syncs that registered the commands
        self.held: dict[int, asyncio.Event] = {}  # channel id -> the gate its posts wait at (see ``hold``)
        self.waiting: dict[int, int] = {}  # channel id -> posts waiting at its gate now
        self.dropped: list[Request] = []  # held posts whose client went away before they were let through
        self.statuses: Counter[int] = Counter()  # answers by HTTP status
        self.invalid_requests = 0  # answers that count toward Discord's limit of invalid requests
        self._closing = False
        self.identified = 0
        # IDENTIFYs still to answer by closing the connection with 4004 (authentication failed): a close after which
        # discord.py does not reconnect, so its client ends with an error
        self.refuse_identify = 0
        self.shard_count = 1  # what GET /gateway/bot recommends
        self.identified_shards: Counter[int] = Counter()  # shard id -> IDENTIFYs with it
        self._shard_of: dict[web.WebSocketResponse, tuple[int, int]] = {}  # a connection's [id, count]
        self.changed = asyncio.Condition()
        self._ids = itertools.count(950000000000000000)
        self._seq = itertools.count(1)
        self._sockets: list[web.WebSocketResponse] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.app = web.Application(client_max_size=32 * 1024 * 1024, middlewares=[self._count])
        r = self.app.router
        r.add_get("/", self._gateway)
        r.add_get("/api/v10/users/@me", self._me)
        r.add_get("/api/v10/oauth2/applications/@me", self._application)
        r.add_get("/api/v10/gateway", self._gateway_info)
        r.add_get("/api/v10/gateway/bot", self._gateway_info)
        r.add_put("/api/v10/applications/{app}/commands", self._sync)
        r.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", self._sync)
        r.add_post("/api/v10/interactions/{iid}/{token}/callback", self._callback)
        r.add_post("/api/v10/webhooks/{app}/{token}", self._followup)
        r.add_route("*", "/api/v10/webhooks/{app}/{token}/messages/{mid}", self._webhook_message)
        r.add_post("/api/v10/channels/{cid}/messages", self._channel_send)
        r.add_patch("/api/v10/channels/{cid}/messages/{mid}", self._channel_edit)
        r.add_post("/api/v10/users/@me/channels", self._create_dm)
        r.add_route("*", "/api/v10/{tail:.*}", self._unknown)

    # --- lifecycle ----------------------------------------------------------------------------------------
    async def start(self) -> None:
        self._runner = web.AppRunner(self.app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        self._closing = True
        for gate in self.held.values():
            gate.set()
        for ws in self._sockets:
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def new_id(self) -> int:
        return next(self._ids)

    # --- what the tests ask of Discord ---------------------------------------------------------------------
    def limit_syncs(self, *retry_after: float) -> None:
        """Answer the next command syncs (one per value) with 429 and that ``retry_after``."""
        self.sync_limits.extend(retry_after)

    def hold(self, channel_id: int) -> None:
        """Keep the posts to ``channel_id`` waiting (as a slow or unreachable Discord would) until ``release``."""
        self.held.setdefault(channel_id, asyncio.Event())

    def release(self, channel_id: int) -> None:
        gate = self.held.pop(channel_id, None)
        if gate is not None:
            gate.set()

    # --- recording ----------------------------------------------------------------------------------------
    @web.middleware
    async def _count(self, request: web.Request, handler: Any) -> web.StreamResponse:
        response = await handler(request)
        self.statuses[response.status] += 1
        shared = response.headers.get("X-RateLimit-Scope") == "shared"
        if response.status in (401, 403) or (response.status == 429 and not shared):
            self.invalid_requests += 1
        return response

    def count(self, status: int) -> int:
        return self.statuses[status]
    async def _record(self, request: web.Request) -> Request:
        payload: Any = None
        files: list[Upload] = []
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    payload = json.loads(data)
                else:
                    files.append(Upload(part.name or "", part.filename,  # type: ignore[union-attr]
                                        part.headers.get("Content-Type"), bytes(data)))  # type: ignore[union-attr]
        elif request.can_read_body:
            raw = await request.read()
            payload = json.loads(raw) if raw else None
        rec = Request(request.method, request.path, dict(request.query), payload, files, time.perf_counter())
        self.requests.append(rec)
        return rec

    async def _notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    # --- login and commands ---------------------------------------------------------------------------------
    async def _me(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json(BOT_USER)

    async def _application(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json({"id": str(APP_ID), "name": "boardbot", "description": "", "icon": None, "bot_public": True,
                      "bot_require_code_grant": False, "verify_key": "00", "flags": 0,
                      "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}})

    async def _gateway_info(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json({"url": self.gateway_url, "shards": self.shard_count,
                      "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                              "max_concurrency": 1}})

    async def _sync(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        scope = request.match_info.get("guild", "global")
        if self.sync_limits:
            # Discord's answer to a route over its limit; discord.py waits ``retry_after`` and tries again (a ``Via``
            # header tells it from a Cloudflare ban).
            retry_after = self.sync_limits.pop(0)
            response = _json({"message": "You are being rate limited.", "retry_after": retry_after,
                              "global": False}, 429)
            response.headers.update({
                "Via": "1.1 google", "Retry-After": str(max(1, round(retry_after))),
                "X-RateLimit-Limit": "2", "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(retry_after), "X-RateLimit-Bucket": "commands-bucket",
                "X-RateLimit-Scope": "user",
            })
            await self._notify()
            return response
        if errors := command_errors(rec.json):
            return _json({"code": 50035, "errors": errors, "message": "Invalid Form Body"}, 400)
        commands = [dict(c, id=str(self.new_id()), application_id=str(APP_ID), version="1") for c in rec.json]
        self.commands[scope] = commands
        self.syncs += 1
        await self._notify()
        return _json(commands)

    def command_syncs(self) -> list[Request]:
        """Every command sync the bot asked for (``PUT``), answered or refused."""
        return [r for r in self.requests if r.method == "PUT" and r.path.endswith("/commands")]

    def command_id(self, name: str) -> str:
        for commands in self.commands.values():
            for c in commands:
                if c["name"] == name:
                    return str(c["id"])
        return "1"

    # --- messages -----------------------------------------------------------------------------------------
    def _attachments(
        self, payload: dict[str, Any], files: list[Upload], old: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """The attachments of a message after a create or an edit: kept old ones and the uploads."""
        uploads = {i: f for i, f in enumerate(files)}
        described = {}
        keep_ids = None
        if "attachments" in payload:
            keep_ids = set()
            for a in payload["attachments"] or []:
                if str(a.get("id")).isdigit() and int(a["id"]) in uploads and "url" not in a:
                    described[int(a["id"])] = a
                else:
                    keep_ids.add(str(a.get("id")))
        out = [a for a in old if keep_ids is None or a["id"] in keep_ids]
        for i, f in uploads.items():
            aid = self.new_id()
            self.files[aid] = f.data
            meta = described.get(i, {})
            out.append({"id": str(aid), "filename": meta.get("filename") or f.filename, "size": len(f.data),
                        "url": f"https://cdn.fake/{aid}/{f.filename}", "proxy_url": f"https://cdn.fake/{aid}",
                        "content_type": f.content_type, "description": meta.get("description")})
        return out

    def _message(self, *, kind: str, channel_id: int, payload: dict[str, Any], files: list[Upload],
                 audience: int | None, interaction: int | None = None, ephemeral: bool = False) -> dict[str, Any]:
        """Make a message. ``audience``: the user who alone sees it (ephemeral answers and DMs), else None."""
        mid = self.new_id()
        flags = int(payload.get("flags") or 0) | (EPHEMERAL if ephemeral else 0)
        msg = {
            "id": str(mid), "channel_id": str(channel_id), "type": 0 if kind in ("channel", "dm") else 20,
            "content": payload.get("content") or "", "author": BOT_USER,
            "attachments": self._attachments(payload, files, []), "embeds": payload.get("embeds") or [],
            "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False, "tts": False,
            "timestamp": TIMESTAMP, "edited_timestamp": None, "flags": flags,
            "components": payload.get("components") or [],
            # bookkeeping of the fake (not Discord fields)
            "_kind": kind, "_audience": audience, "_interaction": interaction, "_deleted": False,
            "_allowed_mentions": payload.get("allowed_mentions"), "_loading": False, "_edits": 0,
        }
        if kind in ("interaction", "followup"):
            msg["webhook_id"] = str(APP_ID)
            msg["application_id"] = str(APP_ID)
        self.messages[mid] = msg
        return msg

    def _edit(self, msg: dict[str, Any], payload: dict[str, Any], files: list[Upload]) -> None:
        if "content" in payload:
            msg["content"] = payload["content"] or ""
        if "components" in payload:
            msg["components"] = payload["components"] or []
        if "embeds" in payload:
            msg["embeds"] = payload["embeds"] or []
        if "attachments" in payload or files:
            msg["attachments"] = self._attachments(payload, files, msg["attachments"])
        msg["_loading"] = False
        msg["_edits"] += 1
        msg["edited_timestamp"] = TIMESTAMP

    @staticmethod
    def public(msg: dict[str, Any]) -> dict[str, Any]:
        """A message as the API returns it (without the fake's bookkeeping)."""
        return {k: v for k, v in msg.items() if not k.startswith("_")}

    async def _callback(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        iid = int(request.match_info["iid"])
        inter = self.interactions.get(iid)
        if inter is None or inter.token != request.match_info["token"]:
            return _json({"code": 10062, "message": "Unknown interaction"}, 404)
        if inter.callback is not None:
            return _json({"code": 40060, "message": "Interaction has already been acknowledged."}, 400)
        body = rec.json or {}
        if reason := invalid(body.get("data")):
            return _refused(reason)
        inter.callback = body
        inter.acked_at = rec.at
        kind = body.get("type")
        data = body.get("data") or {}
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        resource: dict[str, Any] | None = None
        channel_id = int(inter.payload["channel_id"])
        if kind in (4, 5):
            msg = self._message(kind="interaction", channel_id=channel_id, payload=data, files=rec.files,
                                audience=inter.user.id if ephemeral else None, interaction=iid, ephemeral=ephemeral)
            msg["_loading"] = kind == 5
            inter.original = int(msg["id"])
            resource = {"type": kind, "message": self.public(msg)}
        elif kind in (6, 7):
            inter.original = int(inter.payload["message"]["id"]) if "message" in inter.payload else None
            if kind == 7 and inter.original in self.messages:
                self._edit(self.messages[inter.original], data, rec.files)
                resource = {"type": kind, "message": self.public(self.messages[inter.original])}
        inter.acked.set()
        await self._notify()
        out: dict[str, Any] = {"interaction": {"id": str(iid), "type": inter.type,
                                               "response_message_id": str(inter.original) if inter.original else None,
                                               "response_message_loading": kind == 5,
                                               "response_message_ephemeral": ephemeral}}
        if resource is not None:
            out["resource"] = resource
        return _json(out)

    def _interaction_by_token(self, token: str) -> Interaction | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    async def _followup(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        inter = self._interaction_by_token(request.match_info["token"])
        if inter is None or inter.callback is None:
            return _json({"code": 10015, "message": "Unknown Webhook"}, 404)
        if await self._held(request, rec, int(inter.payload["channel_id"])):
            return _json({"code": 0, "message": "dropped (fake)"}, 499)
        payload = rec.json or {}
        if reason := invalid(payload):
            return _refused(reason)
        original = self.messages.get(inter.original or 0)
        if original is not None and original["_loading"] and inter.callback_type == 5:
            # The first follow-up of a deferred answer replaces the "thinking" message, and keeps its visibility.
            self._edit(original, payload, rec.files)
            msg = original
        else:
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            msg = self._message(kind="followup", channel_id=int(inter.payload["channel_id"]), payload=payload,
                                files=rec.files, audience=inter.user.id if ephemeral else None,
                                interaction=inter.id, ephemeral=ephemeral)
        await self._notify()
        return _json(self.public(msg))

    async def _webhook_message(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        inter = self._interaction_by_token(request.match_info["token"])
        mid_text = request.match_info["mid"]
        if inter is None:
            return _json({"code": 10015, "message": "Unknown Webhook"}, 404)
        mid = inter.original if mid_text == "@original" else int(mid_text)
        msg = self.messages.get(mid or 0)
        if msg is None or msg["_deleted"]:
            return _json({"code": 10008, "message": "Unknown Message"}, 404)
        if request.method == "DELETE":
            msg["_deleted"] = True
            await self._notify()
            return web.Response(status=204)
        if request.method == "PATCH":
            if await self._held(request, rec, int(msg["channel_id"])):
                return _json({"code": 0, "message": "dropped (fake)"}, 499)
            if reason := invalid(rec.json):
                return _refused(reason)
            self._edit(msg, rec.json or {}, rec.files)
            await self._notify()
        return _json(self.public(msg))

    async def _held(self, request: web.Request, rec: Request, cid: int) -> bool:
        """Wait at the gate of channel ``cid`` if it is held; True when the request is to be dropped (its client
        went away meanwhile)."""
        gate = self.held.get(cid)
        if gate is None:
            return False
        self.waiting[cid] = self.waiting.get(cid, 0) + 1
        await self._notify()  # a post is waiting
        try:
            await gate.wait()
        except asyncio.CancelledError:  # aiohttp cancels a handler whose client went away
            self.dropped.append(rec)
            await self._notify()
            raise
        finally:
            self.waiting[cid] -= 1
        if self._closing or client_gone(request):
            self.dropped.append(rec)  # the bot gave up on it (stopped, or killed): no message
            await self._notify()
            return True
        return False

    async def _channel_send(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        cid = int(request.match_info["cid"])
        if await self._held(request, rec, cid):
            return _json({"code": 0, "message": "dropped (fake)"}, 499)
        if cid in self.forbidden_channels:
            return _json({"code": 50013, "message": "Missing Permissions"}, 403)
        dm_user = next((u for u, c in self.dm_channels.items() if c == cid), None)
        if dm_user is not None and dm_user in self.closed_dms:
            return _json({"code": 50007, "message": "Cannot send messages to this user"}, 403)
        if reason := invalid(rec.json):
            return _refused(reason)
        msg = self._message(kind="dm" if dm_user is not None else "channel", channel_id=cid, payload=rec.json or {},
                            files=rec.files, audience=dm_user)
        await self._notify()
        return _json(self.public(msg))

    async def _channel_edit(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        msg = self.messages.get(int(request.match_info["mid"]))
        if msg is None:
            return _json({"code": 10008, "message": "Unknown Message"}, 404)
        if reason := invalid(rec.json):
            return _refused(reason)
        self._edit(msg, rec.json or {}, rec.files)
        await self._notify()
        return _json(self.public(msg))

    async def _create_dm(self, request: web.Request) -> web.Response:
        rec = await self._record(request)
        uid = int(rec.json["recipient_id"])
        cid = self.dm_channels.setdefault(uid, self.new_id())
        return _json({"id": str(cid), "type": 1, "last_message_id": None,
                      "recipients": [{"id": str(uid), "username": f"user{uid}", "discriminator": "0",
                                      "global_name": None, "avatar": None}]})

    async def _unknown(self, request: web.Request) -> web.Response:
        await self._record(request)
        return _json({"code": 0, "message": "404: Not Found (fake)"}, 404)

    # --- gateway ------------------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            data = json.loads(frame.data)
            if data["op"] == 1:  # heartbeat
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif data["op"] == 2 and self.refuse_identify > 0:
                self.refuse_identify -= 1
                await ws.close(code=4004, message=b"Authentication failed.")
            elif data["op"] == 2:  # identify -> ready (text frames: no zlib)
                shard = data.get("d", {}).get("shard") or [0, 1]
                self._shard_of[ws] = (int(shard[0]), int(shard[1]))
                await self._send(ws, "READY", {
                    "v": 10, "user": BOT_USER, "guilds": [], "session_id": f"session{self.identified}",
                    "resume_gateway_url": self.gateway_url, "shard": [int(shard[0]), int(shard[1])],
                    "application": {"id": str(APP_ID), "flags": 0},
                })
                self.identified += 1
                self.identified_shards[int(shard[0])] += 1
                await self._notify()
        if ws in self._sockets:
            self._sockets.remove(ws)
        self._shard_of.pop(ws, None)
        await self._notify()
        return ws

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._seq), "d": data}))

    @staticmethod
    def shard_for(guild_id: int | None, count: int) -> int:
        """The shard Discord sends a server's events to (a DM's: shard 0)."""
        return 0 if guild_id is None else (guild_id >> 22) % count

    def shards(self) -> dict[int, int]:
        """The shards connected now (identified, open): shard id -> how many connections run it."""
        out: Counter[int] = Counter()
        for ws, (shard, _count) in self._shard_of.items():
            if not ws.closed:
                out[shard] += 1
        return dict(out)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event to the connection of its shard (by its ``guild_id``), the newest one if several."""
        live = [ws for ws in self._sockets if not ws.closed]
        assert live, "no bot is connected to the fake gateway"
        guild = int(data["guild_id"]) if data.get("guild_id") else None

        def owns(ws: web.WebSocketResponse) -> bool:
            shard, count = self._shard_of.get(ws, (0, 1))
            return shard == self.shard_for(guild, count)

        owners = [ws for ws in live if owns(ws)]
        assert owners, f"no bot runs the shard of server {guild}"
        await self._send(owners[-1], event, data)

    async def wait_until(self, predicate: Any, timeout: float = 10.0) -> None:
        async def waiting() -> None:
            async with self.changed:
                await self.changed.wait_for(predicate)

        await asyncio.wait_for(waiting(), timeout)

    # --- users acting -------------------------------------------------------------------------------------
    def _payload(self, kind: int, data: dict[str, Any], user: User, *, channel_id: int | None,
                 message: dict[str, Any] | None, locale: str | None, dm: bool,
                 guild_id: int | None = None) -> tuple[int, str, dict[str, Any]]:
        iid = self.new_id()
        token = f"token{iid}"
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": token, "version": 1,
            "locale": locale or user.locale, "app_permissions": "2147483647",
            "attachment_size_limit": 8 * 1024 * 1024, "entitlements": [], "data": data,
        }
        if dm:
            cid = channel_id or self.dm_channels.setdefault(user.id, self.new_id())
            payload.update({
                "channel_id": str(cid), "user": user.payload(), "context": 1,
                "channel": {"id": str(cid), "type": 1, "recipients": [user.payload()], "last_message_id": None},
                "authorizing_integration_owners": {"0": str(user.id)},
            })
        else:
            assert channel_id is not None
            guild = guild_id or self.guild_id
            payload.update({
                "guild_id": str(guild), "channel_id": str(channel_id), "guild_locale": self.guild_locale,
                "channel": {"id": str(channel_id), "type": 0, "guild_id": str(guild), "name": "games",
                            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
                "member": {"user": user.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                           "permissions": "2147483647", "flags": 0, "nick": None},
                "context": 0, "authorizing_integration_owners": {"0": str(guild)},
            })
        if message is not None:
            payload["message"] = self.public(message)
        return iid, token, payload

    async def interact(self, kind: int, data: dict[str, Any], user: User, *, channel_id: int | None = None,
                       message: dict[str, Any] | None = None, locale: str | None = None,
                       dm: bool = False, guild_id: int | None = None) -> Interaction:
        """``user`` acts in ``channel_id`` of the server ``guild_id`` (the fake's own by default), or in a DM."""
        iid, token, payload = self._payload(kind, data, user, channel_id=channel_id, message=message,
                                            locale=locale, dm=dm, guild_id=guild_id)
        inter = Interaction(iid, token, kind, user, payload, sent_at=time.perf_counter())
        self.interactions[iid] = inter
        await self.dispatch("INTERACTION_CREATE", payload)
        return inter

    def slash_data(
        self, command: str, sub: str | None, options: dict[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        """The ``data`` of a slash command (or of its autocomplete, with the ``focused`` option)."""
        typed = []
        for name, value in options.items():
            if value is None:
                continue
            kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
            opt: dict[str, Any] = {"name": name, "type": kind, "value": value}
            if name == focused:
                opt["focused"] = True
            typed.append(opt)
        if sub is not None:
            typed = [{"name": sub, "type": 1, "options": typed}]
        return {"id": self.command_id(command), "name": command, "type": 1, "options": typed}

    # --- what users see -----------------------------------------------------------------------------------
    def visible(self) -> list[dict[str, Any]]:
        return [m for m in self.messages.values() if not m["_deleted"]]

    def channel_messages(self, channel_id: int) -> list[dict[str, Any]]:
        """Everything everyone in the channel sees (not the ephemeral answers)."""
        return [m for m in self.visible() if int(m["channel_id"]) == channel_id and m["_audience"] is None]

    def private_to(self, user_id: int) -> list[dict[str, Any]]:
        """What only this user sees: their ephemeral answers and their DMs."""
        return [m for m in self.visible() if m["_audience"] == user_id]

    def dms(self, user_id: int) -> list[dict[str, Any]]:
        return [m for m in self.visible() if m["_kind"] == "dm" and m["_audience"] == user_id]

    def messages_of(self, inter: Interaction) -> list[dict[str, Any]]:
        """The messages made by answering ``inter`` (its original answer and its follow-ups)."""
        return [m for m in self.visible() if m["_interaction"] == inter.id or
                (inter.original is not None and int(m["id"]) == inter.original)]
