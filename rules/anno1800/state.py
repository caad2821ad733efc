"""The state of an Anno 1800 game, its options and its explicit setup (layout).

Seats play clockwise in seat order, beginning with ``first_player``. Per player, the islands are a list of fields:
the home island's 20 (``home_1`` .. ``home_20``: 10 inland, 5 coast, 5 sea), then 6 per Old World tile in the order
explored (``<tile>_1`` .. ``<tile>_6``, e.g. ``ow04_2``). ``buildings[i]`` is the building on field ``i`` ("" when
empty), ``printed[i]`` says whether it is printed (covering a printed building removes it from the game), and
``work[2i]``, ``work[2i + 1]`` hold the tiers of the cubes on its two workplaces (-1: free).

Naval tokens use the capacity model of the spec (§2): the ships' strengths are the capacity of each kind, and
``trade_used`` / ``explore_used`` count the tokens in the exhausted area; ``card_trade`` / ``card_explore`` are the
temporary tokens lying on played cards. The turn in progress (actions left, resources traded, the chain of small
decisions being taken) is ``turn``; its ``steps`` are a stack whose top is the decision of the current player.

The engine changes these models in place at almost every move: their fields are assigned without pydantic's look-up
of a handler (``QuickAssign``), and copied without validation (``clone``, ``_fresh``).
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.contract import GameState
from rules.models import QuickAssign, bare

StepKind = Literal[
    "build", "ships", "remove", "field", "cover", "printed", "last", "pay", "hire", "upgrade", "swap", "shift", "resource", "free_upgrade",
    "return_cards", "editor", "activate",
]
Purpose = Literal["", "build", "play", "hire", "upgrade"]


class AnnoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # The 5 objective cards: drawn at random among the 15 whose content is known, or the rulebook's first-game set.
    objectives: Literal["random", "first_game"] = "random"
    # Who plays first (the rulebook: the person who most recently travelled abroad): random, or a seat.
    first_player: Literal["random", "0", "1", "2", "3"] = "random"
    # The investor's hire cost: V's transcription ("long", the default) or the pattern of the other tiers ("short").
    investor_hire: Literal["long", "short"] = "long"
    # A gain-cubes effect whose cube can neither draw its card nor pay the deck's gold: that cube is skipped (RU/EN,
    # "partial") or the effect cannot be used at all (IT, "all_or_nothing"); spec AMB-11.
    gain_cubes: Literal["partial", "all_or_nothing"] = "partial"
    # The end of the game: whenever the active player's hand becomes empty (spec AMB-2's recommendation), or only
    # when they play their last card.
    end_trigger: Literal["empty_hand", "last_card_played"] = "empty_hand"
    # A worker alternative of a printed industry is built in addition (RU/IT/EN) or must cover the printed one
    # while the player still has it (the German rulebook); data §2.5.
    alternatives: Literal["in_addition", "cover_printed"] = "in_addition"


class AnnoLayout(BaseModel):
    """Everything chance decides, fixed up front: a seed draws one, a recorded game supplies its own. Decks and
    stacks are listed top first; ``hands`` are the dealt hands, by seat."""

    model_config = ConfigDict(extra="forbid")

    first_player: int
    objectives: list[str]
    hands: list[list[str]]
    farmer_worker: list[str]
    artisan_engineer_investor: list[str]
    new_world: list[str]
    expeditions: list[str]
    old_world_tiles: list[str]
    new_world_tiles: list[str]


class Player(QuickAssign):
    model_config = ConfigDict(extra="forbid")

    gold: int = 0
    hand: list[str] = []
    played: list[str] = []  # played population cards, in order
    face_down: list[str] = []  # the played cards turned face down (activated, or a return effect forfeited)
    expeditions: list[str] = []  # hidden from the other players
    old_world: list[str] = []  # Old World tiles, in the order explored
    new_world: list[str] = []  # New World tiles, in the order explored
    buildings: list[str] = []
    printed: list[bool] = []
    work: list[int] = []
    district: list[int] = [0, 0, 0, 0, 0]  # cubes in the residential districts, by tier
    exhausted: list[int] = [0, 0, 0, 0, 0]  # cubes in the exhausted area, by tier
    trade_used: int = 0
    explore_used: int = 0
    card_trade: int = 0
    card_explore: int = 0


class Step(QuickAssign):
    """One open decision of the turn's chain (see ``decisions``)."""

    model_config = ConfigDict(extra="forbid")

    kind: StepKind
    item: str = ""  # what the step is about: a building, card, tier or cube place
    field: str = ""  # build: the chosen field; upgrade payment: the place of the cube upgraded
    purpose: Purpose = ""  # pay: what is paid for
    code: str = ""  # pay: the chosen sourcing (``payment``)
    partners: str = ""  # pay: the chosen trading partners
    count: int = 0  # cubes hired, steps taken, ships built, steps or cards still allowed
    picked: list[str] = []  # swap: the chosen cards
    yards: list[int] = [0, 0, 0, 0]  # ships: the shipyards of each strength that built a ship this action
    draws: list[int] = [0, 0]  # hire: cards still to draw from the farmer/worker and artisan/... decks
    removed: bool = False  # build: a token was removed this action

    @classmethod
    def new(cls, kind: StepKind, **fields: Any) -> Step:
        """A step the engine opens (``Step(kind=kind, **fields)``, built without validation: see ``_fresh``)."""
        return _fresh(cls, kind=kind, **fields)


class Turn(QuickAssign):
    model_config = ConfigDict(extra="forbid")

    actions: int = 1  # actions still to take
    taken: int = 0  # actions taken
    traded: list[str] = []  # resources obtained by trade this turn (each at most once)
    held: list[str] = []  # New World resources from a card effect, to spend this turn
    used: list[str] = []  # the once-a-turn objective effects used
    played: list[str] = []  # cards played this turn (their return effect lapses at the end of the turn)
    steps: list[Step] = []

    @classmethod
    def new(cls, **fields: Any) -> Turn:
        """A turn the engine opens (``Turn(**fields)``, built without validation: see ``_fresh``)."""
        return _fresh(cls, **fields)


class AnnoState(QuickAssign, GameState):
    game: Literal["anno1800"] = "anno1800"
    options: AnnoOptions = AnnoOptions()
    first_player: int = 0
    current: int = 0
    round: int = 1
    end_round: int = 0  # the last round, once the end is triggered (0: not triggered)
    fireworks: int = -1  # the seat holding the fireworks token (-1: still beside the board)
    over: bool = False
    winners: list[int] = []
    objectives: list[str] = []
    farmer_worker: list[str] = []  # the decks and stacks, top first (hidden)
    artisan_engineer_investor: list[str] = []
    new_world: list[str] = []
    expeditions: list[str] = []
    old_world_tiles: list[str] = []
    new_world_tiles: list[str] = []
    board: dict[str, int] = {}  # construction tokens left on the board
    supply: list[int] = [0, 0, 0, 0, 0]  # population cubes in the supply
    seats: list[Player] = []
    turn: Turn = Turn()

    def deck(self, name: str) -> list[str]:
        return getattr(self, name)  # type: ignore[no-any-return]

    def clone(self) -> AnnoState:
        """A deep copy sharing nothing mutable, written out field by field: the generic annotation-driven copy of
        ``GameState.clone`` is several times slower, and self-play clones the state at every move. The options are
        never mutated after setup and are shared."""
        new = bare(self, dict(self.__dict__))
        d = new.__dict__
        for name in _STATE_LISTS:
            d[name] = d[name][:]
        d["board"] = dict(d["board"])
        d["seats"] = [bare(p, _copy(p.__dict__, _PLAYER_LISTS)) for p in self.seats]
        t = self.turn
        td = _copy(t.__dict__, _TURN_LISTS)
        td["steps"] = [bare(s, _copy(s.__dict__, _STEP_LISTS)) for s in t.steps]
        d["turn"] = bare(t, td)
        return new

    def islands_copy(self, seat: int) -> AnnoState:
        """A copy in which ``seat``'s player and the board may be changed, all the rest shared and left alone: for
        trying out a change to one player's islands, far cheaper than ``clone``."""
        new = bare(self, dict(self.__dict__))
        p = self.seats[seat]
        seats = list(self.seats)
        seats[seat] = bare(p, _copy(p.__dict__, _PLAYER_LISTS))
        new.__dict__.update(seats=seats, board=dict(self.board))
        return new


# The mutable fields of each model, by kind (a test checks that every list field is listed).
_STATE_LISTS = (
    "winners", "objectives", "farmer_worker", "artisan_engineer_investor", "new_world", "expeditions",
    "old_world_tiles", "new_world_tiles", "supply",
)
_PLAYER_LISTS = (
    "hand", "played", "face_down", "expeditions", "old_world", "new_world", "buildings", "printed", "work",
    "district", "exhausted",
)
_TURN_LISTS = ("traded", "held", "used", "played")
_STEP_LISTS = ("picked", "yards", "draws")


def _fresh(cls: type[M], **fields: Any) -> M:
    """``cls(**fields)`` for values the engine made itself, so right by construction: pydantic's validation and
    its deep copies of the defaults cost ten times more, and the engine opens steps at almost every move."""
    values = _copy(_DEFAULTS[cls], _LISTS[cls])
    values.update(fields)
    new = cls.__new__(cls)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_fields_set__", set(fields))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


M = TypeVar("M", Step, Turn)
_DEFAULTS = {cls: {name: info.default for name, info in cls.model_fields.items()} for cls in (Step, Turn)}
_LISTS = {Step: _STEP_LISTS, Turn: _TURN_LISTS + ("steps",)}


def _copy(src: dict[str, Any], lists: tuple[str, ...]) -> dict[str, Any]:
    d = dict(src)
    for name in lists:
        d[name] = d[name][:]
    return d
