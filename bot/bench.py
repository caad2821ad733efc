"""``boardbot bench``: the speed and size figures of the whole service path, as JSON, for each game setup.

For every table a game asks to be timed (``GameBundle.bench``: 7 Wonders Duel; 7 Wonders for 7 players without and
with Armada; ...):

* per-move latency through ``GameService.play`` (parse, load from Redis, apply, commit with the Lua CAS, narrate,
  and render the board when images are on), p50/p99 in milliseconds, with and without images; for simultaneous
  games also per *turn*: every deciding player's secret choice, then the reveal, as the table waits for it; and,
  with images, the time until the players' private hands are drawn too (they follow the channel's answer);
* the board and options renders alone (draw + PNG) and the PNG sizes;
* bytes stored per game in Redis (the game hash and its log, ``MEMORY USAGE``): the peak during play and at the end;
* random self-play games per second on one core (legal-move enumeration included), with and without the invariant
  checks;
* reading typed moves: a name, a label, and a 6000-character message of unknown words;
* the rule look-up: corpus load time and answer latency.

Games are random legal games played by bench users in throw-away channels of a private namespace, deleted at the
end; their seeds are the same in every run. The process's collector is settled as ``boardbot run`` settles it
(``bot.ops.heap``). Redis is the configured one, or an embedded server when none answers.
"""

from __future__ import annotations

import itertools
import os
import random
import statistics
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from bot.core.service import Caller, GameService
from bot.games import bundles
from bot.ops import heap
from bot.core.table import Table
from bot.settings import Settings
from rules import compiled
from rules.registry import get_game
from rules.selfplay import play as selfplay
from storage import GameStore, connect


@dataclass(frozen=True)
class Setup:
    """A table to time: a game's ``BenchSetup`` (``bot/games/<game>/__init__.py``) with the game's name."""

    label: str
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


def setups() -> list[Setup]:
    """Every registered game's bench tables."""
    return [Setup(s.label, name, s.players, dict(s.options)) for name, b in bundles().items() for s in b.bench]


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


# The seeds of the service games: the warm-up's, then those of the games without images (those with images start
# at 1).
WARM_UP_SEED = 1_000_000
WITHOUT_IMAGES_SEED = 1_000


class _PacedClock:
    """The wall clock, moved on 3 s more at every reading: random moves come faster than people send them, and a game
    may offer the same move twice in a row (Orléans: two farmers to the Town Hall), which the service would take for
    a command sent twice (``REPEAT_SECONDS``)."""

    def __init__(self) -> None:
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return time.time() + 3.0 * self.readings


async def _service_games(store: GameStore, setup: Setup, *, render: bool, games: int, first_seed: int,
                         render_processes: int = 0) -> dict[str, Any]:
    # As ``boardbot run``: images drawn in worker processes, and the players' private hands sent once drawn,
    # after the channel's answer.
    # Games of seeds first_seed, first_seed + 1, ...: the same in every run, so that a run compares with the one
    # before it. Each part of a run plays games of its own (the engines keep what they worked out for a state).
    service = GameService(store, render=render, render_processes=render_processes, defer_private=render,
                          clock=_PacedClock(), seeds=itertools.count(first_seed).__next__)
    if service.compose.pool is not None:
        await service.compose.pool.warm()
    heap.settle()
    game = get_game(setup.game)
    moves: list[float] = []
    turns: list[float] = []  # simultaneous games: all the choices of a turn, the reveal included
    private: list[float] = []  # until every private message of a move is drawn (after the channel's answer)
    stored_bytes: list[int] = []  # at the end of each game
    peak_bytes = 0
    doc_bytes: list[int] = []
    png_bytes: list[int] = []
    for g in range(games):
        channel = f"bench:{setup.label}:{'img' if render else 'txt'}:{g}"
        callers = [Caller(channel, f"bench:{i}", f"Player {i + 1}") for i in range(setup.players)]
        await service.new(callers[0], setup.game, setup.options)
        for caller in callers[1:]:
            await service.join(caller)
        await service.start(callers[0])
        chooser = random.Random(g)
        while True:
            stored = await store.load(channel)
            assert stored is not None
            table = Table.model_validate_json(stored.doc)
            if table.status != "playing":
                break
            state = game.load(table.state or {})
            active = sorted(game.active_seats(state))
            # Choose every move of this round from the state at its start (choices of one round are independent).
            picks = [(seat, chooser.choice(game.legal_moves(state, seat)).notation) for seat in active]
            turn = 0.0
            for seat, notation in picks:
                start = time.perf_counter()
                reply = await service.play(callers[seat], notation)
                took = time.perf_counter() - start
                moves.append(took)
                turn += took
                assert reply.ok, reply.messages[0].text
                if reply.later:
                    await reply.settle()
                    private.append(time.perf_counter() - start)
                png_bytes += [len(m.image.png) for m in reply.messages
                              if m.image is not None and m.audience == "public"]
            if len(active) > 1:
                turns.append(turn)
            peak_bytes = max(peak_bytes, await store.memory_usage(channel))
        stored_bytes.append(await store.memory_usage(channel))
        doc_bytes.append(len(stored.doc.encode()))
    out: dict[str, Any] = {"moves": _percentiles(moves)}
    if turns:
        out["turns"] = _percentiles(turns)
    if private:
        out["moves_until_private_messages_drawn"] = _percentiles(private)
    out["stored_bytes_per_game"] = {
        "finished_max": max(stored_bytes),
        "finished_mean": round(statistics.fmean(stored_bytes)),
        "peak_during_play": peak_bytes,
    }
    out["state_document_bytes"] = {"max": max(doc_bytes)}
    if png_bytes:
        out["board_png_bytes"] = {"mean": round(statistics.fmean(png_bytes)), "max": max(png_bytes)}
    return out


def _renders(setup: Setup, renders: int) -> dict[str, Any]:
    from bot.render import render_board, render_options

    game = get_game(setup.game)
    views = []
    state = game.setup(setup.players, setup.options, seed=7)
    chooser = random.Random(7)
    while game.active_seats(state):
        for seat in sorted(game.active_seats(state)):
            state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
            if state.ply % 9 == 0 and game.active_seats(state):
                views.append((game.view(state, None), game.view(state, min(game.active_seats(state)))))
            if not game.active_seats(state):
                break
    names = ["Алиса", "Bob", "Chiara", "Дмитрий", "Eve", "Federico", "Галина"][: setup.players]
    for public, private in views:  # warm this process's caches, as a running bot's are
        render_board(public, names)
        render_options(private, names)
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


def _typed_moves(setup: Setup, repetitions: int) -> dict[str, Any]:
    """Reading typed moves (``bot.core.matching``): a card's name with a verb, a label the bot showed (in every
    locale), and a 6000-character message of unknown words (its work is bounded: it must cost no more than a
    short one)."""
    from bot.core.matching import MoveMatcher
    from bot.games import presenter
    from bot.i18n import LOCALES, use_locale

    game, pres = get_game(setup.game), presenter(setup.game)
    state = game.setup(setup.players, setup.options, seed=3)
    chooser = random.Random(3)
    while state.ply < 10:  # into the game, where menus are long
        seat = min(game.active_seats(state))
        state, _ = game.apply(state, seat, chooser.choice(game.legal_moves(state, seat)))
    seat = min(game.active_seats(state))
    moves, actions, view = game.legal_moves(state, seat), game.decision_actions(state, seat), game.view(state, seat)
    matcher = MoveMatcher(game, pres)

    def labels(move: Any) -> list[str]:
        out = []
        for locale in LOCALES:
            with use_locale(locale):
                out.append(pres.move_label(move, view))
        return out

    target = moves[len(moves) // 2]
    card = pres.move_subjects(target)[0] if pres.move_subjects(target) else None
    named = f"{target.action} {pres.subject_name(*card)}" if card else target.notation
    noise = " ".join(f"zq{i}x" for i in range(1500))[:6000]
    out: dict[str, Any] = {}
    for label, text in (("name", named), ("label", labels(target)[1]), ("long_message_6000_chars", noise)):
        times = []
        for _ in range(repetitions):
            start = time.perf_counter()
            matcher.match(text, moves, actions, labels)
            times.append(time.perf_counter() - start)
        out[label] = _percentiles(times)
    return out


def _selfplay(setup: Setup, games: int) -> dict[str, Any]:
    """Random self-play on one core, with the invariant checks after every move (as ``boardbot selfplay``) and
    without them (the engine alone, as a search's playouts use it). Each run plays its own seeds (1..N, then
    N+1..2N), so that neither finds the other's games in the engine's memos (payment plans, prices)."""
    game = get_game(setup.game)
    out: dict[str, Any] = {}
    for label, check, first in (("with_checks", True, 1), ("without_checks", False, games + 1)):
        start = time.perf_counter()
        cpu = time.process_time()
        with heap.batch():
            moves = sum(selfplay(game, setup.players, seed, setup.options, check=check).moves
                        for seed in range(first, first + games))
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
        # CPU seconds too: on a shared machine they say what the engine costs, whatever else runs beside it.
        out[label] = {"games": games, "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
                      "games_per_second": round(games / seconds, 1), "moves_per_second": round(moves / seconds),
                      "games_per_cpu_second": round(games / cpu, 1) if cpu else None}
    return out


async def run_bench(settings: Settings, *, games: int = 3, selfplay_games: int = 300, renders: int = 100,
                    only: str | None = None) -> dict[str, Any]:
    chosen = [s for s in setups() if only is None or s.label == only or s.game == only]
    processes = settings.render_processes if settings.render_processes is not None else os.cpu_count() or 1
    report: dict[str, Any] = {"render_processes": processes}
    async with await connect(settings.redis_url, embedded_fallback=True) as conn:
        report["redis"] = "embedded" if conn.embedded is not None else conn.url
        store = GameStore(conn.redis, namespace=f"bbbench-{uuid.uuid4().hex[:8]}")
        try:
            for setup in chosen:
                # Warm up once (catalogs, fonts, sprites, drawing processes, Lua scripts) so the figures describe
                # a running bot, which draws in one worker process per core as ``boardbot run`` does.
                await _service_games(store, setup, render=True, games=1, first_seed=WARM_UP_SEED,
                                     render_processes=processes)
                report[setup.label] = {
                    "service_with_images": await _service_games(store, setup, render=True, games=games,
                                                                first_seed=1, render_processes=processes),
                    "service_without_images": await _service_games(store, setup, render=False, games=games,
                                                                   first_seed=WITHOUT_IMAGES_SEED),
                }
        finally:
            keys = [k async for k in conn.redis.scan_iter(match=f"{store.namespace}:*", count=500)]
            if keys:
                await conn.redis.unlink(*keys)
    for setup in chosen:
        report[setup.label]["render"] = _renders(setup, renders)
        report[setup.label]["selfplay"] = _selfplay(setup, selfplay_games)
        report[setup.label]["typed_moves"] = _typed_moves(setup, max(20, renders // 2))
    if only is None or only == "rules":
        from bot import rulebook

        report["rules"] = rulebook.bench()
    # How each engine measured ran: its hot modules compiled to C or not (``rules.compiled``).
    report["engines"] = {game: compiled.engine(game) for game in sorted({s.game for s in chosen})}
    return report
