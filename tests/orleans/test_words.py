"""Orléans in words: every label the bot shows is accepted back as typed input in every locale (the check
``tests/core/test_move_words.py`` makes for every game style), no label reads as notation or as a speaker in the
terminal; every event kind is narrated, every pending kind prompted and every refusal code worded, in en/ru/it,
naming what is missing; the official names of the editions; the table as text."""

from __future__ import annotations

import random

import pytest

from bot.core.matching import _NOTATION
from bot.games import presenter
from bot.games.orleans import names as N
from bot.i18n import LOCALES, use_locale
from bot.local.chat import _SPEAKER
from rules.contract import Event, Pending
from rules.orleans import errors, eventlog
from rules.orleans.decisions import DECISIONS
from tests.core.test_move_words import _labels_round_trip, _random_states
from tests.orleans.helpers import G
from tests.orleans.smart import smart_move

PRES = presenter("orleans")
NAMES = ["Ann", "Ben", "Cid", "Dot"]


def _smart_states(players: int, seed: int, every: int = 3):
    state, rng, step = G.setup(players, seed=seed), random.Random(seed), 0
    while G.active_seats(state):
        if step % every == 0:
            yield state
        seat = rng.choice(sorted(G.active_seats(state)))
        state, _ = G.apply(state, seat, smart_move(state, seat, rng))
        step += 1


@pytest.fixture(scope="module")
def states():
    out = [s for seed in (1, 2) for s in _random_states(G, 3, {}, seed, 7)]
    out += [s for players, seed in ((2, 3), (4, 4)) for s in _smart_states(players, seed, 5)]
    return out


def test_every_label_of_orleans_is_accepted_back_in_every_locale(states):
    assert _labels_round_trip(G, states, lambda s: sorted(G.active_seats(s))) > 3000


def test_no_label_reads_as_notation_or_as_a_speaker(states):
    for state in states[::3]:
        for seat in sorted(G.active_seats(state)):
            view = G.view(state, seat)
            for move in G.legal_moves(state, seat):
                for locale in LOCALES:
                    with use_locale(locale):
                        label = PRES.move_label(move, view)
                    assert not _NOTATION.match(label) and not _SPEAKER.match(label), (locale, label)


def _documented(doc: str) -> set[str]:
    import re

    return set(re.findall(r"^([a-z_]+)\s{2,}", doc, re.M)) - {"kind", "code"}


def test_every_event_kind_is_narrated_in_every_locale(states):
    seen: dict[str, Event] = {}
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        state, rng = G.setup(players, seed=seed), random.Random(seed)
        while G.active_seats(state):
            seat = rng.choice(sorted(G.active_seats(state)))
            state, events = G.apply(state, seat, smart_move(state, seat, rng))
            for e in events:
                seen.setdefault(e.kind + ("_private" if e.visible_to else ""), e)
    rare = [Event("tile_excluded", {"tile": "library"}, 0), Event("exclusion_skipped", {}, 1),
            Event("bonus_missed", {"track": "craftsman", "position": 3, "bonus": "tech"}, 0),
            Event("to_tower", {"follower": "monk"}, 0),
            Event("bath_drawn", {"followers": ["monk", "own_farmer"]}, 0),
            Event("bath_kept", {"follower": "monk", "place": "village", "slot": "farmer"}, 0),
            Event("bath_returned", {"followers": ["own_farmer"]}, 0),
            Event("sacristy_used", {"event": "plague"}, 1), Event("sacristy_skipped", {"event": "taxes"}, 1),
            Event("debt_forgiven", {"amount": 2}, 2), Event("majority", {}, None), Event("majority", {}, 2),
            Event("plague", {"follower": "own_trader", "lost": False}, 1),
            Event("census", {"leader": 0, "last": 1, "pays": False}),
            Event("development", {"points": 0, "position": 30, "level": 6}, 0),
            Event("game_over", {"winners": [0, 2], "totals": [50, 40, 50]}),
            *[Event("gave_up", {"item": i, "what": w}, 0) for i, w in
              (("station", "tours"), ("station", "supply"), ("follower", "farmer"), ("dev", None), ("good", "wool"),
               ("tile", "school"), ("tech", "supply"), ("tech", "village"))],
            Event("placed", {"follower": "monk", "place": "village", "slot": "farmer", "tower": True}, 0),
            Event("unplaced", {"follower": "monk", "place": "village", "slot": "farmer", "tower": False}, 0),
            Event("station_built", {"city": "orleans"}, 1), Event("level_changed", {"level": 3}, 1)]
    kinds = {e.kind for e in [*seen.values(), *rare]}
    assert kinds == _documented(eventlog.__doc__ or ""), _documented(eventlog.__doc__ or "") - kinds
    for locale in LOCALES:
        with use_locale(locale):
            for event in [*seen.values(), *rare]:
                text = PRES.narrate(event, NAMES)
                assert text and "{" not in text, (locale, event)


def _pending_samples(states) -> dict[str, Pending]:
    out: dict[str, Pending] = {}
    for state in states:
        for seat in G.active_seats(state):
            p = G.pending(state, seat)
            out.setdefault(p.kind, p)
    extra = {"exclude": {"left": 1}, "village": {"place": "village"}, "tile": {"stacks": [1]},
             "route": {"place": "ship", "kind": "river", "city": "tours"},
             "good": {"place": "wagon", "goods": ["wine", "grain"]},
             "deed": {"place": "gunpowder_tower", "followers": ["monk"], "sent": 1}, "canal": {},
             "pharmacy": {"coins": 2}, "bath": {"followers": ["monk", "knight"]}, "tech": {"tiles": 2},
             "sacristy": {"event": "harvest"}, "harvest": {"foods": ["grain", "wine"]}, "torture": {"debt": 3}}
    for kind, params in extra.items():
        out.setdefault(kind, Pending(0, kind, params))
    return out


def test_every_pending_kind_has_a_prompt_in_every_locale(states):
    samples = _pending_samples(states)
    assert set(samples) == set(DECISIONS)
    for locale in LOCALES:
        with use_locale(locale):
            texts = {kind: PRES.prompt(p, None, NAMES) for kind, p in samples.items()}
        assert all(t and "{" not in t for t in texts.values()), (locale, texts)
        assert len(set(texts.values())) == len(texts), locale


@pytest.mark.parametrize("locale", LOCALES)
def test_every_refusal_code_is_worded_and_names_what_is_missing(locale):
    params = {"follower": "own_farmer", "place": "farm_house", "slot": "boatman", "tile": "library", "city": "tours",
              "good": "wine", "deed": "cathedral", "kind": "monk", "name": "zzz", "limit": 5, "drawn": 2,
              "free": 1, "bag": 0, "allowed": 3, "max": 3, "coins": 2, "track": "knight", "phase": "planning",
              "expected": "plan", "waiting": [1, 2], "reason": "hourglass", "option": "first_player",
              "value": "3"}
    codes = _documented(errors.__doc__ or "")
    with use_locale(locale):
        for code in codes:
            text = PRES.error(f"orleans.error.{code}", params)
            assert text and "{" not in text, (code, text)
        wrong = PRES.error("orleans.error.wrong_follower", params)
        assert N.follower("own_farmer") in wrong and N.place("farm_house") in wrong and N.follower("boatman") in wrong
        assert "2" in PRES.error("orleans.error.no_draws_left", params)
        assert N.city("tours") in PRES.error("orleans.error.station_taken", params)
        for code in codes:  # raised without its parameters: its words without the placeholders
            assert PRES.error(f"orleans.error.{code}", {}), code


def test_names_follow_the_editions():
    """Russian: the GaGa Games rulebook (the seed); Italian: the Cranio Creations edition's words."""
    expected = {
        "ru": {("orleans.follower", "boatman"): "Моряк", ("orleans.place", "gunpowder_tower"): "Сторожевая башня",
               ("orleans.place", "shipping_line"): "Доки", ("orleans.place", "sacristy"): "Часовня",
               ("orleans.event", "harvest"): "Засуха", ("orleans.event", "market_day"): "Базарный день",
               ("orleans.deed", "canalisation"): "Канализация", ("orleans.place", "herb_garden"): "Огород"},
        "it": {("orleans.follower", "boatman"): "Barcaiolo", ("orleans.good", "brocade"): "Broccato",
               ("orleans.place", "town_hall"): "Municipio"},
        "en": {("orleans.place", "sacristy"): "Sacristy", ("orleans.event", "harvest"): "Harvest",
               ("orleans.event", "market_day"): "Trading Day"},
    }
    for locale, table in expected.items():
        with use_locale(locale):
            for (context, key), name in table.items():
                assert N.name(context, key) == name
    with use_locale("it"):
        assert "aiutant" in PRES.prompt(Pending(0, "plan", {"secret": True}), None, NAMES)
        assert "stazione commerciale" in PRES.narrate(Event("station_built", {"city": "tours"}, 0), NAMES)
    with use_locale("ru"):
        assert "подданн" in PRES.prompt(Pending(0, "plan", {"secret": True}), None, NAMES)
        assert "факторию" in PRES.narrate(Event("station_built", {"city": "tours"}, 0), NAMES)


def test_every_name_is_distinct_in_each_language():
    for locale in LOCALES:
        with use_locale(locale):
            for table in ("orleans.follower", "orleans.place", "orleans.good", "orleans.city", "orleans.deed",
                          "orleans.event"):
                names = [N.name(table, k) for k in N.TABLES[table]]
                assert len(set(names)) == len(names), (locale, table)


def test_the_summary_headline_and_score_sheet(states):
    state = states[-1]
    for locale in LOCALES:
        with use_locale(locale):
            text = PRES.summary(G.view(state, None), NAMES)
            assert NAMES[0] in text and "{" not in text
    state, rng = G.setup(2, seed=9), random.Random(9)
    while G.active_seats(state):
        seat = rng.choice(sorted(G.active_seats(state)))
        state, _ = G.apply(state, seat, smart_move(state, seat, rng))
    outcome = G.outcome(state)
    for locale in LOCALES:
        with use_locale(locale):
            head = PRES.headline(outcome, NAMES)
            sheet = PRES.score_sheet(outcome, NAMES)
            assert any(NAMES[w] in head for w in outcome.winners)
            assert len(sheet.splitlines()) == 5 and all(str(outcome.scores[s]["total"]) in sheet for s in (0, 1))


def test_option_labels_name_every_option():
    labels = PRES.option_labels()
    assert set(labels) == set(G.Options.model_fields)
