"""The garbage collector of a long-running bot process.

A full collection walks every object the process holds. Once the bot has started, that is mostly what never goes
away: the imported libraries (discord.py, python-telegram-bot, pydantic, Pillow) and the games' data, some 110 000
objects, whose walk took 40 to 65 ms on the reference machine, in the middle of whichever move triggered it (the
longest moves of a 4-player Anno 1800 game through the service were such collections, about one move in 130).
``settle`` moves what exists after start-up out of the collector's sight (``gc.freeze``) and lets full collections
of what came later happen ten times less often: the young generations still free the cycles a move leaves behind.

``batch`` is for work that only computes, game after game (self-play, matches between computer players): the engines
make and drop millions of small tuples and lists, and a young collection every 700 of them, each walking what is
young and now and then everything, cost self-play about a fifth of its time (20 Anno 1800 games of 4 players, the
compiled engine, six runs side by side on the two cores: 2.28-3.09 s of processor time with ``batch``'s settings,
2.57-3.98 s without, 1.29 times as long at the median). There young collections come every ``BATCH_YOUNG``
allocations.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

# Collections of the middle generation between two full ones (CPython's default is 10).
FULL_EVERY = 100


# Allocations (less deallocations) of tracked objects between two young collections in a ``batch`` (default 700).
BATCH_YOUNG = 10_000


@contextmanager
def batch() -> Iterator[None]:
    """Collect garbage for computing only, until the block ends: what exists is frozen, young collections are rarer."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(BATCH_YOUNG, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def settle() -> None:
    """Call once, when the process has imported and warmed up what it serves with."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)
