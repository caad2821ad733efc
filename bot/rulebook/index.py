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
TYPO_WEIGHT = 0.8  # a corrected word counts a little less than a word spelt right
NAME_BONUS = 0.8  # a section whose name the question gives gains this share of the best BM25 score, times coverage

# Words of a name that do not identify it ("The Pyramids", "Gilda dei Mercanti", "Храм Артемиды в Эфесе").
NAME_FILLERS = frozenset("the of a in il lo la i gli le di dei degli delle del della a al d l e в и".split())


@dataclass(slots=True)
class Index:
    lang: str
    ids: list[str]
    postings: dict[str, list[tuple[int, float]]]
    idf: dict[str, float]
    unknown_idf: float
    lexicon: tx.Lexicon


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


def _build_index(docs: tuple[Section, ...], lang: str) -> Index:
    tfs: list[dict[str, float]] = []
    lengths: list[float] = []
    for s in docs:
        tf: dict[str, float] = {}
        for weight, field in ((TITLE_WEIGHT, s.title[lang]), (KEYWORD_WEIGHT, s.keywords.get(lang, "")),
                              (1.0, s.text[lang])):
            for t in tx.terms(field, lang):
                tf[t] = tf.get(t, 0.0) + weight
        tfs.append(tf)
        lengths.append(sum(tf.values()))
    n = len(docs)
    avg = (sum(lengths) / n) if n else 1.0
    postings: dict[str, list[tuple[int, float]]] = {}
    for i, tf in enumerate(tfs):
        norm = K1 * (1 - B + B * lengths[i] / avg)
        for t, f in tf.items():
            postings.setdefault(t, []).append((i, f * (K1 + 1) / (f + norm)))
    idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()}
    return Index(lang=lang, ids=[s.id for s in docs], postings=postings, idf=idf,
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
    return Names(entries, by_stem, {lang: tx.Lexicon(v) for lang, v in vocab.items()})


@dataclass(slots=True)
class Game:
    docs: tuple[Section, ...]
    indexes: dict[str, Index]
    names: Names


@functools.cache
def game_index(game: str) -> Game:
    docs = sections(game)
    return Game(docs, {lang: _build_index(docs, lang) for lang in tx.LANGS}, _build_names(docs))


@dataclass(slots=True)
class Ranked:
    lang: str  # the language the question was read in
    scores: dict[int, float]  # doc -> final score
    coverage: dict[int, float]  # doc -> share of the question matched
    words: int  # meaningful words in the question


def _query_terms(index: Index, question: str) -> list[tuple[str, float, float]]:
    """(stem, weight, idf) per distinct meaningful word; unknown words corrected when a known stem is close."""
    out: dict[str, tuple[float, float]] = {}
    missing: list[float] = []
    for w in tx.query_words(question, index.lang):
        st = tx.stem(w, index.lang)
        weight = 1.0
        if st not in index.idf:
            fixed = None if w.isdigit() else index.lexicon.correct(st)
            if fixed is None and st != w:
                fixed = index.lexicon.correct(w)
            if fixed is None:
                missing.append(index.unknown_idf)
                continue
            st, weight = fixed[0], TYPO_WEIGHT
        if st not in out or out[st][0] < weight:
            out[st] = (weight, index.idf[st])
    terms = [(st, w, idf) for st, (w, idf) in out.items()]
    return terms + [("", 0.0, idf) for idf in missing]


def _name_hits(g: Game, question: str) -> dict[int, float]:
    """doc -> share of the question's words taken by a name of that doc (the longest names win)."""
    ws = [w for w in tx.words(question)]
    if not ws:
        return {}
    content = [i for i, w in enumerate(ws) if w not in NAME_FILLERS and not any(tx.is_stopword(w, lang) for lang in tx.LANGS)]
    if not content:
        return {}
    # which name stems each word position may be (exact stem, or a close one for a typo)
    found: dict[int, set[int]] = {}  # entry -> positions
    matched: dict[int, dict[str, int]] = {}  # entry -> stem -> position
    for pos, w in enumerate(ws):
        for lang in tx.LANGS:
            if tx.is_cyrillic(w) != (lang == "ru"):
                continue
            st = tx.stem(w, lang)
            candidates = [st]
            if (lang, st) not in g.names.by_stem:
                fixed = g.names.lexicons[lang].correct(st)
                candidates = [fixed[0]] if fixed else []
            for c in candidates:
                for e in g.names.by_stem.get((lang, c), ()):
                    matched.setdefault(e, {}).setdefault(c, pos)
    for e, stems in matched.items():
        entry = g.names.entries[e]
        if all(st in stems for st in entry.stems):
            found[e] = set(stems.values())
    # drop a name whose words are all inside a longer matched name ("Храм" inside "Храм Артемиды")
    best: dict[int, float] = {}
    spans = sorted(found.items(), key=lambda kv: -len(kv[1]))
    kept: list[set[int]] = []
    for e, positions in spans:
        if any(positions < k for k in kept):
            continue
        kept.append(positions)
        share = len(positions & set(content)) / len(content)
        doc = g.names.entries[e].doc
        best[doc] = max(best.get(doc, 0.0), share)
    return best


def rank(game: str, question: str, langs: list[str]) -> Ranked:
    """Score every section of ``game`` for ``question``, reading the question in each of ``langs`` and keeping the
    reading whose best section covers most of it."""
    g = game_index(game)
    names = _name_hits(g, question)
    best: Ranked | None = None
    for lang in langs:
        index = g.indexes[lang]
        terms = _query_terms(index, question)
        total = sum(idf for _, _, idf in terms) or 1.0
        scores: dict[int, float] = {}
        covered: dict[int, float] = {}
        for st, weight, idf in terms:
            if not st:
                continue
            for doc, part in index.postings[st]:
                scores[doc] = scores.get(doc, 0.0) + weight * idf * part
                covered[doc] = covered.get(doc, 0.0) + weight * idf
        coverage = {doc: c / total for doc, c in covered.items()}
        top = max(scores.values(), default=0.0)
        for doc, share in names.items():
            scores[doc] = scores.get(doc, 0.0) + NAME_BONUS * max(top, 1.0) * share
            coverage[doc] = max(coverage.get(doc, 0.0), share)
        ranked = Ranked(lang, scores, coverage, len(terms))
        if best is None or _best_coverage(ranked) > _best_coverage(best) + 1e-9:
            best = ranked
    assert best is not None
    return best


def _best_coverage(r: Ranked) -> float:
    if not r.scores:
        return 0.0
    top = max(r.scores, key=r.scores.__getitem__)
    return r.coverage.get(top, 0.0)
