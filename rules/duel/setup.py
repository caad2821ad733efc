"""Setting up a game: drawing a layout from a seed, checking an explicit one, and building the first state."""

from __future__ import annotations

from collections import Counter

from rules.contract import IllegalMove
from rules.duel.data import AGE_CARDS, CARDS, GUILDS, PRESET_WONDERS, START_COINS, TOKENS, WONDERS
from rules.duel.state import DuelLayout, DuelOptions, DuelState, PlayerState
from rules.rng import generator, shuffled

REMOVED_PER_AGE = 3
GUILDS_PER_GAME = 3
BOARD_TOKENS = 5
DRAFT_BATCH = 4


def random_layout(options: DuelOptions, seed: int) -> DuelLayout:
    rng = generator(seed, "duel-setup")
    first = rng.randrange(2) if options.first_player == "random" else int(options.first_player)
    if options.wonders == "preset":
        wonders = [*PRESET_WONDERS[0], *PRESET_WONDERS[1]] if first == 0 else [*PRESET_WONDERS[1], *PRESET_WONDERS[0]]
    else:
        wonders = shuffled(rng, list(WONDERS))[: 2 * DRAFT_BATCH]
    age1 = shuffled(rng, AGE_CARDS[1])[REMOVED_PER_AGE:]
    age2 = shuffled(rng, AGE_CARDS[2])[REMOVED_PER_AGE:]
    age3 = shuffled(rng, AGE_CARDS[3])[REMOVED_PER_AGE:] + shuffled(rng, GUILDS)[:GUILDS_PER_GAME]
    tokens = shuffled(rng, list(TOKENS))
    return DuelLayout(
        first_player=first,
        wonders=wonders,
        ages=[age1, age2, shuffled(rng, age3)],
        board_tokens=tokens[:BOARD_TOKENS],
        box_tokens=tokens[BOARD_TOKENS:],
    )


def _bad(reason: str, **params: object) -> IllegalMove:
    return IllegalMove("duel.error.bad_layout", reason=reason, **params)


def check_layout(layout: DuelLayout, options: DuelOptions) -> None:
    """Refuse a layout that could not come from a real setup."""
    if len(set(layout.wonders)) != 8 or not set(layout.wonders) <= set(WONDERS):
        raise _bad("wonders")
    if options.wonders == "preset":
        own = (set(layout.wonders[:4]), set(layout.wonders[4:]))
        first = layout.first_player
        if own[first] != set(PRESET_WONDERS[0]) or own[1 - first] != set(PRESET_WONDERS[1]):
            raise _bad("preset")
    for age, cards in enumerate(layout.ages, start=1):
        allowed = set(AGE_CARDS[age]) | (set(GUILDS) if age == 3 else set())
        if len(cards) != 20 or len(set(cards)) != 20 or not set(cards) <= allowed:
            raise _bad("age", age=age)
        if age == 3 and sum(1 for c in cards if CARDS[c].is_guild) != GUILDS_PER_GAME:
            raise _bad("guilds")
    tokens = Counter(layout.board_tokens + layout.box_tokens)
    if set(tokens) != set(TOKENS) or max(tokens.values()) != 1:
        raise _bad("tokens")


def initial_state(options: DuelOptions, layout: DuelLayout, seed: int | None) -> DuelState:
    state = DuelState(
        seed=seed,
        options=options,
        first_player=layout.first_player,
        seats=[PlayerState(coins=START_COINS), PlayerState(coins=START_COINS)],
        decks=[list(age) for age in layout.ages],
        board_tokens=list(layout.board_tokens),
        box_tokens=list(layout.box_tokens),
        current=layout.first_player,
    )
    if options.wonders == "preset":
        state.seats[0].wonders = list(layout.wonders[:4])
        state.seats[1].wonders = list(layout.wonders[4:])
    else:
        state.wonder_deck = list(layout.wonders[DRAFT_BATCH:])
        state.offer = list(layout.wonders[:DRAFT_BATCH])
    return state
