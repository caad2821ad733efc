"""The decision table: one record per decision kind, read by ``pending``, ``legal_moves`` and ``apply`` alike.

A record names the moves its decision accepts and, for each action, the predicate that says why a move is not
allowed now (``check``: an ``IllegalMove`` naming the failed predicate, or None) and what it does (``play``). The
menu is the record's candidate moves filtered by those same predicates, so a menu never offers a move its check
refuses. ``exact`` marks a candidate list already built from the same predicates (planning, the largest menu),
which is then not filtered twice; a test checks that it agrees with the checks.

==========  ==========  =======================================================  ==================================
kind        who         moves                                                    module
==========  ==========  =======================================================  ==================================
exclude     one seat    ``exclude:<tile>``, ``exclude:none``                     flow (exclusion variant)
draw        all seats   ``draw:<n>``, ``stop``, ``tower:<follower>``             bag (Phase 3)
retrieve    all seats   ``retrieve:<place>:<follower>``, ``tower:<f>``, ``done``  bag (Phase 3)
plan        all seats   ``place:<f>:<place>:<slot>[:tower]``,                    planning (Phase 4, secret; or
                        ``unplace:<place>:<f>``, ``done``                         one seat at a time)
action      turn seat   ``act:<place>``, ``pass``                                actions (Phase 5)
village     turn seat   ``village:<boatman|craftsman|trader>``                   actions
tile        turn seat   ``tile:<tile>``                                          actions
route       turn seat   ``go:<city>``                                            travel
good        turn seat   ``take:<good>``, ``take:none``                           travel
deed        turn seat   ``deed:<follower>:<deed>``, ``deed:none``                deeds
canal       turn seat   ``canal:coin``, ``canal:dev``                            deeds
pharmacy    turn seat   ``pay:<1-3>``                                            actions
bath        turn seat   ``keep:<follower>:<place>:<slot>``                       actions
tech        passer      ``tech:<place>:<slot>``, ``done``                        actions (after passing)
sacristy    all seats   ``sacristy:use``, ``sacristy:skip``                      hourglass (Phase 6)
harvest     all seats   ``food:<grain|cheese|wine>``                             hourglass
torture     debtors     ``give:<item>[:<what>]``                                 torture (census, Phase 6)
==========  ==========  =======================================================  ==================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Event, IllegalMove, Move
from rules.orleans import actions, bag, deeds, flow, hourglass, planning, torture, travel
from rules.orleans.board import draw_limit
from rules.orleans.state import OrleansState

Events = list[Event]
Check = Callable[[OrleansState, int, Move], "IllegalMove | None"]
Play = Callable[[OrleansState, int, Move, Events], None]


def _ok(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    return None


def _none(state: OrleansState, seat: int) -> dict[str, Any]:
    return {}


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str
    candidates: Callable[[OrleansState, int], Iterable[Move]]
    checks: dict[str, Check]  # action -> why a move of it is refused now (None: allowed)
    plays: dict[str, Play]
    params: Callable[[OrleansState, int], dict[str, Any]] = _none
    exact: bool = False
    actions: tuple[str, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "actions", tuple(self.checks))

    def check(self, state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
        return self.checks[move.action](state, seat, move)

    def options(self, state: OrleansState, seat: int) -> list[Move]:
        if self.exact:
            return list(self.candidates(state, seat))
        checks = self.checks
        return [m for m in self.candidates(state, seat) if checks[m.action](state, seat, m) is None]


# --- the follow-ups of Phase 5 actions (thin: the rules are in their modules) ----------------------------------------
def _go(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    actions.then(state, seat, "good" if travel.go(state, seat, move, events) else "", events)


def _take(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    travel.take(state, seat, move, events)
    actions.then(state, seat, "", events)


def _deed(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    actions.then(state, seat, deeds.send(state, seat, move, events), events)


def _canal(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    actions.then(state, seat, deeds.canal(state, seat, move, events), events)


def _act_check(state: OrleansState, seat: int, move: Move) -> IllegalMove | None:
    return actions.act_refusal(state, seat, move.args[0])


def _pass(state: OrleansState, seat: int, move: Move, events: Events) -> None:
    actions.pass_(state, seat, move, events)


def _retrieve_params(state: OrleansState, seat: int) -> dict[str, Any]:
    p = state.seats[seat]
    return {"allowed": max(0, bag.retrievals_left(p))}


def _draw_params(state: OrleansState, seat: int) -> dict[str, Any]:
    p = state.seats[seat]
    return {"limit": draw_limit(p), "drawn": p.drawn, "can_draw": bag.draws_left(p)}


def _act_params(state: OrleansState, seat: int) -> dict[str, Any]:
    assert state.act is not None
    return {"place": state.act.place}


def _route_params(state: OrleansState, seat: int) -> dict[str, Any]:
    return {**_act_params(state, seat), "kind": travel.route_kind(state), "city": state.seats[seat].merchant}


def _good_params(state: OrleansState, seat: int) -> dict[str, Any]:
    assert state.act is not None
    return {**_act_params(state, seat), "goods": travel.goods_on(state, state.act.conn)}


def _deed_params(state: OrleansState, seat: int) -> dict[str, Any]:
    assert state.act is not None
    return {**_act_params(state, seat), "followers": deeds.sources(state, seat, state.act.place),
            "sent": state.act.sent}


DECISIONS: dict[str, Decision] = {d.kind: d for d in (
    Decision("exclude", flow.exclude_moves, {"exclude": flow.exclude_refusal}, {"exclude": flow.exclude},
             lambda s, seat: {"left": 1 + s.queue.count(seat)}),
    Decision("draw", bag.draw_moves, {"draw": bag.draw_refusal, "stop": _ok, "tower": bag.tower_refusal},
             {"draw": bag.draw, "stop": bag.stop, "tower": bag.to_tower}, _draw_params),
    Decision("retrieve", bag.retrieve_moves,
             {"retrieve": bag.retrieve_refusal, "tower": bag.tower_refusal, "done": _ok},
             {"retrieve": bag.retrieve, "tower": bag.to_tower, "done": bag.finish}, _retrieve_params),
    Decision("plan", planning.place_moves,
             {"place": planning.place_refusal, "unplace": planning.unplace_refusal, "done": _ok},
             {"place": planning.place, "unplace": planning.unplace, "done": planning.done},
             lambda s, seat: {"secret": planning.secret(s)}, exact=True),
    Decision("action", actions.action_moves, {"act": _act_check, "pass": _ok}, {"act": actions.act, "pass": _pass},
             lambda s, seat: {"round": s.round, "event": s.event}),
    Decision("village", actions.village_moves, {"village": actions.village_refusal}, {"village": actions.village},
             _act_params),
    Decision("tile", actions.tile_moves, {"tile": actions.tile_refusal}, {"tile": actions.tile},
             lambda s, seat: {"stacks": actions.tile_stacks(s, seat)}),
    Decision("route", travel.route_moves, {"go": travel.go_refusal}, {"go": _go}, _route_params),
    Decision("good", travel.good_moves, {"take": travel.take_refusal}, {"take": _take}, _good_params),
    Decision("deed", deeds.deed_moves, {"deed": deeds.deed_refusal}, {"deed": _deed}, _deed_params),
    Decision("canal", deeds.canal_moves, {"canal": _ok}, {"canal": _canal}),
    Decision("pharmacy", actions.pharmacy_moves, {"pay": actions.pay_refusal}, {"pay": actions.pharmacy},
             lambda s, seat: {"coins": s.seats[seat].coins}),
    Decision("bath", actions.bath_moves, {"keep": actions.keep_refusal}, {"keep": actions.keep},
             lambda s, seat: {"followers": list(s.act.drawn) if s.act else []}),
    Decision("tech", actions.tech_moves, {"tech": actions.tech_move_refusal, "done": _ok},
             {"tech": actions.place_tech, "done": actions.keep_tech}, lambda s, seat: {"tiles": s.seats[seat].tech}),
    Decision("sacristy", hourglass.sacristy_moves, {"sacristy": _ok}, {"sacristy": hourglass.sacristy},
             lambda s, seat: {"event": s.event}),
    Decision("harvest", hourglass.food_moves, {"food": hourglass.food_refusal}, {"food": hourglass.food},
             lambda s, seat: {"foods": hourglass.foods(s, seat)}),
    Decision("torture", torture.candidates, {"give": torture.give_refusal}, {"give": torture.give},
             lambda s, seat: {"debt": s.seats[seat].debt}),
)}
