"""How the bot puts each game into words: names, move labels, narration of events, prompts, errors, summaries.

One module per game (``duel.py``) implements ``Presenter``; the service and the adapters use only this interface.
Every text is produced in the current locale (``bot.i18n.use_locale``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel

from bot.i18n import translate
from rules.contract import Event, Move, Outcome, Pending


class Presenter(ABC):
    game: str
    # Games whose players hold hidden hands push every deciding player their new hand whenever the table moves on.
    private_hands: bool = False
    # Each action's words a player may type, marked for translation as "word|word|..." (see ``action_words``).
    ACTION_WORDS: ClassVar[dict[str, str]] = {}
    # The localized name of a subject: ``name(table, key)`` (the game's names module).
    name: ClassVar[Callable[[str, str], str]]

    @abstractmethod
    def title(self) -> str:
        """The game's name."""

    @abstractmethod
    def move_label(self, move: Move, view: BaseModel) -> str:
        """A short readable label of a legal move, with its cost when it has one."""

    @abstractmethod
    def move_subjects(self, move: Move) -> list[tuple[str, str]]:
        """The named things a move is about, as (name table, id): what a player may type to mean this move."""

    @abstractmethod
    def subjects(self) -> list[tuple[str, str]]:
        """Every named thing of the game (cards, wonders, tokens...) as (name table, id)."""

    def subject_name(self, table: str, key: str) -> str:
        """The localized name of a subject."""
        return type(self).name(table, key)

    def action_words(self, action: str) -> list[str]:
        """Words a player may type to mean an action (``build``, ``discard``...), in the current locale."""
        words = self.ACTION_WORDS.get(action)
        return [w.strip() for w in translate(words).split("|") if w.strip()] if words else []

    @abstractmethod
    def narrate(self, event: Event, names: list[str]) -> str | None:
        """One line telling what happened, or None for an event not worth a line."""

    @abstractmethod
    def prompt(self, pending: Pending, view: BaseModel, names: list[str]) -> str:
        """What the deciding seat is asked to do."""

    @abstractmethod
    def error(self, code: str, params: dict[str, Any]) -> str | None:
        """The text of one of this game's IllegalMove codes, or None if the code is not this game's."""

    @abstractmethod
    def summary(self, view: BaseModel, names: list[str]) -> str:
        """The table as text (for status, terminals, and as an image's alternative text)."""

    @abstractmethod
    def headline(self, outcome: Outcome, names: list[str]) -> str:
        """Who won, and how."""

    @abstractmethod
    def score_sheet(self, outcome: Outcome, names: list[str]) -> str:
        """The score sheet as a fixed-width table."""

    def result(self, outcome: Outcome, names: list[str]) -> str:
        return self.headline(outcome, names) + "\n" + self.score_sheet(outcome, names)

    def option_labels(self) -> dict[str, str]:
        """Labels of the game's options and their values, for ``new`` (option=value)."""
        return {}


@cache
def presenters() -> dict[str, Presenter]:
    from bot.games.duel import DuelPresenter
    from bot.games.wonders import WondersPresenter

    return {p.game: p for p in (DuelPresenter(), WondersPresenter())}


def presenter(game: str) -> Presenter:
    return presenters()[game]
