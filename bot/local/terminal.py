"""``boardbot local``: the terminal chat, with Redis from the settings or an embedded one."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from pathlib import Path

from bot.core.service import GameService
from bot.core.timers import fire_forever, repair_index
from bot.i18n import _, use_locale
from bot.local.chat import LocalChat
from bot.settings import Settings
from bot.run import redis_unavailable
from storage import GameStore, RedisUnavailable, connect


async def run_local(
    settings: Settings,
    *,
    speaker: str = "alice",
    channel: str = "local:main",
    images: bool = True,
    locale: str | None = None,
    script: Path | None = None,
) -> int:
    try:
        conn = await connect(settings.redis_url, embedded_fallback=True, data_dir=settings.data_dir)
    except RedisUnavailable as exc:
        print(f"boardbot: {redis_unavailable(exc)}", file=sys.stderr)
        return 1
    async with conn:
        with use_locale(locale or settings.default_locale):
            if conn.embedded is not None and conn.embedded.joined:
                print(_("No Redis answered at {url}; using the embedded Redis server ({where}) of another boardbot "
                        "that keeps its data in {dir}.").format(url=settings.redis_url, where=conn.url,
                                                                dir=settings.data_dir))
            elif conn.embedded is not None:
                print(_("No Redis answered at {url}; started an embedded Redis server ({where}), keeping its data in "
                        "{dir}.").format(url=settings.redis_url, where=conn.url, dir=settings.data_dir))
            else:
                print(_("Using Redis at {url}.").format(url=conn.url))
            print(_("Local play. Type /help for the commands, /as NAME to speak as someone else, /quit to leave."))
        if images:  # learn the image palette and draw the sprites while the players type their first lines
            from bot.render import warm_up

            warming = asyncio.create_task(asyncio.to_thread(warm_up, (locale or settings.default_locale,)))
        store = GameStore(conn.redis, namespace=settings.namespace)
        service = GameService(store, render=images, default_locale=settings.default_locale)
        chat = LocalChat(
            service, channel=channel, images_dir=settings.images_dir if images else None, speaker=speaker,
            locale=locale,
        )
        stop = asyncio.Event()
        await repair_index(service)
        timers = asyncio.create_task(fire_forever(service, chat.push, stop, prefix=channel))
        try:  # the timers stop before Redis closes, however the chat ends (Ctrl-C included)
            lines = script.read_text(encoding="utf-8").splitlines() if script else None
            interactive = lines is None and sys.stdin.isatty()
            keyboard = None if lines is not None else Keyboard(asyncio.get_running_loop())
            while True:
                if lines is not None:
                    if not lines:
                        break
                    line = lines.pop(0)
                    print(chat.prompt + line)
                else:
                    assert keyboard is not None
                    line = await keyboard.line(chat.prompt if interactive else "")
                    if line is None:  # end of input
                        break
                    if not interactive:
                        print(chat.prompt + line)
                if not await chat.handle(line):
                    break
        finally:
            stop.set()
            timers.cancel()
            await asyncio.gather(timers, return_exceptions=True)
        if images:
            await warming
    return 0


class Keyboard:
    """Lines typed in the terminal, read by a daemon thread: waiting for a line never holds up the end of the
    program (Ctrl-C ends it at once, with no line left to type)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    async def line(self, prompt: str) -> str | None:
        """The next line typed, or None at the end of the input."""
        answer: asyncio.Future[str | None] = self.loop.create_future()

        def read() -> None:
            try:
                typed: str | None = input(prompt)
            except (EOFError, OSError):
                typed = None
            with contextlib.suppress(RuntimeError):  # the program ended while this line was typed
                self.loop.call_soon_threadsafe(lambda: answer.done() or answer.set_result(typed))

        threading.Thread(target=read, name="keyboard", daemon=True).start()
        return await answer
