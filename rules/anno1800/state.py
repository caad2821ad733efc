"""The state of an Anno 1800 game: plain classes that the engine reads and changes at almost every move.

Seats play clockwise in seat order, beginning with ``first_player``. Per player, the islands are a list of fields:
the home island's 20 (``home_1`` .. ``home_20``: 10 inland, 5 coast, 5 sea), then 6 per Old World tile in the order
explored (``<tile>_1`` .. ``<tile>_6``, e.g. ``ow04_2``). ``buildings[i]`` is the building on field ``i`` ("" when
empty), ``printed[i]`` says whether it is printed (covering a printed building removes it from the game), and
``work[2i]``, ``work[2i + 1]`` hold the tiers of the cubes on its two workplaces (-1: free).

Naval tokens use the capacity model of the spec (§2): the ships' strengths are the capacity of each kind, and
``trade_used`` / ``explore_used`` count the tokens in the exhausted area; ``card_trade`` / ``card_explore`` are the
temporary tokens lying on played cards. The turn in progress (actions left, resources traded, the chain of small
decisions being taken) is ``turn``; its ``steps`` are a stack whose top is the decision of the current player.

These classes are compiled to C with the engine (``rules/compiled.py``), where reading a field is a load from a C
structure (a pydantic model's field went through three look-ups in dictionaries; in self-play, a fifth of the
engine's work). Their stored form is the pydantic model of ``document``, field for field: it validates what is
read and writes the JSON, and the pydantic methods the platform calls on a state (``model_dump``,
``model_dump_json``, ``model_validate``, ``model_copy``) and equality go through it.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from rules.anno1800.options import AnnoOptions

StepKind = Literal[
    "build", "ships", "remove", "field", "cover", "printed", "last", "pay", "hire", "upgrade", "swap", "shift", "resource", "free_upgrade",
    "return_cards", "editor", "activate",
]
Purpose = Literal["", "build", "play", "hire", "upgrade"]

_DEFAULT_OPTIONS: Final = AnnoOptions()  # never changed: options are read only after setup


class Player:
    def __init__(
        self,
        gold: int = 0,
        hand: list[str] | None = None,
        played: list[str] | None = None,
        face_down: list[str] | None = None,
        expeditions: list[str] | None = None,
        old_world: list[str] | None = None,
        new_world: list[str] | None = None,
        buildings: list[str] | None = None,
        printed: list[bool] | None = None,
        work: list[int] | None = None,
        district: list[int] | None = None,
        exhausted: list[int] | None = None,
        trade_used: int = 0,
        explore_used: int = 0,
        card_trade: int = 0,
        card_explore: int = 0,
    ) -> None:
        self.gold = gold
        self.hand: list[str] = [] if hand is None else hand
        self.played: list[str] = [] if played is None else played  # played population cards, in order
        # the played cards turned face down (activated, or a return effect forfeited)
        self.face_down: list[str] = [] if face_down is None else face_down
        self.expeditions: list[str] = [] if expeditions is None else expeditions  # hidden from the other players
        self.old_world: list[str] = [] if old_world is None else old_world  # Old World tiles, in the order explored
        self.new_world: list[str] = [] if new_world is None else new_world  # New World tiles, in the order explored
        self.buildings: list[str] = [] if buildings is None else buildings
        self.printed: list[bool] = [] if printed is None else printed
        self.work: list[int] = [] if work is None else work
        self.district: list[int] = [0, 0, 0, 0, 0] if district is None else district  # cubes by tier
        self.exhausted: list[int] = [0, 0, 0, 0, 0] if exhausted is None else exhausted  # exhausted cubes by tier
        self.trade_used = trade_used
        self.explore_used = explore_used
        self.card_trade = card_trade
        self.card_explore = card_explore

    def clone(self) -> Player:
        return Player(
            gold=self.gold, hand=self.hand[:], played=self.played[:], face_down=self.face_down[:],
            expeditions=self.expeditions[:], old_world=self.old_world[:], new_world=self.new_world[:],
            buildings=self.buildings[:], printed=self.printed[:], work=self.work[:], district=self.district[:],
            exhausted=self.exhausted[:], trade_used=self.trade_used, explore_used=self.explore_used,
            card_trade=self.card_trade, card_explore=self.card_explore,
        )

    def __eq__(self, other: object) -> bool:
        return _same(self, other)

    def __repr__(self) -> str:
        return _shown(self)


class Step:
    """One open decision of the turn's chain (see ``decisions``)."""

    def __init__(
        self,
        kind: str,
        item: str = "",
        field: str = "",
        purpose: str = "",
        code: str = "",
        partners: str = "",
        count: int = 0,
        picked: list[str] | None = None,
        yards: list[int] | None = None,
        draws: list[int] | None = None,
        removed: bool = False,
    ) -> None:
        self.kind = kind  # a ``StepKind``
        self.item = item  # what the step is about: a building, card, tier or cube place
        self.field = field  # build: the chosen field; upgrade payment: the place of the cube upgraded
        self.purpose = purpose  # pay: what is paid for (a ``Purpose``)
        self.code = code  # pay: the chosen sourcing (``payment``)
        self.partners = partners  # pay: the chosen trading partners
        self.count = count  # cubes hired, steps taken, ships built, steps or cards still allowed
        self.picked: list[str] = [] if picked is None else picked  # swap: the chosen cards
        # ships: the shipyards of each strength that built a ship this action
        self.yards: list[int] = [0, 0, 0, 0] if yards is None else yards
        # hire: cards still to draw from the farmer/worker and artisan/... decks
        self.draws: list[int] = [0, 0] if draws is None else draws
        self.removed = removed  # build: a token was removed this action

    def clone(self) -> Step:
        return Step(
            kind=self.kind, item=self.item, field=self.field, purpose=self.purpose, code=self.code,
            partners=self.partners, count=self.count, picked=self.picked[:], yards=self.yards[:],
            draws=self.draws[:], removed=self.removed,
        )

    def __eq__(self, other: object) -> bool:
        return _same(self, other)

    def __repr__(self) -> str:
        return _shown(self)


class Turn:
    def __init__(
        self,
        actions: int = 1,
        taken: int = 0,
        traded: list[str] | None = None,
        held: list[str] | None = None,
        used: list[str] | None = None,
        played: list[str] | None = None,
        steps: list[Step] | None = None,
    ) -> None:
        self.actions = actions  # actions still to take
        self.taken = taken  # actions taken
        self.traded: list[str] = [] if traded is None else traded  # resources traded this turn (each at most once)
        self.held: list[str] = [] if held is None else held  # New World resources of a card effect, for this turn
        self.used: list[str] = [] if used is None else used  # the once-a-turn objective effects used
        # cards played this turn (their return effect lapses at the end of the turn)
        self.played: list[str] = [] if played is None else played
        self.steps: list[Step] = [] if steps is None else steps

    def clone(self) -> Turn:
        return Turn(
            actions=self.actions, taken=self.taken, traded=self.traded[:], held=self.held[:], used=self.used[:],
            played=self.played[:], steps=[s.clone() for s in self.steps],
        )

    def __eq__(self, other: object) -> bool:
        return _same(self, other)

    def __repr__(self) -> str:
        return _shown(self)


class AnnoState:
    """The whole game (``rules.contract.GameState``'s fields first: see there)."""

    def __init__(
        self,
        players: int,
        game: str = "anno1800",
        seed: int | None = None,
        rng_counter: int = 0,
        ply: int = 0,
        options: AnnoOptions | None = None,
        first_player: int = 0,
        current: int = 0,
        round: int = 1,
        end_round: int = 0,
        fireworks: int = -1,
        over: bool = False,
        winners: list[int] | None = None,
        objectives: list[str] | None = None,
        farmer_worker: list[str] | None = None,
        artisan_engineer_investor: list[str] | None = None,
        new_world: list[str] | None = None,
        expeditions: list[str] | None = None,
        old_world_tiles: list[str] | None = None,
        new_world_tiles: list[str] | None = None,
        board: dict[str, int] | None = None,
        supply: list[int] | None = None,
        seats: list[Player] | None = None,
        turn: Turn | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.rng_counter = rng_counter
        self.ply = ply
        self.options: AnnoOptions = _DEFAULT_OPTIONS if options is None else options
        self.first_player = first_player
        self.current = current
        self.round = round
        self.end_round = end_round  # the last round, once the end is triggered (0: not triggered)
        self.fireworks = fireworks  # the seat holding the fireworks token (-1: still beside the board)
        self.over = over
        self.winners: list[int] = [] if winners is None else winners
        self.objectives: list[str] = [] if objectives is None else objectives
        # the decks and stacks, top first (hidden)
        self.farmer_worker: list[str] = [] if farmer_worker is None else farmer_worker
        self.artisan_engineer_investor: list[str] = [] if artisan_engineer_investor is None else artisan_engineer_investor
        self.new_world: list[str] = [] if new_world is None else new_world
        self.expeditions: list[str] = [] if expeditions is None else expeditions
        self.old_world_tiles: list[str] = [] if old_world_tiles is None else old_world_tiles
        self.new_world_tiles: list[str] = [] if new_world_tiles is None else new_world_tiles
        self.board: dict[str, int] = {} if board is None else board  # construction tokens left on the board
        self.supply: list[int] = [0, 0, 0, 0, 0] if supply is None else supply  # population cubes in the supply
        self.seats: list[Player] = [] if seats is None else seats
        self.turn: Turn = Turn() if turn is None else turn

    def deck(self, name: str) -> list[str]:
        """A population deck, the expedition deck or a tile stack, by the name of its field."""
        if name == "farmer_worker":
            return self.farmer_worker
        if name == "artisan_engineer_investor":
            return self.artisan_engineer_investor
        if name == "new_world":
            return self.new_world
        if name == "expeditions":
            return self.expeditions
        if name == "old_world_tiles":
            return self.old_world_tiles
        if name == "new_world_tiles":
            return self.new_world_tiles
        raise KeyError(name)

    def clone(self) -> AnnoState:
        """A deep copy sharing nothing mutable (the options, never changed after setup, are shared)."""
        return AnnoState(
            players=self.players, game=self.game, seed=self.seed, rng_counter=self.rng_counter, ply=self.ply,
            options=self.options, first_player=self.first_player, current=self.current, round=self.round,
            end_round=self.end_round, fireworks=self.fireworks, over=self.over, winners=self.winners[:],
            objectives=self.objectives[:], farmer_worker=self.farmer_worker[:],
            artisan_engineer_investor=self.artisan_engineer_investor[:], new_world=self.new_world[:],
            expeditions=self.expeditions[:], old_world_tiles=self.old_world_tiles[:],
            new_world_tiles=self.new_world_tiles[:], board=dict(self.board), supply=self.supply[:],
            seats=[p.clone() for p in self.seats], turn=self.turn.clone(),
        )

    def islands_copy(self, seat: int) -> AnnoState:
        """A copy in which ``seat``'s player and the board may be changed, all the rest shared and left alone: for
        trying out a change to one player's islands, far cheaper than ``clone``."""
        seats = list(self.seats)
        seats[seat] = seats[seat].clone()
        return AnnoState(
            players=self.players, game=self.game, seed=self.seed, rng_counter=self.rng_counter, ply=self.ply,
            options=self.options, first_player=self.first_player, current=self.current, round=self.round,
            end_round=self.end_round, fireworks=self.fireworks, over=self.over, winners=self.winners,
            objectives=self.objectives, farmer_worker=self.farmer_worker,
            artisan_engineer_investor=self.artisan_engineer_investor, new_world=self.new_world,
            expeditions=self.expeditions, old_world_tiles=self.old_world_tiles,
            new_world_tiles=self.new_world_tiles, board=dict(self.board), supply=self.supply, seats=seats,
            turn=self.turn,
        )

    # --- the pydantic surface of a state (``rules.contract.GameState``), through its document -------------------
    @classmethod
    def model_validate(cls, data: Any) -> AnnoState:
        from rules.anno1800.document import load

        return load(data)

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> AnnoState:
        from rules.anno1800.document import load_json

        return load_json(data)

    def model_dump(self, **how: Any) -> dict[str, Any]:
        """``pydantic.BaseModel.model_dump`` of the stored form (the same arguments)."""
        from rules.anno1800.document import document

        return document(self).model_dump(**how)  # type: ignore[no-any-return]

    def model_dump_json(self, **how: Any) -> str:
        from rules.anno1800.document import document

        return document(self).model_dump_json(**how)  # type: ignore[no-any-return]

    def model_copy(self, update: dict[str, Any] | None = None) -> AnnoState:
        """A deep copy, with the fields of ``update`` set to the values given."""
        new = self.clone()
        for name, value in (update or {}).items():
            setattr(new, name, value)
        return new

    def __eq__(self, other: object) -> bool:
        return _same(self, other)

    def __repr__(self) -> str:
        return _shown(self)


def _same(a: object, b: object) -> bool:
    """Equality of two records of the state: the same class and the same stored form."""
    from rules.anno1800.document import document

    return type(a) is type(b) and document(a).model_dump() == document(b).model_dump()


def _shown(record: object) -> str:
    from rules.anno1800.document import document

    return f"{type(record).__name__}({document(record).model_dump(exclude_defaults=True)})"
