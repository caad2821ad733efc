"""A table: one game in one channel, as stored (the players, their seats, the options and the engine's state)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.core.timing import SeatTime, Timing

Status = Literal["lobby", "playing", "finished", "aborted"]


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user: str  # the platform's user id
    name: str  # display name when the player joined
    standin: bool = False  # the bot plays this seat (the player is away, out of time, or kicked)
    away: bool = False  # ... because the player asked (``/away``; ``/back`` ends it)
    kicked: bool = False  # ... for good: the table removed the player
    once: bool = False  # ... for its current turn only (the table skipped it: ``/skip``)
    bot: bool = False  # a computer player filling a seat (``bots=N``, ``/addbot``): the bot always plays it


class Table(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = ""  # tells this game apart from earlier games of the channel (buttons carry it with the version)
    game: str
    options: dict[str, Any] = {}
    creator: str
    players: list[Player] = []  # seat i is players[i]
    status: Status = "lobby"
    seed: int | None = None
    state: dict[str, Any] | None = None  # the engine's state as JSON data, once started
    created: float = 0.0
    started: float = 0.0  # when the game began (unix seconds)
    ended: float = 0.0  # when it ended (its last move)
    # For each seat (as text), the stored version at which its decision last changed: a button made at an older
    # version is stale for that seat. In a simultaneous phase one player's secret choice changes nobody else's.
    decided: dict[str, int] = {}
    # For each seat (as text), its last command: what it said (and the move it named), when, and the version it
    # made, so that the same command sent twice in a row is played once.
    recent: dict[str, tuple[list[str], float, int]] = {}
    timing: Timing = Timing()  # reminders and clocks (bot.core.timing)
    times: dict[str, SeatTime] = {}  # each seat's (as text) time: its decision's start, its bank, its reminders
    votes: dict[str, list[str]] = {}  # "<action>:<seat>" -> the users who voted for it (a clock ran out)
    hints: bool = False  # players may ask the bot for a suggestion (``/hint``)

    def seat_of(self, user: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.user == user:
                return i
        return None

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def decisions_changed(self, version: int, seats: list[int] | None = None) -> None:
        """Mark the decisions of ``seats`` (every seat when None) as changed at ``version``."""
        for seat in range(len(self.players)) if seats is None else seats:
            self.decided[str(seat)] = version

    def is_stale(self, seat: int, version: int, current: int) -> bool:
        """Whether a button made at ``version`` no longer fits ``seat``'s decision (the game is at ``current``)."""
        return version > current or version < self.decided.get(str(seat), 0)

    def remember_command(self, seat: int, said: tuple[str, ...], at: float, version: int) -> None:
        """``seat`` played a command that said ``said`` (its words, the move's notation) at ``at``, making
        ``version``."""
        self.recent[str(seat)] = ([w for w in said if w], at, version)

    def repeated(self, seat: int, said: str, now: float, within: float, current: int) -> bool:
        """Whether ``said`` repeats ``seat``'s last command: said in it, less than ``within`` seconds before
        ``now``, with nothing else played since (the game is still at the version it made, ``current``)."""
        last = self.recent.get(str(seat))
        return (last is not None and bool(said) and said in last[0] and 0 <= now - last[1] < within
                and last[2] == current)

    @property
    def humans(self) -> list[Player]:
        return [p for p in self.players if not p.bot]

    def add_bot(self) -> Player:
        """A computer player in the next seat, named after the number of bots before it."""
        number = 1 + sum(p.bot for p in self.players)
        taken = {p.user for p in self.players}
        while f"bot:{number}" in taken:
            number += 1
        player = Player(user=f"bot:{number}", name=f"Bot {number}", standin=True, bot=True)
        self.players.append(player)
        return player

    def time_of(self, seat: int) -> SeatTime:
        return self.times.setdefault(str(seat), SeatTime())

    def find(self, who: str) -> int | None:
        """The seat of a player named as typed: their name (any case, an ``@`` before it allowed) or user id."""
        wanted = who.strip().removeprefix("@").casefold()
        for i, p in enumerate(self.players):
            if wanted and wanted in (p.name.casefold(), p.user.casefold(), p.user.split(":")[-1].casefold()):
                return i
        return None
