"""The decision table: one record per kind of decision, read by ``pending``, ``legal_moves`` and ``apply``.

Only the current player ever decides (the game is sequential). A turn is a chain of small decisions kept as a
stack of steps (``state.turn.steps``); the top one is the decision now, ``turn`` when the stack is empty.

==============  ================================================================================================
kind            moves (notation)
==============  ================================================================================================
turn            actions: ``build``, ``play:<card>``, ``swap``, ``hire``, ``upgrade``, ``old_world``,
                ``new_world``, ``expedition:<1-3>``, ``festival``; free: ``activate``, ``shift``,
                ``alonso``, ``aarhant``, ``editor``; ``end`` once an action is taken
build           ``build:<building>`` (industry, shipyard or ship), ``remove``
ships           ``build:<ship>``, ``remove``, ``shift``, ``done``   (after a ship)
remove          ``remove:<field>``   the built token taken back to the board (once per build action)
field           ``field:<field>`` a free field where the building goes, or ``cover``
cover           ``field:<field>`` a built token to cover (it goes back to the board), or ``cover`` (printed ones)
printed         ``field:<field>`` a printed building to cover (it leaves the game), or ``cover`` (the last makers)
last            ``field:<field>`` the last industry on the table making its resource, or ``back`` (to ``field``)
pay             ``pay:<code>``   the sourcing of every unit (see ``payment``)
partner         ``partners:<seats>``   one seat digit per traded resource
tokens          ``beryl:<k>``   k trade tokens paid as 2k exploration tokens (Beryl O'Mara)
hire            ``hire:<tier>``, ``shift``, ``done``   (up to 3 cubes)
upgrade         ``upgrade:<tier>:<place>``, ``shift``, ``done``   (up to 3 steps)
swap            ``swap:<card>``, ``done``   (up to 3 cards)
shift           ``shift:<tier>:<place>``   the cube a shift end calls back
resource        ``take:<resource>``   the New World resource of a card effect
free_upgrade    ``upgrade:<tier>:<place>``, ``done``   a card's free upgrades
return_cards    ``return:<card>``, ``done``   a card's "return up to 2 cards"
editor          ``return:<card>``   the Editor's card
activate        ``activate:<card>``   the played card whose effect is used now
==============  ================================================================================================

Places: ``home``, ``exhausted`` or a field id; tiers: farmer, worker, artisan, engineer, investor. A decision whose
only legal move is forced (a payment with one way, ``done`` when nothing else is possible, ``end`` when no free
operation remains) is taken at once by ``settle``.

Each action pairs its candidates with its check (``None`` when legal, else the ``IllegalMove``): the menu is the
candidates that pass, and ``apply`` raises what the check returns, so the two cannot disagree. Menus are listed
thousands of times a second in self-play, so most actions also have ``legal`` (or ``test``, for an action without
arguments): the same menu worked out directly, without building a refusal for every candidate that fails
(``options(..., checked=True)`` lists the menu the slow way, and ``tests/anno1800/test_fast_paths`` holds the two
equal over the states of random games).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Final

from rules.anno1800 import build, cards, explore, pay, people
from rules.anno1800.context import Check, Ctx
from rules.anno1800.data import CARDS, RESOURCES, TIERS
from rules.anno1800.islands import shipyards
from rules.anno1800.state import AnnoState
from rules.anno1800.turn import end_turn
from rules.contract import Event, IllegalMove, Move

Args = tuple[str, ...]


def _none(ctx: Ctx) -> list[Args]:
    return [()]


def _ok(ctx: Ctx, args: Args) -> Check:
    return None


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    kinds: tuple[str, ...]  # the kind of each argument (``ARG_KINDS``)
    check: Callable[[Ctx, Args], Check]
    run: Callable[[Ctx, Args, list[Event]], None]
    candidates: Callable[[Ctx], list[Args]] = _none
    legal: Callable[[Ctx], list[Args]] | None = None  # the candidates that pass the check, found faster
    test: Callable[[Ctx], bool] | None = None  # an action without arguments: whether it passes, found faster
    # The run only records a choice in the turn's steps (a payment's sourcing, a field...): what the market reads
    # stays as it was, and so does the market of the ``Ctx``.
    keeps_market: bool = False
    # Legal only while the turn has an action left (its ``legal`` or ``test`` says no at once otherwise): ``options``
    # skips it without asking, as many turn menus come after the action is taken.
    needs_action: bool = False
    moves: dict[Args, Move] = field(default_factory=dict, repr=False, compare=False)  # ``move``'s answers
    bare: Move = field(init=False, repr=False, compare=False)  # the move without arguments

    def __post_init__(self) -> None:
        object.__setattr__(self, "bare", Move(self.name))

    def move(self, args: Args) -> Move:
        """The move of these arguments: one ``Move`` object for each (moves are immutable, and menus are listed
        thousands of times a second)."""
        found = self.moves.get(args)
        if found is None:
            if len(self.moves) >= _MOVES_MAX:
                self.moves.clear()
            found = self.moves[args] = Move(self.name, args)
        return found


_MOVES_MAX: Final = 1 << 12


def _always(ctx: Ctx) -> bool:
    return True


def _has_action(ctx: Ctx) -> bool:
    return ctx.state.turn.actions > 0


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str
    actions: tuple[Action, ...]
    params: Callable[[Ctx], dict[str, Any]]
    auto: str = ""  # "*": any single legal move is taken at once; a name: that move, when it is the only one
    by_name: dict[str, Action] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {a.name: a for a in self.actions})

    def action(self, name: str) -> Action | None:
        return self.by_name.get(name)


# --- turn-level actions -------------------------------------------------------------------------------------------
def _check_end(ctx: Ctx, args: Args) -> Check:
    return None if ctx.state.turn.taken else IllegalMove("anno1800.error.no_action_taken")


def _run_end(ctx: Ctx, args: Args, events: list[Event]) -> None:
    end_turn(ctx.state, events)


SHIFT: Final = Action("shift", (), people.check_shift_action, people.run_shift_action,
               test=people.can_shift_action)


def _check_shift_between(ctx: Ctx, args: Args) -> Check:
    # Between the steps of a hire or an upgrade (where ``done`` is always open): a shift end before the first
    # step could spend the gold the step needs and leave the action with nothing to do.
    step = ctx.step
    assert step is not None
    return people.check_done(ctx, args) or people.check_shift_action(ctx, args)


def _step_taken(ctx: Ctx) -> bool:
    step = ctx.step
    assert step is not None
    return step.count > 0


SHIFT_BETWEEN: Final = Action("shift", (), _check_shift_between, people.run_shift_action,
                       test=lambda ctx: _step_taken(ctx) and people.can_shift_action(ctx))

TURN: Final = (
    Action("build", (), build.check_build_action, build.run_build_action, test=build.can_build_action,
           needs_action=True),
    Action("play", ("card",), cards.check_play, cards.run_play, cards.play_candidates, cards.legal_play,
           needs_action=True),
    Action("swap", (), cards.check_swap_action, cards.run_swap_action, test=cards.can_swap_action,
           needs_action=True),
    Action("hire", (), people.check_hire_action, people.run_hire_action, test=people.can_hire_action,
           needs_action=True),
    Action("upgrade", (), people.check_upgrade_action, people.run_upgrade_action,
           test=people.can_upgrade_action, needs_action=True),
    Action("old_world", (), explore.check_old_world, explore.run_old_world, test=explore.can_old_world,
           needs_action=True),
    Action("new_world", (), explore.check_new_world, explore.run_new_world, test=explore.can_new_world,
           needs_action=True),
    Action("expedition", ("count",), explore.check_expedition, explore.run_expedition,
           explore.expedition_candidates, explore.legal_expedition, needs_action=True),
    Action("festival", (), people.check_festival, people.run_festival, test=_has_action, needs_action=True),
    Action("activate", (), cards.check_activate_action, cards.run_activate_action,
           test=cards.can_activate_action),
    SHIFT,
    Action("alonso", (), explore.check_alonso, explore.run_alonso, test=explore.can_alonso),
    Action("aarhant", (), explore.check_aarhant, explore.run_aarhant, test=explore.can_aarhant),
    Action("editor", (), cards.check_editor, cards.run_editor, test=cards.can_editor),
    Action("end", (), _check_end, _run_end, test=lambda ctx: ctx.state.turn.taken > 0),
)

FIELD: Final = Action("field", ("field",), build.check_field, build.run_field, build.field_candidates,
               build.field_candidates, keeps_market=True)  # every field offered passes its check
COVER: Final = Action("cover", (), build.check_cover, build.run_cover, test=build.can_cover, keeps_market=True)
BUILD: Final = Action("build", ("building",), build.check_build, build.run_build, build.build_candidates, build.legal_build,
               keeps_market=True)
REMOVE: Final = Action("remove", (), build.check_remove_action, build.run_remove_action)
UPGRADE: Final = Action("upgrade", ("tier", "place"), people.check_upgrade, people.run_upgrade, people.upgrade_candidates,
                 people.legal_upgrade)
RETURN: Final = Action("return", ("card",), cards.check_return, cards.run_return, cards.return_candidates,
                cards.return_candidates)  # the hand: every card passes


def _done(run: Callable[[Ctx, list[Event]], None], check: Callable[[Ctx, Args], Check] = _ok,
          legal: Callable[[Ctx], bool] | None = None) -> Action:
    return Action("done", (), check, lambda ctx, args, events: run(ctx, events),
                  test=legal if legal else _always if check is _ok else None)


def _swap_picked(ctx: Ctx) -> bool:
    step = ctx.step
    assert step is not None
    return bool(step.picked)


def _pop(ctx: Ctx, events: list[Event]) -> None:
    ctx.state.turn.steps.pop()


# --- prompt parameters (public: never a hidden card) --------------------------------------------------------------
def _turn_params(ctx: Ctx) -> dict[str, Any]:
    s = ctx.state
    return {"actions": s.turn.actions, "taken": s.turn.taken, "round": s.round, "final": bool(s.end_round)}


def _step_params(ctx: Ctx) -> dict[str, Any]:
    step = ctx.step
    assert step is not None
    out: dict[str, Any] = {}
    if step.kind in ("field", "cover", "printed", "last", "pay"):
        out["item"] = step.item
    if step.kind == "pay":
        out["purpose"] = step.purpose
        if step.field:
            out["field"] = step.field
        if step.count >= 1:
            out["code"] = step.code
        if step.count == 2:
            out["partners"] = step.partners
    elif step.kind == "ships":
        owned = shipyards(ctx.p)
        out["built"] = step.count
        out["free_yards"] = [s for s in (1, 2, 3) for _ in range(owned[s] - step.yards[s])]
    elif step.kind in ("hire", "upgrade"):
        out["count"] = step.count
    elif step.kind == "swap":
        out["count"] = len(step.picked)
    elif step.kind in ("free_upgrade", "return_cards"):
        out["card"] = step.item
        out["left"] = step.count
        if step.kind == "free_upgrade":
            out["tier"] = TIERS[CARDS[step.item].tier]
    elif step.kind == "resource":
        out["card"] = step.item
        out["choices"] = [RESOURCES[r] for r in CARDS[step.item].choices]
    if step.kind in ("build", "ships"):
        out["removed"] = step.removed
    return out


DECISIONS: Final[dict[str, Decision]] = {d.kind: d for d in (
    Decision("turn", TURN, _turn_params, auto="end"),
    Decision("build", (BUILD, REMOVE), _step_params),
    Decision("ships", (BUILD, REMOVE, SHIFT, _done(_pop)), _step_params, auto="done"),
    Decision("field", (FIELD, COVER), _step_params, auto="*"),
    Decision("cover", (FIELD, COVER), _step_params, auto="*"),
    Decision("printed", (FIELD, COVER), _step_params, auto="*"),
    Decision("last", (FIELD, Action("back", (), build.check_back, build.run_back, test=build.can_back,
                                            keeps_market=True)),
             _step_params, auto="*"),
    Decision("remove", (Action("remove", ("field",), build.check_remove, build.run_remove,
                               build.remove_candidates),), _step_params),
    # The candidates of a payment are its plans: each passes.
    Decision("pay", (Action("pay", ("code",), pay.check_pay, pay.run_pay, pay.pay_candidates, pay.pay_candidates,
                            keeps_market=True),), _step_params, auto="*"),
    Decision("partner", (Action("partners", ("seats",), pay.check_partners, pay.run_partners,
                                pay.partner_candidates, pay.partner_candidates, keeps_market=True),), _step_params,
             auto="*"),
    Decision("tokens", (Action("beryl", ("count",), pay.check_beryl, pay.run_beryl, pay.beryl_candidates,
                               pay.beryl_candidates),), _step_params, auto="*"),
    Decision("hire", (Action("hire", ("tier",), people.check_hire, people.run_hire, people.hire_candidates,
                             people.legal_hire, keeps_market=True),
                      SHIFT_BETWEEN,
                      _done(people.finish_hire, people.check_done, _step_taken)), _step_params, auto="done"),
    Decision("upgrade", (UPGRADE, SHIFT_BETWEEN, _done(_pop, people.check_done, _step_taken)), _step_params,
             auto="done"),
    Decision("swap", (Action("swap", ("card",), cards.check_swap, cards.run_swap, cards.swap_candidates,
                             cards.legal_swap),
                      _done(cards.finish_swap, cards.check_swap_done, _swap_picked)),
             _step_params),
    Decision("shift", (Action("shift", ("tier", "place"), people.check_shift, people.run_shift,
                              people.shift_candidates, people.legal_shift),), _step_params),
    Decision("resource", (Action("take", ("resource",), cards.check_take, cards.run_take, cards.take_candidates,
                                 cards.take_candidates),), _step_params),
    Decision("free_upgrade", (UPGRADE, _done(_pop)), _step_params, auto="done"),
    Decision("return_cards", (RETURN, _done(_pop)), _step_params, auto="done"),
    Decision("editor", (RETURN,), _step_params, auto="*"),
    Decision("activate", (Action("activate", ("card",), cards.check_activate, cards.run_activate,
                                 cards.activate_candidates, cards.legal_activate),), _step_params, auto="*"),
)}

# The argument kinds of every action, over all decisions (``parse_move`` checks them).
ARITIES: Final[dict[str, set[tuple[str, ...]]]] = {}
for _d in DECISIONS.values():
    for _a in _d.actions:
        ARITIES.setdefault(_a.name, set()).add(_a.kinds)


def pending_kind(state: AnnoState) -> str:
    """The kind of the current player's decision ("" once the game is over)."""
    if state.over:
        return ""
    steps = state.turn.steps
    if not steps:
        return "turn"
    top = steps[-1]
    return pay.STAGES[top.count] if top.kind == "pay" else top.kind


def options(ctx: Ctx, decision: Decision, limit: int = 0, *, checked: bool = False) -> list[Move]:
    """The legal moves of ``decision`` (the first ``limit`` of them, if given). ``checked``: every candidate put
    to its action's check, as ``apply`` does, rather than the action's ``legal`` (the same menu, faster)."""
    out: list[Move] = []
    no_action_left = ctx.state.turn.actions <= 0
    for action in decision.actions:
        if not checked:
            if no_action_left and action.needs_action:
                continue
            test = action.test
            if test is not None:
                if test(ctx):
                    out.append(action.bare)
                    if len(out) == limit:
                        return out
                continue
        legal = action.legal
        if legal is not None and not checked:
            for args in legal(ctx):
                out.append(action.move(args))
                if len(out) == limit:
                    return out
            continue
        for args in action.candidates(ctx):
            if action.check(ctx, args) is None:
                out.append(action.move(args))
                if len(out) == limit:
                    return out
    return out


def play(ctx: Ctx, move: Move, events: list[Event]) -> None:
    """Check ``move`` against the current decision, then carry it out on ``ctx.state`` (the copy ``apply`` made, or
    the state itself for ``apply_inplace``: nothing has changed if the check refuses). An action without arguments
    that has a ``test`` is asked it first, as its menu does: the check, which builds the refusal, runs only when the
    test says no (the two agree: ``tests/anno1800/test_fast_paths``)."""
    kind = pending_kind(ctx.state)
    decision = DECISIONS[kind]
    action = decision.action(move.action)
    if action is None or len(move.args) != len(action.kinds):
        raise IllegalMove("anno1800.error.wrong_decision", expected=kind,
                          actions=list(dict.fromkeys(a.name for a in decision.actions)))
    if action.test is None or not action.test(ctx):
        err = action.check(ctx, move.args)
        if err is not None:
            raise err
    action.run(ctx, move.args, events)
    if not action.keeps_market:
        ctx.changed()


def settle(ctx: Ctx, events: list[Event], *, listing: bool = False) -> list[Move] | None:
    """Take every forced decision of the current player (see the module docstring), going on from ``ctx``, the
    ``Ctx`` a move was just played in. ``listing``: return the menu of the decision it stops at (the whole of it,
    where only the first two moves are needed to see that a decision is not forced), else None."""
    state = ctx.state
    while not state.over:
        kind = pending_kind(state)
        decision = DECISIONS[kind]
        if ctx.seat != state.current:
            ctx = Ctx(state, state.current)
        if not decision.auto or (kind == "turn" and state.turn.actions > 0):
            # a turn with an action left can always hold a festival: never forced
            return options(ctx, decision) if listing else None
        moves = options(ctx, decision, limit=0 if listing else 2)
        if len(moves) != 1 or decision.auto not in ("*", moves[0].action):
            return moves if listing else None
        play(ctx, moves[0], events)
    return [] if listing else None
