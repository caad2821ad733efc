"""Seeded randomness kept in the game state.

A state carries ``seed`` and ``rng_counter``. Each draw makes a generator from both and advances the counter, so the
same seed and the same moves always give the same game, whatever happened elsewhere in the process, and a state
loaded from storage continues the same sequence. The global ``random`` module is never used.
"""

from __future__ import annotations

import random
import secrets
from typing import Sequence, TypeVar

from rules.contract import GameState

T = TypeVar("T")


def new_seed() -> int:
    """A fresh seed for a new game (the only place where true randomness enters)."""
    return secrets.randbits(48)


def generator(seed: int, stream: str = "") -> random.Random:
    """A generator for ``seed`` (and an optional named stream, e.g. one per setup step)."""
    return random.Random(f"{seed}:{stream}")


def next_generator(state: GameState) -> random.Random:
    """The generator for the state's next draw; advances ``state.rng_counter`` (call it on a state being built)."""
    if state.seed is None:
        raise ValueError("this state was set up from an explicit layout and has no seed to draw from")
    rng = generator(state.seed, f"draw:{state.rng_counter}")
    state.rng_counter += 1
    return rng


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    out = list(items)
    rng.shuffle(out)
    return out
