"""The boardbot command: selfplay, replay and bench print JSON and exit with the right code."""

from __future__ import annotations

import json
import random

from bot.cli import main
from rules.registry import get_game

DUEL = get_game("duel")


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_selfplay_prints_one_line_per_game_and_a_summary(capsys):
    code, out = run(capsys, "selfplay", "duel", "--games", "6", "--seed", "40")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    games, summary = lines[:-1], lines[-1]
    assert [g["seed"] for g in games] == list(range(40, 46))
    for g in games:
        assert g["winners"] and g["victory"] in ("military", "science", "civilian") and g["moves"] > 20
    assert summary["summary"] and summary["games"] == 6 and summary["violations"] == 0
    assert sum(summary["victories"].values()) == 6


def test_selfplay_is_deterministic(capsys):
    _, first = run(capsys, "selfplay", "duel", "--games", "3", "--seed", "7")
    _, second = run(capsys, "selfplay", "duel", "--games", "3", "--seed", "7")
    assert first.splitlines()[:3] == second.splitlines()[:3]


def test_selfplay_without_checks_plays_the_same_games(capsys):
    _, checked = run(capsys, "selfplay", "wonders", "--players", "4", "--games", "2", "--seed", "3")
    code, unchecked = run(capsys, "selfplay", "wonders", "--players", "4", "--games", "2", "--seed", "3",
                          "--no-checks")
    assert code == 0
    assert checked.splitlines()[:2] == unchecked.splitlines()[:2]
    assert json.loads(checked.splitlines()[-1])["checks"] and not json.loads(unchecked.splitlines()[-1])["checks"]


def recorded_game(seed: int) -> tuple[dict, object]:
    """A finished random game written as a replay record with an explicit layout."""
    layout = DUEL.random_layout(2, DUEL.options(), seed)
    state = DUEL.setup(2, layout=layout)
    chooser = random.Random(seed)
    moves = []
    while DUEL.active_seats(state):
        seat = min(DUEL.active_seats(state))
        move = chooser.choice(DUEL.legal_moves(state, seat))
        moves.append({"seat": seat, "move": move.notation} if len(moves) % 2 else move.notation)
        state, _ = DUEL.apply(state, seat, move)
    return {"game": "duel", "layout": layout.model_dump(), "moves": moves}, state


def test_replay_of_an_explicit_layout_gives_the_recorded_outcome(capsys, tmp_path):
    record, final = recorded_game(12)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, out = run(capsys, "replay", str(path))
    result = json.loads(out)
    expected = DUEL.outcome(final)
    assert code == 0
    assert result["finished"] and result["winners"] == expected.winners and result["victory"] == expected.victory
    assert result["scores"] == {str(s): sheet for s, sheet in expected.scores.items()}
    assert result["moves"] == len(record["moves"])


def test_replay_from_a_seed(capsys, tmp_path):
    state = DUEL.setup(2, seed=99)
    moves = []
    for _ in range(10):
        seat = min(DUEL.active_seats(state))
        move = DUEL.legal_moves(state, seat)[0]
        moves.append(move.notation)
        state, _ = DUEL.apply(state, seat, move)
    path = tmp_path / "seeded.json"
    path.write_text(json.dumps({"game": "duel", "seed": 99, "moves": moves}))
    code, out = run(capsys, "replay", str(path))
    assert code == 0 and json.loads(out)["moves"] == 10 and not json.loads(out)["finished"]


def test_replay_stops_at_an_illegal_move(capsys, tmp_path):
    record, _ = recorded_game(13)
    record["moves"][9] = "build:pretorium"  # an Age III card during Age I (the draft takes the first 8 moves)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    code = main(["replay", str(path)])
    captured = capsys.readouterr()
    assert code == 1 and captured.out == ""
    assert captured.err.startswith("boardbot replay: error: Move 10 (seat ")
    assert "“build:pretorium”): Pretorium cannot be taken now" in captured.err


def test_rules_command_answers_in_the_asked_language(capsys):
    code, out = run(capsys, "rules", "duel", "сколько монет за сброс карты", "--lang", "ru")
    assert code == 0 and "2" in out and any("а" <= ch <= "я" for ch in out.lower())


def test_replay_of_a_simultaneous_game_names_the_seats(capsys, tmp_path):
    """7 Wonders: several seats decide at once, so each recorded move names its seat."""
    game = get_game("wonders")
    state = game.setup(3, {"armada": True}, seed=8)
    chooser, moves = random.Random(8), []
    while game.active_seats(state):
        for seat in sorted(game.active_seats(state)):
            move = chooser.choice(game.legal_moves(state, seat))
            moves.append({"seat": seat, "move": move.notation})
            state, _ = game.apply(state, seat, move)
            if not game.active_seats(state):
                break
    path = tmp_path / "wonders.json"
    path.write_text(json.dumps({"game": "wonders", "players": 3, "options": {"armada": True}, "seed": 8,
                                "moves": moves}))
    code, out = run(capsys, "replay", str(path))
    result, expected = json.loads(out), game.outcome(state)
    assert code == 0 and result["finished"] and result["winners"] == expected.winners
    assert result["scores"] == {str(s): sheet for s, sheet in expected.scores.items()}
    # without seats the first simultaneous move is ambiguous
    path.write_text(json.dumps({"game": "wonders", "players": 3, "seed": 8, "moves": ["discard:lumber_yard"]}))
    code = main(["replay", str(path)])
    assert code == 1 and "the recorded move must name its seat" in capsys.readouterr().err


def test_selfplay_of_7_wonders_with_armada(capsys):
    code, out = run(capsys, "selfplay", "wonders", "--players", "7", "--option", "armada=true", "--games", "2", "--seed", "5")
    summary = json.loads(out.splitlines()[-1])
    assert code == 0 and summary["players"] == 7 and summary["violations"] == 0 and summary["games"] == 2
