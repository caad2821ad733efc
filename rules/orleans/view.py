"""What one seat (or a spectator) may know of an Orléans game, built from the public facts only.

Absent, not flagged: the order of the hour-glass tiles still to come (their number only), the kinds of the goods
removed at setup (their number only), the generator, and, while planning is simultaneous, every other seat's
placements of the phase: their boards are shown as they were before it (``planning.public_board``). A bag's
contents (counts by kind, never an order: a bag has none) are shown to everyone, or to its owner only with the
option ``bags = "own"``. Everything else is public (spec §9.1): boards, markets, tiles, goods, coins, citizens, the
map, the deeds, both place-tile stacks.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.contract import Outcome, View
from rules.orleans.board import draw_limit, owned
from rules.orleans.data import (
    CITIZENS,
    CONNECTIONS,
    DEED_LIST,
    FOLLOWERS,
    GOODS,
    KINDS,
    PLACES,
    ROUNDS,
    SLOT_PLACE,
    SLOT_TYPE,
    TRACKS,
    level,
)
from rules.orleans.planning import public_board, secret
from rules.orleans.scoring import outcome, sheet
from rules.orleans.state import OrleansState, Player


class PlayerView(BaseModel):
    seat: int
    coins: int
    market: dict[str, int]  # follower -> count
    tower: list[str]  # followers on the Gunpowder Tower
    places: dict[str, list[str]]  # every place with slots: its slots' contents ("" empty, a follower, "tech")
    activated: list[str]
    tiles: list[str]  # place tiles, in the order gained
    tech: int  # technology tiles not placed yet
    tracks: dict[str, int]
    draw_limit: int
    dev: int
    level: int
    goods: dict[str, int]
    stations: int  # trading stations left in the personal supply
    built: list[str]  # cities with one of this seat's stations
    citizens: list[str]
    merchant: str
    bag: dict[str, int] | None  # None: not shown to this viewer
    bag_size: int
    deciding: bool  # has a decision now
    done: bool  # finished the current phase (Phase 3, planning, ...)
    passed: bool
    debt: int  # coins still owed (torture)
    score: dict[str, int]


class ConnectionView(BaseModel):
    a: str
    b: str
    kind: str
    goods: list[str]


class DeedView(BaseModel):
    id: str
    reward: int
    choice: bool
    spaces: list[str]  # the kind of each space
    filled: list[int | None]  # the seat whose follower fills each space


class OrleansView(View):
    game: str = "orleans"
    round: int
    rounds: int = ROUNDS
    phase: str
    event: str | None  # the current event, once revealed
    events_left: int  # hour-glass tiles still face down
    discard: list[str]
    start_player: int
    turn: int | None  # Phase 5: whose turn it is
    waiting: list[int]  # the seats that have a decision now
    supply: dict[str, int]  # neutral followers left on the main board
    goods_market: dict[str, int]
    tech_supply: int
    stacks: dict[str, list[str]]  # the two open place-tile stacks, "1" and "2"
    excluded: list[str]
    removed_goods: int
    map: list[ConnectionView]
    deeds: list[DeedView]
    citizens: list[str]  # citizen tiles nobody holds yet
    action: str | None  # the place being performed (Phase 5)
    bath_drawn: list[str]  # the Bathhouse's draw being decided
    players: list[PlayerView]
    decision: str  # the viewing seat's pending kind ("" if none)
    pending: dict[str, Any] = {}  # that decision's parameters (``Game.pending``), for the prompt
    options: list[str]  # its legal moves, in notation
    planned: list[list[str]]  # its own placements of this planning phase: [follower, place, slot]
    outcome: Outcome | None = None


def _player(state: OrleansState, s: int, p: Player, viewer: int | None) -> dict[str, Any]:
    """A ``PlayerView`` as a dict: the view is validated once, as a whole (faster than model by model)."""
    hide_plan = secret(state) and state.phase == "planning" and viewer != s and p.planned
    if hide_plan:
        market, tower, slots = public_board(p)
    else:
        market, tower, slots = ({f: p.market[f] for f in FOLLOWERS if f in p.market}, list(p.tower), p.slots)
    places: dict[str, list[str]] = {}
    active: list[str] = []  # ``board.activated``, on the slots this viewer sees
    for pl in owned(p):
        place = PLACES[pl]
        if place.slots:
            places[pl] = contents = [slots[i] for i in place.indices]
            if sum(1 for c in contents if c) >= place.quorum:
                active.append(pl)
    show_bag = state.options.bags == "public" or viewer == s
    return dict(
        seat=s,
        coins=p.coins,
        market=market,
        tower=tower,
        places=places,
        activated=active,
        tiles=list(p.tiles),
        tech=p.tech,
        tracks=dict(zip(TRACKS, p.tracks)),
        draw_limit=draw_limit(p),
        dev=p.dev,
        level=level(p.dev),
        goods=dict(zip(GOODS, p.goods)),
        stations=p.stations,
        built=list(p.built),
        citizens=list(p.citizens),
        merchant=p.merchant,
        bag={f: p.bag[f] for f in FOLLOWERS if f in p.bag} if show_bag else None,
        bag_size=sum(p.bag.values()),
        deciding=bool(p.decision),
        done=p.done,
        passed=p.passed,
        debt=p.debt,
        score=sheet(state, s),
    )


def build_view(state: OrleansState, seat: int | None, options: list[str],
               pending: dict[str, Any] | None = None) -> OrleansView:
    me = state.seats[seat] if seat is not None else None
    held = {c for p in state.seats for c in p.citizens}
    return OrleansView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        event=state.event or None,
        events_left=len(state.hourglass),
        discard=list(state.discard),
        start_player=state.start_player,
        turn=state.turn if state.phase == "actions" and state.turn >= 0 else None,
        waiting=[s for s, p in enumerate(state.seats) if p.decision],
        supply=dict(zip(KINDS, state.supply)),
        goods_market=dict(zip(GOODS, state.goods)),
        tech_supply=state.tech,
        stacks={"1": list(state.stacks[0]), "2": list(state.stacks[1])},
        excluded=list(state.excluded),
        removed_goods=len(state.removed_goods),
        # the nested views as dicts too: validated with the whole (``ConnectionView``, ``DeedView``, ``PlayerView``)
        map=[dict(a=c.a, b=c.b, kind=c.kind, goods=[state.map_goods[s] for s in c.spaces if state.map_goods[s]])
             for c in CONNECTIONS],
        deeds=[dict(id=d.id, reward=d.reward, choice=d.choice, spaces=list(d.spaces),
                    filled=[state.deeds[i] if state.deeds[i] >= 0 else None for i in d.indices])
               for d in DEED_LIST],
        citizens=[c for c in CITIZENS if c not in held],
        action=state.act.place if state.act else None,
        bath_drawn=list(state.act.drawn) if state.act else [],
        players=[_player(state, s, p, seat) for s, p in enumerate(state.seats)],
        decision=me.decision if me else "",
        pending=pending or {},
        options=options,
        planned=_own_plan(me) if me else [],
        outcome=outcome(state) if state.phase == "over" else None,
    )


def _own_plan(p: Player) -> list[list[str]]:
    out = []
    for entry in p.planned:
        i = int(entry.split(":")[0])
        out.append([p.slots[i], SLOT_PLACE[i], SLOT_TYPE[i]])
    return out
