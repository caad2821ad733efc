"""Players that choose moves for a seat, for any game of the contract: at random, or greedily (one step ahead, by
the game's ``heuristic``). They decide from what the seat may know: the state is first re-drawn where the seat
cannot see (``Game.determinize``), so a hidden card can never sway a choice. A game that cannot re-draw its hidden
information gets the random player.

Used by self-play, by the stand-in that plays for a player who is away or out of time, and by ``boardbot arena``.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.contract import Game, IllegalMove, Move, Seat


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
        moves = game.legal_moves(state, seat)
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
            after, _events = game.apply(after, other, self.rng.choice(game.legal_moves(after, other)))
        return game.heuristic(after, seat)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}
