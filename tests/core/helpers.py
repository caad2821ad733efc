"""Helpers for service tests: a two-player Duel table, random legal moves played through the service."""

from __future__ import annotations

import random
from typing import Any

from bot.core.service import Caller, GameService
from bot.core.table import Table
from rules.registry import get_game
from storage import GameStore

CHANNEL = "test:chan"
ALICE = Caller(CHANNEL, "u:alice", "Alice")
BOB = Caller(CHANNEL, "u:bob", "Bob")
CAROL = Caller(CHANNEL, "u:carol", "Carol")  # never seated
DUEL = get_game("duel")


class RecordingRenderer:
    """Stands in for the image renderer and remembers the views it was given."""

    def __init__(self) -> None:
        self.views: list[Any] = []

    def __call__(self, view: Any, names: list[str]) -> bytes:
        self.views.append(view)
        return b"\x89PNG fake"


async def started_duel(service: GameService, options: str = "wonders=preset first_player=0",
                       channel: str = CHANNEL) -> None:
    alice, bob = (Caller(channel, c.user, c.name) for c in (ALICE, BOB))
    assert (await service.new(alice, "duel", options)).ok
    assert (await service.join(bob)).ok
    assert (await service.start(alice)).ok


async def load(store: GameStore, channel: str = CHANNEL) -> tuple[int, Table, Any]:
    stored = await store.load(channel)
    assert stored is not None
    table = Table.model_validate_json(stored.doc)
    state = DUEL.load(table.state) if table.state is not None else None
    return stored.version, table, state


def caller_for(seat: int, channel: str = CHANNEL) -> Caller:
    return Caller(channel, ALICE.user, ALICE.name) if seat == 0 else Caller(channel, BOB.user, BOB.name)


async def play_random(service: GameService, store: GameStore, moves: int, seed: int = 0,
                      channel: str = CHANNEL) -> int:
    """Play up to ``moves`` random legal moves; returns how many were played."""
    chooser = random.Random(seed)
    played = 0
    while played < moves:
        _v, table, state = await load(store, channel)
        if table.status != "playing":
            break
        seat = min(DUEL.active_seats(state))
        move = chooser.choice(DUEL.legal_moves(state, seat))
        reply = await service.play(caller_for(seat, channel), move.notation)
        assert reply.ok, reply.messages[0].text
        played += 1
    return played


async def put_state(store: GameStore, state: Any, channel: str = CHANNEL) -> int:
    """Store ``state`` as the channel's running game (a situation built by hand); returns the new version."""
    stored = await store.load(channel)
    assert stored is not None
    table = Table.model_validate_json(stored.doc)
    table.state = state.model_dump(mode="json", exclude_defaults=True)
    return await store.commit(channel, stored.version, table.model_dump_json(exclude_defaults=True),
                              status=table.status, log={"op": "test"})
