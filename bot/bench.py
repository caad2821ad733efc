"""``boardbot bench``: the speed and size figures of the whole service path, as JSON.

* per-move latency through ``GameService.play`` (parse, load from Redis, apply, commit with the Lua CAS, narrate,
  and render the board when images are on), p50/p99 in milliseconds, with and without images;
* the board render alone (draw + PNG) and the PNG sizes;
* bytes stored per game in Redis (the game hash and its log, ``MEMORY USAGE``), at the end of each game;
* random self-play games per second on one core (legal-move enumeration and invariant checks included).

Games are random legal games played by two bench users in throw-away channels of a private namespace, deleted at
the end. Redis is the configured one, or an embedded server when none answers.
"""

from __future__ import annotations

import random
import statistics
import time
import uuid
from typing import Any

from bot.core.service import Caller, GameService
from bot.core.table import Table
from bot.settings import Settings
from rules.registry import get_game
from rules.selfplay import play as selfplay
from storage import GameStore, connect


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    if not ordered:
        return {}

    def pick(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {
        "n": len(ordered),
        "p50_ms": round(pick(0.50) * 1000, 3),
        "p99_ms": round(pick(0.99) * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 3),
    }


async def _service_games(store: GameStore, *, render: bool, games: int, game_name: str) -> dict[str, Any]:
    service = GameService(store, render=render)
    game = get_game(game_name)
    latencies: list[float] = []
    stored_bytes: list[int] = []  # at the end of each game
    peak_bytes = 0  # the most any game took at any moment
    doc_bytes: list[int] = []
    png_bytes: list[int] = []
    for g in range(games):
        channel = f"bench:{'img' if render else 'txt'}:{g}"
        callers = [Caller(channel, f"bench:{i}", f"Player {i + 1}") for i in range(2)]
        await service.new(callers[0], game_name)
        await service.join(callers[1])
        await service.start(callers[0])
        chooser = random.Random(g)
        while True:
            stored = await store.load(channel)
            assert stored is not None
            table = Table.model_validate_json(stored.doc)
            if table.status != "playing":
                break
            state = game.load(table.state or {})
            seat = min(game.active_seats(state))
            move = chooser.choice(game.legal_moves(state, seat))
            start = time.perf_counter()
            reply = await service.play(callers[seat], move.notation)
            latencies.append(time.perf_counter() - start)
            assert reply.ok, reply.messages[0].text
            peak_bytes = max(peak_bytes, await store.memory_usage(channel))
            png_bytes += [len(m.image.png) for m in reply.messages if m.image is not None]
        stored_bytes.append(await store.memory_usage(channel))
        doc_bytes.append(len(stored.doc.encode()))
    out: dict[str, Any] = {"moves": _percentiles(latencies)}
    out["stored_bytes_per_game"] = {
        "finished_max": max(stored_bytes),
        "finished_mean": round(statistics.fmean(stored_bytes)),
        "peak_during_play": peak_bytes,
    }
    out["state_document_bytes"] = {"max": max(doc_bytes)}
    if png_bytes:
        out["board_png_bytes"] = {"mean": round(statistics.fmean(png_bytes)), "max": max(png_bytes)}
    return out


def _renders(game_name: str, renders: int) -> dict[str, Any]:
    from bot.render import render_board, render_options

    game = get_game(game_name)
    views = []
    state = game.setup(2, seed=7)
    chooser = random.Random(7)
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
        if state.ply % 9 == 0 and game.active_seats(state):
            views.append((game.view(state, None), game.view(state, min(game.active_seats(state)))))
    names = ["Алиса", "Bob"]
    board_times, option_times, board_sizes, option_sizes = [], [], [], []
    for i in range(renders):
        public, private = views[i % len(views)]
        start = time.perf_counter()
        png = render_board(public, names)
        board_times.append(time.perf_counter() - start)
        board_sizes.append(len(png))
        start = time.perf_counter()
        png = render_options(private, names)
        option_times.append(time.perf_counter() - start)
        option_sizes.append(len(png))
    return {
        "board": {**_percentiles(board_times), "png_bytes_mean": round(statistics.fmean(board_sizes)),
                  "png_bytes_max": max(board_sizes)},
        "options": {**_percentiles(option_times), "png_bytes_mean": round(statistics.fmean(option_sizes)),
                    "png_bytes_max": max(option_sizes)},
    }


def _selfplay(game_name: str, games: int) -> dict[str, Any]:
    game = get_game(game_name)
    start = time.perf_counter()
    moves = sum(selfplay(game, game.min_players, seed).moves for seed in range(1, games + 1))
    seconds = time.perf_counter() - start
    return {"games": games, "seconds": round(seconds, 3), "games_per_second": round(games / seconds, 1),
            "moves_per_second": round(moves / seconds)}


async def run_bench(settings: Settings, *, games: int = 3, selfplay_games: int = 300, renders: int = 100,
                    game_name: str = "duel") -> dict[str, Any]:
    report: dict[str, Any] = {"game": game_name}
    async with await connect(settings.redis_url, embedded_fallback=True) as conn:
        report["redis"] = "embedded" if conn.embedded is not None else conn.url
        store = GameStore(conn.redis, namespace=f"bbbench-{uuid.uuid4().hex[:8]}")
        try:
            # Warm up once (catalogs, fonts, sprites, Lua scripts) so the figures describe a running bot.
            await _service_games(store, render=True, games=1, game_name=game_name)
            report["service_with_images"] = await _service_games(store, render=True, games=games,
                                                                 game_name=game_name)
            report["service_without_images"] = await _service_games(store, render=False, games=games,
                                                                    game_name=game_name)
        finally:
            keys = [k async for k in conn.redis.scan_iter(match=f"{store.namespace}:*", count=500)]
            if keys:
                await conn.redis.unlink(*keys)
    report["render"] = _renders(game_name, renders)
    report["selfplay"] = _selfplay(game_name, selfplay_games)
    return report
