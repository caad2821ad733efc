"""How well a seat stands in Anno 1800, as a one-step player sees it (``AnnoGame.heuristic``).

Points so far (played cards, gold, the fireworks, the objectives) do not show what an island will earn: its
population (more cubes make more goods, and higher tiers make the goods the 8-point cards need), the cubes free to
work this turn, its industries, its ships' tokens and its islands. A card being paid for counts as played (the
payment is a chain of small decisions; a one-step player must see the points at its first step). Each is worth a
fraction of a victory point; the difference with the best other seat is what counts. A won game is worth more than
any position.
"""

from __future__ import annotations

from rules.anno1800.data import BUILDINGS, CARDS, TIERS
from rules.anno1800.islands import all_cubes, capacity, field_index
from rules.anno1800.scoring import outcome
from rules.anno1800.state import AnnoState, Player, Step

WIN = 1000.0
CUBE = (0.5, 0.8, 1.3, 1.8, 2.0)  # a cube of each tier, wherever it is
READY = 0.3  # a cube in its district, free to work now
INDUSTRY = 0.6  # an industry on the islands (printed ones too)
SHIPYARD = 0.7
TOKEN = 0.4  # a naval token of capacity
ISLAND = 1.0  # an Old World or New World tile
HAND = 0.4  # a card in hand: points to come, while the hand is not too large
HAND_LIMIT = 8
_DEPTH = {"field": 0.0, "cover": 0.2, "printed": 0.4, "last": 0.6}  # how far the field choice went
OPENED = {"hire": 0.5, "upgrade": 0.4, "build": 0.3, "swap": 0.05}  # an action opened, before its first choice


def standing(state: AnnoState, seat: int) -> float:
    result = outcome(state)
    if result.finished:
        return WIN if seat in result.winners else -WIN
    worth = [_worth(state, s, result.scores[s]["total"]) for s in range(state.players)]
    return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)


def _worth(state: AnnoState, seat: int, points: int) -> float:
    p = state.seats[seat]
    value = float(points)
    value += sum(w * n for w, n in zip(CUBE, all_cubes(p))) + READY * sum(p.district)
    value += sum(_building(b) for b in p.buildings if b)
    value += TOKEN * sum(capacity(p)) + ISLAND * (len(p.old_world) + len(p.new_world))
    value += HAND * min(len(p.hand), HAND_LIMIT)
    if seat == state.current:
        value += sum(_intent(p, step) for step in state.turn.steps)
    return value


def _building(building: str) -> float:
    b = BUILDINGS[building]
    if b.kind == "industry":
        return INDUSTRY
    return SHIPYARD if b.kind == "shipyard" else TOKEN * b.strength


def _intent(p: Player, step: Step) -> float:
    """What an open step of the turn will most likely bring (see the module docstring)."""
    if step.kind in _DEPTH and step.item in BUILDINGS:  # the field still to choose
        return _building(step.item) - _DEPTH[step.kind] - step.count
    if step.kind == "pay" and step.item in BUILDINGS:
        value = _building(step.item)
        i = field_index(p, step.field) if step.field else -1
        if i >= 0 and p.buildings[i]:
            value -= _building(p.buildings[i]) + 0.1  # covering: what stood there is lost
        return value
    if step.kind == "pay" and step.purpose == "play":
        return float(CARDS[step.item].vp)
    if step.kind == "pay" and step.purpose == "hire":
        return CUBE[TIERS.index(step.item)] + HAND
    if step.kind == "pay" and step.purpose == "upgrade":
        tier = TIERS.index(step.item)
        return CUBE[tier + 1] - CUBE[tier]
    return OPENED.get(step.kind, 0.0)
