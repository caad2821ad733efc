"""7 Wonders (and Armada) in front of people: its words (``presenter``, ``names``), its images (``render``), its
rules to look up (``rulebook``, ``corpus.toml``), and the tables ``boardbot bench`` times."""

from bot.games.base import BenchSetup, GameBundle
from bot.games.wonders import render, rulebook
from bot.games.wonders.presenter import WondersPresenter
from rules.wonders import GAME as ENGINE

GAME = GameBundle(
    rules=ENGINE,
    presenter=WondersPresenter(),
    board=render.board_png,
    options=render.options_png,
    warm=render.warm,
    rulebook=rulebook.SOURCE,
    bench=(BenchSetup("wonders_3p", 3), BenchSetup("wonders_7p", 7), BenchSetup("wonders_7p_armada", 7, {"armada": True})),
)
