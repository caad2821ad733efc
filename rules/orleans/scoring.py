"""The score pad: coins, goods, and development level × (trading stations built + citizens); the winners.

Ties are broken by the furthest position on the development track (not the level); players still tied share the
victory (``Outcome.victory``: "points", "development" when the tie-break decided, "shared").
"""

from __future__ import annotations

from rules.contract import Outcome
from rules.orleans.data import GOOD_POINTS, level
from rules.orleans.state import OrleansState

CATEGORIES = ["coins", "goods", "development"]


def sheet(state: OrleansState, seat: int) -> dict[str, int]:
    p = state.seats[seat]
    out = {
        "coins": p.coins,
        "goods": sum(n * v for n, v in zip(p.goods, GOOD_POINTS)),
        "development": level(p.dev) * (len(p.built) + len(p.citizens)),
    }
    out["total"] = sum(out.values())
    return out


def outcome(state: OrleansState) -> Outcome:
    scores = {s: sheet(state, s) for s in range(state.players)}
    if state.phase != "over":
        return Outcome(finished=False, categories=CATEGORIES, scores=scores)
    best = max(sheet["total"] for sheet in scores.values())
    tied = [s for s in scores if scores[s]["total"] == best]
    furthest = max(state.seats[s].dev for s in tied)
    winners = [s for s in tied if state.seats[s].dev == furthest]
    victory = "points" if len(tied) == 1 else ("development" if len(winners) == 1 else "shared")
    return Outcome(finished=True, winners=winners, victory=victory, categories=CATEGORIES, scores=scores)
