"""The README's terminal example and its examples of typed moves work as written."""

from __future__ import annotations

import re
from pathlib import Path

from bot.core.matching import MoveMatcher
from bot.core.service import GameService
from bot.games import presenter
from bot.local.chat import LocalChat
from tests.core.helpers import DUEL, load
from tests.duel import helpers as duel

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _terminal_example() -> list[str]:
    section = README[README.index("### Playing in the terminal"):]
    block = section[section.index("```text") + len("```text"):section.index("```", section.index("```text") + 7)]
    lines = []
    for raw in block.strip().splitlines():
        prompt, _, rest = raw.partition("> ")
        assert re.fullmatch(r"\w+", prompt), raw
        lines.append(re.split(r"\s{2,}", rest.strip())[0])
    return lines


async def test_the_terminal_example_plays_as_written(store, tmp_path):
    out: list[str] = []
    chat = LocalChat(GameService(store), channel="local:readme", images_dir=tmp_path, out=out.append)
    for line in _terminal_example():
        assert await chat.handle(line)
    assert not [line for line in out if line.startswith("[!]")], out
    _v, table, state = await load(store, "local:readme")
    assert table.status == "playing" and state.ply == 2
    assert any("choose one" in line for line in out)  # "discard" alone offered the discards
    assert list(tmp_path.glob("*-board.png"))
    assert any("Rules of 7 Wonders Duel" in line for line in out)


def test_the_typed_moves_of_the_readme_mean_what_it_says():
    state = duel.rich(duel.start(put={18: "lumber_yard", 19: "clay_pool"}), 30)
    moves = DUEL.legal_moves(state, 0)
    matcher = MoveMatcher(DUEL, presenter("duel"))
    actions = DUEL.decision_actions(state, 0)
    for text in ("build lumber yard", "построить лесоповал", "costruisci deposito di legname", "build:lumber_yard"):
        assert matcher.match(text, moves, actions).move.notation == "build:lumber_yard", text
    assert matcher.match("build clay", moves, actions).move.notation == "build:clay_pool"


def test_the_typed_moves_of_anno_1800_in_the_readme_mean_what_it_says():
    from bot.core.moves import MoveReader
    from rules.registry import get_game

    anno, reader = get_game("anno1800"), MoveReader()
    start = anno.setup(2, {"first_player": "0"}, seed=1)
    after = {action: anno.apply(start, 0, anno.parse_move(action))[0] for action in ("build", "hire", "upgrade")}
    examples = [(start, "festival", "festival"), (after["hire"], "hire worker", "hire:worker"),
                (after["upgrade"], "Upgrade a Farmer — Residential district", "upgrade:farmer:home")]
    examples += [(after["build"], text, "build:timber_worker")
                 for text in ("build timber", "построить доски", "costruisci assi")]
    for state, text, notation in examples:
        assert f"`{text}`" in README, text
        assert reader.resolve_now(anno, state, 0, text).notation == notation, text
