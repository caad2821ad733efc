"""Turning what a player typed into one of their legal moves.

A player may type the notation (``build:baths``), the number of an option in the menu they were shown, or words:
a card's name in any of our languages, with or without an action (``build baths``, ``бани``, ``scarta terme``).
The result says which move was meant, or why none could be chosen: nothing matched, several moves match (the
candidates are returned so the player can pick), or the thing named exists but cannot be played now.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field

from bot.games import Presenter
from bot.i18n import LOCALES, use_locale
from rules.contract import Game, IllegalMove, Move

_NOT_WORD = re.compile(r"[^\w]+", re.UNICODE)


def normalize(text: str) -> str:
    """Lower case, no accents, ё as е, punctuation as spaces, single spaces."""
    text = unicodedata.normalize("NFKD", text.casefold().replace("ё", "е"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(_NOT_WORD.sub(" ", text).replace("_", " ").split())


def _looks_like_notation(text: str) -> bool:
    try:
        Move.parse(text)
    except IllegalMove:
        return False
    return True


def stem(word: str) -> str:
    """A crude stem that lets inflected Russian and Italian words meet their dictionary form (аптеку ~ аптека)."""
    return word[: max(4, len(word) - 2)]


class Said:
    """What a player typed, normalized, with word stems for a second, looser comparison."""

    def __init__(self, raw: str) -> None:
        self.text = normalize(raw)
        self._padded = f" {self.text} "
        self._stems = f" {' '.join(stem(w) for w in self.text.split())} "

    def has(self, phrase: str) -> bool:
        if f" {phrase} " in self._padded:
            return True
        return f" {' '.join(stem(w) for w in phrase.split())} " in self._stems


@dataclass
class Match:
    move: Move | None = None  # the move meant
    notation: Move | None = None  # well-formed notation that is not a legal move now (let the engine say why)
    candidates: list[Move] = field(default_factory=list)  # several moves fit
    unavailable: str | None = None  # the player named something that cannot be played now
    suggestion: str | None = None  # a close name, when nothing matched


class MoveMatcher:
    """Names of a game's things in every locale, to recognise them in what players type."""

    def __init__(self, game: Game, presenter: Presenter) -> None:
        self.game = game
        self.presenter = presenter
        self._names: dict[tuple[str, str], set[str]] = {}
        self._words: dict[str, set[str]] = {}

    def names_of(self, subject: tuple[str, str]) -> set[str]:
        if subject not in self._names:
            found = {normalize(subject[1])}
            for loc in LOCALES:
                with use_locale(loc):
                    found.add(normalize(self.presenter.subject_name(*subject)))
            self._names[subject] = {n for n in found if n}
        return self._names[subject]

    def words_of(self, action: str) -> set[str]:
        if action not in self._words:
            found = {action}
            for loc in LOCALES:
                with use_locale(loc):
                    found.update(normalize(w) for w in self.presenter.action_words(action))
            # single letters would match stray letters of names ("d" in "Fossa d'Argilla")
            self._words[action] = {w for w in found if len(w) >= 2}
        return self._words[action]

    def match(self, text: str, moves: list[Move]) -> Match:
        raw = text.strip()
        if not raw:
            return Match()
        if ":" in raw and _looks_like_notation(raw):
            # Notation: a mistake in it (an unknown card, a missing part) gets the engine's own precise answer.
            move = self.game.parse_move(raw)
            return Match(move=move) if move in moves else Match(notation=move)
        if raw.isdigit():
            index = int(raw) - 1
            return Match(move=moves[index]) if 0 <= index < len(moves) else Match()
        said = Said(raw)
        scored: list[tuple[tuple[int, int], Move]] = []
        for move in moves:
            subjects = self.presenter.move_subjects(move)
            lengths = [self._mention(said, s) for s in subjects]
            if subjects and not all(lengths):
                continue
            action = any(said.has(w) for w in self.words_of(move.action))
            if not subjects and not action:
                continue
            scored.append(((len(subjects) + (1 if action else 0), sum(lengths)), move))
        if scored:
            best = max(score for score, _ in scored)
            top = [m for score, m in scored if score == best]
            return Match(move=top[0]) if len(top) == 1 else Match(candidates=top)
        named = self._named_subject(said)
        if named is not None:
            return Match(unavailable=self.presenter.subject_name(*named))
        return Match(suggestion=self._suggest(said.text))

    def _mention(self, said: Said, subject: tuple[str, str]) -> int:
        """How long the longest name of ``subject`` found in what was said is (0: not mentioned)."""
        return max((len(n) for n in self.names_of(subject) if said.has(n)), default=0)

    def _all_subjects(self) -> list[tuple[str, str]]:
        return self.presenter.subjects()

    def _named_subject(self, said: Said) -> tuple[str, str] | None:
        found = [(self._mention(said, s), s) for s in self._all_subjects()]
        best = max(found, default=(0, None))
        return best[1] if best[0] else None

    def _suggest(self, said: str) -> str | None:
        if not said:
            return None
        pool: dict[str, tuple[str, str]] = {}
        for subject in self._all_subjects():
            for n in self.names_of(subject):
                pool[n] = subject
        close = difflib.get_close_matches(said, list(pool), n=1, cutoff=0.6)
        if not close:
            words = said.split()
            for size in range(min(3, len(words)), 0, -1):
                for i in range(len(words) - size + 1):
                    close = difflib.get_close_matches(" ".join(words[i:i + size]), list(pool), n=1, cutoff=0.75)
                    if close:
                        break
                if close:
                    break
        return self.presenter.subject_name(*pool[close[0]]) if close else None
