"""Paying a resource cost in 7 Wonders (base game + Armada): every Pareto-best way to share the coins out.

A cost (the ``need``, a unit count per resource W S C O G L P) is covered unit by unit, each unit by exactly one of:
the player's own fixed production (brown/grey cards, the wonder's starting resource), one of their own choice
producers (one unit of one resource of its set: A/B cards, Caravansery, Forum, Alexandria, resource islands), a
purchase from the left or right neighbour (1 or 2 coins per unit by side and resource), or an Emporium purchase
from the player two seats away (Armada B.11: 1 coin; 1 unit a turn from the far right with the Eastern Emporium, 2
from the far left with the Western Emporium). Only a partner's *sellable* production can be bought (its brown and
grey cards and its wonder's starting resource, described by a ``Supplier``), and each of its units or A/B cards at
most once by this buyer this turn (A.6). Naval Construction (B.6) is simply added to the card's need by the caller.

Who receives the coins is a strategic choice, so the answer is the Pareto frontier of coin vectors (left, right,
far left, far right) within the budget, each plan with one witness of what is bought from whom. A Pareto-best plan
never buys a unit that the player's own unused production could cover (house rule W43): such a purchase could be
dropped, which pays one partner strictly less.

Method: own fixed production is subtracted first; the own choice producers then leave one of a few *minimal*
residual needs (the maximal vectors they can cover, found by a pruned pass over the producers). Each residual is
split between the far partners (at most a few units) and the two neighbours, whose coverable sets are also kept as
their maximal vectors; the left/right split keeps only its 2-D frontier, and the union is reduced to the 4-D
frontier. Vectors are packed 5 bits a resource into one int, so that ``a <= b`` componentwise is one subtraction.

Speed: ``payment_plans`` is memoized on (need, market), and markets hash once (``hash_``). When no choice producer
offers two needed resources and no far partner sells, the answer is one split (``_fixed_frontier``), the same plans
as the general path. The engine asks a ``MarketPlans`` instead: one per market met, memoizing its plans by need,
and finding them from only what they depend on (the market cut down to the needed resources and units, and without
far partners, the neighbours' part of each residual need alone), memoized across markets, so that markets that
differ elsewhere share their plans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

Res = tuple[int, int, int, int, int, int, int]
Coins = tuple[int, int, int, int]
Witness = tuple[int, int, int, int]  # packed vectors bought from the left, right, far left, far right

RESOURCES = "WSCOGLP"
RAW = (0, 1, 2, 3)
GOODS = (4, 5, 6)
NOTHING: Res = (0, 0, 0, 0, 0, 0, 0)
PARTNERS = ("left", "right", "far_left", "far_right")
CACHE_SIZE = 2**16

# Packed vectors: resource k in bits 5k..5k+4; 4 value bits (0..15) and a guard bit (16).
_WIDTH = 5
_MAX_UNITS = 15
_UNIT = tuple(1 << (_WIDTH * k) for k in range(7))
_GUARD = sum(16 << (_WIDTH * k) for k in range(7))
_VALUES = sum(15 << (_WIDTH * k) for k in range(7))


def _pack(units: tuple[int, ...]) -> int:
    """Unit counts packed 5 bits a resource (see ``_WIDTH``); -1 when a count does not fit (more than 15)."""
    packed = 0
    for k, n in enumerate(units):
        if not 0 <= n <= _MAX_UNITS:
            return -1
        packed += n << (_WIDTH * k)
    return packed


class _Packed(dict):
    """``_pack``, remembered (needs are a few vectors used again and again): a look-up packs what it misses."""

    def __missing__(self, units: tuple[int, ...]) -> int:
        if len(self) >= 4096:
            self.clear()
        packed = self[units] = _pack(units)
        return packed


# ``pack(units)``: ``_pack``, remembered; a dictionary's own look-up, as every menu packs every card's cost.
pack = _Packed().__getitem__


def pack_supply(units: tuple[int, ...] | list[int]) -> int:
    """Unit counts packed, each at most 15: what a supply offers towards needs, which never exceed 15 units of a
    resource (the packed solver refuses larger needs), so a larger supply counts as 15."""
    packed = pack(tuple(units))
    return packed if packed >= 0 else _pack(tuple(n if n < _MAX_UNITS else _MAX_UNITS for n in units))


@lru_cache(maxsize=None)  # the sets of resources of choice producers: a few dozen
def _bits(resources: tuple[int, ...]) -> int:
    """A set of resources as a bit mask (bit k: resource k)."""
    mask = 0
    for k in resources:
        mask |= 1 << k
    return mask


@dataclass(frozen=True, slots=True)
class Supplier:
    """A trading partner's sellable production: fixed units per resource and A/B cards (one unit of one of their
    resources each, the buyer picks which)."""

    fixed: Res = NOTHING
    choices: tuple[tuple[int, ...], ...] = ()
    # The hash, computed on first use and kept: markets made of suppliers key memos looked up thousands of times a
    # second.
    hash_: int = field(default=0, compare=False, repr=False)
    # ``cut``'s memo, by bit mask of resources.
    cuts: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict, compare=False, repr=False)

    def __hash__(self) -> int:
        if not self.hash_:
            object.__setattr__(self, "hash_", hash((self.fixed, self.choices)) or 1)
        return self.hash_

    def cut(self, mask: int) -> tuple[int, tuple[int, ...]]:
        """``_cut`` of this supplier, remembered."""
        cut = self.cuts.get(mask)
        if cut is None:
            cut = self.cuts[mask] = _cut(self.fixed, self.choices, mask)
        return cut


def _cut(fixed: Res, choices: tuple[tuple[int, ...], ...], mask: int) -> tuple[int, tuple[int, ...]]:
    """What of fixed units and choice producers matters for a need of the resources in ``mask``: the units of
    those resources, packed (a choice producer offering just one of them counts as a fixed unit, as the solver
    counts it), and the other choice producers cut down to those resources (sorted bit masks; those offering none
    dropped)."""
    units = [n if mask >> k & 1 else 0 for k, n in enumerate(fixed)]
    multi: list[int] = []
    for choice in choices:
        useful = _bits(choice) & mask
        if useful & (useful - 1):
            multi.append(useful)
        elif useful:
            units[useful.bit_length() - 1] += 1
    return pack_supply(units), tuple(sorted(multi))


@dataclass(frozen=True, slots=True)
class Market:
    """Everything that prices one player's purchases this turn.

    ``far_left`` / ``far_right`` are the Western / Eastern Emporium partners with their uses per turn (2 / 1).
    ``far_shared`` says they are the same player (at 4 players the seat opposite is both): ``far_left`` and
    ``far_right`` must then be equal, and that player's units are bought at most once in all.
    """

    own_fixed: Res
    own_choices: tuple[tuple[int, ...], ...]
    left: Supplier
    right: Supplier
    left_prices: Res
    right_prices: Res
    far_left: Supplier | None = None
    far_right: Supplier | None = None
    far_left_uses: int = 0
    far_right_uses: int = 0
    far_price: int = 1
    far_shared: bool = False
    hash_: int = field(default=0, compare=False, repr=False)  # computed on first use (see ``Supplier.hash_``)

    def __post_init__(self) -> None:
        if self.far_shared and self.far_left != self.far_right:
            raise ValueError("far_shared needs far_left == far_right (one player on both sides)")

    def __hash__(self) -> int:
        if not self.hash_:
            object.__setattr__(self, "hash_", hash((
                self.own_fixed, self.own_choices, self.left, self.right, self.left_prices, self.right_prices,
                self.far_left, self.far_right, self.far_left_uses, self.far_right_uses, self.far_price,
                self.far_shared,
            )) or 1)
        return self.hash_

    @property
    def partners(self) -> list[Supplier]:
        """The neighbours, then the far partners there are."""
        return [s for s in (self.left, self.right, self.far_left, self.far_right) if s is not None]

    def reach(self) -> Res:
        """The most units of each resource that own choice producers and the partners could supply, counting each
        choice producer for every resource it offers: a need beyond it in some resource has no plan at all."""
        units = [0] * 7
        for choices in (self.own_choices, *(s.choices for s in self.partners)):
            for choice in choices:
                for k in choice:
                    units[k] += 1
        for partner in self.partners:
            for k, n in enumerate(partner.fixed):
                units[k] += n
        return tuple(units)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Plan:
    """Coins paid to each partner, and a witness of the units bought from each (only partners with a purchase)."""

    left: int = 0
    right: int = 0
    far_left: int = 0
    far_right: int = 0
    bought: tuple[tuple[str, Res], ...] = ()
    # Computed once: every menu reads them for every plan of every card.
    coins: Coins = field(init=False, compare=False, repr=False)  # (left, right, far left, far right)
    total: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "coins", (self.left, self.right, self.far_left, self.far_right))
        object.__setattr__(self, "total", self.left + self.right + self.far_left + self.far_right)

    @property
    def notation(self) -> str:
        """``""`` when nothing is paid, else ``l<left>r<right>`` then ``x<far right>`` / ``y<far left>`` if not 0."""
        if not self.total:
            return ""
        text = f"l{self.left}r{self.right}"
        if self.far_right:
            text += f"x{self.far_right}"
        if self.far_left:
            text += f"y{self.far_left}"
        return text

    def bought_from(self, partner: str) -> Res:
        """The units bought from ``partner`` (one of ``PARTNERS``)."""
        return dict(self.bought).get(partner, NOTHING)


_PLAN_RE = re.compile(r"l([0-9]{1,3})r([0-9]{1,3})(?:x([0-9]{1,3}))?(?:y([0-9]{1,3}))?")


def parse_plan(text: str) -> Coins | None:
    """The coins (left, right, far left, far right) of a plan's notation (case and surrounding spaces ignored);
    ``""`` is (0, 0, 0, 0); ``None`` if malformed."""
    text = text.strip().lower()
    if not text:
        return (0, 0, 0, 0)
    match = _PLAN_RE.fullmatch(text)
    if match is None:
        return None
    left, right, far_right, far_left = (int(g) if g else 0 for g in match.groups())
    return (left, right, far_left, far_right)


# --- packed vectors -------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _unpack(packed: int) -> Res:
    return tuple((packed >> (_WIDTH * k)) & _MAX_UNITS for k in range(7))  # type: ignore[return-value]


def _le(a: int, b: int) -> bool:
    """``a <= b`` in every resource (the guard bits survive the subtraction exactly where ``b_k >= a_k``)."""
    return ((b | _GUARD) - a) & _GUARD == _GUARD


def _min(a: int, b: int) -> int:
    """The componentwise minimum."""
    a_smaller = ((((b | _GUARD) - a) & _GUARD) >> 4) * _MAX_UNITS
    return (a & a_smaller) | (b & ~a_smaller & _VALUES)


def add_packed(a: int, b: int) -> int:
    """The sum of two packed vectors; -1 if either is -1 (see ``pack``) or a count of the sum is above 15."""
    total = a + b
    return -1 if a < 0 or b < 0 or total & _GUARD else total


def shortfall(need: int, have: int) -> int:
    """The packed componentwise ``max(need - have, 0)`` (both packed, every count 0..15)."""
    d = (need | _GUARD) - have
    return d & (((d & _GUARD) >> 4) * _MAX_UNITS)


# The guard bits of ``v + _VALUES`` (set where a count of ``v`` is not 0) -> the bit mask of those resources.
_NONZERO = {sum(16 << (_WIDTH * k) for k in range(7) if m >> k & 1): m for m in range(128)}


def resource_mask(packed: int) -> int:
    """The resources of which ``packed`` holds at least a unit, as a bit mask (bit k: resource k)."""
    return _NONZERO[(packed + _VALUES) & _GUARD]


# Bit mask of resources -> the packed fields of those resources, and the resources themselves.
_FIELDS = tuple(sum(_MAX_UNITS << (_WIDTH * k) for k in range(7) if m >> k & 1) for m in range(128))
_RESOURCE_SETS = tuple(tuple(k for k in range(7) if m >> k & 1) for m in range(128))
_RESOURCE_LISTS = tuple(list(resources) for resources in _RESOURCE_SETS)


def _maximal(vectors: set[int]) -> set[int]:
    """The vectors not below another one."""
    if len(vectors) < 2:
        return vectors
    return {v for v in vectors if not any(w != v and _le(v, w) for w in vectors)}


# --- what a producer can cover --------------------------------------------------------------------------------


def _max_covers(
    fixed: Res, choices: tuple[tuple[int, ...], ...], cap: list[int], active: list[int]
) -> tuple[int, ...]:
    """The maximal vectors ``<= cap`` that ``fixed`` plus the choice producers (one unit each) supply together
    (``active``: the resources where ``cap`` is not 0): ``_packed_covers`` of their ``_cut`` to those resources.
    Anything they can supply is below one of these."""
    packed_cap = 0
    for k in active:
        packed_cap += cap[k] << (_WIDTH * k)
    return _packed_covers(*_cut(fixed, choices, resource_mask(packed_cap)), packed_cap)


def _packed_covers(units: int, multi: tuple[int, ...], cap: int) -> tuple[int, ...]:
    """The maximal vectors below the packed ``cap`` that a cut supplies (``Supplier.cut``: packed units, choice
    producers of several of the resources as bit masks), ascending.

    A producer adds a unit wherever it still can (not adding is dominated), and dominated partial states are
    dropped after each producer (dominance survives the rest)."""
    base = _min(units, cap)
    if not multi:
        return (base,)
    states = {base}
    for choice in multi:
        grown: set[int] = set()
        for state in states:
            added = False
            for k in _RESOURCE_SETS[choice]:
                shift = _WIDTH * k
                if (state >> shift) & _MAX_UNITS < (cap >> shift) & _MAX_UNITS:
                    grown.add(state + _UNIT[k])
                    added = True
            if not added:
                grown.add(state)
        states = _maximal(grown)
    return tuple(sorted(states))


def _far_options(covers: tuple[int, ...], limit: int, active: list[int]) -> list[tuple[int, int]]:
    """Every (vector, unit count) of at most ``limit`` units below one of ``covers``, nothing first."""
    seen: dict[int, int] = {}
    for top in covers:
        subs = [(0, 0)]
        for k in active:
            most = (top >> (_WIDTH * k)) & _MAX_UNITS
            if most:
                step = _UNIT[k]
                subs = [(p + j * step, n + j) for p, n in subs for j in range(min(most, limit - n) + 1)]
        for p, n in subs:
            seen.setdefault(p, n)
    return sorted(seen.items(), key=lambda item: (item[1], item[0]))


def _split(
    need: int, left: tuple[int, ...], right: tuple[int, ...], left_prices: Res, right_prices: Res, active: list[int]
) -> list[tuple[int, int, int]]:
    """The 2-D frontier (left coins, right coins, vector bought on the left) of buying ``need`` from the
    neighbours, the rest of ``need`` on the right.

    For each pair of maximal vectors the left part ranges over a box: at most what that left vector offers, at
    least what that right vector cannot supply.
    """
    found: dict[int, tuple[int, int]] = {}
    for left_top in left:
        most = _min(need, left_top)
        for right_top in right:
            least = need - _min(need, right_top)
            if not _le(least, most):
                continue
            cost = other = 0
            ranges = []
            for k in active:
                shift = _WIDTH * k
                low = (least >> shift) & _MAX_UNITS
                cost += low * left_prices[k]
                other += (((need >> shift) & _MAX_UNITS) - low) * right_prices[k]
                extra = ((most >> shift) & _MAX_UNITS) - low
                if extra:
                    ranges.append((extra, _UNIT[k], left_prices[k], right_prices[k]))
            subs = [(least, cost, other)]
            for extra, step, lp, rp in ranges:
                subs = [(p + j * step, c + j * lp, o - j * rp) for p, c, o in subs for j in range(extra + 1)]
            for bought, c, o in subs:
                if bought not in found:
                    found[bought] = (c, o)
    frontier: list[tuple[int, int, int]] = []
    best_right = None
    for cost, other, bought in sorted((c, o, b) for b, (c, o) in found.items()):
        if best_right is None or other < best_right:
            frontier.append((cost, other, bought))
            best_right = other
    return frontier


def _front(points: dict[tuple[int, int], Witness]) -> list[tuple[int, int]]:
    """The non-dominated (left, right) pairs, by left coins."""
    front: list[tuple[int, int]] = []
    for left, right in sorted(points):
        if not front or right < front[-1][1]:
            front.append((left, right))
    return front


def _pareto(groups: dict[tuple[int, int], dict[tuple[int, int], Witness]]) -> list[tuple[Coins, Witness]]:
    """The non-dominated coin vectors, by total then by (left, right, far left, far right), with their witnesses.

    ``groups`` maps the coins paid to the far partners to the (left, right) coins found with them; a point is
    dominated within its group, or by a point of a group paying the far partners less (then weakly is enough).
    """
    fronts = {far: _front(points) for far, points in groups.items()}
    kept: list[tuple[Coins, Witness]] = []
    for far, front in fronts.items():
        cheaper = [f for other, f in fronts.items() if other != far and other[0] <= far[0] and other[1] <= far[1]]
        for left, right in front:
            if not any(a <= left and b <= right for f in cheaper for a, b in f):
                kept.append(((left, right, *far), groups[far][left, right]))
    kept.sort(key=lambda item: (sum(item[0]), item[0]))
    return kept


# --- the solver -----------------------------------------------------------------------------------------------


def _solve(need: tuple[int, ...], market: Market) -> tuple[Plan, ...]:
    """``payment_plans`` without the budget (not remembered: see ``_frontier`` and ``_keyed_frontier``). ``need``
    is typed as any tuple, not ``Res``, so that its check below refuses a wrong one, compiled (``rules.compiled``, where
    an annotation is enforced on entry) as plain."""
    if len(need) != 7 or min(need) < 0:
        raise ValueError(f"a need is 7 unit counts, not {need!r}")
    rest = [n - f if n > f else 0 for n, f in zip(need, market.own_fixed)]
    active = [k for k in range(7) if rest[k]]
    if not active:
        return (Plan(),)
    if max(rest) > _MAX_UNITS:
        raise ValueError(f"at most {_MAX_UNITS} units of a resource: {need!r}")
    packed = 0
    for k in active:
        packed += rest[k] << (_WIDTH * k)
    if ((market.far_left is None or market.far_left_uses <= 0)
            and (market.far_right is None or market.far_right_uses <= 0)
            and _singles(market.own_choices, rest) and _singles(market.left.choices, rest)
            and _singles(market.right.choices, rest)):
        return _fixed_frontier(packed, rest, active, market)
    residuals = sorted({packed - c for c in _max_covers(NOTHING, market.own_choices, rest, active)})
    if residuals[0] == 0:
        return (Plan(),)

    left = _max_covers(market.left.fixed, market.left.choices, rest, active)
    right = _max_covers(market.right.fixed, market.right.choices, rest, active)
    far_left: tuple[int, ...] = ()
    far_right: tuple[int, ...] = ()
    far_left_options = far_right_options = [(0, 0)]
    if market.far_left is not None and market.far_left_uses > 0:
        far_left = _max_covers(market.far_left.fixed, market.far_left.choices, rest, active)
        far_left_options = _far_options(far_left, market.far_left_uses, active)
    if market.far_right is not None and market.far_right_uses > 0:
        far_right = _max_covers(market.far_right.fixed, market.far_right.choices, rest, active)
        far_right_options = _far_options(far_right, market.far_right_uses, active)
    shared = (far_left or far_right) if market.far_shared else ()
    price = market.far_price

    groups: dict[tuple[int, int], dict[tuple[int, int], Witness]] = {}
    splits: dict[int, list[tuple[int, int, int]]] = {}
    for residual in residuals:
        for west, west_units in far_left_options:
            if not _le(west, residual):
                continue
            after_west = residual - west
            for east, east_units in far_right_options:
                if not _le(east, after_west):
                    continue
                if shared and west and east and not any(_le(west + east, top) for top in shared):
                    continue
                rest_packed = after_west - east
                split = splits.get(rest_packed)
                if split is None:
                    split = splits[rest_packed] = _split(
                        rest_packed, left, right, market.left_prices, market.right_prices, active
                    )
                points = groups.setdefault((price * west_units, price * east_units), {})
                for left_coins, right_coins, bought in split:
                    if (left_coins, right_coins) not in points:
                        points[left_coins, right_coins] = (bought, rest_packed - bought, west, east)
    return tuple(_plan(coins, witness) for coins, witness in _pareto(groups))


def _singles(choices: tuple[tuple[int, ...], ...], rest: list[int]) -> bool:
    """No choice producer offers two resources that ``rest`` needs."""
    for choice in choices:
        if len(choice) > 1 and sum(1 for k in choice if rest[k]) > 1:
            return False
    return True


def _cover(fixed: Res, choices: tuple[tuple[int, ...], ...], rest: list[int], active: list[int]) -> int:
    """``_max_covers`` of fixed units and choice producers that offer one needed resource each (``_singles``): the
    one maximal vector."""
    units = list(fixed)
    for choice in choices:
        for k in choice:
            if rest[k]:
                units[k] += 1
                break
    packed = 0
    for k in active:
        packed += (units[k] if units[k] < rest[k] else rest[k]) << (_WIDTH * k)
    return packed


def _fixed_frontier(packed: int, rest: list[int], active: list[int], market: Market) -> tuple[Plan, ...]:
    """``_frontier`` when no choice producer offers two of the needed resources and no far partner sells (most
    needs): one residual, the neighbours' one covering vector each, one split, and its frontier is the answer (the
    general path gives the same plans, witnesses and order, slower)."""
    residual = packed - _cover(NOTHING, market.own_choices, rest, active)
    if residual == 0:
        return (Plan(),)
    left = _cover(market.left.fixed, market.left.choices, rest, active)
    right = _cover(market.right.fixed, market.right.choices, rest, active)
    return _neighbour_plans(residual, (left,), (right,), market.left_prices, market.right_prices)


def _neighbour_plans(residual: int, left: tuple[int, ...], right: tuple[int, ...], left_prices: Res,
                     right_prices: Res) -> tuple[Plan, ...]:
    """The frontier of buying the packed ``residual`` (not 0) from the neighbours alone, whose maximal covers are
    ``left`` and ``right``. It depends on no more than the set of vectors below the covers and ``residual``, and
    the prices of the resources of ``residual`` (``MarketPlans`` keys its memo on them)."""
    split = _split(residual, left, right, left_prices, right_prices, _RESOURCE_LISTS[resource_mask(residual)])
    kept = sorted((((lc, rc, 0, 0), (bought, residual - bought, 0, 0)) for lc, rc, bought in split),
                  key=lambda item: (sum(item[0]), item[0]))
    return tuple(_plan(coins, witness) for coins, witness in kept)


def _merged(frontiers: list[tuple[Plan, ...]]) -> tuple[Plan, ...]:
    """The frontier of the union of neighbour-only frontiers (``_neighbour_plans`` of each residual that own
    choice producers can leave, in ascending order): a pair of coins keeps the witness of the first residual that
    has it, as ``_solve`` keeps it."""
    points: dict[tuple[int, int], Plan] = {}
    for plans in frontiers:
        for plan in plans:
            points.setdefault((plan.left, plan.right), plan)
    front: list[Plan] = []
    for coins in sorted(points):
        if not front or coins[1] < front[-1].right:
            front.append(points[coins])
    front.sort(key=lambda plan: (plan.total, plan.coins))
    return tuple(front)


def _plan(coins: Coins, witness: Witness) -> Plan:
    bought = tuple((name, _unpack(vec)) for name, vec in zip(PARTNERS, witness) if vec)
    return Plan(*coins, bought=bought)


_frontier = lru_cache(maxsize=CACHE_SIZE)(_solve)


@lru_cache(maxsize=CACHE_SIZE)
def payment_plans(need: tuple[int, ...], market: Market, budget: int) -> tuple[Plan, ...]:
    """The Pareto frontier of the ways to pay ``need`` with at most ``budget`` coins, by total then by (left,
    right, far left, far right); ``()`` if impossible, ``(Plan(),)`` if own production covers everything. ``need``:
    7 unit counts (``Res``; ``_solve`` checks it)."""
    return within(_frontier(need, market), budget)


# --- the engine's memo: plans keyed on what they depend on ---------------------------------------------------

_FREE = (Plan(),)


class MarketPlans:
    """A market without own fixed production (the need asked is what it leaves) with its memo of plans by need,
    for the engine: one object for all the turns and seats that trade alike (``economy.trading`` shares them), with
    what its look-ups need packed once."""

    __slots__ = ("market", "own", "prices", "reach", "plans")

    def __init__(self, market: Market) -> None:
        if any(market.own_fixed):
            raise ValueError("a market of plans holds no own fixed production")
        self.market = market
        self.own = Supplier(NOTHING, market.own_choices)  # own choice producers, to ``cut`` them as a partner's
        self.prices = (pack_supply(market.left_prices), pack_supply(market.right_prices))
        self.reach = -1  # ``Market.reach``, packed on first use
        self.plans: dict[int, tuple[Plan, ...]] = {}

    def pay(self, need: int, fixed: int, budget: int) -> tuple[Plan, ...]:
        """The Pareto frontier of paying the packed ``need`` within ``budget``: own fixed production (``fixed``,
        packed) pays first (house rule W43), and the plans of what it leaves are remembered, whatever the
        budget."""
        rest = shortfall(need, fixed)
        if not rest:
            return _FREE
        plans = self.plans.get(rest)
        if plans is None:
            plans = self.plans[rest] = self._find(rest)
        return plans if not plans or plans[-1].total <= budget else within(plans, budget)

    def _find(self, rest: int) -> tuple[Plan, ...]:
        """Every Pareto-best plan for the packed need ``rest`` (not 0) that own fixed production leaves: none
        beyond the market's reach (most needs that fail); else found from only what the plans depend on, the market
        cut down to the resources of ``rest`` and the units it needs (``Supplier.cut``), which many markets share."""
        if self.reach < 0:
            self.reach = pack_supply(self.market.reach())
        if not _le(rest, self.reach):
            return ()
        m = self.market
        mask = resource_mask(rest)
        if m.far_left is None and m.far_right is None:
            return self._from_neighbours(rest, mask)
        fields = _FIELDS[mask]
        return _keyed_frontier(rest, (_capped(self.own, rest, mask), _capped(m.left, rest, mask),
                                      _capped(m.right, rest, mask), self.prices[0] & fields, self.prices[1] & fields,
                                      _capped(m.far_left, rest, mask), _capped(m.far_right, rest, mask),
                                      m.far_left_uses, m.far_right_uses, m.far_price, m.far_shared))

    def _from_neighbours(self, rest: int, mask: int) -> tuple[Plan, ...]:
        """``_find`` with no far partner (most markets): for each residual need that own choice producers can
        leave, the neighbours' plans (``_neighbour_frontier``, keyed on that residual, what each neighbour can
        supply of it and its prices), merged as ``_solve`` merges them."""
        own, own_multi = self.own.cut(mask)
        if own_multi:
            residuals = sorted({rest - cover for cover in _packed_covers(own, own_multi, rest)})
        else:
            residuals = [shortfall(rest, own)]  # the one cover of own producers of one needed resource each
        if residuals[0] == 0:
            return _FREE
        left = self.market.left.cut(mask)
        right = self.market.right.cut(mask)
        found = []
        for residual in residuals:
            fields = _FIELDS[resource_mask(residual)]
            found.append(_neighbour_frontier(residual, _packed_covers(*left, residual),
                                             _packed_covers(*right, residual), self.prices[0] & fields,
                                             self.prices[1] & fields))
        return found[0] if len(found) == 1 else _merged(found)


def _capped(supplier: Supplier | None, rest: int, mask: int) -> tuple[int, tuple[int, ...]] | None:
    """``Supplier.cut`` with the units capped at the need ``rest`` (the solver never buys more than needed)."""
    if supplier is None:
        return None
    units, multi = supplier.cut(mask)
    return _min(units, rest), multi


@lru_cache(maxsize=CACHE_SIZE)
def _neighbour_frontier(residual: int, left: tuple[int, ...], right: tuple[int, ...], left_prices: int,
                        right_prices: int) -> tuple[Plan, ...]:
    """``_neighbour_plans`` of packed covers and prices: the plans of a need that only the neighbours can meet
    (``MarketPlans._from_neighbours``)."""
    return _neighbour_plans(residual, left, right, _unpack(left_prices), _unpack(right_prices))


@lru_cache(maxsize=CACHE_SIZE)
def _keyed_supplier(cut: tuple[int, tuple[int, ...]] | None) -> Supplier | None:
    """The supplier a cut (``Supplier.cut``) describes: shared, as the same cuts recur in many markets."""
    if cut is None:
        return None
    units, multi = cut
    return Supplier(_unpack(units), tuple(_RESOURCE_SETS[m] for m in multi))


@lru_cache(maxsize=CACHE_SIZE)
def _keyed_choices(cut: tuple[int, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The own choice producers a cut of them (``Supplier.cut``) describes: a unit of a resource is a producer of
    that resource alone."""
    units, multi = cut
    singles = tuple((k,) for k, n in enumerate(_unpack(units)) for _ in range(n))
    return singles + tuple(_RESOURCE_SETS[m] for m in multi)


@lru_cache(maxsize=CACHE_SIZE)
def _keyed_frontier(rest: int, key: tuple) -> tuple[Plan, ...]:
    """Every Pareto-best plan for the packed need ``rest`` on the market that ``key`` describes (the cuts of own
    choice producers, neighbours and far partners, the prices, the far partners' terms: ``MarketPlans._find``),
    whatever the budget: the same plans as the full market's (``payment_plans``)."""
    own, left, right, left_prices, right_prices, far_left, far_right, west_uses, east_uses, far_price, shared = key
    market = Market(NOTHING, _keyed_choices(own), _keyed_supplier(left),  # type: ignore[arg-type]
                     _keyed_supplier(right), _unpack(left_prices), _unpack(right_prices),  # type: ignore[arg-type]
                     _keyed_supplier(far_left), _keyed_supplier(far_right), west_uses, east_uses, far_price, shared)
    return _solve(_unpack(rest), market)


def within(plans: tuple[Plan, ...], budget: int) -> tuple[Plan, ...]:
    """The plans of at most ``budget`` coins (plans come by total: the dearest is the last, and when it is within
    the budget, all are: callers in a hurry check that first)."""
    if not plans or plans[-1].total <= budget:
        return plans
    return tuple(plan for plan in plans if plan.total <= budget)


__all__ = [
    "Res",
    "Coins",
    "RESOURCES",
    "RAW",
    "GOODS",
    "NOTHING",
    "PARTNERS",
    "Supplier",
    "Market",
    "Plan",
    "payment_plans",
    "parse_plan",
    "MarketPlans",
    "add_packed",
    "pack",
    "pack_supply",
    "shortfall",
    "resource_mask",
    "within",
]
