"""The component data of Orléans, loaded from ``data/*.toml`` and validated once, at import.

Everything is indexed for speed and named for reading:

* followers: the 7 neutral kinds (``KINDS``) and the 4 player-coloured ones, ``own_<kind>`` (``FOLLOWERS``);
* goods (``GOODS``) and the character tracks (``TRACKS``) are lists indexed in board order in the state;
* every activation slot of every place has a global index (``SLOT_PLACE``, ``SLOT_TYPE``), so a player's slots are
  one flat list; every goods space of the map and every beneficial-deed space has one too (``SPACE_CONN``,
  ``DEED_SPACE``).

Any count that disagrees with the rulebook's component list makes the import fail (``_validate``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((resources.files("rules.orleans") / "data" / name).read_text(encoding="utf-8"))


_game = _load("game.toml")
_places = _load("places.toml")
_tracks = _load("tracks.toml")
_map = _load("map.toml")
_deeds = _load("deeds.toml")

# --- numbers ---------------------------------------------------------------------------------------------------
MIN_PLAYERS: Final[int] = _game["min_players"]
MAX_PLAYERS: Final[int] = _game["max_players"]
ROUNDS: Final[int] = _game["rounds"]
START_COINS: Final[int] = _game["start_coins"]
STATIONS: Final[int] = _game["stations"]
MARKET: Final[int] = _game["market"]
TOWER: Final[int] = _game["tower"]
TECHNOLOGY: Final[int] = _game["technology"]
HARVEST_COINS: Final[int] = _game["harvest_coins"]
CENSUS_COINS: Final[int] = _game["census_coins"]

# --- followers -------------------------------------------------------------------------------------------------
KINDS: Final[tuple[str, ...]] = tuple(_game["kinds"])
COLOURED_KINDS: Final[tuple[str, ...]] = tuple(_game["coloured"])
OWN: Final = "own_"
COLOURED: Final[tuple[str, ...]] = tuple(OWN + k for k in COLOURED_KINDS)
FOLLOWERS: Final[tuple[str, ...]] = KINDS + COLOURED
KIND_OF: Final[dict[str, str]] = {**{k: k for k in KINDS}, **{OWN + k: k for k in COLOURED_KINDS}}
IS_COLOURED: Final[dict[str, bool]] = {f: f.startswith(OWN) for f in FOLLOWERS}
KIND_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(KINDS)}
FOLLOWER_SUPPLY: Final[dict[int, tuple[int, ...]]] = {
    int(n): tuple(row[k] for k in KINDS) for n, row in _game["followers"].items()
}

# --- goods -----------------------------------------------------------------------------------------------------
_goods = _game["goods"]
GOODS: Final[tuple[str, ...]] = tuple(_goods["count"])
GOOD_INDEX: Final[dict[str, int]] = {g: i for i, g in enumerate(GOODS)}
GOODS_COUNT: Final[tuple[int, ...]] = tuple(_goods["count"][g] for g in GOODS)
GOOD_POINTS: Final[tuple[int, ...]] = tuple(_goods["points"][g] for g in GOODS)
FOOD: Final[tuple[str, ...]] = tuple(_goods["food"])

_count = _game["player_count"]
REMOVED_GOODS: Final[dict[int, int]] = {int(n): v for n, v in _count["removed_goods"].items()}
EMPTY_MARKS: Final[dict[int, tuple[int, ...]]] = {int(n): tuple(v) for n, v in _count["empty_marks"].items()}
CENSUS_PAYS: Final[dict[int, bool]] = {int(n): v for n, v in _count["census_pays"].items()}
EXCLUDED_TILES: Final[dict[int, int]] = {int(n): v for n, v in _count["excluded_tiles"].items()}

# --- hour glass ------------------------------------------------------------------------------------------------
_hour = _game["hourglass"]
EVENTS: Final[tuple[str, ...]] = tuple(_hour["events"])
EVENT_COPIES: Final[int] = _hour["copies"]
FIRST_EVENT: Final[str] = _hour["first"]
TAXES_PER: Final[int] = _hour["taxes_per"]
SACRISTY_EVENTS: Final[frozenset[str]] = frozenset(_hour["sacristy"])


# --- character tracks ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Track:
    id: str
    index: int
    steps: int
    reward: str  # good | coins | tech | tile | draw | dev
    rewards: tuple[Any, ...] = ()  # rewards[p - 1] on reaching position p (goods, coins, development points)
    draw: tuple[int, ...] = ()  # the knight track: the draw limit at each position
    citizen: int | None = None  # the position whose citizen the first player to reach it gains
    citizen_instead: bool = False  # ... instead of that position's reward (the boatman track)
    first_stack: int = 0  # the trader track: the only stack of the first step


TRACK_LIST: Final[tuple[Track, ...]] = tuple(
    Track(
        id=t["id"],
        index=i,
        steps=t["steps"],
        reward=t["reward"],
        rewards=tuple(t.get("rewards", ())),
        draw=tuple(t.get("draw", ())),
        citizen=t.get("citizen"),
        citizen_instead=t.get("citizen_instead", False),
        first_stack=t.get("first_stack", 0),
    )
    for i, t in enumerate(_tracks["track"])
)
TRACKS: Final[tuple[str, ...]] = tuple(t.id for t in TRACK_LIST)
TRACK: Final[dict[str, Track]] = {t.id: t for t in TRACK_LIST}
KNIGHT_DRAW: Final[tuple[int, ...]] = TRACK["knight"].draw

_dev = _tracks["development"]
DEV_LENGTH: Final[int] = _dev["length"]
DEV_COINS: Final[dict[int, int]] = {int(p): c for p, c in _dev["coins"].items()}
DEV_STARS: Final[dict[int, int]] = {int(p): lv for p, lv in _dev["stars"].items()}
_citizens = _game["citizens"]
DEV_CITIZENS: Final[dict[int, str]] = dict(zip(_dev["citizens"], _citizens["development"], strict=True))
TRACK_CITIZENS: Final[dict[str, str]] = dict(_citizens["tracks"])
MAJORITY_CITIZEN: Final[str] = _citizens["majority"]


def _levels() -> tuple[int, ...]:
    out, level = [], 1
    for p in range(DEV_LENGTH + 1):
        level = DEV_STARS.get(p, level)
        out.append(level)
    return tuple(out)


LEVELS: Final[tuple[int, ...]] = _levels()  # the development level at each position


def level(position: int) -> int:
    """The development level at ``position``: the last star reached or passed (1 before the first)."""
    return LEVELS[position]


# --- places ----------------------------------------------------------------------------------------------------
SLOT_TYPES: Final[tuple[str, ...]] = KINDS + ("neutral", "any")


@dataclass(frozen=True, slots=True)
class Place:
    id: str
    stack: int  # 0: the player board; 1 / 2: a place tile
    slots: tuple[str, ...]
    first: int  # the global index of its first slot
    quorum: int  # slots to fill to activate it
    follower: str = ""
    choice: tuple[str, ...] = ()
    route: str = ""
    station: bool = False
    deeds: bool = False
    good: str = ""
    coins: int = 0
    dev: int = 0
    tech: int = 0
    per: str = ""
    pay: int = 0
    bath: int = 0
    passive: str = ""
    indices: tuple[int, ...] = ()  # the global indices of its slots

    def __post_init__(self) -> None:
        object.__setattr__(self, "indices", tuple(range(self.first, self.first + len(self.slots))))

    @property
    def is_action(self) -> bool:
        """Performable in Phase 5 once activated (the passive tiles and the Sacristy never are)."""
        return bool(self.slots) and not self.passive

    @property
    def takes_tech(self) -> bool:
        """A technology tile may go on it: more than one slot, and not the Town Hall (spec §3.7, ruling 9.5.6)."""
        return len(self.slots) > 1 and not self.deeds


def _places_from(raw: list[dict[str, Any]]) -> tuple[Place, ...]:
    out, first = [], 0
    for r in raw:
        slots = tuple(r.get("slots", ()))
        out.append(Place(
            id=r["id"], stack=r["stack"], slots=slots, first=first, quorum=r.get("quorum", len(slots)),
            follower=r.get("follower", ""), choice=tuple(r.get("choice", ())), route=r.get("route", ""),
            station=r.get("station", False), deeds=r.get("deeds", False), good=r.get("good", ""),
            coins=r.get("coins", 0), dev=r.get("dev", 0), tech=r.get("tech", 0), per=r.get("per", ""),
            pay=r.get("pay", 0), bath=r.get("bath", 0), passive=r.get("passive", ""),
        ))
        first += len(slots)
    return tuple(out)


PLACE_LIST: Final[tuple[Place, ...]] = _places_from(_places["place"])
PLACES: Final[dict[str, Place]] = {p.id: p for p in PLACE_LIST}
BOARD: Final[tuple[str, ...]] = tuple(p.id for p in PLACE_LIST if p.stack == 0)
TILES: Final[tuple[str, ...]] = tuple(p.id for p in PLACE_LIST if p.stack)
STACKS: Final[dict[int, tuple[str, ...]]] = {s: tuple(p.id for p in PLACE_LIST if p.stack == s) for s in (1, 2)}
SLOT_COUNT: Final[int] = sum(len(p.slots) for p in PLACE_LIST)
SLOT_PLACE: Final[tuple[str, ...]] = tuple(p.id for p in PLACE_LIST for _ in p.slots)
SLOT_TYPE: Final[tuple[str, ...]] = tuple(t for p in PLACE_LIST for t in p.slots)
TECH: Final = "tech"  # a slot holding a technology tile

# --- map -------------------------------------------------------------------------------------------------------
CITIES: Final[tuple[str, ...]] = tuple(_map["cities"])
START_CITY: Final[str] = _map["start"]


@dataclass(frozen=True, slots=True)
class Connection:
    index: int
    a: str
    b: str
    kind: str  # road | river
    spaces: tuple[int, ...]  # global goods-space indices
    marks: tuple[int, ...]  # per space: 0 (unmarked), 3 or 4

    def other(self, city: str) -> str:
        return self.b if city == self.a else self.a


def _connections() -> tuple[Connection, ...]:
    out, space = [], 0
    for i, r in enumerate(_map["connection"]):
        marks = (0,) + ((r["extra"],) if "extra" in r else ())
        out.append(Connection(i, r["a"], r["b"], r["kind"], tuple(range(space, space + len(marks))), marks))
        space += len(marks)
    return tuple(out)


CONNECTIONS: Final[tuple[Connection, ...]] = _connections()
SPACE_COUNT: Final[int] = sum(len(c.spaces) for c in CONNECTIONS)
SPACE_CONN: Final[tuple[int, ...]] = tuple(c.index for c in CONNECTIONS for _ in c.spaces)
SPACE_MARK: Final[tuple[int, ...]] = tuple(m for c in CONNECTIONS for m in c.marks)
# (city, kind) -> ((neighbour, connection index), ...), neighbours in data order
ROUTES: Final[dict[tuple[str, str], tuple[tuple[str, int], ...]]] = {
    (city, kind): tuple((c.other(city), c.index) for c in CONNECTIONS if c.kind == kind and city in (c.a, c.b))
    for city in CITIES for kind in ("road", "river")
}


def used_spaces(players: int) -> tuple[int, ...]:
    """The goods spaces filled at setup for a player count (spaces marked "3" / "4" stay empty with fewer)."""
    empty = EMPTY_MARKS[players]
    return tuple(s for s in range(SPACE_COUNT) if SPACE_MARK[s] not in empty)


# --- beneficial deeds ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deed:
    id: str
    reward: int
    choice: bool  # 1 coin or 1 development point per follower (Canalisation)
    spaces: tuple[str, ...]
    first: int
    indices: tuple[int, ...] = ()  # the global indices of its spaces

    def __post_init__(self) -> None:
        object.__setattr__(self, "indices", tuple(range(self.first, self.first + len(self.spaces))))


def _deeds_from(raw: list[dict[str, Any]]) -> tuple[Deed, ...]:
    out, first = [], 0
    for r in raw:
        out.append(Deed(r["id"], r["reward"], r.get("choice", False), tuple(r["spaces"]), first))
        first += len(r["spaces"])
    return tuple(out)


DEED_LIST: Final[tuple[Deed, ...]] = _deeds_from(_deeds["deed"])
DEEDS: Final[dict[str, Deed]] = {d.id: d for d in DEED_LIST}
DEED_SPACES: Final[int] = sum(len(d.spaces) for d in DEED_LIST)
DEED_SPACE: Final[tuple[str, ...]] = tuple(k for d in DEED_LIST for k in d.spaces)  # the kind of each space

CITIZENS: Final[tuple[str, ...]] = (
    tuple(DEEDS) + tuple(TRACK_CITIZENS.values()) + tuple(DEV_CITIZENS.values()) + (MAJORITY_CITIZEN,)
)


# --- validation ------------------------------------------------------------------------------------------------
def _validate() -> None:
    problems: list[str] = []

    def expect(what: str, got: object, want: object) -> None:
        if got != want:
            problems.append(f"{what}: {got!r}, expected {want!r}")

    expect("board places", len(BOARD), 10)
    expect("stack sizes", {s: len(t) for s, t in STACKS.items()}, {1: 12, 2: 8})
    for p in PLACE_LIST:
        if not set(p.slots) <= set(SLOT_TYPES):
            problems.append(f"{p.id}: unknown slot type")
        if p.follower and p.follower not in KINDS or not set(p.choice) <= set(KINDS):
            problems.append(f"{p.id}: unknown follower")
        if p.good and p.good not in GOODS:
            problems.append(f"{p.id}: unknown good")
    expect("cities", len(CITIES), 23)
    expect("connections", len(CONNECTIONS), 43)
    expect("rivers", sum(c.kind == "river" for c in CONNECTIONS), 14)
    expect("goods spaces by count", {n: len(used_spaces(n)) for n in (2, 3, 4)}, {2: 43, 3: 48, 4: 52})
    pairs = [(min(c.a, c.b), max(c.a, c.b), c.kind) for c in CONNECTIONS]
    expect("duplicate connections", len(set(pairs)), len(pairs))
    if not {c for c in CONNECTIONS for c in (c.a, c.b)} <= set(CITIES):
        problems.append("a connection names an unknown city")
    expect("deeds", len(DEED_LIST), 8)
    expect("deed spaces", DEED_SPACES, 45)
    if not set(DEED_SPACE) <= set(KINDS):
        problems.append("a deed space names an unknown kind")
    expect("citizens", len(set(CITIZENS)), 14)
    expect("neutral followers (4 players)", sum(FOLLOWER_SUPPLY[4]), 88)
    expect("goods", sum(GOODS_COUNT), 90)
    expect("hour-glass tiles", len(EVENTS) * EVENT_COPIES, ROUNDS)
    expect("knight draw limits", len(KNIGHT_DRAW), TRACK["knight"].steps + 1)
    for t in TRACK_LIST:
        if t.reward in ("good", "coins", "dev") and len(t.rewards) != t.steps:
            problems.append(f"track {t.id}: {len(t.rewards)} rewards for {t.steps} steps")
    if problems:
        raise ValueError("orleans data: " + "; ".join(problems))


_validate()
