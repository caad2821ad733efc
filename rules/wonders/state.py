"""The state of a 7 Wonders (+ Armada) game, its options and its explicit setup (layout).

Seats sit clockwise in seat order. Seat ``i``'s LEFT neighbour is seat ``(i + 1) % n`` and its RIGHT neighbour is
seat ``(i - 1) % n``: passing "to the left" (Ages I and III) gives seat ``i``'s hand to seat ``i + 1``; passing to
the right (Age II) gives it to seat ``i - 1``. Armada's arrows: >> (the player right of the right neighbour) is
seat ``i - 2``, << (left of the left neighbour) is seat ``i + 2``. Teams (Armada team variant) are seats
(0, 1), (2, 3), (4, 5): allies sit side by side.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState
from rules.models import QuickAssign, bare

# The decision a seat faces (``Player.waiting``), also the pending kinds of the game.
Waiting = Literal["", "side", "turn", "last", "island", "advance", "revive", "naval"]
Phase = Literal["sides", "play", "over"]


class WondersOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    armada: bool = False
    # Each player's wonder side: dealt at random, all A, all B, or each player chooses after seeing their board.
    sides: Literal["random", "a", "b", "choice"] = "random"
    # The Armada team variant (4 or 6 players, teams of two neighbours).
    teams: bool = False
    # Naval Conflict ties of three or more players (spec B.7): "ranked" (house default) or "competition".
    naval_ties: Literal["ranked", "competition"] = "ranked"


class WondersLayout(BaseModel):
    """Everything chance decides at the start, fixed up front: a seed draws one, a recorded game supplies its own."""

    model_config = ConfigDict(extra="forbid")

    boards: list[str]  # the wonder of each seat
    sides: list[Literal["a", "b"]] = []  # each seat's side; empty when the players choose ("choice")
    shipyards: list[str] = []  # Armada: the Shipyard board of each seat
    # The three age decks in deal order: seat i's hand of age a is ages[a][i * H:(i + 1) * H] (H cards a hand).
    ages: list[list[str]] = Field(min_length=3, max_length=3)
    islands: list[list[str]] = []  # Armada: the island decks of levels 1, 2, 3, top card first
    seed: int = 0  # the generator of the later shuffles (island decks after an exploration)


class Player(QuickAssign):
    model_config = ConfigDict(extra="forbid")

    coins: int = 3
    board: str = ""
    side: str = ""  # "a" / "b"; "" while the player chooses
    shipyard: str = ""
    hand: list[str] = []
    # The picks made this age from the hand this player holds, in order: "seat:card" for a card that went where the
    # others cannot see it (under a wonder stage, to the discard pile), "seat:" for one built in the open. It passes
    # on with the hand, so that a seat that held the hand knows what may still be in it (``rules.wonders.hidden``)
    trail: list[str] = []
    city: list[str] = []  # structures, in the order built
    stages: list[str] = []  # the cards tucked under the built stages (hidden), one per stage built
    land: list[int] = []  # land conflict tokens (victories 1/3/5, defeats -1)
    naval: list[int] = []  # naval conflict tokens
    ships: list[int] = [0, 0, 0, 0]  # red, yellow, blue, green positions 0..6
    islands: list[str] = []  # islands in play, in the order gained
    free_used: bool = False  # Olympia A's free build used this age
    waiting: Waiting = ""  # the decision this seat faces now
    order: str = ""  # the move it chose for that decision (hidden until every waiting seat has chosen)
    offer: list[str] = []  # islands dealt to it in the exploration being decided (hidden from the others)
    advance_count: int = 0  # ships to advance for the "advance" decision (Frothy Harbor 2, Stormy Archipelago 3)
    naval_out: bool = False  # Forgotten Harbor: out of this age's Naval Conflict


class WondersState(QuickAssign, GameState):
    game: Literal["wonders"] = "wonders"
    options: WondersOptions = WondersOptions()
    phase: Phase = "play"
    age: int = 0
    turn: int = 0  # 1.. within the age; the Babylon extra turn keeps the number of the last regular turn
    hand_size: int = 7
    decks: list[list[str]] = []  # the age decks not dealt yet, next first (hidden)
    discard: list[str] = []  # the discard pile (hidden but for its size)
    island_decks: list[list[str]] = [[], [], []]  # levels 1..3, top first (hidden but for their sizes)
    seats: list[Player] = []
    # The turn being resolved: the step of the end-of-turn order reached (B.10), and what waits for later steps.
    step: int = 0
    extra_turn: bool = False  # the turn being resolved is Babylon B's play of the last card
    explore_queue: list[list[int]] = []  # [seat, level] explorations still to run (step 4)
    revive_queue: list[int] = []  # seats that build from the discard pile at step 5
    taxes: list[list[int]] = []  # [seat, tax value] triggered this turn (step 6)
    pirates: list[int] = []  # seats whose pirate effect applies at step 6 (one entry per effect)
    invasions: list[list[int]] = []  # [builder, target] this age
    winners: list[int] = []

    # --- seats ---------------------------------------------------------------------------------------------
    def left(self, seat: int) -> int:
        return (seat + 1) % self.players

    def right(self, seat: int) -> int:
        return (seat - 1) % self.players

    def ally(self, seat: int) -> int | None:
        return seat ^ 1 if self.options.teams else None

    def clone(self) -> WondersState:
        """A deep copy sharing nothing mutable, written out field by field: the generic annotation-driven copy of
        ``GameState.clone`` is several times slower, and self-play clones the state at every move. The options
        are a frozen-in-practice model (never mutated after setup) and are shared."""
        new = bare(self, dict(self.__dict__))
        d = new.__dict__
        for name in _STATE_LISTS:
            d[name] = d[name][:]
        for name in _STATE_NESTED:
            d[name] = [x[:] for x in d[name]]
        d["seats"] = [bare(p, _copy_player(p.__dict__)) for p in self.seats]
        return new



# The mutable fields of the state and of a player, by kind (a test checks that every field is listed).
_STATE_LISTS = ("discard", "revive_queue", "pirates", "winners")
_STATE_NESTED = ("decks", "island_decks", "explore_queue", "taxes", "invasions")
_PLAYER_LISTS = ("hand", "trail", "city", "stages", "land", "naval", "ships", "islands", "offer")


def _copy_player(src: dict[str, Any]) -> dict[str, Any]:
    d = dict(src)
    for name in _PLAYER_LISTS:
        d[name] = d[name][:]
    return d
