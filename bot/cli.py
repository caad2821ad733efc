"""The ``boardbot`` command: run, local, selfplay, replay, bench."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.settings import Settings
from rules.contract import IllegalMove
from rules.registry import games, get_game


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"options are key=value, got {pair!r}")
        out[key] = value
    return out


def cmd_run(args: argparse.Namespace) -> int:
    """The chat bots whose tokens are set; local play in the terminal when none is."""
    from bot.run import run_bots, runners

    settings = Settings()
    if not runners(settings):
        return cmd_local(args)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(run_bots(settings))


def cmd_local(args: argparse.Namespace) -> int:
    from bot.local.terminal import run_local

    settings = Settings()
    if getattr(args, "images_dir", None):
        settings.images_dir = Path(args.images_dir)
    return asyncio.run(
        run_local(
            settings,
            speaker=getattr(args, "player", None) or "alice",
            channel=getattr(args, "channel", None) or "local:main",
            images=not getattr(args, "no_images", False),
            locale=getattr(args, "lang", None),
            script=Path(args.script) if getattr(args, "script", None) else None,
        )
    )


def cmd_selfplay(args: argparse.Namespace) -> int:
    from rules.selfplay import play

    game = get_game(args.game)
    players = args.players or game.min_players
    options = _options(args.option)
    if args.armada:
        options["armada"] = "true"
    start = time.perf_counter()
    failures = 0
    victories: dict[str, int] = {}
    moves = 0
    for i in range(args.games):
        result = play(game, players, args.seed + i, options)
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
        "violations": failures,
        "victories": victories,
        "mean_moves": round(moves / max(1, args.games), 1),
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 1) if seconds else None,
    }
    print(json.dumps(summary), flush=True)
    return 1 if failures else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from rules.replay import Record, ReplayError, replay

    try:
        record = Record.model_validate_json(Path(args.file).read_text(encoding="utf-8"))
        _game, state, outcome = replay(record)
    except (OSError, ValidationError) as e:
        print(json.dumps({"error": "bad_record", "detail": str(e)}), file=sys.stderr)
        return 2
    except ReplayError as e:
        print(json.dumps({"error": e.error.code, "params": e.error.params, "move_index": e.index, "move": e.move},
                         default=str))
        return 1
    except (IllegalMove, KeyError) as e:
        print(json.dumps({"error": str(e)}))
        return 1
    out = {
        "game": record.game,
        "finished": outcome.finished,
        "winners": outcome.winners,
        "victory": outcome.victory,
        "moves": state.ply,
        "scores": {str(seat): sheet for seat, sheet in outcome.scores.items()},
    }
    print(json.dumps(out, indent=2))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    from bot import rulebook
    from bot.i18n import use_locale

    found = rulebook.answer(args.game, args.question, args.lang)
    with use_locale(args.lang):
        print(rulebook.format_answer(found, args.lang))
    return 1 if found.error else 0


def cmd_bench(args: argparse.Namespace) -> int:
    from bot.bench import run_bench

    report = asyncio.run(run_bench(Settings(), games=args.games, selfplay_games=args.selfplay_games,
                                   renders=args.renders, only=args.only))
    print(json.dumps(report, indent=2))
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardbot", description="Board games in chat channels.")
    sub = p.add_subparsers(dest="command", required=True)

    def local_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--player", help="who speaks first (default alice)")
        q.add_argument("--channel", help="channel id (default local:main)")
        q.add_argument("--lang", choices=["en", "ru", "it"], help="your language")
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
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--players", type=int)
    sp.add_argument("--option", action="append", default=[], help="a game option, key=value")
    sp.add_argument("--armada", action="store_true", help="7 Wonders: play with the Armada expansion")
    sp.set_defaults(func=cmd_selfplay)

    rp = sub.add_parser("replay", help="replay a recorded game (JSON) and print the outcome")
    rp.add_argument("file")
    rp.set_defaults(func=cmd_replay)

    rules = sub.add_parser("rules", help="answer a question about a game's rules")
    rules.add_argument("game", help="duel, wonders, ...")
    rules.add_argument("question")
    rules.add_argument("--lang", choices=["en", "ru", "it"], default="en")
    rules.set_defaults(func=cmd_rules)

    bench = sub.add_parser("bench", help="speed and size figures, as JSON")
    bench.add_argument("--games", type=int, default=3, help="games played through the service, per setup")
    bench.add_argument("--selfplay-games", type=int, default=100, help="random games per setup")
    bench.add_argument("--renders", type=int, default=100)
    bench.add_argument("--only", help="one game (duel, wonders) or setup (duel, wonders_7p, wonders_7p_armada)")
    bench.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
