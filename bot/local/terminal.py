"""``boardbot local``: the terminal chat, with Redis from the settings or an embedded one."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.core.service import GameService
from bot.i18n import _, use_locale
from bot.local.chat import LocalChat
from bot.settings import Settings
from storage import GameStore, connect


async def run_local(
    settings: Settings,
    *,
    speaker: str = "alice",
    channel: str = "local:main",
    images: bool = True,
    locale: str | None = None,
    script: Path | None = None,
) -> int:
    async with await connect(settings.redis_url, embedded_fallback=True, data_dir=settings.data_dir) as conn:
        with use_locale(locale or settings.default_locale):
            if conn.embedded is not None:
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
        lines = script.read_text(encoding="utf-8").splitlines() if script else None
        interactive = lines is None and sys.stdin.isatty()
        while True:
            if lines is not None:
                if not lines:
                    break
                line = lines.pop(0)
                print(chat.prompt + line)
            else:
                try:
                    line = await asyncio.to_thread(input, chat.prompt if interactive else "")
                except EOFError:
                    break
                if not interactive:
                    print(chat.prompt + line)
            if not await chat.handle(line):
                break
        if images:
            await warming
    return 0
