"""What one seat (or a spectator) may know of a Duel game.

Hidden information is left out, not flagged: face-down cards show only their back (the age, or "guild"), and the
age decks, the cards and guilds removed at setup, the undrafted wonders, the wonders still to be revealed in the
draft and the tokens set aside are absent. The Great Library's three tokens appear only in its builder's view.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.contract import Outcome, View
from rules.duel.data import CARDS, RESOURCES
from rules.duel.economy import Market, choice_producers, discard_value, fixed_production
from rules.duel.effects import accessible, science_symbols
from rules.duel.scoring import outcome, score_sheet
from rules.duel.state import DuelState
from rules.duel.structure import STRUCTURES


class SlotView(BaseModel):
    slot: int
    row: int
    column: int
    card: str | None  # None while face down
    back: str  # "1", "2", "3" or "guild": the back of the card
    accessible: bool
    # What building this card would cost each seat now (coins), and whether a chain makes it free.
    cost: list[int] = []
    chain: list[bool] = []


class WonderView(BaseModel):
    id: str
    built: bool
    cost: int  # coins the owner would pay now (0 once built)


class PlayerView(BaseModel):
    seat: int
    coins: int
    city: list[str]
    wonders: list[WonderView]
    tokens: list[str]
    science: list[str]  # symbols owned, one entry per card or token
    production: dict[str, int]  # fixed production of brown and grey cards
    choices: list[str]  # one unit of one of these per construction, e.g. "GP"
    prices: dict[str, int]  # what one unit of each resource costs this player
    discard_value: int
    score: dict[str, int]  # the score sheet if the game ended now


class OptionView(BaseModel):
    """One legal move of the viewing seat, with what it would cost."""

    move: str
    action: str
    card: str | None = None
    wonder: str | None = None
    token: str | None = None
    cost: int = 0
    trade: int = 0
    chain: bool = False
    gain: int = 0


class DuelView(View):
    game: str = "duel"
    seat: int | None
    age: int
    decision: str  # the kind of the pending decision, or "over"
    current: int | None
    first_player: int
    structure: list[SlotView]
    players: list[PlayerView]
    draft_offer: list[str]
    board_tokens: list[str]
    pawn: int
    loot: list[bool]
    discard: list[str]
    out_wonders: list[str]
    wonders_built: int
    destroy_colour: str | None = None
    library_offer: list[str] = []
    options: list[OptionView] = []
    outcome: Outcome | None = None


def _back(card_id: str) -> str:
    card = CARDS[card_id]
    return "guild" if card.is_guild else str(card.age)


def build_view(state: DuelState, seat: int | None, pending_kind: str, options: list[OptionView]) -> DuelView:
    markets = [Market(state, s) for s in (0, 1)]
    open_slots = set(accessible(state))
    structure: list[SlotView] = []
    if state.age:
        for slot in STRUCTURES[state.age].slots:
            cid = state.slots[slot.index]
            if cid is None:
                continue
            face_up = state.face_up[slot.index]
            view = SlotView(
                slot=slot.index,
                row=slot.row,
                column=slot.column,
                card=cid if face_up else None,
                back=_back(cid),
                accessible=face_up and slot.index in open_slots,
            )
            if face_up and view.accessible:
                prices = [m.card(CARDS[cid]) for m in markets]
                view.cost = [p.total for p in prices]
                view.chain = [p.chain for p in prices]
            structure.append(view)
    players = []
    for s, p in enumerate(state.seats):
        produced = fixed_production(p)
        players.append(
            PlayerView(
                seat=s,
                coins=p.coins,
                city=list(p.city),
                wonders=[
                    WonderView(id=w, built=w in p.built, cost=0 if w in p.built else markets[s].wonder(w).total)
                    for w in p.wonders
                ],
                tokens=list(p.tokens),
                science=science_symbols(state, s),
                production={RESOURCES[r]: n for r, n in enumerate(produced) if n},
                choices=["".join(RESOURCES[r] for r in c) for c in choice_producers(p)],
                prices={RESOURCES[r]: n for r, n in enumerate(markets[s].prices)},
                discard_value=discard_value(p),
                score=score_sheet(state, s),
            )
        )
    is_over = state.decision == "over"
    return DuelView(
        seat=seat,
        age=state.age,
        decision=pending_kind,
        current=None if is_over else state.current,
        first_player=state.first_player,
        structure=structure,
        players=players,
        draft_offer=list(state.offer),
        board_tokens=list(state.board_tokens),
        pawn=state.pawn,
        loot=list(state.loot),
        discard=list(state.discard),
        out_wonders=list(state.out_wonders),
        wonders_built=sum(len(p.built) for p in state.seats),
        destroy_colour=state.queue[0].colour if pending_kind == "destroy" else None,
        library_offer=list(state.library_offer) if seat is not None and seat == state.current else [],
        options=options,
        outcome=outcome(state) if is_over else None,
    )
