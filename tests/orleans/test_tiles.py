"""The place tiles (O106-O127)."""

from __future__ import annotations

import pytest

from rules.orleans.board import draw_limit, market_free, tower_free
from rules.orleans.data import DEEDS, GOOD_INDEX, KIND_INDEX, PLACES

from .helpers import (
    G,
    calm,
    clear_market,
    first,
    give,
    kinds,
    notations,
    play,
    put,
    refused,
    sound,
    start,
    tile,
    to_event,
    to_planning,
)
from .test_places import acting

GOOD_TILES = {"hayrick": "grain", "cheese_factory": "cheese", "winery": "wine", "wool_manufacturer": "wool",
              "tailor_shop": "brocade"}
SLOTS = {
    "hayrick": ("farmer",), "cheese_factory": ("farmer", "farmer"), "winery": ("farmer", "trader"),
    "wool_manufacturer": ("boatman", "trader"), "tailor_shop": ("trader", "scholar"), "brewery": ("monk",),
    "windmill": ("craftsman", "craftsman"), "library": ("knight", "scholar"), "hospital": ("boatman", "scholar"),
    "shipping_line": ("boatman",), "cellar": ("monk", "scholar"), "office": ("scholar", "scholar"),
    "laboratory": ("craftsman", "scholar"), "horse_wagon": ("knight", "trader"), "pharmacy": ("any",),
    "sacristy": ("monk",),
}


def perform(place, *followers, seat=0, state=None, event="market_day"):
    state = state or start(2)
    tile(state, seat, place)
    state = acting(state, place, *(followers or SLOTS[place]), seat=seat, event=event)
    return play(state, seat, f"act:{place}")


@pytest.mark.parametrize("place, good", GOOD_TILES.items())
def test_O106_a_goods_tile_gives_its_good_from_the_market(place, good):
    state, events = perform(place)
    g = GOOD_INDEX[good]
    assert state.seats[0].goods[g] == 1
    assert first(events, "good_gained").params == {"good": good, "source": "market"}
    sound(state)


def test_O107_not_without_that_good_in_the_market():
    state = tile(start(2), 0, "tailor_shop")
    state.seats[1].goods[4] += state.goods[4]
    state.goods[4] = 0
    state = acting(state, "tailor_shop", "trader", "scholar")
    assert "act:tailor_shop" not in notations(state, 0)
    refused(state, 0, "act:tailor_shop", "orleans.error.goods_empty")


@pytest.mark.parametrize("place, coins, dev", [("brewery", 2, 0), ("library", 0, 2), ("windmill", 2, 1),
                                               ("cellar", 4, 0), ("shipping_line", 0, 1)])
def test_O108_to_O112_coins_and_development_points(place, coins, dev):
    """O108 Brewery, O109 Library, O110 Windmill, O111 Cellar, O112 Shipping Line (Docks)."""
    state, _ = perform(place)
    assert state.seats[0].coins == 5 + coins and state.seats[0].dev == dev


def test_O113_the_office_pays_a_coin_per_station_built():
    state = start(2)
    state.seats[0].built = ["tours", "blois", "orleans"]
    state.seats[0].stations = 7
    state, _ = perform("office", state=state)
    assert state.seats[0].coins == 5 + 3


def test_O114_O115_the_laboratory_gives_a_tile_that_may_go_on_the_laboratory():
    state, events = perform("laboratory")
    assert state.seats[0].tech == 1 and "tech_gained" in kinds(events)
    state.seats[0].tech_placed = 1  # (not the first tile: the Laboratory has no farmer slot)
    state, _ = play(state, 1, "pass")
    state, _ = play(state, 0, "pass")
    assert "tech:laboratory:craftsman" in notations(state, 0) and "tech:laboratory:scholar" in notations(state, 0)
    state, _ = play(state, 0, "tech:laboratory:scholar")
    assert state.seats[0].slots[PLACES["laboratory"].first + 1] == "tech"


def test_O114_not_when_the_technology_supply_is_empty():
    state = tile(start(2), 0, "laboratory")
    state.seats[1].tech, state.tech = 16, 0
    state = acting(state, "laboratory", "craftsman", "scholar")
    refused(state, 0, "act:laboratory", "orleans.error.no_tech_tiles")


def test_O116_the_horse_wagon_follows_one_road_and_may_take_a_good():
    state, _ = perform("horse_wagon")
    assert notations(state, 0) == ["go:vierzon", "go:chartres", "go:chateaudun", "go:montargis"]
    state, _ = play(state, 0, "go:chartres")
    assert state.seats[0].decision == "good"
    good = notations(state, 0)[0]
    state, _ = play(state, 0, good)
    assert sum(state.seats[0].goods) == 1 and state.seats[0].merchant == "chartres"


def test_O117_O118_the_pharmacy_buys_development_points():
    state, _ = perform("pharmacy", "knight")
    assert notations(state, 0) == ["pay:1", "pay:2", "pay:3"]
    refused(state, 0, "pay:4", "orleans.error.pay_range")
    paid, _ = play(state, 0, "pay:3")
    assert paid.seats[0].coins == 2 and paid.seats[0].dev == 3
    poor = tile(start(2), 0, "pharmacy")
    poor.seats[0].coins = 2
    poor, _ = play(acting(poor, "pharmacy", "knight"), 0, "act:pharmacy")
    assert notations(poor, 0) == ["pay:1", "pay:2"]
    refused(poor, 0, "pay:3", "orleans.error.not_enough_coins")
    broke = tile(start(2), 0, "pharmacy")
    broke.seats[0].coins = 0
    broke = acting(broke, "pharmacy", "knight")
    refused(broke, 0, "act:pharmacy", "orleans.error.no_coins")  # O118: at least 1 coin


def _tower_drawing(bag):
    state = tile(start(2), 0, "gunpowder_tower")
    clear_market(state, 0)
    give(state, 0, *["farmer"] * 6, to="market")
    give(state, 0, *bag)
    return calm(state, lambda s: s.round == 2)


def test_O119_the_gunpowder_tower_adds_two_market_spaces():
    state = _tower_drawing(("knight", "knight", "scholar", "monk"))
    p = state.seats[0]
    assert market_free(p) == 2 and tower_free(p) == 2 and draw_limit(p) == 4
    assert [m for m in notations(state, 0) if m.startswith("draw")] == ["draw:1", "draw:2", "draw:3", "draw:4"]
    state, events = play(state, 0, "draw:4")
    assert sum(state.seats[0].market.values()) == 8 and len(state.seats[0].tower) == 2
    assert len(first(events, "drawn").params["tower"]) == 2


def test_O119_drawn_followers_may_be_moved_onto_the_tower():
    state = _tower_drawing(("knight", "knight"))
    state, _ = play(state, 0, "draw:1")
    drawn = state.seats[0].fresh[0]
    assert f"tower:{drawn}" in notations(state, 0)
    refused(state, 0, "tower:farmer", "orleans.error.not_drawn")
    state, _ = play(state, 0, f"tower:{drawn}")
    assert state.seats[0].tower == [drawn]


def test_O120_tower_followers_may_be_planned_onto_slots():
    state = tile(start(2), 0, "gunpowder_tower")
    give(state, 0, "knight", to="tower")
    state = to_planning(state)
    assert "place:knight:castle:boatman:tower" not in notations(state, 0)
    state, _ = play(state, 0, "place:knight:scriptorium:knight:tower")
    assert state.seats[0].tower == [] and "knight" in state.seats[0].slots
    state, _ = play(state, 0, "unplace:scriptorium:knight")
    assert state.seats[0].tower == ["knight"]  # taken back to where it came from


def test_O121_one_action_sends_one_or_two_tower_followers_to_deeds():
    state = tile(start(2), 0, "gunpowder_tower")
    give(state, 0, "knight", "monk", to="tower")
    state.deeds[DEEDS["papal_conclave"].first + 1] = 1  # one monk space already filled by seat 1
    state.supply[KIND_INDEX["monk"]] -= 1
    state = acting(state, "scriptorium")
    assert "act:gunpowder_tower" in notations(state, 0)
    state, _ = play(state, 0, "act:gunpowder_tower", "deed:monk:papal_conclave", "deed:knight:papal_conclave")
    assert state.seats[0].tower == [] and state.seats[0].coins == 5 + 6
    assert state.seats[0].citizens == ["papal_conclave"]
    coloured = tile(start(2), 0, "gunpowder_tower")
    give(coloured, 0, "own_farmer", to="tower")
    coloured = acting(coloured, "scriptorium")
    refused(coloured, 0, "act:gunpowder_tower", "orleans.error.no_deed_space")  # never a coloured one


def _bathing(bag, seat=0, state=None):
    state = tile(state or start(2), seat, "bathhouse")
    give(state, seat, *bag)
    return acting(state, "bathhouse", "knight", seat=seat)


def test_O122_O124_the_bathhouse_draws_two_and_keeps_one_on_a_matching_slot():
    state = _bathing(("scholar", "scholar"))
    state, events = play(state, 0, "act:bathhouse")
    assert first(events, "bath_drawn").reveals and first(events, "bath_drawn").params == {
        "followers": ["scholar", "scholar"]}
    assert state.seats[0].decision == "bath"
    assert "keep:scholar:monastery:scholar" in notations(state, 0)
    state, events = play(state, 0, "keep:scholar:monastery:scholar")
    p = state.seats[0]
    assert "scholar" in p.slots and p.bag == {"scholar": 1, "knight": 1}  # O124: the other and the bath's own
    sound(state)


def test_O123_the_kept_follower_may_not_go_on_the_bathhouse():
    state = _bathing(("knight", "scholar"))
    state, _ = play(state, 0, "act:bathhouse")
    assert not any(":bathhouse:" in m for m in notations(state, 0))
    refused(state, 0, "keep:knight:bathhouse:any", "orleans.error.not_on_bathhouse")


def test_O125_if_neither_fits_both_go_back():
    # Two farmers drawn, and every slot a farmer could take is full (the Town Hall's too).
    state = start(2)
    for place, followers in (("village", ("farmer",)), ("university", ("farmer",)), ("castle", ("farmer",)),
                             ("ship", ("farmer",)), ("wagon", ("farmer",)), ("guildhall", ("farmer",)),
                             ("town_hall", ("knight", "knight"))):
        put(state, 0, place, *followers)
    state = _bathing(("farmer", "farmer"), state=state)
    state, events = play(state, 0, "act:bathhouse")
    assert kinds(events)[-2:] == ["bath_returned", "returned"] and state.seats[0].decision == ""
    assert state.seats[0].bag.get("farmer") == 2
    sound(state)


def test_O126_an_activated_sacristy_ignores_harvest_taxes_and_plague():
    for event in ("harvest", "taxes", "plague"):
        state = tile(start(2), 0, "sacristy")
        put(state, 0, "sacristy", "monk")
        state.seats[0].goods = [0, 0, 0, 3, 0]
        state.goods[3] -= 3
        give(state, 0, "knight")
        state, _ = to_event(state, event)
        assert state.seats[0].decision == "sacristy" and G.pending(state, 0).params == {"event": event}
        used, events = play(state, 0, "sacristy:use")
        assert used.seats[0].coins == 5 and used.seats[0].bag.get("monk") == 1 and used.seats[0].bag.get("knight") == 1
        assert used.seats[0].goods == [0, 0, 0, 3, 0]
        assert "sacristy_used" in kinds(events)
    state = tile(start(2), 0, "sacristy")
    put(state, 0, "sacristy", "monk")
    state, events = to_event(state, "income")
    assert "sacristy_used" not in kinds(events) and state.seats[0].coins == 6  # only the negative events


def test_O126_the_sacristy_is_optional():
    state = tile(start(2), 0, "sacristy")
    put(state, 0, "sacristy", "monk")
    state, _ = to_event(state, "harvest")
    state, _ = play(state, 0, "sacristy:skip")
    assert state.seats[0].coins == 0 and state.seats[0].slots.count("monk") == 1  # paid 5: no food


def test_O127_a_place_tile_is_usable_by_its_owner_only():
    state = tile(start(2), 0, "library")
    clear_market(state, 1)
    give(state, 1, "knight", "scholar", to="market")
    refused(state, 1, "place:knight:library:knight", "orleans.error.not_owned")
    state, _ = play(state, 0, "done")
    give(state, 0, "knight", to="market")
