"""Turning what a player typed into one of their legal moves, and never into a move they did not say.

A player may type the notation (``build:baths``; a move without arguments by its action alone: ``festival``), the
number of an option in the menu they were shown, a label the bot showed them (in any language), or words: a verb and
the names of things (``build baths``, ``построить бани``, ``scarta terme``), with names complete, partial (``pool``
for Clay Pool), in any language, with or without an Italian or English article, or an older name
(``Presenter.subject_aliases``).

The verb a player types restricts the match to its actions: ``build logging camp`` never becomes a discard. The
result says which move was meant, or what to do instead:

* ``move``: the one legal move meant;
* ``candidates``: several legal moves fit (``build baths`` with several ways to pay), or the player left a part
  out (``wonder pyramids``: which card goes under it); ``complete`` tells which;
* ``notation``: notation typed by the player that is not a legal move now (the engine says why);
* ``explain``: the move the player named, put together from their words, which is not legal now: the engine's
  refusal of it says why (the cost, what is missing); it is never played;
* ``unavailable`` / ``no_such_move`` / ``suggestion``: a thing was named that no move of this decision is about;
  what was said (``wonder``) fits no move on offer; or nothing was recognised, and the closest name.

The work per message is bounded (``MAX_WORDS``), so a long message costs no more than a short one.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bot.core.text import whole_number
from bot.games import Presenter
from bot.i18n import LOCALES, use_locale
from bot.rulebook.text import is_stopword, stem, words
from rules.contract import Game, IllegalMove, Move

Subject = tuple[str, str]  # (name table, id)
Words = tuple[str, ...]

MAX_WORDS = 24  # words of a message looked at; nobody names a move in more
MAX_CHARS = 400
MAX_NAME_WORDS = 6
_NOTATION = re.compile(r"^\s*[a-z0-9_]+(\s*:\s*[a-z0-9_]*)+\s*$", re.IGNORECASE)
_BARE = re.compile(r"^[a-z_]+$", re.IGNORECASE)
# Articles that may start a name ("The Pyramids", "La Via Appia", "L'Arsenale"): a name is also known without them.
_ARTICLES = frozenset({"the", "il", "lo", "la", "l", "i", "gli", "le"})
# A single letter typed in Cyrillic that looks like a Latin one (a wonder side: "Сторона В").
_LOOKALIKES = str.maketrans({"а": "a", "в": "b", "б": "b", "с": "c", "е": "e"})


def _tokens(text: str) -> Words:
    """The words of a name or a label, normalized as typed words are."""
    return tuple(w.translate(_LOOKALIKES) if len(w) == 1 else w for w in words(text))


def _said(text: str) -> Words:
    """The words of what was typed, normalized (at most ``MAX_WORDS``)."""
    return _tokens(text[:MAX_CHARS])[:MAX_WORDS]


@functools.lru_cache(maxsize=65536)
def _stems(word: str) -> frozenset[str]:
    """The word and its stems in each language (a Cyrillic word has only a Russian one)."""
    return frozenset({word, *(stem(word, lang) for lang in LOCALES)})


def _same(a: str, b: str) -> bool:
    return a == b or not _stems(a).isdisjoint(_stems(b))


def _occurs(said: Words, name: Words) -> list[tuple[int, int]]:
    """The spans of ``said`` where ``name`` occurs, word by word (each word as typed or by its stem)."""
    n = len(name)
    return [(i, i + n) for i in range(len(said) - n + 1) if all(_same(said[i + j], name[j]) for j in range(n))]


def _meaningful(word: str) -> bool:
    return len(word) >= 3 and not any(is_stopword(word, lang) for lang in LOCALES)


@dataclass
class Match:
    move: Move | None = None
    candidates: list[Move] = field(default_factory=list)
    complete: bool = True  # False: the candidates each add something the player left out
    notation: Move | None = None
    explain: Move | None = None
    unavailable: str | None = None
    suggestion: str | None = None
    no_such_move: bool = False  # what was said fits no move on offer now


@dataclass(frozen=True)
class _Mention:
    """Things named in one place of the message: usually one, several when a name is shared or partial."""

    subjects: frozenset[Subject]
    span: tuple[int, int]


class Vocabulary:
    """Every name of a game's things and every word of its actions, in every locale (built once per game)."""

    def __init__(self, presenter: Presenter) -> None:
        self.presenter = presenter
        self.names: dict[Subject, set[Words]] = {}
        self.name_words: dict[Subject, set[str]] = {}
        for subject in presenter.subjects():
            found = {self._words(key) for key in (subject[1].replace("_", " "),)}
            found.update(self._words(n) for n in presenter.subject_aliases(*subject))
            for loc in LOCALES:
                with use_locale(loc):
                    found.add(self._words(presenter.subject_name(*subject)))
            found |= {n[1:] for n in found if len(n) > 1 and n[0] in _ARTICLES}
            self.names[subject] = {n for n in found if n}
            self.name_words[subject] = {w for n in self.names[subject] for w in n if _meaningful(w)}
        # Names by each form of their first word, so that a message is compared with the few names that can start
        # at each of its words.
        self._starting: dict[str, list[tuple[Subject, Words]]] = {}
        for subject, names in self.names.items():
            for name in names:
                for form in _stems(name[0]):
                    self._starting.setdefault(form, []).append((subject, name))
        self.verbs: dict[str, set[Words]] = {}
        for action in presenter.ACTION_WORDS:
            found = {(action,)}
            for loc in LOCALES:
                with use_locale(loc):
                    found.update(self._words(w) for w in presenter.action_words(action))
            # single letters would match stray letters of names ("d" in "Fossa d'Argilla")
            self.verbs[action] = {w for w in found if w and len(" ".join(w)) >= 2}

    _words = staticmethod(_tokens)

    def mentions(self, said: Words) -> list[_Mention]:
        """The things named in full, longest names first; a place of the message names one thing at most
        (``circus maximus`` is the wonder, not the card Circus)."""
        spans: dict[tuple[int, int], set[Subject]] = {}
        for i, word in enumerate(said):
            starting = {entry for form in _stems(word) for entry in self._starting.get(form, ())}
            for subject, name in starting:
                end = i + len(name)
                if end <= len(said) and all(_same(said[i + j], name[j]) for j in range(1, len(name))):
                    spans.setdefault((i, end), set()).add(subject)
        taken: set[int] = set()
        out: list[_Mention] = []
        for span in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):
            places = set(range(*span))
            if places & taken:
                continue
            taken |= places
            out.append(_Mention(frozenset(spans[span]), span))
        return sorted(out, key=lambda m: m.span)

    def verb_actions(self, said: Words, free: set[int]) -> set[str]:
        """The actions whose words were typed in the places ``free`` (not inside a name)."""
        found = set()
        for action, phrases in self.verbs.items():
            for phrase in phrases:
                if any(set(range(*span)) <= free for span in _occurs(said, phrase)):
                    found.add(action)
        return found

    def partial(self, word: str, among: Iterable[Subject]) -> frozenset[Subject]:
        """The things among ``among`` that one word of a name stands for (``pool`` -> Clay Pool)."""
        if not _meaningful(word):
            return frozenset()
        return frozenset(
            s for s in among
            if any(_same(word, w) or (len(word) >= 4 and w.startswith(word)) for w in self.name_words.get(s, ()))
        )

    def suggest(self, said: Words) -> Subject | None:
        """The thing whose name is closest to what was typed (a typo), if one is close enough. A name is a few
        words: a longer message is not a misspelt name."""
        if len(said) > MAX_NAME_WORDS:
            return None
        pool = {" ".join(n): s for s, names in self.names.items() for n in names}
        text = " ".join(said)
        close = difflib.get_close_matches(text, list(pool), n=1, cutoff=0.6)
        for size in range(min(3, len(said)), 0, -1):
            if close:
                break
            for i in range(len(said) - size + 1):
                close = difflib.get_close_matches(" ".join(said[i:i + size]), list(pool), n=1, cutoff=0.75)
                if close:
                    break
        return pool[close[0]] if close else None


class MoveMatcher:
    """Reads a player's text against their legal moves (see the module docstring)."""

    def __init__(self, game: Game, presenter: Presenter) -> None:
        self.game = game
        self.presenter = presenter
        self._vocabulary: Vocabulary | None = None

    @property
    def vocabulary(self) -> Vocabulary:
        if self._vocabulary is None:
            self._vocabulary = Vocabulary(self.presenter)
        return self._vocabulary

    @staticmethod
    def quick(text: str) -> bool:
        """Whether ``text`` is notation or a number (read at once, without comparing names)."""
        raw = text.strip()
        return whole_number(raw) is not None or bool(_NOTATION.match(raw))

    @staticmethod
    def key(text: str) -> str:
        """What was said, normalized: the same key for the same command typed twice."""
        raw = text.strip()
        return raw.lower() if _NOTATION.match(raw) else " ".join(_said(raw))

    def match(
        self,
        text: str,
        moves: list[Move],
        actions: tuple[str, ...] = (),
        labels: Callable[[Move], Iterable[str]] | None = None,
    ) -> Match:
        """``moves``: the legal moves; ``actions``: the actions of the decision (legal or not); ``labels``: every
        label the bot shows for a move (in every locale)."""
        raw = text.strip()
        if not raw:
            return Match()
        number = whole_number(raw)
        if number is not None:
            return Match(move=moves[number - 1]) if 1 <= number <= len(moves) else Match()
        if _NOTATION.match(raw):
            return self._notation(raw, moves)
        if _BARE.match(raw) and (bare := Move(raw.lower(), ())) in moves:  # a move without arguments: ``festival``
            return Match(move=bare)
        said = _said(raw)
        if not said:
            return Match()
        if labels is not None:
            shown = self._by_label(said, moves, labels)
            if shown:
                return Match(move=shown[0]) if len(shown) == 1 else Match(candidates=shown)
        return self._words(said, moves, actions or tuple(dict.fromkeys(m.action for m in moves)))

    # --- notation ------------------------------------------------------------------------------------------------
    def _notation(self, raw: str, moves: list[Move]) -> Match:
        parts = [p.strip().lower() for p in raw.split(":")]
        typed = Move(parts[0], tuple(p for p in parts[1:] if p))
        if typed in moves:
            return Match(move=typed)
        longer = [m for m in moves if m.action == typed.action and m.args[: len(typed.args)] == typed.args]
        if longer:  # "wonder:pyramids": which card goes under it
            return Match(candidates=longer, complete=False)
        # a mistake in it (an unknown card, a missing part) gets the engine's own precise answer
        try:
            return Match(notation=self.game.parse_move(raw))
        except IllegalMove as e:
            if e.code != "error.move_arity":
                raise
            named = [_Mention(frozenset({(t, a)}), (0, 0))
                     for t, a in zip(self.presenter.SUBJECTS.get(typed.action, ()), typed.args)]
            completed = self._assemble(typed.action, named, moves)
            if completed is None:
                raise
            return Match(explain=completed)

    # --- labels --------------------------------------------------------------------------------------------------
    @staticmethod
    def _by_label(said: Words, moves: list[Move], labels: Callable[[Move], Iterable[str]]) -> list[Move]:
        """The moves one of whose labels was typed: in full, or its head before the price (``Build Baths``)."""
        full: list[Move] = []
        head: list[Move] = []
        for move in moves:
            shown = list(labels(move))
            if any(_tokens(label) == said for label in shown):
                full.append(move)
            elif any(_tokens(label.split(" — ")[0]) == said for label in shown):
                head.append(move)
        return full or head

    # --- words ---------------------------------------------------------------------------------------------------
    def _words(self, said: Words, moves: list[Move], actions: tuple[str, ...]) -> Match:
        vocab = self.vocabulary
        mentions = vocab.mentions(said)
        named = set().union(*(range(*m.span) for m in mentions)) if mentions else set()
        free = set(range(len(said))) - named
        verbs = vocab.verb_actions(said, free)
        verb_places = {i for a in verbs for p in vocab.verbs[a] for span in _occurs(said, p) for i in range(*span)}
        on_offer = {s for m in moves for s in self.presenter.move_subjects(m)}
        for i in sorted(free - verb_places):  # words of names: "pool", "clay", "reserve"
            found = vocab.partial(said[i], on_offer)
            if found:
                mentions.append(_Mention(found, (i, i + 1)))
        literal = {said[i] for i in free - verb_places}
        if not mentions and not verbs and not any(literal & set(m.args) for m in moves):
            if any(_meaningful(w) or w.isdigit() for w in said):
                near = vocab.suggest(said)
                return Match(suggestion=self.presenter.subject_name(*near) if near else None)
            return Match()

        meant = [a for a in actions if a in verbs] if verbs else list(actions)
        if verbs and not meant:
            meant = sorted(verbs)  # a verb of another decision: the engine will say what is expected now
        fitting = self._fitting(meant, mentions)
        if not fitting:
            if mentions:
                return Match(unavailable=self.presenter.subject_name(*sorted(mentions[0].subjects)[0]))
            return Match()
        complete = [a for a, whole in fitting if whole]
        chosen = complete or [a for a, _ in fitting]
        candidates = [m for m in moves if m.action in chosen and self._about(m, mentions)]
        by_literal = [m for m in candidates if literal & set(m.args[len(self.presenter.SUBJECTS.get(m.action, ())):])]
        candidates = by_literal or candidates
        if not candidates:
            return Match(explain=self._assemble(chosen[0], mentions, moves), no_such_move=True)
        if not complete:
            return Match(candidates=candidates, complete=False)
        if len(candidates) == 1 and (verbs or len(actions) == 1 or by_literal):
            return Match(move=candidates[0])
        # Without a verb, a name alone does not choose between building, discarding...: the player chooses.
        missing = [a for a in complete if not any(m.action == a for m in candidates)]
        return Match(candidates=candidates, explain=self._assemble(missing[0], mentions, moves) if missing else None)

    def _fitting(self, actions: list[str], mentions: list[_Mention]) -> list[tuple[str, bool]]:
        """The actions whose subjects can hold everything named, and whether what was named is all they need."""
        out = []
        for action in actions:
            slots = Counter(self.presenter.SUBJECTS.get(action, ()))
            tables = [{s[0] for s in m.subjects} for m in mentions]
            if len(tables) > sum(slots.values()):
                continue
            free = Counter(slots)
            fits = True
            for options in sorted(tables, key=len):
                table = next((t for t in sorted(options) if free[t] > 0), None)
                if table is None:
                    fits = False
                    break
                free[table] -= 1
            if fits:
                out.append((action, sum(free.values()) == 0))
        return out

    def _about(self, move: Move, mentions: list[_Mention]) -> bool:
        subjects = set(self.presenter.move_subjects(move))
        return all(m.subjects & subjects for m in mentions)

    def _assemble(self, action: str, mentions: list[_Mention], moves: list[Move]) -> Move | None:
        """The move ``action`` about what was named, its other parts taken from the moves on offer (to ask the
        engine why it is not legal); None when it cannot be put together."""
        args: list[str] = []
        left = [sorted(m.subjects) for m in mentions]
        offered = {s for m in moves for s in self.presenter.move_subjects(m)}
        for table in self.presenter.SUBJECTS.get(action, ()):
            named = next((group for group in left if any(s[0] == table for s in group)), None)
            if named is not None:
                left.remove(named)
                # of the things a name may stand for, one the player holds (a move on offer is about it)
                fitting = [s for s in named if s[0] == table]
                args.append(next((s for s in fitting if s in offered), fitting[0])[1])
                continue
            filler = next((s[1] for m in moves for s in self.presenter.move_subjects(m) if s[0] == table), None)
            if filler is None:
                return None
            args.append(filler)
        return self._complete(Move(action, tuple(args)), moves) if args else None

    def _complete(self, move: Move, moves: list[Move]) -> Move:
        """``move`` with the parts no name stands for (an Orléans slot type, say), when the game reads it as
        missing parts: taken from the move on offer of that action that agrees with it most (its later parts, the
        more specific ones, weigh more), so that the engine's refusal names what is wrong rather than the arity."""
        try:
            self.game.parse_move(move.notation)
            return move
        except IllegalMove as e:
            if e.code != "error.move_arity":
                return move
        longer = [m for m in moves if m.action == move.action and len(m.args) > len(move.args)]
        if not longer:
            return move
        best = max(longer, key=lambda m: sum(i + 1 for i, (a, b) in enumerate(zip(m.args, move.args)) if a == b))
        return Move(move.action, move.args + best.args[len(move.args):])


def explain(game: Game, state: object, seat: int, move: Move | None) -> IllegalMove | None:
    """Why ``move`` cannot be played now (the engine's refusal), or None if it could be."""
    if move is None:
        return None
    try:
        game.apply(state, seat, move)
    except IllegalMove as e:
        return e
    return None
