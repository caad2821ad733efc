"""How well a seat stands in 7 Wonders Duel, as a one-step player sees it (``DuelGame.heuristic``).

Points so far do not show what a city will earn: its production (cheaper cards later), its distinct science
symbols (a supremacy threat, and pairs give tokens) and the conflict pawn (a military threat). Each is worth a
fraction of a victory point; the difference with the opponent is what counts. A won game is worth more than any
position.
"""

from __future__ import annotations

from rules.duel.data import CARDS
from rules.duel.economy import choice_producers, fixed_production
from rules.duel.scoring import outcome
from rules.duel.state import DuelState

WIN = 1000.0
PRODUCTION = 0.6  # a unit of resource produced
CHOICE = 0.4  # a unit one of a choice of resources
SCIENCE = 1.2  # a distinct science symbol
PAWN = 0.8  # a space of the conflict pawn towards the opponent's capital


def standing(state: DuelState, seat: int) -> float:
    return standings(state)[seat]


def standings(state: DuelState) -> list[float]:
    """``standing`` of both seats, each city rated once."""
    result = outcome(state)
    if result.finished:
        return [WIN if s in result.winners else -WIN for s in (0, 1)]
    worth = [_worth(state, s, result.scores[s]["total"]) for s in (0, 1)]
    return [worth[0] - worth[1], worth[1] - worth[0]]


def _worth(state: DuelState, seat: int, points: int) -> float:
    player = state.seats[seat]
    symbols = {CARDS[c].science for c in player.city if CARDS[c].science}
    pawn = state.pawn if seat == 0 else -state.pawn
    late = 1.0 if state.age < 3 else 0.3  # production matters less in the last age
    return (points + late * (PRODUCTION * sum(fixed_production(player)) + CHOICE * len(choice_producers(player)))
            + SCIENCE * len(symbols) + PAWN * pawn)
