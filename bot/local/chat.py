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

# "bob: /join", "bob:/join", "bob: build baths". A colon followed by a word is move notation ("build:baths").
_SPEAKER = re.compile(r"^\s*([\w.-]{1,32})\s*:(?:\s+|(?=/))(.*)$", re.UNICODE)
_NAME = re.compile(r"^[\w.-]{1,32}$", re.UNICODE)
_NUMBERED = re.compile(r"^(\d+)-")


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

    @property
    def prompt(self) -> str:
        return f"{self.speaker}> "

    def caller(self, name: str | None = None) -> Caller:
        """``--lang`` is this terminal's language for this run (as a group's language is), never remembered as
        anyone's own."""
        who = name or self.speaker
        self.names[user_id(who)] = who
        return Caller(self.channel, user_id(who), who, channel_locale=self.locale)

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
            if len(args) == 1 and _NAME.match(args[0]):
                self.speaker = args[0]
                self.caller()
            else:
                with use_locale(self.locale):
                    self.out("[!] " + _("/as NAME: a name is 1 to 32 letters, digits, dots or dashes."))
            return True
        reply = await self._dispatch(command, args, caller)
        await self._show(reply, name)
        return True

    async def _dispatch(self, command: str, args: list[str], caller: Caller) -> Reply:
        s = self.service
        simple = {"join": s.join, "leave": s.leave, "start": s.start, "startgame": s.start, "abort": s.abort,
                  "hand": s.hand, "undo": s.undo, "board": s.board, "status": s.status, "help": s.help,
                  "away": s.away, "back": s.back, "mygames": s.my_games, "addbot": s.add_bot, "hint": s.hint}
        if command in simple:
            return await simple[command](caller)
        if command in ("skip", "standin", "kick"):
            return await s.vote(caller, command, " ".join(args))  # type: ignore[arg-type]
        if command == "reminder":
            return await s.reminder(caller, " ".join(args))
        if command == "quiet":
            return await s.quiet(caller, " ".join(args))
        if command == "export":
            return await s.export(caller, " ".join(args))
        if command == "new":
            return await s.new(caller, args[0] if args else "", " ".join(args[1:]))
        if command == "play":
            return await s.play(caller, " ".join(args))
        if command == "log":
            return await s.log(caller, " ".join(args))
        if command == "rules":
            return await s.rules(caller, args[0] if args else "", " ".join(args[1:]), public=True)
        if command == "lang":
            if args and args[0].lower() == "me":
                return await s.lang(caller, args[1] if len(args) > 1 else "", personal=True)
            return await s.lang(caller, args[0] if args else "")
        return await s.help(caller, unknown="/" + command)

    async def push(self, channel: str, reply: Reply) -> None:
        """A message the bot sends by itself (a reminder, the bot's move for a player): printed like an answer."""
        if channel == self.channel:
            await self._show(reply, None)

    async def _show(self, reply: Reply, name: str | None) -> None:
        await reply.settle()
        if reply.delivery is not None:  # everything is printed below, at once
            await self.service.delivered(self.channel, reply.delivery)
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
                if message.file is not None:
                    if self.images_dir is not None:
                        path = self._save(message.file.data, message.file.filename)
                        self.out("    " + _("file: {path}").format(path=path))
                    else:
                        self.out(message.file.data.decode("utf-8", "replace"))

    def _save(self, png: bytes, filename: str) -> Path:
        """Write an image under the next free number of the folder: a printed path stays valid, whichever process
        (another game, a later run) writes images there next."""
        assert self.images_dir is not None
        self.images_dir.mkdir(parents=True, exist_ok=True)
        taken = [int(m.group(1)) for f in self.images_dir.iterdir() if (m := _NUMBERED.match(f.name))]
        number = max(taken, default=0)
        while True:
            number += 1
            path = self.images_dir / f"{number:04d}-{filename}"
            try:
                with path.open("xb") as f:  # created here and now, or taken by another process: the next number
                    f.write(png)
            except FileExistsError:
                continue
            return path.resolve()
