"""Orléans in front of people: its words (``presenter``, ``names``), its images (``render``), its rules to look up
(``rulebook``, ``corpus.toml``), and the tables ``boardbot bench`` times (a 4-player game, the issue's targets)."""

from bot.games.base import BenchSetup, GameBundle
from bot.games.orleans import render, rulebook
from bot.games.orleans.presenter import OrleansPresenter
from rules.orleans import GAME as ENGINE

GAME = GameBundle(
    rules=ENGINE,
    presenter=OrleansPresenter(),
    board=render.board_png,
    options=render.options_png,
    warm=render.warm,
    rulebook=rulebook.SOURCE,
    bench=(BenchSetup("orleans", 4),),
)
