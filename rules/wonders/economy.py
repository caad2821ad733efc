"""Production, trading markets and every way to pay for a construction (the turn's options).

A city produces: fixed units (brown and grey cards, the wonder's starting resource: all sellable to neighbours),
and one unit a turn of each choice producer (brown A/B cards: sellable; Forum, Caravansery, Alexandria's stages and
resource islands: not sellable). Payments are found by ``rules.wonders.trade`` (the exact Pareto solver); this
module only describes the market and the need, and never solves anything itself.

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

from rules.contract import IllegalMove, Move
from rules.wonders.data import (
    CARDS,
    FLEETS,
    GOODS,
    ISLANDS,
    NOTHING,
    RAW,
    TOP,
    WONDERS,
    BOARDS,
    DISCARD_COINS,
    Card,
    NavalCost,
    Res,
    Stage,
)
from rules.wonders.state import Player, WondersState
from rules.wonders.trade import Market, Plan, Supplier, parse_plan, payment_plans

FLEET_ORDER = sorted(FLEETS)  # colours in notation order (alphabetical): blue, green, red, yellow
_ADV = tuple(f"adv_{c}" for c in FLEETS)
_TRACK = tuple(f"track_{c}" for c in FLEETS)
_FREE = (Plan(),)
_NO_PLAN = Plan()
_ANCIENT = next(i for i, island in ISLANDS.items() if island.special == "ancient")
_LOST = next(i for i, island in ISLANDS.items() if island.special == "lost")
_NO_ADVANCE: list[int | None] = [None]


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


def _add(a: Res, b: Res) -> Res:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


@lru_cache(maxsize=1 << 14)
def _residual(need: Res, fixed: Res) -> Res | None:
    """What own fixed production leaves of ``need``; None if nothing."""
    rest = tuple(n - f if n > f else 0 for n, f in zip(need, fixed))
    return rest if any(rest) else None  # type: ignore[return-value]


def _plans(need: Res, naval: NavalCost | None, ancient: bool, pricer: Pricer, budget: int) -> tuple[Plan, ...]:
    """The Pareto frontier of paying ``need`` plus a Naval Construction's resources (Ancient Harbor: one unit of
    the naval part waived, every choice of that unit tried and the frontiers merged).

    The solver is asked for what own fixed production leaves, on a market without own fixed production: the same
    answer (fixed units always pay first, house rule W43), and the solver's memo is then shared by every state
    that differs only in own fixed production."""
    if budget < 0:
        return ()
    total = need if naval is None or not naval.units else _add(need, naval.resources)
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


# --- options ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option:
    """One legal order of a turn, with what it costs."""

    action: str  # build | free | stage | discard
    card: str
    ship: bool = False
    advance: int | None = None  # the fleet of a blue Armada card's free advance
    track: int | None = None  # the fleet of a Lost Island wonder Naval Construction
    plan: Plan = Plan()
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

    def move(self) -> Move:
        return Move(self.action, self.args)


@dataclass(frozen=True, slots=True)
class Order:
    """A turn's move, decoded (ids checked, nothing else)."""

    action: str
    card: str
    ship: bool = False
    advance: int | None = None
    track: int | None = None
    coins: tuple[int, int, int, int] = (0, 0, 0, 0)  # to left, right, far left, far right


def decode(move: Move) -> Order:
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


class Pricer:
    """Prices ``seat``'s constructions at this moment (the market and own facts computed once)."""

    __slots__ = ("state", "seat", "player", "_market", "_market0", "_prods", "armada", "ancient", "lost")

    def __init__(self, state: WondersState, seat: int, prods: list[Production] | None = None) -> None:
        self.state = state
        self.seat = seat
        self.player = state.seats[seat]
        self._market: Market | None = None
        self._market0: Market | None = None
        self._prods = prods
        self.armada = state.options.armada
        islands = self.player.islands
        self.ancient = self.armada and _ANCIENT in islands
        self.lost = self.armada and _LOST in islands

    @property
    def market(self) -> Market:
        """Built on first use (a discard or a free build needs none)."""
        if self._market is None:
            self._market = market(self.state, self.seat, self._prods)
        return self._market

    @property
    def market0(self) -> Market:
        """The market without own fixed production (see ``_plans``)."""
        if self._market0 is None:
            m = self.market
            self._market0 = Market(NOTHING, m.own_choices, m.left, m.right, m.left_prices, m.right_prices,
                                   m.far_left, m.far_right, m.far_left_uses, m.far_right_uses, m.far_price,
                                   m.far_shared)
        return self._market0

    # The plans of each kind of construction. ``ship``: with the Naval Construction.
    def card_plans(self, card: Card, ship: bool, free: bool = False) -> tuple[int, tuple[Plan, ...], bool]:
        """(bank coins, plans, chain) of building ``card`` (``free``: with Olympia A)."""
        p = self.player
        chain = chained(p, card)
        waived = chain or free
        need = NOTHING if waived else card.cost
        bank = 0 if waived else card.coins
        naval = None
        if ship:
            naval = naval_cost(p, FLEETS.index(card.colour))
            bank += naval.coins
        return bank, _plans(need, naval, self.ancient, self, p.coins - bank), chain

    def stage_plans(self, ship: bool) -> tuple[int, tuple[Plan, ...]]:
        p = self.player
        stage = stages_of(p)[len(p.stages)]
        naval = None
        bank = 0
        if ship and not self.lost:
            naval = naval_cost(p, BOARDS[p.shipyard].wonder)
            bank = naval.coins
        return bank, _plans(stage.cost, naval, self.ancient, self, p.coins - bank)

    # --- what may be done -------------------------------------------------------------------------------------
    def can_ship(self, card: Card) -> bool:
        fleet = card.naval_colour
        return self.armada and fleet is not None and self.player.ships[fleet] < TOP

    def advance_choices(self, card: Card, ship: bool) -> list[int | None]:
        """The fleets a blue Armada card's free advance may move (after its own paid advance); [None] if none."""
        if not card.advance:
            return [None]
        ships = list(self.player.ships)
        if ship:
            ships[FLEETS.index(card.colour)] += 1
        out: list[int | None] = [FLEETS.index(c) for c in FLEET_ORDER if ships[FLEETS.index(c)] < TOP]
        return out or [None]

    def stage_ships(self) -> list[tuple[bool, int | None]]:
        """(ship, track) variants of a wonder stage."""
        out: list[tuple[bool, int | None]] = [(False, None)]
        if not self.armada:
            return out
        if self.lost:
            out += [(True, FLEETS.index(c)) for c in FLEET_ORDER if self.player.ships[FLEETS.index(c)] < TOP]
        elif self.player.ships[BOARDS[self.player.shipyard].wonder] < TOP:
            out.append((True, None))
        return out

    def free_build_available(self) -> bool:
        p = self.player
        return not p.free_used and has_special(p, "free_build")

    def options(self) -> list[Option]:
        """Every legal order, card by card (build, free, stage, discard), each plan a separate option, cheapest
        first within each kind."""
        return [Option(*raw) for raw in self._enumerate()]

    def moves(self) -> list[Move]:
        """``options()`` as moves only (the fast path of ``legal_moves``)."""
        out = []
        for action, cid, ship, adv, track, plan, _bank, _chain, _gain in self._enumerate():
            out.append(Move(action, (cid, *_suffix(ship, adv, track, plan.coins))))
        return out

    def _enumerate(self) -> list[tuple]:
        """The options as tuples of ``Option``'s fields."""
        p = self.player
        out: list[tuple] = []
        seen: set[str] = set()
        has_stage = len(p.stages) < len(stages_of(p))
        stage_variants: list[list[tuple]] = []
        if has_stage:
            for ship, track in self.stage_ships():
                if ship and not stage_variants[0]:
                    break  # the stage alone is already unaffordable
                bank, plans = self.stage_plans(ship)
                stage_variants.append([(ship, None, track, plan, bank, False, 0) for plan in plans])
        stage_options = [o for variant in stage_variants for o in variant]
        free_ok = self.free_build_available()
        yellow_ok = self.armada and p.ships[1] < TOP
        city = p.city
        coins = p.coins
        for cid in p.hand:
            if cid in seen:
                continue
            seen.add(cid)
            card = CARDS[cid]
            if cid not in city:
                ships = (False, True) if self.can_ship(card) else (False,)
                cheapest = None
                for ship in ships:
                    if ship and (cheapest is None or cheapest > coins):
                        break  # a larger need cannot be cheaper: the card alone is already unaffordable
                    bank, plans, chain = self.card_plans(card, ship)
                    if plans:
                        if not ship:
                            cheapest = bank + plans[0].total
                        advances = self.advance_choices(card, ship) if card.advance else _NO_ADVANCE
                        for plan in plans:
                            for adv in advances:
                                out.append(("build", cid, ship, adv, None, plan, bank, chain, 0))
                if free_ok and not chained(p, card) and (card.coins or any(card.cost)):
                    for ship in ships:
                        bank, plans, _ = self.card_plans(card, ship, free=True)
                        advances = self.advance_choices(card, ship) if card.advance else _NO_ADVANCE
                        for plan in plans:
                            for adv in advances:
                                out.append(("free", cid, ship, adv, None, plan, bank, False, 0))
            for o in stage_options:
                out.append(("stage", cid, *o))
            out.append(("discard", cid, False, None, None, _NO_PLAN, 0, False, DISCARD_COINS))
            if yellow_ok:
                out.append(("discard", cid, True, None, None, _NO_PLAN, 0, False, 0))
        return out

    def check(self, order: Order) -> Option:
        """The option an order names, or IllegalMove saying why it is not one (everything re-checked)."""
        p = self.player
        cid = order.card
        card = CARDS[cid]
        if cid not in p.hand:
            raise IllegalMove("wonders.error.card_not_in_hand", card=cid)
        if order.action == "discard":
            if order.ship:
                if not self.armada:
                    raise IllegalMove("wonders.error.no_armada")
                if p.ships[1] >= TOP:
                    raise IllegalMove("wonders.error.ship_at_top", colour="yellow")
                return Option("discard", cid, ship=True)
            return Option("discard", cid, gain=DISCARD_COINS)
        if order.action == "stage":
            if len(p.stages) >= len(stages_of(p)):
                raise IllegalMove("wonders.error.no_stage_left")
            track = None
            if order.ship:
                if not self.armada:
                    raise IllegalMove("wonders.error.no_armada")
                if self.lost:
                    if order.track is None:
                        raise IllegalMove("wonders.error.track_needed")
                    track = order.track
                    fleet = track
                else:
                    if order.track is not None:
                        raise IllegalMove("wonders.error.track_not_allowed")
                    fleet = BOARDS[p.shipyard].wonder
                if p.ships[fleet] >= TOP:
                    raise IllegalMove("wonders.error.ship_at_top", colour=FLEETS[fleet])
            elif order.track is not None:
                raise IllegalMove("wonders.error.track_not_allowed")
            bank, plans = self.stage_plans(order.ship)
            return Option("stage", cid, order.ship, None, track, self._plan(plans, order), bank)
        # build / free
        if cid in p.city:
            raise IllegalMove("wonders.error.already_built", card=cid)
        free = order.action == "free"
        if free:
            if not has_special(p, "free_build"):
                raise IllegalMove("wonders.error.no_free_build")
            if p.free_used:
                raise IllegalMove("wonders.error.free_build_used")
            if chained(p, card) or not (card.coins or any(card.cost)):
                raise IllegalMove("wonders.error.nothing_to_waive", card=cid)
        if order.ship:
            if not self.armada:
                raise IllegalMove("wonders.error.no_armada")
            if card.naval_colour is None:
                raise IllegalMove("wonders.error.naval_not_allowed", card=cid, colour=card.colour)
            if p.ships[card.naval_colour] >= TOP:
                raise IllegalMove("wonders.error.ship_at_top", colour=card.colour)
        advances = self.advance_choices(card, order.ship)
        if order.advance is None:
            if advances != [None]:
                raise IllegalMove("wonders.error.advance_needed", card=cid)
        elif order.advance not in advances:
            if not card.advance:
                raise IllegalMove("wonders.error.advance_not_allowed", card=cid)
            raise IllegalMove("wonders.error.ship_at_top", colour=FLEETS[order.advance])
        bank, plans, chain = self.card_plans(card, order.ship, free)
        return Option(order.action, cid, order.ship, order.advance, None, self._plan(plans, order), bank, chain)

    def _plan(self, plans: tuple[Plan, ...], order: Order) -> Plan:
        if not plans:
            raise IllegalMove("wonders.error.cannot_pay", card=order.card)
        for plan in plans:
            if plan.coins == order.coins:
                return plan
        raise IllegalMove("wonders.error.no_such_plan", card=order.card,
                          plans=[p.notation for p in plans])


__all__ = ["Production", "production", "market", "Pricer", "Option", "Order", "decode", "GOODS", "RAW"]
