"""Every way the boardbot command can be used wrongly ends in one worded line on stderr and a non-zero exit: 2 for a
bad command line (arguments, options, a file that cannot be read), 1 for a record that does not replay."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli import main
from rules.registry import games

ROOT = Path(__file__).resolve().parents[2]


def refused(capsys, *argv: str) -> tuple[int, str]:
    """Run the command; it must fail with exactly one line on stderr and print nothing on stdout."""
    code = main(list(argv))
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err and "error." not in lines[0].replace(": error: ", "")
    return code, lines[0]


# --- the command line itself --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "boardbot: error: the following arguments are required: command"),
        (["chess"], "boardbot: error: argument command: invalid choice: 'chess'"),
        (["selfplay"], "boardbot selfplay: error: the following arguments are required: game"),
        (["selfplay", "chess"], "boardbot selfplay: error: argument game: invalid choice: 'chess'"),
        (["selfplay", "duel", "--games", "-1"],
         "boardbot selfplay: error: argument --games: -1 is not a whole number of 1 or more"),
        (["selfplay", "duel", "--games", "0"], "argument --games: 0 is not a whole number of 1 or more"),
        (["selfplay", "duel", "--games", "x"], "argument --games: x is not a whole number of 1 or more"),
        (["selfplay", "duel", "--games", "1.5"], "argument --games: 1.5 is not a whole number"),
        (["selfplay", "duel", "--players", "0"], "argument --players: 0 is not a whole number of 1 or more"),
        (["selfplay", "duel", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["selfplay", "duel", "--colour", "red"], "boardbot: error: unrecognized arguments: --colour red"),
        (["replay"], "boardbot replay: error: the following arguments are required: file"),
        (["replay", "x.json", "--lang", "fr"], "argument --lang: invalid choice: 'fr'"),
        (["replay", "x.json", "--until", "-2"], "argument --until: -2 is not a whole number of 0 or more"),
        (["rules", "duel"], "boardbot rules: error: the following arguments are required: question"),
        (["rules", "duel", "trade", "--lang", "de"], "argument --lang: invalid choice: 'de'"),
        (["bench", "--only", "chess"], "boardbot bench: error: argument --only: invalid choice: 'chess'"),
        (["bench", "--games", "0"], "argument --games: 0 is not a whole number of 1 or more"),
        (["bench", "--selfplay-games", "-5"], "argument --selfplay-games: -5 is not a whole number of 1 or more"),
        (["bench", "--renders", "many"], "argument --renders: many is not a whole number of 1 or more"),
        (["local", "--lang", "xx"], "argument --lang: invalid choice: 'xx'"),
    ],
)
def test_a_bad_command_line_is_one_line_and_exit_2(capsys, argv, said):
    code, line = refused(capsys, *argv)
    assert code == 2 and said in line


def test_help_is_not_an_error(capsys):
    with pytest.raises(SystemExit) as done:
        main(["selfplay", "--help"])
    assert done.value.code == 0 and "--games" in capsys.readouterr().out


# --- selfplay: the game's own checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["wonders", "--players", "8"], "7 Wonders needs 3 to 7 players; there are 8."),
        (["duel", "--players", "3"], "7 Wonders Duel needs exactly 2 players; there are 3."),
        (["duel", "--option", "first_player=7"], "“7” is not a value of the option first_player. Options: "),
        (["duel", "--option", "wonders=some"], "“some” is not a value of the option wonders."),
        (["duel", "--option", "colour=red"], "Unknown or invalid option “colour”."),
        (["duel", "--option", "first_player"], "Unknown or invalid option “first_player”."),
        (["duel", "--option", "armada=true"], "Unknown or invalid option “armada”."),
        (["wonders", "--option", "armada=maybe"], "“maybe” is not a value of the option armada."),
        (["wonders", "--option", "sides=c"], "“c” is not a value of the option sides."),
        (["wonders", "--players", "4", "--option", "teams=true"], "The team game is a variant of the Armada"),
        (["wonders", "--players", "5", "--option", "armada=true", "--option", "teams=true"], "The team game needs 4 or 6 players"),
    ],
)
def test_selfplay_refuses_a_setup_the_game_refuses(capsys, argv, said):
    code, line = refused(capsys, "selfplay", *argv, "--games", "1")
    assert code == 2 and line.startswith("boardbot selfplay: error: ") and said in line


EVERY_OPTION = [(name, option) for name, game in sorted(games().items()) for option in game.Options.model_fields]


@pytest.mark.parametrize(("game", "option"), EVERY_OPTION)
def test_a_bad_value_of_any_option(capsys, tmp_path, game, option):
    code, line = refused(capsys, "selfplay", game, "--option", f"{option}=bogus", "--games", "1")
    assert code == 2 and f"selfplay: error: “bogus” is not a value of the option {option}. Options: " in line
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": game, "seed": 1, "options": {option: "bogus"}}))
    code, line = refused(capsys, "replay", str(path))
    assert code == 1 and line.startswith(f"boardbot replay: error: The record's options.{option} is not valid: ")


def test_options_may_be_given_together_and_in_capitals(capsys):
    code = main(["selfplay", "wonders", "--players", "4", "--option", "ARMADA=True teams=true", "--games", "1"])
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert code == 0 and summary["games"] == 1 and summary["violations"] == 0


# --- replay: files that are not records ---------------------------------------------------------------------------


def test_replay_of_a_missing_file(capsys, tmp_path):
    code, line = refused(capsys, "replay", str(tmp_path / "nowhere.json"))
    missing = tmp_path / "nowhere.json"
    assert code == 2 and line == f"boardbot replay: error: Cannot read {missing}: No such file or directory."


def test_replay_of_a_directory(capsys, tmp_path):
    code, line = refused(capsys, "replay", str(tmp_path))
    assert code == 2 and line == f"boardbot replay: error: Cannot read {tmp_path}: Is a directory."


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"", "The file is empty: a recorded game is a JSON object"),
        (b"  \n", "The file is empty"),
        (b"\xff\xfe\x00garbage", "A recorded game is JSON text, and this is not (not UTF-8 text)."),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "A recorded game is JSON text, and this is not"),
        (b"not json", "A recorded game is JSON text, and this is not (Expecting value: line 1 column 1 (char 0))."),
        (b'{"game": "duel",', "A recorded game is JSON text, and this is not (Expecting property name"),
        (b"[" * 100_000, "A recorded game is JSON text, and this is not (nested too deeply)."),
        (b'["duel"]', "A recorded game is a JSON object with the game, its setup"),
        (b"42", "A recorded game is a JSON object"),
        (b'{"seed": 1}', "The record's game is not valid: Field required."),
        (b'{"game": 7, "seed": 1}', "The record's game is not valid: Input should be a valid string."),
        (b'{"game": "duel", "seed": "x"}', "The record's seed is not valid: Input should be a valid integer"),
        (b'{"game": "duel", "seed": 1, "players": "two"}', "The record's players is not valid"),
        (b'{"game": "duel", "seed": 1, "options": []}', "The record's options is not valid"),
        (b'{"game": "duel", "seed": 1, "moves": "build:baths"}', "The record's moves is not valid"),
        (b'{"game": "duel", "seed": 1, "moves": [3]}',
         "The record's moves[0] is not valid: a move is its notation (a string) or an object with its seat and move."),
        (b'{"game": "duel", "seed": 1, "moves": ["draft:sphinx", {"seat": 0, "move": 3}]}',
         "The record's moves[1].move is not valid: Input should be a valid string."),
        (b'{"game": "duel", "seed": 1, "moves": [{"seat": "first", "move": "draft:sphinx"}]}',
         "The record's moves[0].seat is not valid"),
        (b'{"game": "duel", "seed": 1, "moves": [{"seat": 0}]}',
         "The record's moves[0].move is not valid: Field required."),
        (b'{"game": "duel", "seed": 1, "colour": "red"}',
         "The record's colour is not valid: Extra inputs are not permitted."),
        (b'{"game": "chess", "seed": 1}', f"I do not know the game “chess”. Games: {', '.join(games())}."),
        (b'{"game": "duel"}', "A recorded game needs its setup: a seed or a layout."),
        (b'{"game": "duel", "seed": 1, "players": 3}', "7 Wonders Duel needs exactly 2 players; there are 3."),
        (b'{"game": "wonders", "seed": 1, "players": 8}', "7 Wonders needs 3 to 7 players; there are 8."),
        (b'{"game": "duel", "seed": 1, "options": {"first_player": "7"}}',
         "The record's options.first_player is not valid"),
        (b'{"game": "duel", "seed": 1, "options": {"colour": "red"}}', "The record's options.colour is not valid"),
        (b'{"game": "wonders", "players": 4, "seed": 1, "options": {"teams": true}}', "The team game is a variant"),
        (b'{"game": "duel", "layout": {"first_player": 5}}', "The record's layout.first_player is not valid"),
        (b'{"game": "duel", "layout": []}', "The record's layout is not valid"),
    ],
)
def test_replay_of_a_file_that_is_not_a_record(capsys, tmp_path, content, said):
    path = tmp_path / "record.json"
    path.write_bytes(content)
    code, line = refused(capsys, "replay", str(path))
    assert code == 1 and line.startswith("boardbot replay: error: ") and said in line


def test_replay_of_a_layout_that_could_not_be_dealt(capsys, tmp_path):
    from rules.registry import get_game

    duel = get_game("duel")
    layout = duel.random_layout(2, duel.options(), 5).model_dump()
    layout["ages"][0][0] = layout["ages"][0][1]  # a card twice
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": "duel", "layout": layout}))
    code, line = refused(capsys, "replay", str(path))
    assert code == 1 and "This recorded setup is not a valid 7 Wonders Duel setup" in line


# --- replay: moves that do not replay -----------------------------------------------------------------------------


def seeded(tmp_path: Path, moves: list, game: str = "duel", **extra) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"game": game, "seed": 42, **extra, "moves": moves}))
    return str(path)


def test_replay_names_the_move_and_says_why_in_words(capsys, tmp_path):
    # seed 42 offers the Great Library first, not the Pyramids
    code, line = refused(capsys, "replay", seeded(tmp_path, ["draft:pyramids"]))
    assert code == 1 and line.startswith("boardbot replay: error: Move 1 (seat 1, “draft:pyramids”): ")
    assert "Pyramids" in line and "not on offer" in line


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        (["fly:away"], "Move 1 (seat 1, “fly:away”): There is no move “fly” in this game."),
        (["draft:pyramids:now"], "Move 1 (seat 1, “draft:pyramids:now”): The move “draft” needs 1 part(s)."),
        (["draft:??"], "I cannot read the move “draft:??”."),
        (["draft:eiffel_tower"], "Move 1 (seat 1, “draft:eiffel_tower”): There is no wonder"),
        (["build:baths"], "Move 1 (seat 1, “build:baths”): That move does not answer the current decision"),
        ([{"seat": 2, "move": "draft:great_library"}], "There is no seat 2 in this game: seats are numbered 0 to 1."),
        ([{"seat": -1, "move": "draft:great_library"}], "There is no seat -1 in this game"),
        ([{"seat": 0, "move": "draft:great_library"}],
         "Move 1 (seat 0, “draft:great_library”): Seat 0 has nothing to decide here; deciding now: 1."),
    ],
)
def test_replay_refusals_are_worded(capsys, tmp_path, moves, said):
    code, line = refused(capsys, "replay", seeded(tmp_path, moves))
    assert code == 1 and said in line


def test_a_move_after_the_end_of_the_game(capsys, tmp_path):
    record = json.loads((ROOT / "docs" / "examples" / "duel-replay.json").read_text(encoding="utf-8"))
    path = seeded(tmp_path, [*record["moves"], "discard:baths"], options=record["options"])
    code, line = refused(capsys, "replay", path)
    assert code == 1 and line.endswith("“discard:baths”): The game was already over before this move.")


def test_replay_errors_in_the_chosen_language(capsys, tmp_path):
    code, line = refused(capsys, "replay", seeded(tmp_path, ["draft:pyramids"]), "--lang", "ru")
    assert code == 1 and line.startswith("boardbot replay: error: Ход 1 (") and "Пирамида Хеопса" in line
    code, line = refused(capsys, "replay", str(tmp_path / "nowhere.json"), "--lang", "it")
    assert code == 2 and "Impossibile leggere" in line


def test_simultaneous_moves_need_their_seat(capsys, tmp_path):
    code, line = refused(capsys, "replay", seeded(tmp_path, ["discard:lumber_yard"], game="wonders", players=3))
    assert code == 1 and line.endswith("Several players decide at once here: the recorded move must name its seat.")


def test_until_beyond_the_record(capsys, tmp_path):
    code, line = refused(capsys, "replay", seeded(tmp_path, ["draft:great_library"]), "--until", "2")
    assert code == 2 and line == "boardbot replay: error: --until 2: the record holds only 1 move."


# --- rules --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["chess", "castling"], "I have no rules for “chess”."),
        (["duel", "   "], "Ask a question about the rules"),
        (["duel", "why " * 300], "too long"),
    ],
)
def test_rules_refusals(capsys, argv, said):
    code, line = refused(capsys, "rules", *argv)
    assert code == 2 and line.startswith("boardbot rules: error: ") and said in line


def test_bench_without_redis(capsys, monkeypatch):
    from storage import RedisUnavailable

    async def unavailable(*args, **kw):
        raise RedisUnavailable("no Redis answered at redis://127.0.0.1:1/0")

    monkeypatch.setattr("bot.bench.run_bench", unavailable)
    code, line = refused(capsys, "bench", "--only", "duel")
    assert code == 1 and line.startswith("boardbot bench: error: no Redis answered at redis://127.0.0.1:1/0. ")


# --- the settings, the local terminal's script --------------------------------------------------------------------


def test_a_bad_setting_is_named(capsys, monkeypatch):
    monkeypatch.setenv("BOARDBOT_RENDER_PROCESSES", "many")
    code, line = refused(capsys, "local", "--no-images", "--script", "whatever.txt")
    assert code == 2 and line.startswith("boardbot local: error: Invalid setting BOARDBOT_RENDER_PROCESSES: ")


@pytest.mark.parametrize("kind", ["missing", "directory", "binary"])
def test_local_script_that_cannot_be_read(capsys, tmp_path, kind):
    path = tmp_path / "script.txt"
    if kind == "directory":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00")
    code, line = refused(capsys, "local", "--no-images", "--script", str(path))
    assert code == 2 and line.startswith(f"boardbot local: error: Cannot read {path}: ")


# --- the process: pipes closed early, interruptions ----------------------------------------------------------------


def command(*argv: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "bot.cli", *argv], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, **kw)


def test_output_piped_into_a_reader_that_stops_early():
    proc = command("selfplay", "duel", "--games", "100000")
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) != 0
    assert err == ""


def test_an_interrupted_run_stops_without_a_traceback():
    proc = command("selfplay", "duel", "--games", "100000")
    assert proc.stdout is not None
    proc.stdout.readline()
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.decode().strip() == "boardbot selfplay: interrupted"
