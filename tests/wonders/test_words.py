"""7 Wonders in words, for what the rule points of issue 9 added: declining Halikarnassos (W82) is labelled,
narrated and prompted in every language, and chosen by notation or number."""

from __future__ import annotations

from bot.core.matching import MoveMatcher
from bot.games.wonders.presenter import WondersPresenter
from bot.i18n import LOCALES, use_locale
from rules.contract import Event, Move

from .helpers import G, give, start, turn

P = WondersPresenter()


def _revive_state():
    state = start(3, boards=["halikarnassos", "rhodos", "giza"], sides="b",
                  hands={1: {0: ["altar"], 1: ["barracks"], 2: ["guard_tower"]}})
    give(state, 0, "foundry")
    state, _ = turn(state, "stage:altar", "discard:barracks", "discard:guard_tower")
    return state


def test_W82_declining_halikarnassos_has_a_label_a_narration_and_a_prompt_in_every_language():
    state = _revive_state()
    view = G.view(state, 0)
    none = Move.parse("revive:none")
    texts = {}
    for locale in LOCALES:
        with use_locale(locale):
            label = P.move_label(none, view)
            card_label = P.move_label(Move.parse("revive:barracks"), view)
            told = P.narrate(Event("revive_declined", {}, seat=0), ["Alice", "Bob", "Carol"])
            prompt = P.prompt(G.pending(state, 0), view, ["Alice", "Bob", "Carol"])
            chosen = P.narrate(Event("chosen", {"move": "revive:none"}, seat=0), ["Alice", "Bob", "Carol"])
        assert label and label != "revive:none" and label != card_label
        assert told and "Alice" in told and "revive" not in told
        assert label in chosen
        texts[locale] = (label, told, prompt)
    assert texts["ru"] != texts["en"] and texts["it"] != texts["en"] and texts["ru"] != texts["it"]
    for locale in ("ru", "it"):  # translated, not the English fallback
        assert all(a != b for a, b in zip(texts[locale], texts["en"])), locale


def test_W82_building_nothing_names_no_card():
    """``revive:none`` is typed as notation or chosen by number; it is about no card (a card named means that
    card)."""
    state = _revive_state()
    legal = G.legal_moves(state, 0)
    none = Move.parse("revive:none")
    assert P.move_subjects(none) == []
    assert P.move_subjects(Move.parse("revive:barracks")) == [("wonders.card", "barracks")]
    matcher = MoveMatcher(G, P)
    assert matcher.match("revive:none", legal).move == none
    assert matcher.match(str(legal.index(none) + 1), legal).move == none
    assert matcher.match("build barracks", legal).move == Move.parse("revive:barracks")
