"""What one seat (or a spectator) may know of a 7 Wonders game.

Hidden information is left out, not flagged: other hands, choices not yet revealed (only whether each seat has
chosen), the cards under wonder stages, the discard pile (its size only; its cards only in the view of the seat
deciding a Halikarnassos build), the age decks, the guilds and Armada cards left out, the island decks (their
sizes only) and the islands dealt to other explorers.

In Armada's team game, allies may show each other their hands (B.17): a seat's view holds its ally's hand
(``ally_hand``), and nothing else the ally hides. The hand is shown as the ally holds it before the reveal, its
chosen card still among the others (a card leaves the hand only when the choices are revealed), so the ally's
choice stays secret (W12); the ally's island offer stays hidden too (AR123).
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.contract import Outcome, View
from rules.wonders.data import BOARDS, CARDS, COLOURS, FLEETS, RESOURCES, SCIENCE
from rules.wonders.economy import land_shields, production, stages_of
from rules.wonders.orders import Option
from rules.wonders.effects import commercial_level, direction, naval_strength
from rules.wonders.scoring import outcome, score_sheet
from rules.wonders.state import WondersState


class OptionView(BaseModel):
    """One legal move of the viewing seat, with what it costs."""

    move: str
    action: str
    card: str | None = None
    ship: bool = False
    advance: str | None = None  # the ship of a blue Armada card's free advance
    track: str | None = None  # Lost Island: the track of the wonder's Naval Construction
    plan: str = ""  # the payment plan's notation ("" when nothing is bought)
    coins: int = 0  # every coin this option costs: bank + trade
    bank: int = 0  # coins to the bank (card and naval coin costs)
    trade: dict[str, int] = {}  # coins to each partner: left, right, far_left, far_right (only those paid)
    bought: dict[str, str] = {}  # what is bought from each partner, e.g. {"left": "WG"}
    chain: bool = False
    gain: int = 0  # coins gained by a discard


class PlayerView(BaseModel):
    seat: int
    team: int | None = None
    board: str
    side: str  # "" while the players choose their sides
    stages_built: int
    stages_total: int
    coins: int
    city: dict[str, list[str]]  # structures by colour
    land_tokens: list[int]
    naval_tokens: list[int]
    shields: int
    naval_strength: int
    science: dict[str, int]  # compass, gear, tablet, and "any" / "most" symbols
    production: dict[str, int]  # fixed units
    choices: list[str]  # one unit of one of these a turn, e.g. "WC"
    shipyard: str | None = None
    wonder_track: str | None = None
    ships: dict[str, int] = {}
    commercial_level: int = 0
    islands: list[str] = []
    hand_size: int
    deciding: bool  # this seat has a decision to make now
    chosen: bool  # ... and has made it (what it chose stays hidden until the reveal)
    score: dict[str, int]


class WondersView(View):
    game: str = "wonders"
    seat: int | None
    armada: bool
    teams: bool
    age: int
    turn: int
    turns: int  # regular turns in an age
    direction: str  # where hands pass this age: "left" or "right"
    phase: str  # sides | play | over
    decision: str  # the decision the viewing seat faces (side, turn, last, island, advance, revive, naval), "" if
    # none; it stays set once chosen until the reveal (then ``my_choice`` holds the choice)
    players: list[PlayerView]
    hand: list[str] = []
    ally: int | None = None  # the team game: the viewing seat's ally
    ally_hand: list[str] = []  # the team game: the ally's hand (B.17), its secret choice not marked
    options: list[OptionView] = []
    my_choice: str | None = None  # what the viewing seat chose, before the reveal
    island_offer: list[str] = []  # the islands the viewing seat may keep now
    advance_count: int = 0
    discard_size: int
    discard: list[str] = []  # only for the seat choosing a card of the discard pile
    island_decks: list[int] = []
    outcome: Outcome | None = None


def option_view(o: Option) -> OptionView:
    plan = o.plan
    trade = {k: v for k, v in zip(("left", "right", "far_left", "far_right"), plan.coins) if v}
    bought = {name: "".join(RESOURCES[k] * n for k, n in enumerate(res)) for name, res in plan.bought}
    return OptionView(
        move=o.notation,
        action=o.action,
        card=o.card,
        ship=o.ship,
        advance=FLEETS[o.advance] if o.advance is not None else None,
        track=FLEETS[o.track] if o.track is not None else None,
        plan=plan.notation,
        coins=o.total,
        bank=o.bank,
        trade=trade,
        bought=bought,
        chain=o.chain,
        gain=o.gain,
    )


def _science(state: WondersState, seat: int) -> dict[str, int]:
    from rules.wonders.data import ISLANDS

    p = state.seats[seat]
    out = dict.fromkeys((*SCIENCE, "any", "most"), 0)
    for c in p.city:
        if CARDS[c].science:
            out[CARDS[c].science] += 1  # type: ignore[index]
    out["any"] += sum(1 for s in stages_of(p)[: len(p.stages)] if s.science == "any")
    for i in p.islands:
        if ISLANDS[i].science:
            out[ISLANDS[i].science] += 1  # type: ignore[index]
    return out


def build_view(state: WondersState, seat: int | None, options: list[OptionView]) -> WondersView:
    armada = state.options.armada
    players = []
    for s, p in enumerate(state.seats):
        prod = production(p)
        city: dict[str, list[str]] = {c: [] for c in COLOURS}
        for cid in p.city:
            city[CARDS[cid].colour].append(cid)
        board = BOARDS[p.shipyard] if armada else None
        players.append(PlayerView(
            seat=s,
            team=s // 2 if state.options.teams else None,
            board=p.board,
            side=p.side,
            stages_built=len(p.stages),
            stages_total=len(stages_of(p)),
            coins=p.coins,
            city={c: cards for c, cards in city.items() if cards},
            land_tokens=list(p.land),
            naval_tokens=list(p.naval),
            shields=land_shields(state, s),
            naval_strength=naval_strength(state, s) if armada else 0,
            science=_science(state, s),
            production={RESOURCES[k]: n for k, n in enumerate(prod.fixed) if n},
            choices=["".join(RESOURCES[k] for k in c) for c in prod.choices],
            shipyard=p.shipyard or None,
            wonder_track=FLEETS[board.wonder] if board else None,
            ships={FLEETS[f]: p.ships[f] for f in range(4)} if armada else {},
            commercial_level=commercial_level(state, s),
            islands=list(p.islands),
            hand_size=len(p.hand),
            deciding=bool(p.waiting),
            chosen=bool(p.waiting and p.order),
            score=score_sheet(state, s),
        ))
    me = state.seats[seat] if seat is not None else None
    ally = state.ally(seat) if seat is not None else None
    return WondersView(
        seat=seat,
        armada=armada,
        teams=state.options.teams,
        age=state.age,
        turn=state.turn,
        turns=state.hand_size - 1,
        direction=direction(state.age),
        phase=state.phase,
        decision=me.waiting if me else "",
        players=players,
        hand=list(me.hand) if me else [],
        ally=ally,
        ally_hand=list(state.seats[ally].hand) if ally is not None else [],
        options=options,
        my_choice=(me.order or None) if me else None,
        island_offer=list(me.offer) if me and me.waiting == "island" else [],
        advance_count=me.advance_count if me and me.waiting == "advance" else 0,
        discard_size=len(state.discard),
        discard=list(state.discard) if me and me.waiting == "revive" and not me.order else [],
        island_decks=[len(d) for d in state.island_decks] if armada else [],
        outcome=outcome(state) if state.phase == "over" else None,
    )
