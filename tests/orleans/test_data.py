"""The component data (orleans-data.md): counts, tables, and the provisional values named in the data files."""

from __future__ import annotations

from collections import Counter
from importlib import resources

from rules.orleans.data import (
    BOARD,
    CITIES,
    CONNECTIONS,
    DEED_LIST,
    DEV_CITIZENS,
    KNIGHT_DRAW,
    PLACES,
    ROUTES,
    SPACE_MARK,
    STACKS,
    TRACK,
)


def test_the_player_board_places_and_their_slots():
    assert {p: PLACES[p].slots for p in BOARD} == {
        "farm_house": ("boatman", "craftsman"),
        "village": ("farmer", "boatman", "craftsman"),
        "university": ("farmer", "craftsman", "trader"),
        "castle": ("farmer", "boatman", "trader"),
        "monastery": ("scholar", "trader"),
        "ship": ("farmer", "boatman", "knight"),
        "wagon": ("farmer", "trader", "knight"),
        "guildhall": ("farmer", "craftsman", "knight"),
        "scriptorium": ("knight", "scholar"),
        "town_hall": ("neutral", "neutral"),
    }


def test_the_two_stacks():
    assert set(STACKS[1]) == {"hayrick", "cheese_factory", "winery", "wool_manufacturer", "tailor_shop", "brewery",
                              "windmill", "library", "hospital", "sacristy", "herb_garden", "bathhouse"}
    assert set(STACKS[2]) == {"shipping_line", "cellar", "office", "laboratory", "school", "horse_wagon",
                              "pharmacy", "gunpowder_tower"}
    assert all(not PLACES[t].slots for t in ("herb_garden", "school", "gunpowder_tower"))
    assert PLACES["sacristy"].slots == ("monk",) and PLACES["pharmacy"].slots == ("any",)


def test_tracks():
    assert TRACK["farmer"].rewards == ("grain", "grain", "cheese", "cheese", "wine", "wine", "wool", "brocade")
    assert TRACK["boatman"].rewards == (2, 3, 4, 5, 6) and TRACK["boatman"].citizen == 5
    assert TRACK["scholar"].rewards == (2, 3, 4, 5, 6)
    assert KNIGHT_DRAW == (4, 5, 6, 7, 7, 8) and TRACK["knight"].citizen == 4
    assert all(TRACK[t].steps == 5 for t in ("boatman", "craftsman", "trader", "knight", "scholar"))


def test_the_map_per_city_road_and_river_counts():
    """orleans-data.md section 7: the (roads, rivers) of every city, as the transcribing engine's own test has."""
    expected = {
        "chartres": (4, 0), "etampes": (2, 0), "le_mans": (4, 0), "chateaudun": (4, 0), "vendome": (3, 0),
        "orleans": (4, 2), "montargis": (3, 0), "tours": (1, 4), "blois": (2, 2), "briare": (1, 2),
        "chinon": (1, 3), "montrichard": (1, 2), "vierzon": (3, 3), "loches": (2, 1), "bourges": (3, 1),
        "sancerre": (1, 2), "chatellerault": (2, 1), "le_blanc": (1, 2), "chateauroux": (5, 0), "nevers": (2, 1),
        "argenton": (3, 1), "la_chatre": (3, 0), "saint_amand": (3, 1),
    }
    assert {c: (len(ROUTES[(c, "road")]), len(ROUTES[(c, "river")])) for c in CITIES} == expected
    assert Counter(SPACE_MARK) == {0: 43, 3: 5, 4: 4}
    assert len(CONNECTIONS) == 43


def test_the_deeds():
    table = {d.id: (d.reward, Counter(d.spaces)) for d in DEED_LIST}
    assert table["city_wall"] == (1, Counter(knight=3, trader=1, farmer=3, craftsman=3))
    assert table["papal_conclave"] == (3, Counter(knight=1, monk=2))
    assert table["canalisation"][1] == Counter(boatman=3, trader=2, farmer=3, craftsman=2)
    assert sum(len(d.spaces) for d in DEED_LIST) == 45
    assert [d.id for d in DEED_LIST if d.choice] == ["canalisation"]


def test_the_provisional_values_are_named_in_the_data_files():
    data = resources.files("rules.orleans") / "data"
    places = (data / "places.toml").read_text(encoding="utf-8")
    tracks = (data / "tracks.toml").read_text(encoding="utf-8")
    bath = places[places.index('id = "bathhouse"'):places.index('id = "shipping_line"')]
    assert "PROVISIONAL" in bath and PLACES["bathhouse"].slots == ("any",)
    assert "PROVISIONAL" in tracks[tracks.index('id = "boatman"'):tracks.index('id = "craftsman"')]
    assert "PROVISIONAL" in tracks[tracks.index("[development]"):]
    assert sorted(DEV_CITIZENS) == [3, 18, 28]
