"""The engines' compiled modules (``rules.compiled``): loaded only when built from the sources as they are now, and
playing the very games the plain modules play. Each check runs in a new interpreter, as a module is imported once.

Where no group has been built (a machine without a C compiler) the comparison is skipped, unless
``BOARDBOT_REQUIRE_COMPILED=1`` (CI sets it where a compiler is found), which makes it fail instead."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from rules import compiled

# Random games through the contract (``legal_moves``, then ``apply``), summed up as one hash of every menu, move and
# event, with how the engine ran.
_PLAY = """
import hashlib, json, random, sys
from rules import compiled
from rules.registry import get_game

group, players, games, options = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])
game = get_game(group)
digest = hashlib.sha256()
moves = 0
for seed in range(1, games + 1):
    rng = random.Random(seed)
    state = game.setup(players, options, seed=seed)
    while game.active_seats(state) and moves < 200_000:
        seat = min(game.active_seats(state))
        menu = game.legal_moves(state, seat)
        move = menu[rng.randrange(len(menu))]
        state, events = game.apply(state, seat, move)
        digest.update(repr(([m.notation for m in menu], move.notation, events)).encode())
        moves += 1
    digest.update(repr(game.outcome(state)).encode())
print(json.dumps({"engine": compiled.engine(group), "moves": moves, "digest": digest.hexdigest(),
                  "file": sys.modules[compiled.GROUPS[group][0]].__file__}))
"""

# The table of each group's games: players and options.
_TABLES = {"anno1800": (3, {}), "duel": (2, {}), "wonders": (7, {"armada": True})}


def _play(group: str, games: int, **env: str) -> dict:
    players, options = _TABLES.get(group, (2, {}))
    done = subprocess.run([sys.executable, "-c", _PLAY, group, str(players), str(games), json.dumps(options)],
                          cwd=compiled.ROOT, env=os.environ | env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout) | {"stderr": done.stderr}


@pytest.mark.parametrize("group", sorted(compiled.GROUPS))
def test_compiled_modules_play_the_same_games_as_the_plain_ones(group):
    if compiled.state(group) != "compiled":
        message = f"the {group} group is {compiled.state(group)} (`boardbot compile` builds it)"
        if os.environ.get("BOARDBOT_REQUIRE_COMPILED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    fast = _play(group, 2, BOARDBOT_COMPILED="1")
    plain = _play(group, 2, BOARDBOT_COMPILED="0")
    assert fast["engine"] == "compiled" and fast["file"].endswith(compiled.SUFFIX)
    assert plain["engine"] == "plain (off)" and plain["file"].endswith(".py")
    assert fast["moves"] > 100
    assert (fast["moves"], fast["digest"]) == (plain["moves"], plain["digest"])


def _fake_build(tmp_path, group: str, *, stale: bool) -> None:
    """A build of ``group`` in ``tmp_path`` whose manifest matches the sources (or, ``stale``, one source no more)."""
    manifest = compiled.fingerprint(group)
    if stale:
        first = next(iter(manifest["sources"]))
        manifest["sources"][first] = "0" * 64
    out = tmp_path / group
    if compiled.state(group) == "compiled":  # the real files, so that a matching manifest would load them
        shutil.copytree(compiled.directory() / group, out)
        manifest["files"] = json.loads((out / "manifest.json").read_text())["files"]
    else:
        out.mkdir()
        manifest["files"] = {}
    (out / "manifest.json").write_text(json.dumps(manifest))


def test_a_group_never_built_runs_as_plain_python(tmp_path):
    found = _play("anno1800", 1, BOARDBOT_COMPILED_DIR=str(tmp_path), BOARDBOT_COMPILED="1")
    assert found["engine"] == "plain (not built)" and found["file"].endswith(".py")


def test_a_build_older_than_its_sources_is_not_loaded_and_says_so(tmp_path):
    _fake_build(tmp_path, "anno1800", stale=True)
    found = _play("anno1800", 1, BOARDBOT_COMPILED_DIR=str(tmp_path), BOARDBOT_COMPILED="1")
    assert found["engine"] == "plain (out of date)" and found["file"].endswith(".py")
    assert "The compiled anno1800 engine is out of date" in found["stderr"]
    # and the same build, its manifest matching the sources, is loaded (where one was built)
    if compiled.state("anno1800") == "compiled":
        fresh = tmp_path / "fresh"
        fresh.mkdir()
        _fake_build(fresh, "anno1800", stale=False)
        found = _play("anno1800", 1, BOARDBOT_COMPILED_DIR=str(tmp_path / "fresh"), BOARDBOT_COMPILED="1")
        assert found["engine"] == "compiled" and found["file"].startswith(str(tmp_path / "fresh"))


def test_compiled_modules_can_be_turned_off(tmp_path):
    _fake_build(tmp_path, "anno1800", stale=False)
    found = _play("anno1800", 1, BOARDBOT_COMPILED_DIR=str(tmp_path), BOARDBOT_COMPILED="0")
    assert found["engine"] == "plain (off)" and found["file"].endswith(".py")


def test_state_reads_the_manifest(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOT_COMPILED_DIR", str(tmp_path))
    monkeypatch.setenv("BOARDBOT_COMPILED", "1")
    assert compiled.state("anno1800") == "not built"
    _fake_build(tmp_path, "anno1800", stale=True)
    assert compiled.state("anno1800") == "out of date"
    shutil.rmtree(tmp_path / "anno1800")
    _fake_build(tmp_path, "anno1800", stale=False)
    assert compiled.state("anno1800") == "compiled"
    monkeypatch.setenv("BOARDBOT_COMPILED", "0")
    assert compiled.state("anno1800") == "off"
    assert compiled.engine("orleans") == "plain"  # no compiled modules
