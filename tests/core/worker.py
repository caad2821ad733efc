"""A bot process for the restart test: its own interpreter, connection and GameService.

    python -m tests.core.worker URL NAMESPACE CHANNEL MOVES

opens a Duel table between Alice and Bob in CHANNEL (seed 5) and plays MOVES random legal moves through the service,
then exits: the process dies in the middle of the game.
"""

from __future__ import annotations

import asyncio
import sys

import redis.asyncio as aredis

from bot.core.service import GameService
from storage import GameStore
from tests.core.helpers import ALICE, BOB, play_random


async def main(url: str, namespace: str, channel: str, moves: int) -> None:
    client = aredis.Redis.from_url(url, decode_responses=True)
    store = GameStore(client, namespace=namespace)
    service = GameService(store, render=False, seeds=lambda: 5)
    alice, bob = (type(ALICE)(channel, c.user, c.name) for c in (ALICE, BOB))
    await service.new(alice, "duel", "wonders=preset first_player=0")
    await service.join(bob)
    await service.start(alice)
    print(await play_random(service, store, moves, seed=3, channel=channel))
    await client.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
