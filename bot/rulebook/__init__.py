"""Rule clarifications: answer a question typed in natural language (English, Russian or Italian) with the sections of
a game's rules that explain it best.

API for the rest of the bot::

    answer(game, question, locale, limit=3) -> Answer       # the matched sections, "nothing matched", or an error
    format_answer(answer, locale) -> str                    # plain text for a chat message (no Markdown)
    suggest(game, prefix, locale, limit=25) -> [(id, title)] # autocomplete of section titles and card names
    section(game, id, locale) -> Hit | None                 # one section by id (e.g. after an autocomplete pick)
    bench(repetitions) -> dict                              # load time and answer latency, for ``boardbot bench``

Games: every registered game (``bot.games``), each called by its name or the other spellings it gives
(``RulebookSource.aliases``). The corpus (each game's hand-written sections in its ``corpus.toml`` and the card
sections written from its engine's data) is loaded on first use and cached. See ``index`` for how retrieval works.
"""

from __future__ import annotations

import re
import statistics
import time

from bot.i18n import N_, normalize_locale, translate, use_locale
from bot.rulebook import text as tx
from bot.rulebook.corpus import games, sections, source
from bot.rulebook.model import Answer, Hit, Section

__all__ = ["Answer", "Hit", "answer", "bench", "format_answer", "game_id", "games", "section", "suggest"]

MAX_QUESTION = 400  # characters
# Calibrated on the evaluation sets and on ~90 off-topic questions (tests/rulebook): below MIN_COVERAGE nothing is
# shown; up to SURE_COVERAGE the answer says it is only the closest match.
MIN_COVERAGE = 0.33  # the best section must hold at least this share of the question (idf-weighted)
SURE_COVERAGE = 0.4
LONG_QUESTION_EASING = 0.1  # from 4 to 10 meaningful words the coverage needed drops by this much
RELATIVE_CUT = 0.45  # further sections are shown while their score is at least this share of the best one


# A checklist id as typed ("Q12", "ar 84"): letters and a number, looked up among the ids the sections cite.
_REF = re.compile(r"\b([a-z]{1,2})\s?(\d{1,3})\b", re.IGNORECASE)

MESSAGES = {
    "unknown_game": N_("I have no rules for “{game}”. Games with rules: {games}."),
    "empty": N_("Ask a question about the rules, for example: /rules {game} how does trading work?"),
    "too_long": N_("That question is too long: please ask it in at most {limit} characters."),
    "nothing": N_("Nothing in the rules of {game} matches your question. Try other words, or the name of a card."),
    "header": N_("Rules of {game}:"),
    "read_as": N_("(Your question was read as {language}.)"),
    "unsure": N_("I am not sure the rules cover this; the closest sections:"),
    "more": N_("More sections: {titles}"),
}

LANGUAGE_NAMES = {"en": N_("English"), "ru": N_("Russian"), "it": N_("Italian")}


def game_id(game: str) -> str | None:
    """The game's name for any spelling players use (``7wd``, ``Armada``, ``дуэль``); None if unknown."""
    key = " ".join(tx.normalize(game or "").split())
    known = games()
    if key in known:
        return key
    for name in known:
        aliases = {" ".join(tx.normalize(a).split()) for a in source(name).aliases}
        if key in aliases or key.replace(" ", "") in {a.replace(" ", "") for a in aliases}:
            return name
    return None


def game_title(game: str) -> str:
    """The game's name in the current locale."""
    from bot.games import presenter

    return presenter(game).title() if game in games() else game


def _hit(s: Section, locale: str, score: float) -> Hit:
    return Hit(id=s.id, title=s.title[locale], text=s.text[locale], score=round(score, 4), topic=s.topic, refs=s.refs)


def answer(game: str, question: str, locale: str, limit: int = 3) -> Answer:
    """The sections of ``game``'s rules that answer ``question`` best, in ``locale`` (en / ru / it)."""
    locale = normalize_locale(locale, "en") or "en"
    question = question or ""
    gid = game_id(game)
    if gid is None:
        return Answer(game=game, question=question, locale=locale, error="unknown_game")
    if len(question) > MAX_QUESTION:
        return Answer(game=gid, question=question, locale=locale, error="too_long")
    if not tx.words(question):
        return Answer(game=gid, question=question, locale=locale, error="empty")
    limit = max(1, limit)

    from bot.rulebook.index import game_index, rank

    docs = game_index(gid).docs
    refs = {f"{m.group(1).upper()}{int(m.group(2))}" for m in _REF.finditer(question)}
    if refs:
        cited = [s for s in docs if refs & set(s.refs)]
        if cited and len(tx.words(question)) <= 2 * len(refs) + 1:  # "Q12", "what is D17": a direct look-up
            hits = tuple(_hit(s, locale, 1.0) for s in cited[:limit])
            return Answer(gid, question, locale, hits=hits, confidence=1.0)

    ranked = rank(gid, question, tx.guess_language(question, locale))
    order = sorted(ranked.scores, key=lambda d: (-ranked.scores[d], d))
    read_as = ranked.lang if ranked.lang != locale else None
    if not order:
        return Answer(gid, question, locale, nothing=True, read_as=read_as)
    top = order[0]
    confidence = ranked.coverage.get(top, 0.0)
    if confidence < required_coverage(ranked.words):
        return Answer(gid, question, locale, nothing=True, confidence=round(confidence, 3), read_as=read_as)
    best = ranked.scores[top]
    chosen = [d for d in order[:limit] if ranked.scores[d] >= RELATIVE_CUT * best]
    hits = tuple(_hit(docs[d], locale, ranked.scores[d]) for d in chosen)
    return Answer(gid, question, locale, hits=hits, confidence=round(confidence, 3), read_as=read_as)


def required_coverage(words: int) -> float:
    """The coverage the best section needs: MIN_COVERAGE for a short question, less for a long one (a long question
    tells a story around its point; off-topic chatter is short)."""
    return MIN_COVERAGE - LONG_QUESTION_EASING * min(max(words - 4, 0), 6) / 6


def ranked_ids(game: str, question: str, locale: str, n: int = 10) -> list[str]:
    """The ids of the ``n`` best sections, without the threshold (for evaluation and debugging)."""
    from bot.rulebook.index import game_index, rank

    gid = game_id(game) or game
    ranked = rank(gid, question, tx.guess_language(question, normalize_locale(locale, "en") or "en"))
    docs = game_index(gid).docs
    order = sorted(ranked.scores, key=lambda d: (-ranked.scores[d], d))
    return [docs[d].id for d in order[:n]]


def section(game: str, section_id: str, locale: str) -> Hit | None:
    """One section by id, in ``locale``."""
    gid = game_id(game)
    if gid is None:
        return None
    locale = normalize_locale(locale, "en") or "en"
    for s in sections(gid):
        if s.id == section_id:
            return _hit(s, locale, 1.0)
    return None


def suggest(game: str, prefix: str, locale: str, limit: int = 25) -> list[tuple[str, str]]:
    """Section titles and card names starting with ``prefix`` (any word of them, any of the three languages; a
    typo is forgiven from the fourth letter on), as ``(id, title in locale)``, titles cut to 100 characters."""
    gid = game_id(game)
    if gid is None or limit <= 0:
        return []
    locale = normalize_locale(locale, "en") or "en"
    docs = sections(gid)
    want = tx.normalize(prefix or "").strip()
    scored: list[tuple[int, int, str, str]] = []
    for order, s in enumerate(docs):
        title = s.title[locale]
        if not want:
            if s.kind == "rule":
                scored.append((0, order, s.id, title))
            continue
        rank_ = _prefix_rank(want, [title, *s.title.values(), *s.names])
        if rank_ is not None:
            scored.append((rank_, order, s.id, title))
    scored.sort()
    return [(sid, title[:100]) for _, _, sid, title in scored[:limit]]


def _prefix_rank(want: str, names: list[str]) -> int | None:
    best: int | None = None
    for i, nm in enumerate(names):
        norm = tx.normalize(nm)
        own = 0 if i == 0 else 1
        if norm.startswith(want):
            r = 0 + own
        elif any(w.startswith(want) for w in norm.split()):
            r = 2 + own
        elif want in norm:
            r = 4 + own
        elif len(want) >= 4 and any(
            tx.edit_distance(want, w[: len(want)], 1) <= 1 for w in norm.split() if len(w) >= len(want) - 1
        ):
            r = 6 + own
        else:
            continue
        best = r if best is None else min(best, r)
    return best


def format_answer(answer: Answer, locale: str | None = None, max_chars: int = 1900) -> str:
    """The answer as plain text for a chat message (Discord allows 2000 characters, Telegram 4096)."""
    locale = normalize_locale(locale or answer.locale, "en") or "en"
    with use_locale(locale):
        title = game_title(answer.game) if game_id(answer.game) else answer.game
        if answer.error == "unknown_game":
            names = ", ".join(f"{g} ({game_title(g)})" for g in games())
            return translate(MESSAGES["unknown_game"]).format(game=answer.game, games=names)
        if answer.error == "too_long":
            return translate(MESSAGES["too_long"]).format(limit=MAX_QUESTION)
        if answer.error == "empty":
            return translate(MESSAGES["empty"]).format(game=answer.game)
        if answer.nothing or not answer.hits:
            return translate(MESSAGES["nothing"]).format(game=title)
        lines = [translate(MESSAGES["header"]).format(game=title)]
        if answer.confidence < SURE_COVERAGE:
            lines.append(translate(MESSAGES["unsure"]))
        if answer.read_as and answer.read_as != locale:
            lines.append(translate(MESSAGES["read_as"]).format(language=translate(LANGUAGE_NAMES[answer.read_as])))
        body = "\n".join(lines)
        left_out: list[str] = []
        for i, hit in enumerate(answer.hits, 1):
            block = f"\n\n{i}. {hit.title}\n{hit.text}"
            if len(body) + len(block) <= max_chars and not left_out:
                body += block
            else:
                left_out.append(hit.title)
        if left_out:
            more = "\n\n" + translate(MESSAGES["more"]).format(titles="; ".join(left_out))
            if len(body) + len(more) <= max_chars:
                body += more
        if len(body) > max_chars:  # a single very long section
            body = body[: max_chars - 1].rstrip() + "…"
        return body


def bench(repetitions: int = 200) -> dict:
    """Corpus load time (cold, per game) and answer latency p50/p99 (ms) per game, as a JSON-ready dict."""
    from bot import i18n
    from bot.rulebook import corpus, index

    # cold: the catalogs, the name lists, the corpus and the indexes are all built again
    for cached in (i18n.translations, corpus.sections, index.game_index, tx.normalize, tx.stem):
        cached.cache_clear()
    out: dict = {"load_ms": {}, "answer": {}, "sections": {}}
    start = time.perf_counter()
    for g in games():
        t = time.perf_counter()
        index.game_index(g)
        out["load_ms"][g] = round((time.perf_counter() - t) * 1000, 1)
        out["sections"][g] = len(corpus.sections(g))
    out["load_ms"]["total"] = round((time.perf_counter() - start) * 1000, 1)
    for g in games():
        samples = []
        questions = source(g).examples or (g,)
        for i in range(max(1, repetitions)):
            q = questions[i % len(questions)]
            loc = ("en", "ru", "it")[i % 3]
            tx.normalize.cache_clear()  # every question is new to the bot
            t = time.perf_counter()
            answer(g, q, loc)
            samples.append(time.perf_counter() - t)
        samples.sort()
        out["answer"][g] = {
            "n": len(samples),
            "p50_ms": round(samples[len(samples) // 2] * 1000, 3),
            "p99_ms": round(samples[min(len(samples) - 1, int(0.99 * len(samples)))] * 1000, 3),
            "mean_ms": round(statistics.fmean(samples) * 1000, 3),
        }
    return out
