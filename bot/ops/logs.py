"""Log lines that say which request they belong to, as text or as JSON lines.

``log_context(channel=..., game=..., command=...)`` binds fields for the code run inside it: every record logged
there (by any logger, in this task, in the tasks it starts and in the threads of ``asyncio.to_thread``, which copy
the context) carries them once it passes a handler with ``ContextFilter``. ``bind(game=...)`` adds a field to the
innermost context from deeper down (the game id is known only once the table is read). Outside any context the
fields are absent (None).

``configure_logging("json")`` writes one JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
``message``, the context's fields (``channel``, ``game``, ``command``) when set, any ``extra=`` fields, and
``exc``/``stack`` when there is a traceback. ``"text"`` is the human-readable format, with ``[channel=... game=...]``
after the message when there is a context.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from datetime import datetime, timezone
from typing import Any, TextIO

FIELDS = ("channel", "game", "command")  # the context's fields, in the order they are written

_fields: ContextVar[dict[str, Any] | None] = ContextVar("boardbot_log_fields", default=None)

# What every LogRecord has: anything else on a record came from ``extra=`` (or a filter) and is written as a field.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime", "taskName"}


@contextlib.contextmanager
def log_context(**fields: Any) -> Iterator[dict[str, Any]]:
    """Bind ``fields`` (those not None) to the log lines written inside, on top of the enclosing context's."""
    outer = _fields.get()
    inner = dict(outer or {})
    inner.update({k: v for k, v in fields.items() if v is not None})
    token = _fields.set(inner)
    try:
        yield inner
    finally:
        _fields.reset(token)


def bind(**fields: Any) -> None:
    """Add ``fields`` to the innermost ``log_context`` (nothing outside one)."""
    current = _fields.get()
    if current is not None:
        current.update({k: v for k, v in fields.items() if v is not None})


def current_fields() -> dict[str, Any]:
    """The fields bound now (a copy)."""
    return dict(_fields.get() or {})


class ContextFilter(logging.Filter):
    """Puts the context's fields on each record (None when unset; a field given by ``extra=`` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        bound = _fields.get() or {}
        for key in FIELDS:
            if getattr(record, key, None) is None:
                setattr(record, key, bound.get(key))
        for key, value in bound.items():  # fields bound beyond the usual ones
            if key not in FIELDS and not hasattr(record, key):
                setattr(record, key, value)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line (see the module's docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in FIELDS:
            value = getattr(record, key, None)
            if value is not None:
                out[key] = value
        for key, value in record.__dict__.items():
            if key not in _STANDARD and key not in FIELDS and key not in out and value is not None:
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exc"] = record.exc_text
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """The usual ``time LEVEL logger: message``, then ``[channel=... game=... command=...]`` when bound."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's name
        text = super().formatMessage(record)
        bound = [f"{key}={getattr(record, key)}" for key in FIELDS if getattr(record, key, None) is not None]
        return f"{text} [{' '.join(bound)}]" if bound else text


def formatter(fmt: str) -> logging.Formatter:
    """The formatter of a ``log_format`` setting: "json" or "text"."""
    if fmt == "json":
        return JsonFormatter()
    if fmt == "text":
        return TextFormatter()
    raise ValueError(f"unknown log format {fmt!r} (json or text)")


def configure_logging(fmt: str = "text", level: int | str = logging.INFO,
                      stream: TextIO | None = None) -> logging.Handler:
    """Send the root logger's records to ``stream`` (stderr) in ``fmt``, with the context's fields; replaces the
    handlers the root logger had. Returns the handler."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter(fmt))
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
    return handler
