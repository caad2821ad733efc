"""Helpers to build precise Anno 1800 situations.

A situation starts from an explicit layout (decks in data order, hands dealt from their tops, the first-game
objectives, seat 0 first by default); the state is then edited in place, always moving things rather than creating
them (cards between decks and hands, cubes between the supply and a player, tokens between the board and the
islands), so ``check_invariants`` keeps passing.
"""

from __future__ import annotations

from typing import Iterable

import pytest

from rules.anno1800.data import CARDS, DECK_CARDS, EXPEDITIONS, FIRST_GAME, NEW_WORLD_TILES, OLD_WORLD_TILES, TIERS
from rules.anno1800.decisions import pending_kind
from rules.anno1800.game import AnnoGame
from rules.anno1800.islands import field_ids, field_index, field_kinds
from rules.anno1800.options import AnnoLayout
from rules.anno1800.state import AnnoState
from rules.contract import Event, IllegalMove, Move

G = AnnoGame()


def layout(players: int = 2, first: int = 0, objectives: Iterable[str] = FIRST_GAME,
           hands: dict[int, list[str]] | None = None, old_world: list[str] | None = None,
           new_world: list[str] | None = None, expeditions: list[str] | None = None) -> AnnoLayout:
    """Decks in data order; seat i is dealt the next 7 farmer/worker and 2 artisan/... cards unless ``hands``
    gives its cards (taken out of the decks). Tile stacks and the expedition deck: data order unless given."""
    hands = dict(hands or {})
    decks = {d: [c for c in DECK_CARDS[d] if not any(c in h for h in hands.values())] for d in DECK_CARDS}
    out = []
    for seat in range(players):
        if seat in hands:
            out.append(list(hands[seat]))
            continue
        hand = decks["farmer_worker"][:7] + decks["artisan_engineer_investor"][:2]
        del decks["farmer_worker"][:7]
        del decks["artisan_engineer_investor"][:2]
        out.append(hand)
    return AnnoLayout(
        first_player=first,
        objectives=list(objectives),
        hands=out,
        farmer_worker=decks["farmer_worker"],
        artisan_engineer_investor=decks["artisan_engineer_investor"],
        new_world=decks["new_world"],
        expeditions=list(expeditions or EXPEDITIONS),
        old_world_tiles=list(old_world or OLD_WORLD_TILES),
        new_world_tiles=list(new_world or NEW_WORLD_TILES),
    )


def start(players: int = 2, options: dict | None = None, **kw) -> AnnoState:
    """A game at its first turn (seat ``first``, default 0) from ``layout(**kw)``."""
    opts = dict(options or {})
    return G.setup(players, opts, layout=layout(players, **kw))


def play(state: AnnoState, *moves: str) -> tuple[AnnoState, list[Event]]:
    """Apply moves in order for the current player; returns the last state and every event.

    ``activate:<card>`` written at the turn's menu stands for ``activate`` then ``activate:<card>`` (the second is
    skipped when the card was the only one, taken at once)."""
    events: list[Event] = []
    for text in moves:
        if text.startswith("activate:") and pending_kind(state) == "turn":
            state, evs = G.apply(state, state.current, Move("activate"))
            events += evs
            if pending_kind(state) != "activate":
                activated = [e.params["card"] for e in evs if e.kind == "card_activated"]
                assert activated == [text.split(":")[1]], (text, activated)
                continue
        state, evs = G.apply(state, state.current, G.parse_move(text))
        events += evs
    return state, events


def place_on(state: AnnoState, field: str) -> tuple[AnnoState, list[Event]]:
    """In a field choice: ``cover`` as often as needed to reach ``field``, then ``field:<field>``."""
    events: list[Event] = []
    while f"field:{field}" not in moves(state):
        state, evs = G.apply(state, state.current, Move("cover"))
        events += evs
        if pending_kind(state) not in ("field", "cover", "printed", "last"):  # the only field left: taken at once
            placed = [e.params["field"] for e in evs if e.kind == "built"] or [state.turn.steps[-1].field]
            assert placed == [field], placed
            return state, events
    state, evs = G.apply(state, state.current, Move("field", (field,)))
    return state, events + evs


def refused(state: AnnoState, seat: int, move: str | Move, code: str) -> IllegalMove:
    """The move is refused with ``code`` and the state is left exactly as it was."""
    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as err:
        G.apply(state, seat, move if isinstance(move, Move) else Move.parse(move))
    assert err.value.code == code, err.value
    assert state.model_dump_json() == before
    return err.value


def moves(state: AnnoState) -> list[str]:
    return [m.notation for m in G.legal_moves(state, state.current)]


def kind(state: AnnoState) -> str:
    return pending_kind(state)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def sound(state: AnnoState) -> AnnoState:
    problems = G.check_invariants(state)
    assert not problems, problems
    return state


# --- editing a state ----------------------------------------------------------------------------------------------
def tier(name: str) -> int:
    return TIERS.index(name)


def set_cubes(state: AnnoState, seat: int, district: dict[str, int] | None = None,
              exhausted: dict[str, int] | None = None) -> AnnoState:
    """Set the counts of the named tiers (others unchanged), moving cubes from or to the supply."""
    p = state.seats[seat]
    for counts, target in ((p.district, district), (p.exhausted, exhausted)):
        for name, n in (target or {}).items():
            t = tier(name)
            state.supply[t] -= n - counts[t]
            counts[t] = n
    return state


def put_cube(state: AnnoState, seat: int, field: str, name: str, slot: int = 0) -> AnnoState:
    """A cube of tier ``name`` from the supply onto a workplace of ``field``."""
    p = state.seats[seat]
    i = field_index(p, field)
    state.supply[tier(name)] -= 1
    p.work[2 * i + slot] = tier(name)
    return state


def build_on(state: AnnoState, seat: int, field: str, building: str) -> AnnoState:
    """A construction token from the board onto ``field`` (whatever was there goes back or out of the game)."""
    p = state.seats[seat]
    i = field_index(p, field)
    assert i >= 0, field
    old = p.buildings[i]
    if old and not p.printed[i]:
        state.board[old] += 1
    for slot in (2 * i, 2 * i + 1):
        if p.work[slot] >= 0:
            state.supply[p.work[slot]] += 1
            p.work[slot] = -1
    state.board[building] -= 1
    p.buildings[i] = building
    p.printed[i] = False
    return state


def free_field(state: AnnoState, seat: int, kind_: str) -> str:
    """The first empty field of a kind."""
    p = state.seats[seat]
    for f, k, b in zip(field_ids(p), field_kinds(p), p.buildings):
        if k == kind_ and not b:
            return f
    raise LookupError(kind_)


def give_card(state: AnnoState, seat: int, *cards: str, where: str = "hand") -> AnnoState:
    """Move cards into a player's hand (or ``where="played"``), from wherever they are."""
    for card in cards:
        _take_card(state, card)
        getattr(state.seats[seat], where).append(card)
    return state


def _take_card(state: AnnoState, card: str) -> None:
    for name in ("farmer_worker", "artisan_engineer_investor", "new_world"):
        if card in state.deck(name):
            state.deck(name).remove(card)
            return
    for p in state.seats:
        for box in (p.hand, p.played):
            if card in box:
                box.remove(card)
                if card in p.face_down:
                    p.face_down.remove(card)
                return
    raise LookupError(card)


def empty_deck(state: AnnoState, deck: str, keep: int = 0) -> AnnoState:
    """Leave ``keep`` cards in a population deck; the others go to seat 0's played cards (out of the way)."""
    pile = state.deck(deck)
    extra = pile[keep:]
    del pile[keep:]
    state.seats[0].played += extra
    state.seats[0].face_down += extra
    return state


def set_hand(state: AnnoState, seat: int, *cards: str) -> AnnoState:
    """Replace a hand: its cards go back under their decks, then ``cards`` are taken from wherever they are."""
    p = state.seats[seat]
    for card in list(p.hand):
        p.hand.remove(card)
        state.deck(CARDS[card].deck).append(card)
    return give_card(state, seat, *cards)


def ship_tokens(state: AnnoState, seat: int, trade_used: int | None = None, explore_used: int | None = None,
                card_trade: int | None = None, card_explore: int | None = None) -> AnnoState:
    p = state.seats[seat]
    for name, value in (("trade_used", trade_used), ("explore_used", explore_used),
                        ("card_trade", card_trade), ("card_explore", card_explore)):
        if value is not None:
            setattr(p, name, value)
    return state


def owned(state: AnnoState, seat: int, building: str) -> bool:
    return building in state.seats[seat].buildings
