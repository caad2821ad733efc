"""The engine's memo of payment plans (``trade.MarketPlans``, ``economy.pay_plans``) gives exactly the solver's
plans (``trade.payment_plans`` on the whole market): the same coins, witnesses and order, however the memo cuts
the market down to what a need depends on, and whichever markets filled it before.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings

from rules.wonders.data import CARDS, NOTHING
from rules.wonders.economy import add_units, pay_plans, production, trading
from rules.wonders.orders import Pricer
from rules.wonders.trade import Market, MarketPlans, pack_supply, payment_plans

from .helpers import G
from .test_trade import cities


def engine_plans(need, m: Market, budget: int):
    """``need`` paid the engine's way: own fixed production apart, the rest from a market of plans."""
    plans = MarketPlans(replace(m, own_fixed=NOTHING))
    return pay_plans(need, None, False, pack_supply(m.own_fixed), plans, budget)


@settings(max_examples=300, deadline=None)
@given(cities())
def test_the_memo_gives_the_solver_s_plans(city):
    need, m, budget = city
    assert engine_plans(need, m, budget) == payment_plans(need, m, budget)


@settings(max_examples=100, deadline=None)
@given(cities(), cities())
def test_plans_remembered_for_one_market_serve_another_exactly(first, second):
    for need, m, budget in (first, second, first):
        assert engine_plans(need, m, budget) == payment_plans(need, m, budget)


def test_in_random_games_every_card_and_stage_is_priced_as_the_solver_prices_it():
    for game in range(12):
        state = G.setup(3 + game % 5, {"armada": game % 2 == 1}, seed=500 + game)
        rng = random.Random(game)
        while G.active_seats(state):
            seat = rng.choice(sorted(G.active_seats(state)))
            if state.seats[seat].waiting == "turn":
                check_prices(state, seat)
            state, _ = G.apply_inplace(state, seat, rng.choice(G.legal_moves(state, seat)))


def check_prices(state, seat: int) -> None:
    """Every card of the seat's hand, with and without a Naval Construction, and its next stage."""
    pricer = Pricer(state, seat)
    prod, plans = trading(state, seat)
    assert prod == production(state.seats[seat])
    whole = replace(plans.market, own_fixed=prod.fixed)
    coins = state.seats[seat].coins
    needs = [pricer.card_need(CARDS[cid], ship)[:3] for cid in state.seats[seat].hand
             for ship in ((False, True) if pricer.can_ship(CARDS[cid]) else (False,))]
    if pricer.has_stage_left():
        needs += [pricer.stage_need(ship) for ship, _track in pricer.stage_ships()]
    for need, naval, bank in needs:
        if naval is not None and pricer.ancient:
            continue  # a unit waived: several needs merged (``economy._waived_plans``)
        total = need if naval is None else add_units(need, naval.resources)
        assert pricer.plans(need, naval, coins - bank) == payment_plans(total, whole, coins - bank)
