"""Production, trading markets and every way to pay for a construction.

A city produces: fixed units (brown and grey cards, the wonder's starting resource: all sellable to neighbours),
and one unit a turn of each choice producer (brown A/B cards: sellable; Forum, Caravansery, Alexandria's stages and
resource islands: not sellable). Payments are found by ``rules.wonders.trade`` (the exact Pareto solver); this
module only describes the market and the need, and never solves anything itself. What a turn may do with them,
and at what price, is ``rules.wonders.orders``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

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
from rules.wonders.trade import RESOURCES, Market, Plan, Supplier, payment_plans

if TYPE_CHECKING:  # for annotations only: the orders module builds on this one
    from rules.wonders.orders import Pricer

FLEET_ORDER = sorted(FLEETS)  # colours in notation order (alphabetical): blue, green, red, yellow
_FREE = (Plan(),)


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


@lru_cache(maxsize=1 << 14)
def _production(board: str, side: str, city: tuple[str, ...], stages: int, islands: tuple[str, ...]) -> Production:
    wonder = WONDERS[board]
    fixed = [0] * 7
    fixed[wonder.resource] += 1
    choices: list[tuple[int, ...]] = []
    sellable: list[tuple[int, ...]] = []
    raw_left = raw_right = goods = western = eastern = False
    for cid in city:
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
    return Production(fixed_t, tuple(sorted(choices)), Supplier(fixed_t, tuple(sorted(sellable))), raw_left,
                      raw_right, goods, western, eastern)


def production(player: Player) -> Production:
    return _production(player.board, player.side, tuple(player.city), len(player.stages), tuple(player.islands))


def _prices(raw: bool, goods: bool) -> Res:
    r = 1 if raw else 2
    g = 1 if goods else 2
    return (r, r, r, r, g, g, g)


def market(state: WondersState, seat: int, prods: list[Production] | None = None) -> Market:
    """Everything that prices ``seat``'s purchases this turn (``prods``: every seat's production, if known)."""
    n = state.players
    prod = prods[seat] if prods else production(state.seats[seat])

    def supplier(other: int) -> Supplier:
        return prods[other].sellable if prods else production(state.seats[other]).sellable

    far_left = far_right = None
    far_left_uses = far_right_uses = 0
    if prod.western:
        far_left, far_left_uses = supplier((seat + 2) % n), 2
    if prod.eastern:
        far_right, far_right_uses = supplier((seat - 2) % n), 1
    return Market(
        own_fixed=prod.fixed,
        own_choices=prod.choices,
        left=supplier((seat + 1) % n),
        right=supplier((seat - 1) % n),
        left_prices=_prices(prod.raw_left, prod.goods),
        right_prices=_prices(prod.raw_right, prod.goods),
        far_left=far_left,
        far_right=far_right,
        far_left_uses=far_left_uses,
        far_right_uses=far_right_uses,
        far_shared=prod.western and prod.eastern and (seat + 2) % n == (seat - 2) % n,
    )


# --- facts about a seat ----------------------------------------------------------------------------------------


def stages_of(player: Player) -> tuple[Stage, ...]:
    return WONDERS[player.board].stages(player.side) if player.side else ()


def built_stages(player: Player) -> tuple[Stage, ...]:
    return stages_of(player)[: len(player.stages)]


def has_special(player: Player, special: str) -> bool:
    return any(s.special == special for s in built_stages(player))


def has_island(player: Player, special: str) -> bool:
    return any(ISLANDS[i].special == special for i in player.islands)


def chained(player: Player, card: Card) -> bool:
    return any(c in player.city for c in card.chain_from)


def naval_cost(player: Player, fleet: int) -> NavalCost:
    return BOARDS[player.shipyard].costs[fleet][player.ships[fleet]]


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


def pay_plans(need: Res, naval: NavalCost | None, ancient: bool, pricer: Pricer, budget: int) -> tuple[Plan, ...]:
    """The Pareto frontier of paying ``need`` plus a Naval Construction's resources (Ancient Harbor: one unit of
    the naval part waived, every choice of that unit tried and the frontiers merged).

    The solver is asked for what own fixed production leaves, on a market without own fixed production: the same
    answer (fixed units always pay first, house rule W43), and the solver's memo is then shared by every state
    that differs only in own fixed production."""
    if budget < 0:
        return ()
    total = need if naval is None or not naval.units else add_units(need, naval.resources)
    if not any(total):
        return _FREE
    fixed = pricer.market.own_fixed
    rest = _residual(total, fixed)
    if rest is None:
        return _FREE  # own fixed production covers everything (so also with a unit waived)
    if not ancient or naval is None or not naval.units:
        return payment_plans(rest, pricer.market0, budget)  # type: ignore[arg-type]
    found: dict[tuple[int, int, int, int], Plan] = {}
    for k in range(7):
        if naval.resources[k]:
            less = list(total)
            less[k] -= 1
            waived = _residual(tuple(less), fixed) or NOTHING  # type: ignore[arg-type]
            for plan in payment_plans(waived, pricer.market0, budget):  # type: ignore[arg-type]
                found.setdefault(plan.coins, plan)
    kept: list[Plan] = []
    for coins in sorted(found, key=lambda c: (sum(c), c)):
        if not any(all(a <= b for a, b in zip(k.coins, coins)) for k in kept):
            kept.append(found[coins])
    return tuple(kept)


UNLIMITED = 1 << 20  # a budget no payment reaches


def shortage(need: Res, market: Market) -> Res:
    """The units of ``need`` that cannot be found however the coins are spent: more of a resource than the city
    and every partner could give at most. When each resource alone can be found but not all of them together
    (one card producing either of two), the whole of what own fixed production leaves is missing."""
    supply = list(market.own_fixed)
    partners = [market.left, market.right, market.far_left, market.far_right]
    for choices in (market.own_choices, *(s.choices for s in partners if s is not None)):
        for choice in choices:
            for k in choice:
                supply[k] += 1
    for partner in partners:
        if partner is not None:
            for k, n in enumerate(partner.fixed):
                supply[k] += n
    short = tuple(max(0, n - s) for n, s in zip(need, supply))
    if any(short):
        return short  # type: ignore[return-value]
    return _residual(need, market.own_fixed) or need


def units_text(units: Res) -> str:
    """``(0, 2, 0, 0, 0, 0, 1)`` -> ``"SSP"``: the units as resource letters."""
    return "".join(letter * n for letter, n in zip(RESOURCES, units))




__all__ = ["Production", "production", "market", "pay_plans", "shortage", "units_text", "FLEET_ORDER", "GOODS",
           "RAW"]
