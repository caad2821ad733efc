"""What every game's presentation implements: ``Presenter`` (the game in words) and ``GameBundle`` (everything that
puts one game in front of people, registered once by ``bot/games/<game>/__init__.py``).

Every text is produced in the current locale (``bot.i18n.use_locale``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from bot.i18n import translate
from rules.contract import Event, Game, Move, Outcome, Pending

if TYPE_CHECKING:  # the rule look-up's types, for annotations only (it imports the games' bundles)
    from bot.rulebook.model import RulebookSource

Renderer = Callable[[Any, Sequence[str]], bytes]


class Presenter(ABC):
    game: str
    # Games whose players hold hidden hands push every deciding player their new hand whenever the table moves on.
    private_hands: bool = False
    # Each action's words a player may type, marked for translation as "word|word|..." (see ``action_words``).
    ACTION_WORDS: ClassVar[dict[str, str]] = {}
    # The localized name of a subject: ``name(table, key)`` (the game's names module).
    name: ClassVar[Callable[[str, str], str]]
    # Other names of subjects, ``{table: {key: (name, ...)}}`` (the ``ALIASES`` of the game's names module).
    ALIASES: ClassVar[Mapping[str, Mapping[str, tuple[str, ...]]]] = {}

    @abstractmethod
    def title(self) -> str:
        """The game's name."""

    @abstractmethod
    def move_label(self, move: Move, view: BaseModel) -> str:
        """A short readable label of a legal move, with its cost when it has one."""

    # The name tables of each action's leading arguments, in order (``wonder:<wonder>:<card>`` is about a
    # ``duel.wonder`` and a ``duel.card``): what a player may type to mean a move, and how a move is put together
    # from the things a player named.
    SUBJECTS: ClassVar[dict[str, tuple[str, ...]]] = {}

    def move_subjects(self, move: Move) -> list[tuple[str, str]]:
        """The named things a move is about, as (name table, id)."""
        return list(zip(self.SUBJECTS.get(move.action, ()), move.args))

    @abstractmethod
    def subjects(self) -> list[tuple[str, str]]:
        """Every named thing of the game (cards, wonders, tokens...) as (name table, id)."""

    def subject_name(self, table: str, key: str) -> str:
        """The localized name of a subject."""
        return type(self).name(table, key)

    def subject_aliases(self, table: str, key: str) -> list[str]:
        """Other names a player may type for a subject, in any language: the names of earlier translations and of
        the seed rulebooks, which move matching and the rule look-up keep accepting."""
        return list(self.ALIASES.get(table, {}).get(key, ()))

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

    # The score pad's categories the game names, ``{category: name}`` (the names module's ``SCORE_CATEGORIES``):
    # the rows of the score sheet, in the outcome's order, the total last.
    SCORES: ClassVar[Mapping[str, str]] = {}
    SHEET_COLUMN: ClassVar[int] = 10  # the width of a player's column in the fixed-width sheet

    def score_rows(self, outcome: Outcome) -> list[tuple[str, list[int]]]:
        """The score sheet's rows: each category's name and every seat's points (seats in order), the total last."""
        cats = [c for c in outcome.categories if c in self.SCORES and c != "total"]
        if "total" in self.SCORES:
            cats.append("total")
        seats = sorted(outcome.scores)
        return [(self.subject_name(f"{self.game}.score", c), [outcome.scores[s].get(c, 0) for s in seats])
                for c in cats]

    def score_sheet(self, outcome: Outcome, names: list[str]) -> str:
        """The score sheet as a fixed-width table."""
        rows = self.score_rows(outcome)
        width = max((len(label) for label, _ in rows), default=0)
        col = self.SHEET_COLUMN
        lines = [" " * width + "  " + "  ".join(f"{names[s][:col]:>{col}}" for s in sorted(outcome.scores))]
        lines += [f"{label:<{width}}  " + "  ".join(f"{v:>{col}}" for v in values) for label, values in rows]
        return "\n".join(lines)

    def result(self, outcome: Outcome, names: list[str]) -> str:
        return self.headline(outcome, names) + "\n" + self.score_sheet(outcome, names)

    def option_labels(self) -> dict[str, str]:
        """Labels of the game's options and their values, for ``new`` (option=value)."""
        return {}


@dataclass(frozen=True)
class BenchSetup:
    """A table ``boardbot bench`` times: ``label`` names it in the report."""

    label: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameBundle:
    """One game as the bot shows it. ``rules``: the engine (from ``rules/<game>/``); ``presenter``: its words;
    ``board`` / ``options``: its images (a view and the players' names -> PNG bytes); ``warm``: prepare the images'
    caches for a locale ahead of the first real one; ``rulebook``: its rule-look-up sources; ``bench``: the tables
    ``boardbot bench`` times."""

    rules: Game
    presenter: Presenter
    board: Renderer
    options: Renderer
    warm: Callable[[str], None]
    rulebook: RulebookSource
    bench: tuple[BenchSetup, ...] = ()

    @property
    def name(self) -> str:
        return self.rules.name
