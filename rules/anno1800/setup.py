"""Setting up a game (spec §3): the layout chance decides, its validation, and the first state.

Every construction token is on the board; the three population decks, the expedition deck and the two island
stacks are shuffled; 5 objectives are dealt (at random among the 15 whose content is known, or the first-game set);
each player has 4 farmers, 3 workers and 2 artisans, 1 token on each printed ship, 7 farmer/worker and 2
artisan/engineer/investor cards; the first player is drawn at random (or set by the options) and the later seats
receive 1, 2, 3 gold in turn order. Nothing depends on the player count but the starting gold (spec §3.2).
"""

from __future__ import annotations

from rules.anno1800.data import (
    CARDS,
    DECK,
    DECK_CARDS,
    DECKS,
    EXPEDITIONS,
    FIRST_GAME,
    KNOWN_OBJECTIVES,
    NEW_WORLD_TILES,
    OLD_WORLD_TILES,
    START_CUBES,
    START_GOLD,
    SUPPLY,
    TOKENS,
)
from rules.anno1800.islands import home_island
from rules.anno1800.options import AnnoLayout, AnnoOptions
from rules.anno1800.state import AnnoState, Player
from rules.contract import IllegalMove
from rules.rng import generator, shuffled

OBJECTIVES_IN_PLAY = 5


def random_layout(players: int, options: AnnoOptions, seed: int) -> AnnoLayout:
    rng = generator(seed, "setup")
    first = rng.randrange(players) if options.first_player == "random" else int(options.first_player)
    objectives = list(FIRST_GAME) if options.objectives == "first_game" else rng.sample(KNOWN_OBJECTIVES,
                                                                                       OBJECTIVES_IN_PLAY)
    decks = {d: shuffled(rng, DECK_CARDS[d]) for d in DECKS}
    hands: list[list[str]] = [[] for _ in range(players)]
    for d in ("farmer_worker", "artisan_engineer_investor"):
        for seat in range(players):
            hands[seat] += decks[d][:DECK[d].hand]
            del decks[d][:DECK[d].hand]
    return AnnoLayout(
        first_player=first,
        objectives=objectives,
        hands=hands,
        farmer_worker=decks["farmer_worker"],
        artisan_engineer_investor=decks["artisan_engineer_investor"],
        new_world=decks["new_world"],
        expeditions=shuffled(rng, list(EXPEDITIONS)),
        old_world_tiles=shuffled(rng, list(OLD_WORLD_TILES)),
        new_world_tiles=shuffled(rng, list(NEW_WORLD_TILES)),
    )


def _bad(what: str, **params: object) -> IllegalMove:
    return IllegalMove("anno1800.error.bad_layout", what=what, **params)


def check_layout(players: int, lay: AnnoLayout, options: AnnoOptions) -> None:
    if not 0 <= lay.first_player < players:
        raise _bad("first_player", value=lay.first_player)
    if options.first_player != "random" and lay.first_player != int(options.first_player):
        raise _bad("first_player", value=lay.first_player)
    if len(lay.objectives) != OBJECTIVES_IN_PLAY or len(set(lay.objectives)) != OBJECTIVES_IN_PLAY:
        raise _bad("objectives", value=lay.objectives)
    if not set(lay.objectives) <= set(KNOWN_OBJECTIVES):
        raise _bad("objectives", value=sorted(set(lay.objectives) - set(KNOWN_OBJECTIVES)))
    if len(lay.hands) != players:
        raise _bad("hands", value=len(lay.hands))
    for hand in lay.hands:
        for d in ("farmer_worker", "artisan_engineer_investor"):
            if sum(1 for c in hand if c in CARDS and CARDS[c].deck == d) != DECK[d].hand:
                raise _bad("hand", value=hand)
    for d in DECKS:
        dealt = [c for hand in lay.hands for c in hand if c in CARDS and CARDS[c].deck == d]
        if sorted(dealt + getattr(lay, d)) != sorted(DECK_CARDS[d]):
            raise _bad(d)
    if sum(len(h) for h in lay.hands) != players * sum(DECK[d].hand for d in DECKS):
        raise _bad("hands")
    for name, expected in (("expeditions", EXPEDITIONS), ("old_world_tiles", OLD_WORLD_TILES),
                           ("new_world_tiles", NEW_WORLD_TILES)):
        if sorted(getattr(lay, name)) != sorted(expected):
            raise _bad(name)


def initial_state(players: int, options: AnnoOptions, lay: AnnoLayout, seed: int | None) -> AnnoState:
    seats = []
    for seat in range(players):
        buildings, printed, work = home_island()
        order = (seat - lay.first_player) % players
        seats.append(Player(
            gold=START_GOLD[order],
            hand=list(lay.hands[seat]),
            buildings=buildings,
            printed=printed,
            work=work,
            district=list(START_CUBES),
        ))
    return AnnoState(
        players=players,
        seed=seed,
        options=options,
        first_player=lay.first_player,
        current=lay.first_player,
        objectives=list(lay.objectives),
        farmer_worker=list(lay.farmer_worker),
        artisan_engineer_investor=list(lay.artisan_engineer_investor),
        new_world=list(lay.new_world),
        expeditions=list(lay.expeditions),
        old_world_tiles=list(lay.old_world_tiles),
        new_world_tiles=list(lay.new_world_tiles),
        board=dict(TOKENS),
        supply=[s - players * c for s, c in zip(SUPPLY, START_CUBES)],
        seats=seats,
    )
