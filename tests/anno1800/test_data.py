"""The component data: counts from the rulebooks, values the rulebooks state or derive, and the honest marking of
every value no rulebook gives (``# conflict`` / ``# guess`` in ``rules/anno1800/data``)."""

from __future__ import annotations

import re
from importlib import resources

from rules.anno1800.data import (
    BUILDINGS,
    CARDS,
    DECK,
    EXPEDITIONS,
    HOME_FIELDS,
    INDUSTRY_TOKENS,
    KNOWN_OBJECTIVES,
    NEW_WORLD_TILES,
    OBJECTIVES,
    OLD_WORLD_TILES,
    RESOURCE_INDEX,
    TIER,
    TIERS,
)

# Every marked value, by file and the key on its line (or the block it opens): the one place to correct them.
MARKED = {
    ("home.toml", "conflict"): {"field counts", "investor hire"},
    ("home.toml", "guess"): {"artisan hire", "artisan upgrade", "artisan shift_end", "engineer upgrade",
                             "engineer upgrade_exhaust", "engineer shift_end", "investor shift_end",
                             "artisan_engineer_investor gold"},
    ("industries.toml", "conflict"): {"wool", "wool_farmer", "coffee tier", "high_wheelers cost"},
    ("ships.toml", "conflict"): {"shipyard_2", "shipyard_3", "trade_ship_3", "exploration_ship_2",
                                 "exploration_ship_3"},
}


def _marked() -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for name in ("home.toml", "industries.toml", "ships.toml", "cards.toml", "islands.toml", "expeditions.toml",
                 "objectives.toml"):
        text = (resources.files("rules.anno1800") / "data" / name).read_text(encoding="utf-8")
        for line in text.splitlines():
            for mark in ("conflict", "guess"):
                if re.search(rf"#\s*{mark}:", line):
                    out[(name, mark)] = out.get((name, mark), 0) + 1
    return out


def test_every_uncertain_value_is_marked_with_its_sources():
    assert _marked() == {key: len(values) for key, values in MARKED.items()}


def test_counts_from_the_rulebooks():
    assert len(INDUSTRY_TOKENS) == 35 and len(CARDS) == 102 and len(EXPEDITIONS) == 22
    assert len(OLD_WORLD_TILES) == 12 and len(NEW_WORLD_TILES) == 8 and len(OBJECTIVES) == 20
    assert sum(1 for c in CARDS.values() if c.deck == "farmer_worker") == 46
    assert sum(1 for c in CARDS.values() if c.deck == "artisan_engineer_investor") == 32
    assert sum(1 for c in CARDS.values() if c.deck == "new_world") == 24
    assert [DECK[d].vp for d in ("farmer_worker", "artisan_engineer_investor", "new_world")] == [3, 8, 5]


def test_values_the_rulebooks_state_or_derive():
    units = lambda *names: tuple(sorted(RESOURCE_INDEX[n] for n in names))  # noqa: E731
    assert BUILDINGS["timber_worker"].cost.units == () and BUILDINGS["shipyard_1"].cost.units == ()
    assert BUILDINGS["goods_worker"].cost.units == units("bricks") and BUILDINGS["goods_worker"].cost.exhaust[2] == 1
    assert BUILDINGS["windows_artisan"].cost.units == units("timber", "glass")
    assert BUILDINGS["rum_artisan"].cost.units == units("timber", "sugar_cane")
    assert BUILDINGS["exploration_ship_1"].cost.units == units("sails", "timber", "weapons")
    assert BUILDINGS["trade_ship_2"].cost.units == units("sails", "goods", "timber")
    assert TIER[1].hire.units == units("timber", "bricks")  # A87
    assert TIER[3].hire.units == units("coal", "goods", "steel_beams", "windows")
    assert TIER[0].upgrade.units == units("bricks") and TIER[1].upgrade.units == units("coal", "goods")  # A96
    assert [t.shift_end for t in TIER[:2]] == [1, 2] and DECK["farmer_worker"].gold == 1
    assert [t.trade_price for t in TIER[:4]] == [1, 1, 2, 3]
    assert [BUILDINGS[b].tier for b in ("beer_worker", "glass_worker", "weapons_artisan", "high_wheelers_engineer")] \
        == [TIERS.index("worker"), TIERS.index("worker"), TIERS.index("artisan"), TIERS.index("engineer")]


def test_home_island_and_its_five_artisan_start_industries():
    kinds = [k for k, _ in HOME_FIELDS]
    assert kinds.count("inland") == 10 and kinds.count("coast") == 5 and kinds.count("sea") == 5
    artisans = sorted(b for _, b in HOME_FIELDS if b.endswith("_artisan"))
    assert artisans == ["bricks_artisan", "coal_artisan", "goods_artisan", "sails_artisan", "steel_beams_artisan"]
    for b in artisans:  # each has a worker alternative on the board (the fifth is sails, data §2.2)
        assert b.replace("_artisan", "_worker") in INDUSTRY_TOKENS


def test_unknown_objectives_are_listed_but_never_dealt():
    assert len(KNOWN_OBJECTIVES) == 15
    assert {o for o in OBJECTIVES if not OBJECTIVES[o].known} == {
        "obj_carl_leonard_von_malching", "obj_eli_bleakworth", "obj_the_queen", "obj_willie_wibblesock",
        "obj_princess_qing"}


def test_expedition_slot_tiers_and_totals():
    slots = [t for e in EXPEDITIONS.values() for t in (e.animal, e.artefact)]
    assert (slots.count(2), slots.count(3), slots.count(4)) == (18, 16, 10)
