"""The components of Anno 1800, loaded once from ``data/*.toml`` and checked against the rulebook's counts.

Indices used everywhere in the engine:

* tiers: farmer 0, worker 1, artisan 2, engineer 3, investor 4 (the upgrade order); ``TIER_LETTERS`` "fwaei";
* resources: ``RESOURCES`` in data order, Old World ones first (``OLD_WORLD``), then the New World raw ones;
* field kinds: "inland", "coast", "sea".

A ``Cost`` is what a payment must cover: resource units (sorted resource indices, one entry per unit), cubes to
exhaust per tier, trade and exploration tokens to exhaust, and gold.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources as package_files
from typing import Final, Iterable, Literal

TIERS: Final = ("farmer", "worker", "artisan", "engineer", "investor")
TIER_LETTERS: Final = "fwaei"
FARMER, WORKER, ARTISAN, ENGINEER, INVESTOR = range(5)
KINDS: Final = ("inland", "coast", "sea")
DECKS: Final = ("farmer_worker", "artisan_engineer_investor", "new_world")
NO_CUBES: Final = (0, 0, 0, 0, 0)

Kind = Literal["inland", "coast", "sea"]
Cubes = tuple[int, int, int, int, int]


def _load(name: str) -> dict:
    return tomllib.loads((package_files.files("rules.anno1800") / "data" / name).read_text(encoding="utf-8"))


_INDUSTRY_FILE = _load("industries.toml")
OLD_WORLD: Final[tuple[str, ...]] = tuple(_INDUSTRY_FILE["old_world"])
NEW_WORLD: Final[tuple[str, ...]] = tuple(_INDUSTRY_FILE["new_world"])
RESOURCES: Final[tuple[str, ...]] = OLD_WORLD + NEW_WORLD
RESOURCE_INDEX: Final = {r: i for i, r in enumerate(RESOURCES)}
RAW_NEW_WORLD: Final = frozenset(range(len(OLD_WORLD), len(RESOURCES)))


def bits(resources: Iterable[int]) -> int:
    """A set of resources (or tiers) as an integer: bit ``1 << r`` for each ``r``."""
    out = 0
    for r in resources:
        out |= 1 << r
    return out


@dataclass(frozen=True, slots=True)
class Cost:
    units: tuple[int, ...] = ()  # resource indices, sorted, one per unit
    exhaust: Cubes = NO_CUBES
    trade: int = 0
    explore: int = 0
    gold: int = 0
    mask: int = field(init=False, repr=False, compare=False)  # the resources of ``units`` as bits (1 << index)
    # The hash of the fields compared, worked out once: costs key the memos of every market (its plans, whether a
    # cost can be paid), and a dataclass would hash all its fields again at each lookup.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mask", bits(self.units))
        object.__setattr__(self, "_hash", hash((self.units, self.exhaust, self.trade, self.explore, self.gold)))

    def __hash__(self) -> int:
        return self._hash

    def plus(self, *, gold: int = 0, exhaust_tier: int | None = None) -> Cost:
        ex = list(self.exhaust)
        if exhaust_tier is not None:
            ex[exhaust_tier] += 1
        return Cost(self.units, tuple(ex), self.trade, self.explore, self.gold + gold)  # type: ignore[arg-type]


def _cost(resources: list[str], exhaust: list[str] = (), trade: int = 0, explore: int = 0) -> Cost:  # type: ignore[assignment]
    ex = [0] * 5
    for t in exhaust:
        ex[TIERS.index(t)] += 1
    return Cost(tuple(sorted(RESOURCE_INDEX[r] for r in resources)), tuple(ex), trade, explore)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Building:
    """An industry, shipyard or ship: a construction token (``copies`` > 0 on the board) or printed only."""

    id: str
    kind: Literal["industry", "shipyard", "ship"]
    cost: Cost = Cost()
    copies: int = 0
    resource: int = -1  # industries
    tier: int = -1  # industries: the tier of both workplaces
    strength: int = 0  # shipyards and ships
    fleet: Literal["", "trade", "exploration"] = ""  # ships

    @property
    def place(self) -> tuple[Kind, ...]:
        """The field kinds it may be built on."""
        if self.kind == "industry":
            return ("inland", "coast")
        return ("coast",) if self.kind == "shipyard" else ("sea",)


@dataclass(frozen=True, slots=True)
class Tier:
    start: int
    supply: int
    hire: Cost
    hire_short: Cost | None
    upgrade: Cost | None  # to the next tier (None for investors)
    shift_end: int
    trade_price: int


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    tiers: tuple[int, ...]
    gold: int
    vp: int
    hand: int


Effect = Literal[
    "gain_cubes", "free_upgrades", "gain_trade_tokens", "gain_exploration_tokens", "gain_gold",
    "gain_gold_and_trade_tokens", "expedition_cards", "new_world_resource", "extra_action", "return_cards", "",
]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str
    cost: Cost
    effect: Effect
    tier: int = -1  # gain_cubes: the tier gained; free_upgrades: the tier upgraded from
    count: int = 0
    gold: int = 0
    choices: tuple[int, ...] = ()  # new_world_resource

    @property
    def vp(self) -> int:
        return DECK[self.deck].vp


@dataclass(frozen=True, slots=True)
class Expedition:
    id: str
    animal: int  # tier of the visitor of the left slot (zoo)
    artefact: int  # tier of the visitor of the right slot (museum)


@dataclass(frozen=True, slots=True)
class OldWorldTile:
    id: str
    kinds: tuple[Kind, ...]  # its 6 fields, in order
    building: str = ""  # the printed building, on field ``building_at``
    building_at: int = -1
    effect: Effect = ""
    tier: int = -1
    count: int = 0


@dataclass(frozen=True, slots=True)
class NewWorldTile:
    id: str
    resources: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Objective:
    id: str
    kind: Literal["effect", "industry", "majority", "expedition", "other"]
    known: bool = True
    first_game: bool = False
    rule: str = ""
    counts: str = ""
    slot: str = ""
    industries: tuple[str, ...] = ()
    vp: int = 0


# --- buildings ----------------------------------------------------------------------------------------------------
def _buildings() -> dict[str, Building]:
    out: dict[str, Building] = {}
    for bid, raw in _INDUSTRY_FILE["printed"].items():
        out[bid] = Building(bid, "industry", resource=RESOURCE_INDEX[raw["resource"]], tier=TIERS.index(raw["tier"]))
    for bid, raw in _INDUSTRY_FILE["industry"].items():
        out[bid] = Building(
            bid, "industry", _cost(raw["cost"], raw.get("exhaust", [])), copies=2,
            resource=RESOURCE_INDEX[raw["resource"]], tier=TIERS.index(raw["tier"]),
        )
    ships = _load("ships.toml")
    for bid, raw in ships["shipyard"].items():
        out[bid] = Building(bid, "shipyard", _cost(raw["cost"]), copies=raw["copies"], strength=raw["strength"])
    for bid, raw in ships["ship"].items():
        out[bid] = Building(bid, "ship", _cost(raw["cost"]), copies=raw["copies"], strength=raw["strength"],
                            fleet=raw["kind"])
    return out


BUILDINGS: Final = _buildings()
TOKENS: Final = {bid: b.copies for bid, b in BUILDINGS.items() if b.copies}  # the board at setup
INDUSTRY_TOKENS: Final = tuple(bid for bid, b in BUILDINGS.items() if b.copies and b.kind == "industry")
SHIPYARDS: Final = tuple(bid for bid, b in BUILDINGS.items() if b.kind == "shipyard")
SHIPS: Final[tuple[str, ...]] = tuple(bid for bid, b in BUILDINGS.items() if b.kind == "ship")
MAKERS: Final = {r: tuple(b.id for b in BUILDINGS.values() if b.resource == r) for r in range(len(OLD_WORLD))}

# --- the home island, tiers and decks -----------------------------------------------------------------------------
_HOME = _load("home.toml")
HOME_FIELDS: Final[tuple[tuple[Kind, str], ...]] = tuple(
    (kind, b) for kind in KINDS for b in _HOME[kind]  # type: ignore[misc]
)


def _tier(raw: dict) -> Tier:
    return Tier(
        start=raw["start"],
        supply=raw["supply"],
        hire=_cost(raw["hire"], raw.get("hire_exhaust", [])),
        hire_short=_cost(raw["hire_short"], raw.get("hire_exhaust", [])) if "hire_short" in raw else None,
        upgrade=_cost(raw["upgrade"], raw.get("upgrade_exhaust", [])) if "upgrade" in raw else None,
        shift_end=raw["shift_end"],
        trade_price=raw["trade_price"],
    )


TIER: Final = tuple(_tier(_HOME["tier"][t]) for t in TIERS)
DECK: Final = {
    d: Deck(d, tuple(TIERS.index(t) for t in raw["tiers"]), raw["gold"], raw["vp"], raw["hand"])
    for d, raw in _HOME["deck"].items()
}
DECK_OF_TIER: Final = tuple(next(d for d in DECKS if t in DECK[d].tiers) for t in range(5))
SUPPLY: Final[Cubes] = tuple(t.supply for t in TIER)  # type: ignore[assignment]
START_CUBES: Final[Cubes] = tuple(t.start for t in TIER)  # type: ignore[assignment]
RULES: Final = _HOME["rules"]
START_GOLD: Final[tuple[int, ...]] = tuple(RULES["start_gold"])

# --- cards, expeditions, islands, objectives ----------------------------------------------------------------------
_DECK_PREFIX = {"fw": "farmer_worker", "aei": "artisan_engineer_investor", "nw": "new_world"}


def _card(raw: dict) -> Card:
    deck = _DECK_PREFIX[raw["id"].rstrip("0123456789")]
    effect = raw["effect"]
    return Card(
        id=raw["id"],
        deck=deck,
        cost=_cost(raw.get("needs", []), [], raw.get("trade_tokens", 0), raw.get("exploration_tokens", 0)),
        effect=effect,
        tier=TIERS.index(raw["tier"]) if "tier" in raw else -1,
        count=raw.get("count", 0),
        gold=raw.get("gold", 0),
        choices=tuple(RESOURCE_INDEX[r] for r in raw.get("choices", ())),
    )


CARDS: Final = {c.id: c for c in (_card(raw) for raw in _load("cards.toml")["card"])}
DECK_CARDS: Final = {d: tuple(c for c in CARDS if CARDS[c].deck == d) for d in DECKS}
EXPEDITIONS: Final = {
    raw["id"]: Expedition(raw["id"], TIERS.index(raw["animal"]), TIERS.index(raw["artefact"]))
    for raw in _load("expeditions.toml")["expedition"]
}
_ISLANDS = _load("islands.toml")


def _old_world(raw: dict) -> OldWorldTile:
    kinds: list[Kind] = []
    at = -1
    for kind in KINDS:
        if raw.get("building_on") == kind:
            at = len(kinds)
            kinds.append(kind)  # type: ignore[arg-type]
        kinds += [kind] * raw[kind]  # type: ignore[list-item]
    return OldWorldTile(
        id=raw["id"], kinds=tuple(kinds), building=raw.get("building", ""), building_at=at,
        effect=raw.get("effect", ""), tier=TIERS.index(raw["tier"]) if "tier" in raw else -1,
        count=raw.get("count", 0),
    )


OLD_WORLD_TILES: Final = {t.id: t for t in (_old_world(raw) for raw in _ISLANDS["old_world"])}
NEW_WORLD_TILES: Final = {
    raw["id"]: NewWorldTile(raw["id"], tuple(RESOURCE_INDEX[r] for r in raw["resources"]))
    for raw in _ISLANDS["new_world"]
}
OBJECTIVES: Final = {
    oid: Objective(
        id=oid, kind=raw["kind"], known=raw.get("known", True), first_game=raw.get("first_game", False),
        rule=raw.get("rule", ""), counts=raw.get("counts", ""), slot=raw.get("slot", ""),
        industries=tuple(raw.get("industries", ())), vp=raw.get("vp", 0),
    )
    for oid, raw in _load("objectives.toml").items()
}
KNOWN_OBJECTIVES: Final = tuple(o for o in OBJECTIVES if OBJECTIVES[o].known)
FIRST_GAME: Final[tuple[str, ...]] = tuple(o for o in OBJECTIVES if OBJECTIVES[o].first_game)


@dataclass(frozen=True)
class _Counts:
    """The rulebook's component counts, checked at import (anno1800-data.md §14.1)."""

    industries: int = 35
    shipyards: tuple[int, int, int] = (4, 6, 4)
    ships: int = 6
    decks: dict[str, int] = field(default_factory=lambda: {
        "farmer_worker": 46, "artisan_engineer_investor": 32, "new_world": 24})
    expeditions: int = 22
    old_world: int = 12
    new_world: int = 8
    objectives: int = 20


def _validate() -> None:
    n = _Counts()
    assert len(INDUSTRY_TOKENS) == n.industries, len(INDUSTRY_TOKENS)
    assert tuple(TOKENS[s] for s in SHIPYARDS) == n.shipyards
    ships, first_game = len(SHIPS), len(FIRST_GAME)  # (a test of len(SHIPS) itself trips mypyc up)
    assert ships == 6 and all(TOKENS[s] == n.ships for s in SHIPS)
    assert {d: len(DECK_CARDS[d]) for d in DECKS} == n.decks
    assert len(EXPEDITIONS) == n.expeditions and len(OLD_WORLD_TILES) == n.old_world
    assert len(NEW_WORLD_TILES) == n.new_world and len(OBJECTIVES) == n.objectives
    assert len(HOME_FIELDS) == 20 and SUPPLY == (25, 40, 25, 20, 15)
    costs = [b.cost for b in BUILDINGS.values()] + [c.cost for c in CARDS.values()]
    costs += [c for t in TIER for c in (t.hire, t.hire_short, t.upgrade) if c is not None]
    assert all(len(set(c.units)) == len(c.units) for c in costs)  # one unit per resource: ``market.Market.can``
    for building in BUILDINGS.values():
        assert all(0 <= u < len(RESOURCES) for u in building.cost.units), building.id
        if building.kind == "industry":
            assert building.id == f"{RESOURCES[building.resource]}_{TIERS[building.tier]}", building.id
            assert building.resource < len(OLD_WORLD) and building.tier != INVESTOR, building.id
    for kind, b in HOME_FIELDS:
        assert not b or kind in BUILDINGS[b].place, b
    for t in OLD_WORLD_TILES.values():
        assert len(t.kinds) == 6 and sorted(t.kinds) == sorted(("inland", "coast", "sea") * 2), t.id
        assert not t.building or t.kinds[t.building_at] in BUILDINGS[t.building].place, t.id
        assert bool(t.building) != bool(t.effect), t.id
    for c in CARDS.values():
        assert c.effect, c.id
    assert all(len(t.resources) == 3 and set(t.resources) <= RAW_NEW_WORLD for t in NEW_WORLD_TILES.values())
    assert first_game == 5 and set(FIRST_GAME) <= set(KNOWN_OBJECTIVES) and len(KNOWN_OBJECTIVES) == 15
    for o in OBJECTIVES.values():
        assert set(o.industries) <= set(BUILDINGS), o.id


_validate()
