"""Anno 1800 in front of people: its words (``presenter``, ``names``), its images (``render``), its rules to look up
(``rulebook``, ``corpus.toml``), and the table ``boardbot bench`` times (a 4-player game)."""

from bot.games.anno1800 import render, rulebook
from bot.games.anno1800.presenter import Anno1800Presenter
from bot.games.base import BenchSetup, GameBundle
from rules.anno1800 import GAME as ENGINE

GAME = GameBundle(
    rules=ENGINE,
    presenter=Anno1800Presenter(),
    board=render.board_png,
    options=render.options_png,
    warm=render.warm,
    rulebook=rulebook.SOURCE,
    bench=(BenchSetup("anno1800", 4),),
)
