"""How well a seat stands in 7 Wonders (and Armada), as a one-step player sees it (``WondersGame.heuristic``).

Points so far do not show what a city will earn: its production (cheaper cards later, nothing to buy from the
neighbours), its science (points that grow with every symbol), its shields against the neighbours' in the land
conflicts to come, with Armada the naval token it would take if the age ended now; and coins count for less than the
treasury's points until the last age. Each is worth a fraction of a victory point; the difference with the best
other seat is what counts.
"""

from __future__ import annotations

from rules.wonders.data import CARDS, LAND_DEFEAT, LAND_VICTORY
from rules.wonders.economy import land_shields, production
from rules.wonders.effects import naval_rewards, naval_strength, neighbour_pairs
from rules.wonders.scoring import outcome
from rules.wonders.state import WondersState

WIN = 1000.0
PRODUCTION = 0.7  # a unit of resource produced
# A producer of one resource of a choice. Greedy against 6 random players, 140 games of 7 players, deals 100 (and
# 300): at 0.5 89.3 % won (78.6 %), Armada 80.7 % (72.1 %); at 1.0 97.9 % (84.3 %), Armada 84.3 % (76.4 %);
# 0.8 96.4 %, 1.2 95.7 % (deals 100).
CHOICE = 1.0
SCIENCE = 1.0  # a science symbol
# How much of a land conflict to come (this age's, the next, the one after) counts, if the shields stayed as now.
# Greedy against 6 random players, 280 games of 7 players, deals 100-139: 91.8 % won (Armada 86.1 %); by a lead
# over each neighbour this age only, at 0.6 a neighbour, 88.9 % (82.5 %); (0.6, 0, 0) 92.5 % (84.6 %), (1, 0.5,
# 0.25) 92.9 % (83.2 %), (0.5, 0.2, 0.1) 91.1 % (85.4 %), (1, 0, 0) 92.1 % (84.6 %).
FORESIGHT: tuple[float, ...] = (0.7, 0.35, 0.15)
NAVAL = 1.5  # a point of the Naval Conflict token the seat would take if the age ended now (Armada)
# A coin, by age. The score sheet's treasury (a point for 3 coins) is the worth of coins at the end only: before
# that a discard's 3 coins would outweigh a resource card. Rated by the treasury, the computer player (800
# iterations, 3 games of 7 players) discarded 22 of its 54 cards and ended with some 20 coins unspent. Greedy
# against 6 random players, 140 games of deals 100: by the treasury 54.3 % won, 38.1 points a game (Armada 37.5 %,
# 33.7); with these values 89.3 %, 48.6 (Armada 80.7 %, 47.2); 0.15 and 0.22 for the first two ages 71.4 %, 43.8;
# a third of a point in every age 60.0 %, 38.5.
COIN = {1: 0.05, 2: 0.1, 3: 1 / 3}


def standing(state: WondersState, seat: int) -> float:
    return standings(state)[seat]


def standings(state: WondersState) -> list[float]:
    """``standing`` of every seat, each city rated once."""
    result = outcome(state)
    if result.finished:
        return [WIN if s in result.winners else -WIN for s in range(state.players)]
    naval = naval_forecast(state)
    land = land_forecast(state)
    worth = [_worth(state, s, _points(state, s, result.scores[s])) + land[s] + NAVAL * naval.get(s, 0)
             for s in range(state.players)]
    return [worth[seat] - max(w for s, w in enumerate(worth) if s != seat) for seat in range(len(worth))]


def naval_forecast(state: WondersState) -> dict[int, int]:
    """The points of the Naval Conflict token each seat would take if this age (the first, before it starts) ended
    with the naval strengths of now; empty without Armada. The tokens go by rank over the whole table and the
    weakest loses points, so a ship's step can be worth more than its shields show. Forgotten Harbor's choice to
    stay out is not foreseen."""
    if not state.options.armada:
        return {}
    strengths = {s: naval_strength(state, s) for s in range(state.players)}
    return naval_rewards(strengths, max(state.age, 1), state.options.naval_ties)


def land_forecast(state: WondersState) -> list[float]:
    """Each seat's share of the land conflicts to come, if every city kept the shields it has now: a victory's or a
    defeat's tokens against each neighbour (not an ally), for this age's conflict and the later ones, each counted at
    its ``FORESIGHT`` (the further off, the likelier the shields change). Shields stay in a city for good, so a city
    that falls behind early is beaten again age after age unless it builds."""
    n = state.players
    shields = [land_shields(state, s) for s in range(n)]
    start = max(state.age, 1)
    victory = defeat = 0.0
    for weight, age in zip(FORESIGHT, range(start, 4)):
        victory += weight * LAND_VICTORY[age]
        defeat += weight * LAND_DEFEAT
    forecast = [0.0] * n
    for a, b in neighbour_pairs(state):
        if shields[a] != shields[b]:
            winner, loser = (a, b) if shields[a] > shields[b] else (b, a)
            forecast[winner] += victory
            forecast[loser] += defeat
    return forecast


def _points(state: WondersState, seat: int, sheet: dict[str, int]) -> float:
    """The points of ``sheet`` (the seat's), with its coins at ``COIN`` each rather than the treasury's."""
    return sheet["total"] - sheet["treasury"] + COIN.get(state.age, COIN[3]) * state.seats[seat].coins


def _worth(state: WondersState, seat: int, points: float) -> float:
    player = state.seats[seat]
    made = production(player)
    late = {1: 1.0, 2: 0.7, 3: 0.2}.get(state.age, 1.0)
    science = sum(1 for c in player.city if CARDS[c].science)
    return points + late * (PRODUCTION * sum(made.fixed) + CHOICE * len(made.choices)) + SCIENCE * science
