"""What a player can pay with now (``Market``), the cost of each thing paid for, and carrying out a chosen plan.

The market reads the state once: the player's free workplaces, cubes, tokens and gold, the resources traded this
turn, the New World resources held or shown on their tiles, and, for every Old World resource, which other players
own an industry making it and at what price (the cheapest of their industries, spec AMB-17). ``payment.plans`` does
the rest; ``Market.can`` answers the question of the menus, whether a cost can be paid at all, much faster. A market
serves every state in which what it reads is the same (``market_for``); what it reads of the buildings on the table
is worked out once per table (``table``). ``settle`` carries a plan out and says what happened (events).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from rules.anno1800.data import (
    BUILDINGS,
    CARDS,
    DECK,
    DECK_OF_TIER,
    RAW_NEW_WORLD,
    RESOURCE_INDEX,
    RESOURCES,
    TIER,
    NO_CUBES,
    TIERS,
    Cost,
    bits,
)
from rules.anno1800.islands import (
    field_ids,
    free_workplaces,
    industries_by_resource,
    occupy,
    ship_capacity,
    spendable,
    tile_resource_bits,
    tile_resources,
)
from rules.anno1800.payment import Means, Partners, Sourcing, Supply, group_units, plans
from rules.anno1800.state import AnnoState, Step
from rules.contract import Event, IllegalMove

BERYL = "obj_beryl_omara"


NO_PRICE = 99  # in a ``Holdings.prices``: the player makes no such resource


class Holdings(NamedTuple):
    """What the markets read of one player's buildings (``Player.buildings``)."""

    industries: dict[int, tuple[tuple[int, int], ...]]  # by resource (``industries_by_resource``)
    made: int  # the resources its industries make, as bits
    prices: tuple[int, ...]  # by resource: the trade price of the cheapest industry making it (spec AMB-17)
    capacity: tuple[int, int]  # the trade and exploration tokens of its ships


@lru_cache(maxsize=256)  # the players' islands now and lately: see ``table``
def holdings(buildings: tuple[str, ...]) -> Holdings:
    """The ``Holdings`` of a player whose ``Player.buildings`` are ``buildings``."""
    prices = [NO_PRICE] * len(RESOURCES)
    for b in buildings:
        if b:
            building = BUILDINGS[b]
            if building.kind == "industry":
                price = TIER[building.tier].trade_price
                if prices[building.resource] > price:
                    prices[building.resource] = price
    industries, made = industries_by_resource(buildings)
    return Holdings(industries, made, tuple(prices), ship_capacity(buildings))


class Table:
    """What the market of each seat reads of the buildings on the table (``tables``: every seat's
    ``Player.buildings``), worked out once per seat and kept by ``table``: the buildings change only when someone
    builds or removes one, while markets are made at almost every move."""

    __slots__ = ("tables", "_holdings", "_seats", "_makers")

    def __init__(self, tables: tuple[tuple[str, ...], ...]) -> None:
        self.tables = tables
        self._holdings = [holdings(buildings) for buildings in tables]
        self._seats: list[SeatTable | None] = [None] * len(tables)
        self._makers: dict[int, int] | None = None

    def makers(self) -> dict[int, int]:
        """How many industries on the whole table make each resource (by resource index; none: absent)."""
        if self._makers is None:
            counts: dict[int, int] = {}
            for h in self._holdings:
                for r, fields in h.industries.items():
                    counts[r] = counts.get(r, 0) + len(fields)
            self._makers = counts
        return self._makers

    def seat(self, seat: int) -> SeatTable:
        found = self._seats[seat]
        if found is None:
            own = self._holdings[seat]
            others = self._holdings[:seat] + self._holdings[seat + 1:]
            partners = 0
            lowest = list(others[0].prices)
            for other in others:
                partners |= other.made
                for r, price in enumerate(other.prices):  # a loop compiles to C; map(min, ...) calls Python's min
                    if price < lowest[r]:
                        lowest[r] = price
            found = self._seats[seat] = SeatTable(own.industries, own.made, tuple(lowest), partners, own.capacity)
        return found

    def prices(self, seat: int) -> tuple[int, ...]:
        """``Holdings.prices`` of ``seat``."""
        return self._holdings[seat].prices


class SeatTable(NamedTuple):
    """What one seat's market reads of the buildings on the table."""

    industries: dict[int, tuple[tuple[int, int], ...]]  # its own, by resource (``industries_by_resource``)
    made: int  # the resources its industries make, as bits
    cheapest: tuple[int, ...]  # by resource: the lowest trade price among the others (``NO_PRICE``: nobody's)
    partners: int  # the resources the others make, as bits
    capacity: tuple[int, int]  # the trade and exploration tokens of its ships


@lru_cache(maxsize=64)
def table(tables: tuple[tuple[str, ...], ...]) -> Table:
    """The ``Table`` of these buildings (keyed on all of them: it reads nothing else). Few are kept, as by the other
    memos keyed on buildings: the buildings on the table change a few hundred times a game and rarely come
    back to an earlier table, and every entry kept is one more object for each of Python's full garbage collections
    to go through."""
    return Table(tables)


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

    @property
    def code(self) -> str:  # type: ignore[override]
        return self._resolve().code

    @property
    def params(self) -> dict:  # type: ignore[override]
        return self._resolve().params


class MarketKey:
    """Everything a seat's market reads of a state (``market_for``): markets are kept by it. A plain class rather than
    a named tuple: compiled, it is made and compared in C (a named tuple is made by a Python function)."""

    __slots__ = ("seat", "district", "gold", "trade_used", "explore_used", "card_trade", "card_explore", "work",
                 "table", "traded", "held", "new_world", "beryl")

    def __init__(self, seat: int, district: tuple[int, ...], gold: int, trade_used: int, explore_used: int,
                 card_trade: int, card_explore: int, work: tuple[int, ...], table: Table, traded: tuple[str, ...],
                 held: tuple[str, ...], new_world: tuple[str, ...], beryl: bool) -> None:
        self.seat = seat
        self.district = district
        self.gold = gold
        self.trade_used = trade_used
        self.explore_used = explore_used
        self.card_trade = card_trade
        self.card_explore = card_explore
        self.work = work
        # What every seat's buildings make (``table``), compared and hashed as the object it is: the same buildings
        # give the same object while it is kept, and hashing every building on the table at each look-up cost more
        # than the rest of the key.
        self.table = table
        self.traded = traded
        self.held = held
        self.new_world = new_world
        self.beryl = beryl  # Beryl O'Mara's objective in play

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MarketKey) and self.seat == other.seat and self.gold == other.gold
                and self.trade_used == other.trade_used and self.explore_used == other.explore_used
                and self.card_trade == other.card_trade and self.card_explore == other.card_explore
                and self.table is other.table and self.beryl == other.beryl and self.district == other.district
                and self.work == other.work and self.traded == other.traded and self.held == other.held
                and self.new_world == other.new_world)

    def __hash__(self) -> int:
        return hash((self.seat, self.district, self.gold, self.trade_used, self.explore_used, self.card_trade,
                     self.card_explore, self.work, id(self.table), self.traded, self.held, self.new_world,
                     self.beryl))


class Market:
    """One player's means of payment in one state, read once (``market_for``: the state may change afterwards).

    Where a resource can come from is worked out only for the resources a cost names (``supply`` for the plans,
    ``_unit`` for whether a cost can be paid), and the plans are kept: a market serves every state in which what
    it reads is the same."""

    __slots__ = ("key", "seat", "means", "_industries", "_work", "_table", "_offers", "_traded", "_held", "_nw",
                 "_cheapest", "_missing", "_supplies", "_units", "_plans")

    def __init__(self, state: AnnoState, seat: int, key: MarketKey) -> None:
        """``key``: what ``market_for`` read of ``state``."""
        p = state.seats[seat]
        self._table = key.table
        own = self._table.seat(seat)
        self.key = key
        self.seat = seat
        trade, explore = spendable(p, own.capacity)
        self.means = Means(key.district, trade, explore, key.gold, key.beryl)  # type: ignore[arg-type]  # 5 tiers
        self._industries = own.industries
        self._work = key.work
        self._offers: tuple[tuple[int, tuple[int, ...]], ...] | None = None  # ``_trade_offers``, once asked
        self._traded = key.traded
        self._held = key.held
        self._nw = tile_resources(key.new_world)
        self._cheapest = own.cheapest
        # The resources that have no way to be got (``_unit``), as bits: none of the industries on the table makes
        # them, and they are neither held nor imported. A cost naming one cannot be paid (a cost naming a resource
        # that has no way for another reason, all its workplaces taken or traded already, is left to the search).
        held = bits(RESOURCE_INDEX[r] for r in key.held) if key.held else 0
        self._missing = ~(own.made | own.partners | held | tile_resource_bits(key.new_world))
        self._supplies: dict[int, Supply] = {}
        self._units: dict[int, tuple[tuple[int, int], ...]] = {}
        self._plans: dict[tuple[Cost, int], tuple[Sourcing, ...]] = {}

    def _tradable(self, r: int) -> bool:
        """Whether ``r`` may be bought from another player now: an Old World resource not yet traded this turn."""
        return r not in RAW_NEW_WORLD and RESOURCES[r] not in self._traded

    def _imports(self, r: int) -> bool:
        return r in RAW_NEW_WORLD and r in self._nw

    def _workplaces(self, r: int) -> tuple[tuple[int, int], ...]:
        return free_workplaces(self._industries.get(r, ()), self._work)

    def _trade_offers(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(seat, ``Holdings.prices``) of every other player, in seat order."""
        if self._offers is None:
            t = self._table
            self._offers = tuple((other, t.prices(other)) for other in range(len(t.tables)) if other != self.seat)
        return self._offers

    def supply(self, r: int) -> Supply:
        s = self._supplies.get(r)
        if s is None:
            partners = tuple((other, prices[r]) for other, prices in self._trade_offers() if prices[r] < NO_PRICE
                             ) if self._tradable(r) else ()
            held = self._held.count(RESOURCES[r])
            s = self._supplies[r] = Supply(held, self._workplaces(r), partners, self._imports(r))
        return s

    def _unit(self, r: int) -> tuple[tuple[int, int], ...]:
        """The ways to get one unit of ``r`` (``payment._ways`` for one unit): (the tier of the cube making it, -1
        for none; the trade tokens it costs). A held resource is always the one used."""
        ways = self._units.get(r)
        if ways is None:
            if RESOURCES[r] in self._held:
                ways = _HELD
            elif r in RAW_NEW_WORLD:
                ways = _IMPORTED if self._imports(r) else ()
            else:
                price = self._cheapest[r]
                ways = _made(self._workplaces(r), price if price < NO_PRICE and self._tradable(r) else None)
            self._units[r] = ways
        return ways

    def makers(self) -> dict[int, int]:
        """``Table.makers`` of the table this market reads."""
        return self._table.makers()

    def supplies(self, need: Cost) -> tuple[Supply, ...]:
        return tuple(self.supply(r) for r, _ in group_units(need.units))

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
        found = self._plans.get((need, reserve))
        if found is None:
            means = self._means(reserve)
            found = self._plans[need, reserve] = plans(need, self.supplies(need), means) if means else ()
        return found

    def check(self, need: Cost, reserve: int = -1) -> IllegalMove | None:
        """None if ``need`` can be paid, else why not (worked out only if read)."""
        return None if self.can(need, reserve) else Unpaid(self, need, reserve)

    def can(self, need: Cost, reserve: int = -1) -> bool:
        """Whether ``need`` can be paid (whether ``plans`` finds a way: ``tests/anno1800/test_fast_paths`` holds the
        two equal), found much faster for the costs of the game, whose units are all of different resources
        (``data`` checks it): a search over the few ways of getting each unit (``_unit``), keeping the cubes of each
        tier and the trade tokens within what the player has."""
        if need.mask & self._missing:
            return False
        m = self.means
        if need.gold > m.gold or need.explore > m.explore:
            return False
        cubes = m.cubes
        if reserve < 0 and need.exhaust == NO_CUBES:
            room = [cubes[0], cubes[1], cubes[2], cubes[3], cubes[4]]
        else:
            ex = need.exhaust
            room = [cubes[0] - ex[0], cubes[1] - ex[1], cubes[2] - ex[2], cubes[3] - ex[3], cubes[4] - ex[4]]
            if reserve >= 0:
                room[reserve] -= 1
            for left in room:
                if left < 0:
                    return False
        units = need.units
        if not units:
            return True
        spare = m.explore - need.explore
        budget = m.trade + (spare // 2 if m.beryl and spare > 0 else 0) - need.trade
        if budget < 0:
            return False
        known = self._units
        ways = []
        for r in units:
            unit = known.get(r)
            if unit is None:
                unit = self._unit(r)
            if not unit:
                return False
            ways.append(unit)
        return _fits(ways, 0, room, budget)

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


_HELD = ((-1, 0),)
_IMPORTED = ((-1, 1),)


_MARKETS: dict[MarketKey, Market] = {}
# Few are kept: a market is asked for again within a move (its menu, the check of the move chosen, the forced
# decisions after it) and hardly ever later (10 self-play games make 9 565 markets keeping 16, 9 381 keeping 8 192),
# while the markets kept are objects for Python's garbage collector to go through again and again (its time in
# those games: 0.20 s keeping 8 192, 0.05 s keeping 16, of 1.5 s).
_MARKETS_MAX = 16
# The market returned last: most of the time (70 % of the asks in self-play) the market asked for again, found by
# comparing its key, without hashing the key (all the buildings on the table and the player's workplaces).
_last: list[Market | None] = [None]
_last_table: list[Table | None] = [None]  # the table of the market asked for last


def market_for(state: AnnoState, seat: int) -> Market:
    """The market of ``seat`` in ``state``: the one made already for a state in which everything a market reads is
    the same, else a new one. Self-play asks for the same market several times in a move (for the menu, to check the
    move chosen, for each forced decision after it), and its plans are kept."""
    p = state.seats[seat]
    turn = state.turn
    tables = tuple([tuple(q.buildings) for q in state.seats])
    last_table = _last_table[0]
    if last_table is None or last_table.tables != tables:  # the buildings change a few hundred times a game
        last_table = _last_table[0] = table(tables)
    key = MarketKey(seat, tuple(p.district), p.gold, p.trade_used, p.explore_used, p.card_trade, p.card_explore,
                    tuple(p.work), last_table, tuple(turn.traded), tuple(turn.held), tuple(p.new_world),
                    BERYL in state.objectives)
    last = _last[0]
    if last is not None and last.key == key:
        return last
    market = _MARKETS.get(key)
    if market is None:
        if len(_MARKETS) >= _MARKETS_MAX:
            _MARKETS.clear()
        market = _MARKETS[key] = Market(state, seat, key)
    _last[0] = market
    return market


def _made(workplaces: tuple[tuple[int, int], ...], price: int | None) -> tuple[tuple[int, int], ...]:
    """The ways to get one unit of an Old World resource: made on a free workplace of each tier, or bought at
    ``price`` (None: from nobody)."""
    ways = [(tier, 0) for tier, _ in workplaces]
    if price is not None:
        ways.append((-1, price))
    return tuple(ways)


def _fits(ways: list[tuple[tuple[int, int], ...]], k: int, room: list[int], budget: int) -> bool:
    """Whether units ``k``.. (``k`` < ``len(ways)``) can each be got one of their ``ways`` with the cubes left in
    ``room`` (by tier) and ``budget`` trade tokens (``room`` is restored before returning)."""
    last = k == len(ways) - 1
    for tier, price in ways[k]:
        if tier < 0:
            if price <= budget and (last or _fits(ways, k + 1, room, budget - price)):
                return True
        elif room[tier]:
            if last:
                return True
            room[tier] -= 1
            found = _fits(ways, k + 1, room, budget)
            room[tier] += 1
            if found:
                return True
    return False


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
    return _plus_gold(cost, DECK[deck].gold)


@lru_cache(maxsize=64)
def _plus_gold(cost: Cost, gold: int) -> Cost:
    """``cost`` and ``gold`` more, made once: menus ask for it again and again once a deck is empty."""
    return cost.plus(gold=gold)


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
    if trade:
        from_cards = min(trade, p.card_trade)
        p.card_trade -= from_cards
        p.trade_used += trade - from_cards
        events.append(Event("tokens_spent", {"kind": "trade", "count": trade, "from_cards": from_cards}, seat=seat))
    if explore:
        from_cards = min(explore, p.card_explore)
        p.card_explore -= from_cards
        p.explore_used += explore - from_cards
        events.append(Event("tokens_spent", {"kind": "exploration", "count": explore, "from_cards": from_cards},
                            seat=seat))


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
