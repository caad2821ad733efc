"""The card data against the tables of the rules (§3.1-§3.4, §3.7, and the effects D39, D46, D47, D114-D120)."""

from __future__ import annotations

import re

from rules.duel.data import CARDS, RESOURCES

# §3.1-§3.4: id, colour, cost (coins "2c", resources "2S"), VP, shields.
TABLE = """
    lumber_yard          brown   free       0 0
    logging_camp         brown   1c         0 0
    clay_pool            brown   free       0 0
    clay_pit             brown   1c         0 0
    quarry               brown   free       0 0
    stone_pit            brown   1c         0 0
    glassworks           grey    1c         0 0
    press                grey    1c         0 0
    guard_tower          red     free       0 1
    stable               red     W          0 1
    garrison             red     C          0 1
    palisade             red     2c         0 1
    workshop             green   P          1 0
    apothecary           green   G          1 0
    scriptorium          green   2c         0 0
    pharmacist           green   2c         0 0
    theater              blue    free       3 0
    altar                blue    free       3 0
    baths                blue    S          3 0
    stone_reserve        yellow  3c         0 0
    clay_reserve         yellow  3c         0 0
    wood_reserve         yellow  3c         0 0
    tavern               yellow  free       0 0
    sawmill              brown   2c         0 0
    brickyard            brown   2c         0 0
    shelf_quarry         brown   2c         0 0
    glass_blower         grey    free       0 0
    drying_room          grey    free       0 0
    walls                red     2S         0 2
    horse_breeders       red     C+W        0 1
    barracks             red     3c         0 1
    archery_range        red     S+W+P      0 2
    parade_ground        red     2C+G       0 2
    library              green   S+W+G      2 0
    dispensary           green   2C+S       2 0
    school               green   W+2P       1 0
    laboratory           green   W+2G       1 0
    courthouse           blue    2W+G       5 0
    statue               blue    2C         4 0
    temple               blue    W+P        4 0
    aqueduct             blue    3S         5 0
    rostrum              blue    S+W        4 0
    forum                yellow  3c+C       0 0
    caravansery          yellow  2c+G+P     0 0
    customs_house        yellow  4c         0 0
    brewery              yellow  free       0 0
    arsenal              red     3C+2W      0 3
    pretorium            red     8c         0 3
    fortifications       red     2S+C+P     0 2
    siege_workshop       red     3W+G       0 2
    circus               red     2C+2S      0 2
    academy              green   S+W+2G     3 0
    study                green   2W+G+P     3 0
    university           green   C+G+P      2 0
    observatory          green   S+2P       2 0
    palace               blue    C+S+W+2G   7 0
    town_hall            blue    3S+2W      7 0
    obelisk              blue    2S+G       5 0
    gardens              blue    2C+2W      6 0
    pantheon             blue    C+W+2P     6 0
    senate               blue    2C+S+P     5 0
    chamber_of_commerce  yellow  2P         3 0
    port                 yellow  W+G+P      3 0
    armory               yellow  2S+G       3 0
    lighthouse           yellow  2C+G       3 0
    arena                yellow  C+S+W      3 0
    builders_guild       purple  2S+C+W+G   0 0
    moneylenders_guild   purple  2S+2W      0 0
    scientists_guild     purple  2C+2W      0 0
    shipowners_guild     purple  C+S+G+P    0 0
    merchants_guild      purple  C+W+G+P    0 0
    magistrates_guild    purple  2W+C+P     0 0
    tacticians_guild     purple  2S+C+P     0 0
"""

SCIENCE = {
    "wheel": {"apothecary", "school"}, "quill": {"scriptorium", "library"}, "mortar": {"pharmacist", "dispensary"},
    "plumb": {"workshop", "laboratory"}, "globe": {"university", "observatory"}, "sundial": {"academy", "study"},
}


def parse_cost(text: str) -> tuple[int, tuple[int, ...]]:
    coins, units = 0, [0] * 5
    if text == "free":
        return coins, tuple(units)
    for part in text.split("+"):
        count, what = re.fullmatch(r"(\d*)([cWCSGP])", part).groups()
        if what == "c":
            coins += int(count)
        else:
            units[RESOURCES.index(what)] += int(count or 1)
    return coins, tuple(units)


def test_cards_match_the_tables_of_the_rules():
    rows = [line.split() for line in TABLE.strip().splitlines()]
    assert len(rows) == 73 and {r[0] for r in rows} == set(CARDS)
    for cid, colour, cost, vp, shields in rows:
        card = CARDS[cid]
        assert (card.colour, (card.coins, card.cost), card.vp, card.shields) == (
            colour, parse_cost(cost), int(vp), int(shields)), cid


def test_science_symbols_match_the_rules():
    for symbol, cards in SCIENCE.items():
        assert {c for c in CARDS if CARDS[c].science == symbol} == cards


def test_production_and_trade_effects_match_the_rules():
    produces = {c: CARDS[c].produces for c in CARDS if any(CARDS[c].produces)}
    assert produces == {
        "lumber_yard": (1, 0, 0, 0, 0), "logging_camp": (1, 0, 0, 0, 0), "clay_pool": (0, 1, 0, 0, 0),
        "clay_pit": (0, 1, 0, 0, 0), "quarry": (0, 0, 1, 0, 0), "stone_pit": (0, 0, 1, 0, 0),
        "glassworks": (0, 0, 0, 1, 0), "press": (0, 0, 0, 0, 1), "sawmill": (2, 0, 0, 0, 0),
        "brickyard": (0, 2, 0, 0, 0), "shelf_quarry": (0, 0, 2, 0, 0), "glass_blower": (0, 0, 0, 1, 0),
        "drying_room": (0, 0, 0, 0, 1),
    }
    assert {c: CARDS[c].choice for c in CARDS if CARDS[c].choice} == {"forum": (3, 4), "caravansery": (0, 1, 2)}
    assert {c: CARDS[c].fixed_price for c in CARDS if CARDS[c].fixed_price} == {
        "stone_reserve": (2,), "clay_reserve": (1,), "wood_reserve": (0,), "customs_house": (3, 4)}
    assert {c: (CARDS[c].gain, CARDS[c].gain_per) for c in CARDS if CARDS[c].gain or CARDS[c].gain_per} == {
        "tavern": (4, None), "brewery": (6, None), "chamber_of_commerce": (0, ("grey", 3)),
        "port": (0, ("brown", 2)), "armory": (0, ("red", 1)), "lighthouse": (0, ("yellow", 1)),
        "arena": (0, ("wonder", 2)),
    }
