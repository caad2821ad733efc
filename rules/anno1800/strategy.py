"""How well a seat stands in Anno 1800, as a one-step player sees it (``AnnoGame.heuristic``).

Points so far (played cards, gold, the fireworks, the objectives) do not show what an island will earn. Each of these
is worth a fraction of a victory point; the difference with the best other seat is what counts, and a won game is
worth more than any position:

* the cards in hand, by the share of their needs the player can cover (made on its islands, traded, imported), so
  that swapping an unplayable card is worth something;
* the population (higher tiers make the goods the 8-point cards need), more while the industries making wanted
  goods lack cubes of their tier, and the cubes free to work now;
* the industries, more for those making what the hand wants ("wanted": what the cards ask for, and half as much what
  the industries and the cubes that would make it cost);
* the industries making building materials (what buildings, ships and new cubes cost), the more so where nobody
  else at the table makes them: covering the last maker of timber, wool or sails can leave nobody able to build a
  ship again, and the game without an end (nobody can empty a hand);
* the ships' tokens and the islands, and the seat's only shipyard (without one, no ship and no island can come);
  while the cards in hand (or a wanted New World island) ask for more exploration tokens than the ships hold, what
  an exploration ship costs is wanted too;
* less a little for every card in hand while the fireworks are still to take (only an empty hand ends the game).

Once the fireworks are taken, the game ends with the next round, and only points count: the cards still in hand, the
cubes and the industries will never score. (Rated as before, a seat that emptied its hand saw the others' hands stop
pulling them back, and took the end of the game for a loss.)

A turn is a chain of small decisions, so most moves only open the next one: a one-step player would see nothing
change. The open steps of the seat's turn are therefore valued by what they lead to (``_intent``): a card being paid
for counts as played, a cube being hired or upgraded as there, a building as built (less what it covers, and from
the start of the field choice less the cheapest building it would have to cover if no field is free), taking a
token back as the loss of the cheapest one, and an action just opened by a small bonus that ranks the actions.

Two sets of weights (``Weights``) rate the same things: the one-step player's (``ONE_STEP``: ``heuristic``), and the
search's (``LOOKAHEAD``: ``evaluation``). A one-step player needs each hire and upgrade to look like progress by
itself, or it stands still; a search sees the cards those cubes will pay for, and wins more often when the cubes
count for less and every card still in hand pulls harder towards the end (2 players, 20 iterations a decision
against a random player, 32 deals: 28 wins against 19 with the one-step weights; the one-step player, given these,
finished 8 of 16 games of 3 and 4 players against 11).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.anno1800.context import Ctx
from rules.anno1800.data import BUILDINGS, CARDS, INVESTOR, MAKERS, RAW_NEW_WORLD, RULES, TIER, TIERS
from rules.anno1800.decisions import DECISIONS, options
from rules.anno1800.islands import all_cubes, capacity, field_index, field_kinds, nw_resources, shipyards
from rules.anno1800.market import holdings
from rules.anno1800.scoring import outcome
from rules.anno1800.state import AnnoState, Player, Step

WIN = 1000.0
READY = 0.3  # a cube in its district, free to work now
INDUSTRY = 0.6  # an industry on the islands (printed ones too)
DEMAND = 0.8  # ... and more for each wanted unit of its resource (up to 3)
SHIPYARD = 0.7
TOKEN = 0.4  # a naval token of capacity
FLEET = 0.8  # ... and more for each exploration token of capacity the cards in hand ask for
ISLAND = 1.0  # an Old World or New World tile
PLAYABLE = 0.5  # a card in hand: this share of its points, times the share of its needs the player can cover
FRESH = 1.0  # what a card drawn in a swap is worth, on average
COVER = 1.0  # covering a building: its worth, and this more (what it stood for is hard to see one step ahead)
DEPTH = {"field": 0.0, "cover": 0.2, "printed": 0.4, "last": 0.6}  # how far the field choice went
OPENED = {"hire": 0.5, "upgrade": 0.4, "build": 0.2, "swap": 0.1}  # an action opened, before its first choice
MATERIAL = 0.5  # making a resource that things are built of: for each kind of building or new cube costing it (up to 6)
STRANDED = 3.0  # ... times this where no other seat makes it (no one to trade it from)
YARD = 1.5  # a shipyard, the seat's only one (no ship, no island can come without one)
SHIP = BUILDINGS["exploration_ship_1"]  # the exploration ship any shipyard can build


def _uses(resource: int) -> int:
    """How many kinds of building, and of hire or upgrade, cost ``resource``."""
    costs = [b.cost for b in BUILDINGS.values()]
    costs += [c for t in TIER for c in (t.hire, t.hire_short, t.upgrade) if c is not None]
    return sum(1 for c in costs if resource in c.units)


SUPPLY = {r: MATERIAL * min(_uses(r), 6) for r in MAKERS}  # what making a building material is worth, at most


@dataclass(frozen=True)
class Weights:
    """The weights that differ between the one-step player's rating and the search's (see the module docstring)."""

    cube: tuple[float, float, float, float, float]  # a cube of each tier, wherever it is (investors work nowhere)
    crew: float  # ... and more while the industries making wanted resources lack cubes of its tier
    pull: float  # a card in hand while the fireworks are still to take
    hand_limit: int  # the hand counts no further (a larger hand only delays the end)


ONE_STEP = Weights(cube=(0.5, 0.8, 1.3, 1.8, 1.2), crew=1.0, pull=0.5, hand_limit=10)
LOOKAHEAD = Weights(cube=(0.25, 0.4, 0.65, 0.9, 0.6), crew=0.5, pull=1.5, hand_limit=5)


class _Island:
    """What one seat has and wants, worked out once per evaluation. A plain class: compiled with the engine (the
    search rates thousands of positions a second), its ``__init__`` is C, where a dataclass's is Python."""

    __slots__ = ("p", "made", "makers", "others", "reach", "wanted", "w", "buildable", "gap", "yards")

    def __init__(self, p: Player, makers: dict[int, int], others: set[int], wanted: dict[int, float], w: Weights,
                 buildable: tuple[str, ...] = ()) -> None:
        self.p = p
        self.makers = makers  # how many of its industries make each resource
        self.made = set(makers)  # resources its industries make
        self.others = others  # resources the other seats' industries make
        self.reach = self.made | (others - RAW_NEW_WORLD) | nw_resources(p)  # made, traded, or imported
        self.wanted = wanted
        self.w = w
        self.buildable = buildable  # the buildings its open build step can pay for
        self.gap = 0  # the exploration tokens it needs beyond what its ships hold (worked out by ``_worth``)
        self.yards = sum(shipyards(p))  # how many shipyards it has


def standing(state: AnnoState, seat: int, weights: Weights = ONE_STEP) -> float:
    return standings(state, weights)[seat]


def standings(state: AnnoState, weights: Weights = ONE_STEP) -> list[float]:
    """``standing`` of every seat, each island rated once."""
    result = outcome(state)
    if result.finished:
        return [WIN if s in result.winners else -WIN for s in range(state.players)]
    makes = [_makes(p) for p in state.seats]
    worth = []
    for s, p in enumerate(state.seats):
        others = {r for o, m in enumerate(makes) if o != s for r in m}
        island = _Island(p, makes[s], others, {}, weights, _buildable(state, s))
        worth.append(_worth(state, s, result.scores[s]["total"], island))
    return [worth[seat] - max(w for s, w in enumerate(worth) if s != seat) for seat in range(len(worth))]


def _buildable(state: AnnoState, seat: int) -> tuple[str, ...]:
    """The buildings of a build step just opened by ``seat`` (the current player), which it can pay for."""
    steps = state.turn.steps
    if seat != state.current or not steps or steps[-1].kind != "build" or steps[-1].count:
        return ()
    return tuple(m.args[0] for m in options(Ctx(state, seat), DECISIONS["build"]) if m.action == "build")


def _makes(p: Player) -> dict[int, int]:
    """How many of the player's industries make each resource (read off the markets' holdings, kept per island)."""
    return {r: len(fields) for r, fields in holdings(tuple(p.buildings)).industries.items()}


def _supply(isl: _Island, resource: int) -> float:
    """What making ``resource`` is worth to the player as a building material (``SUPPLY``)."""
    return SUPPLY.get(resource, 0.0) * (1.0 if resource in isl.others else STRANDED)


def _worth(state: AnnoState, seat: int, points: int, isl: _Island) -> float:
    p, w = isl.p, isl.w
    _want(isl)
    if state.fireworks >= 0:  # the game ends with this round: what is not scored by then counts for nothing
        return float(points) + (sum(_intent(isl, step) for step in state.turn.steps) if seat == state.current else 0.0)
    cubes = all_cubes(p)
    value = float(points) + sum(k * n for k, n in zip(w.cube, cubes)) + READY * sum(p.district[:INVESTOR])
    for tier, crew in enumerate(_crews(isl)):
        value += w.crew * min(cubes[tier], crew)
        if crew > cubes[tier]:  # what hiring or upgrading into that tier costs is wanted too
            for cost in (TIER[tier].hire, TIER[tier - 1].upgrade if tier else None):
                for u in cost.units if cost else ():
                    if u not in isl.made:
                        isl.wanted[u] = isl.wanted.get(u, 0) + 0.5
    trade, explore = capacity(p)
    asked = max((CARDS[c].cost.explore for c in p.hand), default=0)
    if _island_wanted(state, isl):  # a New World island, for a raw resource no island of its gives
        asked = max(asked, len(p.new_world) + 1)
    isl.gap = max(0, asked - explore)
    if isl.gap:  # a ship to build: what it costs is wanted, and the shipyard that builds it
        for u in SHIP.cost.units:
            isl.wanted[u] = isl.wanted.get(u, 0) + 0.5
    value += YARD * (isl.yards > 0) + sum(_building(b) for b in p.buildings if b)
    value += sum(DEMAND * min(isl.wanted.get(r, 0), 3) + _supply(isl, r) for r in isl.made)
    value += TOKEN * (trade + explore) + ISLAND * (len(p.old_world) + len(p.new_world))
    value += FLEET * min(explore, asked)  # exploration tokens the cards in hand (or a new island) ask for
    value += sum(sorted((_card(isl, c) for c in p.hand), reverse=True)[:w.hand_limit])
    if state.fireworks < 0:  # every card in hand keeps the fireworks away
        value -= w.pull * len(p.hand)
    if seat == state.current:
        value += sum(_intent(isl, step) for step in state.turn.steps)
    return value


def _island_wanted(state: AnnoState, isl: _Island) -> bool:
    """Whether the player wants a New World island it could still take: something it wants is made of a raw New
    World resource none of its islands gives (only an island of its own can: they are not traded)."""
    if len(isl.p.new_world) >= RULES["max_new_world"] or not state.new_world_tiles:
        return False
    return any(r in RAW_NEW_WORLD and r not in isl.reach for r in isl.wanted)


def _card(isl: _Island, card: str) -> float:
    c = CARDS[card]
    units = c.cost.units
    covered = sum(1 for u in units if u in isl.reach) / len(units) if units else 1.0
    if c.cost.explore > capacity(isl.p)[1]:
        covered /= 2
    return PLAYABLE * c.vp * covered


def _want(isl: _Island) -> None:
    """What the cards in hand ask for, and half of what the industries making what the player lacks cost."""
    wanted = isl.wanted
    for card in isl.p.hand:
        for r in CARDS[card].cost.units:
            wanted[r] = wanted.get(r, 0) + 1
    for r in [r for r in wanted if r not in isl.made]:
        for maker in MAKERS.get(r, ()):
            for u in BUILDINGS[maker].cost.units:
                if u not in isl.made:
                    wanted[u] = wanted.get(u, 0) + 0.5


def _crews(isl: _Island) -> list[int]:
    """How many cubes of each tier the industries making wanted resources can employ (2 each), and for a wanted
    resource nobody of the player's makes, one of the tier that would make it and of each tier its building
    exhausts."""
    out = [0] * 5
    for b in isl.p.buildings:
        if b and BUILDINGS[b].kind == "industry" and isl.wanted.get(BUILDINGS[b].resource, 0) >= 1:
            out[BUILDINGS[b].tier] += 2
    for r, n in isl.wanted.items():
        if n >= 1 and r not in isl.made:
            for maker in MAKERS.get(r, ()):
                building = BUILDINGS[maker]
                out[building.tier] += 1
                for tier, k in enumerate(building.cost.exhaust):
                    out[tier] += k
    return out


def _building(building: str) -> float:
    b = BUILDINGS[building]
    if b.kind == "industry":
        return INDUSTRY
    return SHIPYARD if b.kind == "shipyard" else TOKEN * b.strength


def _new_building(isl: _Island, building: str) -> float:
    b = BUILDINGS[building]
    value = _building(building)
    if b.kind == "industry" and b.resource not in isl.made:
        value += DEMAND * min(isl.wanted.get(b.resource, 0), 3) + _supply(isl, b.resource)
    elif b.kind == "shipyard" and not isl.yards:
        value += YARD
    elif b.fleet == "exploration":
        value += FLEET * min(b.strength, isl.gap)
    return value


def _room(isl: _Island, building: str) -> float:
    """What building it costs when no field of its kind is free: the cheapest building covered."""
    places = BUILDINGS[building].place
    p = isl.p
    kinds = field_kinds(p)
    if any(not b and kinds[i] in places for i, b in enumerate(p.buildings)):
        return 0.0
    return min((_held(isl, b) for i, b in enumerate(p.buildings) if b and kinds[i] in places), default=0.0) + COVER


def _held(isl: _Island, building: str) -> float:
    """What a building on the player's islands is worth to it (what covering it loses)."""
    b = BUILDINGS[building]
    value = _building(building)
    if b.kind == "industry" and isl.makers.get(b.resource, 0) == 1:  # its only maker of the resource
        value += DEMAND * min(isl.wanted.get(b.resource, 0), 3) + _supply(isl, b.resource)
    elif b.kind == "shipyard" and isl.yards == 1:  # its only shipyard
        value += YARD
    return value


def _intent(isl: _Island, step: Step) -> float:
    """What an open step of the turn will most likely bring (see the module docstring)."""
    p = isl.p
    if step.kind in DEPTH and step.item in BUILDINGS:  # the field still to choose (one to cover, if none is free)
        return _new_building(isl, step.item) - _room(isl, step.item) - DEPTH[step.kind] - step.count
    if step.kind == "pay" and step.item in BUILDINGS:
        value = _new_building(isl, step.item)
        i = field_index(p, step.field) if step.field else -1
        if i >= 0 and p.buildings[i]:  # covering: what stood there is lost
            value -= _held(isl, p.buildings[i]) + COVER
        return value
    if step.kind == "pay" and step.purpose == "play":
        return CARDS[step.item].vp - _card(isl, step.item)
    if step.kind == "pay" and step.purpose == "hire":
        return isl.w.cube[TIERS.index(step.item)]
    if step.kind == "pay" and step.purpose == "upgrade":
        tier = TIERS.index(step.item)
        return isl.w.cube[tier + 1] - isl.w.cube[tier]
    if step.kind == "build" and not step.count:  # a build opened: half of the best building it can pay for
        return OPENED["build"] + max((_new_building(isl, b) - _room(isl, b) for b in isl.buildable),
                                     default=-1.0) / 2
    if step.kind == "remove":  # taking a token back loses at least what the cheapest one is worth
        return -min((_held(isl, b) for b, printed in zip(p.buildings, p.printed) if b and not printed), default=0.0)
    if step.kind == "swap":
        return OPENED["swap"] + sum(FRESH - _card(isl, c) for c in step.picked)
    return OPENED.get(step.kind, 0.0)
