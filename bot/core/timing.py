"""The time of an asynchronous game: reminders, clocks (Board Game Arena's time banks), quiet hours, and the next
moment something is due. Pure: the time is an argument (seconds since the epoch), so tests inject it.

* A **reminder** goes to a seat whose decision has waited longer than the table's reminder delay, once per delay, at
  most ``MAX_REMINDERS`` times in a row (a move of theirs starts over); during the player's quiet hours it waits.
* A **clock** gives each seat a time bank: it starts with the allowance, every move adds the allowance back after
  paying for the time the decision took, up to the ceiling (``CEILING`` allowances). When a deciding seat's bank runs
  out, the table is told; the table then decides (``/skip``, ``/standin``, ``/kick``, by majority), or after the
  grace period the table's default for expired clocks applies.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict

HOUR = 3600.0
DAY = 24 * HOUR
DEFAULT_REMINDER = 12 * HOUR
MAX_REMINDERS = 3
CEILING = 3  # a bank holds at most this many allowances
GRACE = 12 * HOUR  # after a clock ran out, the table has this long to decide before its default applies
STANDIN_DELAY = 2.0  # seconds before a stand-in plays (the table sees the move before it)
CLOCKS = {"12h": 12 * HOUR, "1d": DAY, "2d": 2 * DAY, "3d": 3 * DAY, "7d": 7 * DAY}

Expired = Literal["standin", "skip", "kick"]
_DURATION = re.compile(r"^\s*(\d{1,4})\s*(m|min|h|d)\s*$", re.IGNORECASE)
_UNIT = {"m": 60.0, "min": 60.0, "h": HOUR, "d": DAY}
_QUIET = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*$")


def parse_duration(text: str) -> float | None:
    """``"12h"`` -> 43200.0; ``"30m"``, ``"2d"``; ``ValueError`` for anything else (zero and negatives included)."""
    match = _DURATION.match(text or "")
    if not match or int(match.group(1)) <= 0:
        raise ValueError(text)
    return int(match.group(1)) * _UNIT[match.group(2).lower()]


class Timing(BaseModel):
    """A table's time settings: ``reminder`` (seconds, None: off), ``clock`` (the allowance of a move, seconds;
    None: no clock), ``expired``: what happens to a seat whose clock ran out when the table has not decided within
    ``grace`` seconds."""

    model_config = ConfigDict(extra="forbid")

    reminder: float | None = DEFAULT_REMINDER
    clock: float | None = None
    expired: Expired = "standin"
    grace: float = GRACE


class SeatTime(BaseModel):
    """One seat's time: ``since`` its current decision began (None: it decides nothing), its ``bank`` (clocks),
    ``reminded`` times in a row, and when its clock ran out (``expired``)."""

    model_config = ConfigDict(extra="forbid")

    since: float | None = None
    bank: float = 0.0
    reminded: int = 0
    expired: float | None = None
    snooze: float | None = None  # the next reminder waits until then (the player's quiet hours)


def start_bank(timing: Timing) -> float:
    return timing.clock or 0.0


def after_move(timing: Timing, time: SeatTime, now: float) -> None:
    """A seat moved at ``now``: its decision's time is paid from its bank, the allowance is added back (up to the
    ceiling), and its reminders start over."""
    if timing.clock and time.since is not None:
        spent = max(0.0, now - time.since)
        time.bank = min(CEILING * timing.clock, max(0.0, time.bank - spent) + timing.clock)
    time.since = None
    time.reminded = 0
    time.expired = None
    time.snooze = None


def deciding(time: SeatTime, now: float) -> None:
    """The seat has a decision (again): its time runs from ``now`` unless it was already running."""
    if time.since is None:
        time.since = now
        time.reminded = 0


def runs_out(timing: Timing, time: SeatTime) -> float | None:
    """When the seat's clock runs out (None: no clock, or it decides nothing)."""
    if not timing.clock or time.since is None:
        return None
    return time.since + time.bank


def reminder_due(timing: Timing, time: SeatTime) -> float | None:
    """When the seat's next reminder is due (None: reminders off, nothing to decide, or enough sent)."""
    if not timing.reminder or time.since is None or time.reminded >= MAX_REMINDERS:
        return None
    return time.since + timing.reminder * (time.reminded + 1)


@dataclass(frozen=True, slots=True)
class Quiet:
    """A player's quiet hours in their time zone: no reminder from ``start`` to ``end`` (minutes after midnight)."""

    start: int
    end: int
    zone: str = "UTC"

    @classmethod
    def parse(cls, hours: str, zone: str | None = None) -> Quiet:
        """``"22-8"``, ``"22:30-07:15"`` and an IANA zone (``Europe/Rome``); ``ValueError`` otherwise."""
        match = _QUIET.match(hours or "")
        if not match:
            raise ValueError(hours)
        h1, m1, h2, m2 = (int(x) if x else 0 for x in match.groups())
        if not (0 <= h1 <= 23 and 0 <= h2 <= 23 and 0 <= m1 <= 59 and 0 <= m2 <= 59) or (h1, m1) == (h2, m2):
            raise ValueError(hours)
        zone = zone or "UTC"
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(zone) from None
        return cls(h1 * 60 + m1, h2 * 60 + m2, zone)

    def text(self) -> str:
        return f"{self.start // 60:02d}:{self.start % 60:02d}-{self.end // 60:02d}:{self.end % 60:02d} {self.zone}"

    def later(self, when: float) -> float:
        """``when``, or the end of the quiet hours it falls in."""
        local = dt.datetime.fromtimestamp(when, ZoneInfo(self.zone))
        minute = local.hour * 60 + local.minute
        inside = (self.start <= minute < self.end) if self.start < self.end else (minute >= self.start
                                                                                   or minute < self.end)
        if not inside:
            return when
        end = local.replace(hour=self.end // 60, minute=self.end % 60, second=0, microsecond=0)
        if end <= local:
            end += dt.timedelta(days=1)
        return end.timestamp()
