"""What the one-step rating of a position (``WondersGame.heuristic``, which the computer players use) sees."""

from __future__ import annotations

import pytest

from rules.wonders import strategy
from rules.wonders.data import LAND_DEFEAT, LAND_VICTORY, NAVAL_DEFEAT, NAVAL_REWARDS

from .helpers import G, give, ships, stages, start


def test_naval_forecast_is_the_token_each_seat_would_take_now():
    state = start(4, {"armada": True})
    ships(state, 0, red=2)
    ships(state, 2, red=1)
    assert strategy.naval_forecast(state) == {0: NAVAL_REWARDS[1][0], 1: NAVAL_DEFEAT[1],
                                              2: NAVAL_REWARDS[1][1], 3: NAVAL_DEFEAT[1]}
    assert strategy.naval_forecast(start(4)) == {}  # no Naval Conflict without Armada


def test_a_lead_at_sea_raises_the_rating_by_the_tokens_it_would_take():
    state = start(4, {"armada": True})
    before = [G.heuristic(state, s) for s in range(4)]
    ships(state, 0, red=1)  # seat 0 alone at sea: it would win the first token, the rest would share the defeat
    after = [G.heuristic(state, s) for s in range(4)]
    swing = strategy.NAVAL * (NAVAL_REWARDS[1][0] - NAVAL_DEFEAT[1])
    assert after[0] - before[0] == pytest.approx(swing)
    assert all(after[s] < before[s] for s in (1, 2, 3))


@pytest.mark.parametrize("age", [1, 2, 3])
def test_land_forecast_counts_every_conflict_to_come_against_each_neighbour(age):
    state = start(4, boards=["giza", "ephesos", "rhodos", "babylon"])
    state.age = age
    give(state, 0, "barracks")  # 1 shield: ahead of both its neighbours, seats 1 and 3
    stages(state, 2, 2)  # Rhodos A stage 2: 2 shields, ahead of seats 1 and 3 too
    ahead = sum(w * LAND_VICTORY[a] for w, a in zip(strategy.FORESIGHT, range(age, 4)))
    behind = LAND_DEFEAT * sum(strategy.FORESIGHT[:4 - age])
    assert [strategy.land_shields(state, s) for s in range(4)] == [1, 0, 2, 0]
    assert strategy.land_forecast(state) == pytest.approx([2 * ahead, 2 * behind, 2 * ahead, 2 * behind])
    assert ahead > -behind > 0  # a victory is worth more than a defeat costs
    assert strategy.FORESIGHT[0] > strategy.FORESIGHT[1] > strategy.FORESIGHT[2] > 0  # the further, the less


def test_wonder_stages_count_as_shields_in_the_rating():
    state = start(4, boards=["rhodos", "ephesos", "giza", "babylon"])
    before = G.heuristic(state, 0)
    stages(state, 0, 2)  # Rhodos A: wood, then 2 shields
    assert strategy.land_shields(state, 0) == 2
    assert strategy.land_forecast(state)[0] > 0
    assert G.heuristic(state, 0) > before


def test_allies_in_the_team_variant_do_not_fight():
    state = start(4, {"armada": True, "teams": True})
    give(state, 0, "barracks")
    forecast = strategy.land_forecast(state)
    assert state.ally(0) == 1
    assert forecast[0] == pytest.approx(sum(w * LAND_VICTORY[a] for w, a in zip(strategy.FORESIGHT, (1, 2, 3))))
    assert forecast[1] == 0.0  # its ally's shields are no threat to it


@pytest.mark.parametrize("age", [1, 2, 3])
def test_coins_count_for_less_than_the_treasury_until_the_last_age(age):
    state = start(3)
    state.age = age
    before = G.heuristic(state, 0)
    state.seats[0].coins += 3  # a discard's coins: a point of treasury
    assert G.heuristic(state, 0) - before == pytest.approx(3 * strategy.COIN[age])
    assert strategy.COIN[1] < strategy.COIN[2] < strategy.COIN[3] == pytest.approx(1 / 3)


def test_a_resource_card_rates_above_a_discard_in_the_first_age():
    state = start(3)
    coins = state.seats[0].coins
    discarded = state.clone()
    discarded.seats[0].coins = coins + 3
    built = state.clone()
    built.seats[0].city.append("lumber_yard")  # a wood a turn: cheaper cards for the rest of the game
    assert G.heuristic(built, 0) > G.heuristic(discarded, 0)


def test_a_producer_of_a_choice_rates_above_one_of_a_single_resource():
    state = start(3)
    single, choice = state.clone(), state.clone()
    single.seats[0].city.append("lumber_yard")  # wood
    choice.seats[0].city.append("tree_farm")  # wood or clay
    assert G.heuristic(choice, 0) > G.heuristic(single, 0)
