"""The contract every game engine implements.

A game is a pure, deterministic state machine:

* ``setup(players, options, seed=..., layout=...)`` builds the first state. The randomness of a game comes only from
  its seed (kept in the state, see ``rules.rng``) or from an explicit ``layout`` (decks, tiles, draws), so a game
  recorded anywhere can be replayed exactly.
* ``active_seats(state)`` says who must decide now (several seats in a simultaneous phase);
  ``pending(state, seat)`` says what that seat decides; ``legal_moves(state, seat)`` enumerates every option.
* ``apply(state, seat, move)`` returns a *new* state and the events that happened; the state passed in is never
  changed. An illegal move raises ``IllegalMove`` carrying a catalog key and parameters, never a sentence.
* ``view(state, seat)`` is what that seat may know (``None``: a spectator). Hidden information is absent from a
  view, not merely flagged, so nothing drawn or sent from a view can leak it. ``determinize(state, seat, rng)``
  (optional) re-draws what a seat cannot see: a view that differs between the two states leaks something.
* ``outcome(state)`` scores the game by the categories of its score pad.

Nothing here knows about languages, chat platforms or storage.
"""

from __future__ import annotations

import copy
import functools
import random
import re
import types
import typing
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict

Seat = int

_TOKEN = re.compile(r"^[a-z0-9_]+$")


class IllegalMove(Exception):
    """A move that the rules do not allow. ``code`` is a message-catalog key; ``params`` fill its placeholders."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:  # for logs and test failures, never shown to users
        return f"{self.code} {self.params}" if self.params else self.code


@dataclass(frozen=True, slots=True)
class Move:
    """One option of a decision, written in a short stable notation: ``action:arg:arg``.

    The notation is what a slash command carries, what autocomplete lists, what the game log stores and what a
    replay file holds. Every part is lower-case ``[a-z0-9_]``.
    """

    action: str
    args: tuple[str, ...] = ()
    # The notation, joined once: a search reads it for every move of every menu it walks, thousands of times a second.
    notation: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "notation", ":".join((self.action, *self.args)))

    def __str__(self) -> str:
        return self.notation

    @classmethod
    def parse(cls, text: str) -> Move:
        """Split notation into parts. Only the syntax is checked here; each game checks the meaning."""
        parts = [p.strip() for p in text.strip().lower().split(":")]
        if not parts or not all(_TOKEN.match(p) for p in parts):
            raise IllegalMove("error.move_syntax", text=text)
        return cls(parts[0], tuple(parts[1:]))


def remembered_parser(check: Callable[[Move], None]) -> Callable[[str], Move]:
    """A ``parse_move`` for a game whose notations mean the same in every state: ``Move.parse`` then ``check`` (which
    raises ``IllegalMove``), each text read once (moves are immutable; a refusal is not remembered and is raised
    again)."""

    @functools.lru_cache(maxsize=1 << 14)
    def parse(text: str) -> Move:
        move = Move.parse(text)
        check(move)
        return move

    return parse


class Event:
    """Something that happened, for narration and the game log.

    ``kind`` names the event within its game (the catalog key is ``<game>.event.<kind>``); ``params`` are plain
    JSON values; ``seat`` is the acting seat, if any. ``visible_to`` is ``None`` when everyone (spectators too) may
    see the event, otherwise the seats that may. ``reveals`` marks an event that uncovered hidden information or
    drew randomness: a move with such an event can never be taken back.

    Never changed once made. A plain class rather than a frozen dataclass, whose ``__init__`` sets each field through
    ``object.__setattr__``: engines make one or two events at every move, and this one is made three times faster.
    """

    __slots__ = ("kind", "params", "seat", "visible_to", "reveals")

    def __init__(self, kind: str, params: dict[str, Any] | None = None, seat: Seat | None = None,
                 visible_to: frozenset[Seat] | None = None, reveals: bool = False) -> None:
        self.kind = kind
        self.params: dict[str, Any] = {} if params is None else params
        self.seat = seat
        self.visible_to = visible_to
        self.reveals = reveals

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.params, self.seat, self.visible_to, self.reveals) == (
            other.kind, other.params, other.seat, other.visible_to, other.reveals)

    __hash__ = None  # type: ignore[assignment]  # ``params`` is a dict

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, params={self.params!r}, seat={self.seat!r}, "
                f"visible_to={self.visible_to!r}, reveals={self.reveals!r})")

    def visible_for(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "params": self.params}
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision a seat faces now. ``kind`` names it within its game (catalog key ``<game>.pending.<kind>``)."""

    seat: Seat
    kind: str
    params: dict[str, Any] = field(default_factory=dict)


class Outcome(BaseModel):
    """Who won and the score sheet. ``scores[seat][category]`` follows the game's score pad, with ``total``."""

    model_config = ConfigDict(frozen=True)

    finished: bool
    winners: list[Seat] = []
    victory: str | None = None
    categories: list[str] = []
    scores: dict[Seat, dict[str, int]] = {}


class View(BaseModel):
    """Base of every game's view: the game, whose view it is (``None``: a spectator's), and ``stopped``, which the
    table sets when the game was stopped before its end (nobody is to play any more, though the state still names
    who was). Each game adds what its seats may see."""

    game: str
    seat: Seat | None = None
    stopped: bool = False


class GameState(BaseModel):
    """Base of every game's state: a pydantic model that round-trips through JSON.

    ``seed`` and ``rng_counter`` are the state's own random generator (see ``rules.rng``); ``ply`` counts the
    moves applied so far. An engine compiled for speed may keep its state in plain classes instead, with these fields
    and the pydantic methods the platform calls (``model_dump``, ``model_dump_json``, ``model_copy``, the class's
    ``model_validate`` and ``model_validate_json``, equality), provided through a model of its stored form that
    subclasses this one (Anno 1800: ``rules/anno1800/document.py``).
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    game: str
    players: int
    seed: int | None = None
    rng_counter: int = 0
    ply: int = 0

    def clone(self: S) -> S:
        """A deep copy that shares nothing mutable with this state (engines mutate the copy, never the original)."""
        return _clone(self)


S = TypeVar("S", bound=GameState)
O = TypeVar("O", bound=BaseModel)


_SCALARS = (str, int, float, bool, type(None))


def _is_scalar_type(tp: Any) -> bool:
    """True for annotations whose values are immutable: scalars, literals, and unions of those."""
    if tp in _SCALARS or tp is Any:
        return tp is not Any
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return True
    if origin in (typing.Union, types.UnionType):
        return all(_is_scalar_type(a) for a in typing.get_args(tp))
    return False


def _copier(tp: Any) -> Callable[[Any], Any]:
    """How to copy a value of annotation ``tp`` so that the copy shares nothing mutable with it."""
    if _is_scalar_type(tp):
        return _identity
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list and len(args) == 1:
        inner = _copier(args[0])
        return list.copy if inner is _identity else lambda v: [inner(x) for x in v]
    if origin is dict and len(args) == 2:
        inner = _copier(args[1])
        return dict.copy if inner is _identity else lambda v: {k: inner(x) for k, x in v.items()}
    if origin is tuple and all(_is_scalar_type(a) for a in args if a is not Ellipsis):
        return _identity
    return _clone


def _identity(value: Any) -> Any:
    return value


@functools.cache
def _field_copiers(cls: type[BaseModel]) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    return tuple((name, _copier(info.annotation)) for name, info in cls.model_fields.items())


def _clone(value: Any) -> Any:
    # Game states are trees of models, lists, dicts and immutable scalars. Copying each field by what its annotation
    # says it holds is many times faster than copy.deepcopy and keeps apply() cheap enough for fast self-play.
    if isinstance(value, BaseModel):
        new = value.__class__.__new__(value.__class__)
        src = value.__dict__
        object.__setattr__(new, "__dict__", {name: copy_(src[name]) for name, copy_ in _field_copiers(value.__class__)})
        object.__setattr__(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        object.__setattr__(new, "__pydantic_extra__", copy.copy(value.__pydantic_extra__))
        object.__setattr__(new, "__pydantic_private__", copy.copy(value.__pydantic_private__))
        return new
    if isinstance(value, list):
        return [_clone(v) for v in value]
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


class Game(ABC, Generic[S, O]):
    """A game engine. Subclasses are stateless: every method is a pure function of its arguments."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    State: ClassVar[type[GameState]]
    Options: ClassVar[type[BaseModel]]
    Layout: ClassVar[type[BaseModel]]
    # How many tries of the search (``rules.search``) each move of the deciding seat starts with, at its worth one
    # step ahead (``prior_gain``): more where that rating is a surer guide than what a short search can see.
    search_prior: ClassVar[float] = 3.0
    # UCB1's exploration constant in that search (its rewards are in 0..1): lower where its rewards are mostly who won
    # a game played to the end, which differ little from move to move.
    search_exploration: ClassVar[float] = 0.7
    # A playout of that search that ends the game rewards each seat by its lead in points over the best of the others,
    # squashed with a logistic curve of this width; 0: by who won.
    search_margin: ClassVar[float] = 0.0

    # --- setup ---------------------------------------------------------------------------------------------
    def options(self, raw: BaseModel | dict[str, Any] | None = None) -> O:
        if isinstance(raw, self.Options):
            return raw  # type: ignore[return-value]
        return self.Options.model_validate(raw or {})  # type: ignore[return-value]

    @abstractmethod
    def random_layout(self, players: int, options: O, seed: int) -> BaseModel:
        """Everything chance decides at the start of a game, drawn from ``seed``."""

    @abstractmethod
    def setup(
        self,
        players: int,
        options: O | dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        layout: BaseModel | dict[str, Any] | None = None,
    ) -> S:
        """The first state, from a seed or from an explicit layout (for replays of recorded games)."""

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise IllegalMove(
                "error.player_count", game=self.name, count=players, min=self.min_players, max=self.max_players
            )

    def load(self, data: str | bytes | dict[str, Any]) -> S:
        if isinstance(data, dict):
            return self.State.model_validate(data)  # type: ignore[return-value]
        return self.State.model_validate_json(data)  # type: ignore[return-value]

    # --- decisions -----------------------------------------------------------------------------------------
    @abstractmethod
    def active_seats(self, state: S) -> frozenset[Seat]:
        """Seats that must decide now; empty once the game is over."""

    @abstractmethod
    def pending(self, state: S, seat: Seat) -> Pending | None:
        """The decision ``seat`` faces now, or None."""

    @abstractmethod
    def legal_moves(self, state: S, seat: Seat) -> list[Move]:
        """Every legal option of ``seat``'s current decision (empty if it has none)."""

    def decision_actions(self, state: S, seat: Seat) -> tuple[str, ...]:
        """The actions ``seat``'s current decision accepts, whether or not one of them is legal now (a turn of
        Duel accepts build, discard and wonder, even when nothing can be afforded). Empty when it has none."""
        return tuple(dict.fromkeys(m.action for m in self.legal_moves(state, seat)))

    def parse_move(self, text: str) -> Move:
        """Read notation back into a move, checking that its action and arguments exist in this game."""
        return Move.parse(text)

    def read_record_move(self, state: S, seat: Seat, text: str) -> Move:
        """A move as a recorded game writes it (``rules.replay``), read in ``state`` for ``seat``: the notation, and
        whatever other writing the game accepts in records (a rulebook's own log notation...). Only the reading is
        checked here; ``apply`` says whether the move is legal."""
        return self.parse_move(text)

    @abstractmethod
    def apply(self, state: S, seat: Seat, move: Move) -> tuple[S, list[Event]]:
        """Play ``move`` for ``seat``. Pure: returns a new state; raises IllegalMove."""

    def apply_inplace(self, state: S, seat: Seat, move: Move) -> tuple[S, list[Event]]:
        """``apply`` for a caller that discards ``state`` (self-play, search playouts): the engine may change
        ``state`` itself and return it, saving the copy. Use the state returned, never the one passed in (an engine
        without a fast path returns a new one), and keep a ``state.clone()`` of anything needed later. After an
        IllegalMove the state passed in is unchanged. By default the pure ``apply``."""
        return self.apply(state, seat, move)

    def apply_inplace_listing(self, state: S, seat: Seat, move: Move
                              ) -> tuple[S, list[Event], tuple[Seat, list[Move]] | None]:
        """``apply_inplace``, and the next decision's menu when the engine has it at hand: (the one seat that decides
        next, its ``legal_moves``), or None (then ask ``legal_moves``). An engine that works out the next menu
        anyway as it finishes a move (to take forced decisions at once) saves a caller that plays on (self-play)
        listing it a second time. By default None."""
        state, events = self.apply_inplace(state, seat, move)
        return state, events, None

    # --- information ---------------------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What ``seat`` may know (None: a spectator). Hidden information is absent."""

    def determinize(self, state: S, seat: Seat | None, rng: random.Random) -> S | None:
        """A state that ``seat`` (None: a spectator) cannot tell apart from ``state``: everything it cannot see
        re-drawn consistently with what it knows, with ``rng``. None: not supported (the default)."""
        return None

    def retracts(self, move: Move) -> bool:
        """Whether ``move`` only takes back an earlier choice of the same decision (rearranging a plan, stepping
        back in a chain of choices): a convenience for people that computer players leave alone, since it could
        take them round in circles. False by default."""
        return False

    def considered_moves(self, state: S, seat: Seat) -> list[Move]:
        """The legal moves a computer player weighs: all but those that only take back an earlier choice
        (``retracts``), unless nothing else is legal."""
        moves = self.legal_moves(state, seat)
        if type(self).retracts is Game.retracts:  # no move of this game takes a choice back
            return moves
        return _unless_none_left(moves, self.retracts)

    def waives(self, move: Move) -> bool:
        """Whether ``move`` gives up something the seat could take instead (a pass while actions wait, a free good
        refused): a move that a random playout of the search leaves out while another is legal (``playout_moves``),
        so that the seats' random moves there waste less of what they have. False by default."""
        return False

    def playout_moves(self, state: S, seat: Seat) -> list[Move]:
        """The moves a random playout of the search draws from: ``considered_moves`` less those that ``waives``,
        unless nothing else is left."""
        moves = self.considered_moves(state, seat)
        if type(self).waives is Game.waives:  # no move of this game waives anything
            return moves
        return _unless_none_left(moves, self.waives)

    def playout_move(self, state: S, seat: Seat, rng: random.Random) -> Move:
        """A move of ``seat`` for a random playout of the search: by default one of ``playout_moves`` drawn alike. A
        game whose menu is dear to list may draw one from the same moves without listing them all."""
        return rng.choice(self.playout_moves(state, seat))

    def playout_step(self, state: S, seat: Seat, rng: random.Random) -> tuple[S, list[Event]]:
        """A move of ``seat`` drawn by ``playout_move`` and played on ``state`` as ``apply_inplace`` plays it (use the
        state returned). An engine whose playout moves are legal as they are drawn may skip checking them again."""
        return self.apply_inplace(state, seat, self.playout_move(state, seat, rng))

    def heuristic(self, state: S, seat: Seat) -> float:
        """How well ``seat`` stands in ``state``, as a one-step player sees it (higher is better): by default its
        points so far less the best of the others'. Games add what points do not show yet (production, coins,
        threats)."""
        scores = self.outcome(state).scores
        mine = scores.get(seat, {}).get("total", 0)
        others = [sheet.get("total", 0) for other, sheet in scores.items() if other != seat]
        return float(mine - max(others, default=0))

    def evaluation(self, state: S, seat: Seat) -> float:
        """How well ``seat`` stands in ``state`` as the search (``rules.search``) rates the positions it reaches, on
        the same scale: by default the ``heuristic``. A game whose one-step player needs a rating that rewards every
        step forward (lest it stand still) may give the search, which sees several steps, one of its own."""
        return self.heuristic(state, seat)

    def evaluations(self, state: S) -> list[float]:
        """``evaluation`` of every seat, in seat order: what the search asks of each position it reaches. A game whose
        rating compares each seat with the others works every seat out once here, rather than once per seat."""
        return [self.evaluation(state, seat) for seat in range(state.players)]

    def search_playout(self, state: S) -> int:
        """How many random plies a playout of the search (``rules.search``) plays from ``state``, below its tree,
        before the position is rated."""
        return 8

    def prior_gain(self, before: S, after: S, seat: Seat) -> float | None:
        """What ``seat``'s move from ``before`` to ``after`` is worth one step ahead, in points, for the search's
        prior (``search_prior``); None (the default): rated as the search rates the positions it reaches
        (``evaluations``). A game whose search rating values what only shows further ahead, and so would make a
        good move look like a loss one step ahead, rates it here by its one-step player's ``heuristic``."""
        return None

    @abstractmethod
    def outcome(self, state: S) -> Outcome:
        """Finished or not, the winners, and the score by category."""

    def coins(self, state: S) -> dict[Seat, int]:
        """Each seat's coins, which every player can see (for traces of replays); empty for a game without money."""
        return {}

    def check_invariants(self, state: S) -> list[str]:
        """Violations of the game's invariants (coins never negative, cards conserved...); empty when sound."""
        return []


def _unless_none_left(moves: list[Move], left_out: Callable[[Move], bool]) -> list[Move]:
    """``moves`` less those ``left_out`` names, or all of them when that would leave none."""
    return [m for m in moves if not left_out(m)] or moves
