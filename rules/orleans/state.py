"""The state of an Orléans game, its options and its explicit setup (layout).

Seats sit clockwise in seat order: the player on seat ``i``'s left is seat ``i + 1`` (mod n). Everything the rules
count is stored as counts or flat lists (see ``rules.orleans.data`` for the indices):

* ``Player.tracks[t]``: the position on character track ``t`` (``data.TRACKS`` order), 0 = the start space;
* ``Player.goods[g]`` and ``OrleansState.goods[g]`` (the goods market): goods by ``data.GOODS`` index;
* ``Player.slots[i]``: global slot ``i`` of ``data.SLOT_PLACE``: "" (empty), a follower id or "tech"; the slots of
  a place tile the player does not own stay "";
* ``bag`` and ``market``: follower id -> count (never a zero count). A bag has no order: each draw picks a follower
  at random with the state's generator (``rules.rng``), so no hidden order exists to leak;
* ``map_goods[s]``: the good on goods space ``s`` of the map, "" when empty; ``deeds[s]``: the seat whose follower
  fills beneficial-deed space ``s``, -1 when empty;
* ``lost``: everything given up to torture, removed from the game ("follower:<kind>", "good:<good>", "tile:<tile>",
  "tech", "station").

Hidden information: the order of ``hourglass`` (the events still to come), the kinds of ``removed_goods``, each
seat's ``planned`` placements during a simultaneous planning phase, and the generator (``seed``, ``rng_counter``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState
from rules.models import bare
from rules.orleans.data import GOODS, SLOT_COUNT, START_CITY, START_COINS, STATIONS, TECHNOLOGY, TRACKS

Phase = Literal["exclude", "census", "followers", "planning", "actions", "event", "over"]

# The decision a seat faces (``Player.decision``), also the pending kinds of the game ("" = none).
Decision = Literal[
    "", "exclude", "draw", "retrieve", "plan", "action", "village", "tile", "route", "good", "deed", "canal",
    "pharmacy", "bath", "tech", "sacristy", "harvest", "torture",
]


class OrleansOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # The start player: the youngest at the table (the players say who), or drawn at random.
    first_player: Literal["random", "0", "1", "2", "3"] = "random"
    # Phase 4: everyone plans at once and secretly (commit, then reveal), or in turn order from the start player,
    # each plan visible as it is made (the rulebook lets any player ask for the latter).
    planning: Literal["simultaneous", "turn_order"] = "simultaneous"
    # The place-tile exclusion variant: before round 1 each player may remove 1 tile (2 with two players).
    exclusion: bool = False
    # Who sees the contents of a bag (counts by kind): everyone (the contents follow from public facts, spec
    # §9.1) or its owner only.
    bags: Literal["public", "own"] = "public"


class OrleansLayout(BaseModel):
    """Everything chance decides at the start, fixed up front: a seed draws one, a recorded game supplies its own."""

    model_config = ConfigDict(extra="forbid")

    start_player: int = Field(ge=0, le=3)
    hourglass: list[str] = Field(min_length=18, max_length=18)  # the events, top (round 1) first
    map_goods: list[str]  # the good on each map goods space ("" for the spaces left empty)
    removed_goods: list[str] = []  # goods removed from the game face down (3 players: 6, 2 players: 12)
    seed: int = 0  # the generator of the later draws (bags, Plague, torture, Bathhouse)


class Chain(BaseModel):
    """The action being performed in Phase 5, while its follow-up decisions are made."""

    model_config = ConfigDict(extra="forbid")

    place: str
    conn: int = -1  # the connection travelled (Ship, Wagon, Horse Wagon)
    sent: int = 0  # followers sent to beneficial deeds by this action
    drawn: list[str] = Field(default_factory=list)  # the Bathhouse: the followers drawn, out of the bag until kept


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")

    coins: int = START_COINS
    bag: dict[str, int] = Field(default_factory=dict)
    market: dict[str, int] = Field(default_factory=dict)
    tower: list[str] = Field(default_factory=list)  # followers on the Gunpowder Tower's two spaces
    slots: list[str] = Field(default_factory=lambda: [""] * SLOT_COUNT)
    tiles: list[str] = Field(default_factory=list)  # place tiles, in the order gained
    tech: int = 0  # technology tiles in the personal supply (not placed yet)
    tech_placed: int = 0  # technology tiles placed in the game so far (the first must replace a farmer)
    tracks: list[int] = Field(default_factory=lambda: [0] * len(TRACKS))
    dev: int = 0  # development track position
    goods: list[int] = Field(default_factory=lambda: [0] * len(GOODS))
    stations: int = STATIONS  # trading stations in the personal supply
    built: list[str] = Field(default_factory=list)  # cities holding one of this player's stations, in order built
    citizens: list[str] = Field(default_factory=list)
    merchant: str = START_CITY
    # --- the round ---
    decision: Decision = ""
    done: bool = False  # finished the current phase (followers, planning, event)
    drawn: int = 0  # followers drawn in this Phase 3
    retrieved: int = 0  # followers brought back from the places in this Phase 3
    # followers drawn in this Phase 3 and still on the market (they may go to the tower)
    fresh: list[str] = Field(default_factory=list)
    # placements of this planning phase, "<slot index>:<m | t>" (from the market or the tower)
    planned: list[str] = Field(default_factory=list)
    passed: bool = False
    debt: int = 0  # coins still owed (torture)


class OrleansState(GameState):
    game: Literal["orleans"] = "orleans"
    options: OrleansOptions = OrleansOptions()
    phase: Phase = "census"
    round: int = 0
    start_player: int = 0
    turn: int = -1  # Phase 5: the seat whose turn it is
    event: str = ""  # the current event (revealed in Phase 1)
    hourglass: list[str] = Field(default_factory=list)  # the hour-glass stack, next first (hidden)
    discard: list[str] = Field(default_factory=list)  # the events of past rounds, in order
    supply: list[int] = Field(default_factory=list)  # neutral followers on the main board, by ``data.KINDS`` index
    goods: list[int] = Field(default_factory=list)  # the goods market
    removed_goods: list[str] = Field(default_factory=list)  # removed at setup, face down (hidden)
    map_goods: list[str] = Field(default_factory=list)
    deeds: list[int] = Field(default_factory=list)
    # place tiles of stacks I and II (open), in data order
    stacks: list[list[str]] = Field(default_factory=lambda: [[], []])
    excluded: list[str] = Field(default_factory=list)  # place tiles removed by the exclusion variant
    tech: int = TECHNOLOGY  # technology tiles in the supply
    lost: list[str] = Field(default_factory=list)
    queue: list[int] = Field(default_factory=list)  # the exclusion variant: the seats still to exclude, next first
    act: Chain | None = None
    seats: list[Player] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)

    def left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def clone(self) -> OrleansState:
        """A deep copy sharing nothing mutable, written out field by field: the generic annotation-driven copy of
        ``GameState.clone`` is several times slower, and self-play clones the state at every move. The options
        are never mutated after setup and are shared."""
        new = bare(self, dict(self.__dict__))
        d = new.__dict__
        for name in _STATE_LISTS:
            d[name] = d[name][:]
        d["stacks"] = [s[:] for s in self.stacks]
        if self.act is not None:
            d["act"] = bare(self.act, {**self.act.__dict__, "drawn": self.act.drawn[:]})
        d["seats"] = [bare(p, _copy_player(p.__dict__)) for p in self.seats]
        return new


# The mutable fields of the state and of a player, by kind (a test checks that every field is listed).
_STATE_LISTS = ("hourglass", "discard", "supply", "goods", "removed_goods", "map_goods", "deeds", "excluded", "lost",
                "queue", "winners")
_STATE_NESTED = ("stacks", "act", "seats")
_PLAYER_LISTS = ("tower", "slots", "tiles", "tracks", "goods", "built", "citizens", "fresh", "planned")
_PLAYER_DICTS = ("bag", "market")


def _copy_player(src: dict[str, Any]) -> dict[str, Any]:
    d = dict(src)
    for name in _PLAYER_LISTS:
        d[name] = d[name][:]
    for name in _PLAYER_DICTS:
        d[name] = d[name].copy()
    return d
