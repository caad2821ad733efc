"""Who plays a seat, and when players are reminded: ``/away`` and ``/back`` (the bot plays for a player who asked),
the table's votes about a player whose time ran out (``/skip``, ``/standin``, ``/kick``), the table's reminder delay
(``/reminder``) and each player's quiet hours (``/quiet``).

A mixin of ``GameService``: its commands load, change and commit a table with the service's ``_update``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from bot.core.caller import Caller, Locales
from bot.core.clocks import plays_itself
from bot.core.commands import command_names
from bot.core.options import reminder_delay
from bot.core.replies import Message, Reply
from bot.core.seats import bot_plays, duration
from bot.core.table import Table
from bot.core.text import Refusal, quote
from bot.core.timing import Quiet
from bot.i18n import _, use_locale

if TYPE_CHECKING:
    from bot.core.service import GameService

Decision = Literal["skip", "standin", "kick"]
DECISIONS: tuple[Decision, ...] = ("skip", "standin", "kick")


def decide(table: Table, seat: int, decision: Decision, now: float) -> None:
    """The table decided about ``seat``, whose time ran out, at ``now``: the bot makes its current decision
    (``skip``), plays for it until its player is back (``standin``), or plays for it to the end (``kick``). The bot's
    move comes a moment after the decision is told."""
    player = table.players[seat]
    player.standin = True
    player.once = decision == "skip"
    player.kicked = decision == "kick"
    time = table.time_of(seat)
    time.expired = None
    if time.since is not None:
        time.since = now
    table.votes = {k: v for k, v in table.votes.items() if not k.endswith(f":{seat}")}


def decided_text(table: Table, seat: int, decision: Decision, platform: str) -> str:
    return bot_plays(table.names[seat], decision, platform)


def voters(table: Table, target: int) -> list[str]:
    """The users who vote about ``target``: every other player the bot does not play for."""
    return [p.user for i, p in enumerate(table.players) if i != target and not plays_itself(table, i)]


class PresenceCommands:
    async def away(self: GameService, caller: Caller) -> Reply:
        """The bot plays for the caller until they are back."""

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            seat = self._seat_in_game(table, caller)
            player = table.players[seat]
            if player.kicked:
                raise Refusal("error.kicked")
            if player.standin:
                raise Refusal("error.already_away")
            player.standin = player.away = True
            player.once = False
            with use_locale(loc.channel):
                text = bot_plays(caller.name, "away", caller.platform)
            return "away", [Message("public", text, locale=loc.channel)]

        return await self._update(caller, change)

    async def back(self: GameService, caller: Caller) -> Reply:
        """The caller takes their seat again from the bot."""

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            seat = self._seat_in_game(table, caller)
            player = table.players[seat]
            if player.kicked:
                raise Refusal("error.kicked")
            if not player.standin:
                raise Refusal("error.not_away")
            player.standin = player.away = player.once = False
            time = table.time_of(seat)
            if time.since is not None:  # their decision's time starts now
                time.since = self.clock()
                time.reminded = 0
            with use_locale(loc.channel):
                text = _("{player} is back and plays again.").format(player=caller.name)
            return "back", [Message("public", text, locale=loc.channel)]

        return await self._update(caller, change, show_board=True)

    async def vote(self: GameService, caller: Caller, decision: Decision, who: str = "") -> Reply:
        """The caller votes for ``decision`` about the player named ``who`` (or the only one whose time ran out);
        it is taken when most of the other players (those the bot does not play for) voted for it."""

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            seat = self._seat_in_game(table, caller)
            if plays_itself(table, seat):
                raise Refusal("error.kicked" if table.players[seat].kicked else "error.vote_standin")
            target = self._expired_seat(table, who)
            if target == seat:
                raise Refusal("error.vote_self")
            key = f"{decision}:{target}"
            ballot = table.votes.setdefault(key, [])
            if caller.user in ballot:
                raise Refusal("error.already_voted")
            ballot.append(caller.user)
            eligible = voters(table, target)
            needed = len(eligible) // 2 + 1
            count = len([u for u in ballot if u in eligible])
            with use_locale(loc.channel):
                if count >= needed:
                    decide(table, target, decision, self.clock())
                    text = decided_text(table, target, decision, caller.platform)
                else:
                    text = _("{player} votes for {command} about {target} ({count} of {needed} votes).").format(
                        player=caller.name, command=command_names(caller.platform)[f"cmd_{decision}"],
                        target=table.names[target], count=count, needed=needed)
            return decision, [Message("public", text, locale=loc.channel)]

        return await self._update(caller, change)

    async def reminder(self: GameService, caller: Caller, value: str = "") -> Reply:
        """Show the table's reminder delay, or (the creator) set it: ``6h``, ``1d``, ``off``."""
        if not value.strip():
            async def show(loc: Locales) -> Reply:
                _stored, table = await self._load(caller)
                with use_locale(loc.user):
                    delay = table.timing.reminder
                    text = (_("Reminders are off at this table.") if not delay else
                            _("A player whose turn has waited {time} is reminded (at most 3 times).").format(
                                time=duration(delay)))
                return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user)])

            return await self._guarded(caller, show)

        def change(table: Table, loc: Locales) -> tuple[str, list[Message]]:
            if table.status not in ("lobby", "playing"):
                raise Refusal("error.game_finished")
            self._require_creator(table, caller)
            delay = reminder_delay(value)
            table.timing.reminder = delay
            with use_locale(loc.channel):
                text = (_("{player} turns the reminders off.").format(player=caller.name) if not delay else
                        _("{player} sets the reminders: after {time} of waiting.").format(
                            player=caller.name, time=duration(delay)))
            return "reminder", [Message("public", text, locale=loc.channel)]

        return await self._update(caller, change)

    async def quiet(self: GameService, caller: Caller, value: str = "") -> Reply:
        """The caller's quiet hours: ``22-8 Europe/Rome`` (no reminder then), ``off``, or nothing to see them."""

        async def run(loc: Locales) -> Reply:
            words = value.split()
            current = (await self.store.get_prefs("user", caller.user)).get("quiet")
            with use_locale(loc.user):
                if not words:
                    text = (_("Your quiet hours: {hours}.").format(hours=current) if current
                            else _("You have no quiet hours: reminders come at any time."))
                elif words[0].lower() in ("off", "none", "no"):
                    await self.store.set_pref("user", caller.user, "quiet", None)
                    text = _("Quiet hours off: reminders come at any time.")
                else:
                    try:
                        hours = Quiet.parse(words[0], words[1] if len(words) > 1 else None)
                    except ValueError:
                        raise Refusal("error.bad_quiet", value=quote(value)) from None
                    if len(words) > 2:
                        raise Refusal("error.bad_quiet", value=quote(value))
                    await self.store.set_pref("user", caller.user, "quiet", hours.text())
                    text = _("Your quiet hours: {hours}. Reminders wait until they end.").format(hours=hours.text())
            return Reply([Message("ephemeral", text, user=caller.user, locale=loc.user)])

        return await self._guarded(caller, run)

    # --- building blocks -------------------------------------------------------------------------------------
    def _seat_in_game(self: GameService, table: Table, caller: Caller) -> int:
        self._require_playing(table)
        seat = table.seat_of(caller.user)
        if seat is None:
            raise Refusal("error.not_a_player")
        return seat

    @staticmethod
    def _expired_seat(table: Table, who: str) -> int:
        """The seat named ``who`` (whose time must have run out), or the only one whose time ran out."""
        expired = [i for i in range(len(table.players))
                   if table.time_of(i).expired is not None and not plays_itself(table, i)]
        if who.strip():
            seat = table.find(who)
            if seat is None:
                raise Refusal("error.unknown_player", name=quote(who))
            if seat not in expired:
                raise Refusal("error.not_expired", player=table.names[seat])
            return seat
        if not expired:
            raise Refusal("error.nobody_expired")
        if len(expired) > 1:
            raise Refusal("error.which_player", players=", ".join(table.names[i] for i in expired))
        return expired[0]


def quiet_of(prefs: dict[str, str]) -> Quiet | None:
    """A player's quiet hours as kept in their preferences (None: none, or no longer readable)."""
    text = prefs.get("quiet")
    if not text:
        return None
    hours, _sep, zone = text.partition(" ")
    try:
        return Quiet.parse(hours, zone or None)
    except ValueError:
        return None
