"""Exploration and the objectives' effects: the Old World (an action), the New World (an action), expeditions (an
action), Alonso Graves and Aarhant (free, once a turn). Spec §6.6-§6.8, §9.3.

Exploration tokens are paid from the cards' temporary tokens first, then the ships (``market.spend_tokens``).
"""

from __future__ import annotations

from rules.anno1800.cards import no_action
from rules.anno1800.context import Check, Ctx
from rules.anno1800.data import INVESTOR, NEW_WORLD_TILES, OLD_WORLD_TILES, RESOURCES, RULES
from rules.anno1800.effects import draw, draw_expeditions, gain_cubes
from rules.anno1800.islands import add_old_world
from rules.anno1800.market import exhaust, spend_tokens
from rules.anno1800.turn import begin_action, gain_action
from rules.contract import Event, IllegalMove

ALONSO, AARHANT = "obj_alonso_graves", "obj_aarhant"
ALONSO_TOKENS, ALONSO_GOLD, AARHANT_GOLD = 3, 3, 5


def _explore_tokens(ctx: Ctx) -> int:
    """The exploration tokens the player can spend: those of the market's means (``islands.tokens``), which the
    menu of a turn has fetched already."""
    return ctx.market.means.explore


def _tokens_for(ctx: Ctx, need: int) -> Check:
    have = _explore_tokens(ctx)
    if have < need:
        return IllegalMove("anno1800.error.not_enough_tokens", kind="exploration", need=need, have=have)
    return None


# --- the Old World ------------------------------------------------------------------------------------------------
def check_old_world(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    owned = len(ctx.p.old_world)
    if owned >= RULES["max_old_world"]:
        return IllegalMove("anno1800.error.island_limit", world="old", limit=RULES["max_old_world"])
    if not ctx.state.old_world_tiles:
        return IllegalMove("anno1800.error.stack_empty", world="old")
    return _tokens_for(ctx, owned + 1)


def _can_explore(ctx: Ctx, owned: int, most: int, stack: list[str]) -> bool:
    """``check_old_world`` or ``check_new_world`` as a yes or no (menus): an action left, fewer than ``most``
    islands ``owned`` of that world, a tile on its ``stack`` and the exploration tokens for one more island."""
    return ctx.state.turn.actions > 0 and owned < most and bool(stack) and _explore_tokens(ctx) >= owned + 1


def can_old_world(ctx: Ctx) -> bool:
    return _can_explore(ctx, len(ctx.p.old_world), RULES["max_old_world"], ctx.state.old_world_tiles)


def run_old_world(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    state, seat, p = ctx.state, ctx.seat, ctx.p
    begin_action(state, seat, "old_world", events)
    cost = len(p.old_world) + 1
    spend_tokens(state, seat, 0, cost, events)
    tile = state.old_world_tiles.pop(0)
    add_old_world(p, tile)
    t = OLD_WORLD_TILES[tile]
    events.append(Event("old_world", {"tile": tile, "cost": cost, "building": t.building or None}, seat=seat,
                        reveals=True))
    if t.effect == "gain_cubes":
        gain_cubes(state, seat, t.tier, t.count, events, "old_world")
    elif t.effect == "expedition_cards":
        if state.expeditions:
            draw_expeditions(state, seat, t.count, events, "old_world")


# --- the New World ------------------------------------------------------------------------------------------------
def check_new_world(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    owned = len(ctx.p.new_world)
    if owned >= RULES["max_new_world"]:
        return IllegalMove("anno1800.error.island_limit", world="new", limit=RULES["max_new_world"])
    if not ctx.state.new_world_tiles:
        return IllegalMove("anno1800.error.stack_empty", world="new")
    return _tokens_for(ctx, owned + 1)


def can_new_world(ctx: Ctx) -> bool:
    return _can_explore(ctx, len(ctx.p.new_world), RULES["max_new_world"], ctx.state.new_world_tiles)


def run_new_world(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    state, seat, p = ctx.state, ctx.seat, ctx.p
    begin_action(state, seat, "new_world", events)
    cost = len(p.new_world) + 1
    spend_tokens(state, seat, 0, cost, events)
    tile = state.new_world_tiles.pop(0)
    p.new_world.append(tile)
    events.append(Event("new_world", {"tile": tile, "cost": cost,
                                      "resources": [RESOURCES[r] for r in NEW_WORLD_TILES[tile].resources]},
                        seat=seat, reveals=True))
    # A short deck gives what it has (spec AMB-12).
    draw(state, seat, "new_world", RULES["new_world_cards"], events, "new_world")


# --- expeditions --------------------------------------------------------------------------------------------------
def expedition_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(str(n),) for n in range(1, RULES["expedition_cards"] + 1)]


def check_expedition(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    n = int(args[0])
    if not 1 <= n <= RULES["expedition_cards"]:
        return IllegalMove("anno1800.error.bad_count", count=n, most=RULES["expedition_cards"])
    left = len(ctx.state.expeditions)
    if left == 0:
        return IllegalMove("anno1800.error.deck_empty", deck="expeditions")
    if n > left:
        return IllegalMove("anno1800.error.not_enough_cards", count=n, left=left)
    return _tokens_for(ctx, RULES["expedition_cost"])


def legal_expedition(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``expedition`` that pass ``check_expedition``."""
    left = len(ctx.state.expeditions)
    if ctx.state.turn.actions <= 0 or not left or _explore_tokens(ctx) < RULES["expedition_cost"]:
        return []
    return [(str(n),) for n in range(1, min(left, RULES["expedition_cards"]) + 1)]


def run_expedition(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    begin_action(ctx.state, ctx.seat, "expedition", events)
    spend_tokens(ctx.state, ctx.seat, 0, RULES["expedition_cost"], events)
    draw_expeditions(ctx.state, ctx.seat, int(args[0]), events, "expedition")


# --- Alonso Graves, Aarhant ---------------------------------------------------------------------------------------
def _objective(ctx: Ctx, objective: str, name: str) -> Check:
    if objective not in ctx.state.objectives:
        return IllegalMove("anno1800.error.objective_not_in_play", objective=objective)
    if name in ctx.state.turn.used:
        return IllegalMove("anno1800.error.once_a_turn", objective=objective)
    return None


def check_alonso(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := _objective(ctx, ALONSO, "alonso")) is not None:
        return err
    if ctx.p.gold < ALONSO_GOLD:
        return IllegalMove("anno1800.error.not_enough_gold", need=ALONSO_GOLD, have=ctx.p.gold)
    return _tokens_for(ctx, ALONSO_TOKENS)


def can_alonso(ctx: Ctx) -> bool:
    """``check_alonso`` as a yes or no (menus)."""
    state = ctx.state
    return (ALONSO in state.objectives and "alonso" not in state.turn.used and ctx.p.gold >= ALONSO_GOLD
            and _explore_tokens(ctx) >= ALONSO_TOKENS)


def run_alonso(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.used.append("alonso")
    spend_tokens(ctx.state, ctx.seat, 0, ALONSO_TOKENS, events)
    ctx.p.gold -= ALONSO_GOLD
    events.append(Event("gold_paid", {"amount": ALONSO_GOLD, "reason": "alonso"}, seat=ctx.seat))
    gain_action(ctx.state, ctx.seat, "alonso", events)


def check_aarhant(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := _objective(ctx, AARHANT, "aarhant")) is not None:
        return err
    if not ctx.p.district[INVESTOR]:
        return IllegalMove("anno1800.error.no_cube", tier="investor", need=1, have=0)
    return None


def can_aarhant(ctx: Ctx) -> bool:
    """``check_aarhant`` as a yes or no (menus)."""
    state = ctx.state
    return AARHANT in state.objectives and "aarhant" not in state.turn.used and ctx.p.district[INVESTOR] > 0


def run_aarhant(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.used.append("aarhant")
    exhaust(ctx.state, ctx.seat, INVESTOR, 1, events)
    ctx.p.gold += AARHANT_GOLD
    events.append(Event("gold_gained", {"amount": AARHANT_GOLD, "reason": "aarhant"}, seat=ctx.seat))
