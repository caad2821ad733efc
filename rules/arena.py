"""Matches between players of ``rules.players``, for any game of the contract: who won, with what points, and the
win rates with their 95% confidence intervals. ``play_match`` plays one game; ``Tally`` sums them up. Nothing here
prints or stores.

The players are entries of a list, one per seat. Between games the seats rotate (in game ``i`` entry ``e`` sits at
seat ``(e + i) % n``), and each deal is played once per rotation (game ``i`` is set up from seed ``seed + i // n``),
so no entry always begins and every entry meets the same deals.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Game
from rules.players import make_player
from rules.search import SearchSettings

MAX_MOVES = 10_000
Z95 = 1.959964


@dataclass(frozen=True)
class MatchResult:
    game: int  # the match's number
    seed: int  # the setup's seed
    seats: list[int]  # seats[entry]: where the entry sat
    wins: list[float]  # per entry: its share of the win (1 alone, 1/k in a k-way tie)
    points: list[int]  # per entry: its total
    moves: int
    finished: bool

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "seats": self.seats, "wins": self.wins, "points": self.points,
                "moves": self.moves, "finished": self.finished}


def labels(entries: list[str]) -> list[str]:
    """Names for the entries: a name listed more than once gets ``#2``, ``#3``... after its first."""
    seen: dict[str, int] = {}
    out = []
    for name in entries:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def play_match(game: Game, entries: list[str], number: int, seed: int, options: dict[str, Any] | None = None, *,
               budget: float | None = None, iterations: int | None = None,
               settings: SearchSettings | None = None) -> MatchResult:
    """Game ``number`` of a match between ``entries`` (names of ``rules.players.PLAYERS``, one per seat);
    ``settings``: how the searching players search (the defaults if None)."""
    n = len(entries)
    seats = [(e + number) % n for e in range(n)]
    setup_seed = seed + number // n
    state = game.setup(n, options, seed=setup_seed)
    players = {seats[e]: make_player(name, random.Random(f"arena:{seed}:{number}:{e}").getrandbits(63),
                                     budget=budget, iterations=iterations, settings=settings)
               for e, name in enumerate(entries)}
    moves = 0
    while moves < MAX_MOVES:
        active = sorted(game.active_seats(state))
        if not active:
            break
        seat = active[0]  # in a simultaneous step each seat decides from its own knowledge, so the order is moot
        state, _events = game.apply(state, seat, players[seat].choose(game, state, seat))
        moves += 1
    result = game.outcome(state)
    winners = set(result.winners)
    wins = [(1.0 / len(winners) if seats[e] in winners else 0.0) for e in range(n)]
    points = [result.scores.get(seats[e], {}).get("total", 0) for e in range(n)]
    return MatchResult(number, setup_seed, seats, wins, points, moves, result.finished)


def play_named(game: str, entries: list[str], number: int, seed: int, options: dict[str, Any] | None = None, *,
               budget: float | None = None, iterations: int | None = None,
               settings: SearchSettings | None = None) -> MatchResult:
    """``play_match`` for a game given by its name (what a worker process receives)."""
    from rules.registry import get_game

    return play_match(get_game(game), entries, number, seed, options, budget=budget, iterations=iterations,
                      settings=settings)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """The results of a match so far, per entry."""

    entries: list[str]
    games: int = 0
    unfinished: int = 0
    moves: int = 0
    wins: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    # Per entry: the share of the other players it finished ahead of on points (a tie counts half), summed over the
    # finished games. At a table of more than two, winning the game is the whole table's contest; this is each
    # pair's (against six greedy players, a player as good as they are wins 1 game in 7 but is ahead half the time).
    ahead: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0.0] * len(self.entries)
        self.points = [0] * len(self.entries)
        self.ahead = [0.0] * len(self.entries)

    def add(self, result: MatchResult) -> None:
        self.games += 1
        self.unfinished += not result.finished
        self.moves += result.moves
        for e in range(len(self.entries)):
            self.wins[e] += result.wins[e]
            if result.finished:  # a game stopped at MAX_MOVES has no final score (nor a winner)
                self.points[e] += result.points[e]
                self.ahead[e] += _ahead(result.points, e)

    def summary(self) -> list[dict[str, Any]]:
        """Per entry: its name, wins, win rate with its 95% interval (over every game: one that did not finish is won
        by nobody), points per finished game and the share of the others it finished ahead of (``ahead``)."""
        finished = self.games - self.unfinished
        out = []
        for e, name in enumerate(labels(self.entries)):
            low, high = wilson(self.wins[e], self.games)
            out.append({
                "player": name,
                "wins": round(self.wins[e], 3),
                "win_rate": round(self.wins[e] / self.games, 3) if self.games else None,
                "ci95": [round(low, 3), round(high, 3)],
                "points_per_game": round(self.points[e] / finished, 2) if finished else None,
                "ahead": round(self.ahead[e] / finished, 3) if finished else None,
            })
        return out


def _ahead(points: list[int], e: int) -> float:
    """The share of the other entries that entry ``e`` outscored in one game (a tie counts half)."""
    others = [p for o, p in enumerate(points) if o != e]
    if not others:
        return 0.0
    return sum(1.0 if points[e] > p else 0.5 if points[e] == p else 0.0 for p in others) / len(others)
