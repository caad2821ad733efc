"""Issue 16, item 4: what a seat cannot see cannot sway a computer player. ``determinize`` gives the same sample for
two states that differ only in hidden information (the order of a deck, which hidden card another player holds),
so the search player, given the same seed, decides the same."""

from __future__ import annotations

import random

from rules.players import SearchPlayer
from rules.registry import get_game
from tests.duel import helpers as duel
from tests.wonders import helpers as wonders

DUEL = get_game("duel")
WONDERS = get_game("wonders")


def test_duel_the_order_of_the_decks_still_to_deal_does_not_matter():
    state = duel.start()
    other = state.clone()
    other.decks = [list(reversed(deck)) for deck in other.decks]
    assert other.decks != state.decks
    seat = min(DUEL.active_seats(state))
    for seed in range(5):
        a = DUEL.determinize(state, seat, random.Random(seed))
        b = DUEL.determinize(other, seat, random.Random(seed))
        assert a.model_dump() == b.model_dump()
    assert (SearchPlayer(seed=1, iterations=40).choose(DUEL, state, seat)
            == SearchPlayer(seed=1, iterations=40).choose(DUEL, other, seat))


def test_wonders_which_hidden_card_another_player_holds_does_not_matter():
    state = wonders.start(3, sides="a")
    other = state.clone()
    one, two = other.seats[1].hand, other.seats[2].hand
    one[0], two[0] = two[0], one[0]  # seat 0 sees neither hand
    assert other.seats[1].hand != state.seats[1].hand
    for seed in range(5):
        a = WONDERS.determinize(state, 0, random.Random(seed))
        b = WONDERS.determinize(other, 0, random.Random(seed))
        assert a.model_dump() == b.model_dump()
    assert (SearchPlayer(seed=2, iterations=30).choose(WONDERS, state, 0)
            == SearchPlayer(seed=2, iterations=30).choose(WONDERS, other, 0))


def test_wonders_a_hand_the_seat_passed_on_is_the_hand_it_saw():
    """Seat 0 saw the hand it passed to seat 1, and seat 1 has not picked from it yet: every sample gives seat 1
    exactly those cards. Seat 2's hand, which seat 0 never held, is drawn again from every unseen card."""
    state, _events = wonders.discard_all(wonders.start(3, sides="a"))
    assert WONDERS.active_seats(state) == {0, 1, 2} and state.turn == 2
    redrawn = False
    for seed in range(10):
        sample = WONDERS.determinize(state, 0, random.Random(seed))
        assert sorted(sample.seats[1].hand) == sorted(state.seats[1].hand)
        redrawn = redrawn or sorted(sample.seats[2].hand) != sorted(state.seats[2].hand)
    assert redrawn


def test_wonders_a_card_taken_unseen_from_a_hand_the_seat_passed_on_may_be_any_of_it():
    """Seat 1 discards, face down, one of the cards seat 0 passed it; the hand goes on to seat 2. To seat 0 the
    hand may have lost any of its cards: the samples give seat 2 five of the six it may still hold, each of them
    sometimes left out, and they are the same whichever card seat 1 really discarded."""
    start, _events = wonders.discard_all(wonders.start(3, sides="a"))
    passed = list(start.seats[1].hand)  # what seat 0 saw when it passed the hand on
    first = [f"discard:{start.seats[s].hand[0]}" for s in (0, 2)]
    one, _events = wonders.turn(start, first[0], f"discard:{passed[1]}", first[1])
    other, _events = wonders.turn(start, first[0], f"discard:{passed[2]}", first[1])
    assert one.seats[2].hand != other.seats[2].hand and one.turn == 3
    left_out = set()
    for seed in range(30):
        a = WONDERS.determinize(one, 0, random.Random(seed))
        b = WONDERS.determinize(other, 0, random.Random(seed))
        assert a.model_dump() == b.model_dump()
        hand = a.seats[2].hand
        assert len(hand) == 5 and set(hand) <= set(passed) and len(set(hand)) == 5
        left_out |= set(passed) - set(hand)
        assert sorted(a.seats[1].hand) == sorted(one.seats[1].hand)  # seat 0 held it last turn: none taken since
    assert left_out == set(passed)
    assert (SearchPlayer(seed=3, iterations=30).choose(WONDERS, one, 0)
            == SearchPlayer(seed=3, iterations=30).choose(WONDERS, other, 0))


def test_wonders_hands_the_seat_held_are_drawn_again_from_what_may_be_in_them_all_game_long():
    """A whole random game of 7 Wonders with Armada at 7 (seed 21: among others, a card of which there are two copies
    is discarded from two hands that seat 0 passed on, and one copy is built again from the discard pile). At every
    decision, every seat's sample keeps the size of every hand, stage pile, deck and the discard pile, and gives each
    hand the seat held earlier in the age only cards that may still be in it: those it holds, and those taken from it
    since, out of the seat's sight."""
    from collections import Counter

    state = WONDERS.setup(7, {"armada": "on"}, seed=21)
    rng = random.Random(21)
    checked = 0
    while WONDERS.active_seats(state):
        for seat in sorted(WONDERS.active_seats(state)):
            sample = WONDERS.determinize(state, seat, random.Random(checked))
            assert [len(d) for d in sample.decks] == [len(d) for d in state.decks]
            assert len(sample.discard) == len(state.discard)
            for s, (mine, true) in enumerate(zip(sample.seats, state.seats)):
                assert (len(mine.hand), len(mine.stages)) == (len(true.hand), len(true.stages))
                passed = [i for i, pick in enumerate(true.trail) if pick.startswith(f"{seat}:")]
                if s != seat and passed:
                    taken = [pick.partition(":")[2] for pick in true.trail[passed[-1] + 1:]]
                    assert not Counter(mine.hand) - Counter(true.hand + [c for c in taken if c])
                    checked += 1
        seat = min(WONDERS.active_seats(state))
        state, _events = WONDERS.apply(state, seat, rng.choice(WONDERS.legal_moves(state, seat)))
    assert checked > 100


def test_computer_players_leave_alone_moves_that_only_take_back_a_choice():
    """Orléans' ``unplace`` (rearranging a plan) is for people: the greedy and search players never pick it, so
    they cannot go round in circles during planning; a game of them ends in a few hundred moves."""
    from rules.players import GreedyPlayer

    game = get_game("orleans")
    state = game.setup(2, game.options({}).model_dump(mode="json"), seed=3)
    players = [SearchPlayer(seed=1, iterations=20), GreedyPlayer(seed=2)]
    moves = 0
    while game.active_seats(state):
        seat = min(game.active_seats(state))
        move = players[seat].choose(game, state, seat)
        assert not game.retracts(move) and move in game.legal_moves(state, seat)
        state, _events = game.apply(state, seat, move)
        moves += 1
        assert moves < 1000
