"""The bot's Prometheus metrics, in a registry of their own (several services in one process, as in the tests,
never collide).

Counted by ``bot.ops.instrument`` around a ``GameService``:

- ``boardbot_commands_total{command, outcome}``: commands answered (``ok``, ``refused``, ``error``: an exception);
- ``boardbot_command_seconds{command}``: how long a command took (a histogram; timers as ``command="timer"``);
- ``boardbot_refusals_total{code}``: refusals by code (``error.not_your_turn``, ``error.unavailable``...);
- ``boardbot_moves_total{game, by}``: moves committed (``by``: ``player``, or ``bot`` for a stand-in's);
- ``boardbot_render_seconds{kind}``: drawing an image (``board``, ``options``);
- ``boardbot_timer_firings_total{outcome}``: tables whose deadline was handled (``reply``: something was said or
  played, ``nothing``, ``unavailable``: Redis did not answer, ``error``);
- ``boardbot_commands_in_flight``: commands and timers being handled now.

Read from the service's own counters (``GameService.counters``) when scraped:

- ``boardbot_redis_errors_total{kind}``: Redis unavailable (``storage.<kind>``: connection, timeout, loading,
  memory, readonly);
- ``boardbot_reminders_total``: reminders sent (``timer.reminders``);
- ``boardbot_service_events_total{event}``: every counter of the service, as it names it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry
from prometheus_client import Counter as PromCounter
from prometheus_client import Gauge, Histogram
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
RENDER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
NOT_ERRORS = frozenset({"storage.commit_read_back"})  # ``storage.`` counters that count something else
REMINDERS = "timer.reminders"


class ServiceCounters(Collector):
    """Exports a service's ``counters`` (a ``Counter`` of event names) when scraped."""

    def __init__(self, counters: Counter[str]) -> None:
        self.counters = counters

    def collect(self) -> Iterator[Any]:
        counts = dict(self.counters)
        errors = CounterMetricFamily("boardbot_redis_errors", "Redis unavailable, by kind", labels=["kind"])
        for name, value in sorted(counts.items()):
            if name.startswith("storage.") and name not in NOT_ERRORS:
                errors.add_metric([name.removeprefix("storage.")], value)
        yield errors
        yield CounterMetricFamily("boardbot_reminders", "Reminders sent to players", value=counts.get(REMINDERS, 0))
        events = CounterMetricFamily("boardbot_service_events", "The service's own counters", labels=["event"])
        for name, value in sorted(counts.items()):
            events.add_metric([name], value)
        yield events

    def describe(self) -> Iterator[Any]:
        return iter(())  # collected at each scrape only


class Metrics:
    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        r = self.registry
        self.commands = PromCounter("boardbot_commands", "Commands answered", ["command", "outcome"], registry=r)
        self.latency = Histogram("boardbot_command_seconds", "Time to answer a command (timers: command=timer)",
                                 ["command"], buckets=LATENCY_BUCKETS, registry=r)
        self.refusals = PromCounter("boardbot_refusals", "Refused commands, by code", ["code"], registry=r)
        self.moves = PromCounter("boardbot_moves", "Moves committed", ["game", "by"], registry=r)
        self.render = Histogram("boardbot_render_seconds", "Time to draw an image", ["kind"],
                                buckets=RENDER_BUCKETS, registry=r)
        self.timers = PromCounter("boardbot_timer_firings", "Table deadlines handled", ["outcome"], registry=r)
        self.inflight = Gauge("boardbot_commands_in_flight", "Commands and timers being handled", registry=r)

    def watch(self, counters: Counter[str]) -> None:
        """Export a service's counters too."""
        self.registry.register(ServiceCounters(counters))
