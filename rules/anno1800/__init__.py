"""Anno 1800 (base game, 2 to 4 players): the engine (``game.AnnoGame``) and its data."""

from rules.anno1800.game import AnnoGame

GAME = AnnoGame()
