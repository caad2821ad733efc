"""A player's board: the places owned, their slots, what may fill a slot, the market and the bag as counts.

The substitution rules live in one predicate, ``fits(slot, follower, school, herb_garden)`` (spec §9.3): planning,
the Bathhouse and the checks of those moves all call it, so a menu never offers what a check refuses. Technology
tiles have theirs, ``tech_refusal``, used by the menu after passing and by the check alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rules.contract import IllegalMove
from rules.orleans.data import (
    BOARD,
    IS_COLOURED,
    KIND_OF,
    KNIGHT_DRAW,
    MARKET,
    PLACES,
    SLOT_PLACE,
    SLOT_TYPE,
    SLOT_TYPES,
    TECH,
    TOWER,
    TRACK,
    FOLLOWERS,
    Place,
)
from rules.orleans.errors import refusal
from rules.orleans.state import Player

KNIGHT = TRACK["knight"].index
_BOARD = frozenset(BOARD)
_HERB_SLOTS = frozenset(("farmer", "craftsman", "trader"))


# --- places ----------------------------------------------------------------------------------------------------
def owns(p: Player, place: str) -> bool:
    return place in _BOARD or place in p.tiles


def owned(p: Player) -> Iterable[str]:
    """The places of the seat: the player board's, then its tiles in the order gained."""
    yield from BOARD
    yield from p.tiles


def filled(p: Player, pl: Place) -> int:
    slots = p.slots
    return sum(1 for i in pl.indices if slots[i])


def activated(p: Player, place: str) -> bool:
    """All slots filled by followers or technology tiles (the Town Hall: one is enough)."""
    pl = PLACES[place]
    return bool(pl.slots) and filled(p, pl) >= pl.quorum


def followers_on(p: Player, place: str) -> list[str]:
    slots = p.slots
    return [slots[i] for i in PLACES[place].indices if slots[i] and slots[i] != TECH]


def first_empty(p: Player, place: str, slot: str) -> int:
    """The global index of the first empty slot of type ``slot`` of ``place``, -1 if none."""
    pl = PLACES[place]
    slots = p.slots
    for i in pl.indices:
        if not slots[i] and SLOT_TYPE[i] == slot:
            return i
    return -1


def empty_slot_types(p: Player, place: str) -> list[str]:
    """The distinct types of the empty slots of ``place``, in board order."""
    pl = PLACES[place]
    slots = p.slots
    out: list[str] = []
    for i in pl.indices:
        if not slots[i] and SLOT_TYPE[i] not in out:
            out.append(SLOT_TYPE[i])
    return out


def return_to_bag(p: Player, place: str) -> list[str]:
    """Send the followers of ``place`` to the bag after its action (technology tiles stay); returns them."""
    back = []
    slots = p.slots
    for i in PLACES[place].indices:
        f = slots[i]
        if f and f != TECH:
            slots[i] = ""
            add(p.bag, f)
            back.append(f)
    return back


# --- substitution ----------------------------------------------------------------------------------------------
def fits(slot: str, follower: str, school: bool, herb_garden: bool) -> bool:
    """May ``follower`` fill a slot of type ``slot``? A monk fills any slot and only a monk a monk slot; with the
    School a scholar fills any slot but a monk's; with the Herb Garden a boatman fills farmer, craftsman and
    trader slots; the Town Hall ("neutral") takes any neutral follower and the Pharmacy ("any") any follower."""
    if slot == "any":
        return True
    if slot == "neutral":
        return not IS_COLOURED[follower]
    kind = KIND_OF[follower]
    if kind == slot or kind == "monk":
        return True
    if slot == "monk":
        return False
    if kind == "scholar" and school:
        return True
    return kind == "boatman" and herb_garden and slot in _HERB_SLOTS


def fits_for(p: Player, slot: str, follower: str) -> bool:
    return fits(slot, follower, "school" in p.tiles, "herb_garden" in p.tiles)


# ``fits`` tabulated for the menus (the largest is planning's): (school, herb garden) -> slot type -> the followers
# that fit it, in ``FOLLOWERS`` order. Built from ``fits`` itself, so it cannot say anything else.
FITTING: dict[tuple[bool, bool], dict[str, tuple[str, ...]]] = {
    (school, herb): {slot: tuple(f for f in FOLLOWERS if fits(slot, f, school, herb)) for slot in SLOT_TYPES}
    for school in (False, True) for herb in (False, True)
}


def fitting(p: Player) -> dict[str, tuple[str, ...]]:
    return FITTING[("school" in p.tiles, "herb_garden" in p.tiles)]


def slot_refusal(p: Player, follower: str, place: str, slot: str, *, besides: str = "") -> IllegalMove | None:
    """Why ``follower`` may not go on an empty ``slot`` of ``place`` now (None: it may). ``besides``: a place it
    may not go on (the Bathhouse keeps nothing on itself)."""
    if place == besides:
        return refusal("not_on_bathhouse")
    if not owns(p, place):
        return refusal("not_owned", place=place)
    if slot not in PLACES[place].slots:
        return refusal("no_such_slot", place=place, slot=slot)
    if first_empty(p, place, slot) < 0:
        return refusal("slot_full", place=place, slot=slot)
    if not fits_for(p, slot, follower):
        if slot == "neutral":
            return refusal("coloured_follower", follower=follower)
        return refusal("wrong_follower", follower=follower, place=place, slot=slot)
    return None


class Target(NamedTuple):
    """Where a follower may go: an empty slot of type ``slot`` of ``place``."""

    follower: str
    place: str
    slot: str


def slot_targets(p: Player, followers: Iterable[str], *, besides: str = "") -> list[Target]:
    """Every target where one of ``followers`` fits an empty slot, ``besides`` excepted."""
    school, herb = "school" in p.tiles, "herb_garden" in p.tiles
    distinct = [f for f in FOLLOWERS if f in set(followers)]
    out = []
    for place in owned(p):
        if place == besides:
            continue
        for slot in empty_slot_types(p, place):
            for f in distinct:
                if fits(slot, f, school, herb):
                    out.append(Target(f, place, slot))
    return out


# --- technology tiles ------------------------------------------------------------------------------------------
def tech_refusal(p: Player, place: str, slot: str) -> IllegalMove | None:
    """Why a technology tile may not go on an empty ``slot`` of ``place`` now (None: it may)."""
    if p.tech <= 0:
        return refusal("no_tech")
    if not owns(p, place):
        return refusal("not_owned", place=place)
    pl = PLACES[place]
    if slot not in pl.slots:
        return refusal("no_such_slot", place=place, slot=slot)
    if pl.deeds:
        return refusal("tech_town_hall")
    if len(pl.slots) < 2:
        return refusal("tech_single_slot", place=place)
    if slot == "monk":
        return refusal("tech_on_monk")
    if TECH in (p.slots[i] for i in pl.indices):
        return refusal("tech_twice", place=place)
    if first_empty(p, place, slot) < 0:
        return refusal("slot_full", place=place, slot=slot)
    if p.tech_placed == 0 and slot != "farmer":
        return refusal("first_tech_farmer")
    return None


def tech_targets(p: Player) -> list[tuple[str, str]]:
    """Every (place, slot type) a technology tile may go on now."""
    if p.tech <= 0:
        return []
    return [(place, slot) for place in owned(p) for slot in empty_slot_types(p, place)
            if tech_refusal(p, place, slot) is None]


# --- market, tower, bag ----------------------------------------------------------------------------------------
def count(counter: dict[str, int]) -> int:
    return sum(counter.values())


def add(counter: dict[str, int], follower: str, n: int = 1) -> None:
    counter[follower] = counter.get(follower, 0) + n


def remove(counter: dict[str, int], follower: str) -> None:
    left = counter[follower] - 1
    if left:
        counter[follower] = left
    else:
        del counter[follower]


def market_free(p: Player) -> int:
    return MARKET - sum(p.market.values())


def tower_spaces(p: Player) -> int:
    return TOWER if "gunpowder_tower" in p.tiles else 0


def tower_free(p: Player) -> int:
    return tower_spaces(p) - len(p.tower)


def draw_limit(p: Player) -> int:
    return KNIGHT_DRAW[p.tracks[KNIGHT]]


def neutral_in(counter: dict[str, int]) -> int:
    return sum(n for f, n in counter.items() if not IS_COLOURED[f])


def place_of_slot(index: int) -> str:
    return SLOT_PLACE[index]
