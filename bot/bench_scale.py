"""Moves per second sustained by several bot processes against a Redis Cluster, beside one process against one
server, measured in one run (issue 17): ``python -m bot.bench_scale [--seconds 20] [--tables 16]``.

Each configuration runs worker processes that stand for ``boardbot run`` processes: each has its own
``GameService`` (images off) on the configuration's Redis, and plays ``--tables`` random 7 Wonders Duel games at
once (each table one move after the other, as fast as the service answers), starting over when a game ends. The
workers start together after a warm-up and play for ``--seconds``; the report gives the moves per second of all
workers together and the latency of ``GameService.play`` (parse, load, apply, commit with the Lua compare-and-set,
narrate) over every move, as JSON:

* ``one_process_single_server``: one worker, one Redis server;
* ``two_processes_cluster``: two workers, a Redis Cluster of three primaries.

The servers are started for the run (an embedded one, and ``storage.local_cluster.LocalCluster``)
unless ``--single-url`` / ``--cluster-url`` name running ones. The chat platforms are not in the path: the figures
are the service's and Redis's, which is what several processes share.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import time
import uuid
from typing import Any

from bot.bench import _PacedClock, _percentiles
from bot.core.service import Caller, GameService
from bot.core.table import Table
from rules.registry import get_game

GAME = "duel"


async def _table(service: GameService, store: Any, channel: str, rng: random.Random, deadline: float,
                 started: float, samples: list[float]) -> None:
    game = get_game(GAME)
    callers = [Caller(channel, f"{channel}:p{i}", f"Player {i + 1}") for i in range(2)]
    round_ = 0
    while time.time() < deadline:
        round_ += 1
        ch = f"{channel}:{round_}"
        seats = [Caller(ch, c.user, c.name) for c in callers]
        await service.new(seats[0], GAME, {})
        await service.join(seats[1])
        await service.start(seats[0])
        while time.time() < deadline:
            stored = await store.load(ch)
            table = Table.model_validate_json(stored.doc)
            if table.status != "playing":
                break
            state = game.load(table.state or {})
            seat = min(game.active_seats(state))
            notation = rng.choice(game.legal_moves(state, seat)).notation
            begin = time.perf_counter()
            reply = await service.play(seats[seat], notation)
            took = time.perf_counter() - begin
            assert reply.ok, reply.messages[0].text
            if time.time() >= started:
                samples.append(took)
        await store.delete(ch)


async def worker(url: str, namespace: str, start_at: float, seconds: float, tables: int, seed: int) -> dict[str, Any]:
    from storage import GameStore, connect

    async with await connect(url, embedded_fallback=False) as conn:
        store = GameStore(conn.redis, namespace=namespace)
        service = GameService(store, render=False, clock=_PacedClock())
        # warm up (catalogs, the engine's memos, the Lua scripts), then wait for the others
        warm: list[float] = []
        await _table(service, store, f"bench:w{seed}:warm", random.Random(seed), time.time() + 1.0, 1e18, warm)
        await asyncio.sleep(max(0.0, start_at - time.time()))
        samples: list[float] = []
        deadline = start_at + seconds
        await asyncio.gather(*(_table(service, store, f"bench:w{seed}:t{t}", random.Random(seed * 1000 + t), deadline,
                                      start_at, samples) for t in range(tables)))
        return {"moves": len(samples), "samples": samples}


def _run_config(url: str, processes: int, seconds: float, tables: int) -> dict[str, Any]:
    namespace = f"bbscale-{uuid.uuid4().hex[:8]}"
    start_at = time.time() + 4.0 + processes
    children = [subprocess.Popen(
        [sys.executable, "-m", "bot.bench_scale", "--worker", url, "--namespace", namespace,
         "--start-at", str(start_at), "--seconds", str(seconds), "--tables", str(tables), "--seed", str(i + 1)],
        stdout=subprocess.PIPE, text=True) for i in range(processes)]
    results = []
    for child in children:
        out, _ = child.communicate(timeout=seconds + 120)
        if child.returncode != 0:
            raise RuntimeError(f"a bench worker failed ({child.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    asyncio.run(_cleanup(url, namespace))
    samples = [s for r in results for s in r["samples"]]
    moves = sum(r["moves"] for r in results)
    return {"processes": processes, "tables_per_process": tables, "seconds": seconds, "moves": moves,
            "moves_per_second": round(moves / seconds, 1), "latency": _percentiles(samples)}


async def _cleanup(url: str, namespace: str) -> None:
    from storage import connect

    async with await connect(url, embedded_fallback=False) as conn:
        redis = conn.redis
        nodes = redis.get_primaries() if hasattr(redis, "get_primaries") else [None]
        for node in nodes:
            extra = {} if node is None else {"target_nodes": node}
            keys = [k async for k in redis.scan_iter(match=f"{namespace}:*", count=1000, **extra)]
            for i in range(0, len(keys), 500):
                for key in keys[i:i + 500]:  # one key a command: legal on a cluster
                    await redis.unlink(key)


def run(*, seconds: float, tables: int, single_url: str | None, cluster_url: str | None,
        processes: int = 2) -> dict[str, Any]:
    with contextlib.ExitStack() as stack:
        if single_url is None:
            from storage import EmbeddedRedis

            single_url = stack.enter_context(EmbeddedRedis()).url
        if cluster_url is None:
            from storage.local_cluster import LocalCluster

            cluster_url = stack.enter_context(LocalCluster()).url
        return {
            "game": GAME, "images": False, "cpus": os.cpu_count(),
            "one_process_single_server": _run_config(single_url, 1, seconds, tables),
            f"{'two' if processes == 2 else processes}_processes_cluster": _run_config(cluster_url, processes, seconds,
                                                                                      tables),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench_scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=16, help="games played at once by each process")
    parser.add_argument("--processes", type=int, default=2, help="processes against the cluster")
    parser.add_argument("--single-url")
    parser.add_argument("--cluster-url")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--namespace", help=argparse.SUPPRESS)
    parser.add_argument("--start-at", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        result = asyncio.run(worker(args.worker, args.namespace, args.start_at, args.seconds, args.tables, args.seed))
        print(json.dumps(result))
        return 0
    report = run(seconds=args.seconds, tables=args.tables, single_url=args.single_url, cluster_url=args.cluster_url,
                 processes=args.processes)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
