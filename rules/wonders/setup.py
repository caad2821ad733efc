"""Setting up a game: building the age decks, drawing a layout from a seed, checking an explicit one, and the
first state."""

from __future__ import annotations

import random
from typing import Literal
from collections import Counter

from rules.contract import IllegalMove
from rules.rng import generator, shuffled
from rules.wonders.data import (
    ARMADA_CARDS,
    BOARDS,
    CARDS,
    GUILDS,
    ISLAND_LEVELS,
    START_COINS,
    WONDERS,
    armada_count,
    armada_pool,
    base_age_deck,
    guild_count,
    hand_size,
)
from rules.wonders.state import Player, WondersLayout, WondersOptions, WondersState

TEAM_PLAYERS = (4, 6)


def check_options(players: int, options: WondersOptions) -> None:
    if options.teams:
        if not options.armada:
            raise IllegalMove("wonders.error.teams_need_armada")
        if players not in TEAM_PLAYERS:
            raise IllegalMove("wonders.error.teams_player_count", count=players)


def age_deck(age: int, players: int, armada: bool, rng: random.Random) -> list[str]:
    """One age deck, shuffled: the base copies for the player count (as for 7 at 8 players, AR11), N + 2 random
    guilds in Age III (9 at 8 players), and with Armada N random Armada cards of that age (7 at 8 players; without
    the 5 arrow cards at 3 players). Its size is N x the hand size (7 N, or 8 N with Armada; 56 at 8 players)."""
    cards = list(base_age_deck(age, players))
    if age == 3:
        cards += shuffled(rng, GUILDS)[: guild_count(players)]
    if armada:
        cards += shuffled(rng, armada_pool(age, players))[: armada_count(players)]
    return shuffled(rng, cards)


def random_layout(players: int, options: WondersOptions, seed: int) -> WondersLayout:
    rng = generator(seed, "wonders-setup")
    boards = shuffled(rng, list(WONDERS))[:players]
    sides: list[Literal["a", "b"]]
    if options.sides == "random":
        sides = [rng.choice(("a", "b")) for _ in range(players)]
    elif options.sides == "choice":
        sides = []
    else:
        sides = [options.sides] * players
    ages = [age_deck(age, players, options.armada, rng) for age in (1, 2, 3)]
    shipyards: list[str] = []
    islands: list[list[str]] = []
    if options.armada:
        shipyards = shuffled(rng, list(BOARDS))[:players]
        islands = [shuffled(rng, ISLAND_LEVELS[level]) for level in (1, 2, 3)]
    return WondersLayout(boards=boards, sides=sides, shipyards=shipyards, ages=ages, islands=islands, seed=seed)


def _bad(reason: str, **params: object) -> IllegalMove:
    return IllegalMove("wonders.error.bad_layout", reason=reason, **params)


def check_layout(players: int, layout: WondersLayout, options: WondersOptions) -> None:
    """Refuse a layout that could not come from a real setup."""
    if len(layout.boards) != players or len(set(layout.boards)) != players or not set(layout.boards) <= set(WONDERS):
        raise _bad("boards")
    if options.sides == "choice":
        if layout.sides:
            raise _bad("sides")
    elif len(layout.sides) != players or (options.sides in ("a", "b") and set(layout.sides) != {options.sides}):
        raise _bad("sides")
    size = players * hand_size(players, options.armada)
    for age, cards in enumerate(layout.ages, start=1):
        if len(cards) != size or not set(cards) <= set(CARDS):
            raise _bad("age", age=age)
        counts = Counter(cards)
        base = Counter(base_age_deck(age, players))
        if any(counts[c] != n for c, n in base.items()):
            raise _bad("age", age=age)
        guilds = [c for c in counts if CARDS[c].is_guild]
        if (age == 3 and len(guilds) != guild_count(players)) or (age != 3 and guilds):
            raise _bad("guilds")
        armada = [c for c in counts if c in ARMADA_CARDS]
        if options.armada:
            if len(armada) != armada_count(players) or not set(armada) <= set(armada_pool(age, players)):
                raise _bad("armada", age=age)
        elif armada:
            raise _bad("armada", age=age)
        if any(counts[c] > 1 for c in guilds + armada):
            raise _bad("age", age=age)
    if options.armada:
        if len(layout.shipyards) != players or len(set(layout.shipyards)) != players:
            raise _bad("shipyards")
        if not set(layout.shipyards) <= set(BOARDS):
            raise _bad("shipyards")
        if len(layout.islands) != 3 or any(
            sorted(deck) != sorted(ISLAND_LEVELS[level]) for level, deck in enumerate(layout.islands, start=1)
        ):
            raise _bad("islands")
    elif layout.shipyards or layout.islands:
        raise _bad("armada")


def initial_state(players: int, options: WondersOptions, layout: WondersLayout) -> WondersState:
    armada = options.armada
    return WondersState(
        players=players,
        seed=layout.seed,
        options=options,
        hand_size=hand_size(players, armada),
        decks=[list(cards) for cards in layout.ages],
        island_decks=[list(deck) for deck in layout.islands] if armada else [[], [], []],
        seats=[
            Player(
                coins=START_COINS,
                board=layout.boards[s],
                side=layout.sides[s] if layout.sides else "",
                shipyard=layout.shipyards[s] if armada else "",
            )
            for s in range(players)
        ],
    )
