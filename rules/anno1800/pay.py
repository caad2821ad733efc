"""The payment decisions: ``pay:<code>`` (the sourcing), ``partners:<seats>`` (whom to trade with),
``beryl:<k>`` (trade tokens paid as exploration tokens); see ``payment`` for the notation. Once the last one is
chosen the plan is carried out (``market.settle``) and what was paid for happens: a building is placed, a card is
played, a cube is hired or upgraded.

A pay step's ``count`` is its stage: 0 sourcing, 1 partners, 2 Beryl. A stage with a single answer is taken
automatically (``decisions.settle``), so a payment with one way asks nothing.
"""

from __future__ import annotations

from typing import Final

from rules.anno1800.build import complete_build
from rules.anno1800.cards import complete_play
from rules.anno1800.context import Check, Ctx
from rules.anno1800.data import RAW_NEW_WORLD, RESOURCES, TIER_LETTERS, TIERS, Cost
from rules.anno1800.market import settle, step_cost
from rules.anno1800.payment import LETTER_ORDER, Partners, Sourcing, group_units
from rules.anno1800.people import complete_hire, complete_upgrade
from rules.contract import Event, IllegalMove

STAGES: Final = ("pay", "partner", "tokens")


def _cost(ctx: Ctx) -> tuple[Cost, int]:
    step = ctx.step
    assert step is not None and step.kind == "pay"
    return step_cost(ctx.state, step, ctx.parent)


def sourcings(ctx: Ctx) -> tuple[Sourcing, ...]:
    cost, reserve = _cost(ctx)
    return ctx.market.plans(cost, reserve)


def _sourcing(ctx: Ctx) -> Sourcing | None:
    step = ctx.step
    assert step is not None
    return next((s for s in sourcings(ctx) if s.code == step.code), None)


def _chosen(ctx: Ctx) -> tuple[Sourcing, Partners]:
    """The sourcing and the partners the pay step chose (its last stage, Beryl's, reads both)."""
    step = ctx.step
    s = _sourcing(ctx)
    assert step is not None and s is not None
    c = next((c for c in s.partners if c.notation == step.partners), None)
    assert c is not None
    return s, c


# --- pay:<code> ---------------------------------------------------------------------------------------------------
def pay_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(s.code,) for s in sourcings(ctx)]


def check_pay(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if any(s.code == args[0] for s in sourcings(ctx)):
        return None
    return why_not(ctx, args[0])


def run_pay(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    step.code = args[0]
    s = _sourcing(ctx)
    assert s is not None
    step.count = 1 if s.traded else 2


def why_not(ctx: Ctx, code: str) -> IllegalMove:
    """What makes the sourcing ``code`` impossible, the first thing found."""
    cost, reserve = _cost(ctx)
    market = ctx.market
    if code == "0" and not cost.units:
        return market.shortfall(cost, reserve)
    if len(code) != len(cost.units) or any(c not in LETTER_ORDER for c in code):
        return IllegalMove("anno1800.error.bad_plan", plan=code, units=len(cost.units))
    cubes = list(market.means.cubes)
    if reserve >= 0:
        cubes[reserve] -= 1
    used = list(cost.exhaust)
    at = 0
    for r, n in group_units(cost.units):
        part, at = code[at:at + n], at + n
        s = market.supply(r)
        name = RESOURCES[r]
        if part.count("h") > s.held:
            return IllegalMove("anno1800.error.not_held", resource=name)
        if part.count("t") > 1:
            return IllegalMove("anno1800.error.trade_once", resource=name)
        if "t" in part:
            if r in RAW_NEW_WORLD:
                return IllegalMove("anno1800.error.cannot_trade_new_world", resource=name)
            if name in ctx.state.turn.traded:
                return IllegalMove("anno1800.error.already_traded", resource=name)
            if not s.partners:
                return IllegalMove("anno1800.error.nobody_makes", resource=name)
        if "n" in part and not s.imports:
            key = "no_new_world_resource" if r in RAW_NEW_WORLD else "not_new_world"
            return IllegalMove(f"anno1800.error.{key}", resource=name)
        free = dict(s.workplaces)
        for tier, letter in enumerate(TIER_LETTERS[:4]):
            k = part.count(letter)
            if k > free.get(tier, 0):
                return IllegalMove("anno1800.error.no_workplace", resource=name, tier=TIERS[tier])
            used[tier] += k
    for tier in range(5):
        if used[tier] > cubes[tier]:
            return IllegalMove("anno1800.error.no_cube", tier=TIERS[tier], need=used[tier], have=max(0, cubes[tier]))
    return IllegalMove("anno1800.error.not_enough_tokens", kind="trade", need=None, have=market.means.trade)


# --- partners:<seats> ---------------------------------------------------------------------------------------------
def partner_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    s = _sourcing(ctx)
    assert s is not None
    return [(c.notation,) for c in s.partners]


def check_partners(ctx: Ctx, args: tuple[str, ...]) -> Check:
    s = _sourcing(ctx)
    assert s is not None
    if any(c.notation == args[0] for c in s.partners):
        return None
    digits = args[0]
    if len(digits) != len(s.traded) or not digits.isdigit():
        return IllegalMove("anno1800.error.bad_partners", partners=digits, trades=len(s.traded))
    for r, d in zip(s.traded, digits):
        seat = int(d)
        if seat == ctx.seat:
            return IllegalMove("anno1800.error.trade_with_self")
        if seat not in dict(ctx.market.supply(r).partners):
            return IllegalMove("anno1800.error.partner_lacks", resource=RESOURCES[r], partner=seat)
    return IllegalMove("anno1800.error.not_best_partners", partners=digits,
                       options=[c.notation for c in s.partners])


def run_partners(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    step.partners = args[0]
    step.count = 2


# --- beryl:<k> ----------------------------------------------------------------------------------------------------
def beryl_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    least, most = _chosen(ctx)[1].beryl
    return [(str(k),) for k in range(least, most + 1)]


def check_beryl(ctx: Ctx, args: tuple[str, ...]) -> Check:
    least, most = _chosen(ctx)[1].beryl
    k = int(args[0])
    return None if least <= k <= most else IllegalMove("anno1800.error.bad_beryl", count=k, least=least, most=most)


def run_beryl(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    cost, _reserve = _cost(ctx)
    s, c = _chosen(ctx)
    settle(ctx.state, ctx.seat, cost, s, c, int(args[0]), events)
    ctx.changed()
    step = ctx.state.turn.steps.pop()
    if step.purpose == "build":
        complete_build(ctx, step.item, step.field, events)
    elif step.purpose == "play":
        complete_play(ctx, step.item, events)
    elif step.purpose == "hire":
        complete_hire(ctx, step.item, events)
    else:
        complete_upgrade(ctx, step.item, step.field, events)
    ctx.changed()
