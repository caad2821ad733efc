"""Card, wonder, island and Shipyard data of 7 Wonders (first edition) and Armada, loaded once from ``data/``.

Resources are indexed W S C O G L P = 0..6 (raw materials 0..3, manufactured goods 4..6), as in ``trade``.
Fleets (Shipyard tracks) are indexed red, yellow, blue, green = 0..3.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Final

from rules import units

RESOURCES: Final = "WSCOGLP"
RAW: Final = (0, 1, 2, 3)
GOODS: Final = (4, 5, 6)
NOTHING: Final = (0, 0, 0, 0, 0, 0, 0)

COLOURS: Final = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
FLEETS: Final = ("red", "yellow", "blue", "green")
RED, YELLOW, BLUE, GREEN = range(4)
SCIENCE: Final = ("compass", "gear", "tablet")
SIDES: Final = ("a", "b")

Res = tuple[int, int, int, int, int, int, int]


def parse_units(text: str) -> Res:
    """``"2S C P"`` -> units per resource. An empty string is nothing."""
    return units.parse_units(text, RESOURCES)  # type: ignore[return-value]


def _choice(text: str) -> tuple[int, ...]:
    return units.parse_choice(text, RESOURCES)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    colour: str
    age: int = 0  # Armada cards: their age; base cards: their first age (see ``deck``)
    deck: tuple[tuple[int, tuple[int, ...]], ...] = ()  # ((age, copy thresholds), ...) for base cards
    armada: bool = False
    arrows: bool = False
    coins: int = 0
    cost: Res = NOTHING
    produces: Res = NOTHING
    choice: tuple[int, ...] = ()
    sellable: bool = True
    shields: int = 0
    naval: int = 0
    vp: int = 0
    science: str | None = None  # compass | gear | tablet | any | most
    chain_from: tuple[str, ...] = ()
    discount: str | None = None  # raw_right | raw_left | goods_both
    gain: int = 0
    gain_per: tuple[str, int, str] | None = None  # (what, coins, scope)
    vp_per: tuple[str, int] | None = None  # (what, vp)
    guild: tuple[tuple[str, ...], int, str] | None = None  # (what, vp, scope)
    invasion: str | None = None  # right | left
    advance: bool = False  # one free advance of a ship of choice
    pirates: bool = False
    emporium: str | None = None  # right | left
    island_draw: int = 0
    vp_per_level: int = 0
    # The fleet a Naval Construction with this card advances (None: brown, grey, purple), read by every menu.
    naval_colour: int | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "naval_colour", FLEETS.index(self.colour) if self.colour in FLEETS else None)

    @property
    def is_guild(self) -> bool:
        return self.colour == "purple"


@dataclass(frozen=True, slots=True)
class Stage:
    cost: Res
    vp: int = 0
    shields: int = 0
    gain: int = 0
    choice: tuple[int, ...] = ()
    science: str | None = None
    special: str | None = None  # free_build | raw_discount | copy_guild | revive | play_last


@dataclass(frozen=True, slots=True)
class Wonder:
    id: str
    resource: int
    a: tuple[Stage, ...]
    b: tuple[Stage, ...]

    def stages(self, side: str) -> tuple[Stage, ...]:
        return self.a if side == "a" else self.b


@dataclass(frozen=True, slots=True)
class Island:
    id: str
    level: int
    choice: tuple[int, ...] = ()
    shields: int = 0
    naval: int = 0
    vp: int = 0
    advance: int | None = None  # the fleet advanced once when it enters play
    advance_different: int = 0
    special: str | None = None  # lost | foggy | ancient | wondrous | forgotten
    pirates: bool = False
    science: str | None = None  # any | most
    vp_per_level: int = 0
    vp_per_island: int = 0
    rainbow: bool = False


@dataclass(frozen=True, slots=True)
class NavalCost:
    resources: Res
    coins: int

    @property
    def units(self) -> int:
        return sum(self.resources)


@dataclass(frozen=True, slots=True)
class Board:
    id: str
    wonder: int  # the fleet whose start space shows the Wonder symbol
    costs: tuple[tuple[NavalCost, ...], ...]  # [fleet][position 1..6 -> index 0..5]


@dataclass(frozen=True, slots=True)
class Tracks:
    red_naval: tuple[int, ...]
    yellow_level: tuple[int, ...]
    yellow_coins: tuple[int, ...]
    yellow_tax: tuple[int, ...]
    yellow_naval: tuple[int, ...]
    blue_vp: tuple[int, ...]
    blue_naval: tuple[int, ...]
    green_explore: tuple[int, ...]


def _load(name: str) -> dict:
    return tomllib.loads((resources.files("rules.wonders") / "data" / name).read_text(encoding="utf-8"))


def _card(raw: dict, armada: bool) -> Card:
    deck = tuple(sorted((int(age), tuple(th)) for age, th in raw.get("deck", {}).items()))
    per = raw.get("gain_per")
    vp_per = raw.get("vp_per")
    guild = raw.get("guild")
    age = raw["age"] if armada else (deck[0][0] if deck else 0)
    return Card(
        id=raw["id"],
        colour=raw["colour"],
        age=age,
        deck=deck,
        armada=armada,
        arrows=raw.get("arrows", False),
        coins=raw.get("coins", 0),
        cost=parse_units(raw.get("cost", "")),
        produces=parse_units(raw.get("produces", "")),
        choice=_choice(raw.get("choice", "")),
        sellable=raw.get("sellable", True),
        shields=raw.get("shields", 0),
        naval=raw.get("naval", 0),
        vp=raw.get("vp", 0),
        science=raw.get("science"),
        chain_from=tuple(raw.get("chain_from", ())),
        discount=raw.get("discount"),
        gain=raw.get("gain", 0),
        gain_per=(per["what"], per["coins"], per["scope"]) if per else None,
        vp_per=(vp_per["what"], vp_per["vp"]) if vp_per else None,
        guild=(tuple(guild["what"].split("+")), guild["vp"], guild["scope"]) if guild else None,
        invasion=raw.get("invasion"),
        advance=raw.get("advance") == "any",
        pirates=raw.get("pirates", False),
        emporium=raw.get("emporium"),
        island_draw=raw.get("island_draw", 0),
        vp_per_level=raw.get("vp_per_level", 0),
    )


def _stage(raw: dict) -> Stage:
    return Stage(
        cost=parse_units(raw["cost"]),
        vp=raw.get("vp", 0),
        shields=raw.get("shields", 0),
        gain=raw.get("gain", 0),
        choice=_choice(raw.get("choice", "")),
        science=raw.get("science"),
        special=raw.get("special"),
    )


def _island(raw: dict) -> Island:
    return Island(
        id=raw["id"],
        level=raw["level"],
        choice=_choice(raw.get("choice", "")),
        shields=raw.get("shields", 0),
        naval=raw.get("naval", 0),
        vp=raw.get("vp", 0),
        advance=FLEETS.index(raw["advance"]) if "advance" in raw else None,
        advance_different=raw.get("advance_different", 0),
        special=raw.get("special"),
        pirates=raw.get("pirates", False),
        science=raw.get("science"),
        vp_per_level=raw.get("vp_per_level", 0),
        vp_per_island=raw.get("vp_per_island", 0),
        rainbow=raw.get("rainbow", False),
    )


def _naval_cost(text: str) -> NavalCost:
    if text.startswith("$"):
        return NavalCost(NOTHING, int(text[1:]))
    return NavalCost(parse_units(text), 0)


def _board(raw: dict) -> Board:
    return Board(
        id=raw["id"],
        wonder=FLEETS.index(raw["wonder"]),
        costs=tuple(tuple(_naval_cost(c) for c in raw[fleet]) for fleet in FLEETS),
    )


_base = _load("cards.toml")
_wonders = _load("wonders.toml")
_armada = _load("armada.toml")

BASE_CARDS: Final[dict[str, Card]] = {c.id: c for c in (_card(r, False) for r in _base["card"])}
ARMADA_CARDS: Final[dict[str, Card]] = {c.id: c for c in (_card(r, True) for r in _armada["card"])}
CARDS: Final[dict[str, Card]] = {**BASE_CARDS, **ARMADA_CARDS}
GUILDS: Final[tuple[str, ...]] = tuple(c.id for c in BASE_CARDS.values() if c.is_guild)
WONDERS: Final[dict[str, Wonder]] = {
    w["id"]: Wonder(
        id=w["id"],
        resource=RESOURCES.index(w["resource"]),
        a=tuple(map(_stage, w["a"])),
        b=tuple(map(_stage, w["b"])),
    )
    for w in _wonders["wonder"]
}
ISLANDS: Final[dict[str, Island]] = {i.id: i for i in map(_island, _armada["island"])}
BOARDS: Final[dict[str, Board]] = {b.id: b for b in map(_board, _armada["board"])}
_t = _armada["tracks"]
TRACKS: Final = Tracks(
    red_naval=tuple(_t["red"]["naval"]),
    yellow_level=tuple(_t["yellow"]["level"]),
    yellow_coins=tuple(_t["yellow"]["coins"]),
    yellow_tax=tuple(_t["yellow"]["tax"]),
    yellow_naval=tuple(_t["yellow"]["naval"]),
    blue_vp=tuple(_t["blue"]["vp"]),
    blue_naval=tuple(_t["blue"]["naval"]),
    green_explore=tuple(_t["green"]["explore"]),
)
ISLAND_LEVELS: Final[dict[int, tuple[str, ...]]] = {
    level: tuple(i.id for i in ISLANDS.values() if i.level == level) for level in (1, 2, 3)
}
ARMADA_AGES: Final[dict[int, tuple[str, ...]]] = {
    age: tuple(c.id for c in ARMADA_CARDS.values() if c.age == age) for age in (1, 2, 3)
}

START_COINS: Final = 3
DISCARD_COINS: Final = 3
TOP: Final = 6  # the last position of a Shipyard track
NO_CARD: Final = "none"  # ``revive:none``: Halikarnassos builds nothing from the discard pile (W82 allows it)
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 7  # 8 needs an eighth wonder, which this edition does not have
GUILD_CAP: Final = 10  # Armada: a guild scores at most 10 VP
LAND_VICTORY: Final = {1: 1, 2: 3, 3: 5}
LAND_DEFEAT: Final = -1
NAVAL_REWARDS: Final = {1: (3, 1), 2: (5, 3), 3: (7, 5, 3)}
NAVAL_DEFEAT: Final = {1: -1, 2: -2, 3: -3}
SOLO_DRAW: Final = 4


def hand_size(players: int, armada: bool) -> int:
    """Cards dealt to each player per age: 7, or 8 with Armada (3-7 players); 7 with 8 players (AR12)."""
    return 8 if armada and players <= 7 else 7


@cache
def base_age_deck(age: int, players: int) -> tuple[str, ...]:
    """The base (non-guild) cards of an age for a player count, one entry per copy. 8 players: as for 7 (AR11)."""
    n = min(players, 7)
    out: list[str] = []
    for card in BASE_CARDS.values():
        if card.is_guild:
            continue
        for deck_age, thresholds in card.deck:
            if deck_age == age:
                out.extend(card.id for t in thresholds if t <= n)
    return tuple(out)


def guild_count(players: int) -> int:
    """Guilds drawn into Age III: N + 2 (9 at 8 players, as for 7)."""
    return min(players, 7) + 2


def armada_count(players: int) -> int:
    """Armada cards drawn per age: N (7 at 8 players)."""
    return min(players, 7)


def armada_pool(age: int, players: int) -> tuple[str, ...]:
    """The Armada cards of an age that may be drawn: without the 5 arrow cards at 3 players."""
    return tuple(c for c in ARMADA_AGES[age] if not (players == 3 and ARMADA_CARDS[c].arrows))


@cache
def base_multiset(players: int) -> dict[str, int]:
    """Every base non-guild card copy of the whole game, by id."""
    return dict(Counter(c for age in (1, 2, 3) for c in base_age_deck(age, players)))


def hand_duplicates_possible(players: int) -> bool:
    """True when an age deck holds two copies of one card, so one hand can hold both (the notation then names
    either copy: they are the same card)."""
    return any(max(Counter(base_age_deck(age, players)).values()) > 1 for age in (1, 2, 3))
