"""Questions are read in the language they are written in, and a rule word is not taken for a card's name
(issue 9, item 11)."""

from __future__ import annotations

import pytest

from bot.rulebook import answer


@pytest.mark.parametrize("locale", ["it", "en"])
def test_an_italian_question_about_a_wonder_is_read_as_italian(locale):
    found = answer("duel", "cosa fa la Sfinge?", locale)
    assert found.hits and found.hits[0].id == "wonder.sphinx"
    assert found.read_as == (None if locale == "it" else "it")


@pytest.mark.parametrize(("question", "locale"), [
    ("come funziona il commercio?", "it"),
    ("how does trading work?", "en"),
    ("как работает торговля?", "ru"),
])
def test_a_word_of_the_rules_inside_a_card_name_asks_about_the_rule(question, locale):
    found = answer("duel", question, locale)
    assert found.hits and found.hits[0].id.startswith("trade."), [h.id for h in found.hits]
