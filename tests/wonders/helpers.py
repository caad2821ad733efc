"""Helpers to put a 7 Wonders game into a precise situation.

A situation starts from an explicit layout (``layout`` / ``start``: boards, sides, Shipyards and the cards of
chosen hands fixed, everything else filled in data order), then the state is edited in place with the small
editors below (cities, stages, hands, coins, ships, islands, tokens). Edits that create cards out of nothing break
card conservation on purpose: check such states with ``sound(state, cards=False)``.

Seats: seat i's left neighbour is i + 1, its right neighbour i - 1 (mod n).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from rules.contract import Event
from rules.wonders.data import (
    BOARDS,
    CARDS,
    FLEETS,
    GUILDS,
    ISLAND_LEVELS,
    ISLANDS,
    WONDERS,
    armada_count,
    armada_pool,
    base_age_deck,
    guild_count,
    hand_size,
)
from rules.wonders.game import WondersGame
from rules.wonders.state import WondersLayout, WondersState
from rules.registry import get_game

G: WondersGame = get_game("wonders")  # type: ignore[assignment]
DEFAULT_BOARDS = list(WONDERS)  # rhodos, alexandria, ephesos, babylon, olympia, halikarnassos, giza


def age_pool(age: int, players: int, armada: bool, guilds: Iterable[str] | None = None,
             armada_cards: Iterable[str] | None = None) -> list[str]:
    """The cards of one age deck (unshuffled): base copies, the guilds and Armada cards given (or the first ones)."""
    cards = list(base_age_deck(age, players))
    if age == 3:
        chosen = list(guilds or [])
        chosen += [g for g in GUILDS if g not in chosen][: guild_count(players) - len(chosen)]
        cards += chosen
    if armada:
        chosen = [c for c in (armada_cards or []) if CARDS[c].age == age]
        chosen += [c for c in armada_pool(age, players) if c not in chosen][: armada_count(players) - len(chosen)]
        cards += chosen
    return cards


def layout(
    players: int = 3,
    *,
    armada: bool = False,
    boards: list[str] | None = None,
    sides: list[str] | str | None = "a",
    shipyards: list[str] | None = None,
    hands: dict[int, dict[int, list[str]]] | None = None,
    guilds: Iterable[str] | None = None,
    armada_cards: Iterable[str] | None = None,
    islands: list[list[str]] | None = None,
    seed: int = 0,
) -> WondersLayout:
    """A layout with ``hands`` {age: {seat: [cards]}} fixed (the start of each seat's hand; the rest filled in data
    order). ``sides``: one side for all, a list, or None (the players choose)."""
    size = hand_size(players, armada)
    ages = []
    for age in (1, 2, 3):
        wanted = (hands or {}).get(age, {})
        needed_guilds = [c for cards in wanted.values() for c in cards if CARDS[c].is_guild]
        needed_armada = [c for cards in wanted.values() for c in cards if CARDS[c].armada]
        pool = Counter(age_pool(age, players, armada, list(guilds or []) + needed_guilds,
                                list(armada_cards or []) + needed_armada))
        seats: list[list[str]] = [[] for _ in range(players)]
        for seat, cards in wanted.items():
            for c in cards:
                assert pool[c] > 0, f"{c} is not in the Age {age} deck ({players} players)"
                pool[c] -= 1
                seats[seat].append(c)
        rest = list(pool.elements())
        for seat in range(players):
            while len(seats[seat]) < size:
                seats[seat].append(rest.pop(0))
        ages.append([c for hand in seats for c in hand])
    if isinstance(sides, str):
        sides = [sides] * players
    return WondersLayout(
        boards=boards or DEFAULT_BOARDS[:players],
        sides=sides or [],
        shipyards=(shipyards or list(BOARDS)[:players]) if armada else [],
        ages=ages,
        islands=(islands or [list(ISLAND_LEVELS[level]) for level in (1, 2, 3)]) if armada else [],
        seed=seed,
    )


def start(players: int = 3, options: dict | None = None, **kw) -> WondersState:
    """A game at its first decision, from ``layout(players, armada=options["armada"], **kw)``."""
    options = dict(options or {})
    if kw.get("sides", "a") is None:
        options.setdefault("sides", "choice")
    elif "sides" not in options:
        options["sides"] = "random"
    return G.setup(players, options, layout=layout(players, armada=options.get("armada", False), **kw))


def play(state: WondersState, *moves: str | tuple[int, str]) -> tuple[WondersState, list[Event]]:
    """Apply moves in order: ``"build:x"`` for the only active seat (or the lowest), ``(seat, "build:x")``."""
    events: list[Event] = []
    for item in moves:
        if isinstance(item, tuple):
            seat, text = item
        else:
            seat, text = min(G.active_seats(state)), item
        state, evs = G.apply(state, seat, G.parse_move(text))
        events += evs
    return state, events


def turn(state: WondersState, *moves: str) -> tuple[WondersState, list[Event]]:
    """One simultaneous decision: ``moves[i]`` for the i-th active seat in seat order."""
    active = sorted(G.active_seats(state))
    assert len(active) == len(moves), (active, moves)
    return play(state, *zip(active, moves))


def discard_all(state: WondersState) -> tuple[WondersState, list[Event]]:
    """Every active seat discards its first card for coins."""
    return turn(state, *(f"discard:{state.seats[s].hand[0]}" for s in sorted(G.active_seats(state))))


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def moves(state: WondersState, seat: int) -> list[str]:
    return [m.notation for m in G.legal_moves(state, seat)]


def sound(state: WondersState, cards: bool = True) -> WondersState:
    problems = G.check_invariants(state)
    if not cards:
        problems = [p for p in problems if "conserved" not in p and "hand sizes" not in p]
    assert not problems, problems
    return state


# --- editing a state (in place) ----------------------------------------------------------------------------------


def give(state: WondersState, seat: int, *cards: str) -> WondersState:
    """Add structures to a seat's city (created out of nothing: card conservation no longer holds)."""
    state.seats[seat].city.extend(cards)
    return state


def stages(state: WondersState, seat: int, count: int) -> WondersState:
    """Mark the first ``count`` stages of the seat's wonder built (each with a card created out of nothing)."""
    state.seats[seat].stages = ["lumber_yard"] * count
    return state


def hand(state: WondersState, seat: int, *cards: str) -> WondersState:
    """Replace a seat's hand (cards created out of nothing)."""
    state.seats[seat].hand = list(cards)
    return state


def coins(state: WondersState, amount: int, *seats: int) -> WondersState:
    for seat in seats or range(state.players):
        state.seats[seat].coins = amount
    return state


def ships(state: WondersState, seat: int, **positions: int) -> WondersState:
    """``ships(state, 0, red=3, green=1)``."""
    for colour, pos in positions.items():
        state.seats[seat].ships[FLEETS.index(colour)] = pos
    return state


def islands(state: WondersState, seat: int, *ids: str) -> WondersState:
    """Give islands to a seat, taken out of their decks (islands stay conserved); no entry effect is applied."""
    for iid in ids:
        state.island_decks[ISLANDS[iid].level - 1].remove(iid)
        state.seats[seat].islands.append(iid)
    return state


def top_islands(state: WondersState, level: int, *ids: str) -> WondersState:
    """Put these islands on top of their level's deck, in this order."""
    deck = state.island_decks[level - 1]
    for iid in ids:
        deck.remove(iid)
    deck[:0] = list(ids)
    return state


def discard_pile(state: WondersState, *cards: str) -> WondersState:
    """Add cards to the discard pile (created out of nothing)."""
    state.discard.extend(cards)
    return state


# --- hidden information ------------------------------------------------------------------------------------------

# View fields whose values are labels, never ids.
LABEL_FIELDS = {"decision", "phase", "direction", "action", "categories", "victory", "advance", "track", "side"}


def view_strings(view) -> set[str]:
    """Every string value of a view (and each part of a move notation), except the label fields. Keys are field
    names, colours and categories (one category, "shipyard", is also an Armada card's id), never ids."""
    out: set[str] = set()

    def walk(node, key=None):
        if key in LABEL_FIELDS:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str):
            out.add(node)
            out.update(node.split(":"))

    walk(view.model_dump(mode="json"))
    return out


def visible_cards(state: WondersState, seat: int | None) -> set[str]:
    """Card and island ids ``seat`` may know: every city and island in play, its own hand, its own order and
    island offer, the discard pile while it decides a Halikarnassos build, and in the team game its ally's hand
    (B.17; not the ally's order nor its island offer)."""
    out: set[str] = set()
    for p in state.seats:
        out |= set(p.city) | set(p.islands)
    if seat is not None:
        me = state.seats[seat]
        out |= set(me.hand) | set(me.offer)
        if me.order:
            out |= set(me.order.split(":"))
        if me.waiting == "revive":
            out |= set(state.discard)
        ally = state.ally(seat)
        if ally is not None:
            out |= set(state.seats[ally].hand)
    return out


def hidden_ids(state: WondersState, seat: int | None) -> set[str]:
    """Card and island ids in the state that ``seat`` must not see (unless also visible for another reason)."""
    hidden: set[str] = set()
    for s, p in enumerate(state.seats):
        hidden |= set(p.stages)
        if s != seat:
            hidden |= set(p.hand) | set(p.offer)
            if p.order:
                hidden |= set(p.order.split(":")[1:2])
    hidden |= {c for d in state.decks for c in d} | set(state.discard)
    hidden |= {i for d in state.island_decks for i in d}
    hidden |= (set(CARDS) | set(ISLANDS)) - {c for p in state.seats for c in p.city + p.hand + p.stages + p.islands}
    return hidden - visible_cards(state, seat)


def leaks(state: WondersState, seat: int | None) -> set[str]:
    ids = set(CARDS) | set(ISLANDS)
    return hidden_ids(state, seat) & view_strings(G.view(state, seat)) & ids




# --- more situations (rules suite) -------------------------------------------------------------------------------

_SINGLE = {"W": "lumber_yard", "S": "stone_pit", "C": "clay_pool", "O": "ore_vein", "G": "glassworks", "L": "loom",
           "P": "press"}
_DOUBLE = {"W": "sawmill", "S": "quarry", "C": "brickyard", "O": "foundry"}


def _res(cost) -> tuple[int, ...]:
    from rules.wonders.data import parse_units

    return parse_units(cost) if isinstance(cost, str) else tuple(cost)


def supply(state: WondersState, seat: int, *costs) -> WondersState:
    """Give a seat producers (brown/grey cards, created out of nothing; a Forum for a second unit of one good) until
    its own production covers the sum of ``costs`` (resource strings like ``"2W G"`` or unit tuples)."""
    from rules.wonders.data import RESOURCES
    from rules.wonders.economy import production

    need = [sum(_res(c)[k] for c in costs) for k in range(7)]
    p = state.seats[seat]
    for k, letter in enumerate(RESOURCES):
        for cid in (_SINGLE[letter], _DOUBLE.get(letter)):
            if cid and production(p).fixed[k] < need[k] and cid not in p.city:
                p.city.append(cid)
    missing = [max(0, n - f) for n, f in zip(need, production(p).fixed)]
    if sum(missing) == 1 and sum(missing[4:]) == 1 and "forum" not in p.city:
        p.city.append("forum")  # a second unit of one manufactured good: the Forum's choice
    elif any(missing):
        raise AssertionError(f"cannot supply {need} to seat {seat}")
    return state


def next_naval(state: WondersState, seat: int, fleet: str):
    """The cost (``data.NavalCost``) of the next space of a seat's fleet, as its Shipyard board prints it."""
    from rules.wonders.economy import naval_cost

    return naval_cost(state.seats[seat], FLEETS.index(fleet))


def supply_naval(state: WondersState, seat: int, fleet: str, *costs):
    """``supply`` the next Naval Construction of ``fleet`` (plus ``costs``); its coin part is added to the seat's
    coins. Returns the naval cost."""
    naval = next_naval(state, seat, fleet)
    supply(state, seat, naval.resources, *costs)
    state.seats[seat].coins += naval.coins
    return naval


def others(state: WondersState, *skip: int) -> list[str]:
    """A discard of the first card for every active seat but ``skip`` (in seat order)."""
    return [f"discard:{state.seats[s].hand[0]}" for s in sorted(G.active_seats(state)) if s not in skip]


def finish_age(state: WondersState) -> tuple[WondersState, list[Event]]:
    """Discard until the age ends (Forgotten Harbor holders stay in). Returns the events of the age's last call."""
    age = state.age
    events: list[Event] = []
    for _ in range(20):  # an age has at most 7 turns (and a few follow-ups)
        if state.age != age or state.phase == "over":
            return state, events
        kinds_ = {G.pending(state, s).kind for s in G.active_seats(state)}
        assert kinds_, "nobody has a decision in an unfinished age"
        if kinds_ == {"naval"}:
            state, events = turn(state, *(["naval:in"] * len(G.active_seats(state))))
        else:
            state, events = discard_all(state)
    raise AssertionError(f"age {age} does not end")


def to_age(state: WondersState, age: int) -> WondersState:
    for _ in range(3):
        if state.age >= age:
            break
        state, _ = finish_age(state)
    assert state.age == age
    return state


def until(state: WondersState, done, limit: int = 30) -> WondersState:
    """Every active seat discards its first card until ``done(state)`` (at most ``limit`` turns)."""
    for _ in range(limit):
        if done(state):
            return state
        assert G.active_seats(state), "the game is over"
        state, _ = discard_all(state)
    raise AssertionError("the situation never came")


def refused(state: WondersState, seat: int, text: str, code: str):
    """The move is refused with ``code`` and the state is left exactly as it was. Returns the IllegalMove."""
    import pytest

    from rules.contract import IllegalMove, Move

    before = state.model_dump_json()
    with pytest.raises(IllegalMove) as caught:
        G.apply(state, seat, Move.parse(text))
    assert caught.value.code == code, caught.value
    assert state.model_dump_json() == before
    return caught.value


def option(state: WondersState, seat: int, move: str):
    """The priced option (``OptionView``) of a legal move of ``seat``."""
    return next(o for o in G.view(state, seat).options if o.move == move)
