"""Random legal games, for any game of the contract: every move is drawn from the legal ones, and the game's
invariants are checked after each move (unless ``check=False``: the speed of the engine alone). No old state is
kept, so moves are applied in place (``Game.apply_inplace``). ``play`` returns what happened; nothing here prints
or stores."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Game, IllegalMove

MAX_MOVES = 10_000


@dataclass
class SelfplayResult:
    seed: int
    winners: list[int]
    victory: str | None
    moves: int
    scores: dict[int, dict[str, int]]
    violations: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "winners": self.winners,
            "victory": self.victory,
            "moves": self.moves,
            "totals": {str(s): sheet.get("total", 0) for s, sheet in self.scores.items()},
        }
        if self.violations:
            out["violations"] = self.violations
        return out


def play(game: Game, players: int, seed: int, options: dict[str, Any] | None = None,
         *, check: bool = True) -> SelfplayResult:
    """One random game from ``seed`` (the setup and the random player both derive from it)."""
    state = game.setup(players, options, seed=seed)
    chooser = random.Random(f"selfplay:{seed}")
    violations: list[str] = []
    moves = 0
    while moves < MAX_MOVES:
        active = game.active_seats(state)
        if not active:
            break
        seat = min(active) if len(active) == 1 else chooser.choice(sorted(active))
        legal = game.legal_moves(state, seat)
        if not legal:
            violations.append(f"move {moves}: seat {seat} is active but has no legal move")
            break
        move = chooser.choice(legal)
        try:
            state, _events = game.apply_inplace(state, seat, move)
        except IllegalMove as e:
            violations.append(f"move {moves}: legal move {move} refused: {e}")
            break
        moves += 1
        if check:
            problems = game.check_invariants(state)
            if problems:
                violations += [f"move {moves}: {p}" for p in problems]
                break
    else:
        violations.append(f"no end after {MAX_MOVES} moves")
    result = game.outcome(state)
    if not violations and not result.finished:
        violations.append("the game stopped without finishing")
    if not violations and not result.winners:
        violations.append("a finished game without a winner")
    return SelfplayResult(seed, list(result.winners), result.victory, moves, dict(result.scores), violations)
