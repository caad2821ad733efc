"""Local play: a terminal chat where several named people play in one channel with the chat commands.

Each line is a command said by the current speaker (``/as bob`` changes speaker; ``bob: /join`` says one line as
bob). A line that does not start with ``/`` is a move (``/play`` is implied). Messages are printed with their
audience: the channel, only the asker, or privately to one player. Images are written to files and their paths shown.
"""

from __future__ import annotations

import logging
import re
import shlex
from collections.abc import Callable
from pathlib import Path

from bot.core.replies import Reply
from bot.core.service import Caller, GameService
from bot.i18n import _, use_locale

log = logging.getLogger(__name__)

_SPEAKER = re.compile(r"^\s*([\w.-]{1,32})\s*:\s*(.*)$", re.UNICODE)


def user_id(name: str) -> str:
    return f"local:{name.casefold()}"


class LocalChat:
    def __init__(
        self,
        service: GameService,
        *,
        channel: str = "local:main",
        images_dir: Path | None = None,
        speaker: str = "alice",
        locale: str | None = None,
        out: Callable[[str], None] = print,
    ) -> None:
        self.service = service
        self.channel = channel
        self.images_dir = images_dir
        self.speaker = speaker
        self.locale = locale
        self.out = out
        self.names: dict[str, str] = {user_id(speaker): speaker}
        self._images = 0

    @property
    def prompt(self) -> str:
        return f"{self.speaker}> "

    def caller(self, name: str | None = None) -> Caller:
        who = name or self.speaker
        self.names[user_id(who)] = who
        return Caller(self.channel, user_id(who), who, locale=self.locale)

    async def handle(self, line: str) -> bool:
        """Run one line; False when the user asked to quit. Whatever goes wrong, the chat goes on."""
        try:
            return await self._handle(line)
        except Exception as e:  # noqa: BLE001 - a terminal chat must survive anything a user types
            log.exception("local chat failed on %r", line)
            self.out("[!] " + _("Something went wrong: {error}").format(error=f"{type(e).__name__}: {e}"))
            return True

    async def _handle(self, line: str) -> bool:
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        name = None
        m = _SPEAKER.match(line)
        if m and not line.startswith("/"):
            name, line = m.group(1), m.group(2).strip()
        if not line.startswith("/"):
            await self._show(await self.service.play(self.caller(name), line), name)
            return True
        try:
            parts = shlex.split(line[1:])
        except ValueError:
            parts = line[1:].split()
        if not parts:
            return True
        command, args = parts[0].lower(), parts[1:]
        caller = self.caller(name)
        if command in ("quit", "exit", "q"):
            return False
        if command == "as":
            if args:
                self.speaker = args[0]
                self.caller()
            return True
        reply = await self._dispatch(command, args, caller)
        await self._show(reply, name)
        return True

    async def _dispatch(self, command: str, args: list[str], caller: Caller) -> Reply:
        s = self.service
        simple = {"join": s.join, "leave": s.leave, "start": s.start, "startgame": s.start, "abort": s.abort,
                  "hand": s.hand, "undo": s.undo, "board": s.board, "status": s.status, "help": s.help}
        if command in simple:
            return await simple[command](caller)
        if command == "new":
            return await s.new(caller, args[0] if args else "", " ".join(args[1:]))
        if command == "play":
            return await s.play(caller, " ".join(args))
        if command == "log":
            count = int(args[0]) if args and args[0].isdigit() else 10
            return await s.log(caller, count)
        if command == "rules":
            return await s.rules(caller, args[0] if args else "", " ".join(args[1:]), public=True)
        if command == "lang":
            if args and args[0].lower() == "me":
                return await s.lang(caller, args[1] if len(args) > 1 else "", personal=True)
            return await s.lang(caller, args[0] if args else "")
        return await s.help(caller)

    async def _show(self, reply: Reply, name: str | None) -> None:
        await reply.settle()
        for message in reply.messages:
            with use_locale(message.locale):
                who = self.names.get(message.user or "", message.user or "")
                if message.audience == "public":
                    head = "[#" + self.channel + "]"
                elif message.audience == "ephemeral":
                    head = "[" + _("only for {player}").format(player=who) + "]"
                else:
                    head = "[" + _("privately to {player}").format(player=who) + "]"
                text = message.text
                if message.mentions:
                    text += "  " + " ".join("@" + self.names.get(u, u) for u in message.mentions)
                self.out(f"{head} {text}")
                if message.monospace:
                    self.out(message.monospace)
                if message.image is not None and self.images_dir is not None:
                    self.out("    " + _("image: {path}").format(path=self._save(message.image.png, message.image.filename)))

    def _save(self, png: bytes, filename: str) -> Path:
        assert self.images_dir is not None
        self.images_dir.mkdir(parents=True, exist_ok=True)
        self._images += 1
        path = self.images_dir / f"{self._images:04d}-{filename}"
        path.write_bytes(png)
        return path.resolve()
