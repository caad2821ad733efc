"""D56: ``cheapest_trade`` is the true minimum, checked against a brute force over every use of the choice producers
and every choice of waived units (Architecture / Masonry waive any 2 units of the cost)."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.duel.economy import cheapest_trade

CHOICE_SETS = [(3, 4), (0, 1, 2), (0,), (1, 3), (0, 2, 4)]  # Forum/Piraeus, Caravansery/Great Lighthouse, others


def brute_force(need, produced, choices, prices, waived) -> int:
    best = None
    for picks in product(*[(None, *c) for c in choices]):  # each producer supplies one unit, or none
        supply = list(produced)
        for r in picks:
            if r is not None:
                supply[r] += 1
        for waive in product(*(range(n + 1) for n in need)):  # any units of the cost, up to ``waived`` in all
            if sum(waive) > waived:
                continue
            cost = sum(max(0, need[r] - waive[r] - supply[r]) * prices[r] for r in range(5))
            best = cost if best is None else min(best, cost)
    return best


units = st.tuples(*[st.integers(0, 3)] * 5)


@settings(max_examples=300, deadline=None)
@given(
    need=units,
    produced=st.lists(st.integers(0, 2), min_size=5, max_size=5),
    choices=st.lists(st.sampled_from(CHOICE_SETS), max_size=3),
    prices=st.lists(st.integers(1, 6), min_size=5, max_size=5),
    waived=st.sampled_from([0, 2]),
)
def test_D56_cheapest_trade_matches_brute_force(need, produced, choices, prices, waived):
    assert cheapest_trade(need, produced, choices, prices, waived) == brute_force(need, produced, choices, prices,
                                                                                  waived)


def test_D56_brute_force_sanity():
    # Two glass at 5 with a Forum and a discount of 2: the Forum covers one, the discount the other.
    assert brute_force((0, 0, 0, 2, 0), [0] * 5, [(3, 4)], [2, 2, 2, 5, 2], 2) == 0
    assert cheapest_trade((0, 0, 0, 2, 1), [0] * 5, [(3, 4)], [2, 2, 2, 5, 3], 0) == 8
