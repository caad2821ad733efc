"""The records of the rule look-up: what a game gives it, a corpus section, a hit, an answer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class RulebookSource:
    """What a game gives the rule look-up (``GameBundle.rulebook``): its hand-written sections (``corpus``, a TOML
    file: see ``bot.rulebook.corpus``), the sections written from its data (``cards``), the name tables of the
    placeholders its texts use (``{card:baths}`` -> ``("duel.card",)``: the first table names the thing, the others
    give other names players use for it), the other spellings of the game players type (``aliases``), and
    questions for ``boardbot bench`` (``examples``)."""

    corpus: Path
    cards: Callable[[], list["Section"]]
    placeholders: Mapping[str, tuple[str, ...]]
    aliases: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """One rule, clarification or card of a game, in the three languages.

    ``kind`` is ``"rule"`` (written by hand in the game's ``corpus.toml``) or ``"card"`` (a card, wonder, progress token or
    island, written by code from the engine's data). ``names`` are the names a player may type for a card section.
    """

    id: str
    game: str
    topic: str
    kind: str
    title: dict[str, str]
    text: dict[str, str]
    keywords: dict[str, str] = field(default_factory=dict)
    refs: tuple[str, ...] = ()
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hit:
    """A matched section, in the asker's language."""

    id: str
    title: str
    text: str
    score: float  # the ranking score (BM25 plus the name bonus); comparable within one answer only
    topic: str = ""
    refs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Answer:
    """What ``answer()`` returns: the hits, best first; or ``nothing`` (no section matches well enough); or an
    ``error``: ``"unknown_game"``, ``"empty"``, ``"too_long"``."""

    game: str
    question: str
    locale: str
    hits: tuple[Hit, ...] = ()
    nothing: bool = False
    error: str | None = None
    confidence: float = 0.0  # 0..1: the share of the question's meaningful words the best hit matches
    # (idf-weighted; a card name counts whole); below 0.4 the formatter says the hits are only the closest
    read_as: str | None = None  # the language the question was read in, when it is not ``locale``

    @property
    def ok(self) -> bool:
        return self.error is None and not self.nothing and bool(self.hits)

    @property
    def sections(self) -> tuple[Hit, ...]:
        return self.hits
