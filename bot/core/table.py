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

    game: str
    options: dict[str, Any] = {}
    creator: str
    players: list[Player] = []  # seat i is players[i]
    status: Status = "lobby"
    seed: int | None = None
    state: dict[str, Any] | None = None  # the engine's state as JSON data, once started
    created: float = 0.0

    def seat_of(self, user: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.user == user:
                return i
        return None

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]
