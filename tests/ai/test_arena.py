"""``boardbot arena``: matches between computer players, their win rates and points, as a table or as JSON."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from rules.arena import MatchResult, Tally, labels, play_match, wilson
from rules.registry import get_game
from rules.search import SearchSettings


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_lines_parse_and_the_counts_add_up(capsys):
    code, out, _ = run(capsys, "arena", "duel", "--seats", "ai,random", "--games", "4", "--seed", "3",
                       "--iterations", "4", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert code == 0 and len(games) == 4
    assert summary["summary"] and summary["games"] == 4 and summary["unfinished"] == 0 and summary["players"] == 2
    assert [g["seats"] for g in games] == [[0, 1], [1, 0], [0, 1], [1, 0]]  # the seats rotate
    assert [g["seed"] for g in games] == [3, 3, 4, 4]  # each deal once per rotation
    for g in games:
        assert sum(g["wins"]) == pytest.approx(1.0) and g["finished"]
    results = summary["results"]
    assert [r["player"] for r in results] == ["ai", "random"]
    assert sum(r["wins"] for r in results) == pytest.approx(4)
    for e, r in enumerate(results):
        assert r["wins"] == pytest.approx(sum(g["wins"][e] for g in games))
        assert r["points_per_game"] == pytest.approx(sum(g["points"][e] for g in games) / 4, abs=0.01)
        low, high = r["ci95"]
        assert 0 <= low <= r["win_rate"] <= high <= 1


def test_the_last_player_listed_fills_the_table_and_the_text_table_is_printed(capsys):
    code, out, _ = run(capsys, "arena", "wonders", "--seats", "greedy,random", "--players", "3", "--games", "3",
                       "--seed", "5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("wonders, 3 players, 3 games")
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert set(rows) == {"greedy", "random", "random#2"}
    assert sum(float(row[1]) for row in rows.values()) == pytest.approx(3)


def test_the_same_seed_plays_the_same_games_in_worker_processes_too(capsys):
    argv = ("arena", "duel", "--seats", "ai,greedy", "--games", "2", "--seed", "9", "--iterations", "3", "--json")
    _, first, _ = run(capsys, *argv)
    _, second, _ = run(capsys, *argv, "--jobs", "2")
    strip = [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in first.splitlines()]
    again = [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in second.splitlines()]
    assert strip == again


@pytest.mark.parametrize("argv,says", [
    (["--seats", "ai,wizard"], "unknown player 'wizard'"),
    (["--seats", "ai,random,random", "--players", "2"], "3 players for 2 seats"),
    (["--seats", "ai", "--players", "9"], ""),
    (["--seats", "ai,random", "--budget", "0"], "argument --budget: 0 is not a number of seconds above 0"),
    (["--seats", "ai,random", "--search", "depth=3"], "argument --search: 'depth=3' is not name=value"),
    (["--seats", "ai,random", "--search", "playout"], "argument --search: 'playout' is not name=value"),
    (["--seats", "ai,random", "--search", "playout=two"], "'two' is not a number for playout"),
    (["--seats", "ai,random", "--search", "open_loop=yes"], "'yes' is not a switch (true or false) for open_loop"),
    (["--seats", "ai,random", "--search", "scale=-1"], "argument --search: scale must be above 0, not -1.0"),
])
def test_bad_command_lines_are_refused_in_one_line(capsys, argv, says):
    code, out, err = run(capsys, "arena", "duel", "--games", "1", *argv)
    assert code == 2 and out == ""
    assert err.startswith("boardbot arena: error:") and says in err and len(err.strip().splitlines()) == 1


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(19, 20)
    assert low == pytest.approx(0.7639, abs=1e-3) and high == pytest.approx(0.9911, abs=1e-3)
    low, high = wilson(10, 20)
    assert low == pytest.approx(1 - high)


def test_a_tally_sums_shared_wins_and_labels_repeated_players():
    tally = Tally(["ai", "random"])
    tally.add(play_match(get_game("duel"), ["random", "random"], 0, 1))
    tally.add(MatchResult(1, 1, [1, 0], [0.5, 0.5], [40, 40], 70, True))  # a tie shares the win
    assert sum(tally.wins) == pytest.approx(2.0) and tally.games == 2
    assert [row["player"] for row in tally.summary()] == ["ai", "random"]
    assert labels(["ai", "random", "random", "ai"]) == ["ai", "random", "random#2", "ai#2"]


def test_points_per_game_leave_out_the_games_that_did_not_finish():
    tally = Tally(["ai", "greedy"])
    tally.add(MatchResult(0, 1, [0, 1], [1.0, 0.0], [60, 40], 100, True))
    tally.add(MatchResult(1, 1, [1, 0], [0.0, 0.0], [30, 1272], 10_000, False))  # stopped: gold piled up by trades
    ai, greedy = tally.summary()
    assert (ai["wins"], ai["win_rate"], ai["points_per_game"]) == (1.0, 0.5, 60.0)
    assert (greedy["wins"], greedy["points_per_game"]) == (0.0, 40.0)
    stalled = Tally(["ai"])
    stalled.add(MatchResult(0, 1, [0], [0.0], [5], 10_000, False))
    assert stalled.summary()[0]["points_per_game"] is None


def test_ahead_of_is_the_share_of_the_others_outscored_per_game():
    tally = Tally(["ai", "greedy", "greedy"])
    tally.add(MatchResult(0, 1, [0, 1, 2], [1.0, 0.0, 0.0], [50, 40, 50], 100, True))  # a tie counts half
    tally.add(MatchResult(1, 1, [1, 2, 0], [0.0, 1.0, 0.0], [30, 45, 20], 100, True))
    ai, first, second = tally.summary()
    assert ai["ahead"] == pytest.approx((0.75 + 0.5) / 2, abs=1e-3)
    assert first["ahead"] == pytest.approx((0.0 + 1.0) / 2, abs=1e-3)
    assert second["ahead"] == pytest.approx((0.75 + 0.0) / 2, abs=1e-3)


def test_search_settings_reach_the_searching_players_and_the_summary_names_them(capsys):
    """``--search``: the settings that an experiment changes, given to every ``ai`` of the match (the games are those
    of ``play_match`` with the same settings, and differ from the defaults' games), and named in the summary."""
    argv = ("arena", "duel", "--seats", "ai,greedy", "--games", "2", "--seed", "4", "--iterations", "40", "--json")
    _, out, _ = run(capsys, *argv, "--search", "prior=0", "--search", "open_loop=false", "--search", "playout=2")
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[-1]["search"] == {"playout": 2, "prior": 0.0, "open_loop": False}
    settings = SearchSettings(playout=2, prior=0.0, open_loop=False)
    direct = [play_match(get_game("duel"), ["ai", "greedy"], i, 4, iterations=40, settings=settings) for i in range(2)]
    assert [line["points"] for line in lines[:-1]] == [r.points for r in direct]
    plain = [play_match(get_game("duel"), ["ai", "greedy"], i, 4, iterations=40) for i in range(2)]
    assert [(r.moves, r.points) for r in plain] != [(r.moves, r.points) for r in direct]
    _, table, _ = run(capsys, *argv[:-1], "--search", "prior=game", "--search", "centre=false")
    assert table.splitlines()[0].endswith("moves a game; search: centre=false)")  # prior=game is the default


def test_search_settings_are_read_from_words_and_checked():
    assert SearchSettings.parse([]) == SearchSettings()
    parsed = SearchSettings.parse(["exploration=0.25", " samples = 8 ", "prior=game", "centre=False", "prior=12"])
    assert parsed == SearchSettings(exploration=0.25, samples=8, prior=12.0, centre=False)
    assert isinstance(parsed.samples, int) and isinstance(parsed.prior, float)
    assert parsed.changes() == {"exploration": 0.25, "samples": 8, "prior": 12.0, "centre": False}
    assert SearchSettings.parse(["prior=game"]).changes() == {}
    assert SearchSettings.parse(["playout=game"]).changes() == {}
    assert SearchSettings.parse(["playout=game", "playout=0"]) == SearchSettings(playout=0)
    with pytest.raises(ValueError, match="samples must be at least 1, not 0"):
        SearchSettings(samples=0)
    with pytest.raises(ValueError, match="prior must be at least 0"):
        SearchSettings.parse(["prior=-1"])
    with pytest.raises(ValueError, match="'2.5' is not a number for playout"):
        SearchSettings.parse(["playout=2.5"])
    assert SearchSettings.parse(["mean_from=8"]).changes() == {"mean_from": 8}
    with pytest.raises(ValueError, match="mean_from must be at least 2, not 1"):
        SearchSettings.parse(["mean_from=1"])
    assert SearchSettings.parse(["guided=false"]).changes() == {"guided": False}
    assert SearchSettings.parse(["exploration=game", "margin=game"]).changes() == {}
    assert SearchSettings.parse(["margin=0"]).changes() == {"margin": 0.0}
    with pytest.raises(ValueError, match="margin must be at least 0"):
        SearchSettings.parse(["margin=-2"])
