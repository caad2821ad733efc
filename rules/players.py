"""Players that choose moves for a seat, for any game of the contract: at random, greedily (one step ahead, by
the game's ``heuristic``), or by searching (``SearchPlayer``: information-set Monte Carlo tree search, ``ai``).
They decide from what the seat may know: the state is first re-drawn where the seat cannot see
(``Game.determinize``), so a hidden card can never sway a choice. A game that cannot re-draw its hidden information
gets random moves.

Used by self-play, by the stand-in that plays for a player who is away or out of time, by ``/hint`` and by
``boardbot arena``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.contract import Game, IllegalMove, Move, Seat
from rules.search import SearchSettings, search


class Player(Protocol):
    def choose(self, game: Game, state: Any, seat: Seat) -> Move:
        """A legal move of ``seat`` (which must be active)."""


class RandomPlayer:
    """Any legal move, drawn with its own generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: Seat) -> Move:
        return self.rng.choice(game.legal_moves(state, seat))


class GreedyPlayer:
    """The legal move after which the game's ``heuristic`` rates the seat best, looked at on a state re-drawn from
    the seat's knowledge. In a simultaneous phase the others' choices are imagined (at random) to see the move's
    effect; ties go to the earliest move of the menu (a game lists its better kinds first: building before
    discarding)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, state: Any, seat: Seat) -> Move:
        moves = game.considered_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        known = game.determinize(state, seat, self.rng)
        if known is None:
            return self.rng.choice(moves)
        best, best_value = moves[0], float("-inf")
        for move in moves:
            value = self.value(game, known, seat, move)
            if value > best_value:
                best, best_value = move, value
        return best

    def value(self, game: Game, state: Any, seat: Seat, move: Move) -> float:
        simultaneous = len(game.active_seats(state)) > 1
        try:
            after, _events = game.apply(state, seat, move)
        except IllegalMove:  # a move legal in the real state but not in the imagined one
            return float("-inf")
        for _ in range(64 if simultaneous else 0):  # the others' secret choices of this step, imagined
            others = sorted(game.active_seats(after) - {seat})
            if not others or seat in game.active_seats(after):
                break
            other = others[0]
            after, _events = game.apply(after, other, self.rng.choice(game.considered_moves(after, other)))
        return game.heuristic(after, seat)


class SearchPlayer:
    """The computer player: an information-set Monte Carlo tree search (``rules.search``) from the seat's knowledge,
    within ``budget`` seconds per decision (default 1 s), or ``iterations`` of the search (then with no time limit
    unless a budget is given too: the same seed and cap give the same decision, on any machine).

    Each decision draws its own generator from the player's, so a player seeded alike makes the same decisions in
    the same order of calls. ``last`` holds how the latest decision was found (iterations, time, visits per move).
    """

    def __init__(self, seed: int = 0, budget: float | None = None, iterations: int | None = None,
                 settings: SearchSettings | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget if budget is not None or iterations is not None else 1.0
        self.iterations = iterations
        self.settings = settings or SearchSettings()
        self.last: Any = None

    def choose(self, game: Game, state: Any, seat: Seat) -> Move:
        rng = random.Random(self.rng.getrandbits(64))
        self.last = search(game, state, seat, rng, budget=self.budget, iterations=self.iterations,
                           settings=self.settings)
        return self.last.move


PLAYERS: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer, "ai": SearchPlayer}


def make_player(name: str, seed: int = 0, *, budget: float | None = None, iterations: int | None = None,
                settings: SearchSettings | None = None) -> Player:
    """The player called ``name`` in ``PLAYERS``; ``budget``, ``iterations`` and the search's ``settings`` go to
    those that think."""
    factory = PLAYERS[name]
    if factory is SearchPlayer:
        return SearchPlayer(seed=seed, budget=budget, iterations=iterations, settings=settings)
    return factory(seed=seed)


def decide(game: str, state: str | dict[str, Any], seat: Seat, kind: str = "ai", seed: int = 0, *,
           budget: float | None = None, iterations: int | None = None) -> str:
    """The notation of the move that player ``kind`` chooses for ``seat`` in a game given by its name and its state
    as JSON: plain arguments and result, for a worker process (``concurrent.futures.ProcessPoolExecutor``)."""
    from rules.registry import get_game

    engine = get_game(game)
    player = make_player(kind, seed, budget=budget, iterations=iterations)
    return player.choose(engine, engine.load(state), seat).notation
