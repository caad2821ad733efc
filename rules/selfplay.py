"""Random legal games, for any game of the contract: every move is drawn from the legal ones, and the game's
invariants are checked after each move (unless ``check=False``: the speed of the engine alone), with the menu an
engine hands over after a move held equal to its ``legal_moves``. No old state is kept, so moves are applied in place
(``Game.apply_inplace_listing``, which may also list the next menu). ``play`` returns what happened; nothing here
prints or stores."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Game, IllegalMove, Move

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
    listed: tuple[int, list[Move]] | None = None  # the menu the last move left, when the engine listed it
    while moves < MAX_MOVES:
        active = game.active_seats(state)
        if not active:
            break
        seat = min(active) if len(active) == 1 else chooser.choice(sorted(active))
        if listed is not None and listed[0] == seat:
            legal = listed[1]
            if check and legal != game.legal_moves(state, seat):
                violations.append(f"move {moves}: the menu listed after the move differs from legal_moves")
                break
        else:
            legal = game.legal_moves(state, seat)
        if not legal:
            violations.append(f"move {moves}: seat {seat} is active but has no legal move")
            break
        move = chooser.choice(legal)
        try:
            state, _events, listed = game.apply_inplace_listing(state, seat, move)
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
