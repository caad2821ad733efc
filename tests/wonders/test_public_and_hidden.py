"""What everyone sees and what nobody else sees (W8, W90, A.12 public information)."""

from __future__ import annotations

import json
import random

from rules.wonders.data import ARMADA_CARDS, GUILDS

from .helpers import G, give, others, start, turn


def test_W8_guilds_and_armada_cards_left_out_are_never_revealed():
    state = G.setup(3, {"armada": True}, seed=5)
    in_game = {c for deck in state.decks for c in deck} | {c for p in state.seats for c in p.hand}
    left_out = (set(GUILDS) | set(ARMADA_CARDS)) - in_game
    assert len(set(GUILDS) - in_game) == 10 - 5
    chooser = random.Random(5)
    while G.active_seats(state):
        seat = chooser.choice(sorted(G.active_seats(state)))
        state, events = G.apply(state, seat, chooser.choice(G.legal_moves(state, seat)))
        text = json.dumps([e.params for e in events])
        assert not [c for c in left_out if f'"{c}"' in text or f"{c}:" in text]
    for viewer in (None, 0, 1, 2):
        dump = G.view(state, viewer).model_dump_json()
        assert not [c for c in left_out if f'"{c}"' in dump]


def test_W90_public_facts_and_hidden_cards():
    state = start(3, {"armada": True})
    give(state, 1, "altar", "barracks")
    state.seats[1].stages = ["palace"]  # the card under its first stage
    state.seats[1].land = [1, -1]
    state.seats[1].naval = [3]
    state, _ = turn(state, *others(state))
    seen_by_0 = G.view(state, 0).players[1]
    # public: coins, built structures, the number of built stages, tokens, hand sizes
    assert seen_by_0.coins == state.seats[1].coins
    assert seen_by_0.city == {"blue": ["altar"], "red": ["barracks"]}
    assert seen_by_0.stages_built == 1 and seen_by_0.land_tokens == [1, -1] and seen_by_0.naval_tokens == [3]
    assert seen_by_0.hand_size == len(state.seats[1].hand)
    # hidden: the other hands, the card under the stage, the discard pile
    view = G.view(state, 0)
    dump = view.model_dump_json()
    assert view.hand == state.seats[0].hand
    assert not [c for c in set(state.seats[1].hand) - set(state.seats[0].hand) if f'"{c}"' in dump]
    assert view.discard == [] and view.discard_size == 3
    public = set(state.seats[0].hand) | {c for p in state.seats for c in p.city}
    assert not [c for c in set(state.discard) - public if f'"{c}"' in dump]
    assert '"palace"' not in dump and "palace" not in public
