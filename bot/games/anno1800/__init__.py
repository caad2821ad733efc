"""Anno 1800 in front of people: its words (``presenter``, ``names``), and, still to come, its images (``render``) and
its rules to look up (``rulebook``, ``corpus.toml``).

TODO(issue 14): ``GAME`` is not defined yet, so ``bot.games`` does not register Anno 1800. Missing before it can be:
- ``render`` (``board_png``, ``options_png``, ``warm``): being written in ``bot/games/anno1800/render/``;
- ``rulebook.SOURCE`` (``bot/games/anno1800/rulebook.py``, ``corpus.toml``, ``tests/rulebook/eval_anno1800.toml``);
- the engine's registration (``GAME = AnnoGame()`` in ``rules/anno1800/__init__.py``, not there yet);
- the per-game tables of ``tests/rulebook/test_rulebook.py``.
When they exist, ``bundle()`` below becomes ``GAME = bundle()``.
"""

from __future__ import annotations

from typing import Any


def bundle() -> Any:
    """The game's ``GameBundle``, once every part exists (see the TODO above); not called anywhere yet."""
    from bot.games.anno1800 import render, rulebook  # type: ignore[attr-defined]  # not written yet
    from bot.games.anno1800.presenter import Anno1800Presenter
    from bot.games.base import BenchSetup, GameBundle
    from rules.anno1800.game import AnnoGame

    return GameBundle(
        rules=AnnoGame(),
        presenter=Anno1800Presenter(),
        board=render.board_png,
        options=render.options_png,
        warm=render.warm,
        rulebook=rulebook.SOURCE,
        bench=(BenchSetup("anno1800", 4),),
    )
