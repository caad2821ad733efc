"""Limited supplies and general rules (O145-O150)."""

from __future__ import annotations

from rules.orleans.data import GOOD_INDEX, KIND_INDEX, TRACK

from .helpers import G, first, give, goods, kinds, play, refused, sound, start, tile, to_event
from .test_places import acting


def test_O145_no_action_whose_direct_yield_is_exhausted():
    state = start(2)
    k = KIND_INDEX["farmer"]
    state.seats[1].bag["farmer"] = state.supply[k]
    state.supply[k] = 0
    state = acting(state, "farm_house", "own_boatman", "own_craftsman")
    refused(state, 0, "act:farm_house", "orleans.error.supply_empty")
    monks = start(2)
    m = KIND_INDEX["monk"]
    monks.seats[1].bag["monk"] = monks.supply[m]
    monks.supply[m] = 0
    monks = acting(monks, "monastery", "scholar", "own_trader")
    refused(monks, 0, "act:monastery", "orleans.error.supply_empty")
    village = start(2)
    b = KIND_INDEX["boatman"]
    village.seats[1].bag["boatman"] = village.supply[b]
    village.supply[b] = 0
    village = acting(village, "village", "own_farmer", "own_boatman", "own_craftsman")
    village, _ = play(village, 0, "act:village")
    refused(village, 0, "village:boatman", "orleans.error.supply_empty")


def test_O146_a_follower_without_its_bonus():
    state = start(2)
    g = GOOD_INDEX["grain"]
    state.seats[1].goods[g] += state.goods[g]
    state.goods[g] = 0
    state = acting(state, "farm_house", "own_boatman", "own_craftsman")
    state, events = play(state, 0, "act:farm_house")
    assert state.seats[0].bag.get("farmer") == 1 and state.seats[0].tracks[TRACK["farmer"].index] == 1
    assert first(events, "bonus_missed").params == {"track": "farmer", "position": 1, "bonus": "good"}
    crafts = start(2)
    crafts.seats[1].tech, crafts.tech = 16, 0
    crafts = acting(crafts, "village", "own_farmer", "own_boatman", "own_craftsman")
    crafts, events = play(crafts, 0, "act:village", "village:craftsman")
    assert crafts.seats[0].tech == 0 and crafts.seats[0].tracks[TRACK["craftsman"].index] == 1
    assert "bonus_missed" in kinds(events)
    sound(crafts)


def test_O147_coins_are_unlimited():
    state = tile(start(2), 0, "cellar")
    state.seats[0].coins = 1000
    state = acting(state, "cellar", "monk", "scholar")
    state, _ = play(state, 0, "act:cellar")
    assert state.seats[0].coins == 1004


def test_O148_a_player_sees_the_contents_of_their_own_bag():
    state = give(start(2), 0, "knight", "monk", "monk")
    assert G.view(state, 0).players[0].bag == {"knight": 1, "monk": 2}
    strict = give(start(2, {"bags": "own"}), 0, "knight")
    assert G.view(strict, 0).players[0].bag == {"knight": 1}
    assert G.view(strict, 1).players[0].bag is None and G.view(strict, 1).players[0].bag_size == 1
    assert G.view(strict, None).players[0].bag is None


def test_O149_coloured_followers_never_leave_their_owner():
    state = give(start(2), 0, "own_farmer")
    state.seats[0].coins = 0
    state, _ = to_event(state, "plague")  # drawn, put back
    assert state.seats[0].bag == {"own_farmer": 1}
    state, _ = to_event(state, "harvest")  # tortured: no neutral follower to give
    assert "give:follower" not in [m.notation for m in G.legal_moves(state, 0)]
    # and never to the deeds: the Town Hall refuses them (O58), the tower never sends them (O121)
    sound(state)


def test_O150_harvest_food_goes_back_to_the_market_and_can_be_gained_again():
    state = start(2)
    g = GOOD_INDEX["grain"]
    state.seats[1].goods[g] += state.goods[g] - 1
    goods(state, 0, grain=1)
    state.goods[g] = 0
    state, _ = to_event(state, "harvest")
    assert state.goods[g] == 2  # seat 0's grain and seat 1's
    tile(state, 1, "hayrick")
    state = acting(state, "hayrick", "farmer", seat=1)
    state, _ = play(state, 1, "act:hayrick")
    assert state.goods[g] == 1  # gained again
