"""Population: hire (an action), upgrade (an action), free upgrades (a card effect), shift end (free) and the
festival (an action). Spec §5.5, §6.4, §6.5, §6.9, §7.2.

Cube places in notation: ``home`` (the residential districts), ``exhausted`` or a field id (one of the workplaces of
the industry there). Hired cubes and cubes upgraded in their district can be used at once for the next step of the
same action; the cards owed by a hire are drawn when the action ends (so the action can be taken back until then).
"""

from __future__ import annotations

from typing import Final

from rules.anno1800.cards import no_action
from rules.anno1800.context import Check, Ctx
from rules.anno1800.data import CARDS, DECK_OF_TIER, INVESTOR, RULES, TIER, TIERS
from rules.anno1800.effects import draw
from rules.anno1800.islands import EXHAUSTED, HOME, cubes_on, field_index, used_cubes
from rules.anno1800.market import hire_cost
from rules.anno1800.state import Player, Step
from rules.anno1800.turn import begin_action
from rules.contract import Event, IllegalMove


def _tier(name: str) -> int:
    return TIERS.index(name)


# --- where cubes are ----------------------------------------------------------------------------------------------
def has_cube(ctx: Ctx, tier: int, place: str) -> bool:
    p = ctx.p
    if place == HOME:
        return p.district[tier] > 0
    if place == EXHAUSTED:
        return p.exhausted[tier] > 0
    i = field_index(p, place)
    return i >= 0 and tier in cubes_on(p, i)


def _places(ctx: Ctx) -> list[tuple[int, str]]:
    """Every (tier, place) holding at least one cube."""
    p = ctx.p
    out = [(t, HOME) for t in range(5) if p.district[t]]
    return [*out, *used_cubes(p)]


def _replace(ctx: Ctx, tier: int, place: str) -> None:
    """Swap one cube of ``tier`` at ``place`` for a supply cube of the next tier (on the spot: spec §6.5)."""
    p, state = ctx.p, ctx.state
    state.supply[tier] += 1
    state.supply[tier + 1] -= 1
    if place in (HOME, EXHAUSTED):
        counts = p.district if place == HOME else p.exhausted
        counts[tier] -= 1
        counts[tier + 1] += 1
        return
    i = field_index(p, place)
    slot = 2 * i if p.work[2 * i] == tier else 2 * i + 1
    p.work[slot] = tier + 1


# --- hire ---------------------------------------------------------------------------------------------------------
def _check_cube(ctx: Ctx, tier: int, step: Step) -> Check:
    if step.count >= RULES["hire_max"]:
        return IllegalMove("anno1800.error.step_limit", limit=RULES["hire_max"])
    if ctx.state.supply[tier] <= 0:
        return IllegalMove("anno1800.error.no_supply", tier=TIERS[tier])
    cost = hire_cost(ctx.state, tier, step.draws)
    return ctx.market.check(cost)


_FRESH_HIRE: Final = Step("hire")  # read only: the hire step as it opens


def _cube_ok(ctx: Ctx, tier: int, step: Step) -> bool:
    """``_check_cube`` as a yes or no (menus)."""
    state = ctx.state
    return (step.count < RULES["hire_max"] and state.supply[tier] > 0
            and ctx.market.can(hire_cost(state, tier, step.draws)))


def can_hire_action(ctx: Ctx) -> bool:
    """``check_hire_action`` as a yes or no (menus)."""
    return ctx.state.turn.actions > 0 and any(_cube_ok(ctx, t, _FRESH_HIRE) for t in range(5))


def legal_hire(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``hire`` that pass ``check_hire``."""
    step = ctx.step
    assert step is not None
    return [(TIERS[t],) for t in range(5) if _cube_ok(ctx, t, step)]


def check_hire_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    errors = [_check_cube(ctx, t, _FRESH_HIRE) for t in range(5)]
    return None if any(e is None for e in errors) else next(e for e in errors if e is not None)


def run_hire_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    begin_action(ctx.state, ctx.seat, "hire", events)
    ctx.state.turn.steps.append(Step("hire"))


def hire_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(t,) for t in TIERS]


def check_hire(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    return _check_cube(ctx, _tier(args[0]), step)


def run_hire(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.steps.append(Step("pay", purpose="hire", item=args[0]))


def complete_hire(ctx: Ctx, tier_name: str, events: list[Event]) -> None:
    state, p = ctx.state, ctx.p
    step = ctx.step
    assert step is not None and step.kind == "hire"
    tier = _tier(tier_name)
    deck = DECK_OF_TIER[tier]
    which = 0 if deck == "farmer_worker" else 1
    card = len(state.deck(deck)) > step.draws[which]  # else the deck's gold was part of the payment
    if card:
        step.draws[which] += 1
    state.supply[tier] -= 1
    p.district[tier] += 1
    step.count += 1
    events.append(Event("cube_hired", {"tier": tier_name, "card": card}, seat=ctx.seat))
    if step.count >= RULES["hire_max"]:
        finish_hire(ctx, events)


def check_done(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    return None if step.count > 0 else IllegalMove("anno1800.error.nothing_chosen")


def finish_hire(ctx: Ctx, events: list[Event]) -> None:
    step = ctx.state.turn.steps.pop()
    for deck, count in zip(("farmer_worker", "artisan_engineer_investor"), step.draws):
        if count:
            draw(ctx.state, ctx.seat, deck, count, events, "hire")


# --- upgrade ------------------------------------------------------------------------------------------------------
def _check_step(ctx: Ctx, tier: int, place: str, free: bool) -> Check:
    if tier >= INVESTOR:
        return IllegalMove("anno1800.error.top_tier")
    if not has_cube(ctx, tier, place):
        return IllegalMove("anno1800.error.no_cube_there", tier=TIERS[tier], place=place)
    if ctx.state.supply[tier + 1] <= 0:
        return IllegalMove("anno1800.error.no_supply", tier=TIERS[tier + 1])
    if free:
        return None
    cost = TIER[tier].upgrade
    assert cost is not None
    reserve = tier if place == HOME else -1
    return ctx.market.check(cost, reserve)


def _step_ok(ctx: Ctx, tier: int, home: bool, free: bool) -> bool:
    """``_check_step`` as a yes or no, for a cube known to be there (menus list only those): it depends on the
    cube's place only through whether it is ``home`` (a cube upgraded in its district cannot also pay)."""
    if tier >= INVESTOR or ctx.state.supply[tier + 1] <= 0:
        return False
    if free:
        return True
    cost = TIER[tier].upgrade
    assert cost is not None
    return ctx.market.can(cost, tier if home else -1)


def _has_used(p: Player, tier: int) -> bool:
    """Whether the player has a cube of ``tier`` on a workplace or in the exhausted area (one of ``used_cubes``)."""
    if p.exhausted[tier]:
        return True
    for t in p.work:  # a loop of C integers; ``tier in p.work`` compares Python objects
        if t == tier:
            return True
    return False


def can_upgrade_action(ctx: Ctx) -> bool:
    """``check_upgrade_action`` as a yes or no (menus): a cube of some tier in its district, or elsewhere (on a
    workplace or exhausted: ``used_cubes``), that can take a step."""
    if ctx.state.turn.actions <= 0:
        return False
    p = ctx.p
    for tier in range(INVESTOR):
        if p.district[tier] and _step_ok(ctx, tier, True, False):
            return True
        if _has_used(p, tier) and _step_ok(ctx, tier, False, False):
            return True
    return False


def legal_upgrade(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``upgrade`` that pass ``check_upgrade``; ``_step_ok`` asked once per tier and kind of
    place, not for every place."""
    step = ctx.step
    assert step is not None
    if step.kind == "free_upgrade":
        only = _card_tier(step)
        places = [(t, place) for t, place in _places(ctx) if t == only]
        free = True
    elif step.count >= RULES["upgrade_max"]:
        return []
    else:
        places, free = _places(ctx), False
    answers: dict[tuple[int, bool], bool] = {}
    out: list[tuple[str, ...]] = []
    for t, place in places:
        home = place == HOME
        ok = answers.get((t, home))
        if ok is None:
            ok = answers[t, home] = _step_ok(ctx, t, home, free)
        if ok:
            out.append((TIERS[t], place))
    return out


def check_upgrade_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    for tier, place in _places(ctx):
        if tier < INVESTOR and _check_step(ctx, tier, place, False) is None:
            return None
    return IllegalMove("anno1800.error.nothing_to_upgrade")


def run_upgrade_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    begin_action(ctx.state, ctx.seat, "upgrade", events)
    ctx.state.turn.steps.append(Step("upgrade"))


def upgrade_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    step = ctx.step
    assert step is not None
    only = _card_tier(step) if step.kind == "free_upgrade" else None
    return [(TIERS[t], place) for t, place in _places(ctx) if t < INVESTOR and (only is None or t == only)]


def _card_tier(step: Step) -> int:
    """The tier a free-upgrade card's steps apply to."""
    return CARDS[step.item].tier


def check_upgrade(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    tier, place = _tier(args[0]), args[1]
    if step.kind == "free_upgrade":
        if tier != _card_tier(step):
            return IllegalMove("anno1800.error.wrong_tier", tier=args[0], allowed=TIERS[_card_tier(step)])
        return _check_step(ctx, tier, place, True)
    if step.count >= RULES["upgrade_max"]:
        return IllegalMove("anno1800.error.step_limit", limit=RULES["upgrade_max"])
    return _check_step(ctx, tier, place, False)


def run_upgrade(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    if step.kind == "free_upgrade":
        complete_upgrade(ctx, args[0], args[1], events)
        return
    ctx.state.turn.steps.append(Step("pay", purpose="upgrade", item=args[0], field=args[1]))


def complete_upgrade(ctx: Ctx, tier_name: str, place: str, events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    tier = _tier(tier_name)
    _replace(ctx, tier, place)
    events.append(Event("cube_upgraded", {"from": tier_name, "to": TIERS[tier + 1], "place": place,
                                          "free": step.kind == "free_upgrade"}, seat=ctx.seat))
    if step.kind == "free_upgrade":
        step.count -= 1
        done = step.count <= 0
    else:
        step.count += 1
        done = step.count >= RULES["upgrade_max"]
    if done:
        ctx.state.turn.steps.pop()


def run_pop(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.steps.pop()


# --- shift end ----------------------------------------------------------------------------------------------------
def shift_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(TIERS[t], place) for t, place in used_cubes(ctx.p)]


def check_shift(ctx: Ctx, args: tuple[str, ...]) -> Check:
    tier, place = _tier(args[0]), args[1]
    if place == HOME or not has_cube(ctx, tier, place):
        return IllegalMove("anno1800.error.no_cube_there", tier=args[0], place=place)
    price = TIER[tier].shift_end
    if ctx.p.gold < price:
        return IllegalMove("anno1800.error.not_enough_gold", need=price, have=ctx.p.gold)
    return None


def legal_shift(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``shift`` that pass ``check_shift``: the cubes whose shift end the player can pay."""
    gold = ctx.p.gold
    return [(TIERS[t], place) for t, place in used_cubes(ctx.p) if gold >= TIER[t].shift_end]


def can_shift_action(ctx: Ctx) -> bool:
    """``check_shift_action`` as a yes or no (menus): a cube of some tier on a workplace or in the exhausted area
    (``used_cubes``) whose shift end the player can pay."""
    p = ctx.p
    gold = p.gold
    for tier, price in enumerate(_SHIFT_PRICES):
        if gold >= price and _has_used(p, tier):
            return True
    return False


_SHIFT_PRICES: Final = tuple(t.shift_end for t in TIER)  # by tier


def check_shift_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if any(check_shift(ctx, c) is None for c in shift_candidates(ctx)):
        return None
    if not used_cubes(ctx.p):
        return IllegalMove("anno1800.error.no_used_cube")
    return IllegalMove("anno1800.error.not_enough_gold", need=min(TIER[t].shift_end for t, _ in used_cubes(ctx.p)),
                       have=ctx.p.gold)


def run_shift_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.steps.append(Step("shift"))


def run_shift(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    p = ctx.p
    tier, place = _tier(args[0]), args[1]
    if place == EXHAUSTED:
        p.exhausted[tier] -= 1
    else:
        i = field_index(p, place)
        slot = 2 * i if p.work[2 * i] == tier else 2 * i + 1
        p.work[slot] = -1
    p.district[tier] += 1
    price = TIER[tier].shift_end
    p.gold -= price
    events.append(Event("shift_end", {"tier": args[0], "place": place, "gold": price}, seat=ctx.seat))
    ctx.state.turn.steps.pop()


# --- festival -----------------------------------------------------------------------------------------------------
def check_festival(ctx: Ctx, args: tuple[str, ...]) -> Check:
    return no_action(ctx)


def idle_festival(p: Player) -> bool:
    """Whether a festival would bring the player nothing back: no cube away from home, no ship's token used (only the
    cards' unused tokens would be lost)."""
    return not any(p.exhausted) and all(t < 0 for t in p.work) and not p.trade_used and not p.explore_used


def run_festival(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    """Every cube goes home, every ship is refilled, the cards' unused tokens go to the supply (spec §6.9)."""
    begin_action(ctx.state, ctx.seat, "festival", events)
    p = ctx.p
    returned = sum(p.exhausted)
    for t in range(5):
        p.district[t] += p.exhausted[t]
        p.exhausted[t] = 0
    for slot, t in enumerate(p.work):
        if t >= 0:
            p.district[t] += 1
            p.work[slot] = -1
            returned += 1
    params = {"cubes": returned, "trade": p.trade_used, "exploration": p.explore_used,
              "card_tokens_lost": p.card_trade + p.card_explore}
    p.trade_used = p.explore_used = p.card_trade = p.card_explore = 0
    events.append(Event("festival", params, seat=ctx.seat))
