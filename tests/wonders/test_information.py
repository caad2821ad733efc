"""Hidden information: views and events (W8, W12, W50, W90, AR123, E.2)."""

from __future__ import annotations

import json
import random

import pytest

from rules.wonders.data import CARDS, ISLANDS

from .helpers import G, leaks, view_strings

IDS = set(CARDS) | set(ISLANDS)


def _ids(value) -> set[str]:
    text = json.dumps(value)
    return {token for token in IDS if f'"{token}"' in text or f'"{token}:' in text or f':{token}"' in text
            or f':{token}:' in text}


@pytest.mark.parametrize("players,options", [(4, {"armada": True}), (3, {"sides": "choice"}), (7, {"armada": True}),
                                             (6, {"armada": True, "teams": True})])
def test_views_and_public_events_hide_what_they_must(players, options):
    state = G.setup(players, options, seed=21)
    chooser = random.Random(21)
    steps = 0
    while G.active_seats(state):
        seat = chooser.choice(sorted(G.active_seats(state)))
        move = chooser.choice(G.legal_moves(state, seat))
        state, events = G.apply(state, seat, move)
        steps += 1
        public_ok = {c for p in state.seats for c in p.city + p.islands}
        for e in events:
            if e.visible_to is None:
                assert _ids(e.params) <= public_ok, (e.kind, e.params)
            elif e.kind == "chosen":
                assert e.visible_to == frozenset({e.seat})
        if steps % 5 == 0 or state.seats[0].waiting in ("island", "revive"):
            for viewer in (None, *range(players)):
                assert not leaks(state, viewer), (viewer, leaks(state, viewer))


def test_spectator_view_holds_no_hand_nor_options():
    state = G.setup(5, {"armada": True}, seed=3)
    view = G.view(state, None)
    assert view.hand == [] and view.options == [] and view.my_choice is None
    assert all(p.hand_size == 8 for p in view.players)
    assert view.island_decks == [9, 9, 9] and view.discard == [] and view.discard_size == 0
    own = G.view(state, 2)
    assert own.hand == state.seats[2].hand
    assert {o.move for o in own.options} == {m.notation for m in G.legal_moves(state, 2)}
    for other in (0, 1, 3, 4):
        assert not set(state.seats[other].hand) - set(state.seats[2].hand) & view_strings(own)


def test_view_serializes_and_shows_public_facts():
    state = G.setup(3, {"armada": True}, seed=4)
    view = G.view(state, 0)
    data = json.loads(view.model_dump_json())
    player = data["players"][1]
    for key in ("board", "side", "coins", "city", "land_tokens", "naval_tokens", "shields", "naval_strength",
                "science", "production", "choices", "ships", "islands", "hand_size", "chosen", "score",
                "stages_built", "commercial_level"):
        assert key in player
    assert data["direction"] == "left" and data["age"] == 1 and data["turns"] == 7
