"""The computer players' hooks (``AnnoGame.determinize``, ``heuristic`` and ``evaluation``): a re-drawn state keeps everything a seat
knows and changes what it does not (A116: hands, expedition cards, deck and stack orders), and the players of
``rules.players`` play whole games, legal move after legal move, to the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.anno1800 import strategy
from rules.anno1800.data import CARDS, RESOURCES
from rules.anno1800.islands import field_ids
from rules.anno1800.state import Step
from rules.players import GreedyPlayer, RandomPlayer

from .helpers import (G, build_on, free_field, give_card, kind, moves, play, set_cubes, set_hand, ship_tokens, sound,
                      start)
from .test_properties import played


def _decks(hand: list[str]) -> Counter:
    return Counter(CARDS[c].deck for c in hand)


@pytest.mark.parametrize("players", [2, 4])
def test_A116_determinize_redraws_only_what_the_seat_cannot_see(players):
    states = played(players, {2: 3, 4: 2}[players])[0]
    rng = random.Random(players)
    changed = 0
    for state in states[::60]:
        for seat in (None, *range(players)):
            other = sound(G.determinize(state, seat, rng))
            assert G.view(other, seat).model_dump() == G.view(state, seat).model_dump()
            if seat is not None:
                assert G.legal_moves(other, seat) == G.legal_moves(state, seat)
                assert other.seats[seat].hand == state.seats[seat].hand
                assert other.seats[seat].expeditions == state.seats[seat].expeditions
            for s in range(players):  # every hand keeps as many cards of each deck: every draw names its deck
                assert _decks(other.seats[s].hand) == _decks(state.seats[s].hand)
                changed += other.seats[s].hand != state.seats[s].hand
            for name in ("farmer_worker", "artisan_engineer_investor", "new_world", "expeditions",
                         "old_world_tiles", "new_world_tiles"):
                assert len(other.deck(name)) == len(state.deck(name))
    assert changed > 10


def test_A116_determinize_keeps_the_cards_a_move_named_and_the_finished_games_expeditions():
    state = start()
    card = state.seats[0].hand[3]
    state.turn.steps.append(Step(kind="pay", purpose="play", item=card))  # seat 0 chose to play it
    rng = random.Random(1)
    changed = 0
    for _ in range(10):
        other = sound(G.determinize(state, 1, rng))
        assert card in other.seats[0].hand and other.turn.steps[-1].item == card
        changed += other.seats[0].hand != state.seats[0].hand
    assert changed
    final = played(2, 3)[0][-1]
    for seat in (None, 0, 1):
        again = G.determinize(final, seat, rng)
        assert [p.expeditions for p in again.seats] == [p.expeditions for p in final.seats]  # revealed at the end


def test_determinize_leaves_the_state_given_unchanged():
    state = played(3, 1)[0][80]
    before = state.model_dump_json()
    G.determinize(state, 0, random.Random(0))
    assert state.model_dump_json() == before


def test_the_heuristic_sees_a_card_being_paid_for_and_a_played_card():
    state = start()
    build_on(state, 1, "home_12", "beer_worker")
    give_card(state, 0, "fw02")  # bricks (made) + beer (traded from seat 1)
    base = G.heuristic(state, 0)
    plays = [m for m in moves(state) if m.startswith("play:")]
    assert plays, moves(state)
    after, _ = play(state, plays[0])
    assert G.heuristic(after, 0) > base
    while kind(after) in ("pay", "partner", "tokens"):
        after, _ = play(after, moves(after)[0])
    assert G.heuristic(after, 0) > base
    assert G.heuristic(after, 1) < G.heuristic(state, 1)  # the others' standing is relative to the best other seat


def _whole_game(players: int, seed: int, kinds: str) -> tuple[int, object]:
    state = G.setup(players, seed=seed)
    seats = [(GreedyPlayer if k == "g" else RandomPlayer)(seed * 10 + s) for s, k in enumerate(kinds)]
    count = 0
    while G.active_seats(state):
        seat = state.current
        move = seats[seat].choose(G, state, seat)
        assert move in G.legal_moves(state, seat), (seed, state.ply, move)
        state, _ = G.apply(state, seat, move)
        count += 1
        assert count < 6000, "no end"
    sound(state)
    return count, state


def test_the_search_counts_cubes_for_less_and_cards_in_hand_for_more_than_the_one_step_player():
    state = start(2)
    hired = set_cubes(state.clone(), 0, district={"worker": state.seats[0].district[1] + 1})
    assert 0 < G.evaluation(hired, 0) - G.evaluation(state, 0) < G.heuristic(hired, 0) - G.heuristic(state, 0)
    drawn = give_card(state.clone(), 0, next(c for c in CARDS if CARDS[c].deck == "farmer_worker"
                                                 and c not in state.seats[0].hand))
    assert G.evaluation(drawn, 0) - G.evaluation(state, 0) < G.heuristic(drawn, 0) - G.heuristic(state, 0)


@pytest.mark.parametrize("players, seed, kinds", [(2, 0, "gr"), (3, 0, "grg"), (4, 0, "grgr"), (3, 0, "ggr"),
                                                  (4, 0, "gggg")])
def test_greedy_and_random_players_finish_whole_games(players, seed, kinds):
    _, state = _whole_game(players, seed, kinds)
    outcome = G.outcome(state)
    assert outcome.finished and outcome.winners and state.over
    if players > 2 and "r" in kinds:  # the heuristic means something: a greedy seat beats the random ones
        assert all(kinds[s] == "g" for s in outcome.winners)


def _cover(state, seat: int, printed: str, building: str = "coal_worker"):
    """``building`` over the seat's printed ``printed``."""
    p = state.seats[seat]
    return build_on(state, seat, field_ids(p)[p.buildings.index(printed)], building)


def test_the_last_maker_of_a_building_material_at_the_table_is_worth_most():
    state = start(3)
    assert all("wool_farmer" in p.buildings for p in state.seats)  # printed on every home island
    shared = G.heuristic(state, 0) - G.heuristic(_cover(state.clone(), 0, "wool_farmer"), 0)
    alone = _cover(_cover(state.clone(), 1, "wool_farmer"), 2, "wool_farmer")  # nobody to trade wool from
    stranded = G.heuristic(alone, 0) - G.heuristic(_cover(alone.clone(), 0, "wool_farmer"), 0)
    assert 0 < shared < stranded
    wool = RESOURCES.index("wool")
    assert stranded - shared == pytest.approx(strategy.SUPPLY[wool] * (strategy.STRANDED - 1))
    assert strategy.SUPPLY[RESOURCES.index("sails")] > 0  # every ship is built of sails
    assert strategy.SUPPLY[RESOURCES.index("beer")] == 0  # only cards ask for beer


def test_computer_players_hold_no_festival_that_brings_nothing_back():
    state = start(2)
    assert "festival" in moves(state)  # legal: a player may throw a turn away
    assert "festival" not in [m.notation for m in G.considered_moves(state, 0)]
    tired = set_cubes(state.clone(), 0, exhausted={"farmer": 1})
    assert "festival" in [m.notation for m in G.considered_moves(tired, 0)]
    used = ship_tokens(state.clone(), 0, trade_used=1)
    assert "festival" in [m.notation for m in G.considered_moves(used, 0)]


def test_a_seat_s_only_shipyard_is_worth_keeping():
    state = start(2)
    assert state.seats[0].buildings.count("shipyard_1") == 1  # printed on the home island
    lone = G.heuristic(state, 0) - G.heuristic(_cover(state.clone(), 0, "shipyard_1"), 0)
    two = build_on(state.clone(), 0, free_field(state, 0, "coast"), "shipyard_2")
    spare = G.heuristic(two, 0) - G.heuristic(_cover(two.clone(), 0, "shipyard_1"), 0)
    assert lone - spare == pytest.approx(strategy.YARD)


def test_cards_asking_for_more_exploration_tokens_than_the_ships_hold_want_what_a_ship_costs():
    weapons = "weapons_artisan"
    assert RESOURCES.index("weapons") in strategy.SHIP.cost.units
    gains = []
    for hand in (("fw02",), ("fw02", "fw36")):  # fw36 asks for 2 exploration tokens; the home island's ship holds 1
        state = set_hand(start(2), 0, *hand)
        built = build_on(state.clone(), 0, free_field(state, 0, "coast"), weapons)
        gains.append(G.heuristic(built, 0) - G.heuristic(state, 0))
    assert CARDS["fw36"].cost.explore == 2
    assert gains[1] > gains[0]


def test_the_rating_of_a_field_to_cover_promises_no_more_than_covering_brings():
    state = start()
    for field, building in {"home_12": "bread_worker", "home_13": "glass_worker", "home_14": "beer_worker",
                            "home_15": "coal_worker"}.items():  # every free land field taken
        build_on(state, 0, field, building)
    state, _ = play(state, "build", "build:timber_worker")
    assert kind(state) == "cover"  # no free field: the choice starts among the buildings to cover
    best = max(G.heuristic(play(state, m)[0], 0) for m in moves(state) if m.startswith("field:"))
    assert G.heuristic(state, 0) <= best


def test_once_the_fireworks_are_taken_only_points_count():
    state = start(2)
    before = G.heuristic(state, 0)
    state.fireworks, state.end_round = 1, state.round + 1  # seat 1 emptied its hand: the last rounds are on
    points = [G.outcome(state).scores[s]["total"] for s in (0, 1)]
    assert points[1] - points[0] == 7  # the fireworks
    assert [G.heuristic(state, s) for s in (0, 1)] == [points[0] - points[1], points[1] - points[0]]
    assert G.heuristic(state, 0) != before
    fuller = give_card(state.clone(), 1, *state.deck("farmer_worker")[:3])  # cards that will never be played
    assert G.heuristic(fuller, 0) == G.heuristic(state, 0)


def test_computer_players_go_back_from_the_last_makers_only_once():
    state = start()
    build_on(state, 0, "home_15", "coal_worker")
    build_on(state, 0, "home_14", "beer_worker")  # the only brewery on the table
    state, _ = play(state, "build", "build:timber_worker", "cover", "cover", "cover")
    assert kind(state) == "last" and "back" in [m.notation for m in G.considered_moves(state, 0)]
    state, _ = play(state, "back", "cover", "cover", "cover")
    assert kind(state) == "last" and "back" in moves(state)  # a person may go round as often as they like
    assert [m.notation for m in G.considered_moves(state, 0)] == ["field:home_14"]


def test_taking_a_token_back_is_rated_as_a_loss():
    state = start()
    build_on(state, 0, "home_15", "coal_worker")
    state, _ = play(state, "build")
    assert "remove" in moves(state)
    removing, _ = play(state, "remove")
    assert G.heuristic(removing, 0) < G.heuristic(state, 0)


def test_computer_players_neither_take_a_token_back_nor_cover_one_with_the_same_building():
    """Both are legal and change nothing a computer player wants: taking a token back only loses it (covering it
    returns it just the same), and covering a shipyard with its twin leaves the island as it was. Two greedy players
    with nothing better to do did one or the other turn after turn until the arena's 10 000 moves."""
    state = start()
    coast = free_field(state, 0, "coast")
    build_on(state, 0, coast, "shipyard_1")
    state, _ = play(state, "build")
    assert "remove" in moves(state)
    assert "remove" not in [m.notation for m in G.considered_moves(state, 0)]
    removing, _ = play(state, "remove")  # once asked for (a person may), every token on offer stays on offer
    assert [m.notation for m in G.considered_moves(removing, 0)] == moves(removing)
    for building, kept in (("shipyard_1", False), ("shipyard_2", True)):
        choosing, _ = play(state, f"build:{building}")
        while f"field:{coast}" not in moves(choosing):
            choosing, _ = play(choosing, "cover")
        considered = [m.notation for m in G.considered_moves(choosing, 0)]
        assert (f"field:{coast}" in considered) == kept and considered
