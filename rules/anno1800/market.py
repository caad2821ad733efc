"""What a player can pay with now (``Market``), the cost of each thing paid for, and carrying out a chosen plan.

The market reads the state once: the player's free workplaces, cubes, tokens and gold, the resources traded this
turn, the New World resources held or shown on their tiles, and, for every Old World resource, which other players
own an industry making it and at what price (the cheapest of their industries, spec AMB-17). ``payment.plans`` does
the rest. ``settle`` carries a plan out and says what happened (events).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from rules.anno1800.data import (
    BUILDINGS,
    CARDS,
    DECK,
    DECK_OF_TIER,
    RAW_NEW_WORLD,
    RESOURCE_INDEX,
    RESOURCES,
    TIER,
    TIERS,
    Cost,
)
from rules.anno1800.islands import field_ids, free_workplaces, nw_resources, occupy, tokens
from rules.anno1800.payment import Means, Partners, Sourcing, Supply, plans, possible
from rules.anno1800.state import AnnoState, Step
from rules.contract import Event, IllegalMove

BERYL = "obj_beryl_omara"


@lru_cache(maxsize=4096)
def industry_prices(buildings: tuple[str, ...]) -> dict[int, int]:
    """The trade price of each resource the industries among ``buildings`` make (the cheapest one's)."""
    out: dict[int, int] = {}
    for b in buildings:
        if b:
            building = BUILDINGS[b]
            if building.kind == "industry":
                price = TIER[building.tier].trade_price
                if out.get(building.resource, 99) > price:
                    out[building.resource] = price
    return out


def partner_prices(state: AnnoState, seat: int) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each Old World resource, (seat, price) of every other player owning an industry making it."""
    return _partner_prices(seat, tuple(tuple(q.buildings) for q in state.seats))


@lru_cache(maxsize=4096)
def _partner_prices(seat: int, tables: tuple[tuple[str, ...], ...]) -> dict[int, tuple[tuple[int, int], ...]]:
    best: dict[int, list[tuple[int, int]]] = {}
    for other, buildings in enumerate(tables):
        if other != seat:
            for r, price in industry_prices(buildings).items():
                best.setdefault(r, []).append((other, price))
    return {r: tuple(v) for r, v in best.items()}


class Unpaid(IllegalMove):
    """A payment refusal whose code and parameters are worked out only when read: menus test dozens of costs and
    read none of their refusals."""

    def __init__(self, market: Market, need: Cost, reserve: int) -> None:
        Exception.__init__(self, "anno1800.error.cannot_pay")
        self._why = (market, need, reserve)
        self._found: IllegalMove | None = None

    def _resolve(self) -> IllegalMove:
        if self._found is None:
            market, need, reserve = self._why
            self._found = market.shortfall(need, reserve)
        return self._found

    @property  # type: ignore[override]
    def code(self) -> str:
        return self._resolve().code

    @property  # type: ignore[override]
    def params(self) -> dict:
        return self._resolve().params


class Market:
    """One player's means of payment in one state (built once per decision; the state must not change under it)."""

    def __init__(self, state: AnnoState, seat: int) -> None:
        p = state.seats[seat]
        self.state = state
        self.seat = seat
        trade, explore = tokens(p)
        self.means = Means(tuple(p.district), trade, explore, p.gold, BERYL in state.objectives)  # type: ignore[arg-type]
        self._free: dict[int, list[tuple[int, int]]] = {}
        for (r, tier), n in free_workplaces(p).items():
            self._free.setdefault(r, []).append((tier, n))
        self._partners = partner_prices(state, seat)
        self._traded = {RESOURCE_INDEX[r] for r in state.turn.traded}
        self._nw = nw_resources(p)
        self._held = Counter(RESOURCE_INDEX[r] for r in state.turn.held)
        self._supplies: dict[int, Supply] = {}

    def supply(self, r: int) -> Supply:
        s = self._supplies.get(r)
        if s is None:
            raw = r in RAW_NEW_WORLD
            work = tuple(sorted(self._free.get(r, ())))
            partners = () if raw or r in self._traded else self._partners.get(r, ())
            s = self._supplies[r] = Supply(self._held.get(r, 0), work, partners, raw and r in self._nw)
        return s

    def supplies(self, need: Cost) -> tuple[Supply, ...]:
        seen: list[int] = []
        for r in need.units:
            if not seen or seen[-1] != r:
                seen.append(r)
        return tuple(self.supply(r) for r in seen)

    def _means(self, reserve: int) -> Means | None:
        means = self.means
        if reserve >= 0:
            cubes = list(means.cubes)
            cubes[reserve] -= 1
            if cubes[reserve] < 0:
                return None
            means = Means(tuple(cubes), means.trade, means.explore, means.gold, means.beryl)  # type: ignore[arg-type]
        return means

    def plans(self, need: Cost, reserve: int = -1) -> tuple[Sourcing, ...]:
        """Every way to pay ``need``; ``reserve``: a tier whose district keeps one cube (the cube being upgraded)."""
        means = self._means(reserve)
        return plans(need, self.supplies(need), means) if means else ()

    def check(self, need: Cost, reserve: int = -1) -> IllegalMove | None:
        """None if ``need`` can be paid, else why not (worked out only if read)."""
        means = self._means(reserve)
        if means and self._sources(need, means) and possible(need, self.supplies(need), means):
            return None
        return Unpaid(self, need, reserve)

    def _sources(self, need: Cost, means: Means) -> bool:
        """A quick necessary condition: every resource has some source (most unpayable costs fail here)."""
        cubes = means.cubes
        for r in need.units:
            s = self.supply(r)
            if not (s.held or s.partners or s.imports or any(cubes[tier] for tier, _ in s.workplaces)):
                return False
        return True

    def shortfall(self, need: Cost, reserve: int = -1) -> IllegalMove:
        """Why ``need`` cannot be paid: the first thing missing."""
        m = self.means
        if need.gold > m.gold:
            return IllegalMove("anno1800.error.not_enough_gold", need=need.gold, have=m.gold)
        if need.explore > m.explore:
            return IllegalMove("anno1800.error.not_enough_tokens", kind="exploration", need=need.explore,
                               have=m.explore)
        cubes = list(m.cubes)
        if reserve >= 0:
            cubes[reserve] -= 1
        for tier in range(5):
            if need.exhaust[tier] > cubes[tier]:
                return IllegalMove("anno1800.error.no_cube", tier=TIERS[tier], need=need.exhaust[tier],
                                   have=max(0, cubes[tier]))
        for r, s in zip(sorted(set(need.units)), self.supplies(need)):
            usable = any(cubes[tier] for tier, _ in s.workplaces)
            if not (s.held or usable or s.partners or s.imports):
                if r in RAW_NEW_WORLD:
                    return IllegalMove("anno1800.error.no_new_world_resource", resource=RESOURCES[r])
                return IllegalMove("anno1800.error.no_source", resource=RESOURCES[r])
        return IllegalMove("anno1800.error.cannot_pay", resources=[RESOURCES[r] for r in need.units],
                           trade_tokens=m.trade, exploration_tokens=m.explore)


# --- the cost of what is paid for ---------------------------------------------------------------------------------
def hire_cost(state: AnnoState, tier: int, draws: list[int]) -> Cost:
    """One hired cube: its printed cost, plus the deck's gold when no card is left for it (``draws``: cards already
    owed by this hire action, farmer/worker then artisan/engineer/investor)."""
    t = TIER[tier]
    cost = t.hire_short if tier == 4 and state.options.investor_hire == "short" and t.hire_short else t.hire
    deck = DECK_OF_TIER[tier]
    owed = draws[0 if deck == "farmer_worker" else 1]
    if len(state.deck(deck)) > owed:
        return cost
    return cost.plus(gold=DECK[deck].gold)


def step_cost(state: AnnoState, step: Step, parent: Step | None) -> tuple[Cost, int]:
    """The cost of a pay step, and the tier keeping one district cube (-1: none)."""
    if step.purpose == "build":
        return BUILDINGS[step.item].cost, -1
    if step.purpose == "play":
        return CARDS[step.item].cost, -1
    tier = TIERS.index(step.item)
    if step.purpose == "hire":
        return hire_cost(state, tier, parent.draws if parent else [0, 0]), -1
    upgrade = TIER[tier].upgrade
    assert upgrade is not None
    return upgrade, tier if step.field == "home" else -1


# --- carrying a plan out ------------------------------------------------------------------------------------------
def spend_tokens(state: AnnoState, seat: int, trade: int, explore: int, events: list[Event]) -> None:
    """Exhaust naval tokens: those on cards first (they go to the supply), then the ships' (to the exhausted area)."""
    p = state.seats[seat]
    for kind, count in (("trade", trade), ("exploration", explore)):
        if not count:
            continue
        attr = "card_trade" if kind == "trade" else "card_explore"
        from_cards = min(count, getattr(p, attr))
        setattr(p, attr, getattr(p, attr) - from_cards)
        if kind == "trade":
            p.trade_used += count - from_cards
        else:
            p.explore_used += count - from_cards
        events.append(Event("tokens_spent", {"kind": kind, "count": count, "from_cards": from_cards}, seat=seat))


def exhaust(state: AnnoState, seat: int, tier: int, count: int, events: list[Event]) -> None:
    p = state.seats[seat]
    p.district[tier] -= count
    p.exhausted[tier] += count
    events.append(Event("cubes_exhausted", {"tier": TIERS[tier], "count": count}, seat=seat))


def settle(state: AnnoState, seat: int, need: Cost, sourcing: Sourcing, partners: Partners, beryl: int,
           events: list[Event]) -> None:
    """Pay ``need`` as planned (the plan comes from ``Market.plans`` on this state, so every part of it fits)."""
    p = state.seats[seat]
    for r, n in sourcing.held:
        for _ in range(n):
            state.turn.held.remove(RESOURCES[r])
        events.append(Event("held_used", {"resource": RESOURCES[r], "count": n}, seat=seat))
    ids = field_ids(p)
    for r, tier, n in sourcing.made:
        for _ in range(n):
            i = occupy(p, r, tier)
            events.append(Event("produced", {"resource": RESOURCES[r], "tier": TIERS[tier], "field": ids[i]},
                                seat=seat))
    for tier in range(5):
        if need.exhaust[tier]:
            exhaust(state, seat, tier, need.exhaust[tier], events)
    for r, partner, price in zip(sourcing.traded, partners.seats, partners.prices):
        state.turn.traded.append(RESOURCES[r])
        state.seats[partner].gold += 1
        events.append(Event("traded", {"resource": RESOURCES[r], "partner": partner, "price": price}, seat=seat))
        events.append(Event("gold_gained", {"amount": 1, "reason": "trade"}, seat=partner))
    for r, n in sourcing.imported:
        events.append(Event("imported", {"resource": RESOURCES[r], "count": n}, seat=seat))
    spend_tokens(state, seat, partners.bill - beryl, need.explore + 2 * beryl, events)
    if need.gold:
        p.gold -= need.gold
        events.append(Event("gold_paid", {"amount": need.gold, "reason": "hire"}, seat=seat))


def describe(sourcing: Sourcing) -> dict:
    """A sourcing as plain data for views: what is made by which tier, traded, imported, held; cubes used."""
    return {
        "made": [{"resource": RESOURCES[r], "tier": TIERS[t], "count": n} for r, t, n in sourcing.made],
        "traded": [RESOURCES[r] for r in sourcing.traded],
        "imported": [{"resource": RESOURCES[r], "count": n} for r, n in sourcing.imported],
        "held": [{"resource": RESOURCES[r], "count": n} for r, n in sourcing.held],
        "cubes": {TIERS[t]: n for t, n in enumerate(sourcing.cubes) if n},
    }
