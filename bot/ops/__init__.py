"""Operating the bot: structured logs with the request's channel and game, Prometheus metrics and a health check,
and knowing which commands are in flight so that a stopping process can let them finish.

- ``bot.ops.logs``: ``log_context(channel=..., game=...)`` binds fields to every log line written inside it (a
  ``contextvars`` variable: the tasks and threads started inside inherit it); ``configure_logging`` installs a
  handler writing text or JSON lines (``BOARDBOT_LOG_FORMAT``).
- ``bot.ops.instrument``: ``instrument(service)`` wraps a ``GameService``'s commands and timers from outside (log
  context, latency, refusals, moves, render time, in-flight count, ``drain``).
- ``bot.ops.metrics``: the Prometheus metrics, in a registry of their own.
- ``bot.ops.server``: ``/healthz`` and ``/metrics`` over HTTP (aiohttp, on the running event loop).
"""

from bot.ops.logs import bind, configure_logging, current_fields, log_context

__all__ = ["bind", "configure_logging", "current_fields", "log_context"]
