"""The Orléans engine's targets, measured (run as a script, not collected by pytest):

    .venv/bin/python -m tests.orleans.measure [GAMES]

prints ``rules.selfplay.play`` games per second of CPU time at 2, 3 and 4 players (target: >= 10 at 4 players on one
core) and the largest stored state, ``model_dump_json(exclude_defaults=True)``, seen in those games and in
purposeful ones (target: < 32 KB)."""

from __future__ import annotations

import random
import sys
import time

from rules.selfplay import play

from .helpers import G
from .smart import smart_game


def main(games: int = 60) -> None:
    for players in (2, 3, 4):
        start = time.process_time()
        moves = 0
        for seed in range(games):
            result = play(G, players, seed)
            assert not result.violations, result.violations
            moves += result.moves
        spent = time.process_time() - start
        print(f"selfplay, {players} players: {games / spent:.1f} games/s (CPU), {moves / games:.0f} moves a game")
    largest = 0
    for players in (2, 3, 4):
        for seed in range(10):
            state = G.setup(players, seed=seed)
            chooser = random.Random(f"selfplay:{seed}")
            while G.active_seats(state):
                active = sorted(G.active_seats(state))
                seat = chooser.choice(active)
                state, _ = G.apply(state, seat, chooser.choice(G.legal_moves(state, seat)))
                largest = max(largest, len(state.model_dump_json(exclude_defaults=True)))
            for state, _seat, _move in smart_game(players, seed, check=False):
                largest = max(largest, len(state.model_dump_json(exclude_defaults=True)))
    print(f"largest stored state: {largest} bytes")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
