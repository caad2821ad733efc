"""The build action: one industry, or one shipyard, or ships (one per own shipyard of at least their strength),
placed on fields of the right kind, covering what is there if the player wishes. Spec §6.1 (with AMB-1, AMB-3).

Chain: ``build`` (the action) -> ``build:<building>`` -> ``field:<field>`` (a free field), or ``cover`` (once: a
built token, twice: a printed building, thrice: the last industry on the table making its resource) then
``field:<field>`` -> payment. After a ship, the ``ships``
decision offers another ship, a removal or ``done``. One built token may be removed during the action
(``remove``, then ``remove:<field>``): before choosing what to build (only if something can still be built
afterwards, so the action can always be completed) or between ships.

Each ship is assigned to the weakest free shipyard strong enough for it, which leaves the most ships possible for
the rest of the action (shipyards of one strength are interchangeable, so which one is never asked).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Iterator

from rules.anno1800.cards import no_action
from rules.anno1800.context import Check, Ctx
from rules.anno1800.data import BUILDINGS, HOME_FIELDS, TOKENS, Building, Cost
from rules.anno1800.islands import clear_field, field_ids, field_index, field_kinds, layout, place, shipyards
from rules.anno1800.state import Step
from rules.anno1800.turn import begin_action
from rules.contract import Event, IllegalMove

_PRINTED_HOME: Final = {b for _, b in HOME_FIELDS if b}


def free_yard(ctx: Ctx, strength: int, yards: list[int]) -> int:
    """The weakest own shipyard of at least ``strength`` not used this action (0: none)."""
    owned = shipyards(ctx.p)
    for s in range(strength, 4):
        if owned[s] > yards[s]:
            return s
    return 0


def strongest_free_yard(ctx: Ctx, yards: list[int]) -> int:
    """The strongest own shipyard not used this action (0: none): a ship can be built exactly when it is at least
    as strong (``free_yard``), found once for all the ships of a menu."""
    owned = shipyards(ctx.p)
    for s in (3, 2, 1):
        if owned[s] > yards[s]:
            return s
    return 0


def _covers_printed(building: str) -> str:
    """The printed home industry a worker alternative must cover under the German rule (data §2.5), if any."""
    b = BUILDINGS[building]
    if b.kind != "industry" or not b.copies:
        return ""
    for printed in _PRINTED_HOME:
        other = BUILDINGS[printed]
        if other.kind == "industry" and other.resource == b.resource and other.tier != b.tier:
            return printed
    return ""


def check_target(ctx: Ctx, building: str, step: Step) -> Check:
    """Can ``building`` be built now in this build action (everything but the field)?"""
    b = BUILDINGS.get(building)
    if b is None or not b.copies:
        return IllegalMove("anno1800.error.not_buildable", building=building)
    if ctx.state.board.get(building, 0) <= 0:
        return IllegalMove("anno1800.error.no_token_left", building=building)
    if b.kind != "ship" and step.kind == "ships":
        return IllegalMove("anno1800.error.ships_only")
    if b.kind == "industry" and building in ctx.p.buildings:
        return IllegalMove("anno1800.error.identical_industry", building=building)
    if b.kind == "ship" and not free_yard(ctx, b.strength, step.yards):
        return IllegalMove("anno1800.error.no_shipyard", strength=b.strength)
    return ctx.market.check(b.cost)


def targets(ctx: Ctx, step: Step, order: tuple[Building, ...]) -> Iterator[str]:
    """The buildings of ``order`` (token buildings) that ``check_target`` lets be built, found without building a
    refusal for each of the others: menus ask this of every token."""
    board = ctx.state.board
    owned = set(ctx.p.buildings)
    market = ctx.market  # its method called directly: compiled, a bound method kept in a variable is a Python call
    ships_only = step.kind == "ships"
    yard = -1  # ``strongest_free_yard``, found at the first ship (the first building offered is rarely one)
    for b in order:
        if board.get(b.id, 0) <= 0:
            continue
        if b.kind == "ship":
            if yard < 0:
                yard = strongest_free_yard(ctx, step.yards)
            if b.strength > yard:
                continue
        elif ships_only or (b.kind == "industry" and b.id in owned):
            continue
        if market.can(b.cost):
            yield b.id


def buildable(ctx: Ctx, step: Step) -> Check:
    """None if something can be built; else the refusal of the cheapest candidate (every one is refused)."""
    if next(targets(ctx, step, _ORDER), None) is not None:
        return None
    return check_target(ctx, _ORDER[0].id, step)


# The token buildings, in data order, and cheapest first (the common answer, "yes, something", is found at once).
_TOKENS: Final = tuple(BUILDINGS[b] for b in TOKENS)
_ORDER: Final = tuple(sorted(_TOKENS, key=lambda b: (len(b.cost.units) + sum(b.cost.exhaust), b.id)))


_FRESH_BUILD: Final = Step("build")  # read only: the build step as it opens


def check_build_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    if (err := no_action(ctx)) is not None:
        return err
    return buildable(ctx, _FRESH_BUILD)


def can_build_action(ctx: Ctx) -> bool:
    """``check_build_action`` as a yes or no (menus)."""
    return ctx.state.turn.actions > 0 and buildable(ctx, _FRESH_BUILD) is None


def run_build_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    begin_action(ctx.state, ctx.seat, "build", events)
    ctx.state.turn.steps.append(Step("build"))


def build_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    return [(b,) for b in TOKENS]


def legal_build(ctx: Ctx) -> list[tuple[str, ...]]:
    """The candidates of ``build`` that pass ``check_build``."""
    step = ctx.step
    assert step is not None
    return [(b,) for b in targets(ctx, step, _TOKENS)]


def check_build(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    return check_target(ctx, args[0], step)


def run_build(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.steps.append(Step("field", item=args[0]))


# --- the field ---------------------------------------------------------------------------------------------------
def _fields(ctx: Ctx, building: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The free and the occupied fields where ``building`` may go (the German option may force one)."""
    p = ctx.p
    return _fields_of(tuple(p.old_world), tuple(p.buildings), tuple(p.printed), building,
                      ctx.state.options.alternatives == "cover_printed")


@lru_cache(maxsize=256)
def _fields_of(old_world: tuple[str, ...], buildings: tuple[str, ...], printed: tuple[bool, ...], building: str,
               cover_printed: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``_fields`` of a player with these islands (``Player``'s fields of the same names), memoized: a field choice
    reads them for each of its moves and for its ``cover``, in the menu and again when a move is checked."""
    ids, kinds = layout(old_world)
    allowed = BUILDINGS[building].place
    free: list[str] = []
    taken: list[str] = []
    for f, kind, b in zip(ids, kinds, buildings):
        if kind in allowed:
            (taken if b else free).append(f)
    if cover_printed:
        covered = _covers_printed(building)
        at = tuple(ids[j] for j, x in enumerate(buildings) if x == covered and printed[j])
        if covered and at:
            return (), at
    return tuple(free), tuple(taken)


# How deep in the field choice each kind of field is. Free fields are offered at once; a built token behind one
# ``cover`` (it goes back to the board); a printed building behind a second (it leaves the game); a building that is
# the last one on the table making its resource behind a third (covering it leaves nobody able to make it, and
# nobody to trade it from: only the rebuilding of a token can bring it back, and never a farm's grain, potatoes,
# pigs or wool). Every field stays reachable; the depth makes irreversible choices deliberate, and keeps random
# play from destroying what the rest of the game needs.
LEVELS: Final = ("field", "cover", "printed", "last")


def _level(ctx: Ctx, field: str, makers: dict[int, int] | None = None) -> str:
    """The level of the field choice (``LEVELS``) that offers ``field``. ``makers``: how many industries on the
    table make each resource (``_table_makers``), when the caller has it already."""
    p = ctx.p
    i = field_index(p, field)
    b = p.buildings[i]
    if not b:
        return "field"
    building = BUILDINGS[b]
    if building.kind == "industry":
        if makers is None:
            makers = _table_makers(ctx)
        if makers.get(building.resource, 0) == 1:
            return "last"
    return "printed" if p.printed[i] else "cover"


def _table_makers(ctx: Ctx) -> dict[int, int]:
    """How many industries on the whole table make each resource (read off the market, which has the table)."""
    return ctx.market.makers()


def _offered(ctx: Ctx, kind: str, building: str) -> tuple[str, ...]:
    free, taken = _fields(ctx, building)
    if kind == "field":
        return free  # a free field is of the first level, an occupied one never
    makers = _table_makers(ctx)
    return tuple(f for f in taken if _level(ctx, f, makers) == kind)


def field_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    step = ctx.step
    assert step is not None
    return [(f,) for f in _offered(ctx, step.kind, step.item)]


def check_field(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = ctx.step
    assert step is not None
    p = ctx.p
    i = field_index(p, args[0])
    if i < 0:
        return IllegalMove("anno1800.error.no_such_field", field=args[0])
    b = BUILDINGS[step.item]
    kind = field_kinds(p)[i]
    if kind not in b.place:
        return IllegalMove("anno1800.error.wrong_field", building=step.item, field=args[0], kind=kind)
    free, taken = _fields(ctx, step.item)
    level = _level(ctx, args[0])
    if level == step.kind and (args[0] in free or args[0] in taken):
        return None
    printed = _covers_printed(step.item)
    if ctx.state.options.alternatives == "cover_printed" and printed and not free and args[0] not in taken:
        return IllegalMove("anno1800.error.must_cover", building=step.item, printed=printed)
    if LEVELS.index(level) < LEVELS.index(step.kind):
        return IllegalMove("anno1800.error.field_free" if level == "field" else "anno1800.error.not_that_deep",
                           field=args[0])
    return IllegalMove(f"anno1800.error.cover_{'first' if level == 'cover' else level + '_first'}", field=args[0])


def can_cover(ctx: Ctx) -> bool:
    """``cover`` opens the next level of occupied fields, if any field is there or deeper."""
    step = ctx.step
    assert step is not None
    deeper = LEVELS[LEVELS.index(step.kind) + 1:] if step.kind in LEVELS else ()
    taken = _fields(ctx, step.item)[1]
    if not deeper or not taken:
        return False
    makers = _table_makers(ctx)
    return any(_level(ctx, f, makers) in deeper for f in taken)


def check_cover(ctx: Ctx, args: tuple[str, ...]) -> Check:
    return None if can_cover(ctx) else IllegalMove("anno1800.error.nothing_to_cover")


def run_cover(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    step.kind = LEVELS[LEVELS.index(step.kind) + 1]  # type: ignore[assignment]


def can_back(ctx: Ctx) -> bool:
    """From the last makers back to the first field choice, unless nothing else could be chosen there."""
    step = ctx.step
    assert step is not None
    free, taken = _fields(ctx, step.item)
    if free:
        return True
    makers = _table_makers(ctx)
    return any(_level(ctx, f, makers) != "last" for f in taken)


def check_back(ctx: Ctx, args: tuple[str, ...]) -> Check:
    return None if can_back(ctx) else IllegalMove("anno1800.error.nothing_else")


def run_back(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.step
    assert step is not None
    step.kind = "field"
    step.count += 1  # how often the choice went back: a computer player must not go round for ever


def run_field(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    step = ctx.state.turn.steps.pop()
    ctx.state.turn.steps.append(Step("pay", purpose="build", item=step.item, field=args[0]))


def complete_build(ctx: Ctx, building: str, field: str, events: list[Event]) -> None:
    """Place the paid building; a ship keeps the action open for more ships."""
    state = ctx.state
    place(state, ctx.seat, building, field_index(ctx.p, field), events)
    step = ctx.step
    assert step is not None and step.kind in ("build", "ships")
    b = BUILDINGS[building]
    if b.kind != "ship":
        state.turn.steps.pop()
        return
    step.kind = "ships"
    step.yards[free_yard(ctx, b.strength, step.yards)] += 1
    step.count += 1


# --- removing a token ---------------------------------------------------------------------------------------------
def _harmless(ctx: Ctx, i: int) -> bool:
    """Removing field ``i``'s token cannot make anything unbuildable: an industry with no free workplace (its cubes
    are used already, and the token comes back to the board)."""
    p = ctx.p
    b = BUILDINGS[p.buildings[i]]
    return b.kind == "industry" and p.work[2 * i] >= 0 and p.work[2 * i + 1] >= 0


def _free_build(ctx: Ctx) -> bool:
    """Something that costs nothing can be built now: no removal can take that away (a removal only gives a token
    back to the board and lifts the rule against identical industries for it)."""
    return next(targets(ctx, _FRESH_BUILD, _FREE), None) is not None


_FREE: Final = tuple(b for b in _ORDER if b.cost == Cost())


def _keeps_buildable(ctx: Ctx, i: int) -> bool:
    """Something can be built now that removing field ``i``'s token cannot make unbuildable (``_untouched``): the
    answer of the trial removal of ``_check_removal`` found on the state as it is, without the copy and the market
    of the trial (a menu of the build step asks it for every token)."""
    removed = BUILDINGS[ctx.p.buildings[i]]
    return any(_untouched(removed, BUILDINGS[b]) for b in targets(ctx, _FRESH_BUILD, _ORDER))


def _untouched(removed: Building, kept: Building) -> bool:
    """Whether ``kept`` stays buildable once a token of ``removed`` is taken back. The removal empties a field (its
    cubes go to the exhausted area: the districts stay as they were), gives the token back to the board and changes
    what the player owns: an industry, the ways to get its resource only; a shipyard, the ships that can be built
    only; a ship, the trade and exploration tokens (which a cost without units, trade or exploration never reads)."""
    if kept.id == removed.id:
        return False
    if removed.kind == "industry":
        return removed.resource not in kept.cost.units
    if removed.kind == "shipyard":
        return kept.kind != "ship"
    cost = kept.cost
    return not (cost.units or cost.trade or cost.explore)


def _check_removal(ctx: Ctx, i: int, step: Step) -> Check:
    p = ctx.p
    if step.removed:
        return IllegalMove("anno1800.error.one_removal")
    if i < 0 or not p.buildings[i]:
        return IllegalMove("anno1800.error.nothing_there", field=field_ids(p)[i] if i >= 0 else "")
    if p.printed[i]:
        return IllegalMove("anno1800.error.printed_building", field=field_ids(p)[i], building=p.buildings[i])
    if step.kind == "build" and not _harmless(ctx, i) and not _free_build(ctx) and not _keeps_buildable(ctx, i):
        # Before anything is built, the removal must leave something to build (an action cannot end empty).
        trial, fresh = Ctx(ctx.state.islands_copy(ctx.seat), ctx.seat), Step("build")
        _remove(trial, i, fresh, [])
        if buildable(trial, fresh) is not None:
            return IllegalMove("anno1800.error.nothing_left_to_build", field=field_ids(p)[i])
    return None


def _build_step(ctx: Ctx) -> Step:
    """The build or ships step a removal belongs to (under the ``remove`` step, if open)."""
    step = ctx.step
    assert step is not None
    if step.kind == "remove":
        parent = ctx.parent
        assert parent is not None
        return parent
    return step


def check_remove_action(ctx: Ctx, args: tuple[str, ...]) -> Check:
    step = _build_step(ctx)
    p = ctx.p
    candidates = [i for i, (b, printed) in enumerate(zip(p.buildings, p.printed)) if b and not printed]
    if step.removed:
        return IllegalMove("anno1800.error.one_removal")
    if not candidates:
        return IllegalMove("anno1800.error.no_token_to_remove")
    candidates.sort(key=lambda i: not _harmless(ctx, i))  # the cheap answers first
    if any(_check_removal(ctx, i, step) is None for i in candidates):
        return None
    return IllegalMove("anno1800.error.nothing_left_to_build", field="")


def run_remove_action(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    ctx.state.turn.steps.append(Step("remove"))


def remove_candidates(ctx: Ctx) -> list[tuple[str, ...]]:
    p = ctx.p
    return [(f,) for f, b, printed in zip(field_ids(p), p.buildings, p.printed) if b and not printed]


def check_remove(ctx: Ctx, args: tuple[str, ...]) -> Check:
    i = field_index(ctx.p, args[0])
    if i < 0:
        return IllegalMove("anno1800.error.no_such_field", field=args[0])
    return _check_removal(ctx, i, _build_step(ctx))


def _remove(ctx: Ctx, i: int, step: Step, events: list[Event]) -> None:
    """Take field ``i``'s token back to the board during the build or ships ``step``."""
    b = BUILDINGS[ctx.p.buildings[i]]
    clear_field(ctx.state, ctx.seat, i, events, "removed")
    step.removed = True
    if b.kind == "shipyard" and step.yards[b.strength]:
        step.yards[b.strength] -= 1  # shipyards of a strength are interchangeable: it was one that built
    ctx.changed()


def run_remove(ctx: Ctx, args: tuple[str, ...], events: list[Event]) -> None:
    _remove(ctx, field_index(ctx.p, args[0]), _build_step(ctx), events)
    ctx.state.turn.steps.pop()
