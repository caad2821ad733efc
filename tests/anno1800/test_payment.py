"""The payment solver (``rules.anno1800.payment``): every way to pay, exactly, checked against brute force over
small random markets; the staged choices (sourcing, partners, Beryl) cover every plan and nothing else."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.anno1800.data import NO_CUBES, RAW_NEW_WORLD, Cost
from rules.anno1800.payment import Means, Supply, group_units, plans

OLD = [0, 5, 6, 7, 10]  # timber, coal, bricks, goods, beer
NEW = [38, 39]  # cotton, sugar cane


def brute(need: Cost, supplies: tuple[Supply, ...], means: Means) -> set:
    """Every feasible plan, as (cubes used by (resource, tier), traded {resource: seat}, trade bill, beryl k)."""
    groups = group_units(need.units)
    per_resource = []
    for (r, count), s in zip(groups, supplies):
        units = []
        for _ in range(count):
            choices = [("h",)] if s.held else []
            choices += [("m", tier) for tier, free in s.workplaces if free]
            choices += [("t", seat, price) for seat, price in s.partners]
            if s.imports:
                choices.append(("n",))
            units.append(choices)
        per_resource.append(list(itertools.product(*units)) if units else [()])
    out = set()
    for combo in itertools.product(*per_resource):
        cubes = list(need.exhaust)
        used: dict = {}
        traded: dict = {}
        bill = need.trade
        held_ok = True
        for (r, count), s, units in zip(groups, supplies, combo):
            held = sum(1 for u in units if u[0] == "h")
            if held > s.held or (held < min(s.held, count)):  # held resources are always used first
                held_ok = False
            for u in units:
                if u[0] == "m":
                    used[(r, u[1])] = used.get((r, u[1]), 0) + 1
                    cubes[u[1]] += 1
                elif u[0] == "t":
                    if r in traded:
                        held_ok = False
                    traded[r] = u[1]
                    bill += u[2]
                elif u[0] == "n":
                    bill += 1
        if not held_ok:
            continue
        if any(n > dict(s.workplaces).get(t, 0) for (r, t), n in used.items()
               for s in [supplies[[g[0] for g in groups].index(r)]]):
            continue
        if any(c > m for c, m in zip(cubes, means.cubes)) or need.gold > means.gold or need.explore > means.explore:
            continue
        spare = (means.explore - need.explore) // 2 if means.beryl else 0
        for k in range(0, bill + 1):
            if k <= spare and bill - k <= means.trade:
                out.add((tuple(sorted(used.items())), tuple(sorted(traded.items())), bill, k))
    return out


def pruned(found: set) -> set:
    """Brute force minus the plans dominated by one giving every opponent the same gold for fewer tokens."""
    best: dict = {}
    for used, traded, bill, k in found:
        key = (used, tuple(sorted(seat for _, seat in traded)))
        best[key] = min(best.get(key, 99), bill)
    return {p for p in found if p[2] == best[(p[0], tuple(sorted(seat for _, seat in p[1])))]}


def solver(need: Cost, supplies: tuple[Supply, ...], means: Means) -> set:
    out = set()
    for s in plans(need, supplies, means):
        used = tuple(sorted(((r, t), n) for r, t, n in s.made))
        for c in s.partners:
            traded = tuple(sorted(zip(s.traded, c.seats)))
            for k in range(c.beryl[0], c.beryl[1] + 1):
                out.add((used, traded, c.bill, k))
    return out


def same_outcome(found: set) -> set:
    """Plans paying every opponent the same and using the same workplaces are one option: keep the outcome."""
    return {(used, tuple(sorted(seat for _, seat in traded)), bill, k) for used, traded, bill, k in found}


def random_case(rng: random.Random):
    resources = rng.sample(OLD + NEW, rng.randint(1, 3))
    units = tuple(sorted(r for r in resources for _ in range(rng.choice((1, 1, 2)))))
    supplies = []
    for r, _ in group_units(units):
        if r in RAW_NEW_WORLD:
            supplies.append(Supply(held=rng.choice((0, 0, 1)), imports=rng.random() < 0.7))
            continue
        work = tuple((t, rng.randint(1, 2)) for t in sorted(rng.sample(range(4), rng.randint(0, 2))))
        partners = tuple((seat, rng.choice((1, 2, 3))) for seat in sorted(rng.sample(range(1, 4), rng.randint(0, 2))))
        supplies.append(Supply(workplaces=work, partners=partners))
    exhaust = tuple(rng.choice((0, 0, 1)) for _ in range(5))
    need = Cost(units, exhaust, rng.choice((0, 0, 1)), rng.choice((0, 0, 2)), rng.choice((0, 0, 1)))
    means = Means(tuple(rng.randint(0, 2) for _ in range(5)), rng.randint(0, 5), rng.randint(0, 6),
                  rng.randint(0, 2), rng.random() < 0.5)
    return need, tuple(supplies), means


@pytest.mark.parametrize("seed", range(300))
def test_every_cheapest_way_and_only_those(seed):
    need, supplies, means = random_case(random.Random(seed))
    expected = same_outcome(pruned(brute(need, supplies, means)))
    assert same_outcome(solver(need, supplies, means)) == expected


def test_codes_are_unique_and_partners_distinct():
    rng = random.Random(7)
    for _ in range(200):
        need, supplies, means = random_case(rng)
        found = plans(need, supplies, means)
        assert len({s.code for s in found}) == len(found)
        for s in found:
            gold = [tuple(sorted(c.seats)) for c in s.partners]
            assert len(set(gold)) == len(gold)  # one option per way of sharing the gold


def test_nothing_to_pay_is_one_empty_plan():
    (only,) = plans(Cost(), (), Means(NO_CUBES, 0, 0, 0, False))
    assert only.code == "0" and only.partners[0].bill == 0 and only.partners[0].beryl == (0, 0)
