"""Retrieval: one BM25 index per game and language over stemmed title + keywords + text (the title counts three times,
keywords twice), typo correction of unknown words against the index's own stems, and a name matcher that recognises
card / wonder / token / island names in any of the three languages, misspelt or inflected.

The score that decides "nothing matches" is not BM25 (which grows with the length of the question) but the
*coverage*: the share of the question's meaningful words (weighted by rarity, idf) that the section contains.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from bot.rulebook import text as tx
from bot.rulebook.corpus import sections
from bot.rulebook.model import Section

K1 = 1.2
B = 0.75
TITLE_WEIGHT = 3.0
KEYWORD_WEIGHT = 2.0
TYPO_WEIGHT = 0.7  # a corrected word counts less than a word spelt right
PAIR_WEIGHT = 0.3  # a pair of neighbouring words found together counts this much of a word
NAME_BONUS = 0.8
PARTIAL_NAME = 0.6  # a distinctive part of a name counts this share of the whole name
RARE = 5  # ... and is distinctive when at most this many sections use the word at all ("wood" is not)
TEXT_ONLY = 0.5  # share of a word's weight in the coverage when a section has it in its body only
OTHER_READING_MARGIN = 0.1  # coverage by which another language's reading must beat the likeliest language's
CARD_FACTOR = 0.7  # a card section the question does not name scores this share  # a section whose name the question gives gains this share of the best BM25 score, times coverage

# Words of a name that do not identify it ("The Pyramids", "Gilda dei Mercanti", "Храм Артемиды в Эфесе").
NAME_FILLERS = frozenset("the of a in il lo la i gli le di dei degli delle del della a al d l e в и".split())


@dataclass(slots=True)
class Index:
    lang: str
    ids: list[str]
    postings: dict[str, list[tuple[int, float]]]
    idf: dict[str, float]
    topical: list[frozenset[str]]  # per section: the stems of its title and keywords
    unknown_idf: float
    lexicon: tx.Lexicon
    surface: dict[str, str]
    words: tx.Lexicon  # whole words (a typo is often closer to the word than to its stem: "chaning")


@dataclass(slots=True)
class NameEntry:
    doc: int
    lang: str
    stems: tuple[str, ...]


@dataclass(slots=True)
class Names:
    entries: list[NameEntry]
    by_stem: dict[tuple[str, str], list[int]]  # (lang, stem) -> entries holding it
    lexicons: dict[str, tx.Lexicon]
    unique: set[tuple[str, str]]  # (lang, stem) found in the names of one section only ("мавзол", "artemis")


def _long_names(docs: tuple[Section, ...], lang: str) -> set[tuple[str, ...]]:
    """The stems of every name of several words in the game (``Esposizione Mondiale``, ``Pane (operai)``)."""
    out = set()
    for s in docs:
        for nm in s.names:
            stems = tuple(tx.terms(nm, lang))
            if len(stems) >= 2:
                out.add(stems)
    return out


def _topical(text: str, lang: str, long_names: set[tuple[str, ...]]) -> frozenset[str]:
    """The stems of a title and its keywords that say what a section is about. A word that stands there only inside
    a longer name is not one of them: a section listing "Esposizione Mondiale" is about that objective, not about
    "mondiali" (the name matcher decides when part of a name stands for the whole)."""
    stems = tx.terms(text, lang)
    inside = [False] * len(stems)
    for name in long_names:
        n = len(name)
        for i in range(len(stems) - n + 1):
            if tuple(stems[i:i + n]) == name:
                inside[i:i + n] = [True] * n
    return frozenset(st for st, named in zip(stems, inside) if not named)


def _build_index(docs: tuple[Section, ...], lang: str) -> Index:
    tfs: list[dict[str, float]] = []
    lengths: list[float] = []
    topical: list[frozenset[str]] = []
    surface: dict[str, str] = {}  # word as written -> its stem, to correct a typo against whole words too
    long_names = _long_names(docs, lang)
    for s in docs:
        topical.append(_topical(s.title[lang] + " " + s.keywords.get(lang, ""), lang, long_names))
        tf: dict[str, float] = {}
        for weight, field in ((TITLE_WEIGHT, s.title[lang]), (KEYWORD_WEIGHT, s.keywords.get(lang, "")),
                              (1.0, s.text[lang])):
            for w in tx.words(field):
                if len(w) >= 5 and not tx.is_stopword(w, lang):
                    surface.setdefault(w, tx.stem(w, lang))
            stems = tx.terms(field, lang)
            for t in stems:
                tf[t] = tf.get(t, 0.0) + weight
            for a, b in zip(stems, stems[1:]):
                pair = f"{a}_{b}"
                tf[pair] = tf.get(pair, 0.0) + weight
        tfs.append(tf)
        lengths.append(sum(v for t, v in tf.items() if "_" not in t))
    n = len(docs)
    avg = (sum(lengths) / n) if n else 1.0
    postings: dict[str, list[tuple[int, float]]] = {}
    for i, tf in enumerate(tfs):
        norm = K1 * (1 - B + B * lengths[i] / avg)
        for t, f in tf.items():
            postings.setdefault(t, []).append((i, f * (K1 + 1) / (f + norm)))
    idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()}
    words = {w: len(postings.get(st, ())) for w, st in surface.items() if st in postings}
    return Index(lang=lang, ids=[s.id for s in docs], postings=postings, idf=idf, topical=topical,
                 surface=surface, words=tx.Lexicon(words),
                 unknown_idf=math.log(1 + (n + 0.5) / 0.5),
                 lexicon=tx.Lexicon({t: len(p) for t, p in postings.items()}))


def _name_lang(name: str) -> list[str]:
    return ["ru"] if tx.is_cyrillic(name) else ["en", "it"]


def _build_names(docs: tuple[Section, ...]) -> Names:
    entries: list[NameEntry] = []
    by_stem: dict[tuple[str, str], list[int]] = {}
    vocab: dict[str, dict[str, int]] = {lang: {} for lang in tx.LANGS}
    for i, s in enumerate(docs):
        for nm in s.names:
            for lang in _name_lang(nm):
                stems = tuple(tx.stem(w, lang) for w in tx.words(nm) if w not in NAME_FILLERS)
                if not stems:
                    continue
                e = len(entries)
                entries.append(NameEntry(i, lang, stems))
                for st in set(stems):
                    by_stem.setdefault((lang, st), []).append(e)
                    vocab[lang][st] = vocab[lang].get(st, 0) + 1
    unique = {key for key, es in by_stem.items() if len({entries[e].doc for e in es}) == 1 and len(key[1]) >= 4}
    return Names(entries, by_stem, {lang: tx.Lexicon(v) for lang, v in vocab.items()}, unique)


@dataclass(slots=True)
class Game:
    docs: tuple[Section, ...]
    indexes: dict[str, Index]
    names: Names
    rule_terms: dict[str, frozenset[str]]  # per language: the stems of the rule sections' titles and keywords


@functools.cache
def game_index(game: str) -> Game:
    docs = sections(game)
    indexes = {lang: _build_index(docs, lang) for lang in tx.LANGS}
    rule_terms = {lang: frozenset().union(*(t for d, t in enumerate(indexes[lang].topical) if docs[d].kind != "card"))
                  for lang in tx.LANGS}
    return Game(docs, indexes, _build_names(docs), rule_terms)


@dataclass(slots=True)
class Ranked:
    lang: str  # the language the question was read in
    scores: dict[int, float]  # doc -> final score
    coverage: dict[int, float]  # doc -> share of the question matched
    words: int  # meaningful words in the question


def _query_terms(index: Index, question: str) -> list[list[tuple[str, float, float]]]:
    """Per meaningful word of the question, its known stems as (stem, weight, idf): the word itself and the game
    terms it stands for, or the nearest known stem for a typo. A word with nothing known is ``[("", 0, idf)]``,
    which counts against the coverage."""
    groups: list[list[tuple[str, float, float]]] = []
    for alternatives in tx.query_words(question, index.lang):
        group: dict[str, tuple[float, float]] = {}
        for w in alternatives:
            st = tx.stem(w, index.lang)
            if st in index.idf:
                group[st] = (1.0, index.idf[st])
        if not group:
            w = alternatives[0]
            st = tx.stem(w, index.lang)
            fixed = None
            if not w.isdigit():  # whole words first (longer, so a near miss means more), then stems
                near = index.words.correct(w)
                fixed = (index.surface[near[0]], near[1]) if near else index.lexicon.correct(st, w)
            if fixed is not None:
                group[fixed[0]] = (TYPO_WEIGHT, index.idf[fixed[0]])
        if group:
            groups.append([(st, wt, idf) for st, (wt, idf) in group.items()])
        elif len(alternatives[0]) <= 2:
            continue  # "r", "u", "pls": too short to tell, not worth holding against a section
        else:
            groups.append([("", 0.0, index.unknown_idf)])
    return groups


def _pairs(groups: list[list[tuple[str, float, float]]]) -> dict[str, float]:
    """Neighbouring words as index pairs, each worth at most what its two words are worth (a pair of common words
    is common too)."""
    out: dict[str, float] = {}
    for left, right in zip(groups, groups[1:]):
        for a, _, ia in left:
            for b, _, ib in right:
                if a and b:
                    out[f"{a}_{b}"] = ia + ib
    return out


def _name_hits(g: Game, question: str) -> dict[int, float]:
    """doc -> share of the question's words taken by a name of that doc (the longest names win).

    A name matches when each of its words is in the question, inflected (same stem) or misspelt. A misspelt word
    counts only next to a word spelt right ("seige workshop"), or alone when it is long ("Piramdi")."""
    ws = tx.words(question)
    content = {i for i, w in enumerate(ws)
               if w not in NAME_FILLERS and not any(tx.is_stopword(w, lang) for lang in tx.LANGS)}
    if not content:
        return {}
    matched: dict[int, dict[str, tuple[int, bool]]] = {}  # entry -> name stem -> (position, exact)
    for pos, w in enumerate(ws):
        for lang in tx.LANGS:
            if tx.is_cyrillic(w) != (lang == "ru"):
                continue
            st = tx.stem(w, lang)
            if (lang, st) in g.names.by_stem:
                candidates = [(st, True)]
            else:
                fixed = g.names.lexicons[lang].correct(st, w, name=True)
                candidates = [(fixed[0], False)] if fixed else []
            for c, exact in candidates:
                for e in g.names.by_stem.get((lang, c), ()):
                    old = matched.setdefault(e, {}).get(c)
                    if old is None or (exact and not old[1]):
                        matched[e][c] = (pos, exact)
    found: dict[int, tuple[set[int], float]] = {}
    for e, stems in matched.items():
        entry = g.names.entries[e]

        def trusted(st: str) -> bool:  # spelt right, or misspelt but long enough not to be another word
            pos, exact = stems[st]
            return exact or len(ws[pos]) >= 6

        if all(st in stems for st in entry.stems):
            if any(stems[st][1] for st in entry.stems) or (len(entry.stems) == 1 and trusted(entry.stems[0])):
                found[e] = ({stems[st][0] for st in entry.stems}, 1.0)
            continue
        # part of a long name, spelt right, when that part names nothing else: "мавзолей" for "Галикарнасский мавзолей"
        # (not a word the rules themselves are about: "commercio" asks about trading, not Camera di Commercio)
        own = [st for st in entry.stems if st in stems and (entry.lang, st) in g.names.unique and stems[st][1]
               and max(index.lexicon.df.get(st, 0) for index in g.indexes.values()) <= RARE
               and not _rule_word(g, ws[stems[st][0]])]
        if own:
            found[e] = ({stems[st][0] for st in own}, PARTIAL_NAME)
    # drop a name whose words are all inside a longer matched name ("Храм" inside "Храм Артемиды")
    best: dict[int, float] = {}
    kept: list[set[int]] = []
    for e, (positions, factor) in sorted(found.items(), key=lambda kv: (-len(kv[1][0]), -kv[1][1])):
        if any(positions < k for k in kept):
            continue
        kept.append(positions)
        share = factor * len(positions & content) / len(content)
        doc = g.names.entries[e].doc
        best[doc] = max(best.get(doc, 0.0), share)
    return best


def _rule_word(g: Game, word: str) -> bool:
    """Whether a rule section (not a card's) is about ``word``, in a language of its script."""
    return any(tx.stem(word, lang) in g.rule_terms[lang] for lang in tx.LANGS
               if tx.is_cyrillic(word) == (lang == "ru"))


def rank(game: str, question: str, langs: list[str]) -> Ranked:
    """Score every section of ``game`` for ``question``, reading the question in each of ``langs`` and keeping the
    reading whose best section covers most of it."""
    g = game_index(game)
    names = _name_hits(g, question)
    best: Ranked | None = None
    for lang in langs:
        index = g.indexes[lang]
        groups = _query_terms(index, question)
        total = sum(max(idf for _, _, idf in g_) for g_ in groups) or 1.0
        scores: dict[int, float] = {}
        covered: dict[int, float] = {}
        for group in groups:
            # a word and the terms it stands for count once: the best of them for each section
            best_score: dict[int, float] = {}
            best_cover: dict[int, float] = {}
            for st, weight, idf in group:
                if not st:
                    continue
                for doc, part in index.postings[st]:
                    best_score[doc] = max(best_score.get(doc, 0.0), weight * idf * part)
                    # a word found only in the body is weaker evidence than one in the title or keywords
                    evidence = 1.0 if st in index.topical[doc] else TEXT_ONLY
                    best_cover[doc] = max(best_cover.get(doc, 0.0), weight * idf * evidence)
            for doc, v in best_score.items():
                scores[doc] = scores.get(doc, 0.0) + v
                covered[doc] = covered.get(doc, 0.0) + best_cover[doc]
        # two words next to each other that a section also has next to each other ("end of the game"): a bonus
        for pair, cap in _pairs(groups).items():
            for doc, part in index.postings.get(pair, ()):
                scores[doc] = scores.get(doc, 0.0) + PAIR_WEIGHT * min(index.idf[pair], cap) * part
        coverage = {doc: c / total for doc, c in covered.items()}
        # a card's own section answers questions about that card: unnamed, it yields to the rules
        for doc in scores:
            if g.docs[doc].kind == "card" and doc not in names:
                scores[doc] *= CARD_FACTOR
        top = max(scores.values(), default=0.0)
        for doc, share in names.items():
            scores[doc] = scores.get(doc, 0.0) + NAME_BONUS * max(top, 1.0) * share
            coverage[doc] = max(coverage.get(doc, 0.0), share)
        ranked = Ranked(lang, scores, coverage, len(groups))
        if not groups and lang == langs[0]:
            return ranked  # only small talk in the likeliest language ("come stai"): no other reading
        # another reading than the likeliest language must cover clearly more of the question to be chosen
        if best is None or _best_coverage(ranked) > _best_coverage(best) + OTHER_READING_MARGIN:
            best = ranked
    assert best is not None
    return best


def _best_coverage(r: Ranked) -> float:
    if not r.scores:
        return 0.0
    top = max(r.scores, key=r.scores.__getitem__)
    return r.coverage.get(top, 0.0)
