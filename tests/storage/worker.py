"""A separate "bot process" for the storage tests: its own interpreter, event loop and Redis connection.

    python -m tests.storage.worker append URL NAMESPACE CHANNEL PREFIX COUNT
        append COUNT moves PREFIX-0 .. PREFIX-<COUNT-1> to the game (a JSON list), retrying on stale versions;
        to start together with the other workers it INCRs <NAMESPACE>:ready then waits for a token in
        <NAMESPACE>:go (BLPOP)
    python -m tests.storage.worker play URL NAMESPACE CHANNEL COUNT
        create the game (an empty list, first log entry "created") and append COUNT moves m0 .. m<COUNT-1>

Prints the number of stale versions it met.
"""

from __future__ import annotations

import asyncio
import json
import sys

from storage import GameStore, StaleVersion, client as redis_client


async def append_moves(store: GameStore, channel: str, moves: list[str]) -> int:
    """Append each move with read-modify-CAS, retrying on ``StaleVersion``; return how many retries it took."""
    retries = 0
    for move in moves:
        while True:
            game = await store.load(channel)
            assert game is not None, f"game {channel!r} vanished"
            doc = json.loads(game.doc)
            doc.append(move)
            try:
                await store.commit(channel, game.version, json.dumps(doc), status="playing", log={"move": move})
                break
            except StaleVersion:
                retries += 1
    return retries


async def main(argv: list[str]) -> None:
    command, url, namespace, channel, *rest = argv
    client = redis_client(url, socket_timeout=40)  # BLPOP waits up to 30 s; redis+cluster:// gives a cluster client
    try:
        store = GameStore(client, namespace=namespace)
        if command == "append":
            prefix, count = rest[0], int(rest[1])
            await client.incr(f"{namespace}:ready")
            if await client.blpop([f"{namespace}:go"], timeout=30) is None:
                raise SystemExit("no go signal")
            retries = await append_moves(store, channel, [f"{prefix}-{i}" for i in range(count)])
        elif command == "play":
            await store.create(channel, "[]", status="lobby", log={"event": "created"})
            retries = await append_moves(store, channel, [f"m{i}" for i in range(int(rest[0]))])
        else:
            raise SystemExit(f"unknown command {command!r}")
        print(retries)
    finally:
        await client.aclose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
