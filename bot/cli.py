"""The ``boardbot`` command: run, local, selfplay, arena, replay, rules, bench.

Output goes to stdout (JSON for selfplay, replay and bench; a table, or JSON, for arena). Whatever goes wrong ends
in one line on stderr, ``boardbot COMMAND: error: ...``, and a non-zero exit: 2 for a bad command line (an
argument, an option, a setting, a file that cannot be read), 1 for a recorded game that does not replay (and for
selfplay, a game that broke an invariant; for arena, a game that did not finish). An interrupted command exits with 130.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from pydantic import ValidationError

from bot.i18n import LOCALES, N_, ngettext, translate, use_locale
from bot.ops import heap
from bot.settings import Settings
from rules import compiled
from rules.contract import Game, IllegalMove
from rules.registry import games, get_game

PROG = "boardbot"
PLATFORM = "cli"  # how the texts spell the bot's commands here: as in the terminal (/new, /join...)

_CANNOT_READ = N_("Cannot read {path}: {reason}.")
_NOT_UTF8 = N_("it is not UTF-8 text")
_BAD_SETTING = N_("Invalid setting {name}: {problem}")
_MOVE_REFUSED = N_("Move {number} (seat {seat}, “{move}”): {reason}")
_MOVE_REFUSED_ANY_SEAT = N_("Move {number} (“{move}”): {reason}")


class CliError(Exception):
    """A failure told in one line; ``status`` is the exit code (2: a bad command line, 1: a record that fails)."""

    def __init__(self, message: str, status: int = 2, prog: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block), told by ``main``."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message, 2, self.prog)


def _whole(least: int) -> Callable[[str], int]:
    """An argument type: a whole number of ``least`` or more."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = least - 1
        if value < least:
            raise argparse.ArgumentTypeError(f"{text} is not a whole number of {least} or more")
        return value

    return read


def _seconds(text: str) -> float:
    """An argument type: a number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds above 0")
    return value


def _refusal(code: str, params: dict[str, Any]) -> str:
    """The words of an IllegalMove or a Refusal code, in the current locale."""
    from bot.core.text import refusal_text

    return refusal_text(code, params, PLATFORM)


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise CliError(translate(_CANNOT_READ).format(path=path, reason=e.strerror or e)) from None


def _read_text(path: str) -> str:
    try:
        return _read(path).decode("utf-8")
    except UnicodeDecodeError:
        raise CliError(translate(_CANNOT_READ).format(path=path, reason=translate(_NOT_UTF8))) from None


def _settings() -> Settings:
    try:
        return Settings()
    except ValidationError as e:
        first = e.errors()[0]
        name = "BOARDBOT_" + "__".join(str(part).upper() for part in first["loc"])
        raise CliError(translate(_BAD_SETTING).format(name=name, problem=first["msg"])) from None


def _game_options(game: Game, words: list[str]) -> dict[str, Any]:
    """``--option key=value`` words as the game's options, checked as ``/new`` checks them."""
    from bot.core.options import parse_options
    from bot.core.text import Refusal

    try:
        return parse_options(game, " ".join(words))
    except Refusal as r:
        raise CliError(_refusal(r.code, r.params)) from None


# --- the commands -------------------------------------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    """The chat bots whose tokens are set; local play in the terminal when none is."""
    from bot.run import run_bots, runners

    settings = _settings()
    if not runners(settings):
        return cmd_local(args)
    from bot.ops.logs import configure_logging

    configure_logging(settings.log_format, settings.log_level)  # BOARDBOT_LOG_FORMAT=json: JSON lines
    return asyncio.run(run_bots(settings))


def cmd_local(args: argparse.Namespace) -> int:
    from bot.local.terminal import run_local

    settings = _settings()
    if getattr(args, "images_dir", None):
        settings.images_dir = Path(args.images_dir)
    script = getattr(args, "script", None)
    if script:
        _read_text(script)  # a script that cannot be read is a bad argument, said before anything starts
    return asyncio.run(
        run_local(
            settings,
            speaker=getattr(args, "player", None) or "alice",
            channel=getattr(args, "channel", None) or "local:main",
            images=not getattr(args, "no_images", False),
            locale=getattr(args, "lang", None),
            script=Path(script) if script else None,
        )
    )


def cmd_selfplay(args: argparse.Namespace) -> int:
    from rules.selfplay import play

    game = get_game(args.game)
    players = game.min_players if args.players is None else args.players
    options = _game_options(game, args.option)
    try:
        game.setup(players, options, seed=args.seed)  # the game's own checks of the table (players, options)
    except IllegalMove as e:
        raise CliError(_refusal(e.code, e.params)) from None
    start = time.perf_counter()
    failures = 0
    victories: dict[str, int] = {}
    moves = 0
    with heap.batch():
        for i in range(args.games):
            result = play(game, players, args.seed + i, options, check=not args.no_checks)
            print(json.dumps(result.to_json(), ensure_ascii=False), flush=True)
            failures += bool(result.violations)
            victories[str(result.victory)] = victories.get(str(result.victory), 0) + 1
            moves += result.moves
    seconds = time.perf_counter() - start
    summary = {
        "summary": True,
        "game": args.game,
        "players": players,
        "games": args.games,
        "checks": not args.no_checks,
        "violations": failures,
        "victories": victories,
        "mean_moves": round(moves / args.games, 1),
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 1) if seconds else None,
        "engine": compiled.engine(args.game),
    }
    print(json.dumps(summary), flush=True)
    return 1 if failures else 0


def cmd_arena(args: argparse.Namespace) -> int:
    from rules.arena import Tally, labels
    from rules.players import PLAYERS
    from rules.search import SearchSettings

    game = get_game(args.game)
    entries = [name.strip() for name in args.seats.split(",") if name.strip()]
    unknown = [name for name in entries if name not in PLAYERS]
    if unknown or not entries:
        raise CliError(f"argument --seats: unknown player {unknown[0] if unknown else '(none)'!r} "
                       f"(choose from {', '.join(PLAYERS)})")
    players = len(entries) if args.players is None else args.players
    if players < len(entries):
        raise CliError(f"argument --seats: {len(entries)} players for {players} seats")
    entries += [entries[-1]] * (players - len(entries))  # the last one listed takes the seats left
    options = _game_options(game, args.option)
    try:
        game.setup(players, options, seed=args.seed)  # the game's own checks of the table (players, options)
    except IllegalMove as e:
        raise CliError(_refusal(e.code, e.params)) from None
    try:
        settings = SearchSettings.parse(args.search)
    except ValueError as e:
        raise CliError(f"argument --search: {e}") from None
    tally = Tally(list(entries))
    start = time.perf_counter()
    jobs = [(args.game, entries, i, args.seed, options) for i in range(args.games)]
    kw = {"budget": args.budget, "iterations": args.iterations, "settings": settings}
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.jobs)
        results = pool.map(_arena_job, jobs, [kw] * len(jobs))
    else:
        pool, results = None, (_arena_job(job, kw) for job in jobs)
    try:
        for result in results:
            tally.add(result)
            if args.json:
                line = result.to_json() | {"players": {name: result.seats[e] for e, name in enumerate(labels(entries))}}
                print(json.dumps(line), flush=True)
            elif args.verbose:
                print(f"game {result.game + 1}: " + ", ".join(
                    f"{name} (seat {result.seats[e]}) {result.points[e]}{' wins' if result.wins[e] else ''}"
                    for e, name in enumerate(labels(entries))), flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    seconds = time.perf_counter() - start
    summary = {
        "summary": True,
        "game": args.game,
        "players": players,
        "games": tally.games,
        "unfinished": tally.unfinished,
        "budget": args.budget if args.budget is not None else (None if args.iterations else 1.0),
        "iterations": args.iterations,
        "search": settings.changes(),
        "seed": args.seed,
        "results": tally.summary(),
        "mean_moves": round(tally.moves / tally.games, 1),
        "seconds": round(seconds, 1),
    }
    if args.json:
        print(json.dumps(summary), flush=True)
    else:
        print(_arena_table(summary))
    return 1 if tally.unfinished else 0


def _arena_job(job: tuple[Any, ...], kw: dict[str, Any]) -> Any:
    from rules.arena import play_named

    with heap.batch():
        return play_named(*job, **kw)


def _arena_table(summary: dict[str, Any]) -> str:
    search = ", ".join(f"{name}={_setting(value)}" for name, value in summary["search"].items())
    lines = [f"{summary['game']}, {summary['players']} players, {summary['games']} games "
             f"({summary['seconds']} s, {summary['mean_moves']} moves a game{search and '; search: ' + search})",
             f"{'player':<12} {'wins':>7} {'win rate':>9}  {'95% interval':<15} {'points/game':>11} {'ahead of':>9}"]
    for row in summary["results"]:
        low, high = row["ci95"]
        lines.append(f"{row['player']:<12} {row['wins']:>7g} {row['win_rate']:>9.1%}  "
                     f"{f'{low:.1%} – {high:.1%}':<15} {_per_game(row['points_per_game'])} {_share(row['ahead'])}")
    if summary["unfinished"]:
        lines.append(f"{summary['unfinished']} games did not finish (won by nobody; their points are left out)")
    return "\n".join(lines)


def _setting(value: Any) -> str:
    """A search setting as ``--search`` takes it back."""
    return "game" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _per_game(points: float | None) -> str:
    return f"{points:>11.2f}" if points is not None else f"{'—':>11}"


def _share(share: float | None) -> str:
    return f"{share:>9.1%}" if share is not None else f"{'—':>9}"


def cmd_replay(args: argparse.Namespace) -> int:
    with use_locale(args.lang):
        return _replay(args)


def _replay(args: argparse.Namespace) -> int:
    from rules.replay import ReplayError, load_record, start, steps

    data = _read(args.file)
    try:
        record = load_record(data)
        game, state = start(record)
        if args.until is not None and args.until > len(record.moves):
            raise CliError(ngettext("--until {until}: the record holds only {count} move.",
                                    "--until {until}: the record holds only {count} moves.",
                                    len(record.moves)).format(until=args.until, count=len(record.moves)))
        for step in steps(game, state, record.moves[: args.until]):
            state = step.state
            if args.trace:
                print(_trace_line(game, step), flush=True)
    except ReplayError as e:
        template = _MOVE_REFUSED_ANY_SEAT if e.seat is None else _MOVE_REFUSED
        raise CliError(translate(template).format(number=e.number, seat=e.seat, move=" ".join(e.move.split()),
                                                  reason=_refusal(e.error.code, e.error.params)), 1) from None
    except IllegalMove as e:
        raise CliError(_refusal(e.code, e.params), 1) from None
    outcome = game.outcome(state)
    out: dict[str, Any] = {
        "game": record.game,
        "finished": outcome.finished,
        "winners": outcome.winners,
        "victory": outcome.victory,
        "moves": state.ply,
        "scores": {str(seat): sheet for seat, sheet in outcome.scores.items()},
    }
    if args.until is not None:
        out["deciding"] = {}
        for seat in sorted(game.active_seats(state)):
            pending = game.pending(state, seat)
            out["deciding"][str(seat)] = {"decision": pending.kind if pending else None,
                                          "moves": [m.notation for m in game.legal_moves(state, seat)]}
        out["state"] = state.model_dump(mode="json")
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


def _trace_line(game: Game, step: Any) -> str:
    """``  7 seat 0 build:baths | coins 5 9 | score 3 1``: the move (and the record's words when they differ), then
    each seat's coins and score after it."""
    said = step.move.notation
    if " ".join(step.text.split()) != said:
        said += f" ({' '.join(step.text.split())})"
    parts = [f"{step.number:>3} seat {step.seat} {said}"]
    coins = game.coins(step.state)
    if coins:
        parts.append("coins " + " ".join(str(coins[seat]) for seat in sorted(coins)))
    scores = game.outcome(step.state).scores
    parts.append("score " + " ".join(str(scores[seat].get("total", 0)) for seat in sorted(scores)))
    return " | ".join(parts)


def cmd_rules(args: argparse.Namespace) -> int:
    from bot import rulebook

    found = rulebook.answer(args.game, args.question, args.lang)
    with use_locale(args.lang):
        text = rulebook.format_answer(found, args.lang)
    if found.error:
        raise CliError(text)
    print(text)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.scale:  # several processes against a cluster, beside one against one server (bot.bench_scale)
        from bot import bench_scale

        return bench_scale.main(["--seconds", str(args.scale_seconds)])
    from bot.bench import run_bench, setups

    choices = sorted({s.label for s in setups()} | {s.game for s in setups()} | {"rules"})
    if args.only is not None and args.only not in choices:
        raise CliError(f"argument --only: invalid choice: {args.only!r} (choose from {', '.join(choices)})")
    from bot.run import redis_unavailable
    from storage import RedisUnavailable

    try:
        report = asyncio.run(run_bench(_settings(), games=args.games, selfplay_games=args.selfplay_games,
                                       renders=args.renders, only=args.only))
    except RedisUnavailable as e:
        raise CliError(redis_unavailable(e), 1) from None
    print(json.dumps(report, indent=2))
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    unknown = [g for g in args.groups if g not in compiled.GROUPS]
    if unknown:
        raise CliError(f"unknown group(s): {', '.join(unknown)} (the groups: {', '.join(compiled.GROUPS)})", 2)
    failed = 0
    for group in args.groups or compiled.GROUPS:
        if args.status:
            print(f"{group}: {compiled.state(group)}")
            continue
        try:
            print(f"{group}: {compiled.build(group, force=args.force)}")
        except (compiled.BuildError, OSError) as e:
            failed += 1
            print(f"{group}: not compiled, it runs as plain Python ({e})", file=sys.stderr)
    return 1 if failed else 0


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="Board games in chat channels.")
    sub = p.add_subparsers(dest="command", required=True)
    languages = list(LOCALES)

    def local_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--player", help="who speaks first (default alice)")
        q.add_argument("--channel", help="channel id (default local:main)")
        q.add_argument("--lang", choices=languages, help="your language")
        q.add_argument("--images-dir", help="where images are written (default out/images)")
        q.add_argument("--no-images", action="store_true", help="do not draw images")
        q.add_argument("--script", help="read the lines from this file instead of the terminal")

    run = sub.add_parser("run", help="the bot: Discord/Telegram from the settings, else local play")
    local_args(run)
    run.set_defaults(func=cmd_run)
    local = sub.add_parser("local", help="play in this terminal")
    local_args(local)
    local.set_defaults(func=cmd_local)

    sp = sub.add_parser("selfplay", help="random legal games with invariant checks")
    sp.add_argument("game", choices=sorted(games()))
    sp.add_argument("--games", type=_whole(1), default=100, help="how many games (default 100)")
    sp.add_argument("--seed", type=int, default=1, help="the first game's seed; the next ones count up")
    sp.add_argument("--players", type=_whole(1), help="default: the game's smallest number")
    sp.add_argument("--option", action="append", default=[], help="a game option, key=value (as /new takes them)")
    sp.add_argument("--no-checks", action="store_true",
                    help="skip the invariant checks after each move (the engine's own speed; illegal moves and "
                         "games that do not end are still reported)")
    sp.set_defaults(func=cmd_selfplay)

    ar = sub.add_parser("arena", help="matches between computer players, with win rates",
                        description="Play matches between computer players and print each one's win rate with its "
                                    "95% confidence interval (Wilson), its points per game and the share of the "
                                    "other players it finished ahead of on points (a tie counts half). The seats "
                                    "rotate between games and each deal is played once per rotation; a tie shares "
                                    "the win.")
    ar.add_argument("game", choices=sorted(games()))
    ar.add_argument("--seats", required=True,
                    help="the players, comma-separated: ai, greedy, random (the last one listed takes the seats "
                         "left when --players is larger)")
    ar.add_argument("--games", type=_whole(1), default=20, help="how many games (default 20)")
    ar.add_argument("--seed", type=int, default=1, help="the first deal's seed; the next ones count up")
    ar.add_argument("--players", type=_whole(1), help="default: as many as --seats lists")
    ar.add_argument("--budget", type=_seconds, help="seconds of thought per decision of the ai (default 1)")
    ar.add_argument("--iterations", type=_whole(1),
                    help="iterations of the ai's search per decision (then no time limit unless --budget)")
    ar.add_argument("--option", action="append", default=[], help="a game option, key=value (as /new takes them)")
    ar.add_argument("--search", action="append", default=[], metavar="NAME=VALUE",
                    help="a setting of the ai's search, as rules/search.py's SearchSettings names them: exploration, "
                         "playout, prior, margin (each a number, or game), scale, samples, mean_from (numbers), "
                         "centre, open_loop, guided (true or false)")
    ar.add_argument("--jobs", type=_whole(1), default=1, help="games played at once, in worker processes")
    ar.add_argument("--json", action="store_true", help="a JSON line per game and a JSON summary")
    ar.add_argument("--verbose", action="store_true", help="a line per game before the table")
    ar.set_defaults(func=cmd_arena)

    rp = sub.add_parser("replay", help="replay a recorded game (JSON) and print the outcome",
                        description="Replay a recorded game (see rules/replay.py for the format) and print the "
                                    "outcome and the score sheet as JSON. Exit 1 when the record does not replay.")
    rp.add_argument("file")
    rp.add_argument("--until", type=_whole(0), metavar="N",
                    help="stop after move N and print the state then, with who decides and their legal moves")
    rp.add_argument("--trace", action="store_true",
                    help="print one line per move: the move, then each seat's coins and score")
    rp.add_argument("--lang", choices=languages, default="en", help="the language of error messages")
    rp.set_defaults(func=cmd_replay)

    rules = sub.add_parser("rules", help="answer a question about a game's rules")
    rules.add_argument("game", help="the game (" + ", ".join(games()) + ")")
    rules.add_argument("question")
    rules.add_argument("--lang", choices=languages, default="en")
    rules.set_defaults(func=cmd_rules)

    co = sub.add_parser("compile", help="compile the engines' hot modules to C (mypyc), or say their state",
                        description="Compile the hot modules of the engines (rules/compiled.py) with mypyc, each group "
                                    "unless its build is up to date. A group that cannot be compiled (no C compiler, "
                                    "no mypy) runs as plain Python: the same games, slower. Exit 1 when one failed.")
    co.add_argument("groups", nargs="*", metavar="GROUP", help="of " + ", ".join(compiled.GROUPS) + " (default: all)")
    co.add_argument("--force", action="store_true", help="build even when up to date")
    co.add_argument("--status", action="store_true", help="only say whether each group runs compiled, and if not why")
    co.set_defaults(func=cmd_compile)

    bench = sub.add_parser("bench", help="speed and size figures, as JSON")
    bench.add_argument("--games", type=_whole(1), default=3, help="games played through the service, per setup")
    bench.add_argument("--selfplay-games", type=_whole(1), default=100, help="random games per setup")
    bench.add_argument("--renders", type=_whole(1), default=100)
    bench.add_argument("--only", help="one game, one of its bench tables, or rules")
    bench.add_argument("--scale", action="store_true",
                       help="moves/s and latency of two processes on a Redis Cluster beside one process on one server")
    bench.add_argument("--scale-seconds", type=_whole(1), default=20, help="how long each --scale run plays")
    bench.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    prog = PROG
    try:
        args = parser().parse_args(argv)
        prog = f"{PROG} {args.command}"
        return int(args.func(args) or 0)
    except CliError as e:
        print(f"{e.prog or prog}: error: {' '.join(e.message.split())}", file=sys.stderr)
        return e.status
    except KeyboardInterrupt:  # Ctrl-C (the games are saved): end the prompt's line first
        print(("\n" if sys.stderr.isatty() else "") + f"{prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of our output stopped (``| head``): nothing to say; later writes go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
