"""The ten places of the player board (O61-O92): followers and tracks, travel, trading stations, the Town Hall."""

from __future__ import annotations

import pytest

from rules.orleans.board import draw_limit
from rules.orleans.data import CONNECTIONS, DEED_SPACE, DEEDS, GOODS, KIND_INDEX, PLACES, TRACK

from .helpers import (
    G,
    calm,
    first,
    give,
    kinds,
    layout,
    notations,
    play,
    put,
    refused,
    sound,
    start,
    to_actions,
)


def idx(track: str) -> int:
    return TRACK[track].index


def space(a: str, b: str, kind: str, k: int = 0) -> int:
    c = next(c for c in CONNECTIONS if {c.a, c.b} == {a, b} and c.kind == kind)
    return c.spaces[k]


def acting(state, place, *followers, seat=0, event="market_day"):
    """Put ``followers`` on ``place`` of ``seat`` and give it the turn (the round's event: ``event``). Every seat
    gets an activated Scriptorium, so the phase goes on after the action (the turn moves on) and the acting seat
    keeps its turn even when ``place`` cannot be performed."""
    put(state, seat, place, *followers)
    for other in range(state.players):
        if not any(state.seats[other].slots[i] for i in PLACES["scriptorium"].indices):
            put(state, other, "scriptorium", "knight", "scholar")
    return to_actions(state, seat, event)


# --- Farm House, Village, University, Castle, Monastery -----------------------------------------------------------
def test_O61_the_farm_house_needs_a_boatman_and_a_craftsman():
    assert PLACES["farm_house"].slots == ("boatman", "craftsman")
    state = acting(start(2), "farm_house", "own_boatman")
    refused(state, 0, "act:farm_house", "orleans.error.not_activated")


def test_O62_the_farm_house_gives_a_farmer_a_step_and_the_printed_good():
    state = acting(start(2), "farm_house", "own_boatman", "own_craftsman")
    state, events = play(state, 0, "act:farm_house")
    p = state.seats[0]
    assert p.bag["farmer"] == 1 and p.tracks[idx("farmer")] == 1 and p.goods == [1, 0, 0, 0, 0]
    assert kinds(events)[:5] == ["acted", "follower_gained", "track_advanced", "good_gained", "returned"]
    later = acting(start(2), "farm_house", "own_boatman", "own_craftsman")
    later.seats[0].tracks[idx("farmer")] = 6
    later, _ = play(later, 0, "act:farm_house")
    assert later.seats[0].goods[3] == 1  # position 7: wool
    sound(later)


def test_O63_the_village_gives_exactly_one_of_three():
    state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    state, _ = play(state, 0, "act:village")
    assert notations(state, 0) == ["village:boatman", "village:craftsman", "village:trader"]
    state, events = play(state, 0, "village:craftsman")
    assert kinds(events).count("follower_gained") == 1 and state.seats[0].bag.get("craftsman") == 1


def test_O64_the_village_boatman_pays_the_printed_coins():
    coins = []
    for pos in range(4):
        state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
        state.seats[0].tracks[idx("boatman")] = pos
        state, _ = play(state, 0, "act:village", "village:boatman")
        coins.append(state.seats[0].coins - 5)
    assert coins == [2, 3, 4, 5]


def test_O65_the_first_to_the_last_boatman_space_takes_its_citizen():
    state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    state.seats[0].tracks[idx("boatman")] = 4
    state, events = play(state, 0, "act:village", "village:boatman")
    assert "boatman_track" in state.seats[0].citizens and state.seats[0].coins == 5  # the citizen instead of coins
    second = acting(state, "village", "own_farmer", "own_boatman", "own_craftsman", seat=1)
    second.seats[1].tracks[idx("boatman")] = 4
    second, _ = play(second, 1, "act:village", "village:boatman")
    assert "boatman_track" not in second.seats[1].citizens and second.seats[1].coins == 5 + 6


def test_O66_the_village_craftsman_gives_a_technology_tile():
    state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    state, events = play(state, 0, "act:village", "village:craftsman")
    assert state.seats[0].tech == 1 and state.tech == 15 and state.seats[0].tracks[idx("craftsman")] == 1
    assert "tech_gained" in kinds(events)


def test_O67_O68_the_first_trader_step_takes_a_tile_of_stack_one():
    state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    state, _ = play(state, 0, "act:village", "village:trader")
    assert state.seats[0].decision == "tile" and G.pending(state, 0).params == {"stacks": [1]}
    assert all(PLACES[m.split(":")[1]].stack == 1 for m in notations(state, 0))
    refused(state, 0, "tile:school", "orleans.error.stack_locked")
    state, events = play(state, 0, "tile:windmill")
    assert state.seats[0].tiles == ["windmill"] and "windmill" not in state.stacks[0]
    assert first(events, "tile_gained").params == {"tile": "windmill", "stack": 1}


def test_O69_later_trader_steps_take_from_either_stack():
    state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    state.seats[0].tracks[idx("trader")] = 1
    state, _ = play(state, 0, "act:village", "village:trader")
    assert G.pending(state, 0).params == {"stacks": [1, 2]}
    assert len(notations(state, 0)) == 20
    state, _ = play(state, 0, "tile:school")
    assert state.seats[0].tiles == ["school"]


def test_O70_the_university_gives_a_scholar_and_development_points():
    state = acting(start(2), "university", "own_farmer", "own_craftsman", "own_trader")
    state.seats[0].tracks[idx("scholar")] = 2
    state, _ = play(state, 0, "act:university")
    p = state.seats[0]
    assert p.bag["scholar"] == 1 and p.tracks[idx("scholar")] == 3 and p.dev == 4  # position 3: 4 points


def test_O71_O73_the_castle_gives_a_knight_and_a_higher_draw_limit():
    state = acting(start(2), "castle", "own_farmer", "own_boatman", "own_trader")
    state, _ = play(state, 0, "act:castle")
    p = state.seats[0]
    assert p.bag["knight"] == 1 and p.tracks[idx("knight")] == 1 and draw_limit(p) == 5
    p.tracks[idx("knight")] = 3
    limit_3 = draw_limit(p)
    p.tracks[idx("knight")] = 4
    assert draw_limit(p) == limit_3 == 7  # O73


def test_O72_the_first_to_the_fifth_knight_space_takes_its_citizen():
    state = acting(start(2), "castle", "own_farmer", "own_boatman", "own_trader")
    state.seats[0].tracks[idx("knight")] = 3
    state, events = play(state, 0, "act:castle")
    assert state.seats[0].citizens == ["knight_track"]
    state = acting(state, "castle", "own_farmer", "own_boatman", "own_trader", seat=1)
    state.seats[1].tracks[idx("knight")] = 3
    state, events = play(state, 1, "act:castle")
    assert state.seats[1].citizens == [] and "citizen_gained" not in kinds(events)


def test_O74_the_monastery_gives_a_monk_and_no_track():
    state = acting(start(2), "monastery", "scholar", "own_trader")
    tracks = list(state.seats[0].tracks)
    state, events = play(state, 0, "act:monastery")
    assert state.seats[0].bag.get("monk") == 1 and state.seats[0].tracks == tracks
    assert "track_advanced" not in kinds(events)


def test_O75_no_monastery_in_a_pilgrimage_round():
    state = acting(start(2), "monastery", "scholar", "own_trader", event="pilgrimage")
    assert "act:monastery" not in notations(state, 0)
    refused(state, 0, "act:monastery", "orleans.error.pilgrimage")


# --- travel -----------------------------------------------------------------------------------------------------
def _goods_layout(players=3, **spaces):
    return layout(players, map_goods=spaces)


def test_O76_the_ship_follows_one_river():
    state = acting(start(2), "ship", "own_farmer", "own_boatman", "knight")
    state, _ = play(state, 0, "act:ship")
    assert state.seats[0].decision == "route"
    assert notations(state, 0) == ["go:briare", "go:blois"]
    refused(state, 0, "go:vierzon", "orleans.error.no_connection")  # a road
    state, events = play(state, 0, "go:blois")
    assert state.seats[0].merchant == "blois"
    assert first(events, "merchant_moved").params == {"from": "orleans", "to": "blois", "kind": "river"}


def test_O77_the_wagon_follows_one_road():
    state = acting(start(2), "wagon", "own_farmer", "own_trader", "knight")
    state, _ = play(state, 0, "act:wagon")
    assert notations(state, 0) == ["go:vierzon", "go:chartres", "go:chateaudun", "go:montargis"]
    refused(state, 0, "go:blois", "orleans.error.no_connection")


def test_O78_O79_one_good_of_the_connection_may_be_taken():
    state = G.setup(3, layout=layout(3, map_goods={space("orleans", "briare", "river", 0): "wine",
                                                   space("orleans", "briare", "river", 1): "wool"}))
    state = acting(state, "ship", "own_farmer", "own_boatman", "knight")
    state, _ = play(state, 0, "act:ship", "go:briare")
    assert state.seats[0].decision == "good" and notations(state, 0) == ["take:wine", "take:wool", "take:none"]
    taken, _ = play(state, 0, "take:wool")
    assert taken.seats[0].goods[3] == 1 and taken.map_goods[space("orleans", "briare", "river", 0)] == "wine"
    assert taken.map_goods[space("orleans", "briare", "river", 1)] == ""  # O78: exactly one
    skipped, _ = play(state, 0, "take:none")  # O79
    assert skipped.seats[0].goods == [0] * 5 and skipped.seats[0].merchant == "briare"
    refused(state, 0, "take:brocade", "orleans.error.good_not_there")


def test_O80_O81_an_empty_connection_may_be_travelled_and_goods_never_come_back():
    state = acting(start(2), "ship", "own_farmer", "own_boatman", "knight")
    blois = space("orleans", "blois", "river")
    state.goods[GOODS.index(state.map_goods[blois])] += 1  # (back to the market: goods stay conserved)
    state.map_goods[blois] = ""
    state, events = play(state, 0, "act:ship", "go:blois")
    assert state.seats[0].merchant == "blois" and state.seats[0].decision == "" and "good_gained" not in kinds(events)
    sound(state)
    later = calm(state, lambda s: s.round == 4)
    assert later.map_goods[blois] == ""  # O81


# --- Guildhall and Scriptorium --------------------------------------------------------------------------------------
def test_O82_a_station_only_where_none_stands():
    state = acting(start(2), "guildhall", "own_farmer", "own_craftsman", "knight")
    state.seats[0].merchant = "blois"
    state.seats[1].built.append("blois")
    state.seats[1].stations -= 1
    refused(state, 0, "act:guildhall", "orleans.error.station_taken")
    state.seats[0].merchant = "tours"
    state, events = play(state, 0, "act:guildhall")
    assert state.seats[0].built == ["tours"] and state.seats[0].stations == 9
    assert first(events, "station_built").params == {"city": "tours"}


def test_O83_in_orleans_each_player_may_build_one():
    state = acting(start(3), "guildhall", "own_farmer", "own_craftsman", "knight")
    state.seats[1].built.append("orleans")
    state.seats[1].stations -= 1
    state, _ = play(state, 0, "act:guildhall")
    assert state.seats[0].built == ["orleans"]
    state = acting(state, "guildhall", "own_farmer", "own_craftsman", "knight")
    refused(state, 0, "act:guildhall", "orleans.error.station_taken")


def test_O84_the_guildhall_needs_a_station_in_the_supply():
    state = acting(start(2), "guildhall", "own_farmer", "own_craftsman", "knight")
    state.seats[0].stations = 0
    state.seats[0].built = ["chartres", "etampes", "le_mans", "chateaudun", "montargis", "vendome", "blois",
                            "briare", "tours", "chinon"]
    refused(state, 0, "act:guildhall", "orleans.error.no_stations")
    sound(state)


def test_O85_the_scriptorium_gives_one_development_point():
    state = acting(start(2), "scriptorium", "knight", "scholar")
    state, _ = play(state, 0, "act:scriptorium")
    assert state.seats[0].dev == 1


# --- Town Hall ----------------------------------------------------------------------------------------------------
def test_O86_O88_the_town_hall_sends_each_follower_to_a_matching_deed_for_its_reward():
    state = acting(start(2), "town_hall", "knight", "scholar")
    state, _ = play(state, 0, "act:town_hall")
    moves = notations(state, 0)
    assert "deed:knight:city_wall" in moves and "deed:scholar:astronomy" in moves and "deed:none" not in moves
    assert all(m.split(":")[1] in ("knight", "scholar") for m in moves)
    state, events = play(state, 0, "deed:knight:papal_conclave")
    assert state.seats[0].coins == 5 + 3 and notations(state, 0) == [
        "deed:scholar:defeating_plague", "deed:scholar:astronomy", "deed:scholar:boatmens_guild",
        "deed:scholar:peace_treaty"]  # each follower goes (O86): no "deed:none"
    refused(state, 0, "deed:none", "orleans.error.must_send_all")
    state, events = play(state, 0, "deed:scholar:defeating_plague")
    assert state.seats[0].coins == 5 + 3 + 2 and state.seats[0].decision == ""
    first_space = DEEDS["papal_conclave"].first
    assert state.deeds[first_space] == 0 and DEED_SPACE[first_space] == "knight"


def test_O86_a_town_hall_follower_without_a_space_goes_back_to_the_bag():
    state = acting(start(2), "town_hall", "knight", "monk")
    for i in DEEDS["papal_conclave"].indices[1:] + DEEDS["cathedral"].indices[2:4] + DEEDS["peace_treaty"].indices[:1]:
        state.deeds[i] = 1  # every monk space taken
        state.supply[KIND_INDEX["monk"]] -= 1
    state, events = play(state, 0, "act:town_hall", "deed:knight:city_wall")
    assert state.seats[0].bag.get("monk") == 1 and state.seats[0].bag.get("knight") is None
    assert first(events, "returned").params == {"place": "town_hall", "followers": ["monk"]}
    sound(state)


def test_O87_monks_are_not_wild_on_the_deeds():
    state = acting(start(2), "town_hall", "monk")
    state, _ = play(state, 0, "act:town_hall")
    assert {m.split(":")[2] for m in notations(state, 0)} == {"papal_conclave", "cathedral", "peace_treaty"}
    refused(state, 0, "deed:monk:city_wall", "orleans.error.deed_full")


def test_O89_canalisation_pays_a_coin_or_a_development_point():
    state = acting(start(2), "town_hall", "boatman", "farmer")
    state, _ = play(state, 0, "act:town_hall", "deed:boatman:canalisation")
    assert state.seats[0].decision == "canal" and notations(state, 0) == ["canal:coin", "canal:dev"]
    state, _ = play(state, 0, "canal:dev")
    assert state.seats[0].dev == 1 and state.seats[0].coins == 5
    state, _ = play(state, 0, "deed:farmer:canalisation", "canal:coin")
    assert state.seats[0].coins == 6


def test_O90_filling_the_last_space_of_a_deed_gives_its_citizen():
    state = acting(start(2), "town_hall", "trader")
    for i in DEEDS["astronomy"].indices:
        if DEED_SPACE[i] == "scholar":
            state.deeds[i] = 1
            state.supply[5] -= 1
    state, events = play(state, 0, "act:town_hall", "deed:trader:astronomy")
    assert state.seats[0].citizens == ["astronomy"]
    sound(state)


def test_O91_followers_on_deeds_never_come_back():
    state = acting(start(2), "town_hall", "knight")
    state, _ = play(state, 0, "act:town_hall", "deed:knight:city_wall")
    p = state.seats[0]
    assert "knight" not in p.bag and "knight" not in p.market and p.slots.count("knight") == 1  # the Scriptorium's
    assert state.deeds[DEEDS["city_wall"].first] == 0
    sound(state)


# --- the end of a track -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("place, track, followers", [
    ("farm_house", "farmer", ("own_boatman", "own_craftsman")),
    ("university", "scholar", ("own_farmer", "own_craftsman", "own_trader")),
    ("castle", "knight", ("own_farmer", "own_boatman", "own_trader")),
])
def test_O92_no_action_on_the_last_space_of_its_track(place, track, followers):
    state = acting(start(2), place, *followers)
    state.seats[0].tracks[idx(track)] = TRACK[track].steps
    assert f"act:{place}" not in notations(state, 0)
    refused(state, 0, f"act:{place}", "orleans.error.track_end")


def test_O92_the_village_offers_only_the_open_tracks():
    state = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    state.seats[0].tracks[idx("boatman")] = 5
    state, _ = play(state, 0, "act:village")
    assert notations(state, 0) == ["village:craftsman", "village:trader"]
    refused(state, 0, "village:boatman", "orleans.error.track_end")
    closed = acting(start(2), "village", "own_farmer", "own_boatman", "own_craftsman")
    for t in ("boatman", "craftsman", "trader"):
        closed.seats[0].tracks[idx(t)] = 5
    refused(closed, 0, "act:village", "orleans.error.no_choice")


def test_the_route_and_good_decisions_name_their_place():
    state = acting(start(2), "wagon", "own_farmer", "own_trader", "knight")
    state, _ = play(state, 0, "act:wagon")
    assert G.pending(state, 0).params == {"place": "wagon", "kind": "road", "city": "orleans"}
    give(state, 0)
