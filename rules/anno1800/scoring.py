"""Final scoring by the rows of the score pad (rulebook p.11), the winners and the tie-breaks.

Rows (``CATEGORIES`` then the 5 objectives in play, by id, then ``total``): played cards of each deck (3 / 8 / 5
each, face up or down), expedition slots filled with visitors of their tier (1 / 2 / 3), 1 per full 3 gold, the
fireworks (7), and each objective. Visitors are assigned optimally (spec §15.4): within a tier every slot is worth
the same but for Zoo (animal slots) and Museum (artefact slots), whose +1 goes to the objective's row. Majorities:
10 to every player with the most, 4 to every player with the next-lower count; a count of 0 scores nothing
(spec AMB-5). Ties: the most industries, shipyards and ships (printed ones included), then the fewest cards in hand,
then a shared victory.
"""

from __future__ import annotations

from typing import Final

from rules.anno1800.data import ARTISAN, CARDS, DECK, ENGINEER, EXPEDITIONS, INVESTOR, OBJECTIVES, RULES
from rules.anno1800.islands import all_cubes, building_count, capacity
from rules.anno1800.state import AnnoState, Player
from rules.contract import Outcome

CATEGORIES: Final = ("farmer_worker", "artisan_engineer_investor", "new_world", "expeditions", "gold", "fireworks")
SLOT_VP: Final = {ARTISAN: 1, ENGINEER: 2, INVESTOR: 3}
FIRST, SECOND = 10, 4


def visitors(p: Player, zoo: bool, museum: bool) -> tuple[int, int, int]:
    """The best visitor assignment: (base VP of the filled slots, filled animal slots, filled artefact slots)."""
    cubes = all_cubes(p)
    base = animals = artefacts = 0
    for tier, vp in SLOT_VP.items():
        slots: list[tuple[int, str]] = []
        for e in p.expeditions:
            card = EXPEDITIONS[e]
            if card.animal == tier:
                slots.append((int(zoo), "animal"))
            if card.artefact == tier:
                slots.append((int(museum), "artefact"))
        slots.sort(reverse=True)
        for _bonus, kind in slots[:cubes[tier]]:
            base += vp
            animals += kind == "animal"
            artefacts += kind == "artefact"
    return base, animals, artefacts


def majority_count(state: AnnoState, seat: int, what: str) -> int:
    p = state.seats[seat]
    if what == "cubes":
        return sum(all_cubes(p))
    if what == "engineers":
        return all_cubes(p)[ENGINEER]
    if what == "investors":
        return all_cubes(p)[INVESTOR]
    if what == "trade_tokens":
        return capacity(p)[0]
    return len(p.expeditions)


def majority(counts: list[int]) -> list[int]:
    """10 to the most, 4 to the next-lower count (ties share a place; 0 never scores)."""
    ranked = sorted({c for c in counts if c > 0}, reverse=True)
    points = {ranked[0]: FIRST} if ranked else {}
    if len(ranked) > 1:
        points[ranked[1]] = SECOND
    return [points.get(c, 0) for c in counts]


def sheet(state: AnnoState, seat: int) -> dict[str, int]:
    p = state.seats[seat]
    out = dict.fromkeys(CATEGORIES, 0)
    for card in p.played:
        out[CARDS[card].deck] += DECK[CARDS[card].deck].vp
    zoo, museum = "obj_zoo" in state.objectives, "obj_museum" in state.objectives
    base, animals, artefacts = visitors(p, zoo, museum)
    out["expeditions"] = base
    out["gold"] = p.gold // RULES["gold_per_vp"]
    out["fireworks"] = RULES["fireworks"] if state.fireworks == seat else 0
    for oid in state.objectives:
        o = OBJECTIVES[oid]
        value = 0
        if o.kind == "industry":
            value = o.vp * sum(1 for b in p.buildings if b in o.industries)
        elif o.kind == "majority":
            counts = [majority_count(state, s, o.counts) for s in range(state.players)]
            value = majority(counts)[seat]
        elif o.kind == "expedition":
            value = animals if o.slot == "animal" else artefacts
        elif o.rule == "few_old_world":
            value = o.vp if len(p.old_world) <= 1 else 0
        elif o.rule == "per_new_world":
            value = o.vp * len(p.new_world)
        elif o.rule == "per_hand_card":
            value = o.vp * len(p.hand)
        out[oid] = value
    out["total"] = sum(out.values())
    return out


def winners(state: AnnoState) -> list[int]:
    def rank(seat: int) -> tuple[int, int, int]:
        p = state.seats[seat]
        return sheet(state, seat)["total"], building_count(p), -len(p.hand)

    ranks = [rank(s) for s in range(state.players)]
    best = max(ranks)
    return [s for s in range(state.players) if ranks[s] == best]


def outcome(state: AnnoState) -> Outcome:
    sheets = {s: sheet(state, s) for s in range(state.players)}
    return Outcome(
        finished=state.over,
        winners=list(state.winners) if state.over else [],
        victory="points" if state.over else None,
        categories=[*CATEGORIES, *state.objectives, "total"],
        scores=sheets,
    )
