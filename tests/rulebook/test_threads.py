"""Questions answered in many threads at once get the answers they get one at a time (issue 10, item 3): the
look-up keeps no working state that threads share (each thread has its own stemmers)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot import rulebook
from bot.rulebook import text as tx
from tests.rulebook.test_rulebook import cases

THREADS = 8


def _questions() -> list[tuple[str, str, str]]:
    out = []
    for game in ("duel", "wonders"):
        for case in cases(game):
            for lang in ("en", "ru", "it"):
                if lang in case:
                    out.append((game, case[lang], lang))
    return out


def _ask(item: tuple[str, str, str]) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    game, question, lang = item
    found = rulebook.answer(game, question, lang)
    return tuple(h.id for h in found.hits), rulebook.suggest(game, question[:6], lang)


def test_concurrent_questions_get_the_answers_of_one_at_a_time():
    questions = _questions()
    assert len(questions) > 300
    alone = [_ask(q) for q in questions]
    for _round in range(2):
        tx.stem.cache_clear()  # every word stemmed anew, in many threads at once
        tx.normalize.cache_clear()
        with ThreadPoolExecutor(THREADS) as pool:
            together = list(pool.map(_ask, questions * 2))
        assert together == alone * 2
