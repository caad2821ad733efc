"""What one seat (or a spectator) may know of an Anno 1800 game, built positively from the state.

Everything on the table is public: islands, buildings, where every cube is, tokens, gold, played cards and their
side, the board's tokens, the objectives, the fireworks, the round, the turn in progress. Hidden and absent: the
other players' hands (their sizes only), the other players' expedition cards (their counts only, until the end of
the game), and the order of every deck and stack (their sizes only). A seat's view adds its own hand and expedition
cards, its decision and its options, each option with what it costs (payments: what is made, traded, imported).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.anno1800.context import Ctx
from rules.anno1800.data import DECKS, NEW_WORLD_TILES, RESOURCES, TIERS
from rules.anno1800.decisions import DECISIONS, options, pending_kind
from rules.anno1800.islands import capacity, field_ids, field_kinds, shipyards
from rules.anno1800.market import describe
from rules.anno1800.pay import sourcings
from rules.anno1800.scoring import outcome
from rules.anno1800.state import AnnoState
from rules.contract import Move, Outcome, View


class FieldView(BaseModel):
    id: str
    kind: str
    building: str = ""
    printed: bool = False
    cubes: list[str] = []  # the tiers of the cubes on its workplaces


class TokensView(BaseModel):
    trade_capacity: int
    trade_available: int  # on ships
    trade_exhausted: int
    exploration_capacity: int
    exploration_available: int
    exploration_exhausted: int
    card_trade: int  # temporary tokens on cards
    card_exploration: int


class PlayedView(BaseModel):
    card: str
    face_up: bool


class NewWorldView(BaseModel):
    tile: str
    resources: list[str]


class PlayerView(BaseModel):
    seat: int
    gold: int
    hand_size: int
    played: list[PlayedView]
    expedition_count: int
    expeditions: list[str] = []  # only at the end of the game (revealed for scoring)
    old_world: list[str]
    new_world: list[NewWorldView]
    fields: list[FieldView]
    district: dict[str, int]
    exhausted: dict[str, int]
    tokens: TokensView
    shipyards: list[int]  # strengths of the shipyards owned
    buildings: int  # industries, shipyards and ships (the first tie-break)
    fireworks: bool


class TurnView(BaseModel):
    seat: int
    actions: int
    taken: int
    traded: list[str]
    held: list[str]
    used: list[str]
    played: list[str]


class OptionView(BaseModel):
    """One legal move of the viewing seat, with what it spends when it is a payment choice."""

    move: str
    action: str
    args: list[str]
    made: list[dict[str, Any]] = []
    traded: list[dict[str, Any]] = []  # {resource, seat (once chosen), price}
    imported: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    cubes: dict[str, int] = {}
    trade_tokens: int = 0
    exploration_tokens: int = 0


class AnnoView(View):
    game: str = "anno1800"
    round: int
    first_player: int
    current: int
    end_round: int  # the last round once the end is triggered, else 0
    over: bool
    objectives: list[str]
    board: dict[str, int]
    deck_sizes: dict[str, int]
    old_world_tiles: int
    new_world_tiles: int
    supply: dict[str, int]
    players: list[PlayerView]
    turn: TurnView | None = None
    decision: str = ""  # the viewing seat's decision, "" when it has none
    params: dict[str, Any] = {}
    options: list[OptionView] = []
    hand: list[str] = []
    expeditions: list[str] = []
    chosen: list[str] = []  # the cards picked so far in the viewing seat's swap
    outcome: Outcome | None = None


def _player(state: AnnoState, seat: int) -> PlayerView:
    p = state.seats[seat]
    trade_cap, explore_cap = capacity(p)
    fields = []
    for i, (fid, kind) in enumerate(zip(field_ids(p), field_kinds(p))):
        cubes = [TIERS[t] for t in p.work[2 * i:2 * i + 2] if t >= 0]
        fields.append(FieldView(id=fid, kind=kind, building=p.buildings[i], printed=p.printed[i], cubes=cubes))
    owned = shipyards(p)
    return PlayerView(
        seat=seat,
        gold=p.gold,
        hand_size=len(p.hand),
        played=[PlayedView(card=c, face_up=c not in p.face_down) for c in p.played],
        expedition_count=len(p.expeditions),
        expeditions=list(p.expeditions) if state.over else [],
        old_world=list(p.old_world),
        new_world=[NewWorldView(tile=t, resources=[RESOURCES[r] for r in NEW_WORLD_TILES[t].resources])
                   for t in p.new_world],
        fields=fields,
        district={TIERS[t]: n for t, n in enumerate(p.district)},
        exhausted={TIERS[t]: n for t, n in enumerate(p.exhausted)},
        tokens=TokensView(
            trade_capacity=trade_cap, trade_available=trade_cap - p.trade_used, trade_exhausted=p.trade_used,
            exploration_capacity=explore_cap, exploration_available=explore_cap - p.explore_used,
            exploration_exhausted=p.explore_used, card_trade=p.card_trade, card_exploration=p.card_explore,
        ),
        shipyards=[s for s in (1, 2, 3) for _ in range(owned[s])],
        buildings=sum(1 for b in p.buildings if b),
        fireworks=state.fireworks == seat,
    )


def option_views(state: AnnoState, seat: int) -> list[OptionView]:
    """The seat's legal moves, payment choices with what they spend."""
    if state.over or seat != state.current:
        return []
    kind = pending_kind(state)
    ctx = Ctx(state, seat)
    moves = options(ctx, DECISIONS[kind])
    if kind not in ("pay", "partner", "tokens"):
        return [OptionView(move=m.notation, action=m.action, args=list(m.args)) for m in moves]
    step = ctx.step
    assert step is not None
    by_code = {s.code: s for s in sourcings(ctx)}
    return [_pay_option(m, kind, step.code, step.partners, by_code) for m in moves]


def _pay_option(m: Move, kind: str, code: str, partners: str, by_code: dict) -> OptionView:
    s = by_code[m.args[0] if kind == "pay" else code]
    d = describe(s)
    if kind == "pay":
        choice, k = s.partners[0], s.partners[0].beryl[0]  # the fewest tokens, as the least it can cost
        traded = [{"resource": r} for r in d["traded"]]
    else:
        choice = next(c for c in s.partners if c.notation == (m.args[0] if kind == "partner" else partners))
        k = int(m.args[0]) if kind == "tokens" else choice.beryl[0]
        traded = [{"resource": RESOURCES[r], "seat": seat, "price": price}
                  for r, seat, price in zip(s.traded, choice.seats, choice.prices)]
    return OptionView(
        move=m.notation, action=m.action, args=list(m.args), made=d["made"], traded=traded,
        imported=d["imported"], held=d["held"], cubes=d["cubes"], trade_tokens=choice.bill - k,
        exploration_tokens=2 * k,
    )


def build_view(state: AnnoState, seat: int | None) -> AnnoView:
    me = state.seats[seat] if seat is not None else None
    deciding = seat is not None and not state.over and seat == state.current
    kind = pending_kind(state) if deciding else ""
    params: dict[str, Any] = {}
    chosen: list[str] = []
    if deciding:
        ctx = Ctx(state, state.current)
        params = DECISIONS[kind].params(ctx)
        if kind == "swap" and ctx.step is not None:
            chosen = list(ctx.step.picked)
    t = state.turn
    return AnnoView(
        seat=seat,
        round=state.round,
        first_player=state.first_player,
        current=state.current,
        end_round=state.end_round,
        over=state.over,
        objectives=list(state.objectives),
        board=dict(state.board),
        deck_sizes={d: len(state.deck(d)) for d in (*DECKS, "expeditions")},
        old_world_tiles=len(state.old_world_tiles),
        new_world_tiles=len(state.new_world_tiles),
        supply={TIERS[i]: n for i, n in enumerate(state.supply)},
        players=[_player(state, s) for s in range(state.players)],
        turn=None if state.over else TurnView(seat=state.current, actions=t.actions, taken=t.taken,
                                              traded=list(t.traded), held=list(t.held), used=list(t.used),
                                              played=list(t.played)),
        decision=kind,
        params=params,
        options=option_views(state, seat) if deciding and seat is not None else [],
        hand=list(me.hand) if me else [],
        expeditions=list(me.expeditions) if me else [],
        chosen=chosen,
        outcome=outcome(state) if state.over else None,
    )
