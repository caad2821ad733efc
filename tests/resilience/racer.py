"""A bot process that races others on one Duel table: ``python -m tests.resilience.racer URL NAMESPACE CHANNEL
SECONDS SEED`` plays random legal moves for whichever seat is to play (half of them as button presses carrying the
version they were read at, half typed), until the game ends or SECONDS pass. It prints ``played`` after each move
it played (so a test can kill it in the middle of a game) and, last, how many it played."""

from __future__ import annotations

import asyncio
import random
import sys
import time

from bot.core.service import Caller, GameService
from bot.core.table import Table
from rules.registry import get_game
from storage import GameStore, client
from tests.core.helpers import ALICE, BOB

DUEL = get_game("duel")


async def race(service: GameService, channel: str, seconds: float, seed: int, announce=None) -> int:
    chooser = random.Random(seed)
    callers = [Caller(channel, c.user, c.name) for c in (ALICE, BOB)]
    played = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        stored = await service.store.load(channel)
        table = Table.model_validate_json(stored.doc)
        if table.status != "playing":
            break
        state = DUEL.load(table.state)
        seat = min(DUEL.active_seats(state))
        move = chooser.choice(DUEL.legal_moves(state, seat)).notation
        version = stored.version if chooser.random() < 0.5 else None
        reply = await service.play(callers[seat], move, version=version, game_id=table.id if version else None)
        played += reply.ok
        if reply.ok and announce is not None:
            announce()
    return played


async def main(url: str, namespace: str, channel: str, seconds: float, seed: int) -> None:
    redis = client(url)
    service = GameService(GameStore(redis, namespace=namespace), render=False)
    played = await race(service, channel, seconds, seed, announce=lambda: print("played", flush=True))
    print(played, flush=True)
    await redis.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])))
