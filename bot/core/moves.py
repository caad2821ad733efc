"""Reading the move a player meant (``bot.core.matching``) and refusing, in words, what cannot be played."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from bot.core.matching import MoveMatcher, explain
from bot.core.replies import Choice
from bot.core.text import Refusal, quote
from bot.games import presenter
from bot.i18n import LOCALES, use_locale
from rules.contract import Game, Move


class MoveReader:
    """One ``MoveMatcher`` per game (each holds every name of its game in every locale, built on first use)."""

    def __init__(self) -> None:
        self._matchers: dict[str, MoveMatcher] = {}

    def matcher(self, game: Game) -> MoveMatcher:
        if game.name not in self._matchers:
            self._matchers[game.name] = MoveMatcher(game, presenter(game.name))
        return self._matchers[game.name]

    async def resolve(self, game: Game, state: Any, seat: int, text: str) -> Move:
        """The legal move ``text`` means, or a refusal that says why none is played. Notation and numbers are read
        at once; words are compared with every name in a worker thread (bounded, but not worth holding the event
        loop for)."""
        if self.matcher(game).quick(text):
            return self.resolve_now(game, state, seat, text)
        return await asyncio.to_thread(self.resolve_now, game, state, seat, text)

    def resolve_now(self, game: Game, state: Any, seat: int, text: str) -> Move:
        moves = game.legal_moves(state, seat)
        if not text.strip():
            raise Refusal("error.empty_move")
        pres = presenter(game.name)
        # The seat's view, built the first time a label is needed (a notation is matched without one).
        view = functools.cache(lambda: game.view(state, seat))

        def labels(move: Move) -> list[str]:
            out = []
            for locale in LOCALES:
                with use_locale(locale):
                    out.append(pres.move_label(move, view()))
            return out

        found = self.matcher(game).match(text, moves, game.decision_actions(state, seat), labels)
        if found.move is not None:
            return found.move
        if found.notation is not None:
            return found.notation  # not legal now: the engine will say exactly why
        reason = explain(game, state, seat, found.explain)
        said = quote(text)
        if found.candidates:
            choices = [Choice(m.notation, pres.move_label(m, view()), moves.index(m) + 1) for m in found.candidates]
            if not found.complete:
                raise Refusal("error.move_incomplete", text=said, choices=choices)
            raise Refusal("error.move_options" if reason else "error.move_ambiguous", text=said, choices=choices,
                          reason=reason)
        if reason is not None:
            raise reason
        if found.unavailable:
            raise Refusal("error.move_unavailable", name=found.unavailable)
        if found.no_such_move:
            raise Refusal("error.no_such_move", text=said)
        if found.suggestion:
            raise Refusal("error.move_suggestion", text=said, name=found.suggestion)
        raise Refusal("error.move_not_understood", text=said)
