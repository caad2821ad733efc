"""Helpers to build precise 7 Wonders Duel situations.

A situation starts from an explicit layout (preset wonders, seat 0 first by default), then the state is edited in
place: cards move between the decks, the structure, the cities and the discard pile by swapping, so every card stays
in exactly one place and ``check_invariants`` keeps passing.
"""

from __future__ import annotations

from typing import Iterable

from rules.contract import Event
from rules.duel.data import AGE_CARDS, CARDS, GUILDS, PRESET_WONDERS
from rules.duel.game import DuelGame
from rules.duel.state import DuelLayout, DuelState
from rules.duel.structure import STRUCTURES
from rules.registry import get_game

G: DuelGame = get_game("duel")  # type: ignore[assignment]

# The bottom (start-accessible) slots of each age, 0-based.
BOTTOM = {1: list(range(14, 20)), 2: [18, 19], 3: [18, 19]}
DEFAULT_BOARD = ["agriculture", "architecture", "economy", "law", "masonry"]
DEFAULT_BOX = ["mathematics", "philosophy", "strategy", "theology", "urbanism"]


def deck(age: int, fixed: dict[int, str] | None = None) -> list[str]:
    """The 20 cards of an age in slot order: ``fixed`` {slot: card}, the other slots filled in data order.

    Age III always holds exactly 3 guilds (the fixed ones first)."""
    fixed = dict(fixed or {})
    used = set(fixed.values())
    if age == 3:
        guilds = [c for c in fixed.values() if CARDS[c].is_guild]
        filler = [g for g in GUILDS if g not in used][: 3 - len(guilds)]
        filler += [c for c in AGE_CARDS[3] if c not in used]
    else:
        filler = [c for c in AGE_CARDS[age] if c not in used]
    out = []
    for slot in range(20):
        out.append(fixed[slot] if slot in fixed else filler.pop(0))
    assert len(set(out)) == 20
    return out


def layout(
    first: int = 0,
    age1: dict[int, str] | None = None,
    age2: dict[int, str] | None = None,
    age3: dict[int, str] | None = None,
    board: list[str] | None = None,
    box: list[str] | None = None,
    wonders: list[str] | None = None,
) -> DuelLayout:
    board = list(board or DEFAULT_BOARD)
    if box is None:
        box = [t for t in DEFAULT_BOX + DEFAULT_BOARD if t not in board][:5]
    if wonders is None:
        own = (PRESET_WONDERS[0], PRESET_WONDERS[1]) if first == 0 else (PRESET_WONDERS[1], PRESET_WONDERS[0])
        wonders = [*own[0], *own[1]]
    return DuelLayout(
        first_player=first,
        wonders=wonders,
        ages=[deck(1, age1), deck(2, age2), deck(3, age3)],
        board_tokens=board,
        box_tokens=box,
    )


def start(first: int = 0, options: dict | None = None, put: dict[int, str] | None = None, **kw) -> DuelState:
    """A game in Age I, first turn, with the preset wonders (seat ``first`` owns the Pyramids' set).

    ``put`` {slot: card} then moves cards of any age into the Age I structure (see ``place``)."""
    state = G.setup(2, {"wonders": "preset", **(options or {})}, layout=layout(first, **kw))
    for slot, card in (put or {}).items():
        place(state, card, slot)
    return state


def play(state: DuelState, *moves: str) -> tuple[DuelState, list[Event]]:
    """Apply moves in order, each for the seat that must decide; returns the last state and every event."""
    events: list[Event] = []
    for text in moves:
        state, evs = G.apply(state, state.current, G.parse_move(text))
        events += evs
    return state, events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def sound(state: DuelState) -> DuelState:
    problems = G.check_invariants(state)
    assert not problems, problems
    return state


# --- editing a state --------------------------------------------------------------------------------------------


def _containers(state: DuelState) -> list[list]:
    # ``state.removed`` is derived (whatever is nowhere else): taking a card out of it, or putting one in, needs
    # nothing more than moving the card into, or out of, the other containers.
    return [state.slots, state.removed, state.discard, *state.decks, *(p.city for p in state.seats)]


def _where(state: DuelState, card: str) -> tuple[list, int]:
    for box in _containers(state):
        if card in box:
            return box, box.index(card)
    raise LookupError(card)


def _positional(state: DuelState, box: list) -> bool:
    """The structure and the decks: lists whose length and order matter."""
    return box is state.slots or any(box is d for d in state.decks)


def _take_out(state: DuelState, card: str) -> None:
    """Remove a card from play; a hole in the structure or in a deck is filled with a card removed at setup."""
    box, i = _where(state, card)
    if _positional(state, box):
        spare = next(c for c in reversed(state.removed) if c != card)
        state.removed.remove(spare)
        box[i] = spare
    else:
        box.pop(i)


def place(state: DuelState, card: str, slot: int, face_up: bool = True) -> DuelState:
    """Put ``card`` in structure ``slot`` (which must hold a card) by swapping it with that slot's card."""
    box, i = _where(state, card)
    other = state.slots[slot]
    assert other is not None, "place() needs an occupied slot"
    if _positional(state, box) or box is state.removed:
        box[i] = other
    else:  # from a city or the discard pile: the displaced card goes out of play instead
        box.pop(i)
        state.removed.append(other)
    state.slots[slot] = card
    state.face_up[slot] = face_up
    return state


def give(state: DuelState, seat: int, *cards: str) -> DuelState:
    """Add buildings to a seat's city, taken from wherever they are."""
    for card in cards:
        _take_out(state, card)
        state.seats[seat].city.append(card)
    return state


def discard_pile(state: DuelState, *cards: str) -> DuelState:
    """Put cards on the discard pile, as if discarded earlier."""
    for card in cards:
        _take_out(state, card)
        state.discard.append(card)
    return state


def own(state: DuelState, seat: int, *wonders: str) -> DuelState:
    """Make ``seat`` own these wonders, swapping each for one of its wonders not in the list."""
    player = state.seats[seat]
    for w in wonders:
        if w in player.wonders:
            continue
        out = next(x for x in player.wonders if x not in wonders and x not in player.built)
        undrafted = state.undrafted  # derived from where the wonders are: read it before moving any
        player.wonders[player.wonders.index(out)] = w
        for box in (undrafted, state.seats[1 - seat].wonders, state.out_wonders):
            if w in box:
                box[box.index(w)] = out
                break
        else:
            raise LookupError(w)
    return state


def built(state: DuelState, seat: int, *wonders: str) -> DuelState:
    """Mark wonders as built by ``seat`` (owned first), each with a spare card tucked under it."""
    own(state, seat, *wonders)
    for w in wonders:
        state.seats[seat].built[w] = state.removed.pop()
    return state


def tokens(state: DuelState, seat: int, *names: str) -> DuelState:
    """Give progress tokens to ``seat`` (from the board or the box)."""
    for t in names:
        for box in (state.board_tokens, state.box_tokens):
            if t in box:
                box.remove(t)
                break
        else:
            raise LookupError(t)
        state.seats[seat].tokens.append(t)
    return state


def only_slots(state: DuelState, keep: Iterable[int]) -> DuelState:
    """Empty the structure except the ``keep`` slots (the other cards go to the discard pile)."""
    keep = set(keep)
    for i, card in enumerate(state.slots):
        if card is not None and i not in keep:
            state.slots[i] = None
            state.discard.append(card)
    return state


def accessible_cards(state: DuelState) -> list[str]:
    return [state.slots[i] for i in STRUCTURES[state.age].accessible(state.slots)]


def clear(state: DuelState, *slots: int) -> DuelState:
    """Take the cards of these structure slots out (to the discard pile), as if played earlier."""
    for i in slots:
        card = state.slots[i]
        assert card is not None
        state.slots[i] = None
        state.discard.append(card)
    return state


def rich(state: DuelState, coins: int = 50, *seats: int) -> DuelState:
    """Set the coins of ``seats`` (default: both)."""
    for seat in seats or (0, 1):
        state.seats[seat].coins = coins
    return state


def to_age(state: DuelState, age: int) -> DuelState:
    """Skip to the first turn of ``age``: each age's structure is emptied but for one card, then discarded."""
    while state.age < age:
        only_slots(state, [19])
        state, _ = play(state, f"discard:{state.slots[19]}")
        if G.pending(state, state.current).kind == "starter":
            state, _ = play(state, "start:me")
    return state


# --- hidden information ------------------------------------------------------------------------------------------

# View fields whose values are kinds or labels, never ids (e.g. the pending kind "library" is also a card id).
LABEL_FIELDS = {"decision", "back", "victory", "action", "destroy_colour", "categories"}


def view_strings(view) -> set[str]:
    """Every string (value or key) of a view, except the label fields."""
    out: set[str] = set()

    def walk(node, key=None):
        if key in LABEL_FIELDS:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                out.add(str(k))
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str):
            out.add(node)

    walk(view.model_dump(mode="json"))
    return out


def hidden_ids(state: DuelState, seat: int | None) -> set[str]:
    """What ``seat`` (None: a spectator) must not know."""
    hidden = {c for i, c in enumerate(state.slots) if c is not None and not state.face_up[i]}
    hidden |= {c for d in state.decks for c in d} | set(state.removed)
    hidden |= set(state.undrafted) | set(state.wonder_deck)
    hidden |= set(state.box_tokens) | set(state.returned_tokens)
    if seat is None or seat != state.current:
        hidden |= set(state.library_offer)
    return hidden


def leaks(state: DuelState, seat: int | None) -> set[str]:
    return hidden_ids(state, seat) & view_strings(G.view(state, seat))
