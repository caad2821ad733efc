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
