"""Paying a cost in Anno 1800: every way to cover it, exactly, as a chain of three small choices.

A cost (``data.Cost``) is resource units, cubes to exhaust, trade and exploration tokens, and gold. Each resource
unit comes from exactly one source:

* ``h`` held: a New World resource from a card effect, free, lost at the end of the turn (always used first: it
  costs nothing and cannot be kept);
* ``f`` ``w`` ``a`` ``e`` made: a cube of that tier goes from its district onto a free workplace of one of the
  player's industries making the resource with that tier (production, rulebook p.4);
* ``t`` traded: from another player owning an industry that makes it (printed ones count, spec AMB-6), for the
  trade price of that industry's tier in trade tokens; the partner takes 1 gold from the supply; each resource at
  most once a turn over all partners; never a raw New World resource;
* ``n`` imported: a raw New World resource shown on one of the player's own New World tiles, for 1 trade token.

Trade tokens are paid from the cards' temporary tokens first (they are lost at the next festival anyway), then the
ships. With Beryl O'Mara in play any trade token may be replaced by 2 exploration tokens (spec AMB-8: wherever one
is spent).

A *plan* is the choice of a source for every unit, of a partner for every traded unit, and of how many trade tokens
Beryl replaces. What a plan spends is incomparable between plans in general (cubes of each tier and workplaces,
trade tokens, exploration tokens, and the gold it gives each opponent), so every feasible plan is offered, with two
exact prunings: a trade from a partner is priced by that partner's cheapest industry for the resource (spec AMB-17:
paying more to the same player is never better), and among partner choices giving every opponent the same gold
only those needing the fewest tokens are kept (a smaller token bill is better with any Beryl split). The choice is
asked in three small decisions, each offered only when it has more than one answer:

1. ``pay:<code>`` the sourcing: one letter per unit, units in the cost's resource order, letters of one resource in
   the order ``h f w a e t n`` (e.g. ``wf`` for glass made by a worker and timber by a farmer; ``0`` for a cost
   without resources);
2. ``partners:<seats>`` one seat digit per traded resource, in the cost's resource order;
3. ``beryl:<k>`` k trade tokens paid as 2k exploration tokens.

Plans that spend the same cubes on the same kind of workplace are the same plan (identical industries are
interchangeable), and partner choices that pay every opponent the same are one option (the first, by seat digits).
``plans`` depends only on the cost and on what the player can use for it (``Means`` and one ``Supply`` per
resource); its parts are memoized on exactly what they read.
"""

from __future__ import annotations

from typing import Final

from functools import lru_cache
from itertools import product

from rules.anno1800.data import TIER_LETTERS, Cost, Cubes

# The entries each memo keeps: the payments of a game come back often enough for a few thousand, and every entry
# kept is one more object for each of Python's full garbage collections to go through.
CACHE_SIZE: Final = 2**12
LETTER_ORDER: Final = "h" + TIER_LETTERS[:4] + "tn"


# The records of a payment are plain classes, not dataclasses: compiled (``rules/compiled.py``), their ``__init__`` is
# C, where a dataclass's is Python (ten times the cost, and payments make thousands of them a game). None is changed
# once made.
class Supply:
    """Where one resource can come from for one player now. A key of ``_ways``' memo: equal by value."""

    __slots__ = ("held", "workplaces", "partners", "imports", "_hash")

    def __init__(self, held: int = 0, workplaces: tuple[tuple[int, int], ...] = (),
                 partners: tuple[tuple[int, int], ...] = (), imports: bool = False) -> None:
        self.held = held
        self.workplaces = workplaces  # (tier, free workplaces) of own industries making it
        self.partners = partners  # (seat, trade price) of players it can be traded from now
        self.imports = imports  # a raw New World resource on one of the player's tiles
        self._hash = hash((held, workplaces, partners, imports))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Supply) and self._hash == other._hash and self.held == other.held
                and self.workplaces == other.workplaces and self.partners == other.partners
                and self.imports == other.imports)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Supply({self.held}, {self.workplaces}, {self.partners}, {self.imports})"


class Means:
    """What the player can pay with, whatever the resource."""

    __slots__ = ("cubes", "trade", "explore", "gold", "beryl")

    def __init__(self, cubes: Cubes, trade: int, explore: int, gold: int, beryl: bool) -> None:
        self.cubes = cubes  # in the districts
        self.trade = trade  # trade tokens on ships and cards
        self.explore = explore  # exploration tokens on ships and cards
        self.gold = gold
        self.beryl = beryl


class Partners:
    """One choice of trading partners for a sourcing: the seats (one per traded resource), the trade-token bill
    of the whole payment, and the range of trade tokens Beryl may replace."""

    __slots__ = ("seats", "prices", "bill", "beryl", "notation")

    def __init__(self, seats: tuple[int, ...], prices: tuple[int, ...], bill: int, beryl: tuple[int, int]) -> None:
        self.seats = seats
        self.prices = prices  # the trade price paid to each
        self.bill = bill
        self.beryl = beryl  # (least, most) trade tokens paid with exploration tokens
        self.notation = "".join([str(s) for s in seats])  # the seat digits (``partners:<seats>``)


class Sourcing:
    __slots__ = ("code", "cubes", "made", "traded", "imported", "held", "partners")

    def __init__(self, code: str, cubes: Cubes, made: tuple[tuple[int, int, int], ...], traded: tuple[int, ...],
                 imported: tuple[tuple[int, int], ...], held: tuple[tuple[int, int], ...],
                 partners: tuple[Partners, ...]) -> None:
        self.code = code
        self.cubes = cubes  # cubes leaving the districts: made units plus exhausted cubes
        self.made = made  # (resource, tier, units)
        self.traded = traded  # resources bought, one unit each
        self.imported = imported  # (resource, units)
        self.held = held  # (resource, units)
        self.partners = partners


class _Way:
    """One way to source the units of one resource."""

    __slots__ = ("letters", "made", "traded", "imported", "held", "bill")

    def __init__(self, letters: str, made: tuple[tuple[int, int, int], ...], traded: bool, imported: int, held: int,
                 bill: int) -> None:
        self.letters = letters
        self.made = made  # (resource, tier, units)
        self.traded = traded
        self.imported = imported
        self.held = held
        self.bill = bill  # the fewest trade tokens it costs: the imports, and the cheapest partner if traded


def group_units(units: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for r in units:
        if out and out[-1][0] == r:
            out[-1] = (r, out[-1][1] + 1)
        else:
            out.append((r, 1))
    return tuple(out)


def _splits(count: int, workplaces: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """Every way to make ``count`` units on the free workplaces (tier, free), as (tier, units) with units > 0."""
    if count == 0:
        return [()]
    if not workplaces:
        return []
    (tier, free), rest = workplaces[0], workplaces[1:]
    out = []
    for here in range(min(free, count), -1, -1):
        for tail in _splits(count - here, rest):
            out.append((((tier, here),) if here else ()) + tail)
    return out


@lru_cache(maxsize=CACHE_SIZE)
def _ways(r: int, count: int, supply: Supply) -> list[_Way]:
    """Every way to source ``count`` units of resource ``r`` from ``supply``."""
    held = min(count, supply.held)
    rest = count - held
    if supply.imports or not (supply.workplaces or supply.partners):
        if rest and not supply.imports:
            return []
        return [_Way("h" * held + "n" * rest, (), False, rest, held, rest)]
    out = []
    cheapest = min((price for _, price in supply.partners), default=0)
    for traded in (0, 1) if supply.partners and rest else (0,):
        for split in _splits(rest - traded, supply.workplaces):
            letters = "h" * held + "".join(TIER_LETTERS[tier] * n for tier, n in sorted(split))
            made = tuple((r, tier, n) for tier, n in split)
            out.append(_Way(letters + "t" * traded, made, bool(traded), 0, held, cheapest if traded else 0))
    return out


def _budget(need: Cost, means: Means) -> int:
    """The most trade tokens the player can pay (Beryl: any 2 spare exploration tokens are one more)."""
    spare = means.explore - need.explore
    return means.trade + (spare // 2 if means.beryl and spare > 0 else 0)


@lru_cache(maxsize=CACHE_SIZE)
def _partner_choices(
    offers: tuple[tuple[tuple[int, int], ...], ...], base: int, budget: int, trade: int, spare: int
) -> tuple[Partners, ...]:
    """The partner choices for the traded resources, given the (seat, price) ``offers`` for each: for each distinct
    gold distribution, the fewest tokens. ``base``: the bill without the trades; ``budget``: the most trade tokens
    the player can pay; ``trade``: their trade tokens; ``spare``: the most Beryl may pay with exploration tokens.
    Memoized: the sourcings of a cost share their partner choices, and so do many costs."""
    out = []
    for total, seats, prices in _cheapest_trades(offers):
        bill = base + total
        if bill > budget:
            break  # the trades come cheapest first
        out.append(Partners(seats, prices, bill, (max(0, bill - trade), min(bill, spare))))
    return tuple(out)


@lru_cache(maxsize=CACHE_SIZE)
def _cheapest_trades(offers: tuple[tuple[tuple[int, int], ...], ...]
                     ) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """For each distinct gold distribution of the ``offers``, the cheapest choice (the lowest seats among equals):
    (its price, the seats, their prices), in that order. What ``_partner_choices`` reads of the offers alone,
    memoized apart: the offers come back far more often than they do with the same tokens."""
    best: dict[tuple[int, ...], tuple[int, tuple[int, ...], tuple[int, ...]]] = {}
    for combo in product(*offers):
        prices = tuple(price for _, price in combo)
        total = sum(prices)
        seats = tuple(seat for seat, _ in combo)
        gold = tuple(sorted(seats))
        known = best.get(gold)
        if known is None or (total, seats) < known[:2]:
            best[gold] = (total, seats, prices)
    return tuple(sorted(best.values()))


def plans(need: Cost, supplies: tuple[Supply, ...], means: Means) -> tuple[Sourcing, ...]:
    """Every sourcing of ``need`` the player can complete (``supplies`` aligned with the cost's distinct resources,
    in order), each with its partner choices; ``()`` if the cost cannot be paid. Not memoized here: the means
    change at almost every payment, and each market keeps the plans it found (``Market.plans``)."""
    if need.gold > means.gold or need.explore > means.explore:
        return ()
    room = [c - e for c, e in zip(means.cubes, need.exhaust)]
    if min(room) < 0:
        return ()
    groups = group_units(need.units)
    search = _Search(
        need, groups, supplies, [_ways(r, count, supply) for (r, count), supply in zip(groups, supplies)], room,
        means.trade, _budget(need, means), max(0, means.explore - need.explore) // 2 if means.beryl else 0)
    _walk(search, 0, [], [0] * 5, need.trade)
    search.out.sort(key=lambda s: (len(s.traded), s.partners[0].bill, sum(s.cubes), s.code))
    return tuple(search.out)


class _Search:
    """What the search of ``plans`` reads, and the sourcings it found (``out``). An object handed down the search
    rather than a closure calling itself: such a closure is a reference cycle, left for Python's garbage collector at
    every payment."""

    __slots__ = ("need", "groups", "supplies", "options", "room", "trade", "budget", "spare", "out")

    def __init__(self, need: Cost, groups: tuple[tuple[int, int], ...], supplies: tuple[Supply, ...],
                 options: list[list[_Way]], room: list[int], trade: int, budget: int, spare: int) -> None:
        self.need = need
        self.groups = groups  # (resource, units) of the cost
        self.supplies = supplies  # aligned with ``groups``
        self.options = options  # the ways of each group
        self.room = room  # the cubes of each tier the units may use
        self.trade = trade  # the player's trade tokens
        self.budget = budget  # the most trade tokens the player can pay (``_budget``)
        self.spare = spare  # the most trade tokens Beryl may pay with exploration tokens
        self.out: list[Sourcing] = []


def _walk(search: _Search, k: int, chosen: list[_Way], cubes: list[int], bill: int) -> None:
    """Depth-first over the resources from the ``k``-th, keeping the cubes within the districts and the cheapest
    token bill within the budget (the cheapest partner for every traded resource)."""
    if k == len(search.groups):
        _complete(search, chosen, cubes)
        return
    for way in search.options[k]:
        if bill + way.bill > search.budget:
            continue
        new = _add_cubes(cubes, way.made, search.room) if way.made else cubes
        if new is None:
            continue
        chosen.append(way)
        _walk(search, k + 1, chosen, new, bill + way.bill)
        chosen.pop()


def _add_cubes(cubes: list[int], made: tuple[tuple[int, int, int], ...], room: list[int]) -> list[int] | None:
    """``cubes`` (by tier) plus those of the units ``made`` (resource, tier, units), or None if more than ``room``."""
    new = cubes[:]
    for _, tier, n in made:
        new[tier] += n
        if new[tier] > room[tier]:
            return None
    return new


def _complete(search: _Search, chosen: list[_Way], cubes: list[int]) -> None:
    """Add the sourcing of the ways ``chosen`` (one per resource of the search's groups) to its ``out``, with its
    partner choices (``_partner_choices``)."""
    need = search.need
    made: list[tuple[int, int, int]] = []
    traded: list[int] = []
    offers: list[tuple[tuple[int, int], ...]] = []
    imported: list[tuple[int, int]] = []
    held: list[tuple[int, int]] = []
    base = need.trade
    for (r, _), way, supply in zip(search.groups, chosen, search.supplies):
        made += way.made
        if way.traded:
            traded.append(r)
            offers.append(supply.partners)
        if way.imported:
            imported.append((r, way.imported))
            base += way.imported
        if way.held:
            held.append((r, way.held))
    partners = _partner_choices(tuple(offers), base, search.budget, search.trade, search.spare)
    if not partners:
        return
    ex = need.exhaust
    total = (cubes[0] + ex[0], cubes[1] + ex[1], cubes[2] + ex[2], cubes[3] + ex[3], cubes[4] + ex[4])
    code = "".join([way.letters for way in chosen]) or "0"
    search.out.append(Sourcing(code, total, tuple(made), tuple(traded), tuple(imported), tuple(held), partners))


def sort_letters(code: str, sizes: tuple[int, ...]) -> str:
    """A sourcing code with the letters of each resource put in canonical order (for codes typed by hand)."""
    out, at = [], 0
    for n in sizes:
        part = code[at:at + n]
        out.append("".join(sorted(part, key=lambda c: LETTER_ORDER.index(c) if c in LETTER_ORDER else 99)))
        at += n
    return "".join(out) + code[at:]
