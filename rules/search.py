"""Information-set Monte Carlo tree search, for any game of the contract (``rules.contract.Game``).

A decision is searched from what the deciding seat may know only: every iteration starts from a state re-drawn by
``Game.determinize(state, seat, rng)`` (single-observer ISMCTS), so two states that the seat cannot tell apart give it
the same samples, and the same decision. Each iteration goes down the tree, which is shared by all the samples: a node
is what has been played since the decision (the moves as their notation), and each seat that decides there keeps one
bandit of its own over its moves (UCB1 with availability counts, since a move may be legal in one sample and not in
another). Where several seats decide at once (a secret simultaneous choice), each picks from its own bandit, blind to
the others' picks of that step (decoupled UCT); the step's edge in the tree is the deciding seat's own pick (open loop:
to it the others' secret picks are chance), and a step of such picks by others only is a single edge. Below the first
move never tried, a playout (random moves, for as many plies as the game says, ``Game.search_playout``, none that gives
something up while another move is legal: ``Game.playout_moves``, each drawn by ``Game.playout_move`` and played by
``Game.playout_step``) ends in an evaluation: a finished game by its winners (or by each seat's lead in points,
``Game.search_margin``), any other state by ``Game.evaluation``: each seat's lead over the best of the others (over
their mean at a large table), less the lead it had where the search began, squashed into 0..1 with a logistic curve
of width ``scale`` points (so a seat far ahead or far behind still tells a better move from a worse one, where a curve
centred on an even game would rate every position won, or lost, alike). The move chosen is the deciding seat's most
tried one at the root.

The search stops at its time ``budget`` or after ``iterations``, whichever comes first; with no budget and an
iteration cap it depends only on its seed and on what the seat may know. Pure for its caller: the state it is given
and the samples are never changed; only the states an iteration made itself are played on in place
(``Game.apply_inplace``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from rules.contract import Game, IllegalMove, Move, Seat

# An arm of a seat's bandit: [tries, reward summed, times it was available].
_Arm = list


@dataclass(slots=True)
class _Node:
    arms: dict[Seat, dict[str, _Arm]] = field(default_factory=dict)
    children: dict[tuple[str, ...], _Node] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How the search spends its time. ``exploration``: UCB1's constant (rewards are in 0..1), None for the game's own
    (``Game.search_exploration``); ``playout``: random plies after the tree before the evaluation, None for the game's
    own (``Game.search_playout``); ``scale``: the points of advantage (by ``Game.evaluation``) that make a reward of
    about 0.73 (a logistic curve); ``centre``: the advantage is counted from each seat's lead where the search began (in
    its first sample), rather than from an even game; ``samples``: at most this many determinizations, reused in turn;
    ``prior``: the tries that the deciding seat's moves are credited with before the search, at what the state after
    each is worth in the first sample, one step ahead (by the evaluation, or the game's ``Game.prior_gain``: so a short
    search plays at least as well as a one-step player with that rating, and does not wander among moves that undo each
    other), None for the game's own (``Game.search_prior``); ``open_loop``: in a step where several seats choose at
    once, the tree branches on the deciding seat's own pick only, and the others' secret picks are drawn from their
    bandits afresh each time, as chance (at a table of four, a joint choice of every seat almost never comes twice, so a
    tree branching on them stays one step deep; branching on its own picks, it follows the seat's plan over several
    steps); ``mean_from``: at a table of this many seats or more, a seat's lead is counted over the mean of the others'
    evaluations rather than over the best of them (among many others, which of them comes out best is mostly the luck of
    their random moves); ``guided``: the playouts draw with the game's ``Game.playout_move`` from its
    ``Game.playout_moves`` (no move that gives something up while another is legal) rather than from every move;
    ``margin``: a playout that ends the game is rewarded by the seat's lead in points over the best of the others,
    squashed with a logistic curve of this width, rather than by who won (0), None for the game's own
    (``Game.search_margin``): a game lost by a point then counts for more than one lost by twenty."""

    exploration: float | None = None
    playout: int | None = None
    scale: float = 4.0
    samples: int = 64
    prior: float | None = None
    centre: bool = True
    open_loop: bool = True
    mean_from: int = 6
    guided: bool = True
    margin: float | None = None

    def __post_init__(self) -> None:
        for name, low, strict in (("exploration", 0, False), ("playout", 0, False), ("scale", 0, True),
                                  ("samples", 1, False), ("prior", 0, False), ("mean_from", 2, False),
                                  ("margin", 0, False)):
            value = getattr(self, name)
            if value is not None and (value <= low if strict else value < low):
                raise ValueError(f"{name} must be {'above' if strict else 'at least'} {low}, not {value}")

    @classmethod
    def parse(cls, words: Iterable[str]) -> SearchSettings:
        """Settings from ``name=value`` words (a command line's), the others as by default: numbers for the
        numbers, ``true``/``false`` for the switches, ``game`` for the game's own prior or playout. ValueError names
        the word that does not fit."""
        default = cls()
        changes: dict[str, Any] = {}
        for word in words:
            name, sep, text = word.partition("=")
            name, text = name.strip(), text.strip()
            if name not in _SETTINGS or not sep:
                raise ValueError(f"{word!r} is not name=value with a name among {', '.join(_SETTINGS)}")
            kind = _KINDS.get(name) or type(getattr(default, name))
            try:
                if name in _KINDS and text == "game":
                    value: Any = None
                elif kind is bool:
                    value = {"true": True, "false": False}[text.lower()]
                else:
                    value = kind(text)
            except (KeyError, ValueError):
                raise ValueError(f"{word!r}: {text!r} is not a {'switch (true or false)' if kind is bool else 'number'}"
                                 f" for {name}") from None
            changes[name] = value
        return replace(default, **changes)

    def changes(self) -> dict[str, Any]:
        """The settings that differ from the defaults, by name."""
        default = SearchSettings()
        return {name: getattr(self, name) for name in _SETTINGS if getattr(self, name) != getattr(default, name)}


_SETTINGS: tuple[str, ...] = tuple(f.name for f in fields(SearchSettings))
# The settings that default to the game's own.
_KINDS: dict[str, type] = {"exploration": float, "prior": float, "playout": int, "margin": float}


@dataclass
class SearchResult:
    move: Move
    iterations: int
    seconds: float
    visits: dict[str, int]


def search(game: Game, state: Any, seat: Seat, rng: random.Random, *, budget: float | None = 1.0,
           iterations: int | None = None, settings: SearchSettings = SearchSettings()) -> SearchResult:
    """The move of ``seat`` (which must be active in ``state``) that the search prefers, with how it was found.

    ``budget``: seconds to think (None: no limit); ``iterations``: at most this many (None: no limit). At least one
    of them must be set. A game that cannot re-draw its hidden information (``determinize`` returns None) gets a
    random legal move.
    """
    if budget is None and iterations is None:
        raise ValueError("a search needs a time budget or an iteration cap")
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    legal = game.considered_moves(state, seat)  # real moves; none that only takes back an earlier choice
    if not legal:
        raise ValueError(f"seat {seat} has no decision to make")
    if len(legal) == 1:
        return SearchResult(legal[0], 0, time.perf_counter() - start, {})
    runner = _Search(game, seat, rng, settings)
    root = _Node()
    samples: list[Any] = []
    done = 0
    while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
        if len(samples) < settings.samples:
            sample = game.determinize(state, seat, rng)
            if sample is None:
                break
            samples.append(sample)
        else:
            sample = samples[done % settings.samples]
        if not done and settings.centre:
            runner.centre(sample)
        if not done and runner.prior > 0:
            runner.credit(root, sample, legal)
        runner.iterate(root, sample)
        done += 1
    arms = root.arms.get(seat, {})
    best = max(legal, key=lambda m: _preference(arms.get(m.notation)))  # max keeps the first of equals: menu order
    if best.notation not in arms:
        best = rng.choice(legal)
    visits = {m.notation: arms[m.notation][0] for m in legal if m.notation in arms}
    return SearchResult(best, done, time.perf_counter() - start, visits)


def _preference(arm: _Arm | None) -> tuple[float, float]:
    if arm is None or not arm[0]:
        return (0.0, float("-inf"))
    return (float(arm[0]), arm[1] / arm[0])


class _Search:
    def __init__(self, game: Game, seat: Seat, rng: random.Random, settings: SearchSettings) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.settings = settings
        self.prior = game.search_prior if settings.prior is None else settings.prior
        self.exploration = game.search_exploration if settings.exploration is None else settings.exploration
        self.margin = game.search_margin if settings.margin is None else settings.margin
        self.base: list[float] | None = None

    def centre(self, state: Any) -> None:
        """Count each seat's advantage from its lead in ``state`` (the search's first sample) from now on."""
        self.base = None
        if not self.game.outcome(state).finished:
            self.base = self._leads(self.game.evaluations(state))

    def _leads(self, value: list[float]) -> list[float]:
        """Each seat's evaluation less the best of the others', or their mean at a table of ``mean_from`` or more."""
        n = len(value)
        if n >= self.settings.mean_from:
            total = sum(value)
            return [v - (total - v) / (n - 1) for v in value]
        return _over_best(value)

    def iterate(self, root: _Node, state: Any) -> None:
        """One descent from ``root`` in the sample ``state``, a playout and the rewards brought back up."""
        game = self.game
        node = root
        trail: list[tuple[_Node, list[tuple[Seat, str]]]] = []
        apply = game.apply  # the sample is kept for later iterations; the states after it are this one's own
        while True:
            active = sorted(game.active_seats(state))
            if not active:
                break
            picks: list[tuple[Seat, str]] = []
            fresh = False
            try:
                for seat in active:  # each picks blind to the others' picks of this step
                    if picks and seat not in game.active_seats(state):  # the step was resolved by an earlier pick
                        break
                    move, new = self._pick(node, seat, game.considered_moves(state, seat))
                    fresh = fresh or new
                    state, _events = apply(state, seat, move)
                    apply = game.apply_inplace
                    picks.append((seat, move.notation))
            except IllegalMove:  # a move legal in this sample that its engine refuses: drop the iteration
                return
            trail.append((node, picks))
            secret = self.settings.open_loop and len(picks) > 1  # the others' secret picks are not a branch
            key = tuple(f"{s}:{m}" for s, m in picks if not secret or s == self.seat)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                node = child
                break
            node = child
            if fresh:
                break
        rewards = self._evaluate(self._playout(state))
        for visited, picks in trail:
            for seat, notation in picks:
                arm = visited.arms[seat][notation]
                arm[0] += 1
                arm[1] += rewards[seat]

    def credit(self, root: _Node, state: Any, legal: list[Move]) -> None:
        """Each move of the deciding seat starts with ``prior`` tries at the worth of the state after it (where
        others choose in the same step, their choices imagined at random, the same after each of the seat's moves, so
        that the moves are compared on the same luck): its gain by ``Game.prior_gain`` where the game has one, else its
        reward as a leaf's."""
        game, seat, weight = self.game, self.seat, self.prior
        arms = root.arms.setdefault(seat, {})
        step = game.active_seats(state) - {seat}  # the others who choose at the same time
        luck = self.rng.getrandbits(64)
        for move in legal:
            imagined = random.Random(luck)  # the others' picks: drawn alike whatever the seat's move
            try:
                after, _events = game.apply(state, seat, move)
                while (now := game.active_seats(after)) and seat not in now and now <= step:
                    other = min(now)
                    after, _events = game.apply(after, other, imagined.choice(game.considered_moves(after, other)))
            except IllegalMove:
                continue
            gain = game.prior_gain(state, after, seat)
            reward = self._evaluate(after)[seat] if gain is None else self._squash(gain)
            arms[move.notation] = [weight, weight * reward, weight]

    def _pick(self, node: _Node, seat: Seat, moves: list[Move]) -> tuple[Move, bool]:
        """UCB1 over the moves legal in this sample (an untried one first); True when the move was never tried."""
        arms = node.arms.setdefault(seat, {})
        untried: list[Move] = []
        best, best_score = moves[0], float("-inf")
        c = self.exploration
        for move in moves:
            arm = arms.get(move.notation)
            if arm is None:
                arm = arms[move.notation] = [0, 0.0, 0]
            arm[2] += 1
            if not arm[0]:
                untried.append(move)
            elif not untried:
                score = arm[1] / arm[0] + c * math.sqrt(math.log(arm[2]) / arm[0])
                if score > best_score:
                    best, best_score = move, score
        if untried:
            return self.rng.choice(untried), True
        return best, False

    def _playout(self, state: Any) -> Any:
        """A few random plies from ``state``, which the iteration owns (changed in place where the engine can)."""
        game, rng = self.game, self.rng
        guided = self.settings.guided
        plies = game.search_playout(state) if self.settings.playout is None else self.settings.playout
        for _ in range(plies):
            active = game.active_seats(state)
            if not active:
                break
            seat = min(active) if len(active) == 1 else rng.choice(sorted(active))
            try:
                if guided:
                    state, _events = game.playout_step(state, seat, rng)
                else:
                    state, _events = game.apply_inplace(state, seat, rng.choice(game.considered_moves(state, seat)))
            except IllegalMove:
                break
        return state

    def _evaluate(self, state: Any) -> dict[Seat, float]:
        """Each seat's reward in 0..1: in a finished game its share of the win, or its lead in points over the best of
        the others squashed (``margin``); otherwise its lead over the best of the others, or their mean (``_leads``),
        less its lead where the search began when centred, squashed."""
        game = self.game
        result = game.outcome(state)
        seats = range(state.players)
        if result.finished:
            if self.margin:
                leads = _over_best([result.scores.get(s, {}).get("total", 0) for s in seats])
                return {s: _logistic(leads[s], self.margin) for s in seats}
            winners = set(result.winners)
            return {s: (1.0 / len(winners) if s in winners else 0.0) for s in seats}
        leads = self._leads(game.evaluations(state))
        base = self.base
        return {s: self._squash(leads[s] - (base[s] if base is not None else 0.0)) for s in seats}

    def _squash(self, lead: float) -> float:
        """Points of advantage as a reward in 0..1 (a logistic curve of width ``scale``)."""
        return _logistic(lead, self.settings.scale)


def _over_best(values: list[float]) -> list[float]:
    """Each seat's value less the best of the others'."""
    return [v - max((w for o, w in enumerate(values) if o != s), default=0.0) for s, v in enumerate(values)]


def _logistic(lead: float, width: float) -> float:
    """``lead`` in 0..1: 0.5 at none, about 0.73 at ``width``."""
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -lead / width))))
