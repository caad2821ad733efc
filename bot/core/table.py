"""A table: one game in one channel, as stored (the players, their seats, the options and the engine's state)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Status = Literal["lobby", "playing", "finished", "aborted"]


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user: str  # the platform's user id
    name: str  # display name when the player joined


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
    # For each seat (as text), the stored version at which its decision last changed: a button made at an older
    # version is stale for that seat. In a simultaneous phase one player's secret choice changes nobody else's.
    decided: dict[str, int] = {}

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
