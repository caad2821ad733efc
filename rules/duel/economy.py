"""Production, trading prices and the cheapest way to pay a cost.

A city produces fixed units (brown and grey cards) and, per construction, one unit of its choice from each choice
producer (Forum, Caravansery, Piraeus, the Great Lighthouse). A missing unit is bought from the bank at
2 + what the opponent's brown and grey cards produce of it, or at 1 with a fixed-price card. Masonry (blue cards)
and Architecture (wonders) waive 2 units. The cheapest payment is found exactly, over every use of the choice
producers; the waived units are then the dearest ones left to buy.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from rules.duel.data import CARDS, GOODS, RAW, WONDERS, Card, Units
from rules.duel.state import DuelState, PlayerState

DISCOUNT_UNITS = 2


@dataclass(frozen=True, slots=True)
class Price:
    """What a construction costs: ``total`` coins, of which ``trade`` go to buying resources."""

    total: int
    trade: int
    chain: bool = False  # free through a chain symbol

    @property
    def free(self) -> bool:
        return self.total == 0


FREE_BY_CHAIN = Price(0, 0, chain=True)


def fixed_production(player: PlayerState) -> list[int]:
    """Units produced by the player's brown and grey cards (the production that sets the opponent's prices)."""
    out = [0, 0, 0, 0, 0]
    for cid in player.city:
        card = CARDS[cid]
        if card.colour in ("brown", "grey"):
            for i, n in enumerate(card.produces):
                out[i] += n
    return out


def choice_producers(player: PlayerState) -> list[tuple[int, ...]]:
    out = [CARDS[cid].choice for cid in player.city if CARDS[cid].choice]
    out.extend(WONDERS[w].choice for w in player.built if WONDERS[w].choice)
    return out


def unit_prices(state: DuelState, seat: int) -> list[int]:
    """The price of one unit of each resource for ``seat``."""
    player = state.seats[seat]
    surcharge = fixed_production(state.seats[1 - seat])
    fixed: set[int] = set()
    for cid in player.city:
        fixed.update(CARDS[cid].fixed_price)
    return [1 if r in fixed else 2 + surcharge[r] for r in range(5)]


def cheapest_trade(
    need: Units, produced: list[int], choices: list[tuple[int, ...]], prices: list[int], waived: int
) -> int:
    """The fewest coins needed to buy what ``need`` lacks, using every choice producer in the best way."""
    missing = [max(0, n - p) for n, p in zip(need, produced)]
    if not any(missing):
        return 0
    useful = [tuple(r for r in c if missing[r]) for c in choices]
    useful = [c for c in useful if c]
    best: int | None = None
    for picks in product(*useful) if useful else [()]:
        left = list(missing)
        for r in picks:
            if left[r]:
                left[r] -= 1
        units = sorted((prices[r] for r in range(5) for _ in range(left[r])), reverse=True)
        cost = sum(units[waived:])
        if best is None or cost < best:
            best = cost
            if best == 0:
                break
    return best or 0


def has_chain(player: PlayerState, symbol: str | None) -> bool:
    return symbol is not None and any(CARDS[c].chain_out == symbol for c in player.city)


class Market:
    """Everything that prices ``seat``'s constructions at this moment, computed once for many look-ups."""

    __slots__ = ("produced", "choices", "prices", "chains", "masonry", "architecture")

    def __init__(self, state: DuelState, seat: int) -> None:
        player = state.seats[seat]
        self.produced = fixed_production(player)
        self.choices = choice_producers(player)
        self.prices = unit_prices(state, seat)
        self.chains = {CARDS[c].chain_out for c in player.city if CARDS[c].chain_out}
        self.masonry = "masonry" in player.tokens
        self.architecture = "architecture" in player.tokens

    def card(self, card: Card) -> Price:
        if card.chain_in is not None and card.chain_in in self.chains:
            return FREE_BY_CHAIN
        waived = DISCOUNT_UNITS if self.masonry and card.colour == "blue" else 0
        trade = cheapest_trade(card.cost, self.produced, self.choices, self.prices, waived)
        return Price(card.coins + trade, trade)

    def wonder(self, wonder_id: str) -> Price:
        waived = DISCOUNT_UNITS if self.architecture else 0
        trade = cheapest_trade(WONDERS[wonder_id].cost, self.produced, self.choices, self.prices, waived)
        return Price(trade, trade)


def card_price(state: DuelState, seat: int, card: Card) -> Price:
    return Market(state, seat).card(card)


def wonder_price(state: DuelState, seat: int, wonder_id: str) -> Price:
    return Market(state, seat).wonder(wonder_id)


def discard_value(player: PlayerState) -> int:
    return 2 + sum(1 for c in player.city if CARDS[c].colour == "yellow")


__all__ = [
    "Price",
    "Market",
    "card_price",
    "wonder_price",
    "discard_value",
    "unit_prices",
    "fixed_production",
    "choice_producers",
    "cheapest_trade",
    "has_chain",
    "RAW",
    "GOODS",
]
