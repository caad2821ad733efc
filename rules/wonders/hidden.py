"""What a seat of 7 Wonders cannot see, re-drawn: ``determinize`` (``rules.contract.Game.determinize``).

Hidden from a seat: the other hands (not its ally's, in the team game: B.17), the cards under the other seats'
wonder stages, the discard pile (but while the seat builds from it with Halikarnassos), the age decks still to
deal, which guilds and Armada cards are in the game at all (those not seen yet may be any of the ones left out),
the island decks and the islands offered to other explorers, the other seats' secret choices, and the seed (from
which the layout, and the reshuffles of island decks still to come, could be drawn again).

Cards are re-drawn within their age: a hand holds cards of the current age, a deck those of its age, and a card of
the discard pile or under a stage counts as its first age (the state does not record when it was played, and only
Loom, Glassworks and Press belong to two ages). A seat's memory of the hands that passed through its own hands is
not recorded in the state, so it is not kept either. The secret choices of the other seats are drawn again among
their legal moves in the new state.
"""

from __future__ import annotations

import random
from collections import defaultdict

from rules.contract import Seat
from rules.wonders.data import ARMADA_CARDS, CARDS, GUILDS, ISLANDS, armada_pool
from rules.wonders.decisions import deciding
from rules.wonders.state import WondersState

# A place in the state that holds one hidden card: the list, and the index in it.
_Slot = tuple[list[str], int]


def determinize(state: WondersState, seat: Seat | None, rng: random.Random) -> WondersState:
    """A copy of ``state`` with everything ``seat`` (None: a spectator) cannot see re-drawn."""
    new = state.clone()
    _cards(new, seat, rng)
    _islands(new, seat, rng)
    new.seed = rng.getrandbits(48)
    for other, p in enumerate(new.seats):
        if other != seat and p.order:
            p.order = ""
            decision = deciding(new, other)
            assert decision is not None
            p.order = rng.choice(decision.options(new, other)).notation
    return new


def _hidden_cards(state: WondersState, seat: Seat | None) -> dict[int, list[_Slot]]:
    """The places of the cards ``seat`` cannot see, by the age of the cards that may be there."""
    slots: dict[int, list[_Slot]] = defaultdict(list)
    ally = state.ally(seat) if seat is not None else None
    for s, p in enumerate(state.seats):
        if s not in (seat, ally):
            slots[state.age] += [(p.hand, i) for i in range(len(p.hand))]
        if s != seat:
            for i, card in enumerate(p.stages):
                slots[CARDS[card].age].append((p.stages, i))
    for age, deck in enumerate(state.decks, start=state.age + 1):
        slots[age] += [(deck, i) for i in range(len(deck))]
    if seat is None or state.seats[seat].waiting != "revive":
        for i, card in enumerate(state.discard):
            slots[CARDS[card].age].append((state.discard, i))
    return slots


def _cards(state: WondersState, seat: Seat | None, rng: random.Random) -> None:
    """Shuffle the hidden cards of each age among their places; the hidden guilds and Armada cards may be any of those
    not seen (the ones left out of the game too)."""
    in_play = {c for p in state.seats for c in (*p.hand, *p.city, *p.stages)}
    in_play |= {c for deck in state.decks for c in deck} | set(state.discard)
    for age, slots in _hidden_cards(state, seat).items():
        cards = [where[i] for where, i in slots]
        guilds = [c for c in cards if CARDS[c].is_guild]
        armada = [c for c in cards if c in ARMADA_CARDS]
        cards = [c for c in cards if not CARDS[c].is_guild and c not in ARMADA_CARDS]
        cards += rng.sample(sorted(guilds) + [g for g in GUILDS if g not in in_play], len(guilds))
        if armada:
            left_out = [c for c in armada_pool(age, state.players) if c not in in_play]
            cards += rng.sample(sorted(armada) + left_out, len(armada))
        cards.sort()  # the same sample whatever the true order was
        rng.shuffle(cards)
        for (where, i), card in zip(slots, cards):
            where[i] = card


def _islands(state: WondersState, seat: Seat | None, rng: random.Random) -> None:
    """Shuffle each level's island deck together with the islands offered to the other explorers."""
    for level, deck in enumerate(state.island_decks, start=1):
        offers = [p.offer for s, p in enumerate(state.seats)
                  if s != seat and p.offer and ISLANDS[p.offer[0]].level == level]
        pool = sorted(deck + [i for offer in offers for i in offer])
        rng.shuffle(pool)
        for offer in offers:
            offer[:] = [pool.pop() for _ in offer]
        deck[:] = pool
