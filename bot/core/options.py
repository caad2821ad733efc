"""A table's options as typed at ``/new`` (``key=value`` words): the table's own (``reminder``, ``clock``,
``expired``: ``bot.core.timing``) and the game's, checked by the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.core.text import Refusal, quote
from bot.core.timing import CLOCKS, Timing, parse_duration
from bot.games import presenter
from bot.i18n import N_, translate
from rules.contract import Game

YES = ("true", "yes", "on", "1")
EXPIRED = ("standin", "skip", "kick")
OFF = ("off", "none", "no", "0")


@dataclass(frozen=True, slots=True)
class TableOptions:
    """The table's own options: its time settings, the computer players to seat, whether hints are allowed."""

    timing: Timing
    bots: int = 0
    hints: bool = False


def parse_table(game: Game, raw: str | dict[str, Any] | None) -> tuple[TableOptions, dict[str, Any]]:
    """The options typed at ``/new``: the table's own, then the game's (checked by the game)."""
    labels = "; ".join([*presenter(game.name).option_labels().values(), *(translate(t) for t in TABLE_LABELS)])
    values = dict(raw) if isinstance(raw, dict) else _words(raw, labels)
    timing, rest = table_options(values)
    bots = _bots(game, rest.pop("bots", None))
    hints = _flag("hints", rest.pop("hints", None))
    return TableOptions(timing, bots, hints), checked(game, rest, labels)


def _bots(game: Game, value: Any) -> int:
    """How many computer players to seat at ``/new`` (the creator takes a seat too)."""
    if value is None:
        return 0
    most = game.max_players - 1
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or int(text) > most:
        raise Refusal("error.bad_bots", value=quote(text), max=most)
    return int(text)


def _flag(option: str, value: Any) -> bool:
    if value is None:
        return False
    text = str(value).strip().lower()
    if text in YES:
        return True
    if text in OFF or text == "false":
        return False
    raise Refusal("error.bad_table_option", option=option, value=quote(text), values="true, false")


TABLE_LABELS = (
    N_("reminder: 12h (default), 30m, 6h, 1d... or off (after how long a player whose turn it is is reminded)"),
    N_("clock: none (default), 12h, 1d, 2d, 3d or 7d (each player's time per move; a bank of up to three)"),
    N_("expired: standin (default), skip or kick (what happens to a player whose time ran out, when the table "
       "has not decided)"),
    N_("bots: 0 (default) or more (computer players seated at once)"),
    N_("hints: false (default) or true (players may ask the bot for a suggestion with /hint)"),
)


def _words(raw: str | None, labels: str) -> dict[str, str]:
    """``key=value`` words as a dict (a word without ``=`` is refused, naming it)."""
    values: dict[str, str] = {}
    for part in (raw or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep:
            raise Refusal("error.bad_option", option=quote(part), options=labels)
        values[key.strip().lower()] = value.strip().lower()
    return values


def table_options(values: dict[str, Any]) -> tuple[Timing, dict[str, Any]]:
    """The table's own options taken out of ``values`` (as a ``Timing``), and what is left for the game."""
    timing = Timing()
    rest = dict(values)
    if "reminder" in rest:
        timing.reminder = reminder_delay(str(rest.pop("reminder")))
    if "clock" in rest:
        value = str(rest.pop("clock"))
        if value not in CLOCKS and value not in OFF:
            raise Refusal("error.bad_table_option", option="clock", value=quote(value),
                          values=", ".join([*CLOCKS, "none"]))
        timing.clock = CLOCKS.get(value)
    if "expired" in rest:
        value = str(rest.pop("expired"))
        if value not in EXPIRED:
            raise Refusal("error.bad_table_option", option="expired", value=quote(value), values=", ".join(EXPIRED))
        timing.expired = value  # type: ignore[assignment]
    return timing, rest


def reminder_delay(text: str) -> float | None:
    """A reminder delay as typed (``12h``, ``30m``, ``1d``, ``off``); a Refusal for anything else."""
    if text.strip().lower() in OFF:
        return None
    try:
        return parse_duration(text)
    except ValueError:
        raise Refusal("error.bad_reminder", value=quote(text)) from None


def parse_options(game: Game, raw: str | dict[str, Any] | None) -> dict[str, Any]:
    """A game's options from ``key=value`` words (or a dict), checked by the game; a Refusal naming the wrong one."""
    labels = "; ".join(presenter(game.name).option_labels().values())
    return checked(game, dict(raw) if isinstance(raw, dict) else _words(raw, labels), labels)


def checked(game: Game, values: dict[str, Any], labels: str | None = None) -> dict[str, Any]:
    """``values`` as the game's options (its defaults filled in); a Refusal naming the wrong one."""
    if labels is None:
        labels = "; ".join(presenter(game.name).option_labels().values())
    try:
        return game.options(values).model_dump(mode="json")
    except ValidationError as e:
        error = e.errors()[0] if e.errors() else {}
        bad = ".".join(str(x) for x in error.get("loc", ()))
        if bad in values and error.get("type") != "extra_forbidden":
            raise Refusal("error.bad_option_value", option=bad, value=quote(str(values[bad])),
                          options=labels) from None
        raise Refusal("error.bad_option", option=quote(bad), options=labels) from None
