"""A turn's orders: the menu of every legal one with its price (``Pricer.options``) and the check of a typed one
(``Pricer.check``), both asking the same small predicates (``can_ship``, ``advance_choices``, ``stage_ships``,
``free_build_available``...), so the menu and the validation cannot disagree.

An order (a turn's move) is ``<action>:<card>[:ship][:adv_<colour>|:track_<colour>][:<plan>]``:

* ``build:<card>``  build the structure (free by chain if the city holds a predecessor);
* ``free:<card>``   Olympia A's once-an-age free build (the plan then only pays the Naval Construction);
* ``stage:<card>``  build the next wonder stage with that card (tucked face down);
* ``discard:<card>`` 3 coins, or with ``:ship`` (Armada) the free yellow advance instead.

``ship`` adds the optional Naval Construction (the card's colour track for a structure, the Wonder-symbol track for a
stage; with Lost Island the wonder one is free and ``track_<colour>`` names the track); ``adv_<colour>`` is the ship
of a blue Armada card's free advance; ``<plan>`` is ``trade.Plan.notation`` (omitted when nothing is bought).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from random import Random
from typing import NamedTuple

from rules.contract import IllegalMove, Move
from rules.wonders.data import BOARDS, CARDS, DISCARD_COINS, FLEETS, ISLANDS, NOTHING, TOP, YELLOW, Card, NavalCost, Res
from rules.wonders.economy import (
    FLEET_ORDER,
    UNLIMITED,
    Production,
    add_units,
    chained,
    construction_fleet,
    has_special,
    naval_cost,
    pay_plans,
    shortage,
    stages_of,
    trading,
    units_text,
)
from rules.wonders.state import WondersState
from rules.wonders.trade import CACHE_SIZE, MarketPlans, Plan, parse_plan
from rules.wonders.worth import card_worth, coins_worth, stage_worth, step_worth

_ADV = tuple(f"adv_{c}" for c in FLEETS)
_TRACK = tuple(f"track_{c}" for c in FLEETS)
_NO_PLAN = Plan()
_FREE = (_NO_PLAN,)
_ANCIENT = next(i for i, island in ISLANDS.items() if island.special == "ancient")
_LOST = next(i for i, island in ISLANDS.items() if island.special == "lost")
_NO_ADVANCE: tuple[int | None, ...] = (None,)


def _first(pair: tuple[float, str | None]) -> float:
    return pair[0]


@lru_cache(maxsize=4096)
def _suffix(ship: bool, adv: int | None, track: int | None, coins: tuple[int, int, int, int]) -> tuple[str, ...]:
    """The notation parts after the card: ``ship``, ``adv_`` / ``track_``, the plan."""
    parts = []
    if ship:
        parts.append("ship")
    if adv is not None:
        parts.append(_ADV[adv])
    if track is not None:
        parts.append(_TRACK[track])
    if any(coins):
        parts.append(Plan(*coins).notation)
    return tuple(parts)


class Option(NamedTuple):
    """One legal order of a turn, with what it costs (a NamedTuple: ``Pricer`` builds thousands a second)."""

    action: str  # build | free | stage | discard
    card: str
    ship: bool = False
    advance: int | None = None  # the fleet of a blue Armada card's free advance
    track: int | None = None  # the fleet of a Lost Island wonder Naval Construction
    plan: Plan = _NO_PLAN
    bank: int = 0  # coins paid to the bank (card coin cost and naval coin cost)
    chain: bool = False
    gain: int = 0  # discard: coins gained

    @property
    def args(self) -> tuple[str, ...]:
        return (self.card, *_suffix(self.ship, self.advance, self.track, self.plan.coins))

    @property
    def notation(self) -> str:
        return ":".join((self.action, *self.args))

    @property
    def total(self) -> int:
        return self.bank + self.plan.total


# Options that differ only by plan and free advance: ``Option``'s fields with ``advances`` and ``plans`` for
# ``advance`` and ``plan`` (``Pricer._variants``; a plain tuple, as a menu makes dozens).
Variant = tuple[str, str, bool, tuple[int | None, ...], int | None, tuple[Plan, ...], int, bool, int]


@lru_cache(maxsize=CACHE_SIZE)
def _move(action: str, card: str, ship: bool, advance: int | None, track: int | None,
          coins: tuple[int, int, int, int]) -> Move:
    """An option's move: shared, as moves are immutable and ``legal_moves`` lists the same ones turn after turn."""
    return Move(action, (card, *_suffix(ship, advance, track, coins)))


@dataclass(frozen=True, slots=True)
class Order:
    """A turn's move, decoded (ids checked, nothing else)."""

    action: str
    card: str
    ship: bool = False
    advance: int | None = None
    track: int | None = None
    coins: tuple[int, int, int, int] = (0, 0, 0, 0)  # to left, right, far left, far right


@lru_cache(maxsize=1 << 14)
def decode(move: Move) -> Order:
    """The order a turn's move names (ids and flags checked, nothing about the state: each move is read once)."""
    action, args = move.action, move.args
    if not args:
        raise IllegalMove("error.move_arity", action=action, expected=1)
    card = args[0]
    if card not in CARDS:
        raise IllegalMove("wonders.error.unknown_card", name=card)
    ship = False
    advance = track = None
    coins = (0, 0, 0, 0)
    rest = list(args[1:])
    if rest and rest[0] == "ship":
        ship = True
        rest.pop(0)
    if rest and rest[0].startswith(("adv_", "track_")):
        word, _, colour = rest.pop(0).partition("_")
        if colour not in FLEETS:
            raise IllegalMove("wonders.error.unknown_colour", name=colour)
        if word == "adv":
            advance = FLEETS.index(colour)
        else:
            track = FLEETS.index(colour)
    if rest:
        parsed = parse_plan(rest.pop(0))
        if parsed is None or parsed == (0, 0, 0, 0):
            raise IllegalMove("wonders.error.bad_plan", plan=args[-1])
        coins = parsed
    if rest:
        raise IllegalMove("error.move_arity", action=action, expected=len(args) - len(rest))
    if action == "discard" and (advance is not None or track is not None or coins != (0, 0, 0, 0)):
        raise IllegalMove("error.move_arity", action=action, expected=2)
    if action != "stage" and track is not None:
        raise IllegalMove("wonders.error.track_not_allowed")
    if action == "stage" and advance is not None:
        raise IllegalMove("wonders.error.advance_not_allowed", card=card)
    return Order(action, card, ship, advance, track, coins)


@lru_cache(maxsize=1 << 14)
def decode_notation(text: str) -> Order:
    """``decode`` of a recorded order's notation (``Player.order``)."""
    return decode(Move.parse(text))


class Pricer:
    """Prices ``seat``'s constructions at this moment (the market and own facts computed once)."""

    __slots__ = ("state", "seat", "player", "stages", "_production", "_trade", "armada", "ancient", "lost")

    def __init__(self, state: WondersState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.player = state.seats[seat]
        self.stages = stages_of(self.player)  # the wonder's stages, built or not
        self._production: Production | None = None
        self._trade: MarketPlans | None = None
        self.armada = state.options.armada
        islands = self.player.islands
        self.ancient = self.armada and _ANCIENT in islands
        self.lost = self.armada and _LOST in islands

    def trading(self) -> tuple[Production, MarketPlans]:
        """Own production and the market with its plans (``economy.trading``), found on first use (a discard or a
        free build needs none)."""
        if self._trade is None:
            self._production, self._trade = trading(self.state, self.seat)
        return self._production, self._trade  # type: ignore[return-value]

    def plans(self, need: Res, naval: NavalCost | None, budget: int) -> tuple[Plan, ...]:
        """``economy.pay_plans`` for this seat: its own fixed production and its market."""
        prod, trade = self._production, self._trade
        if prod is None or trade is None:
            prod, trade = self.trading()
        return pay_plans(need, naval, self.ancient, prod.fixed_packed, trade, budget)

    # What each kind of construction costs, and its plans. ``ship``: with the Naval Construction.
    def card_need(self, card: Card, ship: bool, free: bool = False) -> tuple[Res, NavalCost | None, int, bool]:
        """(resources, naval cost, bank coins, chain) of building ``card`` (``free``: with Olympia A)."""
        p = self.player
        chain = chained(p, card)
        waived = chain or free
        need = NOTHING if waived else card.cost
        bank = 0 if waived else card.coins
        naval = None
        if ship:
            naval = naval_cost(p, FLEETS.index(card.colour))
            bank += naval.coins
        return need, naval, bank, chain

    def stage_need(self, ship: bool) -> tuple[Res, NavalCost | None, int]:
        """(resources, naval cost, bank coins) of building the next wonder stage."""
        p = self.player
        stage = self.stages[len(p.stages)]
        naval = None
        bank = 0
        if ship and not self.lost:
            naval = naval_cost(p, BOARDS[p.shipyard].wonder)
            bank = naval.coins
        return stage.cost, naval, bank

    def card_plans(self, card: Card, ship: bool, free: bool = False) -> tuple[int, tuple[Plan, ...], bool]:
        """(bank coins, plans, chain) of building ``card`` (``free``: with Olympia A)."""
        need, naval, bank, chain = self.card_need(card, ship, free)
        return bank, self.plans(need, naval, self.player.coins - bank), chain

    def stage_plans(self, ship: bool) -> tuple[int, tuple[Plan, ...]]:
        need, naval, bank = self.stage_need(ship)
        return bank, self.plans(need, naval, self.player.coins - bank)

    def unpayable(self, order: Order) -> IllegalMove:
        """Why nothing pays for ``order``: the coins it takes at the cheapest (and what the player has), or the
        resources that neither the city nor any trading partner can supply."""
        if order.action == "stage":
            need, naval, bank = self.stage_need(order.ship)
        else:
            need, naval, bank, _chain = self.card_need(CARDS[order.card], order.ship, order.action == "free")
        params: dict[str, object] = {"card": order.card, "stage": order.action == "stage"}
        at_any_price = self.plans(need, naval, UNLIMITED)
        if at_any_price:
            params.update(needed=bank + min(plan.total for plan in at_any_price), coins=self.player.coins)
        else:
            total = need if naval is None else add_units(need, naval.resources)
            prod, trade = self.trading()
            params["missing"] = units_text(shortage(total, prod.fixed, trade.market))
        return IllegalMove("wonders.error.cannot_pay", **params)

    # --- what may be done: the predicates that both ``_variants`` (the menu) and ``check`` (a typed order) ask ---
    def unbuilt(self, cid: str) -> bool:
        """The city holds no structure of that name (a second copy may never be built)."""
        return cid not in self.player.city

    def can_ship(self, card: Card) -> bool:
        """The Naval Construction of a structure: Armada, a card with a ship track, its ship not at the top."""
        fleet = card.naval_colour
        return self.armada and fleet is not None and self.player.ships[fleet] < TOP

    def can_ship_discard(self) -> bool:
        """A discard that advances the yellow ship instead of taking coins (Armada)."""
        return self.armada and self.player.ships[YELLOW] < TOP

    def advance_choices(self, card: Card, ship: bool) -> tuple[int | None, ...]:
        """The fleets a blue Armada card's free advance may move (after its own paid advance); [None] if none."""
        if not card.advance:
            return _NO_ADVANCE
        ships = list(self.player.ships)
        if ship:
            ships[FLEETS.index(card.colour)] += 1
        return tuple(FLEETS.index(c) for c in FLEET_ORDER if ships[FLEETS.index(c)] < TOP) or _NO_ADVANCE

    def has_stage_left(self) -> bool:
        return len(self.player.stages) < len(self.stages)

    def stage_ships(self) -> list[tuple[bool, int | None]]:
        """(ship, track) variants of a wonder stage: without a ship, and with the Naval Construction on the
        Shipyard's wonder track (or, with Lost Island, on any track not at the top)."""
        out: list[tuple[bool, int | None]] = [(False, None)]
        if not self.armada:
            return out
        if self.lost:
            out += [(True, FLEETS.index(c)) for c in FLEET_ORDER if self.player.ships[FLEETS.index(c)] < TOP]
        elif self.player.ships[BOARDS[self.player.shipyard].wonder] < TOP:
            out.append((True, None))
        return out

    def free_build_available(self) -> bool:
        """Olympia A's free build: its stage built, not yet used this age."""
        p = self.player
        return not p.free_used and has_special(p, "free_build")

    def waives_something(self, card: Card) -> bool:
        """A free build must spare a cost: not a structure already free by chain, nor one that costs nothing."""
        return not chained(self.player, card) and bool(card.coins or any(card.cost))

    # --- the menu ---------------------------------------------------------------------------------------------
    def options(self) -> list[Option]:
        """Every legal order, card by card (build, free, stage, discard), each plan a separate option, cheapest
        first within each kind."""
        return [Option(action, card, ship, adv, track, plan, bank, chain, gain)
                for action, card, ship, advances, track, plans, bank, chain, gain in self._variants()
                for plan in plans for adv in advances]

    def moves(self) -> list[Move]:
        """``options()`` as moves only (the fast path of ``legal_moves``: no option is built)."""
        return [_move(action, card, ship, adv, track, plan.coins)
                for action, card, ship, advances, track, plans, _bank, _chain, _gain in self._variants()
                for plan in plans for adv in advances]

    def _variants(self) -> list[Variant]:
        """``options()`` grouped in variants (``Variant``), in menu order."""
        out: list[Variant] = []
        stages = self._stage_options()
        free_ok = self.free_build_available()
        ship_discard = self.can_ship_discard()
        for cid in dict.fromkeys(self.player.hand):  # a second copy in the hand gives the same options
            if self.unbuilt(cid):
                self._builds(out, CARDS[cid], free_ok)
            out += [("stage", cid, ship, _NO_ADVANCE, track, plans, bank, False, 0)
                    for ship, track, plans, bank in stages]
            out.append(("discard", cid, False, _NO_ADVANCE, None, _FREE, 0, False, DISCARD_COINS))
            if ship_discard:
                out.append(("discard", cid, True, _NO_ADVANCE, None, _FREE, 0, False, 0))
        return out

    def _builds(self, out: list[Variant], card: Card, free_ok: bool) -> None:
        """The variants that build ``card`` (not yet in the city), in menu order: paid, then with Olympia's free
        build (``free_ok``: ``free_build_available``)."""
        ships = (False, True) if self.can_ship(card) else (False,)
        self._build_options(out, card, ships)
        if free_ok and self.waives_something(card):
            self._free_options(out, card, ships)

    def playout_move(self, rng: Random, spread: float) -> Move:
        """A move for the search's playouts (``WondersGame.playout_move``), found without pricing the whole hand: the
        builds of the hand's cards and the next stage are tried by their worth to the city (``worth``) plus a random
        share of up to ``spread`` points, and the first that can be paid gives the move: the variant (with or
        without the Naval Construction, Olympia's free build) whose ship's step is worth most beside its coins
        (``_variant_worth``), give or take ``spread`` again, then one of its plans alike and a blue card's advance
        by its step. A stage takes the card worth least, which a discard (for coins, or with Armada for the yellow
        ship, by the same comparison) gives up only when nothing can be played, as ``WondersGame.waives`` says."""
        p = self.player
        worths = {cid: card_worth(self.state, self.seat, cid) for cid in p.hand}
        tries: list[tuple[float, str | None]] = [(w + spread * rng.random(), cid) for cid, w in worths.items()]
        if self.has_stage_left():  # its plans are found only if it comes first of what can be paid
            tries.append((stage_worth(self.stages[len(p.stages)]) + spread * rng.random(), None))
        tries.sort(key=_first, reverse=True)
        least = min(worths, key=worths.__getitem__)
        free_ok = self.free_build_available()
        out: list[Variant] = []
        for _worth, cid in tries:
            if cid is None:
                out += [("stage", least, ship, _NO_ADVANCE, track, plans, bank, False, 0)
                        for ship, track, plans, bank in self._stage_options()]
            elif self.unbuilt(cid):
                self._builds(out, CARDS[cid], free_ok)
            if out:
                variant = max(out, key=lambda v: self._variant_worth(v) + spread * rng.random())
                action, card, ship, advances, track, plans, _bank, _chain, _gain = variant
                plan = plans[rng.randrange(len(plans))]
                return _move(action, card, ship, self._playout_advance(advances, card, ship, rng, spread), track,
                             plan.coins)
        ship = (self.can_ship_discard() and step_worth(p.ships, YELLOW) + spread * rng.random()
                > coins_worth(DISCARD_COINS) + spread * rng.random())
        return _move("discard", least, ship, None, None, _NO_PLAN.coins)

    def _variant_worth(self, variant: Variant) -> float:
        """A variant's worth beside the others of its card or stage: its Naval Construction's step, less what it
        costs in coins (the cheapest plan's)."""
        action, card, ship, _advances, track, plans, bank, _chain, _gain = variant
        worth = -coins_worth(bank + plans[0].total)
        if ship:
            worth += step_worth(self.player.ships, construction_fleet(self.player, action, card, track))
        return worth

    def _playout_advance(self, advances: tuple[int | None, ...], card: str, ship: bool, rng: Random,
                         spread: float) -> int | None:
        """A blue Armada card's free advance in a playout: the fleet whose step looks worth most, give or take
        ``spread``, once the card's own Naval Construction (``ship``) has moved its ship."""
        if len(advances) == 1:
            return advances[0]
        ships = list(self.player.ships)
        if ship:
            ships[construction_fleet(self.player, "build", card, None)] += 1
        return max(advances, key=lambda f: (step_worth(ships, f) if f is not None else 0.0) + spread * rng.random())

    def _build_options(self, out: list[Variant], card: Card, ships: tuple[bool, ...]) -> None:
        cheapest = None
        for ship in ships:
            if ship and (cheapest is None or cheapest > self.player.coins):
                break  # a larger need cannot be cheaper: the card alone is already unaffordable
            bank, plans, chain = self.card_plans(card, ship)
            if plans:
                if not ship:
                    cheapest = bank + plans[0].total
                out.append(("build", card.id, ship, self.advance_choices(card, ship), None, plans, bank, chain, 0))

    def _free_options(self, out: list[Variant], card: Card, ships: tuple[bool, ...]) -> None:
        for ship in ships:
            bank, plans, _chain = self.card_plans(card, ship, free=True)
            if plans:
                out.append(("free", card.id, ship, self.advance_choices(card, ship), None, plans, bank, False, 0))

    def _stage_options(self) -> list[tuple[bool, int | None, tuple[Plan, ...], int]]:
        """(ship, track, plans, bank) of the next stage, whatever card is tucked under it."""
        out: list[tuple[bool, int | None, tuple[Plan, ...], int]] = []
        if not self.has_stage_left():
            return out
        for ship, track in self.stage_ships():
            if ship and not out:
                break  # the stage alone is already unaffordable
            bank, plans = self.stage_plans(ship)
            if plans:
                out.append((ship, track, plans, bank))
        return out

    # --- checking an order: the same predicates, each refusal naming the one that failed -----------------------
    def check(self, order: Order) -> Option:
        """The option an order names, or IllegalMove saying why it is not one."""
        if order.card not in self.player.hand:
            raise IllegalMove("wonders.error.card_not_in_hand", card=order.card)
        if order.action == "discard":
            return self._check_discard(order)
        if order.action == "stage":
            return self._check_stage(order)
        return self._check_build(order)

    def _check_discard(self, order: Order) -> Option:
        if not order.ship:
            return Option("discard", order.card, gain=DISCARD_COINS)
        if not self.can_ship_discard():
            raise self._no_ship(YELLOW)
        return Option("discard", order.card, ship=True)

    def _check_stage(self, order: Order) -> Option:
        if not self.has_stage_left():
            raise IllegalMove("wonders.error.no_stage_left")
        if (order.ship, order.track) not in self.stage_ships():
            raise self._stage_ship_refusal(order)
        bank, plans = self.stage_plans(order.ship)
        return Option("stage", order.card, order.ship, None, order.track, self._plan(plans, order), bank)

    def _check_build(self, order: Order) -> Option:
        cid, free = order.card, order.action == "free"
        card = CARDS[cid]
        if not self.unbuilt(cid):
            raise IllegalMove("wonders.error.already_built", card=cid)
        if free and not self.free_build_available():
            raise IllegalMove("wonders.error.free_build_used" if has_special(self.player, "free_build")
                              else "wonders.error.no_free_build")
        if free and not self.waives_something(card):
            raise IllegalMove("wonders.error.nothing_to_waive", card=cid)
        if order.ship and not self.can_ship(card):
            if self.armada and card.naval_colour is None:
                raise IllegalMove("wonders.error.naval_not_allowed", card=cid, colour=card.colour)
            raise self._no_ship(card.naval_colour)
        if order.advance not in self.advance_choices(card, order.ship):
            if order.advance is None:
                raise IllegalMove("wonders.error.advance_needed", card=cid)
            if not card.advance:
                raise IllegalMove("wonders.error.advance_not_allowed", card=cid)
            raise IllegalMove("wonders.error.ship_at_top", colour=FLEETS[order.advance])
        bank, plans, chain = self.card_plans(card, order.ship, free)
        return Option(order.action, cid, order.ship, order.advance, None, self._plan(plans, order), bank, chain)

    def _stage_ship_refusal(self, order: Order) -> IllegalMove:
        """Why a stage's (ship, track) is none of ``stage_ships``."""
        if not order.ship:
            return IllegalMove("wonders.error.track_not_allowed")
        if not self.armada:
            return IllegalMove("wonders.error.no_armada")
        if self.lost:
            return IllegalMove("wonders.error.track_needed") if order.track is None else self._no_ship(order.track)
        if order.track is not None:
            return IllegalMove("wonders.error.track_not_allowed")
        return self._no_ship(BOARDS[self.player.shipyard].wonder)

    def _no_ship(self, fleet: int | None) -> IllegalMove:
        """Why a Naval Construction on ``fleet`` is refused: no Armada, else its ship is at the top."""
        if not self.armada or fleet is None:
            return IllegalMove("wonders.error.no_armada")
        return IllegalMove("wonders.error.ship_at_top", colour=FLEETS[fleet])

    def _plan(self, plans: tuple[Plan, ...], order: Order) -> Plan:
        if not plans:
            raise self.unpayable(order)
        for plan in plans:
            if plan.coins == order.coins:
                return plan
        raise IllegalMove("wonders.error.no_such_plan", card=order.card,
                          plans=[p.notation for p in plans])


__all__ = ["Option", "Order", "Pricer", "decode", "decode_notation"]
