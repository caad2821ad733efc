"""What a seat of 7 Wonders Duel cannot see, re-drawn: ``determinize`` (``rules.contract.Game.determinize``).

Hidden from everyone: the face-down cards of the structure (only their back shows: the age, or a guild), the age
decks still to deal, the cards and guilds removed at setup, the wonders of the draft's second round before they are
revealed (and the four never revealed), the order of the tokens set aside, and the seed (from which the whole layout
could be dealt again). Hidden from all but the Great Library's builder: the three tokens it drew, and the two it did
not keep. Everything else was seen by both players when it happened (a card taken from the structure was face up,
even one tucked under a wonder), so the state holds everything a seat knows, and nothing is re-drawn that it saw.
"""

from __future__ import annotations

import random

from rules.contract import Seat
from rules.duel.data import AGE_CARDS, CARDS, GUILDS, WONDERS
from rules.duel.state import DuelState


def determinize(state: DuelState, seat: Seat | None, rng: random.Random) -> DuelState:
    """A copy of ``state`` with everything ``seat`` (None: a spectator) cannot see re-drawn."""
    new = state.clone()
    _cards(new, rng)
    _wonders(new, rng)
    _tokens(new, seat, rng)
    new.seed = rng.getrandbits(48)
    return new


def _cards(state: DuelState, rng: random.Random) -> None:
    """Each face-down card and each card of a deck still to deal becomes another card of its kind (age I, II or III,
    or guild) that nobody has seen; whatever is left over is what setup removed."""
    seen = {c for i, c in enumerate(state.slots) if c is not None and state.face_up[i]}
    seen |= set(state.discard)
    for p in state.seats:
        seen |= set(p.city) | set(p.built.values())
    unseen: dict[int | str, list[str]] = {}
    for kind, cards in ((1, AGE_CARDS[1]), (2, AGE_CARDS[2]), (3, AGE_CARDS[3]), ("guild", GUILDS)):
        unseen[kind] = [c for c in cards if c not in seen]
        rng.shuffle(unseen[kind])
    for i, card in enumerate(state.slots):
        if card is not None and not state.face_up[i]:
            state.slots[i] = unseen[_kind(card)].pop()
    for deck in state.decks:
        for i, card in enumerate(deck):
            deck[i] = unseen[_kind(card)].pop()
        deck.sort()  # the same sample whatever the true order was
        rng.shuffle(deck)  # where a guild lies in the Age III deck is unknown too


def _kind(card: str) -> int | str:
    return "guild" if CARDS[card].is_guild else CARDS[card].age


def _wonders(state: DuelState, rng: random.Random) -> None:
    """The wonders of the draft's second round, among those nobody has seen."""
    seen = set(state.offer) | set(state.out_wonders) | {w for p in state.seats for w in p.wonders}
    unseen = [w for w in WONDERS if w not in seen]
    state.wonder_deck = rng.sample(unseen, len(state.wonder_deck))


def _tokens(state: DuelState, seat: Seat | None, rng: random.Random) -> None:
    """The tokens set aside, in a new order; for anyone but the Great Library's builder, also which of them it drew
    and which it did not keep."""
    builder = next((s for s, p in enumerate(state.seats) if "great_library" in p.built), None)
    if seat is not None and seat == builder:
        state.box_tokens = rng.sample(sorted(state.box_tokens), len(state.box_tokens))
        return
    hidden = sorted(state.box_tokens + state.library_offer + state.returned_tokens)
    rng.shuffle(hidden)
    offer, returned = len(state.library_offer), len(state.returned_tokens)
    state.library_offer = hidden[:offer]
    state.returned_tokens = hidden[offer:offer + returned]
    state.box_tokens = hidden[offer + returned:]
