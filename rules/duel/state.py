"""The state of a 7 Wonders Duel game, its options and its explicit setup (layout)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.contract import GameState
from rules.models import QuickAssign, bare
from rules.duel.data import CARDS, WONDERS

CARD_IDS = tuple(CARDS)
WONDER_IDS = tuple(WONDERS)

Decision = Literal["draft", "turn", "token", "destroy", "mausoleum", "library", "starter", "over"]
FollowUpKind = Literal["token", "destroy", "mausoleum", "library"]


class FollowUp(BaseModel):
    """A decision that a turn leaves to make before it ends: a progress token after a science pair, and the choices
    of the Statue of Zeus / Circus Maximus (``destroy``, with the ``colour`` of the cards to choose from), of the
    Mausoleum and of the Great Library."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: FollowUpKind
    colour: Literal["brown", "grey"] | None = None  # destroy: the colour of the cards to choose from


class DuelOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # "draft": the wonder selection phase; "preset": the first-game wonders of the rulebook.
    wonders: Literal["draft", "preset"] = "draft"
    # Who plays first: "random", or seat 0 / seat 1 (the game's creator sits at seat 0).
    first_player: Literal["random", "0", "1"] = "random"
    # The pawn on the neutral space at the end of an age: the Russian rulebook says the player who took the last card
    # begins the next age; the English rulebook and Board Game Arena let that player choose who begins.
    neutral_start: Literal["last_begins", "last_chooses"] = "last_begins"


class DuelLayout(BaseModel):
    """Everything chance decides in a game, fixed up front: a seed draws one, a recorded game supplies its own."""

    model_config = ConfigDict(extra="forbid")

    first_player: int = Field(ge=0, le=1)
    # The 8 wonders of the draft in reveal order (round 1 then round 2). With the preset: seat 0's 4, then seat 1's.
    wonders: list[str] = Field(min_length=8, max_length=8)
    # The 20 cards of each age, in slot order (slot 0 = far left of the top row).
    ages: list[list[str]] = Field(min_length=3, max_length=3)
    board_tokens: list[str] = Field(min_length=5, max_length=5)
    # The 5 tokens set aside, in the order the Great Library would draw them.
    box_tokens: list[str] = Field(min_length=5, max_length=5)


class PlayerState(QuickAssign):
    model_config = ConfigDict(extra="forbid")

    coins: int = 7
    city: list[str] = []  # buildings, in the order built
    wonders: list[str] = []  # owned wonders, in the order taken
    built: dict[str, str] = {}  # built wonder -> the age card tucked under it
    tokens: list[str] = []  # progress tokens, in the order taken


class DuelState(QuickAssign, GameState):
    game: Literal["duel"] = "duel"
    players: Literal[2] = 2
    options: DuelOptions = DuelOptions()
    first_player: int = 0

    decision: Decision = "draft"
    current: int = 0  # the seat deciding now
    age: int = 0  # 0 during the wonder draft

    # The draft: wonders not yet revealed (hidden), the revealed ones still to take (public), picks made so far.
    wonder_deck: list[str] = []
    offer: list[str] = []
    picks: int = 0

    # Age decks still to deal (hidden), the current structure (card or None once taken) and which slots are face up.
    decks: list[list[str]] = []
    slots: list[str | None] = []
    face_up: list[bool] = []

    board_tokens: list[str] = []
    box_tokens: list[str] = []  # set aside at setup (hidden); the Great Library draws from the front
    library_offer: list[str] = []  # the 3 tokens drawn by the Great Library (only its builder sees them)
    returned_tokens: list[str] = []  # the 2 the Great Library did not keep (hidden)

    pawn: int = 0  # > 0: towards seat 1's capital (seat 0 leads); < 0: towards seat 0's capital
    loot: list[bool] = [True, True, True, True]  # looting tokens on seat 0's side (2, 5), then seat 1's side (2, 5)

    discard: list[str] = []
    out_wonders: list[str] = []  # the unbuilt wonder removed when the 7th was built

    # Follow-up decisions of the current turn, in order: immutable, so that a copy of the state may share it.
    queue: tuple[FollowUp, ...] = ()
    extra_turn: bool = False
    last_taker: int | None = None

    winners: list[int] = []
    victory: Literal["military", "science", "civilian"] | None = None

    seats: list[PlayerState] = []

    @field_validator("queue", mode="before")
    @classmethod
    def _written_queue(cls, value: Any) -> Any:
        """States stored before follow-ups were models wrote them ``"kind[:colour]"`` (``"destroy:brown"``)."""
        if isinstance(value, (list, tuple)):
            return [_follow_up(entry) if isinstance(entry, str) else entry for entry in value]
        return value

    def opponent(self, seat: int) -> int:
        return 1 - seat

    def clone(self) -> DuelState:
        """A deep copy sharing nothing mutable, written out field by field (several times faster than the generic
        annotation-driven copy of ``GameState.clone``). The options (never changed after setup) and the queue of
        frozen follow-ups are shared."""
        d = dict(self.__dict__)
        for name in _STATE_LISTS:
            d[name] = d[name][:]
        d["decks"] = [deck[:] for deck in d["decks"]]
        d["seats"] = [bare(p, _copy_player(p.__dict__)) for p in d["seats"]]
        return bare(self, d)

    # What setup left out of the game is whatever is nowhere else: derived, never stored.
    def cards_in_play(self) -> list[str]:
        cards = [c for deck in self.decks for c in deck] + [c for c in self.slots if c] + list(self.discard)
        for p in self.seats:
            cards += p.city
            cards += p.built.values()
        return cards

    def wonders_in_play(self) -> list[str]:
        return [*self.wonder_deck, *self.offer, *self.out_wonders, *(w for p in self.seats for w in p.wonders)]

    @property
    def removed(self) -> list[str]:
        """The age cards and guilds removed unseen at setup (hidden information)."""
        in_play = set(self.cards_in_play())
        return [c for c in CARD_IDS if c not in in_play]

    @property
    def undrafted(self) -> list[str]:
        """The wonders never revealed in the draft (hidden information)."""
        in_play = set(self.wonders_in_play())
        return [w for w in WONDER_IDS if w not in in_play]



# The mutable fields of the state and of a player, by kind (a test checks that every field is listed).
_STATE_LISTS = ("wonder_deck", "offer", "slots", "face_up", "board_tokens", "box_tokens", "library_offer",
                "returned_tokens", "loot", "discard", "out_wonders", "winners")
_STATE_NESTED = ("decks", "seats")
_PLAYER_LISTS = ("city", "wonders", "tokens")
_PLAYER_DICTS = ("built",)


def _copy_player(src: dict[str, Any]) -> dict[str, Any]:
    d = dict(src)
    d["city"] = d["city"][:]
    d["wonders"] = d["wonders"][:]
    d["tokens"] = d["tokens"][:]
    d["built"] = dict(d["built"])
    return d




def _follow_up(written: str) -> dict[str, Any]:
    kind, _, colour = written.partition(":")
    return {"kind": kind, "colour": colour or None}
