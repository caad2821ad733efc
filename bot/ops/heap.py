"""The garbage collector of a long-running bot process.

A full collection walks every object the process holds. Once the bot has started, that is mostly what never goes
away: the imported libraries (discord.py, python-telegram-bot, pydantic, Pillow) and the games' data, some 110 000
objects, whose walk took 40 to 65 ms on the reference machine, in the middle of whichever move triggered it (the
longest moves of a 4-player Anno 1800 game through the service were such collections, about one move in 130).
``settle`` moves what exists after start-up out of the collector's sight (``gc.freeze``) and lets full collections
of what came later happen ten times less often: the young generations still free the cycles a move leaves behind.
"""

from __future__ import annotations

import gc

# Collections of the middle generation between two full ones (CPython's default is 10).
FULL_EVERY = 100


def settle() -> None:
    """Call once, when the process has imported and warmed up what it serves with."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)
