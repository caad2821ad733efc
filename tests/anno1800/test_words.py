"""Anno 1800 in words (``bot/games/anno1800``): every name of every id in en/ru/it, every event kind narrated,
every pending kind prompted, every refusal code worded, every legal move of many random positions labelled in each
locale (no label reads as notation or as a speaker; labels are accepted back by the move matcher)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.core.matching import _NOTATION, MoveMatcher
from bot.games.anno1800 import names as N
from bot.games.anno1800.presenter import _PROMPTS, Anno1800Presenter
from bot.i18n import LOCALES, use_locale
from bot.local.chat import _SPEAKER
from rules.anno1800 import data
from rules.anno1800.decisions import DECISIONS
from rules.anno1800.events import KINDS
from rules.contract import Event, Pending
from tests.anno1800.helpers import G
from tests.core.test_move_words import _labels_round_trip

PRES = Anno1800Presenter()
NAMES = ["Ann", "Ben", "Cid", "Dot"]
ENGINE = Path(__file__).resolve().parents[2] / "rules" / "anno1800"


def _states(players: int, seed: int, plies: int = 400, every: int = 2):
    rng = random.Random(seed)
    state = G.setup(players, seed=seed)
    for step in range(plies):
        if not G.active_seats(state):
            return
        if step % every == 0:
            yield state
        seat = state.current
        state, _ = G.apply(state, seat, rng.choice(G.legal_moves(state, seat)))


def _played(players: int, seed: int, plies: int = 3000):
    """The events of a random game (to its end, or ``plies`` moves)."""
    rng = random.Random(seed)
    state = G.setup(players, seed=seed)
    events: list[Event] = []
    for _ in range(plies):
        if not G.active_seats(state):
            break
        state, evs = G.apply(state, state.current, rng.choice(G.legal_moves(state, state.current)))
        events += evs
    return state, events


@pytest.fixture(scope="module")
def states():
    return [s for players, seed in ((2, 1), (3, 2), (4, 3)) for s in _states(players, seed)]


def _clean(text: str | None) -> None:
    assert text and "{" not in text and "}" not in text, text


def test_names_are_complete_for_every_id():
    tables = {
        "anno1800.resource": data.RESOURCES, "anno1800.tier": data.TIERS, "anno1800.tiers": data.TIERS,
        "anno1800.building": data.BUILDINGS, "anno1800.card": data.CARDS, "anno1800.expedition": data.EXPEDITIONS,
        "anno1800.objective": data.OBJECTIVES, "anno1800.deck": (*data.DECKS, "expeditions"),
        "anno1800.island": (*data.OLD_WORLD_TILES, *data.NEW_WORLD_TILES, "home"),
        "anno1800.field_kind": data.KINDS,
    }
    for context, ids in tables.items():
        assert set(ids) <= set(N.TABLES[context]), context
    for locale in LOCALES:
        with use_locale(locale):
            seen: dict[str, set[str]] = {}
            for context, table in N.TABLES.items():
                for key in table:
                    text = N.name(context, key)
                    _clean(text)
                    seen.setdefault(context, set()).add(text)
                if context not in ("anno1800.score", "anno1800.place"):  # the score pad repeats the deck names
                    assert len(seen[context]) == len(table), (locale, context)


def test_russian_and_italian_names_are_translated():
    for locale in ("ru", "it"):
        with use_locale(locale):
            for context in ("anno1800.resource", "anno1800.tier", "anno1800.action", "anno1800.deck"):
                for key, msgid in N.TABLES[context].items():
                    assert N.name(context, key) != msgid or key in ("rum", "champagne"), (locale, context, key)
    with use_locale("ru"):
        assert N.tier("farmer") == "Фермер" and N.resource("timber") == "Доски"
        assert N.objective("obj_editor") == "Редактор"
    with use_locale("it"):
        assert N.tier("worker") == "Operaio" and N.resource("bricks") == "Mattoni"


def test_every_event_kind_is_narrated_in_every_locale():
    seen: dict[str, Event] = {}
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        _state, events = _played(players, seed)
        for e in events:
            seen.setdefault(e.kind, e)
    rare = [
        Event("extra_action", {"source": "alonso"}, 0), Event("extra_action", {"source": "card"}, 1),
        Event("held_used", {"resource": "cocoa", "count": 1}, 0),
        Event("resource_taken", {"resource": "cotton"}, 0),
        Event("cards_received", {"deck": "farmer_worker", "cards": ["fw01", "fw02"]}, 0),
        Event("cards_put_back", {"cards": ["aei03"]}, 0),
        Event("expeditions_received", {"cards": ["ex01"]}, 0),
        Event("expeditions_drawn", {"count": 2, "why": "expedition"}, 0),
        Event("old_world", {"tile": "ow01", "cost": 1, "building": "sails_worker"}, 0),
        Event("old_world", {"tile": "ow02", "cost": 2, "building": None}, 0),
        Event("new_world", {"tile": "nwi01", "cost": 2, "resources": ["cotton", "cocoa", "cotton"]}, 0),
        Event("resources_lost", {"resources": ["cocoa"]}, 0),
        Event("effect_forfeited", {"card": "fw10"}, 0),
        Event("end_triggered", {"round": 9, "fireworks": 7}, 0),
        Event("final_round", {"round": 10}),
        Event("gold_paid", {"amount": 2, "reason": "alonso"}, 0),
        Event("gold_gained", {"amount": 3, "reason": "aarhant"}, 0),
        Event("gold_paid", {"amount": 1, "reason": "no_card"}, 0),
        Event("building_removed", {"building": "timber_farmer", "field": "home_1", "printed": True,
                                   "why": "covered"}, 0),
        Event("game_over", {"winners": [0, 1], "totals": [40, 40], "expeditions": [[], []]}),
        Event("game_over", {"winners": [1], "totals": [30, 41], "expeditions": [[], []]}),
    ]
    events = list(seen.values()) + rare
    assert {e.kind for e in events} == KINDS
    for locale in LOCALES:
        with use_locale(locale):
            for e in events:
                _clean(PRES.narrate(e, NAMES[:2]))


def test_every_pending_kind_is_prompted(states):
    found = {}
    for state in states:
        pending = G.pending(state, state.current)
        if pending is not None:
            found.setdefault(pending.kind, (pending, G.view(state, state.current)))
    for kind in DECISIONS:
        pending, view = found.get(kind, (Pending(seat=0, kind=kind, params={}), None))
        for locale in LOCALES:
            with use_locale(locale):
                text = PRES.prompt(pending, view, NAMES)
                _clean(text)
    assert set(DECISIONS) <= set(_PROMPTS)


def test_every_error_code_has_a_text():
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py"))
    codes = set(re.findall(r'"(anno1800\.error\.[a-z_]+)"', source)) - {"anno1800.error.unknown_"}
    codes |= {f"anno1800.error.unknown_{k}" for k in ("card", "building", "tier", "resource")}
    codes |= {"anno1800.error.cover_first", "anno1800.error.cover_printed_first", "anno1800.error.cover_last_first"}
    for locale in LOCALES:
        with use_locale(locale):
            for code in codes:
                _clean(PRES.error(code, {}))
            _clean(PRES.error("anno1800.error.not_enough_gold", {"need": 3, "have": 1}))
            _clean(PRES.error("anno1800.error.partner_lacks", {"resource": "coal", "partner": 1}))
            _clean(PRES.error("anno1800.error.wrong_field", {"building": "shipyard_1", "field": "home_2",
                                                              "kind": "inland"}))
            assert PRES.error("orleans.error.no_tech", {}) is None


def test_refusals_of_the_engine_are_worded(states):
    rng = random.Random(5)
    words = 0
    for state in states[::5]:
        seat = state.current
        for text in ("build:shipyard_3", "hire:investor", "play:aei01", "festival", "end", "upgrade:investor:home",
                     "expedition:3", "take:cocoa", "field:home_1"):
            try:
                G.apply(state, seat, G.parse_move(text))
            except Exception as err:  # IllegalMove
                code = getattr(err, "code", None)
                if code and code.startswith("anno1800."):
                    for locale in LOCALES:
                        with use_locale(locale):
                            _clean(PRES.error(code, dict(getattr(err, "params", {}))))
                    words += 1
        rng.random()
    assert words > 10


def test_every_legal_move_has_a_label_in_every_locale(states):
    count = 0
    for state in states:
        seat = state.current
        view = G.view(state, seat)
        for move in G.legal_moves(state, seat):
            for locale in LOCALES:
                with use_locale(locale):
                    label = PRES.move_label(move, view)
                _clean(label)
                assert label != move.notation or not move.args, (locale, label)
                assert not _NOTATION.match(label) and not _SPEAKER.match(label), (locale, label)
                count += 1
    assert count > 2000


def test_labels_are_accepted_back_in_every_locale(states):
    assert _labels_round_trip(G, states[::3], lambda s: sorted(G.active_seats(s))) > 500


def test_summary_and_score_sheet_in_every_locale():
    state, _events = _played(2, 21, 5000)
    for locale in LOCALES:
        with use_locale(locale):
            for seat in (0, None):
                _clean(PRES.summary(G.view(state, seat), NAMES[:2]))
            if state.over:
                outcome = G.outcome(state)
                _clean(PRES.result(outcome, NAMES[:2]))
            _clean(PRES.title())
            for text in PRES.option_labels().values():
                _clean(text)


def test_an_industry_is_named_by_what_it_makes_in_every_language(states):
    matcher = MoveMatcher(G, PRES)
    state = next(s for s in states if G.pending(s, s.current).kind == "build"
                 and G.parse_move("build:coal_worker") in G.legal_moves(s, s.current))
    moves, actions = G.legal_moves(state, state.current), G.decision_actions(state, state.current)
    for locale, text in (("en", "build coal"), ("ru", "построить уголь"), ("it", "costruisci carbone")):
        with use_locale(locale):
            found = matcher.match(text, moves, actions)
        assert found.move == G.parse_move("build:coal_worker") or G.parse_move("build:coal_worker") in \
            found.candidates, (locale, found)
