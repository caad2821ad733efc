"""The seats of a running table in words: each player's clock, who the bot plays for and why, and whose time ran out
(shown under the board and in ``/status``)."""

from __future__ import annotations

from datetime import timedelta

from babel.dates import format_timedelta

from bot.core.commands import command_names
from bot.core.table import Table
from bot.core.timing import DAY, HOUR, runs_out
from bot.i18n import _, get_locale


def duration(seconds: float) -> str:
    """A span of time in the current locale, in its two largest units: ``1 day 4 hr``, ``3 hr 20 min``, ``45 min``."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, int(DAY))
    hours, rest = divmod(rest, int(HOUR))
    minutes = rest // 60
    if days:
        parts = [timedelta(days=days)] + ([timedelta(hours=hours)] if hours else [])
    elif hours:
        parts = [timedelta(hours=hours)] + ([timedelta(minutes=minutes)] if minutes else [])
    else:
        parts = [timedelta(minutes=max(1, minutes))]
    return " ".join(format_timedelta(p, format="short", threshold=1, locale=get_locale()) for p in parts)


def time_left(table: Table, seat: int, now: float) -> float | None:
    """What is left of ``seat``'s time bank at ``now`` (None without clocks)."""
    if not table.timing.clock:
        return None
    time = table.time_of(seat)
    end = runs_out(table.timing, time)
    return time.bank if end is None else max(0.0, end - now)


def seat_lines(table: Table, now: float, platform: str = "local") -> list[str]:
    """Lines about the seats, in the current locale: the clocks (when the table has them), whose time ran out and
    what the table may do about it, and each seat the bot plays."""
    lines: list[str] = []
    if table.status != "playing":
        return lines
    names = table.names
    if table.timing.clock:
        clocks = []
        for seat, name in enumerate(names):
            left = time_left(table, seat, now) or 0.0
            running = table.time_of(seat).since is not None
            clocks.append(_("{player} {time}").format(player=name, time=duration(left)) + (" ▸" if running else ""))
        lines.append(_("Time left: {clocks}.").format(clocks=", ".join(clocks)))
    for seat, player in enumerate(table.players):
        time = table.time_of(seat)
        if player.bot:  # a computer player's seat: nothing to say
            continue
        if player.kicked:
            lines.append(bot_plays(player.name, "kick", platform))
        elif player.away:
            lines.append(bot_plays(player.name, "away", platform))
        elif player.standin:
            lines.append(bot_plays(player.name, "standin", platform))
        elif time.expired is not None:
            left = max(0.0, time.expired + table.timing.grace - now)
            lines.append(expired_line(table, seat, left, platform))
    return lines


def bot_plays(name: str, why: str, platform: str = "local") -> str:
    """Why and how long the bot plays a seat, in the current locale: ``skip`` (this decision only), ``standin``
    (until its player is back), ``away`` (its player asked), ``kick`` (to the end)."""
    cmds = command_names(platform)
    if why == "skip":
        return _("The bot makes {player}'s current decision for them.").format(player=name)
    if why == "standin":
        return _("The bot plays for {player} until they come back ({cmd_back}).").format(player=name, **cmds)
    if why == "away":
        return _("{player} is away: the bot plays for them until they come back ({cmd_back}).").format(
            player=name, **cmds)
    return _("{player} was removed from the table: the bot plays for them.").format(player=name)


def expired_line(table: Table, seat: int, left: float, platform: str = "local") -> str:
    """``seat``'s time ran out: what the table may decide, and what happens if it does not within ``left``."""
    cmds = command_names(platform)
    default = {
        "standin": _("the bot plays for them"),
        "skip": _("the bot makes this decision for them"),
        "kick": _("they are removed and the bot plays for them"),
    }[table.timing.expired]
    return _("{player}'s time ran out. The other players decide: {cmd_skip} (the bot makes this decision for "
             "them), {cmd_standin} (the bot plays for them until they come back) or {cmd_kick} (they leave the "
             "game for good). Otherwise in {time}: {default}.").format(
        player=table.names[seat], time=duration(left), default=default, **cmds)
