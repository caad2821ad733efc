"""What a seat of Anno 1800 cannot see, re-drawn: ``determinize`` (``rules.contract.Game.determinize``).

Hidden from a seat: the other players' hands (their sizes are public, and so is the deck each of their cards came
from: every draw names its deck), the other players' expedition cards until the end of the game, and the order of
the three population decks, the expedition deck and the two island stacks. A re-drawn state deals the unseen cards
of each deck again among the other hands and that deck (each hand keeps as many cards of each deck), the unseen
expedition cards among the other players and the expedition deck, and shuffles the two stacks. Cards that the turn
in progress names (the card being paid for, the cards chosen for a swap) stay where they are: their player has
named them in a move.
"""

from __future__ import annotations

import random

from rules.anno1800.data import CARDS, DECKS
from rules.anno1800.state import AnnoState
from rules.contract import Seat


def determinize(state: AnnoState, seat: Seat | None, rng: random.Random) -> AnnoState:
    """A copy of ``state`` with everything ``seat`` (None: a spectator) cannot see re-drawn."""
    new = state.clone()
    others = [s for s in range(new.players) if s != seat]
    named = {c for step in new.turn.steps for c in (step.item, *step.picked)}
    for deck in DECKS:
        _deal_again(new, deck, others, named, rng)
    if not new.over:
        pool = list(new.expeditions)
        for s in others:
            pool += new.seats[s].expeditions
        rng.shuffle(pool)
        for s in others:
            p = new.seats[s]
            p.expeditions = [pool.pop() for _ in p.expeditions]
        new.expeditions = pool
    rng.shuffle(new.old_world_tiles)
    rng.shuffle(new.new_world_tiles)
    new.seed = rng.getrandbits(48)
    return new


def _deal_again(state: AnnoState, deck: str, others: list[int], named: set[str], rng: random.Random) -> None:
    """The cards of ``deck`` in the other hands (but named ones) and in the deck itself, dealt again at random."""
    pile = state.deck(deck)
    pool = list(pile)
    slots: list[tuple[int, int]] = []  # (seat, index in its hand) of each card taken back
    for s in others:
        hand = state.seats[s].hand
        for i, card in enumerate(hand):
            if CARDS[card].deck == deck and not (s == state.current and card in named):
                slots.append((s, i))
                pool.append(card)
    rng.shuffle(pool)
    for s, i in slots:
        state.seats[s].hand[i] = pool.pop()
    pile[:] = pool
