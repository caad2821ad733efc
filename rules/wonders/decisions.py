"""The decisions of 7 Wonders, one record each (the table of ``rules.wonders.game``'s docstring, made executable).

A record says which actions the decision accepts and how their arguments are written, lists its menu, checks a
chosen move against the state (returning the order to record, or raising IllegalMove), gives its prompt's
parameters and, for a turn, the menu with prices. ``game`` reads nothing else for ``pending``, ``legal_moves``,
``decision_actions``, ``options_for``, ``parse_move`` and ``apply``; ``deciding`` is the one place that says whether
a seat decides now.

A menu and its check ask the same predicates (``Pricer`` for a turn; ``open_fleets``, ``revivable`` and
``revive_fleets`` for the follow-ups), so what is listed is exactly what is accepted.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable

from rules.contract import IllegalMove, Move, Seat
from rules.wonders.data import CARDS, FLEETS, ISLANDS, NO_CARD
from rules.wonders.economy import FLEET_ORDER, open_fleets, revivable
from rules.wonders.orders import Pricer, decode
from rules.wonders.state import WondersState
from rules.wonders.view import OptionView, option_view

State = WondersState
_ADVANCE_NAMES = frozenset("_".join(c) for k in (1, 2, 3, 4) for c in combinations(FLEET_ORDER, k))


@dataclass(frozen=True)
class Decision:
    kind: str
    actions: tuple[str, ...]  # the moves this decision accepts
    syntax: Callable[[Move], None]  # checks a move's arguments exist (IllegalMove otherwise), whatever the state
    options: Callable[[State, Seat], list[Move]]  # its menu
    check: Callable[[State, Seat, Move], str]  # the order a parsed move records, or IllegalMove saying why not
    params: Callable[[State, Seat], dict[str, Any]]  # for the prompt
    priced: Callable[[State, Seat], list[OptionView]] | None = None  # the menu with prices (None: the plain menu)

    def menu(self, state: State, seat: Seat) -> list[OptionView]:
        if self.priced is not None:
            return self.priced(state, seat)
        return [OptionView(move=m.notation, action=m.action, card=_card(m)) for m in self.options(state, seat)]


def deciding(state: State, seat: Seat) -> Decision | None:
    """The decision ``seat`` makes now: None for a seat with no decision, or whose choice is made (until the reveal)."""
    if not 0 <= seat < state.players:
        return None
    p = state.seats[seat]
    return DECISIONS[p.waiting] if p.waiting and not p.order else None


def _card(move: Move) -> str | None:
    return move.args[0] if move.action == "revive" and move.args[0] != NO_CARD else None


# --- argument syntax -------------------------------------------------------------------------------------------


def _turn_syntax(move: Move) -> None:
    if not 1 <= len(move.args) <= 4:
        raise IllegalMove("error.move_arity", action=move.action, expected=1)
    decode(move)  # checks the card id, the flags and the plan's syntax


def _revive_syntax(move: Move) -> None:
    args = move.args
    if not 1 <= len(args) <= (1 if args[0] == NO_CARD else 2):
        raise IllegalMove("error.move_arity", action=move.action, expected=1)
    if args[0] == NO_CARD:
        return
    if args[0] not in CARDS:
        raise IllegalMove("wonders.error.unknown_card", name=args[0])
    if len(args) == 2 and (not args[1].startswith("adv_") or args[1][4:] not in FLEETS):
        raise IllegalMove("wonders.error.unknown_colour", name=args[1])


def _one_of(values: Any, code: str) -> Callable[[Move], None]:
    """One argument among ``values``; ``code`` when it is none of them."""

    def syntax(move: Move) -> None:
        if len(move.args) != 1:
            raise IllegalMove("error.move_arity", action=move.action, expected=1)
        if move.args[0] not in values:
            raise IllegalMove(code, name=move.args[0])

    return syntax


# --- the turn ----------------------------------------------------------------------------------------------------


def _turn_params(state: State, seat: Seat) -> dict[str, Any]:
    return {"age": state.age, "turn": state.turn, "hand": len(state.seats[seat].hand)}


def _turn_check(state: State, seat: Seat, move: Move) -> str:
    return Pricer(state, seat).check(decode(move)).notation


def _turn_menu(state: State, seat: Seat) -> list[OptionView]:
    return [option_view(o) for o in Pricer(state, seat).options()]


# --- follow-ups ----------------------------------------------------------------------------------------------------


def _accepted(state: State, seat: Seat, move: Move) -> str:
    """A choice whose every written form is a legal one (a side, in or out of the naval conflict)."""
    return move.notation


def _island_check(state: State, seat: Seat, move: Move) -> str:
    if move.args[0] not in state.seats[seat].offer:
        raise IllegalMove("wonders.error.island_not_offered", island=move.args[0])
    return move.notation


def _advance_options(state: State, seat: Seat) -> list[Move]:
    p = state.seats[seat]
    return [Move("advance", ("_".join(c),)) for c in combinations(open_fleets(p), p.advance_count)]


def _advance_check(state: State, seat: Seat, move: Move) -> str:
    p = state.seats[seat]
    colours = move.args[0].split("_")
    if len(colours) != p.advance_count:
        raise IllegalMove("wonders.error.bad_advance", count=p.advance_count)
    fleets = open_fleets(p)
    for colour in colours:
        if colour not in fleets:
            raise IllegalMove("wonders.error.ship_at_top", colour=colour)
    return move.notation


def revive_fleets(state: State, seat: Seat, cid: str) -> list[str]:
    """The fleets a blue Armada card built from the discard pile may advance for free (empty: no choice to make)."""
    return open_fleets(state.seats[seat]) if CARDS[cid].advance and state.options.armada else []


def _revive_options(state: State, seat: Seat) -> list[Move]:
    out: list[Move] = []
    for cid in revivable(state, seat):
        fleets = revive_fleets(state, seat, cid)
        out += [Move("revive", (cid, f"adv_{c}")) for c in fleets] if fleets else [Move("revive", (cid,))]
    out.append(Move("revive", (NO_CARD,)))
    return out


def _revive_check(state: State, seat: Seat, move: Move) -> str:
    cid = move.args[0]
    if cid == NO_CARD:
        return move.notation
    if cid not in revivable(state, seat):
        if cid not in state.discard:
            raise IllegalMove("wonders.error.not_in_discard", card=cid)
        raise IllegalMove("wonders.error.already_built", card=cid)
    fleets = revive_fleets(state, seat, cid)
    if len(move.args) == 2:
        colour = move.args[1][4:]
        if not CARDS[cid].advance:
            raise IllegalMove("wonders.error.advance_not_allowed", card=cid)
        if colour not in fleets:
            raise IllegalMove("wonders.error.ship_at_top", colour=colour)
    elif fleets:
        raise IllegalMove("wonders.error.advance_needed", card=cid)
    return move.notation


def _fixed(*moves: str) -> Callable[[State, Seat], list[Move]]:
    listed = [Move.parse(m) for m in moves]
    return lambda state, seat: list(listed)


# What a turn may do (a turn, or Babylon B's last card of the age).
TURN_ACTIONS = ("build", "free", "stage", "discard")


def _turn(kind: str) -> Decision:
    """A turn, or Babylon B's last card of the age: the same moves."""
    return Decision(kind, actions=TURN_ACTIONS, syntax=_turn_syntax,
                    options=lambda state, seat: Pricer(state, seat).moves(), check=_turn_check, params=_turn_params,
                    priced=_turn_menu)


def _offer_params(state: State, seat: Seat) -> dict[str, Any]:
    offer = state.seats[seat].offer
    return {"level": ISLANDS[offer[0]].level, "count": len(offer)}


DECISIONS: dict[str, Decision] = {
    "side": Decision("side", actions=("side",), syntax=_one_of(("a", "b"), "wonders.error.unknown_side"),
                     options=_fixed("side:a", "side:b"), check=_accepted,
                     params=lambda state, seat: {"board": state.seats[seat].board}),
    "turn": _turn("turn"),
    "last": _turn("last"),
    "island": Decision("island", actions=("island",), syntax=_one_of(ISLANDS, "wonders.error.unknown_island"),
                       options=lambda state, seat: [Move("island", (i,)) for i in state.seats[seat].offer],
                       check=_island_check, params=_offer_params),
    "advance": Decision("advance", actions=("advance",),
                        syntax=_one_of(_ADVANCE_NAMES, "wonders.error.unknown_advance"), options=_advance_options,
                        check=_advance_check, params=lambda state, seat: {"count": state.seats[seat].advance_count}),
    "revive": Decision("revive", actions=("revive",), syntax=_revive_syntax, options=_revive_options,
                       check=_revive_check, params=lambda state, seat: {"count": len(state.discard)}),
    "naval": Decision("naval", actions=("naval",), syntax=_one_of(("in", "out"), "wonders.error.unknown_naval"),
                      options=_fixed("naval:in", "naval:out"), check=_accepted,
                      params=lambda state, seat: {"age": state.age}),
}

# Each action and the decision whose syntax reads it (a turn and Babylon's last card share theirs).
BY_ACTION: dict[str, Decision] = {a: d for d in DECISIONS.values() for a in d.actions}
