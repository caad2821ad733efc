"""The Telegram adapter: python-telegram-bot updates into ``GameService`` calls, replies into chats."""

from __future__ import annotations

from bot.telegram.run import run_telegram

__all__ = ["run_telegram"]
