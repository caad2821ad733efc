"""Effects shared by population cards, Old World tiles, actions and objectives: drawing and returning cards,
gaining cubes, drawing expedition cards (spec §7.2).

Every draw from a deck or stack uncovers hidden information: its public event says how many cards of which deck
(``reveals``), and a private event tells the drawing player which cards.
"""

from __future__ import annotations

from rules.anno1800.data import CARDS, DECK, DECK_OF_TIER, TIERS
from rules.anno1800.state import AnnoState
from rules.contract import Event


def private(kind: str, params: dict, seat: int, *, reveals: bool = True) -> Event:
    return Event(kind, params, seat=seat, visible_to=frozenset({seat}), reveals=reveals)


def draw(state: AnnoState, seat: int, deck: str, count: int, events: list[Event], why: str) -> list[str]:
    """Draw up to ``count`` cards of a population deck into the hand (fewer if the deck runs out)."""
    pile = state.deck(deck)
    cards = pile[:count]
    del pile[:count]
    state.seats[seat].hand += cards
    if cards:
        events.append(Event("cards_drawn", {"deck": deck, "count": len(cards), "why": why}, seat=seat, reveals=True))
        events.append(private("cards_received", {"deck": deck, "cards": cards}, seat))
    return cards


def under(state: AnnoState, seat: int, cards: list[str], events: list[Event], why: str) -> None:
    """Put hand cards under their decks, in order; the others learn only which decks (spec §15.1)."""
    p = state.seats[seat]
    for card in cards:
        p.hand.remove(card)
        state.deck(CARDS[card].deck).append(card)
    decks = [CARDS[c].deck for c in cards]
    events.append(Event("cards_returned", {"decks": decks, "why": why}, seat=seat))
    events.append(private("cards_put_back", {"cards": list(cards)}, seat, reveals=False))


def draw_expeditions(state: AnnoState, seat: int, count: int, events: list[Event], why: str) -> None:
    cards = state.expeditions[:count]
    del state.expeditions[:count]
    state.seats[seat].expeditions += cards
    events.append(Event("expeditions_drawn", {"count": len(cards), "why": why}, seat=seat, reveals=True))
    events.append(private("expeditions_received", {"cards": cards}, seat))


def gainable(state: AnnoState, seat: int, tier: int, count: int) -> int:
    """How many of ``count`` cubes of ``tier`` a gain-cubes effect would add: each needs a supply cube and a card
    of its deck, or the deck's gold (spec AMB-11, AMB-14, AMB-25)."""
    deck = DECK_OF_TIER[tier]
    cards, gold = len(state.deck(deck)), state.seats[seat].gold
    price = DECK[deck].gold
    gained = 0
    for _ in range(min(count, state.supply[tier])):
        if cards:
            cards -= 1
        elif gold >= price:
            gold -= price
        else:
            break
        gained += 1
    return gained


def gain_cubes(state: AnnoState, seat: int, tier: int, count: int, events: list[Event], why: str) -> None:
    """Add cubes cube by cube: each draws a card of its deck, else pays the deck's gold, else is skipped."""
    n = gainable(state, seat, tier, count)
    if state.options.gain_cubes == "all_or_nothing" and n < count:
        n = 0
    p = state.seats[seat]
    deck = DECK_OF_TIER[tier]
    for _ in range(n):
        state.supply[tier] -= 1
        p.district[tier] += 1
        if state.deck(deck):
            draw(state, seat, deck, 1, events, why)
        else:
            p.gold -= DECK[deck].gold
            events.append(Event("gold_paid", {"amount": DECK[deck].gold, "reason": "no_card"}, seat=seat))
    events.append(Event("cubes_gained", {"tier": TIERS[tier], "count": n, "of": count, "why": why}, seat=seat))
