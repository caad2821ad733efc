"""7 Wonders Duel in front of people: its words (``presenter``, ``names``), its images (``render``), its rules to
look up (``rulebook``, ``corpus.toml``), and the tables ``boardbot bench`` times."""

from bot.games.base import BenchSetup, GameBundle
from bot.games.duel import render, rulebook
from bot.games.duel.presenter import DuelPresenter
from rules.duel import GAME as ENGINE

GAME = GameBundle(
    rules=ENGINE,
    presenter=DuelPresenter(),
    board=render.board_png,
    options=render.options_png,
    warm=render.warm,
    rulebook=rulebook.SOURCE,
    bench=(BenchSetup("duel", 2),),
)
