"""Plain texts of the core into Telegram's HTML: escaping, mentions, fixed-width tables, length limits."""

from __future__ import annotations

import html

from bot.core import replies

CAPTION_LIMIT = 1024  # characters of a photo's caption (after parsing)
TEXT_LIMIT = 4096  # characters of a message
ALERT_LIMIT = 200  # characters of a pop-up alert (answerCallbackQuery)


def to_html(text: str) -> str:
    """Escape a plain text for ``parse_mode=HTML`` (tables come apart, as ``Message.monospace``: see ``pre``)."""
    return html.escape(text, quote=False)


def pre(table: str) -> str:
    """A table in a fixed-width block."""
    return "<pre>" + html.escape(table, quote=False) + "</pre>"


def mention(user_id: int, name: str | None) -> str:
    """A mention that notifies the user: ``@username`` as it is, otherwise a ``tg://user`` link on their name."""
    if name and name.startswith("@"):
        return html.escape(name, quote=False)
    return f'<a href="tg://user?id={user_id}">{html.escape(name or "👤", quote=False)}</a>'


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis when cut)."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def split_text(text: str, limit: int = TEXT_LIMIT) -> list[str]:
    return replies.split_text(text, limit)
