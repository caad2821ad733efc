"""Orléans (base game, 2 to 4 players): the engine (``game.OrleansGame``) and its data."""

from rules.orleans.game import OrleansGame

GAME = OrleansGame()
