"""The games this project can play, by name."""

from __future__ import annotations

from functools import cache

from rules.contract import Game


@cache
def games() -> dict[str, Game]:
    from rules.duel.game import DuelGame
    from rules.wonders.game import WondersGame

    found: list[Game] = [DuelGame(), WondersGame()]
    return {g.name: g for g in found}


def get_game(name: str) -> Game:
    try:
        return games()[name]
    except KeyError:
        raise KeyError(name) from None
