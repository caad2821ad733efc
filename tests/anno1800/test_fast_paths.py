"""The engine's fast paths agree with its plain ones (issue 14: self-play speed), over the states of random games
(seeded, so every failure replays; one table plays every option changed from its default).

* ``apply_inplace`` plays the same game as ``apply`` (the same states and events), and a refused move leaves the
  state it was given as it was;
* every menu listed through the actions' ``legal`` is the menu of the candidates put to their checks, as ``apply``
  does (``decisions.options(..., checked=True)``);
* ``Market.can`` says whether a cost can be paid exactly when ``Market.plans`` finds a way, for every cost of the
  game.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules.anno1800.context import Ctx
from rules.anno1800.data import BUILDINGS, CARDS, INVESTOR, RESOURCES, TIER
from rules.anno1800.decisions import DECISIONS, options, pending_kind
from rules.anno1800.islands import tokens
from rules.anno1800.market import market_for
from rules.anno1800.state import AnnoState
from rules.contract import IllegalMove, Move

from .helpers import G

_EVERY_OPTION = {"alternatives": "cover_printed", "end_trigger": "last_card_played", "gain_cubes": "all_or_nothing",
                 "investor_hire": "short", "objectives": "first_game"}
TABLES = [(2, 21, {}), (3, 22, {}), (4, 23, _EVERY_OPTION)]
# Every cost, with the tier keeping a cube for an upgrade from the district (-1: none).
COSTS = ([(b.cost, -1) for b in BUILDINGS.values() if b.copies] + [(c.cost, -1) for c in CARDS.values()]
         + [(cost, -1) for t in TIER for cost in (t.hire, t.hire_short) if cost is not None]
         + [(TIER[t].upgrade, reserve) for t in range(INVESTOR) for reserve in (-1, t)])


@cache
def states(players: int, seed: int, opts: tuple[tuple[str, str], ...]) -> list[AnnoState]:
    """The states of a random game, before each move."""
    rng = random.Random(f"fast:{seed}")
    state = G.setup(players, dict(opts), seed=seed)
    out = []
    while G.active_seats(state):
        out.append(state)
        state, _ = G.apply(state, state.current, rng.choice(G.legal_moves(state, state.current)))
    return out


def _game(players: int, seed: int, opts: dict) -> list[AnnoState]:
    return states(players, seed, tuple(sorted(opts.items())))


@pytest.mark.parametrize("players, seed, opts", TABLES)
def test_apply_inplace_plays_the_same_game_as_apply(players, seed, opts):
    played = _game(players, seed, opts)
    rng = random.Random(f"fast:{seed}")
    state = G.setup(players, opts, seed=seed)
    for i, expected in enumerate(played):
        assert state == expected, i
        seat = state.current
        move = rng.choice(G.legal_moves(state, seat))
        if i % 11 == 0:  # refused: another seat's move, or no move of this decision
            before = state.model_dump_json()
            for other, wrong in ((seat, Move("zz_no_such_action")), ((seat + 1) % players, move)):
                with pytest.raises(IllegalMove):
                    G.apply_inplace(state, other, wrong)
                assert state.model_dump_json() == before
        _, pure_events = G.apply(state, seat, move)
        state, events = G.apply_inplace(state, seat, move)
        assert events == pure_events, i
    assert G.outcome(state).finished


@pytest.mark.parametrize("players, seed, opts", TABLES)
def test_fast_menus_are_the_checked_menus(players, seed, opts):
    kinds = set()
    for state in _game(players, seed, opts):
        ctx, decision = Ctx(state, state.current), DECISIONS[pending_kind(state)]
        assert options(ctx, decision) == options(Ctx(state, state.current), decision, checked=True)
        kinds.add(decision.kind)
    assert {"turn", "build", "pay", "hire", "upgrade", "swap", "shift", "field", "cover"} <= kinds


@pytest.mark.parametrize("players, seed, opts", TABLES)
def test_can_pay_exactly_when_a_plan_exists(players, seed, opts):
    for state in _game(players, seed, opts)[::40]:
        for seat in range(players):
            market = market_for(state, seat)
            for cost, reserve in COSTS:
                assert market.can(cost, reserve) == bool(market.plans(cost, reserve)), (cost, reserve)


def test_markets_follow_hand_made_changes_of_the_table():
    """What a market keeps per table of buildings (``market.table``) follows a change made by hand: the other seats
    lose their industries (nobody to trade with) and the seat its ships (no trade or exploration token left)."""
    for state in _game(4, 23, _EVERY_OPTION)[100::300]:
        seat = state.current
        market_for(state, seat).can(COSTS[0][0])  # the caches hold the table as it was
        changed = state.clone()
        for other, q in enumerate(changed.seats):
            lose = "ship" if other == seat else "industry"
            for i, b in enumerate(q.buildings):
                if b and BUILDINGS[b].kind == lose:
                    q.buildings[i], q.printed[i] = "", False
        changed.seats[seat].trade_used = changed.seats[seat].explore_used = 0  # as ``clear_field`` caps them
        market = market_for(changed, seat)
        assert (market.means.trade, market.means.explore) == tokens(changed.seats[seat])
        assert all(not market.supply(r).partners for r in range(len(RESOURCES)))
        for cost, reserve in COSTS:
            assert market.can(cost, reserve) == bool(market.plans(cost, reserve)), (cost, reserve)
        decision = DECISIONS[pending_kind(changed)]
        assert options(Ctx(changed, seat), decision) == options(Ctx(changed, seat), decision, checked=True)
