"""Hidden information: what a view shows and what it leaves out (spec §15.1; checklist A116).

The leak test perturbs everything a seat may not know (the other players' hands and expedition cards, the order of
every deck and stack) and checks that the seat's view does not change."""

from __future__ import annotations

import random

import pytest

from rules.anno1800.data import CARDS

from .helpers import G, give_card, play, ship_tokens, start
from .test_properties import SEEDS, played


def perturbed(state, viewer: int | None, rng: random.Random):
    """A copy differing from ``state`` only in what ``viewer`` (None: a spectator) may not see."""
    new = state.clone()
    for deck in ("farmer_worker", "artisan_engineer_investor", "new_world"):
        pile = new.deck(deck)
        for seat, p in enumerate(new.seats):
            if seat == viewer:
                continue
            for i, card in enumerate(p.hand):  # another seat's hand: swapped with unseen cards of the same deck
                if CARDS[card].deck == deck and pile and rng.random() < 0.7:
                    j = rng.randrange(len(pile))
                    p.hand[i], pile[j] = pile[j], p.hand[i]
        rng.shuffle(pile)
    for seat, p in enumerate(new.seats):
        if seat != viewer and new.expeditions and not new.over:
            for i in range(len(p.expeditions)):
                j = rng.randrange(len(new.expeditions))
                p.expeditions[i], new.expeditions[j] = new.expeditions[j], p.expeditions[i]
    rng.shuffle(new.expeditions)
    rng.shuffle(new.old_world_tiles)
    rng.shuffle(new.new_world_tiles)
    return new


def leaks(state, viewer, rng) -> bool:
    other = perturbed(state, viewer, rng)
    return G.view(state, viewer).model_dump() != G.view(other, viewer).model_dump()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_leak_nothing(players):
    states, _, _ = played(players, SEEDS[players][0])
    rng = random.Random(players)
    for state in states[::40] + states[-2:]:
        for viewer in (None, *range(players)):
            assert not leaks(state, viewer, rng), (state.ply, viewer)
    # The perturbation is not empty: it changes what a player sees of their own hand.
    state = states[0]
    assert G.view(state, 1).model_dump() != G.view(perturbed(state, 0, rng), 1).model_dump()


def test_a_seat_sees_its_hand_and_expeditions_only():
    state = start()
    state.seats[1].expeditions.append(state.expeditions.pop())
    me, other, spectator = G.view(state, 0), G.view(state, 1), G.view(state, None)
    assert me.hand == state.seats[0].hand and other.hand == state.seats[1].hand and spectator.hand == []
    assert other.expeditions == state.seats[1].expeditions and me.expeditions == []
    assert me.players[1].expedition_count == 1 and me.players[1].expeditions == []
    assert me.players[1].hand_size == 9 and "fw08" not in str(me.model_dump())  # seat 1's first card
    assert me.deck_sizes == {"farmer_worker": 32, "artisan_engineer_investor": 28, "new_world": 24, "expeditions": 21}


def test_only_the_current_seat_has_a_decision_and_options():
    state = start()
    me, other = G.view(state, 0), G.view(state, 1)
    assert me.decision == "turn" and [o.move for o in me.options] == [m.notation for m in G.legal_moves(state, 0)]
    assert other.decision == "" and other.options == [] and G.view(state, None).options == []


def test_payment_options_say_what_they_spend():
    state = start(3)
    from .helpers import build_on, set_hand

    set_hand(state, 0, "fw02", "fw03")
    build_on(state, 1, "home_12", "beer_worker")
    ship_tokens(state, 0, card_trade=1)
    state, _ = play(state, "play:fw02")
    options = {o.move: o for o in G.view(state, 0).options}
    at, tt = options["pay:at"], options["pay:tt"]
    assert at.made == [{"resource": "bricks", "tier": "artisan", "count": 1}] and at.cubes == {"artisan": 1}
    assert at.traded == [{"resource": "beer"}] and at.trade_tokens == 1
    assert tt.trade_tokens == 3 and tt.cubes == {}
    state, _ = play(state, "pay:tt")
    options = {o.move: o for o in G.view(state, 0).options}
    assert options["partners:21"].traded == [{"resource": "bricks", "seat": 2, "price": 2},
                                             {"resource": "beer", "seat": 1, "price": 1}]


def test_the_swap_choice_is_private():
    state = start()
    state, _ = play(state, "swap", "swap:fw01")
    assert G.view(state, 0).chosen == ["fw01"]
    assert G.view(state, 1).chosen == [] and "fw01" not in str(G.pending(state, 0).params)


def test_expeditions_are_revealed_at_the_end():
    states, _, events = played(2, SEEDS[2][0])
    final = states[-1]
    view = G.view(final, 1)
    assert all(p.expeditions == final.seats[p.seat].expeditions for p in view.players)
    assert view.outcome is not None and view.outcome.finished
    over = [e for e in events[-1] if e.kind == "game_over"]
    assert over and over[0].params["expeditions"] == [p.expeditions for p in final.seats]


def test_played_cards_and_their_side_are_public():
    state = start()
    give_card(state, 0, "fw41", "fw42", where="played")
    state, _ = play(state, "activate")
    state, _ = play(state, "activate:fw41")
    view = G.view(state, 1)
    assert [(c.card, c.face_up) for c in view.players[0].played] == [("fw41", False), ("fw42", True)]
