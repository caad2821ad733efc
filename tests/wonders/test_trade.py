"""The payment solver (A.6 commerce, B.6 naval cost in the same payment, B.11 Emporiums, E.4 payment plans).

Hand-made cases from the rules, then a property test against a brute force over every assignment of every unit
of the need to every source, which also checks every witness and house rule W43 (never buy what own unused
production could cover).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.wonders.trade import RESOURCES, Market, Plan, Supplier, parse_plan, payment_plans

TWO = (2,) * 7
RAW_AT_1 = (1, 1, 1, 1, 2, 2, 2)  # East / West Trading Post on that side, Olympia B on both
GOODS_AT_1 = (2, 2, 2, 2, 1, 1, 1)  # Marketplace (both sides)


def res(text: str = "") -> tuple[int, ...]:
    """Unit counts from letters: ``res("WWG")`` is 2 wood and 1 glass."""
    return tuple(text.count(r) for r in RESOURCES)


def choices(*sets: str) -> tuple[tuple[int, ...], ...]:
    """Choice producers from letters: ``choices("WC", "GLP")`` is a W/C card and a Forum."""
    return tuple(tuple(RESOURCES.index(r) for r in s) for s in sets)


def sells(fixed: str = "", *sets: str) -> Supplier:
    return Supplier(res(fixed), choices(*sets))


def market(
    own: str = "", own_choices: tuple = (), left: Supplier = Supplier(), right: Supplier = Supplier(),
    left_prices=TWO, right_prices=TWO, **far,
) -> Market:
    return Market(res(own), own_choices, left, right, left_prices, right_prices, **far)


def notations(need: str, m: Market, budget: int = 99) -> list[str]:
    return [p.notation for p in payment_plans(res(need), m, budget)]


# --- commerce with the neighbours (A.6) --------------------------------------------------------------------


def test_buy_at_2_from_the_only_seller():
    assert notations("W", market(left=sells("W"))) == ["l2r0"]
    assert notations("W", market(right=sells("W"))) == ["l0r2"]
    (plan,) = payment_plans(res("W"), market(right=sells("W")), 99)
    assert plan.bought == (("right", res("W")),) and plan.total == 2


def test_same_price_on_both_sides_gives_both_plans():
    assert notations("W", market(left=sells("W"), right=sells("W"))) == ["l0r2", "l2r0"]
    # two units: all on one side, or one each
    assert notations("WW", market(left=sells("WW"), right=sells("WW"))) == ["l0r4", "l2r2", "l4r0"]


def test_trading_posts_discount_raw_materials_on_one_side():
    east = market(left=sells("WG"), right=sells("WG"), right_prices=RAW_AT_1)  # East Trading Post
    assert notations("W", east) == ["l0r1", "l2r0"]  # paying the left 2 is still an option: the left gets coins
    assert notations("G", east) == ["l0r2", "l2r0"]  # goods not discounted
    west = market(left=sells("WG"), right=sells("WG"), left_prices=RAW_AT_1)  # West Trading Post
    assert notations("W", west) == ["l1r0", "l0r2"]
    assert notations("WG", west) == ["l1r2", "l3r0", "l0r4"]


def test_marketplace_discounts_goods_on_both_sides():
    m = market(left=sells("GL"), right=sells("P"), left_prices=GOODS_AT_1, right_prices=GOODS_AT_1)
    assert notations("GLP", m) == ["l2r1"]
    assert notations("O", market(left=sells("O"), left_prices=GOODS_AT_1)) == ["l2r0"]


def test_an_ab_card_sells_one_of_its_resources_per_buyer():
    m = market(left=sells("", "WC"))
    assert notations("W", m) == ["l2r0"]
    assert notations("C", m) == ["l2r0"]
    assert notations("WC", m) == []
    assert notations("WC", market(left=sells("", "WC"), right=sells("C"))) == ["l2r2"]
    assert notations("WC", market(left=sells("", "WC"), right=sells("W"))) == ["l2r2"]
    assert notations("WC", market(left=sells("W"), right=sells("", "WC"))) == ["l2r2"]
    assert notations("WC", market(left=sells("", "WC"), right=sells("", "WC"))) == ["l2r2"]
    # two A/B cards sell two units
    assert notations("WC", market(left=sells("", "WC", "WC"))) == ["l4r0"]


def test_a_neighbour_sells_at_most_what_it_produces():
    assert notations("SS", market(left=sells("S"), right=sells("S"))) == ["l2r2"]
    assert notations("SSS", market(left=sells("S"), right=sells("S"))) == []
    assert notations("SSS", market(left=sells("SS"), right=sells("S"))) == ["l4r2"]


def test_own_production_comes_before_buying():
    caravansery = choices("WSCO")
    assert payment_plans(res("W"), market(own_choices=caravansery, left=sells("W")), 0) == (Plan(),)
    assert payment_plans(res("WW"), market(own="W", own_choices=caravansery), 0) == (Plan(),)
    # the Caravansery covers one of W/S, the other is bought: never both bought
    plans = payment_plans(res("WS"), market(own_choices=caravansery, left=sells("WS")), 99)
    assert [p.notation for p in plans] == ["l2r0"]
    assert sum(plans[0].bought_from("left")) == 1


def test_own_choice_leaves_what_is_cheapest_to_buy_from_each_side():
    # own W/O: buy W on the left at 1 (own covers O), or O on the right at 2 (own covers W)
    m = market(own_choices=choices("WO"), left=sells("W"), right=sells("O"), left_prices=RAW_AT_1)
    plans = payment_plans(res("WO"), m, 99)
    assert [p.notation for p in plans] == ["l1r0", "l0r2"]
    assert plans[0].bought == (("left", res("W")),)
    assert plans[1].bought == (("right", res("O")),)


def test_budget_drops_plans_too_dear():
    m = market(left=sells("WW"), right=sells("W"))
    assert notations("WW", m) == ["l2r2", "l4r0"]
    assert notations("WW", m, budget=4) == ["l2r2", "l4r0"]
    assert notations("WW", m, budget=3) == []
    m = market(left=sells("W"), right=sells("W"), right_prices=RAW_AT_1)
    assert notations("W", m, budget=1) == ["l0r1"]
    assert notations("W", m, budget=0) == []
    assert payment_plans(res(), m, 0) == (Plan(),)


def test_infeasible_needs():
    assert payment_plans(res("G"), market(left=sells("W"), right=sells("L")), 99) == ()
    assert payment_plans(res("OOOO"), market(own="O", left=sells("O"), right=sells("O")), 99) == ()


def test_naval_cost_is_paid_with_the_card_cost():
    # B.6: card (W) + naval part (W, S) is one need; own fixed W covers one unit only once
    m = market(own="WS", left=sells("W"))
    assert notations("W", m) == [""]
    assert notations("WWS", m) == ["l2r0"]


# --- Emporiums (B.11) ----------------------------------------------------------------------------------------


def test_eastern_emporium_buys_one_unit_at_1_from_far_right():
    m = market(far_right=sells("WW"), far_right_uses=1)
    assert notations("W", m) == ["l0r0x1"]
    assert notations("WW", m) == []
    plans = payment_plans(res("W"), market(left=sells("W"), far_right=sells("W"), far_right_uses=1), 99)
    assert [p.notation for p in plans] == ["l0r0x1", "l2r0"]
    assert plans[0].bought == (("far_right", res("W")),)


def test_western_emporium_buys_two_units_at_1_from_far_left():
    m = market(far_left=sells("WG"), far_left_uses=2)
    assert notations("WG", m) == ["l0r0y2"]
    assert notations("WW", m) == []  # the far-left player has one wood only
    assert notations("WGW", market(far_left=sells("WGW"), far_left_uses=2)) == []  # two uses only
    assert notations("WGW", market(right=sells("W"), far_left=sells("WGW"), far_left_uses=2)) == [
        "l0r2y2",
    ]


def test_emporiums_only_sell_what_the_far_player_produces():
    # an A/B card of the far player: one unit of one resource
    assert notations("WC", market(far_left=sells("", "WC"), far_left_uses=2)) == []
    assert notations("WC", market(far_left=sells("", "WC", "WC"), far_left_uses=2)) == ["l0r0y2"]


def test_both_emporiums_on_the_same_opposite_player():
    # 4 players: the far left and the far right are one player, whose single wood is bought once at most
    opposite = sells("W")
    both = dict(far_left=opposite, far_right=opposite, far_left_uses=2, far_right_uses=1)
    assert notations("WW", market(**both)) == ["l0r0x1y1"]
    assert notations("WW", market(**both, far_shared=True)) == []
    assert notations("W", market(**both, far_shared=True)) == ["l0r0x1", "l0r0y1"]


# --- notation -----------------------------------------------------------------------------------------------


def test_notation_and_parse_round_trip():
    cases = {
        Plan(): "",
        Plan(2, 1): "l2r1",
        Plan(0, 2, far_right=1): "l0r2x1",
        Plan(0, 0, far_left=2): "l0r0y2",
        Plan(1, 2, 2, 1): "l1r2x1y2",
        Plan(12, 0): "l12r0",
    }
    for plan, text in cases.items():
        assert plan.notation == text
        assert parse_plan(text) == plan.coins
    assert parse_plan(" L2R1X1 ") == (2, 1, 0, 1)
    for bad in ("l2", "r1l2", "l2r1y1x1", "l2r1z1", "lr", "l-1r0", "l2 r1", "x1", "l2r1x", "l1234r0"):
        assert parse_plan(bad) is None, bad


def test_results_are_memoized():
    m = market(left=sells("W"), right=sells("W"))
    assert payment_plans(res("W"), m, 5) is payment_plans(res("W"), market(left=sells("W"), right=sells("W")), 5)


# --- brute force ----------------------------------------------------------------------------------------------


def brute_frontier(need, m: Market, budget: int) -> set[tuple[int, int, int, int]]:
    """Every assignment of every unit of ``need`` to a source (each fixed unit and each choice producer used once),
    its coin vector, then the budget and the Pareto frontier."""
    sources = []  # (channels it can be bought through, resources it can give, how many units)

    def add(supplier, channels):
        sources.extend((channels, {k}, n) for k, n in enumerate(supplier.fixed) if n)
        sources.extend((channels, set(c), 1) for c in supplier.choices)

    add(Supplier(m.own_fixed, m.own_choices), ("own",))
    add(m.left, ("left",))
    add(m.right, ("right",))
    if m.far_shared:
        add(m.far_left, ("far_left", "far_right"))
    else:
        if m.far_left is not None:
            add(m.far_left, ("far_left",))
        if m.far_right is not None:
            add(m.far_right, ("far_right",))
    units = [k for k in range(7) for _ in range(need[k])]
    found = set()

    def go(i, used, coins, far_counts, previous):
        if i == len(units):
            found.add(tuple(coins))
            return
        k = units[i]
        # units of one resource are interchangeable: give them sources in increasing order
        start = previous if i and units[i - 1] == k else 0
        for s in range(start, len(sources)):
            channels, gives, capacity = sources[s]
            if k not in gives or used[s] == capacity:
                continue
            for channel in channels:
                used[s] += 1
                new_coins, new_far = list(coins), list(far_counts)
                if channel == "left":
                    new_coins[0] += m.left_prices[k]
                elif channel == "right":
                    new_coins[1] += m.right_prices[k]
                elif channel == "far_left":
                    new_coins[2] += m.far_price
                    new_far[0] += 1
                elif channel == "far_right":
                    new_coins[3] += m.far_price
                    new_far[1] += 1
                if new_far[0] <= m.far_left_uses and new_far[1] <= m.far_right_uses:
                    go(i + 1, used, new_coins, new_far, s)
                used[s] -= 1

    go(0, [0] * len(sources), [0, 0, 0, 0], [0, 0], 0)
    affordable = {c for c in found if sum(c) <= budget}
    return {c for c in affordable if not any(d != c and all(x <= y for x, y in zip(d, c)) for d in affordable)}


def can_supply(fixed, choice_sets, vec) -> bool:
    """Whether fixed units plus choice producers (one unit each) supply ``vec``."""
    if min(vec) < 0:
        return False
    units = [k for k in range(7) for _ in range(max(0, vec[k] - fixed[k]))]

    def go(i, used):
        if i == len(units):
            return True
        return any(units[i] in c and j not in used and go(i + 1, used | {j}) for j, c in enumerate(choice_sets))

    return go(0, frozenset())


def check_witness(need, m: Market, plan: Plan) -> None:
    """The plan's purchases are possible, cost its coins, complete own production, and obey W43."""
    names = [name for name, _ in plan.bought]
    assert names == sorted(set(names), key=["left", "right", "far_left", "far_right"].index)
    assert all(any(vec) for _, vec in plan.bought)
    got = {name: plan.bought_from(name) for name in ("left", "right", "far_left", "far_right")}
    assert can_supply(m.left.fixed, m.left.choices, got["left"])
    assert can_supply(m.right.fixed, m.right.choices, got["right"])
    assert plan.left == sum(n * p for n, p in zip(got["left"], m.left_prices))
    assert plan.right == sum(n * p for n, p in zip(got["right"], m.right_prices))
    for side, uses in (("far_left", m.far_left_uses), ("far_right", m.far_right_uses)):
        supplier = getattr(m, side)
        assert sum(got[side]) <= uses
        assert not any(got[side]) or can_supply(supplier.fixed, supplier.choices, got[side])
        assert getattr(plan, side) == m.far_price * sum(got[side])
    if m.far_shared:
        far = tuple(a + b for a, b in zip(got["far_left"], got["far_right"]))
        assert not any(far) or can_supply(m.far_left.fixed, m.far_left.choices, far)
    bought = [sum(vec[k] for vec in got.values()) for k in range(7)]
    own_part = tuple(n - b for n, b in zip(need, bought))
    assert can_supply(m.own_fixed, m.own_choices, own_part)  # also: nothing bought beyond the need
    for k in range(7):  # W43: no bought unit could have come from own production instead
        if bought[k]:
            more = tuple(n + (j == k) for j, n in enumerate(own_part))
            assert not can_supply(m.own_fixed, m.own_choices, more), (k, plan)


@st.composite
def cities(draw):
    """A random need and market over a pool of 1..3 resources (so that sources overlap)."""
    pool = draw(st.lists(st.integers(0, 6), min_size=1, max_size=3, unique=True))
    resource = st.sampled_from(pool)

    def counts(most, least=0):
        picks = draw(st.lists(resource, min_size=least, max_size=most))
        return tuple(picks.count(k) for k in range(7))

    def producers(most, size):
        sets = draw(st.lists(st.lists(resource, min_size=1, max_size=size, unique=True), max_size=most))
        return tuple(tuple(sorted(s)) for s in sets)

    def supplier():
        return Supplier(counts(4), producers(2, 2))

    prices = st.tuples(*[st.sampled_from([1, 2])] * 7)
    far = draw(st.sampled_from(["none", "east", "west", "both", "shared"]))
    extra = {}
    if far in ("west", "both"):
        extra.update(far_left=supplier(), far_left_uses=draw(st.integers(0, 2)))
    if far in ("east", "both"):
        extra.update(far_right=supplier(), far_right_uses=draw(st.integers(0, 1)))
    if far == "shared":
        opposite = supplier()
        extra.update(far_left=opposite, far_right=opposite, far_left_uses=2, far_right_uses=1, far_shared=True)
    if far != "none":
        extra.update(far_price=draw(st.sampled_from([1, 1, 2])))
    m = Market(counts(2), producers(3, 4), supplier(), supplier(), draw(prices), draw(prices), **extra)
    return counts(6, least=draw(st.sampled_from([0, 1, 2, 3]))), m, draw(st.integers(0, 14))


@settings(max_examples=300, deadline=None)
@given(cities())
def test_frontier_matches_brute_force_and_witnesses_are_valid(city):
    need, m, budget = city
    plans = payment_plans(need, m, budget)
    assert {p.coins for p in plans} == brute_frontier(need, m, budget)
    assert len({p.coins for p in plans}) == len(plans)
    assert list(plans) == sorted(plans, key=lambda p: (p.total, p.coins))
    assert all(p.total <= budget for p in plans)
    for plan in plans:
        check_witness(need, m, plan)
        assert parse_plan(plan.notation) == plan.coins


def test_brute_force_sanity():
    m = market(left=sells("W"), right=sells("W"), right_prices=RAW_AT_1)
    assert brute_frontier(res("W"), m, 9) == {(0, 1, 0, 0), (2, 0, 0, 0)}
    assert brute_frontier(res("W"), market(own_choices=choices("WS"), left=sells("W")), 9) == {(0, 0, 0, 0)}
    assert brute_frontier(res("WW"), market(left=sells("", "WC")), 9) == set()


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError):
        market(far_left=sells("W"), far_right=sells("S"), far_shared=True)
    with pytest.raises(ValueError):
        payment_plans(res("W" * 16), market(left=sells("W" * 16)), 99)
    with pytest.raises(ValueError):
        payment_plans((1, 0, 0), market(), 99)
