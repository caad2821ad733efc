"""7 Wonders Duel: the engine (``game.DuelGame``) and its data."""

from rules.duel.game import DuelGame

GAME = DuelGame()
