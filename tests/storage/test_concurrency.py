"""Many writers on one game, in one process and across processes; a bot process restarting mid-game."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections import Counter
from pathlib import Path

from storage import GameStore, client

from .worker import append_moves

ROOT = Path(__file__).resolve().parents[2]
# The repository first on the path, so the workers import this checkout whatever the installed state of the venv.
WORKER_ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
CH = "tg:-100123"


async def assert_every_move_once(store: GameStore, channel: str, moves: list[str]) -> None:
    """The document holds each move exactly once, and the log one entry per move, in the same order."""
    game = await store.load(channel)
    assert game is not None
    doc = json.loads(game.doc)
    assert Counter(doc) == Counter(moves)
    assert game.version == 1 + len(moves)
    log = await store.log(channel)
    assert [e.version for e in log] == list(range(1, len(moves) + 2))  # strictly increasing, no gap, no duplicate
    assert [e.fields["move"] for e in log[1:]] == doc  # the log replays the document


async def run_worker(*args: str) -> str:
    """Run ``tests/storage/worker.py`` in a new Python process; its output, or an assertion error with its stderr."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.storage.worker", *args,
        cwd=ROOT, env=WORKER_ENV, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    return out.decode()


async def run_workers(*arg_lists: list[str]) -> list[str]:
    """Run several workers at once and wait for all of them, even when one fails."""
    results = await asyncio.gather(*(run_worker(*args) for args in arg_lists), return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results  # type: ignore[return-value]


async def test_concurrent_writers_each_land_exactly_once(store: GameStore, store_url: str) -> None:
    writers = 20 if store.cluster else 60  # a cluster client starts by reading the command table: 100 ms or more
    await store.create(CH, "[]", status="playing", log={"move": "(created)"})
    clients = [client(store_url) for _ in range(writers)]
    try:
        stores = [GameStore(c, namespace=store.namespace) for c in clients]
        retries = await asyncio.gather(*(append_moves(s, CH, [f"w{i}"]) for i, s in enumerate(stores)))
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    assert sum(retries) > 0  # they really did collide
    await assert_every_move_once(store, CH, [f"w{i}" for i in range(writers)])


async def test_concurrent_writers_on_one_pooled_client(store: GameStore) -> None:
    writers, moves_each = 20, 3
    await store.create(CH, "[]", status="playing", log={"move": "(created)"})
    moves = [[f"p{i}-{j}" for j in range(moves_each)] for i in range(writers)]
    await asyncio.gather(*(append_moves(store, CH, m) for m in moves))
    await assert_every_move_once(store, CH, [move for m in moves for move in m])


async def test_writers_in_separate_processes(store: GameStore, store_url: str) -> None:
    processes, moves_each = 4, 25
    await store.create(CH, "[]", status="playing", log={"move": "(created)"})
    arg_lists = [["append", store_url, store.namespace, CH, f"proc{p}", str(moves_each)] for p in range(processes)]
    workers = asyncio.ensure_future(run_workers(*arg_lists))
    async with asyncio.timeout(30):  # start them together once every one is up
        while int(await store.redis.get(f"{store.namespace}:ready") or 0) < processes and not workers.done():
            await asyncio.sleep(0.01)
    await store.redis.rpush(f"{store.namespace}:go", *["go"] * processes)
    outputs = await workers
    assert sum(int(out) for out in outputs) > 0  # the processes really did collide
    await assert_every_move_once(store, CH, [f"proc{p}-{i}" for p in range(processes) for i in range(moves_each)])


async def test_a_new_bot_process_continues_the_game(store: GameStore, store_url: str) -> None:
    await run_worker("play", store_url, store.namespace, CH, "5")  # that process is gone now
    game = await store.load(CH)
    assert game is not None and game.version == 6 and json.loads(game.doc) == [f"m{i}" for i in range(5)]
    await append_moves(store, CH, ["m5", "m6", "m7"])
    game = await store.load(CH)
    assert game is not None and game.version == 9
    assert json.loads(game.doc) == [f"m{i}" for i in range(8)]
    log = await store.log(CH)
    assert [e.version for e in log] == list(range(1, 10))
    assert [e.fields for e in log] == [{"event": "created"}] + [{"move": f"m{i}"} for i in range(8)]
