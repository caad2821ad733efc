"""Card, wonder and progress-token data of 7 Wonders Duel, loaded once from the TOML files in ``data/``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Final, Literal

from rules import units

# Resources, by index: wood, clay, stone (raw materials), glass, papyrus (manufactured goods).
RESOURCES: Final = ("W", "C", "S", "G", "P")
RAW: Final = (0, 1, 2)
GOODS: Final = (3, 4)
NO_RESOURCES: Final = (0, 0, 0, 0, 0)

COLOURS: Final = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
SCIENCE: Final = ("globe", "sundial", "mortar", "wheel", "quill", "plumb", "law")

Units = tuple[int, int, int, int, int]


def parse_units(text: str) -> Units:
    """``"2S C P"`` -> units per resource. An empty string is nothing."""
    return units.parse_units(text, "".join(RESOURCES))  # type: ignore[return-value]


def _choice(text: str) -> tuple[int, ...]:
    return units.parse_choice(text, "".join(RESOURCES))


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    age: int  # 1, 2, 3; guilds are 4 (they are shuffled into Age III)
    colour: str
    coins: int = 0
    cost: Units = NO_RESOURCES
    produces: Units = NO_RESOURCES
    choice: tuple[int, ...] = ()
    shields: int = 0
    vp: int = 0
    science: str | None = None
    chain_in: str | None = None
    chain_out: str | None = None
    fixed_price: tuple[int, ...] = ()
    gain: int = 0
    gain_per: tuple[str, int] | None = None  # (colour or "wonder", coins per item)
    guild: tuple[str, ...] = ()  # colours counted, or ("wonders",) / ("coins",)

    @property
    def is_guild(self) -> bool:
        return self.colour == "purple"


@dataclass(frozen=True, slots=True)
class Wonder:
    id: str
    cost: Units
    vp: int = 0
    shields: int = 0
    gain: int = 0
    opponent_loses: int = 0
    play_again: bool = False
    choice: tuple[int, ...] = ()
    destroy: Literal["brown", "grey"] | None = None
    special: str | None = None  # "mausoleum" | "great_library"


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    vp: int = 0
    gain: int = 0
    science: str | None = None
    effect: str | None = None


def _load(name: str) -> dict:
    return tomllib.loads((resources.files("rules.duel") / "data" / name).read_text(encoding="utf-8"))


def _card(raw: dict) -> Card:
    per = None
    if "gain_per" in raw:
        what, n = raw["gain_per"].split("=")
        per = (what, int(n))
    return Card(
        id=raw["id"],
        age=raw["age"],
        colour=raw["colour"],
        coins=raw.get("coins", 0),
        cost=parse_units(raw.get("cost", "")),
        produces=parse_units(raw.get("produces", "")),
        choice=_choice(raw.get("choice", "")),
        shields=raw.get("shields", 0),
        vp=raw.get("vp", 0),
        science=raw.get("science"),
        chain_in=raw.get("chain_in"),
        chain_out=raw.get("chain_out"),
        fixed_price=_choice(raw.get("fixed_price", "")),
        gain=raw.get("gain", 0),
        gain_per=per,
        guild=tuple(raw["guild"].split("+")) if "guild" in raw else (),
    )


def _wonder(raw: dict) -> Wonder:
    return Wonder(
        id=raw["id"],
        cost=parse_units(raw["cost"]),
        vp=raw.get("vp", 0),
        shields=raw.get("shields", 0),
        gain=raw.get("gain", 0),
        opponent_loses=raw.get("opponent_loses", 0),
        play_again=raw.get("play_again", False),
        choice=_choice(raw.get("choice", "")),
        destroy=raw.get("destroy"),
        special=raw.get("special"),
    )


_cards = _load("cards.toml")["card"]
_more = _load("wonders.toml")

CARDS: Final[dict[str, Card]] = {c.id: c for c in map(_card, _cards)}
WONDERS: Final[dict[str, Wonder]] = {w.id: w for w in map(_wonder, _more["wonder"])}
TOKENS: Final[dict[str, Token]] = {
    t["id"]: Token(id=t["id"], vp=t.get("vp", 0), gain=t.get("gain", 0), science=t.get("science"), effect=t.get("effect"))
    for t in _more["token"]
}

AGE_CARDS: Final[dict[int, tuple[str, ...]]] = {
    age: tuple(c.id for c in CARDS.values() if c.age == age) for age in (1, 2, 3)
}
GUILDS: Final[tuple[str, ...]] = tuple(c.id for c in CARDS.values() if c.is_guild)

# The wonders of the first-game preset, for the first and the second player.
PRESET_WONDERS: Final = (
    ("pyramids", "great_lighthouse", "temple_of_artemis", "statue_of_zeus"),
    ("circus_maximus", "piraeus", "appian_way", "colossus"),
)

START_COINS: Final = 7
MAX_WONDERS_BUILT: Final = 7
CAPITAL: Final = 9
# Looting tokens on each side of the track: (first space of the zone, coins lost).
LOOT_ZONES: Final = ((3, 2), (6, 5))
