"""What a seat of 7 Wonders cannot see, re-drawn: ``determinize`` (``rules.contract.Game.determinize``).

Hidden from a seat: the other hands (not its ally's, in the team game: B.17), the cards under the other seats'
wonder stages, the discard pile (but while the seat builds from it with Halikarnassos), the age decks still to
deal, which guilds and Armada cards are in the game at all (those not seen yet may be any of the ones left out),
the island decks and the islands offered to other explorers, the other seats' secret choices, and the seed (from
which the layout, and the reshuffles of island decks still to come, could be drawn again).

Cards are re-drawn within their age: a hand holds cards of the current age, a deck those of its age, and a card of
the discard pile or under a stage counts as its first age (the state does not record when it was played, and only
Loom, Glassworks and Press belong to two ages). A hand that the seat itself held earlier in the age is not re-drawn
from every unseen card: the seat saw it, and saw every card built from it since, so it may hold only the cards it
holds now and those taken from it since the seat passed it on for places the seat cannot see (a wonder stage, the
discard pile); as many of those are drawn for it as it holds (each hand's ``trail`` records its picks). The secret
choices of the other seats are drawn again among their legal moves in the new state.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

from rules.contract import Seat
from rules.wonders.data import ARMADA_CARDS, CARDS, GUILDS, ISLANDS, armada_pool
from rules.wonders.decisions import deciding
from rules.wonders.state import WondersState

# A place in the state that holds one hidden card: the list, and the index in it.
_Slot = tuple[list[str], int]


def determinize(state: WondersState, seat: Seat | None, rng: random.Random) -> WondersState:
    """A copy of ``state`` with everything ``seat`` (None: a spectator) cannot see re-drawn."""
    new = state.clone()
    _cards(new, seat, rng, _recall(new, seat, rng))
    _forget_picks(new, seat)
    _islands(new, seat, rng)
    new.seed = rng.getrandbits(48)
    for other, p in enumerate(new.seats):
        if other != seat and p.order:
            p.order = ""
            decision = deciding(new, other)
            assert decision is not None
            p.order = rng.choice(decision.options(new, other)).notation
    return new


def _recall(state: WondersState, seat: Seat | None, rng: random.Random) -> set[int]:
    """Re-draw each other hand that ``seat`` held earlier in this age from what may still be in it: the cards it
    holds and those taken from it, after the seat passed it on, for places the seat cannot see (see the module
    docstring). A card drawn for it changes places with one of its cards that was not. Returns the seats holding
    those hands, which the shuffle of the other hidden cards leaves alone."""
    if seat is None:
        return set()
    away: dict[str, list[_Slot]] = defaultdict(list)  # the hidden places outside the hands, by the card there
    for places in _hidden_cards(state, seat, set(range(state.players))).values():
        for place, i in places:
            away[place[i]].append((place, i))
    spare = Counter({card: len(places) for card, places in away.items()})  # a copy may have come back to view
    mark = f"{seat}:"
    recalled: set[int] = set()
    for s, p in enumerate(state.seats):
        if s in (seat, state.ally(seat)):
            continue
        passed = [i for i, pick in enumerate(p.trail) if pick.startswith(mark)]
        if not passed:
            continue
        taken = [pick.partition(":")[2] for pick in p.trail[passed[-1] + 1:]]
        gone = []
        for card in taken:
            if spare[card] > 0:
                spare[card] -= 1
                gone.append(card)
        kept = rng.sample(sorted(p.hand + gone), len(p.hand))
        drawn = (Counter(kept) - Counter(p.hand)).elements()
        left = (Counter(p.hand) - Counter(kept)).elements()
        for card, other in zip(drawn, left):
            place, i = away[card].pop()
            place[i] = other
            away[other].append((place, i))
        p.hand = sorted(kept)
        recalled.add(s)
    return recalled


def _forget_picks(state: WondersState, seat: Seat | None) -> None:
    """Blank the cards of the hands' trails that ``seat`` did not see go (another seat's stage or discard): "s:?"."""
    mine = f"{seat}:"
    for p in state.seats:
        p.trail = [pick if pick.endswith(":") or pick.startswith(mine) else pick.partition(":")[0] + ":?"
                   for pick in p.trail]


def _hidden_cards(state: WondersState, seat: Seat | None, recalled: set[int]) -> dict[int, list[_Slot]]:
    """The places of the cards ``seat`` cannot see, by the age of the cards that may be there; the hands of the
    seats in ``recalled`` are left out."""
    slots: dict[int, list[_Slot]] = defaultdict(list)
    ally = state.ally(seat) if seat is not None else None
    for s, p in enumerate(state.seats):
        if s not in (seat, ally, *recalled):
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


def _cards(state: WondersState, seat: Seat | None, rng: random.Random, recalled: set[int]) -> None:
    """Shuffle the hidden cards of each age among their places (but the hands of the seats in ``recalled``); the
    hidden guilds and Armada cards may be any of those not seen (the ones left out of the game too)."""
    in_play = {c for p in state.seats for c in (*p.hand, *p.city, *p.stages)}
    in_play |= {c for deck in state.decks for c in deck} | set(state.discard)
    for age, slots in _hidden_cards(state, seat, recalled).items():
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
