"""The conformance kit: what ``rules.contract`` promises, checked for any game, as OpenSpiel runs one generic
simulation test over all its games. ``tests/test_contract.py`` runs it for every registered game; a game's own
tests then check only its rules.

The kit plays random games (``walks``): every player count with the default options, and every value of every option
that has a closed set of values (at a player count that accepts it), over several seeds. While it plays it checks
every move; afterwards it checks sampled states of those games:

* ``check_games``: the games end with winners; after every move the invariants hold (``check_invariants``), the
  state passed to ``apply`` is unchanged, the seats that must decide have a decision, legal moves, and those moves'
  actions among ``decision_actions``, and the others have none; different seeds deal different games.
* ``check_json``: states and every seat's view (and the spectator's) round-trip through JSON.
* ``check_determinism``: the same seed and moves give the same states, move after move.
* ``check_replay``: ``rules.replay`` reaches the same final state from a record of the game (its seed), and from a
  record of its layout.
* ``check_moves_and_apply_agree``: every listed move applies (and its notation reads back as itself); unlisted ones
  (listed moves altered, other seats' and other moments' moves, nonsense) are refused with an IllegalMove, the state
  passed in unchanged. The codes met are kept for ``check_error_texts``.
* ``check_views_hide``: for every seat and the spectator, a state re-drawn by ``Game.determinize`` shows the same
  view (and offers the same moves), though it mostly differs from the real one beyond its seed: a view that showed
  anything hidden would tell the two apart.
* ``check_narration``: every kind of event the engine emits (found in its source, with the params the games gave
  it) is told by the game's presenter in every language, or left untold on purpose (``silent``).
* ``check_error_texts``: every IllegalMove code in the engine's source and every code met has words in every
  language (the presenter's ``error``, or the bot's own ``error_text``).

The language checks read ``bot``: the presenters (``bot.games.presenter``), the locales and the bot's own error
texts, imported when those checks run, so that the rules checks never depend on the bot.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import itertools
import json
import random
import re
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from rules import replay as replaying
from rules.contract import Event, Game, GameState, IllegalMove, Move
from rules.registry import games

SEEDS = 3  # random games per table
MIN_GAMES = 40  # ... and at least this many games in all
SAMPLES = 8  # states of each game that the heavy checks read (the first and the last among them)
MAX_MOVES = 20_000
NONSENSE = ("zzz", "zzz:zzz", "zzz:zzz:zzz:zzz:zzz", "9", "_")
_CODE = re.compile(r"^(?:[a-z0-9_]+\.)?error\.[a-z0-9_.]+$")


@dataclass(frozen=True)
class Subject:
    """A game under test: the engine and the name it is registered under (a test may wrap an engine)."""

    game: Game
    name: str


def subject(name: str) -> Subject:
    return Subject(games()[name], name)


@dataclass(frozen=True)
class Table:
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int

    @property
    def opts(self) -> dict[str, Any]:
        return dict(self.options)

    def __str__(self) -> str:
        return f"{self.players} players, {self.opts or 'default options'}, seed {self.seed}"


@dataclass
class Walk:
    """One random game: the moves (seat, move) and, before each and after the last, a digest of the state's JSON;
    ``samples`` holds the states before every fifth move, and the first and the last; ``events``, all of them."""

    table: Table
    moves: list[tuple[int, Move]] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)
    samples: dict[int, GameState] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        return self.samples[len(self.moves)]


def digest(state: GameState) -> str:
    return hashlib.sha1(state.model_dump_json().encode()).hexdigest()


# --- tables and random games ------------------------------------------------------------------------------------


def _values(annotation: Any) -> tuple[Any, ...] | None:
    """The values an option may take, when they are a closed set (a Literal, a bool); None otherwise."""
    if annotation is bool:
        return (False, True)
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return None


def _accepts(game: Game, players: int, options: dict[str, Any]) -> bool:
    try:
        game.setup(players, options, seed=0)
    except (IllegalMove, ValidationError):
        return False
    return True


@cache
def tables(sub: Subject) -> tuple[Table, ...]:
    """Every player count with the default options; then every other value of every option with a closed set of
    values, at a player count that accepts it (with as few other options changed as that takes); each with seeds."""
    game = sub.game
    counts = list(range(game.min_players, game.max_players + 1))
    choices = {name: values for name, info in game.Options.model_fields.items()
               if (values := _values(info.annotation)) is not None}
    defaults = game.Options().model_dump()
    variants: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in counts]
    others = [(k, v) for k, vs in choices.items() for v in vs if v != defaults[k]]
    for i, (name, value) in enumerate(others):
        extras = [()] + [(o,) for o in others if o[0] != name] + list(itertools.combinations(others, 2))
        rotated = counts[i % len(counts):] + counts[: i % len(counts)]
        found = next(((n, {name: value, **dict(extra)}) for extra in extras for n in rotated
                      if len({k for k, _ in extra} | {name}) == len(extra) + 1
                      and _accepts(game, n, {name: value, **dict(extra)})), None)
        if found is not None and found not in variants:
            variants.append(found)
    seeds = max(SEEDS, -(-MIN_GAMES // len(variants)))
    return tuple(Table(n, tuple(sorted(opts.items())), 100 * i + s)
                 for i, (n, opts) in enumerate(variants) for s in range(seeds))


def _deciding(game: Game, state: GameState, where: str) -> dict[int, list[Move]]:
    """The legal moves of each seat that decides now, checking that each has a decision and legal moves whose actions
    the decision accepts, and that the other seats have none."""
    active = game.active_seats(state)
    out = {}
    for seat in range(state.players):
        legal = game.legal_moves(state, seat)
        actions = game.decision_actions(state, seat)
        if seat in active:
            assert game.pending(state, seat) is not None, f"{where}: seat {seat} must decide but has no decision"
            assert legal, f"{where}: seat {seat} must decide but has no legal move"
            assert len({m.notation for m in legal}) == len(legal), f"{where}: seat {seat} has duplicate moves"
            missing = {m.action for m in legal} - set(actions)
            assert not missing, f"{where}: seat {seat}: actions {missing} are legal but not in decision_actions"
            out[seat] = legal
        else:
            assert game.pending(state, seat) is None and not legal and not actions, (
                f"{where}: seat {seat} does not decide but has a decision, moves or actions")
    return out


def walk(game: Game, table: Table) -> Walk:
    """A random game of ``table``, checking each move as it is played (see ``check_games``)."""
    state = game.setup(table.players, table.opts, seed=table.seed)
    chooser = random.Random(f"kit:{table.seed}")
    out = Walk(table, samples={0: state})
    dump = state.model_dump_json()
    out.digests.append(hashlib.sha1(dump.encode()).hexdigest())
    assert game.check_invariants(state) == [], f"{table}: the first state breaks invariants"
    while True:
        where = f"{table}, move {len(out.moves)}"
        legal = _deciding(game, state, where)
        if not legal:
            break
        assert len(out.moves) < MAX_MOVES, f"{table}: no end after {MAX_MOVES} moves"
        seat = chooser.choice(sorted(legal))
        move = chooser.choice(legal[seat])
        try:
            new, events = game.apply(state, seat, move)
        except IllegalMove as e:
            raise AssertionError(f"{where}: the legal move {move} of seat {seat} was refused: {e}") from None
        assert state.model_dump_json() == dump, f"{where}: apply changed the state passed in ({move})"
        problems = game.check_invariants(new)
        assert not problems, f"{where}: after {move} of seat {seat}: {problems}"
        out.moves.append((seat, move))
        out.events += events
        state, dump = new, new.model_dump_json()
        out.digests.append(hashlib.sha1(dump.encode()).hexdigest())
        if len(out.moves) % 5 == 0:
            out.samples[len(out.moves)] = state
    out.samples[len(out.moves)] = state
    return out


@cache
def walks(sub: Subject) -> tuple[Walk, ...]:
    return tuple(walk(sub.game, table) for table in tables(sub))


def samples(w: Walk, count: int = SAMPLES) -> list[tuple[int, GameState]]:
    """``count`` states of the game, evenly spread, the first and the last among them."""
    kept = sorted(w.samples)
    picked = {kept[round(i * (len(kept) - 1) / max(1, count - 1))] for i in range(count)}
    return [(i, w.samples[i]) for i in sorted(picked)]


# --- the checks -------------------------------------------------------------------------------------------------


def check_games(sub: Subject) -> None:
    """Random games end with winners, every move checked on the way (``walk``); different seeds deal differently."""
    game = sub.game
    for w in walks(sub):
        result = game.outcome(w.final)
        assert result.finished and result.winners, f"{w.table}: the game ended unfinished or without a winner"
        assert game.active_seats(w.final) == frozenset()
    firsts: dict[tuple[int, tuple], set[str]] = {}
    for w in walks(sub):
        firsts.setdefault((w.table.players, w.table.options), set()).add(w.digests[0])
    assert all(len(d) > 1 for d in firsts.values()), "different seeds dealt the same game"


def _round_trip(model: BaseModel) -> BaseModel:
    return type(model).model_validate_json(model.model_dump_json())


def check_json(sub: Subject) -> None:
    """States, and every seat's view and the spectator's, come back from their JSON as they were."""
    game = sub.game
    for w in walks(sub):
        for i, state in samples(w):
            dumped = state.model_dump_json()
            assert game.load(dumped) == state and game.load(state.model_dump()) == state, f"{w.table}, state {i}"
            assert game.load(dumped).model_dump_json() == dumped, f"{w.table}, state {i}"
            for seat in (None, *range(state.players)):
                view = game.view(state, seat)
                assert _round_trip(view) == view, f"{w.table}, state {i}: the view of seat {seat}"


def check_determinism(sub: Subject) -> None:
    """The same seed and the same moves give the same states, move after move."""
    game = sub.game
    for w in walks(sub):
        state = game.setup(w.table.players, w.table.opts, seed=w.table.seed)
        assert digest(state) == w.digests[0], f"{w.table}: the same seed dealt another game"
        for i, (seat, move) in enumerate(w.moves, start=1):
            state, _ = game.apply(state, seat, game.parse_move(move.notation))
            assert digest(state) == w.digests[i], f"{w.table}: move {i} ({move}) gave another state"


def check_inplace(sub: Subject) -> None:
    """``apply_inplace`` (every other move through ``apply_inplace_listing``) plays the same game as ``apply``, move
    after move (the same states and events), and a refused move leaves the state it was given as it was. A menu
    that ``apply_inplace_listing`` hands over is the only active seat's, and its ``legal_moves``."""
    game = sub.game
    for w in walks(sub):
        state = game.setup(w.table.players, w.table.opts, seed=w.table.seed)
        events: list[Event] = []
        for i, (seat, move) in enumerate(w.moves, start=1):
            if i % 7 == 0:  # a move of the wrong kind, or from the wrong seat: refused, nothing changed
                before = state.model_dump_json()
                active = game.active_seats(state)
                wrongs = [(other, Move("zz_no_such_action")) for other in range(state.players)]
                wrongs += [(other, move) for other in range(state.players) if other not in active]
                for other, wrong in wrongs:
                    try:
                        state, _ = game.apply_inplace(state, other, wrong)
                    except IllegalMove:
                        assert state.model_dump_json() == before, f"{w.table}: a refusal changed the state"
                    else:
                        raise AssertionError(f"{w.table}, move {i}: {wrong} of seat {other} was accepted")
            if i % 2:
                state, new_events, listed = game.apply_inplace_listing(state, seat, move)
                if listed is not None:
                    assert game.active_seats(state) == {listed[0]}, f"{w.table}, move {i}: listed for a wrong seat"
                    assert listed[1] == game.legal_moves(state, listed[0]), f"{w.table}, move {i}: listed menu"
            else:
                state, new_events = game.apply_inplace(state, seat, move)
            events += new_events
            assert digest(state) == w.digests[i], f"{w.table}: move {i} ({move}) in place gave another state"
        assert events == w.events, f"{w.table}: the events in place differ"


def check_replay(sub: Subject) -> None:
    """A record of the game, with its seed or with its layout, replays to the same final state (``rules.replay``;
    but for the seed, which a state dealt from a layout may not keep)."""
    game = sub.game
    for w in walks(sub):
        options = game.options(w.table.opts).model_dump(mode="json")
        layout = game.random_layout(w.table.players, game.options(w.table.opts), w.table.seed)
        moves = [{"seat": seat, "move": move.notation} for seat, move in w.moves]
        for setup in ({"seed": w.table.seed}, {"layout": layout.model_dump(mode="json")}):
            text = json.dumps({"game": sub.name, "players": w.table.players, "options": options, **setup,
                               "moves": moves})
            record = replaying.load_record(text)
            if games().get(sub.name) is game:
                _, state = replaying.start(record)
            else:
                state = game.setup(w.table.players, options, **setup)
            for step in replaying.steps(game, state, record.moves):
                state = step.state
            exclude = {"seed"} if state.seed is None else set()  # a layout may deal a state that keeps no seed
            assert state.model_dump(exclude=exclude) == w.final.model_dump(exclude=exclude), (
                f"{w.table}: the replay from its {next(iter(setup))} ends elsewhere")


@dataclass
class Refusals:
    """The IllegalMove codes met, each with the params of its first refusal."""

    codes: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, error: IllegalMove) -> None:
        self.codes.setdefault(error.code, dict(error.params))


@cache
def refusals(sub: Subject) -> Refusals:
    """Runs ``check_moves_and_apply_agree`` once and keeps the codes it met."""
    found = Refusals()
    _agreement(sub, found)
    return found


def check_moves_and_apply_agree(sub: Subject) -> None:
    """Every listed move applies and reads back; unlisted ones are refused, the state passed in unchanged (at the
    sampled states: all the moves of one deciding seat, and a sample of unlisted ones for every seat and one more)."""
    refusals(sub)


def _agreement(sub: Subject, found: Refusals) -> None:
    game = sub.game
    for w in walks(sub):
        rng = random.Random(f"kit-refusals:{w.table.seed}")
        seen = [m for _, m in w.moves]
        tokens = sorted({a for m in seen for a in m.args}) + ["zzz"]
        actions = sorted({m.action for m in seen}) + ["zzz"]
        for k, (i, state) in enumerate(samples(w)):
            before = digest(state)
            active = sorted(game.active_seats(state))
            legal = {seat: game.legal_moves(state, seat) for seat in range(state.players)}
            where = f"{w.table}, state {i}"
            if active:
                seat = active[k % len(active)]
                for move in legal[seat]:
                    assert game.parse_move(move.notation) == move, f"{where}: {move} does not read back"
                    try:
                        game.apply(state, seat, move)
                    except IllegalMove as e:
                        raise AssertionError(f"{where}: the listed move {move} of seat {seat} was refused: {e}") \
                            from None
                assert digest(state) == before, f"{where}: playing a listed move changed the state passed in"
            for seat in (*range(state.players), state.players):
                listed = set(legal.get(seat, ()))
                for text in _unlisted(rng, legal.get(seat, ()), legal, seen, tokens, actions):
                    try:
                        move = game.parse_move(text)
                        if move in listed:
                            continue
                        game.apply(state, seat, move)
                    except IllegalMove as e:
                        found.add(e)
                    else:
                        raise AssertionError(f"{where}: seat {seat} may play {text}, which is not listed")
                    assert digest(state) == before, f"{where}: refusing {text} changed the state"


def _unlisted(rng: random.Random, own: list[Move], legal: dict[int, list[Move]], seen: list[Move],
              tokens: list[str], actions: list[str]) -> Iterable[str]:
    """Notations to try: this seat's moves altered (an argument, an argument too many or too few, another action),
    the moves other seats may play now and moves played at other moments, and nonsense."""
    for move in rng.sample(own, min(6, len(own))):
        args = list(move.args)
        if args:
            i = rng.randrange(len(args))
            yield Move(move.action, (*args[:i], rng.choice(tokens), *args[i + 1:])).notation
            yield Move(move.action, tuple(args[:-1])).notation
        yield Move(move.action, (*args, rng.choice(tokens))).notation
        yield Move(rng.choice(actions), tuple(args)).notation
    others = [m for moves in legal.values() for m in moves]
    for move in rng.sample(others, min(4, len(others))) + rng.sample(seen, min(8, len(seen))):
        yield move.notation
    yield from NONSENSE


# --- hidden information -----------------------------------------------------------------------------------------


def check_views_hide(sub: Subject) -> None:
    """What a seat cannot see, re-drawn (``Game.determinize``), changes nothing in its view nor in its moves, while
    the re-drawn state differs from the real one beyond its seed in most cases."""
    game = sub.game
    differ = total = 0
    for w in walks(sub):
        rng = random.Random(f"kit-determinize:{w.table.seed}")
        for i, state in samples(w, SAMPLES // 2):
            for seat in (None, *range(state.players)):
                other = game.determinize(state, seat, rng)
                assert other is not None, f"{sub.name} does not support determinize"
                where = f"{w.table}, state {i}, seat {seat}"
                assert game.check_invariants(other) == [], f"{where}: the re-drawn state breaks invariants"
                assert game.view(other, seat).model_dump_json() == game.view(state, seat).model_dump_json(), (
                    f"{where}: the view leaks what the seat cannot see: it tells a re-drawn state apart")
                if seat is not None:
                    assert game.legal_moves(other, seat) == game.legal_moves(state, seat), (
                        f"{where}: the seat's moves depend on what it cannot see")
                total += 1
                differ += other.model_dump(exclude={"seed"}) != state.model_dump(exclude={"seed"})
    assert differ * 2 > total, f"only {differ} of {total} re-drawn states differ from the real ones"


def supports_determinize(sub: Subject) -> bool:
    first = walks(sub)[0].samples[0]
    return sub.game.determinize(first, None, random.Random(0)) is not None


# --- words: the presenters --------------------------------------------------------------------------------------


def engine_dir(game: Game) -> Path:
    """The package of the game's engine (``rules/<game>/``), for a wrapped engine too."""
    cls = next(c for c in type(game).__mro__ if c.__module__.startswith("rules."))
    return Path(inspect.getfile(cls)).parent


def _trees(game: Game) -> list[ast.Module]:
    return [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(engine_dir(game).rglob("*.py"))]


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def event_kinds(game: Game) -> set[str]:
    """The kinds of event the engine's source emits: ``Event("kind", ...)``, and calls with a constant kind to its
    helpers that pass one of their parameters on as an Event's kind (``private("hand", ...)``)."""
    trees = _trees(game)
    helpers: dict[str, int] = {}
    for node in (n for t in trees for n in ast.walk(t) if isinstance(n, ast.FunctionDef)):
        params = [a.arg for a in node.args.args]
        for call in (c for c in ast.walk(node) if isinstance(c, ast.Call) and _name(c.func) == "Event"):
            if call.args and isinstance(call.args[0], ast.Name) and call.args[0].id in params:
                helpers[node.name] = params.index(call.args[0].id)
    kinds = set()
    for call in (n for t in trees for n in ast.walk(t) if isinstance(n, ast.Call)):
        position = 0 if _name(call.func) == "Event" else helpers.get(_name(call.func) or "")
        if position is not None and len(call.args) > position:
            arg = call.args[position]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                kinds.add(arg.value)
    return kinds


def error_codes(game: Game) -> tuple[dict[str, set[str]], list[re.Pattern[str]]]:
    """Every error code written out in the engine's source, with the names of the params its IllegalMove passes
    (when the code is written in the call itself); and the patterns of the codes it builds (``f"x.error.{kind}"``),
    which only the codes met can fill."""
    codes: dict[str, set[str]] = {}
    patterns = []
    nodes = [n for t in _trees(game) for n in ast.walk(t)]
    # the literal parts of an f-string (``f"x.error.cover_{level}"``) are no codes of their own
    pieces = {id(v) for n in nodes if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in nodes:
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and _CODE.match(node.value)
                and id(node) not in pieces):
            codes.setdefault(node.value, set())
        if isinstance(node, ast.Call) and _name(node.func) == "IllegalMove" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.setdefault(first.value, set()).update(k.arg for k in node.keywords if k.arg)
            elif isinstance(first, ast.JoinedStr):
                parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in first.values]
                patterns.append(re.compile("^" + "".join(parts) + "$"))
    return codes, patterns


def check_narration(sub: Subject, presenter: Any, silent: Callable[[Event], bool] = lambda e: False) -> None:
    """Each kind of event the engine emits is told in every language, from the params the random games gave it; a
    kind the games never emitted is told from params made up (``_made_up``). ``silent``: the events the presenter
    leaves untold on purpose."""
    from bot.i18n import LOCALES, use_locale  # the bot's, for the language checks only

    met: dict[str, list[Event]] = {}
    values: dict[str, Any] = {}
    for w in walks(sub):
        for e in w.events:
            if len(met.setdefault(e.kind, [])) < 3:
                met[e.kind].append(e)
            for k, v in e.params.items():
                values.setdefault(k, v)
    players = max(t.players for t in tables(sub))
    names = [f"P{i}" for i in range(players)]
    for kind in sorted(event_kinds(sub.game) | set(met)):
        examples = met.get(kind) or [_made_up(sub.game, kind, values, lambda e: presenter.narrate(e, names))]
        for event, locale in itertools.product(examples, LOCALES):
            with use_locale(locale):
                text = presenter.narrate(event, names)
            if text is None:
                assert silent(event), f"{sub.name}: {event} is not told in {locale} (None, and not a silent event)"
            else:
                assert isinstance(text, str) and text.strip() and "{" not in text, (
                    f"{sub.name}: {event} is told as {text!r} in {locale}")


_GUESSES = (True, False, 1, 0, "x", [], {})  # values tried for a param that no event had


def _made_up(game: Game, kind: str, values: dict[str, Any], tell: Callable[[Event], Any]) -> Event:
    """An event of a kind the games never emitted: the params of the engine's call for it, each with the value
    another event had for it; a param that no event had gets the first of ``_GUESSES`` that ``tell`` reads."""
    for call in (n for t in _trees(game) for n in ast.walk(t) if isinstance(n, ast.Call)):
        if call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value == kind:
            literal = call.args[1] if len(call.args) > 1 and isinstance(call.args[1], ast.Dict) else ast.Dict()
            keys = [k.value for k in literal.keys if isinstance(k, ast.Constant)]
            known = {k: values[k] for k in keys if k in values}
            unknown = [k for k in keys if k not in values]
            for guesses in itertools.product(_GUESSES, repeat=len(unknown)):
                event = Event(kind, {**known, **dict(zip(unknown, guesses))}, seat=0)
                try:
                    if tell(event) is not None or not unknown:
                        return event
                except (KeyError, IndexError, ValueError, TypeError, AttributeError):
                    continue
            raise AssertionError(f"the random games never emitted {kind}, and no value of {unknown} is told")
    raise AssertionError(f"no example of the event {kind}")


def check_error_texts(sub: Subject, presenter: Any) -> None:
    """Every code in the engine's source and every code the kit met has words in every language, with
    the params it came with; a code only written in the source gets the values other refusals had for its params,
    and ``_GUESSES`` for the others."""
    from bot.core.text import error_text  # the bot's, for the language checks only
    from bot.i18n import LOCALES, use_locale

    def words(code: str, params: dict[str, Any]) -> tuple[str, bool] | None:
        """The words of a refusal and whether they are complete: the presenter's, written from the params; else the
        bot's own, which the bot completes with what it knows (whose turn it is, its commands' names); or None."""
        text = presenter.error(code, params)
        if text is not None:
            return text, True
        text = error_text(code, params)
        return None if text == code else (text, False)

    met = dict(refusals(sub).codes)
    written, patterns = error_codes(sub.game)
    for pattern in patterns:
        assert any(pattern.match(code) for code in met), f"no code met is one of {pattern.pattern}"
    values = {k: v for params in met.values() for k, v in params.items()}
    for code, keys in sorted(written.items()):
        if code not in met:
            met[code] = _made_up_params(keys, values, lambda params: words(code, params))
    for (code, params), locale in itertools.product(sorted(met.items()), LOCALES):
        with use_locale(locale):
            try:
                found = words(code, params)
            except (KeyError, IndexError, ValueError, TypeError, AttributeError) as e:
                raise AssertionError(f"{code}: its text cannot be written from {params} ({e!r})") from None
        assert found is not None and found[0].strip(), f"{code} has no words in {locale}"
        text, complete = found
        assert not complete or "{" not in text, f"{code} {params} is written {text!r} in {locale}"


def _made_up_params(keys: Iterable[str], values: dict[str, Any], words: Callable[[dict[str, Any]], Any]) -> dict:
    """Params for a code never met: the value other refusals had for each, else the first of ``_GUESSES`` with which
    ``words`` writes a text."""
    known = {k: values[k] for k in keys if k in values}
    unknown = sorted(k for k in keys if k not in values)
    for guesses in itertools.product(_GUESSES, repeat=len(unknown)):
        params = {**known, **dict(zip(unknown, guesses))}
        try:
            if words(params) is not None:
                return params
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue
    return known
