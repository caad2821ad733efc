"""Population cards: play (an action), activate (free), swap (an action), and the follow-ups of card effects and of
the Editor (return cards, pick a New World resource). Spec §6.2, §6.3, §7.

Each action has its candidates, its check (``None`` when legal, else the refusal) and its run, paired: the menu is
the candidates that pass the check, and ``apply`` raises what the check returns.
"""

from __future__ import annotations

from typing import Final

from rules.anno1800.context import Check, Ctx
from rules.anno1800.data import CARDS, RESOURCE_INDEX, RESOURCES, RULES
from rules.anno1800.effects import draw, draw_expeditions, gain_cubes, gainable, under
from rules.anno1800.islands import tokens
from rules.anno1800.market import spend_tokens
from rules.anno1800.state import Step
from rules.anno1800.turn import begin_action, gain_action, hand_changed
from rules.contract import Event, IllegalMove

EDITOR: Final = "obj_editor"


def no_action(ctx: Ctx) -> Check:
    return None if ctx.state.turn.actions > 0 else IllegalMove("anno1800.error.no_action_left")


# --- play ---------------------------------------------------------------------------------------------------------
def play_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(c,) for c in ctx.p.hand]


def check_play(ctx: Ctx, args: tuple[str, ...]) -> Check:
    (card,) = args
    if (err := no_action(ctx)) is not None:
        return err
    if card not in ctx.p.hand:
        return IllegalMove("anno1800.error.not_in_hand", card=card)
    cost = CARDS[card].cost
    return ctx.market.check(cost)


def legal_play(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``play`` that pass ``check_play`` (menus: no refusal is built)."""
    if ctx.state.turn.actions <= 0:
        return []
    market = ctx.market
    return [(c,) for c in ctx.p.hand if market.can(CARDS[c].cost)]


def run_play(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    begin_action(ctx.state, ctx.seat, "play", events)
    ctx.state.turn.steps.append(Step("pay", purpose="play", item=args[0]))


def complete_play(ctx: Ctx, card: str, events: list[Event]) -> None:
    p = ctx.p
    p.hand.remove(card)
    p.played.append(card)
    ctx.state.turn.played.append(card)
    events.append(Event("card_played", {"card": card, "deck": CARDS[card].deck}, seat=ctx.seat))
    hand_changed(ctx.state, ctx.seat, events, played=True)


# --- activate -----------------------------------------------------------------------------------------------------
def _face_up(ctx: Ctx) -> list[str]:
    """The played cards still face up, in the order played."""
    p = ctx.p
    down = set(p.face_down)
    return [c for c in p.played if c not in down]


def activate_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(c,) for c in _face_up(ctx)]


def check_activate(ctx: Ctx, args: tuple[str, ...]) -> Check:
    (card,) = args
    p, state = ctx.p, ctx.state
    if card not in p.played or card in p.face_down:
        return IllegalMove("anno1800.error.not_activatable", card=card)
    c = CARDS[card]
    if c.effect == "return_cards" and card not in state.turn.played:
        return IllegalMove("anno1800.error.effect_lapsed", card=card)
    if c.effect == "expedition_cards" and not state.expeditions:
        return IllegalMove("anno1800.error.deck_empty", deck="expeditions")
    if (c.effect == "gain_cubes" and state.options.gain_cubes == "all_or_nothing"
            and gainable(state, ctx.seat, c.tier, c.count) < c.count):
        return IllegalMove("anno1800.error.cannot_gain_cubes", card=card)
    return None


def _activatable(ctx: Ctx, card: str) -> bool:
    """``check_activate`` of a played card still face up, as a yes or no."""
    state = ctx.state
    c = CARDS[card]
    effect = c.effect
    if effect == "return_cards":
        return card in state.turn.played
    if effect == "expedition_cards":
        return bool(state.expeditions)
    if effect == "gain_cubes" and state.options.gain_cubes == "all_or_nothing":
        return gainable(state, ctx.seat, c.tier, c.count) >= c.count
    return True


def legal_activate(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``activate`` that pass ``check_activate``."""
    return [(c,) for c in _face_up(ctx) if _activatable(ctx, c)]


def can_activate_action(ctx: Ctx) -> bool:
    """``check_activate_action`` as a yes or no (menus)."""
    return any(_activatable(ctx, c) for c in _face_up(ctx))


def check_activate_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if any(check_activate(ctx, c) is None for c in activate_candidates(ctx)):
        return None
    return IllegalMove("anno1800.error.nothing_to_activate")


def run_activate_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.steps.append(Step("activate"))


def run_activate(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    (card,) = args
    if ctx.step is not None and ctx.step.kind == "activate":
        ctx.state.turn.steps.pop()
    state, seat, p = ctx.state, ctx.seat, ctx.p
    c = CARDS[card]
    p.face_down.append(card)
    events.append(Event("card_activated", {"card": card, "effect": c.effect}, seat=seat))
    if c.effect == "gain_cubes":
        gain_cubes(state, seat, c.tier, c.count, events, "card")
    elif c.effect in ("gain_trade_tokens", "gain_gold_and_trade_tokens"):
        p.card_trade += c.count
        events.append(Event("tokens_gained", {"kind": "trade", "count": c.count}, seat=seat))
    elif c.effect == "gain_exploration_tokens":
        p.card_explore += c.count
        events.append(Event("tokens_gained", {"kind": "exploration", "count": c.count}, seat=seat))
    elif c.effect == "expedition_cards":
        draw_expeditions(state, seat, c.count, events, "card")
    elif c.effect == "extra_action":
        gain_action(state, seat, "card", events)
    elif c.effect == "free_upgrades":
        state.turn.steps.append(Step("free_upgrade", item=card, count=c.count))
    elif c.effect == "new_world_resource":
        state.turn.steps.append(Step("resource", item=card))
    elif c.effect == "return_cards":
        state.turn.steps.append(Step("return_cards", item=card, count=c.count))
    gold = c.count if c.effect == "gain_gold" else c.gold
    if gold:
        p.gold += gold
        events.append(Event("gold_gained", {"amount": gold, "reason": "card"}, seat=seat))


# --- New World resource -------------------------------------------------------------------------------------------
def take_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    step = ctx.step
    assert step is not None
    return [(RESOURCES[r],) for r in CARDS[step.item].choices]


def check_take(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    choices = CARDS[step.item].choices
    if RESOURCE_INDEX[args[0]] not in choices:
        return IllegalMove("anno1800.error.not_offered", resource=args[0],
                           choices=[RESOURCES[r] for r in choices])
    return None


def run_take(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.held.append(args[0])
    ctx.state.turn.steps.pop()
    events.append(Event("resource_taken", {"resource": args[0]}, seat=ctx.seat))


# --- swap ---------------------------------------------------------------------------------------------------------
def _swappable(ctx: Ctx, card: str) -> Check:
    if card not in ctx.p.hand:
        return IllegalMove("anno1800.error.not_in_hand", card=card)
    deck = CARDS[card].deck
    if not ctx.state.deck(deck):
        return IllegalMove("anno1800.error.deck_empty", deck=deck)
    return None


def check_swap_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    if not any(_swappable(ctx, c) is None for c in ctx.p.hand):
        return IllegalMove("anno1800.error.nothing_to_swap")
    return None


def can_swap_action(ctx: Ctx) -> bool:
    """``check_swap_action`` as a yes or no (menus)."""
    state = ctx.state
    return state.turn.actions > 0 and any(state.deck(CARDS[c].deck) for c in ctx.p.hand)


def run_swap_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    begin_action(ctx.state, ctx.seat, "swap", events)
    ctx.state.turn.steps.append(Step("swap"))


def swap_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    step = ctx.step
    assert step is not None
    return [(c,) for c in ctx.p.hand if c not in step.picked]


def legal_swap(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``swap`` that pass ``check_swap``."""
    step = ctx.step
    assert step is not None
    state = ctx.state
    return [(c,) for c in ctx.p.hand if c not in step.picked and state.deck(CARDS[c].deck)]


def check_swap(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    if args[0] in step.picked:
        return IllegalMove("anno1800.error.already_chosen", card=args[0])
    return _swappable(ctx, args[0])


def run_swap(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    step.picked.append(args[0])
    if len(step.picked) == RULES["swap_max"]:
        finish_swap(ctx, events)


def check_swap_done(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    return None if step.picked else IllegalMove("anno1800.error.nothing_chosen")


def finish_swap(ctx: Ctx, events: list[Event]) -> None:
    """The chosen cards go under their decks, then as many are drawn from each of those decks."""
    step = ctx.state.turn.steps.pop()
    under(ctx.state, ctx.seat, step.picked, events, "swap")
    for deck in dict.fromkeys(CARDS[c].deck for c in step.picked):
        count = sum(1 for c in step.picked if CARDS[c].deck == deck)
        draw(ctx.state, ctx.seat, deck, count, events, "swap")


# --- returning cards (the card effect, the Editor) ----------------------------------------------------------------
def _returnable(ctx: Ctx) -> bool:
    """Whether a card of the hand may go under its deck without being played. With the option
    ``end_trigger=last_card_played`` only playing the last card ends the game, so the last card must stay to be
    played: a hand emptied otherwise would leave a game nobody can end."""
    keep = 1 if ctx.state.options.end_trigger == "last_card_played" else 0
    return len(ctx.p.hand) > keep


def return_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(c,) for c in ctx.p.hand] if _returnable(ctx) else []


def check_return(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if args[0] not in ctx.p.hand:
        return IllegalMove("anno1800.error.not_in_hand", card=args[0])
    if not _returnable(ctx):
        return IllegalMove("anno1800.error.last_card_stays")
    return None


def run_return(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    if step.kind == "editor":
        spend_tokens(ctx.state, ctx.seat, 0, 2, events)
    under(ctx.state, ctx.seat, [args[0]], events, "editor" if step.kind == "editor" else "card")
    step.count -= 1
    if step.count <= 0 or not _returnable(ctx):
        ctx.state.turn.steps.pop()
    hand_changed(ctx.state, ctx.seat, events)


def check_editor(ctx: Ctx, args: tuple[str, ...]) -> Check:
    state = ctx.state
    if EDITOR not in state.objectives:
        return IllegalMove("anno1800.error.objective_not_in_play", objective=EDITOR)
    if "editor" in state.turn.used:
        return IllegalMove("anno1800.error.once_a_turn", objective=EDITOR)
    if ctx.market.means.explore < 2:
        return IllegalMove("anno1800.error.not_enough_tokens", kind="exploration", need=2,
                           have=ctx.market.means.explore)
    if not ctx.p.hand:
        return IllegalMove("anno1800.error.hand_empty")
    if not _returnable(ctx):
        return IllegalMove("anno1800.error.last_card_stays")
    return None


def can_editor(ctx: Ctx) -> bool:
    """``check_editor`` as a yes or no (menus)."""
    state = ctx.state
    return (EDITOR in state.objectives and "editor" not in state.turn.used and _returnable(ctx)
            and tokens(ctx.p)[1] >= 2)


def run_editor(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.used.append("editor")
    ctx.state.turn.steps.append(Step("editor", count=1))
