"""Production, trading markets and every way to pay for a construction.

A city produces: fixed units (brown and grey cards, the wonder's starting resource: all sellable to neighbours),
and one unit a turn of each choice producer (brown A/B cards: sellable; Forum, Caravansery, Alexandria's stages and
resource islands: not sellable). Payments are found by ``rules.wonders.trade`` (the exact Pareto solver); this
module only describes the market and the need, and never solves anything itself. What a turn may do with them,
and at what price, is ``rules.wonders.orders``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from rules.wonders.data import (
    BOARDS,
    CARDS,
    FLEETS,
    GOODS,
    ISLANDS,
    NOTHING,
    RAW,
    TOP,
    WONDERS,
    Card,
    NavalCost,
    Res,
    Stage,
)
from rules.wonders.state import Player, WondersState
from rules.wonders.trade import (
    RESOURCES,
    Market,
    MarketPlans,
    Plan,
    Supplier,
    add_packed,
    pack,
    pack_supply,
)

FLEET_ORDER = sorted(FLEETS)  # colours in notation order (alphabetical): blue, green, red, yellow
_FREE = (Plan(),)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Production:
    fixed: Res
    choices: tuple[tuple[int, ...], ...]  # every choice producer (own use)
    sellable: Supplier  # what neighbours (and Emporium users) may buy
    raw_left: bool  # raw materials from the left neighbour at 1 coin
    raw_right: bool
    goods: bool  # manufactured goods from both neighbours at 1 coin
    western: bool  # Western Emporium
    eastern: bool  # Eastern Emporium
    fixed_packed: int = field(default=0, compare=False, repr=False)  # ``fixed``, packed (``trade.pack_supply``)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fixed_packed", pack_supply(self.fixed))


# One object for each production and supplier met (``_production``): cities that grow without changing what they
# produce keep theirs, so the memos keyed on them (``_trading``, ``Supplier.cut``) find them at once.
_INTERNED: dict[object, object] = {}


def _interned(value: T) -> T:
    """The object met first that equals ``value`` (``value`` itself if none)."""
    if len(_INTERNED) >= 1 << 15:
        _INTERNED.clear()
    return _INTERNED.setdefault(value, value)  # type: ignore[return-value]


# The cards that change what a city produces or pays (most of a city does not).
_PRODUCERS = frozenset(cid for cid, card in CARDS.items()
                       if card.produces != NOTHING or card.choice or card.discount or card.emporium)


@lru_cache(maxsize=1 << 14)
def _production(board: str, side: str, producers: tuple[str, ...], stages: int, islands: tuple[str, ...]
                ) -> Production:
    """``production`` of a city whose cards that change it (``_PRODUCERS``) are ``producers``."""
    wonder = WONDERS[board]
    fixed = [0] * 7
    fixed[wonder.resource] += 1
    choices: list[tuple[int, ...]] = []
    sellable: list[tuple[int, ...]] = []
    raw_left = raw_right = goods = western = eastern = False
    for cid in producers:
        card = CARDS[cid]
        if card.produces != NOTHING:
            for k, n in enumerate(card.produces):
                fixed[k] += n
        if card.choice:
            choices.append(card.choice)
            if card.sellable:
                sellable.append(card.choice)
        if card.discount == "raw_left":
            raw_left = True
        elif card.discount == "raw_right":
            raw_right = True
        elif card.discount == "goods_both":
            goods = True
        if card.emporium == "left":
            western = True
        elif card.emporium == "right":
            eastern = True
    if side:
        for stage in wonder.stages(side)[:stages]:
            if stage.choice:
                choices.append(stage.choice)
            if stage.special == "raw_discount":
                raw_left = raw_right = True
    for iid in islands:
        if ISLANDS[iid].choice:
            choices.append(ISLANDS[iid].choice)
    fixed_t: Res = tuple(fixed)  # type: ignore[assignment]
    # Sorted, so that the same production gives the same market whatever the order of construction (the solver
    # memoizes by market).
    return _interned(Production(fixed_t, tuple(sorted(choices)), _interned(Supplier(fixed_t, tuple(sorted(sellable)))),
                                raw_left, raw_right, goods, western, eastern))


def production(player: Player) -> Production:
    """What ``player``'s city produces and how it trades, remembered by the cards that change it only (``_PRODUCERS``):
    a city that grows by a structure of another kind finds its production without working it out again."""
    return _production(player.board, player.side, tuple([c for c in player.city if c in _PRODUCERS]),
                       len(player.stages), tuple(player.islands))


@lru_cache(maxsize=4)
def _prices(raw: bool, goods: bool) -> Res:
    r = 1 if raw else 2
    g = 1 if goods else 2
    return (r, r, r, r, g, g, g)


def trading(state: WondersState, seat: int) -> tuple[Production, MarketPlans]:
    """``seat``'s production, and what it may buy this turn and at what price with the memo of its plans: its
    market without its own fixed production, which pays first (house rule W43: see ``pay_plans``)."""
    n = state.players
    seats = state.seats
    prod = production(seats[seat])
    far_left = production(seats[(seat + 2) % n]).sellable if prod.western else None
    far_right = production(seats[(seat - 2) % n]).sellable if prod.eastern else None
    return prod, _trading(prod.choices, _prices(prod.raw_left, prod.goods), _prices(prod.raw_right, prod.goods),
                          production(seats[(seat + 1) % n]).sellable, production(seats[(seat - 1) % n]).sellable,
                          far_left, far_right, prod.western and prod.eastern and (seat + 2) % n == (seat - 2) % n)


@lru_cache(maxsize=1 << 14)
def _trading(choices: tuple[tuple[int, ...], ...], left_prices: Res, right_prices: Res, left: Supplier,
             right: Supplier, far_left: Supplier | None, far_right: Supplier | None, far_shared: bool) -> MarketPlans:
    """One object for all the turns and seats that trade alike, so that its memo of plans serves them all."""
    return MarketPlans(Market(
        own_fixed=NOTHING,
        own_choices=choices,
        left=left,
        right=right,
        left_prices=left_prices,
        right_prices=right_prices,
        far_left=far_left,
        far_right=far_right,
        far_left_uses=2 if far_left is not None else 0,
        far_right_uses=1 if far_right is not None else 0,
        far_shared=far_shared,
    ))


# --- facts about a seat ----------------------------------------------------------------------------------------


def stages_of(player: Player) -> tuple[Stage, ...]:
    return WONDERS[player.board].stages(player.side) if player.side else ()


def built_stages(player: Player) -> tuple[Stage, ...]:
    return stages_of(player)[: len(player.stages)]


def land_shields(state: WondersState, seat: int) -> int:
    p = state.seats[seat]
    total = sum(CARDS[c].shields for c in p.city)
    total += sum(s.shields for s in built_stages(p))
    total += sum(ISLANDS[i].shields for i in p.islands)
    return total


def has_special(player: Player, special: str) -> bool:
    return any(s.special == special for s in built_stages(player))


def has_island(player: Player, special: str) -> bool:
    return any(ISLANDS[i].special == special for i in player.islands)


def chained(player: Player, card: Card) -> bool:
    """The city holds a structure that makes ``card`` free (asked for every card of every menu: no generator)."""
    city = player.city
    for cid in card.chain_from:
        if cid in city:
            return True
    return False


def naval_cost(player: Player, fleet: int) -> NavalCost:
    return BOARDS[player.shipyard].costs[fleet][player.ships[fleet]]


def construction_fleet(player: Player, action: str, card: str, track: int | None) -> int:
    """The fleet an order's Naval Construction moves: a stage's chosen track (Lost Island) or else the Shipyard's
    wonder track; a structure's own colour."""
    if action == "stage":
        return track if track is not None else BOARDS[player.shipyard].wonder
    fleet = CARDS[card].naval_colour
    assert fleet is not None, card
    return fleet


def open_fleets(player: Player) -> list[str]:
    """The colours of the ships that may still advance (not on the last space), in notation order."""
    return [c for c in FLEET_ORDER if player.ships[FLEETS.index(c)] < TOP]


def revivable(state: WondersState, seat: int) -> list[str]:
    """The cards of the discard pile ``seat`` may build with Halikarnassos: those its city does not hold (each once,
    in the order of the pile)."""
    city = state.seats[seat].city
    return [c for c in dict.fromkeys(state.discard) if c not in city]


def add_units(a: Res, b: Res) -> Res:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


@lru_cache(maxsize=1 << 14)
def _residual(need: Res, fixed: Res) -> Res | None:
    """What own fixed production leaves of ``need``; None if nothing."""
    rest = tuple(n - f if n > f else 0 for n, f in zip(need, fixed))
    return rest if any(rest) else None  # type: ignore[return-value]


def pay_plans(need: Res, naval: NavalCost | None, ancient: bool, fixed: int, trade: MarketPlans,
              budget: int) -> tuple[Plan, ...]:
    """The Pareto frontier of paying ``need`` plus a Naval Construction's resources within ``budget``, with own
    fixed production ``fixed`` (packed) and the market ``trade`` (``MarketPlans.pay``). Ancient Harbor: one unit
    of the naval part waived."""
    if budget < 0:
        return ()
    total = pack(need)
    if naval is not None and naval.units:
        if ancient:
            return _waived_plans(add_units(need, naval.resources), naval.resources, fixed, trade, budget)
        total = add_packed(total, pack(naval.resources))
    if total < 0:
        raise ValueError("a need of more than 15 units of a resource")
    return trade.pay(total, fixed, budget)


def _waived_plans(total: Res, waivable: Res, fixed: int, trade: MarketPlans, budget: int) -> tuple[Plan, ...]:
    """``pay_plans`` of ``total`` with one unit of ``waivable`` waived: every choice of that unit tried and the
    frontiers merged."""
    found: dict[tuple[int, int, int, int], Plan] = {}
    for k in range(7):
        if waivable[k]:
            less = list(total)
            less[k] -= 1
            for plan in pay_plans(tuple(less), None, False, fixed, trade, budget):  # type: ignore[arg-type]
                found.setdefault(plan.coins, plan)
    kept: list[Plan] = []
    for coins in sorted(found, key=lambda c: (sum(c), c)):
        if not any(all(a <= b for a, b in zip(k.coins, coins)) for k in kept):
            kept.append(found[coins])
    return tuple(kept)


UNLIMITED = 1 << 20  # a budget no payment reaches


def shortage(need: Res, fixed: Res, market: Market) -> Res:
    """The units of ``need`` that cannot be found however the coins are spent, with own fixed production ``fixed``
    and ``market`` (``trading``'s): more of a resource than the city and every partner could give at most. When
    each resource alone can be found but not all of them together (one card producing either of two), the whole of
    what own fixed production leaves is missing."""
    supply = add_units(fixed, market.reach())
    short = tuple(max(0, n - s) for n, s in zip(need, supply))
    if any(short):
        return short  # type: ignore[return-value]
    return _residual(need, fixed) or need


def units_text(units: Res) -> str:
    """``(0, 2, 0, 0, 0, 0, 1)`` -> ``"SSP"``: the units as resource letters."""
    return "".join(letter * n for letter, n in zip(RESOURCES, units))




__all__ = ["Production", "production", "trading", "pay_plans", "shortage", "units_text", "FLEET_ORDER", "GOODS",
           "RAW"]
