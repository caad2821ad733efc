"""Production, trading prices and the cheapest way to pay a cost.

A city produces fixed units (brown and grey cards) and, per construction, one unit of its choice from each choice
producer (Forum, Caravansery, Piraeus, the Great Lighthouse). A missing unit is bought from the bank at
2 + what the opponent's brown and grey cards produce of it, or at 1 with a fixed-price card. Masonry (blue cards)
and Architecture (wonders) waive 2 units. The cheapest payment is found exactly, over every use of the choice
producers; the waived units are then the dearest ones left to buy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple

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


class CityFacts(NamedTuple):
    """What a city's buildings say about its trade, worked out once per list of buildings (``city_facts``)."""

    produced: tuple[int, ...]  # fixed units of the brown and grey cards
    choices: tuple[tuple[int, ...], ...]  # the choice producers among the buildings
    fixed_price: frozenset[int]  # resources bought at 1 coin
    chains: frozenset[str]  # chain symbols
    yellow: int  # yellow buildings (the discard value)


@lru_cache(maxsize=1 << 14)
def city_facts(city: tuple[str, ...]) -> CityFacts:
    produced = [0, 0, 0, 0, 0]
    choices = []
    fixed: set[int] = set()
    chains = set()
    yellow = 0
    for cid in city:
        card = CARDS[cid]
        if card.colour in ("brown", "grey"):
            for i, n in enumerate(card.produces):
                produced[i] += n
        if card.choice:
            choices.append(card.choice)
        fixed.update(card.fixed_price)
        if card.chain_out:
            chains.add(card.chain_out)
        if card.colour == "yellow":
            yellow += 1
    return CityFacts(tuple(produced), tuple(choices), frozenset(fixed), frozenset(chains), yellow)


def fixed_production(player: PlayerState) -> list[int]:
    """Units produced by the player's brown and grey cards (the production that sets the opponent's prices)."""
    return list(city_facts(tuple(player.city)).produced)


def _choices(player: PlayerState, facts: CityFacts) -> tuple[tuple[int, ...], ...]:
    wonders = tuple(WONDERS[w].choice for w in player.built if WONDERS[w].choice)
    return facts.choices + wonders if wonders else facts.choices


def choice_producers(player: PlayerState) -> list[tuple[int, ...]]:
    return list(_choices(player, city_facts(tuple(player.city))))


@lru_cache(maxsize=1 << 12)
def _unit_prices(fixed: frozenset[int], surcharge: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(1 if r in fixed else 2 + surcharge[r] for r in range(5))


def unit_prices(state: DuelState, seat: int) -> list[int]:
    """The price of one unit of each resource for ``seat``."""
    return list(_unit_prices(city_facts(tuple(state.seats[seat].city)).fixed_price,
                             city_facts(tuple(state.seats[1 - seat].city)).produced))


def cheapest_trade(
    need: Units, produced: list[int], choices: list[tuple[int, ...]], prices: list[int], waived: int
) -> int:
    """The fewest coins needed to buy what ``need`` lacks, using every choice producer in the best way."""
    return _cheapest_trade(tuple(need), tuple(produced), tuple(choices), tuple(prices), waived)


@lru_cache(maxsize=1 << 16)
def _cheapest_trade(
    need: Units, produced: tuple[int, ...], choices: tuple[tuple[int, ...], ...], prices: tuple[int, ...], waived: int
) -> int:
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
        facts = city_facts(tuple(player.city))
        self.produced = facts.produced
        self.choices = _choices(player, facts)
        self.prices = _unit_prices(facts.fixed_price, city_facts(tuple(state.seats[1 - seat].city)).produced)
        self.chains = facts.chains
        self.masonry = "masonry" in player.tokens
        self.architecture = "architecture" in player.tokens

    def card(self, card: Card) -> Price:
        if card.chain_in is not None and card.chain_in in self.chains:
            return FREE_BY_CHAIN
        waived = DISCOUNT_UNITS if self.masonry and card.colour == "blue" else 0
        trade = _cheapest_trade(card.cost, self.produced, self.choices, self.prices, waived)
        return _price(card.coins + trade, trade)

    def wonder(self, wonder_id: str) -> Price:
        waived = DISCOUNT_UNITS if self.architecture else 0
        trade = _cheapest_trade(WONDERS[wonder_id].cost, self.produced, self.choices, self.prices, waived)
        return _price(trade, trade)


@lru_cache(maxsize=1024)
def _price(total: int, trade: int) -> Price:
    return Price(total, trade)


def card_price(state: DuelState, seat: int, card: Card) -> Price:
    return Market(state, seat).card(card)


def wonder_price(state: DuelState, seat: int, wonder_id: str) -> Price:
    return Market(state, seat).wonder(wonder_id)


def discard_value(player: PlayerState) -> int:
    return 2 + city_facts(tuple(player.city)).yellow


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
