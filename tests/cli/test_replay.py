"""``boardbot replay``: the documented example record, stopping at a move (--until), a trace of every move
(--trace), and records written with the rulebook's slot numbers or its compact log notation."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.cli import main
from rules.contract import Move
from rules.registry import get_game
from rules.replay import Record, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "duel-replay.json"
DUEL = get_game("duel")
WONDERS = get_game("wonders")


def example_record() -> dict:
    """The README's example (a whole game of 7 Wonders Duel dealt from seed 42)."""
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def states(game, record: dict) -> list:
    """The state before the first move, then after each move."""
    state = game.setup(record.get("players", game.min_players), record.get("options"), seed=record["seed"])
    out = [state]
    for item in record["moves"]:
        seat, text = (item["seat"], item["move"]) if isinstance(item, dict) else (min(game.active_seats(state)), item)
        state, _ = game.apply(state, seat, game.parse_move(text))
        out.append(state)
    return out


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert captured.err == ""
    return code, captured.out


def test_the_example_is_a_whole_game_dealt_from_its_seed():
    record = example_record()
    assert record["game"] == "duel" and record["seed"] == 42 and record["players"] == 2
    assert record["options"] == DUEL.options().model_dump(mode="json")  # every option written out, at its default
    assert all(isinstance(m, str) and m == Move.parse(m).notation for m in record["moves"])
    final = states(DUEL, record)[-1]  # each move legal when it was played
    assert DUEL.outcome(final).finished and not DUEL.active_seats(final)


def test_the_example_replays_to_its_end(capsys):
    code, out = run(capsys, "replay", str(EXAMPLE))
    result = json.loads(out)
    final = states(DUEL, example_record())[-1]
    expected = DUEL.outcome(final)
    assert code == 0 and result["finished"] and result["moves"] == len(example_record()["moves"])
    assert result["winners"] == expected.winners and result["victory"] == expected.victory
    assert result["scores"] == {str(s): sheet for s, sheet in expected.scores.items()}
    assert set(result) == {"game", "finished", "winners", "victory", "moves", "scores"}


def test_the_first_moves_of_the_example_as_the_readme_shows_them(capsys, tmp_path):
    record = example_record()
    path = tmp_path / "start.json"
    path.write_text(json.dumps({"game": "duel", "seed": 42, "moves": record["moves"][:4]}))
    code, out = run(capsys, "replay", str(path))
    assert code == 0 and json.loads(out)["moves"] == 4 and not json.loads(out)["finished"]


def test_until_stops_at_a_move_and_shows_the_state(capsys):
    record = example_record()
    expected = states(DUEL, record)[10]
    code, out = run(capsys, "replay", str(EXAMPLE), "--until", "10")
    result = json.loads(out)
    assert code == 0 and result["moves"] == 10 and not result["finished"]
    assert DUEL.load(result["state"]) == expected
    (seat,) = DUEL.active_seats(expected)
    assert result["deciding"] == {
        str(seat): {"decision": DUEL.pending(expected, seat).kind,
                    "moves": [m.notation for m in DUEL.legal_moves(expected, seat)]}
    }
    assert result["scores"] == {str(s): sheet for s, sheet in DUEL.outcome(expected).scores.items()}


def test_until_zero_is_the_setup(capsys):
    code, out = run(capsys, "replay", str(EXAMPLE), "--until", "0")
    assert code == 0 and DUEL.load(json.loads(out)["state"]) == DUEL.setup(2, example_record()["options"], seed=42)


def test_until_the_last_move_is_the_whole_game(capsys):
    count = len(example_record()["moves"])
    code, out = run(capsys, "replay", str(EXAMPLE), "--until", str(count))
    result = json.loads(out)
    assert code == 0 and result["finished"] and result["deciding"] == {}


def trace_lines(out: str) -> tuple[list[str], dict]:
    lines = out.splitlines()
    first_json = next(i for i, line in enumerate(lines) if line.startswith("{"))
    return lines[:first_json], json.loads("\n".join(lines[first_json:]))


def test_trace_prints_each_move_with_the_coins_and_scores(capsys):
    record = example_record()
    code, out = run(capsys, "replay", str(EXAMPLE), "--trace")
    trace, result = trace_lines(out)
    after = states(DUEL, record)[1:]
    assert code == 0 and result["finished"] and len(trace) == len(record["moves"])
    for number, (line, move, state) in enumerate(zip(trace, record["moves"], after), start=1):
        head, coins, score = line.split(" | ")
        words = head.split()
        assert len(words) == 4 and (words[0], words[1], words[3]) == (str(number), "seat", move)
        assert coins.split() == ["coins", *(str(state.seats[s].coins) for s in (0, 1))]
        assert score.split() == ["score", *(str(DUEL.outcome(state).scores[s]["total"]) for s in (0, 1))]


def test_trace_names_the_seat_that_moved(capsys):
    record = example_record()
    before = states(DUEL, record)[:-1]
    _code, out = run(capsys, "replay", str(EXAMPLE), "--trace", "--until", "12")
    trace, result = trace_lines(out)
    assert len(trace) == 12 and result["moves"] == 12
    assert [int(line.split()[2]) for line in trace] == [min(DUEL.active_seats(s)) for s in before[:12]]


def test_trace_of_a_simultaneous_game(capsys, tmp_path):
    state = WONDERS.setup(3, {"armada": True}, seed=8)
    chooser, moves = random.Random(8), []
    while WONDERS.active_seats(state) and len(moves) < 30:
        seat = min(WONDERS.active_seats(state))
        move = chooser.choice(WONDERS.legal_moves(state, seat))
        moves.append({"seat": seat, "move": move.notation})
        state, _ = WONDERS.apply(state, seat, move)
    path = tmp_path / "wonders.json"
    path.write_text(json.dumps({"game": "wonders", "players": 3, "options": {"armada": True}, "seed": 8,
                                "moves": moves}))
    code, out = run(capsys, "replay", str(path), "--trace")
    trace, result = trace_lines(out)
    assert code == 0 and len(trace) == 30 and result["moves"] == 30
    head, coins, score = trace[-1].split(" | ")
    assert head.split()[1:] == ["seat", str(moves[-1]["seat"]), moves[-1]["move"]]
    assert coins.split() == ["coins", *(str(state.seats[s].coins) for s in range(3))]
    assert score.split() == ["score", *(str(WONDERS.outcome(state).scores[s]["total"]) for s in range(3))]


# --- the rulebook's slot numbers and compact notation -------------------------------------------------------------

_COMPACT = {"token": "PT", "destroy": "X", "revive": "M"}


def rewritten(record: dict, compact: bool) -> list[str]:
    """The example's moves with a slot number (01..20) for each structure card, optionally in §7.2's notation."""
    out = []
    for state, text in zip(states(DUEL, record), record["moves"]):
        move = Move.parse(text)
        if move.action in ("build", "discard", "wonder"):
            slot = f"{state.slots.index(move.args[-1]) + 1:02d}"
            if compact:
                out.append(f"{move.action[0].upper()} {slot}" + (f" {move.args[0]}" if move.action == "wonder" else ""))
            else:
                out.append(":".join((move.action, *move.args[:-1], slot)))
        elif compact and move.action in _COMPACT:
            out.append(f"{_COMPACT[move.action]} {move.args[0]}")
        elif compact and move.action == "start":
            out.append("S " + {"me": "me", "opponent": "opp"}[move.args[0]])
        else:
            out.append(text)
    return out


def test_a_record_may_name_structure_slots_by_number():
    record = example_record()
    numbered = rewritten(record, compact=False)
    assert any(m.startswith("build:") and m.split(":")[1].isdigit() for m in numbered)
    _game, state, _outcome = replay(Record.model_validate({**record, "moves": numbered}))
    assert state == states(DUEL, record)[-1]


def test_a_record_may_use_the_compact_log_notation(capsys, tmp_path):
    record = example_record()
    compact = rewritten(record, compact=True)
    assert {m.split()[0] for m in compact if " " in m} >= {"B", "D", "W", "PT"}
    path = tmp_path / "compact.json"
    path.write_text(json.dumps({**record, "moves": compact}))
    code, out = run(capsys, "replay", str(path), "--trace", "--until", "20")
    trace, result = trace_lines(out)
    assert code == 0 and result["moves"] == 20
    # the trace shows the move in notation, and what the record said when it said it otherwise
    for line, said, meant in zip(trace, compact, record["moves"]):
        assert line.split(" | ")[0].endswith(meant if said == meant else f"{meant} ({said})")
